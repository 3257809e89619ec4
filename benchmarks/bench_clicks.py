"""The Python time of one board click in every game: the move applied, the history written,
every view of the game redrawn and its view sent (``Board._on_msg`` of a click, as the page sends
it), on the boards each game's notebook shows.

Run with ``python benchmarks/bench_clicks.py [--games N] [--repeats R] [--cpu]``. For each game,
N seeded random 4-player games (through the public API) give 5 mid-game positions each (between
a quarter and three quarters of the game); at each position a fresh board (no bots: every seat
is played by clicks) gets one click on a legal action of the player to move, drawn by the same
seeded generator, so each click is one move. Building the board is not timed (in a notebook it
exists before the click). Each click is timed R times, on a new board each time, and its best
time kept (other work on the machine only ever adds time); the repetitions are interleaved over
positions and games, so every game sees the same machine load, and a warm-up click per game
comes first. Prints each game's median and 90th percentile over its N x 5 clicks, the number of
clicks, and whether the median is under the 10 ms target.

Times are wall-clock (``time.perf_counter``); ``--cpu`` measures process time instead, steadier
on a machine doing other work.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from typing import Any, Callable

import _games
from _games import options

from explorer import corinth, gonzaga, gugong
from explorer import hanging_gardens as hg
from explorer.corinth import widgets as corinth_widgets
from explorer.gonzaga import widgets as gonzaga_widgets
from explorer.gugong import widgets as gugong_widgets
from explorer.hanging_gardens import widgets as hg_widgets

TARGET_MS = 10.0
PLAYERS = 4
PER_GAME = 5
"""Mid-game positions taken from each random game."""

GAMES: list[tuple[str, Any, Callable]] = [
    ("Corinth (harbor + score sheets)", corinth, lambda s: corinth_widgets.table(s)[0]),
    ("Gùgōng (main board + player board)", gugong, lambda s: gugong_widgets.boards(s)[0]),
    ("Gonzaga (board)", gonzaga, gonzaga_widgets.board),
    ("The Hanging Gardens (board)", hg, hg_widgets.board),
]
"""Each game's name, rules module, and the boards its notebook shows (every view of one game
is redrawn on a click; the click goes to the first)."""


def positions(module, games: int, first_seed: int, per_game: int = PER_GAME) -> list[tuple]:
    """(state, action) at ``per_game`` mid-game positions of each of ``games`` seeded random
    games: the action is a legal one of the player to move."""
    out = []
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        s = module.new_game(players=PLAYERS, seed=seed)
        states = []
        while not s.is_over:
            states.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
        n = len(states)
        for k in range(per_game):
            state = states[n // 4 + (n // 2) * k // max(1, per_game - 1)] if per_game > 1 \
                else states[n // 2]
            out.append((state, rng.choice(state.legal_actions())))
    return out


def click(make: Callable, state, action) -> float:
    """Seconds of one click on ``action`` on a new board of ``state``; raises unless the click
    played exactly that move."""
    board = make(state)
    msg = {"type": "click", "action": action.to_json()}
    clock = _games.CLOCK[0]
    start = clock()
    board._on_msg(None, msg, None)
    took = clock() - start
    played = board.state.history[len(state.history):]
    if board.answered != 1 or board.message.get("kind") != "ok" or not played \
            or played[0] != action:
        raise RuntimeError(f"the click on {action} at move {len(state.history)} played nothing: "
                           f"{board.message}")
    return took


def measure(games: int, repeats: int, per_game: int = PER_GAME,
            only: list[str] | None = None) -> dict[str, list[float]]:
    """Milliseconds of each click (the best of ``repeats``), per game name, in position order."""
    chosen = [g for g in GAMES if only is None or g[0] in only]
    spots = {name: positions(module, games, 1_000, per_game) for name, module, _ in chosen}
    for name, module, make in chosen:                        # warm-up: imports, first drawings
        for state, action in positions(module, 1, 0, 1):
            click(make, state, action)
    best = {name: [float("inf")] * len(spots[name]) for name, _, _ in chosen}
    for _ in range(repeats):
        for i in range(max(len(v) for v in spots.values())):
            for name, _, make in chosen:
                if i < len(spots[name]):
                    best[name][i] = min(best[name][i], click(make, *spots[name][i]) * 1000)
    return best


def p90(times: list[float]) -> float:
    return statistics.quantiles(times, n=10, method="inclusive")[-1] if len(times) > 1 \
        else times[0]


def busy() -> tuple[float, int]:
    """The load average of the last minute and the number of cores (0, 1 where unknown)."""
    try:
        return os.getloadavg()[0], os.cpu_count() or 1
    except (AttributeError, OSError):
        return 0.0, 1


def report(got: dict[str, list[float]], clock: str, repeats: int) -> None:
    print(f"One board click, Python side: apply, history, drawing, view ({PLAYERS} players, "
          "mid-game)")
    print(f"Best of {repeats} per click ({clock}, Python {sys.version.split()[0]})")
    load, cores = busy()
    if clock == "wall clock" and load > cores:
        print(f"  (the machine is busy, load average {load:.1f} on {cores} cores: --cpu measures "
              "process time,\n   which other work inflates much less)")
    print(f"  {'':<38} {'median':>9} {'p90':>9} {'clicks':>7}   under {TARGET_MS:.0f} ms")
    for name, times in got.items():
        med = statistics.median(times)
        print(f"  {name:<38} {med:6.1f} ms {p90(times):6.1f} ms {len(times):7d}   "
              f"{'yes' if med < TARGET_MS else 'NO'}")


def main() -> None:
    args = options(__doc__, games=8, repeats=3)
    report(measure(args.games, args.repeats), args.clock, args.repeats)


if __name__ == "__main__":
    main()
