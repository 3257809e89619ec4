"""Intervals and tests for sweep results, without scipy.

>>> low, high = wilson(81, 263)              # Newcombe (1998), example (i)
>>> round(low, 4), round(high, 4)
(0.2553, 0.3662)
>>> round(chi2_sf(3.841458820694124, 1), 6)  # the 5 % point of chi-square with 1 degree
0.05
"""

from __future__ import annotations

import math
from typing import Sequence

__all__ = ["Z95", "wilson", "mean_interval", "sd_interval", "chi2_sf", "equal_shares"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (NaN, NaN when ``n`` is 0);
    ``successes`` may be fractional (shared victories count as a share of a win)."""
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    low = 0.0 if p <= 0 else max(0.0, centre - half)        # exact at the ends, not 1e-20
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` with its normal-approximation 95 % interval (mean ± z·sd/√n)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    half = z * _sd(values, mean) / math.sqrt(n)
    return mean, mean - half, mean + half


def sd_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The standard deviation of ``values`` with a large-sample 95 % interval
    (sd · (1 ± z/√(2(n−1))), the normal approximation of the sd's sampling spread)."""
    n = len(values)
    if n < 2:
        return math.nan, math.nan, math.nan
    sd = _sd(values, math.fsum(values) / n)
    half = z / math.sqrt(2 * (n - 1))
    return sd, max(0.0, sd * (1 - half)), sd * (1 + half)


def _sd(values: Sequence[float], mean: float) -> float:
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with ``df`` degrees of freedom: the regularized upper incomplete
    gamma function Q(df/2, x/2) (series below a + 1, continued fraction above)."""
    a, x = df / 2, x / 2
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:                                   # P(a, x) by its series, Q = 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300                                   # Q(a, x) by Lentz's continued fraction
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_front) * h)


def equal_shares(wins: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's chi-square goodness-of-fit test that every seat wins equally often: the
    statistic Σ (wins − mean)² / mean, its degrees of freedom (seats − 1) and its p-value."""
    k = len(wins)
    total = math.fsum(wins)
    if k < 2 or total <= 0:
        return math.nan, max(k - 1, 0), math.nan
    expected = total / k
    stat = math.fsum((w - expected) ** 2 for w in wins) / expected
    return stat, k - 1, chi2_sf(stat, k - 1)
