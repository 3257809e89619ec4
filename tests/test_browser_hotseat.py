"""Real browser: hot-seat games of Gùgōng and Gonzaga, two people at one screen.

Player 1's last move of the turn is a click; the board then shows only "Pass the screen to
Player 2", and the page (every node of it, the static copies and the other outputs included)
holds none of player 1's secrets; "I am Player 2" shows player 2's own board, and player 2
plays a move by clicking. The secrets are worked out in the kernel from the full state and
printed reversed, so the test's own cells never put them on the page. Screenshots of the pass
screens at 1400×1000 go to the artifacts.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

BOARD = ".hotseat-main .explorer-board"
MINE = ".hotseat-mine .explorer-board"

GUGONG = """import json, random
from IPython.display import display
from explorer import gugong as gg
from explorer.gugong import widgets as gg_widgets
hs_main, hs_mine = gg_widgets.boards(gg.new_game(players=2, seed=11), hot_seat=True)
hs_main.add_class("hotseat-main")
hs_mine.add_class("hotseat-mine")
display(hs_main)
display(hs_mine)"""

GONZAGA = """import json, random
from IPython.display import display
from explorer import gonzaga as gz
from explorer.gonzaga import widgets as gz_widgets
hs_main = gz_widgets.board(gz.new_game(players=2, seed=12), hot_seat=True)
hs_main.add_class("hotseat-main")
display(hs_main)"""

# player 1's turn up to its last move, played in Python; the last move is clicked on the page
TURN = """rng = random.Random(3)
s = hs_main.state
first = s.current_player
moves = []
while s.current_player == first:
    a = rng.choice(s.legal_actions())
    moves.append(a)
    prev, s = s, s.apply(a)
said_last = prev.describe(moves[-1])          # the words that would tell player 1's last move
for a in moves[:-1]:
    assert hs_main.play(a) is None
last = moves[-1]
print("LAST", json.dumps({"action": json.dumps(last.to_json(), separators=(",", ":"), ensure_ascii=False)[::-1],
                          "seat": first, "next": s.current_player, "label": s.player_label(s.current_player)}))"""

GUGONG_SECRETS = """from explorer.gugong._actions import SECRET_KINDS
def secrets(s, seat):
    public = {str(x) for a, _ in s.log if a.kind not in SECRET_KINDS for x in a.args}
    held = s.seats[seat].hand + s.seats[seat].discard
    return sorted({s.book.card_ids[c] for c in held} - public)
print("SECRETS", json.dumps({str(p): [x[::-1] for x in secrets(hs_main.state, p)] for p in range(2)}))"""

GONZAGA_SECRETS = """def secrets(s, seat):
    out = [s.book.objective_ids[s.objectives[seat]]]
    return out + [said_last] if seat == first else out
