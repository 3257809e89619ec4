"""The engine contract, actions, records and replay, checked on the demonstration game."""

import copy
import json
import pickle
from importlib import resources
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import explorer
from explorer import (CHANCE, Action, GameOver, IllegalAction, NotYourTurn, OptionError,
                      RecordError, UnknownAction, demo, replay)
from explorer._chance import event_rng, sample


def play_random(players, seed, choices):
    s = demo.new_game(players=players, seed=seed)
    states = [s]
    i = 0
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[choices[i % len(choices)] % len(legal)])
        states.append(s)
        i += 1
    return states


# ---- actions -------------------------------------------------------------------------------
def test_actions_are_plain_values():
    a = Action("steward", "blue", ((2, 2), (2, 3)))
    assert a == Action("steward", "blue", [[2, 2], [2, 3]])     # lists become tuples
    assert hash(a) == hash(Action.from_json(json.loads(json.dumps(a.to_json()))))
    assert str(a) == "steward(blue, ((2, 2), (2, 3)))"
    assert eval(repr(a), {"Action": Action}) == a
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError):
        a.kind = "other"


@pytest.mark.parametrize("bad", [[], ["x", {"a": 1}], "take", [3, "gold"], None])
def test_malformed_action_json_is_refused(bad):
    with pytest.raises(UnknownAction) as e:
        Action.from_json(bad)
    assert e.value.rule == "engine.action" and e.value.message


@given(st.lists(st.tuples(st.sampled_from("abc"), st.one_of(st.integers(), st.text(max_size=3),
                                                              st.none(), st.booleans())), max_size=8))
def test_actions_sort_with_mixed_argument_types(pairs):
    acts = [Action(k, v) for k, v in pairs]
    ordered = sorted(acts)
    assert sorted(ordered) == ordered
    assert all(x <= y for x, y in zip(ordered, ordered[1:]))


# ---- the contract --------------------------------------------------------------------------
@pytest.mark.rules("demo.turn.order", "demo.claim.free", "demo.claim.adjacent", "demo.end.full")
@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**6), st.lists(st.integers(0, 50), min_size=1))
def test_random_games_keep_the_contract(players, seed, choices):
    states = play_random(players, seed, choices)
    end = states[-1]
    assert end.is_over and end.legal_actions() == []
    assert sum(o is not None for o in end.owner) == 19
    assert len(end.scores()) == players
    for before, after in zip(states, states[1:]):
        snapshot = copy.deepcopy(before)
        action = after.history[-1]
        assert before.why_illegal(action) is None
        assert before.apply(action) == after          # deterministic
        assert before == snapshot                      # apply never changes its input
        assert len(after.history) == len(before.history) + 1
    assert replay(json.loads(json.dumps(end.record()))) == end


def test_same_seed_same_game_and_different_seeds_differ():
    firsts = {demo.new_game(players=4, seed=s).history[0] for s in range(40)}
    assert len(firsts) == 4                            # the seed really drives the chance event
    assert demo.new_game(players=3, seed=9) == demo.new_game(players=3, seed=9)


@pytest.mark.rules("demo.setup.first-player", "engine.chance")
def test_chance_is_explicit_in_manual_mode():
    s = demo.new_game(players=3, seed=1, chance="manual")
    assert s.current_player == CHANCE and s.is_chance_node
    outcomes = s.chance_outcomes()
    assert [p for _, p in outcomes] == [Fraction(1, 3)] * 3
    assert s.legal_actions() == [a for a, _ in outcomes]
    err = s.why_illegal(demo.claim(0, 0))
    assert isinstance(err, NotYourTurn) and err.code == "chance-pending" and err.rule == "engine.chance"
    s2 = s.apply(Action("first", 2))                   # "what if player 3 starts?"
    assert s2.current_player == 2
    assert replay(s2.record()) == s2
    with pytest.raises(IllegalAction):
        s2.chance_outcomes()


def test_seeded_sampling_follows_the_distribution_roughly():
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    draws = [sample(outcomes, event_rng("t", 1, i)) for i in range(2000)]
    assert 400 < draws.count("a") < 600
    with pytest.raises(ValueError):
        sample([("a", Fraction(1, 2))], event_rng("t", 1, 0))


