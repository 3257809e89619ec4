"""`python3 run.py app [GAME | lesson GAME]`: which page it serves, what it says about a name
that is not a game (before installing anything), its help, and the Voilà command it runs."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.app import APPS
from test_run_workshop import load_run


@pytest.fixture
def run(monkeypatch):
    """run.py with the test's Python; installing and serving are recorded, never done."""
    run = load_run()
    monkeypatch.setattr(run, "PY", Path(sys.executable))
    run.installed, run.served = [], []
    monkeypatch.setattr(run, "ensure_python_env", lambda: run.installed.append(True))
    monkeypatch.setattr(run, "serve", lambda cmd, url, open_browser:
                        run.served.append((cmd, url, open_browser)) or 0)
    return run


def test_the_app_pages_are_the_games_of_the_explorer(run):
    games = run.app_games()
    assert games == sorted(APPS)
    for page in ["index", *games, *(f"lessons_{g}" for g in games)]:
        assert (run.APPS / f"{page}.ipynb").is_file(), page


@pytest.mark.parametrize("args, page, options", [
    ([], "index", []),
    (["corinth"], "corinth", []),
    (["Hanging-Gardens", "--no-browser"], "hanging_gardens", ["--no-browser"]),
    (["lesson", "gugong"], "lessons_gugong", []),
    (["lessons", "gonzaga", "--port", "9000"], "lessons_gonzaga", ["--port", "9000"]),
    (["--port=9001"], "index", ["--port=9001"]),
])
def test_the_words_before_the_options_name_the_page(run, args, page, options):
    assert run.app_page(args) == (page, options)


@pytest.mark.parametrize("args, said", [
    (["chess"], "there is no game called 'chess'"),
    (["lesson"], "say which game's lessons"),
    (["lesson", "chess"], "there is no game called 'chess'"),
    (["corinth", "gugong"], "one page at a time"),
    (["corinth", "--port=http"], "--port takes a port number"),
])
def test_a_page_that_does_not_exist_is_refused_before_installing_anything(run, capsys, args, said):
    assert run.main(["run.py", "app", *args]) != 0
    out = capsys.readouterr().out
    assert said in out
    if "game" in said:
        for game in APPS:                                  # it says what names exist
            assert game in out
    assert run.installed == [] and run.served == []


def test_help_explains_the_pages_and_installs_nothing(run, capsys):
    assert run.main(["run.py", "app", "--help"]) == 0
    out = capsys.readouterr().out
    assert "python3 run.py app lesson GAME" in out and "--no-browser" in out
    assert all(game in out for game in APPS)
    assert run.installed == [] and run.served == []


def test_a_game_is_served_by_voila_on_loopback_with_the_app_template(run):
    assert run.main(["run.py", "app", "gonzaga", "--no-browser", "--port=9123"]) == 0
    assert run.installed == [True]                       # set up as `run.py lab` is
    (cmd, url, open_browser), = run.served
    assert cmd[1:4] == ["-m", "voila", str(run.APPS)]
    assert "--Voila.ip=127.0.0.1" in cmd and "--template=explorer" in cmd
    allowed = [a.split("=", 1)[1] for a in cmd
               if a.startswith("--VoilaConfiguration.extension_allowlist=")]
    assert "anywidget" in allowed and "@jupyter-widgets/jupyterlab-manager" in allowed
    assert cmd[-1] == "--no-browser"                     # the user's options come last
    assert [a for a in cmd if "port=" in a.lower() and "retries" not in a] == ["--port=9123"]
    assert url == "http://127.0.0.1:9123/voila/render/gonzaga.ipynb" and open_browser is False
    template = run.APP_TEMPLATES / "voila" / "templates" / "explorer" / "index.html.j2"
    assert template.is_file()
    assert str(run.APP_TEMPLATES) in run.app_env()["JUPYTER_PATH"].split(":")


@pytest.mark.parametrize("page", ["index", "corinth", "lessons_gugong"])
def test_only_the_page_asked_for_is_run_ahead(run, page):
    cmd = run.app_command(8866, page, [])
    assert "--VoilaConfiguration.preheat_kernel=True" in cmd
    deny = next(a for a in cmd if a.startswith("--VoilaKernelManager.preheat_denylist="))
    pattern = re.compile(deny.split("=", 1)[1])
    for nb in run.APPS.glob("*.ipynb"):            # Voilà filters them by name and by path
        for name in (nb.name, str(nb)):
            assert bool(pattern.match(name)) == (nb.stem != page), name


@pytest.mark.parametrize("options", [["--port", "9124"], ["--Voila.port=9124"], ["--port=9124"]])
def test_a_port_given_is_passed_once(run, options):
    cmd = run.app_command(run.app_port(options), "index", [*options, "--theme=dark"])
    assert [a for a in cmd if "9124" in a] == ["--port=9124"] and cmd[-1] == "--theme=dark"


def test_without_a_port_a_free_one_is_chosen_and_the_browser_opens_the_chooser(run):
    assert run.main(["run.py", "app"]) == 0
    (cmd, url, open_browser), = run.served
    port = run.app_port([])
    assert url.endswith("/voila/render/index.ipynb") and open_browser is True
    assert any(a.startswith("--port=") for a in cmd) and 1 <= port < 65536


def test_the_app_pages_are_what_tools_make_apps_writes(run, tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(run.ROOT), os.environ.get("PYTHONPATH")) if p))
    subprocess.run([sys.executable, str(run.ROOT / "tools" / "make_apps.py"), "--out", str(tmp_path)],
                   check=True, env=env, timeout=300)
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.ipynb")}
    kept = {p.name: p.read_text(encoding="utf-8") for p in run.APPS.glob("*.ipynb")}
    assert written.keys() == kept.keys()
    stale = [name for name in written if written[name] != kept[name]]
    assert not stale, f"run `python tools/make_apps.py` again: {stale} differ"


ONE_REQUEST = """if True:
    import http.server, sys
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200); self.end_headers(); self.wfile.write(b"ok")
        def log_message(self, *args): pass
    http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Page).handle_request()
"""


@pytest.mark.parametrize("open_browser", [True, False])
def test_serve_waits_for_the_server_then_says_where_the_page_is(monkeypatch, capsys, open_browser):
    """A stand-in server that answers one request and stops: run.py waits for it to answer,
    prints the page's address, opens it only when asked to, and returns the server's code."""
    from conftest import _free_port
    run = load_run()
    opened = []
    monkeypatch.setattr(run.webbrowser, "open", opened.append)
    port = _free_port()
    url = run.app_url(port, "corinth")
    assert run.serve([sys.executable, "-c", ONE_REQUEST, str(port)], url, open_browser) == 0
    assert f"the page is at {url}" in capsys.readouterr().out
    assert opened == ([url] if open_browser else [])
