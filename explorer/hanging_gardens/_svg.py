"""SVG of a position of The Hanging Gardens: the face-up cards, the point-tile board and every
garden, drawn as overlapping cards with motifs, temples and groups outlined.

The same drawing serves the live board (``interactive=True``) and static copies (notebooks,
exported pages). Elements carry stable classes and ``data-*`` attributes:

- ``.card-space[data-target='["card", space]']`` a face-up building card (``.section`` cells);
- ``.tile-space[data-target='["tile", column, row]']`` a face-up point tile, ``.stack`` a stack;
  the columns a group being scored may take from are marked ``.open``;
- ``.garden[data-player]`` a garden; inside it ``.garden-layer[data-garden-layer]`` is drawn in
  garden coordinates (square (row, col) spans ``col*CELL .. (col+1)*CELL`` across), where a live
  board's card preview moves; ``.square[data-target='["square", player, row, col]']``,
  ``.temple``, ``.card-outline`` (``.last`` for the card placed last), ``.group`` outlines of
  groups of three or more equal motifs (``data-temple`` says whether one stands in it);
- with ``interactive=True`` every element that stands for a legal action also has
  ``data-action`` (the action as JSON) and the class ``legal``;
- every element has a tooltip (``<title>``); a game on placeholder data says so under the
  drawing (class ``placeholder-note``) and placeholder cards are dashed.
"""

from __future__ import annotations

import json

from .. import svg
from ._actions import DISCARD, SCORE, TILE, decline, discard, hidden, move_temple, take, temple, tile
from ._grid import BLANK, W, bits, group_at, rc
from ._words import motif_hex, player_label, status

__all__ = ["state_svg", "CELL", "garden_origin", "MARGIN"]

CELL = 22
"""Side of a garden square, in SVG units."""
CARD_CELL = 13
MARGIN = 3
"""Empty squares drawn around a garden, so a card can be previewed beyond its edge."""
GLYPH = {"terrace": "T", "park": "P", "arcade": "A", "fountain": "F"}


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _act(attrs: dict, action, legal: set, interactive: bool) -> dict:
    """Give an element its action (legal ones framed green) when the board is live."""
    if interactive:
        attrs["data-action"] = json.dumps(action.to_json())
        if action in legal:
            attrs["class_"] = attrs.get("class_", "") + " legal"
    return attrs


def _glyph(book, code: int) -> str:
    return GLYPH.get(book.motif_name(code), book.motif_name(code)[:1].upper()) if code > BLANK else ""


def _mini_card(book, card: int, x: float, y: float, size: float) -> str:
    parts = []
    for i, code in enumerate(book.sections[card]):
        r, c = divmod(i, 3)
        parts.append(svg.el("rect", {"class_": "section", "x": x + c * size, "y": y + r * size,
                                     "width": size, "height": size, "fill": motif_hex(book, code),
                                     "stroke": "#7a6a50", "stroke_width": 0.5}))
        if code > BLANK:
            parts.append(svg.text(x + c * size + size / 2, y + r * size + size * 0.7,
                                  _glyph(book, code), font_size=size * 0.55, text_anchor="middle",
                                  fill="#222", pointer_events="none"))
    return "".join(parts)


