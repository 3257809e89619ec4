"""Lessons graded by the engine: steps of real positions, each with a task on the learner's move.

A lesson is a data file (``explorer/<game>/lessons/*.json``, or any file a teacher writes; the
format is in ``docs/lessons.md``). Each step has a position (a game record replayed through the
rules, a saved game, or the position after the learner's previous move), an instruction in
players' words, and a task: a predicate on the learner's move. Every move is graded:

``done``     the task is met: on to the next step;
``legal``    legal, but not the task: what the move did, and what the step asks;
``refused``  the rules refuse it: the engine's reason, with its rule (Spanish and English).

::

    series(game)            a game's shipped lessons, in order
    load(path_or_id)        one lesson (a file, a shipped lesson's id, or its data as a dict)
    Tutor(lesson)           a learner's way through it: play, hint, retry, skip, back
    grade(step, state, a)   the verdict of one move
    lesson_board(lesson)    the game's own live board with a lesson panel (a widget)
    Check                   how a game registers a named check for tasks

>>> from explorer import lessons
>>> lesson = lessons.load({"lesson": "demo.first", "game": "demo", "title": "First claim",
...     "intro": "Claim a hex.", "steps": [{"id": "claim", "say": "Claim the hex in the middle.",
...     "position": {"seed": 2, "players": 2, "actions": []},
...     "task": {"move": {"kind": "claim", "q": 0, "r": 0}}, "hint_rules": ["demo.claim.free"]}]})
>>> tutor = lessons.Tutor(lesson)
>>> verdict, _ = tutor.play(["claim", 1, 0])
>>> verdict.kind
'legal'
>>> tutor.play(["claim", 0, 0])[0].kind, tutor.finished
('done', True)
"""

from ._grade import VERDICTS, Tutor, Verdict, grade, hints, refusal
from ._lesson import (AFTER_PREVIOUS, Lesson, Step, lesson_files, lessons_folder, load, series,
                      solution)
from ._tasks import REQUIRED, Check, LessonError, Task, checks_of, parse_task

__all__ = ["Lesson", "Step", "Verdict", "VERDICTS", "Tutor", "Check", "Task", "LessonError",
           "REQUIRED", "AFTER_PREVIOUS", "load", "series", "lesson_files", "lessons_folder",
           "grade", "hints", "refusal", "solution", "parse_task", "checks_of", "lesson_board",
           "LessonBoard"]


def __getattr__(name: str):
    # the widget pulls in ipywidgets/anywidget: load it only when asked for
    if name in ("lesson_board", "LessonBoard", "LessonPanel"):
        from . import widget
        return getattr(widget, name)
    raise AttributeError(f"module 'explorer.lessons' has no attribute {name!r}")
