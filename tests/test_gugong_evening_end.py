"""Gùgōng: the evening (the discard piles against the Destiny dice, the bonus, the ships) and the end
of the game (the final scoring in its order, the palace requirement, ties by Intrigue)."""

from __future__ import annotations

import pytest

from explorer import gugong as gg
from explorer.gugong._evening import bonus_winner, matches

from gugong_help import edit, from_tasks, set_up, with_seat


def evening(s):
    return from_tasks(s, ("evening",))


def valued(s, *values):
    """Card indices with these values, distinct."""
    out = []
    for v in values:
        out.append(next(c for c in range(38) if s.book.value[c] == v and c not in out))
    return tuple(out)


def some_faces(s):
    """Three faces the dice can show, with a repeat when two dice share a face."""
    return tuple(faces[0] for faces in s.book.die_faces)


# ---- step 1: the Destiny dice --------------------------------------------------------------------
@pytest.mark.rules("gugong.evening.match", "gugong.evening.match-servant", "gugong.evening.doubles",
                   "gugong.assume.match-count")
def test_each_matching_card_gives_a_servant_per_die_showing_its_value():
    s = set_up(3, start=0)
    book = s.book
    shared = sorted(set(book.die_faces[0]) & set(book.die_faces[1]))
    v = shared[0]
    w = next(f for f in book.die_faces[2] if f != v)
    single = edit(s, dice=(v, next(f for f in book.die_faces[1] if f != v), w))
    pile = valued(s, v, w, next(x for x in range(1, 10) if x not in single.dice))
    assert matches(book, single.dice, pile) == (2, 2)
    double = edit(s, dice=(v, v, w))
    assert matches(book, double.dice, pile) == (3, 2)            # the double: 2 for that card
    every = set(book.die_faces[0]) & set(book.die_faces[1]) & set(book.die_faces[2])
    if every:
        t = min(every)
        assert matches(book, (t, t, t), valued(s, t)) == (3, 1)   # a triple: 3
    s = with_seat(double, 0, discard=pile, pool=0, supply=12)
    e = evening(s)
    assert (e.seats[0].pool, e.seats[0].supply) == (3, 9)


@pytest.mark.rules("gugong.evening.bonus", "gugong.evening.bonus-tie", "gugong.assume.most-matches")
def test_the_most_matching_cards_win_three_vp_and_may_move_the_envoy():
    s = set_up(3, start=0)
    book = s.book
    dice = some_faces(s)
    s = edit(s, dice=dice)
    none = tuple(c for c in range(38) if book.value[c] not in dice)[:3]
    hit = tuple(c for c in range(38) if book.value[c] in dice)
    s = with_seat(s, 0, discard=hit[:1] + none[:1])
    s = with_seat(s, 1, discard=hit[1:3])
    s = with_seat(s, 2, discard=none[1:3])
    assert bonus_winner(s) == 1
    e = evening(s)
    while e.task[0] == "gain":
        e = e.apply(e.legal_actions()[0])
    assert e.task == ("bonus_step", 1) and e.seats[1].vp == 3
    assert e.legal_actions() == [gg.accept(), gg.decline()]
    assert e.apply(gg.accept()).seats[1].palace == 1
    assert e.apply(gg.decline()).seats[1].palace == 0
    # a tie: the higher Intrigue marker wins; nobody matching: no bonus
    tie = with_seat(with_seat(s, 0, discard=hit[3:5]), 0, intrigue=2)
    assert bonus_winner(tie) == 0
    assert bonus_winner(with_seat(tie, 1, intrigue=3)) == 1
    nobody = s
    for p in range(3):
        nobody = with_seat(nobody, p, discard=none[:1])
    assert bonus_winner(nobody) == -1


# ---- step 2: the ships -----------------------------------------------------------------------------
def with_ships(s, ships):
    canal = [list(r) for r in s.canal]
    for (r, i), ship in ships.items():
        canal[r][i] = ship
    return edit(s, canal=tuple(tuple(x) for x in canal))


@pytest.mark.rules("gugong.evening.ships-move", "gugong.evening.hangzhou-lost",
                   "gugong.assume.evening-ship-moves")
def test_every_ship_moves_one_port_and_the_last_one_is_lost():
    s = set_up(3, start=0)
    s = with_ships(s, {(0, 0): (1, 1, False), (0, 1): (2, 2, False), (0, 4): (0, 2, False)})
    supply = s.seats[0].supply
    e = from_tasks(s, ("ships",), ("next_turn", 0))
    assert e.canal[0] == (None, (1, 1, False), (2, 2, False), None, None)
    assert e.seats[0].supply == supply + 2                        # lost at sea: back to the supply


