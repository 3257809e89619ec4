"""Gonzaga's figures: the objective table as a curve, the end bonuses against the points a round
gives, how long games last, and the map's heat maps and connected groups, as plotly figures.

Every number comes from :mod:`explorer.gonzaga.scoring`, :mod:`explorer.gonzaga.analysis` or
:mod:`explorer.gonzaga.graph`; the figures only draw it. Values the data marks as placeholders
(made up because no public source prints them) say so in the legend and the hover text.
``import explorer.gonzaga`` does not load this module (nor plotly): import it where figures are
made.

- :func:`objective_figure`: the hidden objective's points by the cities of the card covered, and
  what each further city adds;
- :func:`simulate`: bot games (with a progress bar in a notebook), summarised by
  :func:`explorer.gonzaga.scoring.simulate`;
- :func:`bonus_figure`: the points a player scores in a round (a histogram of every
  player-round of the simulated games), with a sea league and the Gonzaga tile beside it;
- :func:`game_length_figure`: how many of the games lasted 7, 8, ..., 12 rounds;
- :func:`heat_map_figure`: on the map, per hex, how many legal placements of a fief cover it,
  or the best points among them;
- :func:`groups_figure`: a player's pieces as a graph on the map: a node per hex covered, an
  edge between hexes that touch, coloured by connected group.

>>> fig = objective_figure()
>>> [int(v) for v in fig.data[0].y]
[0, 1, 3, 6, 10, 15, 21]
>>> fig.data[0].name
'points (placeholder values)'
"""

from __future__ import annotations

from typing import Any, Sequence

import plotly.graph_objects as go

from .._errors import OptionError, shorten
from ..hexgrid import to_pixel
from . import analysis, graph, scoring
from ._book import load
from ._svg import SIZE
from ._words import REGION_HEX, SEA_HEX

__all__ = ["objective_figure", "simulate", "bonus_figure", "game_length_figure",
           "heat_map_figure", "groups_figure", "objective_placeholder"]

GROUP_COLOURS = ["#c0392b", "#2e6fb0", "#2e8b3a", "#d4a400", "#8e44ad", "#e67e22", "#16a085",
                 "#7f8c8d"]


def _components(data: Any):
    from ._state import GonzagaState
    if isinstance(data, GonzagaState):
        return data.book.components
    return load(data)


def objective_placeholder(data: Any = None) -> bool:
    """Whether any value of the objective points table is a placeholder."""
    comp = _components(data)
    return any(r.is_placeholder for r in comp.data.table("objective_points"))


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "-"


# ---- the objective table --------------------------------------------------------------------
def objective_figure(data: Any = None) -> go.Figure:
    """The objective card's points for 0 to 6 of its cities covered (a line), and what each further
    city adds (bars)."""
    curve = scoring.objective_curve(data)
    made_up = objective_placeholder(data)
    tag = " (placeholder values)" if made_up else ""
    note = "<br><i>placeholder: the printed table is not public</i>" if made_up else ""
    xs = [c.cities for c in curve]
    fig = go.Figure()
    fig.add_trace(go.Scatter(
        x=xs, y=[c.points for c in curve], mode="lines+markers", name="points" + tag,
        marker=dict(size=9, symbol="circle-open" if made_up else "circle"),
        line=dict(dash="dash" if made_up else "solid", color="#8a5a00"),
        hovertemplate=[f"{c.cities} of 6 cities covered: {c.points} points{note}<extra></extra>"
                       for c in curve]))
    fig.add_trace(go.Bar(
        x=xs[1:], y=[c.marginal for c in curve[1:]], name="added by that city" + tag,
        marker=dict(color="rgba(138,90,0,0.25)", line=dict(color="#8a5a00", width=1)),
        hovertemplate=[f"the {c.cities}. city adds {c.marginal} points{note}<extra></extra>"
                       for c in curve[1:]]))
    fig.update_layout(title="The hidden objective: points by the cities of the card covered" + tag,
                      xaxis_title="cities of the objective card covered (n of 6)",
                      yaxis_title="points at the end", barmode="overlay",
                      legend=dict(orientation="h", y=-0.2))
    fig.update_xaxes(dtick=1)
    return fig


# ---- simulations ----------------------------------------------------------------------------
def simulate(games: int = 40, players: int = 3, seed: int = 0, bot: str = "greedy",
             progress: bool = False, data: Any = None) -> list[scoring.GameSummary]:
    """``games`` bot games, the same as :func:`explorer.gonzaga.scoring.simulate` (seeds ``seed``,
    ``seed + 1``, ...), one by one so ``progress=True`` can show a progress bar."""
    if type(games) is not int or not 1 <= games <= 100_000:
        raise OptionError(f"games is a number from 1 to 100000, not {shorten(games, 40)}")
    if type(seed) is not int or seed < 0:
        raise OptionError(f"seed is a non-negative integer, not {shorten(seed, 40)}")
    seeds = range(seed, seed + games)
    if progress:
        from ..notebook import progress as bar
        seeds = bar(seeds, total=games, description="games")
    out = []
    for k in seeds:
        out += scoring.simulate(1, players=players, seed=k, bot=bot, data=data)
    return out


