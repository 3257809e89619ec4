"""Shared fixtures: rule-id checking for ``pytest.mark.rules``, and a real browser.

Browser tests start JupyterLab on a free loopback port and drive Debian's Chromium through
Playwright. Under CI (``CI`` set) a missing Chromium or Playwright fails the run; elsewhere the
browser tests are skipped with the reason, so a missing install step can never pass unnoticed in CI.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from hypothesis import settings

# No time limit per example: on a loaded machine a slow example is not a failure (the speed
# targets are checked by the benchmarks, which print figures).
settings.register_profile("explorer", deadline=None)
settings.load_profile("explorer")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts"
TOKEN = "explorer-browser-tests"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-quic"]


# ---- rule ids named by tests must exist; the long tests start first -----------------------------
LONG = ("::test_fuzz", "test_networkx_agrees", "test_hotseat.py::test_no_other_seat_secret",
        "test_core_session.py::test_fuzzed", "test_random_games_keep_every_invariant")
"""Tests of half a minute or more besides the browser tests and the notebooks (see below)."""


def _long(item) -> bool:
    return (item.get_closest_marker("browser") is not None or item.nodeid.endswith(".ipynb")
            or any(part in item.nodeid for part in LONG))


def pytest_collection_modifyitems(config, items):
    from explorer import RuleCatalogueError, rules
    for item in items:
        for mark in item.iter_markers("rules"):
            for rid in mark.args:
                try:
                    rules.rule(rid)
                except RuleCatalogueError as e:
                    raise pytest.UsageError(f"{item.nodeid} marks an unknown rule: {e}") from None
    # The long tests first (in their usual order), so that several processes finish together
    # rather than one running a long test alone at the end; the order changes no result.
    items.sort(key=lambda item: not _long(item))


# ---- a real browser ---------------------------------------------------------------------------
def _chromium() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)


def _missing(message: str):
    if os.environ.get("CI"):
        pytest.fail(f"{message} (CI must run the browser tests, not skip them)")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser():
    exe = _chromium()
    if exe is None:
        _missing("Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1800})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    ctx.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# ---- JupyterLab on loopback -------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120) -> float:
    t0 = time.time()
    while time.time() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited rc={proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return time.time() - t0
        except urllib.error.HTTPError:
            return time.time() - t0
        except Exception:
            time.sleep(0.25)
    raise RuntimeError(f"server not up after {timeout}s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def lab_settings(home: Path) -> Path:
    """User settings that keep the page quiet (no news toast) and render every cell."""
    us = home / "lab-user-settings" / "@jupyterlab"
    (us / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (us / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    (us / "notebook-extension").mkdir(parents=True, exist_ok=True)
    (us / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}))
    return home / "lab-user-settings"


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """A copy of notebooks/ for the browser session (runs must not edit the real notebooks)."""
    d = tmp_path_factory.mktemp("nbroot")
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(nb, d / nb.name)
    return d


@pytest.fixture(scope="session")
def lab_server(lab_root, tmp_path_factory, browser):
    home = tmp_path_factory.mktemp("jhome")
    (home / "ipython").mkdir()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               IPYTHONDIR=str(home / "ipython"), JUPYTER_PLATFORM_DIRS="1")
    port = _free_port()
    log = home / "lab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
           "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={TOKEN}",
           f"--ServerApp.root_dir={lab_root}", "--LabApp.expose_app_in_browser=True",
           f"--LabApp.user_settings_dir={lab_settings(home)}",
           f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.extension_manager=readonly"]
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=lab_root, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        _wait_http(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", proc, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(proc)


class Lab:
    """Drive one notebook in JupyterLab: open it, run cells, wait on the kernel."""

    def __init__(self, page, base: str, root: Path):
        self.page = page
        self.base = base
        self.root = root

    def open(self, name: str) -> None:
        """Open a pristine copy of a notebook (earlier tests may have saved theirs)."""
        shutil.copy(NOTEBOOKS / name, self.root / name)
        p = self.page
        p.goto(f"{self.base}/lab/tree/{name}?reset&token={TOKEN}")
        p.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        p.wait_for_function("() => !!window.jupyterapp?.shell.currentWidget?.sessionContext",
                            timeout=60_000)
        p.evaluate("async () => { await window.jupyterapp.restored; "
                   "await window.jupyterapp.shell.currentWidget.sessionContext.ready; }")
        self.wait_idle()

    def wait_idle(self, timeout: int = 120_000) -> None:
        self.page.wait_for_function("""() => {
            const w = window.jupyterapp?.shell.currentWidget;
            const k = w?.sessionContext?.session?.kernel;
            return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
        }""", timeout=timeout)

    def run_all(self, timeout: int = 240_000) -> None:
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        # every code cell has an execution count once run-all is through
        self.page.wait_for_function("""() => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            return nb.widgets.filter(c => c.model.type === 'code')
                     .every(c => c.model.executionCount !== null);
        }""", timeout=timeout)
        self.wait_idle()

    def run_code(self, code: str) -> str:
        """Append a cell with ``code``, run it and return its text output."""
        out = self.page.evaluate("""async (code) => {
            const app = window.jupyterapp, panel = app.shell.currentWidget, nb = panel.content;
            nb.activeCellIndex = nb.widgets.length - 1;
            await app.commands.execute('notebook:insert-cell-below');
            nb.activeCell.model.sharedModel.setSource(code);
            await app.commands.execute('notebook:run-cell');
            return nb.widgets.length - 1;
        }""", code)
        self.wait_idle()
        self.page.wait_for_function("""(i) => {
            const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
            return cell.model.executionCount !== null;
        }""", arg=out, timeout=60_000)
        return self.page.evaluate("""(i) => {
            const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
            return cell.outputArea.node.innerText;
        }""", out)

    def errors_in_outputs(self) -> list[str]:
        return self.page.evaluate("""() => Array.from(
            document.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]'))
            .map(n => n.innerText)""")


@pytest.fixture
def lab(page, lab_server, lab_root):
    lab = Lab(page, lab_server, lab_root)
    yield lab
    try:                          # no kernel of this test lives on into the next one
        page.evaluate("async () => { const app = window.jupyterapp; if (app) { "
                      "await app.serviceManager.sessions.shutdownAll(); } }")
    except Exception:
        pass
