"""Real browser: Gùgōng's main board and player board, linked views of one game, played by
clicking.

A hand card is picked on the player board and exchanged for a card on a location of the main
board; the price is paid (2 servants) and the location's paid option (two moves) is carried out
on the map; a refused click is answered with its rule; the player board follows every move.
Screenshots of both boards mid-game go to the artifacts.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

MAIN = ".gugong-main .explorer-board"
MINE = ".gugong-mine .explorer-board"
SETUP = """import json, random
from IPython.display import display
from explorer import gugong as gg
from explorer.gugong import bots as gg_bots, widgets as gg_widgets
s = gg.new_game(players=3, seed=20)
rng = random.Random(4)
while not (s.day >= 3 and s.phase == "turn" and s.current_player == 0 and len(s.seats[0].hand) >= 3):
    s = s.apply(rng.choice(s.legal_actions()))
gg_main, gg_mine = gg_widgets.boards(s, bots={1: gg_bots.random_bot, 2: gg_bots.random_bot})
gg_main.add_class("gugong-main")
gg_mine.add_class("gugong-mine")
display(gg_main)
display(gg_mine)"""
PLAN = """def plan(s):
    b = s.book
    for g in sorted(s.seats[0].hand, key=b.value.__getitem__):
        for i, t in enumerate(s.locations):
            loc = b.locations[i]
            a = gg.exchange(b.card_ids[g], b.card_ids[t])
            if loc in ("jade", "decrees") or a not in s.legal_actions():
                continue
            u = s.apply(a)
            if u.phase == "price" and gg.pay() in u.legal_actions() and \\
                    gg.location(loc, "paid") in u.apply(gg.pay()).legal_actions():
                return {"give": b.card_ids[g], "take": b.card_ids[t], "loc": loc}
print("PLAN", json.dumps(plan(gg_main.state)))"""


def settle(page, board: str = MAIN) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=board, timeout=30_000)


def turn(page, board: str = MAIN) -> int:
    return int(page.locator(board).first.get_attribute("data-turn"))


def click(page, selector: str) -> None:
    """Click something that plays a move, and wait for the board to come back with it."""
    before = turn(page)
    page.locator(selector).first.click(force=True)
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[MAIN, before], timeout=30_000)
    settle(page)


def phase(page) -> str:
    return page.locator(f"{MAIN} svg.gugong-board").first.get_attribute("data-phase")


def follows(page) -> None:
    """The player board draws the same position as the main board."""
    page.wait_for_function(
        "([a, b]) => { const m = document.querySelector(a + ' svg.gugong-board'); "
        "const p = document.querySelector(b + ' svg.gugong-player-board'); "
        "return m && p && m.dataset.turn === p.dataset.turn; }", arg=[MAIN, MINE], timeout=30_000)


@pytest.mark.rules("gugong.exchange.mandatory", "gugong.exchange.pay-two-servants",
                   "gugong.travel.paid")
def test_exchange_pay_and_travel_by_clicking_with_the_player_board_following(lab, artifacts):
    page = lab.page
    page.set_viewport_size({"width": 1600, "height": 1100})
    lab.open("00_start_here.ipynb")
    lab.run_code(SETUP)
    page.wait_for_selector(f"{MAIN} svg.gugong-board", timeout=60_000)
    page.wait_for_selector(f"{MINE} svg.gugong-player-board", timeout=60_000)
    settle(page)
    settle(page, MINE)
    assert lab.errors_in_outputs() == []
    assert phase(page) == "turn"
    out = lab.run_code(PLAN)
    plan = json.loads(out.split("PLAN", 1)[1])
    give, take, loc = plan["give"], plan["take"], plan["loc"]

    # the exchange: a hand card on the player board, then the card on a location
    hand = page.locator(f"{MINE} .hand-card.pickable[data-card='{give}']")
    assert hand.count() == 1
    assert page.locator(f"{MAIN} .location-card.legal").count() == 0     # nothing picked yet
    hand.first.click(force=True)
    page.wait_for_selector(f"{MAIN} svg.gugong-board[data-pick='{give}']", timeout=30_000)
    settle(page)
    assert "Picked" in page.locator(f"{MAIN} .explorer-message").inner_text()
    assert page.locator(f"{MAIN} .location-card.legal").count() == 7
    page.locator(MINE).first.screenshot(path=str(artifacts / "gugong_player_board_picked.png"))
    click(page, f"{MAIN} .location-card.legal[data-card='{take}']")
    assert phase(page) == "price"
    assert "price due" in page.locator(f"{MAIN} svg.gugong-board").inner_html()

    # a refused click: a city now (no Travel action), answered with its rule
    before = turn(page)
    page.locator(f"{MAIN} .city").first.click(force=True)
    msg = page.locator(f"{MAIN} .explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule").startswith("gugong.travel.")
    assert "gugong.travel." in msg.inner_text()
    assert turn(page) == before

    # the price: 2 servants, from the strip of choices under the board
    pool = int(page.locator(f"{MINE} .servants").first.get_attribute("data-pool"))
    click(page, f"{MAIN} .choice-button[data-kind='pay']")
    assert phase(page) == "actions"
    follows(page)
    assert int(page.locator(f"{MINE} .servants").first.get_attribute("data-pool")) == pool - 2
    # the player board followed: the card given left the hand, the card taken is on the pile
    assert page.locator(f"{MINE} .hand-card[data-card='{give}']").count() == 0
    assert page.locator(f"{MINE} .discard .discard-card[data-card='{take}']").count() == 1
    assert page.locator(f"{MAIN} .location-card[data-card='{give}']").count() == 1

    # the location's paid option: two moves on the map
    option = f"{MAIN} .location[data-location='{loc}'] .location-option.legal[data-option='paid']"
    assert page.locator(option).count() == 1
    page.locator(MAIN).first.screenshot(path=str(artifacts / "gugong_board_actions.png"))
    click(page, option)
    moves = 0
    while phase(page) == "travel" and moves < 3:
        cities = page.locator(f"{MAIN} .city.legal")
        assert cities.count() >= 1
        if moves == 0:
            page.locator(MAIN).first.screenshot(path=str(artifacts / "gugong_board_travel.png"))
        click(page, f"{MAIN} .city.legal")
        moves += 1
        while phase(page) in ("optional", "pay_for", "trade_down", "choose", "load", "retrieve",
                              "swap", "set_die", "gain", "wall_place", "benefit"):
            click(page, f"{MAIN} .choice-button.legal, {MAIN} [data-action].legal")
    assert moves >= 1
    follows(page)
    out = lab.run_code('print("GAME", json.dumps({"paid": gg.location(%r, "paid") in '
                       'gg_main.state.history, "pay": gg.pay() in gg_main.state.history, '
                       '"same": gg_main.state is gg_mine.state}))' % loc)
    game = json.loads(out.split("GAME", 1)[1])
    assert game == {"paid": True, "pay": True, "same": True}

    # the screenshots of both boards mid-game, for people to look at
    settle(page)
    page.locator(MAIN).first.screenshot(path=str(artifacts / "gugong_board.png"))
    page.locator(MINE).first.screenshot(path=str(artifacts / "gugong_player_board.png"))
    assert lab.errors_in_outputs() == []
    assert page.errors == []