def _check_runs(runs) -> list[scoring.GameSummary]:
    runs = list(runs) if isinstance(runs, (list, tuple)) else None
    if not runs or not all(isinstance(g, scoring.GameSummary) for g in runs):
        raise OptionError("runs is a non-empty list of simulate()'s game summaries")
    return runs


def bonus_figure(runs: Sequence[scoring.GameSummary], data: Any = None) -> go.Figure:
    """How many points a player scores in a round (cities and ports, sea leagues, church; every
    player-round of ``runs``), as a histogram in percent, with the points of a sea league and of
    the Gonzaga tile marked: how many typical rounds each is worth."""
    runs = _check_runs(runs)
    v = scoring.bonus_values(runs=runs, data=data)
    per = [x for g in runs for rnd in g.per_round for x in rnd]
    total = len(per)
    counts: dict[int, int] = {}
    for x in per:
        counts[x] = counts.get(x, 0) + 1
    xs = sorted(counts)
    fig = go.Figure(go.Bar(
        x=xs, y=[100 * counts[x] / total for x in xs], name="points in one round (one player)",
        marker_color="#7a9cc6",
        customdata=[[counts[x], total] for x in xs],
        hovertemplate="%{x} points in a round: %{customdata[0]} of %{customdata[1]} "
                      "player-rounds (%{y:.1f}%)<extra></extra>"))
    top = max(100 * c / total for c in counts.values())
    for x, name, colour in ((v["sea_league_points"], "a sea league", "#1f5fa8"),
                            (v["gonzaga_points"], "the Gonzaga tile", "#b8860b")):
        worth = x / v["round_mean"] if v["round_mean"] else float("inf")
        fig.add_trace(go.Scatter(
            x=[x, x], y=[0, top * 1.05], mode="lines", name=f"{name}: {x} points = {worth:.1f} "
            "typical rounds", line=dict(color=colour, width=3, dash="dot"),
            hovertemplate=f"{name}: {x} points, worth {worth:.1f} rounds of {v['round_mean']:.2f} "
                          f"points on average (n = {total} player-rounds)<extra></extra>"))
    fig.add_trace(go.Scatter(
        x=[v["round_mean"]] * 2, y=[0, top * 1.05], mode="lines",
        name=f"mean round: {v['round_mean']:.2f} points", line=dict(color="#444", width=1.5),
        hovertemplate=f"mean points per player-round: {v['round_mean']:.2f} "
                      f"(median {v['round_median']}, n = {total})<extra></extra>"))
    fig.update_layout(title=f"Points a round gives, against the end bonuses ({v['games']} games, "
                            f"{total} player-rounds)",
                      xaxis_title="points scored by one player in one round",
                      yaxis_title="share of player-rounds (%)", legend=dict(orientation="h", y=-0.25))
    fig.update_xaxes(rangemode="tozero")
    return fig


def game_length_figure(runs: Sequence[scoring.GameSummary], data: Any = None) -> go.Figure:
    """How many of the games in ``runs`` lasted 7, 8, ..., 12 rounds (the Last Turn rule), as
    percentages with the counts in the hover."""
    runs = _check_runs(runs)
    lengths = scoring.game_lengths(runs=runs, data=data)
    n = len(runs)
    xs = list(lengths)
    fig = go.Figure(go.Bar(
        x=xs, y=[100 * lengths[k] / n for k in xs], name="games", marker_color="#8a5a00",
        text=[_pct(lengths[k], n) for k in xs], textposition="outside",
        customdata=[[lengths[k], n] for k in xs],
        hovertemplate="%{x} rounds: %{customdata[0]} of %{customdata[1]} games (%{y:.1f}%)"
                      "<extra></extra>"))
    mean = sum(k * c for k, c in lengths.items()) / n
    fig.update_layout(title=f"How many rounds a game lasts ({n} games; mean {mean:.1f})",
                      xaxis_title="rounds played", yaxis_title="share of games (%)")
    fig.update_xaxes(dtick=1)
    return fig


# ---- the map --------------------------------------------------------------------------------
def _map_trace(s, name: str = "map") -> go.Scatter:
    """Every hex of the map as a faint hexagon marker (land in its region's colour, sea blue)."""
    geo = s.book.geo
    xs, ys, colours, text = [], [], [], []
    for i, c in enumerate(geo.coords):
        x, y = to_pixel(c, SIZE)
        xs.append(x)
        ys.append(-y)
        reg = geo.region[i]
        colours.append(REGION_HEX[reg % len(REGION_HEX)] if reg >= 0 else SEA_HEX[0])
        text.append(geo.label(i))
    return go.Scatter(x=xs, y=ys, mode="markers", name=name, hoverinfo="skip", showlegend=False,
                      marker=dict(symbol="hexagon", size=21, color=colours, opacity=0.45,
                                  line=dict(width=0)))


