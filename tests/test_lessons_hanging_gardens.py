"""The Hanging Gardens' lesson checks, each held to another part of the engine.

Every check is tried on every legal move of a real position (a step of a shipped lesson, or a
random game's position) and compared with an expectation computed another way: the networkx
garden (``garden.placements``, ``garden.groups``), the scoring functions (``series_curve``,
``next_tile_values``) and the tiles a player holds after the move. Each check meets at least one
move and misses at least one there.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer import Action
from explorer import hanging_gardens as hg
from explorer import lessons
from explorer.hanging_gardens import garden, scoring
from explorer.hanging_gardens.lessons import CHECKS, TILE_KINDS
from explorer.lessons import LessonError



def _series() -> dict:
    """The shipped lessons by id (loaded in each test, so a broken file fails its tests only)."""
    return {lesson.id: lesson for lesson in lessons.series("hanging_gardens")}


FOLDER = lessons.lessons_folder("hanging_gardens")
_FIRST = [["take", 4], ["place", -2, 0, 1], ["take", 1], ["place", 0, 0, 2], ["take", 2]]
_WAIT = [["take", 4], ["place", 0, 0, 0], ["take", 1], ["place", 0, 0, 0], ["take", 2],
         ["place", 0, 0, 0], ["take", 3], ["place", 0, 0, 0], ["take", 3], ["place", -2, 0, 3],
         ["decline"], ["take", 1], ["place", -1, 0, 1], ["take", 4]]
POSITIONS = {
    # the positions of the lessons' steps, replayed here without the lessons (whose loading
    # depends on the checks under test): seed and the players' moves, or a saved game
    "take-fountains": (3, []),
    "first-card": (3, _FIRST[:1]),
    "group-of-three": (3, _FIRST),
    "temple": (3, _FIRST + [["place", -3, 0, 3]]),
    "first-tile": (3, _FIRST + [["place", -3, 0, 3], ["temple", -1, 0]]),
    "grow-to-five": (4, _WAIT),
    "far-column": (4, _WAIT + [["place", -3, -1, 1], ["temple", -2, 0]]),
    "one-group": (8, [["take", 1], ["place", -1, -1, 0], ["take", 2], ["place", -1, 0, 0],
                      ["take", 3], ["place", -2, -1, 3], ["take", 4], ["place", -1, 0, 0],
                      ["take", 1], ["place", -3, 0, 1], ["decline"], ["take", 2],
                      ["place", -2, -1, 0], ["take", 3], ["place", -4, 0, 3], ["decline"],
                      ["take", 4], ["place", -3, -1, 1], ["take", 1], ["place", -1, 0, 1],
                      ["decline"], ["take", 2], ["place", -4, -1, 3]]),
    "same-series": "big_group.json",
    "complete-queens": "queen_series.json",
    "best-tile": "garden_series.json",
}
STEPS = {"take-fountains": "first-round", "first-card": "first-round",
         "group-of-three": "first-round", "temple": "first-round", "first-tile": "first-round",
         "grow-to-five": "groups-temples", "far-column": "groups-temples",
         "one-group": "groups-temples", "same-series": "tiles-series",
         "complete-queens": "tiles-series", "best-tile": "tiles-series"}


def _start(step_id: str):
    """The position of a lesson step, replayed through the rules."""
    where = POSITIONS[step_id]
    if isinstance(where, str):
        state = hg.replay(json.loads((FOLDER / "positions" / where).read_text()))
        if step_id == "same-series":             # the step after the hidden tile is taken
            state = state.apply(hg.hidden())
        return state
    seed, moves = where
    state = hg.new_game(players=2, seed=seed)
    for move in moves:
        state = state.apply(Action.from_json(move))
    return state


def test_the_positions_here_are_the_lessons_steps():
    for step_id, lesson in STEPS.items():
        assert lessons.load(f"hanging_gardens.{lesson}").step(step_id).start == _start(step_id)


def _holds(name: str, state, action, **params) -> bool:
    return CHECKS[name].test(state, action, state.apply(action), **params)


def _placement(state, action) -> garden.Placement:
    return next(p for p in garden.placements(state) if p.action == action)


def _tile_gained(state, action) -> str:
    """The kind of tile the move gave its player, from the tiles held before and after."""
    p = state.mover
    after = state.apply(action)
    gained = [k for k, (a, b) in enumerate(zip(state.tiles[p], after.tiles[p])) if b > a]
    assert len(gained) == 1
    return state.book.tile_name(gained[0])


# ---- the expectations, computed another way -------------------------------------------------

def _makes_group(state, action, at_least):
    return any(s.group.size >= at_least for s in _placement(state, action).scorable)


def _grows_garden(state, action, at_least):
    pl = _placement(state, action)
    return len(pl.squares) - len(pl.covers) >= at_least


def _covers_motif(state, action, at_least):
    nodes = garden.garden_graph(state).nodes
    return sum(nodes[sq]["motif"] != "blank" for sq in _placement(state, action).covers) >= at_least


def _scores_group(state, action, at_least):
    if action.kind != "temple":
        return False
    square = tuple(action.args)
    return next(g.size for g in garden.groups(state) if square in g.squares) >= at_least


def _takes_tile(state, action, kind):
    return _tile_gained(state, action) == kind


def _adds_to_series(state, action):
    kind = _tile_gained(state, action)
    k = state.book.tiles.index(kind.replace(" ", "_"))
    return k < state.book.kinds and state.tiles[state.mover][k] > 0


def _completes_series(state, action):
    kind = _tile_gained(state, action)
    k = state.book.tiles.index(kind.replace(" ", "_"))
    if k >= state.book.kinds:
        return False
    held = state.tiles[state.mover][k] + 1
    return scoring.series_curve(kind, held, data=state)[held].complete


def _best_tile(state, action):
    values = scoring.next_tile_values(state)
    worth = {a: values[_tile_gained(state, a).replace(" ", "_")] for a in state.legal_actions()}
    return worth[action] == max(worth.values())


# (check, its parameters, the position: a lesson step, the expectation)
CASES = [
    ("makes_group", {"at_least": 3}, "group-of-three", _makes_group),
    ("makes_group", {"at_least": 5}, "grow-to-five", _makes_group),
    ("grows_garden", {"at_least": 2}, "first-card", _grows_garden),
    ("grows_garden", {"at_least": 1}, "grow-to-five", _grows_garden),
    ("covers_motif", {"at_least": 1}, "grow-to-five", _covers_motif),
    ("covers_motif", {"at_least": 2}, "group-of-three", _covers_motif),
    ("scores_group", {"at_least": 5}, "one-group", _scores_group),
    ("scores_group", {"at_least": 3}, "temple", _scores_group),
    ("takes_tile", {"kind": "statue"}, "far-column", _takes_tile),
    ("takes_tile", {"kind": "gate"}, "best-tile", _takes_tile),
    ("adds_to_series", {}, "same-series", _adds_to_series),
    ("adds_to_series", {}, "complete-queens", _adds_to_series),
    ("completes_series", {}, "complete-queens", _completes_series),
    ("best_tile", {}, "first-tile", _best_tile),
    ("best_tile", {}, "best-tile", _best_tile),
]


@pytest.mark.parametrize("name, params, where, expected", CASES,
                         ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_check_meets_and_misses_moves_as_the_engine_says(name, params, where, expected):
    state = _start(where)
    moves = state.legal_actions()
    got = {a: _holds(name, state, a, **params) for a in moves}
    want = {a: expected(state, a, **params) for a in moves}
    assert got == want, [state.describe(a) for a in moves if got[a] != want[a]][:3]
    assert any(got.values()), f"{name}: no move of {where} meets it"
    assert not all(got.values()), f"{name}: every move of {where} meets it"


def test_every_check_is_tested_and_used_by_a_shipped_lesson():
    assert {c[0] for c in CASES} == set(CHECKS)
    used = set()

    def walk(task):
        if isinstance(task, lessons.Task) and hasattr(task, "name"):
            used.add(task.name)
        for part in getattr(task, "parts", ()):
            walk(part)
        if hasattr(task, "part"):
            walk(task.part)
    for lesson in _series().values():
        for step in lesson.steps:
            walk(step.task)
    assert used <= set(CHECKS) and len(used) >= 6, used


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_a_check_misses_moves_of_another_kind(name):
    """A check about placing misses a take; one about tiles misses a temple; and so on."""
    state = _start("take-fountains")
    params = {"kind": "statue"} if name == "takes_tile" else {}
    assert not any(_holds(name, state, a, **params) for a in state.legal_actions())
    temple = _start("temple")
    if name != "scores_group":
        assert not any(_holds(name, temple, a, **params) for a in temple.legal_actions())


def test_tile_kinds_are_the_books():
    book = hg.new_game(players=2, seed=1).book
    assert TILE_KINDS == {book.tile_name(k) for k in range(len(book.tiles))}


def test_the_series_covers_a_whole_turn_and_its_scoring():
    """Taking, placing, groups, temples, tiles and series: every kind of decision of a turn is
    asked by some step, and the steps' hints name the rules of each part of the rulebook."""
    kinds = set()
    series = _series()
    assert len(series) >= 3
    for lesson in series.values():
        assert 3 <= len(lesson.steps) <= 8
        for step in lesson.steps:
            kinds.add(step.solution.kind)
    assert {"take", "place", "temple", "decline", "tile", "hidden"} <= kinds
    hinted = {rid.split(".")[1] for lesson in series.values() for s in lesson.steps
              for rid in s.hint_rules}
    assert {"round", "place", "group", "temple", "tile", "score"} <= hinted


