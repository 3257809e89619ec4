"""Corinth: the explorer's readings of the rulebook (rules of kind "assumption"), the refusals
while the dice are rolled, and the words the boards show (labels, history, results).

Positions are built on the test data of ``test_corinth_rules`` (its market layout, goods per shop
and building costs), so no placeholder value of the shipped data is pinned here.
"""

from __future__ import annotations

import dataclasses
import random
import re
from fractions import Fraction

import pytest

from explorer import Action, OptionError, UnknownAction, rules
from explorer import corinth
from explorer.corinth import (DISTRICTS, build, buy_yellow, deliver, die, end_turn, gold, goats,
                              new_game, pass_, play, roll, step, steward, take, turns_each)
from explorer.corinth.bots import random_playout

from test_corinth_rules import (R, at, data, end_if_build, fill, game, marks, refused,  # noqa: F401
                                with_route, with_sheet)


def boxed_in(s, player=0):
    """The Steward on the corner (0, 0) with one way out, (0, 1), itself a dead end: only a
    1-step move is possible."""
    blocked = (at(2, 2), at(1, 0), at(1, 1), at(0, 2), at(0, 0))
    return with_sheet(s, player, route=(at(2, 2), at(0, 0)), trail=sum(1 << c for c in blocked),
                      circled=1 << at(0, 0))


def finish_turn(s):
    """Play the current player's turn to its end with the first legal choice of each step."""
    p, turn = s.current_player, s.turn
    while not s.is_over and not s.is_chance_node and s.current_player == p and s.turn == turn:
        s = s.apply(end_turn() if s.phase == "build" else s.legal_actions()[0])
    return s


# ---- the roll: refusals while the dice are being rolled ------------------------------------------
@pytest.mark.rules("engine.chance", "engine.action", "corinth.supply.roll")
def test_refusals_while_the_dice_are_rolled(data):
    s = new_game(players=3, seed=1, data=data, chance="manual").apply(buy_yellow(1))
    s = play(s, roll(R[:4]))                                   # 4 of 9 white dice rolled
    # an action of no kind Corinth knows is refused by the signature check, not as "wait"
    for bad in (Action("fly"), Action("roll", (1,), ()), Action("take")):
        err = s.why_illegal(bad)
        assert isinstance(err, UnknownAction) and err.code in ("unknown-action", "bad-arguments"), err
    assert s.why_illegal(Action("fly")).code == "unknown-action"
    assert s.why_illegal(Action("fly")).rule == "engine.action"
    # well-formed actions wait for the roll; the message says what comes first
    t = refused(s, take("orange"), "chance-pending", "engine.chance")
    assert "white die 5 of 9 is next" in t.message and "sorted onto the harbor" in t.message
    assert "can be played once" not in t.message               # no promise that it will be legal
    g = refused(s, gold(), "chance-pending", "engine.chance")
    assert "Player 1 (red) begins the round by taking a group" in g.message
    b = refused(s, buy_yellow(1), "chance-pending", "engine.chance")
    assert b.message.startswith("Yellow dice are bought before the roll, and this roll has begun")
    for a in (build("temple"), end_turn(), pass_(), step(1, 2), steward(2), deliver("blue-1")):
        refused(s, a, "chance-pending", "engine.chance")
    # the die-by-die order is the explorer's own: the refusal names an engine rule
    w = refused(s, die("yellow", 3), "white-dice-first", "engine.chance")
    assert "4 of 9 white dice are rolled so far" in w.message
    text = s.explain(die("yellow", 3))
    assert "Explorer rule (not from the rulebook) engine.chance" in text
    y = play(s, roll(R[4:]))
    err = refused(y, die("white", 2), "no-such-die", "engine.chance")
    assert err.message.endswith("(0 of 1 yellow die rolled).")
    assert "die by die" not in rules.rule("corinth.supply.roll").en       # the rule text is the book's
    assert "one die at a time" in rules.rule("corinth.supply.roll").note


