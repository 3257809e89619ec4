"""Corinth: one or more tests per rule of the catalogue (explorer/corinth/rules.json).

Tests that depend on the score sheet run on a test data file written to tmp_path (its market
layout, goods per shop and building costs are chosen here), so no placeholder value of the
shipped data is pinned as if it were true.
"""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction
from importlib import resources

import pytest

from explorer import Action, IllegalAction, replay, rules
from explorer import corinth
from explorer.corinth import (DISTRICTS, build, buy_yellow, deliver, die, end_turn, gold, goats,
                              new_game, pass_, play, roll, sort_dice, step, steward, take, turns_each)
from explorer.corinth.bots import play_game, random_playout

# ---- test data -------------------------------------------------------------------------------
TEST_GRID = [
    ["score", ("gold", 2), ("goats", 2), "yellow", "score"],
    [("goods", "green", 2), ("goods", "blue", 1), "plus1", ("goods", "orange", 1), ("goods", "purple", 2)],
    ["plus1", ("gold", 1), "start", ("goats", 1), "plus1"],
    [("goods", "green", 3), "yellow", "plus1", ("gold", 3), ("goods", "blue", 2)],
    ["score", ("goats", 3), ("goods", "purple", 1), ("goods", "orange", 2), "score"],
]
TEST_SYMBOLS = {"orange": (2, 2, 3), "blue": (2, 3, 4), "purple": (2, 2, 3, 4), "green": (2, 2, 3, 5)}
TEST_COSTS = {"temple": (2, 2), "warehouse": (0, 2), "stable": (1, 1), "store": (0, 3)}
# the roll most tests use: gold 6 (1 die), blue 4 (2), purple 3 (2), green 2 (2), goats 1 (2)
R = (1, 1, 2, 2, 3, 3, 4, 4, 6)


def shipped_json() -> dict:
    return json.loads(resources.files("explorer.corinth").joinpath("data.json").read_text("utf-8"))


def make_test_json(capacity: int = 40) -> dict:
    raw = shipped_json()
    t = raw["tables"]
    note = {"status": "placeholder", "note": "test value"}
    cells = []
    for r, row in enumerate(TEST_GRID):
        for c, spec in enumerate(row):
            rec = {"id": f"r{r}c{c}", "row": r, "col": c, "provenance": note}
            if isinstance(spec, str):
                rec["kind"] = spec
            elif spec[0] == "goods":
                rec.update(kind="goods", district=spec[1], amount=spec[2])
            else:
                rec.update(kind=spec[0], amount=spec[1])
            cells.append(rec)
    t["market"] = cells
    for rec in t["shop_symbols"]:
        d, i = rec["id"].rsplit("-", 1)
        rec["symbols"] = TEST_SYMBOLS[d][int(i) - 1]
    for rec in t["buildings"]:
        rec["gold"], rec["goats"] = TEST_COSTS[rec["id"]]
    for rec in t["tracks"]:
        rec["capacity"] = capacity
    return raw


def write(tmp_path, raw, name="data.json"):
    path = tmp_path / name
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return corinth.load_data(write(tmp_path_factory.mktemp("corinth"), make_test_json()))


# ---- helpers ---------------------------------------------------------------------------------
def at(r: int, c: int) -> int:
    return r * 5 + c


def game(data, players=3, white=None, yellow=(), buy=0, seed=0):
    """A game with manual chance, past the first supply phase (and rolled when ``white`` is given)."""
    s = new_game(players=players, seed=seed, data=data, chance="manual")
    if s.phase == "supply":
        s = s.apply(buy_yellow(buy))
    if white is not None:
        s = play(s, roll(white, yellow))
    return s


def with_sheet(s, player=None, **changes):
    """The same position with some marks of one sheet changed (a constructed position)."""
    p = s.current_player if player is None else player
    sheets = list(s.sheets)
    sheets[p] = sheets[p].evolve(**changes)
    return dataclasses.replace(s, sheets=tuple(sheets))


def with_route(s, player, route, circled=(), diamonds=()):
    return with_sheet(s, player, route=tuple(route), trail=sum(1 << c for c in set(route)),
                      circled=sum(1 << c for c in set(circled)), diamonds=tuple(diamonds))


def marks(s, player=None, **by_shop):
    """Set goods marks per shop id, e.g. marks(s, green_1=2)."""
    p = s.current_player if player is None else player
    m = list(s.sheets[p].marks)
    for key, v in by_shop.items():
        m[s.book.shop_index[key.replace("_", "-")]] = v
    return with_sheet(s, p, marks=tuple(m))


def fill(s, player, district):
    """Every shop of a district complete."""
    m = list(s.sheets[player].marks)
    for i, sid in enumerate(s.book.shop_ids):
        if sid.startswith(district + "-"):
            m[i] = s.book.shop_symbols[i]
    return with_sheet(s, player, marks=tuple(m))


def refused(s, action, code, rule):
    """``action`` is refused with this code and rule, by why_illegal and apply, state unchanged."""
    snapshot = (repr(s), s.history, None if s.is_chance_node else s.legal_actions())
    err = s.why_illegal(action)
    assert isinstance(err, IllegalAction), f"{action} should be refused"
    assert (err.code, err.rule) == (code, rule), err
    assert err.message and rules.rule(err.rule)
    with pytest.raises(IllegalAction) as raised:
        s.apply(action)
    assert (raised.value.code, raised.value.rule) == (code, rule)
    assert (repr(s), s.history, None if s.is_chance_node else s.legal_actions()) == snapshot
    return err


