"""Real browser: Gonzaga planned and played by clicking, the fief following the mouse.

The human seat plans in the planning panel (a greyed card is explained with its rule; the bot
that planned before keeps its plan face down), then the fief follows the mouse over the map: red
over a refused spot with the reason and rule at once, refused with its rule when clicked there,
turned with the rotate button, green over a legal spot, placed by a click. A few more rounds are
played the same way, and screenshots show the map mid-game with the preview over a legal and an
illegal spot.
"""

from __future__ import annotations

import json

import pytest


pytestmark = pytest.mark.browser

BOARD = ".known-game .explorer-board"
ANY_BOARD = ".explorer-board:has(svg.gonzaga-board)"
SETUP = """from explorer import gonzaga
from explorer.gonzaga import bots as gz_bots, widgets as gz_widgets
gz_board = gz_widgets.board(gonzaga.new_game(players=3, seed=7),
                            bots={0: gz_bots.greedy_bot, 2: gz_bots.greedy_bot})
gz_board.add_class("known-game")
gz_board"""
SPOTS = """import json
_spec = gz_board.view["preview"]
_ok = {k: v for k, v in _spec["legal"].items() if v}
_turn = "1" if "1" in _ok else sorted(_ok)[0]
_bad = {code: [int(v) for v in spots[len(spots) // 2].split(",")]
        for code, spots in _spec["refused"]["0"].items()}
_code = "outside-region" if "outside-region" in _bad else sorted(_bad)[0]
_good = [int(v) for v in _ok[_turn][0].split(",")]
_good.append(_spec["points"][_turn][_ok[_turn][0]])
print("SPOTS", json.dumps({"bad": _bad[_code], "code": _code, "turn": _turn, "good": _good,
                           "rule": _spec["codes"][_code]["rule"]}))"""


def settle(page) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=BOARD, timeout=30_000)


def phase(page) -> str:
    return page.locator(f"{BOARD} svg.gonzaga-board").first.get_attribute("data-phase")


def turn(page) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-turn"))


def wait_turn_after(page, before: int) -> None:
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=30_000)
    settle(page)


def click(page, selector: str) -> None:
    before = turn(page)
    page.locator(selector).first.click(force=True)
    wait_turn_after(page, before)


def hex_centre(page, q: int, r: int) -> tuple[float, float]:
    target = json.dumps(["hex", q, r]).replace(" ", "")
    box = page.locator(f"{BOARD} svg .hex[data-target='{json.dumps(['hex', q, r])}'], "
                       f"{BOARD} svg .hex[data-target='{target}']").first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def preview_is(page, kind: str) -> None:
    page.wait_for_function("([sel, k]) => document.querySelector(sel).dataset.preview === k",
                           arg=[BOARD, kind], timeout=10_000)


def shot(page, path) -> None:
    """The board as it is now, mouse and preview included: from the rotate button to the hover
    text under the map (no scrolling)."""
    board = page.locator(BOARD).first.bounding_box()
    box = page.locator(f"{BOARD} svg.gonzaga-board").first.bounding_box()
    view = page.viewport_size
    top = max(0, board["y"])
    bottom = min(box["y"] + box["height"] + 70, view["height"])
    left = max(0, board["x"])
    page.screenshot(path=str(path), clip={"x": left, "y": top,
                                          "width": min(board["width"], view["width"] - left),
                                          "height": bottom - top})


def to_top(page) -> None:
    """Scroll the board's top (its rotate button and status) to the top of the notebook."""
    page.locator(BOARD).first.evaluate("(b) => b.scrollIntoView({block: 'start'})")


def plan_by_click(page) -> None:
    """Commit the plan with the most spots for the fief (a green cell of the planning table)."""
    cells = page.locator(f"{BOARD} svg .plan-cell.legal")
    best, most = None, -1
    for k in range(cells.count()):
        title = cells.nth(k).locator("title").text_content()
        n = int(title.split(": ", 1)[1].split(" ")[0])
        if n > most:
            best, most = k, n
    before = turn(page)
    cells.nth(best).click(force=True)
    wait_turn_after(page, before)


def place_by_mouse(page) -> None:
    spot = page.locator(f"{BOARD} .explorer-legal-spot").first
    spot.wait_for(timeout=30_000)
    spot.scroll_into_view_if_needed()
    box = spot.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y, steps=3)
    preview_is(page, "legal")
    before = turn(page)
    page.mouse.click(x, y)
    wait_turn_after(page, before)


@pytest.mark.rules("gonzaga.plan.secret", "gonzaga.setup.remove-region-cards",
                   "gonzaga.place.in-region", "gonzaga.place.rotate")
