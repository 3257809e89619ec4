"""Chance an OpenSpiel-style loop can sample: whole games per second, side by side.

Run with ``python benchmarks/bench_chance_loop.py [--games N] [--repeats R] [--game corinth]``.
Prints, as the median of R repetitions of N fresh 3-player games each, in one run:

- the OpenSpiel-style driver: ``chance="manual"``; at a chance node it draws an outcome from
  ``chance_outcomes()`` by probability (``random.choices`` over the exact Fractions) and applies
  it; a player's move is a uniformly random legal action;
- the same loop with the probabilities turned into floats before drawing (as numpy drivers do);
- the engine's own sampler: ``chance="auto"`` (``apply`` draws each chance event from the
  seeded stream), the same random players;

and the ratio of the two, with the number and size of the chance events per game.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def openspiel(module, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = module.new_game(players=3, seed=seed, chance="manual")
    events = largest = 0
    while not state.is_over:
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            events += 1
            largest = max(largest, len(outcomes))
            state = state.apply(rng.choices(outcomes, weights=probs)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return events, largest


def openspiel_floats(module, seed: int) -> tuple[int, int]:
    """The same loop with the probabilities turned into floats first, as numpy drivers do."""
    rng = random.Random(seed)
    state = module.new_game(players=3, seed=seed, chance="manual")
    while not state.is_over:
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            state = state.apply(rng.choices(outcomes, weights=[float(p) for p in probs])[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return 0, 0


def engine(module, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = module.new_game(players=3, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return 0, 0


def rate(run, module, games: int, first: int) -> tuple[float, list]:
    out = []
    start = time.perf_counter()
    for seed in range(first, first + games):
        out.append(run(module, seed))
    return games / (time.perf_counter() - start), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--game", default="corinth")
    args = ap.parse_args()
    module = importlib.import_module(f"explorer.{args.game}")
    openspiel(module, 0), engine(module, 0)             # first-call costs out of the way
    rates = {"openspiel": [], "floats": [], "engine": []}
    seed, info = 10_000, []
    for _ in range(args.repeats):                       # interleaved, so both see the same machine
        r, out = rate(openspiel, module, args.games, seed)
        rates["openspiel"].append(r)
        info += out
        rates["floats"].append(rate(openspiel_floats, module, args.games, seed)[0])
        rates["engine"].append(rate(engine, module, args.games, seed)[0])
        seed += args.games
    med = {k: statistics.median(v) for k, v in rates.items()}
    events = statistics.median(e for e, _ in info)
    largest = max(n for _, n in info)
    print(f"{args.game}, 3 players, median of {args.repeats} x {args.games} games "
          f"(Python {sys.version.split()[0]})")
    print(f"  OpenSpiel-style loop (manual chance, random.choices) {med['openspiel']:8.1f} games/s"
          f"   runs: {', '.join(f'{r:.0f}' for r in rates['openspiel'])}")
    print(f"  the same loop, probabilities as floats               {med['floats']:8.1f} games/s"
          f"   runs: {', '.join(f'{r:.0f}' for r in rates['floats'])}")
    print(f"  engine's own sampler (auto chance)                   {med['engine']:8.1f} games/s"
          f"   runs: {', '.join(f'{r:.0f}' for r in rates['engine'])}")
    print(f"  ratio OpenSpiel-style / engine                       {med['openspiel'] / med['engine']:8.2f}"
          f"   (floats: {med['floats'] / med['engine']:.2f})")
    print(f"  chance events per game (median) {events:.0f}; largest event lists {largest} outcomes")


if __name__ == "__main__":
    main()