def end_if_build(s):
    return s.apply(end_turn()) if s.phase == "build" else s


# ---- setup -----------------------------------------------------------------------------------
@pytest.mark.rules("corinth.setup.sheets", "corinth.setup.resources", "corinth.setup.yellow-aside",
                   "corinth.setup.first-player")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    s = new_game(players=players, seed=1, chance="manual")
    assert len(s.sheets) == players == len(s.scores())
    assert s.first == 0 and s.current_player == 0 and s.phase == "supply"
    for sh in s.sheets:
        assert (sh.gold, sh.goats) == (1, 1)
        assert sh.gold_in == 1 and sh.goats_in == 1          # circled at the start
        assert not any(sh.marks) and sh.buildings == 0 and sh.yellow == 0
        assert sh.route == (s.book.start,) and sh.circled == 0
    s = s.apply(buy_yellow(0))
    assert s.pending == (0, (), ())                           # no yellow die in the first roll


@pytest.mark.rules("corinth.setup.components", "corinth.supply.roll")
def test_components_and_roll_outcomes():
    s = new_game(players=3, seed=1, chance="manual").apply(buy_yellow(0))
    # the roll is nine chance events, one per white die, each face with probability 1/6
    for k in range(9):
        outcomes = s.chance_outcomes()
        assert outcomes == [(die("white", f), Fraction(1, 6)) for f in range(1, 7)]
        assert s.legal_actions() == [a for a, _ in outcomes]
        refused(s, die("yellow", 3), "white-dice-first", "engine.chance")     # the explorer's order
        s = s.apply(die("white", R[k]))
    assert s.phase == "take" and s.harbor == sort_dice(R, ())
    s1 = new_game(players=3, seed=1, chance="manual").apply(buy_yellow(1))
    s1 = play(s1, roll(R))                              # the white dice, then the yellow one
    assert s1.phase == "roll" and [a for a, _ in s1.chance_outcomes()] == list(roll((), range(1, 7)))
    refused(s1, die("white", 5), "no-such-die", "engine.chance")
    assert s1.why_illegal(die("yellow", 5)) is None
    sampled = s1._sample_chance(random.Random(3))
    assert sampled in dict(s1.chance_outcomes())
    # with chance="auto" each die is drawn from its own seeded event: the faces are uniform
    faces = [a.args[1] for seed in range(300) for a in
             new_game(players=3, seed=seed).apply(buy_yellow(0)).history if a.kind == "die"]
    assert len(faces) == 2700 and all(380 < faces.count(f) < 520 for f in range(1, 7))


@pytest.mark.rules("corinth.setup.four-players", "corinth.supply.turn-track")
def test_turn_track_and_four_players():
    s4 = new_game(players=4, seed=2)
    assert [sh.turns for sh in s4.sheets] == [3, 2, 2, 2]      # 2 pre-crossed, +1 for player 1
    s3 = new_game(players=3, seed=2)
    assert [sh.turns for sh in s3.sheets] == [1, 0, 0]


# ---- harbor supply ---------------------------------------------------------------------------
@pytest.mark.rules("corinth.supply.buy-yellow", "corinth.resources.spend", "corinth.assume.yellow-supply")
def test_buy_yellow(data):
    s = new_game(players=3, seed=1, data=data, chance="manual")
    assert s.legal_actions() == [buy_yellow(0), buy_yellow(1)]       # 1 gold at the start
    refused(s, buy_yellow(2), "not-enough-gold", "corinth.supply.buy-yellow")
    rich = with_sheet(s, 0, gold_in=6)
    assert rich.legal_actions() == [buy_yellow(k) for k in range(4)]
    refused(rich, buy_yellow(4), "too-many-yellow", "corinth.supply.buy-yellow")
    refused(rich, buy_yellow(-1), "bad-count", "corinth.supply.buy-yellow")
    after = rich.apply(buy_yellow(2))
    assert after.sheets[0].gold == 4 and after.pending == (2, (), ()) and after.is_chance_node
    earned = with_sheet(rich, 0, yellow=2)
    assert earned.legal_actions() == [buy_yellow(0), buy_yellow(1)]
    refused(earned, buy_yellow(2), "too-many-yellow", "corinth.assume.yellow-supply")


@pytest.mark.rules("corinth.harbor.sort")
@pytest.mark.parametrize("white, yellow, expected", [
    ((1, 1, 3, 3, 3, 5, 6, 6, 2), (), {"gold": (6, 2), "blue": (5, 1), "purple": (3, 3),
                                       "green": (2, 1), "goats": (1, 2)}),
    ((1, 2, 3, 4, 5, 6, 6, 6, 1), (), {"gold": (6, 3), "orange": (5, 1), "blue": (4, 1),
                                       "purple": (3, 1), "green": (2, 1), "goats": (1, 2)}),
    ((2, 2, 2, 5, 5, 5, 5, 5, 5), (), {"gold": (5, 6), "goats": (2, 3)}),
    ((3, 3, 3, 3, 4, 4, 4, 4, 4), (6,), {"gold": (6, 1), "green": (4, 5), "goats": (3, 4)}),
    ((1, 1, 2, 2, 3, 3, 4, 4, 4), (4, 6), {"gold": (6, 1), "blue": (4, 4), "purple": (3, 2),
                                           "green": (2, 2), "goats": (1, 2)}),
])
def test_sorting_examples(white, yellow, expected):
    harbor = sort_dice(white, yellow)
    got = {d: (g.value, g.count) for d, g in zip(DISTRICTS, harbor) if g}
    assert got == expected
    s = new_game(players=3, seed=0, chance="manual")
    s = play(with_sheet(s, 0, gold_in=3).apply(buy_yellow(len(yellow))), roll(white, yellow))
    assert s.harbor == harbor


