"""Gùgōng: the Jade, Intrigue, Palace, Decrees and Grand Canal locations, the foreman and the
servants' limits."""

from __future__ import annotations

import pytest

from explorer import gugong as gg
from explorer.gugong._core import LOCKED, LOST_DECREE, LOST_SLOT, POOL, SHIP, SUPPLY

from gugong_help import doing, edit, from_tasks, play, refused, set_up, with_seat


def port(s, route, pos):
    return s.book.port_ids[route][pos]


def with_ship(s, route, pos, owner, cubes, foreman=False):
    canal = [list(r) for r in s.canal]
    canal[route][pos] = (owner, cubes, foreman)
    return edit(s, canal=tuple(tuple(r) for r in canal))


def acting(s, p, loc):
    """The actions step of ``p``'s turn after an exchange on ``loc`` (card action done)."""
    i = s.book.location_index[loc]
    return edit(s, agenda=(("next_turn", p), ("actions", p, i, s.locations[i], True)))


# ---- Jade ------------------------------------------------------------------------------------
@pytest.mark.rules("gugong.jade.house", "gugong.assume.jade-houses")
def test_a_jade_house_sells_its_jade_for_its_cost():
    s = set_up(3, start=0)
    book = s.book
    h = 0
    cost = book.house_cost[h]
    t = doing(with_seat(s, 0, pool=cost), 0, "jade", book.house_ids[h])
    assert t.seats[0].jade == 1 and t.seats[0].pool == 0 and t.houses[h] == book.house_jade[h] - 1
    from explorer.gugong._jade import options
    assert book.house_ids[h] not in options(with_seat(s, 0, pool=cost - 1), 0)
    empty = edit(s, houses=(0,) + s.houses[1:])
    assert book.house_ids[0] not in options(empty, 0)
    a = acting(empty, 0, "jade")
    refused(a, gg.location("jade", book.house_ids[0]), "house-empty", "gugong.assume.jade-houses")


@pytest.mark.rules("gugong.jade.box", "gugong.jade.unlimited")
def test_the_jade_box_once_every_house_is_empty():
    s = set_up(3, start=0)
    from explorer.gugong._jade import options
    assert "box" not in options(s, 0)
    a = acting(s, 0, "jade")
    refused(a, gg.location("jade", "box"), "houses-first", "gugong.jade.box")
    empty = edit(s, houses=(0,) * len(s.houses))
    assert options(empty, 0) == ["box"]
    t = doing(with_seat(empty, 0, pool=12, supply=0, jade=40), 0, "jade", "box")
    assert t.seats[0].jade == 41 and t.seats[0].pool == 7      # the supply of jade never runs out
    assert options(with_seat(empty, 0, pool=4), 0) == []


# ---- Intrigue ---------------------------------------------------------------------------------
@pytest.mark.rules("gugong.intrigue.basic", "gugong.intrigue.medal", "gugong.assume.medal",
                   "gugong.intrigue.paid")
def test_intrigue_up_one_and_the_medal_or_three_for_a_servant():
    s = set_up(3, start=0)
    t = doing(s, 1, "intrigue", "basic")
    assert t.seats[1].intrigue == 1 and t.medal == 1
    u = doing(t, 2, "intrigue", "basic")
    assert u.seats[2].intrigue == 1 and u.medal == 1               # only the first takes it
    paid = doing(s, 2, "intrigue", "paid")
    assert paid.seats[2].intrigue == 3 and paid.seats[2].pool == 5 and paid.medal == -1
    top = with_seat(s, 0, intrigue=14)
    from explorer.gugong._intrigue import options
    assert options(top, 0) == ["basic"]                            # the medal still, on step 14
    refused(acting(top, 0, "intrigue"), gg.location("intrigue", "paid"), "track-end",
            "gugong.intrigue.cap")
    assert doing(top, 0, "intrigue", "basic").medal == 0


@pytest.mark.rules("gugong.intrigue.stack-on-top", "gugong.intrigue.cap",
                   "gugong.assume.intrigue-landing")