@pytest.mark.rules("gugong.evening.claims", "gugong.assume.evening-order")
def test_full_ships_claim_after_the_moves_in_the_days_turn_order():
    s = set_up(3, start=2)
    s = with_ships(s, {(0, 0): (0, 3, False), (0, 1): (1, 3, False), (0, 3): (2, 1, False)})
    e = from_tasks(s, ("ships",), ("evening_claims",), ("next_turn", 2))
    seen = []
    while e.task[0] == "claim":
        seen.append(e.current_player)
        e = e.apply(gg.decline())
    assert seen == [0, 1]                                         # player 3 (start) has no full ship
    s2 = edit(s, first=1)
    e2 = from_tasks(s2, ("ships",), ("evening_claims",), ("next_turn", 1))
    seen = []
    while e2.task[0] == "claim":
        seen.append(e2.current_player)
        e2 = e2.apply(gg.decline())
    assert seen == [1, 0]


# ---- the end ---------------------------------------------------------------------------------
def ended(s):
    return from_tasks(s, ("end",))


@pytest.mark.rules("gugong.end.wall", "gugong.end.wall-may-arrive", "gugong.assume.end-wall-no-benefits")
def test_the_wall_is_scored_once_more_at_the_end_without_benefits():
    s = set_up(3, start=0)
    s = edit(s, wall=((1, 1), (2, 1), (1, 1)))
    s = with_seat(s, 1, palace=7, intrigue=9)
    s = with_seat(s, 2, intrigue=9)
    e = ended(s)
    assert e.is_over and e.seats[1].palace == 8 and e.seats[1].arrival > 0
    assert e.score_breakdown(1)["final wall"] == 3 and e.seats[1].intrigue == 9
    assert e.score_breakdown(1)["palace"] == e.book.arrival_vp[e.seats[1].arrival - 1]


@pytest.mark.rules("gugong.end.palace", "gugong.end.level3", "gugong.end.jade", "gugong.end.winner",
                   "gugong.game.winner", "gugong.assume.end-scoring")
def test_arrival_decrees_and_jade_then_the_most_vp_wins():
    s = set_up(3, start=0)
    book = s.book
    s = with_seat(s, 0, palace=8, arrival=2, vp=10, jade=3)
    s = with_seat(s, 1, palace=8, arrival=1, vp=5, jade=6)
    s = with_seat(s, 2, palace=8, arrival=3, vp=20, jade=0)
    lvl3 = [k for k, d in enumerate(s.decrees) if book.decree_level[d] == 3]
    s = edit(s, holders=tuple((2,) if k in lvl3 else () for k in range(6)))
    e = ended(s)
    from explorer.gugong._decrees import vp_end
    for p in range(3):
        b = e.score_breakdown(p)
        assert b["palace"] == book.arrival_vp[e.seats[p].arrival - 1]
        assert b["jade"] == book.jade_vp(e.seats[p].jade)
        assert b["decrees"] == vp_end(s, p)
        assert e.scores()[p] == sum(b.values())
    best = max(range(3), key=lambda p: e.scores()[p])
    assert e.winners() == (best,) and e.result().rule in ("gugong.end.winner", "gugong.end.tie")


@pytest.mark.rules("gugong.end.not-arrived-out", "gugong.palace.eligible", "gugong.palace.zero",
                   "gugong.game.palace-required", "gugong.setup.envoy-needed")
def test_an_envoy_outside_the_palace_scores_zero_and_cannot_win():
    s = set_up(3, start=0)
    s = with_seat(s, 0, palace=8, arrival=1, vp=1)
    s = with_seat(s, 1, palace=7, vp=50, jade=5)
    e = ended(s)
    assert e.scores()[1] == 0 and e.winners() == (0,)
    assert e.score_breakdown(1)["not in the palace"] == -(50 + 15)
    assert "did not bring" in e.result().explanation
    nobody = ended(with_seat(s, 0, palace=3, arrival=0))
    assert nobody.winners() == () and "nobody wins" in nobody.result().explanation


@pytest.mark.rules("gugong.end.tie")
def test_a_final_tie_goes_to_the_higher_intrigue_marker():
    s = set_up(3, start=0)
    s = with_seat(s, 0, palace=8, arrival=2, vp=10, intrigue=4, stamp=3)
    s = with_seat(s, 1, palace=8, arrival=1, vp=10, intrigue=4, stamp=7)
    vps = s.book.arrival_vp
    s = with_seat(s, 0, vp=10 + vps[0] - vps[1])                  # equal totals
    e = ended(s)
    assert e.scores()[0] == e.scores()[1] and e.winners() == (1,)
    r = e.result()
    assert r.rule == "gugong.end.tie" and "on top" in r.explanation and r.winners == (1,)


@pytest.mark.rules("gugong.assume.trade-windows")
def test_a_last_chance_to_trade_before_the_final_scoring():
    s = set_up(3, start=0)
    s = with_seat(s, 1, tokens=(0, 1, 2, 3))
    e = from_tasks(edit(s, day=4), ("dawn",))
    assert e.task == ("final_trade", 1)
    assert {gg.trade(2, 0), gg.trade(4, 0), gg.decline()} == set(e.legal_actions())
    t = e.apply(gg.trade(4, 0))
    assert t.is_over and t.seats[1].vp == 2
