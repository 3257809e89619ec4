"""Real browser: a learner completes the first lesson of The Hanging Gardens by clicking, in a
workshop room (JupyterLab at 1400×1000).

Cards are taken by clicking them and placed with the mouse: the card follows the mouse over the
garden, is turned with the rotate button, and is placed by a click on the square under it. On the
way: a Hint, a legal move that is not the task (a card taken, then a card placed, each graded as
such), and moves the rules refuse (a card over the table, a temple on a lone motif, a tile out of
the group's reach), each graded with its rule. Every expectation is computed from the engine and
the rule catalogue in this process.
"""


import pytest

from explorer import Action, lessons, rules
from explorer import hanging_gardens as hg
from explorer.hanging_gardens.widgets import preview
from lesson_browser import open_lessons
from room import check_readable, label_sizes

pytestmark = pytest.mark.browser

GAME = "hanging_gardens"
DRAWING = "svg.hanging-gardens"


class Mouse:
    """The learner's mouse over this lesson's board: the card preview follows it."""

    def __init__(self, lp):
        self.lp, self.page = lp, lp.page
        self.board = f".{lp._data('boards')} .explorer-board"

    def data(self, name: str) -> str:
        return self.page.locator(self.board).first.get_attribute(f"data-{name}") or ""

    def wait_preview(self) -> None:
        self.page.wait_for_function(
            "(sel) => ['ready', 'legal', 'illegal'].includes(document.querySelector(sel).dataset.preview)",
            arg=self.board, timeout=60_000)

    def turn_to(self, turn: int) -> None:
        """Press the rotate button until the card is turned ``turn`` quarter turns."""
        for _ in range(4):
            if self.data("orientation") == str(turn):
                return
            self.page.locator(f"{self.board} button.explorer-rotate").click()
        assert self.data("orientation") == str(turn)

    def over(self, state, row: int, col: int) -> tuple[float, float]:
        """Move the mouse so that the card's top-left lies on (row, col); the screen point."""
        spec = preview(state)
        ca, cb = spec["centre"][self.data("orientation")]
        size = spec["size"]
        layer = self.page.locator(f"{self.board} {spec['layer']}").first
        layer.scroll_into_view_if_needed()
        x, y = self.page.evaluate(
            "([sel, layer, x, y]) => { const g = document.querySelector(sel).querySelector(layer);"
            " const p = new DOMPoint(x, y).matrixTransform(g.getScreenCTM()); return [p.x, p.y]; }",
            [self.board, spec["layer"], (col + cb) * size + size / 2, (row + ca) * size + size / 2])
        self.page.mouse.move(x - 30, y - 30)
        self.page.mouse.move(x, y, steps=4)
        self.page.wait_for_function(
            "([sel, key]) => document.querySelector(sel).dataset.anchor === key",
            arg=[self.board, f"{row},{col}"], timeout=15_000)
        return x, y

    def place(self, state, action: Action, shot=None) -> dict:
        """Turn the card, bring it over the action's square and click: the verdict shown
        (``shot``: a screenshot of the panel and the board, the card under the mouse, first)."""
        row, col, turn = action.args
        self.wait_preview()
        self.turn_to(turn)
        x, y = self.over(state, row, col)
        legal = state.why_illegal(action) is None
        assert self.data("preview") == ("legal" if legal else "illegal")   # green / red under the mouse
        if shot:
            top = self.lp.panel.bounding_box()
            drawing = self.page.locator(f"{self.board} {DRAWING}").first.bounding_box()
            y0 = max(0, top["y"])
            self.page.screenshot(path=str(shot), clip={
                "x": drawing["x"], "y": y0, "width": drawing["width"],
                "height": min(drawing["y"] + drawing["height"], 1000) - y0})
        before = self.lp.graded()
        self.page.mouse.click(x, y)
        self.page.wait_for_function(
            "([sel, n]) => +document.querySelector(sel).dataset.graded > n",
            arg=[self.lp.selector, before], timeout=60_000)
        self.lp.wait_boards()
        return self.lp.verdict()


def _wrong(step, state) -> Action:
    """A legal move of ``state`` that does not meet the step's task."""
    return next(a for a in state.legal_actions()
                if not step.task.holds(state, a, state.apply(a)))


def _refused_by(state, got: dict, action: Action) -> None:
    err = state.why_illegal(action)
    assert err is not None and got["kind"] == "refused" and got["rule"] == err.rule
    r = rules.rule(err.rule)
    assert err.message in got["text"] and r.es in got["text"] and r.en in got["text"]


@pytest.mark.rules("hanging_gardens.round.must-take", "hanging_gardens.place.first-card",
                   "hanging_gardens.temple.on-group", "hanging_gardens.tile.group-of-three")
