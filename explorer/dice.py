"""Exact dice maths over multisets of faces, with exact fractions.

A roll of n identical dice matters to most rules only through how many dice show each face: a
count vector. 12d6 has 6,188 count vectors against 2,176,782,336 ordered rolls, and each vector
stands for ``multinomial(counts)`` ordered rolls. Three ways to get an exact distribution:

- :func:`by_counts` evaluates a function on every joint count vector of one or more pools
  (e.g. white and yellow dice), weighting each by its number of ordered rolls;
- :func:`by_faces` goes face by face, merging equal intermediate states as it goes (the
  outcome-by-outcome recursion), which is much faster when the state stays small;
- :func:`brute_force` enumerates every ordered roll: the test oracle for small pools.

>>> d = by_counts(lambda c: max(f for f, n in enumerate(c[0], 1) if n), [2])   # max of 2d6
>>> d[6], d.mean()
(Fraction(11, 36), Fraction(161, 36))
>>> d == brute_force(lambda c: max(f for f, n in enumerate(c[0], 1) if n), [2])
True
>>> d.at_least(5)
Fraction(5, 9)
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb, factorial
from typing import Any, Callable, Hashable, Iterator, Mapping, Sequence

__all__ = ["Distribution", "count_vectors", "multinomial", "by_counts", "by_faces", "brute_force"]


class Distribution(Mapping[Any, Fraction]):
    """An exact probability distribution: outcome -> Fraction, summing to 1."""

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[Any, int | Fraction], total: int | Fraction | None = None):
        total = sum(weights.values()) if total is None else total
        if total == 0:
            raise ValueError("a distribution needs positive total weight")
        items = sorted(weights.items(), key=_order)
        if type(total) is int:                   # integer weights: one reduction each
            self._p = {k: Fraction(v, total) if type(v) is int else Fraction(v) / total
                       for k, v in items if v}
        else:
            self._p = {k: Fraction(v) / total for k, v in items if v}

    def __getitem__(self, outcome: Any) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        """Whether ``outcome`` can happen; ``d[x]`` reads 0 for the others.

        >>> d = Distribution({1: 1, 2: 1})
        >>> 2 in d, 3 in d, d[3]
        (True, False, Fraction(0, 1))
        """
        return outcome in self._p

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._p == other._p
        if isinstance(other, Mapping):
            return self._p == {k: Fraction(v) for k, v in other.items() if v}
        return NotImplemented

    def __repr__(self) -> str:
        return "Distribution({" + ", ".join(f"{k!r}: {v}" for k, v in self._p.items()) + "})"

    def mean(self) -> Fraction:
        return sum((Fraction(k) * p for k, p in self._p.items()), Fraction(0))

    def probability(self, predicate: Callable[[Any], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def at_least(self, x: Any) -> Fraction:
        return self.probability(lambda k: k >= x)

    def at_most(self, x: Any) -> Fraction:
        return self.probability(lambda k: k <= x)

    def map(self, f: Callable[[Any], Hashable]) -> Distribution:
        out: dict[Any, Fraction] = {}
        for k, p in self._p.items():
            key = f(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Distribution(out, 1)

    def table(self) -> list[tuple[Any, Fraction, Fraction, Fraction]]:
        """Rows (outcome, P(= x), P(<= x), P(>= x)) in outcome order."""
        rows, below = [], Fraction(0)
        for k, p in self._p.items():
            rows.append((k, p, below + p, 1 - below))
            below += p
        return rows


def _order(item: tuple[Any, Any]) -> tuple:
    k = item[0]
    return (0, k, "") if isinstance(k, (int, Fraction)) else (1, 0, repr(k))


def count_vectors(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every k-tuple of non-negative integers summing to n (stars and bars)."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in count_vectors(n - first, k - 1):
            yield (first, *rest)


def multinomial(counts: Sequence[int]) -> int:
    """How many ordered sequences have these face counts: n! / prod(c!)."""
    out = factorial(sum(counts))
    for c in counts:
        out //= factorial(c)
    return out


def by_counts(evaluate: Callable[[tuple[tuple[int, ...], ...]], Hashable], pools: Sequence[int],
              sides: int = 6) -> Distribution:
    """Distribution of ``evaluate(counts)`` over rolls of several pools of ``sides``-sided dice.

    ``counts[i][f - 1]`` is how many dice of pool ``i`` show face ``f``.
    """
    weights: dict[Hashable, int] = {}
    per_pool = [[(c, multinomial(c)) for c in count_vectors(n, sides)] for n in pools]
    for combo in itertools.product(*per_pool):
        w = 1
        for _, m in combo:
            w *= m
        key = evaluate(tuple(c for c, _ in combo))
        weights[key] = weights.get(key, 0) + w
    return Distribution(weights, sides ** sum(pools))


def by_faces(step: Callable[[Any, int, tuple[int, ...]], Any], initial: Any, pools: Sequence[int],
             final: Callable[[Any], Hashable] = lambda s: s, faces: Sequence[int] | None = None,
             sides: int = 6) -> Distribution:
    """Outcome-by-outcome recursion: visit faces in order, merging equal states.

    ``step(state, face, counts)`` gets how many dice of each pool show ``face`` and returns the
    next state; ``final(state)`` maps the state after the last face to the outcome. Faces are
    visited in the order of ``faces`` (default 1..sides), e.g. descending to find maxima first.
    """
    faces = list(faces if faces is not None else range(1, sides + 1))
    if sorted(faces) != list(range(1, sides + 1)):
        raise ValueError(f"faces must be an ordering of 1..{sides}")
    frontier: dict[tuple[Any, tuple[int, ...]], int] = {(initial, tuple(pools)): 1}
    last = len(faces) - 1
    for i, face in enumerate(faces):
        nxt: dict[tuple[Any, tuple[int, ...]], int] = {}
        for (state, remaining), w in frontier.items():
            choices = ([(r,) for r in remaining] if i == last
                       else [range(r + 1) for r in remaining])
            for counts in itertools.product(*choices):
                ww = w
                for r, c in zip(remaining, counts):
                    ww *= comb(r, c)
                key = (step(state, face, counts), tuple(r - c for r, c in zip(remaining, counts)))
                nxt[key] = nxt.get(key, 0) + ww
        frontier = nxt
    weights: dict[Hashable, int] = {}
    for (state, _), w in frontier.items():
        k = final(state)
        weights[k] = weights.get(k, 0) + w
    return Distribution(weights, sides ** sum(pools))


def brute_force(evaluate: Callable[[tuple[tuple[int, ...], ...]], Hashable], pools: Sequence[int],
                sides: int = 6) -> Distribution:
    """Enumerate every ordered roll (sides ** dice of them): the oracle for small pools."""
    weights: dict[Hashable, int] = {}
    n = sum(pools)
    for roll in itertools.product(range(1, sides + 1), repeat=n):
        counts, start = [], 0
        for size in pools:
            c = [0] * sides
            for f in roll[start:start + size]:
                c[f - 1] += 1
            counts.append(tuple(c))
            start += size
        key = evaluate(tuple(counts))
        weights[key] = weights.get(key, 0) + 1
    return Distribution(weights, sides ** n)
