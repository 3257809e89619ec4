"""Static SVG of a position: the face-up cards, the point-tile board and every garden.

A plain drawing for notebooks, exported pages and the board's fallback. Elements carry stable
classes and ``data-*`` attributes:

- ``.card-space[data-target='["card", space]']`` a face-up building card (``.section`` cells);
- ``.tile-space[data-target='["tile", column, row]']`` a face-up point tile, ``.stack`` a stack;
- ``.garden[data-player]`` a garden, with ``.square[data-target='["square", player, row, col]']``
  and ``.temple``; the squares of the card placed last have the class ``last``;
- with ``interactive=True`` every element that stands for a legal action also has
  ``data-action`` (the action as JSON) and the class ``legal``;
- a game on placeholder data says so under the drawing (class ``placeholder-note``).
"""

from __future__ import annotations

import json

from .. import svg
from ._actions import move_temple, take, temple, tile
from ._grid import BLANK, rc
from ._words import motif_hex, player_label, status

CELL = 18
CARD_CELL = 12


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _clickable(attrs: dict, action, legal: set, interactive: bool) -> dict:
    if interactive and action in legal:
        attrs["data-action"] = json.dumps(action.to_json())
        attrs["class_"] += " legal"
    return attrs


def _card(book, card: int, x: float, y: float, size: float) -> str:
    parts = []
    for i, code in enumerate(book.sections[card]):
        r, c = divmod(i, 3)
        parts.append(svg.el("rect", {"class_": "section", "x": x + c * size, "y": y + r * size,
                                     "width": size, "height": size, "fill": motif_hex(book, code),
                                     "stroke": "#7a6a50", "stroke_width": 0.5}))
    return "".join(parts)


def _top(s, legal: set, interactive: bool) -> tuple[str, float]:
    book = s.book
    parts = [svg.text(8, 18, status(s), font_size=12, class_="status")]
    x = 8
    for k, card in enumerate(s.display):
        attrs = {"class_": "card-space", "data-target": _target("card", k + 1),
                 "transform": f"translate({x},28)"}
        body = [svg.el("rect", {"x": -3, "y": -3, "width": 3 * CARD_CELL + 6, "height": 2 * CARD_CELL + 18,
                                "fill": "none", "stroke": "#999", "rx": 3})]
        if card >= 0:
            body.append(_card(book, card, 0, 0, CARD_CELL))
            body.append(svg.text(0, 2 * CARD_CELL + 11, book.card_ids[card], font_size=9))
        parts.append(svg.el("g", _clickable(attrs, take(k + 1), legal, interactive), *body))
        x += 3 * CARD_CELL + 14
    tx = max(x, 8 + 4 * (3 * CARD_CELL + 14)) + 10
    for sp, kind in enumerate(s.faceup):
        col, row = book.space_column[sp], book.space_row[sp]
        attrs = {"class_": "tile-space", "data-target": _target("tile", col, row)}
        x0, y0 = tx + (col - 1) * 78, 26 + (row - 1) * 22
        body = [svg.el("rect", {"x": x0, "y": y0, "width": 74, "height": 19, "rx": 3,
                                "fill": "#f6f0dc" if kind >= 0 else "none", "stroke": "#8a7a5a"})]
        if kind >= 0:
            body.append(svg.text(x0 + 4, y0 + 13, book.tile_name(kind), font_size=10))
        parts.append(svg.el("g", _clickable(attrs, tile(col, row), legal, interactive), *body))
    for c in range(1, max(book.space_column) + 1):
        parts.append(svg.text(tx + (c - 1) * 78 + 20, 80, f"column {c}", font_size=9, fill="#666"))
    sx = tx + 3 * 78 + 8
    for k, h in enumerate(s.heights):
        parts.append(svg.el("g", {"class_": "stack", "data-target": _target("stack", k + 1)},
                            svg.el("rect", {"x": sx + k * 44, "y": 26, "width": 40, "height": 41,
                                            "rx": 3, "fill": "#6d5a3c"}),
                            svg.text(sx + k * 44 + 8, 51, h, font_size=12, fill="#fff")))
    return "".join(parts), 96


