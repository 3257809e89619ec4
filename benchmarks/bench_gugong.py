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

import random

from _games import options, print_rates, public, rates

from explorer import corinth
from explorer import gugong
from explorer.gugong import bots


def fast(seed: int) -> int:
    end = bots.random_playout(gugong.new_game(players=4, seed=seed), random.Random(seed))
    return len(end.history)


def greedy(seed: int) -> int:
    return len(bots.play_game(4, seed=seed, bots=bots.greedy_bot).history)


def main() -> None:
    args = options(__doc__)
    g = args.games
    runs = [(f"Gùgōng, {n} players: random game via apply (checked)", public(gugong, n), g)
            for n in (2, 3, 4, 5)]
    runs += [("Gùgōng, 4 players: random playout (fast path)", fast, 2 * g),
             ("Gùgōng, 4 players: greedy bots", greedy, max(1, g // 50)),
             ("Corinth, 3 players: random game via apply (checked)", public(corinth, 3), g),
             ("Corinth, 4 players: random game via apply (checked)", public(corinth, 4), g)]
    print_rates(rates(runs, args.repeats, g), args.clock, steps=True)


if __name__ == "__main__":
    main()
