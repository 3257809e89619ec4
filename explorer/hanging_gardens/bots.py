"""Simple players for simulations and for the other seats of a board.

- :func:`random_bot` picks uniformly among the legal actions (at a chance node: an outcome by its
  probability);
- :func:`greedy_bot` plays for the best immediate tile (see :func:`greedy_bot` for its evaluation);
- :func:`play_game` plays a whole game with given bots; :func:`random_playout` finishes a game
  with random moves as fast as the engine allows;
- :func:`position_value` is what a position is worth to a player, and :func:`determinize` deals
  a player's unseen tiles afresh: the state a searcher plays on.

A bot given no generator uses one seeded by the game's seed and the length of its history, so a
game played by the same bots always goes the same way.

>>> end = play_game(3, seed=5, bots=[greedy_bot, random_bot, random_bot])
>>> end.is_over, len(end.scores())
(True, 3)
>>> end = random_playout(new_game(players=4, seed=1), rng=random.Random(2))
>>> end.is_over and replay(end.record()) == end
True
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._determinize import full_state, manual, state_rng
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._actions import BONUS, DECLINE_A, HIDDEN_A, MOVE, PLACE, SCORE, TAKE, TILE
from ._state import HangingGardensState, new_game
from .scoring import next_tile_values

__all__ = ["random_bot", "greedy_bot", "play_game", "random_playout", "greedy_value",
           "position_value", "determinize"]

Bot = Callable[[HangingGardensState], Action]


def random_bot(state: HangingGardensState, rng: random.Random | None = None) -> Action:
    """A uniformly random legal action (at a chance node: an outcome, by its probability)."""
    rng = rng or state_rng(state)
    if state.is_chance_node:
        return state._sample_chance(rng)
    return rng.choice(state.legal_actions())


def random_playout(state: HangingGardensState, rng: random.Random | None = None) -> HangingGardensState:
    """Play uniformly random legal actions until the game ends, chance drawn from ``rng``.

    Runs the rules on one scratch copy of the game (no state per action); every action is logged
    as usual, so ``explorer.replay(end.record())`` gives ``end``. Each move is uniform over the
    legal actions (a placement is drawn without listing them all: a turn weighted by its number
    of anchors, then one of them). Chance follows its exact distribution but comes from ``rng``,
    not from the game's seed, so the result's record says its chance was ``manual`` (chosen).
    """
    if not isinstance(state, HangingGardensState) or state.is_view:
        raise OptionError(f"random_playout needs the full state of a game of The Hanging Gardens, "
                          f"not {shorten(state, 60)}")
    return state._playout(rng or random.Random())


def play_game(players: int, seed: int | None = None, bots: Sequence[Bot] | Bot | None = None,
              **kwargs) -> HangingGardensState:
    """A whole game: ``bots[p]`` chooses for player ``p`` (one bot for every seat if a single
    one; random players if none)."""
    return _bots.play_game(new_game, random_bot, players, seed, bots, **kwargs)


# ---- the greedy player -------------------------------------------------------------------
def greedy_value(state: HangingGardensState, player: int) -> float:
    """The greedy bot's worth of a position just after ``player`` placed a card: the best tile it
    can take now (the largest marginal value, :func:`~explorer.hanging_gardens.scoring.next_tile_values`,
    among the face-up tiles the best scorable group reaches, plus 4 for a hidden bonus tile),
    and a little for growth (0.1 per section in groups of two or more that touch the new card)."""
    if state.phase != SCORE or state.mover != player:
        return _growth(state, player)
    values = next_tile_values(state, player)
    book = state.book
    best = 0.0
    for _, grp in state.pending[2]:
        size = len(grp)
        tile = _best_tile(state, values, size, default=5)
        best = max(best, tile + (4 if size >= book.c["bonus_group"] else 0))
    return best + 1 + _growth(state, player)


def position_value(state: HangingGardensState, player: int) -> float:
    """What the position is worth to ``player``, in points: the points held now (the final score
    at the end) and, while the game goes on, what the turn under way promises, at whichever of
    its steps it stands: with a card to place, the best :func:`greedy_value` of its placements;
    with a group to score, :func:`greedy_value` (the tile it reaches, and a little for the
    groups the last card grew); with a tile, a hidden tile or a temple move to come, the best
    face-up tile the group reaches (plus 4 for a hidden tile still to take) and that growth.
    Each step of a turn is so worth what the greedy bot expects of the turn's end, and a search
    can score a position at any step."""
    p = state.check_player(player)
    value = float(state.scores()[p])
    if state.is_over:
        return value
    if state.mover == p:
        ph = state.phase
        if ph == PLACE:
            return value + max(_best_place_value(state, p), 0.0)
        if ph in (TILE, BONUS, MOVE):
            size = state.pending[1] if ph == MOVE else state.pending[0]
            tile = _best_tile(state, next_tile_values(state, p), size, default=0)
            bonus = 4 if ph != TILE and size >= state.book.c["bonus_group"] else 0
            return value + tile + bonus + _growth(state, p)
    if not state.gardens[p].placed:
        return value
    return value + greedy_value(state, p)


def determinize(state: HangingGardensState, player: int, rng: random.Random) -> HangingGardensState:
    """A full state that ``player``'s view cannot tell from ``state``, the unseen dealt afresh
    from ``rng``: the tiles in the face-down stacks and the bonus tiles the others drew unseen are
    shuffled together and dealt back in the same numbers (the building cards to come are drawn
    when they are turned up). Tiles the others took face up were seen and stay theirs; their
    hidden draws stay masked in the history; chance is ``manual`` from then on, so the searcher
    draws it."""
    from ._view import _masked_log
    player = full_state(state, HangingGardensState, player, rng, "The Hanging Gardens")
    if state.is_over:
        return manual(state)
    others = [q for q in range(state.players) if q != player]
    kinds = len(state.pool)
    unseen = [k for k in range(kinds) for _ in range(state.pool[k])]
    for q in others:
        unseen += [k for k in range(kinds) for _ in range(state.hidden[q][k])]
    unseen.sort()                       # what is dealt depends on the view and rng alone
    rng.shuffle(unseen)
    tiles, hidden = list(state.tiles), list(state.hidden)
    for q in others:
        drawn = [0] * kinds
        for _ in range(sum(hidden[q])):
            drawn[unseen.pop()] += 1
        tiles[q] = tuple(t - h + n for t, h, n in zip(tiles[q], hidden[q], drawn))
        hidden[q] = tuple(drawn)
    pool = [0] * kinds
    for k in unseen:
        pool[k] += 1
    key = ("determinize-log", player)
    log = state._cache.get(key)
    if log is None:
        masked = [q != player for q in range(state.players)]
        log = state._cache[key] = _masked_log(state.log, state.secrets, masked)
    return manual(state, tiles=tuple(tiles), hidden=tuple(hidden), pool=tuple(pool), log=log)


def _best_tile(state, values, size: int, default: float) -> float:
    """The largest of ``values`` (tile kind -> worth) among the face-up tiles a group of ``size``
    reaches (``default`` when none is left there)."""
    book, faceup = state.book, state.faceup
    return max((values[book.tiles[faceup[sp]]] for sp in book.spaces_open(size) if faceup[sp] >= 0),
               default=default)


def _growth(state, player) -> float:
    from ._grid import group_at
    g = state.gardens[player]
    card, anchor, turn = g.placed[-1]
    o = state.book.orient[card][turn]
    seen, total = set(), 0
    for off, code in zip(o.cells, o.codes):
        i = anchor + off
        if code > 1 and i not in seen and g.grid[i] == code:
            grp = group_at(g.grid, i)
            seen.update(grp)
            if len(grp) >= 2:
                total += len(grp)
    return 0.1 * total


def greedy_bot(state: HangingGardensState, rng: random.Random | None = None) -> Action:
    """Best immediate tile value, by these choices:

    - take: the face-up card whose best placement has the best :func:`greedy_value`;
    - place: the placement with the best :func:`greedy_value` (ties: the first in order);
    - score: a temple on the group whose reach holds the most valuable tile (decline only when
      no tile it reaches is worth anything); then the first temple it may move;
    - hidden tile: always taken; face-up tile: the one of largest marginal value;
    - discard: the only choice; chance: drawn from ``rng`` by its probabilities.
    """
    if state.is_chance_node:
        return random_bot(state, rng)
    ph = state.phase
    acts = state.legal_actions()
    p = state.mover
    if len(acts) == 1:
        return acts[0]
    if ph == TAKE:
        return max(acts, key=lambda a: _best_place_value(state._step(a), p))
    if ph == PLACE:
        return max(acts, key=lambda a: greedy_value(state._step(a), p))
    if ph == SCORE:
        values = next_tile_values(state, p)
        book = state.book
        best, choice = 0, DECLINE_A
        for _, grp in state.pending[2]:
            tile = _best_tile(state, values, len(grp), default=5)
            tile += 4 if len(grp) >= book.c["bonus_group"] else 0
            if tile > best:
                best, choice = tile, _temple_on(grp)
        return choice
    if ph == BONUS:
        return HIDDEN_A
    if ph == TILE:
        values = next_tile_values(state, p)
        book = state.book
        return max(acts, key=lambda a: values[book.tiles[state.faceup[book.space_of(*a.args)]]])
    if ph == MOVE:
        return acts[0]
    return acts[0]


def _temple_on(grp) -> Action:
    from ._actions import TEMPLE_AT
    return TEMPLE_AT[grp[0]]


def _best_place_value(state, player) -> float:
    """After taking a card: the best greedy value of its placements (0 if it must be discarded)."""
    if state.phase != PLACE:
        return -1.0
    return max(greedy_value(state._step(a), player) for a in state.legal_actions())


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
