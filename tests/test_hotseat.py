"""Hot-seat play (several people at one screen): between two human seats' turns the boards send a
"pass the screen" panel and nothing of the game; then they send the game as the seat at the
screen sees it (``view(player)``), never another seat's secrets.

Secrets are found from the full state, not from the boards: the cards a Gùgōng player holds
face down that no open action ever showed, a Gonzaga player's objective card, and "twin" games
that differ only in one seat's secret (a card discarded as a price, a plan, a hidden tile drawn,
an objective dealt), which the boards must then send identically to the other seat.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from explorer import ExplorerError, OptionError, corinth, gonzaga, gugong
from explorer import hanging_gardens as hg
from explorer._record import replay
from explorer.corinth import widgets as corinth_widgets
from explorer.gonzaga import widgets as gonzaga_widgets
from explorer.gugong import widgets as gugong_widgets
from explorer.gugong._actions import SECRET_KINDS
from explorer.hanging_gardens import widgets as hg_widgets

def gugong_boards(s, **kw):
    """The main board, "your" player board, and a player board fixed on each seat."""
    main, mine = gugong_widgets.boards(s, **kw)
    return (main, mine, *(gugong_widgets.player_board(main, p) for p in range(s.info.players)))


GAMES = {
    "gugong": (gugong, gugong_boards),
    "gonzaga": (gonzaga, lambda s, **kw: (gonzaga_widgets.board(s, **kw),)),
    "hanging_gardens": (hg, lambda s, **kw: (hg_widgets.board(s, **kw),)),
}


# ---- what the boards send, and the secrets to look for -------------------------------------
def sent(boards) -> list[str]:
    """Everything the boards send to the page (drawing, view) or write into the notebook (the
    static copy), the board's own id left out (it differs between boards, not between games)."""
    out = []
    for b in boards:
        out += [b.svg, json.dumps(b.view, sort_keys=True, ensure_ascii=False),
                b.static_html().replace(b.board_id, "BOARD")]
    return out


def gugong_secrets(s, seat: int) -> set[str]:
    """The ids of the cards ``seat`` holds face down (hand, discard pile) that no open action
    showed (an exchange or a swap shows the cards it moves; a price, a draw, a deal do not)."""
    public = {str(x) for a, _ in s.log if a.kind not in SECRET_KINDS for x in a.args}
    held = s.seats[seat].hand + s.seats[seat].discard
    return {s.book.card_ids[c] for c in held} - public


def gonzaga_secrets(s, seat: int) -> set[str]:
    """The id of ``seat``'s hidden objective card."""
    o = s.objectives[seat]
    return {s.book.objective_ids[o]} if o >= 0 else set()


SECRETS = {"gugong": gugong_secrets, "gonzaga": gonzaga_secrets}


def leaks(texts: list[str], secrets: set[str]) -> set[str]:
    return {x for x in secrets for t in texts if re.search(rf"(?<![\w]){re.escape(x)}(?![\w])", t)}


def humans_alternate(boards, rng: random.Random, moves: int, check) -> int:
    """Play ``moves`` random moves on a hot-seat board, passing the screen when it asks;
    ``check(stage)`` runs at each pass screen ("pass") and after each hand-over ("seat")."""
    main = boards[0]
    passes = 0
    for _ in range(moves):
        if main.state.is_over:
            break
        if main.passing is not None:
            check("pass")
            assert main.take_seat()
            passes += 1
            check("seat")
        assert main.play(rng.choice(main.state.legal_actions())) is None
    return passes


