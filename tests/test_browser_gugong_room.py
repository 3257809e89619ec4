"""Real browser, in a workshop room: the Gùgōng notebook in JupyterLab at 1400×1000 with the file
browser open, its live boards read from the back of the room, and a whole game played to the end
by clicking.

The notebook's own boards are used (Player 1 against two bots). A cell moves the game on to a
late position with a seeded random playout, so the rest of the game is a few dozen clicks. The
test measures every label of the main board and of the player board as rendered (none under
11 px), checks that a hand card and every location's card are in the window at once (an exchange
needs no scrolling), plays Player 1's moves by clicking (a hand card then a location's card for
an exchange, places and buttons on the board, or the "What can I do now?" choices), and at the end
checks the game-over panel (total and every column inside it) and that "your" player board is
still Player 1's. Screenshots mid-game and at game over go to the artifacts; the click-to-repaint
median is printed.
"""

from __future__ import annotations

import pytest

import room

pytestmark = pytest.mark.browser

MAIN = ".explorer-board:has(svg.gugong-board)"
MINE = ".explorer-board:has(svg.gugong-player-board)"
LATE = """import random as _random
_s = gugong.new_game(players=3, seed=11)
_rng = _random.Random(3)
while not (_s.day == 4 and _s.phase == "turn" and _s.current_player == 0
           and len(_s.seats[0].hand) >= 3):
    _s = _s.apply(bots.random_bot(_s, _rng))
main.reset(_s)
print("LATE", main.state.day, main.state.phase, main.state.current_player)"""

IN_VIEW = """(sel) => {
  const b = document.querySelector(sel);
  const first = b.querySelector('svg.gugong-board .location');
  first.scrollIntoView({block: 'start'});
  const hand = b.querySelector('svg.gugong-board .hand-strip .hand-card.pickable');
  const cards = Array.from(b.querySelectorAll('svg.gugong-board .location-card'));
  const scroller = b.closest('.jp-WindowedPanel-outer') || document.documentElement;
  const s = scroller.getBoundingClientRect();
  const top = Math.max(0, s.top), bottom = Math.min(window.innerHeight, s.bottom);
  const right = document.documentElement.clientWidth;
  const inside = (n) => { const r = n.getBoundingClientRect();
    return r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.left >= 0 && r.right <= right; };
  return {hand: !!hand && inside(hand), cards: cards.length, all: cards.every(inside),
          window: [top, bottom]};
}"""


def settle(page, board: str = MAIN) -> None:
    """Wait until the board has its answer and has drawn the position it was sent."""
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); if (!b) return false; "
        "const s = b.querySelector('svg[data-turn]'); return b.dataset.pending === 'false' "
        "&& b.dataset.kernel !== 'gone' && !!s && s.dataset.turn === b.dataset.turn; }",
        arg=board, timeout=60_000)


def state(page) -> dict:
    return page.evaluate("""(sel) => { const b = document.querySelector(sel);
        const s = b.querySelector('svg.gugong-board');
        return {turn: +b.dataset.turn, over: b.dataset.over === 'true', player: +s.dataset.player,
                phase: s.dataset.phase, pick: s.dataset.pick || ''}; }""", MAIN)


def move(page, picked_shot=None) -> float | None:
    """Play one move of Player 1 by clicking and return its click-to-repaint time in ms
    (``picked_shot``: where to save the drawing once a hand card is picked)."""
    board = f"{MAIN} svg.gugong-board"
    if page.locator(f"{board} .hand-strip .hand-card.pickable").count():
        # the exchange: a hand card under the locations, then a location's card
        page.locator(f"{board} .hand-strip .hand-card.pickable").first.click(force=True)
        page.wait_for_selector(f"{board}[data-pick]", timeout=60_000)
        settle(page)
        assert page.locator(f"{board} .location-card.legal").count() >= 1
        if picked_shot is not None:
            shoot(page, board, picked_shot)
        return room.click_to_repaint(page, MAIN, f"{board} .location-card.legal")
    for pick in (f"{board} .choice-button.legal", f"{board} [data-action].legal",
                 f"{board} [data-action]", f"{MAIN} .explorer-choices .explorer-choice"):
        if page.locator(pick).count():
            return room.click_to_repaint(page, MAIN, pick)
    raise AssertionError(f"nothing to click for Player 1 in {state(page)}")


