"""The machinery under the rules: a player's pieces (:class:`Seat`), the draft a move writes on,
and the agenda that says what happens next.

**The agenda.** A position holds a stack of *tasks* (plain tuples ``(code, *args)``, the next one
last). Some tasks are done at once (``AUTO``: income, the wall check, the next turn...), some wait
for a player's decision (``LEGAL`` lists their actions) or for chance (``CHANCE`` lists the
outcomes); ``GATE`` tasks decide when reached whether a decision is needed at all (a payment
the foreman could make, a move with no destination). A rule that triggers others pushes their
tasks on top, so everything a placement sets off (a forced token trade, the wall scored, a port
claim) is settled before the next step of the action, as the rulebook orders it. After every
action :func:`settle` runs the agenda until a decision or a chance event is due.

Each rules module registers its tasks and actions here: ``AUTO[code](d, task)``,
``GATE[code](d, task) -> bool`` (True: the task waits for a decision; False: it was done or
skipped and popped), ``LEGAL[code](s, task) -> list`` of actions, ``CHANCE[code](s, task)`` ->
(outcomes, whole-number weights), each weight over their sum an outcome's probability (see
:func:`counted`), ``DRAWN[code](s, task, rng)`` -> one outcome drawn,
``EFFECT[kind](d, action, task)`` (the task is popped already) and ``EXPLAIN[kind](s, action)`` ->
the refusal of an action that is not legal now.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .._action import Action
from .._engine import GameState, WordsInModule

_KEY = Action._key

__all__ = ["Seat", "SeatDraft", "Agenda", "Draft", "settle", "AUTO", "GATE", "LEGAL", "CHANCE",
           "DRAWN", "EFFECT", "EXPLAIN", "LOCKED", "POOL", "SUPPLY", "WALL", "SHIP", "LOST_DECREE",
           "LOST_SLOT", "FOREMAN_PLACES", "FULL", "PUBLIC", "order_from", "intrigue_key",
           "intrigue_order", "OVER_TASK", "counted", "Memo"]

# where a player's foreman is (gugong.foreman.*)
LOCKED, POOL, SUPPLY, WALL, SHIP, LOST_DECREE, LOST_SLOT = range(7)
FOREMAN_PLACES = ("on its space (locked)", "in the pool", "in the supply", "on the wall",
                  "on a ship", "lost on a decree", "lost in a port slot")

FULL, PUBLIC = -1, -2
"""``viewer`` of the full state, and of the view of someone who plays no seat."""

OVER_TASK = ("over",)


class Seat(NamedTuple):
    """One player's pieces and cards."""

    hand: tuple[int, ...]          # gift cards in hand (sorted card indices)
    discard: tuple[int, ...]       # the face-down discard pile (sorted; secret)
    pool: int                      # servant cubes in the servant pool
    supply: int                    # servant cubes in the player's general supply
    foreman: int                   # where the foreman is (LOCKED, POOL, ...)
    vp: int                        # victory points scored so far
    jade: int
    palace: int                    # envoy's step on the Palace track (0 to 8)
    arrival: int                   # arrival spot taken in the palace (rank 1, 2, ...; 0 = none)
    intrigue: int                  # Intrigue marker's step (0 to 14)
    stamp: int                     # when it last landed: higher = higher in a shared stack
    traveller: int                 # city of the traveller (-1: beside the map)
    tokens: tuple[int, ...]        # travel tokens held, kinds in the order collected
    slots: tuple[int, ...]         # port rewards claimed, per reward kind
    passed: bool                   # has passed this day
    final: tuple[int, ...]         # final scoring: (wall, palace, decrees, jade) once scored


class SeatDraft:
    """A seat being written on: the fields of :class:`Seat`, settable."""

    __slots__ = Seat._fields

    def __init__(self, seat: Seat):
        (self.hand, self.discard, self.pool, self.supply, self.foreman, self.vp, self.jade,
         self.palace, self.arrival, self.intrigue, self.stamp, self.traveller, self.tokens,
         self.slots, self.passed, self.final) = seat

    def freeze(self) -> Seat:
        return _tuple_new(Seat, (self.hand, self.discard, self.pool, self.supply, self.foreman,
                                 self.vp, self.jade, self.palace, self.arrival, self.intrigue,
                                 self.stamp, self.traveller, self.tokens, self.slots, self.passed,
                                 self.final))


_tuple_new = tuple.__new__

STATE_FIELDS = ("info", "log", "agenda", "day", "first", "medal", "seats", "locations", "draw",
                "cities", "stock", "spent", "dice", "houses", "decrees", "holders", "wall",
                "canal", "secrets", "unseen", "viewer", "book")


