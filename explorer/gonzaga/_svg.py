"""Static SVG of a position: the map with its regions, seas, cities, ports, barriers and sea
routes, every fief and ring, the seals, and a panel per player.

A plain drawing for notebooks, exported pages and a board's fallback. Elements carry stable
classes and ``data-*`` attributes:

- ``.hex[data-target='["hex", q, r]']`` a hex (``data-label`` its label, ``data-region`` /
  ``data-sea``), drawn dashed when its map record is a placeholder; ``.city`` and ``.port``
  their features; ``.barrier`` a barrier side; ``.route`` a sea route;
- ``.fief[data-player][data-fief]`` a placed fief (``.castle`` its castles), ``.ring[data-player]``
  a ring;
- ``.seal[data-target='["seal", region]']`` the seals (``data-flourishing``);
- ``.seat[data-player]`` a player's panel with ``.card[data-target='["card", player, card]']``,
  ``.plan``, ``.objective``, ``.rings``, ``.deck``;
- with ``interactive=True`` a hex where a ring may go now has ``data-action`` and the class
  ``legal``; a hex where this round's fief may be anchored in some rotation has the class
  ``anchor`` (the board's preview sends the rotation);
- a game on placeholder data says so under the drawing (class ``placeholder-note``).
"""

from __future__ import annotations

import json
import math
import textwrap

from .. import svg
from ..hexgrid import Hex, hex_corners, to_pixel
from ._actions import CHURCH_A as CHURCH, PLACE, PLAN, RING
from ._book import ACTIONS, INACTIVE_CARD, KING_CARD, MASKED_PLAN
from ._words import (REGION_HEX, SEA_HEX, card_name, fief_name, hex_text, player_colour,
                     player_label, status)

SIZE = 13.0
PANEL = 250


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _pts(corners) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def map_origin(s) -> tuple[float, float]:
    """Where the map layer's origin (the centre of hex (0, 0)) lies in the drawing."""
    centres = [to_pixel(c, SIZE) for c in s.book.geo.coords]
    xs = [x for x, _ in centres] or [0]
    ys = [y for _, y in centres] or [0]
    return -min(xs) + SIZE + 8, -min(ys) + SIZE + 34


def map_area(s) -> list[float]:
    """The map's bounding box in map-layer coordinates: [x0, y0, x1, y1]."""
    centres = [to_pixel(c, SIZE) for c in s.book.geo.coords]
    xs = [x for x, _ in centres] or [0]
    ys = [y for _, y in centres] or [0]
    return [min(xs) - SIZE, min(ys) - SIZE, max(xs) + SIZE, max(ys) + SIZE]


