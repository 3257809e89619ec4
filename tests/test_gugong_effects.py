"""Gùgōng: the effect vocabulary, interpreted. Every effect kind a travel token, a decree, a port
reward, a trade or an Intrigue benefit may carry, run through the rules on designed effect lists
(never the placeholder decrees' texts), and every shipped token kind taken as a benefit."""

from __future__ import annotations

import pytest

from explorer import gugong as gg
from explorer.gugong._book import compile_effects
from explorer.gugong._core import POOL, SUPPLY

from gugong_help import doing, edit, from_tasks, refused, set_up, with_seat


def run(s, p, effects, optional=False):
    fx = compile_effects(effects)
    task = ("optional" if optional else "fx", p, fx, "token")
    return from_tasks(s, task, ("next_turn", p))


def gain(what, amount):
    return {"kind": "gain", "what": what, "amount": amount}


@pytest.mark.rules("gugong.travel.token-kinds", "gugong.assume.token-benefit-now")
def test_gains_and_advances():
    s = with_seat(set_up(3, start=0), 0, pool=3, supply=9)
    t = run(s, 0, [gain("servants", 2), gain("vp", 3), gain("jade", 1),
                   {"kind": "advance", "track": "palace", "steps": 2},
                   {"kind": "advance", "track": "intrigue", "steps": 4}])
    seat = t.seats[0]
    assert (seat.pool, seat.supply, seat.vp, seat.jade, seat.palace, seat.intrigue) == (5, 7, 3, 1, 2, 4)
    offered = run(s, 0, [gain("vp", 3)], optional=True)
    assert offered.legal_actions() == [gg.accept(), gg.decline()]
    assert offered.apply(gg.accept()).seats[0].vp == 3 and offered.apply(gg.decline()).seats[0].vp == 0


def test_a_price_for_a_benefit_is_optional_and_paid_first():
    s = with_seat(set_up(3, start=0), 0, pool=3, intrigue=2)
    pay = {"kind": "pay_for", "cost": {"what": "servants", "amount": 3}, "effects": [gain("jade", 1)]}
    t = run(s, 0, [pay])
    assert t.legal_actions() == [gg.accept(), gg.decline()]
    a = t.apply(gg.accept())
    assert a.seats[0].jade == 1 and a.seats[0].pool == 0
    assert t.apply(gg.decline()).seats[0].jade == 0
    poor = run(with_seat(s, 0, pool=2), 0, [pay])
    assert poor.task[0] == "turn"                                 # cannot pay: not offered
    steps = run(s, 0, [{"kind": "pay_for", "cost": {"what": "intrigue_steps", "amount": 2},
                        "effects": [gain("vp", 5)]}]).apply(gg.accept())
    assert steps.seats[0].intrigue == 0 and steps.seats[0].vp == 5
    from gugong_help import arrange, cards_of
    high, low = cards_of(s, 8, 2)
    s = arrange(s, 0, hand=[high, low])
    book = s.book
    card = run(s, 0, [{"kind": "pay_for", "cost": {"what": "hand_card", "min_value": 5},
                       "effects": [gain("jade", 1)]}])
    assert card.legal_actions() == [gg.decline(), gg.discard(book.card_ids[high])]
    refused(card, gg.discard(book.card_ids[low]), "card-value", "gugong.travel.token-kinds")
    done = card.apply(gg.discard(book.card_ids[high]))
    assert high in done.seats[0].discard and done.seats[0].jade == 1 and done.seats[0].hand == (low,)


def test_servants_from_the_supply_onto_the_wall_or_a_ship():
    s = set_up(2, start=0)
    s = edit(s, wall=((1, 1), (1, 1)))
    t = run(s, 0, [{"kind": "place_servant", "where": "wall", "source": "supply", "amount": 2}])
    assert t.seats[1].vp == 3 and t.wall == ((0, 1), (0, 1))       # the wall completed: scored
    assert t.seats[0].supply == 4 and t.seats[0].pool == 6
    empty = run(with_seat(s, 0, supply=0, pool=12), 0,
                [{"kind": "place_servant", "where": "wall", "source": "supply", "amount": 1}])
    assert empty.wall == s.wall                                   # nothing in the supply: nothing
    ship = run(s, 0, [{"kind": "place_servant", "where": "ship", "source": "supply", "amount": 1}])
    assert ship.task[0] == "load"
    loaded = ship.apply(gg.load(s.book.port_ids[0][0], "servant"))
    assert loaded.canal[0][0] == (0, 1, False) and loaded.seats[0].supply == 5


