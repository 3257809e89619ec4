"""Live Corinth boards: the harbor (with the choices of the moment) and the score sheets.

Both are views of one game (:class:`explorer.board.Board` sessions): click a dice group on the
harbor, a choice button, a shop or a market space on your sheet, and every view follows. Bots
can take the other seats. The static forms are ``harbor_panel_svg`` and ``sheets_svg``.

>>> from explorer import corinth
>>> from explorer.corinth import bots
>>> harbor, sheets = table(corinth.new_game(players=3, seed=2), bots={1: bots.random_bot, 2: bots.random_bot})
>>> harbor.state is sheets.state
True
>>> 'class="corinth-harbor-panel"' in harbor.svg and 'class="corinth-sheets"' in sheets.svg
True
"""

from __future__ import annotations

from typing import Mapping

from ..board import Board, Bot
from ._state import CorinthState
from ._svg import harbor_panel_svg, sheets_svg

__all__ = ["table", "harbor_board", "harbor_panel_svg", "sheets_svg", "odds_explorer"]


def harbor_board(state: CorinthState, bots: Mapping[int, Bot] | None = None) -> Board:
    """The harbor and the choice buttons, with the move log."""
    return Board(state, bots=bots, render=lambda s: harbor_panel_svg(s, interactive=True))


def table(state: CorinthState, bots: Mapping[int, Bot] | None = None) -> tuple[Board, Board]:
    """A harbor board and a score-sheet board playing the same game."""
    harbor = harbor_board(state, bots)
    sheets = harbor.linked(lambda s: sheets_svg(s, interactive=True))
    return harbor, sheets


def odds_explorer(white: int = 9, yellow: int = 0, view: str = "exact"):
    """The exact harbor odds as a live chart: a slider for yellow dice and a choice of view
    (exactly n, at least n, at most n dice per district)."""
    import ipywidgets as W
    import plotly.graph_objects as go

    from . import plots

    fig = go.FigureWidget(plots.harbor_odds_figure(white, yellow, view))
    slider = W.IntSlider(value=yellow, min=0, max=3, description="yellow dice",
                         continuous_update=False)
    views = W.ToggleButtons(options=[("exactly n", "exact"), ("at least n", "at_least"),
                                     ("at most n", "at_most")], value=view, description="view")

    def redraw(_change=None) -> None:
        fresh = plots.harbor_odds_figure(white, slider.value, views.value)
        with fig.batch_update():
            for trace, new in zip(fig.data, fresh.data):
                trace.x, trace.y, trace.customdata = new.x, new.y, new.customdata
                trace.hovertemplate = new.hovertemplate
            fig.layout.title.text = fresh.layout.title.text
            # set the range explicitly: "exactly n" fits its bars again after "at least n"
            y = fresh.layout.yaxis
            fig.layout.yaxis.title.text = y.title.text
            fig.layout.yaxis.autorange = y.autorange
            fig.layout.yaxis.range = y.range
        shown.refresh_static()

    slider.observe(redraw, "value")
    views.observe(redraw, "value")
    from ..notebook import figure_copier, with_static
    box = W.VBox([W.HBox([slider, views]), fig])
    copy = figure_copier()
    shown = with_static(box, lambda: copy(plots.harbor_odds_figure(white, slider.value, views.value)))
    shown.slider, shown.views, shown.figure = slider, views, fig
    return shown
