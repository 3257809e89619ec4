"""Real browser, a workshop room: Gonzaga's board in JupyterLab at 1400×1000 with the file browser
open (the drawing 968 px wide), read from the back of the room and played to the end by clicks.

The notebook is opened and run as a teacher would; then a cell builds a late position of a
4-player game by a seeded playout of greedy bots (round 7), with the human at seat 1 and seeded
random bots at the others (their replies take no time, so a click's repaint is the board's). Every label of the live board is measured as rendered (planning
panel, map, seats; at least 11 px, median at least 12 px). The human plays every remaining turn
by clicking: a plan in the planning panel (once a plan that allows a wedding), the fief by the
mouse over the map, and once a wedding: in fief mode the ring spots are not marked and a click on
one says to switch to the wedding; after "hold a wedding" exactly the legal ring spots are marked
and a click on one places the ring. At game over the result panel shows every column, the total
first. While the fief follows the mouse, the reason it may or may not go there stays inside the
window (the drawing is taller than the window). Screenshots: artifacts/gonzaga_room_*.png.
"""

from __future__ import annotations

import json
import time

import pytest

import room

pytestmark = pytest.mark.browser

BOARD = ".room-game .explorer-board"
SVG = f"{BOARD} svg.gonzaga-board"
SETUP = """import random
from explorer import gonzaga
from explorer.gonzaga import bots as gz_bots, widgets as gz_widgets
_late = gonzaga.new_game(players=4, seed=4)
while not (_late.round == 7 and _late.phase == "plan"):
    _late = _late.apply(gz_bots.greedy_bot(_late))
def quick_bot(state, _rng=random.Random(4)):
    \"\"\"A seeded random player: its replies take no time, so a click's repaint is the board's.\"\"\"
    return gz_bots.random_bot(state, _rng)
room_board = gz_widgets.board(_late, bots={1: quick_bot, 2: quick_bot, 3: quick_bot})
room_board.add_class("room-game")
room_board"""
SPOTS = """import json
_s = room_board.session.state
_rings = [a.args for a in _s.legal_actions() if a.kind == "ring"]
_fief_no = [list(x) for x in _rings if _s.why_illegal(gonzaga.place(x[0], x[1], 0)) is not None]
print("SPOTS", json.dumps({"rings": len(_rings), "fief_no": _fief_no[len(_fief_no) // 2]}))"""


def settle(page) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=BOARD, timeout=60_000)


def state(page) -> dict:
    return page.evaluate("""([b, s]) => {
        const board = document.querySelector(b), svg = document.querySelector(s);
        return {turn: +board.dataset.turn, over: board.dataset.over === 'true',
                player: board.dataset.player, phase: svg ? svg.dataset.phase : '',
                mode: svg ? (svg.dataset.mode || '') : ''};
    }""", [BOARD, SVG])


def wait_turn_after(page, before: int) -> None:
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=60_000)
    settle(page)


def wait_message(page, code: str) -> None:
    page.wait_for_function("([sel, c]) => { const m = document.querySelector(sel + ' .explorer-message');"
                           " return m && m.dataset.code === c; }", arg=[BOARD, code], timeout=30_000)


def view_drawing(page) -> None:
    page.locator(SVG).first.evaluate("(s) => s.scrollIntoView({block: 'start'})")


def view_map(page) -> None:
    """Scroll as a player placing a fief would: the map's top at the window's top (the panel
    under the map and the reason under the drawing then follow it, inside the window)."""
    page.locator(f"{SVG} [data-map-layer]").first.evaluate("(m) => m.scrollIntoView({block: 'start'})")


def room_shot(page, path) -> None:
    """What the room sees: the whole window (JupyterLab, file browser open)."""
    page.screenshot(path=str(path))


def map_shot(page, path) -> None:
    """The board as the room sees it while placing: from the top of the map to the bottom of
    the window (the map, the panel under it, and the reason for the fief under the mouse)."""
    board = page.locator(BOARD).first.bounding_box()
    top = max(0, page.locator(f"{SVG} [data-map-layer]").first.bounding_box()["y"] - 4)
    bottom = page.evaluate("(sel) => { const h = document.querySelector(sel + ' .explorer-hover');"
                           " return h.getBoundingClientRect().bottom + 6; }", BOARD)
    page.screenshot(path=str(path), clip={"x": board["x"], "y": top, "width": board["width"],
                                          "height": min(bottom, page.viewport_size["height"]) - top})


