"""Greedy bots beside their game's fast random playout: how many greedy games per fast game.

Run with ``python benchmarks/bench_greedy.py [--rounds R] [--games N] [--players 2,4]
[--game corinth,gugong] [--cpu]``. For every game and player count, each round plays N greedy
games (``bots.play_game`` with ``greedy_bot`` at every seat, seeds 0..N-1) and, right before or
after them (the order alternates by round), 10·N fast random playouts (``bots.random_playout`` from
``new_game``, same seeds repeated). It prints the median ms per game of each and the greedy bot's
speed as a share of the fast playout's (games/s over games/s) with its range over the rounds,
beside the target of 10 %.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.analysis import ANALYSED, kit  # noqa: E402

TARGET = 0.10
CLOCK = [time.perf_counter]


def timed_games(run, seeds) -> float:
    start = CLOCK[0]()
    for seed in seeds:
        run(seed)
    return (CLOCK[0]() - start) / len(seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--game", default=",".join(ANALYSED))
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    counts = [int(p) for p in args.players.split(",")]
    print(f"greedy games against fast random playouts ({args.rounds} rounds of {args.games} greedy "
          f"and {10 * args.games} fast games; ms per game, medians; the greedy bot's speed as a share "
          f"of the fast playout's, median and range; target {TARGET:.0%})")
    for game in args.game.split(","):
        k = kit(game)
        for n in counts:
            if n not in k.players:
                continue
            greedy = lambda seed: k.bots.play_game(n, seed=seed, bots=k.bots.greedy_bot)  # noqa: E731
            fast = lambda seed: k.playout(k.new_game(n, seed), random.Random(seed))      # noqa: E731
            fast(0)
            slow_t, fast_t, share = [], [], []
            for r in range(args.rounds):
                pair = [("g", greedy, range(args.games)), ("f", fast, list(range(args.games)) * 10)]
                got = {}
                for name, run, seeds in (pair if r % 2 == 0 else pair[::-1]):
                    got[name] = timed_games(run, seeds)
                slow_t.append(got["g"])
                fast_t.append(got["f"])
                share.append(got["f"] / got["g"])
            med = statistics.median(share)
            print(f"  {k.label:<20} {n}p  greedy {1000 * statistics.median(slow_t):8.1f} ms/game   fast "
                  f"{1000 * statistics.median(fast_t):6.2f} ms/game   greedy at {100 * med:5.1f} % "
                  f"({100 * min(share):.1f}-{100 * max(share):.1f})   "
                  f"{'target met' if med >= TARGET else 'below target'}", flush=True)


if __name__ == "__main__":
    main()
