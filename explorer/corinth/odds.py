"""Exact harbor odds for Corinth: how many dice each district gets when the first player rolls.

Rule ``corinth.harbor.sort``: the first player rolls the 9 white dice plus the 0 to 3 yellow dice
bought for 1 gold each; all dice of the highest value go to gold, every other value present forms
one group, the lowest on goats and each next value one district higher (green, purple, blue,
orange). Everything here is an exact :class:`~fractions.Fraction`.

>>> odds = harbor_odds(9, 3)
>>> odds.gold[12] == Fraction(6, 6 ** 12)          # all twelve dice show the same value
True
>>> odds.expected("gold")
Fraction(138666227, 60466176)
>>> odds.district("orange").at_least(1) == odds.rows_filled[6]
True
>>> odds.yellow_on_gold
Fraction(348762617, 725594112)

How it is computed, without visiting rolls. Read the values present from lowest to highest: their
group sizes form a composition (c_1, ..., c_k) of the N = white + yellow dice, with c_1 dice on
goats, c_2 on green and so on, and c_k on gold. A composition with k parts comes from C(6, k)
choices of which k values are present, each with N! / (c_1! ... c_k!) ordered rolls, so the 1,024
compositions of 12 into at most six parts give the joint law of all district counts exactly.
Two symmetries give the rest:

- the dice are exchangeable, so given that a group holds c dice, which c of the N dice they are is
  a uniformly random subset: its yellow dice follow the hypergeometric law;
- given k values are present, which k values they are is a uniformly random k-subset of 1..6,
  independent of the group sizes: a district's value follows an order statistic of that subset.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb
from typing import Iterator, Mapping

from explorer._errors import OptionError
from explorer.corinth.harbor import DISTRICTS
from explorer.dice import Distribution

__all__ = ["HarborOdds", "harbor_odds", "YellowOption", "YellowAdvice", "yellow_advice",
           "MAX_WHITE", "MAX_YELLOW"]

MAX_WHITE = 9
"""White dice in the box."""
MAX_YELLOW = 3
"""Yellow dice in the box (and the most a first player may roll)."""

_INDEX = {name: i for i, name in enumerate(DISTRICTS)}
_SIDES = 6


def _check_int(label: str, value: object, low: int, high: int) -> int:
    """Return ``value`` if it is an int in [low, high], else raise OptionError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"{label} must be a whole number from {low} to {high}, "
                          f"not {value!r} ({type(value).__name__})")
    if not low <= value <= high:
        raise OptionError(f"{label} must be from {low} to {high}, not {value}")
    return value


def _check_district(name: object) -> int:
    """Index of district ``name`` in DISTRICTS, or OptionError naming the valid ones."""
    if name not in _INDEX:
        raise OptionError(f"unknown district {name!r}; the districts are {', '.join(DISTRICTS)}")
    return _INDEX[name]  # type: ignore[index]


