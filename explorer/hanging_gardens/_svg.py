"""SVG of a position of The Hanging Gardens: the face-up cards, the point-tile board and every
garden, drawn as overlapping cards with motifs, temples and groups outlined.

The drawing is laid out for a room: it is :data:`WIDTH` units wide, so a live board shown at the
width of a notebook's output (about 970 px in JupyterLab with the file browser open) draws every
label at 12 px or more. The cards, tiles and stacks lie along the top; under them a line says what
to do (with the buttons of choices that are not places); then the gardens, two to a row (one to a
row when a garden grows too wide), every garden at the same scale.

The same drawing serves the live board (``interactive=True``) and static copies (notebooks,
exported pages). Elements carry stable classes and ``data-*`` attributes:

- ``.card-space[data-target='["card", space]']`` a face-up building card (``.section`` cells);
- ``.tile-space[data-target='["tile", column, row]']`` a face-up point tile, ``.stack`` a stack;
  the columns a group being scored may take from are marked ``.open``;
- ``.prompt`` the line under them: what to do now (the status in a static copy);
- ``.garden[data-player]`` a garden; inside it ``.garden-layer[data-garden-layer]`` is drawn in
  garden coordinates (square (row, col) spans ``col*CELL .. (col+1)*CELL`` across), where a live
  board's card preview moves; ``.square[data-target='["square", player, row, col]']``,
  ``.temple``, ``.card-outline`` (``.last`` for the card placed last), ``.group`` outlines of
  groups of three or more equal motifs (``data-temple`` says whether one stands in it);
- with ``interactive=True`` every element that stands for a legal action also has
  ``data-action`` (the action as JSON) and the class ``legal``;
- every element has a tooltip (``<title>``); a game on placeholder data says so under the
  drawing (class ``placeholder-note``) and placeholder cards are dashed;
- the top, the prompt and each garden are parts (``svg.part``): a live board redraws only the
  ones a click changed.
"""

from __future__ import annotations

import json

from .. import svg
from ._actions import (BONUS, DISCARD, MOVE, PLACE, SCORE, TAKE, TILE, decline, discard, hidden,
                       move_temple, take, temple, tile)
from ._grid import BLANK, TURN_NAMES, W, bits, group_at, rc
from ._setup import allowed_turns
from ._words import motif_hex, player_label, status

__all__ = ["state_svg", "CELL", "garden_origin", "MARGIN", "WIDTH", "place_hint"]

