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

import dataclasses
import random
import statistics
import sys

import _games
from _games import options, print_rates, public, rates

from explorer import corinth
from explorer import gonzaga as gz
from explorer import hanging_gardens as hg
from explorer.gonzaga import bots


def fast(seed: int) -> int:
    return len(bots.random_playout(gz.new_game(players=4, seed=seed), random.Random(seed)).history)


def greedy(seed: int) -> int:
    return len(bots.play_game(4, seed=seed, bots=bots.greedy_bot).history)


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
    clock = _games.CLOCK[0]
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
    return dataclasses.replace(s).legal_actions()


def main() -> None:
    args = options(__doc__)
    g = args.games
    states = positions()
    for s in states:                     # each fief's map tables are built once, at first use
        gz.placements(s, plan="any")
    counts = [len(gz.placements(s)) for s in states]
    whole = [len(gz.placements(s, plan="any")) for s in states]
    print(f"Placement enumeration over {len(states)} positions of phase 4 ({args.clock}, Python "
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

    runs = [("Gonzaga, 4 players: random game via apply (checked)", public(gz, 4), g),
            ("Gonzaga, 4 players: random playout (fast path)", fast, 4 * g),
            ("Gonzaga, 4 players: greedy bots", greedy, max(1, g // 20)),
            ("The Hanging Gardens, 4 players: random game via apply (checked)", public(hg, 4), g),
            ("Corinth, 3 players: random game via apply (checked)", public(corinth, 3), g),
            ("Corinth, 4 players: random game via apply (checked)", public(corinth, 4), g)]
    print_rates(rates(runs, args.repeats, g), args.clock)


if __name__ == "__main__":
    main()
