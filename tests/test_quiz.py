"""The rules quiz: every answer recomputed against the engine, determinism by seed, distinct
questions, plausible choices, scoring, bad options refused, and the widget driven by clicks."""

from __future__ import annotations

import html
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import Action, ExplorerError, OptionError, UnknownAction, replay, rules
from explorer._quiz import CHOICES, MAX_QUESTIONS

GAMES = ("corinth", "gugong", "gonzaga", "hanging_gardens")


def check_against_engine(quiz) -> None:
    """Recompute every answer of ``quiz`` from its records, with the engine alone."""
    book = rules.catalogue(quiz.game)
    seen_positions, seen_words = set(), set()
    for i, q in enumerate(quiz.questions):
        assert q.index == i
        record = json.loads(json.dumps(q.record))          # a record survives JSON
        state = replay(record)
        assert state.current_player == q.player and not state.is_over
        view = state.view(q.player)
        move = Action.from_json(json.loads(json.dumps(q.move.to_json())))
        err = state.why_illegal(move)
        assert q.legal == state.is_legal(move) == (err is None)
        # what the learner sees gives the same answer: nothing hidden decides it
        seen = view.why_illegal(move)
        assert (seen is None) == (err is None)
        assert q.move_text == view.describe(move)
        assert q.situation == view.status()
        assert q.player_label == view.player_label(q.player)
        assert str(move) not in q.move_text                 # words, not the engine's spelling
        # choices: distinct real rules of this game, with distinct titles
        assert len(q.choices) == CHOICES == len(set(q.choices))
        assert all(c in book for c in q.choices)
        assert q.choice_titles == tuple(book[c].title for c in q.choices)
        assert len(set(q.choice_titles)) == CHOICES
        if err is None:
            assert q.rule is None and q.refusal is None and q.rule_en == ""
        else:
            assert not isinstance(err, UnknownAction)       # well formed, refused by a rule
            assert q.rule == err.rule == seen.rule and q.refusal == err.message
            assert q.rule in book
            assert q.choices.count(q.rule) == 1
            # no other choice reads the same rulebook sentence (it could forbid the move too)
            reads = {q.rule, book[q.rule].interprets} - {""}
            for c in q.choices:
                if c != q.rule:
                    assert not reads & ({c, book[c].interprets} - {""}), (q.rule, c)
            entry = rules.rule(q.rule)
            assert (q.rule_title, q.rule_es, q.rule_en, q.rule_reading) == (
                entry.title, entry.es, entry.en, entry.reading)
        key = (json.dumps(q.record, sort_keys=True), q.move)
        assert key not in seen_positions
        assert (q.situation, q.move_text) not in seen_words
        seen_positions.add(key)
        seen_words.add((q.situation, q.move_text))


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_is_the_engines(game):
    for seed in (0, 1):
        quiz = explorer.quiz(game, questions=10, seed=seed)
        assert len(quiz) == 10 == len(set(quiz.questions))
        check_against_engine(quiz)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**40),
       questions=st.integers(1, 12), share=st.sampled_from([0, 0.3, 0.5, 1]))
def test_any_seed_gives_answers_the_engine_agrees_with(game, seed, questions, share):
    quiz = explorer.quiz(game, questions=questions, seed=seed, legal_share=share)
    assert len(quiz) == questions
    check_against_engine(quiz)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_quiz(game):
    a = explorer.quiz(game, questions=6, seed=11)
    b = explorer.quiz(game, questions=6, seed=11)
    assert a == b and str(a) == str(b) and a.to_dict() == b.to_dict()
    assert json.loads(json.dumps(a.to_dict())) == a.to_dict()
    others = [explorer.quiz(game, questions=6, seed=s).to_dict() for s in (12, 13)]
    assert any(o != a.to_dict() for o in others)


@pytest.mark.parametrize("game", GAMES)
def test_refusals_cover_many_rules(game):
    for seed in (0, 1, 2):
        quiz = explorer.quiz(game, questions=10, seed=seed)
        refused = [q.rule for q in quiz.questions if not q.legal]
        assert len(refused) >= 6
        assert len(set(refused)) >= 5, refused
        assert 1 <= sum(q.legal for q in quiz.questions) <= 4


