#!/usr/bin/env python3
"""Set up and run the rules explorer. Needs only Python 3.11+, pip and git.

    python3 run.py lab     set everything up, then open JupyterLab on your copies of the
                           notebooks (workshop/), starting with 00_start_here.ipynb
    python3 run.py test    set everything up (Chromium included), then run every test

Set-up is idempotent: a virtual environment in .venv with the package and its test tools is
created or refreshed when pyproject.toml changes. `test` installs Debian's chromium with apt-get
when it is missing and we are root; extra arguments go to pytest (or to JupyterLab for `lab`).

`lab` never edits the repository's notebooks: people work on copies in workshop/ (ignored by
git), made from notebooks/ when missing. `python3 run.py lab --reset` puts the pristine
notebooks back (the previous copies are kept in workshop/previous/<date-time>/).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = ROOT / "notebooks"
WORKSHOP = ROOT / "workshop"
FIRST = "00_start_here.ipynb"
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
STAMP = VENV / ".explorer-installed"


def say(msg: str) -> None:
    print(f"[run.py] {msg}", flush=True)


def sh(*cmd: str | Path, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def ensure_python_env() -> None:
    """Create .venv and install the package with its test tools when anything changed."""
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PY.exists() and STAMP.exists() and STAMP.read_text().strip() == want:
        return
    if not PY.exists():
        say("creating the virtual environment .venv")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    say("installing the explorer and its test tools (pip)")
    sh(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "pip")
    sh(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f"{ROOT}[test]")
    STAMP.write_text(want)


def chromium() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium")


def ensure_chromium() -> None:
    """Debian's chromium drives the browser tests (Playwright never downloads a browser here)."""
    if chromium():
        return
    apt = shutil.which("apt-get")
    if apt and os.geteuid() == 0:
        say("installing Debian's chromium for the browser tests (apt-get)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sh(apt, "update", "-qq", env=env)
        sh(apt, "install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core",
           env=env, stdout=subprocess.DEVNULL)
    if not chromium():
        msg = "chromium is not installed; install it (apt-get install chromium) to run browser tests"
        if os.environ.get("CI"):
            sys.exit(f"[run.py] {msg}")
        say(msg + " (browser tests will be skipped)")


def cmd_test(args: list[str]) -> int:
    ensure_python_env()
    ensure_chromium()
    say("running unit tests, doctests, notebooks (nbmake) and browser tests")
    return subprocess.call([str(PY), "-m", "pytest", "--nbmake", "--nbmake-timeout=600", "-ra", *args],
                           cwd=ROOT)


def workshop_copies(reset: bool = False) -> None:
    """Copy the pristine notebooks into workshop/ where missing (all of them with ``reset``,
    keeping the previous copies in workshop/previous/<date-time>/)."""
    WORKSHOP.mkdir(exist_ok=True)
    if reset:
        keep = WORKSHOP / "previous" / time.strftime("%Y%m%d-%H%M%S")
        for nb in sorted(WORKSHOP.glob("*.ipynb")):
            keep.mkdir(parents=True, exist_ok=True)
            shutil.move(str(nb), keep / nb.name)
        if keep.exists():
            say(f"previous copies kept in {keep}")
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        target = WORKSHOP / nb.name
        if not target.exists():
            shutil.copy2(nb, target)
            say(f"copied {nb.name} into workshop/")


def cmd_lab(args: list[str]) -> int:
    ensure_python_env()
    reset = "--reset" in args
    args = [a for a in args if a != "--reset"]
    workshop_copies(reset)
    extra = ["--allow-root"] if os.geteuid() == 0 else []
    say("opening JupyterLab on workshop/, your copies of the notebooks (stop it with Ctrl-C)")
    return subprocess.call([str(PY), "-m", "jupyterlab", f"--ServerApp.root_dir={WORKSHOP}",
                            *extra, *args, FIRST], cwd=WORKSHOP)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in ("lab", "test"):
        print(__doc__)
        return 2
    return {"lab": cmd_lab, "test": cmd_test}[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