def test_a_marker_lands_on_top_and_stops_at_fourteen():
    s = set_up(3, start=0)
    s = with_seat(with_seat(s, 1, intrigue=3, stamp=5), 2, intrigue=2, stamp=6)
    t = doing(s, 2, "intrigue", "basic")                          # onto player 2's space: on top
    from explorer.gugong._core import intrigue_key
    assert intrigue_key(t.seats[2]) > intrigue_key(t.seats[1])
    near = doing(with_seat(s, 0, intrigue=12), 0, "intrigue", "paid")
    assert near.seats[0].intrigue == 14
    stuck = with_seat(with_seat(s, 0, intrigue=14, stamp=1), 1, intrigue=14, stamp=9)
    again = doing(stuck, 0, "intrigue", "basic")
    assert again.seats[0].stamp == 1                               # it did not move: same place


# ---- the Palace -------------------------------------------------------------------------------
@pytest.mark.rules("gugong.palace.basic", "gugong.palace.paid")
def test_the_envoy_moves_one_step_or_two_and_intrigue_for_two_servants():
    s = set_up(3, start=0)
    b = doing(s, 0, "palace", "basic")
    assert b.seats[0].palace == 1 and b.seats[0].intrigue == 0
    p = doing(s, 0, "palace", "paid")
    assert p.seats[0].palace == 2 and p.seats[0].intrigue == 1 and p.seats[0].pool == 4


@pytest.mark.rules("gugong.palace.arrival", "gugong.palace.arrival-spot", "gugong.palace.overflow-vp",
                   "gugong.assume.palace-steps")
def test_arrival_takes_the_best_free_spot_and_further_steps_give_vp():
    s = set_up(4, start=0)
    vps = s.book.arrival_vp
    best = max(range(len(vps)), key=lambda r: (vps[r], -r)) + 1
    s = with_seat(s, 0, palace=7)
    t = doing(s, 0, "palace", "paid")                           # step 8 arrives; the next is 1 VP
    assert t.seats[0].palace == 8 and t.seats[0].arrival == best and t.seats[0].vp == 1
    second = doing(with_seat(t, 1, palace=7), 1, "palace", "basic")
    assert second.seats[1].arrival != best and second.seats[1].arrival > 0
    rest = sorted(set(range(1, len(vps) + 1)) - {best}, key=lambda r: (-vps[r - 1], r))
    assert second.seats[1].arrival == rest[0]
    more = doing(second, 0, "palace", "paid")
    assert more.seats[0].vp == 3 and more.seats[0].palace == 8


# ---- Decrees ------------------------------------------------------------------------------------
@pytest.mark.rules("gugong.decree.cost", "gugong.decree.place-servant", "gugong.assume.decree-payment",
                   "gugong.decree.once")
def test_a_decree_costs_its_price_plus_one_per_opponent_servant_on_it():
    s = set_up(3, start=0)
    book = s.book
    slot = 2                                                    # a level-2 decree
    d = s.decrees[slot]
    price = book.decree_cost[d]
    s = with_seat(s, 0, pool=12, supply=0)
    first = doing(s, 0, "decrees", book.decree_ids[d])
    assert first.holders[slot] == (0,) and first.seats[0].pool == 12 - price - 1
    from explorer.gugong._decrees import cost, options
    assert cost(first, 1, slot) == price + 1
    second = doing(with_seat(first, 1, pool=12, supply=0), 1, "decrees", book.decree_ids[d])
    assert second.holders[slot] == (0, 1) and second.seats[1].pool == 12 - (price + 1) - 1
    assert cost(second, 2, slot) == price + 2
    assert book.decree_ids[d] not in options(second, 0)
    refused(acting(second, 0, "decrees"), gg.location("decrees", book.decree_ids[d]), "decree-held",
            "gugong.decree.once")
    poor = with_seat(s, 1, pool=price)                          # the cost, but not the servant placed
    assert book.decree_ids[d] not in options(poor, 1)


@pytest.mark.rules("gugong.decree.vp-now", "gugong.decree.lasting", "gugong.decree.level3-end",
                   "gugong.assume.decree-effects")
