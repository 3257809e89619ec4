"""A rules quiz in a notebook: one question at a time, the position drawn as the player to move
sees it, answer buttons, the engine's verdict with the rule's text, the running score, and a
final score screen.

The widget only shows and forwards clicks: every answer is marked by :meth:`Quiz.answer`, so a
quiz answered by clicking and one answered in code score the same way.

DOM hooks for tests: the root has class ``explorer-quiz``; ``.explorer-quiz-status`` carries
``data-question`` (0-based, or ``done``), ``data-right``, ``data-answered`` and ``data-total``;
each feedback ``.explorer-quiz-feedback`` carries ``data-question``, ``data-part`` (``legal`` or
``rule``) and ``data-correct``; buttons have the classes ``explorer-quiz-yes``,
``explorer-quiz-no``, ``explorer-quiz-choice`` and ``explorer-quiz-next``; the final screen is
``.explorer-quiz-final`` with ``data-right`` and ``data-total``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ._errors import ExplorerError, OptionError, shorten
from ._quiz import Mark, Question, Quiz

__all__ = ["QuizWidget"]

_CSS = """<style>
.explorer-quiz { font-size: 16px; max-width: 100%; }
.explorer-quiz .widget-html-content { line-height: 1.4; font-size: 15px; }
.explorer-quiz .explorer-quiz-text { font-size: 16px; }
.explorer-quiz .explorer-quiz-status { font-size: 15px; color: #333; }
.explorer-quiz .explorer-quiz-move { background: #fff6d6; border-left: 5px solid #d4a400;
  padding: 6px 10px; margin: 4px 0; font-size: 17px; }
.explorer-quiz .explorer-quiz-ask { font-weight: bold; font-size: 17px; margin-top: 6px; }
.explorer-quiz button.jupyter-button { font-size: 15px; height: auto; min-height: 34px;
  white-space: normal; text-align: left; padding: 4px 12px; }
.explorer-quiz button.jupyter-button:disabled { opacity: 0.85; }
.explorer-quiz .explorer-quiz-right { color: #1e6b28; font-weight: bold; }
.explorer-quiz .explorer-quiz-wrong { color: #a93226; font-weight: bold; }
.explorer-quiz .explorer-quiz-feedback { padding: 6px 10px; margin: 4px 0; border-radius: 4px;
  font-size: 15px; }
.explorer-quiz .explorer-quiz-feedback[data-correct='true'] { background: #e3f4e1;
  border-left: 5px solid #2e8b3a; }
.explorer-quiz .explorer-quiz-feedback[data-correct='false'] { background: #fbe4e1;
  border-left: 5px solid #c0392b; }
.explorer-quiz .explorer-quiz-rule-es { font-style: italic; }
.explorer-quiz .explorer-quiz-rule-id { font-family: monospace; font-size: 14px; }
.explorer-quiz .explorer-quiz-board { max-height: 60vh; overflow-y: auto; border: 1px solid #ccc;
  border-radius: 4px; }
.explorer-quiz .explorer-quiz-board svg { width: 100%; height: auto; display: block; }
.explorer-quiz .explorer-quiz-board-note { font-size: 14px; color: #555; }
.explorer-quiz .explorer-quiz-final table { border-collapse: collapse; font-size: 15px; }
.explorer-quiz .explorer-quiz-final td, .explorer-quiz .explorer-quiz-final th {
  border-bottom: 1px solid #ddd; padding: 3px 10px; text-align: left; }
.explorer-quiz .explorer-quiz-final td:nth-child(3) { white-space: nowrap; }
</style>"""

_YES, _NO = "Yes, it is legal", "No, it is refused"


class QuizWidget(widgets.VBox):
    """Answer a :class:`~explorer.Quiz` by clicking (``QuizWidget(explorer.quiz("corinth"))``)."""

    def __init__(self, quiz: Quiz, **kwargs):
        if not isinstance(quiz, Quiz):
            raise OptionError(f"QuizWidget shows a quiz made by explorer.quiz(...), not "
                              f"{shorten(quiz, 60)}.")
        super().__init__(**kwargs)
        self.quiz = quiz
        self.add_class("explorer-quiz")
        self._status = widgets.HTML()
        self._question = widgets.HTML()
        self._yes = self._button(_YES, "explorer-quiz-yes", lambda _: self._answer(legal=True))
        self._no = self._button(_NO, "explorer-quiz-no", lambda _: self._answer(legal=False))
        self._legal_feedback = widgets.HTML()
        self._rule_ask = widgets.HTML()
        self._choices: list[widgets.Button] = []
        self._choice_box = widgets.VBox()
        self._rule_feedback = widgets.HTML()
        self._next = self._button("Next question", "explorer-quiz-next", lambda _: self._advance())
        self._position = widgets.HTML()
        self._position.add_class("explorer-quiz-position")
        self._ask = widgets.HTML('<div class="explorer-quiz-ask">Is this move legal now?</div>')
        self._next.button_style = "info"
        self.index = next((q.index for q in quiz.questions if not self._complete(q)),
                          len(quiz.questions))
        self._show()

    # -- building blocks --------------------------------------------------------------------
    @staticmethod
    def _button(text: str, cls: str, on_click) -> widgets.Button:
        b = widgets.Button(description=text, layout=widgets.Layout(width="auto", height="auto"))
        b.add_class(cls)
        b.on_click(on_click)
        return b

    def _complete(self, q: Question) -> bool:
        parts = {p for (i, p) in self.quiz.answers if i == q.index}
        return "legal" in parts and (q.legal or "rule" in parts)

    @property
    def current(self) -> Question | None:
        qs = self.quiz.questions
        return qs[self.index] if self.index < len(qs) else None

    # -- clicks -----------------------------------------------------------------------------
    def _answer(self, legal: bool | None = None, rule: str | None = None) -> None:
        q = self.current
        if q is None:
            return
        try:
            self.quiz.answer(q.index, legal=legal, rule=rule)
        except ExplorerError:
            pass            # a second click on an answered part: the feedback already shows
        self._show()

    def _advance(self) -> None:
        q = self.current
        if q is not None and self._complete(q):
            self.index += 1
        self._show()

    # -- drawing ----------------------------------------------------------------------------
    def _show(self) -> None:
        self._status.value = _CSS + self._status_html()
        q = self.current
        if q is None:
            self._question.value = _final_html(self.quiz)
            self.children = [self._status, self._question]
            return
        marks = {p: m for (i, p), m in self.quiz.answers.items() if i == q.index}
        self._question.value = _question_html(q, len(self.quiz.questions))
        legal_mark = marks.get("legal")
        for b in (self._yes, self._no):
            b.disabled = legal_mark is not None
        self._yes.button_style = self._no.button_style = ""
        if legal_mark is not None:
            (self._yes if legal_mark.given else self._no).button_style = (
                "success" if legal_mark.right else "danger")
        self._legal_feedback.value = _feedback_html(legal_mark) if legal_mark else ""
        self._position.value = _position_html(q)
        children = [self._status, self._question, self._position, self._ask,
                    widgets.HBox([self._yes, self._no]), self._legal_feedback]
        if legal_mark is not None and not q.legal:
            rule_mark = marks.get("rule")
            self._rule_ask.value = ('<div class="explorer-quiz-ask">Which rule forbids it?</div>')
            self._choices = [self._choice(q, k, rule_mark) for k in range(len(q.choices))]
            self._choice_box.children = self._choices
            self._rule_feedback.value = _feedback_html(rule_mark, q) if rule_mark else ""
            children += [self._rule_ask, self._choice_box, self._rule_feedback]
        complete = self._complete(q)
        self._next.disabled = not complete
        self._next.description = ("See your score" if self.index == len(self.quiz.questions) - 1
                                  else "Next question")
        if complete:
            children.append(self._next)
        self.children = children

    def _choice(self, q: Question, k: int, mark: Mark | None) -> widgets.Button:
        rule = q.choices[k]
        b = self._button(f"{'ABCD'[k]}. {q.choice_titles[k]}", "explorer-quiz-choice",
                         lambda _, r=rule: self._answer(rule=r))
        b.tooltip = q.choice_titles[k]
        b.disabled = mark is not None
        if mark is not None:
            if rule == q.rule:
                b.button_style = "success"
            elif rule == mark.given:
                b.button_style = "danger"
        return b

    def _status_html(self) -> str:
        s = self.quiz.score
        n = len(self.quiz.questions)
        where = "done" if self.index >= n else str(self.index)
        q = self.current
        name = html.escape(self.quiz.questions[0].game_name)
        text = (f"{name} rules quiz · question {self.index + 1} of {n}" if q is not None
                else f"{name} rules quiz · finished")
        return (f'<div class="explorer-quiz-status" data-question="{where}" data-right="{s.right}" '
                f'data-answered="{s.answered}" data-total="{s.total}">{text} · score '
                f'<b>{s.right}</b> of {s.answered}</div>')


def _question_html(q: Question, total: int) -> str:
    e = html.escape
    return (f'<div class="explorer-quiz-text" data-question="{q.index}">'
            f'<div>{e(q.situation)}</div>'
            f'<div class="explorer-quiz-move">The move: <b>{e(q.move_text)}</b></div></div>')


def _feedback_html(mark: Mark, q: Question | None = None) -> str:
    e = html.escape
    verdict = "Right" if mark.right else "Wrong"
    head = (f'<div class="explorer-quiz-feedback" data-question="{mark.question}" '
            f'data-part="{mark.part}" data-correct="{str(mark.right).lower()}">')
    if mark.part == "legal":
        said = ("the move is legal." if mark.legal
                else "the move is refused. Which rule forbids it? Pick one below.")
        return f"{head}<b>{verdict}</b>: {said}</div>"
    es = (f'<div class="explorer-quiz-rule-es" lang="es">Reglamento: {e(mark.rule_es)}</div>'
          if mark.rule_es else "")
    entry = q.rule_entry() if q is not None else None
    label = f" <i>({e(entry.label)})</i>" if entry is not None and entry.kind != "rule" else ""
    reading = (f"<div>Explorer's reading: {e(q.rule_reading)}</div>"
               if q is not None and q.rule_reading else "")
    return (f"{head}<b>{verdict}</b>: {e(mark.refusal or '')}"
            f'<div class="explorer-quiz-rule" data-rule="{e(mark.rule or "")}"><b>'
            f'{e(mark.rule_title)}</b> <span class="explorer-quiz-rule-id">{e(mark.rule or "")}'
            f"</span>{label}{es}<div lang=\"en\">In English: {e(mark.rule_en)}</div>{reading}</div></div>")


def _position_html(q: Question) -> str:
    try:
        svg = q.svg()
    except ExplorerError as err:    # a position that no longer replays: say so, keep the quiz
        return f"<div>The position cannot be drawn: {html.escape(str(err))}</div>"
    who = html.escape(q.player_label)
    return (f'<div class="explorer-quiz-board-note">The position, as {who} sees it:</div>'
            f'<div class="explorer-quiz-board" data-question="{q.index}" '
            f'role="img" aria-label="The position, as {who} sees it">{svg}</div>')


def _final_html(quiz: Quiz) -> str:
    e = html.escape
    s = quiz.score
    rows = []
    for q in quiz.questions:
        marks = {p: m for (i, p), m in quiz.answers.items() if i == q.index}
        legal = f"{'legal' if q.legal else 'refused'} · {_verdict(marks.get('legal'))}"
        rule = "" if q.legal else f"{e(q.rule_title)} · {_verdict(marks.get('rule'))}"
        rows.append(f"<tr><td>{q.number}</td><td>{e(q.move_text)}</td><td>{legal}</td>"
                    f"<td>{rule}</td></tr>")
    return (f'<div class="explorer-quiz-final" data-right="{s.right}" data-total="{s.total}">'
            f"<h3>Your score: {s.right} of {s.total}</h3>"
            f"<table><tr><th>#</th><th>Move</th><th>Legal?</th><th>Which rule?</th></tr>"
            f"{''.join(rows)}</table></div>")


def _verdict(mark: Mark | None) -> str:
    if mark is None:
        return "not answered"
    return ('<span class="explorer-quiz-right">right</span>' if mark.right
            else '<span class="explorer-quiz-wrong">wrong</span>')
