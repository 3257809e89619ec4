"""Import time of each game package beside ``import json``, measured side by side in one run.

Run with ``python benchmarks/bench_imports.py [--repeats R]``. For each module, R fresh Python
processes each time the import statement alone (``time.perf_counter`` around it) and report
whether networkx or plotly were loaded; the median is printed with the ratio to ``json``.
Imports are interleaved (json, game, json, game, ...) so both see the same machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import sys, time; t = time.perf_counter(); import {m}; "
         "dt = time.perf_counter() - t; import json; "
         "print(json.dumps([dt, [n for n in ('networkx', 'plotly') if n in sys.modules]]))")


def timed(module: str) -> tuple[float, list[str]]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(m=module)], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    dt, heavy = json.loads(out.stdout)
    return dt, heavy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=15)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from explorer import GAMES
    modules = ["json", "explorer", *GAMES.values()]
    times: dict[str, list[float]] = {m: [] for m in modules}
    heavy: dict[str, set[str]] = {m: set() for m in modules}
    for _ in range(args.repeats):
        for m in modules:
            dt, h = timed(m)
            times[m].append(dt)
            heavy[m].update(h)
    base = statistics.median(times["json"])
    print(f"import time, median of {args.repeats} fresh processes (Python {sys.version.split()[0]})")
    for m in modules:
        med = statistics.median(times[m])
        loaded = ", ".join(sorted(heavy[m])) or "neither"
        print(f"  import {m:<26} {med * 1000:8.2f} ms   x{med / base:7.1f} json   "
              f"networkx/plotly loaded: {loaded}")


if __name__ == "__main__":
    main()
