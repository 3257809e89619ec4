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
from ..hexgrid import hex_corners, to_pixel
from ._actions import PLACE, PLAN
from ._book import ACTIONS, INACTIVE_CARD, KING_CARD, MASKED_PLAN
from ._words import (REGION_HEX, SEA_HEX, card_name, fief_name, hex_text, player_colour,
                     player_label, status)

SIZE = 13.0
PANEL = 250


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _pts(corners) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def state_svg(s, interactive: bool = False, **kwargs) -> str:
    book = s.book
    geo = book.geo
    comp = book.components
    placeholder = {r.id for r in comp.map.table("hexes") if r.is_placeholder}
    centres = [to_pixel(c, SIZE) for c in geo.coords]
    xs = [x for x, _ in centres] or [0]
    ys = [y for _, y in centres] or [0]
    ox, oy = -min(xs) + SIZE + 8, -min(ys) + SIZE + 34
    pos = [(x + ox, y + oy) for x, y in centres]
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
        elif (c.q, c.r) in anchors:
            attrs["class_"] += " anchor"
        cells.append(svg.el("polygon", attrs, svg.title(hex_text(s, i))))
    parts.append(svg.el("g", {"class_": "map"}, *cells))
    # sea routes, features, barriers
    routes = []
    port_pos = {book.port_ids[k]: pos[geo.port_hex[k]] for k in range(len(book.port_ids))}
    for sea, (a, b) in geo.routes:
        if a in port_pos and b in port_pos:
            (x1, y1), (x2, y2) = port_pos[a], port_pos[b]
            routes.append(svg.el("line", {"class_": "route", "data-sea": sea, "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                          "stroke": "#1f5fa8", "stroke_width": 0.8,
                                          "stroke-dasharray": "3 2", "opacity": 0.6}))
    parts.append(svg.el("g", {"class_": "routes"}, *routes))
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
    parts.append(svg.el("g", {"class_": "features"}, *feats))
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
    parts.append(svg.el("g", {"class_": "barriers"}, *walls))
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
    parts.append(svg.el("g", {"class_": "pieces"}, *pieces))
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
    # the players' panels
    panel = []
    for p in range(s.players):
        panel.append(_seat(s, p, width + 10, 34 + p * 118))
    parts.append(svg.el("g", {"class_": "seats"}, *panel))
    total_h = max(height + 24, 30 + s.players * 118) + 18
    if comp.has_placeholders:
        parts.append(svg.text(8, total_h - 4, f"Placeholder data: {len(comp.placeholders())} record(s) "
                              "of the map and components are made up (dashed).", font_size=9,
                              class_="placeholder-note", fill="#8a5a00"))
    return svg.doc(width + PANEL + 20, total_h, "".join(parts), class_="gonzaga-board")


def _seat(s, p: int, x: float, y: float) -> str:
    from ._state import HIDDEN
    book = s.book
    name, colour = player_colour(s, p)
    rows = [svg.el("rect", {"x": x, "y": y, "width": PANEL, "height": 110, "rx": 4,
                            "fill": "#fafafa", "stroke": colour, "stroke_width": 2}),
            svg.text(x + 8, y + 15, f"{player_label(s, p)}: {s.scores()[p]} points", font_size=11,
                     font_weight="bold")]
    f = s.fiefs[p]
    fief = f"{fief_name(book, f)}, card {book.card_number(f, p)}" if f >= 0 else "none"
    deck = f"deck {len(s.decks[p])} · this round: {fief}"
    above = s.last_turn_card()
    if p == s.info.option("oldest", 0) and above is not None:
        deck += " · Last Turn card " + ("on top" if above == 0 else f"under {above}")
    rows.append(svg.el("g", {"class_": "deck", "data-target": _target("deck", p)},
                       svg.text(x + 8, y + 30, deck, font_size=9)))
    rows.append(svg.el("g", {"class_": "rings", "data-target": _target("rings", p)},
                       svg.text(x + 8, y + 43, f"rings {s.rings[p]} · pieces {len(s.pieces[p])} · "
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
                       svg.text(x + 8, y + 56, f"plan: {shown}", font_size=9)))
    obj = s.objectives[p]
    objective = "hidden" if obj == HIDDEN else "-" if obj < 0 else book.objective_ids[obj]
    rows.append(svg.el("g", {"class_": "objective", "data-target": _target("objective", p)},
                       svg.text(x + 8, y + 69, f"objective: {objective}", font_size=9)))
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
                            svg.el("rect", {"x": cx, "y": y + 78, "width": 22, "height": 24, "rx": 2,
                                            "fill": "#ddd" if resting else "#fff", "stroke": "#666"}),
                            svg.text(cx + 11, y + 94, label, font_size=8, text_anchor="middle",
                                     fill="#999" if resting else "#222")))
        cx += 24
    rows.append(svg.el("g", {"class_": "cards"}, *cards))
    return svg.el("g", {"class_": "seat", "data-player": p, "data-colour": name}, *rows)
