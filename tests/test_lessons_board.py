"""A lesson on the game's own live board: every move graded before it is played."""

from __future__ import annotations

import pytest

from explorer import GAMES, Action, lessons, rules
from explorer.board import Board
from explorer.lessons import LessonBoard, grade

SHIPPED = lessons.lesson_files()


def _click(lb: LessonBoard, action) -> None:
    """A click on the board, as the page sends it."""
    lb.views[0]._on_msg(None, {"type": "click", "action": list(action)}, None)


def _press(lb: LessonBoard, button: str) -> None:
    before = lb.panel.answered
    lb._on_msg(None, {"type": button}, None)
    assert lb.panel.answered == before + 1          # every press is answered


def test_clicks_are_graded_then_played_or_answered():
    lb = lessons.lesson_board("corinth.first-round")
    lesson = lb.lesson
    step = lesson.steps[0]
    start = lb.state
    # a legal move that is not the task: answered on the board and the panel, not played
    _click(lb, ["buy_yellow", 0])
    expected, _ = grade(step, start, ["buy_yellow", 0])
    assert lb.state == start and lb.panel.view["verdict"] == expected.to_dict()
    assert lb.session.message["kind"] == "not-the-task"
    assert start.describe(start.legal_actions()[0]) in lb.session.message["text"]
    # a refused move: the engine's reason and rule
    _click(lb, ["take", "gold"])
    err = start.why_illegal(Action("take", "gold"))
    assert lb.state == start
    assert lb.session.message["rule"] == err.rule and err.message in lb.session.message["text"]
    assert lb.panel.view["verdict"]["kind"] == "refused"
    assert lb.panel.view["verdict"]["es"] == rules.rule(err.rule).es
    assert lb.panel.view["graded"] == 2
    # the task: played on the board, and the lesson goes on
    _click(lb, step.solution.to_json())
    assert lb.state == start.apply(step.solution) == lb.tutor.position
    assert lb.panel.view["step"] == lesson.steps[1].id and lb.panel.view["verdict"]["kind"] == "done"
    assert all(v.state is lb.state for v in lb.views)          # every view follows
    # the page finds this lesson's own boards by the class the panel names
    assert lb.panel.view["boards"] == lb.key and all(lb.key in v._dom_classes for v in lb.views)


def test_panel_buttons_hint_skip_back_retry_restart():
    lb = lessons.lesson_board("corinth.first-round")
    steps = lb.lesson.steps
    _press(lb, "hint")
    assert lb.panel.view["hints"][0]["rule"] == steps[0].hint_rules[0]
    _press(lb, "skip")
    assert lb.panel.view["step"] == steps[1].id and lb.state == lb.tutor.position
    _press(lb, "back")
    assert lb.panel.view["step"] == steps[0].id and lb.state == steps[0].start
    _click(lb, steps[0].solution.to_json())
    # the board left the lesson's position (an undo): the click is answered, nothing is played
    lb.views[0].undo()
    moved = lb.state
    _click(lb, ["take", "gold"])
    assert lb.state == moved and "Retry" in lb.session.message["text"]
    _press(lb, "retry")
    assert lb.state == lb.tutor.position
    _press(lb, "restart")
    assert lb.panel.view["k"] == 0 and lb.state == steps[0].start
    _press(lb, "nonsense")                                # still answered, nothing changes
    assert lb.panel.view["k"] == 0


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.parent.name}/{p.name}" for p in SHIPPED])
def test_every_shipped_lesson_is_completed_on_its_board(path):
    lb = lessons.lesson_board(path)
    assert isinstance(lb.views[0], Board)
    for step in lb.lesson.steps:
        assert lb.panel.view["step"] == step.id
        move = lessons.solution(step.task, lb.state)
        assert move is not None
        verdict = lb.play(move)
        assert verdict.kind == "done"
    assert lb.tutor.finished and lb.panel.view["finished"]
    assert lb.panel.view["done"] == len(lb.lesson.steps)
    # after the lesson the board plays freely
    if not lb.state.is_over and not lb.state.is_chance_node:
        assert lb.play(lb.state.legal_actions()[0]) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_lesson_board_of_its_own_views(game):
    from explorer._record import game_module
    from explorer.lessons.widget import game_boards
    state = game_module(game).new_game(players=2, seed=1)
    views = game_boards(game, state)
    assert views and all(isinstance(v, Board) and v.session is views[0].session for v in views)
    assert views[0].state == state


def test_a_check_that_breaks_while_playing_is_answered_on_the_board(monkeypatch):
    from explorer.corinth import lessons as corinth_lessons
    broken = {"now": False}

    def flaky(before, action, after):
        if broken["now"]:
            raise KeyError("oops")
        return action.kind == "buy_yellow" and action.args == (1,)
    monkeypatch.setitem(corinth_lessons.CHECKS, "flaky", lessons.Check(flaky, "buy one die"))
    lb = lessons.lesson_board({
        "lesson": "t.flaky", "game": "corinth", "title": "t", "intro": "t",
        "steps": [{"id": "buy", "position": {"seed": 3, "players": 2, "actions": []},
                   "say": "Buy one.", "task": {"check": "flaky"}}]})
    broken["now"] = True
    start = lb.state
    _click(lb, ["buy_yellow", 1])
    assert lb.state == start and lb.session.message["kind"] == "illegal"
    assert "check 'flaky' failed" in lb.session.message["text"]
