"""Real browser: the quiz notebook's live quiz answered by clicking in JupyterLab (some answers
right, some wrong); the feedback quotes the rule; the final score is the one the clicks earned."""

import json

import pytest

import explorer
from explorer import replay
from room import check_readable, label_sizes, open_in_room, summary

pytestmark = pytest.mark.browser

QUIZ = ".explorer-quiz"


def _norm(text: str) -> str:
    return " ".join(text.split())


def test_quiz_answered_by_clicking(lab, artifacts):
    page = lab.page
    open_in_room(lab, "quiz.ipynb")
    status = page.locator(f"{QUIZ} .explorer-quiz-status")
    page.wait_for_selector(f"{QUIZ} .explorer-quiz-status[data-question='0']", timeout=60_000)
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'start'})", QUIZ)
    page.screenshot(path=str(artifacts / "quiz_lab.png"))       # what a learner sees first

    # the quiz the notebook shows, rebuilt here from its options; its answers come from the engine
    shown = json.loads(lab.run_code("import json; print(json.dumps({'game': quiz.game, "
                                    "'seed': quiz.seed, 'n': len(quiz.questions)}))"))
    mine = explorer.quiz(shown["game"], questions=shown["n"], seed=shown["seed"])
    n = len(mine.questions)
    right = total = 0
    wrong_legal = wrong_rule = 0
    shot = False
    for q in mine.questions:
        i = q.index
        page.wait_for_selector(f"{QUIZ} .explorer-quiz-status[data-question='{i}']", timeout=60_000)
        state = replay(q.record)
        legal = state.is_legal(q.move)                     # the engine's answer, not the quiz's
        box = page.locator(f"{QUIZ} .explorer-quiz-text[data-question='{i}']")
        assert _norm(q.move_text) in _norm(box.inner_text())
        # wrong on the second question's "legal?", right elsewhere
        good_legal = i != 1
        says = legal if good_legal else not legal
        page.locator(f"{QUIZ} .explorer-quiz-{'yes' if says else 'no'}").click()
        fb = page.locator(f"{QUIZ} .explorer-quiz-feedback[data-question='{i}'][data-part='legal']")
        fb.wait_for(timeout=30_000)
        assert fb.get_attribute("data-correct") == str(good_legal).lower()
        right += good_legal
        total += 1
        wrong_legal += not good_legal
        if not legal:
            rule = state.why_illegal(q.move).rule
            entry = explorer.rules.rule(rule)
            # wrong on the first refused move's rule, right on the others
            good_rule = wrong_rule > 0
            pick = rule if good_rule else next(c for c in q.choices if c != rule)
            title = entry.title if good_rule else explorer.rules.rule(pick).title
            k = q.choices.index(pick)
            page.locator(f"{QUIZ} .explorer-quiz-choice").nth(k).click()
            assert _norm(page.locator(f"{QUIZ} .explorer-quiz-choice").nth(k).inner_text()).endswith(
                _norm(title))
            rfb = page.locator(f"{QUIZ} .explorer-quiz-feedback[data-question='{i}'][data-part='rule']")
            rfb.wait_for(timeout=30_000)
            assert rfb.get_attribute("data-correct") == str(good_rule).lower()
            text = _norm(rfb.inner_text())
            assert _norm(entry.en) in text and rule in text and _norm(entry.title) in text
            if entry.es:
                assert _norm(entry.es) in text
            assert rfb.locator(".explorer-quiz-rule").get_attribute("data-rule") == rule
            right += good_rule
            total += 1
            wrong_rule += not good_rule
            if not shot:                                # a refused move, answered: the screenshot
                shot = True
                rfb.scroll_into_view_if_needed()
                page.screenshot(path=str(artifacts / "quiz_feedback.png"))
                sizes = label_sizes(page, QUIZ)
                html_sizes = summary(sizes, "html")
                print(f"\n[quiz text] html min {html_sizes['min']:.1f} px over {html_sizes['n']}")
                assert html_sizes["n"] > 0 and html_sizes["min"] >= 12.0
                check_readable(sizes, "quiz position")
        assert status.get_attribute("data-right") == str(right)
        assert status.get_attribute("data-answered") == str(total)
        page.locator(f"{QUIZ} .explorer-quiz-next").click()

    assert wrong_legal == 1 and wrong_rule == 1 and shot
    final = page.locator(f"{QUIZ} .explorer-quiz-final")
    final.wait_for(timeout=30_000)
    assert final.get_attribute("data-right") == str(right)
    assert final.get_attribute("data-total") == str(total)
    assert f"Your score: {right} of {total}" in final.inner_text()
    assert status.get_attribute("data-question") == "done"
    final.screenshot(path=str(artifacts / "quiz_final.png"))

    # Python saw the same clicks: the kernel's quiz holds the score
    score = json.loads(lab.run_code("print(json.dumps([quiz.score.right, quiz.score.answered]))"))
    assert score == [right, total] and total == sum(1 if q.legal else 2 for q in mine.questions)
    assert n == len(mine.questions)
    assert lab.errors_in_outputs() == []
    # a JupyterLite extension installed beside JupyterLab reports its missing shared module on
    # every page; it is not the quiz's
    assert page.errors == []
