"""Gùgōng's lessons: the lesson files of this folder, and the checks their tasks may name.

Each check looks at the position before the move and after it (the rules have already played
it) and answers whether the move did what the step asks; ``wants`` says it in players' words.
Whether an exchange is free, and whether a card matches the Destiny dice, is asked of the rules
(``_day.is_free``, ``_evening.matches``), never worked out here. See ``docs/lessons.md`` for the
lesson format.
"""

from __future__ import annotations

from ...lessons import Check
from .._book import Book, load_data
from .._core import LOCKED, LOST_DECREE, LOST_SLOT, POOL, SHIP, SUPPLY, WALL
from .._day import is_free
from .._evening import matches

__all__ = ["CHECKS", "LOCATIONS", "TOKENS", "GAINS", "FOREMAN"]

LOCATIONS = ("travel", "wall", "jade", "intrigue", "palace", "decrees", "canal")
"""The board's seven locations, by the ids the moves use (``location("wall", ...)``)."""

TOKENS = tuple(k for k in Book.of(load_data(), 2).token_ids if k != "?")
"""The kinds of travel token of the shipped data (``envoy``, ``vp_2``, ``double``...)."""

FOREMAN = {"pool": POOL, "supply": SUPPLY, "wall": WALL, "ship": SHIP, "decree": LOST_DECREE,
           "port slot": LOST_SLOT}
"""Where a move may put a player's foreman (as players say it -> the state's)."""


def _servants(seat) -> int:
    return seat.pool + (seat.foreman == POOL)


def _decrees(state, p: int) -> int:
    return sum(p in h for h in state.holders)


GAINS = {
    "servants": lambda s, p: _servants(s.seats[p]),
    "vp": lambda s, p: s.seats[p].vp,
    "jade": lambda s, p: s.seats[p].jade,
    "intrigue steps": lambda s, p: s.seats[p].intrigue,
    "palace steps": lambda s, p: s.seats[p].palace,
    "travel tokens": lambda s, p: len(s.seats[p].tokens),
    "decrees": _decrees,
}
"""What a player can gain, counted in a position: servants in the pool (the foreman there counts
as one), VP, jade, steps of the Intrigue and Palace tracks, travel tokens held, decrees held."""


def _exchange(before, action):
    """The (given, taken) cards of an exchange, as the data's card indices; None otherwise."""
    if action.kind != "exchange":
        return None
    index = before.book.card_index
    return index[action.args[0]], index[action.args[1]]


def free_exchange(before, action, after) -> bool:
    cards = _exchange(before, action)
    return cards is not None and is_free(before.book, *cards)


def priced_exchange(before, action, after) -> bool:
    cards = _exchange(before, action)
    return cards is not None and not is_free(before.book, *cards)


def exchange_at(before, action, after, location: str) -> bool:
    cards = _exchange(before, action)
    return cards is not None and \
        before.book.locations[before.locations.index(cards[1])] == location


def takes_die_value(before, action, after) -> bool:
    cards = _exchange(before, action)
    return cards is not None and matches(before.book, before.dice, (cards[1],))[1] > 0


def collects_token(before, action, after, kind: str) -> bool:
    p = before.current_player
    k = before.book.token_index.get(kind, -1)
    return after.seats[p].tokens.count(k) > before.seats[p].tokens.count(k)


def gains(before, action, after, what: str, at_least: int = 1) -> bool:
    p = before.current_player
    count = GAINS[what]
    return count(after, p) - count(before, p) >= at_least


def foreman_to(before, action, after, place: str) -> bool:
    p = before.current_player
    where = FOREMAN[place]
    return before.seats[p].foreman != where and after.seats[p].foreman == where


def frees_foreman(before, action, after) -> bool:
    p = before.current_player
    return before.seats[p].foreman == LOCKED and after.seats[p].foreman != LOCKED


def scores(before, action, after, at_least: int = 1) -> bool:
    p = before.current_player
    return after.scores()[p] - before.scores()[p] >= at_least


CHECKS = {
    "free_exchange": Check(free_exchange, "make a gift exchange that needs no price (give a "
                           "card higher than the one you take)"),
    "priced_exchange": Check(priced_exchange, "make a gift exchange that needs a price (your "
                             "card is not higher than the one you take)"),
    "exchange_at": Check(exchange_at, "place your card on the {location} location (take the card "
                         "lying there)", {"location": set(LOCATIONS)}),
    "takes_die_value": Check(takes_die_value, "take a card whose value a Destiny die shows"),
    "collects_token": Check(collects_token, "collect a travel token of the kind {kind}",
                            {"kind": set(TOKENS)}),
    "gains": Check(gains, "gain at least {at_least} {what}", {"what": set(GAINS),
                                                               "at_least": int}, {"at_least": 1}),
    "frees_foreman": Check(frees_foreman, "free your foreman from its space on your player board"),
    "foreman_to": Check(foreman_to, "move your foreman to the {place}", {"place": set(FOREMAN)}),
    "scores": Check(scores, "score at least {at_least} point(s)", {"at_least": int},
                    {"at_least": 1}),
}
