"""The engine contract every game package follows.

Each game package ``explorer.<game>`` offers::

    new_game(players=n, seed=k, data=None, chance="auto", **options) -> state
    replay(record) -> state                     # also explorer.replay(record)

and its states (frozen, slotted dataclasses built on :class:`GameState`) offer::

    state.legal_actions()      -> list[Action]   sorted; empty when the game is over
    state.why_illegal(action)  -> IllegalAction | None   ask without trying
    state.apply(action)        -> new state      raises IllegalAction; `state` is never changed
    state.current_player       -> int (0-based) or CHANCE while a dice roll/shuffle is due
    state.chance_outcomes()    -> list[(Action, Fraction)]   the pending chance event, exactly
    state.chance_weights(cumulative=False) -> (outcomes, int weights)   the same, as whole numbers
    state.is_over              -> bool
    state.scores()             -> tuple, one entry per player
    state.record()             -> JSON-serialisable dict: game, rules and data versions, seed,
                                  players, options, actions
    state.history              -> tuple of every action so far, chance outcomes included
    state.view(player)         -> what `player` may see (hides secret choices in games with them)
    state.to_svg()             -> static SVG of the board (also shown by _repr_html_)

**Turns of any shape.** ``current_player`` names whoever must decide next, which is how
multi-step turns (several actions by one player), choices other players make mid-turn (the
current player changes, then returns) and simultaneous secret planning (each player commits in
turn while ``view`` hides the others' commitments until they are revealed together) are all
expressed: a game is a sequence of decisions, each by one named player or by chance.

**Chance is explicit.** When a roll or shuffle is due, ``current_player`` is ``CHANCE`` and
``chance_outcomes()`` lists every outcome with its exact probability. With ``chance="auto"``
(the default) ``apply`` resolves chance at once by drawing from a stream seeded by
(game, seed, event number), so the same seed and actions always give the same game; with
``chance="manual"`` the caller applies an outcome of its choice ("what if I roll six sixes?").
Chance outcomes are actions too and are kept in the history and the record, and the record says
which mode made them: replaying an ``auto`` record checks every outcome against what the seed
draws, and a ``manual`` record replays its outcomes as chosen.

**Chance events are small enough to list.** A game splits a large random event into several
smaller ones so that ``chance_outcomes()`` stays short: a roll of many dice is one event per
colour of dice (outcomes are the sorted faces, weighted by multinomial coefficients), a shuffle
is a draw of one card at a time. Probabilities stay exact ``Fraction``s, and the product of the
small events' probabilities is the big event's. A driver written the usual OpenSpiel way then
works with every game::

    state = game.new_game(players=3, seed=1, chance="manual")
    while not state.is_over:
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            state = state.apply(rng.choices(outcomes, weights=probs)[0])
        else:
            state = state.apply(policy(state))

``random.choices`` adds up ``Fraction`` weights slowly, so a driver that samples many games asks
for ``chance_weights()`` instead: the same outcomes in the same order, each with a positive
whole-number weight (how many cards of a kind are left, how many faces of a die show a number;
``weight / sum(weights)`` is the probability exactly). With ``cumulative=True`` the weights come
as running sums, which ``random.choices`` takes without adding anything up::

    while not state.is_over:
        if state.is_chance_node:
            outcomes, cum = state.chance_weights(cumulative=True)
            state = state.apply(rng.choices(outcomes, cum_weights=cum)[0])
        else:
            state = state.apply(policy(state))

**Bad input is refused, never crashes.** Each game declares the arguments of its action kinds
(``SIGNATURES``, see :class:`~explorer._action.Signature`); an action of an unknown kind or with
a wrongly typed argument (``True`` for ``1``, ``"1"`` for ``1``) is refused as
:class:`~explorer.UnknownAction` before any rule is consulted, chance outcomes included. Every
error the explorer raises is an :class:`~explorer.ExplorerError` with a bounded message.

**States travel.** States pickle and deep-copy at any game length (the history is stored flat
when pickled), so they can be sent to worker processes; shipped component data is pickled by
reference and checked against its digest when loaded again.

Example with the engine's small demonstration game:

>>> from explorer import demo
>>> s0 = demo.new_game(players=2, seed=2)
>>> s0.history                      # the opening roll was drawn from the seed
(Action('first', 0),)
>>> s0.current_player, len(s0.legal_actions())
(0, 19)
>>> s1 = s0.apply(demo.claim(0, 0))
>>> s1.history
(Action('first', 0), Action('claim', 0, 0))
>>> err = s1.why_illegal(demo.claim(0, 0))
>>> err.code, err.rule
('cell-taken', 'demo.claim.free')
>>> from explorer import replay
>>> replay(s1.record()) == s1
True
"""

