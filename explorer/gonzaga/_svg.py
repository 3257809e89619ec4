"""Static SVG of a position: the map with its regions, seas, cities, ports, barriers and sea
routes, every fief and ring, the seals, and a panel per player.

A plain drawing for notebooks, exported pages and a board's fallback, laid out for a room: the
map takes the drawing's whole width, so a board showing the drawing across a notebook's output
(about 968 px) prints every label at 11 px or more. The players' panels, two by two, lie above
the map with the seals and tiles; the panel of the player to move (planning, placing, a wedding)
lies right under the map, and under it a live board prints the reason for the fief under the
mouse, so both stay in sight with the map. Elements carry stable classes and ``data-*``
attributes:

- ``.hex[data-target='["hex", q, r]']`` a hex (``data-label`` its label, ``data-region`` /
  ``data-sea``), drawn dashed when its map record is a placeholder; ``.city`` and ``.port``
  their features; ``.barrier`` a barrier side; ``.route`` a sea route;
- ``.fief[data-player][data-fief]`` a placed fief (``.castle`` its castles), ``.ring[data-player]``
  a ring;
- ``.seal[data-target='["seal", region]']`` the seals (``data-flourishing``);
- ``.seat[data-player]`` a player's panel with ``.card[data-target='["card", player, card]']``,
  ``.plan``, ``.objective``, ``.rings``, ``.deck``;
- with ``interactive=True``, where a ring may go now (a wedding: the second ring, or the first
  once the board is switched to the wedding with ``controls={"wedding": True}``) a
  ``.ring-spot.legal`` hex over the map carries the ring's ``data-action``; on a board in fief
  mode (``controls={"wedding": False}``) only the fief's choices are marked legal (the board's
  preview shows its spots, and the church); without ``controls`` (no preview) every ring spot
  and the church are;
- a game on placeholder data says so under the drawing (class ``placeholder-note``).

The drawing is made of marked parts (``svg.part``): the map itself (hexes, features, barriers,
routes) is drawn once per map and scenario and reused, and a live board repaints only the parts
that changed (the pieces, a panel), never the 440 hexes.
"""

from __future__ import annotations

import json
import math
import textwrap
from functools import lru_cache

from .. import svg
from ..hexgrid import Hex, hex_corners, to_pixel
from ._actions import CHURCH_A as CHURCH, PLACE, PLAN, RING
from ._book import ACTIONS, INACTIVE_CARD, KING_CARD, MASKED_PLAN
from ._words import (REGION_HEX, SEA_HEX, card_name, fief_name, hex_text, player_colour,
                     player_label, status)

SIZE = 13.0
ROOM_PX = 968
"""The width a room's notebook shows a board's drawing at (JupyterLab at 1400 px, file browser
open); the type below is sized so that every label shows at 11 px or more there."""
FONT = 7.0
"""The ordinary text of the panels (about 12.9 px on a 968 px drawing)."""
SMALL = 6.7
"""The smallest text (hints, the map's symbols are larger): about 12.3 px on a 968 px drawing."""
HEAD = 8.5
"""Panel titles."""
MAP_FONT = 7.0
"""A city's symbol and a port's sea number inside a hex."""
LINE = 10.5
"""Line height of the panels' text."""
SEAT_H = 104
"""The height of a player's panel, with its gap."""
GAP = 8
TOP = 28
"""The room at the top for the status line (two lines)."""
NOTE = 12
"""The room at the top for the placeholder note."""
NATURAL = 1.6
"""How many pixels a unit of the drawing takes at its natural size (a static copy)."""


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _pts(corners) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


@lru_cache(maxsize=8)
def _extent(book) -> tuple[float, float, float, float]:
    centres = [to_pixel(c, SIZE) for c in book.geo.coords]
    xs = [x for x, _ in centres] or [0]
    ys = [y for _, y in centres] or [0]
    return min(xs), min(ys), max(xs), max(ys)


def map_origin(s, status: bool = True) -> tuple[float, float]:
    """Where the map layer's origin (the centre of hex (0, 0)) lies in the drawing (a live
    board's drawing has no status line: the board prints it)."""
    x0, y0, _, _ = _extent(s.book)
    return -x0 + SIZE + 8, -y0 + SIZE + _layout(s, status)[3]