def state_svg(s, interactive: bool = False, controls: dict | None = None,
              marks: list | None = None, **kwargs) -> str:
    """The drawing (see the module docstring). ``marks``: placements to show over the map, each
    ``{"hexes": [(q, r), ...], "legal": bool, "label": text at the first hex}`` (a notebook's
    examples: green where a placement is legal, red where it is refused)."""
    book = s.book
    geo = book.geo
    comp = book.components
    placeholder = {r.id for r in comp.map.table("hexes") if r.is_placeholder}
    centres = [to_pixel(c, SIZE) for c in geo.coords]
    xs = [x for x, _ in centres] or [0]
    ys = [y for _, y in centres] or [0]
    ox, oy = -min(xs) + SIZE + 8, -min(ys) + SIZE + 34
    pos = centres                       # map coordinates: the map layer is translated by (ox, oy)
    width = max(xs) - min(xs) + 2 * SIZE + 16
    height = max(ys) - min(ys) + 2 * SIZE + 44
    scen = book.scenarios[s.scenario] if s.scenario >= 0 else None
    legal = set(s.legal_actions()) if interactive and not s.is_over else set()
    anchors = set()
    if interactive and s.phase == PLACE:
        anchors = {(a.args[0], a.args[1]) for a in legal if a.kind == "place"}
    lines = textwrap.wrap(status(s), 130)[:2]
    parts = [svg.text(8, 14 + 13 * k, line, font_size=11, class_="status") for k, line in enumerate(lines)]
    # the hexes
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
        act = geo.ring_actions[i]
        if act in legal:
            attrs["data-action"] = json.dumps(act.to_json())
            attrs["class_"] += " legal"
            if s.phase == RING or (controls or {}).get("wedding"):
                attrs.update(stroke="#1b7f2a", stroke_width=2.2)
        elif (c.q, c.r) in anchors:
            attrs["class_"] += " anchor"
        cells.append(svg.el("polygon", attrs, svg.title(hex_text(s, i))))
    layer = [svg.el("g", {"class_": "map"}, *cells)]
    # sea routes, features, barriers
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
            feats.append(svg.el("circle", {"class_": "city", "cx": x, "cy": y, "r": 5, "fill": "#fff",
                                           "stroke": "#222", "stroke_width": 0.8}))
            feats.append(svg.text(x, y + 2.5, book.symbol_names[book.city_symbol[c]].lstrip("S"),
                                  font_size=6.5, text_anchor="middle", class_="symbol"))
        elif geo.port[i] >= 0:
            k = geo.port[i]
            feats.append(svg.el("rect", {"class_": "port", "x": x - 4.5, "y": y - 4.5, "width": 9,
                                         "height": 9, "fill": "#1f5fa8"}))
            feats.append(svg.text(x, y + 2.5, str(book.port_sea[k] + 1), font_size=6.5,
                                  text_anchor="middle", fill="#fff"))
    layer.append(svg.el("g", {"class_": "features"}, *feats))
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
    layer.append(svg.el("g", {"class_": "barriers"}, *walls))
    # pieces
    pieces = []
    for p in range(s.players):
        colour = player_colour(s, p)[1]
        for fief, anchor, rot, rnd in s.pieces[p]:
            if fief < 0:
                x, y = pos[anchor]
                pieces.append(svg.el("circle", {"class_": "ring", "data-player": p, "cx": x, "cy": y,
                                                "r": SIZE * 0.62, "fill": "none", "stroke": colour,
                                                "stroke_width": 2.6},
                                     svg.title(f"a ring of {player_label(s, p)} (round {rnd})")))
                continue
            t = geo.table(fief)
            e = t.by_key[(anchor, rot)]
            body = []
            for i, (_, _, castle) in zip(e.cells, t.shapes[rot]):
                body.append(svg.el("polygon", {"points": _pts(hex_corners(pos[i], SIZE * 0.86)),
                                               "fill": colour, "fill-opacity": 0.55,
                                               "stroke": colour, "stroke_width": 1.6}))
                if castle:
                    x, y = pos[i]
                    body.append(svg.el("path", {"class_": "castle", "fill": "#222", "opacity": 0.8,
                                                "d": f"M{x - 4:.1f},{y + 4:.1f} v-6 h2 v2 h2 v-2 h2 "
                                                     f"v2 h2 v-2 h2 v6 z"}))
            pieces.append(svg.el("g", {"class_": "fief", "data-player": p, "data-fief": book.fief_ids[fief]},
                                 svg.title(f"{fief_name(book, fief)} of {player_label(s, p)} (round {rnd})"),
                                 *body))
    layer.append(svg.el("g", {"class_": "pieces"}, *pieces))
    if marks:
        layer.append(_marks(marks))
    parts.append(svg.el("g", {"class_": "map-layer", "data-map-layer": "true",
                              "transform": f"translate({ox:.1f},{oy:.1f})"}, *layer))
    # seals
    seals = []
    for k, rid in enumerate(book.region_ids):
        flourishing = scen is not None and scen.flourishing >> k & 1
        x = 10 + k * 86
        seals.append(svg.el("g", {"class_": "seal", "data-target": _target("seal", rid),
                                  "data-flourishing": "true" if flourishing else "false"},
                            svg.el("circle", {"cx": x + 6, "cy": height + 8, "r": 6,
                                              "fill": "#d4af37" if flourishing else "#777",
                                              "stroke": "#333"}),
                            svg.text(x + 15, height + 11, book.region_names[k], font_size=9)))
    parts.append(svg.el("g", {"class_": "seals"}, *seals))
    # the scenario tile, the Gonzaga tile and the church, under the seals
    y2 = height + 26
    scen_name = book.scenarios[s.scenario].id if s.scenario >= 0 else "not drawn yet"
    church_act = {"data-action": json.dumps(["church"])} if CHURCH in legal else {}
    tiles = [("scenario", f"scenario tile: {scen_name}", 10, 150, {}),
             ("gonzaga", f"Gonzaga tile ({book.c['gonzaga_points']} points at the end)", 166, 196, {}),
             ("church", f"church ({book.c['church_points']} points a fief)", 368, 148, church_act)]
    boxes = []
    for kind, label, x, w, extra in tiles:
        cls = "tile-" + kind + (" legal" if extra else "")
        boxes.append(svg.el("g", {"class_": cls, "data-target": _target(kind), **extra},
                            svg.el("rect", {"x": x, "y": y2 - 10, "width": w, "height": 15, "rx": 3,
                                            "fill": "#e8f5e9" if extra else "#f4f1ea",
                                            "stroke": "#2e7d32" if extra else "#999"}),
                            svg.text(x + 5, y2, label, font_size=9)))
    parts.append(svg.el("g", {"class_": "tiles"}, *boxes))
    # the players' panels, then (on a live board) what the player to move may do
    panel = []
    for p in range(s.players):
        panel.append(_seat(s, p, width + 10, 34 + p * SEAT_H))
    parts.append(svg.el("g", {"class_": "seats"}, *panel))
    right = 34 + s.players * SEAT_H
    if interactive and controls is not None and not s.is_over:
        drawn, h = _controls(s, width + 10, right, controls, legal)
        if drawn:
            parts.append(drawn)
            right += h + 8
    total_h = max(height + 44, right) + 18
    if comp.has_placeholders:
        parts.append(svg.text(8, total_h - 4, f"Placeholder data: {len(comp.placeholders())} record(s) "
                              "of the map and components are made up (drawn dashed).", font_size=9,
                              class_="placeholder-note", fill="#8a5a00"))
    return svg.doc(width + PANEL + 20, total_h, "".join(parts), class_="gonzaga-board",
                   **{"data-phase": s.phase, "data-round": str(s.round)})


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


