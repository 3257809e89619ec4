"""Gonzaga's lesson checks, each held to the engine: for every check, over every legal move of a
real position, the check holds exactly when the engine's own account of the move says so (the
hexes the placement covers, the points it scores, the sea leagues it completes, the groups and
the objective count of the end scoring, the turn order from ``turn_order``), and a move that meets
it and one that does not are both found. Plus the series itself: what each step asks is met by
the step's solution and by no move of another kind.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer import Action, gonzaga, lessons
from explorer.gonzaga import analysis, bots
from explorer.gonzaga._end import groups, objective_cities
from explorer.gonzaga.lessons import CHECKS, PLACES

SERIES = {lesson.id: lesson for lesson in lessons.series("gonzaga")}


def _start(lesson: str, step: str):
    return SERIES[lesson].step(step).start


def _check(name: str, before, action, **params) -> bool:
    c = CHECKS[name]
    return c.test(before, action, before.apply(action), **{**c.defaults, **params})


def _split(name: str, state, expected, **params):
    """Every legal move of ``state``: the check's answer against ``expected(action)``, computed
    from the engine; returns (a move that meets it, one that does not)."""
    yes, no = [], []
    for action in state.legal_actions():
        want = expected(action)
        assert _check(name, state, action, **params) is want, (name, params, state.describe(action))
        (yes if want else no).append(action)
    assert yes and no, f"{name} {params}: the position needs a move that meets it and one that does not"
    return yes[0], no[0]


def _placed(state):
    """Per placement of the fief now: the engine's Placement (hexes, points, leagues)."""
    return {p.action: p for p in analysis.placements(state)}


def _cells(state, action):
    """The hexes (indices) a placement or ring would cover, from the engine's tables."""
    geo = state.book.geo
    if action.kind == "ring":
        return (geo.index[tuple(action.args)],)
    if action.kind == "place":
        return _placed(state)[action].entry.cells
    return ()


@pytest.mark.parametrize("what, at_least, lesson, step", [
    ("port", 2, "gonzaga.actions", "action-a"),
    ("port", 1, "gonzaga.wedding", "first-ring"),          # fiefs, rings and the church
    ("city", 2, "gonzaga.actions", "action-b"),
    ("city", 1, "gonzaga.wedding", "first-ring"),
])
def test_covers_counts_the_cities_or_ports_under_the_piece(what, at_least, lesson, step):
    s = _start(lesson, step)
    geo = s.book.geo
    feature = geo.port if what == "port" else geo.city
    count = lambda a: sum(1 for i in _cells(s, a) if feature[i] >= 0)  # noqa: E731
    yes, no = _split("covers", s, lambda a: count(a) >= at_least, what=what, at_least=at_least)
    assert count(yes) >= at_least > count(no)


@pytest.mark.parametrize("at_least, lesson, step", [
    (3, "gonzaga.church", "church-scores-more"),
    (4, "gonzaga.church", "spot-scores-more"),
    (10, "gonzaga.scoring", "sea-league"),
])
def test_scores_is_the_points_the_move_gains(at_least, lesson, step):
    s = _start(lesson, step)
    p = s.current_player
    placed = _placed(s)

    def points(a):          # the engine's two accounts: the placement's table, or the church's
        if a.kind == "place":
            return placed[a].points
        if a.kind == "church":
            return s.book.c["church_points"]
        return sum(s.apply(a).points[p]) - sum(s.points[p])
    yes, no = _split("scores", s, lambda a: points(a) >= at_least, at_least=at_least)
    assert points(yes) >= at_least > points(no)


def test_sea_league_is_a_league_the_placement_completes():
    s = _start("gonzaga.scoring", "sea-league")
    placed = _placed(s)
    yes, no = _split("sea_league", s, lambda a: a in placed and bool(placed[a].leagues))
    assert s.apply(yes).score_breakdown(s.current_player)["sea leagues"] > \
        s.score_breakdown(s.current_player)["sea leagues"]
    assert s.apply(no).score_breakdown(s.current_player)["sea leagues"] == \
        s.score_breakdown(s.current_player)["sea leagues"]


def test_connects_is_the_new_piece_in_a_group_with_an_old_one():
    s = _start("gonzaga.scoring", "join-group")
    p = s.current_player
    assert s.pieces[p], "the position has pieces of the player to join"

    def joined(a):          # the end scoring's groups: the new piece's group has another piece
        after = s.apply(a)
        cells = _cells(s, a)
        if not cells:
            return False
        return any(comp >> cells[0] & 1 and count > 1 for count, comp in groups(after, p))
    yes, no = _split("connects", s, joined)
    assert yes.kind == "place"


def test_objective_city_is_one_more_city_of_the_hidden_objective():
    s = _start("gonzaga.scoring", "objective")
    p = s.current_player
    _split("objective_city", s, lambda a: objective_cities(s.apply(a), p) > objective_cities(s, p))
    # a view that hides the objective never claims one
    hidden = s.view(1 - p)
    assert hidden.objectives[p] < 0