def map_area(s) -> list[float]:
    """The map's bounding box in map-layer coordinates: [x0, y0, x1, y1]."""
    x0, y0, x1, y1 = _extent(s.book)
    return [x0 - SIZE, y0 - SIZE, x1 + SIZE, y1 + SIZE]


@lru_cache(maxsize=32)
def _static_map(book, scenario: int) -> str:
    """The map as it stays all game (hexes, sea routes, cities and ports, barriers), drawn once
    per map and scenario: the board reuses it on every click."""
    geo = book.geo
    comp = book.components
    placeholder = {r.id for r in comp.map.table("hexes") if r.is_placeholder}
    pos = [to_pixel(c, SIZE) for c in geo.coords]
    scen = book.scenarios[scenario] if scenario >= 0 else None
    cells = []
    for i, c in enumerate(geo.coords):
        reg = geo.region[i]
        if reg >= 0:
            fill = REGION_HEX[reg % len(REGION_HEX)]
            if scen is not None and not scen.flourishing >> reg & 1:
                fill = "#d9d4cc"
        else:
            fill = SEA_HEX[geo.sea[i] % len(SEA_HEX)] if geo.sea[i] >= 0 else SEA_HEX[0]
        attrs = {"class_": "hex", "points": _pts(hex_corners(pos[i], SIZE)), "fill": fill,
                 "stroke": "#8a8a8a", "stroke_width": 0.5, "data-target": _target("hex", c.q, c.r),
                 "data-label": geo.label(i)}
        if reg >= 0:
            attrs["data-region"] = book.region_ids[reg]
        elif geo.sea[i] >= 0:
            attrs["data-sea"] = book.sea_ids[geo.sea[i]]
        if geo.hex_ids[i] in placeholder:
            attrs["stroke-dasharray"] = "2 1.5"
        cells.append(svg.el("polygon", attrs, svg.title(_hex_title(book, i))))
    layer = [svg.el("g", {"class_": "map"}, *cells)]
    routes = []
    port_pos = {book.port_ids[k]: pos[geo.port_hex[k]] for k in range(len(book.port_ids))}
    for sea, (a, b) in geo.routes:
        if a in port_pos and b in port_pos:
            (x1, y1), (x2, y2) = port_pos[a], port_pos[b]
            routes.append(svg.el("line", {"class_": "route", "data-sea": sea, "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                          "stroke": "#1f5fa8", "stroke_width": 0.8,
                                          "stroke-dasharray": "3 2", "opacity": 0.6}))
    layer.append(svg.el("g", {"class_": "routes"}, *routes))
    feats = []
    for i in range(geo.n):
        x, y = pos[i]
        if geo.city[i] >= 0:
            c = geo.city[i]
            feats.append(svg.el("circle", {"class_": "city", "cx": x, "cy": y, "r": 5.6, "fill": "#fff",
                                           "stroke": "#222", "stroke_width": 0.8}))
            feats.append(svg.text(x, y + 2.4, book.symbol_names[book.city_symbol[c]].lstrip("S"),
                                  font_size=MAP_FONT, text_anchor="middle", class_="symbol"))
        elif geo.port[i] >= 0:
            k = geo.port[i]
            feats.append(svg.el("rect", {"class_": "port", "x": x - 5, "y": y - 5, "width": 10,
                                         "height": 10, "fill": "#1f5fa8"}))
            feats.append(svg.text(x, y + 2.4, str(book.port_sea[k] + 1), font_size=MAP_FONT,
                                  text_anchor="middle", fill="#fff"))
    layer.append(svg.el("g", {"class_": "features", "pointer-events": "none"}, *feats))
    walls = []
    for a, b in sorted(geo.barrier):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        px, py = -dy / d * SIZE / 2, dx / d * SIZE / 2
        walls.append(svg.el("line", {"class_": "barrier", "x1": mx - px, "y1": my - py,
                                     "x2": mx + px, "y2": my + py, "stroke": "#3a2a1a",
                                     "stroke_width": 3, "stroke-linecap": "round"}))
    layer.append(svg.el("g", {"class_": "barriers", "pointer-events": "none"}, *walls))
    return "".join(layer)