def test_plan_then_place_a_fief_by_mouse_with_the_preview(lab, artifacts):
    page = lab.page
    lab.open("gonzaga.ipynb")
    lab.run_all()
    page.wait_for_selector(f"{ANY_BOARD} svg.gonzaga-board", timeout=60_000)   # the notebook's own
    assert lab.errors_in_outputs() == []
    lab.run_code(SETUP)                                       # and a board of a known game
    page.wait_for_selector(f"{BOARD} svg.gonzaga-board", timeout=60_000)
    settle(page)
    to_top(page)

    # phase 2: Player 1 (a bot) planned first; its plan stays face down on the human's board
    assert phase(page) == "plan"
    assert page.locator(BOARD).first.get_attribute("data-player") == "1"
    seat0 = page.locator(f"{BOARD} svg .seat[data-player='0'] .plan").first.text_content()
    assert "face down" in seat0
    history = page.locator(f"{BOARD} .explorer-history").first.inner_text()
    assert "in secret" in history
    bot_plan = lab.run_code("_s = gz_board.session.state; "
                            "print('PLAN', _s.book.region_card_name(_s.plans[0].region))").split("PLAN", 1)[1].strip()
    assert bot_plan and bot_plan not in seat0
    assert "region card" not in history                     # no plan of this round is named
    # a greyed card is explained with its rule
    grey = page.locator(f"{BOARD} svg .controls.planning .plan-card.unusable")
    assert grey.count() >= 1
    grey.first.click(force=True)
    msg = page.locator(f"{BOARD} .explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule").startswith("gonzaga.")
    shot(page, artifacts / "gonzaga_planning.png")
    plan_by_click(page)
    # the reveal happened; whoever moves first, the human is now to place
    assert phase(page) == "place"
    page.wait_for_function("(sel) => ['ready', 'legal', 'illegal'].includes("
                           "document.querySelector(sel).dataset.preview)", arg=BOARD, timeout=30_000)
    spots = json.loads(lab.run_code(SPOTS).split("SPOTS", 1)[1])
    to_top(page)

    # over a refused spot the fief is red, with the reason and its rule at once
    x, y = hex_centre(page, *spots["bad"])
    page.mouse.move(x, y, steps=3)
    preview_is(page, "illegal")
    hover = page.locator(f"{BOARD} .explorer-hover")
    assert hover.get_attribute("data-rule") == spots["rule"]
    assert f"rule {spots['rule']}" in hover.inner_text()
    assert page.locator(f"{BOARD} .explorer-preview-illegal .explorer-preview-cell").count() >= 3
    shot(page, artifacts / "gonzaga_preview_red.png")
    # a click there is refused with its rule; nothing changes
    before = turn(page)
    page.mouse.click(x, y)
    msg = page.locator(f"{BOARD} .explorer-message[data-kind='illegal']")
    page.wait_for_function("([sel, r]) => document.querySelector(sel + ' .explorer-message')"
                           ".dataset.rule === r", arg=[BOARD, spots["rule"]], timeout=30_000)
    assert msg.get_attribute("data-rule") == spots["rule"]
    assert turn(page) == before

    # rotate until the orientation with the chosen legal spot, then place there (green)
    rotate = page.locator(f"{BOARD} button.explorer-rotate")
    assert rotate.is_visible()
    for _ in range(6):
        if page.locator(BOARD).first.get_attribute("data-orientation") == spots["turn"]:
            break
        before_o = page.locator(BOARD).first.get_attribute("data-orientation")
        rotate.click()
        assert page.locator(BOARD).first.get_attribute("data-orientation") != before_o
    assert page.locator(BOARD).first.get_attribute("data-orientation") == spots["turn"]
    q, r, points = spots["good"]
    x, y = hex_centre(page, q, r)
    page.mouse.move(x, y, steps=3)
    preview_is(page, "legal")
    assert f"scores {points} point" in hover.inner_text()
    shot(page, artifacts / "gonzaga_preview_green.png")
    before = turn(page)
    page.mouse.click(x, y)
    wait_turn_after(page, before)
    out = lab.run_code("print('PIECE', gz_board.state.pieces[1][-1][1:3])")
    assert page.locator(f"{BOARD} svg .fief[data-player='1']").count() == 1
    assert "PIECE" in out

    # a few more rounds by clicking, then the map mid-game with the preview
    for _ in range(12):
        settle(page)
        if page.locator(f"{BOARD} svg.gonzaga-board").first.get_attribute("data-round") == "4" \
                and phase(page) == "place":
            break
        if phase(page) == "plan":
            plan_by_click(page)
        elif phase(page) == "place":
            place_by_mouse(page)
        elif phase(page) == "ring":
            click(page, f"{BOARD} svg .button.done")
        else:
            pytest.fail(f"unexpected phase {phase(page)}")
    assert phase(page) == "place"
    assert page.locator(f"{BOARD} svg .fief[data-player='1']").count() >= 3
    spots = json.loads(lab.run_code(SPOTS).split("SPOTS", 1)[1])
    to_top(page)
    x, y = hex_centre(page, *spots["bad"])
    page.mouse.move(x, y, steps=3)
    preview_is(page, "illegal")
    shot(page, artifacts / "gonzaga_midgame_illegal.png")
    spot = page.locator(f"{BOARD} .explorer-legal-spot").first
    spot.scroll_into_view_if_needed()
    box = spot.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    preview_is(page, "legal")
    shot(page, artifacts / "gonzaga_midgame_legal.png")

    # the church is a click too, and "hold a wedding" is answered (done or refused with a rule)
    page.mouse.move(5, 5)
    page.locator(f"{BOARD} svg .button.church").first.scroll_into_view_if_needed()
    click(page, f"{BOARD} svg .button.church")
    assert "to the church" in page.locator(f"{BOARD} .explorer-history").first.inner_text()
    assert page.errors == []