WIDTH = 968
"""Width of the drawing, in SVG units: a live board draws it across the output's width, so in a
room (JupyterLab at 1400 px with the file browser open) a unit is a pixel."""
CELL = 28
"""Side of a garden square, in SVG units."""
CARD_CELL = 24
MARGIN = 2
"""Empty squares drawn around a garden, so a card can be previewed beyond its edge (a card's
blank sections reach at most two squares past the garden)."""
GLYPH = {"terrace": "T", "park": "P", "arcade": "A", "fountain": "F"}
FONT = {"head": 16, "text": 14, "small": 13, "number": 13}
"""Type sizes, in SVG units (pixels in a room): nothing smaller than 13."""
GAP = 10
GUTTER = 30
"""Room left of a garden's grid for its row numbers (and above it for its column numbers)."""


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


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines at most ``width`` units wide in type of ``size`` (DejaVu Sans
    averages under 0.58 em a character; words are never cut)."""
    per = max(8, int(width / (0.58 * size)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines or [""]


def _lines(x: float, y: float, lines: list[str], size: float, step: float, **attrs) -> str:
    return "".join(svg.text(x, y + k * step, line, font_size=size, **attrs)
                   for k, line in enumerate(lines))


def _mini_card(book, card: int, x: float, y: float, size: float) -> str:
    parts = []
    for i, code in enumerate(book.sections[card]):
        r, c = divmod(i, 3)
        parts.append(svg.el("rect", {"class_": "section", "x": x + c * size, "y": y + r * size,
                                     "width": size, "height": size, "fill": motif_hex(book, code),
                                     "stroke": "#7a6a50", "stroke_width": 0.6}))
        if code > BLANK:
            parts.append(svg.text(x + c * size + size / 2, y + r * size + size * 0.7,
                                  _glyph(book, code), font_size=FONT["small"], text_anchor="middle",
                                  fill="#222", pointer_events="none"))
    return "".join(parts)


CARD_W, CARD_H, CARD_STEP = 3 * CARD_CELL + 10, 2 * CARD_CELL + 30, 3 * CARD_CELL + 18
TILE_W, TILE_H, TILE_STEP = 112, 32, 120
TOP = 28
"""Where the cards, tiles and stacks begin (their headings above)."""


def _top(s, legal: set, interactive: bool) -> tuple[str, float]:
    """The face-up cards, the point tiles and the stacks; returns the SVG and the height."""
    book = s.book
    grey = {"font_size": FONT["small"], "fill": "#555"}
    parts = [svg.text(8, 18, "Face-up building cards", **grey)]
    x = 8
    for k, card in enumerate(s.display):
        attrs = {"class_": "card-space", "data-target": _target("card", k + 1)}
        tip = (f"Card space {k + 1}: {book.card_text(card)}" if card >= 0 else
               f"Card space {k + 1}: taken this round")
        body = [svg.title(tip),
                svg.el("rect", {"x": x, "y": TOP, "width": CARD_W, "height": CARD_H, "rx": 5,
                                "fill": "#fbf7ea", "stroke": "#999", "class_": "frame"})]
        if card >= 0:
            body.append(_mini_card(book, card, x + 5, TOP + 5, CARD_CELL))
            body.append(svg.text(x + 5, TOP + 5 + 2 * CARD_CELL + 19,
                                 f"{k + 1}: {book.card_ids[card]}", font_size=FONT["small"]))
            _act(attrs, take(k + 1), legal, interactive and s.phase == TAKE)
            if take(k + 1) in legal:
                body.append(_frame(x, TOP, CARD_W, CARD_H))
        parts.append(svg.el("g", attrs, *body))
        x += CARD_STEP
    # the point tiles: three columns of two, then the two face-down stacks
    tx = 8 + 4 * CARD_STEP + 12
    parts.append(svg.text(tx, 18, "Point tiles", **grey))
    # hanging_gardens.tile.group-of-*: the columns the group being scored may take from
    open_cols = set(book.columns_open(s.pending[0])) if s.phase == TILE else set()
    columns = max(book.space_column)
    for col in range(1, columns + 1):
        parts.append(svg.el("text", {"x": tx + (col - 1) * TILE_STEP + TILE_W / 2,
                                     "y": TOP + 2 * TILE_H + 6 + 18, "font_size": FONT["number"],
                                     "fill": "#555", "text_anchor": "middle"},
                            svg.title(f"column {col}: a group of {book.column_min[col - 1]} or "
                                      "more may take from it"),
                            f"groups of {book.column_min[col - 1]}+"))
    for sp, kind in enumerate(s.faceup):
        col, row = book.space_column[sp], book.space_row[sp]
        x0, y0 = tx + (col - 1) * TILE_STEP, TOP + (row - 1) * (TILE_H + 6)
        cls = "tile-space" + (" open" if col in open_cols else "")
        attrs = {"class_": cls, "data-target": _target("tile", col, row)}
        name = book.tile_name(kind) if kind >= 0 else "empty"
        body = [svg.title(f"{book.space_name(sp)}: {name}"),
                svg.el("rect", {"x": x0, "y": y0, "width": TILE_W, "height": TILE_H, "rx": 5,
                                "fill": "#f6f0dc" if kind >= 0 else "none",
                                "stroke": "#2e7d32" if col in open_cols else "#8a7a5a",
                                "stroke_width": 3 if col in open_cols else 1})]
        if kind >= 0:
            body.append(svg.text(x0 + 7, y0 + 21, name, font_size=FONT["small"]))
        if interactive and s.phase == TILE:
            _act(attrs, tile(col, row), legal, True)
        parts.append(svg.el("g", attrs, *body))
    sx = tx + columns * TILE_STEP + 6
    parts.append(svg.text(sx, 18, "Stacks", **grey))
    for k, h in enumerate(s.heights):
        parts.append(svg.el("g", {"class_": "stack", "data-target": _target("stack", k + 1)},
                            svg.title(f"Face-down stack {k + 1}: {h} tiles"),
                            svg.el("rect", {"x": sx + k * 52, "y": TOP, "width": 44,
                                            "height": 2 * TILE_H + 6, "rx": 5, "fill": "#6d5a3c"}),
                            svg.text(sx + k * 52 + 22, TOP + TILE_H + 9, h, font_size=FONT["head"],
                                     fill="#fff", text_anchor="middle")))
    return "".join(parts), TOP + 2 * TILE_H + 6 + 28


def _buttons(s, legal: set, interactive: bool, y: float) -> tuple[str, float]:
    """The choices that are not places, as buttons from the left; returns the SVG and where the
    line's text may begin."""
    buttons = []
    if s.phase == SCORE or s.phase == BONUS:
        buttons.append(("Do not score (decline)" if s.phase == SCORE else "No hidden tile (decline)",
                        decline()))
    if s.phase == BONUS:
        buttons.append(("Draw the hidden tile", hidden()))
    if s.phase == DISCARD:
        buttons.append(("Discard the card", discard()))
    x = 8.0
    parts = []
    for text, action in buttons:
        ok = action in legal
        w = 0.61 * FONT["text"] * len(text) + 24
        attrs = _act({"class_": "choice", "data-kind": action.kind}, action, legal, interactive)
        parts.append(svg.el("g", attrs,
                            svg.el("rect", {"x": x, "y": y, "width": w, "height": 32, "rx": 6,
                                            "fill": "#e3f4e1" if ok else "#eee",
                                            "stroke": "#2e7d32" if ok else "#999",
                                            "stroke_width": 2 if ok else 1}),
                            svg.text(x + 12, y + 21, text, font_size=FONT["text"])))
        x += w + 10
    return "".join(parts), x


