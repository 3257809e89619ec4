"""Real browser: a learner completes the first Corinth lesson by clicking, in a workshop room.

On the way: a Hint, a legal move that is not the task (graded as such, with what the step asks),
and a move the rules refuse (graded with its rule, in Spanish and English). Every expectation is
computed from the engine and the rule catalogue in this process, never written by hand.
"""


import pytest

from explorer import Action, lessons, rules
from lesson_browser import action_selector, open_lessons
from room import check_readable, label_sizes

pytestmark = pytest.mark.browser

HARBOR = ".explorer-board svg.corinth-harbor-panel"


@pytest.mark.rules("corinth.supply.buy-yellow", "corinth.turn.take-group", "corinth.action.gold-goats",
                   "corinth.build.cost")
def test_complete_the_first_corinth_lesson_by_clicking(lab, artifacts):
    lesson = lessons.load("corinth.first-round")
    page = lab.page
    lp = open_lessons(lab, "corinth_lesson = ", game="corinth")
    page.wait_for_selector(HARBOR, timeout=60_000)
    steps = lesson.steps
    assert lp.step() == steps[0].id and not lp.finished()
    assert f"Step 1 of {len(steps)}" in lp.text() and steps[0].say in lp.text()

    # a Hint: the first hint rule's text from the catalogue, English and the rulebook's Spanish
    lp.press("hint")
    hints = lp.hints()
    first = rules.rule(steps[0].hint_rules[0])
    assert hints[0]["rule"] == first.id
    assert first.es in hints[0]["text"] and first.en in hints[0]["text"]
    lp.shot(artifacts, "hint")

    # a legal move that is not the task: graded "legal", with what it would do and what is asked
    start = steps[0].start
    wrong = next(a for a in start.legal_actions() if not steps[0].task.holds(start, a, start.apply(a)))
    turn = page.locator(HARBOR).get_attribute("data-turn")
    got = lp.play(wrong)
    assert got["kind"] == "legal" and lp.step() == steps[0].id
    assert start.describe(wrong) in got["text"] and "not this step's task" in got["text"]
    assert steps[0].start.describe(steps[0].solution) in got["text"]        # what the step asks
    assert page.locator(HARBOR).get_attribute("data-turn") == turn          # nothing was played
    board_msg = page.locator(".explorer-message[data-kind='not-the-task']").first
    assert board_msg.is_visible() and start.describe(wrong) in board_msg.inner_text()
    lp.shot(artifacts, "legal")

    # the task itself: done, and the next step
    assert lp.play(steps[0].solution)["kind"] == "done"
    lp.wait_step(steps[1].id)

    # a move the rules refuse (a shop on the sheet while a group must be taken): its rule
    here = steps[1].start
    refused = Action("deliver", "blue-1")
    err = here.why_illegal(refused)
    assert err is not None
    got = lp.click(f".sheet[data-player='{here.current_player}'] {action_selector(refused)}")
    assert got["kind"] == "refused" and got["rule"] == err.rule and lp.step() == steps[1].id
    r = rules.rule(err.rule)
    assert err.message in got["text"] and r.es in got["text"] and r.en in got["text"]
    msg = page.locator(".explorer-message[data-kind='illegal']").first
    assert msg.get_attribute("data-rule") == err.rule
    lp.shot(artifacts, "refused")
    lp.panel.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "lesson_corinth_room.png"))   # the panel over the harbor
    top, harbor = lp.panel.bounding_box(), page.locator(HARBOR).bounding_box()
    page.screenshot(path=str(artifacts / "lesson_corinth.png"), clip={
        "x": top["x"], "y": top["y"], "width": top["width"],
        "height": min(harbor["y"] + harbor["height"], 1000) - top["y"]})
    sizes = label_sizes(page, lp.selector)
    assert sizes and min(s["em"] for s in sizes) >= 12.0, sorted(s["em"] for s in sizes)[:5]
    check_readable(label_sizes(page, ".explorer-board:has(svg.corinth-harbor-panel)"),
                   "Corinth harbor under the lesson")

    # the rest of the lesson, one click per step, each graded done
    for k, step in enumerate(steps[1:], start=1):
        lp.wait_step(step.id)
        assert f"Step {k + 1} of {len(steps)}" in lp.text()
        got = lp.play(step.solution)
        assert got["kind"] == "done", (step.id, got)
        assert step.done_text in got["text"]

    lp.wait_finished(len(steps))
    assert not lp.panel.locator("button[data-do='hint']").is_visible()
    lp.shot(artifacts, "finished")

    # Python saw every click: the kernel's lesson is finished, every step done
    seen = lp.in_kernel(lab, "corinth_lesson")
    assert seen["outcome"] == ["done"] * len(steps)
    assert str(seen["turn"]) == page.locator(HARBOR).get_attribute("data-turn")
    page.screenshot(path=str(artifacts / "lesson_corinth_lab.png"))
    assert lab.errors_in_outputs() == []
    assert page.errors == []
