"""The Hanging Gardens' speed: complete games per second on one core, side by side with Corinth.

Run with ``python benchmarks/bench_hanging_gardens.py [--games N] [--repeats R]``. Prints, as the
median of R repetitions of N fresh games each (new seeds every repetition), in one run:

- random 4-player playouts on the fast path (``bots.random_playout``: the rules' effects on one
  scratch copy of the game, every action logged, chance drawn from the bot's stream);
- random 4-player games through the public API (``state.apply(rng.choice(state.legal_actions()))``,
  every action checked, chance drawn from the seed);
- greedy-bot 4-player games (``bots.play_game`` with ``greedy_bot`` at every seat);
- Corinth's random games through the same public API, with 3 and with 4 players, measured in the
  same run (interleaved), so the figures can be compared on one machine;
- then the Python time of one click on a live board, mid-game with 4 players (from round 7; the
  move applied, the history written, the garden drawing and the page's view made), as a median.

Repetitions of the measurements are interleaved, so every figure sees the same machine load.
Times are wall-clock (``time.perf_counter``); ``--cpu`` measures process time instead.
"""

from __future__ import annotations

import random
import statistics

from _games import CLOCK, options, print_rates, public, rates

from explorer import corinth
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import bots, widgets


def fast(seed: int) -> int:
    return len(bots.random_playout(hg.new_game(players=4, seed=seed), random.Random(seed)).history)


def greedy(seed: int) -> int:
    return len(bots.play_game(4, seed=seed, bots=bots.greedy_bot).history)


def main() -> None:
    args = options(__doc__)
    g = args.games
    runs = [("The Hanging Gardens, 4 players: random playout (fast path)", fast, 4 * g),
            ("The Hanging Gardens, 4 players: random game via apply (checked)", public(hg, 4), g),
            ("The Hanging Gardens, 4 players: greedy bots", greedy, max(1, g // 25)),
            ("Corinth, 3 players: random game via apply (checked)", public(corinth, 3), g),
            ("Corinth, 4 players: random game via apply (checked)", public(corinth, 4), g)]
    print_rates(rates(runs, args.repeats, g), args.clock)
    times = click_times(games=max(2, g // 10))
    name = f"The Hanging Gardens, 4 players: one board click (ms, median of {len(times)})"
    print(f"  {name:<66} {statistics.median(times):>9.2f}")


def click_times(games: int, clicks: int = 30) -> list[float]:
    """Milliseconds of Python per click (``Board._on_msg`` with a random legal action), from
    round 7 of greedy 4-player games, every seat played by clicks."""
    out = []
    for seed in range(games):
        s = hg.new_game(players=4, seed=seed)
        while s.round < 7:
            s = s.apply(bots.greedy_bot(s))
        board = widgets.board(s)
        rng = random.Random(seed)
        for _ in range(clicks):
            if board.state.is_over:
                break
            action = rng.choice(board.state.legal_actions()).to_json()
            start = CLOCK[0]()
            board._on_msg(None, {"type": "click", "action": action}, None)
            out.append((CLOCK[0]() - start) * 1000)
    return out


if __name__ == "__main__":
    main()
