"""The state of a game of The Hanging Gardens: its fields, whose decision it is, and chance.

The rules themselves live by rulebook section: ``_setup`` (set-up), ``_round`` (a round: cards
turned up, taken in order, the start marker), ``_place`` (adding a card to the garden), ``_score``
(groups, temples, point tiles), ``_end`` (the end and the final scoring), ``_view`` (what each
player may see) and ``_words`` (sentences, labels and the board's hooks). Each rule module gives
the phase it handles three things: its legal actions, the effect of each action on a *draft* (a
mutable copy frozen into the next state), and an ``_explain_*`` function that returns the
refusal of an action that is not legal, so ``legal_actions``, ``why_illegal`` and ``apply`` share
one source of truth.

Chance is drawn when it happens, never decided in advance: a building card turned up is one
chance event over the cards still in the stack (each equally likely), a point tile drawn is one
chance event over the tile kinds left in the stacks (weighted by how many of each are left), and
the start player is drawn at set-up.

>>> s = new_game(players=3, seed=4)
>>> s.phase, s.round, s.current_player == s.first
('take', 1, True)
>>> len(s.display), s.heights, len(s.legal_actions())
(3, (21, 22), 3)
"""

from __future__ import annotations

import dataclasses
import gc
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any, NamedTuple

from .._action import Action
from .._chance import event_random, uniform, weighted
from .._engine import CHANCE, GameInfo, GameState, LegalSetFirst, Log, WordsInModule, cache_field
from .._errors import IllegalAction, NotYourTurn
from . import _end, _place, _round, _score, _setup, _view, _words
from ._actions import (BONUS_DRAW, CHANCE_PHASES, DEAL, OVER, PLACE, REFILL, REVEAL, SIGNATURES,
                       START, START_A)
from ._book import Book
from ._grid import W

__all__ = ["HangingGardensState", "Garden", "GAME", "RULES_VERSION"]

GAME = "hanging_gardens"
RULES_VERSION = "1"
PLAYERS = (2, 3, 4)
"""How many may play (new_game refuses other counts)."""
FULL, PUBLIC = -1, -2
"""``viewer`` of the full state, and of the view of someone who plays no seat."""


class Garden(NamedTuple):
    """One player's garden: the top section of every square, the temples, the cards in order.

    In memory ``grid`` holds all ``W * W`` squares; pickled, a garden keeps only the box of rows
    and columns its covered squares span (every square outside it is EMPTY), and ``occ`` and
    ``low`` only where they are not the squares the grid shows covered. It is immutable, so a
    copy, shallow or deep, is the garden itself.
    """

    occ: int                                  # squares covered by a card (bit per square index)
    grid: bytes                               # per square index: EMPTY, BLANK or 2 + motif
    temples: tuple[int, ...]                  # square indices holding this player's temples
    placed: tuple[tuple[int, int, int], ...]  # (card, anchor index, turn), start card first
    low: int                                  # the lowest square index covered (occ's lowest bit)

    def __reduce__(self):
        start, width, box, occ, low = _box(self.grid, self.low, self.occ.bit_length() - 1)
        given = None if (occ, low) == (self.occ, self.low) else (self.occ, self.low)
        return (_garden, (start, width, box, self.temples, self.placed, given))

    def __copy__(self) -> Garden:
        return self

    def __deepcopy__(self, memo: dict) -> Garden:
        return self


_ZEROS = bytes(W * W)
_NONZERO = bytes.maketrans(bytes(range(256)), b"0" + b"1" * 255)


