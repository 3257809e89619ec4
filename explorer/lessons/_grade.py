"""Grading a learner's move, and a learner's way through a lesson.

Every answer comes from the engine: a refused move is refused by ``why_illegal`` (with its rule,
in the rulebook's Spanish and in English), a legal move is played by ``apply`` and described by
``describe``, and the step's task is tested on the position before and after it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .._action import Action
from .._engine import GameState
from .._errors import ExplorerError, IllegalAction
from ._lesson import Lesson, Step, solution

__all__ = ["Verdict", "grade", "hints", "Tutor", "VERDICTS"]

VERDICTS = ("done", "legal", "refused")
"""The three answers to a move: the task is met; legal but not the task; refused by the rules."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The answer to one move: ``kind`` is one of :data:`VERDICTS`; ``text`` says it in players'
    words; ``move`` is the move in words (done and legal); a refusal carries its ``rule`` (id,
    title, English and the rulebook's Spanish) and ``code``."""

    kind: str
    text: str
    move: str = ""
    action: tuple = ()
    rule: str = ""
    title: str = ""
    en: str = ""
    es: str = ""
    label: str = ""
    code: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["action"] = list(self.action)
        return d


def _action_of(raw: Any) -> Action:
    if isinstance(raw, Action):
        return raw
    return Action.from_json(raw)


def grade(step: Step, state: GameState, action: Any) -> tuple[Verdict, GameState | None]:
    """Grade ``action`` played in ``state`` for ``step``: the verdict, and the position after it
    when it is legal (None when refused)."""
    try:
        action = _action_of(action)
    except IllegalAction as err:
        return refusal(err), None
    err = state.why_illegal(action)
    if err is not None:
        return refusal(err), None
    said = _said(state, action)
    after = state.apply(action)
    shown = tuple(action.to_json())
    if step.task.holds(state, action, after):
        return Verdict("done", step.done_text, said, shown), after
    why = step.wants or step.task.missed(state, action, after)
    return Verdict("legal", f"Your move: {_sentence(said)} This step asks: {_sentence(why)} "
                            "Your move was not played: try again.", said, shown), after


def refusal(err: IllegalAction) -> Verdict:
    """The verdict of a move the rules refuse: the engine's reason and its rule."""
    from .._rules import rule
    title = en = es = label = ""
    try:
        r = rule(err.rule)
        title, en, es, label = r.title, r.summary(), r.es, r.label
    except ExplorerError:        # an engine rule without a catalogue entry still answers
        pass
    return Verdict("refused", f"Not allowed: {err.message}", "", tuple(_json(err.action)),
                   err.rule, title, en, es, label, err.code)


def _json(action: Any) -> list:
    return action.to_json() if isinstance(action, Action) else []


def _said(state: GameState, action: Action) -> str:
    try:
        return state.describe(action)
    except ExplorerError:
        return str(action)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def hints(step: Step, state: GameState) -> list[dict[str, Any]]:
    """The step's hints, in order: the texts of its rules from the catalogue (English and the
    rulebook's Spanish), then, last, one move that meets the task, in words."""
    from .._rules import rule
    out: list[dict[str, Any]] = []
    for rid in step.hint_rules:
        r = rule(rid)
        out.append({"kind": "rule", "rule": r.id, "title": r.title, "en": r.summary(),
                    "es": r.es, "label": r.label})
    move = solution(step.task, state) or step.solution
    shown = state if move in state.legal_actions() else step.start
    out.append({"kind": "move", "text": f"One move that does it: {_sentence(_said(shown, move))}",
                "action": move.to_json()})
    return out


class Tutor:
    """A learner's way through a lesson: the current step and its position, the last verdict,
    the hints shown, and what was done or skipped. Learners may retry a step, skip it (the
    lesson goes on as if one move that meets the task had been played) and go back.
    """

    def __init__(self, lesson: Lesson):
        n = len(lesson.steps)
        self.lesson = lesson
        self.k = 0
        self.starts: list[GameState | None] = [lesson.steps[0].start] + [None] * (n - 1)
        self.outcome: list[str] = [""] * n        # "done" or "skipped", per step
        self.verdict: Verdict | None = None
        self.shown_hints = 0
        self.note = ""
        self.previous = ""                        # what the previous step's move did

    # ---- where the learner is -------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.k >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.k]

    @property
    def position(self) -> GameState:
        """The position of the current step (at the end: where the last move led)."""
        if self.finished:
            return self._last
        start = self.starts[self.k]
        assert start is not None
        return start

    # ---- the learner's actions --------------------------------------------------------------
    def play(self, action: Any, state: GameState | None = None) -> tuple[Verdict, GameState | None]:
        """Grade a move played in the step's position (or in ``state``, the position the board
        shows); when the task is met, the lesson moves on to the next step."""
        if self.finished:
            raise ExplorerError("the lesson is finished: start it again to play it once more")
        step = self.step
        verdict, after = grade(step, state if state is not None else self.position, action)
        self.verdict = verdict
        if verdict.kind == "done":
            self.outcome[self.k] = "done"
            self.previous = _sentence(verdict.move)
            self._next(after)
        return verdict, after

    def hint(self) -> dict[str, Any] | None:
        """Show one more hint of the step (None when all are shown)."""
        if self.finished:
            return None
        got = self.hints()
        if self.shown_hints >= len(got):
            return None
        self.shown_hints += 1
        return got[self.shown_hints - 1]

    def hints(self) -> list[dict[str, Any]]:
        if self.finished:
            return []
        key = (self.k, id(self.position))
        if getattr(self, "_hints_key", None) != key:
            self._hints_key, self._hints = key, hints(self.step, self.position)
        return self._hints

    def retry(self) -> None:
        """The step again, from its position."""
        self.verdict = None
        self.note = ""

    def skip(self) -> None:
        """Go on to the next step as if a move that meets the task had been played."""
        if self.finished:
            return
        state = self.position
        move = solution(self.step.task, state) or self.step.solution
        if move not in state.legal_actions():
            state, move = self.step.start, self.step.solution
        self.outcome[self.k] = "skipped"
        self.verdict = None
        self.previous = f"Skipped; one move that does it: {_sentence(_said(state, move))}"
        self._next(state.apply(move))

    def back(self) -> None:
        """Back to the previous step (its position as the learner found it)."""
        if self.k == 0:
            return
        self.k -= 1
        self.verdict = None
        self.shown_hints = 0
        self.note = ""
        self.previous = ""

    def restart(self) -> None:
        self.__init__(self.lesson)

    def _next(self, after: GameState) -> None:
        self.k += 1
        self.shown_hints = 0
        self.note = ""
        self._last = after
        if self.finished:
            return
        step = self.lesson.steps[self.k]
        start = step.position(after)
        if step.follows and start is not after:
            self.note = ("This step starts from the position the lesson was written for, as "
                         "your move led elsewhere.")
        self.starts[self.k] = start

    def progress(self) -> dict[str, Any]:
        """Where the learner is, as the lesson panel shows it."""
        lesson, n = self.lesson, len(self.lesson.steps)
        d: dict[str, Any] = {"lesson": lesson.id, "title": lesson.title, "intro": lesson.intro,
                             "n": n, "k": self.k, "finished": self.finished,
                             "outcome": list(self.outcome), "previous": self.previous,
                             "note": self.note,
                             "verdict": self.verdict.to_dict() if self.verdict else None}
        if not self.finished:
            step = self.step
            d.update({"step": step.id, "say": step.say,
                      "hints": self.hints()[:self.shown_hints],
                      "more_hints": self.shown_hints < len(self.hints())})
        else:
            d.update({"step": "", "say": "", "hints": [], "more_hints": False,
                      "done": self.outcome.count("done"), "skipped": self.outcome.count("skipped")})
        return d