def test_legal_share_sets_the_mix():
    assert all(q.legal for q in explorer.quiz("corinth", questions=5, seed=3, legal_share=1).questions)
    assert not any(q.legal for q in explorer.quiz("gugong", questions=5, seed=3,
                                                   legal_share=0).questions)


def test_players_fixes_the_games():
    quiz = explorer.quiz("gonzaga", questions=4, seed=5, players=4)
    assert {q.record["players"] for q in quiz.questions} == {4}
    assert quiz.players == 4


@pytest.mark.parametrize("kwargs, words", [
    ({"game": "chess"}, "no game is called 'chess'"),
    ({"game": 3}, "no game is called 3"),
    ({"game": "corinth", "questions": 0}, "questions must be a whole number from 1"),
    ({"game": "corinth", "questions": MAX_QUESTIONS + 1}, f"to {MAX_QUESTIONS}"),
    ({"game": "corinth", "questions": True}, "not True"),
    ({"game": "corinth", "questions": 2.0}, "not 2.0"),
    ({"game": "corinth", "questions": "10"}, "not '10'"),
    ({"game": "corinth", "seed": -1}, "seed must be a non-negative integer"),
    ({"game": "corinth", "seed": "1"}, "seed must be"),
    ({"game": "corinth", "seed": False}, "seed must be"),
    ({"game": "corinth", "players": 5}, "Corinth is played by 2-4 players, not 5"),
    ({"game": "gugong", "players": 1}, "2-5 players, not 1"),
    ({"game": "gonzaga", "players": "3"}, "not '3'"),
    ({"game": "corinth", "legal_share": 1.5}, "legal_share must be a number from 0 to 1"),
    ({"game": "corinth", "legal_share": True}, "legal_share"),
])
def test_bad_options_are_refused_in_words(kwargs, words):
    with pytest.raises(OptionError) as info:
        explorer.quiz(**kwargs)
    assert words in str(info.value)


def test_scripted_run_scores_each_part_once():
    quiz = explorer.quiz("hanging_gardens", questions=6, seed=2)
    right = 0
    for q in quiz.questions:
        # right on the odd questions, wrong on the even ones
        good = q.index % 2 == 1
        mark = quiz.answer(q.index, legal=q.legal if good else not q.legal)
        assert mark.right == good and mark.asks_rule == (not q.legal)
        right += good
        if not q.legal:
            pick = q.rule if good else next(c for c in q.choices if c != q.rule)
            mark = quiz.answer(q.index, rule=pick)
            assert mark.right == good and mark.rule == q.rule and mark.rule_en == q.rule_en
            assert q.refusal in str(mark) and q.rule in str(mark)
            right += good
    score = quiz.score
    expected_total = sum(1 if q.legal else 2 for q in quiz.questions)
    assert (score.right, score.answered, score.total) == (right, expected_total, expected_total)
    assert score.done
    with pytest.raises(OptionError, match="already answered"):
        quiz.answer(0, legal=True)


def test_bad_answers_are_refused():
    quiz = explorer.quiz("corinth", questions=6, seed=4)
    legal = next(q for q in quiz.questions if q.legal)
    refused = next(q for q in quiz.questions if not q.legal)
    for bad, words in [((6,), "from 0 to 5"), ((-1,), "from 0 to 5"), (("1",), "not '1'")]:
        with pytest.raises(OptionError, match=words):
            quiz.answer(*bad, legal=True)
    with pytest.raises(OptionError, match="give at least one"):
        quiz.answer(0)
    with pytest.raises(OptionError, match="True or False"):
        quiz.answer(0, legal="yes")
    with pytest.raises(OptionError, match="no rule forbids it"):
        quiz.answer(legal.index, rule=0)
    with pytest.raises(OptionError, match="choices are"):
        quiz.answer(refused.index, rule="corinth.no.such")
    with pytest.raises(OptionError, match="choices are"):
        quiz.answer(refused.index, rule=CHOICES)
    assert quiz.score.answered == 0             # nothing was marked by a refused answer
    mark = quiz.answer(refused.index, rule=refused.choices.index(refused.rule))
    assert mark.right


