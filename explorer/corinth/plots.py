"""Corinth's figures: the harbor odds and the yellow-dice advice, as plotly figures.

>>> fig = harbor_odds_figure(9, 0, view="at_least")
>>> [t.name for t in fig.data]
['gold', 'orange', 'blue', 'purple', 'green', 'goats']
"""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..plots import HOVER, HOVER_MEAN, bar, check_view, y_axis
from .harbor import DISTRICTS
from .odds import harbor_odds, yellow_advice

__all__ = ["DISTRICT_COLOURS", "harbor_odds_figure", "yellow_advice_figure"]

DISTRICT_COLOURS = {"gold": "#d4a017", "orange": "#e8772e", "blue": "#2f6db5",
                    "purple": "#7b3fa0", "green": "#4a9a3c", "goats": "#8a6d4b"}
"""A colour per harbor district, close to the board's."""


def harbor_odds_figure(white: int = 9, yellow: int = 0, view: str = "exact") -> go.Figure:
    """Grouped bars, one trace per district: the chance it gets n dice (or at least / at most n)."""
    check_view(view)
    odds = harbor_odds(white, yellow)
    xs = list(range(1 if view == "at_least" else 0, odds.dice + 1))
    fig = go.Figure([bar(odds.district(d), xs, view, d, DISTRICT_COLOURS[d], unit="dice")
                     for d in DISTRICTS])
    fig.update_layout(title_text=f"Harbor: dice per district, {white} white + {yellow} yellow",
                      barmode="group", xaxis_title="dice on the district (0 = empty)",
                      xaxis_dtick=1, legend_title_text="district")
    y_axis(fig, view, what="n dice")
    return fig


def yellow_advice_figure(want: str | None = None, at_least: int = 1, white: int = 9) -> go.Figure:
    """Buying 0-3 yellow dice: expected dice and net gold (left), chances of the picks (right)."""
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
                             hovertemplate=HOVER_MEAN),
                      row=1, col=1)
    for name, attr, colour in right:
        values = [getattr(o, attr) for o in advice]
        fig.add_trace(go.Scatter(x=xs, y=[float(v) for v in values], customdata=[str(v) for v in values],
                                 name=name, mode="lines+markers", line_color=colour,
                                 legendgroup="chances", hovertemplate=HOVER), row=1, col=2)
    fig.update_layout(title_text=f"Buying yellow dice (1 gold each), {white} white dice",
                      barmode="group")
    fig.update_yaxes(title_text="dice", row=1, col=1)
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=1, col=2)
    return fig


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "corinth")