@pytest.mark.rules("corinth.supply.all-equal")
def test_all_dice_equal_wins_at_once():
    s = new_game(players=3, seed=1, chance="manual").apply(buy_yellow(1))
    end = play(s, roll([4] * 9, [4]))
    assert end.is_over and end.winners() == (0,) and end.winner == 0
    assert end.legal_actions() == []
    # a different yellow die is not "all equal"
    assert not play(s, roll([4] * 9, [5])).is_over


@pytest.mark.rules("corinth.supply.yellow-first-player", "corinth.turn.yellow-removed")
def test_yellow_dice_only_for_the_first_player(data):
    s = game(data, buy=1, white=(1, 1, 2, 2, 3, 3, 4, 4, 5), yellow=(6,))
    assert s.harbor[0].yellow == 1 and s.harbor[0].white == 0        # gold: the yellow 6 alone
    s = end_if_build(s.apply(take("goats")).apply(goats()))
    assert s.current_player == 1
    assert s.harbor[0] is None                                       # removed after player 1's turn
    assert s.dice == (10, 2, 1)
    # a mixed group keeps its white dice
    s = game(data, buy=1, white=R, yellow=(4,), seed=1)
    assert s.harbor[2] == corinth.Group(4, 2, 1)
    s = end_if_build(s.apply(take("goats")).apply(goats()))
    assert s.harbor[2] == corinth.Group(4, 2, 0)


# ---- a turn ----------------------------------------------------------------------------------
@pytest.mark.rules("corinth.turn.take-group")
def test_take_one_group(data):
    s = game(data, white=R)
    assert s.legal_actions() == [take(d) for d in ("blue", "goats", "gold", "green", "purple")]
    refused(s, take("orange"), "empty-district", "corinth.turn.take-group")
    t = s.apply(take("blue"))
    assert t.harbor[2] is None and t.phase == "use" and t.pending == (2, 4, 2)
    refused(t, take("green"), "one-group", "corinth.turn.take-group")
    refused(s, end_turn(), "must-take", "corinth.turn.must-take")


@pytest.mark.rules("corinth.turn.order", "corinth.turn.next-first-player")
def test_turn_order_three_players(data):
    s = game(data, white=R)
    seen, firsts = [], [s.first]
    while s.round < 3:
        if s.phase == "take" and (not seen or seen[-1] != (s.round, s.current_player)):
            seen.append((s.round, s.current_player))
        if s.phase == "roll":
            firsts.append(s.first)
            s = play(s, roll(R))
        else:
            s = s.apply(s.legal_actions()[0])
    assert firsts == [0, 1]
    assert seen[:6] == [(1, 0), (1, 1), (1, 2), (2, 1), (2, 2), (2, 0)]


@pytest.mark.rules("corinth.turn.must-take")
def test_must_take_a_useless_group(data):
    s = game(data, white=R)
    # the green district is complete and the Steward is boxed into the corner (0, 0)
    s = with_sheet(fill(s, 0, "green"), 0, gold_out=1)       # and nothing can be built after
    s = with_route(s, 0, [at(2, 2), at(2, 1), at(2, 0), at(1, 0), at(1, 1), at(0, 1), at(0, 0)],
                   circled=[at(0, 0)])
    refused(s, end_turn(), "must-take", "corinth.turn.must-take")
    refused(s, pass_(), "must-take", "corinth.turn.must-take")
    assert take("green") in s.legal_actions()
    t = s.apply(take("green"))
    assert t.harbor[4] is None and t.phase == "take" and t.current_player == 1
    assert t.sheets[0] == s.sheets[0]


@pytest.mark.rules("corinth.turn.compensation", "corinth.steward.compensation-step")
def test_compensation_step_when_groups_run_out(data):
    s = game(data, white=(2, 2, 2, 2, 2, 5, 5, 5, 5))                   # two groups, three players
    s = end_if_build(s.apply(take("gold")).apply(gold()))
    s = end_if_build(s.apply(take("goats")).apply(goats()))
    assert s.current_player == 2 and s.phase == "compensate"
    assert set(s.legal_actions()) == {pass_(), step(1, 2), step(2, 1), step(2, 3), step(3, 2)}
    refused(s, take("gold"), "no-group-left", "corinth.turn.compensation")
    refused(s, steward(2), "compensation-one-step", "corinth.steward.compensation-step")
    refused(s, step(0, 2), "not-adjacent", "corinth.steward.orthogonal")
    moved = s.apply(step(2, 3))                                        # goats 1 on the test market
    assert moved.sheets[2].goats == 2 and moved.sheets[2].circled == 1 << at(2, 3)
    passed = s.apply(pass_())
    assert passed.sheets[2] == s.sheets[2] and passed.phase in ("build", "supply", "roll")


@pytest.mark.rules("corinth.turn.round-end")
def test_leftover_dice_leave_at_round_end(data):
    s = game(data, white=R)
    for d in ("gold", "goats", "green"):
        s = s.apply(take(d))
        s = end_if_build(s.apply(s.legal_actions()[0]))
    assert s.phase in ("supply", "roll") and s.harbor == (None,) * 6
    assert s.dice == (9, 1 + 2 + 2, 4)                 # blue (2) and purple (2) were left