def _top(s, legal: set, interactive: bool) -> tuple[str, float]:
    book = s.book
    parts = [svg.text(8, 16, status(s), font_size=12, class_="status")]
    parts.append(svg.text(8, 34, "Face-up building cards", font_size=11, fill="#555"))
    x = 8
    for k, card in enumerate(s.display):
        attrs = {"class_": "card-space", "data-target": _target("card", k + 1)}
        w, h = 3 * CARD_CELL + 8, 2 * CARD_CELL + 22
        tip = (f"Card space {k + 1}: {book.card_text(card)}" if card >= 0 else
               f"Card space {k + 1}: taken this round")
        body = [svg.title(tip),
                svg.el("rect", {"x": x, "y": 40, "width": w, "height": h, "rx": 4, "fill": "#fbf7ea",
                                "stroke": "#999", "class_": "frame"})]
        if card >= 0:
            body.append(_mini_card(book, card, x + 4, 44, CARD_CELL))
            body.append(svg.text(x + 4, 44 + 2 * CARD_CELL + 12, f"{k + 1}: {book.card_ids[card]}",
                                 font_size=9))
            _act(attrs, take(k + 1), legal, interactive and s.phase == "take")
            if take(k + 1) in legal:
                body.append(_frame(x, 40, w, h))
        parts.append(svg.el("g", attrs, *body))
        x += w + 8
    # the point tiles: three columns of two, then the two face-down stacks
    tx = max(x, 8 + 4 * (3 * CARD_CELL + 16)) + 14
    parts.append(svg.text(tx, 34, "Point tiles", font_size=11, fill="#555"))
    # hanging_gardens.tile.group-of-*: the columns the group being scored may take from
    open_cols = set(book.columns_open(s.pending[0])) if s.phase == TILE else set()
    for col in range(1, max(book.space_column) + 1):
        parts.append(svg.text(tx + (col - 1) * 92 + 43, 108, f"column {col}: groups of "
                              f"{book.column_min[col - 1]}+", font_size=7.5, fill="#666",
                              text_anchor="middle"))
    for sp, kind in enumerate(s.faceup):
        col, row = book.space_column[sp], book.space_row[sp]
        x0, y0 = tx + (col - 1) * 92, 40 + (row - 1) * 30
        cls = "tile-space" + (" open" if col in open_cols else "")
        attrs = {"class_": cls, "data-target": _target("tile", col, row)}
        name = book.tile_name(kind) if kind >= 0 else "empty"
        tip = f"{book.space_name(sp)}: {name}"
        body = [svg.title(tip),
                svg.el("rect", {"x": x0, "y": y0, "width": 86, "height": 26, "rx": 4,
                                "fill": "#f6f0dc" if kind >= 0 else "none",
                                "stroke": "#2e7d32" if col in open_cols else "#8a7a5a",
                                "stroke_width": 2.5 if col in open_cols else 1})]
        if kind >= 0:
            body.append(svg.text(x0 + 6, y0 + 17, name, font_size=11))
        if interactive and s.phase == TILE:
            _act(attrs, tile(col, row), legal, True)
        parts.append(svg.el("g", attrs, *body))
    sx = tx + 3 * 92 + 6
    for k, h in enumerate(s.heights):
        parts.append(svg.el("g", {"class_": "stack", "data-target": _target("stack", k + 1)},
                            svg.title(f"Face-down stack {k + 1}: {h} tiles"),
                            svg.el("rect", {"x": sx + k * 40, "y": 40, "width": 34, "height": 56,
                                            "rx": 4, "fill": "#6d5a3c"}),
                            svg.text(sx + k * 40 + 17, 72, h, font_size=12, fill="#fff",
                                     text_anchor="middle")))
    # the choices that are not places
    buttons = []
    if s.phase == SCORE or s.phase == "bonus":
        buttons.append(("Do not score (decline)", decline()))
    if s.phase == "bonus":
        buttons.append(("Draw the hidden tile", hidden()))
    if s.phase == DISCARD:
        buttons.append(("Discard the card", discard()))
    bx = sx + 90
    for k, (text, action) in enumerate(buttons):
        ok = action in legal
        attrs = _act({"class_": "choice", "data-kind": action.kind}, action, legal, interactive)
        parts.append(svg.el("g", attrs,
                            svg.el("rect", {"x": bx, "y": 40 + k * 30, "width": 170, "height": 24,
                                            "rx": 5, "fill": "#e3f4e1" if ok else "#eee",
                                            "stroke": "#2e7d32" if ok else "#999"}),
                            svg.text(bx + 8, 56 + k * 30, text, font_size=11)))
    return "".join(parts), 118


def _frame(x: float, y: float, w: float, h: float) -> str:
    return svg.el("rect", {"x": x - 1, "y": y - 1, "width": w + 2, "height": h + 2, "rx": 5,
                           "fill": "none", "stroke": "#2e7d32", "stroke_width": 3,
                           "pointer_events": "none", "class_": "legal-mark"})


def _ink(colour: str) -> str:
    """A colour to write a seat's name in: its own, or dark grey when it is too light to read."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#333"
    return "#555" if 0.299 * r + 0.587 * g + 0.114 * b > 170 else colour


def garden_origin(s, p: int) -> tuple[int, int]:
    """The (row, col) of the top-left square a garden's drawing shows (margin included)."""
    cells = bits(s.gardens[p].occ)
    return (min(rc(i)[0] for i in cells) - MARGIN, min(rc(i)[1] for i in cells) - MARGIN)


