"""Gùgōng: the travel map as a networkx graph held to the fast rules code, the Destiny-dice odds
held to brute force over the dice faces, the scoring curves against the rulebook's numbers, and
the bots."""

from __future__ import annotations

import copy
import random

import itertools
from fractions import Fraction

import pytest

from explorer import Action, IllegalAction, OptionError, replay
from explorer import gugong as gg
from explorer.gugong import bots, graph, odds, scoring
from explorer.gugong._travel import destinations

from gugong_help import random_game, set_up


# ---- the travel map ----------------------------------------------------------------------------
@pytest.mark.parametrize("side, players", [("2-3", 3), ("4-5", 5)])
def test_the_travel_map_is_the_data_of_its_side(side, players):
    g = gg.travel_map(side)
    data = gg.load_data()
    assert sorted(g.nodes) == sorted(r.id for r in data.table("cities") if r["side"] == side)
    assert g.number_of_edges() == sum(1 for r in data.table("roads") if r["side"] == side)
    assert graph.nx_is_connected(g)
    lay = gg.layout(side)
    assert set(lay) == set(g.nodes) and all(0 <= x <= 100 and 0 <= y <= 100 for x, y in lay.values())
    cent = gg.centrality(side)
    assert set(cent) == set(g.nodes) and all(0 <= c["betweenness"] <= 1 for c in cent.values())
    with pytest.raises(OptionError):
        gg.travel_map("3-4")


@pytest.mark.rules("gugong.travel.along-roads", "gugong.travel.jump", "gugong.assume.travel-move")
def test_networkx_reachability_agrees_with_the_rules_code_in_random_positions():
    for players, seed in ((3, 2), (5, 3)):
        for s in random_game(players, seed)[::5]:
            book = s.book
            g = graph.token_map(s)
            tokens = {c: g.nodes[c]["token"] for c in g}
            for p in range(players):
                at = s.seats[p].traveller
                fast = {book.city_ids[c] for c in destinations(book, s.cities, at)}
                slow = graph.one_move(g, book.city_ids[at] if at >= 0 else None, tokens)
                assert fast == slow
                assert gg.reachable(s, p, 1) == fast


def test_two_moves_depend_on_the_token_the_first_one_takes():
    s = random_game(3, 8)[60]
    book = s.book
    for p in range(3):
        at = s.seats[p].traveller
        first = destinations(book, s.cities, at)
        second = set()
        expected = {}
        for b in first:
            after = tuple(-1 if c == b else k for c, k in enumerate(s.cities))
            nxt = destinations(book, after, b)
            second |= {book.city_ids[c] for c in nxt}
            kind = book.token_ids[s.cities[b]]
            expected[kind] = expected.get(kind, 0) + Fraction(1, len(first))
            for c in nxt:
                k2 = book.token_ids[after[c]]
                expected[k2] = expected.get(k2, 0) + Fraction(1, len(first) * len(nxt))
        assert gg.reachable(s, p, 1) == {book.city_ids[c] for c in first}
        assert gg.reachable(s, p, 2) == second
        v = gg.travel_value(s, p, 2)
        assert v.expected == dict(sorted(expected.items()))
        assert v.routes == len(graph.routes(s, p, 2)) and v.best_route
    with pytest.raises(OptionError):
        gg.reachable(s, 0, 0)


# ---- the Destiny dice --------------------------------------------------------------------------
PILES = [[], [5], [4, 4], [1, 9, 9], [3, 3, 3, 7], [1, 2, 3, 4, 5, 6], list(range(1, 10)),
         [2, 2, 8, 8, 6]]


@pytest.mark.rules("gugong.evening.match", "gugong.evening.match-servant", "gugong.evening.doubles",
                   "gugong.assume.match-count")
@pytest.mark.parametrize("pile", PILES)
def test_the_servants_a_pile_earns_equal_brute_force(pile):
    exact = odds.servants_distribution(pile)
    assert exact == odds.brute_force(lambda faces: sum(pile.count(f) for f in faces))
    assert sum(exact.values()) == 1


@pytest.mark.rules("gugong.assume.most-matches")
@pytest.mark.parametrize("pile", PILES)
def test_matching_cards_and_the_chance_of_a_match_equal_brute_force(pile):
    exact = odds.matches_distribution(pile)
    brute = odds.brute_force(lambda faces: sum(1 for v in pile if v in faces))
    assert exact == brute
    assert odds.match_probability(pile) == brute.at_least(1)


