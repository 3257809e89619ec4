"""Real browser: a learner completes the first Gùgōng lesson by clicking, in a workshop room.

Gùgōng's lesson shows the main board and the linked player board. An exchange is two clicks: a
card of the hand (picked, nothing graded yet), then a card on a location (the move, graded). On
the way: a Hint, a place the rules refuse (a city, with no Travel action: graded with its rule,
in Spanish and English), an exchange that is legal but not the task, then every step done. Every
expectation is computed from the engine and the rule catalogue in this process.
"""

import json

import pytest

from explorer import lessons, rules
from lesson_browser import open_lessons
from room import check_readable, label_sizes

pytestmark = pytest.mark.browser

MAIN = "svg.gugong-board"
MINE = "svg.gugong-player-board"


def _svg(lp, which: str) -> str:
    return f".{lp._data('boards')} .explorer-board {which}"


def _pick(lp, card: str) -> None:
    """Pick a hand card on the player board (unless it is picked already): not a move."""
    board = lp.page.locator(_svg(lp, MAIN)).first
    if board.get_attribute("data-pick") == card:
        return
    before = lp.graded()
    hand = lp.page.locator(f"{_svg(lp, MINE)} .hand-card.pickable[data-card='{card}']")
    hand.first.click(force=True)
    lp.page.wait_for_selector(f"{_svg(lp, MAIN)}[data-pick='{card}']", timeout=60_000)
    lp.wait_boards()
    assert lp.graded() == before                      # a pick is not graded


def _exchange(lp, action) -> dict:
    """An exchange by clicking: the hand card, then the card on a location."""
    give, take = action.args
    _pick(lp, give)
    return lp.click(f".location-card[data-card='{take}']")


def _play(lp, action) -> dict:
    return _exchange(lp, action) if action.kind == "exchange" else lp.play(action)


@pytest.mark.rules("gugong.exchange.mandatory", "gugong.exchange.free-if-higher",
                   "gugong.exchange.lower-or-equal", "gugong.exchange.pay-two-servants",
                   "gugong.exchange.one-for-nine")
def test_complete_the_first_gugong_lesson_by_clicking(lab, artifacts):
    lesson = lessons.series("gugong")[0]
    page = lab.page
    lp = open_lessons(lab, "live = {}", game="gugong")
    page.wait_for_selector(_svg(lp, MAIN), timeout=60_000)
    page.wait_for_selector(_svg(lp, MINE), timeout=60_000)
    lp.wait_boards()
    steps = lesson.steps
    assert lp.step() == steps[0].id and not lp.finished()
    assert f"Step 1 of {len(steps)}" in lp.text() and steps[0].say in lp.text()

    # a Hint: the first hint rule's text from the catalogue, English and the rulebook's Spanish
    lp.press("hint")
    first = rules.rule(steps[0].hint_rules[0])
    hint = lp.hints()[0]
    assert hint["rule"] == first.id and first.es in hint["text"] and first.en in hint["text"]
    lp.shot(artifacts, "hint")

    # a place the rules refuse now (a city: no Travel action yet), graded with its rule
    start = steps[0].start
    city = page.locator(f"{_svg(lp, MAIN)} .city[data-target]").first
    err = start.explain_target(json.loads(city.get_attribute("data-target")))
    assert err is not None and err.rule.startswith("gugong.")
    turn = page.locator(_svg(lp, MAIN)).first.get_attribute("data-turn")
    got = lp.click(".city[data-target]")
    assert got["kind"] == "refused" and got["rule"] == err.rule and lp.step() == steps[0].id
    r = rules.rule(err.rule)
    assert err.message in got["text"] and r.es in got["text"] and r.en in got["text"]
    msg = page.locator(f".{lp._data('boards')} .explorer-message[data-kind='illegal']").first
    assert msg.get_attribute("data-rule") == err.rule
    lp.shot(artifacts, "refused")

    # an exchange that is legal but needs a price: not this step's task, and nothing is played
    wrong = next(a for a in start.legal_actions() if a.kind == "exchange"
                 and not steps[0].task.holds(start, a, start.apply(a)))
    got = _exchange(lp, wrong)
    assert got["kind"] == "legal" and lp.step() == steps[0].id
    assert start.describe(wrong) in got["text"] and "not this step's task" in got["text"]
    assert steps[0].task.wants(start) in got["text"]                       # what the step asks
    assert page.locator(_svg(lp, MAIN)).first.get_attribute("data-turn") == turn
    lp.shot(artifacts, "legal")
    lp.panel.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "lesson_gugong_room.png"))      # the panel over the board
    top = lp.panel.bounding_box()
    main = page.locator(_svg(lp, MAIN)).first.bounding_box()
    page.screenshot(path=str(artifacts / "lesson_gugong.png"), clip={
        "x": top["x"], "y": top["y"], "width": top["width"],
        "height": min(main["y"] + main["height"], 1000) - top["y"]})
    sizes = label_sizes(page, lp.selector)
    assert sizes and min(s["em"] for s in sizes) >= 12.0, sorted(s["em"] for s in sizes)[:5]
    check_readable(label_sizes(page, f".{lp._data('boards')} .explorer-board:has({MAIN})"),
                   "Gùgōng main board under the lesson")

    # every step, one move each (an exchange: two clicks), each graded done
    for k, step in enumerate(steps):
        lp.wait_step(step.id)
        assert f"Step {k + 1} of {len(steps)}" in lp.text()
        got = _play(lp, step.solution)
        assert got["kind"] == "done", (step.id, got)
        assert step.done_text in got["text"]

    lp.wait_finished(len(steps))
    lp.shot(artifacts, "finished")

    # Python saw every click: the kernel's lesson is finished, every step done
    seen = lp.in_kernel(lab, "live['gugong']")
    assert seen["outcome"] == ["done"] * len(steps)
    assert str(seen["turn"]) == page.locator(_svg(lp, MAIN)).first.get_attribute("data-turn")
    assert lab.errors_in_outputs() == []
    assert page.errors == []
