"""Plotly figures for exact distributions and Corinth's harbor odds.

Probabilities stay exact Fractions until plotted: bars are floats, hover text shows the fraction.
The figures are plain ``plotly.graph_objects.Figure`` objects and need no network: show them in
Jupyter, wrap them in ``go.FigureWidget``, or save them with :func:`offline_html`, which embeds
plotly.js in the page.

>>> from explorer.dice import Distribution
>>> fig = distribution_figure(Distribution({1: 1, 2: 3}), "toy", view="at_least")
>>> list(fig.data[0].x), list(fig.data[0].y), list(fig.data[0].customdata)
([1, 2], [1.0, 0.75], ['1', '3/4'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer._errors import OptionError
from explorer.dice import Distribution

__all__ = ["VIEWS", "DISTRICT_COLOURS", "distribution_figure", "harbor_odds_figure",
           "yellow_advice_figure", "offline_html"]

VIEWS = ("exact", "at_least", "at_most")
"""What a bar shows for outcome x: P(= x), P(>= x) or P(<= x)."""

DISTRICT_COLOURS = {"gold": "#d4a017", "orange": "#e8772e", "blue": "#2f6db5",
                    "purple": "#7b3fa0", "green": "#4a9a3c", "goats": "#8a6d4b"}
"""A colour per harbor district, close to the board's."""

_VIEW_LABEL = {"exact": "P(= {x})", "at_least": "P(≥ {x})", "at_most": "P(≤ {x})"}
_HOVER = "%{fullData.name}<br>%{customdata}<br>= %{y:.4%}<extra></extra>"
_HOVER_MEAN = "%{fullData.name}<br>%{customdata}<br>= %{y:.3f}<extra></extra>"


def _check_view(view: str) -> str:
    """Return ``view`` if it is one of VIEWS, else raise OptionError."""
    if view not in VIEWS:
        raise OptionError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
    return view


def _probabilities(dist: Distribution, xs: Sequence[Any], view: str) -> list[Fraction]:
    """Exact P(= x), P(>= x) or P(<= x) of ``dist`` for each x in ``xs``."""
    if view == "exact":
        return [dist[x] for x in xs]
    if view == "at_least":
        return [dist.at_least(x) for x in xs]
    return [dist.at_most(x) for x in xs]


def _bar(dist: Distribution, xs: Sequence[Any], view: str, name: str, colour: str | None,
         **kwargs: Any) -> go.Bar:
    """One bar trace of ``dist`` over ``xs``, exact fractions in the hover text."""
    probs = _probabilities(dist, xs, view)
    return go.Bar(x=list(xs), y=[float(p) for p in probs], customdata=[str(p) for p in probs],
                  name=name, marker_color=colour, hovertemplate=_HOVER, **kwargs)


def _y_axis(fig: go.Figure, view: str, **kwargs: Any) -> None:
    """Percent ticks; cumulative views span the whole 0-1 range."""
    fig.update_yaxes(tickformat=".0%", title_text=_VIEW_LABEL[view].format(x="x"),
                     range=[0, 1] if view != "exact" else None, **kwargs)


def distribution_figure(dist: Distribution, title: str = "", view: str = "exact", *,
                        name: str = "P", colour: str | None = None,
                        xaxis_title: str = "outcome") -> go.Figure:
    """A bar chart of one exact distribution: P(= x), P(>= x) or P(<= x) per outcome x."""
    _check_view(view)
    xs = list(dist)
    fig = go.Figure(_bar(dist, xs, view, name, colour))
    fig.update_layout(title_text=title, xaxis_title=xaxis_title, bargap=0.15, showlegend=False)
    _y_axis(fig, view)
    return fig


def harbor_odds_figure(white: int = 9, yellow: int = 0, view: str = "exact") -> go.Figure:
    """Grouped bars, one trace per district: the chance it gets n dice (or at least / at most n)."""
    from explorer.corinth.harbor import DISTRICTS
    from explorer.corinth.odds import harbor_odds

    _check_view(view)
    odds = harbor_odds(white, yellow)
    xs = list(range(1 if view == "at_least" else 0, odds.dice + 1))
    fig = go.Figure([_bar(odds.district(d), xs, view, d, DISTRICT_COLOURS[d]) for d in DISTRICTS])
    fig.update_layout(title_text=f"Harbor: dice per district, {white} white + {yellow} yellow",
                      barmode="group", xaxis_title="dice on the district (0 = empty)",
                      xaxis_dtick=1, legend_title_text="district")
    _y_axis(fig, view)
    return fig


def yellow_advice_figure(want: str | None = None, at_least: int = 1, white: int = 9) -> go.Figure:
    """Buying 0-3 yellow dice: expected dice and net gold (left), chances of the picks (right)."""
    from explorer.corinth.odds import yellow_advice

    advice = yellow_advice(want, at_least, white)
    xs = [f"{o.yellow} yellow" for o in advice]
    fig = make_subplots(rows=1, cols=2, subplot_titles=("Expected dice", "Chances"))
    left = [("dice on gold", "expected_gold", DISTRICT_COLOURS["gold"]),
            ("gold after paying", "net_gold", "#8c7a3c"),
            ("largest group", "expected_largest", "#555555")]
    right = [(f"gold gets ≥ {at_least}", "gold_at_least", DISTRICT_COLOURS["gold"]),
             ("a yellow die on gold", "yellow_on_gold", "#c9b400")]
    if want is not None:
        left.append((f"dice on {want}", "expected_want", DISTRICT_COLOURS[want]))
        right.append((f"{want} gets ≥ {at_least}", "want_at_least", DISTRICT_COLOURS[want]))
    for name, attr, colour in left:
        values = [getattr(o, attr) for o in advice]
        fig.add_trace(go.Bar(x=xs, y=[float(v) for v in values], customdata=[str(v) for v in values],
                             name=name, marker_color=colour, legendgroup="expected",
                             hovertemplate=_HOVER_MEAN),
                      row=1, col=1)
    for name, attr, colour in right:
        values = [getattr(o, attr) for o in advice]
        fig.add_trace(go.Scatter(x=xs, y=[float(v) for v in values], customdata=[str(v) for v in values],
                                 name=name, mode="lines+markers", line_color=colour,
                                 legendgroup="chances", hovertemplate=_HOVER), row=1, col=2)
    fig.update_layout(title_text=f"Buying yellow dice (1 gold each), {white} white dice",
                      barmode="group")
    fig.update_yaxes(title_text="dice", row=1, col=1)
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=1, col=2)
    return fig


def offline_html(fig: go.Figure) -> str:
    """A standalone HTML page for ``fig`` with plotly.js embedded (works without a network)."""
    return fig.to_html(include_plotlyjs=True, full_html=True)
