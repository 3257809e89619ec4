"""Random playouts of the four games beside OpenSpiel's: steps and decisions per second, paired.

Run with ``python benchmarks/bench_peers.py [--rounds R] [--seconds S | --games N]
[--game corinth,gugong] [--players 2,3]`` (by default every game, with every player count its
``PLAYERS`` allows). It needs the ``bench`` extra (``pip install "explorer[bench]"``: OpenSpiel).
Every runner plays whole random games, a uniformly random legal action at every decision:

- each game of the explorer, for each player count, through the public API: ``s =
  module.new_game(players=n, seed=k)``, then ``s = s.apply(rng.choice(s.legal_actions()))`` until
  ``s.is_over``; chance is ``"auto"``, so ``apply`` draws the chance events that follow a move;
- OpenSpiel's pure-Python tic-tac-toe (``python_tic_tac_toe``) through the same loop:
  ``state.apply_action(rng.choice(state.legal_actions()))`` until ``state.is_terminal()`` (a
  chance node would be drawn from ``chance_outcomes()``; tic-tac-toe has none);
- OpenSpiel's C++ backgammon through pyspiel and the same loop, each chance node drawn from
  ``chance_outcomes()`` by probability (``rng.choices``).

A *step* is any action applied after the game was made, chance included (for the explorer, what
the history gained after ``new_game`` returned: its setup draws are not counted); a *decision* is
a player's action (one call of ``apply`` or a non-chance ``apply_action``).

Every round runs every runner for S seconds of whole games (or N games) each, in an order that
rotates from round to round (each round starts with a different runner), so the figures of one
round see the same machine load. For every game and player count the table prints the median
steps/s and decisions/s over the rounds and the median and range (min-max) of the paired
per-round ratios: the explorer over tic-tac-toe in steps/s and in decisions/s (tic-tac-toe's
steps are its decisions), and over backgammon in steps/s; beside them the targets, at least x3
in steps/s and x2 in decisions/s over tic-tac-toe (x3 in decisions/s for Corinth).
Times are wall-clock (``time.perf_counter``).
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from typing import Callable

from _games import from_extra

GAMES = ("corinth", "gugong", "gonzaga", "hanging_gardens")
STEPS_TARGET = 3.0
DECISIONS_TARGET = {"corinth": 3.0}
"""Decisions/s over tic-tac-toe; 2.0 for the games not named."""
TTT, BACKGAMMON = "tic-tac-toe", "backgammon"

Run = Callable[[int], tuple[int, int]]
"""A runner: plays one whole game from a seed and returns (steps, decisions)."""


def explorer_run(module, players: int) -> Run:
    def run(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        s = module.new_game(players=players, seed=seed)
        made = len(s.history)                      # setup draws, before the first move
        decisions = 0
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
            decisions += 1
        return len(s.history) - made, decisions
    return run


def openspiel_run(game) -> Run:
    def run(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        made = len(state.history())
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights=probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return len(state.history()) - made, decisions
    return run


def measure(run: Run, first_seed: int, seconds: float | None,
            games: int | None) -> tuple[float, float, int]:
    """(steps/s, decisions/s, games) of whole games from ``first_seed`` on, for ``seconds`` (the
    game that crosses the budget finishes) or ``games`` games."""
    clock = time.perf_counter
    steps = decisions = played = 0
    start = clock()
    took = 0.0
    while (played < games) if games else (took < seconds):
        s, d = run(first_seed + played)
        steps, decisions, played = steps + s, decisions + d, played + 1
        took = clock() - start
    return steps / took, decisions / took, played


def rounds(runs: dict[str, Run], count: int, seconds: float | None,
           games: int | None) -> dict[str, list[tuple[float, float, int]]]:
    """Every runner once per round, the order rotated so that each round starts elsewhere."""
    names = list(runs)
    for run in runs.values():                      # imports and first-call costs out of the way
        run(0)
    out: dict[str, list] = {name: [] for name in names}
    for r in range(count):
        turn = (r * len(names) // count if count <= len(names) else r) % len(names)
        for name in names[turn:] + names[:turn]:
            out[name].append(measure(runs[name], 1_000_000 * (r + 1), seconds, games))
    return out


def ratio_text(xs: list[float]) -> str:
    return f"x{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"


def report(got: dict[str, list[tuple[float, float, int]]], labels: dict[str, str],
           budget: str) -> None:
    count = len(next(iter(got.values())))
    print(f"Random playouts, {count} rounds of {budget} per runner (wall clock, Python "
          f"{sys.version.split()[0]}, open_spiel {_version('open_spiel')})")
    print("steps: every action applied after the game was made, chance included; decisions: the "
          "players' actions.")
    print("Ratios: median (min-max) over rounds of the explorer's figure over the peer's in the "
          "same round.")
    print(f"Targets over tic-tac-toe: steps/s >= x{STEPS_TARGET:g}, decisions/s >= x2 "
          f"(Corinth >= x{DECISIONS_TARGET['corinth']:g}).")
    head = (f"{'runner':<28}{'steps/s':>10}{'decis./s':>10}{'games':>7}  "
            f"{'steps/s over ttt':<22}{'decis./s over ttt':<22}{'steps/s over bg':<22}targets")
    print(head)
    print("-" * (len(head) + 8))
    ttt, bg = got[TTT], got[BACKGAMMON]
    for name, xs in got.items():
        steps = statistics.median(x[0] for x in xs)
        decisions = statistics.median(x[1] for x in xs)
        line = f"{labels[name]:<28}{steps:10.0f}{decisions:10.0f}{sum(x[2] for x in xs):7d}"
        if name not in (TTT, BACKGAMMON):
            over_steps = [x[0] / t[0] for x, t in zip(xs, ttt)]
            over_decisions = [x[1] / t[1] for x, t in zip(xs, ttt)]
            over_bg = [x[0] / b[0] for x, b in zip(xs, bg)]
            want = DECISIONS_TARGET.get(name.split(":")[0], 2.0)
            met = (f"steps {'yes' if statistics.median(over_steps) >= STEPS_TARGET else 'NO'}, "
                   f"decis. {'yes' if statistics.median(over_decisions) >= want else 'NO'}")
            line += (f"  {ratio_text(over_steps):<22}{ratio_text(over_decisions):<22}"
                     f"{ratio_text(over_bg):<22}{met}")
        print(line)


def _version(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    budget = ap.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="per runner per round (default 1)")
    budget.add_argument("--games", type=int, help="whole games per runner per round")
    ap.add_argument("--game", default=",".join(GAMES),
                    help="comma-separated games (default: all four)")
    ap.add_argument("--players", type=_ints,
                    help="comma-separated player counts (default: every count a game allows)")
    args = ap.parse_args()
    games = [g.strip() for g in args.game.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown or not games or args.rounds < 1 or (args.games is not None and args.games < 1) \
            or (args.seconds is not None and not (0 < args.seconds < math.inf)):
        ap.error(f"games are {', '.join(GAMES)}; rounds, games and seconds must be positive")
    seconds = None if args.games else (args.seconds or 1.0)

    pyspiel = from_extra("pyspiel", "open_spiel")
    from_extra("open_spiel.python.games", "open_spiel")     # registers python_tic_tac_toe

    runs: dict[str, Run] = {}
    labels: dict[str, str] = {}
    for game in games:
        module = importlib.import_module(f"explorer.{game}")
        for n in module.PLAYERS:
            if args.players is None or n in args.players:
                runs[f"{game}:{n}"] = explorer_run(module, n)
                labels[f"{game}:{n}"] = f"{game}, {n} players"
    if not runs:
        ap.error("no game is played with those player counts")
    runs[TTT] = openspiel_run(pyspiel.load_game("python_tic_tac_toe"))
    labels[TTT] = "tic-tac-toe (OpenSpiel, Py)"
    runs[BACKGAMMON] = openspiel_run(pyspiel.load_game("backgammon"))
    labels[BACKGAMMON] = "backgammon (OpenSpiel, C++)"
    got = rounds(runs, args.rounds, seconds, args.games)
    order = [TTT, BACKGAMMON] + [k for k in runs if k not in (TTT, BACKGAMMON)]
    report({k: got[k] for k in order}, labels,
           f"{args.games} game{'s' * (args.games != 1)}" if args.games else f"{seconds:g} s")


if __name__ == "__main__":
    main()