@pytest.mark.rules("corinth.end.track-full", "corinth.end.final-round", "corinth.game.length")
@pytest.mark.parametrize("players, rounds, turns", [(2, 12, 18), (3, 18, 18), (4, 16, 16)])
def test_game_length(players, rounds, turns):
    assert turns_each(players, 6, 2) == turns
    end = random_playout(new_game(players=players, seed=players), random.Random(players))
    assert end.is_over and end.winner == -1
    assert all(sh.turns == 6 for sh in end.sheets)
    firsts = []
    s = new_game(players=players, seed=players, chance="manual")
    for a in end.history[len(s.history):]:
        if a.kind == "die" and not s.pending[1]:          # the first die of a round's roll
            firsts.append(s.first)
        s = s.apply(a)
    assert s == end
    assert len(firsts) == rounds == end.rounds
    per_player = [0] * players
    tpr = corinth.turns_per_round(players)
    for f in firsts:
        probe = dataclasses.replace(s, first=f)
        for t in range(tpr):
            per_player[probe.turn_player(t)] += 1
    assert per_player == [turns] * players


# ---- actions ---------------------------------------------------------------------------------
@pytest.mark.rules("corinth.action.gold-goats")
def test_gold_and_goats(data):
    s = game(data, white=(1, 1, 1, 2, 2, 3, 3, 6, 6))
    g = s.apply(take("gold"))
    refused(g, goats(), "wrong-district", "corinth.action.gold-goats")
    g = g.apply(gold())
    assert g.sheets[0].gold == 1 + 2
    c = end_if_build(g).apply(take("goats"))
    refused(c, gold(), "wrong-district", "corinth.action.gold-goats")
    assert c.apply(goats()).sheets[1].goats == 1 + 3


@pytest.mark.rules("corinth.deliver.marks", "corinth.deliver.any-order")
def test_deliver_goods(data):
    s = game(data, white=R).apply(take("blue"))
    delivers = [a for a in s.legal_actions() if a.kind == "deliver"]
    assert delivers == [deliver("blue-1"), deliver("blue-2"), deliver("blue-3")]   # any shop
    refused(s, deliver("purple-1"), "wrong-district", "corinth.deliver.marks")
    t = s.apply(deliver("blue-3"))
    assert t.sheets[0].marks[t.book.shop_index["blue-3"]] == 2
    g = game(data, white=R).apply(take("gold"))
    refused(g, deliver("blue-1"), "wrong-district", "corinth.deliver.marks")


@pytest.mark.rules("corinth.deliver.shop-done", "corinth.deliver.marks")
def test_completed_shop_and_continuing_delivery(data):
    s = marks(game(data, white=R), green_3=2)                          # green-3: 2 of 3
    s = s.apply(take("green")).apply(deliver("green-3"))               # 2 goods: 1 fits
    i = s.book.shop_index["green-3"]
    assert s.sheets[0].marks[i] == 3
    assert s.phase == "deliver" and s.pending == (3, 1)
    assert s.score_breakdown(0)["shops"] == 3
    refused(s, deliver("green-3"), "shop-complete", "corinth.deliver.shop-done")
    s = s.apply(deliver("green-1"))
    assert s.sheets[0].marks[s.book.shop_index["green-1"]] == 1


@pytest.mark.rules("corinth.deliver.finish-shop")
def test_finish_a_started_shop_first(data):
    s = marks(game(data, white=R), purple_4=1).apply(take("purple"))
    assert [a for a in s.legal_actions() if a.kind == "deliver"] == [deliver("purple-4")]
    err = refused(s, deliver("purple-1"), "finish-started-shop", "corinth.deliver.finish-shop")
    assert "purple-4" in err.message
    # another district's started shop does not matter
    s2 = marks(game(data, white=R), green_2=1).apply(take("purple"))
    assert deliver("purple-1") in s2.legal_actions()


@pytest.mark.rules("corinth.deliver.bonus", "corinth.deliver.bonus-crossed")
def test_district_bonus_first_come(data):
    s = game(data, white=R)
    s = marks(marks(s, 0, blue_1=2, blue_2=3, blue_3=2), 1, blue_1=2, blue_2=3, blue_3=2)
    s = s.apply(take("blue")).apply(deliver("blue-3"))                # player 1 completes blue
    assert s.bonus_owner[1] == 0 and s.score_breakdown(0)["bonuses"] == 3
    s = end_if_build(s)
    assert s.current_player == 1
    # player 2 completes blue later: the bonus is crossed for them, delivery still allowed
    harbor = list(s.harbor)
    harbor[2] = corinth.Group(5, 2, 0)
    s = dataclasses.replace(s, harbor=tuple(harbor))
    s = s.apply(take("blue"))
    assert deliver("blue-3") in s.legal_actions()
    s = s.apply(deliver("blue-3"))
    assert s.bonus_owner[1] == 0 and s.score_breakdown(1)["bonuses"] == 0
    # orange has no bonus at all
    assert s.book.bonus[0] == 0


