"""The generic figure kinds: exact distributions, scoring curves, simulation histograms.

Figures about one game live in that game's package (``explorer.corinth.plots``, ...); this module
imports no game. Probabilities stay exact Fractions until plotted: bars are floats, hover text
shows the fraction. The figures are plain ``plotly.graph_objects.Figure`` objects and need no
network: show them in Jupyter, wrap them in ``go.FigureWidget``, or save them with
:func:`offline_html`, which embeds plotly.js in the page.

>>> from explorer.dice import Distribution
>>> fig = distribution_figure(Distribution({1: 1, 2: 3}), "toy", view="at_least")
>>> list(fig.data[0].x), list(fig.data[0].y), list(fig.data[0].customdata)
([1, 2], [1.0, 0.75], ['1', '3/4'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import plotly.graph_objects as go

from explorer._errors import OptionError
from explorer.dice import Distribution

__all__ = ["VIEWS", "distribution_figure", "scoring_curve_figure", "simulation_histogram",
           "offline_html", "probabilities", "bar", "y_axis", "check_view", "hover", "HOVER",
           "HOVER_MEAN"]

VIEWS = ("exact", "at_least", "at_most")
"""What a bar shows for outcome x: P(= x), P(>= x) or P(<= x)."""

_VIEW_LABEL = {"exact": "P(= {x})", "at_least": "P(≥ {x})", "at_most": "P(≤ {x})"}
_VIEW_WORDS = {"exact": "exactly", "at_least": "at least", "at_most": "at most"}
HOVER = "%{fullData.name}<br>%{customdata}<br>= %{y:.4%}<extra></extra>"
HOVER_MEAN = "%{fullData.name}<br>%{customdata}<br>= %{y:.3f}<extra></extra>"


def hover(view: str, unit: str = "") -> str:
    """A hover text naming n: "gold: exactly 3 dice<br>P = 5/36 (13.89%)"."""
    unit = f" {unit}" if unit else ""
    return (f"%{{fullData.name}}: {_VIEW_WORDS[view]} %{{x}}{unit}<br>P = %{{customdata}} "
            "(%{y:.2%})<extra></extra>")


def check_view(view: str) -> str:
    """Return ``view`` if it is one of VIEWS, else raise OptionError."""
    if view not in VIEWS:
        raise OptionError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
    return view


def probabilities(dist: Distribution, xs: Sequence[Any], view: str) -> list[Fraction]:
    """Exact P(= x), P(>= x) or P(<= x) of ``dist`` for each x in ``xs``."""
    if view == "exact":
        return [dist[x] for x in xs]
    if view == "at_least":
        return [dist.at_least(x) for x in xs]
    return [dist.at_most(x) for x in xs]


def bar(dist: Distribution, xs: Sequence[Any], view: str, name: str, colour: str | None,
        unit: str = "", **kwargs: Any) -> go.Bar:
    """One bar trace of ``dist`` over ``xs``, exact fractions in the hover text (which names n)."""
    probs = probabilities(dist, xs, view)
    return go.Bar(x=list(xs), y=[float(p) for p in probs], customdata=[str(p) for p in probs],
                  name=name, marker_color=colour, hovertemplate=hover(view, unit), **kwargs)


def y_axis(fig: go.Figure, view: str, what: str = "n", **kwargs: Any) -> None:
    """Percent ticks titled by the view; cumulative views span the whole 0-1 range, the exact
    view fits its bars (switching views resets the range either way)."""
    fig.update_yaxes(tickformat=".0%", title_text=f"P({_VIEW_WORDS[view]} {what})",
                     range=[0, 1] if view != "exact" else None, autorange=view == "exact",
                     **kwargs)


def distribution_figure(dist: Distribution, title: str = "", view: str = "exact", *,
                        name: str = "P", colour: str | None = None,
                        xaxis_title: str = "outcome") -> go.Figure:
    """A bar chart of one exact distribution: P(= x), P(>= x) or P(<= x) per outcome x."""
    check_view(view)
    xs = list(dist)
    fig = go.Figure(bar(dist, xs, view, name, colour))
    fig.update_layout(title_text=title, xaxis_title=xaxis_title, bargap=0.15, showlegend=False)
    y_axis(fig, view, what=xaxis_title if xaxis_title != "outcome" else "n")
    return fig


def scoring_curve_figure(curves: dict[str, Sequence[tuple[Any, Any]]], title: str = "", *,
                         xaxis_title: str = "n", yaxis_title: str = "points",
                         marginal: bool = False, colours: dict[str, str] | None = None,
                         hover: str = "{name}: n = {x}, {y} points") -> go.Figure:
    """Lines of points against a count, one per named curve: ``curves[name]`` lists ``(n, points)``.

    With ``marginal`` each curve shows what one more (the n-th) is worth instead of the total,
    drawn as steps, so jumps and resets (a series starting again) stand out.

    >>> fig = scoring_curve_figure({"a": [(1, 2), (2, 8), (3, 16)]}, marginal=True)
    >>> list(fig.data[0].y)
    [2.0, 6.0, 8.0]
    """
    fig = go.Figure()
    colours = colours or {}
    for name, points in curves.items():
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        if marginal:
            ys = [y - (ys[i - 1] if i else 0) for i, y in enumerate(ys)]
        text = [hover.format(name=name, x=x, y=_num(y)) for x, y in zip(xs, ys)]
        fig.add_trace(go.Scatter(x=xs, y=[float(y) for y in ys], name=name, text=text,
                                 mode="lines+markers", line_shape="hv" if marginal else "linear",
                                 line_color=colours.get(name), hovertemplate="%{text}<extra></extra>"))
    fig.update_layout(title_text=title, xaxis_title=xaxis_title,
                      yaxis_title=("points for the n-th" if marginal and yaxis_title == "points"
                                   else yaxis_title), legend_title_text="")
    fig.update_xaxes(dtick=1)
    return fig


def simulation_histogram(values: Sequence[Any], title: str = "", *, xaxis_title: str = "value",
                         percent: bool = True, name: str = "games") -> go.Figure:
    """A histogram of simulated results (one bar per distinct value), as percentages of the runs
    with the count in the hover text.

    >>> fig = simulation_histogram([7, 8, 8, 9])
    >>> list(fig.data[0].x), list(fig.data[0].customdata)
    ([7, 8, 9], [1, 2, 1])
    """
    counts: dict[Any, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    xs = sorted(counts)
    n = len(values) or 1
    ys = [counts[x] / n if percent else counts[x] for x in xs]
    fig = go.Figure(go.Bar(x=xs, y=ys, customdata=[counts[x] for x in xs], name=name,
                           hovertemplate=(f"%{{x}}: %{{customdata}} of {len(values)} {name}"
                                          + (" (%{y:.1%})" if percent else "") + "<extra></extra>")))
    fig.update_layout(title_text=title, xaxis_title=xaxis_title, bargap=0.1, showlegend=False,
                      yaxis_title=f"share of {len(values)} {name}" if percent else name)
    if percent:
        fig.update_yaxes(tickformat=".0%")
    return fig


def _num(v: Any) -> str:
    if isinstance(v, Fraction):
        return str(v) if v.denominator != 1 else str(v.numerator)
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)


def offline_html(fig: go.Figure) -> str:
    """A standalone HTML page for ``fig`` with plotly.js embedded (works without a network)."""
    return fig.to_html(include_plotlyjs=True, full_html=True)