@pytest.mark.rules("demo.claim.free")
def test_illegal_action_leaves_state_untouched_and_explains():
    s = demo.new_game(players=2, seed=5).apply(demo.claim(0, 0))
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction) as e:
        s.apply(demo.claim(0, 0))
    assert s == before
    err = e.value
    assert (err.code, err.rule) == ("cell-taken", "demo.claim.free")
    assert "already claimed" in err.message
    assert s.why_illegal(demo.claim(0, 0)) == err
    text = s.explain(demo.claim(0, 0))
    assert explorer.rules.rule("demo.claim.free").es in text


@pytest.mark.rules("demo.claim.adjacent")
def test_must_grow_next_to_own_cells():
    s = demo.new_game(players=2, seed=5, chance="manual").apply(Action("first", 0))
    s = s.apply(demo.claim(0, 0)).apply(demo.claim(2, -2))
    err = s.why_illegal(demo.claim(-2, 2))
    assert (err.code, err.rule) == ("not-adjacent", "demo.claim.adjacent")
    assert s.why_illegal(demo.claim(1, 0)) is None


@pytest.mark.rules("demo.setup.board")
def test_unknown_and_foreign_values_are_refused():
    s = demo.new_game(players=2, seed=5)
    assert s.why_illegal(demo.claim(7, 7)).code == "no-such-hex"
    assert isinstance(s.why_illegal(Action("fly", 1)), UnknownAction)
    assert isinstance(s.why_illegal("claim(0, 0)"), UnknownAction)
    assert s.why_illegal(Action("first", 1)).code == "not-chance"


@pytest.mark.rules("demo.score.points", "engine.game-over")
def test_scores_use_points_and_largest_group():
    s = demo.new_game(players=2, seed=5, chance="manual").apply(Action("first", 0))
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    for p in range(2):
        pts = sum(v for v, o in zip(s.points, s.owner) if o == p)
        assert s.scores()[p] == pts + s.largest_group(p)
    assert sum(s.points) + 2 <= sum(s.scores()) <= sum(s.points) + 19
    err = s.why_illegal(demo.claim(0, 0))
    assert isinstance(err, GameOver) and err.rule == "engine.game-over"


@pytest.mark.parametrize("kwargs, text", [
    ({"players": 1}, "2-4 players"), ({"players": 5}, "2-4 players"), ({"players": "2"}, "2-4"),
    ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"), ({"chance": "sometimes"}, "chance"),
    ({"speed": 3}, "no option"),
])
def test_impossible_options_are_refused(kwargs, text):
    with pytest.raises(OptionError, match=text):
        demo.new_game(**{"players": 2, **kwargs})


def test_seed_is_chosen_and_recorded_when_not_given():
    s = demo.new_game(players=2)
    assert isinstance(s.info.seed, int)
    assert replay(s.record()) == s


# ---- records -------------------------------------------------------------------------------
def good_record():
    return demo.new_game(players=3, seed=11).apply(demo.claim(0, 0)).record()


@pytest.mark.parametrize("mutate, text", [
    (lambda r: r.pop("seed"), "no 'seed'"),
    (lambda r: r.update(players="3"), "'players' should be int"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r.update(format="v0"), "format"),
    (lambda r: r.update(extra=1), "unknown key"),
    (lambda r: r.update(players=9), "setup is not valid"),
    (lambda r: r.update(rules_version="0"), "rules version"),
    (lambda r: r.update(data_version="demo-0+x"), "data"),
    (lambda r: r["actions"].append(["claim", 9, 9]), "action #2"),
    (lambda r: r["actions"].append({"claim": 1}), "action #2"),
    (lambda r: r["options"].update(speed=1), "setup is not valid"),
])
def test_malformed_records_are_refused_with_the_reason(mutate, text):
    r = good_record()
    mutate(r)
    with pytest.raises(RecordError, match=text):
        replay(r)


def test_records_round_trip_through_files(tmp_path):
    s = demo.new_game(players=2, seed=3).apply(demo.claim(0, 0))
    path = explorer.save_record(s, tmp_path / "game.json")
    assert explorer.load_record(path) == s
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        explorer.load_record(path)


def test_record_with_user_data_needs_that_data(tmp_path):
    raw = json.loads(resources.files("explorer.demo").joinpath("data.json").read_text())
    raw["tables"]["cells"][0]["points"] = 5
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    s = demo.new_game(players=2, seed=2, data=path).apply(demo.claim(0, 0))
    with pytest.raises(RecordError, match="pass data="):
        replay(s.record())
    assert replay(s.record(), data=path) == s
