#!/usr/bin/env python3
"""Set up and run the rules explorer. Needs only Python 3.11+, pip and git.

    python3 run.py lab     set everything up, then open JupyterLab on your copies of the
                           notebooks (workshop/), starting with 00_start_here.ipynb
    python3 run.py test    set everything up (Chromium included), then run every test
    python3 run.py lite    set everything up, then build site/: an offline JupyterLite site of
                           the notebooks that any static web server (or a USB stick) can serve

Set-up is idempotent: a virtual environment in .venv with the package and its test tools is
created or refreshed when pyproject.toml changes. `test` installs Debian's chromium with apt-get
when it is missing and we are root; extra arguments go to pytest (or to JupyterLab for `lab`).

`lab` never edits the repository's notebooks: people work on copies in workshop/ (ignored by
git), made from notebooks/ when missing. JupyterLab opens 00_start_here.ipynb, and so does the
URL it prints (for `--no-browser`). `python3 run.py lab --reset` puts the pristine notebooks back
(the previous copies are kept in workshop/previous/<date-time>/); it refuses while a JupyterLab
serving workshop/ runs, since the files under its open tabs would be swapped.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
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


QUIET = "ignore:Editable installation"
"""A warnings filter for pip and its build backend: setuptools reports every editable install
with a boxed "Editable installation. !!" notice (a reminder about folders named like the package,
not a problem); only that notice is silenced, every other warning and error still shows."""


def pip_env() -> dict[str, str]:
    """The environment pip runs in: ours, with the editable-install notice silenced."""
    env = dict(os.environ)
    env["PYTHONWARNINGS"] = ",".join(w for w in (env.get("PYTHONWARNINGS"), QUIET) if w)
    return env


def ensure_python_env() -> None:
    """Create .venv and install the package with its test tools when anything changed."""
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PY.exists() and STAMP.exists() and STAMP.read_text().strip() == want:
        return
    if not PY.exists():
        say("creating the virtual environment .venv")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    say("installing the explorer and its test tools (pip)")
    pip = (PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check")
    sh(*pip, "--upgrade", "pip", env=pip_env())
    sh(*pip, "-e", f"{ROOT}[test]", env=pip_env())
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
    workers = [] if any(a == "-n" or a.startswith(("-n=", "--numprocesses")) for a in args) else [
        "-n", str(min(2, os.cpu_count() or 1))]
    say("running unit tests, doctests, notebooks (nbmake) and browser tests"
        + (f" on {workers[1]} processes" if workers else ""))
    return subprocess.call([str(PY), "-m", "pytest", "--nbmake", "--nbmake-timeout=600", "-ra",
                            *workers, *args], cwd=ROOT)


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


RUNTIME_DIR = "from jupyter_core.paths import jupyter_runtime_dir; print(jupyter_runtime_dir())"


def alive(pid: object) -> bool:
    if type(pid) is not int or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:                    # another user's process
        return True
    return True


def running_servers() -> list[dict]:
    """The Jupyter servers whose process runs, as they list themselves in Jupyter's runtime
    folder (found by the virtual environment's jupyter_core, so with the environment JupyterLab
    gets; jupyter_server's list_running_servers reads the same files)."""
    got = subprocess.run([str(PY), "-c", RUNTIME_DIR], capture_output=True, text=True,
                         timeout=60, check=True)
    out = []
    for info in sorted(Path(got.stdout.strip()).glob("jpserver-*.json")):
        try:
            server = json.loads(info.read_text(encoding="utf-8"))
        except (OSError, ValueError):          # being written, or just removed
            continue
        if isinstance(server, dict) and alive(server.get("pid")):
            out.append(server)
    return out


def answers(server: dict) -> bool:
    """Whether a Jupyter server listed in the runtime folder still answers (a server killed
    without clean-up leaves its file behind). Only a refused connection counts as gone."""
    if server.get("sock"):
        return Path(server["sock"]).exists()
    url = server.get("url")
    if not isinstance(url, str):
        return True
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # loopback, direct
    try:
        opener.open(url.rstrip("/") + "/api", timeout=5).close()
    except urllib.error.HTTPError:
        pass
    except urllib.error.URLError as e:
        return not isinstance(e.reason, (ConnectionRefusedError, ConnectionResetError))
    except (ConnectionRefusedError, ConnectionResetError):
        return False
    except OSError:
        pass
    return True


def running_labs(folder: Path) -> list[dict]:
    """The running Jupyter servers that serve ``folder`` (or a folder holding it) and answer."""
    folder = folder.resolve()
    out = []
    for server in running_servers():
        root = server.get("root_dir") or server.get("notebook_dir")
        if not root:
            continue
        root = Path(root).expanduser().resolve()
        if (root == folder or root in folder.parents) and answers(server):
            out.append(server)
    return out


def reset_refused() -> str | None:
    """Why ``--reset`` must not run now (a JupyterLab serving workshop/ has its notebooks open),
    or None."""
    try:
        labs = running_labs(WORKSHOP)
    except (OSError, subprocess.SubprocessError, ValueError) as e:
        return (f"could not check whether a JupyterLab is serving workshop/ ({type(e).__name__}), "
                "so the notebooks were not reset. Stop any JupyterLab you started on it, then try "
                "again.")
    if not labs:
        return None
    where = "; ".join(f"{s.get('url', '?')}lab (process {s.get('pid', '?')}, serving "
                      f"{s.get('root_dir') or s.get('notebook_dir')})" for s in labs)
    return (f"JupyterLab is running on workshop/: {where}.\n"
            "--reset would swap the notebooks under its open tabs, so nothing was changed. "
            "Stop it first (File > Shut Down in JupyterLab, or Ctrl-C where it runs), then run "
            "`python3 run.py lab --reset` again.")


def lab_command(args: list[str]) -> list[str]:
    """JupyterLab on workshop/, landing on the start-here notebook: the browser it opens and the
    URL it prints (for --no-browser) both go to it, not to the Launcher."""
    extra = ["--allow-root"] if os.geteuid() == 0 else []
    return [str(PY), "-m", "jupyterlab", f"--ServerApp.root_dir={WORKSHOP}",
            f"--LabApp.default_url=/lab/tree/{urllib.parse.quote(FIRST)}", *extra, *args]


def launch(cmd: list[str]) -> int:
    return subprocess.call(cmd, cwd=WORKSHOP)


def cmd_lab(args: list[str]) -> int:
    ensure_python_env()
    reset = "--reset" in args
    args = [a for a in args if a != "--reset"]
    if reset:
        why = reset_refused()
        if why:
            for line in why.splitlines():
                say(line)
            return 1
    workshop_copies(reset)
    say("opening JupyterLab on workshop/, your copies of the notebooks (stop it with Ctrl-C)")
    return launch(lab_command(args))


def cmd_lite(args: list[str]) -> int:
    """Build site/ (see tools/build_lite.py): downloads are cached in .cache/lite/."""
    ensure_python_env()
    return subprocess.call([str(PY), str(ROOT / "tools" / "build_lite.py"), *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    commands = {"lab": cmd_lab, "test": cmd_test, "lite": cmd_lite}
    if len(argv) < 2 or argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
