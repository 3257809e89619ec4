"""The state of a game of Gonzaga: its fields, whose decision it is, and chance.

The rules live by rulebook section: ``_setup`` (Preparar: the scenario, the objectives, the
decks, the rings), ``_round`` (a round's frame: phase 1, taking the fief, and the end of each
turn and round), ``_plan`` (phase 2: secret planning), ``_order`` (phase 3: the reveal and the
turn order), ``_place`` (phase 4: placing the fief, or the church), ``_wedding`` (the wedding),
``_score`` (points during play), ``_end`` (the Last Turn check, the end and the final scoring),
``_view`` (what each player may see) and ``_words`` (sentences, labels and the board's hooks).
Each rule module gives its phase three things: its legal actions, the effect of each action on a
*draft* (a mutable copy frozen into the next state), and an ``explain_*`` function returning the
refusal of an action that is not legal, so ``legal_actions``, ``why_illegal`` and ``apply``
share one source of truth.

Chance is drawn when it happens, never decided in advance: the scenario tile at set-up (one
event over the tiles for the player count), each hidden objective card (one event per player
over the cards not dealt yet) and each round's fief cards (one event per player over the cards
left in their deck). The position of the Last Turn card follows from the rule (under the sixth
card of its holder's deck), so it is no chance event.

>>> s = new_game(players=3, seed=4)
>>> s.phase, s.round, s.current_player
('plan', 1, 0)
>>> [len(d) for d in s.decks], s.rings, all(f >= 0 for f in s.fiefs)
([11, 11, 11], (6, 6, 6), True)
"""

from __future__ import annotations

import dataclasses
import gc
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any

from .._action import Action
from .._chance import event_random, fraction, uniform
from .._engine import CHANCE, GameInfo, GameState, LegalSetFirst, Log, WordsInModule, cache_field
from .._errors import IllegalAction, NotYourTurn
from . import _end, _place, _plan, _round, _setup, _view, _wedding, _words
from ._actions import (CHANCE_PHASES, FULL, HIDDEN, OBJECTIVE, OVER, PLACE, PLAN,  # noqa: F401
                       PUBLIC, REVEAL, RING, SCENARIO, SIGNATURES)
from ._book import Book, Plan

__all__ = ["GonzagaState", "GAME", "RULES_VERSION", "FULL", "PUBLIC", "HIDDEN"]

GAME = "gonzaga"
RULES_VERSION = "1"
PLAYERS = (2, 3, 4)
"""How many may play (new_game refuses other counts)."""