@pytest.mark.parametrize("lesson, step", [(lesson.id, st.id) for lesson in SERIES.values()
                                          for st in lesson.steps if st.start.phase == "plan"])
@pytest.mark.parametrize("place", sorted(PLACES))
def test_places_is_the_turn_order_the_reveal_fixes(lesson, step, place):
    s = _start(lesson, step)
    p = s.current_player
    last = s.turn == s.players - 1
    card = [s.card_number(q) for q in range(s.players)]

    def order(a):           # the rulebook's order, from the plans as revealed
        plans = [(pl.king, pl.action, card[q]) for q, pl in enumerate(s.plans[:p])]
        plans.append((a.kind == "privilege", a.args[1], card[p]))
        return gonzaga.turn_order(plans, s.info.option("oldest", 0))
    k = PLACES[place]
    expected = (lambda a: k < s.players and order(a)[k] == p) if last else (lambda a: False)
    for a in s.legal_actions():
        assert _check("places", s, a, place=place) is expected(a), (place, s.describe(a))


def test_places_first_is_met_and_missed_in_the_turn_order_lesson():
    s = _start("gonzaga.turn-order", "king")
    yes = [a for a in s.legal_actions() if _check("places", s, a, place="first")]
    no = [a for a in s.legal_actions() if not _check("places", s, a, place="first")]
    assert yes and no and {a.kind for a in yes} == {"privilege"}
    assert all(s.apply(a).order[0] == s.current_player for a in yes)
    assert all(s.apply(a).order[0] != s.current_player for a in no)
    # an earlier planner cannot know the order yet: never met
    first = SERIES["gonzaga.first-round"].steps[0].start
    assert not any(_check("places", first, a, place=w) for a in first.legal_actions() for w in PLACES)


def test_wedding_counts_the_rings_of_this_turn():
    s = _start("gonzaga.wedding", "first-ring")
    yes, no = _split("wedding", s, lambda a: a.kind == "ring")
    assert no.kind in ("church", "place")
    assert not any(_check("wedding", s, a, rings=2) for a in s.legal_actions())
    two = s.apply(yes)
    assert two.phase == "ring"
    _split("wedding", two, lambda a: a.kind == "ring", rings=2)
    assert not _check("wedding", two, Action("done"), rings=1)        # ending it places no ring


def test_ring_on_fief_is_a_ring_on_another_players_fief():
    s = _start("gonzaga.wedding", "ring-on-fief")
    p = s.current_player
    geo = s.book.geo

    def on_theirs(a):
        return a.kind == "ring" and s.fief_at[geo.index[tuple(a.args)]] not in (0, p + 1)
    yes, no = _split("ring_on_fief", s, on_theirs)
    after = s.apply(yes)
    i = geo.index[tuple(yes.args)]
    assert after.cover[p] >> i & 1 and any(after.cover[q] >> i & 1 for q in range(s.players) if q != p)


def test_every_check_says_what_it_wants_with_its_parameters():
    for name, check in CHECKS.items():
        params = {k: sorted(v)[0] if isinstance(v, set) else 2 for k, v in check.params.items()}
        text = check.wants.format(**params)
        assert "{" not in text and text[0].islower(), name


def test_every_check_is_named_by_a_shipped_lesson():
    used = set()

    def walk(task):
        for part in getattr(task, "parts", ()):
            walk(part)
        if hasattr(task, "part"):
            walk(task.part)
        if hasattr(task, "name"):
            used.add(task.name)
    for lesson in SERIES.values():
        for st in lesson.steps:
            walk(st.task)
    assert used == set(CHECKS)


def test_the_series_covers_a_round_and_its_scoring():
    kinds = {st.solution.kind for lesson in SERIES.values() for st in lesson.steps}
    assert {"plan", "privilege", "place", "ring", "done", "church"} <= kinds
    assert 5 <= len(SERIES) and all(3 <= len(lesson) <= 8 for lesson in SERIES.values())
    # each step's instruction is met by its solution, and some legal move of the step misses it
    # (but where the church is the only move: the lesson shows that case)
    for lesson in SERIES.values():
        for st in lesson.steps:
            after = st.start.apply(st.solution)
            assert st.task.holds(st.start, st.solution, after)
            if st.start.legal_actions() == [Action("church")]:
                assert (lesson.id, st.id) == ("gonzaga.church", "no-spot")
                continue
            assert any(not st.task.holds(st.start, a, st.start.apply(a))
                       for a in st.start.legal_actions()), (lesson.id, st.id)


