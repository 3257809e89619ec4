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

from typing import Any, Mapping

from ..board import Board, Bot
from ._state import CorinthState
from ._svg import harbor_panel_svg, sheets_svg

__all__ = ["table", "harbor_board", "CorinthBoard", "harbor_panel_svg", "sheets_svg", "odds_explorer"]


class CorinthBoard(Board):
    """A Corinth board says each thing once on the page: the status line above the harbor (not
    again under "What can I do now?", nor above the score sheets), and the answer to a click on
    the board that was clicked (the harbor's answers on the harbor, the sheets' on the sheets)."""

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        self.session.asked = self
        super()._on_msg(widget, content, buffers)

    def _view(self, s: CorinthState) -> dict[str, Any]:
        view = super()._view(s)
        session = self.session
        asked = getattr(session, "asked", None)
        speaker = asked if asked in session.views else session.views[0]
        if speaker is not self:
            view["message"] = {}
        if self.compact:
            view["status"] = ""
        elif "awaiting" in view:
            view["awaiting"] = ('"Next move ▶" plays its next move, "Bots play on ▶▶" all of them'
                                if view["info"]["bot_to_move"] else
                                "Click one of these, or what is framed in green on the board.")
        return view


def harbor_board(state: CorinthState, bots: Mapping[int, Bot] | None = None,
                 **kwargs: Any) -> Board:
    """The harbor and the choice buttons, with the move log (``kwargs`` go to the board, such
    as ``hot_seat=True``; Corinth has no secrets, so its boards show every sheet anyway)."""
    return CorinthBoard(state, bots=bots, render=lambda s: harbor_panel_svg(s, interactive=True),
                        **kwargs)


def table(state: CorinthState, bots: Mapping[int, Bot] | None = None,
          **kwargs: Any) -> tuple[Board, Board]:
    """A harbor board and a score-sheet board playing the same game (``kwargs`` go to the
    harbor board, as in :func:`harbor_board`)."""
    harbor = harbor_board(state, bots, **kwargs)
    sheets = CorinthBoard(render=lambda s: sheets_svg(s, interactive=True), session=harbor.session,
                          compact=True)
    return harbor, sheets


def odds_explorer(white: int = 9, yellow: int = 0, view: str = "exact"):
    """The exact harbor odds as a live chart: a slider for yellow dice and a choice of view
    (exactly n, at least n, at most n dice per district).

    The chart is redrawn in an output area (the notebook's own plotly renderer draws it), so it
    needs no widget of its own: it shows as fast as any chart, however slow the machine.
    ``.figure`` is the figure shown now."""
    import ipywidgets as W
    from plotly.io._base_renderers import PlotlyRenderer

    from . import plots
    from ..notebook import figure_copier, with_static

    slider = W.IntSlider(value=yellow, min=0, max=3, description="yellow dice",
                         continuous_update=False)
    views = W.ToggleButtons(options=[("exactly n", "exact"), ("at least n", "at_least"),
                                     ("at most n", "at_most")], value=view, description="view")
    out = W.Output()
    box = W.VBox([W.HBox([slider, views]), out])
    copy = figure_copier()
    shown = with_static(box, lambda: copy(shown.figure))

    def redraw(_change=None) -> None:
        # every view sets the y range itself: "exactly n" fits its bars again after "at least n"
        shown.figure = plots.harbor_odds_figure(white, slider.value, views.value)
        bundle = PlotlyRenderer().to_mimebundle(shown.figure.to_dict())
        out.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)
        shown.refresh_static()

    redraw()
    slider.observe(redraw, "value")
    views.observe(redraw, "value")
    shown.slider, shown.views, shown.output = slider, views, out
    return shown