# ---- no secret of another seat in anything sent ---------------------------------------------
@pytest.mark.parametrize("game", sorted(SECRETS))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_no_other_seat_secret_is_sent(game, seed):
    mod, make = GAMES[game]
    boards = make(mod.new_game(players=2, seed=seed), hot_seat=True)
    main = boards[0]
    secrets_of = SECRETS[game]
    seen = {"secrets": 0}

    def check(stage):
        s = main.state
        at = main.session.viewer
        others = range(s.info.players) if stage == "pass" else [q for q in range(s.info.players)
                                                                 if q != at]
        secret = set().union(*(secrets_of(s, q) for q in others))
        seen["secrets"] += len(secret)
        texts = sent(boards)
        assert not leaks(texts, secret), (stage, at, leaks(texts, secret))
        if stage == "pass":
            assert all(b.svg == "" for b in boards)
            assert main.view["choices"] == [] and main.view["history"] == []
            assert main.view["hot_seat"]["passing"] == s.current_player
        else:
            # the seat at the screen does see its own secrets (the check can find them)
            own = secrets_of(s, at)
            assert leaks(texts, own) == own

    passes = humans_alternate(boards, random.Random(seed), 50, check)
    assert passes >= 2 and seen["secrets"] > 0


# ---- twin games: one seat's secret differs, the other seat's boards are the same -------------
def _rest_positions(mod, seed: int, moves: int):
    """A random game (chance drawn from the seed): the log lengths at which a human is to move
    right after another one moved, with both seats."""
    s = mod.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if s.is_over:
            break
        before = s.current_player
        s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_over and not s.is_chance_node and s.current_player != before:
            out.append((len(s.log), before, s.current_player))
    return s, out


def _world(record: dict, actions: list) -> "object":
    """The game of ``record`` with ``actions`` (chance as given), then drawn from its seed."""
    r = dict(record, actions=actions, chance="manual")
    w = replay(r, chance="manual")
    return dataclasses.replace(w, info=w.info.with_chance("auto"))


def find_twins(mod, seed: int, moves: int = 60, limit: int = 3):
    """Pairs of games that differ only in what seat A may not see, at a position where A is to
    move right after B: the last secret of A's view (a masked entry of its history) replaced by
    another choice or chance outcome that replays."""
    end, rests = _rest_positions(mod, seed, moves)
    record = end.record()
    hist = record["actions"]
    found = []
    for k, b, a in reversed(rests):
        base = _world(record, hist[:k])
        va = base.view(a)
        secret = [j for j, (x, y) in enumerate(zip(base.log, va.log)) if x[0] != y[0]]
        if not secret:
            continue
        j = secret[-1]
        before = replay(dict(record, actions=hist[:j], chance="manual"), chance="manual")
        options = ([o for o, _ in before.chance_outcomes()] if before.is_chance_node
                   else before.legal_actions())
        for alt in options[:12]:
            if alt.to_json() == hist[j]:
                continue
            try:
                other = _world(record, hist[:j] + [alt.to_json()] + hist[j + 1:k])
            except ExplorerError:
                continue
            if other.current_player == a and other.view(a) == va and other != base:
                found.append((base, other, a, b))
                break
        if len(found) >= limit:
            break
    return found


def tile_twins(mod, seed: int, moves: int = 80, limit: int = 3):
    """The Hanging Gardens: a player's point tiles lie face down, though taking one is seen (the
    history says which space it came from), so no other history gives the same view; the twin is
    the same game with one of B's tiles another tile (what A's view cannot tell apart)."""
    from explorer.hanging_gardens._state import _FIELDS
    end, rests = _rest_positions(mod, seed, moves)
    record = end.record()
    found = []
    for k, b, a in reversed(rests):
        base = _world(record, record["actions"][:k])
        held = base.tiles[b]
        if not any(held):
            continue
        i = next(i for i, n in enumerate(held) if n)
        j = (i + 1) % len(held)
        tiles = list(base.tiles)
        tiles[b] = tuple(n - (x == i) + (x == j) for x, n in enumerate(held))
        other = type(base)(**{**{f: getattr(base, f) for f in _FIELDS}, "tiles": tuple(tiles)})
        if other.view(a) == base.view(a) and other != base:
            found.append((base, other, a, b))
        if len(found) >= limit:
            break
    return found


