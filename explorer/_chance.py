"""Seeded, reproducible chance.

Each chance event of a game (a dice roll, a shuffle) is drawn from its own random stream, named
by the game, the seed and the event's number. The n-th event of a game therefore depends only on
(game, seed, n): the same seed and the same actions always give the same game, and an edited
earlier event does not shift later ones.

>>> a, b = event_rng("demo", 7, 0), event_rng("demo", 7, 0)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
>>> sample([("a", Fraction(1, 4)), ("b", Fraction(3, 4))], event_rng("demo", 1, 0)) in ("a", "b")
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Sequence, TypeVar

__all__ = ["event_rng", "sample", "roll_dice"]

T = TypeVar("T")


def event_rng(game: str, seed: int, event: int) -> random.Random:
    """A fresh generator for chance event number ``event`` of a game with ``seed``."""
    return random.Random(f"{game}:{seed}:{event}")


def sample(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome from an exact distribution (probabilities must sum to 1)."""
    total = sum(p for _, p in outcomes)
    if total != 1:
        raise ValueError(f"chance outcomes sum to {total}, not 1")
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // _gcd(denom, p.denominator)
    ticket = rng.randrange(denom)
    for outcome, p in outcomes:
        ticket -= p.numerator * (denom // p.denominator)
        if ticket < 0:
            return outcome
    raise AssertionError("unreachable")


def roll_dice(n: int, rng: random.Random, sides: int = 6) -> tuple[int, ...]:
    """Roll ``n`` dice, faces in the order rolled."""
    return tuple(rng.randint(1, sides) for _ in range(n))


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