def test_decree_effects_now_for_the_rest_of_the_game_and_at_the_end():
    s = set_up(3, start=0)
    book = s.book
    for slot, d in enumerate(s.decrees):
        fx = book.decree_effects[d]
        now = sum(e[2] for e in fx if e[0] == "gain" and e[1] == "vp")
        t = doing(with_seat(s, 0, pool=12, supply=0), 0, "decrees", book.decree_ids[d])
        assert t.seats[0].vp == now, book.decree_ids[d]
        if book.decree_level[d] == 3:
            assert t.seats[0].vp == 0                           # level 3: VP only at the end
            from explorer.gugong._decrees import vp_end
            assert vp_end(t, 0) >= 0 and vp_end(s, 0) == 0
    # a discount lasts: a decree's data alone decides it
    from explorer.gugong._servants import discount
    giving = [(slot, d) for slot, d in enumerate(s.decrees)
              if any(e[0] == "discount" for e in book.decree_effects[d])]
    for slot, d in giving:
        e = next(e for e in book.decree_effects[d] if e[0] == "discount")
        held = edit(s, holders=tuple((0,) if k == slot else () for k in range(6)))
        assert discount(held, 0, e[1]) == e[2] and discount(held, 1, e[1]) == 0


# ---- the Grand Canal ------------------------------------------------------------------------------
@pytest.mark.rules("gugong.canal.basic", "gugong.canal.placing-not-move",
                   "gugong.canal.new-ship-nearest", "gugong.canal.ship-not-empty",
                   "gugong.canal.move-other-ship", "gugong.assume.canal-ports")
def test_a_servant_on_a_ship_and_a_move():
    s = set_up(3, start=0)
    t = doing(s, 0, "canal", "basic")
    start = port(s, 0, 0)
    assert t.task[0] == "load" and gg.load(start, "servant") in t.legal_actions()
    assert gg.decline() in t.legal_actions()
    refused(t, gg.load(port(s, 0, 2), "servant"), "not-first-free", "gugong.canal.new-ship-nearest")
    t = t.apply(gg.load(start, "servant"))
    assert t.canal[0][0] == (0, 1, False) and t.seats[0].pool == 5
    assert t.task[0] == "sail"                                  # placing was not the move
    t = t.apply(gg.sail(start))
    assert t.canal[0][0] is None and t.canal[0][1] == (0, 1, False)
    # a new ship goes on the free port nearest the start: behind a ship on port 1, port 2
    busy = with_ship(s, 0, 0, 1, 1)
    u = doing(busy, 0, "canal", "basic")
    assert [a for a in u.legal_actions() if a.kind == "load"] == [gg.load(port(s, 0, 1), "servant")]
    # the ship moved may be another one than the one loaded
    two = with_ship(s, 0, 3, 0, 1)
    v = play(doing(two, 0, "canal", "basic"), gg.load(port(s, 0, 0), "servant"))
    assert {a.args[0] for a in v.legal_actions() if a.kind == "sail"} == {port(s, 0, 0), port(s, 0, 3)}


@pytest.mark.rules("gugong.canal.paid", "gugong.canal.free-spaces", "gugong.assume.canal-paid-no-move",
                   "gugong.canal.ship-capacity", "gugong.assume.canal-ship-capacity")
def test_pay_one_to_put_two_servants_on_one_or_two_ships():
    s = set_up(3, start=0)
    t = doing(s, 0, "canal", "paid")
    assert t.seats[0].pool == 5 and t.task[0] == "load" and gg.decline() not in t.legal_actions()
    t = t.apply(gg.load(port(s, 0, 0), "servant"))
    t = t.apply(gg.load(port(s, 0, 1), "servant"))               # a second new ship
    assert t.canal[0][:2] == ((0, 1, False), (0, 1, False)) and t.seats[0].pool == 3
    assert t.current_player == 1                                 # no move with the paid option
    one = play(doing(s, 0, "canal", "paid"), gg.load(port(s, 0, 0), "servant"),
               gg.load(port(s, 0, 0), "servant"))
    assert one.canal[0][0] == (0, 2, False)
    full = with_ship(s, 0, 2, 0, 3)
    u = doing(full, 0, "canal", "basic")
    refused(u, gg.load(port(s, 0, 2), "servant"), "ship-full", "gugong.assume.canal-ship-capacity")


