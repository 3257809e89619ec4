"""Driving a lesson in a real browser, for every game's lesson test.

``LessonPage(page, game)`` finds the lesson panel of ``game`` in the open notebook (its stable
hooks: ``data-game``, ``data-step``, ``data-verdict``, ``data-graded``, ``data-finished``,
``data-boards``: the class of its own boards, so clicks never reach another lesson's board) and
clicks for a learner, waiting on state, never on time:

- ``play(action)`` clicks the board element that carries the move (``data-action``, the move as
  JSON) and returns the verdict the panel shows;
- ``click(selector)`` does the same for any element of its boards (a shop, a card, a target);
- ``press("hint" | "retry" | "skip" | "back" | "restart")`` presses a panel button;
- ``step()``, ``verdict()``, ``text()`` read the panel.

``open_lessons(lab, through=...)`` opens ``lessons.ipynb`` in a workshop room (1400×1000, file
browser open) and runs it through the cell that shows a lesson board. A typical test::

    lp = open_lessons(lab, "corinth_lesson = ", game="corinth")
    for step in lesson.steps:          # lesson = explorer.lessons.load(...), in the test process
        assert lp.step() == step.id
        assert lp.play(step.solution)["kind"] == "done"
"""

from __future__ import annotations

import json
from typing import Any

from room import open_in_room

PANEL = ".explorer-lesson"


def action_selector(action: Any) -> str:
    """The CSS selector of board elements that play ``action`` (an Action or its JSON list)."""
    raw = action.to_json() if hasattr(action, "to_json") else list(action)
    return f"[data-action='{json.dumps(raw, ensure_ascii=False)}']"


def open_lessons(lab, through: str | None, game: str) -> "LessonPage":
    """Open the lessons notebook in a workshop room, run it through the cell starting with
    ``through`` (None: every cell), and return the panel of ``game``'s lesson once drawn."""
    open_in_room(lab, "lessons.ipynb", through=through)
    lp = LessonPage(lab.page, game)
    lp.page.wait_for_selector(lp.selector, timeout=90_000)
    lp.page.wait_for_function("(sel) => { const p = document.querySelector(sel); "
                              "return p && p.dataset.step; }", arg=lp.selector, timeout=60_000)
    return lp


class LessonPage:
    """The lesson panel of one game on the page, and clicks graded through it."""

    def __init__(self, page, game: str):
        self.page = page
        self.game = game
        self.selector = f"{PANEL}[data-game='{game}']"

    @property
    def panel(self):
        return self.page.locator(self.selector).first

    def _data(self, name: str) -> str:
        return self.panel.get_attribute(f"data-{name}") or ""

    def step(self) -> str:
        return self._data("step")

    def graded(self) -> int:
        return int(self._data("graded") or 0)

    def finished(self) -> bool:
        return self._data("finished") == "true"

    def text(self) -> str:
        return self.panel.inner_text()

    def verdict(self) -> dict[str, Any]:
        """The verdict shown: its kind, its text, and the rule it cites (if any)."""
        box = self.panel.locator(".explorer-lesson-verdict")
        kind = self._data("verdict")
        if not kind:
            return {"kind": "", "text": "", "rule": ""}
        rule = box.locator(".explorer-lesson-rule")
        return {"kind": kind, "text": box.inner_text(),
                "rule": rule.first.get_attribute("data-rule") if rule.count() else ""}

    def wait_boards(self) -> None:
        """Until every board of the page has its answer (no click pending)."""
        self.page.wait_for_function(
            "() => [...document.querySelectorAll('.explorer-board')]"
            ".every(b => b.dataset.pending === 'false')", timeout=60_000)

    def click(self, selector: str) -> dict[str, Any]:
        """Click the first element matching ``selector`` on this lesson's boards (a legal one
        first) and wait until the lesson has graded it; the verdict shown."""
        before = self.graded()
        boards = f".{self._data('boards')} .explorer-board"     # this lesson's boards only
        legal = self.page.locator(f"{boards} {selector}.legal")
        target = legal if legal.count() else self.page.locator(f"{boards} {selector}")
        target.first.scroll_into_view_if_needed()
        target.first.click(force=True)
        self.page.wait_for_function(
            "([sel, n]) => { const p = document.querySelector(sel); "
            "return p && +p.dataset.graded > n; }", arg=[self.selector, before], timeout=60_000)
        self.wait_boards()
        return self.verdict()

    def play(self, action: Any) -> dict[str, Any]:
        """Click the board element that plays ``action``; the verdict shown."""
        return self.click(action_selector(action))

    def press(self, button: str) -> None:
        """Press a panel button (hint, retry, skip, back, restart) and wait for the answer."""
        self.panel.locator(f"button[data-do='{button}']").click()
        self.page.wait_for_function(
            "(sel) => document.querySelector(sel).dataset.pending === 'false'",
            arg=self.selector, timeout=60_000)
        self.wait_boards()

    def wait_step(self, step_id: str) -> None:
        self.page.wait_for_function(
            "([sel, id]) => document.querySelector(sel).dataset.step === id",
            arg=[self.selector, step_id], timeout=60_000)

    def hints(self) -> list[dict[str, str]]:
        items = self.panel.locator(".explorer-lesson-hint-item")
        out = []
        for i in range(items.count()):
            item = items.nth(i)
            rule = item.locator(".explorer-lesson-rule")
            out.append({"kind": item.get_attribute("data-kind") or "", "text": item.inner_text(),
                        "rule": rule.first.get_attribute("data-rule") if rule.count() else ""})
        return out

    def shot(self, artifacts, name: str) -> None:
        """A screenshot of the panel, as the room sees it: ``lesson_<game>_<name>.png``."""
        self.panel.scroll_into_view_if_needed()
        self.panel.screenshot(path=str(artifacts / f"lesson_{self.game}_{name}.png"))

    def wait_finished(self, steps: int) -> None:
        """Until the closing screen shows, saying all ``steps`` steps are done."""
        self.page.wait_for_function(
            "(sel) => document.querySelector(sel).dataset.finished === 'true'",
            arg=self.selector, timeout=60_000)
        text = self.text()
        assert "Lesson finished" in text and f"{steps} of {steps} steps" in text, text

    def in_kernel(self, lab, name: str) -> dict[str, Any]:
        """What the kernel's lesson board ``name`` (a Python expression) holds: each step's
        outcome, the game's length and the clicks graded, so a test can hold the page to it."""
        out = lab.run_code(f"import json\nprint('LESSON', json.dumps({{'outcome': {name}.tutor."
                           f"outcome, 'turn': len({name}.state.history), 'graded': {name}.graded}}))")
        return json.loads(out.split("LESSON", 1)[1].strip().splitlines()[0])
