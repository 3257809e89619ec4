"""Gonzaga's figures draw what the data and the games say.

The objective curve is held to the data file's table, the bonus and length figures to the games
they were made from (and the data's constants), the heat map to an independent enumeration of
the placements on the networkx graph, and the groups figure to the pieces on the map. Placeholder
values are checked for being labelled, never for their numbers."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from explorer import OptionError
from explorer import gonzaga
from explorer.gonzaga import bots, graph, plots
from explorer.hexgrid import Hex

COMP = gonzaga.load()
CONST = {r.id: r["value"] for r in COMP.data.table("constants")}


@pytest.fixture(scope="module")
def runs():
    return plots.simulate(8, players=3, seed=5)


@pytest.fixture(scope="module")
def finished():
    return bots.play_game(3, seed=2, bots=bots.greedy_bot)


def placing_state():
    s = gonzaga.new_game(players=3, seed=7)
    while s.phase == "plan":
        s = s.apply(s.legal_actions()[0])
    return s


# ---- the objective table ---------------------------------------------------------------------
@pytest.mark.rules("gonzaga.end.objective-points", "gonzaga.assume.objective-table")
def test_the_objective_curve_is_the_data_files_table_and_says_it_is_made_up():
    rows = sorted(COMP.data.table("objective_points"), key=lambda r: r["cities"])
    fig = plots.objective_figure()
    line, bars = fig.data
    assert list(line.x) == [r["cities"] for r in rows]
    assert list(line.y) == [r["points"] for r in rows]
    assert list(bars.y) == [b["points"] - a["points"] for a, b in zip(rows, rows[1:])]
    made_up = any(r.is_placeholder for r in rows)
    assert made_up == plots.objective_placeholder()
    if made_up:
        assert "placeholder" in line.name and "placeholder" in bars.name
        assert all("placeholder" in h for h in line.hovertemplate)
        assert "placeholder" in fig.layout.title.text
    assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text


# ---- simulations -------------------------------------------------------------------------------
def test_simulate_one_game_at_a_time_gives_the_same_games_as_scoring():
    ours = plots.simulate(3, players=3, seed=11)
    theirs = gonzaga.scoring.simulate(3, players=3, seed=11, bot="greedy")
    assert ours == theirs
    with pytest.raises(OptionError, match="games"):
        plots.simulate(0)
    with pytest.raises(OptionError, match="runs"):
        plots.bonus_figure([])
    with pytest.raises(OptionError, match="runs"):
        plots.game_length_figure(["not a game"])


@pytest.mark.rules("gonzaga.score.sea-league", "gonzaga.setup.gonzaga-tile")
def test_the_bonus_figure_counts_every_player_round_and_marks_the_bonuses(runs):
    fig = plots.bonus_figure(runs)
    bars = fig.data[0]
    per = [v for g in runs for rnd in g.per_round for v in rnd]
    counts = Counter(per)
    assert list(bars.x) == sorted(counts)
    assert [c for c, _ in bars.customdata] == [counts[x] for x in sorted(counts)]
    assert sum(bars.y) == pytest.approx(100)
    # every player's rounds add up to what they scored during play
    for g in runs:
        for p, parts in enumerate(g.breakdown):
            assert sum(rnd[p] for rnd in g.per_round) == (
                parts["cities and ports"] + parts["sea leagues"] + parts["church"])
    league = next(t for t in fig.data if t.name.startswith("a sea league"))
    tile = next(t for t in fig.data if t.name.startswith("the Gonzaga tile"))
    assert set(league.x) == {CONST["sea_league_points"]}
    assert set(tile.x) == {CONST["gonzaga_points"]}
    mean = sum(per) / len(per)
    assert f"{CONST['gonzaga_points'] / mean:.1f} typical rounds" in tile.name
    assert f"n = {len(per)}" in tile.hovertemplate


@pytest.mark.rules("gonzaga.end.last-turn-check")
def test_the_length_figure_counts_the_games_by_rounds(runs):
    fig = plots.game_length_figure(runs)
    bars = fig.data[0]
    first = CONST["last_turn_first_check_round"] + 1
    assert list(bars.x) == list(range(first, CONST["max_rounds"] + 1))
    counts = Counter(g.rounds for g in runs)
    assert [c for c, _ in bars.customdata] == [counts.get(k, 0) for k in bars.x]
    assert all(n == len(runs) for _, n in bars.customdata)
    assert sum(bars.y) == pytest.approx(100)
    assert "%" in bars.text[0] and fig.layout.xaxis.title.text


# ---- the map ---------------------------------------------------------------------------------
@pytest.mark.rules("gonzaga.place.in-region", "gonzaga.place.no-barrier")
@pytest.mark.parametrize("plan", [None, "any"])
def test_the_heat_map_counts_the_placements_the_graph_finds(plan):
    s = placing_state()
    fig = plots.heat_map_figure(s, plan=plan)
    heat = fig.data[1]
    geo = s.book.geo
    shapes = geo.table(s.fiefs[s.current_player]).shapes
    # independent: the graph's own placements, one per distinct footprint
    spots = set()
    for q, r, rot in graph.legal_placements(s, plan=plan):
        spots.add(frozenset(((q + dq, r + dr), c) for dq, dr, c in shapes[rot]))
    cover = Counter(h for spot in spots for h, _ in spot)
    assert len(heat.x) == len(cover)
    assert sorted(heat.marker.color, reverse=True) == sorted(cover.values(), reverse=True)
    assert f"{len(spots)} placements" in fig.layout.title.text
    assert "placeholder map" in fig.layout.title.text          # the shipped map is made up
    best = plots.heat_map_figure(s, plan=plan, what="best").data[1]
    assert len(best.x) == len(cover) and min(best.marker.color) >= 0
    with pytest.raises(OptionError, match="what"):
        plots.heat_map_figure(s, what="hexes")


@pytest.mark.rules("gonzaga.end.rings-connect")
def test_the_groups_figure_draws_the_pieces_as_a_graph(finished):
    s = finished
    geo = s.book.geo
    covered = set()
    for fief, anchor, rot, _ in s.pieces[0]:
        cells = [anchor] if fief < 0 else geo.table(fief).by_key[(anchor, rot)].cells
        covered |= {(geo.coords[i].q, geo.coords[i].r) for i in cells}
    fig = plots.groups_figure(s, 0)
    nodes = [t for t in fig.data if t.mode == "markers" and t.name != "map"]
    edges = [t for t in fig.data if t.mode == "lines"]
    assert sum(len(t.x) for t in nodes) == len(covered)
    touching = {frozenset((a, b)) for a in covered for b in covered
                if Hex(*b) in Hex(*a).neighbors()}
    assert sum(len(t.x) // 3 for t in edges) == len(touching)
    sizes = [int(t.name.split(": ")[1].split(" ")[0]) for t in nodes]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == s.largest_group(0) and sum(sizes) == len(s.pieces[0])


def test_importing_gonzaga_loads_neither_plotly_nor_the_figures():
    code = ("import sys, explorer.gonzaga; "
            "print('plotly' in sys.modules, 'explorer.gonzaga.plots' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
