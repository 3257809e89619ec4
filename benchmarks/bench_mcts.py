"""The MCTS bot's speed and strength in every game.

Run with ``python benchmarks/bench_mcts.py [--iterations N] [--strength GAMES] [--workers W]
[--games corinth,gugong] [--option name=value ...]``. Prints, per game:

- speed: MCTS iterations per second and seconds per decision (``mcts:N`` choosing for the first
  player at positions of a few two-player games, decisions with one legal move left out);
- with ``--strength GAMES``: the win share of ``mcts:N`` against ``random`` and against
  ``greedy`` over GAMES two-player games each (seats alternating, game i seeded i), with 95 %
  Wilson intervals, and the share of Gùgōng games between two MCTS bots that end with a winner
  (an envoy in the palace).

Games run on W processes (2 by default); each game depends only on its seed and the bots.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.analysis._kit import ANALYSED, kit  # noqa: E402
from explorer.analysis._stats import wilson  # noqa: E402
from explorer.analysis.mcts import mcts_bot  # noqa: E402

OPTIONS: dict = {}


def _bot(k, spec: str, seed: int, seat: int):
    rng = random.Random(f"explorer-bot:{k.name}:{seed}:{seat}")
    if spec == "random":
        return lambda s: k.random_action(s, rng)
    if spec == "greedy":
        return lambda s: k.greedy_action(s, rng)
    return mcts_bot(k, int(spec.split(":")[1]), rng, **OPTIONS)


def play(job: tuple) -> tuple:
    """One two-player game: (game, bots, seed) -> (win share of seat 0, of seat 1, someone won,
    seconds)."""
    game, specs, seed, options = job
    OPTIONS.clear()
    OPTIONS.update(options)
    k = kit(game)
    t = time.perf_counter()
    s = k.new_game(2, seed)
    bots = [_bot(k, spec, seed, seat) for seat, spec in enumerate(specs)]
    while not s.is_over:
        s = s.apply(bots[s.current_player](s))
    winners = s.winners()
    share = [1 / len(winners) if p in winners else 0.0 for p in range(2)]
    return share[0], share[1], bool(winners), time.perf_counter() - t


def speed(game: str, iterations: int, positions: int = 6) -> tuple[float, float]:
    """(iterations per second, seconds per decision) at positions of random two-player games."""
    k = kit(game)
    rng = random.Random(0)
    bot = mcts_bot(k, iterations, random.Random(1), **OPTIONS)
    spent = decisions = 0
    for seed in range(positions):
        s = k.new_game(2, seed)
        for _ in range(rng.randrange(5, 40)):
            if s.is_over:
                break
            s = s.apply(k.random_action(s, rng))
        while not s.is_over and (s.is_chance_node or len(s.legal_actions()) < 2):
            s = s.apply(k.random_action(s, rng))
        if s.is_over:
            continue
        t = time.perf_counter()
        bot(s)
        spent += time.perf_counter() - t
        decisions += 1
    return iterations * decisions / spent, spent / decisions


def match(pool, game: str, mcts: str, other: str, games: int) -> tuple:
    """The win share of ``mcts`` against ``other`` over ``games`` games, seats alternating."""
    jobs = [(game, (mcts, other) if i % 2 == 0 else (other, mcts), i, OPTIONS) for i in range(games)]
    wins = secs = 0.0
    for i, (a, b, _, sec) in enumerate(pool.imap(play, jobs)):
        wins += a if i % 2 == 0 else b
        secs += sec
    return wins, secs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--strength", type=int, default=0, metavar="GAMES")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games", default=",".join(ANALYSED))
    ap.add_argument("--only", default="random,greedy,winner",
                    help="which strength figures: random, greedy, winner")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    for item in args.option:
        name, _, value = item.partition("=")
        OPTIONS[name] = None if value == "None" else eval(value, {})   # numbers, True, False
    games = args.games.split(",")
    spec = f"mcts:{args.iterations}"
    print(f"{spec} {OPTIONS or ''}")
    for game in games:
        rate, per = speed(game, args.iterations)
        print(f"{game:16} {rate:8.0f} iterations/s {per:7.3f} s/decision", flush=True)
    if not args.strength:
        return
    only = args.only.split(",")
    n = args.strength
    with Pool(args.workers) as pool:
        for game in games:
            for other in ("random", "greedy"):
                if other not in only:
                    continue
                wins, secs = match(pool, game, spec, other, n)
                low, high = wilson(wins, n)
                print(f"{game:16} {spec} vs {other:6}: {wins / n:6.1%} [{low:6.1%}, {high:6.1%}] "
                      f"over {n} games ({secs / n:.1f} s/game)", flush=True)
        if "gugong" in games and "winner" in only:
            jobs = [("gugong", (spec, spec), i, OPTIONS) for i in range(n)]
            won = sum(r[2] for r in pool.imap(play, jobs))
            low, high = wilson(won, n)
            print(f"gugong {spec} vs {spec}: a winner in {won / n:6.1%} [{low:6.1%}, {high:6.1%}] "
                  f"of {n} games", flush=True)


if __name__ == "__main__":
    main()