def test_text_asks_without_giving_answers():
    quiz = explorer.quiz("gonzaga", questions=5, seed=8)
    text = str(quiz)
    for q in quiz.questions:
        assert q.move_text in text and q.situation in text
        for title in q.choice_titles:
            assert title in text
        assert (q.refusal or "\0") not in text
    assert "Action(" not in text and "not legal" not in text
    solutions = quiz.solutions()
    for q in quiz.questions:
        if not q.legal:
            assert q.rule in solutions and q.rule_en in solutions and q.rule_es in solutions


def test_importing_explorer_stays_light():
    code = ("import sys, explorer; assert 'explorer._quiz' not in sys.modules; "
            "assert 'ipywidgets' not in sys.modules; "
            "q = explorer.quiz('corinth', questions=2, seed=1); "
            "assert 'ipywidgets' not in sys.modules and 'explorer.corinth' in sys.modules; "
            "print(type(q).__name__, explorer.Quiz is type(q))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["Quiz", "True"]


# ---- the widget, clicked from Python -----------------------------------------------------------
def test_widget_clicks_mark_the_quiz_and_show_the_rule():
    quiz = explorer.quiz("gugong", questions=4, seed=6)
    w = quiz.widget()
    assert isinstance(w, explorer.QuizWidget)
    right = hidden = 0
    for q in quiz.questions:
        assert w.index == q.index
        assert f'data-question="{q.index}"' in w._status.value
        # the position as the player to move sees it (the others' hands hidden), never the whole
        state = replay(q.record)
        view_svg, full_svg = state.view(q.player).to_svg(), state.to_svg()
        assert view_svg in w._position.value
        if full_svg != view_svg:
            hidden += 1
            assert full_svg not in w._position.value
        good = q.index != 1
        (w._yes if q.legal == good else w._no).click()
        assert f'data-part="legal" data-correct="{str(good).lower()}"' in w._legal_feedback.value
        right += good
        (w._yes if q.legal == good else w._no).click()            # a second click changes nothing
        if not q.legal:
            pick = q.rule if good else next(c for c in q.choices if c != q.rule)
            w._choices[q.choices.index(pick)].click()
            fb = w._rule_feedback.value
            assert f'data-correct="{str(good).lower()}"' in fb
            assert q.rule in fb and html.escape(q.rule_title) in fb
            assert html.escape(q.rule_en) in fb and html.escape(q.rule_es) in fb
            right += good
        w._next.click()
    assert w.current is None and hidden > 0
    assert quiz.score.right == right and quiz.score.done
    assert f'data-right="{right}" data-total="{quiz.score.total}"' in w._question.value


def test_widget_refuses_what_is_not_a_quiz():
    with pytest.raises(OptionError, match="explorer.quiz"):
        explorer.QuizWidget("corinth")
    assert issubclass(OptionError, ExplorerError)


class _Odd:
    def __repr__(self):
        return "<an odd value>"


@pytest.mark.parametrize("bad", [None, "x", 2.5, [0], {"a": 1}, _Odd()])
def test_wrong_types_anywhere_are_refused_in_words(bad):
    args = {"game": "corinth", "questions": 2, "seed": 1, "players": 2, "legal_share": 0.5}
    for name in args:
        if bad is None and name in ("seed", "players"):
            continue                                    # None means "draw one" / "vary"
        with pytest.raises(OptionError):
            explorer.quiz(**{**args, name: bad})
    quiz = explorer.quiz(**args)
    refused = next((q for q in quiz.questions if not q.legal), quiz.questions[0])
    for call in ({"i": bad, "legal": True}, {"i": 0, "legal": bad},
                 {"i": refused.index, "rule": bad}):
        with pytest.raises(OptionError):              # None alone answers nothing: refused too
            quiz.answer(**call)
    assert quiz.score.answered == 0
