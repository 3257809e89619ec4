"""Real browser: the offline JupyterLite site (``python3 run.py lite``) runs with no network.

The site is built (into a temporary folder, from this working tree), served by Python's
http.server on 127.0.0.1, and opened in Chromium where every request to anything else is
refused twice over: the page's routes abort it (and record it) and the browser resolves no other
host. The site must open on the start-here notebook, start its Pyodide kernel, run the notebook,
draw a board whose click plays a move and draw a plotly chart, asking nothing of the network.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import threading
import time
import urllib.parse

import pytest

from conftest import CHROMIUM_ARGS, ROOT, Lab, _chromium, _free_port
from explorer import rules

pytestmark = pytest.mark.browser

BOARD = ".explorer-board"
OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """The site built from this working tree (downloads come from the build's cache)."""
    site = tmp_path_factory.mktemp("lite") / "site"
    got = build_lite().build(site=site)
    print(f"\nlite site: {got['size'] / 1e6:.1f} MB, built in {got['seconds']:.0f} s")
    return site


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass                        # a page closed while a file was on its way


@pytest.fixture(scope="session")
def lite_server(lite_site):
    port = _free_port()
    handler = functools.partial(_Quiet, directory=str(lite_site))
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline_page(browser, lite_server):
    """A page in a Chromium that reaches only the site's server; ``page.outside`` lists every
    request that tried to go anywhere else."""
    host = urllib.parse.urlsplit(lite_server).netloc
    offline = browser.browser_type.launch(executable_path=_chromium(), headless=True,
                                          args=[*CHROMIUM_ARGS, *OFFLINE])
    ctx = offline.new_context(viewport={"width": 1400, "height": 1000})
    outside: list[str] = []

    def only_local(route):
        url = route.request.url
        if urllib.parse.urlsplit(url).netloc == host or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()
    ctx.route("**/*", only_local)
    ctx.on("request", lambda r: None if urllib.parse.urlsplit(r.url).netloc == host
           or r.url.startswith(("data:", "blob:")) else outside.append(r.url))
    page = ctx.new_page()
    page.errors = []
    page.console = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.console.append(f"{m.type}: {m.text}"))
    page.outside = outside
    try:
        yield page
    finally:
        print("browser console (last lines):", *page.console[-40:], sep="\n  ")
        ctx.close()
        offline.close()


@pytest.mark.rules("demo.claim.free")
def test_offline_site_runs_start_here_board_and_chart(offline_page, lite_server, artifacts):
    page = offline_page
    lab = Lab(page, lite_server, None)
    t0 = time.monotonic()
    page.goto(f"{lite_server}/")                    # the site opens on the start-here notebook
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
    page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.context?.path === "
                           "'00_start_here.ipynb'", timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.restored; "
                  "await window.jupyterapp.shell.currentWidget.sessionContext.ready; }")
    lab.wait_idle(timeout=600_000)     # Pyodide starts in the browser: slow on a busy machine
    ready = time.monotonic() - t0
    print(f"\nlite: page opened to a ready Pyodide kernel in {ready:.1f} s")

    t1 = time.monotonic()
    lab.run_all(timeout=600_000)
    print(f"lite: the start-here notebook ran in {time.monotonic() - t1:.1f} s")
    assert lab.errors_in_outputs() == []

    # Python runs in the browser (Pyodide), and knows which tests check the rules (no tests/ there)
    assert lab.run_code("import sys; print('PLATFORM', sys.platform)").split()[-1] == "emscripten"
    out = lab.run_code("print('UNTESTED', len(rules.catalogue('demo').tested()), "
                       "rules.catalogue('demo').untested())")
    assert out.split("UNTESTED", 1)[1].split() == [str(len(rules.catalogue("demo").tested())), "[]"]

    # the board is drawn, and a click on a hex the engine says is legal plays it
    page.wait_for_selector(f"{BOARD} svg.demo-board polygon[data-hex]", timeout=120_000)
    out = lab.run_code("print('LEGAL', *board.state.legal_actions()[0].args, len(board.state.log))")
    q, r, turn = out.split("LEGAL", 1)[1].split()
    board = page.locator(BOARD).first
    assert board.get_attribute("data-turn") == turn
    board.locator(f"polygon[data-hex='{q},{r}']").click()
    page.wait_for_function(f"() => document.querySelector('{BOARD}').dataset.turn !== '{turn}'",
                           timeout=60_000)
    mine = f"polygon[data-hex='{q},{r}'][data-owner='0']"
    assert board.locator(mine).count() == 1
    out = lab.run_code("print('TURN', len(board.state.log), board.state.owner[board.state.cells."
                       f"index(({q}, {r}))])")
    assert out.split("TURN", 1)[1].split() == [board.get_attribute("data-turn"), "0"]
    # the board's static copy follows on the kernel's event loop (browser timers in Pyodide)
    page.wait_for_selector(f".explorer-static {mine}", state="attached", timeout=60_000)

    # a save goes to the browser's storage: the site's file browser lists it
    lab.run_code("board.save('offline')")
    listed = "async (p) => (await window.jupyterapp.serviceManager.contents.get(p, {content: true}))" \
             ".content.map(f => f.name).sort()"
    assert page.evaluate(listed, "saved_games/demo") == ["offline.json"]
    assert page.evaluate(listed, "saved_games") == ["demo"]      # no folder left half-made
    assert "saved_games" in page.evaluate(listed, "")

    # the plotly chart is drawn (the site carries plotly.js; no CDN)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 1",
                           timeout=60_000)

    board.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "lite_page.png"))
    board.locator("svg.demo-board").screenshot(path=str(artifacts / "lite_board.png"))
    chart = page.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "lite_chart.png"))
    assert page.outside == [], f"the site tried to reach the network: {page.outside[:5]}"
    assert page.errors == []
