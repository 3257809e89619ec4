"""Real browser: the app pages that `python3 run.py app` serves with Voilà (a board alone on the
page, for a projector or a kiosk).

Voilà is started with the command run.py builds, on a free loopback port. The window is
1400×1000; every request that is not to 127.0.0.1 is aborted and recorded, and none may be
attempted (the board's JavaScript and CSS, the widgets and the page itself load offline). The
chooser leads to a game; each game's page shows its live board with no code, a click on a legal
choice plays it (the board's ``data-turn`` moves on), and Big screen still fills the window. The
time from asking for a page to a playable board is printed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from conftest import _free_port, _stop, _wait_http
from room import ROOM, check_readable, label_sizes
from test_run_workshop import load_run

pytestmark = pytest.mark.browser

MAIN = ".explorer-board:not([data-compact='true'])"
PAGE_WAIT = 240_000
"""ms to wait for a page: Voilà runs the page's notebook before it sends the page (a page not run
ahead takes seconds, and on a loaded machine much longer)."""
SHOWN_CODE = ".jp-InputArea-editor, .cm-editor, .jp-CodeMirrorEditor, .highlight, pre"


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory, browser):
    """Voilà started as `python3 run.py app corinth --no-browser` starts it (Corinth's page run
    ahead, the others started when asked for), with Jupyter folders of its own; stopped (its
    whole process group) at the end."""
    run = load_run()
    run.PY = Path(sys.executable)
    home = tmp_path_factory.mktemp("voila_app")
    (home / "ipython").mkdir()
    env = dict(run.app_env(), JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               IPYTHONDIR=str(home / "ipython"), JUPYTER_PLATFORM_DIRS="1")
    port = _free_port()
    cmd = run.app_command(port, "corinth", ["--no-browser"])      # `run.py app corinth`
    log = home / "voila.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=run.APPS, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        _wait_http(f"http://127.0.0.1:{port}/", proc, log)
        yield SimpleNamespace(run=run, port=port, log=log,
                              url=lambda page: run.app_url(port, page))
    finally:
        _stop(proc)


@pytest.fixture
def guarded(browser):
    """A 1400×1000 page whose requests to any host but 127.0.0.1 are aborted and recorded."""
    ctx = browser.new_context(viewport=ROOM)
    pg = ctx.new_page()
    pg.errors, pg.outside = [], []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))

    def gate(route):
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            pg.outside.append(url)
            route.abort()

    pg.route("**/*", gate)
    pg.on("websocket", lambda ws: None if urlsplit(ws.url).hostname == "127.0.0.1"
          else pg.outside.append(ws.url))
    yield pg
    ctx.close()


def playable(page, t0: float, name: str) -> float:
    """Wait until the page's main board is drawn, its kernel answers and it lists the choices
    of the human seat; print and return the seconds since ``t0``."""
    page.wait_for_selector(f"{MAIN}[data-kernel='ok'] .explorer-choice", timeout=180_000)
    took = time.time() - t0
    start = page.locator(MAIN).first.get_attribute("data-start-ms")
    print(f"\n[app] {name}: {took:.1f} s from asking for the page to a playable board "
          f"(the board drawn {start} ms after Python made it)")
    check_readable(label_sizes(page, MAIN), f"app page of {name}")
    return took


def play_a_choice(page) -> None:
    """Click the first legal choice the board lists; the move is played."""
    board = page.locator(MAIN).first
    before = int(board.get_attribute("data-turn"))
    listed = board.locator(".explorer-choice").first
    said = listed.inner_text()
    listed.click()
    page.wait_for_function("([sel, n]) => { const b = document.querySelector(sel); "
                           "return b && +b.dataset.turn > n && b.dataset.pending === 'false'; }",
                           arg=[MAIN, before], timeout=60_000)
    assert board.locator(".explorer-message[data-kind='illegal']").count() == 0, said


def check_board_alone(page, source: str) -> None:
    """No code shows, nor the static copy an export would show; the board has the width."""
    assert page.locator(SHOWN_CODE).count() == 0
    text = page.locator("body").inner_text()
    for line in source.splitlines():
        if line.strip():
            assert line.strip() not in text, line
    assert not page.locator(".explorer-static").first.is_visible()
    width = page.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().width",
                          MAIN)
    assert width >= ROOM["width"] - 80, width


def source_of(run, page: str) -> str:
    import json
    nb = json.loads((run.APPS / f"{page}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def test_the_chooser_opens_a_game_that_plays_on_the_big_screen(voila_app, guarded, artifacts):
    page, run = guarded, voila_app.run
    page.goto(voila_app.url("index"), timeout=PAGE_WAIT)
    games = page.locator("a.explorer-app-game")
    games.first.wait_for(timeout=180_000)
    # the guard sees a request to another host (and aborts it)
    assert page.evaluate("() => fetch('http://192.0.2.1/probe.js').then(() => 'went', () => 'no')") \
        == "no"
    assert page.outside == ["http://192.0.2.1/probe.js"]
    page.outside.clear()
    assert sorted(games.evaluate_all("(links) => links.map(a => a.dataset.game)")) == \
        run.app_games()
    names = games.all_inner_texts()
    assert all(n.strip() and "_" not in n for n in names), names     # players' names, not ids
    page.screenshot(path=str(artifacts / "app_chooser.png"))
    t0 = time.time()
    page.locator("a.explorer-app-game[data-game='corinth']").click()
    playable(page, t0, "corinth (from the chooser)")
    assert page.url == voila_app.url("corinth")
    check_board_alone(page, source_of(run, "corinth"))
    page.screenshot(path=str(artifacts / "app_corinth_start.png"))
    play_a_choice(page)
    page.screenshot(path=str(artifacts / "app_corinth.png"))
    # Big screen: the board fills the window, and a click still plays there
    page.locator(f"{MAIN} button.explorer-big-button").click()
    page.wait_for_selector(f"{MAIN}.explorer-big", timeout=10_000)
    box = page.evaluate("(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); "
                        "return [r.width, r.height]; }", MAIN)
    assert box[0] >= ROOM["width"] - 2 and box[1] >= ROOM["height"] - 2, box
    play_a_choice(page)
    page.screenshot(path=str(artifacts / "app_corinth_big_screen.png"))
    page.locator(f"{MAIN} button.explorer-big-button").click()        # "Leave big screen"
    page.wait_for_function("(sel) => !document.querySelector(sel).classList.contains('explorer-big')",
                           arg=MAIN, timeout=10_000)
    assert page.outside == [], page.outside
    assert page.errors == []


@pytest.mark.parametrize("game", ["gugong", "gonzaga", "hanging_gardens"])
def test_a_game_page_shows_its_board_alone_and_plays(voila_app, guarded, artifacts, game):
    page, run = guarded, voila_app.run
    t0 = time.time()
    page.goto(voila_app.url(game), timeout=PAGE_WAIT)
    playable(page, t0, game)
    assert page.locator(MAIN).first.get_attribute("data-game") == game
    title = page.locator(".jp-MarkdownOutput h1").first
    assert title.is_visible() and "all games" in title.inner_text()
    check_board_alone(page, source_of(run, game))
    page.screenshot(path=str(artifacts / f"app_{game}_start.png"))
    play_a_choice(page)
    page.screenshot(path=str(artifacts / f"app_{game}.png"))
    assert page.outside == [], page.outside
    assert page.errors == []


def test_the_lessons_page_grades_clicks_and_switches_lessons(voila_app, guarded, artifacts):
    """`run.py app lesson corinth`: the first lesson on its board, alone on the page; a legal
    move that is not the task is graded so (nothing played), the task's move is done, and picking
    another lesson from the list starts it."""
    from explorer import lessons
    from lesson_browser import LessonPage
    found = lessons.series("corinth")
    page = guarded
    page.goto(voila_app.url("lessons_corinth"), timeout=PAGE_WAIT)
    lp = LessonPage(page, "corinth")
    page.wait_for_selector(f"{lp.selector}[data-step]", timeout=180_000)
    first = found[0].steps[0]
    assert lp.step() == first.id and first.say in lp.text()
    assert page.locator(SHOWN_CODE).count() == 0
    from explorer.lessons._grade import grade
    other = next(a for a in first.start.legal_actions()       # graded in this process
                 if grade(first, first.start, a)[0].kind == "legal")
    assert lp.play(other)["kind"] == "legal" and lp.step() == first.id
    assert lp.play(first.solution)["kind"] == "done"
    lp.wait_step(found[0].steps[1].id)
    page.screenshot(path=str(artifacts / "app_lessons_corinth.png"))
    picker = page.locator(".explorer-app-lessons select")
    picker.select_option(label=found[1].title)
    page.wait_for_function("([sel, id]) => { const p = document.querySelector(sel); "
                           "return p && p.dataset.step === id; }",
                           arg=[lp.selector, found[1].steps[0].id], timeout=120_000)
    assert page.outside == [], page.outside
    assert page.errors == []