def _garden(s, p: int, y: float, legal: set, interactive: bool) -> tuple[str, float, float]:
    book = s.book
    g = s.gardens[p]
    cells = []
    m = g.occ
    while m:
        low = m & -m
        cells.append(low.bit_length() - 1)
        m ^= low
    rows = [rc(i)[0] for i in cells]
    cols = [rc(i)[1] for i in cells]
    r0, c0 = min(rows), min(cols)
    last = set()
    if len(g.placed) > 1:
        card, anchor, turn = g.placed[-1]
        last = {anchor + o for o in book.orient[card][turn].cells}
    ox, oy = 30, y + 34
    held = s.tile_count(p)
    hidden = f"{held} tile{'s' if held != 1 else ''} face down" if s.unknown[p] else ", ".join(
        f"{n} {book.tile_name(k)}" for k, n in enumerate(s.tiles[p]) if n) or "no tiles"
    parts = [svg.text(8, y + 14, f"{player_label(s, p)}: {hidden}; temples left "
                      f"{s.temples_left(p)}", font_size=12, font_weight="bold")]
    for i in cells:
        r, c = rc(i)
        code = g.grid[i]
        attrs = {"class_": "square" + (" last" if i in last else ""),
                 "data-target": _target("square", p, r, c),
                 "x": ox + (c - c0) * CELL, "y": oy + (r - r0) * CELL, "width": CELL, "height": CELL,
                 "fill": motif_hex(book, code), "stroke": "#333" if i in last else "#8a7a5a",
                 "stroke_width": 1.5 if i in last else 0.5}
        if p == s.mover and code > BLANK:
            attrs = _clickable(attrs, temple(r, c), legal, interactive)
        parts.append(svg.el("rect", attrs))
    colour = s.player_colour(p)[1]
    for t in g.temples:
        r, c = rc(t)
        x, yy = ox + (c - c0) * CELL, oy + (r - r0) * CELL
        attrs = {"class_": "temple", "data-target": _target("temple", p, r, c),
                 "points": f"{x + CELL / 2},{yy + 3} {x + CELL - 3},{yy + CELL - 3} {x + 3},{yy + CELL - 3}",
                 "fill": colour, "stroke": "#222"}
        if p == s.mover:
            attrs = _clickable(attrs, move_temple(r, c), legal, interactive)
        parts.append(svg.el("polygon", attrs))
    for c in range(c0, max(cols) + 1):
        parts.append(svg.text(ox + (c - c0) * CELL + 4, oy - 4, c, font_size=8, fill="#777"))
    for r in range(r0, max(rows) + 1):
        parts.append(svg.text(8, oy + (r - r0) * CELL + 12, r, font_size=8, fill="#777"))
    width = ox + (max(cols) - c0 + 1) * CELL + 10
    height = (max(rows) - r0 + 1) * CELL + 44
    return svg.el("g", {"class_": "garden", "data-player": p}, *parts), width, height


def state_svg(s, interactive: bool = False) -> str:
    legal = set(s.legal_actions()) if interactive else set()
    top, y = _top(s, legal, interactive)
    parts = [top]
    width = 560.0
    for p in range(s.players):
        body, w, h = _garden(s, p, y, legal, interactive)
        parts.append(body)
        width = max(width, w)
        y += h + 8
    data = s.info.data
    if data is not None and getattr(data, "has_placeholders", False):
        parts.append(svg.text(8, y + 12, "Placeholder data: the building cards, some tile values and "
                              "the temple colours are made up (load_data().placeholders()).",
                              font_size=10, fill="#8a6d00", class_="placeholder-note"))
        y += 18
    return svg.doc(width, y + 6, "".join(parts), class_="hanging-gardens")
