"""The Hanging Gardens: the rules, one test per rule or small group of rules, each naming the ids
it checks. Scenarios use designed cards and gardens drawn as pictures (see ``gardens.py``), never
the placeholder deck's layouts."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from explorer import IllegalAction, OptionError, UnknownAction
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import (decline, discard, draw, hidden, move_temple, place, reveal,
                                      start, take, temple, tile)
from explorer.hanging_gardens._grid import idx, rc

from gardens import designed_data, set_up, taking, top, with_display, with_garden


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return hg.load_data(designed_data(tmp_path_factory.mktemp("hg")))


def refused(state, action, code, rule):
    err = state.why_illegal(action)
    assert err is not None, f"{action} should be refused"
    assert (err.code, err.rule) == (code, rule), err
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert raised.value.code == code
    return err


def legal(state):
    return [tuple(a.args) for a in state.legal_actions()]


# ---- set-up --------------------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.setup.players")
@pytest.mark.parametrize("players", [1, 5, 0, True, "3"])
def test_two_to_four_players(players):
    with pytest.raises(OptionError, match="2-4 players"):
        hg.new_game(players=players)
    for n in (2, 3, 4):
        assert hg.new_game(players=n, seed=1).players == n


@pytest.mark.rules("hanging_gardens.setup.start-card", "hanging_gardens.setup.temples")
def test_each_garden_starts_as_a_blank_start_card_with_five_temples():
    s = hg.new_game(players=4, seed=2)
    for p, g in enumerate(s.gardens):
        assert [rc(i) for i in range(len(g.grid)) if g.grid[i]] == [(r, c) for r in (0, 1)
                                                                    for c in (0, 1, 2)]
        assert all(top(s, p, r, c) == "blank ground" for r in (0, 1) for c in range(3))
        assert g.temples == () and s.temples_left(p) == 5
        assert s.book.card_ids[g.placed[0][0]].startswith("s")      # a start card
    assert len({g.placed[0][0] for g in s.gardens}) == 4           # one each


@pytest.mark.rules("hanging_gardens.setup.building-stack", "hanging_gardens.round.reveal")
def test_each_revealed_card_is_drawn_from_the_cards_left_each_equally_likely():
    s = hg.new_game(players=3, seed=1, chance="manual")
    for t in ("queen", "king", "tiger", "garden", "statue", "chalice"):
        s = s.apply(draw(t))
    s = s.apply(start(2))
    seen = []
    for k in range(3):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 60 - k and {p for _, p in outcomes} == {Fraction(1, 60 - k)}
        assert {a.args[0] for a, _ in outcomes} == set(s.book.card_ids[:60]) - set(seen)
        cid = outcomes[-1 - k][0].args[0]                 # any card may come: no order fixed
        seen.append(cid)
        s = s.apply(reveal(cid))
    assert [s.book.card_ids[c] for c in s.display] == seen and len(s.stack) == 57
    assert s.phase == "take" and s.current_player == 2
    refused(s, reveal("b01"), "not-chance", "engine.chance")
    s2 = hg.new_game(players=2, seed=1, chance="manual")
    while s2.phase != "reveal":
        s2 = s2.apply(s2.legal_actions()[0])
    s2 = s2.apply(reveal("b07"))
    refused(s2, reveal("b07"), "not-in-stack", "hanging_gardens.setup.building-stack")
    refused(s2, reveal("s1"), "no-such-card", "hanging_gardens.setup.building-stack")


@pytest.mark.rules("hanging_gardens.setup.tile-stacks", "hanging_gardens.setup.face-up-tiles")
def test_two_stacks_and_six_face_up_tiles_in_three_columns():
    s = hg.new_game(players=2, seed=3)
    assert sum(s.heights) == 43 and abs(s.heights[0] - s.heights[1]) <= 1
    assert sum(s.pool) == 43 and min(s.faceup) >= 0 and len(s.faceup) == 6
    book = s.book
    assert [(book.space_column[i], book.space_row[i]) for i in range(6)] == [
        (c, r) for c in (1, 2, 3) for r in (1, 2)]
    assert book.space_name(3) == "column 2, lower tile"
    fresh = hg.new_game(players=2, seed=3, chance="manual")
    assert fresh.heights == (25, 24) and fresh.phase == "deal"
    assert sum(p for _, p in fresh.chance_outcomes()) == 1
    err = s.why_illegal(tile(4, 1))
    assert isinstance(err, UnknownAction) and err.rule == "hanging_gardens.setup.face-up-tiles"


@pytest.mark.rules("hanging_gardens.setup.start-player")
def test_the_start_player_is_drawn_at_random():
    s = hg.new_game(players=4, seed=1, chance="manual")
    while s.phase != "start":
        s = s.apply(s.legal_actions()[0])
    assert s.chance_outcomes() == [(start(p), Fraction(1, 4)) for p in range(4)]
    firsts = {hg.new_game(players=4, seed=k).first for k in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert s.apply(start(2)).first == 2
    refused(s, start(4), "no-such-player", "hanging_gardens.setup.start-player")


# ---- a round ---------------------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.round.reveal", "hanging_gardens.round.take-count",
                   "hanging_gardens.round.order", "hanging_gardens.round.start-marker",
                   "hanging_gardens.assume.start-marker-left")
@pytest.mark.parametrize("players, shown, each", [(2, 4, 2), (3, 3, 1), (4, 4, 1)])
def test_cards_per_round_taken_in_order_and_the_start_marker_passes_on(players, shown, each):
    s = hg.new_game(players=players, seed=5)
    first = s.first
    for rnd in range(1, 4):
        assert s.round == rnd and s.first == (first + rnd - 1) % players
        assert len(s.display) == shown
        takers = []
        while s.round == rnd:
            if s.phase == "take":
                takers.append(s.current_player)
            s = s.apply(s.legal_actions()[-1])
        assert sorted(takers) == sorted(list(range(players)) * each)
        f = (first + rnd - 1) % players
        if players == 2:
            assert takers == [f, 1 - f, f, 1 - f]                 # alternate (the default)
        else:
            assert takers == [(f + k) % players for k in range(players)]


@pytest.mark.rules("hanging_gardens.round.must-take", "hanging_gardens.round.take-count")
def test_a_card_must_be_taken_one_per_turn(data):
    s = set_up(3, data=data, cards=["b01", "b02", "b04"])
    assert s.legal_actions() == [take(1), take(2), take(3)]
    refused(s, decline(), "must-take", "hanging_gardens.round.must-take")
    refused(s, place(0, 0, 0), "take-first", "hanging_gardens.round.must-take")
    s = s.apply(take(2))
    refused(s, take(1), "one-card-per-turn", "hanging_gardens.round.take-count")
    s = s.apply(s.legal_actions()[0])
    refused(s, take(2), "space-empty", "hanging_gardens.round.must-take")
    err = s.why_illegal(take(9))
    assert isinstance(err, UnknownAction) and err.code == "no-such-space"


@pytest.mark.rules("hanging_gardens.round.place-now")
def test_the_card_taken_goes_into_the_garden_at_once(data):
    s = set_up(2, data=data, cards=["b01"])
    s = s.apply(take(1))
    assert s.phase == "place" and s.current_player == 0
    assert {a.kind for a in s.legal_actions()} == {"place"}
    refused(s, decline(), "must-place", "hanging_gardens.round.place-now")
    refused(s, tile(1, 1), "not-scoring", "hanging_gardens.temple.must-take-tile")


@pytest.mark.rules("hanging_gardens.assume.two-player-order")
def test_two_players_alternate_or_take_two_in_a_row_each_card_a_turn(data):
    s = set_up(2, data=data, start=1, cards=["b01", "b02", "b04", "b05"],
               two_player_order="two-in-a-row")
    takers = []
    while s.round == 1:
        if s.phase == "take":
            takers.append(s.current_player)
        s = s.apply(s.legal_actions()[-1])
    assert takers == [1, 1, 0, 0]
    with pytest.raises(OptionError, match="two_player_order"):
        hg.new_game(players=2, two_player_order="both")
    # each card is its own turn: a player may score after each of their two cards
    s = set_up(2, data=data, cards=["b01", "b04", "b12", "b05"])
    s = with_garden(s, 0, "...\n...\n...")
    s = s.apply(take(1)).apply(place(0, 0, 0))                    # three parks in a row
    assert s.phase == "score"
    s = s.apply(temple(0, 0)).apply(tile(1, 1)).apply(draw("gate"))
    s = s.apply(take(2))
    s = s.apply(s.legal_actions()[0])                               # player 2's turn
    assert (s.current_player, s.phase) == (0, "take")
    s = s.apply(take(3)).apply(place(1, 0, 0))                      # four terraces
    assert s.phase == "score" and s.current_player == 0
    assert [len(g) for _, g in s.pending[2]] == [4]


# ---- placing a card ---------------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.place.grid", "hanging_gardens.place.first-card",
                   "hanging_gardens.place.motif-on-section")
def test_the_first_card_puts_its_motifs_on_the_start_card(data):
    s = set_up(2, data=data, cards=["b01"]).apply(take(1))
    # three parks in a row fit on either row of the start card, as printed or turned a half turn
    assert legal(s) == [(-1, 0, 2), (0, 0, 0), (0, 0, 2), (1, 0, 0)]
    refused(s, place(5, 5, 0), "motif-on-table", "hanging_gardens.place.first-card")
    err = refused(s, place(0, 1, 0), "motif-on-table", "hanging_gardens.place.first-card")
    assert "row 0, column 3" in err.message
    err = s.why_illegal(place(0, 0, 4))
    assert isinstance(err, UnknownAction) and err.code == "no-such-turn"
    refused(s, place(99, 0, 0), "motif-on-table", "hanging_gardens.place.motif-on-section")
    s = s.apply(place(1, 0, 0))
    g = s.gardens[0]
    assert g.placed[-1][1:] == (idx(1, 0), 0)                      # top-left of the footprint
    assert [top(s, 0, 1, c) for c in range(3)] == ["park"] * 3


@pytest.mark.rules("hanging_gardens.place.motif-on-section", "hanging_gardens.place.blank-anywhere")
def test_motifs_lie_on_the_garden_blank_ground_anywhere(data):
    s = taking(data, "PP.\n...", "b02")
    refused(s, place(-1, 0, 0), "motif-on-table", "hanging_gardens.place.motif-on-section")
    # the park lands on a park; its blank ground hangs over the table to the right and below
    s2 = s.apply(place(1, 2, 0))
    assert top(s2, 0, 1, 2) == "park" and top(s2, 0, 1, 4) == "blank ground"
    assert top(s2, 0, 2, 4) == "blank ground"
    assert s.why_illegal(place(0, 0, 0)) is None                   # motif on a motif


@pytest.mark.rules("hanging_gardens.place.cover-replaces")
def test_covering_a_motif_with_blank_ground_removes_it(data):
    s = taking(data, "PPP\n...", "b02")
    s = s.apply(place(0, 1, 0))                 # park on (0, 1), blank ground over (0, 2)
    assert [top(s, 0, 0, c) for c in range(3)] == ["park", "park", "blank ground"]
    assert max((len(g.squares) for g in hg.groups(s, 0)), default=0) == 2


@pytest.mark.rules("hanging_gardens.place.temple-not-covered",
                   "hanging_gardens.assume.temple-not-covered")
def test_a_temple_is_never_covered(data):
    s = taking(data, "P*PP\n....", "b09")
    for row, col, turn in legal(s):
        o = s.book.orient[s.pending[0]][turn]
        assert idx(0, 0) not in {idx(row, col) + off for off in o.cells}
    # the park would lie on (0, 2), its blank ground on the temple at (0, 0)
    err = refused(s, place(-1, 0, 0), "covers-temple", "hanging_gardens.place.temple-not-covered")
    assert "row 0, column 0" in err.message


UNPLACEABLE = "F*F*F*\nF*F*."
"""Five temples and one free blank square: a card with two motifs fits nowhere."""


@pytest.mark.rules("hanging_gardens.place.unplaceable-discard", "hanging_gardens.assume.take-unplaceable")
def test_a_card_that_fits_nowhere_is_discarded_and_ends_the_turn(data):
    s = set_up(2, data=data)
    s = with_display(with_garden(s, 0, UNPLACEABLE), "b05", "b02", "b04", "b08")
    assert s.legal_actions() == [take(1), take(2), take(3), take(4)]   # any card may be taken
    d = s.apply(take(1))
    assert d.phase == "discard" and d.legal_actions() == [discard()]
    refused(d, place(1, 2, 0), "cannot-place", "hanging_gardens.place.unplaceable-discard")
    refused(d, decline(), "must-discard", "hanging_gardens.place.unplaceable-discard")
    after = d.apply(discard())
    assert after.discards == (s.book.card_index["b05"],) and after.current_player == 1
    assert after.phase == "take" and after.gardens[0] == s.gardens[0]
    p = s.apply(take(2))                         # one park fits on the free square
    assert p.phase == "place" and legal(p) == [(1, 2, 0)]
    refused(p, discard(), "card-fits", "hanging_gardens.assume.take-unplaceable")


@pytest.mark.rules("hanging_gardens.place.none-placeable")
def test_with_no_playable_card_one_is_still_taken_and_discarded(data):
    s = set_up(2, data=data)
    s = with_display(with_garden(s, 0, UNPLACEABLE), "b05", "b07", "b11", "b12")
    assert s.legal_actions() == [take(k) for k in (1, 2, 3, 4)]
    for k in (1, 2, 3, 4):
        t = s.apply(take(k))
        assert t.legal_actions() == [discard()]


@pytest.mark.rules("hanging_gardens.assume.card-orientation")
def test_the_rotation_option_sets_the_turns_a_card_may_take(data):
    any_ = set_up(2, data=data, cards=["b06"]).apply(take(1))
    assert {t for _, _, t in legal(any_)} == {0, 1, 2, 3}
    half = set_up(2, data=data, cards=["b06"], rotation="half-turn").apply(take(1))
    assert {t for _, _, t in legal(half)} == {0, 2}
    none = set_up(2, data=data, cards=["b06"], rotation="none").apply(take(1))
    assert {t for _, _, t in legal(none)} == {0}
    refused(none, place(0, 0, 1), "turn-not-allowed", "hanging_gardens.assume.card-orientation")
    with pytest.raises(OptionError, match="rotation"):
        hg.new_game(players=2, rotation="sideways")
    # a quarter turn clockwise lays the printed column of two parks along a row
    s = any_.apply(place(0, 0, 1))
    assert [top(s, 0, 1, c) for c in (0, 1)] == ["park", "park"]
    assert top(s, 0, 2, 0) == "blank ground"     # a 3 x 2 footprint
    assert hg.placement_preview(any_)["turns"]["1"]["rows"] == 3


# ---- groups ------------------------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.group.orthogonal", "hanging_gardens.group.min-size")
def test_groups_join_through_edges_only_and_start_at_three(data):
    s = taking(data, ".P...\nP.PP.", "b02")
    s = s.apply(place(-2, 3, 3))                 # a park on (0, 3), below it the park on (1, 3)
    assert s.phase == "score"
    groups = [{rc(i) for i in g} for _, g in s.pending[2]]
    assert groups == [{(0, 3), (1, 3), (1, 2)}]  # (0, 1) and (1, 0) touch it at corners only
    refused(s, temple(1, 0), "group-too-small", "hanging_gardens.group.min-size")
    refused(s, temple(0, 1), "group-too-small", "hanging_gardens.group.min-size")
    sizes = sorted(len(g.squares) for g in hg.groups(s, 0))
    assert sizes == [1, 1, 3]


@pytest.mark.rules("hanging_gardens.group.split-example", "hanging_gardens.assume.group-eligible",
                   "hanging_gardens.assume.temple-any-section")
def test_the_rulebooks_first_split_a_scored_group_of_seven_leaves_a_new_group_of_four(data):
    s = taking(data, "P*PPPPPP\n.......", "b13")
    pl = next(p for p in hg.placements(s) if (p.row, p.col, p.turn) == (-1, 3, 1))
    assert [g.size for g in pl.splits] == [7] and len(pl.covers) == 4
    assert sum(1 for sq in pl.covers if sq[0] == 0 and 0 <= sq[1] <= 6) == 2   # two sections of it
    s = s.apply(place(-1, 3, 1))
    assert [{rc(i) for i in g} for _, g in s.pending[2]] == [{(0, 4), (0, 5), (0, 6), (1, 4)}]
    assert sorted(g.size for g in hg.groups(s, 0)) == [3, 4]
    s = s.apply(temple(0, 6))                    # a section not on the new card
    assert s.legal_actions() == [tile(1, 1), tile(1, 2), tile(2, 1), tile(2, 2)]


@pytest.mark.rules("hanging_gardens.group.split-example-blocked",
                   "hanging_gardens.temple.new-card-section", "hanging_gardens.temple.one-per-group")
def test_the_rulebooks_second_split_leaves_nothing_to_score(data):
    s = taking(data, "TT*T....\nPPPPPPP*", "b14")
    pl = next(p for p in hg.placements(s) if (p.row, p.col, p.turn) == (0, 3, 1))
    assert [g.size for g in pl.splits] == [7] and pl.scorable == ()
    after = s.apply(place(0, 3, 1))
    assert after.phase == "take" and after.current_player == 1        # no group to score
    by_square = {min(g.squares): g for g in hg.groups(after, 0)}
    terraces, left, right = by_square[(0, 0)], by_square[(1, 0)], by_square[(1, 4)]
    assert (terraces.motif, terraces.size, len(terraces.temples)) == ("terrace", 4, 1)
    assert (left.size, left.temples, right.size, len(right.temples)) == (3, (), 3, 1)
    new = {(0, 3), (1, 4)}                                            # the new card's motifs
    assert not left.squares & new and right.squares & new and terraces.squares & new


@pytest.mark.rules("hanging_gardens.temple.new-card-section", "hanging_gardens.temple.no-old-group",
                   "hanging_gardens.assume.group-eligible", "hanging_gardens.temple.on-group")
def test_only_a_group_with_a_section_on_the_new_card_may_be_scored(data):
    s = taking(data, "TTT.\n....", "b01").apply(place(1, 0, 0))
    assert [{rc(i) for i in g} for _, g in s.pending[2]] == [{(1, 0), (1, 1), (1, 2)}]
    refused(s, temple(0, 0), "not-on-new-card", "hanging_gardens.temple.new-card-section")
    refused(s, temple(5, 5), "no-section", "hanging_gardens.temple.on-group")
    refused(s, temple(2, 2), "blank-section", "hanging_gardens.temple.on-group")
    s = s.apply(temple(1, 1))
    assert s.gardens[0].temples == (idx(1, 1),) and s.temples_left(0) == 4
    # an older group that was never scored may be scored once a new card grows it
    g = taking(data, "PPP.\n....", "b02").apply(place(0, 3, 0))
    assert [len(grp) for _, grp in g.pending[2]] == [4]


@pytest.mark.rules("hanging_gardens.temple.one-group-per-turn")
def test_one_group_per_turn(data):
    s = taking(data, "TT.....\n.......", "b15").apply(place(0, 2, 0))
    assert [len(g) for _, g in s.pending[2]] == [3, 3]                # terraces and parks
    s = s.apply(temple(0, 0))
    refused(s, temple(1, 3), "one-group-per-turn", "hanging_gardens.temple.one-group-per-turn")


@pytest.mark.rules("hanging_gardens.temple.one-per-group", "hanging_gardens.assume.merged-temples")
def test_a_group_with_a_temple_cannot_be_scored_even_when_groups_merge(data):
    s = taking(data, "TT.....\n.....P*", "b15").apply(place(0, 2, 0))
    assert [len(g) for _, g in s.pending[2]] == [3]                   # the parks hold a temple
    refused(s, temple(1, 3), "group-has-temple", "hanging_gardens.temple.one-per-group")
    m = taking(data, "TT.....\nP*P...P*", "b15").apply(place(0, 2, 0))
    joined = next(g for g in hg.groups(m, 0) if g.motif == "park")
    assert joined.size == 6 and len(joined.temples) == 2              # joined, both temples kept
    refused(m, temple(1, 3), "group-has-temple", "hanging_gardens.assume.merged-temples")


@pytest.mark.rules("hanging_gardens.temple.optional", "hanging_gardens.assume.scoring-optional",
                   "hanging_gardens.temple.wait-to-grow")
def test_scoring_is_optional_and_a_passed_group_waits_for_a_card_that_grows_it(data):
    s = set_up(2, data=data, cards=["b01", "b04", "b08", "b05"])
    s = with_garden(s, 0, "....\n....\n....")
    s = s.apply(take(1)).apply(place(0, 0, 0))
    assert s.legal_actions()[0] == decline()
    s = s.apply(decline())
    assert (s.current_player, s.phase) == (1, "take") and s.gardens[0].temples == ()
    s = s.apply(take(2))
    s = s.apply(s.legal_actions()[0])
    s = s.apply(take(3)).apply(place(2, 0, 0))                        # an arcade far from it
    assert (s.current_player, s.phase) == (1, "take")                 # the parks are not offered
    s = s.apply(take(4))
    s = s.apply(s.legal_actions()[0])
    assert s.phase == "reveal" and s.round == 2
    for cid in ("b02", "b03", "b06", "b09"):                          # next round: a park ...
        s = s.apply(reveal(cid))
    s = s.apply(take(2))
    s = s.apply(s.legal_actions()[0])                                 # (player 2 starts it)
    s = s.apply(take(1)).apply(place(0, 3, 0))                        # ... grows the parks to 4
    assert s.phase == "score" and [len(g) for _, g in s.pending[2]] == [4]
    s = s.apply(temple(0, 0))                         # grown to 4: two columns to choose from
    assert [a.args for a in s.legal_actions()] == [(1, 1), (1, 2), (2, 1), (2, 2)]


@pytest.mark.rules("hanging_gardens.temple.must-take-tile")
def test_a_temple_always_takes_a_tile(data):
    s = taking(data, "...\n...", "b01").apply(place(0, 0, 0)).apply(temple(0, 1))
    assert s.phase == "tile"
    refused(s, decline(), "must-take-tile", "hanging_gardens.temple.must-take-tile")


MOVE = """\
P*PP.T*TT.F*FFF
...............
...............
A*AAAA.P*PPPPP
...............
..............."""


@pytest.mark.rules("hanging_gardens.temple.move", "hanging_gardens.assume.move-scores",
                   "hanging_gardens.temple.move-smallest")
def test_with_five_temples_placed_the_temple_of_a_smallest_group_moves(data):
    s = taking(data, MOVE, "b01").apply(place(5, 0, 0))
    assert s.temples_left(0) == 0 and s.phase == "score"
    refused(s, move_temple(0, 0), "choose-group-first", "hanging_gardens.assume.move-scores")
    s = s.apply(temple(5, 1))
    assert s.phase == "move" and s.legal_actions() == [move_temple(0, 0), move_temple(0, 4)]
    refused(s, decline(), "must-move", "hanging_gardens.assume.move-scores")
    refused(s, move_temple(3, 0), "not-smallest", "hanging_gardens.temple.move-smallest")
    refused(s, move_temple(1, 1), "no-temple-there", "hanging_gardens.temple.move")
    s = s.apply(move_temple(0, 4))
    temples = {rc(t) for t in s.gardens[0].temples}
    assert temples == {(0, 0), (0, 8), (3, 0), (3, 6), (5, 1)} and s.temples_left(0) == 0
    assert s.phase == "tile" and s.legal_actions() == [tile(1, 1), tile(1, 2)]
    # while temples are left, none moves
    t = taking(data, "...\n...", "b01").apply(place(0, 0, 0))
    refused(t, move_temple(0, 0), "temples-left", "hanging_gardens.temple.move")


@pytest.mark.rules("hanging_gardens.assume.move-smallest")
def test_group_sizes_for_the_move_are_counted_after_the_new_card(data):
    # the new card leaves the fountains' temple alone on its square: now the smallest group
    s = taking(data, MOVE, "b15").apply(place(0, 9, 0))
    assert [len(g) for _, g in s.pending[2]] == [3]
    s = s.apply(temple(1, 10))
    assert s.legal_actions() == [move_temple(0, 8)]


# ---- tiles -----------------------------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.tile.group-of-three", "hanging_gardens.tile.group-of-four",
                   "hanging_gardens.tile.group-of-five")
@pytest.mark.parametrize("picture, columns, shut", [
    ("....\n....", (1,), "hanging_gardens.tile.group-of-three"),
    ("PPP.\n....", (1, 2), "hanging_gardens.tile.group-of-four"),
    ("PPPP.\n.....", (1, 2, 3), None),
])
def test_the_group_size_opens_the_tile_columns(data, picture, columns, shut):
    s = taking(data, picture, "b01" if picture.startswith(".") else "b02")
    s = s.apply(place(0, 0, 0) if picture.startswith(".") else place(0, picture.index("."), 0))
    s = s.apply(temple(0, 0))
    assert [a.args for a in s.legal_actions()] == [(c, r) for c in columns for r in (1, 2)]
    if shut:
        refused(s, tile(max(columns) + 1, 1), "column-closed", shut)


SIX = "PPPPP.\n......"


@pytest.mark.rules("hanging_gardens.tile.bonus-hidden", "hanging_gardens.tile.bonus-first",
                   "hanging_gardens.assume.bonus-no-refill")
def test_a_group_of_six_first_takes_a_hidden_tile_from_the_stacks(data):
    s = taking(data, SIX, "b02").apply(place(0, 5, 0)).apply(temple(0, 0))
    assert s.phase == "bonus" and s.legal_actions() == [decline(), hidden()]
    refused(s, tile(1, 1), "bonus-first", "hanging_gardens.tile.bonus-first")
    s = s.apply(hidden())
    assert s.is_chance_node
    outcomes = dict(s.chance_outcomes())
    assert outcomes[draw("chalice")] == Fraction(s.pool[s.book.tile_index["chalice"]], sum(s.pool))
    heights, faceup = s.heights, s.faceup
    s = s.apply(draw("gate"))
    gate = s.book.tile_index["gate"]
    assert s.tiles[0][gate] == 1 and s.hidden[0][gate] == 1
    assert s.faceup == faceup and sum(s.heights) == sum(heights) - 1     # nothing to refill
    assert s.phase == "tile" and len(s.legal_actions()) == 6
    refused(s, hidden(), "bonus-first", "hanging_gardens.tile.bonus-first")


@pytest.mark.rules("hanging_gardens.assume.bonus-optional")
def test_the_hidden_tile_may_be_declined_and_comes_only_with_scoring(data):
    s = taking(data, SIX, "b02").apply(place(0, 5, 0))
    refused(s, hidden(), "score-first", "hanging_gardens.assume.bonus-optional")
    s = s.apply(temple(0, 0)).apply(decline())
    assert s.phase == "tile" and sum(s.tiles[0]) == 0
    small = taking(data, "....\n....", "b01").apply(place(0, 0, 0)).apply(temple(0, 0))
    refused(small, hidden(), "no-bonus", "hanging_gardens.tile.bonus-hidden")


@pytest.mark.rules("hanging_gardens.tile.refill", "hanging_gardens.assume.refill-stack")
def test_the_space_is_refilled_from_the_taller_stack_by_the_tiles_left(data):
    s = taking(data, "...\n...", "b01").apply(place(0, 0, 0)).apply(temple(0, 0))
    s = s.apply(tile(1, 2))
    assert s.phase == "refill" and s.faceup[1] == -1
    total = sum(s.pool)
    assert s.chance_outcomes() == [(draw(k), Fraction(n, total))
                                   for k, n in sorted(zip(s.book.tiles, s.pool)) if n]
    h1, h2 = s.heights
    s = s.apply(draw("king"))
    assert s.faceup[1] == s.book.tile_index["king"]
    assert s.heights == ((h1 - 1, h2) if h1 >= h2 else (h1, h2 - 1))
    refused(s, draw("king"), "not-chance", "engine.chance")
    # with both stacks empty the space stays empty
    e = taking(data, "...\n...", "b01")
    e = dataclasses.replace(e, heights=(0, 0), pool=(0,) * 12)
    e = e.apply(place(0, 0, 0)).apply(temple(0, 0)).apply(tile(1, 1))
    assert e.faceup[0] == -1 and e.phase == "take"
    r = hg.new_game(players=2, seed=1, chance="manual")
    for _ in range(4):
        r = r.apply(draw("queen"))
    assert draw("queen") not in [a for a, _ in r.chance_outcomes()]     # all four are out
    refused(r, draw("queen"), "none-left", "hanging_gardens.assume.refill-stack")
    refused(r, draw("dragon"), "no-such-tile", "hanging_gardens.tiles.composition")


@pytest.mark.rules("hanging_gardens.end.missed-tile", "hanging_gardens.assume.missed-tile")
def test_a_tile_owed_when_none_is_left_scores_five(data):
    s = taking(data, SIX, "b02")
    s = dataclasses.replace(s, heights=(0, 0), pool=(0,) * 12, faceup=(-1, -1, -1, -1, -1, 3))
    s = s.apply(place(0, 5, 0)).apply(temple(0, 0))       # the hidden tile is owed: none left
    assert s.missed[0] == 1 and s.phase == "tile" and s.legal_actions() == [tile(3, 2)]
    t = taking(data, "...\n...", "b01")
    t = dataclasses.replace(t, heights=(0, 0), pool=(0,) * 12, faceup=(-1, -1, 2, 2, 2, 2))
    t = t.apply(place(0, 0, 0))
    assert t.phase == "score"                             # scoring is allowed all the same
    t = t.apply(temple(0, 0))
    assert t.missed[0] == 1 and t.phase == "take" and t.current_player == 1
    assert t.score_breakdown(0)["missed tiles"] == 5 and t.tile_count(0) == 0



# ---- the end ---------------------------------------------------------------------------------
def random_game(players, seed, **options):
    import random
    s = hg.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.rules("hanging_gardens.end.cards-played", "hanging_gardens.assume.end-discards")
@pytest.mark.parametrize("players, rounds", [(2, 15), (3, 20), (4, 15)])
def test_the_game_ends_when_every_building_card_is_played(players, rounds):
    for seed in range(4):
        end = random_game(players, seed)
        placed = sum(len(g.placed) - 1 for g in end.gardens)
        assert end.stack == () and placed + len(end.discards) == 60
        assert end.round == rounds and end.legal_actions() == []
        assert end.current_player == end.first and end.why_illegal(take(1)).code == "game-over"


@pytest.mark.rules("hanging_gardens.end.tiles-run-out", "hanging_gardens.assume.tiles-run-out")
def test_when_every_tile_is_gone_the_round_is_finished_then_the_game_ends(data):
    s = set_up(3, data=data, cards=["b01", "b04", "b08"])
    s = with_garden(s, 0, "...\n...")
    s = dataclasses.replace(s, heights=(0, 0), pool=(0,) * 12, faceup=(0, -1, -1, -1, -1, -1))
    s = s.apply(take(1)).apply(place(0, 0, 0)).apply(temple(0, 0)).apply(tile(1, 1))
    assert max(s.faceup) == -1 and not s.is_over                  # the round goes on
    assert (s.current_player, s.phase) == (1, "take")
    for _ in range(2):
        s = s.apply(s.legal_actions()[0])
        while s.phase != "take" and not s.is_over:
            s = s.apply(s.legal_actions()[0])
    assert s.is_over and len(s.stack) == 57                       # building cards were left


@pytest.mark.rules("hanging_gardens.end.reveal", "hanging_gardens.tile.face-down")
def test_tiles_lie_face_down_until_the_end(data):
    s = taking(data, SIX, "b02").apply(place(0, 5, 0)).apply(temple(0, 0)).apply(hidden())
    s = s.apply(draw("gate")).apply(tile(1, 1)).apply(draw("king"))
    other = s.view(1)
    assert other.tiles[0] == (0,) * 12 and other.unknown[0] == 2 and other.tile_count(0) == 2
    assert "draw('gate')" not in str([str(a) for a in other.history])
    assert [str(a) for a in other.history].count("draw(?)") == 1
    mine = s.view(0)
    assert mine.tiles[0] == s.tiles[0] and mine.unknown == (0, 0)
    assert hg.draw("gate") in mine.history
    end = random_game(2, 3)
    assert end.view(0) is end and end.view(1) is end              # all turned up at the end