def round_two_without_gold(data, players=2):
    """Round 2 with manual chance: player 2, the new first player, holds no gold."""
    s = new_game(players=players, seed=3, data=data, chance="manual")
    s = with_sheet(s, 1, gold_out=1).apply(buy_yellow(0))
    s = play(s, roll((1, 1, 2, 2, 3, 3, 4, 4, 5)))            # no group of 6: gold is 5s
    for d in ("goats", "green", "purple", "blue"):
        if s.phase in ("supply", "roll"):
            break
        s = s.apply(take(d))
        s = finish_turn(s)
    assert s.first == 1 and s.phase == "roll" and s.sheets[1].gold == 0
    return s


@pytest.mark.rules("corinth.supply.buy-yellow", "corinth.resources.spend")
def test_a_first_player_without_gold_is_told_why_no_yellow_die_is_offered(data):
    s = round_two_without_gold(data)
    assert s.awaiting() == ("the dice are being rolled for Player 2 (blue): white die 1 of 9 is next "
                            "(no yellow dice were offered: Player 2 has no gold, and a yellow die "
                            "costs 1 gold)")
    err = refused(s, buy_yellow(1), "chance-pending", "engine.chance")
    assert "No yellow dice were offered: Player 2 has no gold" in err.message
    assert "no gold" in s.status()
    run = roll(R)
    assert s.describe_chance_run(run).endswith(
        "No yellow dice were offered: Player 2 has no gold, and a yellow die costs 1 gold.")
    t = play(s, run)
    assert t.phase == "take" and "no yellow dice were offered" in t.awaiting()
    err = refused(t, buy_yellow(1), "wrong-phase", "corinth.supply.buy-yellow")
    assert "none were offered this round: Player 2 has no gold" in err.message
    # once the first group is taken the note is no longer part of the position
    assert "offered" not in t.apply(take("goats")).awaiting()
    # a first player who bought none by choice gets no such note
    chose = new_game(players=2, seed=3, data=data, chance="manual").apply(buy_yellow(0))
    assert "offered" not in chose.awaiting()
    # all three yellow dice already earned
    s3 = new_game(players=2, seed=3, data=data, chance="manual")
    s3 = dataclasses.replace(with_sheet(s3, 0, yellow=3), phase="roll", pending=(3, (), ()))
    assert "Player 1 already rolls all 3 yellow dice, earned in the market" in s3.awaiting()


# ---- grammar -------------------------------------------------------------------------------------
SINGULAR_WRONG = re.compile(r"(?<![\d.,])\b1 (dice|steps|goats|goods|points|symbols|more goods|"
                            r"yellow dice|white dice)\b")


def texts_of(s, rng):
    """The words a board shows for ``s``: what it waits for, the status, every choice, and the
    refusal of a few illegal actions."""
    out = [s.awaiting(), s.status(), s.turn_label(), s.result().explanation]
    if not s.is_over and not s.is_chance_node:
        out += [text for _, text in s.choices()]
    pool = ([take(d) for d in DISTRICTS] + [gold(), goats(), pass_(), end_turn()]
            + [steward(k) for k in range(0, 8)] + [step(r, c) for r in range(5) for c in range(5)]
            + [build(b) for b in corinth.BUILDINGS] + [buy_yellow(k) for k in range(5)]
            + [deliver(sid) for sid in s.book.shop_ids] + [die("white", 1), die("yellow", 2)])
    for a in rng.sample(pool, 12):
        err = s.why_illegal(a)
        if err is not None:
            out.append(err.message)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_message_counts_right(players):
    rng = random.Random(players)
    s = new_game(players=players, seed=players)
    seen = 0
    while not s.is_over:
        for text in texts_of(s, rng):
            seen += 1
            assert not SINGULAR_WRONG.search(text), text
            assert "Player 0" not in text and "player -" not in text.lower(), text
        s = s.apply(rng.choice(s.legal_actions()))
    assert seen > 500


