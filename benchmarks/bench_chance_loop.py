"""Chance an OpenSpiel-style loop can sample: whole games per second, side by side.

Run with ``python benchmarks/bench_chance_loop.py [--games N] [--repeats R] [--game corinth]``
(every game by default). Prints for each game, as the median of R rounds of N fresh 3-player
games each, games per second of each driver; within a round every driver plays every seed, the
drivers taking turns game by game (in an order that rotates), so all see the same machine:

- the OpenSpiel-style driver: ``chance="manual"``; at a chance node it draws an outcome from
  ``chance_outcomes()`` by probability (``random.choices`` over the exact Fractions) and applies
  it; a player's move is a uniformly random legal action;
- the same loop with the probabilities turned into floats before drawing (as numpy drivers do);
- the same loop drawing from ``chance_weights(cumulative=True)``: whole-number weights, exact,
  handed to ``random.choices`` as ``cum_weights``;
- the engine's own sampler: ``chance="auto"`` (``apply`` draws each chance event from the
  seeded stream), the same random players;

and each driver's speed over the engine's (the median of the rounds' ratios), with the number
and size of the chance events per game.
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

GAMES = ("demo", "corinth", "gonzaga", "gugong", "hanging_gardens")


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


def openspiel_weights(module, seed: int) -> tuple[int, int]:
    """The same loop drawing by the exact whole-number weights of ``chance_weights``."""
    rng = random.Random(seed)
    state = module.new_game(players=3, seed=seed, chance="manual")
    while not state.is_over:
        if state.is_chance_node:
            outcomes, cum = state.chance_weights(cumulative=True)
            state = state.apply(rng.choices(outcomes, cum_weights=cum)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return 0, 0


def engine(module, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = module.new_game(players=3, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return 0, 0


DRIVERS = {
    "openspiel": ("OpenSpiel-style loop (Fractions, random.choices)", openspiel),
    "floats": ("the same loop, probabilities as floats", openspiel_floats),
    "weights": ("the same loop, chance_weights(cumulative=True)", openspiel_weights),
    "engine": ("engine's own sampler (auto chance)", engine),
}


def round_rates(module, games: int, first: int, info: list) -> dict[str, float]:
    """One round: every driver plays seeds ``first .. first + games - 1``, game by game in turn."""
    spent = dict.fromkeys(DRIVERS, 0.0)
    keys = list(DRIVERS)
    for seed in range(first, first + games):
        turn = seed % len(keys)
        for key in keys[turn:] + keys[:turn]:
            start = time.perf_counter()
            out = DRIVERS[key][1](module, seed)
            spent[key] += time.perf_counter() - start
            if key == "openspiel":
                info.append(out)
    return {k: games / t for k, t in spent.items()}


def bench(game: str, games: int, repeats: int) -> None:
    module = importlib.import_module(f"explorer.{game}")
    for _, run in DRIVERS.values():                    # first-call costs out of the way
        run(module, 0)
    rates: dict[str, list[float]] = {k: [] for k in DRIVERS}
    seed, info = 10_000, []
    for _ in range(repeats):
        for key, r in round_rates(module, games, seed, info).items():
            rates[key].append(r)
        seed += games
    med = {k: statistics.median(v) for k, v in rates.items()}
    events = statistics.median(e for e, _ in info)
    largest = max(n for _, n in info)
    print(f"{game}, 3 players, median of {repeats} x {games} games "
          f"(Python {sys.version.split()[0]})")
    for key, (label, _) in DRIVERS.items():
        ratios = [r / e for r, e in zip(rates[key], rates["engine"])]
        ratio = f"x{statistics.median(ratios):5.2f} of engine" if key != "engine" else ""
        print(f"  {label:50} {med[key]:8.1f} games/s  {ratio:17}"
              f"  runs: {', '.join(f'{r:.0f}' for r in rates[key])}")
    print(f"  chance events per game (median) {events:.0f}; largest event lists {largest} outcomes")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--game", choices=GAMES, help="one game (default: every game)")
    args = ap.parse_args()
    for game in [args.game] if args.game else GAMES:
        bench(game, args.games, args.repeats)


if __name__ == "__main__":
    main()
