"""Real browser: a board's Save and Load controls on the Corinth notebook.

Two saves under two names, the Load list opened (which asks Python for the list again), the
second entry picked: Load loads that one, not the first (the list once snapped back to its first
entry whenever it was refreshed).
"""

from __future__ import annotations

import time

import pytest

from test_browser_boards import HARBOR_BOARD, click_and_wait, open_corinth, settled, turn

pytestmark = pytest.mark.browser


def message(page) -> str:
    return page.locator(f"{HARBOR_BOARD} .explorer-message").first.inner_text()


def save_as(page, board, name: str) -> None:
    board.locator("input.explorer-save-name").fill(name)
    board.locator("button.explorer-save").click()
    page.wait_for_function(
        "([sel, name]) => { const m = document.querySelector(sel + ' .explorer-message');"
        " return m && m.dataset.kind === 'ok' && m.textContent.includes(name + '.json'); }",
        arg=[HARBOR_BOARD, name], timeout=30_000)
    settled(page)


def test_load_keeps_the_entry_picked_in_the_list(lab, artifacts):
    page = open_corinth(lab)
    board = page.locator(HARBOR_BOARD).first
    stamp = time.strftime("%H%M%S")
    first, second = f"first-{stamp}", f"second-{stamp}"
    click_and_wait(page, f"{HARBOR_BOARD} .explorer-choice")
    at_first = turn(page)
    save_as(page, board, first)
    assert "saved_games/corinth/" in message(page)
    click_and_wait(page, f"{HARBOR_BOARD} .explorer-choice")
    assert turn(page) > at_first
    save_as(page, board, second)
    pick = board.locator("select.explorer-load-select")
    board.locator("button.explorer-list").click()
    settled(page)
    names = pick.locator("option").all_inner_texts()
    assert names[:2] == [f"{second}.json", f"{first}.json"]          # newest first
    assert all(n.endswith(".json") and not n.startswith(".") for n in names)
    board.locator("button.explorer-copy-code").click()     # another message shows meanwhile
    page.wait_for_function("(sel) => document.querySelector(sel + ' .explorer-message')"
                           ".dataset.kind === 'code'", arg=HARBOR_BOARD, timeout=30_000)
    settled(page)
    # open the list and pick its second entry, as a hand does: before Python's answer to the
    # focus (the list again, and its message) arrives
    pick.evaluate("""(s) => { s.focus(); s.selectedIndex = 1;
        s.dispatchEvent(new Event('input', { bubbles: true }));
        s.dispatchEvent(new Event('change', { bubbles: true })); }""")
    settled(page)
    assert "Choose a saved game" in message(page)   # the answer to the focus has arrived
    assert pick.input_value() == f"{first}.json"
    board.locator("button.explorer-list").click()     # the list asked for again: the pick stays
    settled(page)
    assert pick.input_value() == f"{first}.json"
    board.locator("button.explorer-load").click()
    page.wait_for_function(
        "([sel, name]) => document.querySelector(sel + ' .explorer-message')"
        ".textContent.startsWith('Loaded ' + name + '.json')",
        arg=[HARBOR_BOARD, first], timeout=30_000)
    settled(page)
    assert turn(page) == at_first
    assert pick.input_value() == f"{first}.json"
    board.screenshot(path=str(artifacts / "session_load_second_entry.png"))
    # a name no file can have: said as a failure on the page, never as "Saved to ..."
    board.locator("input.explorer-save-name").fill("what?")
    board.locator("button.explorer-save").click()
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' .explorer-message').dataset.code === 'not-saved'",
        arg=HARBOR_BOARD, timeout=30_000)
    assert message(page).startswith("Not saved: ") and "Saved to" not in message(page)
    assert page.errors == []