def test_counts_in_words(data):
    s = with_sheet(game(data, white=R), 0, gold_in=3)
    assert s.describe(take("gold")) == "Player 1 takes the gold group (1 die showing 6)."
    u = s.apply(take("purple"))                                    # 2 dice showing 3
    assert u.describe(steward(1)) == "Player 1 moves the Steward 1 step instead of 3 (2 steps for 2 gold)."
    assert u.describe(steward(4)) == "Player 1 moves the Steward 4 steps instead of 3 (1 step for 1 gold)."
    walk = u.apply(steward(2)).apply(step(1, 2))
    assert walk.awaiting() == "Player 1 (red) must draw the Steward's next step (1 step left)"
    err = refused(with_sheet(u, 0, gold_out=3), steward(4), "not-enough-gold", "corinth.steward.gold")
    assert "changing the count by 1 step: that costs 1 gold and you hold 0" in err.message
    c = with_sheet(game(data, white=(1, 2, 2, 3, 3, 3, 3, 6, 6)), 0, goats_in=1)
    assert c.apply(take("goats")).describe(goats()) == "Player 1 gains 1 goat."
    assert s.book.describe_cell(at(2, 3)) == "1 goat" and s.book.describe_cell(at(1, 1)) == "1 blue good"
    y = new_game(players=2, seed=1, data=data, chance="manual")
    assert y.describe(buy_yellow(1)) == "Player 1 buys 1 yellow die for 1 gold."
    assert y.describe(buy_yellow(0)) == "Player 1 buys no yellow dice."


# ---- the compensation step ----------------------------------------------------------------------
@pytest.mark.rules("corinth.turn.compensation", "corinth.assume.empty-turn", "corinth.two.round")
def test_no_compensation_on_the_first_players_second_turn_with_two_players(data):
    s = game(data, players=2, white=(2, 2, 2, 2, 2, 5, 5, 5, 5))        # 2 groups, 2 players
    assert s.groups == 2
    s = end_if_build(s.apply(take("gold")).apply(gold()))
    s = s.apply(take("goats")).apply(goats())
    s = end_if_build(s) if s.current_player == 1 else s
    # the first player's second turn finds no group; the roll gave as many groups as players
    assert s.phase != "compensate"
    s = end_if_build(s)
    assert s.first == 1 and s.phase in ("supply", "roll")              # the round is over
    assert s.sheets[0].route == (s.book.start,)
    # with something to build, that player may still build on the empty turn
    rich = game(data, players=2, white=(2, 2, 2, 2, 2, 5, 5, 5, 5))
    rich = end_if_build(rich.apply(take("gold")).apply(gold()))
    rich = with_sheet(rich, 0, goats_in=5)
    rich = rich.apply(take("goats")).apply(goats())
    rich = end_if_build(rich) if rich.current_player == 1 else rich
    assert rich.current_player == 0 and rich.turn == 2 and rich.phase == "build"
    assert build("warehouse") in rich.legal_actions()
    err = refused(rich, take("gold"), "no-group-left", "corinth.turn.take-group")
    assert err.message.startswith("No group of dice is left on the harbor")


@pytest.mark.rules("corinth.turn.compensation", "corinth.assume.compensation-who",
                   "corinth.assume.empty-turn", "corinth.assume.mixed-groups",
                   "corinth.turn.yellow-removed")
def test_a_group_of_yellow_dice_only_counts_as_a_group_of_the_roll(data):
    white = (2, 2, 2, 2, 2, 5, 5, 5, 5)
    # three players, three groups (gold: the yellow 6 alone): nobody is compensated
    s = game(data, players=3, buy=1, white=white, yellow=(6,))
    assert s.groups == 3 and s.harbor[0] == corinth.Group(6, 0, 1)
    s = end_if_build(s.apply(take("goats")).apply(goats()))
    assert s.harbor[0] is None                                          # the yellow die left
    s = finish_turn(s.apply(take("green")))
    assert s.turn == 2 or s.first == 1
    assert s.phase != "compensate" and s.sheets[2].route == (s.book.start,)
    # four players, the same roll: three groups for four players, so the players left with no
    # group (the third and the fourth, once the yellow die has gone) are compensated
    f = game(data, players=4, buy=1, white=white, yellow=(6,))
    f = end_if_build(f.apply(take("goats")).apply(goats()))
    f = finish_turn(f.apply(take("green")))
    assert f.current_player == 2 and f.phase == "compensate"
    f = f.apply(pass_())
    f = end_if_build(f)
    assert f.current_player == 3 and f.phase == "compensate"


