"""Preparar: a new game, set up by player count.

gugong.setup.board-side, gugong.assume.board-sides: the 2-3 or the 4-5 side. The chance events of
set-up, each drawn when it happens: gugong.setup.roll-dice (the 3 Destiny dice, one event per
die); gugong.setup.tokens-on-cities, gugong.setup.token-piles (one token drawn onto each city,
the rest forming 2 equal face-down piles); gugong.setup.start-player (the start player, who gets
the start-player token); gugong.setup.location-cards (a set-up card onto each of the 7
locations); gugong.setup.decrees (2 decrees of each level). Then gugong.setup.day-tracker
(day 1), gugong.setup.envoys, gugong.setup.travellers, gugong.setup.ships,
gugong.assume.ships-at-setup, gugong.setup.medal, gugong.setup.intrigue-stack (the start
player's marker at the bottom), gugong.setup.vp-zero, gugong.setup.draw-pile,
gugong.setup.starting-set, gugong.setup.starting-set-by-seat, gugong.setup.unused-sets,
gugong.assume.seats-clockwise, gugong.setup.jade, gugong.setup.decrees-unused,
gugong.setup.foreman, gugong.setup.servants.

Option ``expert`` (gugong.variant.expert, gugong.assume.expert-variant): the 20 starting cards are
shuffled and 4 dealt to each player (one chance event per card) instead of the sets by seat.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor
from pathlib import Path
from typing import Any

from .._action import Action
from .._chance import uniform
from .._data import DataSet, resolve_data
from .._engine import Log, make_info
from .._errors import OptionError, shorten
from ._actions import deal, decree, hand, start
from ._book import SCHEMA, Book
from ._core import AUTO, CHANCE, DRAWN, EFFECT, LOCKED, Seat, order_from

__all__ = ["new_game", "OPTIONS"]

OPTIONS = {"expert": False}
"""The game's options and their defaults."""


def new_game(players: int = 2, seed: int | None = None, data: str | Path | DataSet | None = None,
             chance: str = "auto", **options: Any):
    """A new game of Gùgōng for 2-5 players.

    Option ``expert`` (default False): the expert variant's deal, 4 of the 20 starting cards at
    random to each player. It is unverified: the rulebook's sentence is cut off
    (gugong.assume.expert-variant)."""
    from ._state import GAME, PLAYERS, RULES_VERSION, GugongState
    for name, value in options.items():
        if name in OPTIONS and type(value) is not type(OPTIONS[name]):
            raise OptionError(f"Gùgōng option {name} should be true or false, not "
                              f"{shorten(value, 60)}.")
    ds = resolve_data(SCHEMA, data, "Gùgōng")
    info = make_info(GAME, rules_version=RULES_VERSION, players=players,
                     allowed_players=PLAYERS, seed=seed, chance=chance, options=options,
                     known_options=OPTIONS, data=ds, data_version=ds.version)
    book = Book.of(ds, players)
    c = book.c
    seat = Seat(hand=(), discard=(), pool=c["start_pool"], supply=c["start_supply"],
                foreman=LOCKED, vp=0, jade=0, palace=0, arrival=0, intrigue=0, stamp=0,
                traveller=-1, tokens=(), slots=(0,) * len(book.reward_ids), passed=False, final=())
    setup = [("roll", i) for i in range(len(book.dice_ids))]
    setup += [("refill_gate", k) for k in range(len(book.city_ids))]
    setup += [("start",)] + [("deal", k) for k in range(len(book.locations))]
    if info.option("expert"):
        setup += [("hand", k) for k in range(players * c["starting_set_size"])]
    setup += [("decree_draw", k) for k in range(len(book.decree_slot_level))]
    setup += [("begin",)]
    s = GugongState(
        info=info, log=Log(), agenda=tuple(reversed(setup)), day=0, first=-1, medal=-1,
        seats=(seat,) * players, locations=(-1,) * len(book.locations),
        draw=tuple(sorted(book.draw_cards)), cities=(-1,) * len(book.city_ids),
        stock=tuple(sorted(book.all_tokens)), spent=(), dice=(0,) * len(book.dice_ids),
        houses=book.house_jade, decrees=(-1,) * len(book.decree_slot_level),
        holders=((),) * len(book.decree_slot_level), wall=(),
        canal=tuple((None,) * len(route) for route in book.ports), book=book)
    return s._settle()


# ---- chance events of the set-up -----------------------------------------------------------
def _start_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    n = s.info.players
    return _starts(n), uniform(n)


@lru_cache(maxsize=16)
def _starts(n: int) -> tuple[Action, ...]:
    return tuple(start(p) for p in range(n))


