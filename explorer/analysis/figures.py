"""Figures of sweeps and studies, readable from the back of a room.

Each function takes what a sweep or a study returns (a :class:`Results`, several of them as a
list or as ``{label: results}``, or the DataFrame of :func:`skill_trace` / :func:`action_value`)
and returns a plain ``plotly.graph_objects.Figure``: large type, titles that say what is shown,
axes named in words, colours told apart by colour-blind readers (Okabe and Ito's palette), and
every interval drawn as an error bar from the table's own ``low`` and ``high``.

- :func:`seat_advantage_figure`: the win share of each seat, with intervals;
- :func:`score_figure`: the final score and each of its parts, per player;
- :func:`duration_figure`: how long games last, in decisions and in rounds;
- :func:`branching_figure`: how many legal actions there are, over the course of a game;
- :func:`skill_figure`: each rung of a skill ladder against the one below, games side by side;
- :func:`restriction_figure`: the win share lost when denied an option, with intervals.
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any

from .._errors import OptionError, shorten

__all__ = ["seat_advantage_figure", "score_figure", "duration_figure", "branching_figure",
           "skill_figure", "restriction_figure", "COLOURS", "FONT"]

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
"""Okabe and Ito's colour-blind safe palette (blue, orange, green, vermilion, ...)."""
FONT = 16
"""The body text size in pixels (titles larger, nothing below 14)."""


def seat_advantage_figure(results: Any, title: str | None = None) -> Any:
    """Bars: each seat's win share with its 95 % Wilson interval, one colour per sweep, and a
    dashed line at the share of an even game (1 / players)."""
    go = _go()
    runs = _runs(results)
    fig = go.Figure()
    for k, (label, res) in enumerate(runs):
        t = res.seat_advantage()
        fig.add_trace(go.Bar(
            x=[f"seat {s + 1}" for s in t["seat"]], y=t["share"].tolist(), name=label,
            marker_color=COLOURS[k % len(COLOURS)], error_y=_error(t),
            customdata=list(zip(t["games"], t["low"], t["high"])),
            hovertemplate=(f"{label}<br>%{{x}}: wins %{{y:.1%}} of %{{customdata[0]}} games<br>"
                           "95 % interval %{customdata[1]:.1%} to %{customdata[2]:.1%}"
                           "<extra></extra>")))
    _fair_lines(fig, {res.players for _, res in runs})
    _style(fig, title or f"Who wins: the share of games won by each seat ({_games(runs)})",
           "seat (order of play)", "share of games won")
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def score_figure(results: Any, title: str | None = None) -> Any:
    """Box plots of the final score and of each part of it (one box per scoring category), per
    player and game, for one sweep."""
    go = _go()
    (label, res), = _runs(results, one=True)
    table = res.table
    parts = [c for c in table.columns if c.startswith("score_")]
    words = _category_words(res.game, res.players)
    fig = go.Figure()
    for column in ["score"] + parts:
        name = "final score" if column == "score" else words.get(column, column[6:].replace("_", " "))
        fig.add_trace(go.Box(y=table[column].tolist(), name=name, boxmean=True,
                             marker_color=COLOURS[0] if column == "score" else COLOURS[1],
                             hovertemplate=f"{name}: %{{y}} points<extra></extra>"))
    _style(fig, title or f"{label}: points per player, in all and by scoring category "
                         f"({_games([(label, res)])})", "scoring category", "points")
    fig.update_layout(showlegend=False)
    return fig


def duration_figure(results: Any, title: str | None = None) -> Any:
    """How long games last: box plots of the decisions per game (above) and of the rounds per
    game (below), one box per sweep."""
    go = _go()
    from plotly.subplots import make_subplots
    runs = _runs(results)
    fig = make_subplots(rows=2, cols=1, vertical_spacing=0.3,
                        subplot_titles=("decisions per game (all players)", "rounds per game"))
    for k, (label, res) in enumerate(runs):
        per_game = _per_game(res.table)
        colour = COLOURS[k % len(COLOURS)]
        for row, column in enumerate(("game_decisions", "rounds"), 1):
            fig.add_trace(go.Box(x=per_game[column].tolist(), name=label, marker_color=colour,
                                 orientation="h", boxmean=True, showlegend=False,
                                 hovertemplate=f"{label}: %{{x}}<extra></extra>"), row=row, col=1)
    _style(fig, title or f"How long a game lasts ({_games(runs)})", None, None)
    fig.update_xaxes(rangemode="tozero")
    fig.update_xaxes(title_text="decisions", row=1, col=1)
    fig.update_xaxes(title_text="rounds", row=2, col=1)
    fig.update_yaxes(autorange="reversed")
    fig.update_annotations(font_size=FONT + 1)
    fig.update_layout(height=max(560, 300 + 70 * len(runs)))
    return fig