@pytest.mark.rules("corinth.assume.stable-compensation", "corinth.steward.compensation-step",
                   "corinth.build.stable")
def test_the_stable_does_not_lengthen_the_compensation_step(data):
    s = game(data, white=(2, 2, 2, 2, 2, 5, 5, 5, 5))                   # two groups, three players
    s = end_if_build(s.apply(take("gold")).apply(gold()))
    s = end_if_build(s.apply(take("goats")).apply(goats()))
    s = with_sheet(s, 2, buildings=0b0100, gold_in=6)                  # Stable, and gold to spend
    assert s.phase == "compensate" and s.current_player == 2
    assert set(s.legal_actions()) == {pass_(), step(1, 2), step(2, 1), step(2, 3), step(3, 2)}
    for k in (2, 3):
        refused(s, steward(k), "compensation-one-step", "corinth.steward.compensation-step")
    refused(s, step(0, 2), "not-adjacent", "corinth.steward.orthogonal")
    moved = s.apply(step(3, 2))                                        # a +1 space: one step only
    assert moved.sheets[2].route == (s.book.start, at(3, 2)) and moved.sheets[2].gold == 6
    assert s.describe(step(3, 2)) == ("Player 3 moves the Steward 1 step in compensation, to "
                                      "C4: a +1 space.")


# ---- gold is never compulsory ---------------------------------------------------------------------
@pytest.mark.rules("corinth.assume.gold-optional", "corinth.assume.must-act", "corinth.steward.gold")
def test_a_group_whose_only_use_costs_gold_may_be_left_unused(data):
    # green is complete and the Steward can only make a 1-step move: the green group (value 2)
    # can be used only by paying 1 gold for a shorter move
    s = boxed_in(fill(with_sheet(game(data, white=R), 0, goats_out=1), 0, "green"))  # no goats
    u = s.apply(take("green"))
    assert u.phase == "use" and set(u.legal_actions()) == {steward(1), pass_()}
    assert u.awaiting() == ("Player 1 (red) may pay gold for a Steward move with the green group "
                            "(2 dice showing 2), or leave it unused (pass)")
    assert u.describe(pass_()) == ("Player 1 leaves the green group unused rather than pay gold "
                                   "for a Steward move.")
    left = u.apply(pass_())
    assert left.sheets[0] == u.sheets[0] and left.current_player == 1       # nothing paid, turn over
    paid = u.apply(steward(1))
    assert paid.sheets[0].gold == 0 and paid.phase == "steer"
    err = refused(u, end_turn(), "use-or-pass", "corinth.assume.gold-optional")
    assert "pass" in err.message
    # with a building to afford, leaving the group unused still leads to building
    rich = boxed_in(fill(with_sheet(game(data, white=R), 0, goats_in=5), 0, "green"))
    assert rich.apply(take("green")).apply(pass_()).phase == "build"
    # with no gold at all the group cannot be used: it is only removed (corinth.turn.must-take)
    poor = with_sheet(s, 0, gold_out=1).apply(take("green"))
    assert poor.current_player == 1


@pytest.mark.rules("corinth.assume.must-act", "corinth.turn.take-group", "corinth.build.stable")
def test_a_group_with_a_free_use_must_be_used(data):
    s = game(data, white=R)
    g = s.apply(take("gold"))
    assert pass_() not in g.legal_actions()
    err = refused(g, pass_(), "must-act", "corinth.assume.must-act")
    assert err.message.startswith("The gold group can be used without spending gold, so it must be "
                                  "used: gain gold (gold())")
    refused(g, end_turn(), "must-act", "corinth.assume.must-act")
    # the Stable makes the shorter move free: the group must then be used
    stable = boxed_in(fill(with_sheet(game(data, white=R), 0, buildings=0b0100), 0, "green"))
    u = stable.apply(take("green"))
    assert u.legal_actions() == [steward(1)]
    err = refused(u, pass_(), "must-act", "corinth.assume.must-act")
    assert "move the Steward 1 step (steward(1))" in err.message