TWINS = {"gugong": find_twins, "gonzaga": find_twins, "hanging_gardens": tile_twins}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_twin_games_send_the_same_to_the_other_seat(game):
    mod, make = GAMES[game]
    checked = 0
    for seed in (1, 2, 3, 4):
        for base, other, a, b in TWINS[game](mod, seed):
            # on a board that shows B's view, the two games differ: the secret is drawn there
            mine = [sent(make(w, viewer=b)) for w in (base, other)]
            if mine[0] == mine[1]:
                continue
            screens = []
            for w in (base, other):
                boards = make(w, hot_seat=True, viewer=b)
                assert boards[0].passing == a                   # B just moved: pass to A
                pass_screen = sent(boards)
                assert boards[0].take_seat(a)
                screens.append((pass_screen, sent(boards)))
            assert screens[0][0] == screens[1][0], "the pass screen differs with B's secret"
            assert screens[0][1] == screens[1][1], "A's board differs with B's secret"
            checked += 1
    assert checked >= 1, f"no twin games found for {game}"


# ---- when the pass screen shows ----------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_pass_screen_exactly_between_two_human_seats(game, seed):
    """Three seats, the middle one a bot: a pass screen exactly when the next human decision is
    another human's than the last one (never before a bot's turn, never for the same player)."""
    mod, make = GAMES[game]
    bot = mod.bots.random_bot if hasattr(mod.bots, "random_bot") else mod.bots.greedy_bot
    boards = make(mod.new_game(players=3, seed=seed), bots={1: bot}, hot_seat=True)
    main = boards[0]
    rng = random.Random(seed)
    kinds = {"pass": 0, "again": 0}
    for _ in range(60):
        s = main.state
        if s.is_over:
            break
        mover = s.current_player
        assert mover != 1 and main.passing is None
        main.play(rng.choice(s.legal_actions()))
        s = main.state
        nxt = s.current_player
        if s.is_over:
            assert main.passing is None
            break
        expected = nxt if nxt != mover else None
        assert main.passing == expected
        kinds["pass" if expected is not None else "again"] += 1
        if expected is not None:
            assert all(b.svg == "" for b in boards) and main.view["choices"] == []
            assert main.take_seat(nxt)
            assert main.passing is None and main.session.viewer == nxt
            assert all(b.svg for b in boards)
    assert kinds["pass"] >= 1


def test_bots_play_on_without_a_pass_screen_in_step_mode():
    start = gugong.new_game(players=3, seed=4)
    rng, s = random.Random(4), start
    first = s.current_player
    while s.current_player == first:              # who moves after the first player: a bot
        s = s.apply(rng.choice(s.legal_actions()))
    bot = s.current_player
    boards = gugong_widgets.boards(start, bots={bot: gugong.bots.random_bot}, hot_seat=True)
    main = boards[0]
    main.bot_mode = "step"
    rng = random.Random(4)
    while main.state.current_player == first:
        main.play(rng.choice(main.state.legal_actions()))
    assert main.state.current_player == bot and main.passing is None
    assert main.view["info"]["bot_to_move"] and main.svg   # the first player's view, a bot to move
    while main.session.bot_to_move():
        main._msg_next({})
        assert main.passing is None or main.state.current_player != bot
    third = main.state.current_player
    assert third not in (first, bot) and main.passing == third and main.svg == ""


# ---- undo, the page's messages, the switch ------------------------------------------------------
def _to_pass(main, rng):
    while main.passing is None:
        assert main.play(rng.choice(main.state.legal_actions())) is None
    return main.passing


def test_undo_brings_the_pass_screen_back_to_the_player_who_moved():
    boards = gugong_widgets.boards(gugong.new_game(players=2, seed=8), hot_seat=True)
    main = boards[0]
    rng = random.Random(8)
    assert _to_pass(main, rng) == 1
    assert main.undo()                    # player 1 takes the move back before passing: no pass
    assert main.passing is None and main.session.viewer == 0 and main.svg
    _to_pass(main, rng)
    assert main.take_seat(1)
    mine = gugong_secrets(main.state, 1)
    assert main.undo()                    # player 2 undoes: back to player 1's turn
    assert main.state.current_player == 0 and main.passing == 0
    texts = sent(boards)
    assert all(b.svg == "" for b in boards) and not leaks(texts, gugong_secrets(main.state, 0))
    assert not leaks(texts, mine)
    assert main.take_seat(0) and main.session.viewer == 0


