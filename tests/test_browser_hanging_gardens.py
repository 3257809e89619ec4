"""Real browser: The Hanging Gardens played by clicking, the card following the mouse.

A card is taken, moved over the garden (red over an illegal position, with the reason when the
mouse rests; green over a legal one), refused where it may not go, placed where it may; then a
group is scored with a temple and a tile taken from the columns it opens. Screenshots show a
garden mid-game with its groups and temples.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = ".known-game .explorer-board"
ANY_BOARD = ".explorer-board:has(svg.hanging-gardens)"
SETUP = """from explorer import hanging_gardens as hg
from explorer.hanging_gardens import bots as hg_bots, widgets as hg_widgets
hg_board = hg_widgets.board(hg.new_game(players=2, seed=12), bots={1: hg_bots.greedy_bot})
hg_board.add_class("known-game")
hg_board"""


def phase(page) -> str:
    return page.locator(f"{BOARD} svg.hanging-gardens").first.get_attribute("data-phase")


def settle(page) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=BOARD, timeout=30_000)


def click(page, selector: str) -> None:
    before = int(page.locator(BOARD).first.get_attribute("data-turn"))
    page.locator(selector).first.click(force=True)
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=30_000)
    settle(page)


def hover_to(page, x: float, y: float) -> None:
    page.mouse.move(x, y, steps=3)


def shot(page, path) -> None:
    """A screenshot of the board as it is now, mouse and preview included (no scrolling)."""
    box = page.locator(BOARD).first.bounding_box()
    view = page.viewport_size
    top = max(0, box["y"])
    page.screenshot(path=str(path), clip={"x": max(0, box["x"]), "y": top,
                                          "width": min(box["width"], view["width"]),
                                          "height": min(box["height"], view["height"] - top, 900)})


def spot_centre(page, locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def place_by_mouse(page, path=None) -> None:
    """Move the taken card onto the first marked legal position and click."""
    spot = page.locator(f"{BOARD} .explorer-legal-spot").first
    spot.wait_for(timeout=30_000)
    x, y = spot_centre(page, spot)
    hover_to(page, x, y)
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'legal'",
                           arg=BOARD, timeout=10_000)
    if path:
        shot(page, path)
    before = int(page.locator(BOARD).first.get_attribute("data-turn"))
    page.mouse.click(x, y)
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=30_000)
    settle(page)


@pytest.mark.rules("hanging_gardens.place.motif-on-section", "hanging_gardens.tile.group-of-three")
def test_place_a_card_by_mouse_score_a_group_and_take_a_tile(lab, artifacts):
    page = lab.page
    lab.open("hanging_gardens.ipynb")
    lab.run_all()
    page.wait_for_selector(f"{ANY_BOARD} svg.hanging-gardens", timeout=60_000)    # the notebook's own
    assert lab.errors_in_outputs() == []
    lab.run_code(SETUP)                                       # and a board of a known game
    page.wait_for_selector(f"{BOARD} svg.hanging-gardens", timeout=60_000)
    assert page.locator(ANY_BOARD).count() >= 2
    settle(page)
    assert phase(page) == "take"
    click(page, f"{BOARD} .card-space.legal")
    assert phase(page) == "place"
    page.wait_for_function("(sel) => ['ready', 'legal', 'illegal'].includes("
                           "document.querySelector(sel).dataset.preview)", arg=BOARD, timeout=30_000)
    page.locator(f"{BOARD} svg.hanging-gardens").first.scroll_into_view_if_needed()

    # far from the garden the card is red; resting there asks Python why
    box = page.locator(f"{BOARD} .explorer-preview-area").first.bounding_box()
    corner = (box["x"] + 8, box["y"] + 8)          # three squares away from the garden
    hover_to(page, *corner)
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.preview === 'illegal'",
                           arg=BOARD, timeout=10_000)
    hover = page.locator(f"{BOARD} .explorer-hover")
    page.wait_for_function("(sel) => !!document.querySelector(sel + ' .explorer-hover').dataset.rule",
                           arg=BOARD, timeout=15_000)
    assert hover.get_attribute("data-rule").startswith("hanging_gardens.")
    assert "rule hanging_gardens." in hover.inner_text()
    shot(page, artifacts / "hanging_gardens_preview_red.png")
    # a click there is refused with its rule; nothing changes
    turn = int(page.locator(BOARD).first.get_attribute("data-turn"))
    page.mouse.click(*corner)
    msg = page.locator(f"{BOARD} .explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule").startswith("hanging_gardens.place.")
    assert int(page.locator(BOARD).first.get_attribute("data-turn")) == turn

    # rotate, then place on a marked legal position
    rotate = page.locator(f"{BOARD} button.explorer-rotate")
    if rotate.is_visible():
        before = page.locator(BOARD).first.get_attribute("data-orientation")
        rotate.click()
        assert page.locator(BOARD).first.get_attribute("data-orientation") != before
    place_by_mouse(page, artifacts / "hanging_gardens_preview_green.png")
    assert phase(page) != "place"

    # play on until a group can be scored: a temple on one of its sections, then a tile
    for _ in range(40):
        settle(page)
        ph = phase(page)
        if ph == "score":
            break
        if ph == "take":
            click(page, f"{BOARD} .card-space.legal")
        elif ph == "place":
            place_by_mouse(page)
        elif ph == "discard":
            click(page, f"{BOARD} [data-action='[\"discard\"]']")
        elif ph in ("tile", "bonus"):
            click(page, f"{BOARD} .explorer-choice")
        else:
            pytest.fail(f"unexpected phase {ph}")
    assert phase(page) == "score"
    page.locator(BOARD).first.screenshot(path=str(artifacts / "hanging_gardens_score.png"))
    click(page, f"{BOARD} svg .square.legal")
    assert phase(page) in ("tile", "bonus")
    if phase(page) == "bonus":
        click(page, f"{BOARD} [data-action='[\"decline\"]']")
    open_tiles = page.locator(f"{BOARD} svg .tile-space.open")
    assert open_tiles.count() >= 1
    click(page, f"{BOARD} svg .tile-space.legal")
    settle(page)
    assert page.locator(f"{BOARD} .garden[data-player='0'] .temple").count() >= 1
    assert page.locator(f"{BOARD} .garden .group").count() >= 1
    page.locator(BOARD).first.screenshot(path=str(artifacts / "hanging_gardens_board.png"))
    out = lab.run_code('print("TEMPLES", len(hg_board.state.gardens[0].temples), '
                       'sum(hg_board.state.tiles[0]))')
    temples, tiles = map(int, out.split("TEMPLES", 1)[1].split()[:2])
    assert temples >= 1 and tiles >= 1
    assert page.errors == []