@pytest.mark.rules("corinth.deliver.surplus")
def test_surplus_goods_are_lost(data):
    s = marks(game(data, white=R), green_1=2, green_2=2, green_3=3, green_4=4)  # 1 room left
    t = s.apply(take("green")).apply(deliver("green-4"))
    assert t.sheets[0].marks == fill(s, 0, "green").sheets[0].marks
    assert t.phase != "deliver"
    full = fill(game(data, white=R), 0, "green").apply(take("green"))
    assert not any(a.kind == "deliver" for a in full.legal_actions())
    refused(full, deliver("green-1"), "district-full", "corinth.deliver.surplus")


# ---- the Steward -----------------------------------------------------------------------------
@pytest.mark.rules("corinth.steward.instead", "corinth.steward.steps")
def test_steward_instead_of_the_district_action(data):
    s = game(data, white=R)
    s = with_sheet(s, 0, gold_out=1)                                   # no gold: no adjustment
    g = s.apply(take("purple"))                                        # 2 dice showing 3
    assert g.legal_actions() == [deliver("purple-1"), deliver("purple-2"), deliver("purple-3"),
                                 deliver("purple-4"), steward(3)]
    refused(g, steward(2), "not-enough-gold", "corinth.steward.gold")
    g2 = s.apply(take("gold"))                                         # 1 die showing 6
    assert steward(6) in g2.legal_actions()                            # the value, not the count


@pytest.mark.rules("corinth.steward.gold")
def test_gold_adjusts_the_steps(data):
    s = with_sheet(game(data, white=R), 0, gold_in=3).apply(take("purple"))   # 3 gold, value 3
    assert [a.args[0] for a in s.legal_actions() if a.kind == "steward"] == [1, 2, 3, 4, 5, 6]
    t = s.apply(steward(5))
    assert t.sheets[0].gold == 1 and t.phase == "steer" and t.pending == (5,)
    refused(s, steward(7), "not-enough-gold", "corinth.steward.gold")


@pytest.mark.rules("corinth.steward.path", "corinth.steward.start", "corinth.market.effect")
def test_steward_path_from_the_centre(data):
    s = game(data, white=R).apply(take("green"))                       # value 2
    s = s.apply(steward(2))
    assert set(s.legal_actions()) == {step(1, 2), step(2, 1), step(2, 3), step(3, 2)}
    s = s.apply(step(2, 1))
    assert s.phase == "steer" and s.pending == (1,)
    s = s.apply(step(1, 1))                                            # ends on blue goods 1
    sh = s.sheets[0]
    assert sh.route == (at(2, 2), at(2, 1), at(1, 1)) and sh.circled == 1 << at(1, 1)
    assert s.phase == "deliver" and s.pending == (1, 1)
    # the next move starts where this one ended
    s2 = with_route(game(data, white=R), 0, [at(2, 2), at(2, 1), at(1, 1)], circled=[at(1, 1)])
    s2 = s2.apply(take("goats")).apply(steward(1))
    assert set(s2.legal_actions()) == {step(0, 1), step(1, 0), step(1, 2)}


@pytest.mark.rules("corinth.steward.no-crossing")
def test_no_crossing(data):
    s = with_route(game(data, white=R), 0, [at(2, 2), at(2, 1), at(1, 1)], circled=[at(1, 1)])
    s = s.apply(take("green")).apply(steward(2))                       # from (1, 1)
    err = refused(s, step(2, 1), "space-used", "corinth.steward.no-crossing")
    assert "B3" in err.message and "crosses" in err.message
    s2 = with_route(game(data, white=R), 0, [at(2, 2), at(2, 1), at(1, 1), at(1, 2), at(0, 2),
                                             at(0, 1)], circled=[at(1, 1), at(1, 2), at(0, 1)])
    s2 = s2.apply(take("goats")).apply(steward(1))                     # from (0, 1)
    err = refused(s2, step(1, 1), "space-used", "corinth.steward.no-crossing")
    assert err.message == "The Steward cannot enter B2: that space is already circled."
    # within one move the line cannot cross itself either
    s3 = game(data, white=R).apply(take("blue")).apply(steward(4))
    s3 = s3.apply(step(1, 2)).apply(step(1, 1)).apply(step(2, 1))
    refused(s3, step(2, 2), "space-used", "corinth.steward.no-crossing")


@pytest.mark.rules("corinth.steward.full-move")
def test_only_complete_moves(data):
    # boxed in at the corner (0, 0): no Steward move at all
    boxed = with_route(game(data, white=R), 0,
                       [at(2, 2), at(2, 1), at(2, 0), at(1, 0), at(1, 1), at(0, 1), at(0, 0)],
                       circled=[at(0, 0)])
    g = boxed.apply(take("gold"))
    assert g.legal_actions() == [gold()]
    refused(g, steward(6), "no-full-move", "corinth.steward.full-move")
    # a dead end: with 2 steps from the centre, (1, 2) leads nowhere when its other
    # neighbours (1, 1), (0, 2), (1, 3) are crossed
    trail = sum(1 << c for c in (at(2, 2), at(1, 1), at(0, 2), at(1, 3)))
    s = with_sheet(game(data, white=R), 0, trail=trail).apply(take("green")).apply(steward(2))
    assert step(1, 2) not in s.legal_actions()                         # (1, 2) is a dead end
    refused(s, step(1, 2), "dead-end", "corinth.steward.full-move")
    refused(s, end_turn(), "move-unfinished", "corinth.steward.full-move")


