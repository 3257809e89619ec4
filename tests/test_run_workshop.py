"""`python3 run.py lab` works on copies: the repository's notebooks are never edited by a room;
it lands on the start-here notebook; `--reset` never swaps the files under a running Lab; and the
set-up prints no alarming notice."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import ROOT, _free_port, _stop, _wait_http


def load_run():
    spec = importlib.util.spec_from_file_location("run_script", ROOT / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_workshop_copies_are_made_once_and_reset_keeps_the_old_ones(tmp_path, monkeypatch):
    run = load_run()
    pristine = tmp_path / "notebooks"
    pristine.mkdir()
    (pristine / "00_start_here.ipynb").write_text("original")
    (pristine / "corinth.ipynb").write_text("original corinth")
    monkeypatch.setattr(run, "NOTEBOOKS", pristine)
    monkeypatch.setattr(run, "WORKSHOP", tmp_path / "workshop")
    run.workshop_copies()
    copy = tmp_path / "workshop" / "00_start_here.ipynb"
    assert copy.read_text() == "original"
    copy.write_text("my notes")                        # a learner's work
    run.workshop_copies()
    assert copy.read_text() == "my notes"              # never overwritten by a later start
    assert (pristine / "00_start_here.ipynb").read_text() == "original"
    run.workshop_copies(reset=True)
    assert copy.read_text() == "original"
    kept = list((tmp_path / "workshop" / "previous").glob("*/00_start_here.ipynb"))
    assert len(kept) == 1 and kept[0].read_text() == "my notes"


def test_the_workshop_folder_is_ignored_by_git():
    assert "workshop/" in (ROOT / ".gitignore").read_text().split()


# ---- `run.py lab`: where JupyterLab lands, and --reset while it runs --------------------------


def run_for(monkeypatch, workshop: Path, runtime: Path):
    """run.py with the test's Python in place of .venv's, a workshop folder of the test's and
    Jupyter's runtime folder of the test's (where running servers are listed); it never installs
    anything and never starts JupyterLab (the command it would run is kept in ``launched``)."""
    run = load_run()
    pristine = workshop.parent / "pristine"
    pristine.mkdir(exist_ok=True)
    (pristine / run.FIRST).write_text("pristine")
    monkeypatch.setattr(run, "PY", Path(sys.executable))
    monkeypatch.setattr(run, "WORKSHOP", workshop)
    monkeypatch.setattr(run, "NOTEBOOKS", pristine)
    monkeypatch.setattr(run, "ensure_python_env", lambda: None)
    run.launched = []
    monkeypatch.setattr(run, "launch", lambda cmd: run.launched.append(cmd) or 0)
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    return run


@pytest.fixture(scope="module")
def workshop_lab(tmp_path_factory):
    """JupyterLab started with the command `python3 run.py lab --no-browser` runs (on a free
    loopback port), serving a workshop folder with the start-here notebook, with Jupyter folders
    of its own."""
    run = load_run()
    base = tmp_path_factory.mktemp("workshop_lab")
    folder = base / "workshop"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / run.FIRST, folder / run.FIRST)
    home = base / "jupyter"
    (home / "ipython").mkdir(parents=True)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               IPYTHONDIR=str(home / "ipython"), JUPYTER_PLATFORM_DIRS="1")
    run.PY, run.WORKSHOP = Path(sys.executable), folder
    port = _free_port()
    cmd = run.lab_command(["--no-browser", "--ip=127.0.0.1", f"--port={port}",
                           "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
                           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"])
    log = base / "lab.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        _wait_http(f"http://127.0.0.1:{port}/api", proc, log)
        printed = re.findall(rf"http://127\.0\.0\.1:{port}/\S*", log.read_text())
        yield SimpleNamespace(base=f"http://127.0.0.1:{port}", printed=printed, folder=folder,
                              runtime=home / "runtime", cmd=cmd, log=log)
    finally:
        _stop(proc)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_lab_command_lands_on_the_start_here_notebook():
    run = load_run()
    cmd = run.lab_command(["--no-browser"])
    assert cmd[1:3] == ["-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={run.WORKSHOP}" in cmd
    assert "--LabApp.default_url=/lab/tree/00_start_here.ipynb" in cmd
    assert cmd[-1] == "--no-browser"              # the user's arguments come last and win


def test_the_url_lab_prints_and_opens_is_the_start_here_notebook(workshop_lab):
    lab = workshop_lab
    assert lab.printed, lab.log.read_text()[-2000:]
    for url in lab.printed:                        # what --no-browser tells the room to open
        assert url.split("?")[0] == f"{lab.base}/lab/tree/00_start_here.ipynb", url
        assert "token=" in url
    page = urllib.request.urlopen(lab.printed[-1], timeout=30)
    assert page.status == 200 and "jupyter-config-data" in page.read().decode()
    # the server's own root sends a browser to the notebook too
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as got:
        opener.open(f"{lab.base}/", timeout=30)
    assert got.value.code == 302
    assert got.value.headers["Location"].split("?")[0].endswith("/lab/tree/00_start_here.ipynb")
    # without --no-browser, the browser is sent to the page this file redirects to
    opened = list(lab.runtime.glob("jpserver-*-open.html"))
    assert opened and "lab/tree/00_start_here.ipynb" in opened[0].read_text()


@pytest.mark.browser
def test_the_printed_url_shows_the_notebook_not_the_launcher(workshop_lab, page, artifacts):
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(workshop_lab.printed[-1])
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
    tab = page.locator(".lm-DockPanel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
    assert tab.inner_text() == "00_start_here.ipynb"
    assert page.locator(".jp-Launcher").count() == 0
    page.screenshot(path=str(artifacts / "run_lab_lands_on_start_here.png"))


@pytest.mark.parametrize("inside", [False, True], ids=["workshop", "a folder inside it"])
def test_reset_is_refused_while_a_lab_serves_the_workshop(workshop_lab, monkeypatch, capsys,
                                                           inside):
    folder = workshop_lab.folder / "inner" if inside else workshop_lab.folder
    folder.mkdir(exist_ok=True)
    before = {p.name: p.read_bytes() for p in folder.glob("*.ipynb")}
    run = run_for(monkeypatch, folder, workshop_lab.runtime)
    assert run.cmd_lab(["--reset", "--no-browser"]) == 1
    said = capsys.readouterr().out
    assert "JupyterLab is running on workshop/" in said and workshop_lab.base in said
    assert "nothing was changed" in said and "Stop it first" in said
    assert run.launched == []                        # no second Lab either
    assert {p.name: p.read_bytes() for p in folder.glob("*.ipynb")} == before
    assert not (folder / "previous").exists()


def test_reset_goes_ahead_when_no_lab_serves_the_workshop(workshop_lab, tmp_path, monkeypatch,
                                                          capsys):
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for info in workshop_lab.runtime.glob("jpserver-*.json"):  # a Lab of another folder runs
        shutil.copy(info, runtime / info.name)
    workshop = tmp_path / "workshop"
    workshop.mkdir()
    (workshop / "00_start_here.ipynb").write_text("my notes")
    # a server killed without clean-up: its file names this folder, its process id is alive
    # (ours), but nothing answers on its port
    port = _free_port()
    (runtime / f"jpserver-{os.getpid()}.json").write_text(json.dumps({
        "base_url": "/", "hostname": "127.0.0.1", "pid": os.getpid(), "port": port,
        "root_dir": str(workshop), "secure": False, "sock": "", "token": "x",
        "url": f"http://127.0.0.1:{port}/", "version": "2"}))
    run = run_for(monkeypatch, workshop, runtime)
    assert [s["root_dir"] for s in run.running_labs(workshop_lab.folder)] == [
        str(workshop_lab.folder)]
    assert run.running_labs(workshop) == []
    assert run.cmd_lab(["--reset", "--no-browser"]) == 0
    assert run.launched == [run.lab_command(["--no-browser"])]
    assert (workshop / "00_start_here.ipynb").read_text() == "pristine"
    kept = list((workshop / "previous").glob("*/00_start_here.ipynb"))
    assert len(kept) == 1 and kept[0].read_text() == "my notes"
    assert "previous copies kept" in capsys.readouterr().out


EDITABLE_NOTICE = """Editable installation.
!!

        ********************************************************************************
        Please be careful with folders in your working directory with the same
        name as your package as they may take precedence during imports.
        ********************************************************************************

!!"""


def test_pip_runs_without_the_editable_install_notice_and_keeps_other_warnings(monkeypatch):
    """setuptools' notice, raised in the build backend and raised again by pip, is silenced in
    the environment pip runs in; any other warning still shows, and the user's own filters stay."""
    monkeypatch.setenv("PYTHONWARNINGS", "default::ResourceWarning")
    env = load_run().pip_env()
    assert env["PYTHONWARNINGS"].startswith("default::ResourceWarning,")
    script = f"""if True:
        import warnings
        class InformationOnly(UserWarning): pass
        class BuildBackendWarning(UserWarning): pass
        notice = {EDITABLE_NOTICE!r}
        warnings.warn(notice, InformationOnly)
        warnings.warn_explicit(notice, BuildBackendWarning, "editable_wheel.py", 354)
        warnings.warn("Something real went wrong", UserWarning)
    """
    quiet = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, timeout=60)
    assert "Editable installation" not in quiet.stderr and "!!" not in quiet.stderr
    assert "Something real went wrong" in quiet.stderr
    loud = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONWARNINGS=""), timeout=60)
    assert loud.stderr.count("Editable installation") == 2      # the test can fail
