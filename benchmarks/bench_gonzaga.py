"""Gonzaga's speed: the placement enumeration, and complete games per second on one core, side
by side with Corinth and The Hanging Gardens.

Run with ``python benchmarks/bench_gonzaga.py [--games N] [--repeats R]``. Prints:

- the median time of one enumeration of every legal placement (position x rotation) of a fief,
  with the points each would score (``gonzaga.placements``), over positions of phase 4 taken
  from random 4-player games: under the player's plan, and on the whole map (``plan="any"``,
  every placement the map and the board allow under some plan); also the rules' own listing of
  the legal actions of a fresh state, and the board's preview (``placement_preview``);
- as the median of R repetitions of N fresh games each (new seeds every repetition, the
  measurements interleaved so every figure sees the same machine load): random 4-player games
  through the public API (``state.apply(rng.choice(state.legal_actions()))``, every action
  checked, chance drawn from the seed), random 4-player playouts on the fast path
  (``bots.random_playout``: the rules' effects on one scratch copy of the game, every action
  logged), greedy-bot 4-player games (``bots.play_game`` with ``greedy_bot`` at every seat,
  planning from their own views), and Corinth's and The Hanging Gardens' random games through
  the same public API.

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
from explorer import gonzaga as gz  # noqa: E402
from explorer import hanging_gardens as hg  # noqa: E402
from explorer.gonzaga import bots  # noqa: E402

CLOCK = [time.perf_counter]


def public(seed: int, module=gz, players: int = 4) -> None:
    rng = random.Random(seed)
    s = module.new_game(players=players, seed=seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))


def fast(seed: int) -> None:
    assert bots.random_playout(gz.new_game(players=4, seed=seed), random.Random(seed)).is_over


def greedy(seed: int) -> None:
    assert bots.play_game(4, seed=seed, bots=bots.greedy_bot).is_over


def rate(run, games: int, first: int) -> float:
    clock = CLOCK[0]
    start = clock()
    for seed in range(first, first + games):
        run(seed)
    return games / (clock() - start)


def positions(count: int = 60) -> list:
    """Positions of phase 4 from random 4-player games, every round of the game."""
    out = []
    seed = 0
    while len(out) < count:
        s = gz.new_game(players=4, seed=10_000 + seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.phase == "place" and rng.random() < 0.3:
                out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
        seed += 1
    return out[:count]


def per_call(fn, states, repeats: int = 5) -> tuple[float, float]:
    """(median, worst) milliseconds per call of ``fn(state)`` over ``states``."""
    clock = CLOCK[0]
    times = []
    for s in states:
        best = float("inf")
        for _ in range(repeats):
            t = clock()
            fn(s)
            best = min(best, clock() - t)
        times.append(best * 1000)
    return statistics.median(times), max(times)


def fresh_legal(s):
    """The rules' listing of the legal actions of a state made anew (nothing memoised)."""
    import dataclasses
    return dataclasses.replace(s).legal_actions()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    g, r = args.games, args.repeats
    states = positions()
    for s in states:                     # each fief's map tables are built once, at first use
        gz.placements(s, plan="any")
    counts = [len(gz.placements(s)) for s in states]
    whole = [len(gz.placements(s, plan="any")) for s in states]
    clock = "process time" if args.cpu else "wall clock"
    print(f"Placement enumeration over {len(states)} positions of phase 4 ({clock}, Python "
          f"{sys.version.split()[0]}), median / worst ms per call:")
    for name, fn, n in (
            ("placements(state): the fief under the player's plan, with points", gz.placements, counts),
            ("placements(state, plan='any'): the fief on the whole map, with points",
             lambda s: gz.placements(s, plan="any"), whole),
            ("state.legal_actions() of a fresh state (the rules' own listing)", fresh_legal, counts),
            ("placement_preview(state): every anchor x rotation, with reasons",
             gz.placement_preview, counts)):
        med, worst = per_call(fn, states)
        print(f"  {name:<74} {med:6.2f} / {worst:6.2f} ms   "
              f"(placements: median {statistics.median(n):.0f}, most {max(n)})")

    runs = [("Gonzaga, 4 players: random game via apply (checked)", public, g),
            ("Gonzaga, 4 players: random playout (fast path)", fast, 4 * g),
            ("Gonzaga, 4 players: greedy bots", greedy, max(1, g // 20)),
            ("The Hanging Gardens, 4 players: random game via apply (checked)",
             lambda seed: public(seed, hg, 4), g),
            ("Corinth, 3 players: random game via apply (checked)", lambda seed: public(seed, corinth, 3), g),
            ("Corinth, 4 players: random game via apply (checked)", lambda seed: public(seed, corinth, 4), g)]
    for _, run, _ in runs:
        run(0)                                  # import and first-call costs out of the way
    rates: dict[str, list[float]] = {name: [] for name, _, _ in runs}
    seed = 1_000_000
    for _ in range(r):
        for name, run, n in runs:
            rates[name].append(rate(run, n, seed))
        seed += 4 * g
    print(f"Games per second, median of {r} repetitions ({clock})")
    for name, _, _ in runs:
        got = rates[name]
        print(f"  {name:<66} {statistics.median(got):8.1f}   (runs: "
              f"{', '.join(f'{x:.0f}' for x in got)})")


if __name__ == "__main__":
    main()