def test_a_refused_move_in_a_gonzaga_lesson_names_the_engines_rule():
    from explorer import rules
    step = SERIES["gonzaga.actions"].step("action-a")
    s = step.start
    # a placement of the fief that covers a city, refused under action A
    bad = next(Action("place", c.q, c.r, k) for i, c in enumerate(s.book.geo.coords) for k in range(6)
               if s.why_illegal(Action("place", c.q, c.r, k)) is not None
               and s.why_illegal(Action("place", c.q, c.r, k)).code == "a-city")
    verdict, _ = lessons.Tutor(SERIES["gonzaga.actions"]).play(bad.to_json())
    err = s.why_illegal(bad)
    assert verdict.kind == "refused" and verdict.rule == err.rule == "gonzaga.action.a-no-city"
    assert verdict.es == rules.rule(err.rule).es


def _send(lb, content: dict) -> None:
    """A message from the page to the lesson's board, as a click sends it."""
    lb.views[0]._on_msg(None, content, None)


def test_the_wedding_lesson_on_its_board_the_switch_then_rings():
    lb = lessons.lesson_board("gonzaga.wedding")
    steps = lb.lesson.steps
    start = lb.state
    # in fief mode a click on a ring's hex is not a move yet: the board says to switch first
    first = steps[0].solution
    _send(lb, {"type": "target", "target": ["hex", *first.args]})
    assert lb.state == start and lb.session.message["rule"] == "gonzaga.wedding.with-alliance"
    assert lb.panel.view["graded"] == 0
    # "hold a wedding", then a ring that is legal but not on a city: graded, not played
    _send(lb, {"type": "target", "target": ["wedding"]})
    assert lb.views[0].wedding
    off = next(a for a in start.legal_actions() if a.kind == "ring"
               and not steps[0].task.holds(start, a, start.apply(a)))
    _send(lb, {"type": "click", "action": off.to_json()})
    assert lb.state == start and lb.panel.view["verdict"]["kind"] == "legal"
    assert steps[0].asks(start) in lb.panel.view["verdict"]["text"]
    # the ring on a city, then a second ring next to it: done, done
    _send(lb, {"type": "click", "action": first.to_json()})
    assert lb.panel.view["step"] == steps[1].id and lb.state.phase == "ring"
    second = lessons.solution(steps[1].task, lb.state)
    _send(lb, {"type": "click", "action": second.to_json()})
    assert lb.panel.view["step"] == steps[2].id and lb.state == steps[2].start
    # the church is refused during a wedding, with its rule, and graded so
    _send(lb, {"type": "target", "target": ["wedding"]})
    ring = steps[2].solution
    _send(lb, {"type": "click", "action": ring.to_json()})
    assert lb.state.phase == "ring" and lb.panel.view["step"] == steps[3].id
    _send(lb, {"type": "click", "action": ["church"]})
    err = lb.state.why_illegal(Action("church"))
    assert lb.panel.view["verdict"]["kind"] == "refused" and lb.panel.view["verdict"]["rule"] == err.rule
    _send(lb, {"type": "click", "action": ["done"]})
    assert lb.tutor.finished and lb.tutor.outcome == ["done"] * len(steps)


def test_the_church_lesson_refuses_every_spot_then_takes_the_donation():
    lb = lessons.lesson_board("gonzaga.church")
    start = lb.state
    spec = lb.views[0].view["preview"]
    assert not any(spec["legal"].values())            # the fief is red everywhere
    code, spots = next(iter(spec["refused"]["0"].items()))
    q, r = (int(v) for v in spots[0].split(","))
    _send(lb, {"type": "click", "action": ["place", q, r, 0]})
    err = start.why_illegal(Action("place", q, r, 0))
    assert lb.state == start and lb.panel.view["verdict"]["rule"] == err.rule
    _send(lb, {"type": "click", "action": ["church"]})
    assert lb.panel.view["verdict"]["kind"] == "done" and lb.panel.view["step"] == lb.lesson.steps[1].id


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40), players=st.integers(2, 4))
def test_piece_checks_agree_with_the_scoring_anywhere(seed, moves, players):
    """Any position of a random game: for every move, the checks on the piece placed agree with
    what the engine scores and where the piece lies."""
    rng = random.Random(seed)
    s = gonzaga.new_game(players=players, seed=seed)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.apply(bots.random_bot(s, rng))
    if s.is_over:
        return
    p = s.current_player
    geo = s.book.geo
    for a in rng.sample(s.legal_actions(), min(25, len(s.legal_actions()))):
        after = s.apply(a)
        new = after.cover[p] & ~s.cover[p]
        ports = sum(1 for i in _cells(s, a) if geo.port[i] >= 0) if s.phase != "plan" else 0
        assert _check("covers", s, a, what="port", at_least=1) is (ports >= 1)
        gained = after.scores()[p] - s.scores()[p]
        assert _check("scores", s, a, at_least=1) is (gained >= 1)
        assert _check("sea_league", s, a) is (after.points[p][1] > s.points[p][1])
        if a.kind in ("plan", "privilege", "church", "done"):
            assert new == 0 and not _check("connects", s, a) and not _check("ring_on_fief", s, a)