# ---- scoring spaces -------------------------------------------------------------------------------
@pytest.mark.rules("corinth.assume.corner-counts-itself", "corinth.market.score-first")
def test_a_scoring_space_counts_itself(data):
    s = with_sheet(game(data, white=R), 0, gold_in=9)
    s = s.apply(take("green")).apply(steward(4))
    for r, c in [(2, 1), (2, 0), (1, 0), (0, 0)]:
        s = s.apply(step(r, c))
    assert s.sheets[0].circled == 1 << at(0, 0)
    assert s.sheets[0].diamonds == ((at(0, 0), 1),)                    # the corner alone: 1 point


@pytest.mark.rules("corinth.assume.fourth-corner", "corinth.assume.points-between",
                   "corinth.market.score-next", "corinth.steward.score-last")
def test_a_fourth_scoring_space(data):
    corners = [at(0, 0), at(0, 4), at(4, 4)]
    route = [at(2, 2), at(2, 1), at(2, 0), at(3, 0)]
    s = with_sheet(game(data, white=R), 0, route=tuple(route),
                   trail=sum(1 << c for c in route + corners),
                   circled=sum(1 << c for c in corners + [at(3, 0)]),
                   diamonds=((at(0, 0), 1), (at(0, 4), 2), (at(4, 4), 3)))
    s = s.apply(take("goats")).apply(steward(1)).apply(step(4, 0))    # the fourth corner
    assert s.sheets[0].diamonds[-1] == (at(4, 0), 3 + 2)               # (3, 0) and (4, 0) since
    assert s.score_breakdown(0)["steward"] == 5


# ---- other readings -------------------------------------------------------------------------------
@pytest.mark.rules("corinth.assume.six-sided", "corinth.setup.components")
def test_dice_are_ordinary_six_sided_dice(data):
    s = new_game(players=2, seed=1, data=data, chance="manual").apply(buy_yellow(1))
    assert s.chance_outcomes() == [(die("white", f), Fraction(1, 6)) for f in range(1, 7)]
    s = play(s, roll(R))
    assert s.chance_outcomes() == [(die("yellow", f), Fraction(1, 6)) for f in range(1, 7)]


@pytest.mark.rules("corinth.assume.turns-each", "corinth.game.length")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_are_counted_per_player(players):
    end = random_playout(new_game(players=players, seed=11), random.Random(11))
    s = new_game(players=players, seed=11, chance="manual")
    turns, last = [0] * players, None
    for a in end.history[len(s.history):]:
        key = (s.round, s.turn)
        if not s.is_chance_node and s.phase not in ("supply",) and key != last:
            turns[s.mover] += 1
            last = key
        s = s.apply(a)
    assert turns == [turns_each(players, 6, 2)] * players == [{2: 18, 3: 18, 4: 16}[players]] * players


@pytest.mark.rules("corinth.assume.mixed-groups", "corinth.harbor.sort")
def test_white_and_yellow_dice_of_one_value_form_one_group(data):
    s = game(data, buy=1, white=R, yellow=(4,))
    assert s.harbor[DISTRICTS.index("blue")] == corinth.Group(4, 2, 1)
    assert s.describe(take("blue")) == "Player 1 takes the blue group (3 dice showing 4, 1 of them yellow)."
    t = end_if_build(s.apply(take("goats")).apply(goats()))
    assert t.harbor[DISTRICTS.index("blue")] == corinth.Group(4, 2, 0)


@pytest.mark.rules("corinth.assume.all-equal", "corinth.supply.all-equal")
def test_all_dice_equal_counts_the_yellow_dice(data):
    s = game(data, buy=1)
    assert not play(s, roll([4] * 9, [3])).is_over
    end = play(s, roll([4] * 9, [4]))
    assert end.is_over and end.winners() == (0,) and end.harbor[0].count == 10
    assert end.sheets == s.sheets                                     # nobody took a group