def branching_figure(results: Any, title: str | None = None) -> Any:
    """Lines: the mean number of legal actions at a decision, over the course of the game (by
    tenths), one line per sweep, on a logarithmic axis."""
    go = _go()
    runs = _runs(results)
    fig = go.Figure()
    for k, (label, res) in enumerate(runs):
        prof = res.branching_profile
        fig.add_trace(go.Scatter(
            x=[100 * p for p in prof["progress"]], y=prof["branching"].tolist(), name=label,
            mode="lines+markers", line=dict(color=COLOURS[k % len(COLOURS)], width=3),
            marker=dict(size=9, symbol=_SYMBOLS[k % len(_SYMBOLS)]),
            hovertemplate=(f"{label}<br>from %{{x:.0f}} % of the game: %{{y:.1f}} legal actions "
                           "per decision<extra></extra>")))
    _style(fig, title or "Choices: legal actions per decision as the game goes on",
           "how far into the game (% of its decisions)", "legal actions per decision")
    fig.update_yaxes(type="log", tickvals=_LOG_TICKS, ticktext=[f"{v:,}" for v in _LOG_TICKS])
    fig.update_xaxes(ticksuffix=" %", range=[-3, 93], dtick=10)
    return fig


def skill_figure(trace: Any, title: str | None = None) -> Any:
    """Bars: each rung of a skill ladder's win share against the rung below, with 95 %
    intervals, one colour per game (``trace``: :func:`skill_trace`'s table, or several
    concatenated, or ``{game: table}``), and a dashed line at an even game's share."""
    go = _go()
    table = _frame(trace, "skill_trace")
    fig = go.Figure()
    for k, (game, t) in enumerate(_by(table, "game")):
        label = _game_label(game)
        x = [f"{r} vs {a}" for r, a in zip(t["rung"], t["against"])]
        fig.add_trace(go.Bar(
            x=x, y=t["share"].tolist(), name=label, marker_color=COLOURS[k % len(COLOURS)],
            error_y=_error(t), customdata=list(zip(t["games"], t["low"], t["high"])),
            hovertemplate=(f"{label}<br>%{{x}}: the stronger bot wins %{{y:.1%}} of "
                           "%{customdata[0]} games<br>95 % interval %{customdata[1]:.1%} to "
                           "%{customdata[2]:.1%}<extra></extra>")))
    if "fair" in table.columns:
        _fair_lines(fig, {round(1 / f) for f in table["fair"] if f > 0})
    _style(fig, title or "Skill: how often the stronger bot beats the next weaker one",
           "stronger bot vs weaker bot", "share won by the stronger bot")
    fig.update_yaxes(tickformat=".0%", range=[0, 1.05])
    return fig


def restriction_figure(values: Any, title: str | None = None) -> Any:
    """Horizontal bars: the win share lost when denied each option, with 95 % intervals
    (``values``: :func:`action_value`'s table, several concatenated, or ``{game: table}``)."""
    go = _go()
    table = _frame(values, "action_value")
    fig = go.Figure()
    for k, (game, t) in enumerate(_by(table, "game")):
        label = _game_label(game)
        t = t.sort_values("loss", ascending=False)
        names = [f"{lab} ({label})" if label else lab for lab in t["label"]]
        fig.add_trace(go.Bar(
            y=names, x=t["loss"].tolist(), orientation="h", name=label or "loss",
            marker_color=COLOURS[k % len(COLOURS)],
            error_x=_error(t, value="loss"),
            customdata=list(zip(t["free_share"], t["share"], t["low"], t["high"], t["games"])),
            hovertemplate=("%{y}: %{x:+.1%} of games won<br>free %{customdata[0]:.1%}, denied "
                           "%{customdata[1]:.1%} (%{customdata[4]} games)<br>95 % interval "
                           "%{customdata[2]:+.1%} to %{customdata[3]:+.1%}<extra></extra>")))
    fig.add_vline(x=0, line_color="#444", line_width=2)
    _style(fig, title or "What an option is worth: the share of wins lost without it",
           "share of games won, lost when denied it (free minus denied)", None)
    fig.update_xaxes(tickformat="+.0%")
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(height=max(420, 120 + 44 * len(table)), yaxis_automargin=True)
    return fig


# ---- helpers ---------------------------------------------------------------------------------
_LOG_TICKS = [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 5000]
_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star")


def _go():
    import plotly.graph_objects as go
    return go


