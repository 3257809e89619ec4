"""Gonzaga: every catalogued rule, each test naming the rules it checks.

The map, the fiefs and the scenarios are placeholders, so no test names a hex or a shape: each
asks the map for a spot with the property it needs (see ``europe.py``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

from explorer import Action, OptionError, UnknownAction
from explorer import gonzaga as gz
from explorer.gonzaga._order import turn_order

from europe import (book, churches, dealt, find_entry, find_static, first_region, geo, plan_all,
                    regions_of, reveal_fiefs, scenario_for, to_place, with_pieces)


def legal(s, kind=None):
    return [a for a in s.legal_actions() if kind is None or a.kind == kind]


def refusal(s, action):
    err = s.why_illegal(action)
    assert err is not None, f"{action} is legal"
    return err


# ---- components and the map ------------------------------------------------------------------
@pytest.mark.rules("gonzaga.components.list", "gonzaga.setup.rings", "gonzaga.setup.gonzaga-tile")
def test_the_components_of_each_player():
    s = dealt(4)
    b = s.book
    assert len(b.fief_ids) == 12 and sorted(b.fief_numbers) == list(range(10, 130, 10))
    assert len(b.objective_ids) == 16 and len(b.scenarios) == 16
    assert len(b.card_ids) == 11 and len(b.colours) == 4
    assert s.rings == (6,) * 4 and all(len(d) == 12 for d in s.decks)
    assert b.c["gonzaga_points"] == 15
    err = s.explain_target(["gonzaga"])
    assert err.rule == "gonzaga.setup.gonzaga-tile" and "15" in err.message


@pytest.mark.rules("gonzaga.components.planning-cards", "gonzaga.plan.one-of-each")
def test_the_planning_cards_and_a_plan_of_one_of_each():
    s = reveal_fiefs(dealt(2))
    b = s.book
    cards = Counter(r["kind"] for r in b.components.data.table("planning_cards"))
    assert cards == {"region": 6, "inactive": 1, "action": 3, "king": 1}
    regions = b.region_cards(s.scenario)
    plans = legal(s, "plan")
    assert sorted(plans) == sorted(gz.plan(r, a) for r in regions for a in "ABC")
    assert refusal(s, gz.plan("atlantis", "A")).code == "no-such-region-card"
    assert refusal(s, gz.plan(regions[0], "D")).code == "no-such-action-card"
    assert refusal(s, gz.plan(regions[0], "D")).rule == "gonzaga.components.planning-cards"
    err = s.explain_target(["card", 0, "A"])
    assert err.code == "pick-two" and err.rule == "gonzaga.plan.one-of-each"


@pytest.mark.rules("gonzaga.map.region-features", "gonzaga.map.city-symbols")
def test_four_cities_and_four_ports_per_region_eight_symbols():
    b, g = book(), geo()
    for k in range(len(b.region_ids)):
        cities = [i for i in range(g.n) if g.city[i] >= 0 and g.region[i] == k]
        ports = [i for i in range(g.n) if g.port[i] >= 0 and g.region[i] == k]
        assert len(cities) == 4 and len(ports) == 4
    assert len(b.symbol_ids) == 8 and set(Counter(b.city_symbol).values()) == {3}


@pytest.mark.rules("gonzaga.map.sea-ports", "gonzaga.map.sea-regions")
def test_four_ports_per_sea_linked_by_routes_and_mare_germanicum():
    b, g = book(), geo()
    assert set(Counter(b.port_sea).values()) == {4}
    for k, sid in enumerate(b.sea_ids):
        ports = {b.port_ids[i] for i in range(len(b.port_ids)) if b.port_sea[i] == k}
        linked = {x for sea, pair in g.routes if sea == sid for x in pair}
        assert linked == ports
        for pid in ports:
            h = g.port_hex[b.port_ids.index(pid)]
            assert any(g.sea[j] == k for j in g.nbrs[h])          # the port touches its sea
    mg = b.sea_names.index("Mare Germanicum")
    regions = Counter(b.region_ids[b.port_region[i]] for i in range(len(b.port_ids))
                      if b.port_sea[i] == mg)
    assert regions == {"britannia": 2, "germania": 2}
    assert len({b.port_region[i] for i in range(len(b.port_ids)) if b.port_sea[i] == mg}) > 1


@pytest.mark.rules("gonzaga.map.barriers", "gonzaga.map.hex-grid")
def test_barriers_lie_on_region_borders_and_hexes_have_labels():
    g = geo()
    assert g.barrier
    for a, b in g.barrier:
        assert b in g.nbrs[a] and g.region[a] != g.region[b]
    labels = [g.label(i) for i in range(g.n)]
    assert len(set(labels)) == g.n and all(lab[0].isalpha() and lab[-1].isdigit() for lab in labels)
    for i in range(g.n):                                  # axial neighbours on the map
        assert all(g.coords[i].distance(g.coords[j]) == 1 for j in g.nbrs[i])


@pytest.mark.rules("gonzaga.game.goal", "gonzaga.score.three-ways")
def test_ways_to_score():
    s = dealt(2)
    assert list(s.score_breakdown(0)) == ["cities and ports", "sea leagues", "church",
                                          "Gonzaga tile", "objective"]
    assert s.scores() == (0, 0)


# ---- set-up ---------------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.setup.scenario")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_scenario_for_the_player_count_is_drawn(players):
    s = gz.new_game(players=players, seed=1, chance="manual")
    assert s.is_chance_node and s.phase == "scenario"
    outcomes = s.chance_outcomes()
    b = s.book
    tiles = {b.scenarios[i].id for i in b.scenarios_for(players)}
    assert {a.args[0] for a, _ in outcomes} == tiles
    assert {p for _, p in outcomes} == {Fraction(1, len(tiles))}
    other = next(sc.id for sc in b.scenarios if sc.players != players)
    err = refusal(s, gz.scenario(other))
    assert err.code == "wrong-player-count" and err.rule == "gonzaga.setup.scenario"
    assert isinstance(refusal(s, gz.scenario("nowhere")), UnknownAction)


@pytest.mark.rules("gonzaga.setup.flourishing", "gonzaga.setup.inactive")
def test_the_scenario_sets_flourishing_and_inactive_regions():
    s = dealt(3)
    b = s.book
    sc = b.scenarios[s.scenario]
    assert sc.flourishing | sc.inactive == (1 << len(b.region_ids)) - 1
    assert sc.flourishing & sc.inactive == 0 and sc.flourishing
    for k, rid in enumerate(b.region_ids):
        err = s.explain_target(["seal", rid])
        want = "gonzaga.setup.flourishing" if sc.flourishing >> k & 1 else "gonzaga.setup.inactive"
        assert err.rule == want
    svg = s.to_svg()
    assert svg.count('data-flourishing="true"') == bin(sc.flourishing).count("1")


@pytest.mark.rules("gonzaga.setup.remove-region-cards", "gonzaga.setup.inactive-card",
                   "gonzaga.plan.inactive-card")
def test_inactive_regions_cards_leave_and_the_inactive_card_stands_for_them():
    sc = scenario_for(3)
    s = reveal_fiefs(dealt(3, sc))
    dead = regions_of(sc, flourishing=False)
    assert dead
    for r in dead:
        err = refusal(s, gz.plan(r, "A"))
        assert err.code == "region-card-removed" and err.rule == "gonzaga.setup.remove-region-cards"
        assert gz.plan(r, "A") not in s.legal_actions()
    assert gz.plan("inactive", "A") in s.legal_actions()
    assert s.book.region_bits("inactive", s.scenario) == s.book.scenarios[s.scenario].inactive
    full = scenario_for(4, inactive=False) if any(
        not book().scenarios[i].inactive for i in book().scenarios_for(4)) else None
    if full is not None:                      # a scenario where every region flourishes
        s4 = reveal_fiefs(dealt(4, full))
        assert refusal(s4, gz.plan("inactive", "A")).code == "no-inactive-regions"


@pytest.mark.rules("gonzaga.setup.player-board", "gonzaga.assume.seat-colours")
def test_colours_scores_and_cards_in_hand():
    s = reveal_fiefs(dealt(4))
    b = s.book
    assert [s.player_colour(p)[0] for p in range(4)] == list(b.colours) == ["red", "yellow", "green", "blue"]
    assert s.player_label(1) == "Player 2 (yellow)"
    assert s.scores() == (0,) * 4 and s.resting == ((),) * 4
    regions, actions, king = gz._plan.available(s, 0)
    assert actions == ("A", "B", "C") and king and regions == b.region_cards(s.scenario)
    for p in range(4):                 # the seat's colour gives its cards their digit
        assert {b.card_number(f, p) - b.fief_numbers[f] for f in range(12)} == {b.digits[p]}


@pytest.mark.rules("gonzaga.setup.fief-deck", "gonzaga.fief.reveal", "gonzaga.round.phases")
def test_each_round_begins_with_a_fief_card_from_each_deck():
    s = dealt(3)
    assert s.phase == "reveal" and s.round == 1 and s.turn_label() == "Round 1 · Fief cards"
    b = s.book
    seen = []
    for p in range(3):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 12 and {pr for _, pr in outcomes} == {Fraction(1, 12)}
        assert {a.args[0] for a, _ in outcomes} == {b.card_number(f, p) for f in range(12)}
        other = b.card_number(0, (p + 1) % 3)
        err = refusal(s, gz.reveal(other))
        assert err.code == "not-this-deck" and err.rule == "gonzaga.setup.fief-deck"
        a = outcomes[p][0]
        s = s.apply(a)
        seen.append(a.args[0])
    assert s.phase == "plan" and all(f >= 0 for f in s.fiefs)
    assert [s.card_number(p) for p in range(3)] == seen
    assert all(len(d) == 11 and s.fiefs[p] not in d for p, d in enumerate(s.decks))
    # phase 2 before phase 4: placing while planning is refused, and the other way round
    assert refusal(s, gz.church()).code == "planning"
    s = plan_all(s)
    assert s.phase == "place" and refusal(s, gz.plan("inactive", "A")).code == "placing"


@pytest.mark.rules("gonzaga.fief.card-number", "gonzaga.assume.card-number")
def test_a_fief_cards_tens_are_its_fiefs_number():
    b = book()
    numbers = [b.card_number(f, p) for p in range(4) for f in range(12)]
    for p in range(4):
        for f in range(12):
            assert b.card_number(f, p) // 10 == b.fief_numbers[f] // 10     # 50 -> 5x, 120 -> 12x
    assert len(set(numbers)) == len(numbers)              # a digit per colour: no two cards alike
    s = dealt(2)
    card = s.chance_outcomes()[5][0]
    after = s.apply(card)
    assert after.book.card_number(after.fiefs[0], 0) == card.args[0]
    assert after.describe(after.legal_actions()[0]).startswith("Player 2 (yellow) turns up card")
    raw = b.components.data
    import json
    doc = {"game": "gonzaga", "data_version": "x", "sources": dict(raw.sources),
           "tables": {t: [dict(r.values, id=r.id, provenance=vars(r.provenance)) for r in recs]
                      for t, recs in raw.tables.items()}}
    for r in doc["tables"]["card_digits"]:
        r["digit"] = 2
    from explorer.gonzaga._book import SCHEMA, soft_warnings
    from explorer._data import parse_data
    same = parse_data(json.loads(json.dumps(doc)), SCHEMA, "copy", "0" * 64, False)
    assert any("share a number" in w for w in soft_warnings(same))


@pytest.mark.rules("gonzaga.setup.last-turn-card", "gonzaga.assume.oldest-player")
def test_the_last_turn_card_and_its_holder():
    s = dealt(3, oldest=2)
    err = s.explain_target(["last_turn"])
    assert err.rule == "gonzaga.end.last-turn-check" and "Player 3 (green)" in err.message
    assert s.last_turn_card() == 6                        # under the sixth card of the holder's deck
    s = reveal_fiefs(s)
    assert s.last_turn_card() == 5
    s = churches(s, 6)
    assert s.last_turn_card() == 0 and "on top of Player 3" in s.explain_target(["last_turn"]).message
    s = churches(s, 7, "reveal")
    assert s.last_turn_card() == 1                        # moved under the top card after round 6
    s = reveal_fiefs(s)
    assert s.last_turn_card() == 0
    with pytest.raises(OptionError, match="oldest"):
        gz.new_game(players=3, seed=1, oldest=3)
    s = churches(reveal_fiefs(dealt(2)), 6)
    assert s.last_round == 0                 # no check before the end of round 6


@pytest.mark.rules("gonzaga.setup.objective-deal", "gonzaga.setup.objective-content")
def test_one_hidden_objective_card_each():
    s = gz.new_game(players=4, seed=3, chance="manual").apply(gz.scenario(scenario_for(4)))
    b = s.book
    for p in range(4):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 16 - p and {pr for _, pr in outcomes} == {Fraction(1, 16 - p)}
        s = s.apply(outcomes[-1][0])
    dealt_cards = s.objectives
    assert len(set(dealt_cards)) == 4 and min(dealt_cards) >= 0
    v = s.view(1)
    assert v.objectives[1] == dealt_cards[1] and v.objectives[0] == gz._state.HIDDEN
    err = v.explain_target(["objective", 0])
    assert err.code == "objective-hidden" and err.rule == "gonzaga.setup.objective-deal"
    err = v.explain_target(["objective", 1])
    assert err.rule == "gonzaga.setup.objective-content"
    for card in range(16):                   # six cities: the three of each of two symbols
        cities = b.objective_cities[card]
        assert len(cities) == 6
        assert Counter(b.city_symbol[c] for c in cities) == {y: 3 for y in b.objective_symbols[card]}
    first = gz.new_game(players=2, seed=3, chance="manual").apply(gz.scenario(scenario_for(2)))
    first = first.apply(first.legal_actions()[0])
    err = refusal(first, first.history[-1])
    assert err.code == "objective-dealt"


# ---- planning --------------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.plan.secret", "gonzaga.assume.secret-planning", "gonzaga.plan.face-down")
def test_plans_are_secret_committed_in_seat_order_and_revealed_together():
    s = reveal_fiefs(dealt(3))
    assert s.current_player == 0 and s.turn_label() == "Round 1 · Planning"
    a = legal(s, "privilege")[0]
    s1 = s.apply(a)
    assert s1.current_player == 1 and s1.plans[0] == gz.Plan(*a.args, True)
    v = s1.view(1)
    assert v.plans[0] == gz.MASKED_PLAN and v.history[-1] == Action("plan", "?", "?")
    assert s1.view(0).plans[0] == s1.plans[0] and s1.view(0).history[-1] == a
    assert v.explain_target(["plan", 0]).code == "plan-hidden"
    assert s1.explain_target(["plan", 0]).rule == "gonzaga.assume.secret-planning"
    assert s1.rings[0] == 6                                # the ring is paid only at the reveal
    s2 = s1.apply(legal(s1)[0])
    assert s2.current_player == 2 and s2.view(2).plans[:2] == (gz.MASKED_PLAN,) * 2
    s3 = s2.apply(legal(s2)[0])
    assert s3.phase == "place" and s3.view(1).plans == s3.plans     # all revealed together
    assert s3.view(1).history[-3] == a


@pytest.mark.rules("gonzaga.king.earlier", "gonzaga.king.with-region", "gonzaga.king.commit-action",
                   "gonzaga.king.ring-cost", "gonzaga.order.king-reveal", "gonzaga.order.reveal")
def test_the_kings_privilege_goes_first_commits_a_card_and_costs_a_ring_at_the_reveal():
    s = reveal_fiefs(dealt(3))
    region = s.book.region_cards(s.scenario)[0]
    s = plan_all(s, {0: gz.plan(region, "A"), 1: gz.plan(region, "A"), 2: gz.privilege(region, "C")})
    assert s.order[0] == 2 and s.plans[2] == gz.Plan(region, "C", True)
    assert s.rings == (6, 6, 5) and s.paid == (0, 0, 1)
    assert s.describe(gz.church()).startswith("Player 3 (green)")


@pytest.mark.rules("gonzaga.king.needs-ring")
def test_no_privilege_without_a_ring():
    s = reveal_fiefs(dealt(2))
    s = dataclasses.replace(s, rings=(0, 6))
    assert not legal(s, "privilege")
    region = s.book.region_cards(s.scenario)[0]
    err = refusal(s, gz.privilege(region, "B"))
    assert err.code == "no-ring" and err.rule == "gonzaga.king.needs-ring"


@pytest.mark.rules("gonzaga.assume.king-commit", "gonzaga.cards.middle-box", "gonzaga.cards.rest",
                   "gonzaga.order.return-cards")
def test_played_cards_rest_one_round_then_return():
    s = reveal_fiefs(dealt(2))
    region = s.book.region_cards(s.scenario)[0]
    s = plan_all(s, {0: gz.privilege(region, "B"), 1: gz.plan(region, "C")})
    assert s.resting == ((), ())
    s = s.apply(gz.church())
    assert s.resting[0] == (region, "B", "king")           # face up in the middle box
    s = s.apply(gz.church())
    s = reveal_fiefs(s)
    assert s.round == 2 and s.resting == ((region, "B", "king"), (region, "C"))
    for bad in (gz.plan(region, "A"), gz.plan("inactive", "B"), gz.privilege("inactive", "A")):
        err = refusal(s, bad)
        assert err.code == "card-resting" and err.rule == "gonzaga.cards.rest"
    assert gz.plan("inactive", "A") in s.legal_actions() and not legal(s, "privilege")
    other = next(r for r in s.book.region_cards(s.scenario) if r != region)
    s = plan_all(s, {0: gz.plan(other, "A"), 1: gz.plan(other, "A")})
    assert s.resting == ((), ())                           # last round's cards came back
    s = reveal_fiefs(churches(s, 3, "reveal"))
    assert gz.plan(region, "B") in s.legal_actions() and legal(s, "privilege")


@pytest.mark.rules("gonzaga.assume.no-legal-placement", "gonzaga.church.donate")
def test_planning_is_always_possible_and_the_church_always_allowed():
    for seed in range(5):
        s = reveal_fiefs(dealt(2, seed=seed))
        for _ in range(40):
            if s.is_over:
                break
            if s.phase == "plan":
                assert legal(s)
                s = s.apply(legal(s)[-1])
            elif s.phase == "place":
                assert gz.church() in s.legal_actions()
                p = s.current_player
                before = s.score_breakdown(p)["church"]
                s = s.apply(gz.church())
                assert s.score_breakdown(p)["church"] == before + 3
            else:
                s = s.apply(legal(s)[0])


# ---- turn order -------------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.order.example", "gonzaga.order.by-action", "gonzaga.order.card-tie")
def test_the_rulebooks_worked_example():
    # Catherine: King's Privilege and Alliance; Günter: Ports; José: Cities, card 12;
    # Piotr: Cities, card 83. Catherine, Günter, José, Piotr.
    catherine, gunter, jose, piotr = (True, "C", 54), (False, "A", 31), (False, "B", 12), (False, "B", 83)
    assert turn_order([catherine, gunter, jose, piotr]) == (0, 1, 2, 3)
    assert turn_order([piotr, jose, gunter, catherine]) == (3, 2, 1, 0)
    assert turn_order([jose, piotr, catherine, gunter]) == (2, 3, 0, 1)


@pytest.mark.rules("gonzaga.order.king-tie", "gonzaga.assume.order-ties")
def test_ties_among_kings_and_on_the_same_card():
    assert turn_order([(True, "C", 11), (True, "A", 93)]) == (1, 0)        # the committed card
    assert turn_order([(True, "B", 64), (True, "B", 23)]) == (1, 0)        # then the card number
    assert turn_order([(False, "C", 12), (True, "C", 121)]) == (1, 0)      # King before all
    assert turn_order([(False, "A", 30), (False, "A", 30), (False, "A", 30)], first=1) == (1, 2, 0)


@pytest.mark.rules("gonzaga.place.turn-order", "gonzaga.order.card-tie")
def test_the_game_follows_the_order_of_the_plans():
    for seed in range(6):
        s = reveal_fiefs(dealt(4, seed=seed))
        rng = random.Random(seed)
        while s.phase == "plan":
            s = s.apply(rng.choice(legal(s)))
        want = turn_order([(pl.king, pl.action, s.card_number(p)) for p, pl in enumerate(s.plans)])
        assert s.order == want
        for p in want:
            assert s.current_player == p
            s = s.apply(gz.church())
        assert s.phase == "reveal" and s.round == 2


# ---- placing a fief ---------------------------------------------------------------------------
SC = scenario_for(2)
LIVE = regions_of(SC)


def placing(fief, region, action, players=2, **kw):
    return to_place(players, fief=fief, plan=(region, action), scenario=SC, **kw)


@pytest.mark.rules("gonzaga.place.follow-plan", "gonzaga.place.in-region", "gonzaga.place.region-any-hex",
                   "gonzaga.action.b-options", "gonzaga.assume.b-options")
def test_a_placement_needs_a_hex_of_the_planned_region():
    f, e = find_entry(lambda g, e: not e.features and e.acts & 2 and bin(e.regions).count("1") == 1,
                      regions=LIVE)
    home = first_region(e, LIVE)
    s = placing(f, home, "B")
    assert s.is_legal(e.action)                              # only empty hexes: any will do
    away = next(r for r in LIVE if r != home)
    s = placing(f, away, "B")
    err = refusal(s, e.action)
    assert err.code == "outside-region" and err.rule == "gonzaga.place.in-region"
    assert s.book.region_card_name(away) + ", the planned region" in err.message


@pytest.mark.rules("gonzaga.assume.sea-no-region")
def test_sea_hexes_are_in_no_region():
    g = geo()
    assert all(g.region[i] < 0 for i in range(g.n) if not g.land[i])
    wet = [e for f in range(12) for e in g.table(f).entries if any(not g.land[i] for i in e.cells)]
    assert wet
    for e in wet:                            # only the land hexes of a placement give it regions
        assert e.regions == sum({1 << g.region[i] for i in e.cells if g.land[i]})
    s = placing(0, LIVE[0], "C")
    sea = next(i for i in range(g.n) if not g.land[i] and not s.ring_at[i])
    c = g.coords[sea]
    err = refusal(s, gz.ring(c.q, c.r))
    assert err.code == "outside-region" and err.rule == "gonzaga.assume.sea-no-region"


@pytest.mark.rules("gonzaga.assume.inactive-card")
def test_the_inactive_card_asks_for_a_hex_of_any_inactive_region():
    dead = regions_of(SC, flourishing=False)
    f, e = find_entry(lambda g, e: e.acts & 2, regions=dead)
    s = placing(f, "inactive", "B")
    assert s.is_legal(e.action)
    f2, e2 = find_entry(lambda g, e: e.acts & 2 and not e.regions & s.book.scenarios[s.scenario].inactive
                        and e.regions, regions=LIVE)
    s = placing(f2, "inactive", "B")
    err = refusal(s, e2.action)
    assert err.code == "outside-inactive" and err.rule == "gonzaga.plan.inactive-card"
    # the rest of the fief may lie anywhere: a placement across an inactive and a live region
    sc = s.book.scenarios[s.scenario]
    f3, e3 = find_entry(lambda g, e: e.acts & 2 and e.regions & sc.inactive and e.regions & sc.flourishing,
                        regions=dead)
    assert placing(f3, "inactive", "B").is_legal(e3.action)


@pytest.mark.rules("gonzaga.action.a-port", "gonzaga.action.a-no-city", "gonzaga.action.b-no-port",
                   "gonzaga.action.c-options", "gonzaga.action.c-city", "gonzaga.action.c-port",
                   "gonzaga.assume.c-both", "gonzaga.assume.action-whole-fief")
def test_the_action_cards_ask_for_ports_and_cities():
    cases = [
        ("A", lambda g, e: e.ports and not e.cities, None),
        ("A", lambda g, e: not e.ports, "a-needs-port"),
        ("A", lambda g, e: e.ports and e.cities, "a-city"),
        ("B", lambda g, e: e.cities and not e.ports, None),
        ("B", lambda g, e: e.ports, "b-port"),
        ("C", lambda g, e: e.cities and e.ports, None),
        ("C", lambda g, e: e.ports and not e.cities, "c-needs-city"),
        ("C", lambda g, e: e.cities and not e.ports, "c-needs-port"),
    ]
    rule_of = {"a-needs-port": "gonzaga.action.a-port", "a-city": "gonzaga.action.a-no-city",
               "b-port": "gonzaga.action.b-no-port", "c-needs-city": "gonzaga.action.c-city",
               "c-needs-port": "gonzaga.action.c-port"}
    for action, pred, code in cases:
        f, e = find_entry(pred, regions=LIVE)
        s = placing(f, first_region(e, LIVE), action)
        if code is None:
            assert s.is_legal(e.action), (action, e)
        else:
            err = refusal(s, e.action)
            assert (err.code, err.rule) == (code, rule_of[code])
    # the action card counts every hex: a port outside the planned region satisfies action A
    b, g = book(), geo()
    live = {b.region_index[r] for r in LIVE}

    def elsewhere(e):
        port = next(i for i in e.cells if g.port[i] >= 0)
        return [g.region[i] for i in e.cells if g.region[i] in live and g.region[i] != g.region[port]]
    f, e = find_entry(lambda g, e: e.ports == 1 and not e.cities and elsewhere(e), regions=LIVE)
    assert placing(f, b.region_ids[elsewhere(e)[0]], "A").is_legal(e.action)


@pytest.mark.rules("gonzaga.place.rotate", "gonzaga.assume.rotation-only")
def test_fiefs_turn_in_six_steps_and_are_never_mirrored():
    s = placing(0, LIVE[0], "B")
    err = refusal(s, gz.place(0, 0, 6))
    assert isinstance(err, UnknownAction) and err.rule == "gonzaga.place.rotate"
    g = geo()
    from explorer.hexgrid import Hex, normalise
    for f in range(12):
        t = g.table(f)
        shapes = [normalise(Hex(dq, dr) for dq, dr, _ in sh) for sh in t.shapes]
        base = [Hex(dq, dr) for dq, dr, _ in t.shapes[0]]
        mirror = normalise(h.reflect() for h in base)
        chiral = mirror not in {normalise(h.rotate(k) for h in base) for k in range(6)}
        if chiral:
            assert mirror not in shapes


@pytest.mark.rules("gonzaga.place.try")
def test_trying_a_placement_changes_nothing():
    s = placing(0, LIVE[0], "B")
    before = s.record()
    for a in legal(s, "place")[:20]:
        assert s.why_illegal(a) is None
    assert s.why_illegal(gz.place(-50, -50, 0)).code == "off-map"
    preview = gz.placement_preview(s)
    assert preview["player"] == s.current_player and s.record() == before


@pytest.mark.rules("gonzaga.place.on-map")
def test_every_hex_of_a_fief_lies_on_the_map():
    f, a, rot = find_static("off-map")
    s = placing(f, LIVE[0], "B")
    c = geo().coords[a]
    err = refusal(s, gz.place(c.q, c.r, rot))
    assert err.code == "off-map" and err.rule == "gonzaga.place.on-map" and "off the map" in err.message
    assert refusal(s, gz.place(10 ** 6, 0, 0)).code == "off-map"


@pytest.mark.rules("gonzaga.place.castles-land", "gonzaga.assume.harbors-land")
def test_castles_stand_on_land_also_on_cities_and_ports():
    f, a, rot = find_static("castle-at-sea")
    s = placing(f, LIVE[0], "B")
    c = geo().coords[a]
    err = refusal(s, gz.place(c.q, c.r, rot))
    assert err.code == "castle-at-sea" and err.rule == "gonzaga.place.castles-land"
    g = geo()
    # a castle may stand on a city or a port: some legal map placement puts one there
    found = False
    for fief in range(12):
        t = g.table(fief)
        for e in t.entries:
            if any(castle and (g.city[i] >= 0 or g.port[i] >= 0)
                   for i, (_, _, castle) in zip(e.cells, t.shapes[e.rot])):
                found = True
                break
        if found:
            break
    assert found
    assert all(g.land[g.city_hex[c]] for c in range(len(g.city_hex)))
    assert all(g.land[g.port_hex[k]] for k in range(len(g.port_hex)))


@pytest.mark.rules("gonzaga.place.no-barrier", "gonzaga.assume.barrier-crossing")
def test_a_fief_never_lies_over_a_barrier():
    f, a, rot = find_static("over-barrier")
    s = placing(f, LIVE[0], "B")
    c = geo().coords[a]
    err = refusal(s, gz.place(c.q, c.r, rot))
    assert err.code == "over-barrier" and err.rule == "gonzaga.place.no-barrier"
    g = geo()
    # touching a barrier from one side is allowed: a legal placement with a hex on a barrier side
    sides = {x for pair in g.barrier for x in pair}
    _, e2 = find_entry(lambda g, e: any(i in sides for i in e.cells))
    assert not g.crosses(e2.cells)


@pytest.mark.rules("gonzaga.place.no-fief-below", "gonzaga.assume.no-fief-on-any-fief",
                   "gonzaga.place.permanent")
def test_no_fief_on_a_fief_whoever_owns_it():
    f, e = find_entry(lambda g, e: e.acts & 2, regions=LIVE)
    region = first_region(e, LIVE)
    for owner in (0, 1):
        s = placing(f, region, "B")
        s = with_pieces(s, fiefs={owner: [(f, e.anchor, e.rot)]})
        err = refusal(s, e.action)
        assert err.code == "on-a-fief" and err.rule == "gonzaga.place.no-fief-below"
        assert ("your own" in err.message) == (owner == 0)
    s = placing(f, region, "B").apply(e.action)            # placed: it stays
    later = churches(s, 3)
    assert later.pieces[0][0][:3] == (f, e.anchor, e.rot)


@pytest.mark.rules("gonzaga.place.on-rings", "gonzaga.wedding.fief-over-ring", "gonzaga.board.hex-capacity",
                   "gonzaga.wedding.shared-hex")
def test_a_fief_may_go_on_other_players_rings_never_on_its_own():
    f, e = find_entry(lambda g, e: e.acts & 2 and e.cities and not e.ports, regions=LIVE)
    region = first_region(e, LIVE)
    city = next(i for i in e.cells if geo().city[i] >= 0)
    s = with_pieces(placing(f, region, "B"), rings={1: [city]})
    assert s.is_legal(e.action)
    after = s.apply(e.action)
    assert after.fief_at[city] == 1 and after.ring_at[city] == 2        # both on the hex
    assert after.cover[0] >> city & 1 and after.cover[1] >> city & 1     # it belongs to both
    assert after.covered(0) >= 1 and after.covered(1) >= 1
    s = with_pieces(placing(f, region, "B"), rings={0: [city]})
    err = refusal(s, e.action)
    assert err.code == "own-ring" and err.rule == "gonzaga.board.hex-capacity"


@pytest.mark.rules("gonzaga.place.card-to-box", "gonzaga.round.end")
def test_after_placing_the_card_goes_to_the_box_and_the_score_moves():
    f, e = find_entry(lambda g, e: e.acts & 2 and e.cities and not e.ports, regions=LIVE)
    s = placing(f, first_region(e, LIVE), "B")
    card = s.card_number(0)
    after = s.apply(e.action)
    assert after.scores()[0] > 0 and f not in after.decks[0]
    assert all(card != a.args[0] for a in churches(after, 2, "reveal").legal_actions())
    s2 = churches(after, 2, "plan")
    assert s2.round == 2 and s2.phase == "plan"


@pytest.mark.rules("gonzaga.place.card-to-box")
def test_a_card_turned_up_once_is_never_turned_up_again():
    s = dealt(2, SC)
    s = reveal_fiefs(s, {0: 3})
    s = churches(s, 2, "reveal")
    card = s.book.card_number(3, 0)
    err = refusal(s, gz.reveal(card))
    assert err.code == "card-played" and err.rule == "gonzaga.place.card-to-box"


# ---- scoring ---------------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.score.flourishing", "gonzaga.score.inactive", "gonzaga.assume.score-by-hex-region")
def test_cities_and_ports_score_by_their_own_hexs_region():
    g = geo()
    b = book()
    live = [b.region_index[r] for r in LIVE]
    f, e = find_entry(lambda g, e: e.acts & 2 and e.cities and not e.ports
                      and all(g.region[i] in live for i in e.features), regions=LIVE)
    s = placing(f, first_region(e, LIVE), "B")
    assert s.apply(e.action).score_breakdown(0)["cities and ports"] == 3 * e.cities
    dead = [b.region_index[r] for r in regions_of(SC, False)]
    f, e = find_entry(lambda g, e: e.acts & 2 and e.cities and not e.ports
                      and all(g.region[i] in dead for i in e.features))
    s = placing(f, "inactive", "B")
    if s.is_legal(e.action):
        assert s.apply(e.action).score_breakdown(0)["cities and ports"] == e.cities
    pts = gz._score.hex_points(s.book, s.scenario)
    for i in range(g.n):
        if g.city[i] >= 0 or g.port[i] >= 0:
            assert pts[i] == (3 if g.region[i] in live else 1)
        else:
            assert pts[i] == 0


def _league_state(players=2):
    """Seat 0 holds two ports of one sea (rings), and places a fief over a third."""
    b, g = book(), geo()
    for f in range(12):
        for e in g.table(f).entries:
            if e.ports != 1 or e.cities or not e.regions & sum(1 << b.region_index[r] for r in LIVE):
                continue
            port = next(i for i in e.cells if g.port[i] >= 0)
            sea = b.port_sea[g.port[port]]
            others = [g.port_hex[k] for k in range(len(b.port_ids))
                      if b.port_sea[k] == sea and g.port_hex[k] != port]
            if any(i in e.cells for i in others):
                continue
            others.sort(key=lambda i: -g.coords[i].distance(g.coords[port]))   # far ones first
            return f, e, sea, others
    raise AssertionError("no placement covering one port alone")


@pytest.mark.rules("gonzaga.score.sea-league", "gonzaga.score.league-unconnected", "gonzaga.score.league-once",
                   "gonzaga.score.league-per-sea", "gonzaga.wedding.ring-scores")
def test_three_ports_of_one_sea_form_a_league_once():
    f, e, sea, others = _league_state()
    region = first_region(e, LIVE)
    s = with_pieces(placing(f, region, "A"), rings={0: others[:2]})
    assert s.ports_held[0][sea] == 2 and s.leagues[0] == 0
    after = s.apply(e.action)
    assert after.score_breakdown(0)["sea leagues"] == s.book.c["sea_league_points"]
    assert after.leagues[0] == 1 << sea
    assert len(gz._end.groups(after, 0)) >= 2                # the three ports are not all connected
    # the fourth port scores no second league
    s4 = with_pieces(placing(f, region, "A"), rings={0: others[:3]})
    s4 = dataclasses.replace(s4, leagues=(1 << sea, 0))      # its league scored with the third
    assert s4.apply(e.action).score_breakdown(0)["sea leagues"] == 0
    # a ring scores like a one-hex fief: it may be the third port of a league too
    assert gz._score.gain(s, 0, (others[2],)).league_points == s.book.c["sea_league_points"]


@pytest.mark.rules("gonzaga.assume.league-shared")
def test_several_players_may_hold_a_league_in_one_sea():
    f, e, sea, others = _league_state()
    region = first_region(e, LIVE)
    s = with_pieces(placing(f, region, "A"), rings={0: others[:2]})
    held = tuple(3 if k == sea else 0 for k in range(len(s.ports_held[1])))
    s = dataclasses.replace(s, leagues=(0, 1 << sea), ports_held=(s.ports_held[0], held))
    after = s.apply(e.action)
    assert after.leagues == (1 << sea, 1 << sea)
    assert after.score_breakdown(0)["sea leagues"] == s.book.c["sea_league_points"]


# ---- the wedding ----------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.wedding.with-alliance")
def test_a_wedding_needs_the_alliance_card():
    s = placing(0, LIVE[0], "B")
    g = geo()
    land = next(i for i in range(g.n) if g.region[i] == s.book.region_index[LIVE[0]])
    err = refusal(s, gz.ring(g.coords[land].q, g.coords[land].r))
    assert err.code == "wedding-needs-alliance" and err.rule == "gonzaga.wedding.with-alliance"
    assert not legal(s, "ring")


@pytest.mark.rules("gonzaga.wedding.one-or-two", "gonzaga.wedding.discard-fief",
                   "gonzaga.wedding.first-ring-region", "gonzaga.wedding.second-ring",
                   "gonzaga.assume.second-ring")
def test_a_wedding_of_one_or_two_adjacent_rings():
    s = placing(2, LIVE[0], "C")
    g = geo()
    k = s.book.region_index[LIVE[0]]
    rings = legal(s, "ring")
    assert rings and all(g.region[g.index[a.args]] == k for a in rings)
    away = next(i for i in range(g.n) if g.region[i] >= 0 and g.region[i] != k)
    err = refusal(s, gz.ring(g.coords[away].q, g.coords[away].r))
    assert err.code == "outside-region" and err.rule == "gonzaga.wedding.first-ring-region"
    assert refusal(s, gz.done()).code == "no-wedding"
    # a first ring next to another region, the sea or a barrier, so the second may cross it
    def mixed(i):
        return any(g.region[j] != k or (min(i, j), max(i, j)) in g.barrier for j in g.nbrs[i])
    first = next(a for a in rings if mixed(g.index[a.args]))
    i = g.index[first.args]
    w = s.apply(first)
    assert w.phase == "ring" and w.box[0] == (2,) and w.rings[0] == 4       # King's ring and this one
    assert w.current_player == 0 and w.turn_label().startswith("Round 1 · Player 1")
    seconds = legal(w, "ring")
    assert {g.index[a.args] for a in seconds} == {j for j in g.nbrs[i]} - {i}
    outside = next(a for a in seconds if g.region[g.index[a.args]] != k
                   or (min(i, g.index[a.args]), max(i, g.index[a.args])) in g.barrier)
    far = next(j for j in range(g.n) if g.coords[j].distance(g.coords[i]) > 1)
    err = refusal(w, gz.ring(g.coords[far].q, g.coords[far].r))
    assert err.code == "not-adjacent" and err.rule == "gonzaga.wedding.second-ring"
    two = w.apply(outside)
    assert two.phase == "place" and two.current_player == 1 and two.rings[0] == 3
    assert [pc[0] for pc in two.pieces[0]] == [-1, -1]
    one = w.apply(gz.done())
    assert one.current_player == 1 and len(one.pieces[0]) == 1 and one.rings[0] == 4


@pytest.mark.rules("gonzaga.assume.wedding-needs-ring", "gonzaga.rings.six")
def test_rings_come_from_the_board_and_never_return():
    s = placing(2, LIVE[0], "C")
    s = dataclasses.replace(s, rings=(0, s.rings[1]))
    assert not legal(s, "ring")
    g = geo()
    i = next(j for j in range(g.n) if g.region[j] == s.book.region_index[LIVE[0]])
    err = refusal(s, gz.ring(g.coords[i].q, g.coords[i].r))
    assert err.code == "no-ring-left" and err.rule == "gonzaga.assume.wedding-needs-ring"
    assert "King" in err.message                          # seat 0 paid one for the privilege
    one = dataclasses.replace(placing(2, LIVE[0], "C"), rings=(1, 6))
    w = one.apply(legal(one, "ring")[0])
    assert w.phase == "place" and w.rings[0] == 0           # no second ring to place


@pytest.mark.rules("gonzaga.wedding.no-donation", "gonzaga.assume.church-wedding",
                   "gonzaga.wedding.one-or-two")
def test_a_wedding_is_the_whole_turn():
    s = placing(2, LIVE[0], "C")
    w = s.apply(legal(s, "ring")[0])
    assert w.phase == "ring"
    err = refusal(w, gz.church())
    assert err.code == "wedding-started" and err.rule == "gonzaga.wedding.no-donation"
    err = refusal(w, legal(s, "place")[0] if legal(s, "place") else gz.place(0, 0, 0))
    # the rulebook's own sentence says it: the rings are placed "en lugar de tu ficha de feudo"
    assert err.code == "wedding-started" and err.rule == "gonzaga.wedding.one-or-two"
    assert w.score_breakdown(0)["church"] == 0


@pytest.mark.rules("gonzaga.wedding.ring-where", "gonzaga.wedding.not-own-fief", "gonzaga.wedding.not-on-ring")
def test_rings_on_empty_hexes_or_other_players_fiefs():
    f, e = find_entry(lambda g, e: e.acts & 2, regions=LIVE)
    region = first_region(e, LIVE)
    k = book().region_index[region]
    g = geo()
    spot = next(i for i in e.cells if g.region[i] == k)
    c = g.coords[spot]
    s = with_pieces(placing(2, region, "C"), fiefs={1: [(f, e.anchor, e.rot)]})
    assert s.is_legal(gz.ring(c.q, c.r))                     # on another player's fief
    s = with_pieces(placing(2, region, "C"), fiefs={0: [(f, e.anchor, e.rot)]})
    err = refusal(s, gz.ring(c.q, c.r))
    assert err.code == "own-fief" and err.rule == "gonzaga.wedding.not-own-fief"
    for owner in (0, 1):
        s = with_pieces(placing(2, region, "C"), rings={owner: [spot]})
        err = refusal(s, gz.ring(c.q, c.r))
        assert err.code == "on-a-ring" and err.rule == "gonzaga.wedding.not-on-ring"


@pytest.mark.rules("gonzaga.wedding.ring-scores", "gonzaga.wedding.shared-hex")
def test_a_ring_scores_a_city_even_under_another_fief():
    b, g = book(), geo()

    def live_city(e):
        return [i for i in e.cells if g.city[i] >= 0 and b.region_ids[g.region[i]] in LIVE]
    f, e = find_entry(lambda g, e: live_city(e) and not e.ports, regions=LIVE)
    city = live_city(e)[0]
    region = b.region_ids[g.region[city]]
    s = with_pieces(placing(2, region, "C"), fiefs={1: [(f, e.anchor, e.rot)]})
    c = g.coords[city]
    w = s.apply(gz.ring(c.q, c.r))
    assert w.score_breakdown(0)["cities and ports"] == 3
    assert w.ring_at[city] == 1 and w.fief_at[city] == 2


# ---- the end ----------------------------------------------------------------------------------
def _cover_all_but(s, keep: int):
    """``s`` with every flourishing city and port but ``keep`` of them under a ring (extra rings,
    a drawn position)."""
    from explorer.gonzaga._end import flourishing_features
    mask = flourishing_features(s.book, s.scenario)
    hexes = [i for i in range(s.book.geo.n) if mask >> i & 1 and not s.fief_at[i] and not s.ring_at[i]]
    return with_pieces(s, rings={0: hexes[keep:]}, spend=False)


@pytest.mark.rules("gonzaga.end.last-turn-check", "gonzaga.end.last-round", "gonzaga.assume.last-turn-count")
def test_three_or_fewer_uncovered_after_round_six_make_the_next_round_the_last():
    s = churches(reveal_fiefs(dealt(2, SC)), 6)
    s = _cover_all_but(s, 3)
    assert s.uncovered() == 3
    s = churches(s, 7, "plan")
    assert s.last_round == 7 and s.round == 7 and s.last_turn_card() is None     # discarded
    assert "the last round" in s.status() and "round 7 is the last" in s.explain_target(["last_turn"]).message
    end = churches(s, 99)
    assert end.is_over and end.round == 7


@pytest.mark.rules("gonzaga.end.card-moves-down", "gonzaga.end.check-repeats")
def test_four_or_more_uncovered_and_the_check_repeats_each_round():
    s = churches(reveal_fiefs(dealt(2, SC)), 6)
    s = _cover_all_but(s, 4)
    s = churches(s, 7)
    assert s.last_round == 0 and s.round == 7
    s = _cover_all_but(s, 2)
    s = churches(s, 8, "plan")
    assert s.last_round == 8
    end = churches(s, 99)
    assert end.is_over and end.round == 8
    early = churches(reveal_fiefs(dealt(2, SC)), 5)
    early = _cover_all_but(early, 0)
    assert churches(early, 6).last_round == 0          # not checked before round 6 ends


@pytest.mark.rules("gonzaga.end.decks-out")
def test_the_game_ends_when_the_decks_run_out():
    end = churches(reveal_fiefs(dealt(3)), 99)
    assert end.is_over and end.round == 12 and end.decks == ((),) * 3
    assert end.score_breakdown(0)["church"] == 36


def _finished(s):
    return dataclasses.replace(s, phase="over")


@pytest.mark.rules("gonzaga.end.gonzaga-tile", "gonzaga.end.gonzaga-tie", "gonzaga.end.rings-connect",
                   "gonzaga.assume.connected", "gonzaga.place.connected", "gonzaga.place.barriers-only-placing")
def test_the_gonzaga_tile_goes_to_the_largest_groups_of_touching_pieces():
    g = geo()
    s = dealt(3, scenario_for(3))
    assert _finished(s).score_breakdown(0)["Gonzaga tile"] == 0    # nobody has a piece
    a, b = next(iter(sorted(g.barrier)))                          # a barrier side
    far = [i for i in range(g.n) if min(g.coords[i].distance(g.coords[a]),
                                        g.coords[i].distance(g.coords[b])) > 4]
    c, d = far[0], next(j for j in g.nbrs[far[0]])
    s = with_pieces(s, rings={0: [a, b], 1: [c, d], 2: [far[-1]]})
    end = _finished(s)
    assert end.largest_group(0) == 2 and end.largest_group(1) == 2 and end.largest_group(2) == 1
    assert [end.score_breakdown(p)["Gonzaga tile"] for p in range(3)] == [15, 15, 0]
    assert gz.connected_groups(end, 0)[0].size == 2                # across the barrier


@pytest.mark.rules("gonzaga.end.objective-count", "gonzaga.end.objective-unconnected",
                   "gonzaga.end.objective-points", "gonzaga.assume.objective-table")
def test_the_hidden_objective_scores_the_cities_covered():
    s = dealt(2, SC)
    b, g = s.book, geo()
    card = s.objectives[0]
    cities = [g.city_hex[c] for c in b.objective_cities[card]]
    for k in range(0, 7):
        end = _finished(with_pieces(s, rings={0: cities[:k]}, spend=False))
        assert end.score_breakdown(0)["objective"] == b.objective_points[k]
    table = [b.objective_points[k] for k in range(7)]
    assert table == sorted(table)                                  # more cities, never fewer
    assert s.score_breakdown(0)["objective"] == 0                 # scored at the end only


@pytest.mark.rules("gonzaga.end.winner", "gonzaga.end.tie-break", "gonzaga.assume.tie-break-count",
                   "gonzaga.end.shared-victory", "gonzaga.rings.unused-zero")
def test_the_winner_the_tie_break_and_a_shared_victory():
    s = dealt(3, scenario_for(3))
    s = dataclasses.replace(s, objectives=(-1, -1, -1))
    g = geo()
    feats = []                       # cities and ports, no two touching (every group is one ring)
    for i in range(g.n):
        if (g.city[i] >= 0 or g.port[i] >= 0) and all(g.coords[i].distance(g.coords[j]) > 1 for j in feats):
            feats.append(i)
    pts = ((10, 0, 0), (10, 0, 0), (4, 0, 0))
    end = _finished(dataclasses.replace(with_pieces(s, rings={0: feats[:3], 1: feats[3:5], 2: feats[5:6]},
                                                    spend=False), points=pts))
    r = end.result()
    assert end.scores()[0] == end.scores()[1] > end.scores()[2]
    assert r.winners == (0,) and r.rule == "gonzaga.end.tie-break"
    assert "3" in r.explanation and end.covered(0) == 3 and end.covered(1) == 2
    tied = _finished(dataclasses.replace(with_pieces(s, rings={0: feats[:2], 1: feats[3:5]}, spend=False),
                                         points=pts))
    r = tied.result()
    assert r.winners == (0, 1) and r.rule == "gonzaga.end.shared-victory"
    clear = _finished(dataclasses.replace(s, points=((1, 0, 0), (9, 0, 0), (3, 0, 0))))
    assert clear.result().winners == (1,) and clear.result().rule == "gonzaga.end.winner"
    assert "rings" not in clear.score_breakdown(0)                 # unused rings score nothing


# ---- the catalogue and bad input -----------------------------------------------------------
def test_every_catalogued_rule_is_tested_and_refusals_cite_it():
    from explorer import rules
    assert rules.catalogue("gonzaga").untested() == []
    s = placing(0, LIVE[0], "B")
    text = s.explain(gz.place(-50, -50, 0))
    assert "gonzaga.place.on-map" in text and "Reglamento:" in text


@pytest.mark.parametrize("call", [
    lambda s: s.score_breakdown(7), lambda s: s.score_breakdown("0"), lambda s: s.view(True),
    lambda s: s.card_number(-1), lambda s: s.largest_group(9), lambda s: gz.placements(s, fief=[1]),
    lambda s: gz.placements(s, fief=0, plan=[["x"], "A"], player=0), lambda s: gz.heat_map(s, plan=3),
    lambda s: gz.playable_plans(s, player="0"), lambda s: gz.connected_groups(s, None),
    lambda s: gz.hex_map(s.record()), lambda s: gz.turn_order("ABC"),
    lambda s: gz.turn_order([(1, "A", 12)]), lambda s: gz.bots.play_game("3"),
    lambda s: gz.bots.play_game(2, bots=[1, 2]), lambda s: gz.play(s, "church"),
    lambda s: gz.new_game(players=2, oldest="0"), lambda s: gz.new_game(players=2, wild=1),
    lambda s: gz.load(data=s.info.data, map=gz.load_data()),
])
def test_public_helpers_refuse_bad_arguments(call):
    from explorer import ExplorerError
    from explorer._errors import MESSAGE_LIMIT
    s = reveal_fiefs(dealt(2))
    with pytest.raises(ExplorerError) as e:
        call(s)
    assert len(str(e.value)) <= MESSAGE_LIMIT