def test_a_wrong_tile_kind_is_refused_naming_the_step():
    raw = {"lesson": "t.hg", "game": "hanging_gardens", "title": "t", "intro": "t",
           "steps": [{"id": "tile", "position": {"seed": 3, "players": 2, "actions": []},
                      "say": "Take a card.", "task": {"check": "takes_tile", "kind": "dragon"}}]}
    with pytest.raises(LessonError) as err:
        lessons.load(raw)
    assert "step 1 ('tile')" in str(err.value) and "kind" in str(err.value)
    raw["steps"][0]["task"] = {"check": "makes_group", "at_least": 3}
    with pytest.raises(LessonError, match="no legal move of the step's position meets its task"):
        lessons.load(raw)                        # no card is placed in the take phase


def _place_phase(seed: int, moves: int):
    """A position of a random game where a card waits to be placed (or None)."""
    rng = random.Random(seed)
    s = hg.new_game(players=2, seed=seed)
    for _ in range(moves):
        if s.is_over:
            return None
        s = s.apply(rng.choice(s.legal_actions()))
    while not s.is_over and s.phase != "place":
        s = s.apply(rng.choice(s.legal_actions()))
    return None if s.is_over else s


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40), at_least=st.integers(1, 6))
def test_placing_checks_agree_with_the_networkx_garden(seed, moves, at_least):
    state = _place_phase(seed, moves)
    if state is None:
        return
    for a in state.legal_actions():
        assert _holds("makes_group", state, a, at_least=max(3, at_least)) == \
            _makes_group(state, a, max(3, at_least))
        assert _holds("grows_garden", state, a, at_least=at_least) == _grows_garden(state, a, at_least)
        assert _holds("covers_motif", state, a, at_least=at_least) == _covers_motif(state, a, at_least)
