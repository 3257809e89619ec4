"""A sweep on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes on
127.0.0.1 (ports of their own), reached through ``Client("tcp://127.0.0.1:PORT")``; the table is
the one-process table. Dask is part of the test extra: without it these tests fail."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from distributed import Client

from explorer import OptionError, analysis

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                    os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen([sys.executable, "-m", *args], env=env, cwd=ROOT, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def scheduler():
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
                   "--no-dashboard")]
    try:
        for _ in range(2):
            procs.append(start("distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"))
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        stop(procs[::-1])                               # the workers first, then the scheduler


def stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    for p in procs:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def test_a_sweep_on_a_dask_cluster_gives_the_one_process_table(scheduler):
    here = analysis.simulate("corinth", games=12, players=3, seed=9, progress=False)
    with Client(scheduler, timeout=30) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        there = analysis.simulate("corinth", games=12, players=3, seed=9, client=client, batch=4,
                                  progress=False)
        workers = {w for w, tasks in client.has_what().items()}
    pd.testing.assert_frame_equal(here.table, there.table)
    pd.testing.assert_frame_equal(here.branching_profile, there.branching_profile)
    assert not there.partial and there.games_done == 12 and len(workers) == 2
    # the scheduler's address alone will do
    by_address = analysis.simulate("corinth", games=12, players=3, seed=9, client=scheduler,
                                   progress=False)
    pd.testing.assert_frame_equal(here.table, by_address.table)


def test_an_unreachable_scheduler_is_explained_quickly():
    start_time = time.monotonic()
    with pytest.raises(OptionError, match="no Dask scheduler answered at 'tcp://127.0.0.1:"):
        analysis.simulate("corinth", games=3, client=f"tcp://127.0.0.1:{free_port()}",
                          progress=False)
    assert time.monotonic() - start_time < 15
    with pytest.raises(OptionError, match="client must be a dask.distributed.Client"):
        analysis.simulate("corinth", games=3, client=42, progress=False)