def test_page_messages_while_passing():
    boards = gugong_widgets.boards(gugong.new_game(players=2, seed=3), hot_seat=True)
    main = boards[0]
    to = _to_pass(main, random.Random(3))
    before = main.state
    action = before.legal_actions()[0].to_json()
    for msg in ({"type": "click", "action": action}, {"type": "target", "target": ["board"]},
                {"type": "why", "action": action}, {"type": "seek", "to": 0},
                {"type": "seat", "seat": 1 - to}):
        main._answer(msg)
        assert main.state is before and main.passing == to
        assert main.message["code"] == "pass-the-screen" and main.message["rule"] == "engine.hot-seat"
        assert "I am" in main.message["text"] and main.svg == ""
    main._answer({"type": "hot-seat", "on": False})       # off would show the next player's board
    assert main.hot_seat and main.message["code"] == "hot-seat"
    main._answer({"type": "code"})
    assert main.message["code"] == "code-after-the-end"
    main._answer({"type": "seat", "seat": to})
    assert main.passing is None and main.session.viewer == to
    assert main.message["kind"] == "ok" and main.svg


def test_switching_hot_seat_on_and_off():
    s = gonzaga.new_game(players=2, seed=5)
    b = gonzaga_widgets.board(s)
    assert not b.hot_seat and b.view["hot_seat"]["on"] is False
    b._answer({"type": "hot-seat", "on": True})
    assert b.hot_seat and b.session.viewer == s.current_player and b.view["hot_seat"]["on"]
    b._answer({"type": "hot-seat", "on": False})
    assert not b.hot_seat and b.session.viewer == "current"
    with pytest.raises(OptionError, match="two seats"):
        gonzaga_widgets.board(s, bots={1: gonzaga.bots.greedy_bot}, hot_seat=True)
    with pytest.raises(OptionError, match="seed"):
        gonzaga_widgets.board(gonzaga.new_game(players=2, seed=5, chance="manual"), hot_seat=True)
    with pytest.raises(OptionError, match="True or False"):
        b.hot_seat = "yes"
    with pytest.raises(OptionError, match="True or False"):
        b.linked(lambda s: s.to_svg(), hot_seat=1)
    assert b.session.views == [b]                     # the refused view is not left in the game
    b.play(b.state.legal_actions()[0])
    one = gonzaga_widgets.board(s, bots={1: gonzaga.bots.greedy_bot})
    assert one.view["hot_seat"] is None                  # one human: no switch offered


def test_corinth_boards_take_the_option():
    harbor, sheets = corinth_widgets.table(corinth.new_game(players=2, seed=1), hot_seat=True)
    assert harbor.hot_seat and sheets.hot_seat and harbor.passing is None


def test_history_and_message_mask_the_secret_for_the_next_player():
    """A Gonzaga plan is committed face down: the next player reads "?" in the history and in
    the message, never the region or the action card."""
    b = gonzaga_widgets.board(gonzaga.new_game(players=2, seed=6), hot_seat=True)
    s = b.state
    plan = s.legal_actions()[5]
    b.play(plan)
    assert b.passing == 1
    b.take_seat()
    region, action = plan.args
    lines = [ln for g in b.view["history"] for ln in g["lines"]]
    mine = lines[-1]
    words = b.state.describe(plan)           # the words that would say the plan
    assert words not in mine["text"] and str(region) not in " ".join(mine["code"])
    assert repr(plan) not in json.dumps(b.view)


def test_the_seed_that_deals_the_secrets_is_not_sent_during_play():
    """Whoever knows the seed can deal the game again and read every hand: in hot-seat play the
    page gets it only at the end."""
    s = gugong.new_game(players=2, seed=4321)
    main, mine = gugong_widgets.boards(s, hot_seat=True)
    assert main.view["info"]["seed"] is None and "4321" not in "".join(sent([main, mine]))
    main.new_game(seed=8765)
    assert "8765" not in main.message["text"] and "8765" not in "".join(sent([main, mine]))
    rng = random.Random(1)
    while not main.state.is_over:
        if main.passing is not None:
            main.take_seat()
        main.play(rng.choice(main.state.legal_actions()))
    assert main.view["info"]["seed"] == 8765 and main.view["result"] is not None
