"""Real browser: a learner completes the first Gonzaga lesson by clicking, in a workshop room.

Both plans are clicked in the planning table under the map; both fiefs are placed by moving the
mouse over the map (the fief follows it, green where it may go) and clicking. On the way: a plan
that is legal but not the step's (graded as such, with what the step asks), a Hint (the
catalogue's rule in English and the rulebook's Spanish), and a placement the rules refuse (the
fief red under the mouse, the click graded with the engine's rule). Every expectation is
computed from the engine and the rule catalogue in this process, never written by hand.
"""

import json

import pytest

from explorer import Action, lessons, rules
from lesson_browser import open_lessons
from room import check_readable, label_sizes

pytestmark = pytest.mark.browser

MAP = "svg.gonzaga-board"


def _board(lp) -> str:
    """The selector of this lesson's own board (the class the panel names)."""
    return f".{lp.panel.get_attribute('data-boards')} .explorer-board"


def _hex_centre(lp, q: int, r: int) -> tuple[float, float]:
    """The hex (q, r) of the lesson's map, scrolled into sight: its centre on the page."""
    board = _board(lp)
    spaced, tight = json.dumps(["hex", q, r]), json.dumps(["hex", q, r]).replace(" ", "")
    cell = lp.page.locator(f"{board} {MAP} .hex[data-target='{spaced}'], "
                           f"{board} {MAP} .hex[data-target='{tight}']").first
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _place_by_mouse(lp, action: Action, expect: str, shot=None) -> dict:
    """Turn the fief to the action's rotation (the rotate button), move the mouse to its anchor
    hex, wait for the preview to show ``expect`` ("legal" green, "illegal" red), click, and
    return the lesson's verdict; ``shot``: a file for the map around the mouse before the click."""
    page, board = lp.page, _board(lp)
    q, r, rot = action.args
    page.wait_for_function("(sel) => ['ready', 'legal', 'illegal'].includes("
                           "document.querySelector(sel).dataset.preview)", arg=board, timeout=60_000)
    rotate = page.locator(f"{board} button.explorer-rotate")
    for _ in range(6):
        if page.locator(board).first.get_attribute("data-orientation") == str(rot):
            break
        rotate.click()
    assert page.locator(board).first.get_attribute("data-orientation") == str(rot)
    x, y = _hex_centre(lp, q, r)
    page.mouse.move(x - 30, y - 30)
    page.mouse.move(x, y, steps=4)
    page.wait_for_function("([sel, k]) => document.querySelector(sel).dataset.preview === k",
                           arg=[board, expect], timeout=30_000)
    if shot is not None:            # the map around the fief under the mouse, and the hover text
        view = page.viewport_size
        top = max(0, y - 330)
        page.screenshot(path=str(shot), clip={"x": max(0, x - 450), "y": top, "width": 900,
                                              "height": min(view["height"] - top, 600)})
    before = lp.graded()
    page.mouse.click(x, y)
    page.wait_for_function("([sel, n]) => +document.querySelector(sel).dataset.graded > n",
                           arg=[lp.selector, before], timeout=60_000)
    lp.wait_boards()
    return lp.verdict()


@pytest.mark.rules("gonzaga.plan.one-of-each", "gonzaga.order.by-action", "gonzaga.action.a-port",
                   "gonzaga.action.a-no-city", "gonzaga.action.b-no-port", "gonzaga.cards.rest")
def test_complete_the_first_gonzaga_lesson_by_clicking(lab, artifacts):
    lesson = lessons.series("gonzaga")[0]          # the one the notebook shows live
    page = lab.page
    lp = open_lessons(lab, "live = {}", game="gonzaga")
    board = _board(lp)
    page.wait_for_selector(f"{board} {MAP}", timeout=60_000)
    steps = lesson.steps
    assert lp.step() == steps[0].id and not lp.finished()
    assert f"Step 1 of {len(steps)}" in lp.text() and steps[0].say in lp.text()
    assert "placeholder" in lp.text()                     # the intro says the map is made up

    # a plan that is legal but not the step's: graded "legal", with what the step asks
    start = steps[0].start
    wrong = Action("plan", steps[0].solution.args[0], "B")
    assert start.why_illegal(wrong) is None and not steps[0].task.holds(start, wrong, start.apply(wrong))
    turn = page.locator(board).first.get_attribute("data-turn")
    got = lp.play(wrong)
    assert got["kind"] == "legal" and lp.step() == steps[0].id
    assert start.describe(wrong) in got["text"] and steps[0].wants in got["text"]
    assert page.locator(board).first.get_attribute("data-turn") == turn      # nothing was played
    lp.shot(artifacts, "legal")
    table = page.locator(f"{board} {MAP} .controls").first     # the planning table, under the map
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(artifacts / "lesson_gonzaga_planning.png"))

    # both plans, clicked in the planning table
    for step in steps[:2]:
        lp.wait_step(step.id)
        got = lp.play(step.solution)
        assert got["kind"] == "done", (step.id, got)
        assert step.done_text in got["text"]

    # red places first: a Hint, then a placement the rules refuse, red under the mouse
    place = steps[2]
    lp.wait_step(place.id)
    here = place.start
    assert here.order[0] == here.current_player == 0        # A (ports) before B (cities)
    lp.press("hint")
    first = rules.rule(place.hint_rules[0])
    hint = lp.hints()[0]
    assert hint["rule"] == first.id and first.en in hint["text"] and first.es in hint["text"]
    lp.shot(artifacts, "hint")
    refused = next(a for a in (Action("place", c.q, c.r, k) for c in here.book.geo.coords
                               for k in (0,))
                   if (e := here.why_illegal(a)) is not None and e.code == "a-city")
    err = here.why_illegal(refused)
    got = _place_by_mouse(lp, refused, "illegal", artifacts / "lesson_gonzaga_map_red.png")
    assert got["kind"] == "refused" and got["rule"] == err.rule == "gonzaga.action.a-no-city"
    r = rules.rule(err.rule)
    assert err.message in got["text"] and r.es in got["text"] and r.en in got["text"]
    assert lp.step() == place.id
    msg = page.locator(f"{board} .explorer-message[data-kind='illegal']").first
    assert msg.get_attribute("data-rule") == err.rule
    lp.shot(artifacts, "refused")
    # the panel over the board, as the room sees it
    lp.panel.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "lesson_gonzaga_room.png"))
    sizes = label_sizes(page, lp.selector)
    assert sizes and min(s["em"] for s in sizes) >= 12.0, sorted(s["em"] for s in sizes)[:5]
    check_readable(label_sizes(page, board), "Gonzaga map under the lesson")

    # the fiefs, placed by the mouse, each graded done
    for step in steps[2:4]:
        lp.wait_step(step.id)
        got = _place_by_mouse(lp, step.solution, "legal", artifacts / f"lesson_gonzaga_map_{step.id}.png")
        assert got["kind"] == "done", (step.id, got)
        assert step.done_text in got["text"]
    # round 2: A and Francia rest in the middle box; a plan with C
    last = steps[4]
    lp.wait_step(last.id)
    assert set(last.start.resting[0]) == set(steps[0].solution.args)
    got = lp.play(last.solution)
    assert got["kind"] == "done" and last.done_text in got["text"]

    lp.wait_finished(len(steps))
    lp.shot(artifacts, "finished")

    # Python saw every click: the kernel's lesson is finished, every step done
    seen = lp.in_kernel(lab, "live['gonzaga']")
    assert seen["outcome"] == ["done"] * len(steps)
    assert str(seen["turn"]) == page.locator(board).first.get_attribute("data-turn")
    assert lab.errors_in_outputs() == []
    assert page.errors == []