@pytest.mark.rules("corinth.assume.finish-shop-district", "corinth.deliver.finish-shop")
def test_a_started_shop_blocks_its_own_district_only(data):
    s = marks(game(data, white=R), green_2=1)
    u = s.apply(take("purple"))
    assert {deliver(f"purple-{i}") for i in range(1, 5)} <= set(u.legal_actions())
    g = s.apply(take("green"))
    assert [a for a in g.legal_actions() if a.kind == "deliver"] == [deliver("green-2")]


@pytest.mark.rules("corinth.assume.line-blocks", "corinth.steward.no-crossing")
def test_the_centre_and_the_line_being_drawn_are_crossed(data):
    s = with_route(game(data, white=R), 0, [at(2, 2), at(2, 1)], circled=[at(2, 1)])
    s = s.apply(take("goats")).apply(steward(1))
    err = refused(s, step(2, 2), "space-used", "corinth.steward.no-crossing")
    assert "line already crosses it" in err.message
    t = game(data, white=R).apply(take("purple")).apply(steward(3)).apply(step(1, 2))
    refused(t, step(2, 2), "space-used", "corinth.steward.no-crossing")


@pytest.mark.rules("corinth.assume.market-goods", "corinth.market.goods")
def test_goods_from_the_market_follow_the_delivery_rules(data):
    s = marks(game(data, white=R), purple_4=1)
    s = s.apply(take("purple")).apply(steward(3))
    for r, c in [(2, 3), (2, 4), (1, 4)]:                              # ends on 2 purple goods
        s = s.apply(step(r, c))
    assert s.phase == "deliver" and s.pending == (2, 2)
    assert s.legal_actions() == [deliver("purple-4")]                  # the started shop first
    assert s.describe(deliver("purple-4")) == "Player 1 marks 2 goods in shop purple-4 (3 of 4)."
    done = fill(game(data, white=R), 0, "purple").apply(take("goats")).apply(steward(1))
    done = with_route(done, 0, [at(2, 2), at(2, 3), at(2, 4)])
    done = dataclasses.replace(done, phase="steer", pending=(1,)).apply(step(1, 4))
    assert done.phase != "deliver"                                     # the district is complete


# ---- the catalogue ---------------------------------------------------------------------------------
def test_the_catalogue_keeps_rules_and_readings_apart():
    book = rules.catalogue("corinth")
    assert book.untested() == []
    for r in book:
        if r.kind == "rule":
            assert r.es and "explorer" not in r.en.lower(), r.id      # mechanics go into notes
        if r.kind == "assumption":
            assert r.es and r.reading and r.interprets in book, r.id
        if r.id.startswith("corinth.assume."):
            assert r.kind == "assumption", r.id
    assert len(book.assumptions()) >= 20
    assert book["corinth.supply.turn-track"].note                      # crossed automatically
    assert "(the explorer" not in book["corinth.supply.turn-track"].en
    assert book.rules_version == corinth._state.RULES_VERSION == "3"


# ---- words for the boards ----------------------------------------------------------------------------
def test_player_labels_and_turn_labels(data):
    s = new_game(players=4, seed=1, data=data, chance="manual")
    assert [s.player_label(p) for p in range(4)] == ["Player 1 (red)", "Player 2 (blue)",
                                                     "Player 3 (green)", "Player 4 (purple)"]
    with pytest.raises(OptionError):
        s.player_label(4)
    assert s.turn_label() == "Round 1 · Player 1 (red)"                # the supply decision
    r = s.apply(buy_yellow(0))
    assert r.turn_label() == "Round 1 · Player 1 (red)"                # the roll
    t = play(r, roll(R))
    assert t.turn_label() == "Round 1 · Player 1 (red)"
    t = end_if_build(t.apply(take("goats")).apply(goats()))
    assert t.turn_label() == "Round 1 · Player 2 (blue)"
    end = random_playout(new_game(players=2, seed=2), random.Random(2))
    assert end.turn_label() == "End of the game"
    two = game(data, players=2, white=R)
    for _ in range(2):
        two = finish_turn(two)
    assert two.turn == 2 and two.turn_label() == "Round 1 · Player 1 (red)"