def hover_in_sight(page) -> dict:
    """The reason for the piece under the mouse: shown, and inside the window."""
    box = page.evaluate("""(sel) => {
        const h = document.querySelector(sel + ' .explorer-hover');
        const r = h.getBoundingClientRect();
        const pane = h.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
        const p = pane.getBoundingClientRect();      // the notebook's visible part
        return {hidden: h.hidden, top: r.top, bottom: r.bottom, text: h.innerText,
                paneTop: Math.max(0, p.top), paneBottom: Math.min(window.innerHeight, p.bottom)};
    }""", BOARD)
    assert not box["hidden"] and box["text"], box
    assert box["paneTop"] <= box["top"] and box["bottom"] <= box["paneBottom"] + 0.5, box
    return box


def pick_plan(page, wedding: bool) -> str:
    """The selector of a plan cell: one allowing a wedding if asked (and there is one), else the
    one with the most spots for the fief."""
    cells = page.locator(f"{SVG} .plan-cell.legal")
    best, most = None, -1
    for k in range(cells.count()):
        cell = cells.nth(k)
        title = cell.locator("title").text_content()
        n = int(title.split(": ", 1)[1].split(" ")[0])
        key = cell.get_attribute("data-plan")
        if wedding and "wedding is possible" in title:
            return f"{SVG} .plan-cell[data-plan='{key}']"
        if n > most:
            best, most = key, n
    return f"{SVG} .plan-cell[data-plan='{best}']"


def hex_centre(page, q: int, r: int) -> tuple[float, float]:
    target = json.dumps(["hex", q, r])
    node = page.locator(f"{SVG} .map .hex[data-target='{target}']").first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def place_by_mouse(page, shot=None) -> float:
    """Move the fief over a green spot and click: the ms from the click to the repaint."""
    page.locator(f"{BOARD} .explorer-legal-spot").first.wait_for(timeout=30_000)
    view_map(page)
    x, y = page.evaluate("""(sel) => {           // the green spot nearest the map's middle
        const m = document.querySelector(sel + ' [data-map-layer]').getBoundingClientRect();
        const mx = m.left + m.width / 2, my = m.top + m.height / 2;
        let best = null, d = Infinity;
        for (const s of document.querySelectorAll(sel + ' .explorer-legal-spot')) {
            const r = s.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            const e = (x - mx) ** 2 + (y - my) ** 2;
            if (e < d) { d = e; best = [x, y]; }
        }
        return best;
    }""", BOARD)
    page.mouse.move(x, y, steps=3)
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'legal'",
                           arg=BOARD, timeout=10_000)
    assert "Legal here" in hover_in_sight(page)["text"]
    if shot is not None:
        map_shot(page, shot)
    before = state(page)["turn"]
    t0 = time.perf_counter()
    page.mouse.click(x, y)
    wait_turn_after(page, before)
    return (time.perf_counter() - t0) * 1000


def clicked(page, selector: str) -> float:
    """Click (room.click_to_repaint) and wait until the board has settled; the repaint ms."""
    before = state(page)["turn"]
    ms = room.click_to_repaint(page, BOARD, selector)
    assert ms is not None, f"the click on {selector} played nothing"
    wait_turn_after(page, before)
    return ms


def measure(page, name: str) -> dict:
    sizes = room.label_sizes(page, BOARD)
    room.check_readable(sizes, name)
    return room.summary(sizes, "svg")


@pytest.mark.rules("gonzaga.wedding.with-alliance", "gonzaga.wedding.first-ring-region",
                   "gonzaga.end.winner")