@pytest.mark.rules("corinth.steward.orthogonal")
def test_steps_are_orthogonal(data):
    s = game(data, white=R).apply(take("green")).apply(steward(2))
    refused(s, step(1, 1), "not-adjacent", "corinth.steward.orthogonal")
    refused(s, step(0, 2), "not-adjacent", "corinth.steward.orthogonal")


@pytest.mark.rules("corinth.steward.at-least-one")
def test_at_least_one_step(data):
    s = with_sheet(game(data, white=R), 0, gold_in=5).apply(take("goats"))   # value 1
    assert steward(0) not in s.legal_actions() and steward(1) in s.legal_actions()
    refused(s, steward(0), "no-steps", "corinth.steward.at-least-one")


# ---- market spaces ---------------------------------------------------------------------------
def steward_to(s, path):
    """Take the green group (value 2) and walk ``path``; gold pays for other lengths."""
    s = with_sheet(s, s.current_player, gold_in=s.sheets[s.current_player].gold_in + 5)
    s = s.apply(take("green")).apply(steward(len(path)))
    for r, c in path:
        s = s.apply(step(r, c))
    return s


@pytest.mark.rules("corinth.market.goods", "corinth.market.bonus-scope")
def test_goods_space(data):
    s = steward_to(game(data, white=R), [(2, 1), (1, 1)])             # blue goods 1
    assert s.phase == "deliver" and s.pending == (1, 1)
    s = s.apply(deliver("blue-2"))
    assert s.sheets[0].marks[s.book.shop_index["blue-2"]] == 1
    # with a Warehouse, market goods are still exactly what the space shows
    w = steward_to(with_sheet(game(data, white=R), 0, buildings=0b0010), [(2, 1), (1, 1)])
    assert w.pending == (1, 1)
    # a goods space whose district is complete gives nothing
    f = steward_to(fill(game(data, white=R), 0, "blue"), [(2, 1), (1, 1)])
    assert f.phase != "deliver"


@pytest.mark.rules("corinth.market.gold-goats", "corinth.market.bonus-scope", "corinth.build.store")
def test_gold_and_goat_spaces(data):
    s = steward_to(game(data, white=R), [(2, 1), (2, 0), (3, 0), (4, 0), (4, 1)][:2])
    assert s.sheets[0].circled == 1 << at(2, 0)                         # +1 space: nothing to gain
    g = steward_to(with_sheet(game(data, white=R), 0, buildings=0b1000), [(1, 2), (0, 2), (0, 1)])
    assert g.sheets[0].gold == 1 + 5 - 1 + 2                           # 5 added, 1 paid, 2 gained
    c = steward_to(game(data, white=R), [(3, 2), (3, 1), (4, 1)])
    assert c.sheets[0].goats == 1 + 3


@pytest.mark.rules("corinth.market.yellow")
def test_yellow_die_space(data):
    s = steward_to(game(data, white=R), [(3, 2), (3, 1)])
    assert s.sheets[0].yellow == 1
    full = steward_to(with_sheet(game(data, white=R), 0, yellow=3), [(3, 2), (3, 1)])
    assert full.sheets[0].yellow == 3                                   # never more than 3
    # the earned die is rolled whenever that player is first player
    s2 = new_game(players=2, seed=0, data=data, chance="manual")
    s2 = with_sheet(s2, 0, yellow=2)
    assert s2.apply(buy_yellow(0)).pending == (2, (), ())
    three = play(s2.apply(buy_yellow(1)), roll(R, (1, 2)))         # 2 earned + 1 bought
    assert three.phase == "roll" and three.pending[0] == 3
    refused(three, die("white", 1), "no-such-die", "engine.chance")
    assert play(three, die("yellow", 4)).phase == "take"


@pytest.mark.rules("corinth.market.score-first", "corinth.market.plus-one")
def test_first_scoring_space(data):
    s = with_route(game(data, white=R), 0, [at(2, 2), at(1, 2)], circled=[at(1, 2)])   # a +1
    s = s.apply(take("purple")).apply(steward(3))                     # value 3
    for r, c in [(1, 1), (0, 1), (0, 0)]:
        s = s.apply(step(r, c))
    assert s.sheets[0].diamonds == ((at(0, 0), 2 + 1),)              # 2 circled + 1 for the +1
    assert s.score_breakdown(0)["steward"] == 3


@pytest.mark.rules("corinth.market.score-next", "corinth.steward.score-last")
def test_later_scoring_spaces_accumulate(data):
    route = [at(2, 2), at(1, 2), at(1, 1), at(0, 1), at(0, 0)]
    s = with_route(game(data, white=R), 0, route, circled=[at(1, 2), at(0, 0)],
                   diamonds=[(at(0, 0), 3)])
    s = s.apply(take("green")).apply(steward(2)).apply(step(1, 0)).apply(step(2, 0))
    s = end_if_build(s)                                                # +1 space (2, 0) circled
    s = dataclasses.replace(s, first=0, turn=0, phase="take", harbor=sort_dice(R, ()))
    s = s.apply(take("green")).apply(steward(2)).apply(step(3, 0)).apply(step(4, 0))
    sh = s.sheets[0]
    assert sh.diamonds == ((at(0, 0), 3), (at(4, 0), 3 + 2 + 1))
    assert s.score_breakdown(0)["steward"] == 6                        # the last diamond only


