"""What the games' speed benchmarks share: the command line, random games through the public
API, and interleaved repetitions timed on one clock, printed as medians beside every run; and the
import of the peers the ``bench`` extra installs."""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CLOCK = [time.perf_counter]

Run = Callable[[int], int]
"""A benchmark run: plays one whole game from a seed and returns its number of steps."""


def from_extra(module: str, package: str | None = None):
    """Import ``module`` (from the ``bench`` extra's ``package``), or say in one line how to
    install it and exit with status 2."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        script = Path(sys.argv[0]).name
        print(f"{script}: needs {package or module} ({e}); install the bench extra: "
              f"pip install \"explorer[bench]\"", file=sys.stderr)
        raise SystemExit(2) from None


def options(doc: str, games: int = 100, repeats: int = 5) -> argparse.Namespace:
    """``--games N --repeats R --cpu`` (process time instead of wall clock, set for every timer);
    a benchmark may choose its own defaults for N and R."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--repeats", type=int, default=repeats)
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    args.clock = "process time" if args.cpu else "wall clock"
    return args


def public(module, players: int) -> Run:
    """Random games through the public API: ``state.apply(rng.choice(state.legal_actions()))``."""
    def run(seed: int) -> int:
        rng = random.Random(seed)
        s = module.new_game(players=players, seed=seed)
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
        return len(s.history)
    return run


def rates(runs: list[tuple[str, Run, int]], repeats: int, games: int) -> dict[str, list[tuple[float, float]]]:
    """(games/s, steps/s) of each named run, ``repeats`` times, the repetitions interleaved (so
    every figure sees the same machine load) and on new seeds each time; each run plays its
    ``n`` games after one warm-up game."""
    for _, run, _ in runs:
        run(0)                                  # import and first-call costs out of the way
    out: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in runs}
    seed = 1_000_000
    for _ in range(repeats):
        for name, run, n in runs:
            clock = CLOCK[0]
            start, steps = clock(), 0
            for k in range(seed, seed + n):
                steps += run(k)
            took = clock() - start
            out[name].append((n / took, steps / took))
        seed += 4 * games
    return out


def print_rates(got: dict[str, list[tuple[float, float]]], clock: str, steps: bool = False) -> None:
    """Each run's median games/s (and steps/s), with the games/s of every repetition."""
    r = len(next(iter(got.values())))
    print(f"Median of {r} repetitions ({clock}, Python {sys.version.split()[0]})")
    print(f"  {'':<66} {'games/s':>9}" + (f" {'steps/s':>10}" if steps else "")
          + "   (games/s of each run)")
    for name, xs in got.items():
        line = f"  {name:<66} {statistics.median(g for g, _ in xs):9.1f}"
        if steps:
            line += f" {statistics.median(s for _, s in xs):10.0f}"
        print(line + f"   ({', '.join(f'{g:.0f}' for g, _ in xs)})")