SEAT_H = 124
"""The height of a player's panel, with its gap."""


def _controls(s, x: float, y: float, controls: dict, legal: set) -> tuple[str, float]:
    """The live board's panel for the player to move: the planning panel in phase 2, the
    fief's options in phase 4, the end of a wedding. Empty when the viewer is not to move."""
    from ._state import FULL
    p = s.mover
    if p < 0 or s.viewer not in (p, FULL):
        return "", 0
    if s.phase == PLAN:
        return _planning_panel(s, p, x, y, legal)
    rows = []
    _, colour = player_colour(s, p)
    if s.phase == PLACE:
        plan = s.plans[p]
        wedding = controls.get("wedding", False)
        rows.append(svg.text(x + 8, y + 15, f"Your move: {fief_name(book_of(s), s.fiefs[p])}",
                             font_size=11, font_weight="bold"))
        if wedding:
            lines = ["Wedding: click a hex framed green for the", "first ring (the fief goes to the box)."]
        else:
            lines = ["Move the fief over the map: green where it", "may go, red where not (rest the mouse",
                     "for why). r or the rotate button turns it."]
        for k, line in enumerate(lines):
            rows.append(svg.text(x + 8, y + 30 + 12 * k, line, font_size=9))
        by = y + 34 + 12 * len(lines)
        rows.append(_button(x + 8, by, 112, "donate to the church", ["church"] if CHURCH in legal else None,
                            ("church",), "church"))
        can_wed = plan is not None and plan.action == "C" and any(a.kind == "ring" for a in legal)
        if can_wed or wedding:
            label = "back to the fief" if wedding else "hold a wedding"
            rows.append(_button(x + 126, by, 112, label, None, ("wedding",), "wedding-mode"))
        h = by + 22 - y
    elif s.phase == RING:
        rows.append(svg.text(x + 8, y + 15, "Wedding: a second ring?", font_size=11, font_weight="bold"))
        rows.append(svg.text(x + 8, y + 30, "Click a hex framed green next to the first", font_size=9))
        rows.append(svg.text(x + 8, y + 42, "ring, or end the wedding here.", font_size=9))
        rows.append(_button(x + 8, y + 50, 130, "end the wedding", ["done"], ("done",), "done"))
        h = 74
    else:
        return "", 0
    box = svg.el("rect", {"x": x, "y": y, "width": PANEL, "height": h, "rx": 4, "fill": "#fffdf5",
                          "stroke": colour, "stroke_width": 2})
    return svg.el("g", {"class_": "controls", "data-player": p}, box, *rows), h


def book_of(s):
    return s.book


def _button(x, y, w, label, action, target, cls) -> str:
    attrs = {"class_": "button " + cls}
    if action is not None:
        attrs["data-action"] = json.dumps(action)
        attrs["class_"] += " legal"
    else:
        attrs["data-target"] = _target(*target)
    return svg.el("g", attrs,
                  svg.el("rect", {"x": x, "y": y, "width": w, "height": 18, "rx": 4,
                                  "fill": "#e8f5e9" if action is not None else "#eef2f7",
                                  "stroke": "#2e7d32" if action is not None else "#5a6b80"}),
                  svg.text(x + w / 2, y + 12.5, label, font_size=9.5, text_anchor="middle"))