def place_hint(s) -> str:
    """How to place the taken card by clicking, and in which turns it fits (the board shows it
    first in a turn in which it fits: see ``widgets.turn_order``)."""
    counts = [m.bit_count() for m in s.pending[1].masks]
    allowed = allowed_turns(s.info)
    fits = [t for t in allowed if counts[t]]
    turn = ""
    if len(allowed) > 1:
        turn = " Press r (or Rotate \u21bb) to turn it."
        if fits and fits[0] != allowed[0]:
            turn = (f" It does not fit as printed, so the board shows it {TURN_NAMES[fits[0]]}; it "
                    f"fits in {len(fits)} of its {len(allowed)} turns (r turns it).")
        elif len(fits) < len(allowed):
            turn = f" It fits in {len(fits)} of its {len(allowed)} turns (r turns it)."
    return (f"{player_label(s, s.mover)}: move the card over your garden and click a green spot "
            f"to place it.{turn}")


def _hint(s) -> str:
    """What the player to move does now, by clicking."""
    if s.is_over:
        return "Game over: every tile is turned up; the points are in the table under the board."
    if s.is_chance_node:
        return status(s)
    who = player_label(s, s.mover)
    ph = s.phase
    if ph == TAKE:
        return f"{who}: click one of the face-up building cards (framed green) to take it."
    if ph == PLACE:
        return place_hint(s)
    if ph == SCORE:
        return "or click a section of a group framed green to put a temple there and score it."
    if ph == MOVE:
        return f"{who}: click the temple that moves to the new group (one of your smallest groups)."
    if ph == BONUS:
        return "A group of 6 or more may first draw a hidden tile from a stack; then a face-up tile."
    if ph == TILE:
        return f"{who}: take a point tile from a column framed green."
    if ph == DISCARD:
        return "The card fits nowhere in your garden: it goes back in the box."
    return status(s)


def _prompt(s, legal: set, interactive: bool, y: float) -> tuple[str, float]:
    """The line under the cards: the buttons, and what to do (the status in a static copy)."""
    buttons, x = _buttons(s, legal, interactive, y)
    text = _hint(s) if interactive else status(s)
    size = FONT["text"]
    lines = wrap(text, WIDTH - 8 - x, size)
    body = _lines(x + 4, y + 21, lines, size, 19, class_="prompt-text")
    height = max(32, 19 * len(lines) + 13)
    return svg.el("g", {"class_": "prompt"}, buttons, body), height


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


def _garden_words(s, p: int) -> tuple[str, str]:
    """A garden's heading and the line under it (tiles held, temples left)."""
    book = s.book
    mover = s.mover == p and not s.is_over
    held = s.tile_count(p)
    tiles = (f"{held} tile{'s' if held != 1 else ''} face down" if s.unknown[p] else
             ", ".join(f"{n} {book.tile_name(k)}" for k, n in enumerate(s.tiles[p]) if n) or "no tiles")
    you = " (you)" if s.viewer == p and not s.is_over else ""
    head = player_label(s, p) + you + (" \u00b7 to play" if mover else "")
    missed = (f"; {s.missed[p]} missed tile{'s' if s.missed[p] != 1 else ''}" if s.missed[p] else "")
    return head, f"{tiles}; temples left {s.temples_left(p)}{missed}"


