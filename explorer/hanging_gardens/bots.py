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

import functools
import random
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._determinize import full_state, manual, state_rng
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._actions import (BONUS, DECLINE_A, HIDDEN_A, MOVE, PLACE, PLACE_BY_KEY, SCORE, TAKE,
                       TEMPLE_AT, TILE)
from ._grid import BLANK, W
from ._place import anchor_masks
from ._score import existed_before
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
    worth = _Worth(state, player)
    best = 0.0
    for _, grp in state.pending[2]:
        best = max(best, worth.group(len(grp)))
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
    p = state.mover
    if ph == PLACE:
        return PLACE_BY_KEY[_best_placement(state, p)]
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if ph == TAKE:
        worth = _Worth(state, p)
        return max(acts, key=lambda a: _taken_value(state, p, a, worth))
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
    return TEMPLE_AT[grp[0]]


def _best_place_value(state, player) -> float:
    """After taking a card: the best greedy value of its placements (-1 if it must be discarded)."""
    if state.phase != PLACE:
        return -1.0
    card, anchors = state.pending
    return _card_value(state, player, card, anchors, _Worth(state, player))


def _taken_value(state, player, take: Action, worth) -> float:
    """:func:`_best_place_value` of the state after ``take``, from the card and where it fits."""
    card = state.display[take.args[0] - 1]
    return _card_value(state, player, card, anchor_masks(state, state.gardens[player], card), worth)


def _card_value(state, player, card: int, anchors, worth) -> float:
    """The best :func:`greedy_value` of placing ``card`` at one of ``anchors`` (-1 if there is
    none: the card is discarded), from what each placement makes of the garden
    (:func:`_grown_placements`), without the state after it."""
    if not anchors:
        return -1.0
    g = state.gardens[player]
    left, grown = _grown_placements(state.book, g.grid, g.temples, card, anchors)
    best = worth(_NOTHING) if left else None
    for outcome, _ in grown:
        value = worth(outcome)
        if best is None or value > best:
            best = value
    return best


def _best_placement(state, player) -> int:
    """The key (``anchor * 4 + turn``) of the placement :func:`greedy_bot` chooses in the place
    phase: the largest :func:`greedy_value`, the first in the legal actions' order (the keys'
    order) on a tie. Only when a placement that grows nothing could be among the best are all
    the keys listed."""
    card, anchors = state.pending
    g = state.gardens[player]
    worth = _Worth(state, player)
    left, grown = _grown_placements(state.book, g.grid, g.temples, card, anchors)
    if grown:
        values = [(worth(outcome), min(keys)) for outcome, keys in grown]
        top = max(v for v, _ in values)
        if not left or top > worth(_NOTHING):
            return min(k for v, k in values if v == top)
    value = {k: outcome for outcome, keys in grown for k in keys}
    return max(anchors.keys(), key=lambda k: worth(value.get(k, _NOTHING)))


class _Worth:
    """:func:`greedy_value` of a placement from its outcome (sections grown, sizes of the groups
    it lets ``player`` score), with the tile each group size reaches worked out once: the
    placement changes neither the player's tiles nor the face-up tiles."""

    __slots__ = ("state", "player", "values", "reach")

    def __init__(self, state, player):
        self.state, self.player = state, player
        self.values = None
        self.reach = {}

    def group(self, size: int) -> int:
        """What scoring a group of ``size`` brings: its best tile, plus 4 for the hidden one."""
        got = self.reach.get(size)
        if got is None:
            if self.values is None:
                self.values = next_tile_values(self.state, self.player)
            state = self.state
            got = _best_tile(state, self.values, size, default=5)
            got += 4 if size >= state.book.c["bonus_group"] else 0
            self.reach[size] = got
        return got

    def __call__(self, outcome) -> float:
        grown, sizes = outcome
        if not sizes:
            return 0.1 * grown
        best = 0.0
        for size in sizes:
            best = max(best, self.group(size))
        return best + 1 + 0.1 * grown


_NOTHING = (0, ())
"""The outcome of a placement that grows no group (see :func:`_grown_placements`)."""