@lru_cache(maxsize=8)
def _placeholders(book) -> int:
    """How many records of the game's data are placeholders (0: none)."""
    comp = book.components
    return len(comp.placeholders()) if comp.has_placeholders else 0


class _BookOnly:
    """hex_text needs only the book: a stand-in state for the cached map's titles."""

    __slots__ = ("book",)

    def __init__(self, book):
        self.book = book


def _hex_title(book, i: int) -> str:
    return hex_text(_BookOnly(book), i)


def _layout(s, status: bool = True) -> tuple[float, float, float, float, float]:
    """(width, where the players' panels begin, where the seals begin, the map's top, its
    bottom): the same for the whole game, so a live board never moves the map."""
    x0, y0, x1, y1 = _extent(s.book)
    width = x1 - x0 + 2 * SIZE + 16
    top = (TOP if status else 8) + (NOTE if _placeholders(s.book) else 0)
    seals = top + (s.players + 1) // 2 * SEAT_H
    map_top = seals + 40
    return width, top, seals, map_top, map_top + y1 - y0 + 2 * SIZE


def state_svg(s, interactive: bool = False, controls: dict | None = None,
              marks: list | None = None, **kwargs) -> str:
    """The drawing (see the module docstring). ``marks``: placements to show over the map, each
    ``{"hexes": [(q, r), ...], "legal": bool, "label": text at the first hex}`` (a notebook's
    examples: green where a placement is legal, red where it is refused). ``controls``: the
    live board's panel for the player to move (``{"wedding": True}`` in wedding mode)."""
    book = s.book
    live = interactive and controls is not None      # a live board prints the status itself
    width, top, sy, _, map_bottom = _layout(s, not live)
    ox, oy = map_origin(s, not live)
    scen = book.scenarios[s.scenario] if s.scenario >= 0 else None
    legal = set(s.legal_actions()) if interactive and not s.is_over else set()
    # only the choices of the mode the board is in are marked legal: rings in a wedding, the
    # fief's choices (its preview, the church) otherwise; a drawing without the board's
    # controls (no preview) marks every ring spot
    wedding = bool((controls or {}).get("wedding")) and s.phase == PLACE
    rings_now = s.phase == RING or wedding or (controls is None and s.phase == PLACE)
    lines = [] if live else textwrap.wrap(status(s), 112)
    if len(lines) > 2:
        lines = lines[:2]
        lines[1] = lines[1][:108].rstrip() + " …"
    head = "".join(svg.text(8, 12 + 10 * k, line, font_size=FONT, class_="status")
                   for k, line in enumerate(lines))
    spots = []
    if rings_now:
        geo = book.geo
        for i, act in enumerate(geo.ring_actions):
            if act in legal:
                c = geo.coords[i]
                x, y = to_pixel(c, SIZE)
                spots.append(svg.el("polygon", {
                    "class_": "hex ring-spot legal", "points": _pts(hex_corners((x, y), SIZE * 0.9)),
                    "fill": "#1b7f2a", "fill-opacity": 0.16, "stroke": "#1b7f2a", "stroke_width": 2.2,
                    "data-action": json.dumps(act.to_json()), "data-target": _target("hex", c.q, c.r)},
                    svg.title(f"{hex_text(s, i)}: a ring may go here now (click)")))
    layer = (svg.part("map", _static_map(book, s.scenario)) + svg.part("pieces", _pieces(s))
             + svg.part("spots", "".join(spots)) + svg.part("marks", _marks(marks) if marks else ""))
    body = [svg.part("status", head),
            svg.el("g", {"class_": "map-layer", "data-map-layer": "true",
                         "transform": f"translate({ox:.1f},{oy:.1f})"}, layer)]
    # seals, then the scenario tile, the Gonzaga tile and the church
    seals = []
    step = (width - 12) / max(1, len(book.region_ids))
    for k, rid in enumerate(book.region_ids):
        flourishing = scen is not None and scen.flourishing >> k & 1
        x = 8 + k * step
        seals.append(svg.el("g", {"class_": "seal", "data-target": _target("seal", rid),
                                  "data-flourishing": "true" if flourishing else "false"},
                            svg.el("circle", {"cx": x + 6, "cy": sy + 8, "r": 5.5,
                                              "fill": "#d4af37" if flourishing else "#777",
                                              "stroke": "#333"}),
                            svg.text(x + 14, sy + 10.5, book.region_names[k], font_size=SMALL)))
    y2 = sy + 28
    scen_name = book.scenarios[s.scenario].id if s.scenario >= 0 else "not drawn yet"
    church_ok = CHURCH in legal and not wedding
    church_act = {"data-action": json.dumps(["church"])} if church_ok else {}
    tw = (width - 28) / 3
    tiles = [("scenario", f"scenario tile: {scen_name}", 8, {}),
             ("gonzaga", f"Gonzaga tile ({book.c['gonzaga_points']} points at the end)", 14 + tw, {}),
             ("church", f"church ({book.c['church_points']} points a fief)", 20 + 2 * tw, church_act)]
    boxes = []
    for kind, label, x, extra in tiles:
        cls = "tile-" + kind + (" legal" if extra else "")
        boxes.append(svg.el("g", {"class_": cls, "data-target": _target(kind), **extra},
                            svg.el("rect", {"x": x, "y": y2 - 11, "width": tw, "height": 16, "rx": 3,
                                            "fill": "#e8f5e9" if extra else "#f4f1ea",
                                            "stroke": "#2e7d32" if extra else "#999"}),
                            svg.text(x + 5, y2, label, font_size=SMALL)))
    body.append(svg.part("tiles", svg.el("g", {"class_": "seals"}, *seals)
                         + svg.el("g", {"class_": "tiles"}, *boxes)))
    # the players' panels, two by two, above (their height is fixed: the map never moves)
    col = (width - 16 - GAP) / 2
    panel = [_seat(s, p, 8 + (p % 2) * (col + GAP), top + (p // 2) * SEAT_H, col) for p in range(s.players)]
    body.append(svg.part("seats", svg.el("g", {"class_": "seats"}, *panel)))
    # the panel of the player to move (a live board) right under the map, so that what the
    # board prints under its drawing (the reason for the fief under the mouse) is near the map
    y = map_bottom + 5
    drawn = ""
    if interactive and controls is not None and not s.is_over:
        drawn, h = _controls(s, 8, y, width - 16, controls, legal, rings_now)
        if drawn:
            y += h
    body.append(svg.part("controls", drawn))
    total_h = y + 5
    note = ""
    made_up = _placeholders(book)
    if made_up:
        note = svg.text(8, top - NOTE + 5, f"Placeholder data: {made_up} record(s) of the map and "
                        "components are made up (drawn dashed).", font_size=SMALL,
                        class_="placeholder-note", fill="#8a5a00")
    body.append(svg.part("note", note))
    # shown at its natural size (a notebook's static drawing) the type is as large as in a room
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {svg.fmt(width)} {svg.fmt(total_h)}",
             "width": svg.fmt(round(width * NATURAL, 1)), "height": svg.fmt(round(total_h * NATURAL, 1)),
             "font-family": "DejaVu Sans, sans-serif", "style": "max-width: 100%; height: auto",
             "class_": "gonzaga-board",
             "data-phase": s.phase, "data-round": str(s.round)}
    if interactive and s.phase == PLACE and not s.is_over:
        attrs["data-mode"] = "wedding" if wedding else "fief"
    return svg.el("svg", attrs, "".join(body))


def _pieces(s) -> str:
    book = s.book
    return svg.el("g", {"class_": "pieces"}, *(
        _piece(book, p, player_label(s, p), player_colour(s, p)[1], *piece)
        for p in range(s.players) for piece in s.pieces[p]))


@lru_cache(maxsize=2048)
def _piece(book, p: int, who: str, colour: str, fief: int, anchor: int, rot: int, rnd: int) -> str:
    """One fief or ring on the map (drawn once: a piece never moves)."""
    geo = book.geo
    if fief < 0:
        x, y = to_pixel(geo.coords[anchor], SIZE)
        return svg.el("circle", {"class_": "ring", "data-player": p, "cx": x, "cy": y,
                                 "r": SIZE * 0.62, "fill": "none", "stroke": colour,
                                 "stroke_width": 2.6},
                      svg.title(f"a ring of {who} (round {rnd})"))
    t = geo.table(fief)
    e = t.by_key[(anchor, rot)]
    body = []
    for i, (_, _, castle) in zip(e.cells, t.shapes[rot]):
        x, y = to_pixel(geo.coords[i], SIZE)
        body.append(svg.el("polygon", {"points": _pts(hex_corners((x, y), SIZE * 0.86)),
                                       "fill": colour, "fill-opacity": 0.55,
                                       "stroke": colour, "stroke_width": 1.6}))
        if castle:
            body.append(svg.el("path", {"class_": "castle", "fill": "#222", "opacity": 0.8,
                                        "d": f"M{x - 4:.1f},{y + 4:.1f} v-6 h2 v2 h2 v-2 h2 "
                                             f"v2 h2 v-2 h2 v6 z"}))
    return svg.el("g", {"class_": "fief", "data-player": p, "data-fief": book.fief_ids[fief]},
                  svg.title(f"{fief_name(book, fief)} of {who} (round {rnd})"), *body)


def _marks(marks: list) -> str:
    out = []
    for m in marks:
        colour = "#1b7f2a" if m.get("legal") else "#c0392b"
        fill = "#b6e3bd" if m.get("legal") else "#f3b7b0"
        hexes = [tuple(h) for h in m["hexes"]]
        body = [svg.el("polygon", {"points": _pts(hex_corners(to_pixel(Hex(q, r), SIZE), SIZE * 0.92)),
                                   "fill": fill, "fill-opacity": 0.5, "stroke": colour,
                                   "stroke_width": 2}) for q, r in hexes]
        if m.get("label") and hexes:
            x, y = to_pixel(Hex(*hexes[0]), SIZE)
            body.append(svg.text(x, y + 4, str(m["label"]), font_size=11, font_weight="bold",
                                 text_anchor="middle", fill=colour))
        out.append(svg.el("g", {"class_": "mark " + ("legal" if m.get("legal") else "illegal")}, *body))
    return svg.el("g", {"class_": "marks"}, *out)


def _controls(s, x: float, y: float, w: float, controls: dict, legal: set,
              rings_now: bool) -> tuple[str, float]:
    """The live board's panel for the player to move: the planning panel in phase 2, the
    fief's options in phase 4, the end of a wedding. Empty when the viewer is not to move."""
    from ._state import FULL
    p = s.mover
    if p < 0 or s.viewer not in (p, FULL):
        return "", 0
    if s.phase == PLAN:
        return _planning_panel(s, p, x, y, w, legal)
    rows = []
    _, colour = player_colour(s, p)
    bw = 128
    if s.phase == PLACE:
        plan = s.plans[p]
        wedding = rings_now
        title = (f"Your move: a wedding instead of {fief_name(s.book, s.fiefs[p])}" if wedding else
                 f"Your move: {fief_name(s.book, s.fiefs[p])}")
        rows.append(svg.text(x + 8, y + 14, title, font_size=HEAD, font_weight="bold"))
        if wedding:
            text = ("Click a hex framed green for the first ring (the fief goes to the box); "
                    "\"back to the fief\" places the fief instead.")
        else:
            text = ("Move the fief over the map: green where it may go, red where not (why: "
                    "just below); r turns it, a click places it.")
        lines = textwrap.wrap(text, int((w - 16) / 4.0))
        for k, line in enumerate(lines):
            rows.append(svg.text(x + 8, y + 27 + LINE * k, line, font_size=FONT))
        bx = x + w - 2 * bw - 16
        if not wedding:
            rows.append(_button(bx, y + 4, bw, "donate to the church",
                                ["church"] if CHURCH in legal else None, ("church",), "church"))
        can_wed = plan is not None and plan.action == "C" and any(a.kind == "ring" for a in legal)
        if can_wed or wedding:
            label = "back to the fief" if wedding else "hold a wedding"
            rows.append(_button(bx + bw + 8, y + 4, bw, label, None, ("wedding",), "wedding-mode"))
        h = 27 + LINE * (len(lines) - 1) + 8
    elif s.phase == RING:
        rows.append(svg.text(x + 8, y + 14, "Wedding: a second ring?", font_size=HEAD, font_weight="bold"))
        rows.append(svg.text(x + 8, y + 27, "Click a hex framed green next to the first ring, or end "
                             "the wedding here.", font_size=FONT))
        rows.append(_button(x + w - bw - 8, y + 4, bw, "end the wedding", ["done"], ("done",), "done"))
        h = 35
    else:
        return "", 0
    box = svg.el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4, "fill": "#fffdf5",
                          "stroke": colour, "stroke_width": 2})
    return svg.el("g", {"class_": "controls", "data-player": p}, box, *rows), h