def test_cards_back_swapped_drawn_and_the_foreman_unlocked():
    s = set_up(3, start=0)
    book = s.book
    s = with_seat(s, 0, discard=(s.draw[0],), hand=s.seats[0].hand)
    s = edit(s, draw=s.draw[1:])
    back = run(s, 0, [{"kind": "retrieve_card"}])
    assert back.legal_actions() == [gg.retrieve(book.card_ids[s.seats[0].discard[0]])]
    b = back.apply(back.legal_actions()[0])
    assert b.seats[0].discard == () and len(b.seats[0].hand) == 5
    sw = run(s, 0, [{"kind": "swap_card", "from": ["discard"]}])
    assert {a.args[0] for a in sw.legal_actions()} == {book.card_ids[s.seats[0].discard[0]]}
    drawn = run(s, 0, [{"kind": "draw_card", "amount": 2}])
    assert drawn.task == ("draw", 0)
    while drawn.is_chance_node:
        drawn = drawn.apply(drawn.seeded_outcome())
    assert len(drawn.seats[0].hand) == 6 and len(drawn.draw) == len(s.draw) - 2
    f = run(s, 0, [{"kind": "unlock_foreman"}])
    assert f.seats[0].foreman == POOL
    again = run(with_seat(s, 0, foreman=SUPPLY), 0, [{"kind": "unlock_foreman"}])
    assert again.seats[0].foreman == SUPPLY                        # only a locked foreman unlocks


def test_a_printed_choice():
    s = set_up(3, start=0)
    t = run(s, 0, [{"kind": "choose", "options": [[gain("vp", 2)], [gain("jade", 1)]]}])
    assert t.legal_actions() == [gg.choose(1), gg.choose(2)]
    assert t.apply(gg.choose(2)).seats[0].jade == 1
    assert t.apply(gg.choose(1)).seats[0].vp == 2
    one = run(with_seat(s, 0, pool=0), 0, [{"kind": "choose", "options": [
        [{"kind": "pay_for", "cost": {"what": "servants", "amount": 2}, "effects": [gain("vp", 9)]}],
        [gain("vp", 1)]]}])
    assert one.seats[0].vp == 1                                    # only one option can be done


@pytest.mark.rules("gugong.decree.lasting", "gugong.assume.decree-effects")
def test_lasting_decree_effects_from_the_data(tmp_path):
    from gugong_help import data_file, rec
    def designed(raw):
        r = rec(raw, "decrees", "d2-a")
        r["effects"] = [gain("vp", 1), {"kind": "on_action", "location": "palace", "effects": [gain("vp", 2)]},
                        {"kind": "discount", "on": "palace_paid", "amount": 1}]
        r3 = rec(raw, "decrees", "d3-a")
        r3["effects"] = [{"kind": "vp_end", "per": "intrigue_step", "vp": 1, "every": 3, "max": 3}]
    data = gg.load_data(data_file(tmp_path, designed))
    s = set_up(3, start=0, data=data, decrees=["d1-a", "d1-b", "d2-a", "d2-b", "d3-a", "d3-b"])
    s = edit(s, holders=((), (), (0,), (), (0,), ()))
    t = doing(s, 0, "palace", "paid")
    assert t.seats[0].pool == 5 and t.seats[0].vp == 2            # 1 servant off; 2 VP after
    from explorer.gugong._decrees import vp_end
    assert vp_end(with_seat(s, 0, intrigue=7), 0) == 2 and vp_end(with_seat(s, 0, intrigue=14), 0) == 3
    assert vp_end(with_seat(s, 1, intrigue=14), 1) == 0


@pytest.mark.rules("gugong.travel.token-kinds", "gugong.travel.double-token")
def test_every_shipped_token_kind_is_a_benefit_that_plays():
    s = set_up(3, start=0)
    book = s.book
    s = with_seat(s, 0, pool=6, intrigue=3, discard=(s.draw[0],))
    s = edit(s, draw=s.draw[1:])
    for k, kid in enumerate(book.token_ids[:-1]):
        effects = book.token_effects[k]
        t = from_tasks(s, ("optional", 0, effects, "token"), ("next_turn", 0)) if effects else s
        if not effects:
            assert book.token_value[k] == 2                        # the double token
            continue
        assert t.current_player == 0 and t.task[0] != "turn", kid
        assert gg.decline() in t.legal_actions()
        first = next(a for a in t.legal_actions() if a.kind != "decline")
        u = t.apply(first)
        while not u.is_chance_node and u.current_player == 0 and u.task[0] != "turn":
            u = u.apply(u.legal_actions()[0])
        assert u != s, kid
