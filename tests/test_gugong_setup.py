"""Gùgōng: set-up by player count, the shape of a game (4 days of 3 phases) and the morning.
Each test names the rules it checks; scenarios choose chance by hand and pick cards by what they
are, never by a placeholder's id."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from explorer import OptionError, replay
from explorer import gugong as gg
from explorer.gugong._core import LOCKED, intrigue_order, order_from

from gugong_help import (drive, edit, from_tasks, random_game, resolve_chance, set_up,
                         with_seat)


# ---- set-up -------------------------------------------------------------------------------------
@pytest.mark.rules("gugong.setup.board-side", "gugong.assume.board-sides", "gugong.canal.two-routes",
                   "gugong.assume.canal-routes")
@pytest.mark.parametrize("players, side, routes", [(2, "2-3", 1), (3, "2-3", 1), (4, "4-5", 2),
                                                   (5, "4-5", 2)])
def test_the_board_side_follows_the_player_count(players, side, routes):
    s = gg.new_game(players=players, seed=1)
    assert s.book.side == side and len(s.canal) == routes == len(s.book.routes)
    data = gg.load_data()
    cities = [r.id for r in data.table("cities") if r["side"] == side]
    assert [s.book.city_ids[c] for c in range(len(s.cities))] == cities


@pytest.mark.rules("gugong.setup.board-side")
@pytest.mark.parametrize("players", [1, 6, 0, True, "3"])
def test_two_to_five_players(players):
    with pytest.raises(OptionError, match="2-5 players"):
        gg.new_game(players=players)


@pytest.mark.rules("gugong.setup.seven-locations", "gugong.setup.location-cards",
                   "gugong.assume.given-card-placement")
def test_one_set_up_card_on_each_of_the_seven_locations_at_random():
    s = gg.new_game(players=3, seed=5, chance="manual")
    s = drive(s, lambda x: x.task[0] == "deal")
    outs = s.chance_outcomes()
    setup = s.book.setup_cards
    assert len(outs) == len(setup) == 7 and {p for _, p in outs} == {Fraction(1, 7)}
    assert {a.args[0] for a, _ in outs} == {s.book.locations[0]}
    s = resolve_chance(s)
    assert len(s.locations) == 7 and sorted(s.locations) == sorted(setup)
    assert s.book.locations == ("travel", "wall", "jade", "intrigue", "palace", "decrees", "canal")


@pytest.mark.rules("gugong.setup.roll-dice", "gugong.components.dice-and-markers")
def test_the_three_destiny_dice_are_rolled_at_set_up_one_event_per_die():
    s = gg.new_game(players=2, seed=3)
    dice = [a for a in s.history if a.kind == "die"]
    assert [a.args[0] for a in dice] == list(s.book.dice_ids) and len(s.dice) == 3
    for i, face in enumerate(s.dice):
        assert face in s.book.die_faces[i]
    m = gg.new_game(players=2, seed=3, chance="manual")
    outs = m.chance_outcomes()
    faces = m.book.die_faces[0]
    assert sum(p for _, p in outs) == 1
    assert {a.args[1]: p for a, p in outs} == {f: Fraction(faces.count(f), 6) for f in set(faces)}


@pytest.mark.rules("gugong.setup.tokens-on-cities", "gugong.setup.token-piles",
                   "gugong.assume.token-stock")
@pytest.mark.parametrize("players", [3, 4])
def test_a_token_on_every_city_and_two_equal_face_down_piles(players):
    s = gg.new_game(players=players, seed=2)
    assert all(k >= 0 for k in s.cities)
    assert len(s.stock) == 32 - len(s.cities) and len(s.stock) % 2 == 0
    assert Counter(list(s.cities) + list(s.stock)) == Counter(s.book.all_tokens)
    from explorer.gugong.pieces import pile_heights
    a, b = pile_heights(s)
    assert a == b == len(s.stock) // 2
    # each token is one chance event, its kinds weighted by how many are left
    m = gg.new_game(players=players, seed=2, chance="manual")
    m = drive(m, lambda x: x.task[0] == "refill")
    outs = dict((a.args[1], p) for a, p in m.chance_outcomes())
    counts = dict(zip(m.book.token_ids, m.book.token_counts))
    assert outs == {k: Fraction(n, 32) for k, n in counts.items()}


@pytest.mark.rules("gugong.setup.day-tracker", "gugong.setup.envoys", "gugong.setup.travellers",
                   "gugong.setup.ships", "gugong.assume.ships-at-setup", "gugong.setup.medal",
                   "gugong.setup.vp-zero", "gugong.setup.player-board", "gugong.setup.foreman",
                   "gugong.setup.servants", "gugong.setup.jade", "gugong.setup.draw-pile",
                   "gugong.assume.own-supply")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_pieces_at_set_up(players):
    s = gg.new_game(players=players, seed=players)
    assert s.day == 1 and s.medal == -1
    for p, seat in enumerate(s.seats):
        assert (seat.palace, seat.arrival, seat.vp, seat.jade) == (0, 0, 0, 0)
        assert seat.traveller == -1 and seat.tokens == () and seat.discard == ()
        assert (seat.pool, seat.supply) == (6, 6) and seat.foreman == LOCKED
        assert gg.pieces.ships_beside(s, p) == 3
    assert all(ship is None for route in s.canal for ship in route)
    assert s.houses == s.book.house_jade and sum(s.houses) > 0
    assert sorted(s.draw) == sorted(s.book.draw_cards) and len(s.draw) == 11


@pytest.mark.rules("gugong.setup.start-player", "gugong.setup.intrigue-stack",
                   "gugong.setup.starting-set", "gugong.setup.starting-set-by-seat",
                   "gugong.setup.unused-sets", "gugong.assume.seats-clockwise")
@pytest.mark.parametrize("players, start", [(2, 1), (3, 0), (4, 2), (5, 4)])
def test_the_start_player_is_drawn_and_seats_take_their_sets(players, start):
    m = gg.new_game(players=players, seed=1, chance="manual")
    m = drive(m, lambda x: x.task[0] == "start")
    assert m.chance_outcomes() == [(gg.start(p), Fraction(1, players)) for p in range(players)]
    s = set_up(players, start=start)
    assert s.first == start and s.current_player == start
    # the start player's marker at the bottom, the last player's on top
    assert intrigue_order(s.seats, range(players)) == list(order_from(start, players))
    book = s.book
    for k, p in enumerate(order_from(start, players)):
        assert sorted(s.seats[p].hand) == sorted(book.start_sets[k + 1])
        assert len(s.seats[p].hand) == 4
    held = {c for seat in s.seats for c in seat.hand}
    box = [c for k in range(players + 1, 6) for c in book.start_sets[k]]
    assert not held & set(box)
    everywhere = set(s.locations) | set(s.draw) | held
    assert not everywhere & set(box) and len(everywhere) == 7 + 11 + 4 * players


@pytest.mark.rules("gugong.setup.decrees", "gugong.setup.decrees-unused")
def test_two_decrees_of_each_level_are_drawn_into_play():
    s = gg.new_game(players=4, seed=8)
    levels = [s.book.decree_level[d] for d in s.decrees]
    assert levels == [1, 1, 2, 2, 3, 3] and len(set(s.decrees)) == 6
    m = gg.new_game(players=4, seed=8, chance="manual")
    m = drive(m, lambda x: x.task[0] == "decree_draw" and x.task[1] == 1)
    outs = m.chance_outcomes()
    assert len(outs) == 4 and all(m.book.decree_level[m.book.decree_index[a.args[0]]] == 1
                                  for a, _ in outs)
    assert m.decrees[0] >= 0 and m.book.decree_ids[m.decrees[0]] not in [a.args[0] for a, _ in outs]


@pytest.mark.rules("gugong.setup.servant-pool", "gugong.setup.foreman-worth")
def test_actions_are_paid_from_the_pool_and_the_foreman_counts_two():
    s = set_up(3, start=0)
    from explorer.gugong._servants import pay_ways
    seat = s.seats[0]
    assert pay_ways(seat, 2) == (True, False)           # cubes only: the foreman is locked
    fore = seat._replace(foreman=1, pool=0)              # the foreman in the pool pays 2
    assert pay_ways(fore, 2) == (False, True) and pay_ways(fore, 1) == (False, False)


# ---- the shape of a game --------------------------------------------------------------------------
@pytest.mark.rules("gugong.game.four-days", "gugong.game.three-phases", "gugong.assume.round-is-day",
                   "gugong.morning.skip-day-one", "gugong.morning.day-tracker", "gugong.evening.next",
                   "gugong.evening.start")
@pytest.mark.parametrize("players", [2, 5])
def test_four_days_of_morning_day_and_evening(players):
    end = random_game(players, seed=players + 10)[-1]
    s = gg.new_game(players=players, seed=end.info.seed, chance="manual")
    states = [s]
    for a in end.history[len(s.history):]:
        s = s.apply(a)
        states.append(s)
    stages = []
    for st in states:
        lab = st.turn_label()
        if " · " in lab:
            day, what = lab.split(" · ")
            what = what if what in ("Morning", "Evening", "Chance") else "Day"
            if what != "Chance" and (not stages or stages[-1] != (day, what)):
                stages.append((day, what))
    assert stages == [("Day 1", "Day"), ("Day 1", "Evening"),
                      *[(f"Day {d}", w) for d in (2, 3, 4) for w in ("Morning", "Day", "Evening")]]
    assert states[-1].day == 4 and states[-1].is_over and states[-1].turn_label() == "End"
    assert states[-1] == end
    # the evening starts only when every hand is empty
    from explorer.gugong._words import stage
    for before, after in zip(states, states[1:]):
        if stage(before) == "day" and stage(after) == "evening":
            assert all(not seat.hand for seat in after.seats)


@pytest.mark.rules("gugong.game.final-bonuses", "gugong.end.order")
def test_the_final_scoring_comes_after_the_fourth_day_in_its_order():
    end = random_game(3, seed=4)[-1]
    r = end.result()
    assert r.categories == ("during play", "final wall", "palace", "decrees", "jade",
                            "not in the palace")
    for p in range(3):
        part = end.score_breakdown(p)
        assert part["jade"] == end.book.jade_vp(end.seats[p].jade)
        assert sum(part.values()) == end.scores()[p]


# ---- the morning ----------------------------------------------------------------------------------
def evening_done(s, **changes):
    """The position right before the morning of the next day (every hand played)."""
    s = edit(s, **changes)
    return from_tasks(s, ("dawn",))


@pytest.mark.rules("gugong.morning.medal-start-player", "gugong.morning.medal-returns",
                   "gugong.setup.medal-purpose", "gugong.morning.no-medal")
def test_the_medal_holder_starts_the_next_day():
    s = set_up(3, start=0)
    m = resolve_chance(evening_done(s, medal=2))
    assert m.day == 2 and m.first == 2 and m.medal == -1 and m.current_player == 2
    m = resolve_chance(evening_done(s, medal=-1))
    assert m.first == 0 and m.current_player == 0


@pytest.mark.rules("gugong.morning.five-steps", "gugong.morning.refill", "gugong.morning.roll",
                   "gugong.morning.income", "gugong.morning.income-amounts",
                   "gugong.assume.income-automatic", "gugong.exchange.discard-next-hand",
                   "gugong.assume.new-hand", "gugong.setup.income-overview")
def test_the_morning_refills_rolls_and_pays_the_day_income():
    s = set_up(3, start=0)
    cities = list(s.cities)
    cities[0] = cities[1] = -1
    s = with_seat(s, 1, traveller=1, hand=(), discard=tuple(sorted(s.seats[1].hand)), pool=1, supply=11)
    s = with_seat(s, 2, pool=11, supply=1)
    before = s
    m = evening_done(s, cities=tuple(cities))
    kinds = [m.task[0]]
    while m.is_chance_node:
        m = m.apply(m.seeded_outcome())
        kinds.append(m.task[0])
    log = [a.kind for a in m.history[len(before.history):]]
    assert log == ["token", "die", "die", "die"]          # city 1 has a traveller: not refilled
    assert m.cities[0] >= 0 and m.cities[1] == -1
    income = m.book.income[2]
    assert income == 4 and m.book.income[1] == 6
    assert m.seats[1].pool == 1 + income and m.seats[2].pool == 12 and m.seats[2].supply == 0
    assert m.seats[0].pool == before.seats[0].pool + income
    assert sorted(m.seats[1].hand) == sorted(before.seats[1].discard) and m.seats[1].discard == ()


@pytest.mark.rules("gugong.morning.reshuffle", "gugong.travel.not-to-draw-piles",
                   "gugong.travel.traded-to-discard")
def test_when_both_piles_are_empty_the_traded_tokens_are_reshuffled():
    s = set_up(2, start=0)
    spent = s.stock[:3]
    cities = (-1, -1) + s.cities[2:]
    m = evening_done(s, stock=(), spent=spent, cities=cities)
    assert m.task == ("refill", 0)
    assert sorted(a.args[1] for a, _ in m.chance_outcomes()) == sorted(
        {m.book.token_ids[k] for k in spent})
    m = resolve_chance(m)
    assert m.spent == () and len(m.stock) == 1 and m.cities[0] >= 0 and m.cities[1] >= 0
    # with nothing to draw, an empty city stays empty
    e = resolve_chance(evening_done(s, stock=(), spent=(), cities=cities))
    assert e.cities[:2] == (-1, -1)


@pytest.mark.rules("gugong.morning.decree-perks", "gugong.assume.player-order")
def test_level_one_perks_are_received_in_player_order():
    s = set_up(3, start=1)
    book = s.book
    perks = [d for d in s.decrees if book.decree_level[d] == 1]
    assert len(perks) == 2
    # every player holds both level-1 decrees in play (perks for VP and servants alike)
    holders = tuple((0, 1, 2) if book.decree_level[d] == 1 else () for d in s.decrees)
    s = edit(s, holders=holders)
    from explorer.gugong._decrees import perk_tasks
    order = [t[1] for t in perk_tasks(s)]
    assert order == [1, 1, 2, 2, 0, 0]


@pytest.mark.rules("gugong.variant.expert", "gugong.assume.expert-variant")
def test_the_expert_variant_deals_four_starting_cards_at_random():
    s = gg.new_game(players=3, seed=2, expert=True)
    deals = [a for a in s.history if a.kind == "hand"]
    assert len(deals) == 12 and all(len(seat.hand) == 4 for seat in s.seats)
    held = {c for seat in s.seats for c in seat.hand}
    assert held <= set(s.book.start_cards)
    m = gg.new_game(players=3, seed=2, chance="manual", expert=True)
    m = drive(m, lambda x: x.task[0] == "hand")
    assert len(m.chance_outcomes()) == 20 and m.chance_outcomes()[0][1] == Fraction(1, 20)
    assert replay(s.record()) == s
    assert gg.new_game(players=3, seed=2).info.option("expert") is False