def _map_layout(fig: go.Figure, title: str, placeholder: bool) -> None:
    if placeholder:
        title += " (placeholder map)"
    fig.update_layout(title=title, plot_bgcolor="white", width=860, height=600,
                      xaxis=dict(visible=False), yaxis=dict(visible=False, scaleanchor="x"))


def heat_map_figure(state, fief: Any = None, plan: Any = None, player: int | None = None,
                    what: str = "count") -> go.Figure:
    """Where a fief can go: per hex of the map, how many distinct legal placements cover it
    (``what="count"``) or the best points among them (``what="best"``), from
    :func:`explorer.gonzaga.analysis.heat_map` (same arguments)."""
    if what not in ("count", "best"):
        raise OptionError(f"what is 'count' or 'best', not {shorten(what, 40)}")
    s = state
    hm = analysis.heat_map(s, fief, plan, player)
    geo = s.book.geo
    index = {(c.q, c.r): i for i, c in enumerate(geo.coords)}
    xs, ys, vals, hover = [], [], [], []
    n = hm["placements"]
    for q, r, count, best in hm["hexes"]:
        i = index[(q, r)]
        x, y = to_pixel(geo.coords[i], SIZE)
        xs.append(x)
        ys.append(-y)
        vals.append(count if what == "count" else best)
        hover.append(f"{geo.label(i)}: covered by {count} of the {n} placements "
                     f"({_pct(count, n)}); best {best} points")
    fig = go.Figure(_map_trace(s))
    label = "placements covering the hex" if what == "count" else "best points there"
    fig.add_trace(go.Scatter(
        x=xs, y=ys, mode="markers", name=label, text=hover, hovertemplate="%{text}<extra></extra>",
        showlegend=False,
        marker=dict(symbol="hexagon", size=21, color=vals, colorscale="YlOrRd", showscale=True,
                    colorbar=dict(title=label), line=dict(width=0.5, color="#555"))))
    fief_id = s.book.fief_ids[analysis.resolve_fief(s, fief, analysis._player(s, player))]
    plan_text = "any plan" if plan == "any" else f"plan {plan}" if plan is not None else "the revealed plan"
    _map_layout(fig, f"Where fief {fief_id} can go under {plan_text}: {n} placements",
                s.book.components.has_placeholders)
    return fig


def groups_figure(state, player: int) -> go.Figure:
    """``player``'s pieces as a graph on the map: a node per hex their fiefs and rings cover, an
    edge between two covered hexes that share a side, one colour per connected group
    (:func:`explorer.gonzaga.graph.connected_groups`; the largest decides the Gonzaga tile)."""
    s = state
    p = s.check_player(player)
    g = graph.hex_map(s)
    groups = graph.connected_groups(s, p, graph=g)
    fig = go.Figure(_map_trace(s))
    for k, grp in enumerate(groups):
        colour = GROUP_COLOURS[k % len(GROUP_COLOURS)]
        ex, ey = [], []
        for a, b, key in g.subgraph(grp.hexes).edges(keys=True):
            if key != "side":
                continue
            (x1, y1), (x2, y2) = (to_pixel(_hex(h), SIZE) for h in (a, b))
            ex += [x1, x2, None]
            ey += [-y1, -y2, None]
        name = f"group {k + 1}: {grp.size} piece(s), {len(grp.hexes)} hexes"
        fig.add_trace(go.Scatter(x=ex, y=ey, mode="lines", line=dict(color=colour, width=2),
                                 hoverinfo="skip", legendgroup=name, showlegend=False))
        hexes = sorted(grp.hexes)
        pts = [to_pixel(_hex(h), SIZE) for h in hexes]
        fig.add_trace(go.Scatter(
            x=[x for x, _ in pts], y=[-y for _, y in pts], mode="markers", name=name,
            legendgroup=name, marker=dict(size=9, color=colour, line=dict(width=1, color="#222")),
            text=[f"{g.nodes[h]['label']}: group {k + 1} ({grp.size} pieces: "
                  + ", ".join(pc[1] or "ring" for pc in grp.pieces) + ")" for h in hexes],
            hovertemplate="%{text}<extra></extra>"))
    largest = groups[0].size if groups else 0
    _map_layout(fig, f"{s.player_label(p)}'s connected groups: {len(groups)} group(s), the largest "
                     f"{largest} piece(s)", s.book.components.has_placeholders)
    return fig


def _hex(h):
    from ..hexgrid import Hex
    return Hex(*h)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "gonzaga")