def shoot(page, selector: str, path) -> None:
    """A screenshot of a whole board: the window is made tall for it (a board taller than the
    window would be cut by the notebook's scrolling), then the room's size comes back."""
    page.set_viewport_size({"width": room.ROOM["width"], "height": 2600})
    try:
        page.locator(selector).first.screenshot(path=str(path))
    finally:
        page.set_viewport_size(room.ROOM)


def measure(page, name: str) -> None:
    for sel, what in ((MAIN, "main board"), (MINE, "player board")):
        room.check_readable(room.label_sizes(page, sel), f"Gùgōng {what} ({name})")


def test_a_whole_game_in_a_room_readable_in_one_view_and_yours_to_the_end(lab, artifacts):
    page = lab.page
    room.open_in_room(lab, "gugong.ipynb", through="mine")
    assert room.file_browser_width(page) > 100
    page.wait_for_selector(f"{MAIN} svg.gugong-board", timeout=60_000)
    page.wait_for_selector(f"{MINE} svg.gugong-player-board", timeout=60_000)
    out = lab.run_code(LATE)
    assert "LATE 4 turn 0" in out, out
    settle(page)
    settle(page, MINE)
    assert lab.errors_in_outputs() == []
    width = page.evaluate(f"document.querySelector('{MAIN} svg.gugong-board')"
                          ".getBoundingClientRect().width")
    assert width > 900, width                     # the drawing takes the output's whole width

    # readable from the back of the room, both boards
    measure(page, "day 4")

    # the hand and every location's card in one view: an exchange needs no scrolling
    seen = page.evaluate(IN_VIEW, MAIN)
    assert seen["cards"] == 7 and seen["hand"] and seen["all"], seen
    page.screenshot(path=str(artifacts / "gugong_room_exchange_view.png"))

    # a click on the board's background is answered in words, with no internals
    page.locator(f"{MAIN} svg.gugong-board").first.click(position={"x": 3, "y": 3}, force=True)
    msg = page.locator(f"{MAIN} .explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    text = msg.inner_text()
    assert "Nothing is played there" in text and "[" not in text and "engine.action" not in text

    # the whole rest of the game, Player 1 clicking, the bots answering
    times: list[float] = []
    shot = False
    for _ in range(300):
        settle(page)
        now = state(page)
        if now["over"]:
            break
        assert now["player"] == 0, now               # the bots have played: Player 1 decides
        ms = move(page, None if times else artifacts / "gugong_room_picked.png")
        assert ms is not None, f"a click played nothing in {now}"
        times.append(ms)
        settle(page)
        if not shot and state(page)["phase"] == "actions":
            shoot(page, MAIN, artifacts / "gugong_room_board.png")
            settle(page, MINE)
            shoot(page, MINE, artifacts / "gugong_room_player_board.png")
            shot = True
    assert state(page)["over"], "the game did not end"
    assert len(times) >= 5
    settle(page, MINE)

    # game over: the panel shows every column, the total first; "your" board is still yours
    page.wait_for_selector(f"{MAIN} .explorer-result:not([hidden])", timeout=30_000)
    inside = room.total_inside(page, MAIN)
    assert inside["shown"] and inside["total"] and inside["all"], inside
    mine = page.locator(f"{MINE} svg.gugong-player-board").first
    assert mine.get_attribute("data-seat") == "0"
    assert page.locator(f"{MINE} .discard[data-player='0']").count() == 1
    assert page.locator(f"{MINE} .discard[data-player='1'], {MINE} .discard[data-player='2']"
                        ).count() == 0
    measure(page, "game over")
    shoot(page, MAIN, artifacts / "gugong_room_game_over.png")
    shoot(page, MINE, artifacts / "gugong_room_player_board_over.png")
    room.report_clicks("Gùgōng", times)
    assert lab.errors_in_outputs() == []
    assert page.errors == []