def _button(x, y, w, label, action, target, cls) -> str:
    attrs = {"class_": "button " + cls}
    if action is not None:
        attrs["data-action"] = json.dumps(action)
        attrs["class_"] += " legal"
    else:
        attrs["data-target"] = _target(*target)
    return svg.el("g", attrs,
                  svg.el("rect", {"x": x, "y": y, "width": w, "height": 17, "rx": 4,
                                  "fill": "#e8f5e9" if action is not None else "#eef2f7",
                                  "stroke": "#2e7d32" if action is not None else "#5a6b80"}),
                  svg.text(x + w / 2, y + 12, label, font_size=FONT, text_anchor="middle"))


ACTION_COLS = [("A", False), ("B", False), ("C", False), ("A", True), ("B", True), ("C", True)]


def _planning_panel(s, p: int, x: float, y: float, w: float, legal: set) -> tuple[str, float]:
    """Phase 2: the player's eleven cards (greyed in the middle box, with why) beside a table of
    every plan: a region card per row, an action card (alone, or with the King's Privilege) per
    column; a legal plan is a click, showing how many spots it leaves the fief and the best
    points there (the board as it lies: the others' plans are secret)."""
    from .analysis import planning_cards, playable_plans
    book = s.book
    _, colour = player_colour(s, p)
    rows = [svg.text(x + 8, y + 14, f"Your plan, {player_label(s, p)} (secret)", font_size=HEAD,
                     font_weight="bold")]
    cards = planning_cards(s, p)
    cx = x + 6
    for c in cards:
        label = _card_label(book, c["card"])
        tip = c["name"] + ("" if c["usable"] else f": not usable, {c['reason']} [rule {c['rule']}]")
        rows.append(svg.el("g", {"class_": "plan-card" + ("" if c["usable"] else " unusable"),
                                 "data-card": c["card"], "data-target": _target("card", p, c["card"])},
                           svg.title(tip),
                           svg.el("rect", {"x": cx, "y": y + 21, "width": 20, "height": 22, "rx": 2,
                                           "fill": "#fff" if c["usable"] else "#d6d6d6",
                                           "stroke": "#444" if c["usable"] else "#aaa",
                                           **({} if c["usable"] else {"stroke-dasharray": "2 1"})}),
                           svg.text(cx + 10, y + 35.5, label, font_size=SMALL, text_anchor="middle",
                                    fill="#222" if c["usable"] else "#777")))
        cx += 21.5
    ly = y + 55
    left = 242 / 3.75                         # characters a line of the left column holds
    greyed = [c for c in cards if not c["usable"]]
    for reason in dict.fromkeys((c["reason"], c["rule"]) for c in greyed):
        names = ", ".join(_card_label(book, c["card"]) for c in greyed if (c["reason"], c["rule"]) == reason)
        for line in textwrap.wrap(f"{names}: {reason[0]} ({reason[1]})", int(left))[:3]:
            rows.append(svg.text(x + 8, ly, line, font_size=SMALL, fill="#555", class_="card-reason"))
            ly += 9.5
    ly += 4
    for line in textwrap.wrap("A cell: the spots your fief would have · the best points there. "
                              "K+: with the King's Privilege (costs a ring). Orange: no spot now.",
                              int(left)):
        rows.append(svg.text(x + 8, ly, line, font_size=SMALL, fill="#555"))
        ly += 9.5
    # the table of plans, on the right
    plans = {(d["region"], d["card"], d["king"]): d for d in playable_plans(s, p)}
    regions = [c["card"] for c in cards if c["kind"] in ("region", "inactive") and c["usable"]]
    cw = 28
    col0 = x + w - 6 * cw - 6
    ty = y + 6
    rows.append(svg.text(col0 - 74, ty + 8, "region \\ action", font_size=SMALL, fill="#555"))
    for j, (act, king) in enumerate(ACTION_COLS):
        rows.append(svg.text(col0 + j * cw + cw / 2, ty + 8, ("K+" if king else "") + act, font_size=FONT,
                             text_anchor="middle", font_weight="bold"))
    ty += 12
    for region in regions:
        name = book.region_card_name(region)
        short = "inactive (*)" if region == INACTIVE_CARD else book.region_names[book.region_index[region]]
        rows.append(svg.text(col0 - 74, ty + 11, short, font_size=SMALL))
        for j, (act, king) in enumerate(ACTION_COLS):
            d = plans.get((region, act, king))
            bx = col0 + j * cw
            if d is None:
                blocker = "king" if king and not any(c["card"] == "king" and c["usable"] for c in cards) else act
                rows.append(svg.el("g", {"class_": "plan-cell unusable", "data-target": _target("card", p, blocker)},
                                   svg.title("not possible: " + next((c["reason"] for c in cards
                                                                      if c["card"] == blocker and not c["usable"]),
                                                                     "a card of it is not usable")),
                                   svg.el("rect", {"x": bx + 1, "y": ty, "width": cw - 2, "height": 15,
                                                   "fill": "#e4e4e4", "stroke": "#ccc"})))
                continue
            kind = "privilege" if king else "plan"
            n, best = d["placements"], d["best"]
            tip = (f"{name}, action {act}{' with the King' if king else ''}: {n} spot(s) for your fief now"
                   + (f", best {best} points" if best is not None else "") +
                   (" · a wedding is possible" if d["wedding"] else "") + ". Click to commit it.")
            rows.append(svg.el("g", {"class_": "plan-cell legal", "data-action": json.dumps([kind, region, act]),
                                     "data-plan": f"{region}:{act}:{int(king)}"},
                               svg.title(tip),
                               svg.el("rect", {"x": bx + 1, "y": ty, "width": cw - 2, "height": 15, "rx": 2,
                                               "fill": "#e8f5e9" if n else "#fff3e0",
                                               "stroke": "#2e7d32" if n else "#e08a00"}),
                               svg.text(bx + cw / 2, ty + 10.5, f"{n}" + (f"·{best}" if best else ""),
                                        font_size=SMALL, text_anchor="middle")))
        ty += 17
    h = max(ly, ty) + 4 - y
    box = svg.el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4, "fill": "#fffdf5",
                          "stroke": colour, "stroke_width": 2})
    return svg.el("g", {"class_": "controls planning", "data-player": p}, box, *rows), h