HEAD = 30
"""From a garden's frame to the first line under its heading."""
LINE = 18


def _garden_size(s, p: int) -> tuple[float, float]:
    """The width and height a garden's grid needs, its row and column numbers included."""
    r0, c0, r1, c1 = _extent(s, p)
    return GUTTER + (c1 - c0 + 1) * CELL, GUTTER + (r1 - r0 + 1) * CELL


_DRAWN: dict = {}
"""Gardens drawn lately, by what their drawing depends on: a click changes one garden, so the
others are not drawn again (a garden being scored, whose marks depend on the legal actions, is
always drawn)."""


def _garden(s, p: int, legal: set, interactive: bool, width: float, height: float,
            sub: list[str]) -> str:
    """A garden in a frame ``width`` by ``height`` whose top-left is (0, 0): its heading, the
    lines ``sub`` under it, then its grid, centred."""
    mover = s.mover == p and not s.is_over
    if mover and s.phase in (SCORE, MOVE):
        return _draw_garden(s, p, legal, interactive, width, height, sub)
    key = (id(s.book), p, s.gardens[p], _garden_words(s, p)[0], tuple(sub), width, height, mover,
           interactive)
    got = _DRAWN.get(key)
    if got is not None and got[0] is s.book:
        return got[1]
    if len(_DRAWN) > 256:
        _DRAWN.clear()
    drawn = _draw_garden(s, p, legal, interactive, width, height, sub)
    _DRAWN[key] = (s.book, drawn)
    return drawn


def _draw_garden(s, p: int, legal: set, interactive: bool, width: float, height: float,
                 sub: list[str]) -> str:
    book = s.book
    g = s.gardens[p]
    r0, c0, r1, c1 = _extent(s, p)
    mover = s.mover == p and not s.is_over
    colour = s.player_colour(p)[1]
    ink = _ink(colour)
    head = _garden_words(s, p)[0]
    gw, _ = _garden_size(s, p)
    top = HEAD + LINE * len(sub) + 4
    ox = (width - gw) / 2 + GUTTER
    oy = top + GUTTER
    lx, ly = ox - c0 * CELL, oy - r0 * CELL          # where square (0, 0) lies
    layer = []
    grid = g.grid
    cells = bits(g.occ)
    scoring = mover and s.phase == SCORE
    moving = mover and s.phase == MOVE
    glyph_size = FONT["text"]
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
            inner.append(svg.text(c * CELL + CELL / 2, r * CELL + CELL / 2 + glyph_size * 0.36,
                                  _glyph(book, code), font_size=glyph_size, text_anchor="middle",
                                  fill="#333", pointer_events="none"))
        if scoring and code > BLANK:
            _act(attrs, temple(r, c), legal, interactive)
            if temple(r, c) in legal:                 # a white-and-green ring shows on any motif
                for stroke, sw, dash in (("#fff", 4, None), ("#1b5e20", 2.4, "4 2")):
                    inner.append(svg.el("rect", {"x": c * CELL + 3, "y": r * CELL + 3,
                                                 "width": CELL - 6, "height": CELL - 6, "rx": 3,
                                                 "fill": "none", "stroke": stroke,
                                                 "stroke_width": sw, "stroke_dasharray": dash,
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
                                     "stroke_width": 2.8 if last else 1.2,
                                     "stroke_opacity": 1 if last else 0.45,
                                     "stroke_dasharray": "5 3" if placeholder and not last else None,
                                     "class_": "card-outline" + (" last" if last else ""),
                                     "data-card": book.card_ids[card], "pointer_events": "none"}))
    # groups of three or more equal motifs
    for grp in _groups(grid, cells):
        has = any(t in grp for t in g.temples)
        layer.append(svg.el("path", {"d": _outline(grp), "fill": "none",
                                     "stroke": ink if has else "#222",
                                     "stroke_width": 3.5 if has else 2.4, "stroke_linecap": "square",
                                     "class_": "group", "data-temple": str(has).lower(),
                                     "data-size": len(grp), "pointer_events": "none"}))
    for t in g.temples:
        r, c = rc(t)
        x, yy = c * CELL, r * CELL
        attrs = {"class_": "temple", "data-target": _target("temple", p, r, c)}
        if moving:
            _act(attrs, move_temple(r, c), legal, interactive)
        shape = svg.el("polygon", {"points": f"{x + CELL / 2},{yy + 3} {x + CELL - 4},{yy + 10} "
                                             f"{x + CELL - 6},{yy + CELL - 4} {x + 6},{yy + CELL - 4} "
                                             f"{x + 4},{yy + 10}",
                                   "fill": colour, "stroke": "#111", "stroke_width": 1.4})
        layer.append(svg.el("g", attrs, svg.title(f"A temple of {player_label(s, p)} at row {r}, "
                                                  f"column {c}"), shape))
    number = {"font_size": FONT["number"], "fill": "#777", "pointer_events": "none",
              "class_": "grid-number"}
    for c in range(c0, c1 + 1):
        layer.append(svg.text(c * CELL + CELL / 2, r0 * CELL - 7, c, text_anchor="middle", **number))
    for r in range(r0, r1 + 1):
        layer.append(svg.text(c0 * CELL - 5, r * CELL + CELL / 2 + 4, r, text_anchor="end",
                              **number))
    body = [svg.el("rect", {"x": 0, "y": 0, "width": width, "height": height, "rx": 7,
                            "fill": "#fffdf6", "stroke": ink, "stroke_width": 3.5 if mover else 1.4,
                            "class_": "garden-frame"}),
            svg.el("circle", {"cx": 16, "cy": 17, "r": 8, "fill": colour, "stroke": "#333"}),
            svg.text(31, 23, head, font_size=FONT["head"], font_weight="bold", fill=ink),
            _lines(GAP, HEAD + 14, sub, FONT["small"], LINE, fill="#444"),
            svg.el("g", {"class_": "garden-layer", "data-garden-layer": p,
                         "transform": f"translate({svg.fmt(lx)},{svg.fmt(ly)})"}, *layer)]
    return svg.el("g", {"class_": "garden", "data-player": p}, *body)


