#!/usr/bin/env python3
"""Set up and run the rules explorer. Needs only Python 3.11+, pip and git.

    python3 run.py lab     set everything up, then open JupyterLab on your copies of the
                           notebooks (workshop/), starting with 00_start_here.ipynb
    python3 run.py test    set everything up (Chromium included), then run every test
    python3 run.py app     set everything up, then serve the boards alone on a page (no code),
                           for a projector or a kiosk: `app` alone shows a chooser of the
                           games, `app corinth` opens a game, `app lesson corinth` its lessons
                           (`python3 run.py app --help` says more)
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
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import venv
import webbrowser
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
    # Two processes that take tests from each other's queues as they run dry (the long tests
    # start first, see tests/conftest.py), so neither is left alone with a long test at the end.
    workers = [] if any(a == "-n" or a.startswith(("-n=", "--numprocesses")) for a in args) else [
        "-n", str(min(2, os.cpu_count() or 1)), "--dist", "worksteal"]
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


# ---- `run.py app`: the boards alone on a page, served by Voilà -------------------------------

APPS = NOTEBOOKS / "apps"
APP_TEMPLATES = ROOT / "explorer" / "static"
"""Holds voila/templates/explorer/, the page template of the app pages (found on JUPYTER_PATH)."""
APP_PORT = 8866
APP_EXTENSIONS = ("@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager",
                  "anywidget")
"""The only JupyterLab extensions an app page loads: the widgets and the anywidget boards."""
APP_REFILL = 10
"""Seconds after a preheated page is taken before the next one is run ahead (not at once, so
the browser drawing the page taken has the machine to itself meanwhile)."""

APP_HELP = """python3 run.py app [GAME | lesson GAME] [Voilà options]

