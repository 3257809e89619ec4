"""Gonzaga: the engine read against the rulebook sentence by sentence.

Each test checks a point where the rulebook is read in a whole game, not in a helper alone: the
worked example of the turn order, and how a turn ends after a donation or a wedding.
"""

from __future__ import annotations

import pytest

from explorer import gonzaga as gz

from europe import dealt, geo, plan_all, regions_of, reveal_fiefs, scenario_for

SC = scenario_for(4)
LIVE = regions_of(SC)


def legal(s, kind=None):
    return [a for a in s.legal_actions() if kind is None or a.kind == kind]


@pytest.mark.rules("gonzaga.order.example", "gonzaga.order.by-action", "gonzaga.order.card-tie",
                   "gonzaga.king.earlier")
def test_the_worked_example_played_out_in_a_game():
    # Catherine (seat 0): King's Privilege and Alliance, with the highest card of the round.
    # Günter (seat 3): Ports. José (seat 1): Cities, card 12. Piotr (seat 2): Cities, card 83.
    s = dealt(4, SC)
    b = s.book
    tens = {n: i for i, n in enumerate(b.fief_numbers)}
    s = reveal_fiefs(s, {0: tens[120], 1: tens[10], 2: tens[80], 3: tens[50]})
    assert (s.card_number(1), s.card_number(2)) == (12, 83)       # the rulebook's two cards
    assert s.card_number(0) > max(s.card_number(p) for p in (1, 2, 3))
    region = LIVE[0]
    s = plan_all(s, {0: gz.privilege(region, "C"), 1: gz.plan(region, "B"),
                     2: gz.plan(region, "B"), 3: gz.plan(region, "A")})
    assert s.phase == "place"
    assert s.order == (0, 3, 1, 2)           # Catherine, Günter, José, Piotr
    assert s.rings == (5, 6, 6, 6)           # the King's Privilege paid its ring at the reveal
    seen = []
    while s.phase == "place":
        seen.append(s.current_player)
        s = s.apply(gz.church())
    assert seen == [0, 3, 1, 2]


@pytest.mark.rules("gonzaga.assume.every-turn-ends-alike", "gonzaga.cards.middle-box",
                   "gonzaga.cards.rest", "gonzaga.wedding.discard-fief", "gonzaga.church.donate")
def test_a_wedding_and_a_donation_end_the_turn_like_a_placement():
    s = dealt(2, scenario_for(2))
    live = regions_of(scenario_for(2))
    s = reveal_fiefs(s, {0: 2, 1: 5})
    cards = (s.card_number(0), s.card_number(1))
    a, b = live[0], live[1]
    s = plan_all(s, {0: gz.privilege(a, "C"), 1: gz.plan(b, "B")})
    assert s.order[0] == 0
    ring = legal(s, "ring")[0]
    w = s.apply(ring)
    if w.phase == "ring":                    # a wedding of one ring
        w = w.apply(gz.done())
    assert w.current_player == 1 and w.box[0] == (2,) and w.church[0] == ()
    assert w.resting[0] == (a, "C", "king")  # the wedding's cards lie face up in the middle box
    d = w.apply(gz.church())
    assert d.church[1] == (5,) and d.box[1] == ()
    assert d.round == 2
    assert d.resting[1] == (b, "B")          # the donation's cards too
    # the two fief cards went to the box: never turned up again
    assert all(x.args[0] != cards[0] for x in d.legal_actions())
    r2 = reveal_fiefs(d)
    assert r2.card_number(1) != cards[1] and 5 not in r2.decks[1] and 2 not in r2.decks[0]
    assert r2.phase == "plan" and r2.turn == 0
    for bad in (gz.plan(a, "A"), gz.plan(live[-1], "C"), gz.privilege(live[-1], "A")):
        err = r2.why_illegal(bad)
        assert err is not None and err.code == "card-resting" and err.rule == "gonzaga.cards.rest"
    r2 = r2.apply(gz.plan(live[-1], "A"))
    for bad in (gz.plan(b, "A"), gz.plan(live[-1], "B")):
        err = r2.why_illegal(bad)
        assert err is not None and err.code == "card-resting" and err.rule == "gonzaga.cards.rest"
    assert gz.privilege(live[-1], "C") in r2.legal_actions()
    g = geo()
    assert g.region[g.index[ring.args]] == s.book.region_index[a]
