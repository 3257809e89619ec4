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
from hashlib import blake2b
from typing import Sequence, TypeVar

__all__ = ["event_rng", "sample", "roll_dice", "EventRandom"]

T = TypeVar("T")
_TO_UNIT = 1.0 / (1 << 53)


class EventRandom(random.Random):
    """The random stream of one chance event: BLAKE2b of (game, seed, event) in counter mode.

    A game draws only a few numbers per chance event (one per die, say), so the stream must be
    cheap to start (about a microsecond, where seeding a Mersenne Twister takes five); every
    ``random.Random`` method (``random``, ``randrange``, ``choices``, ``shuffle``...) works on it.
    """

    def __init__(self, key: bytes):                    # no Mersenne Twister state to seed
        self._key = key
        self._counter = 0
        self.gauss_next = None

    def seed(self, *args, **kwargs) -> None:
        raise TypeError("an event's stream is fixed by its game, seed and event number")

    def _block(self) -> int:
        self._counter += 1
        return int.from_bytes(blake2b(self._counter.to_bytes(8, "little"), digest_size=8,
                                      key=self._key).digest(), "little")

    def random(self) -> float:
        return (self._block() >> 11) * _TO_UNIT

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            out |= self._block() << have
            have += 64
        return out & ((1 << k) - 1)

    def getstate(self):
        return (self._key, self._counter)

    def setstate(self, state) -> None:
        self._key, self._counter = state

    def __reduce__(self):
        return (_event_random, (self._key, self._counter))


def _event_random(key: bytes, counter: int) -> EventRandom:
    r = EventRandom(key)
    r._counter = counter
    return r


def event_rng(game: str, seed: int, event: int) -> EventRandom:
    """A fresh generator for chance event number ``event`` of a game with ``seed``."""
    key = f"{game}:{seed}:{event}".encode()
    if len(key) > 64:                                   # BLAKE2b keys are at most 64 bytes
        key = blake2b(key, digest_size=64).digest()
    return EventRandom(key)


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
