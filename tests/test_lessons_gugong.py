"""Gùgōng's lesson checks: for each, moves that meet it and moves that do not, with every
expectation read from the engine's positions (the phase a move leads to, where a card lies, the
seats' pieces), never from the check's own code; and Gùgōng's lesson files' own errors."""

from __future__ import annotations

import random

import pytest

from explorer import gugong as gg
from explorer import lessons
from explorer.gugong.lessons import CHECKS, FOREMAN, GAINS, LOCATIONS, TOKENS
from explorer.lessons import LessonError

SERIES = {lesson.id: lesson for lesson in lessons.series("gugong")}


def _holds(name: str, before, action, **params) -> bool:
    return CHECKS[name].test(before, action, before.apply(action), **params)


def _step(lesson_id: str, step_id: str):
    return SERIES[lesson_id].step(step_id)


def _exchanges(s):
    return [a for a in s.legal_actions() if a.kind == "exchange"]


def _positions(seed: int, n: int = 160):
    """Positions of a seeded game of random moves (a player's decision each)."""
    s = gg.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    out = []
    while not s.is_over and len(out) < n:
        out.append(s)
        s = s.apply(rng.choice(s.legal_actions()))
    return out


START = gg.new_game(players=2, seed=1)


def test_the_series_covers_a_day_each_location_the_wall_the_foreman_and_the_end():
    assert len(SERIES) == 6 and all(3 <= len(lesson) <= 8 for lesson in SERIES.values())
    afters = [step.start.apply(step.solution) for lesson in SERIES.values()
             for step in lesson.steps]
    played = [step.solution for lesson in SERIES.values() for step in lesson.steps]
    # every location's action is carried out by some step's move
    done = {a.args[0] for a in played if a.kind == "location"}
    assert done == set(LOCATIONS)
    # every price of an exchange, the foreman, an Intrigue benefit, a pass and the final scoring
    assert {"pay", "discard", "forgo", "foreman", "claim", "benefit", "pass"} <= \
        {a.kind for a in played}
    assert any(after.is_over for after in afters)


@pytest.mark.rules("gugong.exchange.free-if-higher", "gugong.exchange.lower-or-equal",
                   "gugong.exchange.one-for-nine")
def test_free_and_priced_exchanges_follow_the_price_the_rules_ask():
    checked = 0
    for s in [START] + [p for p in _positions(29) if p.phase == "turn"][:12]:
        for a in _exchanges(s):
            priced = s.apply(a).phase == "price"         # the rules ask for a price
            assert _holds("free_exchange", s, a) is (not priced)
            assert _holds("priced_exchange", s, a) is priced
            checked += 1
    assert checked > 100
    one_nine = _step("gugong.exchange", "one-for-nine")
    s, a = one_nine.start, one_nine.solution
    book = s.book
    give, take = (book.value[book.card_index[c]] for c in a.args)
    assert give < take and _holds("free_exchange", s, a) and s.apply(a).phase != "price"
    # not an exchange: neither
    pay = _step("gugong.exchange", "pay-servants")
    assert not _holds("free_exchange", pay.start, pay.solution)
    assert not _holds("priced_exchange", pay.start, pay.solution)


def test_exchange_at_names_the_location_where_the_given_card_lands():
    for s in (START, _step("gugong.jade-palace-decrees", "jade-exchange").start):
        book = s.book
        seen = set()
        for a in _exchanges(s):
            after = s.apply(a)
            given = book.card_index[a.args[0]]
            if after.phase == "price":
                after = after.apply(gg.pay() if gg.pay() in after.legal_actions() else gg.forgo())
            where = book.locations[after.locations.index(given)]
            for loc in LOCATIONS:
                assert _holds("exchange_at", s, a, location=loc) is (loc == where)
            seen.add(where)
        assert seen == set(LOCATIONS)