def test_complete_the_first_hanging_gardens_lesson_by_clicking(lab, artifacts):
    lesson = lessons.series(GAME)[0]
    steps = {s.id: s for s in lesson.steps}
    page = lab.page
    lp = open_lessons(lab, "live = {}", game=GAME)
    mouse = Mouse(lp)
    page.wait_for_selector(f"{mouse.board} {DRAWING}", timeout=60_000)
    assert lp.step() == lesson.steps[0].id and f"Step 1 of {len(lesson.steps)}" in lp.text()

    # 1. a Hint from the catalogue; a card that is not the one asked for; then the card
    step = steps["take-fountains"]
    lp.press("hint")
    first = rules.rule(step.hint_rules[0])
    hint = lp.hints()[0]
    assert hint["rule"] == first.id and first.es in hint["text"] and first.en in hint["text"]
    wrong = _wrong(step, step.start)
    turn = mouse.data("turn")
    got = lp.play(wrong)
    assert got["kind"] == "legal" and step.start.describe(wrong) in got["text"]
    assert mouse.data("turn") == turn and lp.step() == step.id             # nothing was played
    lp.shot(artifacts, "legal")
    assert lp.play(step.solution)["kind"] == "done"

    # 2. the first card: over the table it is red and refused with its rule; then placed
    step = steps["first-card"]
    lp.wait_step(step.id)
    state = step.start
    far = next(Action("place", r, c, step.solution.args[2]) for r, c in ((-2, 3), (2, 2), (1, 3))
               if state.why_illegal(Action("place", r, c, step.solution.args[2])) is not None)
    got = mouse.place(state, far)
    _refused_by(state, got, far)
    assert lp.step() == step.id
    lp.shot(artifacts, "refused")
    lp.panel.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifacts / "lesson_hanging_gardens_room.png"))  # the panel over the board
    assert min(s["em"] for s in label_sizes(page, lp.selector)) >= 12.0
    check_readable(label_sizes(page, f"{mouse.board}:has({DRAWING})"), "gardens under the lesson")
    got = mouse.place(state, step.solution)
    assert got["kind"] == "done" and step.done_text in got["text"]

    # 3-4. black takes a card and places it, first as printed (legal, not the task), then turned
    step = steps["black-takes"]
    lp.wait_step(step.id)
    assert lp.play(step.solution)["kind"] == "done"
    step = steps["black-turns"]
    lp.wait_step(step.id)
    wrong = _wrong(step, step.start)
    got = mouse.place(step.start, wrong)
    assert got["kind"] == "legal" and step.start.describe(wrong) in got["text"]
    assert lp.step() == step.id
    assert mouse.place(step.start, step.solution)["kind"] == "done"

    # 5-6. white takes the fountain card and makes a group of three
    for sid in ("take-fountain-park", "group-of-three"):
        step = steps[sid]
        lp.wait_step(sid)
        if step.solution.kind == "place":
            lp.panel.evaluate("n => n.scrollIntoView({block: 'start'})")
            got = mouse.place(step.start, step.solution,
                              shot=artifacts / "lesson_hanging_gardens_preview.png")
        else:
            got = lp.play(step.solution)
        assert got["kind"] == "done", (sid, got)

    # 7. a temple on a lone motif is refused; on the group it scores
    step = steps["temple"]
    lp.wait_step(step.id)
    state = step.start
    lone = next(Action("temple", *sq) for g in hg.groups(state) for sq in sorted(g.squares)
                if g.size < 3)
    got = lp.play(lone)
    _refused_by(state, got, lone)
    assert lp.play(step.solution)["kind"] == "done"

    # 8. a tile beyond the first column is out of a group of three's reach; then the best tile
    step = steps["first-tile"]
    lp.wait_step(step.id)
    state = step.start
    beyond = Action("tile", 2, 1)
    got = lp.play(beyond)
    _refused_by(state, got, beyond)
    spanish = rules.rule(got["rule"]).es                # part 2 of the rulebook: its Spanish shown
    assert spanish and lp.panel.locator(".explorer-lesson-es").first.inner_text() == spanish
    lp.shot(artifacts, "refused_tile")
    page.locator(f"{mouse.board} {DRAWING}").first.screenshot(
        path=str(artifacts / "lesson_hanging_gardens_tiles.png"))
    got = lp.play(step.solution)
    assert got["kind"] == "done" and step.done_text in got["text"]

    n = len(lesson.steps)
    lp.wait_finished(n)
    lp.shot(artifacts, "finished")

    # Python saw every click: the kernel's lesson is finished, every step done
    seen = lp.in_kernel(lab, "live['hanging_gardens']")
    assert seen["outcome"] == ["done"] * n and seen["graded"] == lp.graded()
    assert lab.errors_in_outputs() == []
    assert page.errors == []