def _start_drawn(s, task, rng):
    return start(floor(rng.random() * s.info.players))


def _start(d, a, task) -> None:
    """gugong.setup.start-player, gugong.setup.intrigue-stack, gugong.setup.starting-set-by-seat:
    the start player; the Intrigue markers stacked from the start player (bottom) to the last
    player (top); the starting sets by seat (the unused ones back in the box)."""
    first = a.args[0]
    d.first = first
    book = d.book
    expert = d.info.option("expert")
    for k, p in enumerate(order_from(first, d.n)):
        seat = d.seat(p)
        seat.stamp = k
        if not expert:
            seat.hand = tuple(sorted(book.start_sets[k + 1]))


def _dealt(s) -> set[int]:
    return {c for c in s.locations if c >= 0}


def _deal_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    dealt = _dealt(s)
    left = tuple(a for c, a in _deals(s.book, task[1]) if c not in dealt)
    return left, uniform(len(left))


@lru_cache(maxsize=64)
def _deals(book: Book, k: int) -> tuple[tuple[int, Action], ...]:
    """Every set-up card dealt onto location ``k``, as (card, action) in the actions' order."""
    loc = book.locations[k]
    return _in_order((c, deal(loc, book.card_ids[c])) for c in book.setup_cards)


def _in_order(pairs) -> tuple[tuple[int, Action], ...]:
    """(index, action) pairs sorted as their actions are listed."""
    return tuple(sorted(pairs, key=lambda pair: Action._key(pair[1])))


def _deal_drawn(s, task, rng):
    book = s.book
    dealt = _dealt(s)
    left = [c for c in book.setup_cards if c not in dealt]
    return deal(book.locations[task[1]], book.card_ids[left[floor(rng.random() * len(left))]])


def _deal(d, a, task) -> None:
    locs = list(d.locations)
    locs[task[1]] = d.book.card_index[a.args[1]]
    d.locations = tuple(locs)


def _hand_player(s, task) -> int:
    per = s.book.c["starting_set_size"]
    return order_from(s.first, s.info.players)[task[1] // per]


def _hand_left(s) -> list[int]:
    held = {c for seat in s.seats for c in seat.hand}
    return [c for c in s.book.start_cards if c not in held]


def _hand_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    book = s.book
    p = _hand_player(s, task)
    left = _hand_left(s)
    return (tuple(sorted((hand(p, book.card_ids[c]) for c in left), key=Action._key)),
            uniform(len(left)))


def _hand_drawn(s, task, rng):
    left = _hand_left(s)
    return hand(_hand_player(s, task), s.book.card_ids[left[floor(rng.random() * len(left))]])


def _hand(d, a, task) -> None:
    p = a.args[0]
    seat = d.seat(p)
    seat.hand = tuple(sorted(seat.hand + (d.book.card_index[a.args[1]],)))
    d.secrets += (p,)


def _decree_left(s, task) -> list[int]:
    book = s.book
    level = book.decree_slot_level[task[1]]
    return [k for k, lv in enumerate(book.decree_level) if lv == level and k not in s.decrees]


def _decree_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    book = s.book
    drawn = s.decrees
    left = tuple(a for k, a in _decree_draws(book, book.decree_slot_level[task[1]])
                 if k not in drawn)
    return left, uniform(len(left))


@lru_cache(maxsize=64)
def _decree_draws(book: Book, level: int) -> tuple[tuple[int, Action], ...]:
    """Every decree of ``level``, as (decree, action) in the actions' order."""
    return _in_order((k, decree(book.decree_ids[k]))
                     for k, lv in enumerate(book.decree_level) if lv == level)


def _decree_drawn(s, task, rng):
    left = _decree_left(s, task)
    return decree(s.book.decree_ids[left[floor(rng.random() * len(left))]])


def _decree(d, a, task) -> None:
    decs = list(d.decrees)
    decs[task[1]] = d.book.decree_index[a.args[0]]
    d.decrees = tuple(decs)


def _begin(d, task) -> None:
    """gugong.setup.day-tracker, gugong.morning.skip-day-one: day 1 begins with its day phase."""
    d.day = 1
    d.push(("day",))


CHANCE["start"], DRAWN["start"], EFFECT["start"] = _start_outcomes, _start_drawn, _start
CHANCE["deal"], DRAWN["deal"], EFFECT["deal"] = _deal_outcomes, _deal_drawn, _deal
CHANCE["hand"], DRAWN["hand"], EFFECT["hand"] = _hand_outcomes, _hand_drawn, _hand
CHANCE["decree_draw"], DRAWN["decree_draw"] = _decree_outcomes, _decree_drawn
EFFECT["decree"] = _decree
AUTO["begin"] = _begin
