"""The state of a game of Gùgōng: its fields, whose decision it is, and chance.

The rules live by rulebook section: ``_setup`` (Preparar), ``_morning`` (Fase 1), ``_day`` (Fase 2:
turns, the gift exchange, card and location actions), one module per location (``_travel``,
``_wall``, ``_jade``, ``_intrigue``, ``_palace``, ``_decrees``, ``_canal``), ``_evening`` (Fase 3)
and ``_end`` (Fin del juego); ``_servants`` holds the servant and foreman rules, ``_effects`` the
interpreter of printed effects, ``_view`` what each player may see, ``_words`` the sentences and
the board's hooks, ``_explain`` the refusals. ``_core`` holds the agenda that sequences them.

Chance is drawn when it happens, never decided in advance: each Destiny die is one event (its
printed faces equally likely), each travel token drawn from the face-down piles is one event (kinds
weighted by how many are left), and so are each card of the draw pile, each set-up card, each
decree and the start player.

>>> s = new_game(players=3, seed=4)
>>> s.day, s.current_player == s.first, s.phase
(1, True, 'turn')
>>> len(s.seats[s.first].hand), all(k >= 0 for k in s.cities), len(s.stock) == 32 - len(s.cities)
(4, True, True)
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any, Sequence

from .._action import Action
from .._chance import event_rng, weighted
from .._engine import CHANCE as CHANCE_PLAYER, GameInfo, GameState, Log, WordsInModule, cache_field
from .._errors import IllegalAction
from . import (_canal, _day, _decrees, _effects, _end, _evening, _intrigue, _jade,  # noqa: F401
               _morning, _palace, _servants, _setup, _travel, _view, _wall, _words)
from ._actions import CHANCE_KINDS, SIGNATURES
from ._book import Book
from ._core import (CHANCE, DRAWN, EFFECT, FULL, LEGAL, OVER_TASK, Agenda, Draft, Seat,
                    bind_state, IN_ORDER, finish, settle)

__all__ = ["GugongState", "GAME", "RULES_VERSION", "new_game"]

GAME = "gugong"
RULES_VERSION = "1"
PLAYERS = (2, 3, 4, 5)
"""How many may play (new_game refuses other counts)."""


@dataclass(frozen=True, slots=True)
class GugongState(Agenda, WordsInModule, GameState):
    """A position of Gùgōng.

    ``agenda`` is the stack of what happens next (``_core``): its last task says what the game
    waits for (``phase``). Cards, token kinds, cities, houses and decrees are indices into the
    data's tables (``book``); a player's view shows what it hides as -1.
    """

    WORDS = _words
    MASKED = "hidden cards"

    SIGNATURES = SIGNATURES

    info: GameInfo
    log: Log
    agenda: tuple                          # tasks, the next one last
    day: int                               # 1 to 4 (0 during set-up)
    first: int                             # start player of the day (-1 before it is drawn)
    medal: int                             # who took the next-start-player medal today (-1: none)
    seats: tuple[Seat, ...]
    locations: tuple[int, ...]             # the card on each of the 7 locations (board order)
    draw: tuple[int, ...]                  # the gift-card draw pile (face down; sorted)
    cities: tuple[int, ...]                # the token kind on each city (-1: none)
    stock: tuple[int, ...]                 # the 2 face-down token piles, as one stock (sorted)
    spent: tuple[int, ...]                 # traded tokens' discard pile (sorted)
    dice: tuple[int, ...]                  # the Destiny dice's faces (0: not yet rolled)
    houses: tuple[int, ...]                # jade left on each jade house
    decrees: tuple[int, ...]               # the 6 decrees in play, by slot (level 1, 1, 2, 2, 3, 3)
    holders: tuple[tuple[int, ...], ...]   # per decree slot: the players with a servant on it
    wall: tuple[tuple[int, int], ...]      # (player, size) from the left: cube 1, foreman 2
    canal: tuple                           # per route, per port: None or (owner, cubes, foreman)
    secrets: tuple[int, ...] = ()          # the player of each secret action so far, in order
    unseen: tuple = ()                     # in a view: (cards, tokens) the viewer cannot see
    viewer: int = FULL
    book: Book = field(default=None, compare=False, repr=False)
    _cache: dict = cache_field()

    # ---- whose decision --------------------------------------------------------------------
    @property
    def task(self) -> tuple:
        """What the game waits for: the task on top of the agenda."""
        return self.agenda[-1] if self.agenda else OVER_TASK

    @property
    def phase(self) -> str:
        """The kind of decision or chance event due (``turn``, ``price``, ``actions``, ``travel``,
        ``roll``, ...; ``over`` at the end)."""
        return self.task[0]

    @property
    def current_player(self) -> int:
        agenda = self.agenda
        task = agenda[-1] if agenda else OVER_TASK
        code = task[0]
        if code in CHANCE:
            return CHANCE_PLAYER
        if code == "over":
            return max(self.first, 0)
        return task[1]

    @property
    def is_chance_node(self) -> bool:
        agenda = self.agenda
        return bool(agenda) and agenda[-1][0] in CHANCE

    @property
    def is_view(self) -> bool:
        return self.viewer != FULL

    @property
    def game_name(self) -> str:
        return "Gùgōng"

    # ---- scores ----------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """VP so far; at the end the final scores (0 for an envoy outside the palace)."""
        if self.is_over:
            return tuple(_end.final_score(self, p) for p in range(self.players))
        return tuple(_end.total(self, p) for p in range(self.players))

    def score_breakdown(self, player: int) -> dict[str, int]:
        return _end.breakdown(self, self.check_player(player))

    def winners(self) -> tuple[int, ...]:
        return _end.winners(self)

    def result(self):
        return _end.result(self)

    # ---- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        task = self.task
        fn = CHANCE.get(task[0])
        if fn is None or self.is_over:
            return GameState.chance_outcomes(self)
        return weighted(*fn(self, task))

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        got = self._cache.get("chance")
        if got is None:
            task = self.task
            fn = CHANCE.get(task[0])
            if fn is None or self.is_over:
                return GameState.chance_outcomes(self)
            got = self._cache["chance"] = fn(self, task)
        return got

    def _sample_chance(self, rng) -> Action:
        task = self.task
        if self.unseen:
            return GameState._sample_chance(self, rng)
        return DRAWN[task[0]](self, task, rng)

    # ---- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        cached = self._cache.get("legal")
        if cached is None:
            cached = self._listed()
        return list(cached)

    def _listed(self) -> Sequence[Action]:
        """Work out the legal actions (sorted, each once) and keep them."""
        agenda = self.agenda
        if agenda and self.viewer == FULL:
            task = agenda[-1]
            code = task[0]
            if code in CHANCE:
                cached = self._cache["legal"] = self._chance_weights()[0]
                return cached
            if code != "over":
                acts = LEGAL[code](self, task)
                cached = self._cache["legal"] = acts if code in IN_ORDER else finish(acts)
                return cached
        acts = self._legal()
        cached = self._cache["legal"] = (acts if agenda and agenda[-1][0] in IN_ORDER
                                         else finish(acts))
        return cached

    def _listed_here(self, action: Any) -> bool:
        """Whether ``action`` is the very object of one of the legal actions listed (an action
        taken from ``legal_actions()`` is found without comparing it with the others)."""
        legal = self._cache.get("legal")
        if legal is None:
            legal = self._listed()
        return id(action) in map(id, legal)

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """As GameState.why_illegal, with a quick look for the very action objects listed."""
        if self._listed_here(action):
            return None
        return GameState.why_illegal(self, action)

    def apply(self, action: Action) -> GugongState:
        """As GameState.apply: the state after ``action``, or the refusal raised."""
        if not self._listed_here(action):
            err = GameState.why_illegal(self, action)
            if err is not None:
                raise err
        return self._advance(action)

    def _legal_set(self) -> frozenset:
        got = self._cache.get("legal_set")
        if got is None:
            if "legal" not in self._cache:
                self.legal_actions()
            got = self._cache["legal_set"] = frozenset(self._cache["legal"])
        return got

    def _legal(self) -> list[Action]:
        """The legal actions of the task on top (``legal_actions`` sorts them when needed)."""
        task = self.task
        code = task[0]
        fn = CHANCE.get(code)
        if self.viewer != FULL and code != "over" and (fn is not None or task[1] != self.viewer):
            return []                      # a view plays its player's own decisions only
        if fn is not None:
            return list(self._chance_weights()[0])
        if code == "over":
            return []
        return LEGAL[code](self, task)

    def _explain(self, action: Action) -> IllegalAction | None:
        from ._explain import explain
        return explain(self, action)

    # ---- effects ---------------------------------------------------------------------------
    def _step(self, action: Action) -> GugongState:
        d = Draft(self)
        d.agenda.pop()
        EFFECT[action.kind](d, action, self.task)
        settle(d)
        return d.freeze()

    def _advance(self, action: Action, freeze: bool = True) -> GugongState | Draft:
        """As GameState._advance (a trusted apply), on one draft; automatic chance is then drawn
        on it too. The state a bot kept for ``action`` (:meth:`_keep_next`) is given as it is.
        With ``freeze=False``: the settled draft, not frozen, that a bot may read as a state and
        drop."""
        if freeze:
            kept = self._cache.pop("next", None)    # given once: no chain of kept states
            if kept is not None and kept[0] is action:
                return kept[1]
        d = Draft(self)
        agenda = d.agenda
        task = agenda.pop()
        d.log = self.log.add(action, task[0] in CHANCE)
        EFFECT[action.kind](d, action, task)
        settle(d)
        if agenda and agenda[-1][0] in CHANCE and self.info.chance == "auto":
            _settle_draft(d)
        return d.freeze() if freeze else d

    def _keep_next(self, action: Action, after) -> None:
        """Keep the position after ``action`` (an unfrozen draft of :meth:`_advance`, or the state
        it froze into), so that applying ``action`` next does not work it out again."""
        self._cache["next"] = (action, after.freeze() if type(after) is Draft else after)

    def _settle(self) -> GugongState:
        if self.info.chance != "auto" or self.task[0] not in CHANCE:
            return self
        d = Draft(self)
        _settle_draft(d)
        return d.freeze()

    def _playout(self, rng) -> GugongState:
        """Finish the game with uniformly random legal actions, chance drawn from ``rng`` by its
        exact probabilities, on one draft (see :func:`explorer.gugong.bots.random_playout`)."""
        d = Draft(self)
        entries: list = []
        log = entries.append
        pick = rng.random
        collecting = gc.isenabled()
        gc.disable()
        try:
            agenda = d.agenda
            while agenda and agenda[-1][0] != "over":
                task = agenda[-1]
                code = task[0]
                chance = code in CHANCE
                if chance:
                    a = DRAWN[code](d, task, rng)
                else:
                    hint = d._cache
                    if hint is not None and hint[0] is task:
                        acts = hint[1]
                    else:
                        acts = LEGAL[code](d, task)
                        if code not in IN_ORDER:
                            acts = finish(acts)
                    a = acts[floor(pick() * len(acts))]
                log((a, chance))
                d._cache = None
                agenda.pop()
                EFFECT[a.kind](d, a, task)
                settle(d)
                agenda = d.agenda
        finally:
            if collecting:
                gc.enable()
        d.log = self.log.extend(entries)
        if self.info.chance == "auto":
            d.info = self.info.with_chance("manual")
        return d.freeze()

    # ---- what each player may see ------------------------------------------------------------
    def view(self, player: int | None = None) -> GugongState:
        """What ``player`` may see: the other players' hands and discard piles as face-down
        cards (their number, not their values), their face-down travel tokens, the face-down
        token piles and draw pile, and their secret actions masked in the history; ``None``: a
        spectator's view. At the end everything is shown. A view plays its player's own
        decisions only: another player's decision, or a chance event, lists no actions there and
        is refused (code ``players-view``); ``chance_outcomes()`` still gives the viewer's odds."""
        return _view.view(self, player)

    def to_svg(self, interactive: bool = False, **kwargs: Any) -> str:
        """A plain drawing of the position (the locations, the tracks, every player's pieces)."""
        from ._svg import state_svg
        return state_svg(self, interactive)


def _settle_draft(d: Draft) -> None:
    """With automatic chance: every chance event due drawn from its own seeded stream (what
    ``seeded_outcome`` draws), logged and applied, on the draft."""
    info = d.info
    game, seed = info.game, info.seed
    n = d.log.chance_events
    entries = []
    agenda = d.agenda
    while agenda and agenda[-1][0] in CHANCE:
        task = agenda[-1]
        a = DRAWN[task[0]](d, task, event_rng(game, seed, n))
        n += 1
        entries.append((a, True))
        agenda.pop()
        EFFECT[a.kind](d, a, task)
        settle(d)
        agenda = d.agenda
    d.log = d.log.extend(entries)


bind_state(GugongState)
assert set(EFFECT) >= set(SIGNATURES), sorted(set(SIGNATURES) - set(EFFECT))
assert CHANCE_KINDS <= set(SIGNATURES)
new_game = _setup.new_game
