"""Lessons: the file format and its errors, grading against the engine, and every shipped lesson."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer import Action, ExplorerError, corinth, demo, save_record
from explorer import rules as catalogue
from explorer import lessons
from explorer.lessons import LessonError, Tutor, grade

SHIPPED = lessons.lesson_files()

GOOD = {
    "lesson": "test.corinth", "game": "corinth", "title": "A test lesson", "intro": "Two steps.",
    "steps": [
        {"id": "buy", "position": {"seed": 3, "players": 2, "actions": []},
         "say": "Buy one yellow die.", "task": {"move": {"kind": "buy_yellow", "k": 1}},
         "hint_rules": ["corinth.supply.buy-yellow"], "done_text": "Bought."},
        {"id": "gold", "position": "after previous", "say": "Take the gold group.",
         "task": {"move": {"kind": "take", "district": "gold"}}},
        {"id": "coins", "position": "after previous", "say": "Get gold.",
         "task": {"check": "gains", "what": "gold", "at_least": 2}},
    ]}


def _with(path: tuple, value, base=GOOD):
    """A copy of ``base`` with the entry at ``path`` set to ``value`` (deleted for ``...``)."""
    raw = copy.deepcopy(base)
    node = raw
    for key in path[:-1]:
        node = node[key]
    if value is ...:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return raw


def test_good_lesson_loads_with_a_solution_per_step():
    lesson = lessons.load(GOOD)
    assert [s.id for s in lesson.steps] == ["buy", "gold", "coins"]
    for step in lesson.steps:
        after = step.start.apply(step.solution)
        assert step.task.holds(step.start, step.solution, after)
        assert step.start.why_illegal(step.solution) is None
    # "after previous" is the position after the previous step's solution, as the engine plays it
    first, second = lesson.steps[:2]
    assert second.follows and second.start == first.start.apply(first.solution)


# (where the file is changed, the new value, words the error must contain)
MALFORMED = [
    (("steps", 1, "say"), ..., ["step 2 ('gold')", "no 'say'"]),
    (("steps", 0, "task"), ..., ["step 1 ('buy')", "no 'task'"]),
    (("steps", 1, "id"), ..., ["step 2", "no 'id'"]),
    (("steps", 0, "position", "actions"), [["take", "gold"]], ["step 1 ('buy')", "move #1",
                                                               "not legal"]),
    (("steps", 0, "position", "seed"), "three", ["step 1 ('buy')", "'seed' should be a whole number"]),
    (("steps", 2, "task"), {"check": "no_such_check"}, ["step 3 ('coins')", "unknown check",
                                                        "gains"]),
    (("steps", 2, "task"), {"check": "gains", "what": "silver"}, ["step 3 ('coins')", "what"]),
    (("steps", 2, "task"), {"check": "gains", "what": "gold", "at_least": "2"},
     ["step 3 ('coins')", "at_least", "integer"]),
    (("steps", 2, "task"), {"check": "gains", "how": 2}, ["step 3 ('coins')", "no parameter how"]),
    (("steps", 2, "task"), {"check": "gains"}, ["step 3 ('coins')", "needs the parameter what"]),
    (("steps", 1, "task"), {"move": {"kind": "take", "district": "orange", "x": 1}},
     ["step 2 ('gold')", "no argument 'x'"]),
    (("steps", 1, "task"), {"move": {"kind": "fly"}}, ["step 2 ('gold')", "not a kind of move"]),
    (("steps", 1, "task"), {"move": {"kind": "take", "district": 3}},
     ["step 2 ('gold')", "argument district"]),
    (("steps", 1, "task"), {"move": {"kind": "build", "name": "temple"}},
     ["step 2 ('gold')", "no legal move", "meets its task"]),
    (("steps", 1, "task"), {"all": [{"move": {"kind": "take", "district": "gold"}},
                                    {"not": {"move": {"kind": "take"}}}]},
     ["step 2 ('gold')", "no legal move"]),
    (("steps", 1, "task"), {"move": {"kind": "take"}, "check": "gains"},
     ["step 2 ('gold')", "exactly one of the keys"]),
    (("steps", 1, "task"), {"any": []}, ["step 2 ('gold')", "non-empty list"]),
    (("steps", 1, "task"), [], ["step 2 ('gold')", "'task' should be an object"]),
    (("steps", 1, "say"), 7, ["step 2 ('gold')", "'say' should be a text"]),
    (("steps", 1, "say"), "  ", ["step 2 ('gold')", "empty"]),
    (("steps", 0, "hint_rules"), "corinth.supply.buy-yellow", ["step 1 ('buy')", "should be a list"]),
    (("steps", 0, "hint_rules"), ["corinth.no.such-rule"], ["step 1 ('buy')", "not in the rule"]),
    (("steps", 0, "hint_rules"), [3], ["step 1 ('buy')", "rule ids"]),
    (("steps", 0, "position"), "after previous", ["step 1 ('buy')", "first step"]),
    (("steps", 0, "position"), 12, ["step 1 ('buy')", "a step's position is"]),
    (("steps", 1, "id"), "buy", ["step 2 ('buy')", "two steps have the id"]),
    (("steps", 1, "colour"), "red", ["step 2 ('gold')", "unknown key 'colour'"]),
    (("steps",), [], ["no steps"]),
    (("steps",), ..., ["no 'steps'"]),
    (("game",), "chess", ["unknown game 'chess'"]),
    (("lesson",), "a lesson with spaces", ["lesson id"]),
    (("format",), "explorer-lesson/9", ["unknown lesson format"]),
]


@pytest.mark.parametrize("path, value, words", MALFORMED,
                         ids=[f"{'.'.join(map(str, p))}={str(v)[:30]}" for p, v, _ in MALFORMED])
def test_malformed_lesson_is_refused_naming_the_step(tmp_path, path, value, words):
    raw = _with(path, value)
    file = tmp_path / "lesson.json"
    file.write_text(json.dumps(raw))
    with pytest.raises(LessonError) as err:
        lessons.load(file)
    text = str(err.value)
    assert text.startswith("lesson.json")          # the file is named first
    for w in words:
        assert w in text, text
    assert "Traceback" not in text and "<" not in text


def test_a_record_that_does_not_replay_names_the_step(tmp_path):
    record = corinth.new_game(players=2, seed=3).record()
    record["actions"] = [["take", "gold"]]
    raw = _with(("steps", 0, "position"), record)
    with pytest.raises(LessonError, match=r"step 1 \('buy'\).*does not replay.*action #0"):
        lessons.load(raw)


def test_position_from_a_save_next_to_the_lesson(tmp_path):
    state = corinth.new_game(players=2, seed=3).apply(corinth.buy_yellow(1))
    (tmp_path / "saves").mkdir()
    save_record(state, tmp_path / "saves" / "rolled.json")
    raw = _with(("steps", 0), {"id": "take", "position": {"save": "saves/rolled.json"},
                               "say": "Take gold.", "task": {"move": {"kind": "take",
                                                                      "district": "gold"}}})
    raw["steps"] = raw["steps"][:1]
    file = tmp_path / "lesson.json"
    file.write_text(json.dumps(raw))
    lesson = lessons.load(str(file))
    assert lesson.steps[0].start == state
    raw["steps"][0]["position"] = {"save": "saves/missing.json"}
    file.write_text(json.dumps(raw))
    with pytest.raises(LessonError, match=r"step 1 \('take'\).*no such saved game file"):
        lessons.load(file)
    other = demo.new_game(players=2, seed=2)
    save_record(other, tmp_path / "saves" / "demo.json")
    raw["steps"][0]["position"] = {"save": "saves/demo.json"}
    file.write_text(json.dumps(raw))
    with pytest.raises(LessonError, match=r"step 1 \('take'\).*a game of 'demo'.*about corinth"):
        lessons.load(file)


def test_a_file_that_is_not_json_or_not_a_lesson(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    with pytest.raises(LessonError, match="broken.json"):
        lessons.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(LessonError, match="a lesson is a JSON object, not a list"):
        lessons.load(bad)
    with pytest.raises(LessonError, match="no lesson file 'corinth.nothing'"):
        lessons.load("corinth.nothing")
    with pytest.raises(LessonError, match="not a number 3"):
        lessons.load(3)


def test_a_check_that_fails_is_named(monkeypatch):
    from explorer.corinth import lessons as corinth_lessons

    def broken(before, action, after):
        raise KeyError("oops")
    monkeypatch.setitem(corinth_lessons.CHECKS, "broken", lessons.Check(broken, "break"))
    with pytest.raises(LessonError, match=r"step 3 \('coins'\).*check 'broken' failed \(KeyError"):
        lessons.load(_with(("steps", 2, "task"), {"check": "broken"}))


# ---- grading against the engine ------------------------------------------------------------

def test_every_legal_move_of_a_step_is_graded_by_the_engine():
    lesson = lessons.load(GOOD)
    for step in lesson.steps:
        state = step.start
        for action in state.legal_actions():
            verdict, after = grade(step, state, action)
            assert after == state.apply(action)
            assert verdict.kind == ("done" if step.task.holds(state, action, after) else "legal")
            assert verdict.move == state.describe(action)
            if verdict.kind == "legal":
                assert "This step asks" in verdict.text and verdict.move in verdict.text


def test_refused_moves_carry_the_engines_rule_in_both_languages():
    step = lessons.load(GOOD).steps[1]               # take a group
    state = step.start
    for action in [corinth.deliver("green-1"), corinth.build("temple"), corinth.buy_yellow(1),
                   corinth.take("nowhere")]:
        err = state.why_illegal(action)
        verdict, after = grade(step, state, action.to_json())
        assert after is None and verdict.kind == "refused"
        assert (verdict.rule, verdict.code) == (err.rule, err.code)
        assert err.message in verdict.text
        r = catalogue.rule(err.rule)
        assert verdict.en == r.summary() and verdict.es == r.es and verdict.title == r.title
    verdict, _ = grade(step, state, ["take"])          # not even a well-formed move
    assert verdict.kind == "refused" and verdict.rule == "engine.action"
    verdict, _ = grade(step, state, {"not": "a move"})
    assert verdict.kind == "refused"


def test_hints_are_the_catalogue_then_a_move():
    lesson = lessons.load(GOOD)
    step = lesson.steps[0]
    got = lessons.hints(step, step.start)
    assert [h["kind"] for h in got] == ["rule", "move"]
    r = catalogue.rule("corinth.supply.buy-yellow")
    assert got[0]["en"] == r.summary() and got[0]["es"] == r.es
    assert got[-1]["action"] == step.solution.to_json()
    assert step.start.describe(step.solution) in got[-1]["text"]


def test_tutor_retry_skip_back_and_finish():
    lesson = lessons.load(GOOD)
    tutor = Tutor(lesson)
    assert tutor.play(["buy_yellow", 0])[0].kind == "legal" and tutor.k == 0
    assert tutor.play(["take", "gold"])[0].kind == "refused" and tutor.k == 0
    tutor.retry()
    assert tutor.verdict is None and tutor.position == lesson.steps[0].start
    assert tutor.hint()["kind"] == "rule" and tutor.hint()["kind"] == "move" and tutor.hint() is None
    tutor.skip()
    assert tutor.k == 1 and tutor.outcome[0] == "skipped"
    assert tutor.position == lesson.steps[1].start
    verdict, after = tutor.play(["take", "gold"])
    assert verdict.kind == "done" and tutor.k == 2 and tutor.position is after
    tutor.back()
    assert tutor.k == 1 and tutor.position == lesson.steps[1].start
    tutor.play(["take", "gold"])
    tutor.play(["gold"])
    assert tutor.finished and tutor.outcome == ["skipped", "done", "done"]
    p = tutor.progress()
    assert p["finished"] and (p["done"], p["skipped"]) == (2, 1)
    with pytest.raises(ExplorerError):
        tutor.play(["gold"])
    tutor.restart()
    assert tutor.k == 0 and tutor.outcome == ["", "", ""]


def test_after_previous_follows_the_learners_own_move_or_falls_back():
    # step 2 wants a claim next to (0, 0): possible after the learner's own claim of (0, 0)
    raw = {"lesson": "demo.t", "game": "demo", "title": "t", "intro": "t", "steps": [
        {"id": "one", "position": {"seed": 2, "players": 2, "actions": []}, "say": "Claim any hex.",
         "task": {"move": {"kind": "claim"}}},
        {"id": "two", "position": "after previous", "say": "Claim (1, 0).",
         "task": {"move": {"kind": "claim", "q": 1, "r": 0}}}]}
    lesson = lessons.load(raw)
    first = lesson.steps[0]
    mine = demo.claim(2, -2)
    assert mine != first.solution
    tutor = Tutor(lesson)
    tutor.play(mine)
    assert tutor.position == first.start.apply(mine) and tutor.note == ""
    # a first move that makes the next task impossible: the step starts as written, and says so
    tutor = Tutor(lesson)
    tutor.play(demo.claim(1, 0))
    assert tutor.position == lesson.steps[1].start and "written for" in tutor.note


# ---- every shipped lesson -------------------------------------------------------------------

@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.parent.name}/{p.name}" for p in SHIPPED])
def test_shipped_lesson_loads_and_every_step_is_achievable(path):
    lesson = lessons.load(path)
    assert lesson.path == path and lesson.game == path.parent.parent.name
    assert lesson.title.strip() and lesson.intro.strip() and lesson.steps
    for step in lesson.steps:
        assert step.say.strip() and step.done_text.strip()
        assert step.start.why_illegal(step.solution) is None
        assert step.task.holds(step.start, step.solution, step.start.apply(step.solution))
        # a task that every move meets teaches nothing: some legal move must miss it, or the
        # position must offer a single move
        moves = step.start.legal_actions()
        misses = [a for a in moves if not step.task.holds(step.start, a, step.start.apply(a))]
        assert misses or len(moves) == 1, f"{step.id}: every legal move meets the task"
        for rid in step.hint_rules:
            assert catalogue.rule(rid).game in (lesson.game, "engine")
    assert lessons.load(lesson.id) is lesson               # found again by its id
    assert lesson in lessons.series(lesson.game)


def test_series_lists_every_game_and_ids_are_unique():
    ids = [lessons.load(p).id for p in SHIPPED]
    assert len(ids) == len(set(ids))
    assert lessons.series("corinth"), "Corinth ships a series"
    for game in ("demo", "corinth", "gugong", "gonzaga", "hanging_gardens"):
        assert all(lesson.game == game for lesson in lessons.series(game))


# ---- properties ---------------------------------------------------------------------------

def _steps() -> list:
    out = []
    for path in SHIPPED:
        try:
            lesson = lessons.load(path)
        except LessonError:      # a broken file fails its own test above, not every test here
            continue
        out.extend((lesson, step) for step in lesson.steps)
    return out


STEPS = _steps()


def _all_moves() -> list[Action]:
    seen: set[Action] = set()
    for _, step in STEPS:
        seen.update(step.start.legal_actions())
    return sorted(seen)


MOVES = _all_moves()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_legal_moves_are_done_iff_the_task_holds_and_never_refused(data):
    lesson, step = data.draw(st.sampled_from(STEPS))
    state = step.start
    action = data.draw(st.sampled_from(state.legal_actions()))
    verdict, after = grade(step, state, action)
    assert verdict.kind != "refused"
    assert (verdict.kind == "done") == step.task.holds(state, action, state.apply(action))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_illegal_moves_are_refused_with_the_engines_rule(data):
    lesson, step = data.draw(st.sampled_from(STEPS))
    state = step.start
    others = [a for a in MOVES if a.kind in state.SIGNATURES and not state.is_legal(a)]
    if not others:
        return
    action = data.draw(st.sampled_from(others))
    verdict, after = grade(step, state, action)
    err = state.why_illegal(action)
    assert after is None and verdict.kind == "refused"
    assert (verdict.rule, verdict.code) == (err.rule, err.code) and err.message in verdict.text