@pytest.mark.rules("gugong.evening.match")
def test_takes_die_value_is_a_card_one_of_the_dice_shows():
    step = _step("gugong.evening-end", "take-match")
    hits = misses = 0
    for s in [step.start, START]:
        book = s.book
        for a in _exchanges(s):
            shown = book.value[book.card_index[a.args[1]]] in s.dice
            assert _holds("takes_die_value", s, a) is shown
            hits += shown
            misses += not shown
    assert hits and misses
    pay = _step("gugong.exchange", "pay-servants")          # not an exchange: no card taken
    assert not _holds("takes_die_value", pay.start, pay.solution)


def test_collects_token_is_the_kind_lying_on_the_city_reached():
    step = _step("gugong.travel-wall-intrigue", "first-city")
    s = step.start
    book = s.book
    kinds = set()
    for a in s.legal_actions():
        lying = book.token_ids[s.cities[book.city_index[a.args[0]]]]
        kinds.add(lying)
        for kind in TOKENS:
            assert _holds("collects_token", s, a, kind=kind) is (kind == lying)
    assert "envoy" in kinds and len(kinds) > 1


# what each kind of gain reads on a seat (or the decrees' servants), for the expectations
RAW = {
    "servants": lambda s, p: s.seats[p].pool + (s.seats[p].foreman == FOREMAN["pool"]),
    "vp": lambda s, p: s.seats[p].vp,
    "jade": lambda s, p: s.seats[p].jade,
    "intrigue steps": lambda s, p: s.seats[p].intrigue,
    "palace steps": lambda s, p: s.seats[p].palace,
    "travel tokens": lambda s, p: len(s.seats[p].tokens),
    "decrees": lambda s, p: sum(p in holders for holders in s.holders),
}


@pytest.mark.parametrize("what", sorted(GAINS))
def test_gains_counts_what_the_mover_gains(what):
    assert set(RAW) == set(GAINS)
    met = missed = 0
    for s in _positions(7) + _positions(11):
        p = s.current_player
        for a in s.legal_actions()[:12]:
            after = s.apply(a)
            delta = RAW[what](after, p) - RAW[what](s, p)
            assert CHECKS["gains"].test(s, a, after, what=what) is (delta >= 1)
            if delta >= 1:
                assert not CHECKS["gains"].test(s, a, after, what=what, at_least=delta + 1)
                met += 1
            else:
                missed += 1
    assert met and missed, (what, met, missed)


@pytest.mark.rules("gugong.canal.port-huaian", "gugong.foreman.unlock",
                   "gugong.foreman.pay-instead")
def test_the_foreman_freed_at_huaian_then_paying():
    claim = _step("gugong.canal-foreman", "claim-foreman")
    s = claim.start
    p = s.current_player
    for a in s.legal_actions():
        after = s.apply(a)
        freed = s.seats[p].foreman == FOREMAN_LOCKED and after.seats[p].foreman != FOREMAN_LOCKED
        assert CHECKS["frees_foreman"].test(s, a, after) is freed
        assert CHECKS["foreman_to"].test(s, a, after, place="pool") is \
            (after.seats[p].foreman == FOREMAN["pool"])
    assert any(_holds("frees_foreman", s, a) for a in s.legal_actions())
    assert not all(_holds("frees_foreman", s, a) for a in s.legal_actions())
    pays = _step("gugong.canal-foreman", "foreman-pays")
    s = pays.start
    p = s.current_player
    for use in (True, False):
        after = s.apply(gg.foreman(use))
        where = [k for k, v in FOREMAN.items() if v == after.seats[p].foreman]
        assert (where == ["pool"]) is (not use)              # paid: it left the pool
        for place in FOREMAN:
            assert CHECKS["foreman_to"].test(s, gg.foreman(use), after, place=place) is \
                (place in where and place != "pool")
    assert not _holds("frees_foreman", s, gg.foreman(True))


FOREMAN_LOCKED = gg.new_game(players=2, seed=1).seats[0].foreman     # where every foreman starts