from __future__ import annotations

import dataclasses
import html
import secrets
from fractions import Fraction
from operator import itemgetter
from typing import Any, Iterator, Mapping, Sequence

from ._action import Action, Signature, check_signature
from ._chance import cumulative as cumulative_weights, event_rng, integer_weights, sample
from ._errors import (GameOver, IllegalAction, NotYourTurn, OptionError, RecordError, UnknownAction,
                      shorten)

__all__ = ["CHANCE", "CHANCE_MODES", "GameInfo", "GameState", "WordsInModule", "LegalSetFirst",
           "Log", "Result", "make_info", "cache_field", "check_player", "play", "points_result",
           "run_steps", "PLAYER_COLOURS"]

PLAYER_COLOURS = (("red", "#c0392b"), ("blue", "#2e6fb5"), ("green", "#2e8b3a"),
                  ("yellow", "#d4a400"), ("purple", "#7d3c98"))
"""Default seat colours (name, hex); a game may print other colours on its pieces."""


@dataclasses.dataclass(frozen=True)
class Result:
    """How a game ended (or stands): each player's score by category, the winners, and why.

    ``parts[p]`` maps each of ``categories`` to player ``p``'s points; ``totals[p]`` is their sum
    (or the game's own total); ``winners`` are the players who win (several when shared);
    ``explanation`` says in words how the winner was decided (ties and tie-breaks included) and
    ``rule`` names the rule that decides it.
    """

    categories: tuple[str, ...]
    parts: tuple[Mapping[str, Any], ...]
    totals: tuple[Any, ...]
    winners: tuple[int, ...]
    explanation: str
    rule: str
    final: bool = True

    def to_dict(self, labels: Sequence[str] | None = None) -> dict[str, Any]:
        """A JSON-friendly form, as a board's game-over panel shows it."""
        labels = labels or [f"Player {p + 1}" for p in range(len(self.totals))]
        return {"categories": list(self.categories), "final": self.final,
                "rows": [{"player": p, "label": labels[p], "parts": [_plain(part.get(c, 0))
                                                                    for c in self.categories],
                          "total": _plain(t), "winner": p in self.winners}
                         for p, (part, t) in enumerate(zip(self.parts, self.totals))],
                "winners": list(self.winners), "explanation": self.explanation, "rule": self.rule}


def points_result(state: Any, parts: Sequence[Mapping[str, Any]], winners: Sequence[int],
                  measure: str, count: Any, rules: tuple[str, str, str]) -> Result:
    """The result of a game won on points with one tie-break: ``parts[p]`` is player ``p``'s
    score by category, ``winners`` who wins (the game decides), ``measure`` names the tie-break
    in words ("point tiles", "cities and ports covered": the most wins) and ``count(p)`` gives a
    player's measure; ``rules`` are the rule ids of a plain win, a tie broken by the measure, and
    a shared victory. The explanation says "leads" while the game goes on."""
    cats = tuple(parts[0])
    totals = tuple(sum(part.values()) for part in parts)
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    won = tuple(winners)
    over = state.is_over
    name = state.player_label
    verb = "wins" if over else "leads"
    if len(tied) == 1:
        how, rule = f"{name(won[0])} {verb} with {best} points.", rules[0]
    else:
        names = " and ".join(name(p) for p in tied)
        counts = ", ".join(f"{name(p)} {count(p)}" for p in tied)
        if len(won) == 1:
            how = (f"{names} tie on {best} points; the tie goes to the most {measure} ({counts}): "
                   f"{name(won[0])} {verb}.")
            rule = rules[1]
        else:
            how = (f"{names} tie on {best} points and on {measure} ({counts}): "
                   f"{' and '.join(name(p) for p in won)} "
                   f"{'share the victory' if over else 'share the lead'}.")
            rule = rules[2]
    return Result(cats, tuple(parts), totals, won, how, rule, over)