@pytest.mark.rules("gugong.canal.three-ships")
def test_three_ships_each_used_again_and_again():
    s = set_up(2, start=0)
    s = with_ship(with_ship(with_ship(s, 0, 1, 0, 1), 0, 2, 0, 1), 0, 3, 0, 1)
    t = doing(s, 0, "canal", "basic")
    loads = [a for a in t.legal_actions() if a.kind == "load"]
    assert gg.load(port(s, 0, 0), "servant") not in loads and len(loads) == 3
    refused(t, gg.load(port(s, 0, 0), "servant"), "no-ship-left", "gugong.canal.three-ships")


@pytest.mark.rules("gugong.canal.two-routes", "gugong.canal.choose-route", "gugong.canal.no-route-change")
def test_with_four_or_five_players_a_new_ship_chooses_its_route():
    s = set_up(4, start=0)
    t = doing(s, 0, "canal", "basic")
    assert {a.args[0] for a in t.legal_actions() if a.kind == "load"} == {port(s, 0, 0), port(s, 1, 0)}
    t = play(t, gg.load(port(s, 1, 0), "servant"))
    jump = with_ship(t, 1, 1, 2, 1)
    moves = [a for a in jump.legal_actions() if a.kind == "sail"]
    assert moves == [gg.sail(port(s, 1, 0))]
    after = jump.apply(moves[0])
    assert after.canal[1][2] == (0, 1, False) and after.canal[0] == (None,) * 5


@pytest.mark.rules("gugong.canal.move-needs-free-port", "gugong.canal.skip-occupied")
def test_a_move_skips_occupied_ports_and_needs_a_free_one_ahead():
    s = set_up(3, start=0)
    s = with_ship(with_ship(with_ship(s, 0, 1, 0, 1), 0, 2, 1, 1), 0, 3, 2, 1)
    t = play(doing(s, 0, "canal", "basic"), gg.decline())
    t = t.apply(gg.sail(port(s, 0, 1)))
    assert t.canal[0][4] == (0, 1, False) and t.canal[0][1] is None
    # no free port ahead: no move (the last port has none ahead at all)
    stuck = with_ship(with_ship(s, 0, 4, 1, 1), 0, 0, 0, 1)      # ships on every port
    u = play(doing(stuck, 0, "canal", "basic"), gg.decline())
    assert u.current_player == 1                                  # nothing could move: turn over
    last = with_ship(with_ship(with_ship(set_up(3, start=0), 0, 4, 0, 1), 0, 0, 0, 1), 0, 2, 1, 1)
    v = play(doing(last, 0, "canal", "basic"), gg.decline())
    assert [a for a in v.legal_actions() if a.kind == "sail"] == [gg.sail(port(s, 0, 0))]
    refused(v, gg.sail(port(s, 0, 4)), "no-free-port", "gugong.canal.move-needs-free-port")


@pytest.mark.rules("gugong.canal.claim", "gugong.canal.claim-slot-servant", "gugong.canal.claim-return",
                   "gugong.canal.port-cangzhou", "gugong.assume.canal-claim-when",
                   "gugong.assume.canal-slot-servant", "gugong.canal.port-beijing")
def test_a_full_ship_reaching_a_reward_port_claims_it():
    s = set_up(3, start=0)
    book = s.book
    s = with_ship(s, 0, 0, 0, 3)
    assert book.port_rewards[0][0] == ()                         # Beijing: no reward
    t = play(doing(s, 0, "canal", "basic"), gg.decline(), gg.sail(port(s, 0, 0)))
    assert t.task[0] == "claim" and t.legal_actions() == [gg.claim(port(s, 0, 1), "vp4"), gg.decline()]
    supply = t.seats[0].supply
    c = t.apply(gg.claim(port(s, 0, 1), "vp4"))
    assert c.seats[0].vp == 4 and c.canal[0][1] is None and c.seats[0].supply == supply + 2
    assert c.seats[0].slots[book.reward_index["vp4"]] == 1
    from explorer.gugong.pieces import ships_beside
    assert ships_beside(c, 0) == 3
    # becoming full there counts too; a full ship that was not touched does not claim
    two = with_ship(s, 0, 1, 0, 2)
    u = play(doing(two, 0, "canal", "basic"), gg.load(port(s, 0, 1), "servant"))
    u = u.apply(gg.decline())
    assert u.task[0] == "claim"
    idle = with_ship(with_ship(s, 0, 0, 2, 1), 0, 1, 0, 3)
    w = play(doing(idle, 0, "canal", "basic"), gg.load(port(s, 0, 2), "servant"), gg.decline())
    assert w.task[0] != "claim"