@pytest.mark.rules("gugong.evening.bonus", "gugong.end.order")
def test_scores_is_the_movers_score_going_up():
    last = _step("gugong.evening-end", "last-pass")
    cases = [(last.start, last.solution)]
    final = _step("gugong.evening-end", "final-scoring")
    cases += [(final.start, a) for a in final.start.legal_actions()]
    cases += [(START, a) for a in _exchanges(START)[:5]]
    met = 0
    for s, a in cases:
        p = s.current_player
        after = s.apply(a)
        delta = after.scores()[p] - s.scores()[p]
        assert _holds("scores", s, a) is (delta >= 1)
        if delta >= 1:
            met += 1
            assert _holds("scores", s, a, at_least=delta)
            assert not _holds("scores", s, a, at_least=delta + 1)
    assert met >= 2 and any(s.apply(a).is_over for s, a in cases)


@pytest.mark.parametrize("task, words", [
    ({"check": "exchange_at", "location": "kitchen"}, "parameter location"),
    ({"check": "collects_token", "kind": "gold"}, "parameter kind"),
    ({"check": "gains", "what": "gold"}, "parameter what"),
    ({"check": "foreman_to", "place": "moon"}, "parameter place"),
    ({"check": "exchange_at"}, "needs the parameter location"),
    ({"check": "free_exchanges"}, "unknown check"),
])
def test_a_bad_gugong_check_names_the_step(task, words):
    raw = {"lesson": "t.gugong", "game": "gugong", "title": "t", "intro": "t",
           "steps": [{"id": "give", "position": {"seed": 1, "players": 2, "actions": []},
                      "say": "Give a card.", "task": task}]}
    with pytest.raises(LessonError, match=rf"step 1 \('give'\).*{words}"):
        lessons.load(raw)


def test_a_task_no_move_can_meet_is_refused_when_loaded():
    # at the first turn of the game no move gains jade (the exchange comes before any action)
    assert not any(_holds("gains", START, a, what="jade") for a in START.legal_actions())
    raw = {"lesson": "t.gugong", "game": "gugong", "title": "t", "intro": "t",
           "steps": [{"id": "give", "position": {"seed": 1, "players": 2, "actions": []},
                      "say": "Give a card.", "task": {"check": "gains", "what": "jade"}}]}
    with pytest.raises(LessonError, match="no legal move of the step's position meets its task"):
        lessons.load(raw)


def _target(lb, target) -> None:
    """A click on a place of the main board that is not a move, as the page sends it."""
    lb.views[0]._on_msg(None, {"type": "target", "target": target}, None)


@pytest.mark.rules("gugong.exchange.mandatory", "gugong.exchange.free-if-higher")
def test_on_the_boards_an_exchange_is_two_clicks_and_a_refused_place_is_graded():
    lb = lessons.lesson_board("gugong.exchange")
    main, mine = lb.views
    step = lb.lesson.steps[0]
    start = lb.state
    book = start.book
    # a city now (no Travel action): the board answers with the rule, and the panel grades it
    city = ["city", book.city_ids[0]]
    err = start.explain_target(city)
    _target(lb, city)
    assert lb.state == start and lb.panel.view["graded"] == 1
    assert lb.panel.view["verdict"]["kind"] == "refused"
    assert lb.panel.view["verdict"]["rule"] == err.rule == lb.session.message["rule"]
    # a click on nothing at all is answered by the board, but is no verdict of the lesson
    _target(lb, ["board"])
    assert lb.panel.view["graded"] == 1 and lb.session.message["rule"] == "engine.legal"
    # the exchange: a hand card picked (nothing graded), then a card on a location (graded)
    wrong = next(a for a in start.legal_actions() if a.kind == "exchange"
                 and not step.task.holds(start, a, start.apply(a)))
    _target(lb, ["hand", start.current_player, wrong.args[0]])
    assert main.pick(wrong.args[0]) is True and lb.panel.view["graded"] == 1
    main._on_msg(None, {"type": "click", "action": wrong.to_json()}, None)
    assert lb.panel.view["verdict"]["kind"] == "legal" and lb.state == start
    main._on_msg(None, {"type": "click", "action": step.solution.to_json()}, None)
    assert lb.panel.view["step"] == lb.lesson.steps[1].id
    assert lb.state == start.apply(step.solution) and mine.state is lb.state