def _extent(s, p: int) -> tuple[int, int, int, int]:
    cells = bits(s.gardens[p].occ)
    rows = [rc(i)[0] for i in cells]
    cols = [rc(i)[1] for i in cells]
    return min(rows) - MARGIN, min(cols) - MARGIN, max(rows) + MARGIN, max(cols) + MARGIN


def _groups(grid: bytes, cells: list[int]) -> list[list[int]]:
    seen: set[int] = set()
    out = []
    for i in cells:
        if grid[i] > BLANK and i not in seen:
            grp = group_at(grid, i)
            seen.update(grp)
            if len(grp) >= 3:
                out.append(grp)
    return out


def _outline(grp: list[int]) -> str:
    """The border of a group of squares as one path (edges not shared with another square)."""
    inside = set(grp)
    d = []
    for i in grp:
        r, c = rc(i)
        x, y = c * CELL, r * CELL
        if i - W not in inside:
            d.append(f"M{x},{y}h{CELL}")
        if i + W not in inside:
            d.append(f"M{x},{y + CELL}h{CELL}")
        if i - 1 not in inside:
            d.append(f"M{x},{y}v{CELL}")
        if i + 1 not in inside:
            d.append(f"M{x + CELL},{y}v{CELL}")
    return "".join(d)


def _garden(s, p: int, y: float, legal: set, interactive: bool) -> tuple[str, float, float]:
    book = s.book
    g = s.gardens[p]
    r0, c0, r1, c1 = _extent(s, p)
    mover = s.mover == p and not s.is_over
    colour = s.player_colour(p)[1]
    ink = _ink(colour)
    held = s.tile_count(p)
    tiles = (f"{held} tile{'s' if held != 1 else ''} face down" if s.unknown[p] else
             ", ".join(f"{n} {book.tile_name(k)}" for k, n in enumerate(s.tiles[p]) if n) or "no tiles")
    head = f"{player_label(s, p)}{'  (to play)' if mover else ''}"
    sub = (f"{tiles}; temples left {s.temples_left(p)}"
           + (f"; {s.missed[p]} tile(s) missed" if s.missed[p] else ""))
    ox, oy = 30, y + 48
    lx, ly = ox - c0 * CELL, oy - r0 * CELL          # where square (0, 0) lies
    layer = []
    grid = g.grid
    cells = bits(g.occ)
    scoring = mover and s.phase == SCORE
    moving = mover and s.phase == "move"
    for i in cells:
        r, c = rc(i)
        code = grid[i]
        name = book.motif_name(code) if code > BLANK else "blank building ground"
        attrs = {"class_": "square", "data-target": _target("square", p, r, c),
                 "data-motif": name}
        inner = [svg.title(f"row {r}, column {c}: {name}"),
                 svg.el("rect", {"x": c * CELL, "y": r * CELL, "width": CELL, "height": CELL,
                                 "fill": motif_hex(book, code), "stroke": "#b5a98f",
                                 "stroke_width": 0.6})]
        if code > BLANK:
            inner.append(svg.text(c * CELL + CELL / 2, r * CELL + CELL * 0.68, _glyph(book, code),
                                  font_size=CELL * 0.5, text_anchor="middle", fill="#333",
                                  pointer_events="none"))
        if scoring and code > BLANK:
            _act(attrs, temple(r, c), legal, interactive)
            if temple(r, c) in legal:                 # a white-and-green ring shows on any motif
                for stroke, width, dash in (("#fff", 4, None), ("#1b5e20", 2, "3 2")):
                    inner.append(svg.el("rect", {"x": c * CELL + 2.5, "y": r * CELL + 2.5,
                                                 "width": CELL - 5, "height": CELL - 5, "rx": 3,
                                                 "fill": "none", "stroke": stroke,
                                                 "stroke_width": width, "stroke_dasharray": dash,
                                                 "pointer_events": "none", "class_": "legal-mark"}))
        layer.append(svg.el("g", attrs, *inner))
    # card outlines, oldest first: the last card placed drawn bold
    for n, (card, anchor, turn) in enumerate(g.placed):
        o = book.orient[card][turn]
        r, c = rc(anchor)
        last = n == len(g.placed) - 1 and n > 0
        placeholder = card in book.placeholder_cards
        layer.append(svg.el("rect", {"x": c * CELL, "y": r * CELL, "width": o.cols * CELL,
                                     "height": o.rows * CELL, "fill": "none",
                                     "stroke": "#222" if last else "#6b5d45",
                                     "stroke_width": 2.4 if last else 1,
                                     "stroke_opacity": 1 if last else 0.45,
                                     "stroke_dasharray": "4 2" if placeholder and not last else None,
                                     "class_": "card-outline" + (" last" if last else ""),
                                     "data-card": book.card_ids[card], "pointer_events": "none"}))
    # groups of three or more equal motifs
    for grp in _groups(grid, cells):
        has = any(t in grp for t in g.temples)
        layer.append(svg.el("path", {"d": _outline(grp), "fill": "none",
                                     "stroke": ink if has else "#222",
                                     "stroke_width": 3 if has else 2, "stroke_linecap": "square",
                                     "class_": "group", "data-temple": str(has).lower(),
                                     "data-size": len(grp), "pointer_events": "none"}))
    for t in g.temples:
        r, c = rc(t)
        x, yy = c * CELL, r * CELL
        attrs = {"class_": "temple", "data-target": _target("temple", p, r, c)}
        if moving:
            _act(attrs, move_temple(r, c), legal, interactive)
        shape = svg.el("polygon", {"points": f"{x + CELL / 2},{yy + 2} {x + CELL - 3},{yy + 8} "
                                             f"{x + CELL - 5},{yy + CELL - 3} {x + 5},{yy + CELL - 3} "
                                             f"{x + 3},{yy + 8}",
                                   "fill": colour, "stroke": "#111", "stroke_width": 1.2})
        layer.append(svg.el("g", attrs, svg.title(f"A temple of {player_label(s, p)} at row {r}, "
                                                  f"column {c}"), shape))
    for c in range(c0, c1 + 1):
        layer.append(svg.text(c * CELL + CELL / 2, r0 * CELL - 3, c, font_size=7.5, fill="#888",
                              text_anchor="middle"))
    for r in range(r0, r1 + 1):
        layer.append(svg.text(c0 * CELL - 3, r * CELL + CELL * 0.65, r, font_size=7.5, fill="#888",
                              text_anchor="end"))
    width = max(ox + (c1 - c0 + 1) * CELL + 12, 7 * max(len(head), len(sub) * 0.85))
    height = (r1 - r0 + 1) * CELL + 56
    body = [svg.el("rect", {"x": 4, "y": y, "width": width, "height": height, "rx": 6,
                            "fill": "#fffdf6", "stroke": ink, "stroke_width": 3 if mover else 1.2,
                            "class_": "garden-frame"}),
            svg.el("circle", {"cx": 16, "cy": y + 12, "r": 6, "fill": colour, "stroke": "#333"}),
            svg.text(27, y + 16, head, font_size=12, font_weight="bold", fill=ink),
            svg.text(10, y + 30, sub, font_size=10, fill="#444"),
            svg.el("g", {"class_": "garden-layer", "data-garden-layer": p,
                         "transform": f"translate({svg.fmt(lx)},{svg.fmt(ly)})"}, *layer)]
    return svg.el("g", {"class_": "garden", "data-player": p}, *body), width + 8, height + 8