def test_gonzaga_in_a_room_readable_and_played_to_the_end_by_clicks(lab, artifacts):
    page = lab.page
    room.open_in_room(lab, "gonzaga.ipynb", through="board = widgets.board(")
    assert lab.errors_in_outputs() == []
    lab.run_code(SETUP)
    page.wait_for_selector(SVG, timeout=60_000)
    settle(page)
    view_drawing(page)
    # the drawing takes the output's width: about 968 px in this room
    width = page.locator(SVG).first.bounding_box()["width"]
    assert width > 900, f"the drawing is {width:.0f} px wide"
    st = state(page)
    assert st["phase"] == "plan" and st["player"] == "0"
    planning = measure(page, "Gonzaga, planning")
    assert page.locator(f"{SVG} .controls.planning text").count() > 20   # the panel was measured
    page.locator(f"{SVG} .controls.planning").first.evaluate("(n) => n.scrollIntoView({block: 'end'})")
    room_shot(page, artifacts / "gonzaga_room_planning.png")

    repaint, mouse = [], []
    wedding_done = False
    placing = None
    for _ in range(40):
        st = state(page)
        if st["over"]:
            break
        assert st["player"] == "0", st
        if st["phase"] == "plan":
            repaint.append(clicked(page, pick_plan(page, wedding=not wedding_done)))
        elif st["phase"] == "place" and not wedding_done and page.locator(
                f"{SVG} .button.wedding-mode").count():
            # fief mode: no ring spot is marked legal; a click on one says to switch first
            assert st["mode"] == "fief"
            assert page.locator(f"{SVG} .ring-spot").count() == 0
            spots = json.loads(lab.run_code(SPOTS).split("SPOTS", 1)[1])
            page.wait_for_function("(sel) => ['ready', 'legal', 'illegal'].includes("
                                   "document.querySelector(sel).dataset.preview)", arg=BOARD, timeout=30_000)
            view_map(page)
            x, y = hex_centre(page, *spots["fief_no"])
            page.mouse.move(x, y, steps=3)
            page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'illegal'",
                                   arg=BOARD, timeout=10_000)
            assert "[rule gonzaga." in hover_in_sight(page)["text"]
            map_shot(page, artifacts / "gonzaga_room_preview_illegal.png")
            page.mouse.click(x, y)
            wait_message(page, "wedding-first")
            msg = page.locator(f"{BOARD} .explorer-message").first
            assert msg.get_attribute("data-rule") == "gonzaga.wedding.with-alliance"
            assert "hold a wedding" in msg.inner_text()
            placing = measure(page, "Gonzaga, placing")
            page.mouse.move(5, 5)
            # the wedding: exactly the legal ring spots are marked, the church is not
            page.locator(f"{SVG} .button.wedding-mode").first.click(force=True)
            page.wait_for_function("(s) => document.querySelector(s).dataset.mode === 'wedding'",
                                   arg=SVG, timeout=30_000)
            settle(page)
            assert page.locator(f"{SVG} .ring-spot.legal").count() == spots["rings"]
            assert page.locator(f"{SVG} [data-action='[\"church\"]']").count() == 0
            assert page.locator(f"{BOARD} .explorer-legal-spot").count() == 0     # no fief preview
            measure(page, "Gonzaga, a wedding")
            view_map(page)
            room_shot(page, artifacts / "gonzaga_room_wedding.png")
            repaint.append(clicked(page, f"{SVG} .ring-spot.legal"))
            wedding_done = True
        elif st["phase"] == "place":
            mouse.append(place_by_mouse(page, None if mouse else artifacts / "gonzaga_room_preview_legal.png"))
        elif st["phase"] == "ring":
            if page.locator(f"{SVG} .ring-spot.legal").count():
                repaint.append(clicked(page, f"{SVG} .ring-spot.legal"))
            else:
                repaint.append(clicked(page, f"{SVG} .button.done"))
        else:
            pytest.fail(f"unexpected phase {st}")
    st = state(page)
    assert st["over"], f"the game did not end: {st}"
    assert wedding_done, "no turn allowed a wedding"
    assert placing is not None
    # game over: the result panel, every column inside it, the total first
    page.locator(f"{BOARD} .explorer-result").first.scroll_into_view_if_needed()
    inside = room.total_inside(page, BOARD)
    assert inside["shown"] and inside["total"] and inside["all"], inside
    room_shot(page, artifacts / "gonzaga_room_game_over.png")
    view_drawing(page)
    over = measure(page, "Gonzaga, game over")
    print(f"\n[labels] Gonzaga planning: median {planning['median']:.1f} px, min {planning['min']:.1f} px; "
          f"placing: median {placing['median']:.1f} px, min {placing['min']:.1f} px; "
          f"game over: median {over['median']:.1f} px, min {over['min']:.1f} px")
    room.report_clicks("Gonzaga (plans, rings)", repaint)
    if mouse:
        room.report_clicks("Gonzaga (fief placed by the mouse, measured from Python)", mouse)
    assert page.errors == []