print("SECRETS", json.dumps({str(p): [x[::-1] for x in secrets(hs_main.state, p)] for p in range(2)}))"""


def settle(page, board: str = BOARD) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'"
        " && b.dataset.kernel !== 'gone'; }", arg=board, timeout=60_000)


def printed(out: str, key: str):
    return json.loads(out.split(key, 1)[1].strip().splitlines()[0])


def page_text(page) -> str:
    """Everything the page holds: its HTML (attributes, hidden nodes, static copies) and the
    text of every input."""
    return page.evaluate("() => document.documentElement.outerHTML + Array.from("
                         "document.querySelectorAll('input, textarea, select')).map(n => n.value).join(' ')")


def absent(page, secrets: list[str]) -> list[str]:
    html = page_text(page)
    return [x for x in secrets if x in html]


def play_a_hot_seat_turn(lab, artifacts, setup: str, secret_code: str, name: str,
                         linked: bool) -> None:
    page = lab.page
    page.set_viewport_size({"width": 1400, "height": 1000})
    lab.open("00_start_here.ipynb")
    lab.run_code(setup)
    page.wait_for_selector(f"{BOARD}[data-hot-seat='true'] .explorer-surface svg", timeout=90_000)
    settle(page)
    assert lab.errors_in_outputs() == []
    turn = printed(lab.run_code(TURN), "LAST")
    first, nxt, label = turn["seat"], turn["next"], turn["label"]
    assert nxt != first
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.atScreen === String(%d)"
                           % first, arg=BOARD, timeout=60_000)
    settle(page)

    # player 1's last move, clicked in "What can I do now?"
    choice = page.locator(f"{BOARD} .explorer-choice[data-action='{turn['action'][::-1]}']")
    assert choice.count() == 1
    choice.first.click()
    page.wait_for_selector(f"{BOARD}[data-passing='{nxt}'] .explorer-pass", timeout=60_000)
    settle(page)
    secrets = {int(k): [x[::-1] for x in v] for k, v in
               printed(lab.run_code(secret_code), "SECRETS").items()}
    assert secrets[first] and secrets[nxt]

    # the pass screen: big, and nothing of player 1's (nor player 2's) secrets on the page
    pass_box = page.locator(f"{BOARD} .explorer-pass")
    assert pass_box.is_visible()
    assert f"Pass the screen to {label}" in pass_box.inner_text()
    assert page.locator(f"{BOARD} .explorer-surface").inner_html() == ""
    assert not page.locator(f"{BOARD} .explorer-main").is_visible()
    assert page.locator(f"{BOARD} .explorer-choice").count() == 0
    assert page.locator(f"{BOARD} .explorer-line").count() == 0
    assert absent(page, secrets[first]) == [] and absent(page, secrets[nxt]) == []
    size = page.evaluate("(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)",
                         f"{BOARD} .explorer-pass-title")
    assert size >= 40                                     # read from the back of a room
    if linked:
        page.wait_for_selector(f"{MINE}[data-passing='{nxt}'] .explorer-pass", timeout=60_000)
        assert page.locator(f"{MINE} .explorer-surface").inner_html() == ""
    pass_box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"hotseat_pass_{name}.png"))
    page.locator(BOARD).first.screenshot(path=str(artifacts / f"hotseat_pass_{name}_board.png"))
    if linked:                    # on a projector: the pass screen fills the big screen
        page.locator(f"{BOARD} .explorer-big-button").click()
        page.wait_for_selector(f"{BOARD}[data-big='true'] .explorer-pass", timeout=30_000)
        page.screenshot(path=str(artifacts / f"hotseat_pass_{name}_big.png"))
        page.locator(f"{BOARD} .explorer-big-button").click()
        page.wait_for_selector(f"{BOARD}[data-big='false']", timeout=30_000)

    # "I am Player 2": player 2's own board, still nothing of player 1's secrets
    seat_button = page.locator(f"{BOARD} .explorer-pass-seat")
    assert seat_button.inner_text() == f"I am {label}: show my board"
    seat_button.click()
    page.wait_for_selector(f"{BOARD}[data-passing=''][data-at-screen='{nxt}'] .explorer-surface svg",
                           timeout=60_000)
    settle(page)
    if linked:
        page.wait_for_selector(f"{MINE}[data-passing=''] .explorer-surface svg", timeout=60_000)
    assert not pass_box.is_visible()
    assert f"{label} at the screen" in page.locator(f"{BOARD} .explorer-hot-seat").inner_text()
    assert absent(page, secrets[first]) == []
    assert [x for x in secrets[nxt] if x not in page_text(page)] == [], "player 2 sees their own"
    page.locator(BOARD).first.screenshot(path=str(artifacts / f"hotseat_{name}_player2.png"))

    # player 2 plays a move by clicking
    before = int(page.locator(BOARD).first.get_attribute("data-turn"))
    page.locator(f"{BOARD} .explorer-choice").first.click()
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.turn > n",
                           arg=[BOARD, before], timeout=60_000)
    settle(page)
    out = lab.run_code('print("MOVED", json.dumps([ln.seat for ln in hs_main.session.lines '
                       'if not ln.chance][-1]))')
    assert printed(out, "MOVED") == nxt
    assert absent(page, secrets[first]) == []
    assert lab.errors_in_outputs() == []
    # (a lab extension of another package that fails to load is the page's, not the board's)
    assert page.errors == []


def test_gugong_hot_seat_pass_screen(lab, artifacts):
    play_a_hot_seat_turn(lab, artifacts, GUGONG, GUGONG_SECRETS, "gugong", linked=True)


def test_gonzaga_hot_seat_pass_screen(lab, artifacts):
    play_a_hot_seat_turn(lab, artifacts, GONZAGA, GONZAGA_SECRETS, "gonzaga", linked=False)