def test_describe_a_whole_roll(data):
    s = new_game(players=3, seed=1, data=data, chance="manual").apply(buy_yellow(1))
    run = roll((6, 1, 3, 2, 3, 6, 3, 1, 5), (3,))
    assert s.describe_chance_run(run) == "Player 1 rolls: white 1 1 2 3 3 3 5 6 6, yellow 3."
    assert s.describe_chance_run(run[:4]) == "Player 1 rolls: white 1 2 3 6; 4 of 10 dice rolled so far."
    mid = play(s, run[:4])
    assert mid.describe_chance_run(run[4:]) == "Player 1 rolls on: white 1 3 3 5 6, yellow 3; the roll is complete."
    equal = s.describe_chance_run(roll([4] * 9, [4]))
    assert equal == "Player 1 rolls: white 4 4 4 4 4 4 4 4 4, yellow 4. Every die shows 4: Player 1 wins at once."
    # an automatic roll, as the history holds it
    auto = new_game(players=2, seed=5, data=data).apply(buy_yellow(0))
    dice = [a for a in auto.history if a.kind == "die"]
    text = new_game(players=2, seed=5, data=data, chance="manual").apply(buy_yellow(0)) \
        .describe_chance_run(dice)
    assert re.fullmatch(r"Player 1 rolls: white( [1-6]){9}\.", text), text
    # not a roll from here: each action on its own
    assert s.describe_chance_run([]) == ""
    assert "die" in game(data, white=R).describe_chance_run([die("white", 3)])


@pytest.mark.rules("corinth.end.winner", "corinth.end.tie-break", "corinth.supply.all-equal",
                   "corinth.end.running-score", "corinth.end.score")
def test_results_say_how_the_winner_was_decided(data):
    s = game(data, white=R)
    r = s.result()
    assert r.categories == ("shops", "bonuses", "gold", "goats", "steward", "temple")
    assert not r.final and r.totals == s.scores() and r.parts[0] == s.score_breakdown(0)
    assert r.explanation.startswith("The game is not over; so far Player 1 (red), Player 2 (blue) "
                                    "and Player 3 (green) tie with 0 points and 1 gold each")
    # most points
    one = with_sheet(s, 1, goats_in=5)
    assert one.result().winners == (1,) and one.result().rule == "corinth.end.winner"
    over = dataclasses.replace(one, phase="over")
    res = over.result()
    assert res.final and res.explanation == "Player 2 (blue) wins with 2 points, the most."
    # a tie broken by gold
    tie = dataclasses.replace(with_sheet(with_sheet(s, 0, goats_in=7), 1, gold_in=7), phase="over")
    res = tie.result()
    assert res.winners == (1,) and res.rule == "corinth.end.tie-break"
    assert res.explanation == ("Player 1 (red) and Player 2 (blue) tie with 3 points; the gold left "
                               "breaks the tie (Player 1 (red) 1, Player 2 (blue) 7), so Player 2 "
                               "(blue) wins.")
    # a tie that stays shared
    shared = dataclasses.replace(with_sheet(with_sheet(s, 0, gold_in=7), 1, gold_in=7), phase="over")
    res = shared.result()
    assert res.winners == (0, 1) and res.rule == "corinth.end.tie-break"
    assert res.explanation == ("Player 1 (red) and Player 2 (blue) tie with 3 points and 7 gold "
                               "each, so they share the victory.")
    three = dataclasses.replace(with_sheet(with_sheet(with_sheet(s, 0, gold_in=7), 1, gold_in=7),
                                           2, gold_in=3, goats_in=5), phase="over")
    assert three.result().explanation == (
        "Player 1 (red), Player 2 (blue) and Player 3 (green) tie with 3 points; on the gold left "
        "(Player 1 (red) 7, Player 2 (blue) 7, Player 3 (green) 3) Player 1 (red) and Player 2 "
        "(blue) are still tied, so they share the victory.")
    # the instant win
    equal = play(game(data, buy=0), roll([5] * 9))
    res = equal.result()
    assert res.final and res.winners == (0,) and res.rule == "corinth.supply.all-equal"
    assert res.explanation == ("Every die of Player 1 (red)'s roll showed 5: Player 1 (red) wins at "
                               "once, whatever the scores.")
    assert res.to_dict([equal.player_label(p) for p in range(3)])["rows"][0]["winner"] is True
    assert "wins at once" in equal.status()
    # a whole game
    end = random_playout(new_game(players=3, seed=8), random.Random(8))
    res = end.result()
    assert res.final and res.winners == end.winners() and res.totals == end.scores()
    assert all(sum(part.values()) == total for part, total in zip(res.parts, res.totals))


