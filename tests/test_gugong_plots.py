"""Gùgōng's figures draw exactly what the odds, scoring and graph functions compute, and those
agree with independent counts: every ordered roll of the dice (``odds.brute_force``), every pile
of an opponent, every way to trade tokens. Placeholder values are checked for being labelled,
never for their numbers."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from explorer import OptionError
from explorer import gugong as gg
from explorer.gugong import bots, graph, odds, plots

DATA = gg.load_data()
PILE = [2, 4, 4, 8, 9]


def trace(fig, start: str):
    found = [t for t in fig.data if t.name.startswith(start)]
    assert len(found) == 1, [t.name for t in fig.data]
    return found[0]


def servants(pile, faces):
    return sum(pile.count(f) for f in faces)


def matching(pile, faces):
    return sum(1 for v in pile if v in faces)


@pytest.fixture(scope="module")
def travelling():
    """A position of a 3-player game where the player to move has a traveller on the map."""
    s = gg.new_game(players=3, seed=4)
    rng = random.Random(4)
    while True:
        s = s.apply(bots.random_bot(s, rng))
        p = s.current_player
        if p >= 0 and s.phase == "turn" and s.seats[p].traveller >= 0:
            return s


# ---- the Destiny dice -----------------------------------------------------------------------
@pytest.mark.rules("gugong.evening.match", "gugong.evening.doubles")
def test_servant_bars_are_the_brute_force_odds_of_every_roll():
    fig = plots.servants_figure(PILE)
    bars = trace(fig, "servants earned")
    oracle = odds.brute_force(lambda faces: servants(PILE, faces))
    assert list(bars.x) == list(range(0, max(oracle) + 1))       # up to the most it can earn
    for x, y, text in zip(bars.x, bars.y, bars.customdata):
        assert y == pytest.approx(float(oracle[x]))
        assert Fraction(text) == oracle[x]
    assert sum(bars.y) == pytest.approx(1.0)
    cards = trace(fig, "matching cards")
    oracle_m = odds.brute_force(lambda faces: matching(PILE, faces))
    assert [Fraction(t) for t in cards.customdata] == [oracle_m[x] for x in cards.x]
    assert "exactly %{x} servants" in bars.hovertemplate and "%{y:.2%}" in bars.hovertemplate


@pytest.mark.parametrize("view", ["at_least", "at_most"])
def test_cumulative_views_sum_the_exact_bars(view):
    exact = trace(plots.servants_figure(PILE), "servants earned")
    cum = trace(plots.servants_figure(PILE, view=view), "servants earned")
    p = dict(zip(exact.x, (Fraction(t) for t in exact.customdata)))
    for x, text in zip(cum.x, cum.customdata):
        want = sum(v for k, v in p.items() if (k >= x if view == "at_least" else k <= x))
        assert Fraction(text) == want
    fig = plots.servants_figure(PILE, view=view)
    assert fig.layout.yaxis.tickformat == ".0%"
    assert fig.layout.yaxis.title.text == f"P({view.replace('_', ' ')} n)"


def test_the_title_gives_the_chance_that_the_pile_matches_at_all():
    p = odds.brute_force(lambda faces: matching(PILE, faces) > 0)[True]
    fig = plots.servants_figure(PILE)
    assert f"P = {p.numerator}/{p.denominator}" in fig.layout.title.text
    assert f"{float(p):.1%}" in fig.layout.title.text


def test_the_shipped_dice_are_labelled_placeholders_and_own_faces_are_not():
    fig = plots.servants_figure([1, 6])
    assert all("placeholder dice faces" in t.name for t in fig.data)
    own = [[1, 1, 6], [6, 6, 6]]
    fig = plots.servants_figure([1, 6], dice=own)
    assert not any("placeholder" in t.name for t in fig.data)
    oracle = odds.brute_force(lambda faces: servants([1, 6], faces), dice=own)
    bars = trace(fig, "servants earned")
    assert [Fraction(t) for t in bars.customdata] == [oracle[x] for x in bars.x]


def test_a_random_pile_of_n_cards_averages_every_pile_of_n():
    pool = [1, 2, 5, 5, 7, 9]
    for n in (1, 2, 3):
        piles = list(itertools.combinations(pool, n))
        match = sum((odds.brute_force(lambda f, pile=pile: matching(list(pile), f) > 0)[True]
                     for pile in piles), Fraction(0)) / len(piles)
        mean = sum((odds.servants_distribution(pile).mean() for pile in piles), Fraction(0)) / len(piles)
        assert plots.random_pile_odds(n, pool) == (match, mean)
    fig = plots.match_by_size_figure(3, pool=pool)
    assert [Fraction(t) for t in fig.data[0].customdata] == [plots.random_pile_odds(n, pool)[0]
                                                               for n in (1, 2, 3)]
    assert "placeholder card values" not in fig.layout.title.text
    assert "placeholder card values" in plots.match_by_size_figure(2).layout.title.text


@pytest.mark.rules("gugong.evening.bonus", "gugong.evening.bonus-tie")
@pytest.mark.parametrize("ahead", [False, True])
def test_bonus_lines_agree_with_every_roll_and_every_opposing_pile(ahead):
    pool = [1, 4, 5, 8, 9]
    pile = [4, 9]
    fig = plots.bonus_figure(pile, most=2, opponents=(1, 2), ahead=ahead, pool=pool)
    for k in (1, 2):
        line = trace(fig, f"{k} opponent")
        for n, text in zip(line.x, line.customdata):
            hands = list(itertools.combinations(range(len(pool)), n))
            wins = Fraction(0)
            for roll in itertools.product(*odds.dice_faces()):
                mine = matching(pile, roll)
                for combo in itertools.product(hands, repeat=k):
                    theirs = [matching([pool[i] for i in h], roll) for h in combo]
                    if mine and all(t < mine or (ahead and t == mine) for t in theirs):
                        wins += 1
            total = 216 * len(hands) ** k
            assert Fraction(text) == wins / total
        assert "n = %{x} cards each" in line.hovertemplate
    assert fig.layout.yaxis.tickformat == ".0%"


@pytest.mark.rules("gugong.intrigue.benefit-five")
def test_the_die_turn_heat_map_recounts_each_turned_die():
    now = (2, 8, 9)
    fig = plots.die_turn_figure(PILE, now)
    heat = fig.data[0]
    faces = odds.dice_faces()
    base = servants(PILE, now)
    for i, die in enumerate(faces):
        for j, col in enumerate(heat.x):
            f = int(col)
            if f not in die:
                assert heat.z[i][j] is None
                continue
            turned = now[:i] + (f,) + now[i + 1:]
            assert int(heat.text[i][j]) == servants(PILE, turned)
            assert heat.z[i][j] == servants(PILE, turned) - base
            assert f"turned to {f}" in heat.customdata[i][j]
    assert len(fig.layout.shapes) == 3                     # the faces lying now are framed
    assert "placeholder dice faces" in fig.layout.title.text


def test_bad_views_and_piles_are_explained():
    with pytest.raises(OptionError, match="view must be one of"):
        plots.servants_figure(PILE, view="most")
    with pytest.raises(OptionError, match="card values 1 to 9"):
        plots.servants_figure([0, 3])
    with pytest.raises(OptionError, match="one face per die"):
        plots.die_turn_figure(PILE, (1, 2))
    with pytest.raises(OptionError, match="measure"):
        plots.travel_map_figure("2-3", measure="pagerank")


# ---- the scoring curves ---------------------------------------------------------------------
@pytest.mark.rules("gugong.end.jade")
def test_the_jade_curve_reads_the_rulebooks_values():
    fig = plots.jade_figure(8)
    line = trace(fig, "VP for n jade")
    assert list(line.y) == [0, 1, 3, 6, 10, 15, 17, 19, 21]
    added = trace(fig, "VP the n-th jade adds")
    assert list(added.y) == [b - a for a, b in zip(line.y, line.y[1:])]
    assert fig.layout.xaxis.title.text.startswith("n:")


@pytest.mark.rules("gugong.palace.arrival-spot")
def test_palace_lines_take_the_best_free_spot_and_say_they_are_placeholders():
    fig = plots.palace_figure()
    for n in range(2, 6):
        line = trace(fig, f"{n} players")
        side = "2-3" if n <= 3 else "4-5"
        vps = sorted((r["vp"] for r in DATA.table("palace_arrival") if r["side"] == side), reverse=True)
        assert list(line.y) == vps[:n]
        assert "placeholder values" in line.name and "placeholder" in line.hovertemplate


@pytest.mark.rules("gugong.travel.trade-two", "gugong.travel.trade-four", "gugong.travel.trade-six")
def test_trade_lines_are_the_best_of_every_way_to_trade():
    jade_vp = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15}

    def vp(j):
        return jade_vp[j] if j <= 5 else 15 + 2 * (j - 5)
    fig = plots.trade_figure(14, jade_held=(0, 4))
    for held in (0, 4):
        line = trace(fig, f"holding {held} jade")
        for n, y in zip(line.x, line.y):
            best = max(2 * fours + vp(held + sixes) - vp(held)
                       for sixes in range(n // 6 + 1) for fours in range((n - 6 * sixes) // 4 + 1))
            assert y == best, (held, n)
    assert "6 → 1 jade" in trace(fig, "holding 4 jade").text[6]


@pytest.mark.rules("gugong.wall.threshold", "gugong.wall.score-most")
def test_wall_bars_give_the_threshold_and_a_certain_majority():
    fig = plots.wall_figure()
    thr = {r["players"]: r["wall_threshold"] for r in DATA.table("player_counts")}
    completing = trace(fig, "servants completing")
    mine = trace(fig, "yours for a certain")
    for n, t, k in zip(range(2, 6), completing.y, mine.y):
        assert t == thr[n]
        assert k > t - k and not (k - 1 > t - (k - 1))     # the fewest that outnumber the rest
    assert "3 VP" in completing.customdata[0]


# ---- the travel map -------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["2-3", "4-5"])
def test_the_map_has_one_marker_per_city_where_the_layout_puts_it(side):
    fig = plots.travel_map_figure(side)
    cities = trace(fig, "cities by betweenness")
    xy = graph.layout(side)
    assert len(cities.x) == len(xy) == len([r for r in DATA.table("cities") if r["side"] == side])
    assert {c: (x, y) for c, x, y in zip(cities.text, cities.x, cities.y)} == xy
    roads = trace(fig, "roads")
    g = graph.travel_map(side)
    assert list(roads.x).count(None) == g.number_of_edges()
    cent = graph.centrality(side)
    assert list(cities.marker.color) == pytest.approx([cent[c]["betweenness"] for c in cities.text])
    assert "placeholder map" in cities.name
    assert fig.layout.yaxis.range[0] > fig.layout.yaxis.range[1]     # y downwards, as printed


@pytest.mark.rules("gugong.travel.along-roads", "gugong.travel.jump")
@pytest.mark.parametrize("moves", [1, 2])
def test_the_ringed_cities_are_those_reached_in_k_moves(travelling, moves):
    s = travelling
    p = s.current_player
    fig = plots.travel_map_figure(s, moves=moves)
    ring = trace(fig, f"{s.player_label(p)} reaches")
    xy = graph.layout(s.book.side)
    want = graph.reachable(s, p, moves)
    assert sorted(zip(ring.x, ring.y)) == sorted(xy[c] for c in want)
    assert {c for path, _ in graph.routes(s, p, moves) if len(path) == moves for c in path[-1:]} == want
    here = trace(fig, f"traveller of {s.player_label(p)}")
    assert (here.x[0], here.y[0]) == xy[s.book.city_ids[s.seats[p].traveller]]


def test_travel_value_bars_are_the_expected_tokens(travelling):
    s = travelling
    p = s.current_player
    fig = plots.travel_value_figure(s)
    kinds = s.book.token_ids[:-1]
    for moves, start in ((1, "basic"), (2, "paid")):
        bars = trace(fig, start)
        tv = graph.travel_value(s, p, moves)
        assert [Fraction(c[1]) for c in bars.customdata] == [tv.expected.get(k, 0) for k in kinds]
        assert f"({tv.routes} routes)" in bars.name and "placeholder" in bars.name
    # one move always collects exactly one token when a destination exists
    assert sum(Fraction(c[1]) for c in trace(fig, "basic").customdata) == 1
    assert 1 <= sum(Fraction(c[1]) for c in trace(fig, "paid").customdata) <= 2