def _plain(value: Any) -> Any:
    return value if isinstance(value, (int, str)) or value is None else str(value)

CHANCE = -1
"""``current_player`` while a chance event (a roll, a shuffle) is due."""

CHANCE_MODES = ("auto", "manual")
"""How chance outcomes are made: drawn from the seed (``auto``) or chosen by the caller."""

RECORD_FORMAT = "explorer-record/2"
RECORD_FORMATS = ("explorer-record/1", RECORD_FORMAT)
"""Formats :func:`explorer.replay` reads (format 1 records do not say how chance was made)."""


class Log:
    """An immutable action history shared between successive states (O(1) to extend).

    Each link holds the entries added by one step: usually one ``(action, was_chance)`` pair,
    or a whole run of them when a simulation logs many actions at once (:meth:`extend`).

    >>> a, b, c = Action("a"), Action("b"), Action("c")
    >>> log = Log().add(a, False).extend([(b, True), (c, False)])
    >>> log.actions(), len(log), log.chance_events
    ((Action('a'), Action('b'), Action('c')), 3, 1)
    >>> log == Log().add(a, False).add(b, True).add(c, False)
    True
    """

    __slots__ = ("prev", "entries", "length", "chance_events")

    def __init__(self, prev: Log | None = None, action: Action | None = None, chance: bool = False):
        self.prev = prev
        if prev is None:
            self.entries, self.length, self.chance_events = (), 0, 0
        else:
            self.entries = ((action, chance),)
            self.length = prev.length + 1
            self.chance_events = prev.chance_events + (1 if chance else 0)

    def add(self, action: Action, chance: bool) -> Log:
        """This log followed by one action (the constructor's work, without its call)."""
        node = _new_log(Log)
        node.prev = self
        node.entries = ((action, chance),)
        node.length = self.length + 1
        node.chance_events = self.chance_events + 1 if chance else self.chance_events
        return node

    @classmethod
    def of(cls, entries: Sequence[tuple[Action, bool]]) -> Log:
        """A log holding ``entries`` (``(action, was_chance)`` pairs) in one link."""
        return Log().extend(entries)

    def __reduce__(self):
        # flat, never recursive: a long history pickles at the default recursion limit
        return (_log_of, (tuple(self),))

    def __deepcopy__(self, memo: dict) -> Log:
        import copy
        return Log.of(copy.deepcopy(tuple(self), memo))

    def __copy__(self) -> Log:
        return self

    def extend(self, entries: Sequence[tuple[Action, bool]]) -> Log:
        """This log followed by ``entries``, ``(action, was_chance)`` pairs, in one link."""
        if not entries:
            return self
        node = _new_log(Log)
        node.prev = self
        node.entries = entries = tuple(entries)
        node.length = self.length + len(entries)
        node.chance_events = self.chance_events + sum(map(_second, entries))
        return node

    def __iter__(self) -> Iterator[tuple[Action, bool]]:
        runs = []
        node: Log | None = self
        while node is not None and node.prev is not None:
            runs.append(node.entries)
            node = node.prev
        return (entry for run in reversed(runs) for entry in run)

    def actions(self) -> tuple[Action, ...]:
        return tuple(a for a, _ in self)

    def since(self, earlier: Log) -> list[tuple[Action, bool]] | None:
        """The entries added after ``earlier`` when this log continues it (walking only the new
        links), else None."""
        runs = []
        node: Log | None = self
        while node is not None and node is not earlier:
            if node.prev is None or node.length < earlier.length:
                return None
            runs.append(node.entries)
            node = node.prev
        if node is None:
            return None
        return [entry for run in reversed(runs) for entry in run]

    def __len__(self) -> int:
        return self.length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        return self is other or (self.length == other.length and list(self) == list(other))

    def __hash__(self) -> int:
        return hash(self.actions())

    def __repr__(self) -> str:
        return f"Log({len(self)} actions)"