Sets everything up as `run.py lab` does, then serves the explorer's app pages with Voilà: a
game's board alone on the page, full width, with no code cells, for a projector or a kiosk.
The page opens in your browser; the address is printed too (for --no-browser).

    python3 run.py app                  a chooser: one big button per game
    python3 run.py app GAME             a new game of GAME: you play the first seat, bots the
                                        others (the board's New game and bot controls work)
    python3 run.py app lesson GAME      the lessons of GAME (it says so if there are none yet)

GAME is one of: {games}.
The pages are generated into notebooks/apps/ by tools/make_apps.py. Voilà's options come after
the page, for example `--no-browser` or `--port=9000`. The server answers this machine only
(127.0.0.1). Stop it with Ctrl-C."""


class AppUsage(ValueError):
    """`run.py app` was asked for a page that does not exist (the message says what does)."""


def app_games() -> list[str]:
    """The games with an app page in notebooks/apps/."""
    return sorted(p.stem for p in APPS.glob("*.ipynb")
                  if p.stem != "index" and not p.stem.startswith("lessons_"))


def app_page(args: list[str]) -> tuple[str, list[str]]:
    """The page (a notebook of notebooks/apps/, without .ipynb) that `run.py app ARGS` serves,
    and the options left for Voilà: the words before the first option name the page."""
    k = next((i for i, a in enumerate(args) if a.startswith("-")), len(args))
    words, options = [w.strip().lower().replace("-", "_") for w in args[:k]], args[k:]
    games = app_games()
    names = ", ".join(games)
    lesson = bool(words) and words[0] in ("lesson", "lessons")
    if lesson:
        words = words[1:]
        if not words:
            raise AppUsage(f"say which game's lessons to open, e.g. `python3 run.py app lesson "
                           f"{games[0]}`; the games are {names}.")
    if len(words) > 1:
        raise AppUsage(f"one page at a time: {' '.join(args[:k])!r} names more than one; "
                       "try `python3 run.py app --help`.")
    if not words:
        return "index", options
    if words[0] not in games:
        raise AppUsage(f"there is no game called {args[k - 1]!r}; the games are {names} "
                       f"(`python3 run.py app GAME`, or `python3 run.py app lesson GAME`).")
    page = f"lessons_{words[0]}" if lesson else words[0]
    if not (APPS / f"{page}.ipynb").exists():
        raise AppUsage(f"notebooks/apps/{page}.ipynb is missing: run "
                       "`python tools/make_apps.py` to write the app pages again.")
    return page, options


PORT_OPTIONS = ("--port", "--Voila.port")


def port_given(options: list[str]) -> tuple[str | None, list[str]]:
    """The port among Voilà's options (--port=N, --port N, --Voila.port=N), and the others."""
    given, rest, skip = None, [], False
    for i, a in enumerate(options):
        if skip:
            skip = False
            continue
        name, _, value = a.partition("=")
        if name in PORT_OPTIONS and (value or i + 1 < len(options)):
            given, skip = (value, False) if value else (options[i + 1], True)
            if not given.isdigit() or not 0 < int(given) < 65536:
                raise AppUsage(f"{name} takes a port number (1 to 65535), not {given!r}.")
            continue
        rest.append(a)
    return given, rest


def app_port(options: list[str]) -> int:
    """The port the user chose, else a free one from 8866."""
    given, _ = port_given(options)
    if given is not None:
        return int(given)
    for port in range(APP_PORT, APP_PORT + 50):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return APP_PORT


def app_command(port: int, page: str, options: list[str]) -> list[str]:
    """Voilà serving notebooks/apps/ on loopback with the explorer's page template. The page
    asked for is run ahead ("preheated": a kernel has its game ready before the browser asks)
    and again after each use; the others start when asked for. Voilà never opens a browser
    itself (run.py opens the page asked for); the user's options come last (a port they gave
    is ``port``, passed once: Voilà refuses two)."""
    allow = [f"--VoilaConfiguration.extension_allowlist={x}" for x in APP_EXTENSIONS]
    # every notebook but the page (Voilà matches the pattern against each notebook's path)
    others = "^(?!(.*/)?" + re.escape(f"{page}.ipynb") + "$)"
    return [str(PY), "-m", "voila", str(APPS), "--no-browser", "--Voila.ip=127.0.0.1",
            f"--port={port}", "--Voila.port_retries=0", "--template=explorer", *allow,
            "--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=1",
            f"--VoilaKernelManager.preheat_denylist={others}",
            f"--VoilaKernelManager.fill_delay={APP_REFILL}", *port_given(options)[1]]


def app_env() -> dict[str, str]:
    """The environment Voilà runs in: ours, with the app pages' template on JUPYTER_PATH."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(APP_TEMPLATES), env.get("JUPYTER_PATH")) if p)
    return env


def app_url(port: int, page: str) -> str:
    return f"http://127.0.0.1:{port}/voila/render/{urllib.parse.quote(page)}.ipynb"


def serve(cmd: list[str], url: str, open_browser: bool) -> int:
    """Run Voilà; once it answers, print the page's address and open it in a browser."""
    proc = subprocess.Popen(cmd, cwd=APPS, env=app_env())
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # loopback, direct
    root = url.split("/voila/", 1)[0] + "/"
    answered = False
    try:
        while not answered and proc.poll() is None:
            try:
                opener.open(root, timeout=5).close()
                answered = True
            except urllib.error.HTTPError:
                answered = True
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        if answered:
            say(f"the page is at {url} (the first one takes a few seconds: Python starts a "
                "game for it)")
            if open_browser:
                webbrowser.open(url)
        return proc.wait()
    except KeyboardInterrupt:                  # Ctrl-C reaches Voilà too: let it stop
        return proc.wait()


def cmd_app(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args):
        print(APP_HELP.format(games=", ".join(app_games())))
        return 0
    try:
        page, options = app_page(args)
        port = app_port(options)
    except AppUsage as e:
        say(str(e))
        return 2
    ensure_python_env()
    say("serving the app pages (notebooks/apps/) with Voilà (stop it with Ctrl-C)")
    return serve(app_command(port, page, options), app_url(port, page),
                 "--no-browser" not in options)


def cmd_lite(args: list[str]) -> int:
    """Build site/ (see tools/build_lite.py): downloads are cached in .cache/lite/."""
    ensure_python_env()
    return subprocess.call([str(PY), str(ROOT / "tools" / "build_lite.py"), *args], cwd=ROOT)



def main(argv: list[str]) -> int:
    commands = {"lab": cmd_lab, "test": cmd_test, "app": cmd_app, "lite": cmd_lite}
    if len(argv) < 2 or argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