def _box(grid: bytes, first: int, last: int) -> tuple[int, int, bytes, int, int]:
    """The smallest box of squares holding every square of ``grid`` that is not EMPTY: the index
    of its top-left square, its width and its rows' codes one after another; then ``occ`` and
    ``low`` as the grid shows them. ``first`` and ``last``, the lowest and highest squares the
    garden says it covers, spare a scan of the whole grid when the grid bears them out."""
    n = len(grid)
    if not (0 <= first <= last < n and grid[first] and grid[last] and grid[:first] == _ZEROS[:first]
            and grid[last + 1:] == _ZEROS[:n - last - 1]):
        first = n - len(grid.lstrip(b"\0"))
        if first == n:
            return 0, 0, b"", 0, -1
        last = len(grid.rstrip(b"\0")) - 1
    rows = [grid[r * W:(r + 1) * W] for r in range(first // W, last // W + 1)]
    left = min(W - len(row.lstrip(b"\0")) for row in rows)
    right = max(len(row.rstrip(b"\0")) for row in rows)
    start = first // W * W + left
    box = [row[left:right] for row in rows]
    occ, low = _covered(start, bytes(W - (right - left)).join(box))
    return start, right - left, b"".join(box), occ, low


def _covered(start: int, span: bytes) -> tuple[int, int]:
    """``occ`` and ``low`` of a grid EMPTY but for ``span`` from square ``start`` on: one bit per
    square that is not EMPTY, and the lowest such square (-1 for none)."""
    if not span:
        return 0, -1
    return (int(span.translate(_NONZERO)[::-1], 2) << start,
            start + len(span) - len(span.lstrip(b"\0")))


def _garden(start: int, width: int, box: bytes, temples: tuple, placed: tuple,
            given: tuple[int, int] | None) -> Garden:
    """A pickled garden rebuilt: its grid of ``W * W`` squares from the box, ``occ`` and ``low``
    from the grid unless ``given``."""
    span = bytes(W - width).join([box[k:k + width] for k in range(0, len(box), width)]) if width else b""
    grid = b"".join((_ZEROS[:start], span, _ZEROS[start + len(span):]))
    occ, low = _covered(start, span) if given is None else given
    return Garden(occ, grid, temples, placed, low)


@dataclass(frozen=True, slots=True)
class HangingGardensState(LegalSetFirst, WordsInModule, GameState):
    """A position of The Hanging Gardens.

    ``phase`` (one of :data:`~explorer.hanging_gardens.PHASES`) says what the game waits for;
    ``pending`` holds what that phase works on: ``place``: (card, placement keys); ``discard``:
    (card,); ``score``: (card, squares of the new card, eligible groups as (code, squares));
    ``move``: (square the temple goes to, group size, temples that may move); ``bonus``,
    ``bonus-draw``, ``tile``: (group size,); ``refill``: (face-up space,).

    Cards are indices into ``book.card_ids`` (building cards first), tile kinds indices into
    ``book.tiles`` (series kinds first, then persons), squares indices of the grid (``_grid``).
    """

    WORDS = _words
    MASKED = "hidden tiles"

    SIGNATURES = SIGNATURES

    info: GameInfo
    log: Log
    phase: str
    round: int                            # 1 in the first round (0 during set-up)
    first: int                            # the start player of this round (-1 before it is drawn)
    turn: int                             # which turn of the round (index into ``order``)
    order: tuple[int, ...]                # hanging_gardens.round.order: who takes each card
    stack: tuple[int, ...]                # building cards still face down, sorted
    display: tuple[int, ...]              # per card space: the face-up card, or -1 once taken
    gardens: tuple[Garden, ...]
    tiles: tuple[tuple[int, ...], ...]    # per player: point tiles held, by kind
    hidden: tuple[tuple[int, ...], ...]   # per player: of those, the bonus tiles drawn unseen
    unknown: tuple[int, ...]              # per player: tiles held whose kinds this view hides
    missed: tuple[int, ...]               # per player: tiles owed but not taken (none left)
    faceup: tuple[int, ...]               # per face-up tile space: the kind, or -1 when empty
    heights: tuple[int, int]              # tiles left in each face-down stack
    pool: tuple[int, ...]                 # by kind: tiles in the stacks (in a view: unseen)
    discards: tuple[int, ...]             # building cards put back in the box
    pending: tuple
    secrets: tuple[int, ...] = ()         # the player of each hidden draw so far, in order
    viewer: int = FULL
    book: Book = field(default=None, compare=False, repr=False)
    _cache: dict = cache_field()

    # ---- whose decision --------------------------------------------------------------------
    @property
    def mover(self) -> int:
        """The player whose turn of the round it is (-1 during set-up and at the end)."""
        order, turn = self.order, self.turn
        return order[turn] if turn < len(order) else -1

    @property
    def current_player(self) -> int:
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase == OVER:
            return self.first
        return self.mover

    @property
    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES        # never "over"

    @property
    def is_over(self) -> bool:
        """hanging_gardens.end.cards-played, hanging_gardens.end.tiles-run-out."""
        return self.phase == OVER

    @property
    def is_view(self) -> bool:
        """Whether this is a player's view, with what they may not see hidden."""
        return self.viewer != FULL

    @property
    def game_name(self) -> str:
        return "The Hanging Gardens"

    def temples_left(self, player: int) -> int:
        """hanging_gardens.setup.temples: the temples ``player`` has not placed yet."""
        return self.book.c["temples_per_player"] - len(self.gardens[self.check_player(player)].temples)

    # ---- scores ----------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """hanging_gardens.end.reveal: every player's points (the running total before the end;
        in a view, an opponent's face-down tiles count nothing)."""
        return tuple(_end.total(self, p) for p in range(self.players))

    def score_breakdown(self, player: int) -> dict[str, int]:
        """``player``'s points by kind of tile, persons, the guard and missed tiles."""
        return _end.breakdown(self, self.check_player(player))

    def tile_count(self, player: int) -> int:
        """hanging_gardens.assume.tie-tiles: the point tiles ``player`` holds (face down)."""
        p = self.check_player(player)
        return sum(self.tiles[p]) + self.unknown[p]

    def winners(self) -> tuple[int, ...]:
        return _end.winners(self)

    def result(self):
        return _end.result(self)

    # ---- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance event's outcomes with their exact probabilities."""
        return weighted(*self._chance_weights())

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        got = self._cache.get("chance")
        if got is None:
            weigh = _WEIGHTS.get(self.phase)
            if weigh is None:
                return GameState.chance_outcomes(self)
            got = self._cache["chance"] = weigh(self)
        return got

    def _sample_chance(self, rng) -> Action:
        return _draw_outcome(self, rng.random())

    # ---- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, sorted (the rules list them in order, no sort needed)."""
        cached = self._cache.get("legal")
        if cached is None:
            cached = self._cache["legal"] = [] if self.phase == OVER else _LEGAL[self.phase](self)
        return list(cached)

    def _legal_set(self):
        """The legal actions as a set; in the place phase, a test of the anchor masks, and at a
        chance node a test of the pending event (an action is in it exactly when it is in
        ``legal_actions()``)."""
        got = self._cache.get("legal_set")
        if got is None:
            if self.phase == PLACE:
                got = self.pending[1]                  # the anchors test their placements
            elif self.phase in CHANCE_PHASES:              # the test holds the state: not kept
                return _tuple_new(_ChanceTest, (self, _IS_OUTCOME[self.phase]))
            else:
                if "legal" not in self._cache:
                    self.legal_actions()
                got = frozenset(self._cache["legal"])
            self._cache["legal_set"] = got
        return got

    def apply(self, action: Action) -> HangingGardensState:
        """As :class:`~explorer._engine.LegalSetFirst` applies it; at a chance node an outcome
        of the pending event is looked up in the event directly, with no set made."""
        is_outcome = _IS_OUTCOME.get(self.phase)
        if is_outcome is not None and type(action) is Action and is_outcome(self, action):
            return self._advance(action)
        return LegalSetFirst.apply(self, action)

    def _legal(self) -> list[Action]:
        return [] if self.phase == OVER else _LEGAL[self.phase](self)

    def _explain(self, action: Action) -> IllegalAction | None:
        if self.phase in CHANCE_PHASES:
            if action.kind in _CHANCE_KINDS:
                return _EXPLAIN[action.kind](self, action)
            due = self.awaiting_chance()
            return NotYourTurn("chance-pending", "engine.chance",
                               f"Chance first: {due}; a move can be played once that is done.")
        return _EXPLAIN[action.kind](self, action)

    # ---- effects ---------------------------------------------------------------------------
    def _step(self, action: Action) -> HangingGardensState:
        d = _Draft(self)
        _EFFECT[action.kind](d, action)
        return d.freeze()

    def _advance(self, action: Action) -> HangingGardensState:
        """As GameState._advance (a trusted apply), in one allocation; automatic chance is then
        drawn on one draft too."""
        d = _Draft(self)
        d.log = self.log.add(action, self.phase in CHANCE_PHASES)
        _EFFECT[action.kind](d, action)
        if d.phase in CHANCE_PHASES and self.info.chance == "auto":
            _settle_draft(d)
        return d.freeze()

    def _settle(self) -> HangingGardensState:
        if self.phase not in CHANCE_PHASES or self.info.chance != "auto":
            return self
        d = _Draft(self)
        _settle_draft(d)
        return d.freeze()

    def _playout(self, rng) -> HangingGardensState:
        """Finish the game with uniformly random legal actions, chance drawn from ``rng``, on
        one draft (see :func:`explorer.hanging_gardens.bots.random_playout`)."""
        d = _Draft(self)
        entries: list = []
        log = entries.append
        pick = rng.random
        collecting = gc.isenabled()
        gc.disable()
        try:
            while d.phase != OVER:
                phase = d.phase
                if phase in CHANCE_PHASES:
                    a = _draw_outcome(d, pick())
                    log((a, True))
                elif phase == PLACE:
                    a = _place.random_placement(d, pick)
                    log((a, False))
                else:
                    acts = _LEGAL[phase](d)
                    a = acts[floor(pick() * len(acts))]
                    log((a, False))
                _EFFECT[a.kind](d, a)
        finally:
            if collecting:
                gc.enable()
        d.log = self.log.extend(entries)
        if self.info.chance == "auto":
            d.info = self.info.with_chance("manual")
        return d.freeze()

    # ---- what each player may see ------------------------------------------------------------
    def view(self, player: int | None = None) -> HangingGardensState:
        """What ``player`` may see: the other players' point tiles face down (their number, not
        their kinds) and the tiles others drew hidden masked in the history; ``None``: what a
        spectator sees. At the end every tile is turned up (hanging_gardens.end.reveal)."""
        return _view.view(self, player)

    def to_svg(self, interactive: bool = False, **kwargs: Any) -> str:
        """The face-up cards and tiles, and every garden, as static SVG."""
        from ._svg import state_svg
        return state_svg(self, interactive)


# ---- the draft: a mutable copy the effects write on, which becomes the next state ----------------
_FIELDS = tuple(f.name for f in dataclasses.fields(HangingGardensState) if f.name != "_cache")


class _Draft(HangingGardensState):
    """A mutable copy of a state's fields, written in place by the effects (both attribute hooks
    are ``object``'s, so a write goes straight to the slot); ``freeze`` makes it the next state
    (the draft takes the state's class, with a fresh memo, and is not written again)."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(self, s: HangingGardensState):
        self.info = s.info
        self.log = s.log
        self.phase = s.phase
        self.round = s.round
        self.first = s.first
        self.turn = s.turn
        self.order = s.order
        self.stack = s.stack
        self.display = s.display
        self.gardens = s.gardens
        self.tiles = s.tiles
        self.hidden = s.hidden
        self.unknown = s.unknown
        self.missed = s.missed
        self.faceup = s.faceup
        self.heights = s.heights
        self.pool = s.pool
        self.discards = s.discards
        self.pending = s.pending
        self.secrets = s.secrets
        self.viewer = s.viewer
        self.book = s.book

    @property
    def n(self) -> int:
        return self.info.players

    @property
    def mover(self) -> int:
        return self.order[self.turn]

    def freeze(self) -> HangingGardensState:
        """The next state: the draft itself, now frozen (this runs once per action)."""
        self._cache = {}
        self.__class__ = HangingGardensState
        return self


assert set(_FIELDS) <= set(_Draft.__init__.__code__.co_names), \
    "the draft knows every field of the state"


# ---- chance --------------------------------------------------------------------------------
def _start_weights(s) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    n = s.info.players
    return START_A[:n], uniform(n)


_WEIGHTS = {START: _start_weights, REVEAL: _round.reveal_outcomes, DEAL: _score.draw_outcomes,
            BONUS_DRAW: _score.draw_outcomes, REFILL: _score.draw_outcomes}
"""The pending chance event's outcomes and whole-number weights, by phase."""


class _ChanceTest(tuple):
    """Membership in the pending chance event's outcomes without listing them: ``a in test`` is
    ``a in legal_actions()``. A pair (made as a tuple, with no constructor to run): the state and
    its phase's test in :data:`_IS_OUTCOME`."""

    __slots__ = ()

    def __contains__(self, a: object) -> bool:
        s, is_outcome = self
        return is_outcome(s, a)


_tuple_new = tuple.__new__


def _is_start(s, a: Action) -> bool:
    return a in START_A[:s.info.players]


def _is_reveal(s, a: Action) -> bool:
    card = _round.reveal_index(s.book).get(a)
    return card is not None and card in s.stack


def _is_draw(s, a: Action) -> bool:
    kind = _score.draw_index(s.book).get(a)
    return kind is not None and s.pool[kind] > 0


_IS_OUTCOME = {START: _is_start, REVEAL: _is_reveal, DEAL: _is_draw, BONUS_DRAW: _is_draw,
               REFILL: _is_draw}
"""Whether an action is an outcome of the pending chance event, by phase (without listing them:
``is_outcome(s, a)`` is ``a in s.legal_actions()``)."""


def _draw_outcome(s, x: float) -> Action:
    """The outcome of the pending chance event, by its exact probabilities, for ``x``, one
    number drawn uniformly from [0, 1): the outcomes taken in their listed order."""
    phase = s.phase
    if phase == START:
        return START_A[floor(x * s.info.players)]
    if phase == REVEAL:
        return _round.reveal_drawn(s, x)
    return _score.tile_drawn(s, x)


def _settle_draft(d: _Draft) -> None:
    """With automatic chance, every pending chance event drawn from the seed's stream of that
    event (what ``seeded_outcome`` draws), logged, and applied, on the draft."""
    info = d.info
    game, seed = info.game, info.seed
    n = d.log.chance_events
    entries = []
    while d.phase in CHANCE_PHASES:
        a = _draw_outcome(d, event_random(game, seed, n))
        n += 1
        entries.append((a, True))
        _EFFECT[a.kind](d, a)
    d.log = d.log.extend(entries)


def _apply_draw(d: _Draft, a: Action) -> None:
    if d.phase == DEAL:
        _setup.deal_tile(d, a)
    elif d.phase == BONUS_DRAW:
        _score.take_hidden_tile(d, a)
    else:
        _score.refill(d, a)


_CHANCE_KINDS = frozenset(("start", "reveal", "draw"))

_EFFECT = {
    "start": _setup.choose_start, "draw": _apply_draw, "reveal": _round.reveal_card,
    "take": _round.take_card, "place": _place.place_card, "discard": _place.discard_card,
    "temple": _score.place_temple, "move_temple": _score.move_temple, "hidden": _score.ask_hidden,
    "decline": _score.decline, "tile": _score.take_tile,
}

_LEGAL = {
    DEAL: _score.legal_draws, REFILL: _score.legal_draws, BONUS_DRAW: _score.legal_draws,
    START: _setup.legal_start, REVEAL: _round.legal_reveal, **_round.LEGAL, **_place.LEGAL,
    **_score.LEGAL,
}

_EXPLAIN = {
    "start": _setup.explain_start, "reveal": _round.explain_reveal, "draw": _score.explain_draw,
    "take": _round.explain_take, "place": _place.explain_place, "discard": _place.explain_discard,
    "temple": _score.explain_temple, "move_temple": _score.explain_move, "hidden": _score.explain_hidden,
    "decline": _score.explain_decline, "tile": _score.explain_tile,
}

assert set(_EFFECT) == set(_EXPLAIN) == set(SIGNATURES), "every action has an effect and a refusal"
new_game = _setup.new_game