ACTION_COLS = [("A", False), ("B", False), ("C", False), ("A", True), ("B", True), ("C", True)]


def _planning_panel(s, p: int, x: float, y: float, legal: set) -> tuple[str, float]:
    """Phase 2: the player's eleven cards (greyed in the middle box, with why) and a table of
    every plan: a region card per row, an action card (alone, or with the King's Privilege) per
    column; a legal plan is a click, showing how many spots it leaves the fief and the best
    points there (the board as it lies: the others' plans are secret)."""
    from .analysis import planning_cards, playable_plans
    book = s.book
    _, colour = player_colour(s, p)
    rows = [svg.text(x + 8, y + 15, f"Your plan, {player_label(s, p)} (secret)", font_size=11,
                     font_weight="bold")]
    cards = planning_cards(s, p)
    cx = x + 6
    for c in cards:
        label = _card_label(book, c["card"])
        tip = c["name"] + ("" if c["usable"] else f": not usable, {c['reason']} [rule {c['rule']}]")
        rows.append(svg.el("g", {"class_": "plan-card" + ("" if c["usable"] else " unusable"),
                                 "data-card": c["card"], "data-target": _target("card", p, c["card"])},
                           svg.title(tip),
                           svg.el("rect", {"x": cx, "y": y + 22, "width": 20, "height": 22, "rx": 2,
                                           "fill": "#fff" if c["usable"] else "#d6d6d6",
                                           "stroke": "#444" if c["usable"] else "#aaa",
                                           **({} if c["usable"] else {"stroke-dasharray": "2 1"})}),
                           svg.text(cx + 10, y + 37, label, font_size=7.5, text_anchor="middle",
                                    fill="#222" if c["usable"] else "#999")))
        cx += 22
    ly = y + 56
    greyed = [c for c in cards if not c["usable"]]
    for reason in dict.fromkeys((c["reason"], c["rule"]) for c in greyed):
        names = ", ".join(_card_label(book, c["card"]) for c in greyed if (c["reason"], c["rule"]) == reason)
        for k, line in enumerate(textwrap.wrap(f"{names}: {reason[0]} ({reason[1]})", 58)[:2]):
            rows.append(svg.text(x + 8, ly, line, font_size=8, fill="#666", class_="card-reason"))
            ly += 10
    # the table of plans
    plans = {(d["region"], d["card"], d["king"]): d for d in playable_plans(s, p)}
    regions = [c["card"] for c in cards if c["kind"] in ("region", "inactive") and c["usable"]]
    ty = ly + 6
    col0, cw = x + 82, 27
    rows.append(svg.text(x + 8, ty + 8, "region \\ action", font_size=8, fill="#555"))
    for j, (act, king) in enumerate(ACTION_COLS):
        rows.append(svg.text(col0 + j * cw + cw / 2, ty + 8, ("K+" if king else "") + act, font_size=8.5,
                             text_anchor="middle", font_weight="bold"))
    ty += 12
    for region in regions:
        name = book.region_card_name(region)
        short = "inactive (*)" if region == INACTIVE_CARD else book.region_names[book.region_index[region]]
        rows.append(svg.text(x + 6, ty + 11, short, font_size=7.5))
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
            text = f"{n}" if n else "0"
            tip = (f"{name}, action {act}{' with the King' if king else ''}: {n} spot(s) for your fief now"
                   + (f", best {best} points" if best is not None else "") +
                   (" · a wedding is possible" if d["wedding"] else "") + ". Click to commit it.")
            rows.append(svg.el("g", {"class_": "plan-cell legal", "data-action": json.dumps([kind, region, act]),
                                     "data-plan": f"{region}:{act}:{int(king)}"},
                               svg.title(tip),
                               svg.el("rect", {"x": bx + 1, "y": ty, "width": cw - 2, "height": 15, "rx": 2,
                                               "fill": "#e8f5e9" if n else "#fff3e0",
                                               "stroke": "#2e7d32" if n else "#e08a00"}),
                               svg.text(bx + cw / 2, ty + 10.5, text + (f"·{best}" if best else ""),
                                        font_size=7.5, text_anchor="middle")))
        ty += 17
    rows.append(svg.text(x + 8, ty + 10, "cell: spots for your fief · best points; K+: with the", font_size=8,
                         fill="#555"))
    rows.append(svg.text(x + 8, ty + 20, "King's Privilege (costs a ring). Orange: no spot now.", font_size=8,
                         fill="#555"))
    h = ty + 26 - y
    box = svg.el("rect", {"x": x, "y": y, "width": PANEL, "height": h, "rx": 4, "fill": "#fffdf5",
                          "stroke": colour, "stroke_width": 2})
    return svg.el("g", {"class_": "controls planning", "data-player": p}, box, *rows), h


