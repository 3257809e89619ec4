"""The Hanging Gardens: readings decided from the Spanish text in the second rules audit (when the
tiles run out, a bonus owed from empty stacks, a group re-laid without growing), and the wording
of refusals that name several squares or spaces."""

from __future__ import annotations

import dataclasses

import pytest

from explorer import IllegalAction
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import decline, draw, hidden, move_temple, place, take, temple, tile
from explorer.hanging_gardens._grid import rc

from gardens import designed_data, set_up, taking, with_garden


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    # b16: a park above a terrace, to re-lay a park and grow a terrace in one placement
    return hg.load_data(designed_data(tmp_path_factory.mktemp("hg"), {"b16": "P../T.."}))


def refused(state, action, code, rule):
    err = state.why_illegal(action)
    assert err is not None, f"{action} should be refused"
    assert (err.code, err.rule) == (code, rule), err
    with pytest.raises(IllegalAction):
        state.apply(action)
    return err


def finish_round(s):
    rnd = s.round
    while not s.is_over and s.round == rnd:
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.rules("hanging_gardens.end.tiles-run-out", "hanging_gardens.assume.tiles-run-out")
def test_the_game_ends_after_the_round_in_which_the_stacks_run_out(data):
    """"Muy raras veces las losetas de puntuación se acaban … la ronda actual se juega hasta el
    final": the round in which the last tile leaves the stacks is finished, then the game ends,
    although face-up tiles and building cards are left."""
    s = set_up(3, data=data, cards=["b01", "b04", "b08"])
    s = with_garden(s, 0, "...\n...")
    king = s.book.tile_index["king"]
    pool = tuple(1 if k == king else 0 for k in range(len(s.pool)))
    s = dataclasses.replace(s, heights=(1, 0), pool=pool)        # one tile left in the stacks
    s = s.apply(take(1)).apply(place(0, 0, 0)).apply(temple(0, 0)).apply(tile(1, 1))
    s = s.apply(draw("king"))                                    # the last tile refills the space
    assert s.heights == (0, 0) and not s.is_over
    assert (s.current_player, s.phase) == (1, "take")            # the round is played to its end
    end = finish_round(s)
    assert end.is_over and end.round == 1
    assert max(end.faceup) >= 0 and len(end.stack) == 57         # tiles and cards were left
    # while a tile is left in the stacks, the game goes on to the next round
    more = dataclasses.replace(set_up(3, data=data, cards=["b01", "b04", "b08"]),
                               heights=(2, 0), pool=tuple(2 if k == king else 0 for k in range(len(pool))))
    more = with_garden(more, 0, "...\n...")
    more = more.apply(take(1)).apply(place(0, 0, 0)).apply(temple(0, 0)).apply(tile(1, 1))
    more = finish_round(more.apply(draw("king")))
    assert not more.is_over and more.round == 2


@pytest.mark.rules("hanging_gardens.assume.missed-bonus", "hanging_gardens.end.missed-tile")
def test_a_bonus_owed_from_empty_stacks_is_a_missed_tile_without_asking(data):
    s = taking(data, "PPPPP.\n......", "b02")
    s = dataclasses.replace(s, heights=(0, 0), pool=(0,) * len(s.pool))
    s = s.apply(place(0, 5, 0)).apply(temple(0, 0))              # a group of 6: the bonus is owed
    assert s.missed[0] == 1 and s.phase == "tile"
    assert decline() not in s.legal_actions() and hidden() not in s.legal_actions()
    assert s.score_breakdown(0)["missed tiles"] == 5
    # with a tile in the stacks the bonus is offered, and may be declined
    t = taking(data, "PPPPP.\n......", "b02").apply(place(0, 5, 0)).apply(temple(0, 0))
    assert t.legal_actions() == [decline(), hidden()] and t.missed[0] == 0


@pytest.mark.rules("hanging_gardens.assume.no-old-group", "hanging_gardens.temple.no-old-group",
                   "hanging_gardens.assume.group-eligible")