@functools.lru_cache(maxsize=256)
def _grown_placements(book, grid: bytes, temples: tuple, card: int, anchors) -> tuple:
    """What the legal placements of ``card`` (``anchors``) in a garden of ``grid`` and
    ``temples`` make of it: how many grow no group, and for the others each distinct outcome
    with the keys (``anchor * 4 + turn``) of the placements that have it. An outcome is
    (sections in groups of two or more that hold a section of the new card, sizes of the groups
    that may then be scored): what :func:`_growth` counts and the groups
    ``_score.eligible_groups`` finds (hanging_gardens.assume.group-eligible). Every placement
    not listed has the outcome ``(0, ())``.

    No state is built: a placement whose motif sections touch no equal motif off the card grows
    only the groups the card makes by itself; any other is written on one copy of the grid, its
    groups found there, and undone."""
    least = book.c["min_group"]
    turns = _card_turns(book, card)
    base, masks = anchors
    count = 0
    out = {}
    buf = None
    for t, m in enumerate(masks):
        count += m.bit_count()
        rows, cols, lines, motifs, probes, still, span = turns[t]
        anchor = base - 1
        while m:                                   # each anchor of this turn, lowest first
            z = (m & -m).bit_length()
            anchor += z
            m >>= z
            for n, code in probes:
                if grid[anchor + n] == code:
                    break
            else:                                  # no motif touches its like off the card
                if still == _NOTHING:
                    continue
                if still is not None:
                    keys = out.get(still)
                    if keys is None:
                        out[still] = [anchor * 4 + t]
                    else:
                        keys.append(anchor * 4 + t)
                    continue
            if buf is None:
                buf = bytearray(grid)
            at = anchor
            for line in lines:
                buf[at:at + cols] = line
                at += W
            grown = 0
            sizes = ()
            seen = ()
            for off, code in motifs:
                i = anchor + off
                if i in seen or (buf[i - 1] != code and buf[i + 1] != code and buf[i - W] != code
                                 and buf[i + W] != code):
                    continue
                grp = [i]
                mine = {i}
                for x in grp:                      # flood fill (as _grid.group_at)
                    n = x - 1
                    if buf[n] == code and n not in mine:
                        mine.add(n)
                        grp.append(n)
                    n = x + 1
                    if buf[n] == code and n not in mine:
                        mine.add(n)
                        grp.append(n)
                    n = x - W
                    if buf[n] == code and n not in mine:
                        mine.add(n)
                        grp.append(n)
                    n = x + W
                    if buf[n] == code and n not in mine:
                        mine.add(n)
                        grp.append(n)
                seen = mine if not seen else seen | mine
                grown += len(grp)
                if len(grp) >= least and mine.isdisjoint(temples) and (
                        grid[i] != code or not existed_before(grid, code, sorted(grp))):
                    sizes += (len(grp),)
            buf[anchor:anchor + span] = grid[anchor:anchor + span]
            keys = out.get((grown, sizes))
            if keys is None:
                out[grown, sizes] = [anchor * 4 + t]
            else:
                keys.append(anchor * 4 + t)
    return count - sum(map(len, out.values())), tuple((o, tuple(keys)) for o, keys in out.items())


@functools.lru_cache(maxsize=1024)
def _card_turns(book, card: int) -> tuple:
    """Per turn of ``card``: its rows, columns and rows of codes; its motif sections as (offset,
    code); the squares next to them off the card as (offset, the motif that would join them);
    the outcome (as :func:`_grown_placements` gives it) of a placement where none of those
    squares shows that motif, when the card alone tells it (None when a group of the card's
    own sections is large enough to score: whether it may depends on what lay under it); and
    the squares from its first to its last (one slice of the grid)."""
    least = book.c["min_group"]
    out = []
    for o in book.orient[card]:
        cells = dict(zip(o.cells, o.codes))
        motifs = []
        probes = []
        for off, code in cells.items():
            if code > BLANK:
                motifs.append((off, code))
                probes += [(n, code) for n in (off - 1, off + 1, off - W, off + W)
                           if n not in cells]
        sizes, seen = [], set()
        for off, code in cells.items():              # the groups the card's sections make
            if code > BLANK and off not in seen:
                grp, todo = {off}, [off]
                for x in todo:
                    for n in (x - 1, x + 1, x - W, x + W):
                        if cells.get(n) == code and n not in grp:
                            grp.add(n)
                            todo.append(n)
                seen |= grp
                if len(grp) >= 2:
                    sizes.append(len(grp))
        still = None if any(n >= least for n in sizes) else (sum(sizes), ())
        span = (o.rows - 1) * W + o.cols
        out.append((o.rows, o.cols, o.lines, tuple(motifs), tuple(probes), still, span))
    return tuple(out)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