def _card_label(book, card: str) -> str:
    return "K" if card == KING_CARD else "*" if card == INACTIVE_CARD else (
        card if card in ACTIONS else book.region_names[book.region_index[card]][:3])


def _seat(s, p: int, x: float, y: float) -> str:
    from ._state import HIDDEN
    book = s.book
    name, colour = player_colour(s, p)
    rows = [svg.el("rect", {"x": x, "y": y, "width": PANEL, "height": SEAT_H - 8, "rx": 4,
                            "fill": "#fafafa", "stroke": colour, "stroke_width": 2}),
            svg.text(x + 8, y + 15, f"{player_label(s, p)}: {s.scores()[p]} points", font_size=11,
                     font_weight="bold")]
    f = s.fiefs[p]
    fief = f"{fief_name(book, f)}, card {book.card_number(f, p)}" if f >= 0 else "none"
    deck = f"deck {len(s.decks[p])} card(s)"
    above = s.last_turn_card()
    rows.append(svg.el("g", {"class_": "deck", "data-target": _target("deck", p)},
                       svg.text(x + 8, y + 29, deck, font_size=9)))
    if p == s.info.option("oldest", 0) and above is not None:
        rows.append(svg.el("g", {"class_": "last-turn", "data-target": _target("last_turn")},
                           svg.text(x + 100, y + 29, "Last Turn card " + (
                               "on top" if above == 0 else f"under {above}"), font_size=9,
                               fill="#8a3b00")))
    rows.append(svg.el("g", {"class_": "fief-now", "data-target": _target("fief", p)},
                       svg.text(x + 8, y + 41, f"this round: {fief}", font_size=9)))
    rows.append(svg.el("g", {"class_": "rings", "data-target": _target("rings", p)},
                       svg.text(x + 8, y + 53, f"rings {s.rings[p]} · pieces {len(s.pieces[p])} · "
                                f"church {len(s.church[p])}", font_size=9)))
    plan = s.plans[p]
    if plan is None:
        shown = "not planned yet" if s.phase == PLAN else "-"
    elif plan == MASKED_PLAN:
        shown = "planned (face down)"
    elif s.phase == PLAN and s.viewer == -1:
        shown = f"planned (face down): {plan.region} {plan.action}{' + king' if plan.king else ''}"
    else:
        shown = f"{book.region_card_name(plan.region)}, {plan.action}{', King' if plan.king else ''}"
    rows.append(svg.el("g", {"class_": "plan", "data-target": _target("plan", p)},
                       svg.text(x + 8, y + 65, f"plan: {shown}", font_size=9)))
    obj = s.objectives[p]
    objective = "hidden" if obj == HIDDEN else "-" if obj < 0 else book.objective_ids[obj]
    rows.append(svg.el("g", {"class_": "objective", "data-target": _target("objective", p)},
                       svg.text(x + 8, y + 77, f"objective: {objective}", font_size=9)))
    cards = []
    regions = book.region_cards(s.scenario) if s.scenario >= 0 else (INACTIVE_CARD,)
    all_cards = list(regions) + list(ACTIONS) + [KING_CARD]
    cx = x + 8
    for card in all_cards:
        resting = card in s.resting[p]
        label = "K" if card == KING_CARD else "*" if card == INACTIVE_CARD else (
            card if card in ACTIONS else book.region_names[book.region_index[card]][:3])
        cards.append(svg.el("g", {"class_": "card" + (" resting" if resting else ""),
                                  "data-target": _target("card", p, card)},
                            svg.title(card_name(book, card) + (" (resting)" if resting else "")),
                            svg.el("rect", {"x": cx, "y": y + 84, "width": 22, "height": 24, "rx": 2,
                                            "fill": "#ddd" if resting else "#fff", "stroke": "#666"}),
                            svg.text(cx + 11, y + 100, label, font_size=8, text_anchor="middle",
                                     fill="#999" if resting else "#222")))
        cx += 24
    rows.append(svg.el("g", {"class_": "cards"}, *cards))
    return svg.el("g", {"class_": "seat", "data-player": p, "data-colour": name}, *rows)