def test_odds_with_other_dice_and_a_double_die():
    dice = [[1, 1, 2, 2, 3, 3], [3, 4, 5, 6, 7, 8], [9, 9, 9, 9, 9, 9]]
    pile = [3, 9, 9, 1]
    d = odds.servants_distribution(pile, dice)
    assert d == odds.brute_force(lambda f: sum(pile.count(x) for x in f), dice)
    assert d.at_least(2) == 1                                   # the third die always shows 9
    with pytest.raises(OptionError):
        odds.servants_distribution([0, 10])


def _bonus_brute(pile, sizes, pool, ahead, dice):
    """Every roll and every draw of the opponents' piles."""
    faces = odds.dice_faces(dice)
    total = Fraction(0)
    rolls = list(itertools.product(*faces))
    draws = [list(itertools.combinations(range(len(pool)), k)) for k in sizes]
    for roll in rolls:
        mine = sum(1 for v in pile if v in roll)
        for combo in itertools.product(*draws):
            if mine == 0:
                continue
            ok = True
            for idx, wins in zip(combo, ahead):
                theirs = sum(1 for i in idx if pool[i] in roll)
                if theirs > mine or (theirs == mine and not wins):
                    ok = False
            if ok:
                total += 1
    return total / (len(rolls) * len(list(itertools.product(*draws))))


@pytest.mark.rules("gugong.evening.bonus", "gugong.evening.bonus-tie")
@pytest.mark.parametrize("pile, sizes, ahead", [([3, 5], (2,), (False,)), ([3, 5], (2,), (True,)),
                                                ([7], (1, 2), (True, False)), ([2, 2, 9], (3,), (False,))])
def test_the_chance_of_the_bonus_equals_brute_force(pile, sizes, ahead):
    pool = [1, 2, 3, 5, 7, 8, 9]
    dice = [[1, 2, 3], [5, 7, 9], [2, 8, 9]]
    exact = odds.bonus_chance(pile, sizes, pool=pool, ahead=ahead, dice=dice)
    assert exact == _bonus_brute(pile, sizes, pool, ahead, dice)
    assert 0 <= exact <= 1


def test_the_bonus_with_the_shipped_dice_and_cards():
    p = odds.bonus_chance([1, 4, 7, 9], (4, 4))
    q = odds.bonus_chance([1, 4, 7, 9], (4, 4), ahead=(True, True))
    assert 0 < p < q <= odds.match_probability([1, 4, 7, 9])


@pytest.mark.rules("gugong.intrigue.benefit-five")
def test_what_turning_one_die_would_earn():
    s = set_up(3, start=0)
    faces = s.book.die_faces
    now = tuple(f[0] for f in faces)
    pile = [now[0], now[0], 9]
    rows = odds.die_turn_table(pile, now, s, ids=s.book.dice_ids)
    assert len(rows) == sum(len(set(f)) for f in faces)
    for r in rows:
        i = s.book.dice_ids.index(r.die)
        turned = now[:i] + (r.face,) + now[i + 1:]
        assert r.servants == sum(pile.count(x) for x in turned)
        assert r.gain == r.servants - sum(pile.count(x) for x in now)


# ---- scoring curves -------------------------------------------------------------------------------
@pytest.mark.rules("gugong.end.jade")
def test_the_jade_curve_is_the_rulebooks_table():
    curve = scoring.jade_curve(8)
    assert [p.vp for p in curve] == [0, 1, 3, 6, 10, 15, 17, 19, 21]
    assert [p.marginal for p in curve][1:] == [1, 2, 3, 4, 5, 2, 2, 2]
    book = gg.new_game(players=3, seed=1).book
    from explorer.gugong._book import jade_vp                  # the book's table, past its end too
    beyond = book.c["jade_vp_beyond_five"]
    assert [book.jade_vp(j) for j in range(60)] == [jade_vp(j, book.jade_table, beyond)
                                                    for j in range(60)]


@pytest.mark.rules("gugong.palace.arrival-spot")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_palace_curve_falls_with_the_arrival_order(players):
    curve = scoring.palace_curve(players)
    assert len(curve) == players and [v for _, v in curve] == sorted((v for _, v in curve), reverse=True)


