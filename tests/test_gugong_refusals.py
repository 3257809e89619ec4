"""Gùgōng: refusals that name the rule of the thing refused, in words that fit the position
(the price actually asked, the option actually chosen, the player's own turn)."""

from __future__ import annotations

import pytest

from explorer import gugong as gg

from gugong_help import POOL, at_turn, card, cid, doing, edit, from_tasks, refused, set_up, with_seat


def _token(book, test):
    """A token kind whose lone effect passes ``test``."""
    for k, fx in enumerate(book.token_effects[:-1]):
        if len(fx) == 1 and test(fx[0]):
            return book.token_ids[k]
    pytest.skip("the data has no such token kind")


def _on(s, city, kind):
    cities = [-1] * len(s.cities)
    cities[city] = s.book.token_index[kind]
    return edit(s, cities=tuple(cities))


@pytest.mark.rules("gugong.travel.token-kinds")
def test_a_servant_price_is_not_paid_with_a_card():
    s = set_up(3, start=0)
    book = s.book
    jade = _token(book, lambda e: e[0] == "pay_for" and e[1][0] == "servants")
    price = next(e for e in book.token_effects[book.token_index[jade]])[1][1]
    s = with_seat(_on(s, 0, jade), 0, pool=price + 1)
    t = doing(s, 0, "travel").apply(gg.travel(book.city_ids[0]))
    assert t.task[0] == "pay_for" and {a.kind for a in t.legal_actions()} == {"accept", "decline"}
    for c in t.seats[0].hand:
        err = refused(t, gg.discard(cid(t, c)), "price-not-a-card", "gugong.travel.token-kinds")
        text = str(err)
        assert f"{price} servants" in text and "value" not in text and "accept" in text


@pytest.mark.rules("gugong.travel.token-kinds", "gugong.canal.basic")
def test_the_ship_token_once_accepted_cites_the_token_not_the_paid_canal():
    s = set_up(3, start=0)
    book = s.book
    ship = _token(book, lambda e: e[0] == "place_servant" and e[1] == "ship")
    t = doing(_on(s, 0, ship), 0, "travel").apply(gg.travel(book.city_ids[0]))
    assert t.task[0] == "optional"
    u = t.apply(gg.accept())
    assert u.task[0] == "load" and gg.decline() not in u.legal_actions()
    err = refused(u, gg.decline(), "must-choose", "gugong.travel.token-kinds")
    assert "travel token" in str(err) and "ship" in str(err)
    assert "second servant" not in str(err)


@pytest.mark.rules("gugong.canal.basic", "gugong.foreman.lying-wall-ship")
def test_the_basic_canal_option_with_only_the_foreman_says_so():
    s = set_up(3, start=0)
    s = with_seat(s, 0, pool=0, foreman=POOL)
    t = doing(s, 0, "canal", "basic")
    assert t.task[0] == "load"
    beijing = s.book.port_ids[0][0]
    assert gg.load(beijing, "foreman") in t.legal_actions()
    err = refused(t, gg.load(beijing, "servant"), "no-servant", "gugong.canal.basic")
    text = str(err)
    assert "no servant cube" in text and "only your foreman" in text and "second servant" not in text


@pytest.mark.rules("gugong.assume.trade-windows")
def test_a_trade_refused_in_the_middle_of_an_action_does_not_say_it_is_not_your_turn():
    s = set_up(3, start=0)
    book = s.book
    vp = _token(book, lambda e: e[0] == "gain" and e[1] == "vp")
    s = with_seat(_on(s, 0, vp), 0, tokens=(0, 1, 2, 3))
    t = doing(s, 0, "travel")
    assert t.task[0] == "travel" and t.current_player == 0
    err = refused(t, gg.trade(2, 0), "not-now", "gugong.assume.trade-windows")
    text = str(err)
    assert "own turn" in text and "middle of an action" in text
    assert "during your own turn" not in text


@pytest.mark.rules("gugong.exchange.pay-two-servants", "gugong.exchange.without-action")
def test_pay_refused_with_the_last_card_does_not_suggest_discarding_another():
    s = set_up(3, start=0)
    give = card(s, value=2)
    take = card(s, value=8, exclude=[give])
    s = with_seat(at_turn(s, 0, [give], {"wall": take}), 0, pool=1)
    p = s.apply(gg.exchange(cid(s, give), cid(s, take)))
    assert p.task[0] == "price" and {a.kind for a in p.legal_actions()} == {"forgo"}
    err = refused(p, gg.pay(), "cannot-pay", "gugong.exchange.pay-two-servants")
    text = str(err)
    assert "discard another" not in text and "exchange without acting" in text and "last" in text
    assert "discard another" not in p.awaiting() and "pay 2 servants" in p.awaiting()
    # with another card in hand the discard is suggested
    other = card(s, value=5, exclude=[give, take])
    q = with_seat(p, 0, hand=tuple(sorted((give, other))))
    assert "discard another hand card" in str(q.why_illegal(gg.pay()))


@pytest.mark.rules("gugong.canal.port-jining", "gugong.canal.port-cangzhou", "gugong.canal.port-hangzhou")
def test_a_wrong_reward_cites_the_rule_of_its_own_port():
    s = set_up(3, start=0)
    book = s.book
    route = book.port_rewards[0]
    for pos, want in ((route.index(("card",)), "gugong.canal.port-jining"),
                      (route.index(("vp4",)), "gugong.canal.port-cangzhou")):
        canal = [list(r) for r in s.canal]
        canal[0][pos] = (0, 3, False)
        t = from_tasks(edit(s, canal=tuple(tuple(r) for r in canal)), ("claim", 0, 0, pos, False),
                       ("next_turn", 0))
        assert t.task[0] == "claim"
        wrong = "vp4" if route[pos] == ("card",) else "foreman"
        err = refused(t, gg.claim(book.port_ids[0][pos], wrong), "not-this-port", want)
        assert book.port_names[0][pos] in str(err)
    last = len(route) - 1
    canal = [list(r) for r in s.canal]
    canal[0][last] = (0, 3, False)
    t = from_tasks(edit(s, canal=tuple(tuple(r) for r in canal)), ("claim", 0, 0, last, False),
                   ("next_turn", 0))
    refused(t, gg.claim(book.port_ids[0][last], "gold"), "not-this-port", "gugong.canal.port-hangzhou")