@pytest.mark.rules("gugong.canal.port-jining", "gugong.assume.jining-top-card")
def test_jining_takes_the_top_card_of_the_draw_pile_into_the_hand():
    s = set_up(3, start=0)
    s = with_ship(s, 0, 1, 0, 3)
    t = play(doing(s, 0, "canal", "basic"), gg.decline(), gg.sail(port(s, 0, 1)))
    assert t.legal_actions() == [gg.claim(port(s, 0, 2), "card"), gg.decline()]
    d = t.apply(gg.claim(port(s, 0, 2), "card"))
    assert d.task == ("draw", 0) and len(d.chance_outcomes()) == len(d.draw)
    hand = len(d.seats[0].hand)
    e = d.apply(d.seeded_outcome())
    assert len(e.seats[0].hand) == hand + 1 and len(e.draw) == len(d.draw) - 1
    empty = edit(t, draw=())
    assert empty.legal_actions() == [gg.decline()]
    refused(empty, gg.claim(port(s, 0, 2), "card"), "no-card", "gugong.assume.jining-top-card")


@pytest.mark.rules("gugong.canal.port-huaian", "gugong.foreman.unlock", "gugong.foreman.like-servants")
def test_huaian_unlocks_the_foreman_into_the_pool():
    s = set_up(3, start=0)
    s = with_ship(s, 0, 2, 0, 3)
    t = play(doing(s, 0, "canal", "basic"), gg.decline(), gg.sail(port(s, 0, 2)))
    assert s.seats[0].foreman == LOCKED
    c = t.apply(gg.claim(port(s, 0, 3), "foreman"))
    assert c.seats[0].foreman == POOL


@pytest.mark.rules("gugong.canal.port-hangzhou", "gugong.canal.claim-needs-slot",
                   "gugong.canal.claim-limits")
def test_hangzhou_offers_any_of_the_three_and_each_reward_has_its_slots():
    s = set_up(3, start=0)
    book = s.book
    s = with_ship(s, 0, 3, 0, 3)
    t = play(doing(s, 0, "canal", "basic"), gg.decline(), gg.sail(port(s, 0, 3)))
    last = port(s, 0, 4)
    assert t.legal_actions() == [gg.claim(last, "card"), gg.claim(last, "foreman"),
                                 gg.claim(last, "vp4"), gg.decline()]
    full = with_seat(t, 0, slots=tuple(book.reward_limit))
    assert full.legal_actions() == [gg.decline()]
    refused(full, gg.claim(last, "vp4"), "slot-full", "gugong.canal.claim-limits")
    assert dict(zip(book.reward_ids, book.reward_limit)) == {"vp4": 3, "card": 2, "foreman": 1}


@pytest.mark.rules("gugong.foreman.decree-port-standing", "gugong.foreman.decree-port-lost",
                   "gugong.assume.canal-slot-servant")
def test_the_foreman_standing_on_a_decree_or_in_a_slot_is_lost():
    s = set_up(3, start=0)
    book = s.book
    s = with_seat(s, 0, foreman=POOL, pool=12, supply=0)
    d = s.decrees[0]
    t = doing(s, 0, "decrees", book.decree_ids[d])
    while t.task[0] == "pay":
        t = t.apply(gg.foreman(False))
    assert t.task[0] == "decree_place"
    lost = t.apply(gg.foreman(True))
    assert lost.seats[0].foreman == LOST_DECREE and lost.holders[0] == (0,)
    # a ship carrying the foreman and a servant: either may go to the slot
    ship = with_ship(with_seat(s, 0, foreman=SHIP), 0, 0, 0, 1, True)
    u = play(doing(ship, 0, "canal", "basic"), gg.decline(), gg.sail(port(s, 0, 0)),
             gg.claim(port(s, 0, 1), "vp4"))
    assert u.task[0] == "slot"
    gone = u.apply(gg.foreman(True))
    assert gone.seats[0].foreman == LOST_SLOT and gone.seats[0].vp == 4
    kept = u.apply(gg.foreman(False))
    assert kept.seats[0].foreman == SUPPLY


