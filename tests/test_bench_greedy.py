"""The greedy benchmark plays each game's greedy bot beside its fast playout and prints one row per
game and player count, with the greedy bot's share of the fast playout's speed."""

import math
import re
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ROOT / "benchmarks" / "bench_greedy.py"
NUMBER = r"(\d+(?:\.\d+)?)"


@pytest.mark.benchmark
def test_one_small_round_prints_a_row_per_game_and_player_count():
    done = subprocess.run([sys.executable, str(SCRIPT), "--rounds", "2", "--games", "1", "--game",
                           "corinth,gugong", "--players", "2,5", "--cpu"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    rows = re.findall(rf"^  (\S+) +(\d)p  greedy +{NUMBER} ms/game   fast +{NUMBER} ms/game   greedy at "
                      rf"+{NUMBER} % \({NUMBER}-{NUMBER}\)   (target met|below target)$", out, re.M)
    # Corinth is played by 2 to 4: no 5-player row for it
    assert [(r[0], r[1]) for r in rows] == [("Corinth", "2"), ("Gùgōng", "2"), ("Gùgōng", "5")], out
    for _, _, slow, fast, share, low, high, verdict in rows:
        slow, fast, share, low, high = map(float, (slow, fast, share, low, high))
        assert 0 < fast < math.inf and 0 < slow < math.inf
        assert low <= share <= high
        if abs(share - 10) > 0.05:               # the share is printed rounded
            assert (verdict == "target met") == (share >= 10)