# ---- buildings -------------------------------------------------------------------------------
@pytest.mark.rules("corinth.build.when", "corinth.build.cost")
def test_build_after_the_action(data):
    s = with_sheet(game(data, white=R), 0, goats_in=4, gold_in=3)
    refused(s, build("temple"), "build-after-action", "corinth.build.when")
    s = s.apply(take("goats"))
    refused(s, build("temple"), "build-after-action", "corinth.build.when")
    s = s.apply(goats())
    assert s.phase == "build"
    assert set(s.legal_actions()) == {build(b) for b in ("temple", "warehouse", "stable", "store")} | {end_turn()}
    t = s.apply(build("temple"))
    assert t.sheets[0].built("temple") and (t.sheets[0].gold, t.sheets[0].goats) == (1, 4)
    assert t.phase == "build"                                          # more can be built
    t = t.apply(build("warehouse")).apply(build("stable"))             # 0 gold, 1 goat left
    assert t.current_player == 1                                       # nothing affordable: turn over
    poor = with_sheet(s, 0, goats_out=5)
    refused(poor, build("store"), "cannot-afford", "corinth.build.cost")


@pytest.mark.rules("corinth.build.once")
def test_each_building_once(data):
    s = with_sheet(game(data, white=R), 0, goats_in=9, gold_in=5, buildings=0b0100)
    s = s.apply(take("goats")).apply(goats())
    assert build("stable") not in s.legal_actions()
    refused(s, build("stable"), "already-built", "corinth.build.once")


@pytest.mark.rules("corinth.build.temple")
def test_temple_points(data):
    s = game(data, white=R)
    assert s.score_breakdown(0)["temple"] == 0
    assert with_sheet(s, 0, buildings=0b0110).score_breakdown(0)["temple"] == 0
    assert with_sheet(s, 0, buildings=0b0001).score_breakdown(0)["temple"] == 3
    assert with_sheet(s, 0, buildings=0b1111).score_breakdown(0)["temple"] == 12


@pytest.mark.rules("corinth.build.warehouse")
def test_warehouse_adds_a_good(data):
    s = with_sheet(game(data, white=R), 0, buildings=0b0010)
    s = s.apply(take("blue")).apply(deliver("blue-3"))                 # 2 dice + 1
    assert s.sheets[0].marks[s.book.shop_index["blue-3"]] == 3


@pytest.mark.rules("corinth.build.stable")
def test_stable_adjusts_for_free(data):
    s = with_sheet(game(data, white=R), 0, gold_out=1, buildings=0b0100).apply(take("purple"))
    assert [a.args[0] for a in s.legal_actions() if a.kind == "steward"] == [1, 2, 3, 4, 5]
    assert s.apply(steward(5)).sheets[0].gold == 0
    both = with_sheet(game(data, white=R), 0, buildings=0b0100).apply(take("purple"))   # 1 gold
    assert steward(6) in both.legal_actions()
    assert both.apply(steward(6)).sheets[0].gold == 0


@pytest.mark.rules("corinth.build.store")
def test_store_adds_two_gold(data):
    s = with_sheet(game(data, white=R), 0, buildings=0b1000)
    assert s.apply(take("gold")).apply(gold()).sheets[0].gold == 1 + 1 + 2


# ---- resources -------------------------------------------------------------------------------
@pytest.mark.rules("corinth.resources.track")
def test_track_length(tmp_path):
    small = corinth.load_data(write(tmp_path, make_test_json(capacity=3)))
    s = game(small, white=(1, 1, 1, 2, 2, 3, 3, 6, 6)).apply(take("goats")).apply(goats())
    assert s.sheets[0].goats == 3 and s.sheets[0].goats_in == 3        # 1 + 3 capped at 3


@pytest.mark.rules("corinth.resources.spend")
def test_only_held_resources_are_spent(data):
    s = with_sheet(game(data, white=R), 0, gold_out=1).apply(take("purple"))
    refused(s, steward(4), "not-enough-gold", "corinth.steward.gold")


# ---- end of the game -------------------------------------------------------------------------
@pytest.mark.rules("corinth.end.score", "corinth.end.running-score")
def test_final_score_sum(data):
    s = game(data, white=R)
    s = fill(s, 0, "blue")
    s = marks(s, 0, green_1=2, green_2=1)
    s = dataclasses.replace(s, bonus_owner=(-1, 0, -1, -1))
    s = with_sheet(s, 0, gold_in=8, gold_out=3, goats_in=4, buildings=0b0011,
                   diamonds=((at(0, 0), 7),))
    bd = s.score_breakdown(0)
    assert bd == {"shops": 3 + 5 + 8 + 1, "bonuses": 3, "gold": 2, "goats": 2, "steward": 7,
                  "temple": 6}
    assert s.scores()[0] == sum(bd.values())
    assert not s.is_over                                   # a running score, same formula


@pytest.mark.rules("corinth.end.winner", "corinth.end.tie-break")
def test_winner_and_tie_break(data):
    s = game(data, white=R)
    s = with_sheet(with_sheet(s, 0, goats_in=7), 1, gold_in=7)        # 3 points each
    s = with_sheet(s, 2, goats_in=3)
    assert s.scores() == (3, 3, 1)
    assert s.winners() == (1,)                                        # more gold left
    tied = with_sheet(s, 0, gold_in=7, goats_in=1)
    assert tied.scores()[:2] == (3, 3) and tied.winners() == (0, 1)   # shared victory


@pytest.mark.rules("corinth.game.goal", "corinth.end.winner")
def test_a_whole_game_has_winners():
    end = play_game(3, seed=9)
    assert end.is_over
    best = max(end.scores())
    assert all(end.scores()[p] == best for p in end.winners())


