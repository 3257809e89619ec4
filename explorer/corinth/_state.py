"""Corinth's rules: the state, its legal actions, their effects and their refusals.

A round: the first player crosses a turn spot, may buy yellow dice (``buy_yellow(k)``), and the
dice are rolled and sorted onto the harbor. The roll is a run of small chance events, one per die
(``die(colour, face)``, white dice first, each face with probability 1/6), so an OpenSpiel-style
loop can sample it; ``roll(white, yellow)`` gives the events of a whole roll. Then each player in
turn plays a turn made of a few actions:

1. ``take(district)``: take a group of dice off the harbor (always required while groups remain);
2. use it: ``gold()`` / ``goats()``, or ``deliver(shop)`` (one action per shop filled), or
   ``steward(k)`` followed by ``k`` actions ``step(row, col)`` drawing the Steward's path; a
   group whose every use costs gold may be left unused with ``pass``. With no group left, a
   player may ``step`` once in compensation or ``pass`` when the roll gave fewer groups than
   players; otherwise that turn has no action;
3. ``build(name)`` any number of times, then ``end_turn()`` (skipped when nothing can be built).

Points where a player has nothing to decide are passed automatically (no yellow die to buy, no
building to afford, a group that cannot be used at all). Every refusal is an
:class:`~explorer.IllegalAction` naming its rule.

>>> s = new_game(players=3, seed=7)
>>> s.phase, s.current_player, s.legal_actions()
('supply', 0, [Action('buy_yellow', 0), Action('buy_yellow', 1)])
>>> s = s.apply(buy_yellow(0))                 # the roll is drawn from the seed
>>> s.phase, [a.kind for a in s.history[-9:]] == ["die"] * 9
('take', True)
>>> err = s.why_illegal(end_turn())
>>> err.code, err.rule
('must-take', 'corinth.turn.must-take')
"""

from __future__ import annotations

import dataclasses
import gc
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, compress
from math import floor
from operator import attrgetter, eq
from pathlib import Path
from typing import Any, NamedTuple

from .._action import Action, Signature, signatures
from .._chance import event_random
from .._data import DataSet, resolve_data
from .._engine import (CHANCE, GameInfo, GameState, LegalSetFirst, Log, Result, cache_field,
                       make_info)
from .._errors import IllegalAction, NotYourTurn, UnknownAction
from ..dice import count_vectors, multinomial
from ._book import BUILDINGS, SCHEMA, Book
from .harbor import DISTRICTS, GOODS_DISTRICTS, Group, sort_dice
from .market import CELLS, NEIGHBOURS, SIZE, longest_walk, next_steps, rc, within
from .._checks import raw as _raw

sort_dice, longest_walk, next_steps, rc, within = map(    # the rules call them unchecked
    _raw, (sort_dice, longest_walk, next_steps, rc, within))

__all__ = [
    "CorinthState", "Sheet", "new_game", "take", "gold", "goats", "deliver", "steward", "step",
    "build", "buy_yellow", "end_turn", "pass_", "roll", "die", "PHASES", "GAME", "RULES_VERSION",
    "turns_per_round", "plays_turn",
]

GAME = "corinth"
RULES_VERSION = "3"
PLAYERS = (2, 3, 4)
"""How many may play (new_game refuses other counts)."""

SUPPLY, ROLL, TAKE, USE, DELIVER, STEER, COMPENSATE, BUILD, OVER = PHASES = (
    "supply", "roll", "take", "use", "deliver", "steer", "compensate", "build", "over")
EMPTY_HARBOR = (None,) * 6
GOLD_D, GOATS_D = 0, 5                       # harbor indices of the gold and goats districts
TEMPLE, WAREHOUSE, STABLE, STORE = (1 << i for i in range(4))
MAX_YELLOW = 3                               # the yellow dice in the box (corinth.setup.components)
_FACES = (1, 2, 3, 4, 5, 6)
SCORE_CATEGORIES = ("shops", "bonuses", "gold", "goats", "steward", "temple")
"""The parts of the final score, in the rulebook's order (corinth.end.score)."""


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: count(1, "die", "dice") is "1 die".

    >>> count(1, "step"), count(3, "step"), count(2, "die", "dice"), count(0, "goat")
    ('1 step', '3 steps', '2 dice', '0 goats')
    """
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def and_list(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# ---- actions ------------------------------------------------------------------------------
def take(district: str) -> Action:
    """Take the group of dice on ``district`` (gold, orange, blue, purple, green, goats)."""
    return Action("take", district)


def gold() -> Action:
    """Use the taken gold group: gain one gold per die."""
    return _GOLD


def goats() -> Action:
    """Use the taken goats group: gain one goat per die."""
    return _GOATS


def deliver(shop: str) -> Action:
    """Mark goods into ``shop`` (e.g. "purple-2") with the goods being delivered."""
    return Action("deliver", shop)


def steward(steps: int) -> Action:
    """Move the Steward ``steps`` steps with the taken group (gold pays for any adjustment)."""
    return Action("steward", steps)


def step(row: int, col: int) -> Action:
    """Draw the Steward's next step onto market space (row, col)."""
    if type(row) is int and type(col) is int and 0 <= row < SIZE and 0 <= col < SIZE:
        return _STEP[row * SIZE + col]
    return Action("step", row, col)


def build(name: str) -> Action:
    """Build ``name``: temple, warehouse, stable or store."""
    return Action("build", name)


def buy_yellow(k: int) -> Action:
    """As first player, buy ``k`` yellow dice for this round's roll."""
    return Action("buy_yellow", k)


def end_turn() -> Action:
    return _END_TURN


def pass_() -> Action:
    """Decline the compensation step, or leave unused a group whose every use costs gold."""
    return _PASS


def die(colour: str, face: int) -> Action:
    """One chance event of a roll: the next ``colour`` ("white" or "yellow") die shows ``face``."""
    if type(colour) is str and colour in _DIE and type(face) is int and 1 <= face <= 6:
        return _DIE[colour][face - 1]
    return Action("die", colour, face)


def roll(white, yellow=()) -> tuple[Action, ...]:
    """The chance events of a whole roll: each white die, then each yellow die, in the order
    given (play them with :func:`explorer.corinth.play`)."""
    return tuple(die("white", f) for f in white) + tuple(die("yellow", f) for f in yellow)


_GOLD, _GOATS = Action("gold"), Action("goats")
_GOLD_ONLY, _GOATS_ONLY = (_GOLD,), (_GOATS,)
_END_TURN, _PASS = Action("end_turn"), Action("pass")
_TAKE = tuple(take(d) for d in DISTRICTS)
_STEP = tuple(Action("step", *rc(c)) for c in range(CELLS))
_STEWARD = tuple(steward(k) for k in range(CELLS))
_BUY = tuple(buy_yellow(k) for k in range(MAX_YELLOW + 1))
_BUILD = tuple(build(b) for b in BUILDINGS)
_DELIVER: dict[str, Action] = {}
_DIE = {c: tuple(Action("die", c, f) for f in _FACES) for c in ("white", "yellow")}
_DIE_OUTCOMES = {c: tuple((a, Fraction(1, 6)) for a in acts) for c, acts in _DIE.items()}
_DIE_WEIGHTS = (1,) * len(_FACES)
_DIE_SET = {c: frozenset(acts) for c, acts in _DIE.items()}
_HARBORS: dict[tuple, tuple] = {}           # the harbor each roll's (sorted) faces give
_ROLLS_LIMIT = 1 << 16
DISTRICT_INDEX = {d: i for i, d in enumerate(DISTRICTS)}
KINDS = ("buy_yellow", "die", "take", "gold", "goats", "deliver", "steward", "step", "pass",
         "build", "end_turn")
SIGNATURES = signatures(
    Signature("buy_yellow", ("k", int)),
    Signature("die", ("colour", {"white", "yellow"}), ("face", set(_FACES))),
    Signature("take", ("district", str)),
    Signature("gold"), Signature("goats"),
    Signature("deliver", ("shop", str)),
    Signature("steward", ("steps", int)),
    Signature("step", ("row", int), ("col", int)),
    Signature("pass"),
    Signature("build", ("name", str)),
    Signature("end_turn"),
)


def _deliver_action(shop_id: str) -> Action:
    a = _DELIVER.get(shop_id)
    if a is None:
        a = _DELIVER[shop_id] = deliver(shop_id)
    return a


def plays_turn(first: int, turn: int, players: int) -> int:
    """corinth.turn.order, corinth.two.round: who plays turn ``turn`` of a round (the first
    player plays turn 0, and also turn 2 with two players)."""
    if players == 2:
        return 1 - first if turn == 1 else first
    return (first + turn) % players


def turns_per_round(players: int) -> int:
    """corinth.two.round: 3 turns a round with 2 players (first, second, first), else one each."""
    return 3 if players == 2 else players


# _ORDERS[players][first]: who plays each turn of the round (plays_turn, turn by turn)
_ORDERS = {n: tuple(tuple(plays_turn(first, t, n) for t in range(turns_per_round(n)))
                    for first in range(n))
           for n in (2, 3, 4)}


# ---- a player's score sheet ---------------------------------------------------------------
class Sheet(NamedTuple):
    """One player's score sheet, as pencil marks."""

    marks: tuple[int, ...]          # goods symbols marked, per shop
    gold_in: int                    # gold symbols circled (the starting coin included)
    gold_out: int                   # gold symbols crossed out (spent)
    goats_in: int
    goats_out: int
    buildings: int                  # bit i set: BUILDINGS[i] is built
    yellow: int                     # yellow dice earned in the market
    route: tuple[int, ...]          # the Steward's line, space by space, from the centre
    trail: int                      # spaces crossed by the line (bit mask)
    circled: int                    # spaces circled (bit mask)
    diamonds: tuple[tuple[int, int], ...]   # (scoring space, points written), in order
    turns: int                      # turn-track spots crossed out

    @property
    def gold(self) -> int:
        return self.gold_in - self.gold_out

    @property
    def goats(self) -> int:
        return self.goats_in - self.goats_out

    @property
    def pos(self) -> int:
        return self.route[-1]

    def built(self, name: str) -> bool:
        return bool(self.buildings >> BUILDINGS.index(name) & 1)

    def evolve(self, **changes: Any) -> Sheet:
        """A copy with some entries changed (like NamedTuple._replace, but quicker)."""
        values = list(self)
        for name, value in changes.items():
            values[_SHEET_INDEX[name]] = value
        return _tuple_new(Sheet, values)