def _card_label(book, card: str) -> str:
    return "K" if card == KING_CARD else "*" if card == INACTIVE_CARD else (
        card if card in ACTIONS else book.region_names[book.region_index[card]][:3])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _seat(s, p: int, x: float, y: float, w: float) -> str:
    """A player's panel (the same panel is drawn once: most clicks change one or two)."""
    from ._state import HIDDEN
    book = s.book
    f = s.fiefs[p]
    fief = f"{fief_name(book, f)}, card {book.card_number(f, p)}" if f >= 0 else "none"
    above = s.last_turn_card()
    last = None
    if p == s.info.option("oldest", 0) and above is not None:
        last = "Last Turn card " + ("on top" if above == 0 else f"under {above}")
    plan = s.plans[p]
    if plan is None:
        shown = "not planned yet" if s.phase == PLAN else "-"
    elif plan == MASKED_PLAN:
        shown = "planned (face down)"
    elif s.phase == PLAN and s.viewer == -1:
        shown = (f"planned (face down): {book.region_card_name(plan.region)}, {plan.action}"
                 f"{', King' if plan.king else ''}")
    else:
        shown = f"{book.region_card_name(plan.region)}, {plan.action}{', King' if plan.king else ''}"
    obj = s.objectives[p]
    objective = "hidden" if obj == HIDDEN else "-" if obj < 0 else book.objective_ids[obj]
    name, colour = player_colour(s, p)
    return _seat_svg(book, s.scenario, p, x, y, w, player_label(s, p), name, colour, s.scores()[p],
                     fief, len(s.decks[p]), last, s.rings[p], len(s.pieces[p]), len(s.church[p]),
                     shown, objective, frozenset(s.resting[p]))


