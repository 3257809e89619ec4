"""Python time of one click on a live Corinth board (apply, history, drawing, view), mid-game with
four players: the human's legal choices are clicked through the board's own message handler, as
the page sends them, while three bots reply.

    python benchmarks/bench_corinth_clicks.py [--clicks N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer import corinth  # noqa: E402
from explorer.corinth import bots, widgets  # noqa: E402


def click_times(clicks: int = 120, seed: int = 3, skip: int = 20,
                clock=time.process_time) -> list[float]:
    """Milliseconds per click, for ``clicks`` clicks after the first ``skip`` (mid-game), by
    ``clock``: the process's CPU time by default (what Python spends, whatever else the machine
    runs), ``time.perf_counter`` for the wall clock."""
    harbor, sheets = widgets.table(corinth.new_game(players=4, seed=seed),
                                   bots={1: bots.greedy_bot, 2: bots.random_bot, 3: bots.random_bot})
    times: list[float] = []
    k = 0
    while len(times) < clicks:
        s = harbor.state
        if s.is_over:
            harbor.new_game(seed=seed + k + 1)
            continue
        a = s.legal_actions()[k % len(s.legal_actions())]
        t0 = clock()
        harbor._on_msg(None, {"type": "click", "action": a.to_json()}, None)
        ms = (clock() - t0) * 1000
        k += 1
        if k > skip:
            times.append(ms)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=200)
    args = ap.parse_args()
    for name, clock in (("CPU time", time.process_time), ("wall clock", time.perf_counter)):
        times = sorted(click_times(args.clicks, clock=clock))
        print(f"Corinth board, 4 players (3 bots reply), {name}: {len(times)} clicks, median "
              f"{statistics.median(times):.2f} ms, p90 {times[int(0.9 * (len(times) - 1))]:.2f} ms,"
              f" max {times[-1]:.2f} ms of Python per click")


if __name__ == "__main__":
    main()