_new_log = object.__new__
_second = itemgetter(1)


def _log_of(entries: tuple) -> Log:
    return Log.of(entries)


def cache_field() -> Any:
    """A per-state memo that is not part of equality and is fresh in every new state."""
    return dataclasses.field(default_factory=dict, init=False, compare=False, repr=False, hash=False)


@dataclasses.dataclass(frozen=True, slots=True)
class GameInfo:
    """What stays fixed for a whole game: which game, versions, seed, players and options."""

    game: str
    rules_version: str
    data_version: str
    seed: int
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    chance: str = dataclasses.field(default="auto", compare=False)
    data: Any = dataclasses.field(default=None, compare=False, repr=False)

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def with_chance(self, chance: str) -> GameInfo:
        """The same game with chance made another way from now on."""
        return self if chance == self.chance else dataclasses.replace(self, chance=chance)


def make_info(game: str, *, rules_version: str, players: Any, allowed_players: Sequence[int],
              seed: Any, chance: str, options: Mapping[str, Any], known_options: Mapping[str, Any],
              data: Any = None, data_version: str = "none") -> GameInfo:
    """Validate ``new_game`` arguments into a :class:`GameInfo`, or raise :class:`OptionError`.

    ``known_options`` maps each option name to its default; an unknown option is an error,
    never silently ignored.
    """
    if type(players) is not int or players not in allowed_players:
        raise OptionError(f"{game} is for {min(allowed_players)}-{max(allowed_players)} players, "
                          f"not {shorten(players, 60)}.")
    seed = checked_seed(seed)
    if type(chance) is not str or chance not in CHANCE_MODES:
        raise OptionError(f"chance must be 'auto' or 'manual', not {shorten(chance, 60)}.")
    unknown = sorted(map(str, set(options) - set(known_options)))
    if unknown:
        raise OptionError(f"{game} has no option(s) {shorten(', '.join(unknown), 120)}; "
                          f"its options are: {', '.join(sorted(known_options)) or 'none'}.")
    merged = {**known_options, **options}
    for name, value in merged.items():
        default = known_options[name]
        if default is not None and type(value) is not type(default):   # None is no value either
            raise OptionError(f"{game} option {name} should be {_kind(default)}, not "
                              f"{shorten(value, 60)}.")
    return GameInfo(game, rules_version, data_version, seed, players,
                    tuple(sorted(merged.items())), chance, data)


MAX_SEED_BITS = 64


def checked_seed(seed: Any) -> int:
    """``seed`` if it is a seed the explorer takes (a non-negative integer of at most 64 bits), a
    fresh one (to be recorded) for None; otherwise an :class:`OptionError` saying so."""
    if seed is None:
        return secrets.randbelow(2**31)
    if type(seed) is not int or seed < 0 or seed.bit_length() > MAX_SEED_BITS:
        raise OptionError(f"seed must be a non-negative integer below 2**{MAX_SEED_BITS}, not "
                          f"{shorten(seed, 60)}.")
    return seed
"""Seeds are below 2**64: large enough for any use, small enough to print and store."""


def _kind(value: Any) -> str:
    return {bool: "true or false", int: "an integer", str: "a text"}.get(type(value),
                                                                         type(value).__name__)


def check_player(state: "GameState", player: Any, what: str = "player") -> int:
    """``player`` if it names a seat of ``state``'s game (0-based), else :class:`OptionError`.

    Public helpers that take a player number call this, so a wrong one is explained, not a crash.
    """
    n = state.info.players
    if type(player) is not int or not 0 <= player < n:
        raise OptionError(f"{what} must be a player number from 0 to {n - 1} (0-based) in this "
                          f"{n}-player game, not {shorten(player, 60)}.")
    return player