@lru_cache(maxsize=256)
def _seat_svg(book, scenario: int, p: int, x: float, y: float, w: float, who: str, name: str,
              colour: str, score: int, fief: str, deck: int, last: str | None, rings: int,
              pieces: int, church: int, plan: str, objective: str, resting: frozenset) -> str:
    rows = [svg.el("rect", {"x": x, "y": y, "width": w, "height": SEAT_H - GAP, "rx": 4,
                            "fill": "#fafafa", "stroke": colour, "stroke_width": 2}),
            svg.text(x + 8, y + 13, f"{who}: {_plural(score, 'point')}", font_size=HEAD,
                     font_weight="bold")]
    rows.append(svg.el("g", {"class_": "deck", "data-target": _target("deck", p)},
                       svg.text(x + 8, y + 25, "deck: " + _plural(deck, "card"), font_size=FONT)))
    if last is not None:
        rows.append(svg.el("g", {"class_": "last-turn", "data-target": _target("last_turn")},
                           svg.text(x + 84, y + 25, last, font_size=FONT, fill="#8a3b00")))
    rows.append(svg.el("g", {"class_": "fief-now", "data-target": _target("fief", p)},
                       svg.text(x + 8, y + 25 + LINE, f"this round: {fief}", font_size=FONT)))
    rows.append(svg.el("g", {"class_": "rings", "data-target": _target("rings", p)},
                       svg.text(x + 8, y + 25 + 2 * LINE, f"rings {rings} · pieces {pieces} · "
                                f"church {church}", font_size=FONT)))
    rows.append(svg.el("g", {"class_": "plan", "data-target": _target("plan", p)},
                       svg.text(x + 8, y + 25 + 3 * LINE, f"plan: {plan}", font_size=FONT)))
    rows.append(svg.el("g", {"class_": "objective", "data-target": _target("objective", p)},
                       svg.text(x + 8, y + 25 + 4 * LINE, f"objective: {objective}", font_size=FONT)))
    cards = []
    regions = book.region_cards(scenario) if scenario >= 0 else (INACTIVE_CARD,)
    all_cards = list(regions) + list(ACTIONS) + [KING_CARD]
    cx = x + 6
    step = min(24.0, (w - 12) / max(1, len(all_cards)))
    for card in all_cards:
        rest = card in resting
        cards.append(svg.el("g", {"class_": "card" + (" resting" if rest else ""),
                                  "data-target": _target("card", p, card)},
                            svg.title(card_name(book, card) + (" (resting)" if rest else "")),
                            svg.el("rect", {"x": cx, "y": y + 72, "width": step - 1.5, "height": 22, "rx": 2,
                                            "fill": "#ddd" if rest else "#fff", "stroke": "#666"}),
                            svg.text(cx + (step - 1.5) / 2, y + 86.5, _card_label(book, card), font_size=SMALL,
                                     text_anchor="middle", fill="#777" if rest else "#222")))
        cx += step
    rows.append(svg.el("g", {"class_": "cards"}, *cards))
    return svg.el("g", {"class_": "seat", "data-player": p, "data-colour": name}, *rows)