def state_svg(s, interactive: bool = False) -> str:
    """The whole table; with ``interactive`` every place carries its action."""
    legal = set(s.legal_actions()) if interactive and not s.is_chance_node else set()
    top, y = _top(s, legal, interactive)
    parts = [top]
    width = 900.0
    x, row_h = 0.0, 0.0
    placed = []
    for p in range(s.players):                    # gardens side by side, two to a row
        body, w, h = _garden(s, p, 0, legal, interactive)
        placed.append((body, w, h))
    col_w = max(w for _, w, _ in placed)
    for p, (body, w, h) in enumerate(placed):
        if p % 2 == 0 and p:
            y += row_h
            row_h = 0.0
        x = (p % 2) * col_w
        parts.append(svg.el("g", {"transform": f"translate({svg.fmt(x)},{svg.fmt(y)})"}, body))
        row_h = max(row_h, h)
        width = max(width, x + w)
    y += row_h
    data = s.info.data
    if data is not None and getattr(data, "has_placeholders", False):
        parts.append(svg.text(8, y + 12, "Placeholder data: the building cards, some tile values and "
                              "the temple colours are made up (load_data().placeholders()).",
                              font_size=10, fill="#8a6d00", class_="placeholder-note"))
        y += 18
    return svg.doc(width, y + 6, "".join(parts), class_="hanging-gardens",
                   **{"data-turn": len(s.log), "data-phase": s.phase,
                      "data-player": s.current_player, "data-over": str(s.is_over).lower()})