_SHEET_INDEX = {name: i for i, name in enumerate(Sheet._fields)}
_tuple_new = tuple.__new__


def _bits(m: int) -> int:
    return m.bit_count()


# ---- rule queries (used by legality and effects alike) ------------------------------------
def open_shops(sheet: Sheet, book: Book, g: int) -> tuple[int, ...]:
    """corinth.deliver.finish-shop: the started shop of district g if any, else every unfinished one."""
    return _open_shops(book, g, book.district_marks[g](sheet.marks))


@lru_cache(maxsize=1 << 12)
def _open_shops(book: Book, g: int, marks: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for i, m in zip(book.district_shops[g], marks):
        if m:
            if m < book.shop_symbols[i]:
                return (i,)
        else:
            out.append(i)
    return tuple(out)


def district_room(sheet: Sheet, book: Book, g: int) -> int:
    """corinth.deliver.surplus: how many more goods district g can take."""
    return book.district_symbols[g] - sum(book.district_marks[g](sheet.marks))


def free_steps(sheet: Sheet, book: Book) -> int:
    """corinth.build.stable: steps the Stable adds or removes for free."""
    return book.c["stable_free_steps"] if sheet.buildings & STABLE else 0


def steward_cost(value: int, steps: int, free: int) -> int:
    """corinth.steward.gold: gold needed to turn a group's value into ``steps`` steps."""
    paid = abs(steps - value) - free
    return paid if paid > 0 else 0


def steward_span(sheet: Sheet, book: Book, value: int) -> tuple[int, int]:
    """corinth.steward.gold, corinth.steward.full-move: the step counts that are affordable and
    have a complete path, as (shortest, longest); no move is possible when shortest > longest.

    Gold widens the count both ways from the group's value; the longest walk bounds it above
    (a path of k steps holds paths of every shorter length, its beginnings)."""
    reach = free_steps(sheet, book) + (sheet.gold_in - sheet.gold_out) // book.c["steps_per_gold"]
    shortest = value - reach
    return (shortest if shortest > 1 else 1,
            longest_walk(sheet.route[-1], sheet.trail, value + reach))


def steward_steps(sheet: Sheet, left: int) -> tuple[int, ...]:
    """corinth.steward.no-crossing, corinth.steward.full-move: spaces the next step may enter."""
    return next_steps(sheet.route[-1], sheet.trail, left)


def affordable(sheet: Sheet, book: Book) -> tuple[int, ...]:
    """corinth.build.cost, corinth.build.once: buildings the player can build now."""
    return _affordable(book.building_cost, sheet.buildings, sheet.gold_in - sheet.gold_out,
                       sheet.goats_in - sheet.goats_out)


@lru_cache(maxsize=1 << 14)
def _affordable(costs: tuple, built: int, gold: int, goats: int) -> tuple[int, ...]:
    return tuple(i for i, (cg, ct) in enumerate(costs) if not built >> i & 1 and cg <= gold and ct <= goats)


def max_yellow_buy(sheet: Sheet, book: Book) -> int:
    """corinth.supply.buy-yellow: up to 3 yellow dice in all, 1 gold each."""
    c = book.c
    k = c["max_yellow_bought"]
    unearned = c["yellow_dice"] - sheet.yellow
    if unearned < k:
        k = unearned
    affordable = (sheet.gold_in - sheet.gold_out) // c["yellow_die_cost"]
    if affordable < k:
        k = affordable
    return k if k > 0 else 0


def diamond_value(circled: int, book: Book) -> int:
    """corinth.market.score-first/-next: circled spaces, plus one more per circled +1 space."""
    return _bits(circled) + _bits(circled & book.plus1_mask)


def sheet_score(sheet: Sheet, book: Book, player: int, bonus_owner: tuple[int, ...]) -> int:
    """corinth.end.score: shops + bonuses + gold/2 + goats/2 + Steward + Temple."""
    return _own_points(sheet, book) + _bonuses(book, bonus_owner).get(player, 0)


def _own_points(sheet: Sheet, book: Book) -> int:
    """A sheet's points but its bonuses (corinth.end.score): shops + gold/2 + goats/2 + Steward
    + Temple."""
    c = book.c
    points = (_shop_points(book, sheet.marks)
              + (sheet.gold_in - sheet.gold_out) // c["gold_per_point"]
              + (sheet.goats_in - sheet.goats_out) // c["goats_per_point"])
    if sheet.diamonds:
        points += sheet.diamonds[-1][1]                                 # corinth.steward.score-last
    if sheet.buildings & TEMPLE:
        points += c["temple_points"] * _bits(sheet.buildings)
    return points


@lru_cache(maxsize=256)
def _bonuses(book: Book, bonus_owner: tuple[int, ...]) -> dict[int, int]:
    """Each player's bonus points (corinth.end.score): the bonuses of the goods districts they
    circled first, by player (read only; players without any are left out)."""
    got: dict[int, int] = {}
    for b, o in zip(book.bonus, bonus_owner):
        if o >= 0:
            got[o] = got.get(o, 0) + b
    return got


def round_count(sheets, book: Book) -> tuple[int, int]:
    """(rounds started so far, rounds the game lasts) for these sheets (one per player): the
    turns each player has crossed on the turn track, and one round per free spot of every
    player's track (with four players some spots are crossed before the game)."""
    players = len(sheets)
    pre = book.crossed_with_four if players == 4 else 0
    started = 0
    for sheet in sheets:
        started += sheet.turns - pre
    return started, players * (book.spots - pre)


def _shop_points(book: Book, marks: tuple[int, ...]) -> int:
    """The points of every complete shop (corinth.end.score): those whose marks equal its
    symbols."""
    return sum(compress(book.shop_points, map(eq, marks, book.shop_symbols)))


# ---- the state ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CorinthState(LegalSetFirst, GameState):
    """A Corinth position: the harbor, every score sheet, and whose decision is next.

    ``phase`` is one of :data:`PHASES`; ``pending`` holds what the phase is working on:
    ``roll``: (yellow dice rolled, white faces so far, yellow faces so far); ``use``: (district
    index, value, dice);
    ``deliver``: (goods district index, goods left); ``steer``: (steps left,).
    """

    SIGNATURES = SIGNATURES

    info: GameInfo
    log: Log
    sheets: tuple[Sheet, ...]
    bonus_owner: tuple[int, ...]        # per goods district: the player who circled it, or -1
    first: int                          # first player of the round
    turn: int                           # turn number within the round
    phase: str
    harbor: tuple                       # Group or None per district (DISTRICTS order)
    pending: tuple
    dice: tuple[int, int, int]          # dice rolled, taken and removed so far
    winner: int = -1                    # corinth.supply.all-equal: the instant winner
    groups: int = 0                     # groups this round's roll put on the harbor
    book: Book = field(default=None, compare=False, repr=False)
    _cache: dict = cache_field()

    # ---- whose decision --------------------------------------------------------------------
    def turn_player(self, t: int | None = None) -> int:
        """corinth.turn.order, corinth.two.round: who plays turn ``t`` of this round."""
        return plays_turn(self.first, self.turn if t is None else t, self.info.players)

    @property
    def mover(self) -> int:
        """The player of this turn of the round (``turn_player()``), read by the rules the same
        way on a state and on a draft."""
        return plays_turn(self.first, self.turn, self.info.players)

    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph == ROLL:
            return CHANCE
        if ph == SUPPLY or ph == OVER:
            return self.first
        return self.turn_player()

    @property
    def is_over(self) -> bool:
        """corinth.end.track-full, corinth.supply.all-equal."""
        return self.phase == OVER

    @property
    def round(self) -> int:
        """Rounds started so far (1 in the first round)."""
        return round_count(self.sheets, self.book)[0]

    @property
    def rounds(self) -> int:
        """How many rounds the game lasts (one per free turn-track spot of every player)."""
        return round_count(self.sheets, self.book)[1]

    # ---- scores -----------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """corinth.end.score (corinth.end.running-score before the end)."""
        book = self.book
        bonus = _bonuses(book, self.bonus_owner)
        return tuple(_own_points(s, book) + bonus.get(p, 0) for p, s in enumerate(self.sheets))

    def winners(self) -> tuple[int, ...]:
        """corinth.end.winner, corinth.end.tie-break, corinth.supply.all-equal (leaders while playing)."""
        if self.winner >= 0:
            return (self.winner,)
        sc = self.scores()
        best = max(sc)
        tied = [p for p, v in enumerate(sc) if v == best]
        most = max(self.sheets[p].gold for p in tied)
        return tuple(p for p in tied if self.sheets[p].gold == most)

    def score_breakdown(self, player: int) -> dict[str, int]:
        """The parts of ``player``'s score (corinth.end.score)."""
        s, b, c = self.sheets[self.check_player(player)], self.book, self.book.c
        return {
            "shops": sum(p for p, m, n in zip(b.shop_points, s.marks, b.shop_symbols) if m == n),
            "bonuses": sum(v for v, o in zip(b.bonus, self.bonus_owner) if o == player),
            "gold": s.gold // c["gold_per_point"],
            "goats": s.goats // c["goats_per_point"],
            "steward": s.diamonds[-1][1] if s.diamonds else 0,
            "temple": c["temple_points"] * _bits(s.buildings) if s.buildings & TEMPLE else 0,
        }

    # ---- chance -----------------------------------------------------------------------------
    def die_due(self) -> str:
        """corinth.supply.roll: the colour of the next die to roll (white dice first)."""
        return "white" if len(self.pending[1]) < self.book.c["white_dice"] else "yellow"

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """corinth.supply.roll: the next die's six faces, each with probability 1/6."""
        if self.phase != ROLL:
            return GameState.chance_outcomes(self)
        return list(_DIE_OUTCOMES[self.die_due()])

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        if self.phase != ROLL:
            return GameState.chance_outcomes(self)
        return _DIE[self.die_due()], _DIE_WEIGHTS

    def _sample_chance(self, rng) -> Action:
        return _DIE[self.die_due()][floor(rng.random() * 6.0)]

    def awaiting_chance(self) -> str:
        if self.phase != ROLL:
            return "no chance event"
        white_n, yellow_n = self.book.c["white_dice"], self.pending[0]
        colour = self.die_due()
        k = len(self.pending[1]) if colour == "white" else len(self.pending[2])
        n = white_n if colour == "white" else yellow_n
        return f"{colour} die {k + 1} of {n} is next"

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, sorted (each distinct list is sorted once and remembered,
        keyed by what it depends on)."""
        got = self._cache.get("legal")
        if got is None:
            got = self._legal_pair()[0]
        return list(got)

    def _legal_set(self) -> frozenset:
        got = self._cache.get("legal_set")
        if got is None:
            if self.phase == ROLL:                  # a die's faces: one set per colour
                return _DIE_SET[self.die_due()]
            got = self._legal_pair()[1]
        return got

    @property
    def is_chance_node(self) -> bool:
        return self.phase == ROLL                   # (current_player is CHANCE exactly then)

    def _legal_pair(self) -> tuple[tuple[Action, ...], frozenset]:
        """The legal actions sorted, and as a set (see sorted_legal)."""
        pair = sorted_legal(_LEGAL[self.phase](self))
        cache = self._cache
        cache["legal"], cache["legal_set"] = pair
        return pair

    # ---- legal actions ----------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    @property
    def game_name(self) -> str:
        return "Corinth"

    def _explain(self, action: Action) -> IllegalAction | None:
        if self.phase == ROLL:
            return _explain_roll_due(self, action)
        return _EXPLAIN[action.kind](self, action)

    # ---- effects ----------------------------------------------------------------------------
    def _step(self, action: Action) -> CorinthState:
        d = _Draft(self)
        _EFFECT[action.kind](d, action)
        return d.freeze()

    def _advance(self, action: Action) -> CorinthState:
        """As GameState._advance (a trusted apply), in one allocation: automatic chance is
        rolled on the same draft."""
        d = _Draft(self)
        _EFFECT[action.kind](d, action)
        d.log = self.log.add(action, self.phase == ROLL)
        if d.phase == ROLL and d.info.chance == "auto":
            _settle_draft(d)
        return d.freeze()

    def _settle(self) -> CorinthState:
        """As GameState._settle: with automatic chance, roll each die from the seeded stream of
        its own event (``seeded_outcome``), all on one draft."""
        if self.phase != ROLL or self.info.chance != "auto":
            return self
        d = _Draft(self)
        _settle_draft(d)
        return d.freeze()

    def _playout(self, rng) -> CorinthState:
        """Finish the game with uniformly random legal actions, dice drawn from ``rng``
        (by :func:`draw_roll`).

        The same effect functions as ``apply`` run on one draft (no state per action), the
        sheets written in place, and the actions are logged as usual, so the result replays
        exactly.
        """
        d = _Draft(self)
        history = []
        log_action = history.append
        pick = rng.random
        white = self.book.c["white_dice"]
        legal, effect = _LEGAL, _EFFECT
        # The loop makes many short-lived objects and no reference cycles: with the cyclic
        # garbage collector paused it is not scanning them over and over.
        collecting = gc.isenabled()
        gc.disable()
        try:
            phase = d.phase
            while phase != OVER:
                if phase == ROLL:
                    w, y = draw_roll(white, d.pending[0], rng)
                    history += _die_events(w, y)
                    sort_roll(d, w, y)
                else:
                    acts = legal[phase](d)
                    a = acts[floor(pick() * len(acts))]
                    log_action((a, False))
                    effect[a.kind](d, a)
                phase = d.phase
        finally:
            if collecting:
                gc.enable()
        d.log = self.log.extend(history)
        if self.info.chance == "auto":        # the dice came from rng, not from the seed
            d.info = self.info.with_chance("manual")
        return d.freeze()

    # ---- words ------------------------------------------------------------------------------
    def player_label(self, player: int) -> str:
        """How the board names a seat, e.g. "Player 2 (blue)", in the colour its sheet is drawn
        with (Corinth's score sheets print no seat colours)."""
        p = self.check_player(player)
        return f"Player {p + 1} ({self.player_colour(p)[0]})"

    def turn_label(self) -> str:
        """The turn this state is in, e.g. "Round 3 · Player 2 (blue)": the first player's yellow
        dice and roll belong to their own turn of the round."""
        if self.phase == OVER:
            return "End of the game"
        who = self.first if self.phase in (SUPPLY, ROLL) else self.mover
        return f"Round {self.round} · {self.player_label(who)}"

    def _who(self) -> str:
        p = self.current_player
        return f"Player {(p if p >= 0 else self.first) + 1}"

    def _no_yellow_offered(self) -> str:
        """Why the first player was offered no yellow dice this round (the supply decision was
        skipped), or "" when they were offered some; known until the first group is taken."""
        if self.phase == ROLL:
            rolled = self.pending[0]
        elif self.phase == TAKE and self.turn == 0:
            rolled = sum(g.yellow for g in self.harbor if g)
        else:
            return ""
        sheet, c = self.sheets[self.first], self.book.c
        if rolled != sheet.yellow or max_yellow_buy(sheet, self.book):
            return ""                       # some were bought, or buying was offered
        who = f"Player {self.first + 1}"
        if sheet.yellow >= c["yellow_dice"]:
            return (f"{who} already rolls all {c['yellow_dice']} yellow dice, earned in the "
                    "market")
        return f"{who} has no gold, and a yellow die costs {c['yellow_die_cost']} gold"

    def awaiting(self) -> str:
        """What the game waits for, in words."""
        ph = self.phase
        if ph == OVER:
            return "the game is over"
        if ph == ROLL:
            why = self._no_yellow_offered()
            return (f"the dice are being rolled for {self.player_label(self.first)}: "
                    f"{self.awaiting_chance()}" + (f" (no yellow dice were offered: {why})"
                                                   if why else ""))
        p = self.player_label(self.current_player)
        if ph == SUPPLY:
            k = max_yellow_buy(self.sheets[self.first], self.book)
            return (f"{p}, as first player, decides how many yellow dice to buy (up to {k}, "
                    f"{self.book.c['yellow_die_cost']} gold each)")
        if ph == TAKE:
            why = self._no_yellow_offered()
            return (f"{p} must take a group of dice from the harbor"
                    + (f" (no yellow dice were offered: {why})" if why else ""))
        if ph == USE:
            i, v, n = self.pending
            group = f"the {DISTRICTS[i]} group ({count(n, 'die', 'dice')} showing {v})"
            if _PASS in self._legal_set():
                return (f"{p} may pay gold for a Steward move with {group}, or leave it unused "
                        "(pass)")
            return f"{p} must use {group}"
        if ph == DELIVER:
            g, left = self.pending
            return (f"{p} must choose a {GOODS_DISTRICTS[g]} shop for "
                    f"{count(left, 'more good', 'more goods')}")
        if ph == STEER:
            return f"{p} must draw the Steward's next step ({count(self.pending[0], 'step')} left)"
        if ph == COMPENSATE:
            return f"{p} may move the Steward 1 step in compensation, or pass"
        return f"{p} may build or end the turn"

    def status(self) -> str:
        if self.is_over:
            return (f"Game over. Scores: {', '.join(map(str, self.scores()))}. "
                    f"{self.result().explanation}")
        return f"Round {self.round}/{self.rounds}: {self.awaiting()}."

    def result(self) -> Result:
        """The score by category (corinth.end.score), the winners and how they were decided:
        most points (corinth.end.winner), the gold left on a tie (corinth.end.tie-break), or
        the instant win of a roll of equal dice (corinth.supply.all-equal)."""
        parts = tuple(self.score_breakdown(p) for p in range(self.players))
        totals = self.scores()
        winners = self.winners()
        text, rule = self._decided(totals, winners)
        return Result(SCORE_CATEGORIES, parts, totals, winners, text, rule, self.is_over)

    def _decided(self, totals: tuple[int, ...], winners: tuple[int, ...]) -> tuple[str, str]:
        label = self.player_label
        if self.winner >= 0:
            w = label(self.winner)
            g = self.harbor[GOLD_D]
            shown = f" showed {g.value}" if g else " showed the same value"
            return (f"Every die of {w}'s roll{shown}: {w} wins at once, whatever the scores.",
                    "corinth.supply.all-equal")
        final = self.is_over
        best = max(totals)
        tied = [p for p, v in enumerate(totals) if v == best]
        pts = count(best, "point")
        lead = "" if final else "The game is not over; so far "
        if len(tied) == 1:
            w = label(tied[0])
            if final:
                return f"{w} wins with {pts}, the most.", "corinth.end.winner"
            return f"{lead}{w} leads with {pts}.", "corinth.end.winner"
        names = and_list([label(p) for p in tied])
        gold = {p: self.sheets[p].gold for p in tied}
        if len(winners) == 1:
            w = label(winners[0])
            left = ", ".join(f"{label(p)} {gold[p]}" for p in tied)
            return (f"{lead}{names} tie with {pts}; the gold left breaks the tie ({left}), so {w} "
                    f"{'wins' if final else 'leads'}.", "corinth.end.tie-break")
        share = "share the victory" if final else "share the lead"
        if len(winners) == len(tied):
            return (f"{lead}{names} tie with {pts} and {gold[tied[0]]} gold each, so they "
                    f"{share}.", "corinth.end.tie-break")
        left = ", ".join(f"{label(p)} {gold[p]}" for p in tied)
        return (f"{lead}{names} tie with {pts}; on the gold left ({left}) "
                f"{and_list([label(p) for p in winners])} are still tied, so they {share}.",
                "corinth.end.tie-break")

    def describe_chance_run(self, actions) -> str:
        """One sentence for a run of dice rolled from this state, e.g. "Player 1 rolls: white
        1 1 2 3 3 3 5 6 6, yellow 3." (a run that starts or stops mid-roll says so)."""
        actions = list(actions)
        if self.phase != ROLL or not actions:
            return GameState.describe_chance_run(self, actions)
        s, faces = self, {"white": [], "yellow": []}
        for a in actions:
            if not isinstance(a, Action) or s.phase != ROLL or s.why_illegal(a) is not None:
                return GameState.describe_chance_run(self, actions)
            faces[a.args[0]].append(a.args[1])
            s = s._step(a)
        who = f"Player {self.first + 1}"
        shown = ", ".join(f"{colour} {' '.join(map(str, sorted(f)))}"
                          for colour, f in faces.items() if f)
        started = not self.pending[1] and not self.pending[2]
        text = f"{who} {'rolls' if started else 'rolls on'}: {shown}"
        if s.phase == ROLL:
            total = self.book.c["white_dice"] + s.pending[0]
            text += f"; {len(s.pending[1]) + len(s.pending[2])} of {total} dice rolled so far."
        else:
            text += "." if started else "; the roll is complete."
        why = self._no_yellow_offered() if started else ""
        if why:
            text += f" No yellow dice were offered: {why}."
        if s.phase == OVER and s.winner >= 0:
            text += f" Every die shows {s.harbor[GOLD_D].value}: {who} wins at once."
        return text

    def describe(self, action: Action) -> str:
        """A sentence for an action played here (the board's history shows it)."""
        try:
            return self._describe(action)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError):
            return f"{self._who()}: {named(self, action).lower()}."

    def _describe(self, action: Action) -> str:
        who = self._who()
        k, a = action.kind, action.args
        b, ph = self.book, self.phase
        if k == "die":
            colour, face = a
            if ph == ROLL and colour == self.die_due():
                done = len(self.pending[1] if colour == "white" else self.pending[2])
                n = b.c["white_dice"] if colour == "white" else self.pending[0]
                return f"{who} rolls {colour} die {done + 1} of {n}: {face}."
            return f"A {colour} die shows {face}."
        if k == "buy_yellow":
            n = a[0]
            if n == 0:
                return f"{who} buys no yellow dice."
            return (f"{who} buys {count(n, 'yellow die', 'yellow dice')} for "
                    f"{n * b.c['yellow_die_cost']} gold.")
        if k == "take":
            g = self.harbor[DISTRICT_INDEX[a[0]]]
            if g is None:
                return f"{who} takes the {a[0]} group."
            dice = count(g.count, "yellow die", "yellow dice") if not g.white else count(
                g.count, "die", "dice")
            text = f"{who} takes the {a[0]} group ({dice} showing {g.value}"
            text += f", {g.yellow} of them yellow)" if g.yellow and g.white else ")"
            if ph == TAKE and not can_use(self.sheets[self.mover], b,
                                          (DISTRICT_INDEX[a[0]], g.value, g.count)):
                text += "; it cannot be used"
            return text + "."
        p = self.current_player
        sheet = self.sheets[p] if p >= 0 else None
        if k in ("gold", "goats"):
            n = self.pending[2]
            store = b.c["store_extra_gold"] if k == "gold" and sheet.buildings & STORE else 0
            have = sheet.gold_in if k == "gold" else sheet.goats_in
            cap = b.gold_capacity if k == "gold" else b.goats_capacity
            got = min(n + store, cap - have)
            text = f"{who} gains {count(got, 'gold', 'gold') if k == 'gold' else count(got, 'goat')}"
            if store:
                text += f" ({store} of them from the Store)"
            if got < n + store:
                text += f"; {n + store - got} more would not fit on the sheet"
            return text + "."
        if k == "deliver":
            shop = b.shop_index[a[0]]
            g = b.shop_district[shop]
            extra = 0
            if ph == USE:
                marks = self.pending[2]
                if sheet.buildings & WAREHOUSE:
                    extra = b.c["warehouse_extra_goods"]
                    marks += extra
            else:
                marks = self.pending[1]
            have, size = sheet.marks[shop], b.shop_symbols[shop]
            put = min(marks, size - have)
            text = f"{who} marks {count(put, 'good')} in shop {a[0]} ({have + put} of {size})"
            if extra:
                text = (f"{who} delivers {count(marks, 'good')} ({extra} from the Warehouse) and "
                        f"marks {put} in shop {a[0]} ({have + put} of {size})")
            if have + put == size:
                text += ", completing it"
            rest = marks - put
            room = district_room(sheet, b, g) - put
            if not room and b.bonus[g] and self.bonus_owner[g] < 0:
                text += (f"; the {GOODS_DISTRICTS[g]} district is complete and its bonus "
                         f"({count(b.bonus[g], 'point')}) is theirs")
            if rest:
                text += (f"; {count(rest, 'good')} still to place" if room else
                         f"; {count(rest, 'good')} left over {'is' if rest == 1 else 'are'} lost")
            return text + "."
        if k == "steward":
            n = a[0]
            text = f"{who} moves the Steward {count(n, 'step')}"
            if ph == USE:
                v = self.pending[1]
                diff = abs(n - v)
                free = min(diff, free_steps(sheet, b))
                paid = diff - free
                how = []
                if free:
                    how.append(f"{count(free, 'step')} free with the Stable")
                if paid:
                    how.append(f"{count(paid, 'step')} for {paid * b.c['steps_per_gold']} gold")
                if how:
                    text += f" instead of {v} ({' and '.join(how)})"
            return text + "."
        if k == "step":
            c = a[0] * SIZE + a[1]
            name, what = b.cell_name(c), b.describe_cell(c)
            if b.market_kind[c] == "score" and sheet is not None:
                what = (f"a scoring space, whose diamond gets "
                        f"{count(diamond_value(sheet.circled | 1 << c, b), 'point')}")
            if ph == COMPENSATE:
                return f"{who} moves the Steward 1 step in compensation, to {name}: {what}."
            if ph == STEER and self.pending[0] > 1:
                left = self.pending[0] - 1
                return f"{who} draws the Steward's line to {name}, {count(left, 'step')} to go."
            if ph == STEER:
                return f"{who} ends the Steward's move on {name} and circles it: {what}."
            return f"{who} moves the Steward to {name}."
        if k == "build":
            cg, ct = b.building_cost[BUILDINGS.index(a[0])]
            cost = " and ".join(x for x in ((f"{cg} gold" if cg else ""),
                                            (count(ct, "goat") if ct else "")) if x) or "nothing"
            return f"{who} builds the {a[0]} for {cost}."
        if k == "end_turn":
            return f"{who} ends the turn."
        if k == "pass":
            if ph == COMPENSATE:
                return f"{who} does not take the compensation step."
            if ph == USE:
                return (f"{who} leaves the {DISTRICTS[self.pending[0]]} group unused rather than "
                        "pay gold for a Steward move.")
            return f"{who} passes."
        return f"{who}: {named(self, action).lower()}."

    # ---- rendering --------------------------------------------------------------------------
    def harbor_svg(self, interactive: bool = False) -> str:
        """The harbor board with this round's groups of dice."""
        from ._svg import harbor_svg
        return harbor_svg(self, interactive)

    def sheet_svg(self, player: int, interactive: bool = False) -> str:
        """One player's score sheet."""
        from ._svg import sheet_svg
        return sheet_svg(self, self.check_player(player), interactive)

    def to_svg(self, interactive: bool = False) -> str:
        """The harbor and every score sheet; with ``interactive``, clickable choices."""
        from ._svg import state_svg
        return state_svg(self, interactive)

    def player_colour(self, player: int) -> tuple[str, str]:
        from ._svg import PLAYER_COLOURS
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def explain_target(self, target: Any) -> IllegalAction:
        """Why a click on a part of the board that is not an action plays nothing (see _targets)."""
        from ._targets import explain_target
        return explain_target(self, target)

    def legend(self) -> list[tuple[str, str]]:
        from ._targets import legend
        return legend(self)


# ---- the draft: a mutable copy the effects write on, frozen into the next state ----------------
class _Draft:
    __slots__ = ("info", "log", "sheets", "bonus_owner", "first", "turn", "phase", "harbor",
                 "pending", "dice", "winner", "groups", "book", "mover")

    def __init__(self, s: CorinthState):
        self.info, self.log, self.sheets = s.info, s.log, s.sheets   # a list once edited
        self.bonus_owner, self.first, self.turn = s.bonus_owner, s.first, s.turn
        self.phase, self.harbor, self.pending = s.phase, s.harbor, s.pending
        self.dice, self.winner, self.groups, self.book = s.dice, s.winner, s.groups, s.book
        self.mover = _ORDERS[s.info.players][s.first][s.turn]      # the player of this turn

    def edit(self, p: int) -> _SheetDraft:
        """Player ``p``'s sheet, ready to be written on (copied at the first change)."""
        sheets = self.sheets
        if type(sheets) is tuple:
            sheets = self.sheets = list(sheets)
        s = sheets[p]
        if type(s) is Sheet:
            s = sheets[p] = _SheetDraft(s)
        return s

    def frozen_sheets(self) -> tuple[Sheet, ...]:
        """The sheets as they are now, frozen (a later edit copies a sheet again)."""
        sheets = self.sheets
        if type(sheets) is list:
            sheets = self.sheets = tuple([s.freeze() if type(s) is _SheetDraft else s
                                          for s in sheets])
        return sheets

    def copy(self) -> _Draft:
        """Another draft of the same position, to try another action on: neither writes on the
        other's sheets."""
        new = _NEW(_Draft)
        new.sheets = self.frozen_sheets()
        new.info, new.log, new.bonus_owner = self.info, self.log, self.bonus_owner
        new.first, new.turn, new.phase = self.first, self.turn, self.phase
        new.harbor, new.pending, new.dice = self.harbor, self.pending, self.dice
        new.winner, new.groups, new.book, new.mover = self.winner, self.groups, self.book, self.mover
        return new

    def freeze(self) -> CorinthState:
        """The next state. It is written through the slots directly: the same fields the
        dataclass constructor would set, without its per-field overhead (this runs once per
        action, so it dominates random playouts)."""
        new = _NEW(CorinthState)
        _SET_INFO(new, self.info)
        _SET_LOG(new, self.log)
        sheets = self.sheets
        if type(sheets) is list:                  # edited: freeze the sheets written on
            for p, sheet in enumerate(sheets):
                if type(sheet) is _SheetDraft:
                    sheets[p] = sheet.freeze()
            sheets = tuple(sheets)
        _SET_SHEETS(new, sheets)
        _SET_BONUS(new, self.bonus_owner)
        _SET_FIRST(new, self.first)
        _SET_TURN(new, self.turn)
        _SET_PHASE(new, self.phase)
        _SET_HARBOR(new, self.harbor)
        _SET_PENDING(new, self.pending)
        _SET_DICE(new, self.dice)
        _SET_WINNER(new, self.winner)
        _SET_GROUPS(new, self.groups)
        _SET_BOOK(new, self.book)
        _SET_CACHE(new, {})
        return new


class _SheetDraft:
    """A score sheet being written on: the fields of :class:`Sheet`, settable."""

    __slots__ = Sheet._fields
    gold, goats, pos = Sheet.gold, Sheet.goats, Sheet.pos

    def __init__(self, sheet: Sheet):
        (self.marks, self.gold_in, self.gold_out, self.goats_in, self.goats_out, self.buildings,
         self.yellow, self.route, self.trail, self.circled, self.diamonds, self.turns) = sheet

    def freeze(self) -> Sheet:
        return _tuple_new(Sheet, (self.marks, self.gold_in, self.gold_out, self.goats_in,
                                  self.goats_out, self.buildings, self.yellow, self.route,
                                  self.trail, self.circled, self.diamonds, self.turns))


_NEW = object.__new__


_SETTERS = {f.name: CorinthState.__dict__[f.name].__set__ for f in dataclasses.fields(CorinthState)}
_SETTERS["_cache"] = CorinthState.__dict__["_cache"].__set__
(_SET_INFO, _SET_LOG, _SET_SHEETS, _SET_BONUS, _SET_FIRST, _SET_TURN, _SET_PHASE, _SET_HARBOR,
 _SET_PENDING, _SET_DICE, _SET_WINNER, _SET_GROUPS, _SET_BOOK, _SET_CACHE) = (
    _SETTERS[name] for name in ("info", "log", "sheets", "bonus_owner", "first", "turn", "phase",
                                "harbor", "pending", "dice", "winner", "groups", "book", "_cache"))
assert set(_SETTERS) == set(_Draft.__slots__) - {"mover"} | {"_cache"}, \
    "freeze() must set every field"
assert _SheetDraft(Sheet(*range(12))).freeze() == Sheet(*range(12)), "a draft keeps every field"


# ---- effects, named after the rules they apply ---------------------------------------------
def start_round(d: _Draft) -> None:
    """corinth.supply.turn-track: the first player crosses a spot, then may buy yellow dice."""
    sheet = d.edit(d.first)
    sheet.turns += 1
    d.turn, d.mover = 0, d.first
    d.harbor = EMPTY_HARBOR
    if max_yellow_buy(sheet, d.book):
        d.phase, d.pending = SUPPLY, ()
    else:
        d.phase, d.pending = ROLL, (sheet.yellow, (), ())


def buy_yellow_dice(d: _Draft, a: Action) -> None:
    """corinth.supply.buy-yellow: pay 1 gold per yellow die bought, then roll."""
    k = a.args[0]
    sheet = d.edit(d.first)
    sheet.gold_out += k * d.book.c["yellow_die_cost"]
    d.phase, d.pending = ROLL, (sheet.yellow + k, (), ())


def roll_die(d: _Draft, a: Action) -> None:
    """corinth.supply.roll: one die of the roll shows its face; after the last die, sort them."""
    yellow_n, white, yellow = d.pending
    if a.args[0] == "white":
        white = white + (a.args[1],)
    else:
        yellow = yellow + (a.args[1],)
    if len(white) < d.book.c["white_dice"] or len(yellow) < yellow_n:
        d.pending = (yellow_n, white, yellow)
    else:
        sort_roll(d, tuple(sorted(white)), tuple(sorted(yellow)))


def sort_roll(d: _Draft, white: tuple[int, ...], yellow: tuple[int, ...]) -> None:
    """corinth.harbor.sort, corinth.supply.all-equal: the rolled dice (sorted faces) onto the
    harbor; the first turn of the round begins."""
    harbor = d.harbor = _sorted_harbor(white, yellow)
    d.dice = (d.dice[0] + len(white) + len(yellow), d.dice[1], d.dice[2])
    empty = harbor.count(None)
    d.groups = 6 - empty
    if empty == 5:                                  # every die shows the same value
        d.winner = d.first
        d.phase, d.pending = OVER, ()
        return
    d.turn = 0
    start_turn(d)


def start_turn(d: _Draft) -> None:
    """corinth.turn.take-group, corinth.turn.compensation: take a group; with none left, step in
    compensation only when the roll gave fewer groups than players (corinth.assume.compensation-who),
    else the turn has no action (corinth.assume.empty-turn)."""
    if any(d.harbor):
        d.phase, d.pending = TAKE, ()
        return
    sheet = d.sheets[d.mover]
    if d.groups < d.info.players and any(not sheet.trail >> n & 1 for n in NEIGHBOURS[sheet.route[-1]]):
        d.phase, d.pending = COMPENSATE, ()
    else:
        offer_build(d)


def take_group(d: _Draft, a: Action) -> None:
    """corinth.turn.take-group, corinth.turn.must-take: remove the group; act with it if possible."""
    i = DISTRICT_INDEX[a.args[0]]
    harbor = d.harbor
    value, white, yellow = harbor[i]
    d.harbor = harbor[:i] + (None,) + harbor[i + 1:]
    rolled, taken, removed = d.dice
    d.dice = (rolled, taken + white + yellow, removed)
    d.phase = USE
    d.pending = pending = (i, value, white + yellow)
    if not can_use(d.sheets[d.mover], d.book, pending):
        offer_build(d)


def can_use(sheet: Sheet, book: Book, pending: tuple) -> bool:
    """corinth.turn.must-take: can the taken group be used at all (district action or Steward)?"""
    i = pending[0]
    if i == GOLD_D or i == GOATS_D or district_room(sheet, book, i - 1) > 0:
        return True
    shortest, longest = steward_span(sheet, book, pending[1])
    return shortest <= longest


def gain(d: _Draft, player: int, what: str, n: int) -> None:
    """corinth.resources.track: circle ``n`` gold or goat symbols (what does not fit is lost)."""
    s = d.edit(player)
    if what == "gold":
        total, capacity = s.gold_in + n, d.book.gold_capacity
        s.gold_in = total if total < capacity else capacity
    else:
        total, capacity = s.goats_in + n, d.book.goats_capacity
        s.goats_in = total if total < capacity else capacity


def get_gold_or_goats(d: _Draft, a: Action) -> None:
    """corinth.action.gold-goats, corinth.build.store: one coin or goat per die (+2 gold with the Store)."""
    p = d.mover
    n = d.pending[2]
    if a.kind == "gold" and d.sheets[p].buildings & STORE:
        n += d.book.c["store_extra_gold"]
    gain(d, p, a.kind, n)
    offer_build(d)


def deliver_goods(d: _Draft, a: Action) -> None:
    """corinth.deliver.marks, corinth.build.warehouse: mark goods into the chosen shop."""
    p = d.mover
    book = d.book
    shop = book.shop_index[a.args[0]]
    if d.phase == USE:
        marks = d.pending[2]
        if d.sheets[p].buildings & WAREHOUSE:
            marks += book.c["warehouse_extra_goods"]
    else:
        marks = d.pending[1]
    mark_goods(d, p, book.shop_district[shop], shop, marks)


def mark_goods(d: _Draft, p: int, g: int, shop: int, marks: int) -> None:
    """corinth.deliver.shop-done, corinth.deliver.surplus: fill the shop; the rest goes on or is lost."""
    s = d.edit(p)
    book = d.book
    m = list(s.marks)
    room = book.shop_symbols[shop] - m[shop]
    put = marks if marks < room else room
    m[shop] += put
    s.marks = tuple(m)
    room = district_room(s, book, g)
    if not room:
        claim_bonus(d, p, g)
    if room and marks > put:
        d.phase, d.pending = DELIVER, (g, marks - put)
    else:
        offer_build(d)


def claim_bonus(d: _Draft, p: int, g: int) -> None:
    """corinth.deliver.bonus, corinth.deliver.bonus-crossed: the first to finish a district circles its bonus."""
    if d.book.bonus[g] and d.bonus_owner[g] < 0:
        owners = list(d.bonus_owner)
        owners[g] = p
        d.bonus_owner = tuple(owners)


def start_steward(d: _Draft, a: Action) -> None:
    """corinth.steward.instead, corinth.steward.steps, corinth.steward.gold: pay any gold, then walk."""
    p = d.mover
    k = a.args[0]
    book = d.book
    cost = steward_cost(d.pending[1], k, free_steps(d.sheets[p], book)) * book.c["steps_per_gold"]
    if cost:
        d.edit(p).gold_out += cost
    d.phase, d.pending = STEER, (k,)


def walk(d: _Draft, a: Action) -> None:
    """corinth.steward.path, corinth.steward.compensation-step: draw one step; at the end of the
    move (a compensation step is a move of one), circle the space."""
    p = d.mover
    row, col = a.args
    c = row * SIZE + col
    s = d.edit(p)
    s.route += (c,)
    s.trail |= 1 << c
    if d.phase == STEER and d.pending[0] > 1:
        d.pending = (d.pending[0] - 1,)
    else:
        circle_space(d, p, c)


def circle_space(d: _Draft, p: int, c: int) -> None:
    """corinth.market.effect: circle the space where the Steward stops and apply its symbol."""
    s = d.edit(p)
    book = d.book
    s.circled |= 1 << c
    kind = book.market_kind[c]
    if kind == "score":                               # corinth.market.score-first / -next
        s.diamonds += ((c, diamond_value(s.circled, book)),)
    elif kind == "gold" or kind == "goats":           # corinth.market.gold-goats
        gain(d, p, kind, book.market_amount[c])
    elif kind == "yellow":                            # corinth.market.yellow
        if s.yellow < book.c["yellow_dice"]:
            s.yellow += 1
    elif kind == "goods":                             # corinth.market.goods
        g = book.market_district[c]
        if district_room(s, book, g):
            d.phase, d.pending = DELIVER, (g, book.market_amount[c])
            return
    offer_build(d)


def decline(d: _Draft, a: Action) -> None:
    """corinth.steward.compensation-step, corinth.assume.gold-optional: the compensation step is
    optional, and so is a group whose every use costs gold; the player goes on to build."""
    offer_build(d)


def offer_build(d: _Draft) -> None:
    """corinth.build.when: after the action the player may build; with nothing affordable the turn ends."""
    if affordable(d.sheets[d.mover], d.book):
        d.phase, d.pending = BUILD, ()
    else:
        finish_turn(d)


def construct(d: _Draft, a: Action) -> None:
    """corinth.build.cost: cross out the cost and check the building's box."""
    i = BUILDINGS.index(a.args[0])
    s = d.edit(d.mover)
    cg, ct = d.book.building_cost[i]
    s.gold_out += cg
    s.goats_out += ct
    s.buildings |= 1 << i
    offer_build(d)


def end_turn_now(d: _Draft, a: Action) -> None:
    """corinth.build.when: the player ends the turn."""
    finish_turn(d)


def finish_turn(d: _Draft) -> None:
    """corinth.turn.yellow-removed, corinth.turn.order, corinth.turn.round-end."""
    if d.turn == 0:
        remove_yellow_dice(d)
    d.turn += 1
    order = _ORDERS[d.info.players][d.first]       # who plays each turn of the round
    if d.turn < len(order):
        d.mover = order[d.turn]
        start_turn(d)
    else:
        end_round(d)


def remove_yellow_dice(d: _Draft) -> None:
    """corinth.turn.yellow-removed: yellow dice still on the harbor leave after the first turn."""
    gone = sum(map(_YELLOW, filter(None, d.harbor)))
    if gone:
        d.harbor = tuple([None if g is None or not g.white else
                          (g if not g.yellow else Group(g.value, g.white, 0)) for g in d.harbor])
        d.dice = (d.dice[0], d.dice[1], d.dice[2] + gone)


def end_round(d: _Draft) -> None:
    """corinth.turn.round-end, corinth.end.track-full, corinth.turn.next-first-player."""
    rolled, taken, _ = d.dice
    d.dice = (rolled, taken, rolled - taken)        # every die not taken is removed
    d.harbor = EMPTY_HARBOR
    if track_full(d):
        d.phase, d.pending = OVER, ()
        return
    d.first = (d.first + 1) % d.info.players
    start_round(d)


def track_full(d: _Draft) -> bool:
    """corinth.end.track-full: every player has crossed every spot of the turn track."""
    spots = d.book.spots
    for s in d.sheets:
        if s.turns < spots:
            return False
    return True


_YELLOW = attrgetter("yellow")

_EFFECT = {
    "buy_yellow": buy_yellow_dice, "die": roll_die, "take": take_group,
    "gold": get_gold_or_goats, "goats": get_gold_or_goats, "deliver": deliver_goods,
    "steward": start_steward, "step": walk, "pass": decline, "build": construct,
    "end_turn": end_turn_now,
}


# ---- legal actions per phase ---------------------------------------------------------------
def _legal_use(s: CorinthState) -> tuple[Action, ...]:
    """corinth.turn.take-group, corinth.steward.instead: the district's action or a Steward move."""
    sheet, book = s.sheets[s.mover], s.book
    i, value, _ = s.pending
    if i == GOLD_D:
        own = _GOLD_ONLY
    elif i == GOATS_D:
        own = _GOATS_ONLY
    else:
        own = _deliveries(sheet, book, i - 1)
    shortest, longest = steward_span(sheet, book, value)
    moves = _STEWARD[shortest:longest + 1]
    if not own and not free_move(sheet, book, value, longest):
        return (*moves, _PASS)                      # corinth.assume.gold-optional
    return own + moves


def free_move(sheet: Sheet, book: Book, value: int, longest: int) -> bool:
    """corinth.assume.must-act: is there a complete Steward move that costs no gold (the value,
    or a length the Stable reaches)? ``longest`` is the longest affordable walk (steward_span)."""
    free = free_steps(sheet, book)
    lo = value - free
    hi = value + free
    return (lo if lo > 1 else 1) <= (hi if hi < longest else longest)


def free_use(s: CorinthState) -> bool:
    """corinth.assume.must-act: in the use phase, can the taken group be used without gold?"""
    sheet, book = s.sheets[s.mover], s.book
    i, value, _ = s.pending
    if i == GOLD_D or i == GOATS_D or district_room(sheet, book, i - 1) > 0:
        return True
    return free_move(sheet, book, value, steward_span(sheet, book, value)[1])


def _deliveries(sheet: Sheet, book: Book, g: int) -> tuple[Action, ...]:
    """deliver(shop) for every open shop of goods district g."""
    return _deliver_options(book, g, book.district_marks[g](sheet.marks))


@lru_cache(maxsize=1 << 12)
def _deliver_options(book: Book, g: int, marks: tuple[int, ...]) -> tuple[Action, ...]:
    delivers = _deliver_actions(book)
    return tuple(delivers[i] for i in _open_shops(book, g, marks))


def _legal_supply(s: CorinthState) -> tuple[Action, ...]:
    return _BUY[:max_yellow_buy(s.sheets[s.first], s.book) + 1]


def _legal_roll(s: CorinthState) -> tuple[Action, ...]:
    return _DIE[s.die_due()]


def _legal_take(s: CorinthState) -> list[Action]:
    return list(compress(_TAKE, s.harbor))          # the districts holding a group


def _legal_deliver(s: CorinthState) -> tuple[Action, ...]:
    return _deliveries(s.sheets[s.mover], s.book, s.pending[0])


def _legal_steer(s: CorinthState) -> tuple[Action, ...]:
    sheet, left = s.sheets[s.mover], s.pending[0]
    pos = sheet.route[-1]
    return _step_options(pos, sheet.trail & within(pos, left), left)


@lru_cache(maxsize=1 << 16)
def _step_options(pos: int, trail: int, left: int) -> tuple[Action, ...]:
    """step(row, col) for each space the next step may enter (see steward_steps), asked with
    only the trail within reach of the rest of the move, so that more positions share it."""
    return _step_actions(next_steps(pos, trail, left))


def _legal_compensate(s: CorinthState) -> list[Action]:
    return [*_step_actions(steward_steps(s.sheets[s.mover], 1)), _PASS]


@lru_cache(maxsize=None)
def _step_actions(cells: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(_STEP[c] for c in cells)         # at most four cells: few distinct tuples


@lru_cache(maxsize=None)
def _deliver_actions(book: Book) -> tuple[Action, ...]:
    """deliver(shop) for every shop of the book, by shop index."""
    return tuple(_deliver_action(sid) for sid in book.shop_ids)


def _legal_build(s: CorinthState) -> tuple[Action, ...]:
    return _build_options(affordable(s.sheets[s.mover], s.book))


@lru_cache(maxsize=None)
def _build_options(buildable: tuple[int, ...]) -> tuple[Action, ...]:
    return (*(_BUILD[i] for i in buildable), _END_TURN)


_LEGAL = {SUPPLY: _legal_supply, ROLL: _legal_roll, TAKE: _legal_take, USE: _legal_use,
          DELIVER: _legal_deliver, STEER: _legal_steer, COMPENSATE: _legal_compensate,
          BUILD: _legal_build, OVER: lambda s: []}


def _settle_draft(d: _Draft) -> None:
    """corinth.supply.roll with automatic chance: each die still due drawn from the seeded
    stream of its own event (the first number of ``event_rng(game, seed, n)``, as
    ``seeded_outcome`` draws it), logged die by die, and rolled on the draft."""
    info = d.info
    game, seed = info.game, info.seed
    n = d.log.chance_events
    white_n = d.book.c["white_dice"]
    entries = []
    while d.phase == ROLL:
        colour = "white" if len(d.pending[1]) < white_n else "yellow"
        a = _DIE[colour][floor(event_random(game, seed, n) * 6.0)]
        entries.append((a, True))
        n += 1
        roll_die(d, a)
    d.log = d.log.extend(entries)


# ---- the legal actions sorted, remembered by the rules' list (CorinthState._legal_pair) ----
_PAIRS: dict[tuple, tuple] = {}
_PAIRS_LIMIT = 1 << 14
_action_key = Action._key


def sorted_legal(raw) -> tuple[tuple[Action, ...], frozenset]:
    """The rules' list of legal actions (``_LEGAL[phase]`` of a state or a draft) sorted, and as
    a set: each distinct list is sorted the first time it is seen (remembered by the list
    itself)."""
    key = raw if type(raw) is tuple else tuple(raw)
    pair = _PAIRS.get(key)
    if pair is None:
        ordered = tuple(sorted(set(key), key=_action_key))
        pair = (ordered, frozenset(ordered))
        if len(_PAIRS) >= _PAIRS_LIMIT:
            _PAIRS.clear()
        _PAIRS[key] = pair
    return pair


def _sorted_harbor(white: tuple[int, ...], yellow: tuple[int, ...]) -> tuple:
    """corinth.harbor.sort: the harbor a roll's sorted faces give (remembered per roll)."""
    key = (white, yellow)
    harbor = _HARBORS.get(key)
    if harbor is None:
        if len(_HARBORS) >= _ROLLS_LIMIT:
            _HARBORS.clear()
        harbor = _HARBORS[key] = sort_dice(white, yellow)
    return harbor


_EVENTS: dict[tuple, tuple] = {}


def _die_events(white: tuple[int, ...], yellow: tuple[int, ...]) -> tuple:
    """The logged chance events of a roll drawn whole: its dice in sorted order, white first."""
    key = (white, yellow)
    events = _EVENTS.get(key)
    if events is None:
        if len(_EVENTS) >= _ROLLS_LIMIT:
            _EVENTS.clear()
        events = _EVENTS[key] = tuple((_DIE["white"][f - 1], True) for f in white) + tuple(
            (_DIE["yellow"][f - 1], True) for f in yellow)
    return events


@lru_cache(maxsize=8)
def _dice_outcomes(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of ``n`` dice as sorted faces, with how many ordered rolls give it."""
    def faces(counts):
        return tuple(f for f, k in enumerate(counts, 1) for _ in range(k))
    return tuple((faces(c), multinomial(c)) for c in count_vectors(n, 6))


def draw_roll(white: int, yellow: int, rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """corinth.supply.roll, as random playouts roll: the sorted faces of each colour are drawn
    at once from the exact table of outcomes (one random number per colour, not one per die).
    The distribution is that of rolling the dice one by one; the draws from ``rng`` differ."""
    r = rng.random
    w_faces, w_upto = _draw_table(white)
    i = bisect_right(w_upto, floor(r() * w_upto[-1]))
    if yellow:
        y_faces, y_upto = _draw_table(yellow)
        j = bisect_right(y_upto, floor(r() * y_upto[-1]))
    else:
        return w_faces[i], ()
    return w_faces[i], y_faces[j]


@lru_cache(maxsize=8)
def _draw_table(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The outcomes of ``n`` dice and their running totals of ordered rolls, for draw_roll."""
    outcomes = _dice_outcomes(n)
    return tuple(f for f, _ in outcomes), tuple(accumulate(k for _, k in outcomes))


# ---- refusals -----------------------------------------------------------------------------
_PHASE_RULE = {SUPPLY: "corinth.supply.buy-yellow", TAKE: "corinth.turn.take-group",
               USE: "corinth.turn.take-group", DELIVER: "corinth.deliver.marks",
               STEER: "corinth.steward.path", COMPENSATE: "corinth.turn.compensation",
               BUILD: "corinth.build.when", ROLL: "engine.chance", OVER: "engine.game-over"}


def named(s: CorinthState, a: Action) -> str:
    """An action in words, as a refusal names it (never its Python form), e.g. "Taking the
    purple group" or "A Steward step to C3"."""
    k, args = a.kind, a.args
    try:
        if k == "buy_yellow":
            return f"Buying {count(args[0], 'yellow die', 'yellow dice')}"
        if k == "die":
            return f"A {args[0]} die showing {args[1]}"
        if k == "take":
            return f"Taking the {args[0]} group"
        if k in ("gold", "goats"):
            return f"Gaining {k}"
        if k == "deliver":
            return f"Delivering to shop {args[0]}"
        if k == "steward":
            return f"Moving the Steward {count(args[0], 'step')}"
        if k == "step":
            return f"A Steward step to {s.book.cell_name(args[0] * SIZE + args[1])}"
        if k == "build":
            return f"Building the {args[0]}"
        return {"pass": "Passing", "end_turn": "Ending the turn"}.get(k, "That move")
    except (IndexError, TypeError):
        return "That move"


def _wrong_phase(s: CorinthState, a: Action) -> IllegalAction:
    return IllegalAction("wrong-phase", _PHASE_RULE[s.phase],
                         f"{named(s, a)} is not possible now: {s.awaiting()}.")


def _explain_roll_due(s: CorinthState, a: Action) -> IllegalAction:
    """A well-formed action while a die is due: the wrong colour (the explorer's die-by-die
    order, engine.chance), or a move that has to wait for the roll."""
    white_n, yellow_n = s.book.c["white_dice"], s.pending[0]
    if a.kind == "die":
        if s.die_due() == "white":
            return IllegalAction("white-dice-first", "engine.chance",
                                 f"The explorer records a roll one die at a time, the {white_n} "
                                 f"white dice first: {len(s.pending[1])} of {white_n} white dice "
                                 "are rolled so far, so the next die is white.", a)
        return IllegalAction("no-such-die", "engine.chance",
                             f"All {white_n} white dice are rolled; the next die is yellow "
                             f"({len(s.pending[2])} of {yellow_n} yellow "
                             f"{'die' if yellow_n == 1 else 'dice'} rolled).", a)
    due = s.awaiting_chance()
    if a.kind == "buy_yellow":
        why = s._no_yellow_offered()
        return NotYourTurn("chance-pending", "engine.chance",
                           f"Yellow dice are bought before the roll, and this roll has begun "
                           f"({due})." + (f" No yellow dice were offered: {why}." if why else ""),
                           a)
    if a.kind == "take":
        return NotYourTurn("chance-pending", "engine.chance",
                           f"{named(s, a)} has to wait: the roll is not finished ({due}). Groups are taken "
                           "once every die is rolled and the dice are sorted onto the harbor.", a)
    return NotYourTurn("chance-pending", "engine.chance",
                       f"{named(s, a)} has to wait: the roll is not finished ({due}). Once every die is "
                       f"rolled and sorted onto the harbor, {s.player_label(s.first)} begins the "
                       "round by taking a group of dice.", a)


def _explain_die(s: CorinthState, a: Action) -> IllegalAction:
    return NotYourTurn("not-chance", "engine.chance",
                       f"No dice roll is due: {s.awaiting()}.")


def _explain_buy(s: CorinthState, a: Action) -> IllegalAction | None:
    c = s.book.c
    if s.phase != SUPPLY:
        why = s._no_yellow_offered()
        return IllegalAction("wrong-phase", "corinth.supply.buy-yellow",
                             "Yellow dice are bought by the first player before the roll, and "
                             f"this round's dice are rolled: {s.awaiting()}."
                             if not why else
                             f"Yellow dice are bought before the roll, and none were offered this "
                             f"round: {why}.")
    k, sheet = a.args[0], s.sheets[s.first]
    if k < 0:
        return IllegalAction("bad-count", "corinth.supply.buy-yellow",
                             "The number of yellow dice bought cannot be negative.")
    dice = c["yellow_dice"]
    wanted = count(k, "yellow die", "yellow dice")
    if k > c["max_yellow_bought"]:
        return IllegalAction("too-many-yellow", "corinth.supply.buy-yellow",
                             f"You cannot buy {wanted}: the first player buys up to "
                             f"{c['max_yellow_bought']}.")
    if k > dice - sheet.yellow:
        return IllegalAction("too-many-yellow", "corinth.assume.yellow-supply",
                             f"You cannot buy {wanted}: there are only {dice} yellow dice and you "
                             f"already roll {count(sheet.yellow, 'yellow die', 'yellow dice')} "
                             f"earned in the market, so {dice - sheet.yellow} "
                             f"{'is' if dice - sheet.yellow == 1 else 'are'} left to buy.")
    cost = k * c["yellow_die_cost"]
    return IllegalAction("not-enough-gold", "corinth.supply.buy-yellow",
                         f"{wanted[0].upper()}{wanted[1:]} {'costs' if k == 1 else 'cost'} "
                         f"{cost} gold and you hold {sheet.gold}.")


def _explain_take(s: CorinthState, a: Action) -> IllegalAction | None:
    if len(a.args) != 1 or a.args[0] not in DISTRICT_INDEX:
        return UnknownAction("no-such-district", "corinth.harbor.districts",
                             f"There is no such district; the districts are {', '.join(DISTRICTS)}.")
    if s.phase == COMPENSATE:
        return IllegalAction("no-group-left", "corinth.turn.compensation",
                             "No group of dice is left on the harbor: you may move the Steward 1 "
                             "step in compensation, or pass.")
    if s.phase != TAKE:
        if s.phase in (USE, DELIVER, STEER, BUILD):
            if not any(s.harbor):
                return IllegalAction("no-group-left", "corinth.turn.take-group",
                                     f"No group of dice is left on the harbor: {s.awaiting()}.")
            return IllegalAction("one-group", "corinth.turn.take-group",
                                 f"You have already taken a group this turn: {s.awaiting()}.")
        return _wrong_phase(s, a)
    groups = ", ".join(DISTRICTS[i] for i, g in enumerate(s.harbor) if g)
    return IllegalAction("empty-district", "corinth.turn.take-group",
                         f"The {a.args[0]} district holds no dice now; the groups on the harbor are "
                         f"on {groups}.")


def _explain_gold_goats(s: CorinthState, a: Action) -> IllegalAction | None:
    if s.phase != USE:
        return _wrong_phase(s, a)
    return IllegalAction("wrong-district", "corinth.action.gold-goats",
                         f"You took the {DISTRICTS[s.pending[0]]} group; only a group from the "
                         f"{a.kind} district gives {a.kind}.")


def _explain_deliver(s: CorinthState, a: Action) -> IllegalAction | None:
    book = s.book
    if a.args[0] not in book.shop_index:
        return UnknownAction("no-such-shop", "corinth.deliver.marks",
                             f"There is no shop {a.args[0]!r}; the shops are {', '.join(book.shop_ids)}.")
    if s.phase == USE:
        i = s.pending[0]
        if i in (GOLD_D, GOATS_D):
            return IllegalAction("wrong-district", "corinth.deliver.marks",
                                 f"You took the {DISTRICTS[i]} group: goods are delivered only with a "
                                 "group from one of the four goods districts.")
        g = i - 1
    elif s.phase == DELIVER:
        g = s.pending[0]
    else:
        return _wrong_phase(s, a)
    shop = book.shop_index[a.args[0]]
    sheet = s.sheets[s.turn_player()]
    if book.shop_district[shop] != g:
        return IllegalAction("wrong-district", "corinth.deliver.marks",
                             f"Shop {a.args[0]} is in the {GOODS_DISTRICTS[book.shop_district[shop]]} "
                             f"district; these goods go to the {GOODS_DISTRICTS[g]} district.")
    if not district_room(sheet, book, g):
        return IllegalAction("district-full", "corinth.deliver.surplus",
                             f"Every shop of the {GOODS_DISTRICTS[g]} district is complete: it takes "
                             "no more goods.")
    if sheet.marks[shop] >= book.shop_symbols[shop]:
        return IllegalAction("shop-complete", "corinth.deliver.shop-done",
                             f"Shop {a.args[0]} is already complete (all {book.shop_symbols[shop]} "
                             "symbols marked).")
    started = open_shops(sheet, book, g)[0]
    return IllegalAction("finish-started-shop", "corinth.deliver.finish-shop",
                         f"Shop {book.shop_ids[started]} is started ({sheet.marks[started]} of "
                         f"{book.shop_symbols[started]} goods): it must be finished before shop "
                         f"{a.args[0]} is started.")


def _explain_steward(s: CorinthState, a: Action) -> IllegalAction | None:
    if s.phase != USE:
        if s.phase == COMPENSATE:
            return IllegalAction("compensation-one-step", "corinth.steward.compensation-step",
                                 "The compensation is a move of exactly 1 step: play step(row, col) "
                                 "onto a space next to the Steward, or pass.")
        return _wrong_phase(s, a)
    k = a.args[0]
    i, v, _ = s.pending
    sheet = s.sheets[s.turn_player()]
    if k < 1:
        return IllegalAction("no-steps", "corinth.steward.at-least-one",
                             "A Steward move has at least one step.")
    free = free_steps(sheet, s.book)
    cost = steward_cost(v, k, free)
    if cost > sheet.gold:
        stable = f", {count(free, 'step')} of them free with the Stable" if free else ""
        return IllegalAction("not-enough-gold", "corinth.steward.gold",
                             f"Moving {count(k, 'step')} with a group showing {v} means changing "
                             f"the count by {count(abs(k - v), 'step')}{stable}: that costs "
                             f"{cost} gold and you hold {sheet.gold}.")
    return IllegalAction("no-full-move", "corinth.steward.full-move",
                         f"The Steward cannot make a complete move of {count(k, 'step')} from "
                         f"{s.book.cell_name(sheet.route[-1])}: every such path would leave the "
                         "market or cross its line.")


def _explain_step(s: CorinthState, a: Action) -> IllegalAction | None:
    r, c = a.args
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        return UnknownAction("no-such-space", "corinth.market.layout",
                             f"The market has no space ({r}, {c}); rows and columns go from 0 to "
                             f"{SIZE - 1}.")
    if s.phase not in (STEER, COMPENSATE):
        if s.phase == USE:
            return IllegalAction("choose-steps-first", "corinth.steward.steps",
                                 f"First choose how many steps the Steward moves (a \"Steward … "
                                 f"steps\" choice): "
                                 f"{s.awaiting()}.")
        return _wrong_phase(s, a)
    sheet = s.sheets[s.turn_player()]
    cell, pos = r * SIZE + c, sheet.route[-1]
    name = s.book.cell_name(cell)
    if cell not in NEIGHBOURS[pos]:
        return IllegalAction("not-adjacent", "corinth.steward.orthogonal",
                             f"The Steward is on {s.book.cell_name(pos)}; {name} is not next to it "
                             "(each step goes up, down, left or right).")
    if sheet.circled >> cell & 1:
        return IllegalAction("space-used", "corinth.steward.no-crossing",
                             f"The Steward cannot enter {name}: that space is already circled.")
    if sheet.trail >> cell & 1:
        return IllegalAction("space-used", "corinth.steward.no-crossing",
                             f"The Steward cannot enter {name}: the Steward's line already crosses it.")
    left = s.pending[0] - 1 if s.phase == STEER else 0
    return IllegalAction("dead-end", "corinth.steward.full-move",
                         f"From {name} the Steward could not finish the {count(left, 'step')} "
                         "left without crossing its line: choose another step.")


def _free_uses(s: CorinthState) -> str:
    """The uses of the taken group that cost no gold, in words (for corinth.assume.must-act)."""
    sheet, book = s.sheets[s.mover], s.book
    i, v, _ = s.pending
    out = []
    if i == GOLD_D or i == GOATS_D:
        out.append(f"gain {DISTRICTS[i]} ({DISTRICTS[i]}())")
    elif district_room(sheet, book, i - 1):
        out.append(f"deliver to a {DISTRICTS[i]} shop (deliver(shop))")
    free = free_steps(sheet, book)
    lo, hi = max(1, v - free), v + free
    steps = [k for k in range(lo, hi + 1) if _STEWARD[k] in s._legal_set()]
    if steps:
        ks = "/".join(map(str, steps))
        out.append(f"move the Steward {ks} {'step' if steps == [1] else 'steps'} "
                   f"(steward({steps[0] if len(steps) == 1 else 'k'}))")
    return " or ".join(out)


def _must_act(s: CorinthState) -> IllegalAction:
    return IllegalAction("must-act", "corinth.assume.must-act",
                         f"The {DISTRICTS[s.pending[0]]} group can be used without spending gold, "
                         f"so it must be used: {_free_uses(s)}.")


def _explain_pass(s: CorinthState, a: Action) -> IllegalAction | None:
    if s.phase == TAKE:
        return IllegalAction("must-take", "corinth.turn.must-take",
                             "You must take a group of dice, even one you cannot use.")
    if s.phase == USE:
        return _must_act(s)
    return _wrong_phase(s, a)


def _explain_build(s: CorinthState, a: Action) -> IllegalAction | None:
    if len(a.args) != 1 or a.args[0] not in BUILDINGS:
        return UnknownAction("no-such-building", "corinth.build.cost",
                             f"There is no such building; the buildings are {', '.join(BUILDINGS)}.")
    if s.phase != BUILD:
        if s.phase in (TAKE, USE, DELIVER, STEER, COMPENSATE):
            return IllegalAction("build-after-action", "corinth.build.when",
                                 f"Buildings are built at the end of the turn, after the action: "
                                 f"{s.awaiting()}.")
        return _wrong_phase(s, a)
    i = BUILDINGS.index(a.args[0])
    sheet = s.sheets[s.turn_player()]
    if sheet.buildings >> i & 1:
        return IllegalAction("already-built", "corinth.build.once",
                             f"You have already built the {a.args[0]}; each building is built once.")
    cg, ct = s.book.building_cost[i]
    return IllegalAction("cannot-afford", "corinth.build.cost",
                         f"The {a.args[0]} costs {cg} gold and {count(ct, 'goat')}; you hold "
                         f"{sheet.gold} gold and {count(sheet.goats, 'goat')}.")


def _explain_end_turn(s: CorinthState, a: Action) -> IllegalAction | None:
    ph = s.phase
    if ph == TAKE:
        return IllegalAction("must-take", "corinth.turn.must-take",
                             "You must take a group of dice first, even one you cannot use.")
    if ph == USE:
        if _PASS in s._legal_set():
            return IllegalAction("use-or-pass", "corinth.assume.gold-optional",
                                 f"The {DISTRICTS[s.pending[0]]} group is used first, or left "
                                 "unused: every use of it costs gold, so you may pay for a Steward "
                                 "move or pass; then you may build and end the turn.")
        return _must_act(s)
    if ph == STEER:
        return IllegalAction("move-unfinished", "corinth.steward.full-move",
                             f"The Steward's move must be completed: "
                             f"{count(s.pending[0], 'step')} left.")
    if ph == DELIVER:
        return IllegalAction("goods-unmarked", "corinth.deliver.marks",
                             f"The goods must be marked first: {s.awaiting()}.")
    if ph == COMPENSATE:
        return IllegalAction("wrong-phase", "corinth.turn.compensation",
                             "Take the compensation step or pass() before ending the turn.")
    return _wrong_phase(s, a)


_EXPLAIN = {
    "die": _explain_die, "buy_yellow": _explain_buy, "take": _explain_take,
    "gold": _explain_gold_goats, "goats": _explain_gold_goats, "deliver": _explain_deliver,
    "steward": _explain_steward, "step": _explain_step, "pass": _explain_pass,
    "build": _explain_build, "end_turn": _explain_end_turn,
}


# ---- a new game -----------------------------------------------------------------------------
def new_game(players: int = 2, seed: int | None = None, data: str | Path | DataSet | None = None,
             chance: str = "auto", **options: Any) -> CorinthState:
    """A new game of Corinth for 2-4 players (no options); player 1 is the first player."""
    ds = resolve_data(SCHEMA, data, "Corinth")
    info = make_info(GAME, rules_version=RULES_VERSION, players=players, allowed_players=PLAYERS,
                     seed=seed, chance=chance, options=options, known_options={}, data=ds,
                     data_version=ds.version)
    book = Book.of(ds)
    pre = book.crossed_with_four if players == 4 else 0          # corinth.setup.four-players
    sheet = Sheet(marks=(0,) * len(book.shop_ids), gold_in=book.c["start_gold"], gold_out=0,
                  goats_in=book.c["start_goats"], goats_out=0, buildings=0, yellow=0,
                  route=(book.start,), trail=1 << book.start, circled=0, diamonds=(), turns=pre)
    s = CorinthState(info, Log(), (sheet,) * players, (-1,) * len(GOODS_DISTRICTS), 0, 0, SUPPLY,
                     EMPTY_HARBOR, (), (0, 0, 0), -1, 0, book)
    d = _Draft(s)
    start_round(d)
    return d.freeze()._settle()

