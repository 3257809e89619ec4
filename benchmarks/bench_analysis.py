"""The sweep runner's costs: ``explorer.analysis.simulate`` against a bare loop, on 1 and 2 worker
processes, on Dask, and its memory as the sweep grows.

Run with ``python benchmarks/bench_analysis.py [--games N] [--repeats R] [--big B]
[--rounds K] [--memory 1000,10000] [--cpu | --instructions]`` (``--big 0`` skips the backends).
Prints:

- each game's random 2-player games, N of them, through a bare loop
  (``while not s.is_over: s = s.apply(bot(s))`` with the same seeded bots), the same loop keeping
  each game's final scores and winners, and the sweep runner in this process, alternating every
  10 games over R passes after one untimed pass of each: ms per game and the runner's overhead in
  %; beside it a whole ``simulate`` call's time per game (its table built too);
- B random 2-player Corinth games on this process, on 2 worker processes (``workers=2``) and on a
  Dask ``LocalCluster`` of 2 single-threaded worker processes, K rounds in a rotated order:
  games/s, the pool's speed-up and Dask's time against the pool's, paired within each round
  (the tables are checked equal);
- the main process's peak traced memory (``tracemalloc``) while 2 workers play 10^3, 10^4, ...
  Corinth games, beside the table's own size: what grows beyond the table is the runner's.

Times are wall-clock (``time.perf_counter``); ``--cpu`` measures process time instead (then the
parallel figures mean little). ``--instructions`` counts, instead of timing, the instructions the
CPU runs per game for the scored loop and the runner (each under ``valgrind --tool=cachegrind``,
N games after an uncounted pass of the same games, one process per figure): a measure that other
work on the machine does not disturb, printed as the runner's overhead in instructions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer import analysis                                     # noqa: E402
from explorer.analysis import game_seed, kit                     # noqa: E402
from explorer.analysis._runner import Batch, Sweep, _check        # noqa: E402
from explorer.analysis.bots import bot_rng                       # noqa: E402

CLOCK = [time.perf_counter]


def bare(game: str, games: int | range, players: int = 2, keep: list | None = None) -> None:
    """The same random games as ``simulate``'s, with nothing recorded (with ``keep``, a list:
    each game's final scores and winners appended to it, the least a useful loop keeps)."""
    k = kit(game)
    random_bot = k.bots.random_bot
    for i in (range(games) if isinstance(games, int) else games):
        gseed = game_seed(0, i)
        rngs = [bot_rng(game, gseed, p) for p in range(players)]
        bots = [lambda s, r=r: random_bot(s, r) for r in rngs]
        s = k.new_game(players, gseed)
        while not s.is_over:
            s = s.apply(bots[s.current_player](s))
        if keep is not None:
            keep.append((s.scores(), s.winners()))


def runner(sweep: Sweep, games: range) -> None:
    """The same games through the sweep runner's batch (what ``simulate`` runs per game)."""
    batch = Batch(sweep)
    for i in games:
        batch.play(i)
    batch.pack()


def timed(run) -> float:
    start = CLOCK[0]()
    run()
    return CLOCK[0]() - start


def overhead(games: int, repeats: int, block: int = 10) -> None:
    print(f"the sweep runner against bare loops ({games} random 2-player games, {repeats} passes "
          f"after an untimed one; the three alternate every {block} games in a rotated order, so "
          f"all see the same machine). 'bare': the games played, nothing kept; 'scored': the same "
          f"keeping each game's final scores and winners. Overheads are total times against the "
          f"loop's (in brackets the median of the blocks' ratios); then a whole simulate call "
          f"(its table built too), once per pass:")
    for game in analysis.ANALYSED:
        sweep = _check(kit(game), games, 2, "random", 0, None)[0]
        bare(game, games)                 # warm: the games' caches (placement tables, ...) filled
        runner(sweep, range(games))
        analysis.simulate(game, games=2, progress=False)
        runs = {"bare": lambda part: bare(game, part), "scored": lambda part: bare(game, part, keep=[]),
                "runner": lambda part: runner(sweep, part)}
        total = dict.fromkeys(runs, 0.0)
        ratios: dict[str, list[float]] = {"bare": [], "scored": []}
        calls = []
        names = list(runs)
        for r in range(repeats):
            for n, a in enumerate(range(0, games, block)):
                part = range(a, min(a + block, games))
                took = {}
                for name in names[(n + r) % 3:] + names[:(n + r) % 3]:
                    took[name] = timed(lambda: runs[name](part))
                    total[name] += took[name]
                for name in ratios:
                    ratios[name].append(took["runner"] / took[name])
            calls.append(timed(lambda: analysis.simulate(game, games=games, progress=False)))
        per = {name: t / (repeats * games) for name, t in total.items()}
        whole = statistics.median(calls) / games
        over = {name: f"{100 * (total['runner'] / total[name] - 1):+5.1f} % "
                      f"[{100 * (statistics.median(ratios[name]) - 1):+5.1f} %]" for name in ratios}
        print(f"  {kit(game).label:<20} bare {1000 * per['bare']:5.2f} ms/game, scored "
              f"{1000 * per['scored']:5.2f}, runner {1000 * per['runner']:5.2f}: overhead against "
              f"bare {over['bare']}, against scored {over['scored']}; whole simulate call "
              f"{1000 * whole:5.2f} ms/game ({100 * (whole / per['scored'] - 1):+5.1f} % against "
              f"scored)")


