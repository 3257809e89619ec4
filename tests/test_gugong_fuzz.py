"""Gùgōng: players' views play exactly what they list, options and data are checked when given,
and every public helper answers a wrong argument with an ExplorerError."""

from __future__ import annotations

import inspect
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import ExplorerError, OptionError, replay
from explorer import gugong as gg
from explorer._errors import DataError, IllegalAction
from explorer.gugong import bots, graph, odds, pieces, plots, scoring

from gugong_help import data_file, rec

SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _position(players, seed, steps, chance):
    s = gg.new_game(players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(s.seeded_outcome() if s.is_chance_node else rng.choice(s.legal_actions()))
    return s


def check_view(v, viewer):
    """A view plays every action it lists, and refuses the others' decisions and chance saying
    that it is a player's view."""
    listed = v.legal_actions()
    for a in listed:
        assert v.why_illegal(a) is None
        v.apply(a)                                          # never a raw exception
    if v.is_over:
        return
    if v.is_chance_node or v.current_player != viewer:
        assert listed == []
        if v.is_chance_node:                                # an outcome the viewer's odds give
            probes = [v.chance_outcomes()[0][0]]
        else:                                               # a decision of another player
            probes = [gg.end_turn(), gg.pay(), gg.decline(), gg.accept(), gg.forgo()]
        for a in probes:
            err = v.why_illegal(a)
            assert err is not None and err.code == "players-view", (a, err)
            assert "player's view" in str(err) or "spectator's view" in str(err)
            with pytest.raises(IllegalAction):
                v.apply(a)


@pytest.mark.rules("gugong.assume.hidden-discard", "engine.turn", "engine.chance")
@SLOW
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), steps=st.integers(0, 160),
       chance=st.sampled_from(["auto", "manual"]), seat=st.integers(-1, 4))
def test_a_view_plays_exactly_what_it_lists(players, seed, steps, chance, seat):
    s = _position(players, seed, steps, chance)
    viewer = None if seat < 0 or seat >= players else seat
    v = s.view(viewer)
    check_view(v, -2 if viewer is None else viewer)
    # and on from the view, as long as it is the viewer's decision
    rng = random.Random(seed)
    for _ in range(6):
        acts = v.legal_actions()
        if not acts:
            break
        v = v.apply(rng.choice(acts))
        check_view(v, -2 if viewer is None else viewer)


def test_a_view_lists_nothing_for_another_players_decision_and_says_why():
    s = gg.new_game(players=3, seed=5)
    other = (s.current_player + 1) % 3
    v = s.view(other)
    assert v.legal_actions() == [] and s.legal_actions()
    a = s.legal_actions()[0]
    err = v.why_illegal(a)
    assert err.code == "players-view" and err.rule == "engine.turn"
    assert "view" in str(err) and "full game" in str(err)
    mine = s.view(s.current_player)
    assert mine.legal_actions() == s.legal_actions()
    with pytest.raises(OptionError):
        bots.random_bot(v)


# ---- options and data ------------------------------------------------------------------------
@pytest.mark.rules("gugong.variant.expert", "gugong.assume.expert-variant")
@pytest.mark.parametrize("value", [None, 0, 1, "yes", [], 1.0])
def test_the_expert_option_is_true_or_false_and_nothing_else(value):
    with pytest.raises(OptionError, match="expert"):
        gg.new_game(players=3, seed=1, expert=value)
    record = gg.new_game(players=3, seed=1).record()
    record["options"] = {"expert": value}
    with pytest.raises(ExplorerError):
        replay(record)


@pytest.mark.parametrize("table,field,rid", [("locations", "name_en", "wall"),
                                             ("locations", "name_es", "jade"),
                                             ("cities", "name", None), ("decrees", "name", None),
                                             ("token_kinds", "name", None)])
def test_data_with_an_empty_name_is_refused_when_it_loads(tmp_path, table, field, rid):
    def change(raw):
        r = rec(raw, table, rid) if rid else raw["tables"][table][0]
        r[field] = "  "
    path = data_file(tmp_path, change)
    with pytest.raises(DataError, match="empty"):
        gg.load_data(path)
    with pytest.raises(DataError):
        gg.new_game(players=3, data=path)


# ---- every public helper checks its arguments -------------------------------------------------
_STATE = gg.new_game(players=3, seed=1)
_VALID = {"state": _STATE, "s": _STATE, "player": 0, "p": 0, "moves": 1, "side": "2-3",
          "g": None, "at": None, "tokens": {}, "book": _STATE.book, "pile": [1, 2, 3],
          "opponents": [1, 2], "dice_now": [1, 2, 3], "evaluate": sum, "n": 3, "most": 4,
          "players": 3, "value": 2, "jade_held": 0, "view": "exact", "size": 3, "where": "2-3",
          "decree": _STATE.book.decree_ids[_STATE.decrees[0]], "rng": random.Random(0)}
_WRONG = ["x", None, 1.5, -1, True, object(), [], {"a": 1}, 10 ** 9, ("x",), [None], {"x": "y"}]
_MODULES = {"gugong": gg, "graph": graph, "odds": odds, "scoring": scoring, "plots": plots,
            "bots": bots, "pieces": pieces}
_SKIP = set(gg._actions.__all__)          # action constructors: refused when played, with a rule


def _functions():
    for mname, mod in _MODULES.items():
        for name in mod.__all__:
            fn = getattr(mod, name)
            if inspect.isfunction(fn) and not (mod is gg and name in _SKIP):
                yield f"{mname}.{name}", fn


@pytest.mark.parametrize("name,fn", list(_functions()), ids=[n for n, _ in _functions()])
def test_every_public_function_answers_a_wrong_argument_with_an_explorer_error(name, fn):
    _VALID["g"] = graph.travel_map()
    params = [p for p in inspect.signature(fn).parameters.values()
              if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    refused = 0
    for target in params:
        for bad in _WRONG:
            kwargs = {p.name: bad if p is target else _VALID[p.name]
                      for p in params if p is target or p.default is inspect.Parameter.empty}
            try:
                fn(**kwargs)
            except ExplorerError:
                refused += 1
            except Exception as e:                           # pragma: no cover - the defect
                pytest.fail(f"{name}({target.name}={bad!r}) raised {type(e).__name__}: {e}")
    assert refused or not params


def test_a_wrong_data_argument_is_refused_in_words():
    with pytest.raises(OptionError, match="data"):
        gg.travel_map(data="x" * 0 or 5)
    with pytest.raises(ExplorerError):
        gg.travel_map(data="x")                              # a path that is not a file
    with pytest.raises(OptionError, match="position"):
        gg.reachable("x")
    with pytest.raises(OptionError, match="decree"):
        pieces.decree_cost(_STATE, 0, "no-such-decree")
