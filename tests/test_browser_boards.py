"""Real browser: the generic board's workshop tools, proved on Corinth and the demo game.

Bot turns shown step by step, a click on an opponent's sheet explained, the game-over panel after a
played-out game, the replay timeline moved back and forward, a board that knows its kernel is gone,
and click-to-repaint latency (median and p90, printed).
"""

from __future__ import annotations

import statistics

import pytest

pytestmark = pytest.mark.browser

HARBOR_BOARD = ".explorer-board:has(svg.corinth-harbor-panel)"
HARBOR = ".explorer-board svg.corinth-harbor-panel"
SHEETS = ".explorer-board svg.corinth-sheets"


def turn(page, board=HARBOR_BOARD) -> int:
    return int(page.locator(board).first.get_attribute("data-turn"))


def settled(page, board=HARBOR_BOARD) -> None:
    page.wait_for_function(
        "(sel) => { const b = document.querySelector(sel); return b && b.dataset.pending === 'false'; }",
        arg=board, timeout=30_000)


def click_and_wait(page, selector: str, board=HARBOR_BOARD) -> None:
    before = turn(page, board)
    page.locator(selector).first.click(force=True)
    page.wait_for_function(
        "([sel, n]) => { const b = document.querySelector(sel); return b && +b.dataset.turn > n; }",
        arg=[board, before], timeout=30_000)
    settled(page, board)


def open_corinth(lab):
    page = lab.page
    lab.open("corinth.ipynb")
    lab.run_all()
    page.wait_for_selector(HARBOR, timeout=60_000)
    page.wait_for_selector(SHEETS, timeout=60_000)
    return page


def measure_clicks(page, board: str, pick: str, clicks: int) -> list[float]:
    """Click legal choices ``clicks`` times; each time, the ms from the click to the repaint."""
    times = []
    for _ in range(clicks):
        if page.locator(f"{board}[data-over='true']").count():
            break
        page.wait_for_selector(pick, timeout=30_000)
        ms = page.evaluate("""async ([boardSel, pick]) => {
            const board = document.querySelector(boardSel);
            const target = document.querySelector(pick);
            const before = board.dataset.turn;
            const t0 = performance.now();
            return await new Promise((resolve) => {
                const obs = new MutationObserver(() => {
                    if (board.dataset.turn !== before && board.dataset.pending === 'false') {
                        obs.disconnect();
                        requestAnimationFrame(() => resolve(performance.now() - t0));
                    }
                });
                obs.observe(board, { attributes: true, subtree: true, childList: true });
                target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            });
        }""", [board, pick])
        times.append(ms)
    return times