class Agenda:
    """What the agenda tells, the same for a state and for a draft of one."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        agenda = self.agenda
        return not agenda or agenda[-1][0] == "over"


class Draft(Agenda, WordsInModule, GameState):
    """A mutable copy of a position that a move writes on. It has the very slots of the state
    class, so ``freeze`` turns it into the next state in place (its class changes; nothing is
    copied again)."""

    __slots__ = STATE_FIELDS + ("_cache",)

    def __init__(self, s):
        self.info = s.info
        self.log = s.log
        self.agenda = list(s.agenda)
        self.day = s.day
        self.first = s.first
        self.medal = s.medal
        self.seats = s.seats                # a list once a seat is written on
        self.locations = s.locations
        self.draw = s.draw
        self.cities = s.cities
        self.stock = s.stock
        self.spent = s.spent
        self.dice = s.dice
        self.houses = s.houses
        self.decrees = s.decrees
        self.holders = s.holders
        self.wall = s.wall
        self.canal = s.canal
        self.secrets = s.secrets
        self.unseen = s.unseen
        self.viewer = s.viewer
        self.book = s.book
        self._cache = None                  # while drafting: a gate's (task, legal actions)

    @property
    def n(self) -> int:
        return self.info.players

    def seat(self, p: int) -> SeatDraft:
        """Player ``p``'s seat, ready to be written on (copied at the first change)."""
        seats = self.seats
        s = seats[p]
        if type(s) is Seat:
            if type(seats) is tuple:
                seats = self.seats = list(seats)
            s = seats[p] = SeatDraft(s)
        return s

    def push(self, *tasks: tuple) -> None:
        """Put tasks on the agenda so that they are done in the order given (the first next)."""
        self.agenda.extend(reversed(tasks))

    @property
    def top(self) -> tuple:
        return self.agenda[-1]

    def freeze(self):
        """The next state: this draft, its lists made tuples, turned into a state in place. A list
        of legal actions a gate worked out for the task now on top is kept in its cache."""
        seats = self.seats
        if type(seats) is list:
            for p, x in enumerate(seats):
                if type(x) is SeatDraft:
                    seats[p] = x.freeze()
            self.seats = tuple(seats)
        agenda = self.agenda = tuple(self.agenda)
        hint = self._cache
        self._cache = ({"legal": hint[1]} if hint is not None and agenda and hint[0] is agenda[-1]
                       and self.viewer == FULL else {})     # a view works out its own list
        self.__class__ = _CLASS[0]
        return self


_CLASS: list = []


def bind_state(cls) -> None:
    """Called once the state class exists: a draft becomes one of its states when frozen."""
    assert cls.__slots__ == Draft.__slots__, "a draft has the very slots of the state class"
    _CLASS[:] = [cls]


class Memo(dict):
    """Answers of a pure function ``fn`` by their arguments, ``memo[args]`` working out a missing
    one as ``fn(*args)``; past ``limit`` answers it starts afresh."""

    __slots__ = ("fn", "limit")

    def __init__(self, fn, limit: int = 4096):
        super().__init__()
        self.fn = fn
        self.limit = limit

    def __missing__(self, args: tuple):
        if len(self) >= self.limit:
            self.clear()
        got = self[args] = self.fn(*args)
        return got


# ---- registries the rules modules fill -------------------------------------------------------
AUTO: dict[str, Any] = {}
GATE: dict[str, Any] = {}
LEGAL: dict[str, Any] = {}
CHANCE: dict[str, Any] = {}
DRAWN: dict[str, Any] = {}
EFFECT: dict[str, Any] = {}
EXPLAIN: dict[str, Any] = {}


def counted(pairs) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """(action, how many) pairs as a chance event's (outcomes, weights), in the actions' order."""
    items = sorted(pairs, key=lambda o: _KEY(o[0]))
    return tuple(a for a, _ in items), tuple(k for _, k in items)


IN_ORDER = frozenset(("turn", "price", "actions", "gain", "pay", "wall_place", "decree_place", "slot",
                      "optional", "bonus_step", "benefit", "roll", "refill", "start", "deal", "hand",
                      "decree_draw", "draw"))
"""Tasks whose ``LEGAL`` lists come sorted, each action once (the others are sorted by ``finish``)."""


def finish(acts) -> list:
    """A list of legal actions as the state gives it: sorted, each once."""
    return sorted(set(acts), key=_KEY)


def hinted(d: Draft, task: tuple, acts, in_order: bool = False) -> bool:
    """A gate's answer: whether ``task`` waits for a decision (some action is legal); the list
    is kept, so the next state need not work it out again."""
    if not acts:
        return False
    d._cache = (task, acts if in_order else finish(acts))
    return True


def settle(d: Draft) -> None:
    """Do every task that needs nobody, until a decision or a chance event is due (or the end)."""
    agenda = d.agenda                       # the rules push and pop on this very list
    auto, gate = AUTO, GATE
    while agenda:
        task = agenda[-1]
        fn = auto.get(task[0])
        if fn is not None:
            agenda.pop()
            fn(d, task)
        else:
            fn = gate.get(task[0])
            if fn is None or fn(d, task):
                return


# ---- turn order and ties -----------------------------------------------------------------------
_ORDERS: dict = {}


def order_from(first: int, n: int) -> tuple[int, ...]:
    """gugong.day.turn-order: the players clockwise from ``first``."""
    got = _ORDERS.get((first, n))
    if got is None:
        got = tuple((first + k) % n for k in range(n))
        if len(_ORDERS) < 256:
            _ORDERS[(first, n)] = got
    return got


def intrigue_key(seat) -> tuple[int, int]:
    """gugong.tiebreak.higher-wins, gugong.tiebreak.stack: a marker's place, higher = ahead
    (its step, then how high it lies in a shared stack)."""
    return (seat.intrigue, seat.stamp)


def intrigue_order(seats, players) -> list[int]:
    """``players`` from the lowest Intrigue marker to the highest (gugong.intrigue.benefit-order,
    gugong.intrigue.benefit-order-stack: in a shared space the marker underneath is lower)."""
    return sorted(players, key=lambda p: intrigue_key(seats[p]))
