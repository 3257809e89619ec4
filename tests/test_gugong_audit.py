"""Gùgōng: points of the rulebook checked again where a reading had been left implicit."""

from __future__ import annotations

import pytest

from explorer import gugong as gg

from gugong_help import doing, edit, refused, set_up, with_seat


def _port(s, route, pos):
    return s.book.port_ids[route][pos]


def _with_ship(s, route, pos, owner, cubes, foreman=False):
    canal = [list(r) for r in s.canal]
    canal[route][pos] = (owner, cubes, foreman)
    return edit(s, canal=tuple(tuple(r) for r in canal))


@pytest.mark.rules("gugong.assume.canal-basic-order", "gugong.canal.basic",
                   "gugong.canal.move-other-ship")
def test_the_basic_canal_option_places_first_and_moves_second():
    s = set_up(3, start=0)
    beijing, cangzhou = _port(s, 0, 0), _port(s, 0, 1)
    own = _with_ship(s, 0, 0, 0, 1)                    # Player 1's own ship on the starting port
    t = doing(own, 0, "canal", "basic")
    assert t.task[0] == "load"
    # the move cannot come before the servant: moving the ship off Beijing first, to put a new
    # ship there afterwards, is not a way of carrying out the option
    err = refused(t, gg.sail(beijing), "not-now", "gugong.assume.canal-basic-order")
    assert "first" in str(err)
    # so a new ship goes behind the player's own ship, on the first free port
    assert {a.args[0] for a in t.legal_actions() if a.kind == "load"} == {beijing, cangzhou}
    u = t.apply(gg.load(cangzhou, "servant"))
    assert u.canal[0][:2] == ((0, 1, False), (0, 1, False)) and u.task[0] == "sail"
    # then the move, of any of the player's ships (the one just placed included)
    assert {a.args[0] for a in u.legal_actions() if a.kind == "sail"} == {beijing, cangzhou}
    # declining the servant still leaves the move
    v = t.apply(gg.decline())
    assert v.task[0] == "sail" and gg.sail(beijing) in v.legal_actions()
    w = v.apply(gg.sail(beijing))
    assert w.canal[0][0] is None and w.canal[0][1] == (0, 1, False)


@pytest.mark.rules("gugong.assume.trade-windows", "gugong.actions.location-action")
def test_the_location_action_ends_the_turn_so_trades_wait_for_the_next_turn():
    s = set_up(3, start=0)
    i = s.book.location_index["intrigue"]
    held = (0, 1, 2, 3)
    a = edit(with_seat(s, 0, tokens=held),
             agenda=(("next_turn", 0), ("actions", 0, i, s.locations[i], True)))
    assert {gg.trade(2, 0), gg.trade(4, 0)} <= set(a.legal_actions())     # before it: offered
    t = a.apply(gg.location("intrigue", "basic"))
    assert t.current_player == 1 and t.task == ("turn", 1)               # after it: the turn is over
    # the player's next turn (here a pass, their hand being empty) offers the trades again
    nxt = edit(with_seat(t, 0, hand=()), agenda=(("next_turn", 0), ("turn", 0)))
    assert {gg.trade(2, 0), gg.trade(4, 0)} <= set(nxt.legal_actions())


@pytest.mark.rules("gugong.assume.trade-windows", "gugong.travel.trade-any-time",
                   "gugong.exchange.pay-two-servants")
def test_tokens_can_be_traded_for_the_missing_servant_of_a_price():
    from gugong_help import at_turn, card, cid
    s = set_up(3, start=0)
    give = card(s, value=2)
    other = card(s, value=3, exclude=[give])
    take = card(s, value=8, exclude=[give, other])
    s = with_seat(at_turn(s, 0, [give, other], {"wall": take}), 0, pool=1, tokens=(0, 1))
    p = s.apply(gg.exchange(cid(s, give), cid(s, take)))
    assert p.task[0] == "price" and gg.pay() not in p.legal_actions()
    # "En cualquier momento durante el juego": in the price step of one's own turn too
    assert gg.trade(2, 0) in p.legal_actions() and p.why_illegal(gg.trade(2, 0)) is None
    q = p.apply(gg.trade(2, 0))
    assert q.task == p.task and q.seats[0].pool == 2 and q.seats[0].tokens == ()
    r = q.apply(gg.pay())
    assert r.seats[0].pool == 0 and take in r.seats[0].discard
    assert r.locations[s.book.location_index["wall"]] == give
    # in the middle of an action trades still wait (no rule there uses what they give)
    t = doing(with_seat(s, 0, pool=3), 0, "travel")
    err = refused(t, gg.trade(2, 0), "not-now", "gugong.assume.trade-windows")
    assert "middle of an action" in str(err)


@pytest.mark.rules("gugong.assume.wall-check", "gugong.wall.paid", "gugong.wall.score-most")
def test_the_paid_wall_option_is_one_placement_so_its_second_servant_counts():
    s = set_up(3, start=0)
    assert s.book.threshold == 5
    s = edit(s, wall=((1, 1), (2, 1), (1, 1), (2, 1)))          # 4 on the wall, 2 each
    s = with_seat(with_seat(s, 0, pool=5, intrigue=6), 1, intrigue=2)
    s = with_seat(s, 2, intrigue=3)
    t = doing(s, 0, "wall", "paid")
    # checked after both servants: 6 on the wall, 2 each, the tie to the highest marker (Player 1);
    # checked after the first, Player 1 would have had 1 and lost the majority
    assert t.seats[0].vp == 3 and t.seats[0].palace == 1 and t.seats[0].pool == 2
    assert all(p != 0 for p, _ in t.wall)