def _compositions(n: int, max_parts: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each composition of n into 1..max_parts positive parts, with its n! / prod(c!) orderings."""
    stack = [((), n, 1)]
    while stack:
        parts, left, ways = stack.pop()
        for c in range(1, left + 1):
            more = ways * comb(left, c)
            grown = parts + (c,)
            if c == left:
                yield grown, more
            elif len(grown) < max_parts:
                stack.append((grown, left - c, more))


def _layout(parts: tuple[int, ...]) -> tuple[int, ...]:
    """District counts (DISTRICTS order) for group sizes listed from the lowest value up."""
    k = len(parts)
    return (parts[-1],) + (0,) * (_SIDES - k) + parts[-2::-1]


def _count_weights(n: int) -> tuple[dict[tuple[int, ...], int], dict[int, int], dict[int, int]]:
    """Ordered rolls per district-count layout, per number of rows filled and per largest group."""
    if n == 0:
        return {(0,) * _SIDES: 1}, {0: 1}, {0: 1}
    layouts: dict[tuple[int, ...], int] = {}
    rows: dict[int, int] = {}
    largest: dict[int, int] = {}
    for parts, ways in _compositions(n, _SIDES):
        k = len(parts)
        w = ways * comb(_SIDES, k)
        layouts[_layout(parts)] = w
        rows[k] = rows.get(k, 0) + w
        top = max(parts)
        largest[top] = largest.get(top, 0) + w
    return layouts, rows, largest


def _marginals(layouts: Mapping[tuple[int, ...], int]) -> list[dict[int, int]]:
    """Per district, ordered-roll counts of each number of dice it gets."""
    out: list[dict[int, int]] = [{} for _ in DISTRICTS]
    for layout, w in layouts.items():
        for i, c in enumerate(layout):
            out[i][c] = out[i].get(c, 0) + w
    return out


def _yellow_law(count: Distribution, white: int, yellow: int) -> Distribution:
    """Yellow dice in a group whose size has law ``count``: hypergeometric given the size."""
    n = white + yellow
    out: dict[int, Fraction] = {}
    for c, p in count.items():
        total = comb(n, c)
        for y in range(max(0, c - white), min(c, yellow) + 1):
            out[y] = out.get(y, Fraction(0)) + p * Fraction(comb(yellow, y) * comb(white, c - y), total)
    return Distribution(out, 1)


def _pct(p: Fraction) -> str:
    """A probability as a short percentage."""
    return f"{float(p):.1%}"


@dataclass(frozen=True, eq=False)
class HarborOdds:
    """Exact odds of one harbor sort: ``white`` white dice and ``yellow`` yellow dice.

    ``gold``, ``rows_filled`` and ``largest`` are distributions of the dice on gold, of the number
    of non-empty districts and of the size of the largest group; ``yellow_on_gold`` is the chance
    that at least one yellow die lands on gold; ``districts`` maps each district to the law of its
    dice count (0 = empty).
    """

    white: int
    yellow: int
    gold: Distribution
    rows_filled: Distribution
    yellow_on_gold: Fraction
    largest: Distribution
    districts: Mapping[str, Distribution] = field(repr=False)
    _layouts: Mapping[tuple[int, ...], int] = field(repr=False)

    @property
    def dice(self) -> int:
        """How many dice are rolled."""
        return self.white + self.yellow

    def district(self, name: str) -> Distribution:
        """Distribution of the number of dice on district ``name`` (0 = empty)."""
        return self.districts[DISTRICTS[_check_district(name)]]

    def expected(self, name: str) -> Fraction:
        """Expected number of dice on district ``name``."""
        return self.district(name).mean()

    @cached_property
    def joint(self) -> Distribution:
        """Joint law of the dice counts of all six districts, as tuples in DISTRICTS order."""
        return Distribution(self._layouts, _SIDES ** self.dice)

    def value(self, name: str, given_filled: bool = False) -> Distribution:
        """Law of the value on district ``name``: 0 when empty, or given that it is filled."""
        i = _check_district(name)
        out: dict[int, Fraction] = {}
        for k, pk in self.rows_filled.items():
            if i == 0 and k >= 1:                        # gold: the largest of the k values
                for v in range(k, _SIDES + 1):
                    out[v] = out.get(v, Fraction(0)) + pk * Fraction(comb(v - 1, k - 1), comb(_SIDES, k))
            elif i > 0 and k >= _SIDES + 1 - i:          # rank j from below: the (j+1)-th smallest
                j = _SIDES - 1 - i
                for v in range(j + 1, _SIDES + 1):
                    ways = comb(v - 1, j) * comb(_SIDES - v, k - j - 1)
                    if ways:
                        out[v] = out.get(v, Fraction(0)) + pk * Fraction(ways, comb(_SIDES, k))
            elif not given_filled:
                out[0] = out.get(0, Fraction(0)) + pk
        if not out:
            raise OptionError(f"district {name!r} is never filled with {self.dice} dice")
        return Distribution(out)

    def yellow_in(self, name: str) -> Distribution:
        """Distribution of the number of yellow dice on district ``name``."""
        return _yellow_law(self.district(name), self.white, self.yellow)

    def table(self) -> list[tuple[str, Fraction, Fraction, Fraction, Fraction]]:
        """Rows (district, expected dice, P(empty), P(>= 2 dice), P(>= 3 dice)), top to bottom."""
        return [(name, d.mean(), d[0], d.at_least(2), d.at_least(3))
                for name, d in self.districts.items()]

    def __repr__(self) -> str:
        lines = [f"HarborOdds(white={self.white}, yellow={self.yellow})",
                 f"  {'district':<8} {'E[dice]':>8} {'empty':>7} {'>=2':>7} {'>=3':>7}"]
        for name, mean, empty, two, three in self.table():
            cells = " ".join(f"{_pct(p):>7}" for p in (empty, two, three))
            lines.append(f"  {name:<8} {float(mean):>8.3f} {cells}")
        lines.append(f"  rows filled: mean {float(self.rows_filled.mean()):.3f}, "
                     f"all six {_pct(self.rows_filled[6])}; "
                     f"yellow on gold: {_pct(self.yellow_on_gold)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        def cell(p: Fraction, fmt=_pct) -> str:
            return f'<td title="{p}">{fmt(p)}</td>'

        rows = "".join(f"<tr><th>{html.escape(name)}</th>{cell(mean, lambda m: f'{float(m):.3f}')}"
                       f"{cell(empty)}{cell(two)}{cell(three)}</tr>"
                       for name, mean, empty, two, three in self.table())
        return (f'<table class="explorer-odds" data-white="{self.white}" data-yellow="{self.yellow}">'
                f"<caption>Harbor odds: {self.white} white + {self.yellow} yellow dice</caption>"
                "<tr><th>district</th><th>E[dice]</th><th>empty</th><th>&ge;2</th><th>&ge;3</th></tr>"
                f"{rows}</table><p>Rows filled: mean {float(self.rows_filled.mean()):.3f}, all six "
                f'<span title="{self.rows_filled[6]}">{_pct(self.rows_filled[6])}</span>. '
                f'At least one yellow die on gold: <span title="{self.yellow_on_gold}">'
                f"{_pct(self.yellow_on_gold)}</span>.</p>")


def compute_harbor_odds(white: int = 9, yellow: int = 0) -> HarborOdds:
    """The exact harbor odds, computed afresh (see :func:`harbor_odds` for the cached version)."""
    _check_int("white", white, 0, MAX_WHITE)
    _check_int("yellow", yellow, 0, MAX_YELLOW)
    n = white + yellow
    total = _SIDES ** n
    layouts, rows, largest = _count_weights(n)
    districts = {name: Distribution(m, total) for name, m in zip(DISTRICTS, _marginals(layouts))}
    gold = districts["gold"]
    no_yellow = sum((p * Fraction(comb(white, c), comb(n, c)) for c, p in gold.items()), Fraction(0))
    return HarborOdds(white, yellow, gold, Distribution(rows, total), 1 - no_yellow,
                      Distribution(largest, total), districts, layouts)


@lru_cache(maxsize=None, typed=True)
def harbor_odds(white: int = 9, yellow: int = 0) -> HarborOdds:
    """Exact odds of the harbor sort for ``white`` (0-9) white and ``yellow`` (0-3) yellow dice; cached.

    >>> harbor_odds(1).gold
    Distribution({1: 1})
    >>> harbor_odds(2).rows_filled
    Distribution({1: 1/6, 2: 5/6})
    >>> harbor_odds(10)
    Traceback (most recent call last):
    ...
    explorer._errors.OptionError: white must be from 0 to 9, not 10
    """
    return compute_harbor_odds(white, yellow)


@dataclass(frozen=True)
class YellowOption:
    """What buying ``yellow`` yellow dice (for ``cost`` gold) does to the first player's roll.

    ``expected_gold`` is the expected dice on gold, ``net_gold`` that minus the cost (the gold
    gained by taking the gold group, after paying), ``gold_at_least`` the chance gold gets at least
    ``at_least`` dice, ``expected_largest`` the expected size of the largest group (the most dice
    one pick can take), ``yellow_on_gold`` the chance a yellow die lands on gold. With a wanted
    district, ``expected_want`` and ``want_at_least`` give the same for it.
    """

    yellow: int
    cost: int
    expected_gold: Fraction
    net_gold: Fraction
    gold_at_least: Fraction
    expected_largest: Fraction
    yellow_on_gold: Fraction
    want: str | None = None
    expected_want: Fraction | None = None
    want_at_least: Fraction | None = None


class YellowAdvice(list):
    """The options of buying 0 to 3 yellow dice, one :class:`YellowOption` per count."""

    def __init__(self, options: list[YellowOption], white: int, want: str | None, at_least: int):
        super().__init__(options)
        self.white = white
        self.want = want
        self.at_least = at_least

    def _columns(self) -> list[tuple[str, str, bool]]:
        """(header, attribute, is a probability) for each column shown."""
        m = self.at_least
        cols = [("yellow", "yellow", False), ("cost", "cost", False),
                ("E[gold dice]", "expected_gold", False), ("net gold", "net_gold", False),
                (f"P(gold>={m})", "gold_at_least", True), ("E[largest]", "expected_largest", False),
                ("P(yellow on gold)", "yellow_on_gold", True)]
        if self.want is not None:
            cols += [(f"E[{self.want}]", "expected_want", False),
                     (f"P({self.want}>={m})", "want_at_least", True)]
        return cols

    @staticmethod
    def _show(value: object, probability: bool) -> str:
        """One cell: ints as is, probabilities as percentages, other fractions to 3 decimals."""
        if isinstance(value, int):
            return str(value)
        return _pct(value) if probability else f"{float(value):.3f}"  # type: ignore[arg-type]

    def __repr__(self) -> str:
        cols = self._columns()
        cells = [[h for h, _, _ in cols]] + [[self._show(getattr(o, a), p) for _, a, p in cols]
                                             for o in self]
        widths = [max(len(r[i]) for r in cells) for i in range(len(cols))]
        head = f"YellowAdvice(white={self.white}, want={self.want!r}, at_least={self.at_least})"
        return "\n".join([head] + ["  " + "  ".join(c.rjust(w) for c, w in zip(r, widths))
                                   for r in cells])

    def _repr_html_(self) -> str:
        cols = self._columns()
        head = "".join(f"<th>{html.escape(h)}</th>" for h, _, _ in cols)
        body = "".join("<tr>" + "".join(f'<td title="{v}">{self._show(v, p)}</td>'
                                        for v, p in ((getattr(o, a), p) for _, a, p in cols))
                       + "</tr>" for o in self)
        return (f'<table class="explorer-advice"><caption>Buying yellow dice ({self.white} white dice)'
                f"</caption><tr>{head}</tr>{body}</table>")


def yellow_advice(want: str | None = None, at_least: int = 1, white: int = MAX_WHITE) -> YellowAdvice:
    """Compare buying 0..3 yellow dice (1 gold each) before the first player's roll.

    ``want`` names a district the first player hopes to take, ``at_least`` the dice it should get.

    >>> advice = yellow_advice("green", at_least=2)
    >>> [o.cost for o in advice]
    [0, 1, 2, 3]
    >>> advice[0].expected_gold == harbor_odds(9, 0).expected("gold")
    True
    """
    _check_int("white", white, 0, MAX_WHITE)
    _check_int("at_least", at_least, 1, MAX_WHITE + MAX_YELLOW)
    if want is not None:
        _check_district(want)
    options = []
    for k in range(MAX_YELLOW + 1):
        odds = harbor_odds(white, k)
        extra = {}
        if want is not None:
            extra = {"want": want, "expected_want": odds.expected(want),
                     "want_at_least": odds.district(want).at_least(at_least)}
        options.append(YellowOption(
            yellow=k, cost=k, expected_gold=odds.gold.mean(), net_gold=odds.gold.mean() - k,
            gold_at_least=odds.gold.at_least(at_least), expected_largest=odds.largest.mean(),
            yellow_on_gold=odds.yellow_on_gold, **extra))
    return YellowAdvice(options, white, want, at_least)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "corinth")
