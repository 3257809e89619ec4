"""Gùgōng's speed: complete random games per second and steps per second on one core, for 2 to 5
players, side by side with Corinth in the same run.

Run with ``python benchmarks/bench_gugong.py [--games N] [--repeats R] [--cpu]``. Prints, as the
median of R repetitions of N fresh games each (new seeds every repetition; the repetitions of
all the measurements interleaved, so every figure sees the same machine load):

- random Gùgōng games through the public API, 2 to 5 players
  (``state.apply(rng.choice(state.legal_actions()))``: every action checked, chance drawn from
  the seed): games/s and steps/s (a step is one entry of the history, chance events included);
- random 4-player games on the fast path (``bots.random_playout``: the rules' effects on one
  scratch copy of the game, every action logged, chance drawn from the bot's stream);
- greedy-bot 4-player games (``bots.play_game`` with ``greedy_bot`` at every seat);
- Corinth's random games through the same public API, with 3 and 4 players.

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
from explorer import gugong  # noqa: E402
from explorer.gugong import bots  # noqa: E402

CLOCK = [time.perf_counter]


def public(module, players: int):
    def run(seed: int) -> int:
        rng = random.Random(seed)
        s = module.new_game(players=players, seed=seed)
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
        return len(s.history)
    return run


def fast(seed: int) -> int:
    end = bots.random_playout(gugong.new_game(players=4, seed=seed), random.Random(seed))
    return len(end.history)


def greedy(seed: int) -> int:
    return len(bots.play_game(4, seed=seed, bots=bots.greedy_bot).history)


def rate(run, games: int, first: int) -> tuple[float, float]:
    clock = CLOCK[0]
    start = clock()
    steps = 0
    for seed in range(first, first + games):
        steps += run(seed)
    took = clock() - start
    return games / took, steps / took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    g, r = args.games, args.repeats
    runs = [(f"Gùgōng, {n} players: random game via apply (checked)", public(gugong, n), g)
            for n in (2, 3, 4, 5)]
    runs += [("Gùgōng, 4 players: random playout (fast path)", fast, 2 * g),
             ("Gùgōng, 4 players: greedy bots", greedy, max(1, g // 50)),
             ("Corinth, 3 players: random game via apply (checked)", public(corinth, 3), g),
             ("Corinth, 4 players: random game via apply (checked)", public(corinth, 4), g)]
    for _, run, _ in runs:
        run(0)                                  # import and first-call costs out of the way
    games: dict[str, list[float]] = {name: [] for name, _, _ in runs}
    steps: dict[str, list[float]] = {name: [] for name, _, _ in runs}
    seed = 1_000_000
    for _ in range(r):
        for name, run, n in runs:
            gr, sr = rate(run, n, seed)
            games[name].append(gr)
            steps[name].append(sr)
        seed += 4 * g
    clock = "process time" if args.cpu else "wall clock"
    print(f"Median of {r} repetitions ({clock}, Python {sys.version.split()[0]})")
    print(f"  {'':<58} {'games/s':>9} {'steps/s':>10}   (games/s of each run)")
    for name, _, _ in runs:
        print(f"  {name:<58} {statistics.median(games[name]):9.1f} "
              f"{statistics.median(steps[name]):10.0f}   ({', '.join(f'{x:.0f}' for x in games[name])})")


if __name__ == "__main__":
    main()