def _style(fig: Any, title: str, x: str | None, y: str | None) -> None:
    """Large type, a title saying what is shown, axes named in words, a light background."""
    fig.update_layout(
        title=dict(text=title, font_size=FONT + 5, x=0.01, xanchor="left"),
        font=dict(size=FONT, color="#222"), template="plotly_white", height=480,
        legend=dict(font_size=FONT, orientation="h", yanchor="bottom", y=1.0, x=0.01,
                    title_text=""),
        hoverlabel=dict(font_size=FONT), margin=dict(t=110, l=80, r=30, b=80),
        bargap=0.25, barmode="group")
    fig.update_xaxes(title_text=x, title_font_size=FONT + 1, tickfont_size=FONT - 1,
                     showline=True, linecolor="#888")
    fig.update_yaxes(title_text=y, title_font_size=FONT + 1, tickfont_size=FONT - 1,
                     showline=True, linecolor="#888", gridcolor="#ddd")


def _error(t: Any, value: str = "share") -> dict:
    """Asymmetric error bars from a table's ``low`` and ``high`` around ``value``."""
    v, low, high = t[value].tolist(), t["low"].tolist(), t["high"].tolist()
    return dict(type="data", symmetric=False, array=[h - x for h, x in zip(high, v)],
                arrayminus=[x - lo for x, lo in zip(v, low)], thickness=2.5, width=8,
                color="#222")


def _fair_lines(fig: Any, players: set) -> None:
    """A dashed line at the share of an even game, named in the legend (not over the bars)."""
    go = _go()
    for n in sorted(p for p in players if p and p > 1):
        fig.add_hline(y=1 / n, line_dash="dash", line_color="#555", line_width=2)
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", hoverinfo="skip",
                                 line=dict(dash="dash", color="#555", width=2),
                                 name=f"even game, {n} players ({1 / n:.0%})"))


def _runs(results: Any, one: bool = False) -> list:
    """``[(label, results)]`` from one Results, a list of them or ``{label: results}``."""
    if isinstance(results, dict):
        runs = list(results.items())
    elif isinstance(results, (list, tuple)):
        runs = [(_game_label(r.game) if hasattr(r, "game") else "", r) for r in results]
    else:
        runs = [(_game_label(getattr(results, "game", "")), results)]
    if not runs or not all(hasattr(r, "table") and hasattr(r, "seat_advantage") for _, r in runs):
        raise OptionError(f"a figure of a sweep needs the Results of simulate (one, a list or "
                          f"{{label: results}}), not {shorten(results, 60)}")
    if one and len(runs) != 1:
        raise OptionError(f"this figure shows one sweep, not {len(runs)}")
    return [(str(label), r) for label, r in runs]


def _frame(data: Any, study: str) -> Any:
    """A study's table (or several, concatenated; or ``{game: table}``) as one DataFrame."""
    import pandas as pd
    if isinstance(data, dict):
        data = [t.assign(game=g) if isinstance(t, pd.DataFrame) and "game" not in t.columns
                else t for g, t in data.items()]
    if isinstance(data, (list, tuple)) and data and all(isinstance(t, pd.DataFrame) for t in data):
        data = pd.concat(data, ignore_index=True)
    if not isinstance(data, pd.DataFrame) or not {"low", "high"} <= set(data.columns):
        raise OptionError(f"this figure draws the table that {study} returns, not "
                          f"{shorten(data, 60)}")
    return data if "game" in data.columns else data.assign(game="")


def _by(table: Any, column: str) -> list:
    """Groups of ``table`` by ``column``, in the order they first appear."""
    return [(key, table[table[column] == key]) for key in dict.fromkeys(table[column])]


def _per_game(table: Any) -> Any:
    """One row per game of a sweep's table (the per-game columns)."""
    keys = table.index if "game" not in table.columns else table["game"]
    return table[~keys.duplicated()] if hasattr(keys, "duplicated") else table


@functools.lru_cache(maxsize=16)
def _category_words(game: str, players: int) -> dict:
    """``{"score_gonzaga_tile": "Gonzaga tile", ...}``: the table's score columns named as the
    game's result names them (read from one quick random game)."""
    try:
        from ._kit import kit
        k = kit(game)
        parts = k.playout(k.new_game(players, 0), random.Random(0)).result().parts[0]
    except (OptionError, AttributeError, IndexError):
        return {}
    return {"score_" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_"): name for name in parts}


def _game_label(game: Any) -> str:
    if not game:
        return ""
    try:
        from ._kit import kit
        return kit(game).label
    except OptionError:     # a label of the caller's own, not a game's name
        return str(game)


def _games(runs: list) -> str:
    counts = {len(_per_game(r.table)) for _, r in runs}
    n = counts.pop() if len(counts) == 1 else None
    return f"{n:,} games each" if n is not None and len(runs) > 1 else (
        f"{n:,} games" if n is not None else "several sweeps")
