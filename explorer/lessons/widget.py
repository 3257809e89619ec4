"""A lesson on the game's own live board: the board(s) a game normally shows, and a lesson panel.

The board draws and plays as always (its drawing, its clicks, its "What can I do now?" list);
the lesson only grades each move before it is played, through the board session's ``coach``:
a move that meets the step's task is played and the lesson goes on; a legal move that is not
the task, and a move the rules refuse, are answered on the board and in the panel, and the
position stays as it was. A click on a place that plays nothing, which the board answers with a
rule of the game (Gùgōng marks a city it cannot travel to now this way, not as a move), is
graded as refused too. The panel shows the step's instruction, the verdict of each click,
Hint, Retry, Skip and Back, "step k of n", and a closing screen.

>>> from explorer import lessons
>>> lb = lessons.lesson_board("corinth.first-round")
>>> [type(v).__name__ for v in lb.views]
['CorinthBoard', 'CorinthBoard']
>>> lb.play(["buy_yellow", 0]).kind, lb.panel.view["step"]
('legal', 'buy-yellow')
>>> lb.play(["buy_yellow", 1]).kind, lb.panel.view["step"]
('done', 'take-gold')
>>> lb.state == lb.tutor.position
True
"""

from __future__ import annotations

import importlib
import itertools
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .._errors import ExplorerError, IllegalAction
from .._registry import GAMES
from ._grade import Tutor, Verdict, refusal
from ._lesson import Lesson, load

__all__ = ["LessonBoard", "LessonPanel", "lesson_board", "game_boards"]

_STATIC = Path(__file__).resolve().parent.parent / "static"
_ids = itertools.count(1)


class LessonPanel(anywidget.AnyWidget):
    """The lesson's panel: instruction, verdicts, hints and the step buttons."""

    _esm = _STATIC / "lesson.js"
    _css = _STATIC / "lesson.css"

    view = traitlets.Dict({}).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)


def game_boards(game: str, state: Any) -> tuple:
    """The live board(s) a game shows for ``state``: its lessons package's ``boards(state)`` if
    it has one, else its widgets' ``table``, ``boards`` or ``board``, else the generic board."""
    from ..board import Board
    base = GAMES[game]
    for module_name, names in ((f"{base}.lessons", ("boards",)),
                               (f"{base}.widgets", ("table", "boards", "board"))):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        for name in names:
            make = getattr(module, name, None)
            if callable(make):
                made = make(state)
                return tuple(made) if isinstance(made, (tuple, list)) else (made,)
    return (Board(state),)