def backends(games: int, rounds: int) -> None:
    import pandas as pd
    from distributed import Client, LocalCluster
    print(f"\n{games:,} random 2-player Corinth games, {rounds} round(s) of one process, 2 worker "
          f"processes and Dask in a rotated order (medians; ratios paired within a round):")
    times: dict[str, list[float]] = {"one": [], "two": [], "dask": []}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        runs = {"one": lambda: analysis.simulate("corinth", games=games, progress=False),
                "two": lambda: analysis.simulate("corinth", games=games, workers=2, progress=False),
                "dask": lambda: analysis.simulate("corinth", games=games, client=client,
                                                  progress=False)}
        analysis.simulate("corinth", games=8, workers=2, progress=False)  # the fork server, warm
        analysis.simulate("corinth", games=8, client=client, progress=False)
        order = list(runs)
        for r in range(rounds):
            for name in order[r % 3:] + order[:r % 3]:
                times[name].append(timed(lambda: out.__setitem__(name, runs[name]())))
            pd.testing.assert_frame_equal(out["one"].table, out["two"].table)
            pd.testing.assert_frame_equal(out["one"].table, out["dask"].table)
    one, two, dask = (statistics.median(times[k]) for k in ("one", "two", "dask"))
    up = [a / b for a, b in zip(times["one"], times["two"])]
    vs = [a / b for a, b in zip(times["dask"], times["two"])]
    print(f"  one process      {games / one:8.1f} games/s  ({one:.1f} s)")
    print(f"  2 workers        {games / two:8.1f} games/s  ({two:.1f} s)   speed-up "
          f"{statistics.median(up):.2f}x [{min(up):.2f}, {max(up):.2f}]")
    print(f"  Dask, 2 workers  {games / dask:8.1f} games/s  ({dask:.1f} s)   time against the pool "
          f"{statistics.median(vs):.2f}x [{min(vs):.2f}, {max(vs):.2f}]")
    print("  (the three tables are equal in every round)")


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


def counted(game: str, which: str, games: int, passes: int) -> None:
    """What one counted process runs: ``passes`` passes of the same games through the scored loop
    or the runner (the first pass fills the caches)."""
    sweep = _check(kit(game), games, 2, "random", 0, None)[0]
    for _ in range(passes):
        if which == "scored":
            bare(game, games, keep=[])
        else:
            runner(sweep, range(games))


def instructions(games: int) -> None:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("--instructions needs valgrind (apt-get install valgrind)", file=sys.stderr)
        raise SystemExit(2)

    def count(job: tuple[str, str, int]) -> int:
        game, which, passes = job
        out = subprocess.run([valgrind, "--tool=cachegrind", "--cache-sim=no",
                              "--cachegrind-out-file=/dev/null", sys.executable, __file__,
                              "--counted", game, which, str(games), str(passes)],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONHASHSEED="0"))
        return int(re.search(r"I\s+refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))

    print(f"the sweep runner against the scored loop in instructions per game ({games} random "
          f"2-player games counted after an uncounted pass of the same games; valgrind's "
          f"cachegrind, one process per count):")
    jobs = [(g, w, p) for g in analysis.ANALYSED for w in ("scored", "runner") for p in (1, 2)]
    with ThreadPoolExecutor(2) as pool:
        got = dict(zip(jobs, pool.map(count, jobs)))
    for game in analysis.ANALYSED:
        per = {w: (got[game, w, 2] - got[game, w, 1]) / games for w in ("scored", "runner")}
        over = 100 * (per["runner"] / per["scored"] - 1)
        print(f"  {kit(game).label:<20} scored {per['scored'] / 1e6:7.3f} M instructions/game, "
              f"runner {per['runner'] / 1e6:7.3f} M: overhead {over:+5.1f} %")


def main() -> None:
    if sys.argv[1:2] == ["--counted"]:
        game, which, games, passes = sys.argv[2:6]
        counted(game, which, int(games), int(passes))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--big", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=3, help="rounds of the three backends")
    ap.add_argument("--memory", default="1000,10000")
    ap.add_argument("--cpu", action="store_true", help="process time instead of wall-clock time")
    ap.add_argument("--instructions", action="store_true",
                    help="only the runner's overhead, in instructions counted by valgrind")
    args = ap.parse_args()
    if args.instructions:
        instructions(args.games)
        return
    if args.cpu:
        CLOCK[0] = time.process_time
    overhead(args.games, args.repeats)
    if args.big:
        backends(args.big, args.rounds)
    memory([int(n) for n in args.memory.split(",") if n])


if __name__ == "__main__":
    main()