@pytest.mark.rules("gugong.foreman.gain-instead", "gugong.assume.foreman-gain")
def test_a_gained_servant_may_be_the_foreman_from_the_supply():
    s = set_up(3, start=0)
    s = with_seat(s, 0, foreman=SUPPLY, pool=5, supply=7)
    t = from_tasks(s, ("gain", 0, 2), ("next_turn", 0))
    assert t.task == ("gain", 0, 2) and t.legal_actions() == [gg.foreman(False), gg.foreman(True)]
    a = t.apply(gg.foreman(True))
    assert a.seats[0].foreman == POOL and (a.seats[0].pool, a.seats[0].supply) == (6, 6)
    b = t.apply(gg.foreman(False))
    assert b.seats[0].foreman == SUPPLY and (b.seats[0].pool, b.seats[0].supply) == (7, 5)
    locked = from_tasks(with_seat(s, 0, foreman=LOCKED), ("gain", 0, 2), ("next_turn", 0))
    assert locked.task[0] == "turn"                            # a locked foreman is never gained


@pytest.mark.rules("gugong.foreman.pay-instead", "gugong.assume.foreman-pay")
def test_the_foreman_may_pay_two_servants():
    s = set_up(3, start=0)
    s = with_seat(s, 0, foreman=POOL, pool=4)
    t = doing(s, 0, "palace", "paid")
    assert t.task[0] == "pay" and t.legal_actions() == [gg.foreman(False), gg.foreman(True)]
    f = t.apply(gg.foreman(True))
    assert f.seats[0].foreman == SUPPLY and f.seats[0].pool == 4 and f.seats[0].palace == 2
    c = t.apply(gg.foreman(False))
    assert c.seats[0].foreman == POOL and c.seats[0].pool == 2
    # only the foreman left: it pays at once; a cost of 1 is never paid with it
    only = doing(with_seat(s, 0, pool=0), 0, "palace", "paid")
    assert only.seats[0].foreman == SUPPLY and only.seats[0].palace == 2
    from explorer.gugong._intrigue import options
    assert options(with_seat(s, 0, pool=0), 0) == ["basic"]


@pytest.mark.rules("gugong.servants.cap", "gugong.assume.own-supply")
def test_gains_come_from_the_players_own_supply_and_stop_when_it_is_empty():
    s = set_up(3, start=0)
    s = with_seat(s, 0, pool=11, supply=1)
    t = from_tasks(s, ("gain", 0, 2), ("gain", 1, 2), ("next_turn", 0))
    assert (t.seats[0].pool, t.seats[0].supply) == (12, 0)
    assert (t.seats[1].pool, t.seats[1].supply) == (8, 4)


def test_the_quick_canal_options_agree_with_the_search_over_loadings():
    import random
    from explorer.gugong import _canal
    from explorer.gugong._servants import pay_ways
    from gugong_help import random_game

    def searched(s, p):
        book, seat = s.book, s.seats[p]
        nb = _canal.beside(s, p)
        has = seat.foreman == POOL
        out = []
        if _canal._feasible(book, s.canal, p, nb, seat.pool, has, 1) or _canal.sail_moves(s, p):
            out.append("basic")
        cost = _canal.paid_cost(s, p)
        c, f = pay_ways(seat, cost, 2)
        if ((c and _canal._feasible(book, s.canal, p, nb, seat.pool - cost, has, 2))
                or (f and _canal._feasible(book, s.canal, p, nb, seat.pool - cost + 2, False, 2))):
            out.append("paid")
        return out

    rng = random.Random(5)
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        for s in random_game(players, seed)[::3]:
            for p in range(players):
                for variant in (s, with_seat(s, p, foreman=POOL, pool=rng.randint(0, 3))):
                    assert _canal.options(variant, p) == searched(variant, p)
