"""The analysis package's optional parts: without pandas (the offline site) or without dask, the
explorer says which extra to install, as an ExplorerError, instead of a bare ImportError."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

PROBE = """
import sys
sys.modules[{blocked!r}] = None          # as if the package were not installed
import explorer
try:
    {code}
except explorer.MissingExtra as err:
    print("missing", err.extra, isinstance(err, ImportError), str(err))
else:
    print("no error")
"""


def probe(blocked: str, code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", PROBE.format(blocked=blocked, code=code)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_analysis_without_pandas_names_the_analysis_extra():
    out = probe("pandas", "import explorer.analysis")
    assert out.startswith("missing analysis True") and "'.[analysis]'" in out
    # the rest of the explorer does not need it
    assert probe("pandas", "import explorer.corinth, explorer.board; explorer.corinth.new_game()") == "no error"


def test_a_dask_client_without_dask_names_the_dask_extra():
    out = probe("distributed", "from explorer import analysis; "
                "analysis.simulate('corinth', games=2, client='tcp://127.0.0.1:1', progress=False)")
    assert out.startswith("missing dask True") and "dask.distributed" in out
