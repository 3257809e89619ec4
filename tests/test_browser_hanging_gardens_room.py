"""Real browser, in a workshop room: The Hanging Gardens' board read from the back of the room and
a whole game played to its end by clicking.

The notebook opens in JupyterLab at 1400×1000 with the file browser open (``tests/room.py``).
Every label of the notebook's live board is measured as rendered (none under 11 px, median 12 px
or more). Then a board of four players starts late in a seeded game (greedy bots on the other
seats): the human takes a card that fits only turned, and the board shows it turned, its legal
spots marked, before any key is pressed; the card is placed by the mouse, the labels measured again
with the preview showing, and the game is played by clicks to the end, where every column of the
game-over table, the total included, lies inside the panel. The click-to-repaint median is printed;
screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import pytest

from room import (check_readable, click_to_repaint, label_sizes, open_in_room, report_clicks,
                  total_inside)

pytestmark = pytest.mark.browser

NOTEBOOK_BOARD = ".explorer-board:has(svg.hanging-gardens)"
BOARD = ".room-game .explorer-board"
SETUP = """from explorer import hanging_gardens as hg
from explorer.hanging_gardens import bots as hg_bots, widgets as hg_widgets
from explorer.hanging_gardens._place import anchor_masks
late = hg.new_game(players=4, seed=17)
while len(late.log) < 212:                  # round 13 of 15, Player 1 to take a card
    late = late.apply(hg_bots.greedy_bot(late))
def fits_only_turned(card):
    masks = anchor_masks(late, late.gardens[0], card).masks
    return not masks[0] and any(masks)
turned = next(k + 1 for k, card in enumerate(late.display) if card >= 0 and fits_only_turned(card))
room_board = hg_widgets.board(late, bots={seat: hg_bots.greedy_bot for seat in (1, 2, 3)})
room_board.add_class("room-game")
print("TURNED", turned, late.phase, late.mover)
room_board"""


DRAW_MS: list[float] = []
"""How long the page took to draw each position a timed click led to (the board's data-draw-ms)."""


def data(page, name: str) -> str:
    return page.locator(BOARD).first.get_attribute(f"data-{name}") or ""


def phase(page) -> str:
    return page.locator(f"{BOARD} svg.hanging-gardens").first.get_attribute("data-phase")


def settle(page) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=BOARD, timeout=30_000)


def played(page, before: int) -> None:
    """Wait until the board shows a later position than move ``before``, and has settled."""
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=30_000)
    settle(page)


def timed_click(page, selector: str, times: list) -> None:
    settle(page)
    before = int(data(page, "turn"))
    ms = click_to_repaint(page, BOARD, f"{BOARD} {selector}")
    assert ms is not None, f"a click on {selector} played nothing"
    times.append(ms)
    played(page, before)
    DRAW_MS.append(float(data(page, "draw-ms") or 0))


def hover_legal_spot(page) -> tuple[float, float]:
    """Move the mouse so that the taken card lies on its first marked legal position."""
    spot = page.locator(f"{BOARD} .explorer-legal-spot").first
    spot.wait_for(timeout=30_000)
    spot.scroll_into_view_if_needed()
    box = spot.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y, steps=3)
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'legal'",
                           arg=BOARD, timeout=10_000)
    return x, y


_WATCH = """(sel) => {
    const board = document.querySelector(sel);
    const before = board.dataset.turn;
    let t0 = null;
    window.__repaint = null;
    board.addEventListener('click', () => { t0 = performance.now(); }, { capture: true, once: true });
    const obs = new MutationObserver(() => {
        if (t0 !== null && board.dataset.turn !== before && board.dataset.pending === 'false') {
            obs.disconnect();
            requestAnimationFrame(() => { window.__repaint = performance.now() - t0; });
        }
    });
    obs.observe(board, { attributes: true, subtree: true, childList: true });
}"""


def mouse_click(page, x: float, y: float, times: list) -> None:
    """Click at (x, y) with the mouse (a placement) and time it from the click to the repaint."""
    before = int(data(page, "turn"))
    page.evaluate(_WATCH, BOARD)
    page.mouse.click(x, y)
    page.wait_for_function("() => window.__repaint !== null", timeout=30_000)
    times.append(page.evaluate("() => window.__repaint"))
    played(page, before)
    DRAW_MS.append(float(data(page, "draw-ms") or 0))


def place_by_mouse(page, times: list) -> None:
    settle(page)
    page.wait_for_function("(sel) => ['ready', 'legal', 'illegal'].includes("
                           "document.querySelector(sel).dataset.preview)", arg=BOARD, timeout=30_000)
    mouse_click(page, *hover_legal_spot(page), times)


def to_top(page) -> None:
    """Scroll the notebook so the board's drawing starts at the top of the notebook's area."""
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'start'})",
                  f"{BOARD} .explorer-surface")


