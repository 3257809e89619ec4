"""The sweep runner's costs: ``explorer.analysis.simulate`` against a bare loop, on 1 and 2 worker
processes, on Dask, and its memory as the sweep grows.

Run with ``python benchmarks/bench_analysis.py [--games N] [--repeats R] [--big B]
[--memory 1000,10000] [--cpu]`` (``--big 0`` skips the backends). Prints, as medians of R
interleaved repetitions (the big runs once each):

- each game's random 2-player games, N of them, through a bare loop
  (``while not s.is_over: s = s.apply(bot(s))`` with the same seeded bots) and through
  ``simulate`` in this process: ms per game and the runner's overhead in %;
- B random 2-player Corinth games on this process, on 2 worker processes (``workers=2``) and on a
  Dask ``LocalCluster`` of 2 single-threaded worker processes: games/s, the pool's speed-up and
  Dask's time against the pool's (the tables are checked equal);
- the main process's peak traced memory (``tracemalloc``) while 2 workers play 10^3, 10^4, ...
  Corinth games, beside the table's own size: what grows beyond the table is the runner's.

Times are wall-clock (``time.perf_counter``); ``--cpu`` measures process time instead (then the
parallel figures mean little).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer import analysis                                     # noqa: E402
from explorer.analysis import game_seed, kit                     # noqa: E402
from explorer.analysis.bots import bot_rng                       # noqa: E402

CLOCK = [time.perf_counter]


def bare(game: str, games: int, players: int = 2) -> None:
    """The same random games as ``simulate``'s, with nothing recorded."""
    k = kit(game)
    random_bot = k.bots.random_bot
    for i in range(games):
        gseed = game_seed(0, i)
        rngs = [bot_rng(game, gseed, p) for p in range(players)]
        bots = [lambda s, r=r: random_bot(s, r) for r in rngs]
        s = k.new_game(players, gseed)
        while not s.is_over:
            s = s.apply(bots[s.current_player](s))


def timed(run) -> float:
    start = CLOCK[0]()
    run()
    return CLOCK[0]() - start


def overhead(games: int, repeats: int) -> None:
    print(f"simulate in one process against a bare loop ({games} random 2-player games, {repeats} "
          f"interleaved pairs of runs; the overhead is the median of the pairs' ratios):")
    for game in analysis.ANALYSED:
        bare(game, 2)
        analysis.simulate(game, games=2, progress=False)
        loop, sweep = [], []
        for _ in range(repeats):
            loop.append(timed(lambda: bare(game, games)))
            sweep.append(timed(lambda: analysis.simulate(game, games=games, progress=False)))
        a, b = statistics.median(loop), statistics.median(sweep)
        ratio = statistics.median(s / b_ for s, b_ in zip(sweep, loop))
        print(f"  {kit(game).label:<20} bare {1000 * a / games:6.2f} ms/game   simulate "
              f"{1000 * b / games:6.2f} ms/game   overhead {100 * (ratio - 1):+5.1f} %")


def backends(games: int) -> None:
    import pandas as pd
    from distributed import Client, LocalCluster
    print(f"\n{games:,} random 2-player Corinth games, one run each:")
    analysis.simulate("corinth", games=8, workers=2, progress=False)     # the fork server, warm
    one = timed(lambda: out.__setitem__("one", analysis.simulate("corinth", games=games,
                                                                 progress=False)))
    two = timed(lambda: out.__setitem__("two", analysis.simulate("corinth", games=games, workers=2,
                                                                 progress=False)))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        analysis.simulate("corinth", games=8, client=client, progress=False)
        dask = timed(lambda: out.__setitem__("dask", analysis.simulate(
            "corinth", games=games, client=client, progress=False)))
    pd.testing.assert_frame_equal(out["one"].table, out["two"].table)
    pd.testing.assert_frame_equal(out["one"].table, out["dask"].table)
    print(f"  one process      {games / one:8.1f} games/s  ({one:.1f} s)")
    print(f"  2 workers        {games / two:8.1f} games/s  ({two:.1f} s)   speed-up {one / two:.2f}x")
    print(f"  Dask, 2 workers  {games / dask:8.1f} games/s  ({dask:.1f} s)   time against the "
          f"pool {dask / two:.2f}x")
    print("  (the three tables are equal)")


out: dict = {}


def memory(sizes: list[int]) -> None:
    print("\nmain process's peak traced memory, 2 workers playing random 2-player Corinth games:")
    for n in sizes:
        tracemalloc.start()
        tracemalloc.reset_peak()
        res = analysis.simulate("corinth", games=n, workers=2, progress=False)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        table = int(res.table.memory_usage(deep=True).sum())
        print(f"  {n:>8,} games: peak {peak / 2**20:7.1f} MiB, the table {table / 2**20:7.1f} MiB, "
              f"peak beyond the table {(peak - table) / 2**20:6.1f} MiB "
              f"({peak / n:,.0f} bytes per game in all)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--big", type=int, default=10_000)
    ap.add_argument("--memory", default="1000,10000")
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    overhead(args.games, args.repeats)
    if args.big:
        backends(args.big)
    memory([int(n) for n in args.memory.split(",") if n])


if __name__ == "__main__":
    main()