@pytest.mark.rules("gugong.travel.trade-two", "gugong.travel.trade-four", "gugong.travel.trade-six")
def test_token_trades_and_their_best_value():
    table = scoring.trade_table(6)
    assert scoring.Trades(0, 0, 1, 0, 0, 1, 0) in table and scoring.Trades(3, 0, 0, 3, 0, 0, 0) in table
    assert scoring.Trades(1, 1, 0, 1, 2, 0, 0) in table
    curve = scoring.trade_curve(12, jade_held=0)
    assert [p.vp for p in curve][:9] == [0, 0, 0, 0, 2, 2, 2, 2, 4]
    rich = scoring.trade_curve(6, jade_held=5)
    assert rich[6].vp == 2 and rich[6].trades.sixes == 1 or rich[6].vp == 2


@pytest.mark.rules("gugong.wall.threshold", "gugong.wall.score-most")
@pytest.mark.parametrize("players, threshold", [(2, 4), (3, 5), (4, 6), (5, 7)])
def test_the_wall_curve(players, threshold):
    rows = scoring.wall_curve(players)
    assert len(rows) == threshold and all(r.vp == 3 and r.palace_steps == 1 for r in rows)
    assert [r.certain for r in rows] == [k > threshold - k for k in range(1, threshold + 1)]


# ---- bots ----------------------------------------------------------------------------------------
def test_bots_play_whole_games_that_replay():
    end = bots.play_game(3, seed=3, bots=[bots.greedy_bot, bots.random_bot, bots.random_bot])
    assert end.is_over and replay(end.record()) == end
    s = gg.new_game(players=4, seed=2)
    for _ in range(30):
        a = bots.greedy_bot(s)
        assert a in s.legal_actions()
        s = s.apply(a)
    with pytest.raises(OptionError):
        bots.play_game(3, seed=1, bots=[bots.random_bot])
    with pytest.raises(OptionError):
        bots.random_playout(s.view(0))


def test_the_greedy_bot_does_better_than_random_play():
    mine = theirs = 0
    for seed in range(6):
        rng = random.Random(seed)                   # the random bot seeded too: the same games every run
        end = bots.play_game(2, seed=seed, bots=[bots.greedy_bot,
                                                  lambda s, rng=rng: bots.random_bot(s, rng)])
        mine += end.scores()[0]
        theirs += end.scores()[1]
        assert bots.position_value(end, 0) == end.scores()[0]     # at the end: the final score
    assert mine > 2 * theirs


def test_the_greedy_bot_reads_drafts_as_the_states_they_freeze_into():
    """The greedy bot scores each action's position on its unfrozen draft, one after another
    (some parts remembered between them), and the worth it reads there is the worth of the state
    that apply gives in a copy that remembers nothing."""
    for players, seed in ((2, 1), (5, 2)):
        for s in random_game(players, seed)[::5]:
            fresh = copy.deepcopy(s)
            drafts = [s._advance(a, False) for a in s.legal_actions()]
            read = [d.freeze() if d.is_over else d for d in drafts]
            after = [fresh.apply(b) for b in fresh.legal_actions()]
            for q in range(players):
                assert ([bots._on_board(d.holders, d.wall, d.canal, q) for d in read]
                        == [on_board(x, q) for x in after])
                assert ([bots._value(d, q, bots.WEIGHTS) for d in read]
                        == [bots.position_value(x, q) for x in after])


def on_board(s, p):
    """The decrees ``p`` holds and the servants on the wall and ships (a foreman counting 2)."""
    ships = [ship for route in s.canal for ship in route if ship and ship[0] == p]
    return (sum(p in h for h in s.holders),
            sum(size for q, size in s.wall if q == p) + sum(c + 2 * f for _, c, f in ships))


def test_applying_the_greedy_choice_gives_the_state_worked_out_afresh():
    s = gg.new_game(players=4, seed=6)
    for _ in range(80):
        if s.is_over:
            break
        a = bots.greedy_bot(s)
        fresh = copy.deepcopy(s)
        kept = s.apply(a)
        again = fresh.apply(Action(a.kind, *a.args))
        assert kept == again and kept.history == again.history
        assert kept.legal_actions() == again.legal_actions() and kept.scores() == again.scores()
        assert s.apply(Action(a.kind, *a.args)) == kept             # an equal action: stepped anew
        with pytest.raises(IllegalAction):
            s.apply(gg.travel("nowhere"))
        s = kept


def test_the_greedy_bot_takes_the_best_immediate_value():
    s = gg.new_game(players=3, seed=4)
    for _ in range(12):
        a = bots.greedy_bot(s)
        p = s.current_player
        values = [bots.position_value(s.apply(x), p) for x in s.legal_actions()]
        assert bots.position_value(s.apply(a), p) == max(values)
        s = s.apply(a)
