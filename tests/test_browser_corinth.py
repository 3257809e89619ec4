"""Real browser: the Corinth notebook in JupyterLab, played by clicking the harbor and the sheets."""

import json

import pytest

pytestmark = pytest.mark.browser

HARBOR = ".explorer-board svg.corinth-harbor-panel"
SHEETS = ".explorer-board svg.corinth-sheets"


def board_turn(page) -> int:
    return int(page.locator(HARBOR).get_attribute("data-turn"))


def click_and_wait(page, selector: str) -> None:
    """Click a board element and wait until Python has answered with a new position."""
    before = board_turn(page)
    page.locator(selector).first.click(force=True)
    # both views (harbor and sheets) are separate widgets: wait until each shows the new position
    page.wait_for_function(
        """(n) => ['svg.corinth-harbor-panel', 'svg.corinth-sheets'].every(sel => {
                    const s = document.querySelector('.explorer-board ' + sel);
                    return s && +s.dataset.turn > n; })""", arg=before, timeout=30_000)
    page.wait_for_function(
        """() => { const a = document.querySelector('.explorer-board svg.corinth-harbor-panel');
                   const b = document.querySelector('.explorer-board svg.corinth-sheets');
                   return a.dataset.turn === b.dataset.turn; }""", timeout=30_000)


@pytest.mark.rules("corinth.supply.buy-yellow", "corinth.turn.take-group", "corinth.action.gold-goats")
def test_play_corinth_by_clicking(lab, artifacts):
    page = lab.page
    lab.open("corinth.ipynb")
    lab.run_all()
    page.wait_for_selector(HARBOR, timeout=60_000)
    page.wait_for_selector(SHEETS, timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 3",
                           timeout=60_000)
    assert "Placeholder data" in page.locator(".explorer-placeholder-banner").first.inner_text()
    assert page.locator(f"{SHEETS} .placeholder").count() > 0        # dashed placeholders on the sheet

    # the first player buys no yellow dice: the roll is sorted onto the harbor
    assert page.locator(HARBOR).get_attribute("data-phase") == "supply"
    click_and_wait(page, f"{HARBOR} [data-action='[\"buy_yellow\", 0]']")
    assert page.locator(HARBOR).get_attribute("data-phase") == "take"
    gold_dice = page.locator(f"{HARBOR} g.group[data-district='gold'] .die").count()
    assert gold_dice >= 1                                  # the highest value always goes to gold

    # an illegal click (orange is empty this round) is refused with its rule; nothing changes
    turn = board_turn(page)
    page.locator(f"{HARBOR} g.group[data-district='orange']").click(force=True)
    msg = page.locator(".explorer-message[data-kind='illegal']").first
    msg.wait_for(timeout=30_000)
    assert msg.get_attribute("data-rule") == "corinth.turn.take-group"
    assert "orange district holds no dice" in msg.inner_text()
    assert board_turn(page) == turn

    # take the gold group and gain its gold; the bots then play their turns
    click_and_wait(page, f"{HARBOR} g.group[data-district='gold']")
    gold_before = int(page.locator(f"{SHEETS} .sheet[data-player='0'] .track[data-track='gold']")
                      .get_attribute("data-held"))
    click_and_wait(page, f"{HARBOR} [data-action='[\"gold\"]']")
    gold_after = int(page.locator(f"{SHEETS} .sheet[data-player='0'] .track[data-track='gold']")
                     .get_attribute("data-held"))
    assert gold_after == gold_before + gold_dice

    # keep playing by clicking legal choices (harbor, buttons, shops, market spaces) for a while
    for _ in range(12):
        page.wait_for_selector(f"{HARBOR}[data-player='0'], {HARBOR}[data-over='true']", timeout=30_000)
        if page.locator(f"{HARBOR}[data-over='true']").count():
            break
        click_and_wait(page, ".explorer-board [data-action].legal")
    assert board_turn(page) > 20

    # Python saw every click: the kernel's state matches the page
    out = lab.run_code('import json\nprint("GAME", json.dumps({"turn": len(harbor.state.history), '
                       '"gold0": harbor.state.sheets[0].gold}))')
    game = json.loads(out.split("GAME", 1)[1].strip().splitlines()[0])
    assert game["turn"] == board_turn(page)

    page.wait_for_function("() => [...document.querySelectorAll('.explorer-board')]"
                           ".every(b => b.dataset.pending === 'false')", timeout=30_000)
    page.locator(".explorer-board:has(svg.corinth-harbor-panel)").first.screenshot(
        path=str(artifacts / "corinth_harbor.png"))
    page.locator(".explorer-board:has(svg.corinth-sheets)").first.screenshot(
        path=str(artifacts / "corinth_sheets.png"))

    # the odds: one more yellow die redraws the exact distributions
    handle = page.locator(".widget-slider .noUi-handle").first
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press("ArrowRight")
    page.get_by_text("9 white + 1 yellow").first.wait_for(timeout=30_000)
    # the chart's static copy (for exported pages) hides itself beside the live chart
    copies = page.locator(".explorer-static:not([data-model])")
    assert copies.count() >= 1 and all(not c.is_visible() for c in copies.all())
    page.locator(".js-plotly-plot").nth(0).screenshot(path=str(artifacts / "corinth_odds.png"))
    page.screenshot(path=str(artifacts / "corinth_lab.png"), full_page=True)
    assert lab.errors_in_outputs() == []
    assert page.errors == []