def report(name: str, times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    med = statistics.median(times)
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    print(f"\n[latency] {name}: {len(times)} clicks, click-to-repaint median {med:.1f} ms, "
          f"p90 {p90:.1f} ms, max {times[-1]:.1f} ms")
    return med, p90


@pytest.mark.rules("engine.turn", "corinth.turn.take-group")
def test_bot_turns_step_by_step_and_an_opponents_sheet_explained(lab, artifacts):
    page = open_corinth(lab)
    board = page.locator(HARBOR_BOARD).first
    # bots one move per click
    board.locator("select.explorer-bot-mode").select_option("step")
    page.wait_for_function("() => document.querySelector('select.explorer-bot-mode').value === 'step'")
    lab.wait_idle()
    # an opponent's sheet: refused with the rule, nothing changes
    n = turn(page)
    page.locator(f"{SHEETS} .sheet[data-player='1'] .cell").nth(12).click(force=True)
    msg = board.locator(".explorer-message[data-kind='illegal']")
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule") == "engine.turn"
    assert "score sheet" in msg.inner_text() and "Player 2" in msg.inner_text()
    assert turn(page) == n
    # an empty area of the harbor panel is answered too
    box = page.locator(HARBOR).first.bounding_box()
    page.locator(HARBOR).first.click(position={"x": box["width"] * 0.97, "y": box["height"] * 0.95})
    page.wait_for_function("() => document.querySelector('.explorer-board .explorer-message').dataset.code"
                           " === 'not-a-choice'", timeout=30_000)
    # play the human's turn from the "What can I do now?" panel until a bot is to move
    for _ in range(12):
        if board.locator(".explorer-botbar:not([hidden])").count():
            break
        click_and_wait(page, f"{HARBOR_BOARD} .explorer-choice")
    assert board.locator(".explorer-botbar:not([hidden])").count() == 1
    lines = board.locator(".explorer-line").count()
    before = turn(page)
    click_and_wait(page, f"{HARBOR_BOARD} button.explorer-next")
    assert turn(page) > before
    latest = board.locator(".explorer-line.explorer-latest")
    assert latest.count() == 1 and "bot" in latest.locator(".explorer-badge").inner_text()
    assert board.locator(".explorer-line").count() > lines
    assert board.locator(".explorer-line.explorer-chance").count() >= 1        # the roll is shown
    assert "white" in board.locator(".explorer-line.explorer-chance").first.inner_text()
    board.screenshot(path=str(artifacts / "boards_bot_step.png"))
    assert page.errors == []


@pytest.mark.rules("engine.timeline")
def test_the_timeline_moves_back_and_forward(lab, artifacts):
    page = open_corinth(lab)
    board = page.locator(HARBOR_BOARD).first
    for _ in range(3):
        click_and_wait(page, f"{HARBOR_BOARD} .explorer-choice")
    now = turn(page)
    board.locator("button.explorer-tl-back").click()
    page.wait_for_function("(n) => +document.querySelector('.explorer-board').dataset.turn === n - 1",
                           arg=now, timeout=30_000)
    assert board.get_attribute("data-past") == "true"
    assert board.locator(".explorer-past-banner").is_visible()
    board.locator("button.explorer-tl-start").click()
    page.wait_for_function("() => document.querySelector('.explorer-board').dataset.turn === '0'",
                           timeout=30_000)
    board.screenshot(path=str(artifacts / "boards_timeline_start.png"))
    # nothing can be played while looking back: the click is answered with the rule
    assert board.locator(".explorer-choice").count() == 0
    page.locator(f"{HARBOR} g.group").first.click(force=True)
    page.wait_for_function("() => document.querySelector('.explorer-board .explorer-message')"
                           ".dataset.rule === 'engine.timeline'", timeout=30_000)
    board.locator("button.explorer-tl-forward").click()
    page.wait_for_function("() => document.querySelector('.explorer-board').dataset.turn === '1'",
                           timeout=30_000)
    board.locator("button.explorer-tl-end").click()
    page.wait_for_function("(n) => +document.querySelector('.explorer-board').dataset.turn === n "
                           "&& document.querySelector('.explorer-board').dataset.cursor === ''",
                           arg=now, timeout=30_000)
    out = lab.run_code('print("LEN", len(harbor.state.history), harbor.session.cursor)')
    assert out.split("LEN", 1)[1].split() == [str(now), "None"]
    assert page.errors == []


@pytest.mark.rules("corinth.end.winner", "corinth.end.score")
def test_game_over_panel_after_a_played_out_game(lab, artifacts):
    page = open_corinth(lab)
    board = page.locator(HARBOR_BOARD).first
    board.locator("select.explorer-bot-mode").select_option("step")
    lab.run_code("harbor.session.bots[0] = bots.random_bot; harbor.session.refresh()")  # all bots
    board.locator(".explorer-botbar:not([hidden]) button.explorer-allbots").click()
    page.wait_for_selector(f"{HARBOR_BOARD}[data-over='true']", timeout=60_000)
    result = board.locator(".explorer-result")
    result.wait_for(timeout=30_000)
    assert result.locator("tr[data-player]").count() == 3
    assert result.locator("tr.explorer-winner").count() >= 1
    headers = result.locator("th").all_inner_texts()
    assert headers[:2] == ["player", "total"] and "shops" in headers
    assert result.locator(".explorer-result-why").inner_text()
    assert result.locator(".explorer-result-rule").inner_text().startswith("Rule corinth.")
    board.screenshot(path=str(artifacts / "boards_game_over.png"))
    result.locator("button.explorer-new-game").click()
    page.wait_for_selector(f"{HARBOR_BOARD}[data-over='false']", timeout=60_000)
    assert page.errors == []


def test_a_board_knows_when_its_kernel_is_gone(lab, artifacts):
    page = lab.page
    lab.open("00_start_here.ipynb")
    lab.run_all()
    board = ".explorer-board:has(svg.demo-board)"
    page.wait_for_selector(board, timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.sessionContext"
                  ".session.kernel.restart(); }")
    lab.wait_idle()
    page.locator(f"{board} svg.demo-board polygon").first.click(force=True)
    page.wait_for_selector(f"{board}[data-kernel='gone']", timeout=30_000)
    banner = page.locator(f"{board} .explorer-kernel-banner")
    assert banner.is_visible() and "not answering" in banner.inner_text()
    assert "Restart Kernel and Run All" in banner.inner_text()
    page.locator(board).screenshot(path=str(artifacts / "boards_kernel_gone.png"))


def test_click_to_repaint_latency(lab, artifacts):
    page = lab.page
    lab.open("00_start_here.ipynb")
    lab.run_all()
    demo_board = ".explorer-board:has(svg.demo-board)"
    page.wait_for_selector(demo_board, timeout=60_000)
    demo_times = measure_clicks(page, demo_board, f"{demo_board} polygon.legal", 8)
    lab.open("corinth.ipynb")
    lab.run_all()
    page.wait_for_selector(HARBOR, timeout=60_000)
    corinth_times = measure_clicks(page, HARBOR_BOARD, ".explorer-board svg [data-action].legal", 30)
    assert len(demo_times) >= 5 and len(corinth_times) >= 20
    med_d, p90_d = report("demo (a bot replies to each click)", demo_times)
    med_c, p90_c = report("Corinth harbor + sheets (two bots reply)", corinth_times)
    (artifacts / "latency.txt").write_text(
        f"demo median {med_d:.1f} ms p90 {p90_d:.1f} ms\ncorinth median {med_c:.1f} ms p90 {p90_c:.1f} ms\n")
    assert all(t > 0 for t in demo_times + corinth_times)
