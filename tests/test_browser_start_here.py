"""Real browser: the start-here notebook in JupyterLab, a click on the board round-trips to Python."""

import json

import pytest

pytestmark = pytest.mark.browser

BOARD = ".explorer-board"


@pytest.mark.rules("demo.claim.free")
def test_start_here_board_click_reaches_python_and_comes_back(lab, artifacts):
    page = lab.page
    lab.open("00_start_here.ipynb")
    lab.run_all()
    page.wait_for_selector(f"{BOARD} svg.demo-board polygon[data-hex='0,0']", timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 1",
                           timeout=60_000)
    assert page.locator(".explorer-placeholder-banner").inner_text().startswith("Placeholder data")

    # a legal click: the board comes back from Python with the hex owned and the bot's reply
    page.locator(f"{BOARD} polygon[data-hex='0,0']").click()
    page.wait_for_selector(f"{BOARD}[data-turn='3'] polygon[data-hex='0,0'][data-owner='0']",
                           timeout=30_000)
    assert page.locator(f"{BOARD} polygon[data-owner='1']").count() == 1   # the bot answered

    # an illegal click (the bot's hex): refused, explained with its rule, nothing changes
    bot_hex = page.locator(f"{BOARD} polygon[data-owner='1']").get_attribute("data-hex")
    page.locator(f"{BOARD} polygon[data-owner='1']").click(force=True)
    msg = page.locator(".explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule") in ("demo.claim.free",)
    assert "already claimed" in msg.inner_text()
    assert page.locator(f"{BOARD}[data-turn='3']").count() == 1

    # Python saw the click: a new cell prints the board's state
    out = lab.run_code('print("STATE", json.dumps({"turn": len(board.state.history), '
                       '"mine": [list(c) for c, o in zip(board.state.cells, board.state.owner) if o == 0], '
                       '"rule": board.message.get("rule")}))')
    state = json.loads(out.split("STATE", 1)[1])
    assert state == {"turn": 3, "mine": [[0, 0]], "rule": "demo.claim.free"}
    assert bot_hex != "0,0"

    page.locator(BOARD).first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "start_here_lab.png"), full_page=True)
    page.locator(BOARD).first.screenshot(path=str(artifacts / "start_here_board.png"))
    assert lab.errors_in_outputs() == []
    assert page.errors == []
