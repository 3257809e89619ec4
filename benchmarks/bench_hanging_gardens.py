"""The Hanging Gardens' speed: complete games per second on one core, side by side with Corinth.

Run with ``python benchmarks/bench_hanging_gardens.py [--games N] [--repeats R]``. Prints, as the
median of R repetitions of N fresh games each (new seeds every repetition), in one run:

- random 4-player playouts on the fast path (``bots.random_playout``: the rules' effects on one
  scratch copy of the game, every action logged, chance drawn from the bot's stream);
- random 4-player games through the public API (``state.apply(rng.choice(state.legal_actions()))``,
  every action checked, chance drawn from the seed);
- greedy-bot 4-player games (``bots.play_game`` with ``greedy_bot`` at every seat);
- Corinth's random games through the same public API, with 3 and with 4 players, measured in the
  same run (interleaved), so the figures can be compared on one machine.

Repetitions of the measurements are interleaved, so every figure sees the same machine load.
Times are wall-clock (``time.perf_counter``); ``--cpu`` measures process time instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer import corinth  # noqa: E402
from explorer import hanging_gardens as hg  # noqa: E402
from explorer.hanging_gardens import bots  # noqa: E402

CLOCK = [time.perf_counter]


def fast(seed: int) -> None:
    end = bots.random_playout(hg.new_game(players=4, seed=seed), random.Random(seed))
    assert end.is_over


def public(seed: int, module=hg, players: int = 4) -> None:
    rng = random.Random(seed)
    s = module.new_game(players=players, seed=seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))


def greedy(seed: int) -> None:
    assert bots.play_game(4, seed=seed, bots=bots.greedy_bot).is_over


def corinth3(seed: int) -> None:
    public(seed, corinth, 3)


def corinth4(seed: int) -> None:
    public(seed, corinth, 4)


def rate(run, games: int, first: int) -> float:
    clock = CLOCK[0]
    start = clock()
    for seed in range(first, first + games):
        run(seed)
    return games / (clock() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    g, r = args.games, args.repeats
    runs = [("The Hanging Gardens, 4 players: random playout (fast path)", fast, 4 * g),
            ("The Hanging Gardens, 4 players: random game via apply (checked)", public, g),
            ("The Hanging Gardens, 4 players: greedy bots", greedy, max(1, g // 25)),
            ("Corinth, 3 players: random game via apply (checked)", corinth3, g),
            ("Corinth, 4 players: random game via apply (checked)", corinth4, g)]
    for _, run, _ in runs:
        run(0)                                  # import and first-call costs out of the way
    rates: dict[str, list[float]] = {name: [] for name, _, _ in runs}
    seed = 1_000_000
    for _ in range(r):
        for name, run, n in runs:
            rates[name].append(rate(run, n, seed))
        seed += 4 * g
    clock = "process time" if args.cpu else "wall clock"
    print(f"Games per second, median of {r} repetitions ({clock}, Python {sys.version.split()[0]})")
    for name, _, _ in runs:
        got = rates[name]
        print(f"  {name:<66} {statistics.median(got):8.1f}   (runs: "
              f"{', '.join(f'{x:.0f}' for x in got)})")


if __name__ == "__main__":
    main()