@dataclass(frozen=True, slots=True)
class GonzagaState(LegalSetFirst, WordsInModule, GameState):
    """A position of Gonzaga.

    ``phase`` (one of :data:`~explorer.gonzaga.PHASES`) says what the game waits for. Hexes are
    indices into ``book.geo`` (the map file's order), fiefs indices into ``book.fief_ids``
    (sorted by number), objective cards into ``book.objective_ids``, scenarios into
    ``book.scenarios``. Bit masks have bit ``i`` for hex ``i``. ``turn`` counts the seats in the
    chance and planning phases (seat order) and the places of ``order`` in phase 4.
    """

    WORDS = _words
    MASKED = "hidden plans and objectives"

    SIGNATURES = SIGNATURES

    info: GameInfo
    log: Log
    phase: str
    round: int                              # 1 in the first round (0 during set-up)
    scenario: int                           # the scenario tile, -1 before it is drawn
    objectives: tuple[int, ...]             # per player: objective card; -1 not dealt; HIDDEN in a view
    decks: tuple[tuple[int, ...], ...]      # per player: fiefs whose cards are still face down
    fiefs: tuple[int, ...]                  # per player: this round's fief (-1 before phase 1)
    plans: tuple                            # per player: Plan or None; MASKED_PLAN in a view
    order: tuple[int, ...]                  # gonzaga.order.by-action: this round's turn order
    turn: int
    resting: tuple[tuple[str, ...], ...]    # per player: planning cards in the middle box
    rings: tuple[int, ...]                  # per player: rings left on the player board
    paid: tuple[int, ...]                   # per player: rings spent on the King's Privilege
    fief_at: bytes                          # per hex: 1 + owner of the fief on it, or 0
    ring_at: bytes                          # per hex: 1 + owner of the ring on it, or 0
    fief_mask: int                          # every hex holding a fief
    cover: tuple[int, ...]                  # per player: hexes their fiefs and rings cover
    ring_mask: tuple[int, ...]              # per player: hexes holding their rings
    pieces: tuple[tuple[tuple[int, int, int, int], ...], ...]   # per player: (fief or -1 for a ring, hex, rotation, round)
    church: tuple[tuple[int, ...], ...]     # per player: fiefs donated to the church
    box: tuple[tuple[int, ...], ...]        # per player: fiefs sent to the box for a wedding
    points: tuple[tuple[int, int, int], ...]  # per player: (cities and ports, sea leagues, church)
    ports_held: tuple[tuple[int, ...], ...]   # per player: ports covered, per sea
    leagues: tuple[int, ...]                # per player: seas whose league they scored (bits)
    last_round: int                         # gonzaga.end.last-round: 0 until declared
    pending: tuple = ()                     # ring phase: (the first ring's hex,)
    viewer: int = FULL
    book: Book = field(default=None, compare=False, repr=False)
    _cache: dict = cache_field()

    # ---- whose decision --------------------------------------------------------------------
    @property
    def mover(self) -> int:
        """The player deciding now (-1 at a chance event and at the end)."""
        ph = self.phase
        if ph == PLAN:
            return self.turn if self.turn < self.players else max(self.viewer, 0)
        if ph == PLACE or ph == RING:
            return self.order[self.turn]
        return -1

    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph in CHANCE_PHASES:
            return CHANCE
        if ph == OVER:
            return self.info.option("oldest", 0)
        return self.mover

    @property
    def is_over(self) -> bool:
        """gonzaga.end.last-round, gonzaga.end.decks-out."""
        return self.phase == OVER

    @property
    def is_view(self) -> bool:
        return self.viewer != FULL

    @property
    def game_name(self) -> str:
        return "Gonzaga"

    @property
    def plan(self) -> Plan | None:
        """The plan of the player deciding in phase 4 (None at other times)."""
        p = self.mover
        return self.plans[p] if p >= 0 and self.phase != PLAN else None

    def card_number(self, player: int) -> int:
        """gonzaga.fief.card-number: the number of ``player``'s fief card this round (0 before
        phase 1)."""
        p = self.check_player(player)
        f = self.fiefs[p]
        return self.book.card_number(f, p) if f >= 0 else 0

    def hex_label(self, q: Any, r: Any = None) -> str:
        """How a board labels hex ``(q, r)`` (or hex index ``q`` alone): a column letter and a
        row number."""
        return _words.hex_label(self, q, r)

    # ---- scores ----------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Every player's points: the score track during play; at the end, with the Gonzaga tile
        and the hidden objectives (gonzaga.end.winner)."""
        if self.phase != OVER:                  # the track: each player's categories so far
            return tuple(map(sum, self.points))
        return tuple(sum(_end.breakdown(self, p).values()) for p in range(self.players))

    def score_breakdown(self, player: int) -> dict[str, int]:
        """``player``'s points by category: cities and ports, sea leagues, church, Gonzaga tile,
        objective (the last two at the end)."""
        return _end.breakdown(self, self.check_player(player))

    def covered(self, player: int) -> int:
        """gonzaga.assume.tie-break-count: the cities and ports ``player``'s fiefs and rings cover."""
        return _end.covered(self, self.check_player(player))

    def largest_group(self, player: int) -> int:
        """gonzaga.assume.connected: the pieces in ``player``'s largest connected group."""
        return _end.largest_group(self, self.check_player(player))

    def uncovered(self) -> int:
        """gonzaga.assume.last-turn-count: cities and ports in flourishing regions that hold
        neither a fief nor a ring."""
        return _end.uncovered(self)

    def last_turn_card(self) -> int | None:
        """How many cards lie above the Last Turn card in its holder's deck (0: on top), or None
        once it is discarded."""
        return _end.last_turn_card(self)

    def winners(self) -> tuple[int, ...]:
        return _end.winners(self)

    def result(self):
        return _end.result(self)

    # ---- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance event's outcomes with their exact probabilities."""
        if self.phase not in CHANCE_PHASES:
            return GameState.chance_outcomes(self)
        acts = _CHANCE_ACTIONS[self.phase](self)
        p = fraction(1, len(acts))
        return [(a, p) for a in acts]

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        if self.phase not in CHANCE_PHASES:
            return GameState.chance_outcomes(self)
        acts = tuple(_CHANCE_ACTIONS[self.phase](self))
        return acts, uniform(len(acts))

    def _sample_chance(self, rng) -> Action:
        return _draw_outcome(self, rng.random())

    # ---- legal actions ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, sorted (the rules list them in order, no sort needed)."""
        cached = self._cache.get("legal")
        if cached is None:
            cached = self._legal()
        return list(cached)

    def _legal_set(self):
        """The legal actions as a set (an action is in it exactly when it is in
        ``legal_actions()``); in phase 4 a test read off the map's tables, which lists them too."""
        cache = self._cache
        got = cache.get("legal_set")
        if got is None:
            if self.phase == PLACE:
                got = cache["legal_set"] = _place.TurnTest(self)
            else:
                self._legal()
                got = cache["legal_set"]
        return got

    def _legal(self) -> list[Action]:
        """The legal actions and their set, worked out together and both kept: in phase 2 the
        set kept with the plans, in phase 4 the listing of the phase's test."""
        cache = self._cache
        phase = self.phase
        if phase == PLACE:
            acts = self._legal_set().listing()
        elif phase == PLAN and not _plan.awaiting_reveal(self):
            acts, cache["legal_set"] = _plan.plan_choices(self)
        else:                   # chance, the second ring, the end, or a view awaiting the reveal
            acts = [] if phase == OVER or phase == PLAN else _LEGAL[phase](self)
            cache["legal_set"] = frozenset(acts)
        cache["legal"] = acts
        return acts

    def _explain(self, action: Action) -> IllegalAction | None:
        if _plan.awaiting_reveal(self):
            return _plan.view_refusal(self, action)
        if self.phase in CHANCE_PHASES and action.kind not in _CHANCE_KINDS:
            return NotYourTurn("chance-pending", "engine.chance",
                               f"Chance first: {self.awaiting_chance()}; {action} can be played "
                               "once that is done.")
        return _EXPLAIN[action.kind](self, action)

    # ---- effects ---------------------------------------------------------------------------
    def _step(self, action: Action) -> "GonzagaState":
        d = _Draft(self)
        _EFFECT[action.kind](d, action)
        return d.freeze()

    def _advance(self, action: Action) -> "GonzagaState":
        """As GameState._advance (a trusted apply), in one allocation; automatic chance is then
        drawn on the same draft."""
        d = _Draft(self)
        d.log = self.log.add(action, self.phase in CHANCE_PHASES)
        _EFFECT[action.kind](d, action)
        if d.phase in CHANCE_PHASES and self.info.chance == "auto":
            _settle_draft(d)
        return d.freeze()

    def _settle(self) -> "GonzagaState":
        if self.phase not in CHANCE_PHASES or self.info.chance != "auto":
            return self
        d = _Draft(self)
        _settle_draft(d)
        return d.freeze()

    def _playout(self, rng) -> "GonzagaState":
        """Finish the game on one draft: uniformly random legal actions, chance drawn from
        ``rng`` (see :func:`explorer.gonzaga.bots.random_playout`)."""
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
                else:
                    if phase == PLACE:
                        a = _place.random_turn(d, pick)
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
    def view(self, player: int | None = None) -> "GonzagaState":
        """What ``player`` may see: the other players' plans not yet revealed and their objective
        cards are hidden, and masked in the history; ``None``: what a spectator sees. At the end
        everything is revealed (gonzaga.end.objective-count): a finished game's view is the full
        state."""
        return _view.view(self, player)

    def to_svg(self, interactive: bool = False, **kwargs: Any) -> str:
        """The map with every piece, the seals and each player's board, as static SVG."""
        from ._svg import state_svg
        return state_svg(self, interactive, **kwargs)