# ---- two players -----------------------------------------------------------------------------
@pytest.mark.rules("corinth.two.round", "corinth.two.next")
def test_two_player_round(data):
    s = game(data, players=2, buy=1, white=(1, 1, 2, 2, 3, 3, 4, 4, 5), yellow=(6,))
    order = []
    while True:
        if s.phase == "take" and (not order or order[-1] != s.turn):
            order.append(s.turn)
            assert s.current_player == [0, 1, 0][s.turn]
            if s.turn == 1:
                assert s.harbor[0] is None                             # yellow 6 removed
        if s.phase in ("supply", "roll"):
            break
        s = s.apply(s.legal_actions()[0])
    assert order == [0, 1, 2]
    assert s.first == 1 and s.current_player in (1, -1)
    assert [sh.turns for sh in s.sheets] == [1, 1]


# ---- assumptions -----------------------------------------------------------------------------
@pytest.mark.rules("corinth.harbor.districts")
def test_six_districts():
    data = corinth.load_data()
    assert tuple(r.id for r in sorted(data.table("districts"), key=lambda r: r["row"])) == DISTRICTS
    s = new_game(players=2, seed=3)
    refused(s.apply(buy_yellow(0)) if s.phase == "supply" else s, take("silver"),
            "no-such-district", "corinth.harbor.districts")


@pytest.mark.rules("corinth.market.layout")
def test_market_layout_facts(tmp_path):
    data = corinth.load_data()
    cells = data.table("market")
    assert len(cells) == 25
    start = [r for r in cells if r["kind"] == "start"]
    assert [(r["row"], r["col"]) for r in start] == [(2, 2)]
    assert sum(r["kind"] == "plus1" for r in cells) == 4
    assert start[0].provenance.status == "rulebook"
    s = game(corinth.load_data(write(tmp_path, make_test_json())), white=R)
    s = s.apply(take("green")).apply(steward(2))
    refused(s, step(5, 2), "no-such-space", "corinth.market.layout")


@pytest.mark.rules("corinth.market.layout")
def test_placeholders_are_listed_and_shown():
    data = corinth.load_data()
    kinds = {r.table for r in data.placeholders()}
    assert {"shop_symbols", "market", "buildings", "tracks"} <= kinds
    assert all(r.provenance.note for r in data.placeholders())
    s = new_game(players=2, seed=1)
    assert s.info.data is data
    svg = s.to_svg()
    assert "placeholder" in svg and 'stroke-dasharray="4 3"' in svg


# ---- the catalogue itself --------------------------------------------------------------------
def test_every_rule_is_tested():
    book = rules.catalogue("corinth")
    assert "corinth.harbor.sort" in book
    assert book.untested() == []


def test_refusals_name_known_rules(data):
    s = game(data, white=R)
    for a in [Action("fly"), take(3), step("a", 1), build("palace"), deliver("nowhere"),
              Action("gold", 1), steward("x"), Action("roll", (1,), ())]:
        err = s.why_illegal(a)
        assert isinstance(err, IllegalAction) and err.message and rules.rule(err.rule)


def test_describe_and_svg(data):
    s = game(data, white=R)
    assert s.describe(take("blue")) == "Player 1 takes the blue group (2 dice showing 4)."
    svg = s.to_svg(interactive=True)
    assert svg.count('class="group legal"') == 5
    assert 'data-action="[&quot;take&quot;, &quot;orange&quot;]"' in svg   # refused, explained
    t = s.apply(take("green")).apply(steward(2))
    svg = t.to_svg(interactive=True)
    assert 'data-action="[&quot;step&quot;, 1, 2]"' in svg
    assert replay(t.record(), data=data.origin) == t


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_are_their_breakdowns_summed_at_every_position(players):
    """corinth.end.score: the running scores, each sheet's score and the breakdown's parts agree
    all through random games (bonuses claimed by some players and not others included)."""
    from explorer.corinth._state import sheet_score
    claimed = 0
    for seed in range(5):
        rng = random.Random(seed)
        s = corinth.new_game(players=players, seed=seed)
        while True:
            parts = [s.score_breakdown(p) for p in range(players)]
            assert s.scores() == tuple(sum(d.values()) for d in parts) == tuple(
                sheet_score(sheet, s.book, p, s.bonus_owner) for p, sheet in enumerate(s.sheets))
            assert [d["bonuses"] for d in parts] == [
                sum(b for b, o in zip(s.book.bonus, s.bonus_owner) if o == p) for p in range(players)]
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        claimed += sum(o >= 0 for o in s.bonus_owner)
    assert claimed                                  # some games had bonuses to add


def test_a_die_is_checked_against_its_colours_faces():
    """engine.chance: at each roll the outcomes accepted are exactly the due die's listed faces,
    and a chance node is exactly where the chance player is to move."""
    from explorer._engine import GameState
    s = corinth.new_game(players=3, seed=4, chance="manual")
    rng = random.Random(4)
    rolls = 0
    while not s.is_over:
        assert s.is_chance_node == GameState.is_chance_node.fget(s)
        if s.is_chance_node:
            rolls += 1
            legal = set(s.legal_actions())
            for colour in ("white", "yellow", "red"):
                for face in (0, 1, 6, 7):
                    a = die(colour, face)
                    assert (s.why_illegal(a) is None) == (a in legal)
        s = s.apply(rng.choice(s.legal_actions()))
    assert rolls > 20
