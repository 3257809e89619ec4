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

A chance event is given either way: as outcomes with exact ``Fraction`` probabilities, or as
outcomes with whole-number weights (probability = weight / total), which a driver can hand to
``random.choices`` without any ``Fraction`` arithmetic.

>>> integer_weights([("a", Fraction(1, 4)), ("b", Fraction(3, 4))])
(('a', 'b'), (1, 3))
>>> weighted(("a", "b", "c"), (2, 1, 1))
[('a', Fraction(1, 2)), ('b', Fraction(1, 4)), ('c', Fraction(1, 4))]
>>> cumulative((2, 1, 1)), uniform(3)
((2, 3, 4), (1, 1, 1))
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from hashlib import blake2b
from itertools import accumulate
from typing import Sequence, TypeVar

__all__ = ["event_rng", "event_random", "sample", "roll_dice", "EventRandom", "integer_weights",
           "weighted", "cumulative", "uniform", "fraction"]

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
    return EventRandom(_event_key(game, seed, event))


def _event_key(game: str, seed: int, event: int) -> bytes:
    """The BLAKE2b key of a chance event's stream (keys are at most 64 bytes)."""
    key = f"{game}:{seed}:{event}".encode()
    return key if len(key) <= 64 else blake2b(key, digest_size=64).digest()


_FIRST_BLOCK = (1).to_bytes(8, "little")


def event_random(game: str, seed: int, event: int) -> float:
    """The first number of chance event ``event``'s stream, ``event_rng(game, seed,
    event).random()``, without making the stream (for a game that draws one number per event).

    >>> all(event_random("demo", 7, n) == event_rng("demo", 7, n).random() for n in range(20))
    True
    >>> event_random("x" * 70, 1, 0) == event_rng("x" * 70, 1, 0).random()
    True
    """
    key = _event_key(game, seed, event)
    return (int.from_bytes(blake2b(_FIRST_BLOCK, digest_size=8, key=key).digest(), "little")
            >> 11) * _TO_UNIT


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


def integer_weights(outcomes: Sequence[tuple[T, Fraction]]
                    ) -> tuple[tuple[T, ...], tuple[int, ...]]:
    """An exact distribution as (outcomes, whole-number weights): each probability's numerator
    over the probabilities' common denominator, so ``weight / sum(weights)`` is the probability."""
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // _gcd(denom, p.denominator)
    return (tuple(o for o, _ in outcomes),
            tuple(p.numerator * (denom // p.denominator) for _, p in outcomes))


def weighted(outcomes: Sequence[T], weights: Sequence[int]) -> list[tuple[T, Fraction]]:
    """Outcomes with whole-number weights as outcomes with exact probabilities (a new list)."""
    total = sum(weights)
    return [(o, fraction(w, total)) for o, w in zip(outcomes, weights)]


@lru_cache(maxsize=1 << 14)
def fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)``, kept: chance events ask for the same few again."""
    return Fraction(numerator, denominator)


@lru_cache(maxsize=1 << 12)
def cumulative(weights: tuple[int, ...]) -> tuple[int, ...]:
    """The running sums of ``weights`` (the last is the total), as ``cum_weights`` takes them."""
    return tuple(accumulate(weights))


@lru_cache(maxsize=256)
def uniform(n: int) -> tuple[int, ...]:
    """The weights of ``n`` equally likely outcomes."""
    return (1,) * n


def roll_dice(n: int, rng: random.Random, sides: int = 6) -> tuple[int, ...]:
    """Roll ``n`` dice, faces in the order rolled."""
    return tuple(rng.randint(1, sides) for _ in range(n))


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