def shot(page, path) -> None:
    """What the window shows of the board, below JupyterLab's toolbar (mouse and preview kept)."""
    box = page.locator(BOARD).first.bounding_box()
    area = page.locator(".jp-NotebookPanel-notebook:visible").first.bounding_box()
    view = page.viewport_size
    top = max(box["y"], area["y"])
    bottom = min(box["y"] + box["height"], area["y"] + area["height"], view["height"])
    page.screenshot(path=str(path), clip={"x": max(0, box["x"]), "y": top,
                                          "width": min(box["width"], view["width"] - box["x"]),
                                          "height": bottom - top})


@pytest.mark.rules("hanging_gardens.assume.card-orientation", "hanging_gardens.round.place-now",
                   "hanging_gardens.end.winner")
def test_a_room_reads_the_board_and_plays_a_game_to_the_end(lab, artifacts):
    page = lab.page
    open_in_room(lab, "hanging_gardens.ipynb", through="board = widgets.board(")
    page.wait_for_selector(f"{NOTEBOOK_BOARD} svg.hanging-gardens", timeout=60_000)
    assert lab.errors_in_outputs() == []
    nb_board = page.locator(NOTEBOOK_BOARD).first
    nb_board.scroll_into_view_if_needed()
    width = page.evaluate("(sel) => document.querySelector(sel + ' .explorer-surface > svg')"
                          ".getBoundingClientRect().width", NOTEBOOK_BOARD)
    print(f"\n[room] the notebook board's drawing is {width:.0f} px wide")
    check_readable(label_sizes(page, NOTEBOOK_BOARD), "The Hanging Gardens, the notebook's board")

    out = lab.run_code(SETUP)
    turned = int(out.split("TURNED", 1)[1].split()[0])
    page.wait_for_selector(f"{BOARD} svg.hanging-gardens", timeout=60_000)
    settle(page)
    page.locator(f"{BOARD} svg.hanging-gardens").first.scroll_into_view_if_needed()
    assert phase(page) == "take"
    times: list[float] = []

    # a card that fits only turned: its legal spots show at once, the board showing it turned
    timed_click(page, f'.card-space[data-target=\'["card", {turned}]\']', times)
    assert phase(page) == "place"
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'ready'",
                           arg=BOARD, timeout=30_000)
    assert page.locator(f"{BOARD} .explorer-legal-spot").count() >= 1
    assert data(page, "orientation") not in ("", "0")
    prompt = " ".join(page.locator(f"{BOARD} svg .prompt text").all_text_contents())
    assert "does not fit as printed" in prompt

    # a click in another player's garden says whose garden it is, and where the card goes
    settle(page)
    page.locator(f"{BOARD} .garden[data-player='1'] .square").first.dispatch_event("click")
    msg = page.locator(f"{BOARD} .explorer-message[data-kind='illegal'][data-code='not-your-garden']")
    msg.wait_for(timeout=30_000)
    text = msg.inner_text()
    assert "Player 2" in text and "your own garden" in text and "temple" not in text

    to_top(page)
    x, y = hover_legal_spot(page)
    sizes = label_sizes(page, BOARD)
    assert any(s["kind"] == "svg" and s["text"] in "TPAF" for s in sizes)
    check_readable(sizes, "The Hanging Gardens, 4 gardens, a card previewed")
    shot(page, artifacts / "hanging_gardens_room_preview.png")
    mouse_click(page, x, y, times)

    # on to the end: every choice made by a click on the drawing
    for _ in range(60):
        settle(page)
        if data(page, "over") == "true" or phase(page) == "over":
            break
        ph = phase(page)
        if ph == "take":
            timed_click(page, ".card-space.legal", times)
        elif ph == "place":
            place_by_mouse(page, times)
        elif ph == "score":
            timed_click(page, "svg .square.legal", times)
        elif ph == "move":
            timed_click(page, "svg .temple.legal", times)
        elif ph == "bonus":
            timed_click(page, "svg .choice[data-kind='hidden'].legal", times)
        elif ph == "tile":
            timed_click(page, "svg .tile-space.legal", times)
        elif ph == "discard":
            timed_click(page, "svg .choice[data-kind='discard']", times)
        else:
            pytest.fail(f"unexpected phase {ph}")
    assert phase(page) == "over"
    page.wait_for_selector(f"{BOARD} .explorer-result:not([hidden])", timeout=30_000)
    result = page.locator(f"{BOARD} .explorer-result").first
    result.scroll_into_view_if_needed()
    inside = total_inside(page, BOARD)
    print(f"\n[result] The Hanging Gardens: {inside}")
    assert inside["shown"] and inside["total"] and inside["all"], inside
    result.screenshot(path=str(artifacts / "hanging_gardens_room_result.png"))
    to_top(page)
    shot(page, artifacts / "hanging_gardens_room_over.png")
    check_readable(label_sizes(page, BOARD), "The Hanging Gardens, game over")
    assert len(times) >= 6
    report_clicks("The Hanging Gardens", times)
    print(f"[repaint] of which the page's drawing: median {sorted(DRAW_MS)[len(DRAW_MS) // 2]:.1f} ms")
    assert page.errors == []
