"""A live board for The Hanging Gardens: the face-up cards, the point tiles and the gardens.

Take a card by clicking it; it then follows the mouse over your garden, green where it may be
placed and red where not (rest the mouse on a red position to read why), with the legal
positions marked; press ``r`` or the rotate button to turn it (when the ``rotation`` option
allows). Click to place it. Then click a section of a group to put a temple there (or decline),
and a tile from the columns the group opens (they are framed green). Every other click is
explained with its rule. The board draws the game as its viewer may see it: other players'
tiles lie face down (with ``hot_seat=True``, several people at one screen, the board asks for
the screen to be passed between two players' turns, and then shows each their own tiles).

>>> from explorer import hanging_gardens as hg
>>> from explorer.hanging_gardens import bots
>>> b = board(hg.new_game(players=2, seed=3), bots={1: bots.greedy_bot})
>>> b.state.current_player in (0, 1) and 'class="hanging-gardens"' in b.svg
True
"""

from __future__ import annotations

from typing import Mapping

from ..board import Board, Bot
from ._actions import PLACE
from ._grid import bits, rc
from ._place import preview as placement_preview
from ._svg import CELL, GLYPH, MARGIN, place_hint
from ._words import motif_hex

__all__ = ["board", "preview", "turn_order"]


def preview(s) -> dict | None:
    """The generic board's preview of the taken card over the mover's garden (see board.js), shown
    first in a turn in which it fits (``turn_order``); ``hint`` is the line the drawing shows
    above the gardens (how to place it, and in which turns it fits)."""
    if s.phase != PLACE or s.is_over:
        return None
    data = placement_preview(s)
    if not data:
        return None
    book = s.book
    p = data["player"]
    cells = bits(s.gardens[p].occ)
    rows = [rc(i)[0] for i in cells]
    cols = [rc(i)[1] for i in cells]
    area = [(min(cols) - MARGIN) * CELL, (min(rows) - MARGIN) * CELL,
            (max(cols) + MARGIN + 1) * CELL, (max(rows) + MARGIN + 1) * CELL]
    shapes, legal, centre = {}, {}, {}
    for t, spec in data["turns"].items():
        shapes[t] = [[r, c, motif_hex(book, book.motifs.index(m) + 2) if m in book.motifs
                      else motif_hex(book, 1), GLYPH.get(m, "")] for r, c, m in spec["sections"]]
        legal[t] = [f"{r},{c}" for r, c in spec["anchors"]]
        centre[t] = [spec["rows"] // 2, spec["cols"] // 2]
    return {"grid": "square", "layer": f'[data-garden-layer="{p}"]', "size": CELL, "area": area,
            "order": turn_order(data), "hint": place_hint(s), "cells": shapes, "centre": centre,
            "legal": legal, "action": ["place", "$a", "$b", "$o"], "key": f"{data['card']}:{len(s.log)}"}


def turn_order(data: dict) -> list[str]:
    """The turns in rotation order, starting with the first in which the card fits: the board
    shows the card first in that turn, its legal spots marked, so a card that fits only turned
    never shows a garden without a green spot (``r`` turns it on from there)."""
    order = list(data["turns"])
    fits = [k for k, t in enumerate(order) if data["turns"][t]["anchors"]]
    start = fits[0] if fits else 0
    return order[start:] + order[:start]


def board(state, bots: Mapping[int, Bot] | None = None, **kwargs) -> Board:
    """A live board for ``state``; ``bots`` play the seats they map."""
    return Board(state, bots=bots, render=lambda s: s.to_svg(interactive=True), preview=preview,
                 **kwargs)
