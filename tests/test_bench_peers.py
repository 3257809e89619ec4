"""The peers benchmark plays its peers and the games it is asked for, and prints a ratio row for
each with plausible figures; without its extra it says what to install, in one line."""

import math
import re
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ROOT / "benchmarks" / "bench_peers.py"
NUMBER = r"(\d+(?:\.\d+)?)"
RATIO = rf"x{NUMBER} \({NUMBER}-{NUMBER}\)"


def run(*args: str, code: str | None = None) -> subprocess.CompletedProcess:
    """bench_peers.py with ``args``; ``code`` runs first in the same interpreter."""
    cmd = [sys.executable, str(SCRIPT), *args]
    if code is not None:
        cmd = [sys.executable, "-c",
               f"{code}; import runpy, sys; sys.argv = {[str(SCRIPT), *args]!r}; "
               f"sys.path.insert(0, {str(SCRIPT.parent)!r}); "
               f"runpy.run_path({str(SCRIPT)!r}, run_name='__main__')"]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.benchmark
def test_one_small_round_prints_a_ratio_row_per_player_count_with_plausible_figures():
    done = run("--rounds", "2", "--games", "1", "--game", "hanging_gardens", "--players", "2,3")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    print(out)
    for peer in ("tic-tac-toe", "backgammon"):
        row = re.search(rf"^{peer} .*?\s{NUMBER} +{NUMBER} +(\d+)\s*$", out, re.M)
        assert row, peer
        steps, decisions, games = float(row[1]), float(row[2]), int(row[3])
        assert games == 2 and 0 < decisions <= steps < math.inf
    rows = re.findall(rf"^hanging_gardens, (\d) players +{NUMBER} +{NUMBER} +(\d+) +"
                      rf"{RATIO} +{RATIO} +{RATIO} +steps (yes|NO), decis\. (yes|NO)$", out, re.M)
    assert [r[0] for r in rows] == ["2", "3"]
    for players, steps, decisions, games, *rest in rows:
        assert int(games) == 2 and 0 < float(decisions) <= float(steps) < math.inf
        for median, low, high in zip(*[iter(map(float, rest[:9]))] * 3):
            assert 0 < low <= median <= high < math.inf
    assert "corinth" not in out and "4 players" not in out


def test_without_open_spiel_it_names_the_extra_in_one_line_and_exits_with_status_2():
    done = run("--game", "gugong", code="import sys; sys.modules['pyspiel'] = None")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "open_spiel" in lines[0]
    assert 'pip install "explorer[bench]"' in lines[0]