def test_describe_reads_well_for_every_action(data):
    s = with_sheet(game(data, white=R), 0, gold_in=4, goats_in=5)
    assert s.describe(take("blue")) == "Player 1 takes the blue group (2 dice showing 4)."
    g = s.apply(take("gold"))
    assert g.describe(gold()) == "Player 1 gains 1 gold."
    store = with_sheet(g, 0, buildings=0b1000)
    assert store.describe(gold()) == "Player 1 gains 3 gold (2 of them from the Store)."
    b = s.apply(take("blue"))
    assert b.describe(deliver("blue-1")) == "Player 1 marks 2 goods in shop blue-1 (2 of 2), completing it."
    assert b.describe(deliver("blue-3")) == "Player 1 marks 2 goods in shop blue-3 (2 of 4)."
    w = with_sheet(b, 0, buildings=0b0010)
    assert w.describe(deliver("blue-1")) == ("Player 1 delivers 3 goods (1 from the Warehouse) and "
                                             "marks 2 in shop blue-1 (2 of 2), completing it; 1 good "
                                             "still to place.")
    full = marks(marks(b, 0, blue_1=2, blue_2=3), 0, blue_3=3)
    assert full.describe(deliver("blue-3")) == ("Player 1 marks 1 good in shop blue-3 (4 of 4), "
                                                "completing it; the blue district is complete and "
                                                "its bonus (3 points) is theirs; 1 good left over "
                                                "is lost.")
    assert b.describe(steward(4)) == "Player 1 moves the Steward 4 steps."
    walk = b.apply(steward(2))
    assert walk.describe(step(2, 1)) == "Player 1 draws the Steward's line to B3, 1 step to go."
    last = walk.apply(step(2, 1))
    assert last.describe(step(1, 1)) == ("Player 1 ends the Steward's move on B2 and circles "
                                         "it: 1 blue good.")
    corner = with_route(game(data, white=R), 0, [at(2, 2), at(1, 2), at(1, 1), at(0, 1)],
                        circled=[at(1, 2)]).apply(take("goats")).apply(steward(1))
    assert corner.describe(step(0, 0)) == ("Player 1 ends the Steward's move on A1 and circles "
                                           "it: a scoring space, whose diamond gets 3 points.")
    built = s.apply(take("goats")).apply(goats())
    assert built.describe(build("temple")) == "Player 1 builds the temple for 2 gold and 2 goats."
    assert built.describe(build("warehouse")) == "Player 1 builds the warehouse for 2 goats."
    assert built.describe(end_turn()) == "Player 1 ends the turn."
    boxed = boxed_in(fill(game(data, white=R), 0, "green"))
    assert boxed.describe(take("green")) == "Player 1 takes the green group (2 dice showing 2)."
    useless = with_sheet(boxed, 0, gold_out=1)
    assert useless.describe(take("green")) == ("Player 1 takes the green group (2 dice showing 2); "
                                               "it cannot be used.")
    r = new_game(players=2, seed=1, data=data, chance="manual").apply(buy_yellow(0))
    assert r.describe(die("white", 3)) == "Player 1 rolls white die 1 of 9: 3."
    # odd or illegal actions still get a sentence, never an error
    for a in (Action("fly"), take("nowhere"), deliver("nowhere"), step(9, 9), Action("die", "red", 1)):
        assert isinstance(s.describe(a), str) and s.describe(a)
