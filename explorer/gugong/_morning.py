"""Fase 1: the morning of days 2 to 4 (gugong.morning.skip-day-one: set-up stands in for it on
day 1), in its 5 steps (gugong.morning.five-steps).

Before them, each player takes their discard pile as their new hand (gugong.exchange.discard-next-hand,
gugong.assume.new-hand). Step 1 (gugong.morning.medal-start-player, gugong.morning.medal-returns,
gugong.morning.no-medal): the medal's holder becomes the start player and the medal goes back.
Step 2 (gugong.morning.refill, gugong.morning.reshuffle, in ``_travel``): empty cities get tokens.
Step 3 (gugong.morning.roll): the Destiny dice are rolled, one chance event per die. Step 4
(gugong.morning.decree-perks): level-1 decree perks, in player order. Step 5
(gugong.morning.day-tracker, gugong.morning.income, gugong.morning.income-amounts,
gugong.assume.income-automatic): the day tracker moves on and every player gains the day's servants.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .._action import Action
from ._actions import die
from ._core import AUTO, CHANCE, DRAWN, EFFECT, order_from
from ._decrees import perk_tasks

__all__ = ["roll_outcomes"]


def _morning(d, task) -> None:
    d.day += 1
    for p in range(d.n):
        seat = d.seat(p)
        seat.hand = tuple(sorted(seat.hand + seat.discard))
        seat.discard = ()
        seat.passed = False
    if d.medal >= 0:
        d.first = d.medal
        d.medal = -1
    busy = {seat.traveller for seat in d.seats}
    d.push(*(("refill_gate", c) for c, k in enumerate(d.cities) if k < 0 and c not in busy),
           *(("roll", i) for i in range(len(d.dice))), ("perks",), ("income",), ("day",))


def _perks(d, task) -> None:
    d.push(*perk_tasks(d))


def _income(d, task) -> None:
    n = d.book.income.get(d.day, 0)
    if n:
        d.push(*(("gain", p, n) for p in order_from(d.first, d.n)))


def _day(d, task) -> None:
    """gugong.day.turn-order: the day begins with the start player."""
    d.push(("next_turn", (d.first - 1) % d.n))


def roll_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """gugong.setup.roll-dice, gugong.morning.roll: one die, each printed face equally likely
    (the outcomes are the distinct faces, each weighted by how often it is printed)."""
    i = task[1]
    book = s.book
    return _roll(book.dice_ids[i], book.die_faces[i])


@lru_cache(maxsize=64)
def _roll(die_id: str, faces: tuple[int, ...]) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    kinds = sorted(set(faces))
    return tuple(die(die_id, f) for f in kinds), tuple(faces.count(f) for f in kinds)


def _roll_drawn(s, task, rng):
    i = task[1]
    faces = s.book.die_faces[i]
    return die(s.book.dice_ids[i], faces[floor(rng.random() * len(faces))])


def _die(d, a, task) -> None:
    dice = list(d.dice)
    dice[task[1]] = a.args[1]
    d.dice = tuple(dice)


AUTO["morning"] = _morning
AUTO["perks"] = _perks
AUTO["income"] = _income
AUTO["day"] = _day
CHANCE["roll"] = roll_outcomes
DRAWN["roll"] = _roll_drawn
EFFECT["die"] = _die