# ---- the draft: a mutable copy the effects write on, frozen into the next state ----------------
_FIELDS = tuple(f.name for f in dataclasses.fields(GonzagaState) if f.name != "_cache")


class _Draft(GonzagaState):
    """A mutable copy of a state's fields, written in place by the effects (both attribute hooks
    are ``object``'s, so a write goes straight to the slot); ``freeze`` makes it the next state
    (the draft takes the state's class, with a fresh memo, and is not written again). Copying
    runs once per action, so its body is written out field by field (generated below from the
    state's fields, so the draft always knows every field)."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    @property
    def n(self) -> int:
        return self.info.players

    def freeze(self) -> GonzagaState:
        self._cache = {}
        self.__class__ = GonzagaState
        return self


def _written_out() -> None:
    code = ["def __init__(self, s):"]
    code += [f"    self.{name} = s.{name}" for name in _FIELDS]
    scope: dict = {}
    exec("\n".join(code), scope)
    _Draft.__init__ = scope["__init__"]


_written_out()


# ---- chance --------------------------------------------------------------------------------
_CHANCE_ACTIONS = {SCENARIO: _setup.scenario_actions, OBJECTIVE: _setup.objective_actions,
                   REVEAL: _round.reveal_actions}


def _draw_outcome(s, u: float) -> Action:
    """The outcome of the pending chance event at ``u`` (``0 <= u < 1``, the one number drawn
    from its stream): every outcome equally likely, the outcomes taken in their listed order."""
    if s.phase == REVEAL:
        return _round.draw_reveal(s, u)
    acts = _CHANCE_ACTIONS[s.phase](s)
    return acts[floor(u * len(acts))]


def _settle_draft(d: _Draft) -> None:
    """With automatic chance, every pending chance event drawn from the seed's stream of that
    event (what ``seeded_outcome`` draws), logged and applied, on the draft."""
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


_CHANCE_KINDS = frozenset(("scenario", "objective", "reveal"))

_EFFECT = {
    "scenario": _setup.draw_scenario, "objective": _setup.deal_objective,
    "reveal": _round.reveal_fief, "plan": _plan.commit, "privilege": _plan.commit,
    "place": _place.place_fief, "church": _place.donate, "ring": _wedding.place_ring,
    "done": _wedding.finish,
}

_LEGAL = {
    SCENARIO: _setup.scenario_actions, OBJECTIVE: _setup.objective_actions,
    REVEAL: _round.reveal_actions, PLAN: _plan.legal_plans, PLACE: _place.legal_turn,
    RING: _wedding.legal_second_ring,
}

_EXPLAIN = {
    "scenario": _setup.explain_scenario, "objective": _setup.explain_objective,
    "reveal": _round.explain_reveal, "plan": _plan.explain_plan, "privilege": _plan.explain_plan,
    "place": _place.explain_place, "church": _place.explain_church, "ring": _wedding.explain_ring,
    "done": _wedding.explain_done,
}

assert set(_EFFECT) == set(_EXPLAIN) == set(SIGNATURES), "every action has an effect and a refusal"
new_game = _setup.new_game