def state_svg(s, interactive: bool = False) -> str:
    """The whole table; with ``interactive`` every place carries its action."""
    legal = set(s.legal_actions()) if interactive and not s.is_chance_node else set()
    top, y = _top(s, legal, interactive)
    prompt, h = _prompt(s, legal, interactive, y)
    parts = [svg.part("top", top), svg.part("prompt", prompt)]     # a live board redraws only
    y += h + GAP                                                   # the parts that changed
    # the gardens, two to a row when they fit, every frame of a row as tall as the tallest
    sizes = [_garden_size(s, p) for p in range(s.players)]
    half = (WIDTH - 16 - GAP) / 2
    per_row = 2 if s.players > 1 and max(w for w, _ in sizes) + 2 * GAP <= half else 1
    slot = half if per_row == 2 else max(WIDTH - 16, max(w for w, _ in sizes) + 2 * GAP)
    width = max(WIDTH, 16 + per_row * slot + (per_row - 1) * GAP)
    subs = [wrap(_garden_words(s, p)[1], slot - 2 * GAP, FONT["small"]) for p in range(s.players)]
    for first in range(0, s.players, per_row):
        row = range(first, min(first + per_row, s.players))
        row_h = max(HEAD + LINE * len(subs[p]) + 4 + sizes[p][1] + GAP for p in row)
        for k, p in enumerate(row):
            body = _garden(s, p, legal, interactive, slot, row_h, subs[p])
            x = 8 + k * (slot + GAP)
            parts.append(svg.part(f"garden-{p}", svg.el(
                "g", {"transform": f"translate({svg.fmt(x)},{svg.fmt(y)})"}, body)))
        y += row_h + GAP
    data = s.info.data
    if data is not None and getattr(data, "has_placeholders", False):
        lines = wrap("Placeholder data: the building cards, some tile values and the temple colours "
                     "are made up.", width - 16, FONT["number"])
        parts.append(_lines(8, y + 12, lines, FONT["number"], 16, fill="#8a6d00",
                            class_="placeholder-note"))
        y += 16 * len(lines) + 2
    return svg.doc(width, y + 4, "".join(parts), class_="hanging-gardens",
                   **{"data-turn": len(s.log), "data-phase": s.phase,
                      "data-player": s.current_player, "data-over": str(s.is_over).lower()})
