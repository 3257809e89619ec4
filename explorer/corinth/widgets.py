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

__all__ = ["table", "harbor_board", "harbor_panel_svg", "sheets_svg"]


def harbor_board(state: CorinthState, bots: Mapping[int, Bot] | None = None) -> Board:
    """The harbor and the choice buttons, with the move log."""
    return Board(state, bots=bots, render=lambda s: harbor_panel_svg(s, interactive=True))


def table(state: CorinthState, bots: Mapping[int, Bot] | None = None) -> tuple[Board, Board]:
    """A harbor board and a score-sheet board playing the same game."""
    harbor = harbor_board(state, bots)
    sheets = harbor.linked(lambda s: sheets_svg(s, interactive=True))
    return harbor, sheets
