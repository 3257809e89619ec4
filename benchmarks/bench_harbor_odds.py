"""How fast are the exact harbor odds? Compare with brute force, count vectors, face-by-face and
icepool.

Run from the project root: ``python benchmarks/bench_harbor_odds.py [--runs 21]``. It needs the
``bench`` extra (``pip install "explorer[bench]"``: icepool).

Every method computes the same laws (district counts, yellow dice per district), and the script
checks they agree before printing times. Brute force is timed on 6 and 7 dice, and its rate per
ordered roll is used to extrapolate the 6^12 = 2,176,782,336 rolls of 9 white + 3 yellow dice.
icepool computes the whole sort (every district's dice and yellow dice at once) with a multiset
evaluator over a pool of white and a pool of yellow d6, face by face, a new evaluator each time
(so nothing is cached between runs).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from _games import from_extra

from explorer.corinth.harbor import DISTRICTS, sort_counts
from explorer.corinth.odds import harbor_odds
from explorer.dice import Distribution, brute_force, by_counts, by_faces, count_vectors

icepool = from_extra("icepool")


def median_seconds(run: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``run``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fresh_odds(white: int, yellow: int):
    """harbor_odds with its cache cleared first, so every call computes from scratch."""
    harbor_odds.cache_clear()
    return harbor_odds(white, yellow)


def sized_layout(counts) -> tuple:
    """(dice, yellow dice) per district after the sort: what every method is checked on."""
    return tuple((g.count, g.yellow) if g else (0, 0) for g in sort_counts(counts[0], counts[1]))


def face_by_face(white: int, yellow: int) -> Distribution:
    """Group sizes (lowest value first) and the yellow dice of the top group, by by_faces."""
    def step(state, face, counts):
        sizes, last_yellow = state
        return (sizes + (sum(counts),), counts[1]) if sum(counts) else state
    return by_faces(step, ((), 0), [white, yellow])


class _Layout(icepool.MultisetEvaluator):
    """The harbor sort from the counts of each face among the white and the yellow dice."""

    def next_state(self, state, order, face, white, yellow):
        state = state or ()
        return state + ((face, white + yellow, yellow),) if white or yellow else state

    def final_outcome(self, state, order, outcomes, *sizes):
        groups = sorted(state)                           # lowest value first, onto goats
        out = [(0, 0)] * len(DISTRICTS)
        for i, (_, count, yellow) in enumerate(groups[:-1]):
            out[-1 - i] = (count, yellow)
        out[0] = groups[-1][1:]                          # the highest value goes to gold
        return tuple(out)


def with_icepool(white: int, yellow: int) -> Distribution:
    """(dice, yellow dice) per district, by icepool (a new evaluator: nothing cached)."""
    die = _Layout()(icepool.d6.pool(white), icepool.d6.pool(yellow))
    return Distribution(dict(die.items()), die.denominator())


def check(white: int, yellow: int, layouts: Distribution) -> None:
    """Fail loudly unless ``layouts`` gives the same laws as harbor_odds."""
    odds = harbor_odds(white, yellow)
    for i, name in enumerate(DISTRICTS):
        assert odds.district(name) == layouts.map(lambda h: h[i][0]), name
        assert odds.yellow_in(name) == layouts.map(lambda h: h[i][1]), name


def fmt_time(seconds: float) -> str:
    """Seconds in a readable unit."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    if seconds < 3600:
        return f"{seconds:.2f} s"
    return f"{seconds / 3600:.1f} h"


def main() -> None:
    """Time every method and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per fast measurement (median)")
    parser.add_argument("--slow-runs", type=int, default=3, help="runs per slow measurement")
    args = parser.parse_args()

    rows: list[tuple[str, str, str, float, float | None]] = []
    full = median_seconds(lambda: fresh_odds(9, 3), args.runs)
    full_joint = median_seconds(lambda: fresh_odds(9, 3).joint, args.runs)
    rows.append(("harbor_odds (uncached)", "9w+3y", "1,024 compositions", full, None))
    rows.append(("  ... plus its .joint", "9w+3y", "1,024 layouts", full_joint, None))

    rate = None
    for white, yellow in [(3, 3), (4, 3)]:
        n = white + yellow
        check(white, yellow, brute_force(sized_layout, [white, yellow]))
        exact = median_seconds(lambda: fresh_odds(white, yellow), args.runs)
        brute = median_seconds(lambda: brute_force(sized_layout, [white, yellow]), args.slow_runs)
        rate = 6 ** n / brute
        rows.append(("harbor_odds (uncached)", f"{white}w+{yellow}y", "", exact, None))
        rows.append(("brute force", f"{white}w+{yellow}y", f"{6 ** n:,} rolls", brute, brute / exact))

    vectors = sum(1 for _ in count_vectors(9, 6)) * sum(1 for _ in count_vectors(3, 6))
    check(9, 3, by_counts(sized_layout, [9, 3]))
    counted = median_seconds(lambda: by_counts(sized_layout, [9, 3]), args.slow_runs)
    rows.append(("dice.by_counts", "9w+3y", f"{vectors:,} count vectors", counted, counted / full))
    faces = face_by_face(9, 3)
    assert faces.probability(lambda s: s[1] > 0) == harbor_odds(9, 3).yellow_on_gold
    walked = median_seconds(lambda: face_by_face(9, 3), args.slow_runs)
    rows.append(("dice.by_faces", "9w+3y", f"{len(faces):,} final states", walked, walked / full))
    layouts = with_icepool(9, 3)
    check(9, 3, layouts)
    iced = median_seconds(lambda: with_icepool(9, 3), args.slow_runs)
    rows.append((f"icepool {icepool.__version__}", "9w+3y", f"{len(layouts):,} dice+yellow layouts",
                 iced, iced / full))
    extrapolated = 6 ** 12 / rate
    rows.append(("brute force (extrapolated)", "9w+3y", f"{6 ** 12:,} rolls", extrapolated,
                 extrapolated / full))

    print(f"Exact harbor odds, Corinth: median of {args.runs} runs (slow methods: {args.slow_runs})")
    print(f"brute force rate: {rate:,.0f} ordered rolls per second (measured on 7 dice)\n")
    header = f"{'method':<27} {'pool':<6} {'work':<26} {'time':>10} {'× harbor_odds':>14}"
    print(header)
    print("-" * len(header))
    for method, pool, work, seconds, ratio in rows:
        times = f"{ratio:,.0f}" if ratio is not None else ""
        print(f"{method:<27} {pool:<6} {work:<26} {fmt_time(seconds):>10} {times:>14}")
    verdict = "meets" if full <= 0.010 else "MISSES"
    print(f"\nharbor_odds(9, 3) from scratch: {full * 1e3:.2f} ms ({verdict} the 10 ms target)")


if __name__ == "__main__":
    main()