def test_a_group_re_laid_without_growing_cannot_be_scored(data):
    """"Un jugador no puede elegir puntuar un grupo creado previamente": a card whose park lands
    exactly on a park of an unscored group leaves the group as it was, so it is not offered."""
    s = taking(data, "PPP.\nTT..", "b16")
    pl = next(p for p in hg.placements(s) if (p.row, p.col, p.turn) == (0, 2, 0))
    assert [(g.group.motif, g.group.size) for g in pl.scorable] == [("terrace", 3)]
    s = s.apply(place(0, 2, 0))                  # park on (0, 2) again, terrace on (1, 2)
    assert [{rc(i) for i in g} for _, g in s.pending[2]] == [{(1, 0), (1, 1), (1, 2)}]
    assert [g.motif for g in hg.garden.scorable_groups(s)] == ["terrace"]
    err = refused(s, temple(0, 0), "old-group", "hanging_gardens.temple.no-old-group")
    assert "created earlier" in err.message and "larger" in err.message
    assert temple(0, 2) not in s.legal_actions() and temple(1, 0) in s.legal_actions()
    # alone, the re-laid group offers nothing: the turn ends
    b = taking(data, "PPP.\n....", "b02").apply(place(0, 2, 0))
    assert (b.phase, b.current_player) == ("take", 1)
    # grown by one section, the same parks are a new group of 4 and may be scored
    g = taking(data, "PPP.\n....", "b02").apply(place(0, 3, 0))
    assert [len(grp) for _, grp in g.pending[2]] == [4]


# ---- wording ---------------------------------------------------------------------------------
def test_refusals_name_one_square_or_several_in_agreement(data):
    two = taking(data, "T*.T*.\n......", "b04")
    err = refused(two, place(0, 0, 0), "covers-temple", "hanging_gardens.place.temple-not-covered")
    assert "your temples on row 0, column 0; row 0, column 2" in err.message
    one = taking(data, "P*PP\n....", "b09")
    err = refused(one, place(-1, 0, 0), "covers-temple", "hanging_gardens.place.temple-not-covered")
    assert "your temple on row 0, column 0:" in err.message
    m = taking(data, "TT.....\nP*P...P*", "b15").apply(place(0, 2, 0))
    err = refused(m, temple(1, 3), "group-has-temple", "hanging_gardens.assume.merged-temples")
    assert "already holds 2 temples (on " in err.message
    MOVE = ("P*PP.T*TT.F*FFF\n...............\n...............\n"
            "A*AAAA.P*PPPPP\n...............\n...............")
    mv = taking(data, MOVE, "b01").apply(place(5, 0, 0)).apply(temple(5, 1))
    err = refused(mv, move_temple(3, 0), "not-smallest", "hanging_gardens.temple.move-smallest")
    assert "one of the temples on row 0, column 0; row 0, column 4" in err.message
    sc = taking(data, "PPPPP.\n......", "b02").apply(place(0, 5, 0))
    err = refused(sc, hidden(), "score-first", "hanging_gardens.assume.bonus-optional")
    assert not err.message.endswith("first.") and "decline first" not in err.message
    tk = set_up(2, data=data, cards=["b01", "b04", "b08", "b05"])
    tk = with_garden(tk, 0, "...\n...").apply(take(1)).apply(place(0, 0, 0)).apply(decline())
    err = refused(tk, take(1), "space-empty", "hanging_gardens.round.must-take")
    assert "card spaces 2, 3, 4" in err.message and "(s)" not in err.message
    tk = tk.apply(take(2)).apply(tk.apply(take(2)).legal_actions()[0])
    tk = tk.apply(take(3))
    tk = tk.apply(tk.legal_actions()[0])
    if tk.phase == "score":
        tk = tk.apply(decline())
    err = refused(tk, take(1), "space-empty", "hanging_gardens.round.must-take")
    assert "in card space 4." in err.message
