"""Simple Corinth players for simulations and for the other seats of a board.

- :func:`random_bot` picks uniformly among the legal actions;
- :func:`greedy_bot` plays the turn whose immediate outcome scores best by a simple evaluation
  (points on the sheet now, plus a little for progress toward points);
- :func:`play_game` plays a whole game with given bots; :func:`random_playout` finishes a game
  with random moves as fast as the engine allows;
- :func:`position_value` (also :func:`evaluate`) is what a position is worth to a player, and
  :func:`determinize` the state a searcher plays on (Corinth hides nothing: only the future dice
  are unknown, and they are drawn by the searcher).

A bot given no generator uses one seeded by the game's seed and the length of its history, so a
game played by the same bots always goes the same way.

>>> end = play_game(3, seed=5, bots=[greedy_bot, random_bot, random_bot])
>>> end.is_over, len(end.scores())
(True, 3)
>>> random_playout(new_game(players=2, seed=1), rng=random.Random(2)).is_over
True
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._determinize import full_state, manual, state_rng
from ._book import Book
from ._state import (BUILD, COMPENSATE, DELIVER, OVER, ROLL, STEER, SUPPLY, TAKE, USE, _EFFECT,
                     _LEGAL, CorinthState, _Draft, diamond_value, draw_roll, free_steps, new_game,
                     roll, round_count, sheet_score, sorted_legal, step, steward_cost, walk)
from .market import CELLS, can_reach, first_step_towards, rc, within
from .._checks import raw as _raw

can_reach, first_step_towards, rc, within = map(_raw, (can_reach, first_step_towards, rc, within))

__all__ = ["random_bot", "greedy_bot", "play_game", "random_playout", "random_playout_states",
           "evaluate", "position_value", "determinize"]

Bot = Callable[[CorinthState], Action]


def random_bot(state: CorinthState, rng: random.Random | None = None) -> Action:
    """A uniformly random legal action (at a chance node: a roll, with its true probability)."""
    rng = rng or state_rng(state)
    if state.is_chance_node:
        return state._sample_chance(rng)
    return rng.choice(state.legal_actions())


def random_playout(state: CorinthState, rng: random.Random | None = None) -> CorinthState:
    """Play uniformly random legal actions until the game ends, dice rolls drawn from ``rng``.

    Runs the rules on one scratch copy of the game (no intermediate states); the actions are
    logged as usual, so ``explorer.replay(end.record())`` gives ``end``.

    Each action is drawn uniformly from the legal actions (the set ``legal_actions()`` lists,
    taken in the rules' own order). Rolls follow their exact distribution, drawn in one step
    per colour of dice (``draw_roll``) and logged die by die. The dice come from ``rng``, not
    from the game's seed, so the result's record says its chance was ``manual`` (chosen).
    """
    return state._playout(rng or random.Random())


def random_playout_states(state: CorinthState, rng: random.Random | None = None) -> CorinthState:
    """As :func:`random_playout`, but through ``_advance`` (one immutable state per action);
    the same ``rng`` gives the same game."""
    rng = rng or random.Random()
    pick = rng.random
    s = dataclasses.replace(state, info=state.info.with_chance("manual"))
    while s.phase != "over":
        if s.phase == "roll":
            for a in roll(*draw_roll(s.book.c["white_dice"], s.pending[0], rng)):
                s = s._advance(a)
        else:
            acts = s._legal()
            s = s._advance(acts[int(pick() * len(acts))])
    return s


def play_game(players: int, seed: int | None = None, bots: Sequence[Bot] | Bot | None = None,
              **kwargs) -> CorinthState:
    """A whole game: ``bots[p]`` chooses for player ``p`` (one bot for every seat if a single
    one; random players if none)."""
    return _bots.play_game(new_game, random_bot, players, seed, bots, **kwargs)


# ---- the greedy player -------------------------------------------------------------------
def evaluate(state: CorinthState, player: int) -> float:
    """The player's score now, plus part of the value of unfinished shops, yellow dice and
    buildings whose power is still to come."""
    return _value(state, state.check_player(player))


def _value(s, player: int) -> float:
    """evaluate, of a state or of a draft (the effects' copy of one)."""
    sheet, book = s.sheets[player], s.book
    value = float(sheet_score(sheet, book, player, s.bonus_owner))
    for part in _unfinished_shops(book, sheet.marks):
        value += part
    started, rounds = round_count(s.sheets, book)
    left = 1 - started / max(1, rounds)                 # state.round / max(1, state.rounds)
    value += left * (1.5 * sheet.yellow + 3 * (sheet.buildings & 0b1110).bit_count())
    value += 0.25 * ((sheet.gold_in - sheet.gold_out) % 2 + (sheet.goats_in - sheet.goats_out) % 2)
    # spaces circled since the last diamond count when the next scoring space is reached
    last = sheet.diamonds[-1][1] if sheet.diamonds else 0
    value += 0.4 * (diamond_value(sheet.circled, book) - last)
    return value


position_value = evaluate


@lru_cache(maxsize=1 << 14)
def _unfinished_shops(book: Book, marks: tuple[int, ...]) -> tuple[float, ...]:
    """The value of each started, unfinished shop, in shop order (for evaluate)."""
    symbols, points = book.shop_symbols, book.shop_points
    return tuple(0.6 * points[i] * m / symbols[i] for i, m in enumerate(marks)
                 if m and m < symbols[i])


def determinize(state: CorinthState, player: int, rng: random.Random) -> CorinthState:
    """The state a searcher for ``player`` plays on: ``state`` itself (every player sees the whole
    game), with its chance ``manual``, so the dice to come are drawn by the searcher, not read
    from the game's seed."""
    full_state(state, CorinthState, player, rng, "Corinth")
    return manual(state)


# ---- what the greedy player works out, remembered ----------------------------------------------
# Its choices are a function of the position, so each is worked out once: the choice of a group
# looks each use of it ahead to the end of the turn, and remembers the use chosen, so the turn is
# then played from the memo. Keys hold a position's content, not its history. The lookahead runs
# the effects on drafts, which roll no dice: a turn that ends a round stops before the next roll.
_MEMO: dict = {}
_MEMO_GAME: list = [None]           # the game (its GameInfo) the memo belongs to
_MEMO_LIMIT = 1 << 16
_GUARD = 60                         # actions a finished turn may take at most


def _memo(state) -> dict:
    if _MEMO_GAME[0] is not state.info or len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
        _MEMO_GAME[0] = state.info
    return _MEMO


def _key(s) -> tuple:
    """What the rest of a turn depends on: the position (of a state or a draft)."""
    sheets = s.sheets if type(s) is CorinthState else s.frozen_sheets()
    return (sheets, s.bonus_owner, s.first, s.turn, s.phase, s.harbor, s.pending, s.dice,
            s.winner, s.groups)


def _goes_on(s, player: int) -> bool:
    """Is it still ``player``'s turn (not over, no chance due, no group to take yet)? Of a
    state or a draft."""
    ph = s.phase
    if ph == TAKE or ph == OVER or ph == ROLL:
        return False
    return (s.first if ph == SUPPLY else s.mover) == player


def _finished(d: _Draft, player: int) -> float:
    """The evaluation of ``player``'s turn finished greedily from draft ``d``, written on as the
    turn goes: 1-ply choices, except that the use of a group looks each use ahead to the end of
    the turn (and remembers the one chosen); a Steward's steps walk to the best end."""
    guard = 0
    while _goes_on(d, player) and guard < _GUARD:
        guard += 1
        if d.phase == STEER:
            walk(d, _best_step(d, player))
            continue
        deep = d.phase == USE
        a, nxt, value = _search(d, player, deep)
        if deep and value is not None:      # the use chosen, for the turn to play it
            _memo(d)[(_key(d), player, True)] = a
        if nxt is None:                     # looked ahead to the end of the turn
            return value
        if value is not None and not _goes_on(nxt, player):
            return value
        d = nxt
    return _value(d, player)


def _best_step(state, player: int) -> Action:
    """In the steer phase: the first step toward the best space the move can end on (of a
    state or a draft)."""
    sheet = state.sheets[player]
    left = state.pending[0]
    pos, trail = sheet.route[-1], sheet.trail
    memo = _memo(state)
    key = (pos, trail, left, sheet.circled, sheet.diamonds[-1][1] if sheet.diamonds else 0,
           sheet.yellow < 3)
    got = memo.get(key)
    if got is not None:
        return got
    best, best_val = None, None
    for end in _ends(pos, trail & within(pos, left), left):
        val = _space_value(state, player, end)
        if best_val is None or val > best_val:
            best, best_val = end, val
    got = memo[key] = step(*rc(first_step_towards(pos, trail, left, best)))
    return got


@lru_cache(maxsize=1 << 16)
def _ends(pos: int, trail: int, left: int) -> tuple[int, ...]:
    """The spaces a move of ``left`` steps from ``pos`` can end on, in order (asked with only
    the trail within reach, so that more positions share it)."""
    return tuple(end for end in range(CELLS) if can_reach(pos, trail, left, end))


def _space_value(state, player: int, cell: int) -> float:
    book, sheet = state.book, state.sheets[player]
    kind, n = book.market_kind[cell], book.market_amount[cell]
    if kind == "score":
        return diamond_value(sheet.circled | 1 << cell, book) - (sheet.diamonds[-1][1] if sheet.diamonds else 0)
    if kind == "plus1":
        return 1.2
    if kind in ("gold", "goats"):
        return 0.5 * n + 0.4
    if kind == "yellow":
        return 1.5 if sheet.yellow < 3 else 0.4
    if kind == "goods":
        return 1.0 * n + 0.4
    return 0.0


def _greedy_choice(state: CorinthState, player: int, deep: bool) -> Action:
    if state.phase == STEER:
        return _best_step(state, player)
    memo = _memo(state)
    key = (_key(state), player, deep)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _search(state, player, deep)[0]
    return got


def _search(s, player: int, deep: bool) -> tuple:
    """The greedy choice at ``s`` (a state or a draft, left as it is) as (action, draft, value):
    the draft the action was played on, or None when the rest of the turn was looked ahead
    (``deep``), and the evaluation of the draft or of the rest of the turn; the value is None
    when the action is the only choice (not evaluated)."""
    if type(s) is CorinthState:
        acts = s.legal_actions()                  # remembered by the state apply checks it on
        s = _Draft(s)                             # each action is tried on a copy of it
    else:
        acts = sorted_legal(_LEGAL[s.phase](s))[0]
    if s.phase == USE:                           # consider Steward moves costing at most 1 gold
        sheet, value = s.sheets[player], s.pending[1]
        free = free_steps(sheet, s.book)
        cheap = [a for a in acts if a.kind != "steward" or steward_cost(value, a.args[0], free) <= 1]
        acts = cheap or acts
    if len(acts) == 1:
        d = s.copy()
        _EFFECT[acts[0].kind](d, acts[0])
        return acts[0], d, None
    best, best_val, found = acts[0], None, None
    for a in acts:
        d = s.copy()
        _EFFECT[a.kind](d, a)
        if deep and _goes_on(d, player):
            val = raw = _finished(d, player)
            d = None
        else:
            val = raw = _value(d, player)
        if a.kind == "end_turn":
            val -= 1e-6                           # build when it does not cost value
        if best_val is None or val > best_val + 1e-9:
            best, best_val, found = a, val, (d, raw)
    return (best, *found)


def greedy_bot(state: CorinthState, rng: random.Random | None = None) -> Action:
    """The action whose turn, finished greedily, leaves the best evaluation for the player (at a
    chance node: a roll drawn from ``rng``)."""
    if state.is_chance_node:
        return random_bot(state, rng)
    player = state.current_player
    deep = state.phase in (TAKE, USE, DELIVER, BUILD, COMPENSATE)
    return _greedy_choice(state, player, deep)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "corinth")