class GameState:
    """Base of every game's state class; see the module docstring for the contract.

    A game subclasses this in a ``@dataclass(frozen=True, slots=True)`` with at least the
    fields ``info: GameInfo``, ``log: Log`` and ``_cache: dict = cache_field()``, and provides:

    - ``current_player`` and ``is_over`` (properties) and ``scores()``;
    - ``_legal()``: the legal actions of the player to move (or chance outcomes);
    - ``_explain(action)``: an :class:`IllegalAction` saying why an action that is not legal
      here is refused, naming the rule;
    - ``_step(action)``: the next state for a legal action (``log`` is kept by the base);
    - ``chance_outcomes()`` when the game has chance, and ``to_svg()``.
    """

    __slots__ = ()

    SIGNATURES: Mapping[str, Signature] = {}
    """The game's action kinds and their arguments (an empty mapping skips the check)."""

    # ---- travelling: pickle and deepcopy without the per-state memo ------------------------
    def __reduce__(self):
        cls = type(self)
        return (_rebuild_state, (cls, tuple(getattr(self, f.name) for f in _state_fields(cls))))

    def __deepcopy__(self, memo: dict) -> GameState:
        import copy
        cls = type(self)
        values = copy.deepcopy(tuple(getattr(self, f.name) for f in _state_fields(cls)), memo)
        return _rebuild_state(cls, values)

    # ---- provided by each game -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> tuple:
        raise NotImplementedError

    def _legal(self) -> Sequence[Action]:
        raise NotImplementedError

    def _explain(self, action: Action) -> IllegalAction | None:
        return None

    def _step(self, action: Action) -> GameState:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the pending chance event with its exact probability."""
        raise IllegalAction("no-chance", "engine.chance",
                            "No chance event is due: it is a player's turn.")

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        """The pending chance event as (outcomes, whole-number weights); games override this
        with a cheaper way than reading ``chance_outcomes()``, refusing in the same way."""
        return integer_weights(self.chance_outcomes())

    def _sample_chance(self, rng) -> Action:
        return sample(self.chance_outcomes(), rng)

    def to_svg(self, **kwargs: Any) -> str:
        raise NotImplementedError

    # ---- words and presentation (games refine these; the board uses them) -----------------
    def player_label(self, player: int) -> str:
        """How the board names a seat, e.g. "Player 2 (blue)"."""
        return f"Player {player + 1} ({self.player_colour(player)[0]})"

    def player_colour(self, player: int) -> tuple[str, str]:
        """The seat's colour as (name, hex)."""
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def awaiting(self) -> str:
        """What the game waits for, in words."""
        if self.is_over:
            return "the game is over"
        if self.is_chance_node:
            return self.awaiting_chance()
        return f"{self.player_label(self.current_player)} to play"

    def turn_label(self) -> str:
        """The turn this state is in, as the board's history groups moves (e.g. "Round 2 ·
        Player 3"); consecutive moves with one label form one group."""
        if self.is_chance_node or self.is_over:
            return "Chance" if self.is_chance_node else "End"
        return self.player_label(self.current_player)

    def describe_chance_run(self, actions: Sequence[Action]) -> str:
        """One sentence for a run of consecutive chance events played from this state (a roll
        of several dice, a shuffle)."""
        return " ".join(s.describe(a) for s, a in run_steps(self, actions))

    def choices(self) -> list[tuple[Action, str]]:
        """The legal actions with a sentence each: the board's "what can I do now?" list."""
        return [(a, self.describe(a)) for a in self.legal_actions()]

    def explain_target(self, target: Any) -> IllegalAction | None:
        """The answer to a click on something that is not an action (an opponent's sheet, an
        empty space): why nothing can be played there now, naming the rule. ``target`` is the
        element's ``data-target`` value (a JSON list the game's SVG chose)."""
        return IllegalAction("not-a-choice", "engine.legal",
                             f"Nothing can be played there now: {self.awaiting()}. The choices of "
                             "the moment are listed under \"What can I do now?\".")

    def legend(self) -> list[tuple[str, str]]:
        """The symbols the board draws, each as (a short SVG or text sample, its meaning)."""
        return []

    def score_breakdown(self, player: int) -> dict[str, Any]:
        """``player``'s score by the game's scoring categories."""
        return {"score": self.scores()[self.check_player(player)]}

    def winners(self) -> tuple[int, ...]:
        """The players with the best score (the game's own tie-breaks refine this)."""
        sc = self.scores()
        best = max(sc)
        return tuple(p for p, v in enumerate(sc) if v == best)

    def result(self) -> Result:
        """The score by category, the winners and how they were decided (see :class:`Result`)."""
        parts = tuple(self.score_breakdown(p) for p in range(self.players))
        cats = tuple(dict.fromkeys(c for part in parts for c in part))
        winners = self.winners()
        names = " and ".join(self.player_label(p) for p in winners)
        how = (f"{names} {'win' if len(winners) > 1 else 'wins'} with the most points."
               if self.is_over else f"{names} {'lead' if len(winners) > 1 else 'leads'}.")
        return Result(cats, parts, self.scores(), winners, how, "engine.game-over", self.is_over)

    # ---- the contract ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.info.players

    @property
    def is_chance_node(self) -> bool:
        return not self.is_over and self.current_player == CHANCE

    @property
    def history(self) -> tuple[Action, ...]:
        return self.log.actions()

    @property
    def rules(self):
        from ._rules import catalogue
        return catalogue(self.info.game)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, sorted (chance outcomes at a chance node)."""
        cached = self._cache.get("legal")
        if cached is None:
            cached = [] if self.is_over else sorted(set(self._legal()), key=Action._key)
            self._cache["legal"] = cached
            self._cache["legal_set"] = frozenset(cached)
        return list(cached)

    def _legal_count(self) -> int:
        """How many actions ``legal_actions()`` lists (the remembered list's length, no copy)."""
        got = self._cache.get("legal")
        return len(got if got is not None else self.legal_actions())

    def _legal_set(self) -> frozenset:
        if "legal_set" not in self._cache:
            self.legal_actions()
        return self._cache["legal_set"]

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """None if ``action`` is legal now, else the :class:`IllegalAction` that apply would raise."""
        if not isinstance(action, Action):
            return not_an_action(action)
        if not self.is_over and action in self._legal_set():
            return None
        return self._refusal(action)

    def _refusal(self, action: Action) -> IllegalAction:
        """Why a well-formed-or-not action that is not legal here is refused."""
        err = self.form_error(action)
        if err is not None:
            return err
        if self.is_over:
            return GameOver("game-over", "engine.game-over",
                            f"The game is over; {action} cannot be played.", action)
        err = self._explain(action)
        if err is None:
            if self.is_chance_node:
                err = NotYourTurn("chance-pending", "engine.chance",
                                  f"A chance event is due ({self.awaiting_chance()}); {action} is "
                                  "not one of its outcomes.")
            else:
                err = IllegalAction("not-legal", "engine.legal",
                                    f"{action} is not among the legal actions now.")
        if err.action is None:
            err.action = action
        return err

    def form_error(self, action: Action) -> UnknownAction | None:
        """The refusal of an action of an unknown kind or with wrongly typed arguments, or None."""
        sigs = self.SIGNATURES
        if not sigs:
            return None
        return check_signature(sigs, action, self.game_name)

    @property
    def game_name(self) -> str:
        """The game's name as people write it."""
        return self.info.game

    def awaiting_chance(self) -> str:
        """What the pending chance event is, in words."""
        return "a chance event"

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises :class:`IllegalAction` and leaves ``self`` as it was."""
        err = self.why_illegal(action)
        if err is not None:
            raise err
        return self._advance(action)

    def chance_weights(self, cumulative: bool = False
                       ) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        """The pending chance event as ``(outcomes, weights)``: the outcomes of
        ``chance_outcomes()`` in the same order, each with a positive whole-number weight, its
        probability being ``weight / sum(weights)`` exactly. With ``cumulative=True`` the weights
        come as running sums (the last is the total), as ``random.choices(outcomes,
        cum_weights=...)`` takes them. Both are tuples, shared between calls; no chance event
        due is refused as ``chance_outcomes()`` refuses it."""
        if type(cumulative) is not bool:
            raise OptionError(f"cumulative is True or False, not {shorten(cumulative, 40)}")
        outcomes, weights = self._chance_weights()
        return outcomes, (cumulative_weights(weights) if cumulative else weights)

    def sample_chance(self, rng) -> Action:
        """Draw the pending chance event's outcome from ``rng`` by its exact probabilities."""
        if not self.is_chance_node:
            return self.chance_outcomes()      # raises: no chance event is due
        return self._sample_chance(rng)

    def seeded_outcome(self) -> Action:
        """The outcome this game's seed draws for the pending chance event (what ``auto`` plays)."""
        info = self.info
        return self._sample_chance(event_rng(info.game, info.seed, self.log.chance_events))

    def _advance(self, action: Action) -> GameState:
        """Apply an action already known to be legal, then resolve chance if it is automatic."""
        new = self._step(action)
        return dataclasses.replace(new, log=self.log.add(action, self.is_chance_node))._settle()

    def _settle(self) -> GameState:
        """With automatic chance, resolve every pending chance event from the seeded stream."""
        s = self
        if s.info.chance == "auto":
            while s.is_chance_node:
                outcome = s.seeded_outcome()
                s = dataclasses.replace(s._step(outcome), log=s.log.add(outcome, True))
        return s

    def view(self, player: int | None = None) -> GameState:
        """What ``player`` (a seat, or None for a spectator) may see; games with secret choices
        hide the others' here. A wrong player number is an :class:`~explorer.OptionError`."""
        if player is not None:
            self.check_player(player, "view(player)")
        return self

    def record(self) -> dict[str, Any]:
        """A JSON-serialisable game record; ``explorer.replay`` turns it back into this state."""
        i = self.info
        return {
            "format": RECORD_FORMAT,
            "game": i.game,
            "rules_version": i.rules_version,
            "data_version": i.data_version,
            "seed": i.seed,
            "players": i.players,
            "options": dict(i.options),
            "chance": i.chance,
            "actions": [a.to_json() for a in self.history],
        }

    def describe(self, action: Action) -> str:
        """A sentence for an action, as a board or log shows it."""
        return str(action)

    def explain(self, action: Any) -> str:
        """Why ``action`` is refused, with the rule's text (labelled: the rulebook's, an
        assumption, or the explorer's own); or that it is legal."""
        err = self.why_illegal(action)
        if err is None:
            return f"{action} is legal."
        from ._rules import rule
        return f"{err.message}\n{rule(err.rule).text()}"

    def status(self) -> str:
        """One line: whose turn, or the final scores."""
        if self.is_over:
            return f"Game over. Scores: {', '.join(str(s) for s in self.scores())}"
        if self.is_chance_node:
            return "Chance event due"
        return f"Player {self.current_player + 1} to play"

    def new_like(self, seed: int | None = None) -> GameState:
        """A new game like this one (same game, players, options and data), with ``seed``."""
        from ._record import game_module
        i = self.info
        return game_module(i.game).new_game(players=i.players, seed=seed, data=i.data,
                                            chance=i.chance, **dict(i.options))

    def check_player(self, player: Any, what: str = "player") -> int:
        """``player`` if it names a seat of this game, else :class:`~explorer.OptionError`."""
        return check_player(self, player, what)

    def _repr_html_(self) -> str:
        return (f'<div class="explorer-state" data-game="{self.info.game}">{self.to_svg()}'
                f"<div>{html.escape(self.status())}</div></div>")



def run_steps(state: GameState, actions: Sequence[Action]) -> Iterator[tuple[GameState, Action]]:
    """Each action of a run (a roll, a shuffle) with the state it is played from, for describing
    the run: each is applied once; one the rules refuse is passed over (the next action is
    played from the same state)."""
    for a in actions:
        yield state, a
        try:
            state = state.apply(a)
        except IllegalAction:
            pass

class LegalSetFirst:
    """Mixin for a game's state class with a ``phase`` that is ``"over"`` once the game ends and
    an exact ``_legal_set()`` (an action is in it exactly when ``legal_actions()`` lists it): put
    it before ``GameState`` in the bases. ``why_illegal`` and ``apply`` look an action up in
    that set first, so an action the game listed is applied without another check; anything
    else (not an action, a finished game, an action not in the set) goes through
    :class:`GameState`'s full refusal, naming its rule as before."""

    __slots__ = ()

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """None if ``action`` is legal now, else the :class:`IllegalAction` that apply would
        raise."""
        if not isinstance(action, Action) or self.phase == "over":
            return GameState.why_illegal(self, action)
        got = self._cache.get("legal_set")
        if got is None:
            got = self._legal_set()
        return None if action in got else self._refusal(action)

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises :class:`IllegalAction` (as ``why_illegal`` says)
        and leaves ``self`` as it was."""
        if isinstance(action, Action) and self.phase != "over":
            got = self._cache.get("legal_set")
            if got is None:
                got = self._legal_set()
            if action in got:
                return self._advance(action)
        return GameState.apply(self, action)


class WordsInModule:
    """Mixin for a game's state class whose words live in one module (``WORDS``) and whose
    views hide something (``MASKED``, e.g. "hidden tiles"): put it before ``GameState`` in the
    bases and set both as class attributes. ``WORDS`` provides ``player_label``,
    ``player_colour``, ``awaiting``, ``awaiting_chance``, ``turn_label``, ``describe``,
    ``describe_chance_run``, ``explain_target``, ``legend`` and ``status``, each a function of
    the state first. A view
    cannot be recorded while the game goes on (it would replay with the secrets lost)."""

    __slots__ = ()
    WORDS: Any = None
    MASKED: str = "hidden information"

    def record(self) -> dict[str, Any]:
        if self.is_view and not self.is_over:
            raise RecordError(f"this is a player's view, with {self.MASKED} masked: it cannot be "
                              "replayed; record the full state instead")
        return super().record()

    def player_label(self, player: int) -> str:
        return self.WORDS.player_label(self, player)

    def player_colour(self, player: int) -> tuple[str, str]:
        return self.WORDS.player_colour(self, player)

    def awaiting(self) -> str:
        return self.WORDS.awaiting(self)

    def awaiting_chance(self) -> str:
        return self.WORDS.awaiting_chance(self)

    def turn_label(self) -> str:
        return self.WORDS.turn_label(self)

    def describe(self, action: Action) -> str:
        return self.WORDS.describe(self, action)

    def describe_chance_run(self, actions: Sequence[Action]) -> str:
        return self.WORDS.describe_chance_run(self, actions)

    def explain_target(self, target: Any) -> IllegalAction | None:
        return self.WORDS.explain_target(self, target)

    def legend(self) -> list[tuple[str, str]]:
        return self.WORDS.legend(self)

    def status(self) -> str:
        return self.WORDS.status(self)


def play(state: GameState, *actions: Any) -> GameState:
    """Apply actions in order, each checked like ``apply``; an argument may also be a list or
    tuple of actions (as helpers such as Corinth's ``roll`` return).

    >>> from explorer import demo
    >>> s = play(demo.new_game(players=2, seed=2), demo.claim(0, 0), [demo.claim(1, 0)])
    >>> len(s.history)
    3
    """
    for a in actions:
        if isinstance(a, Action):
            state = state.apply(a)
        elif isinstance(a, (list, tuple)) and all(isinstance(x, Action) for x in a):
            for x in a:
                state = state.apply(x)
        else:
            raise not_an_action(a)
    return state


def not_an_action(value: Any) -> UnknownAction:
    return UnknownAction("not-an-action", "engine.action",
                         f"{shorten(value, 80)} is not an Action; build one with Action(kind, *args) "
                         "or pick one from legal_actions().", value)


_FIELDS_CACHE: dict[type, tuple] = {}


def _state_fields(cls: type) -> tuple:
    """The dataclass fields of a state class that make up its value (not the memo)."""
    fields = _FIELDS_CACHE.get(cls)
    if fields is None:
        fields = _FIELDS_CACHE[cls] = tuple(f for f in dataclasses.fields(cls) if f.name != "_cache")
    return fields


def _rebuild_state(cls: type, values: tuple) -> GameState:
    new = object.__new__(cls)
    for f, v in zip(_state_fields(cls), values):
        object.__setattr__(new, f.name, v)
    if "_cache" in cls.__dataclass_fields__:
        object.__setattr__(new, "_cache", {})
    return new