class LessonBoard:
    """A lesson played on the game's own board: ``views`` are the game's boards (one session),
    ``panel`` the lesson panel, ``tutor`` the learner's progress. Display it in a notebook."""

    def __init__(self, lesson: Lesson | str | Path | dict):
        self.lesson = lesson if isinstance(lesson, Lesson) else load(lesson)
        self.tutor = Tutor(self.lesson)
        self.views = game_boards(self.lesson.game, self.tutor.position)
        self.session = self.views[0].session
        self.session.coach = self._coach
        self._explain_target = self.session.explain_target
        self.session.explain_target = self._target
        self.key = f"explorer-lesson-boards-{next(_ids)}"
        for view in self.views:              # the page finds this lesson's boards by this class
            view.add_class(self.key)
        self.graded = 0                      # verdicts given so far (the page waits on it)
        self.panel = LessonPanel()
        self.panel.on_msg(self._on_msg)
        self._shown = None                   # the panel with its static copy, once displayed
        self._show()

    # ---- the same path for clicks and for code -------------------------------------------
    @property
    def state(self):
        return self.session.state

    def play(self, action: Any) -> Verdict | IllegalAction | None:
        """Play a move as a click would: graded, then played or answered."""
        return self.session.play(action)

    def hint(self) -> dict | None:
        got = self.tutor.hint()
        self._show()
        return got

    def retry(self) -> None:
        self.tutor.retry()
        self._set_up("Back to this step's position.")

    def skip(self) -> None:
        self.tutor.skip()
        self._set_up("Skipped.")

    def back(self) -> None:
        self.tutor.back()
        self._set_up("Back to the previous step.")

    def restart(self) -> None:
        self.tutor.restart()
        self._set_up("The lesson starts again.")

    # ---- grading -----------------------------------------------------------------------------
    def _coach(self, session: Any, action: Any) -> Any:
        tutor = self.tutor
        if tutor.finished:
            return None                          # the lesson is over: free play
        if session.state != tutor.position:
            err = IllegalAction("lesson-position", "engine.legal",
                                "The board has left this step's position (an undo, a load or a "
                                "new game). Press Retry in the lesson panel to set the step up "
                                "again.")
            session.message = {"kind": "illegal", "code": err.code, "rule": "", "text": err.message}
            session.refresh()
            return err
        try:
            verdict, after = tutor.play(action, session.state)
        except ExplorerError as e:               # never a raw exception at the page
            session.message = {"kind": "illegal", "code": "lesson-error", "rule": "",
                               "text": str(e)}
            session.refresh()
            return IllegalAction("lesson-error", "engine.legal", str(e))
        self.graded += 1
        if verdict.kind == "done":
            session.coach = None
            try:
                session.play(action)             # the board plays it, as any click
            finally:
                session.coach = self._coach
            if not tutor.finished and session.state != tutor.position:
                session.reset(tutor.position)    # the next step has a position of its own
            done = f"✓ {verdict.text}"
            session.message = {"kind": "ok", "text": done if tutor.finished else
                               f"{done}\nNext: {tutor.step.say}"}
        elif verdict.kind == "legal":
            session.message = {"kind": "not-the-task",
                               "text": f"Legal, but not this step's task. {verdict.text}"}
        else:
            rule = f"\n{verdict.label} {verdict.rule} — {verdict.title}: {verdict.en}" \
                if verdict.title else ""
            session.message = {"kind": "illegal", "code": verdict.code, "rule": verdict.rule,
                               "text": verdict.text + rule}
        session.refresh()
        self._show()
        return verdict

    def _target(self, target: Any) -> Any:
        """The board's answer to a click on a place that plays nothing; when the answer is a
        rule of the game at the step's position, the panel grades it as refused as well."""
        err = self._explain_target(target)
        session, tutor = self.session, self.tutor
        if not tutor.finished and session.cursor is None and session.state == tutor.position \
                and str(err.rule).startswith(f"{self.lesson.game}."):
            tutor.verdict = refusal(err)
            self.graded += 1
            self._show()
        return err

    def _set_up(self, text: str) -> None:
        """Show the current step's position on the board (undoable there)."""
        session = self.session
        if not self.tutor.finished and session.state != self.tutor.position:
            session.reset(self.tutor.position)
        session.message = {"kind": "ok", "text": text}
        session.refresh()
        self._show()

    def _show(self) -> None:
        view = self.tutor.progress()
        view["graded"] = self.graded
        view["game"] = self.lesson.game
        view["boards"] = self.key
        self.panel.view = view
        if self._shown is not None:
            self._shown.refresh_static()

    def static_html(self) -> str:
        """The lesson as static HTML (where no widget runs: an exported notebook): its title,
        the step reached and every step's instruction."""
        import html
        e = html.escape
        t = self.tutor
        now = ("finished" if t.finished else f"step {t.k + 1} of {len(self.lesson)}: "
               f"{t.step.say}")
        items = "".join(f"<li>{e(s.say)}</li>" for s in self.lesson.steps)
        return (f'<div class="explorer-lesson-static"><b>{e(self.lesson.title)}</b> ({e(now)})'
                f"<br>{e(self.lesson.intro)}<ol>{items}</ol></div>")

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            handler = {"hint": self.hint, "retry": self.retry, "skip": self.skip,
                       "back": self.back, "restart": self.restart}.get(kind)
            if handler is not None:
                handler()
            else:
                self._show()
        except ExplorerError as e:
            self.session.message = {"kind": "illegal", "code": "lesson-error", "rule": "",
                                    "text": str(e)}
            self.session.refresh()
        finally:
            self.panel.answered = self.panel.answered + 1

    # ---- showing it --------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display
        from ..notebook import with_static
        self._shown = with_static(self.panel, self.static_html)
        display(self._shown)
        for view in self.views:
            display(view)

    def __repr__(self) -> str:
        return f"<LessonBoard {self.lesson.id!r}: step {self.tutor.k + 1} of {len(self.lesson)}>"


def lesson_board(lesson: Lesson | str | Path | dict) -> LessonBoard:
    """The lesson on the game's own board, with the lesson panel (display it in a notebook)."""
    return LessonBoard(lesson)

