"""Corinth playout speed: complete games per second on one core.

Run with ``python benchmarks/bench_corinth_playout.py [--games N] [--repeats R]``. Prints, as
the median of R repetitions of N fresh games each (new seeds every repetition; the Steward
path memo is shared by every game of the process, as it is in a long simulation):

- random playouts, 3 players, on the fast path (``bots.random_playout``: the rules' effect
  functions on one scratch copy of the sheets, every action logged);
- random playouts, 3 players, one immutable state per action (``state._advance``);
- random games through the public API (``state.apply`` with ``legal_actions()``: every action
  checked);
- greedy-bot games, 3 players;

and, for the fast-path games, how often the Steward's walks had to be searched (every other
question about them was answered from the memo).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.corinth import new_game  # noqa: E402
from explorer.corinth.bots import (greedy_bot, play_game, random_playout,  # noqa: E402
                                   random_playout_states)
from explorer.corinth.market import walk_stats  # noqa: E402


def rate(run, games: int, first_seed: int) -> float:
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        run(seed)
    return games / (time.perf_counter() - start)


def fast(seed: int):
    end = random_playout(new_game(players=3, seed=seed), random.Random(seed))
    assert end.is_over


def states(seed: int):
    end = random_playout_states(new_game(players=3, seed=seed), random.Random(seed))
    assert end.is_over


def public(seed: int):
    rng = random.Random(seed)
    s = new_game(players=3, seed=seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))


def greedy(seed: int):
    assert play_game(3, seed=seed, bots=greedy_bot).is_over


_next_seed = [1_000_000]


def measure(name: str, run, games: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):                  # fresh seeds for every run: no game repeats
        rates.append(rate(run, games, _next_seed[0]))
        _next_seed[0] += games
    med = statistics.median(rates)
    print(f"{name:<52} {med:9.1f} games/s   (runs: {', '.join(f'{r:.0f}' for r in rates)})")
    return med


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    g, r = args.games, args.repeats
    fast(0)                                   # import and first-call costs out of the way
    print(f"Corinth, 3 players, median of {r} repetitions ({sys.version.split()[0]})")
    before = walk_stats()
    measure("random playout (fast path)", fast, g, r)
    after = walk_stats()
    searches = (after["searches"] - before["searches"]) / (g * r)
    deep = after["deep searches"] - before["deep searches"]
    print(f"{'  Steward walk searches a game (others from memo)':<52} {searches:9.1f}   "
          f"(pruned: {deep}; memo: {after['positions']} positions, "
          f"{after['nearby questions']} nearby)")
    measure("random playout (immutable state per action)", states, max(1, g // 2), r)
    measure("random game via apply(legal_actions()) (checked)", public, max(1, g // 6), r)
    measure("greedy bots", greedy, max(1, g // 30), r)


if __name__ == "__main__":
    main()
