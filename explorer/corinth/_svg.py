"""Static SVG of a Corinth position: the harbor, the choices of the moment, and the score sheets.

Elements carry stable classes and ``data-*`` attributes for boards and browser tests:

- ``.group[data-district]`` the dice groups on the harbor (``.die[data-colour][data-value]``);
- ``.choice`` buttons for choices that are not places (yellow dice, gold, goats, Steward steps,
  pass, end turn);
- ``.sheet[data-player]`` a score sheet with ``.shop[data-shop]``, ``.bonus[data-district]``,
  ``.cell[data-cell="row,col"]``, ``.building[data-building]``, ``.turn-spot``,
  ``.track[data-track]``;
- with ``interactive=True`` every place on the sheet of the player to move carries the action
  it would be (``data-action``, as JSON; legal ones also have the class ``legal``), so a click on
  any shop, market space, building or harbor district is played or explained; everything else
  (another player's sheet, the tracks marked automatically) carries a ``data-target`` whose click
  the rules explain (see ``_targets``);
- every element has a tooltip (``<title>``) in plain words, and places are labelled the way
  refusals name them (market spaces A1-E5, shops by id);
- anything drawn from placeholder data has the class ``placeholder`` and a dashed outline.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import svg
from .._action import Action
from ._book import BUILDINGS
from .harbor import DISTRICTS, GOODS_DISTRICTS
from .market import SIZE, rc
from .._checks import raw as _raw

rc = _raw(rc)

if TYPE_CHECKING:
    from ._state import CorinthState

PLAYER_COLOURS = (("red", "#c0392b"), ("blue", "#2471a3"), ("green", "#1e8449"), ("purple", "#7d3c98"))
"""The seats' colours on the sheets: (name, hex)."""
DISTRICT_COLOURS = {"gold": "#e0b000", "orange": "#e8812f", "blue": "#3b78c2",
                    "purple": "#8e4fa8", "green": "#5a9a3c", "goats": "#9c7a54"}
KIND_LABEL = {"start": "start", "score": "★", "plus1": "+1", "yellow": ""}
DASH = "4 3"
_ROMAN = ("I", "II", "III", "IV", "V", "VI")
SHEET_W, SHEET_H = 840, 318
"""A score sheet, drawn wide (shops, market, then buildings and tracks side by side) so that the
sheets, one per row across the board's whole width, show every label at a readable size."""
PANEL_W = 770                      # the harbor and two columns of choice buttons
TOP_H = 270
SHOP_W, SHOP_H, SHOP_DX = 82, 44, 86
CELL = 42                          # a market space
MARKET_X, MARKET_Y = 424, 44
RIGHT_X = 660                      # buildings and yellow dice


def _act(a: Action) -> str:
    return json.dumps(a.to_json())


_title = svg.title


def _target(*parts) -> str:
    return json.dumps(list(parts))


def _clickable(attrs: dict, action: Action | None, legal: set, interactive: bool) -> dict:
    """Add data-action and the legal class to an element's attributes when it is clickable."""
    if interactive and action is not None:
        attrs["data-action"] = _act(action)
        if action in legal:
            attrs["class_"] = attrs.get("class_", "") + " legal"
    return attrs


LEGAL_STROKE = "#2e7d32"


def _highlight(x: float, y: float, w: float, h: float) -> str:
    """A green frame around a legal target."""
    return svg.el("rect", {"x": x - 1, "y": y - 1, "width": w + 2, "height": h + 2, "rx": 5,
                           "fill": "none", "stroke": LEGAL_STROKE, "stroke-width": 3,
                           "class_": "legal-mark", "pointer_events": "none"})


# ---- dice and the harbor ----------------------------------------------------------------------
_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(x: float, y: float, value: int, colour: str, size: float = 24) -> str:
    """One die face with pips."""
    fill = "#fff" if colour == "white" else "#f5d142"
    parts = [svg.el("rect", {"x": x, "y": y, "width": size, "height": size, "rx": 4, "fill": fill,
                             "stroke": "#333", "stroke-width": 1.2})]
    c, off = size / 2, size * 0.27
    for dx, dy in _PIPS[value]:
        parts.append(svg.el("circle", {"cx": x + c + dx * off, "cy": y + c + dy * off,
                                       "r": size * 0.09, "fill": "#222"}))
    return svg.el("g", {"class_": "die", "data-colour": colour, "data-value": value}, *parts)


def harbor_svg(state: CorinthState, interactive: bool = False, standalone: bool = True,
               x0: float = 0, y0: float = 0) -> str:
    """The six districts, top to bottom, with this round's groups."""
    legal = set(state.legal_actions()) if interactive and not state.is_chance_node else set()
    parts = [svg.text(x0 + 8, y0 + 18, "Harbor", font_size=15, font_weight="bold")]
    row_h = 38
    for i, (name, group) in enumerate(zip(DISTRICTS, state.harbor)):
        y = y0 + 28 + i * row_h
        band = svg.el("rect", {"x": x0 + 4, "y": y, "width": 372, "height": row_h - 4, "rx": 6,
                               "fill": DISTRICT_COLOURS[name], "fill-opacity": 0.25,
                               "stroke": DISTRICT_COLOURS[name]})
        label = svg.text(x0 + 12, y + 22, name, font_size=13)
        dice = []
        if group:
            faces = ["white"] * group.white + ["yellow"] * group.yellow
            for k, colour in enumerate(faces):
                dice.append(die(x0 + 80 + k * 28, y + 5, group.value, colour))
            n = group.count
            tip = (f"{name} district: {n} {'die' if n == 1 else 'dice'} showing {group.value}"
                   + (f" ({group.yellow} yellow)" if group.yellow else "") + ". "
                   + _DISTRICT_USE[name] + f" Or move the Steward {group.value} "
                   f"step{'s' if group.value != 1 else ''}.")
        else:
            tip = f"{name} district: no dice this round."
        attrs = {"class_": "group" if group else "group empty", "data-district": name,
                 "data-value": group.value if group else "", "data-count": group.count if group else 0}
        action = Action("take", name) if not state.is_over else None
        _clickable(attrs, action, legal, interactive)
        if action in legal:
            dice.append(_highlight(x0 + 4, y, 372, row_h - 4))
        parts.append(svg.el("g", attrs, _title(tip), band, label, *dice))
    body = "".join(parts)
    if not standalone:
        return body
    return svg.doc(380, 28 + 6 * row_h + 6, body, class_="corinth-harbor")


_DISTRICT_USE = {"gold": "Take them to gain 1 gold per die.",
                 "goats": "Take them to gain 1 goat per die.",
                 **{d: f"Take them to deliver 1 {d} good per die to a {d} shop."
                    for d in GOODS_DISTRICTS}}


# ---- the choice buttons --------------------------------------------------------------------
def _button(x: float, y: float, text: str, action: Action, legal: set, interactive: bool,
            width: float = 178) -> str:
    attrs = _clickable({"class_": "choice", "data-kind": action.kind}, action, legal, interactive)
    ok = action in legal
    return svg.el("g", attrs,
                  svg.el("rect", {"x": x, "y": y, "width": width, "height": 24, "rx": 5,
                                  "fill": "#e3f4e1" if ok else "#eee",
                                  "stroke": "#2e7d32" if ok else "#999"}),
                  svg.text(x + 8, y + 16, text, font_size=12))


HEADING_CHARS = 46
"""How many characters of the choices' heading fit on one line beside the harbor."""


def heading(state: CorinthState) -> list[str]:
    """What the choices beside the harbor are for, in at most two short lines (the status line
    above the board says whose turn it is and what the game waits for); nothing once the game is
    over."""
    import textwrap

    from ._state import BUILD, COMPENSATE, DELIVER, STEER, SUPPLY, TAKE, USE
    ph = state.phase
    if state.is_over:              # the result is said above the harbor and in its own panel
        text = ""
    elif state.is_chance_node:
        text = "The dice are being rolled."
    elif ph == SUPPLY:
        text = f"Yellow dice to buy ({state.book.c['yellow_die_cost']} gold each):"
    elif ph == TAKE:
        text = "Take a group: click its district."
    elif ph == USE:
        i, value, n = state.pending
        text = (f"Use the {DISTRICTS[i]} group ({n} {'die' if n == 1 else 'dice'} showing "
                f"{value}):")
    elif ph == DELIVER:
        text = f"Deliver: click a {GOODS_DISTRICTS[state.pending[0]]} shop on the sheet."
    elif ph == STEER:
        text = "Click the Steward's next step on the market."
    elif ph == COMPENSATE:
        text = "One compensation step on the market, or:"
    elif ph == BUILD:
        text = "Build (click a building on the sheet), or:"
    else:
        text = ""
    return textwrap.wrap(text, HEADING_CHARS)[:2]


def choices_svg(state: CorinthState, interactive: bool, x0: float, y0: float) -> str:
    """Buttons for the choices of the moment that are not places on the board, under a heading
    saying what they are for."""
    from ._state import (BUILD, COMPENSATE, SUPPLY, USE, free_steps, steward_cost)
    lines = heading(state)
    parts = [svg.text(x0, y0 + 16 + 17 * k, line, font_size=13, font_weight="bold",
                      class_="heading") for k, line in enumerate(lines)]
    top = y0 + 10 + 17 * max(1, len(lines))
    if state.is_over or state.is_chance_node:
        return "".join(parts)
    legal = set(state.legal_actions())
    p = state.current_player
    sheet = state.sheets[p]
    buttons: list[tuple[str, Action]] = []
    if state.phase == SUPPLY:
        for k in range(0, 4):
            buttons.append((f"Buy {k} yellow {'die' if k == 1 else 'dice'}", Action("buy_yellow", k)))
    elif state.phase == USE:
        i, value, count = state.pending
        if DISTRICTS[i] in ("gold", "goats"):
            buttons.append((f"Gain {DISTRICTS[i]}", Action(DISTRICTS[i])))
        free = free_steps(sheet, state.book)
        steward = sorted((a for a in legal if a.kind == "steward"), key=lambda a: a.args[0])
        for a in steward:
            cost = steward_cost(value, a.args[0], free)
            noun = "step" if a.args[0] == 1 else "steps"
            buttons.append((f"Steward {a.args[0]} {noun}" + (f" ({cost} gold)" if cost else ""), a))
        if not steward:
            buttons.append((f"Steward {value} steps", Action("steward", value)))
        if Action("pass") in legal:          # every use costs gold: the group may stay unused
            buttons.append(("Leave the group unused", Action("pass")))
    elif state.phase == COMPENSATE:
        buttons.append(("Pass (no step)", Action("pass")))
    elif state.phase == BUILD:
        buttons.append(("End turn", Action("end_turn")))
    per_column = max(1, int((TOP_H - 4 - top) // 28))
    for k, (text, action) in enumerate(buttons[:2 * per_column]):
        col, row = divmod(k, per_column)
        parts.append(_button(x0 + col * 184, top + row * 28, text, action, legal, interactive))
    return "".join(parts)


# ---- a score sheet -------------------------------------------------------------------------
_SHEETS: dict[tuple, str] = {}


def sheet_svg(state: CorinthState, player: int, interactive: bool = False, standalone: bool = True,
              x0: float = 0, y0: float = 0) -> str:
    """One player's sheet: shops, market, buildings, gold and goats, turn track.

    A sheet is drawn again only when something it shows changed (a board redraws every sheet
    after each click, and usually one of them changed)."""
    mine = not state.is_over and not state.is_chance_node and state.current_player == player
    key = (id(state.book), state.info.players, player, state.sheets[player], state.bonus_owner,
           mine, interactive, standalone, x0, y0,
           (state.phase, state.pending, tuple(state.legal_actions())) if mine else None)
    got = _SHEETS.get(key)
    if got is None:
        if len(_SHEETS) > 512:
            _SHEETS.clear()
        got = _SHEETS[key] = _sheet_svg(state, player, interactive, standalone, x0, y0, mine)
    return got


def _sheet_svg(state: CorinthState, player: int, interactive: bool, standalone: bool,
               x0: float, y0: float, mine: bool) -> str:
    book = state.book
    sheet = state.sheets[player]
    legal = set(state.legal_actions()) if interactive and mine else set()
    live = interactive and mine
    colour = state.player_colour(player)[1]
    parts = [svg.el("rect", {"x": x0 + 2, "y": y0 + 2, "width": SHEET_W - 8, "height": SHEET_H - 8,
                             "rx": 8, "fill": "#fffdf6", "stroke": colour,
                             "stroke-width": 3 if mine else 1.2})]
    score = state.scores()[player]
    parts.append(svg.text(x0 + 12, y0 + 24, state.player_label(player) + ("  (to play)" if mine else ""),
                          font_size=16, font_weight="bold", fill=colour))
    parts.append(svg.el("g", {"class_": "score", "data-score": score,
                              "data-target": _target("part", player, "score") if interactive else None},
                        _title("The score so far (its breakdown is beside it)"),
                        svg.text(x0 + SHEET_W - 16, y0 + 24, f"score {score}", font_size=16,
                                 font_weight="bold", text_anchor="end")))

    # the district bands and the market's letters and numbers (the same on every sheet)
    parts.append(_sheet_frame(x0, y0))
    # shops, after each district's bonus
    for g, name in enumerate(GOODS_DISTRICTS):
        y = y0 + 38 + g * 56
        owner = state.bonus_owner[g]
        bonus = book.bonus[g]
        status = "none" if not bonus else ("circled" if owner == player else
                                           "crossed" if owner >= 0 else "open")
        parts.append(_bonus(name, bonus, status, x0, y,
                            _target("part", player, "bonus") if interactive else None))
        for k, shop in enumerate(book.district_shops[g]):
            action = Action("deliver", book.shop_ids[shop])
            parts.append(_shop(book, shop, x0 + 50 + k * SHOP_DX, y + 4, sheet.marks[shop],
                               _clicks(action, legal, live)))

    # the market, its columns lettered A-E and rows numbered 1-5 (as refusals name the spaces)
    mx, my, cs = x0 + MARKET_X, y0 + MARKET_Y, CELL
    diamonds = dict(sheet.diamonds)
    for c in range(SIZE * SIZE):
        r, k = rc(c)
        action = Action("step", r, k)
        parts.append(_cell(book, c, mx + k * cs, my + r * cs, bool(sheet.circled >> c & 1),
                           bool(sheet.trail >> c & 1), diamonds.get(c), colour,
                           _clicks(action, legal, live)))
    route = sheet.route
    if len(route) > 1:
        pts = " ".join(f"{mx + rc(c)[1] * cs + cs / 2:.1f},{my + rc(c)[0] * cs + cs / 2:.1f}"
                       for c in route)
        parts.append(svg.el("polyline", {"points": pts, "fill": "none", "stroke": colour,
                                         "stroke-width": 2.5, "stroke-opacity": 0.8,
                                         "class_": "steward-path", "pointer_events": "none"}))
    pr, pk = rc(route[-1])
    parts.append(svg.el("circle", {"cx": mx + pk * cs + cs / 2, "cy": my + pr * cs + cs / 2, "r": 6,
                                   "fill": colour, "class_": "steward",
                                   "data-cell": f"{pr},{pk}", "pointer_events": "none"}))

    # buildings, one above the other on the right, and the yellow dice earned under them
    for i, name in enumerate(BUILDINGS):
        parts.append(_building(book, i, x0, y0, bool(sheet.buildings >> i & 1),
                               _clicks(Action("build", name), legal, live)))
    parts.append(_yellow(sheet.yellow, x0, y0,
                         _target("part", player, "yellow") if interactive else None))

    # gold and goats tracks along the bottom, the turn track under the market
    for t, (name, cin, cout, cap) in enumerate((
            ("gold", sheet.gold_in, sheet.gold_out, book.gold_capacity),
            ("goats", sheet.goats_in, sheet.goats_out, book.goats_capacity))):
        parts.append(_track_row(name, cin, cout, cap, name in book.placeholder_tracks, x0,
                                y0 + 282 + t * 22,
                                _target("part", player, name) if interactive else None))
    parts.append(_turn_track(book.spots, sheet.turns, x0, y0,
                             _target("part", player, "turns") if interactive else None))

    # the score's breakdown, in the header beside the score
    bd = state.score_breakdown(player)
    text = "  ".join(f"{k} {v}" for k, v in bd.items())
    parts.append(svg.text(x0 + SHEET_W - 120, y0 + 24, text, font_size=12, fill="#444",
                          text_anchor="end", class_="breakdown"))
    # another player's sheet (or one waiting for its turn) answers a click as a whole
    passive = interactive and not mine
    body = svg.el("g", {"class_": "sheet", "data-player": player, "data-score": score,
                        "data-current": str(mine).lower(),
                        "data-target": _target("sheet", player) if passive else None}, *parts)
    if not standalone:
        return body
    return svg.doc(SHEET_W, SHEET_H, body, class_="corinth-sheet")


@lru_cache(maxsize=64)
def _sheet_frame(x0: float, y0: float) -> str:
    """What every sheet shows the same: the district bands, the market's letters and numbers,
    the names of the turn track and of the yellow dice."""
    parts = [svg.el("rect", {"x": x0 + 10, "y": y0 + 38 + g * 56, "width": 392, "height": 52,
                             "rx": 5, "fill": DISTRICT_COLOURS[name], "fill-opacity": 0.15,
                             "stroke": DISTRICT_COLOURS[name]})
             for g, name in enumerate(GOODS_DISTRICTS)]
    mx, my, cs = x0 + MARKET_X, y0 + MARKET_Y, CELL
    for k in range(SIZE):
        parts.append(svg.text(mx + k * cs + cs / 2, my - 4, "ABCDE"[k], font_size=11,
                              text_anchor="middle", fill="#555"))
        parts.append(svg.text(mx - 5, my + k * cs + cs / 2 + 4, k + 1, font_size=11,
                              text_anchor="end", fill="#555"))
    parts.append(svg.text(x0 + MARKET_X - 10, y0 + 292, "turns", font_size=12))
    parts.append(svg.text(x0 + RIGHT_X, y0 + 249, "yellow dice", font_size=12))
    return "".join(parts)


@lru_cache(maxsize=1024)
def _bonus(name: str, bonus: int, status: str, x0: float, y: float, target: str | None) -> str:
    """A district's bonus circle: open, circled (this player has it) or crossed."""
    tip = (f"{name} bonus: {bonus} points for the first player to complete every {name} shop"
           + {"circled": " (circled: this player has it)", "crossed": " (crossed: another "
              "player took it)", "open": "", "none": ""}[status] if bonus else
           f"The {name} district has no bonus.")
    b = [_title(tip),
         svg.el("circle", {"cx": x0 + 28, "cy": y + 26, "r": 14, "fill": "#fff",
                           "stroke": "#333" if status == "circled" else "#aaa",
                           "stroke-width": 2.5 if status == "circled" else 1})]
    if bonus:
        b.append(svg.text(x0 + 28, y + 31, bonus, font_size=14, text_anchor="middle"))
    if status == "crossed":
        b.append(svg.el("path", {"d": f"M{x0 + 17},{y + 15} L{x0 + 39},{y + 37}",
                                 "stroke": "#c0392b", "stroke-width": 2}))
    return svg.el("g", {"class_": "bonus", "data-district": name, "data-status": status,
                        "data-target": target}, *b)


@lru_cache(maxsize=1024)
def _building(book, i: int, x0: float, y0: float, built: bool, clicks: str | None) -> str:
    """A building's box: its name (ticked once built) and cost; clickable when ``clicks``."""
    name = BUILDINGS[i]
    bx, by, bw, bh = x0 + RIGHT_X, y0 + 40 + i * 46, 166, 40
    cg, ct = book.building_cost[i]
    placeholder = name in book.placeholder_buildings
    inner = [_title(f"{name.capitalize()}: costs {cg} gold and {ct} "
                    f"goat{'s' if ct != 1 else ''}; {building_effect(book, name)}"
                    + (" (built)" if built else "")
                    + (". Placeholder: the printed cost is unknown." if placeholder else ".")),
             svg.el("rect", {"x": bx, "y": by, "width": bw, "height": bh, "rx": 4,
                             "fill": "#dfe9d8" if built else "#fff", "stroke": "#555",
                             "stroke-dasharray": DASH if placeholder else None}),
             svg.text(bx + 8, by + 17, name + (" ✓" if built else ""), font_size=13,
                      font_weight="bold" if built else None),
             svg.text(bx + 8, by + 33, f"{cg} gold, {ct} goat{'s' if ct != 1 else ''}",
                      font_size=11, class_="cost", fill="#444")]
    attrs = {"class_": "building" + (" placeholder" if placeholder else "")
             + (" built" if built else ""), "data-building": name}
    _live(attrs, Action("build", name), clicks)
    if clicks == "legal":
        inner.append(_highlight(bx, by, bw, bh))
    return svg.el("g", attrs, *inner)


@lru_cache(maxsize=256)
def _yellow(n: int, x0: float, y0: float, target: str | None) -> str:
    """The three yellow dice a player can earn on the market, the first ``n`` earned."""
    return "".join(svg.el("rect", {"x": x0 + RIGHT_X + 86 + j * 24, "y": y0 + 236, "width": 18,
                                   "height": 18, "rx": 3, "fill": "#f5d142" if j < n else "#fff",
                                   "stroke": "#a08000",
                                   "class_": "yellow-earned" if j < n else "yellow-slot",
                                   "data-target": target}) for j in range(3))


@lru_cache(maxsize=2048)
def _track_row(name: str, cin: int, cout: int, cap: int, placeholder: bool, x0: float, ty: float,
               target: str | None) -> str:
    """The gold or goat track: its name, what is held, and the dots circled and crossed."""
    held = cin - cout
    return svg.el("g", {"class_": "track" + (" placeholder" if placeholder else ""),
                        "data-track": name, "data-held": held, "data-target": target},
                  _title(f"{name}: {held} held ({cin} circled, {cout} crossed out) of {cap}"
                         " spaces" + (" (placeholder size)" if placeholder else "")),
                  svg.text(x0 + 12, ty + 5, f"{name} {held}", font_size=12),
                  svg.el("rect", {"x": x0 + 86, "y": ty - 6, "width": cap * 8.5 + 4,
                                  "height": 12, "fill": "none", "stroke": "#bbb",
                                  "stroke-dasharray": DASH if placeholder else None}),
                  _track(x0 + 92, ty, cap, cin, cout, DISTRICT_COLOURS[name]))


@lru_cache(maxsize=512)
def _turn_track(spots: int, turns: int, x0: float, y0: float, target: str | None) -> str:
    """The turn track under the market, its first ``turns`` spots crossed."""
    tx, ty = x0 + MARKET_X - 10, y0 + 276
    out = []
    for j in range(spots):
        sx = tx + 46 + j * 28
        crossed = j < turns
        inner = [svg.el("rect", {"x": sx, "y": ty, "width": 24, "height": 22, "fill": "#fff",
                                 "stroke": "#555"}),
                 svg.text(sx + 12, ty + 16, _ROMAN[j] if j < len(_ROMAN) else j + 1, font_size=11,
                          text_anchor="middle")]
        if crossed:
            inner.append(svg.el("path", {"d": f"M{sx},{ty} L{sx + 24},{ty + 22}",
                                         "stroke": "#222", "stroke-width": 1.5}))
        out.append(svg.el("g", {"class_": "turn-spot", "data-crossed": str(crossed).lower(),
                                "data-target": target},
                          _title(f"Turn track spot {j + 1}" + (" (crossed)" if crossed else "")),
                          *inner))
    return "".join(out)


def _clicks(action: Action, legal: set, live: bool) -> str | None:
    """How a place draws its action: "legal" (framed), "illegal" (clickable, explained) or None."""
    if not live:
        return None
    return "legal" if action in legal else "illegal"


def _live(attrs: dict, action: Action, clicks: str | None) -> dict:
    if clicks is not None:
        attrs["data-action"] = _act(action)
        if clicks == "legal":
            attrs["class_"] = attrs.get("class_", "") + " legal"
    return attrs


@lru_cache(maxsize=8192)
def _cell(book, c: int, x: float, y: float, circled: bool, crossed: bool, diamond: int | None,
          colour: str, clicks: str | None, cs: float = CELL) -> str:
    """One market space with its symbol, circle, diamond and label; clickable when ``clicks``."""
    r, k = rc(c)
    kind = book.market_kind[c]
    placeholder = c in book.placeholder_cells
    fill = "#fff"
    label = KIND_LABEL.get(kind, "")
    size, word = 14, ""
    if kind == "goods":
        fill = DISTRICT_COLOURS[GOODS_DISTRICTS[book.market_district[c]]]
        label = str(book.market_amount[c])
    elif kind in ("gold", "goats"):
        fill = DISTRICT_COLOURS[kind]
        n = book.market_amount[c]
        label, word = str(n), "gold" if kind == "gold" else "goat" if n == 1 else "goats"
    elif kind == "start":
        size = 11
    tip = (f"Market {book.cell_name(c)}: {book.describe_cell(c)}"
           + (" (circled)" if circled else " (crossed by the Steward's line)" if crossed else "")
           + (f"; {diamond} points written" if diamond is not None else "")
           + (". Placeholder: the printed space is unknown." if placeholder else "."))
    inner = [_title(tip),
             svg.el("rect", {"x": x + 1, "y": y + 1, "width": cs - 2, "height": cs - 2, "rx": 3,
                             "fill": fill, "fill-opacity": 0.55 if kind not in ("start", "score", "plus1") else 1,
                             "stroke": "#555", "stroke-dasharray": DASH if placeholder else None}),
             svg.text(x + cs / 2, y + (cs / 2 - 1 if word else 14 if kind == "start" else cs / 2 + 5),
                      label, font_size=size,
                      text_anchor="middle", pointer_events="none")]
    if word:
        inner.append(svg.text(x + cs / 2, y + cs - 6, word, font_size=11, text_anchor="middle",
                              pointer_events="none"))
    if kind == "yellow":
        inner.append(die(x + cs / 2 - 10, y + cs / 2 - 10, 1, "yellow", 20))
    if diamond is not None:
        inner.append(svg.text(x + cs - 3, y + cs - 4, f"◆{diamond}", font_size=11,
                              text_anchor="end", class_="diamond", pointer_events="none"))
    if circled:
        inner.append(svg.el("circle", {"cx": x + cs / 2, "cy": y + cs / 2, "r": cs / 2 - 3,
                                       "fill": "none", "stroke": colour, "stroke-width": 2}))
    attrs = {"class_": "cell" + (" placeholder" if placeholder else ""),
             "data-cell": f"{r},{k}", "data-kind": kind,
             "data-state": "circled" if circled else "crossed" if crossed else "free"}
    _live(attrs, Action("step", r, k), clicks)
    if clicks == "legal":
        inner.append(_highlight(x + 1, y + 1, cs - 2, cs - 2))
    return svg.el("g", attrs, *inner)


@lru_cache(maxsize=4096)
def _shop(book, shop: int, sx: float, y: float, m: int, clicks: str | None) -> str:
    """One shop: its points, goods symbols (``m`` marked) and id; clickable when ``clicks``."""
    g = book.shop_district[shop]
    name = GOODS_DISTRICTS[g]
    n = book.shop_symbols[shop]
    done = m == n
    placeholder = shop in book.placeholder_shops
    sid = book.shop_ids[shop]
    tip = (f"Shop {sid}: {book.shop_points[shop]} points once its {n} goods are marked; "
           f"{m} of {n} marked" + (" (complete)" if done else "")
           + (". Placeholder: the number of goods is made up." if placeholder else "."))
    inner = [_title(tip),
             svg.el("rect", {"x": sx, "y": y, "width": SHOP_W, "height": SHOP_H, "rx": 4,
                             "fill": "#fff", "stroke": "#666",
                             "stroke-dasharray": DASH if placeholder else None}),
             svg.text(sx + 4, y + 14, sid, font_size=10.5, fill="#555"),
             svg.text(sx + SHOP_W - 14, y + 20, book.shop_points[shop], font_size=14,
                      text_anchor="middle", font_weight="bold" if done else None)]
    if done:
        inner.append(svg.el("circle", {"cx": sx + SHOP_W - 14, "cy": y + 15, "r": 10, "fill": "none",
                                       "stroke": "#222", "stroke-width": 1.5}))
    inner.append(_squares(sx + 6, y + 33, n, m, DISTRICT_COLOURS[name]))
    attrs = {"class_": "shop" + (" placeholder" if placeholder else "") + (" done" if done else ""),
             "data-shop": sid, "data-marks": m, "data-symbols": n}
    _live(attrs, Action("deliver", sid), clicks)
    if clicks == "legal":
        inner.append(_highlight(sx, y, SHOP_W, SHOP_H))
    return svg.el("g", attrs, *inner)


def _squares(x: float, y: float, n: int, marked: int, colour: str) -> str:
    """A shop's goods symbols, six to a row, the first ``marked`` filled: a few dashed lines
    (one per row and state) rather than a square each, so a sheet stays light to redraw."""
    out = []
    for row in range((n + 5) // 6):
        first, last = row * 6, min(n, row * 6 + 6)
        for a, b, fill in ((first, min(last, marked), colour), (max(first, marked), last, "#fff")):
            if b > a:
                x1 = x + (a - first) * 9
                out.append(f'<line x1="{svg.fmt(x1)}" y1="{svg.fmt(y + row * 9)}" '
                           f'x2="{svg.fmt(x1 + (b - a) * 9 - 2)}" y2="{svg.fmt(y + row * 9)}" '
                           f'stroke="{colour}" stroke-width="8" stroke-dasharray="7 2"/>')
                if fill == "#fff":
                    out.append(f'<line x1="{svg.fmt(x1 + 0.8)}" y1="{svg.fmt(y + row * 9)}" '
                               f'x2="{svg.fmt(x1 + (b - a) * 9 - 2)}" y2="{svg.fmt(y + row * 9)}" '
                               f'stroke="#fff" stroke-width="6.4" stroke-dasharray="5.4 3.6"/>')
    return "".join(out)


def _track(x: float, y: float, cap: int, circled: int, crossed: int, colour: str) -> str:
    """A gold or goat track: ``cap`` dots, the first ``circled`` filled and the first ``crossed``
    struck through, drawn as dotted lines (round caps) rather than a circle per dot."""
    step = 8.5

    def dots(a: int, b: int, stroke: str, width: float) -> str:
        if b <= a:
            return ""
        x1 = x + a * step
        return (f'<line x1="{svg.fmt(x1)}" y1="{y}" x2="{svg.fmt(x + (b - 1) * step)}" y2="{y}" '
                f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="round" '
                f'stroke-dasharray="0 {step}"/>')
    out = [dots(0, cap, "#777", 7.4), dots(0, cap, "#fff", 6), dots(0, circled, colour, 6)]
    if crossed:
        x2 = x + (crossed - 1) * step
        out.append(f'<line x1="{svg.fmt(x - 3)}" y1="{y + 3}" x2="{svg.fmt(x2 + 3)}" y2="{y - 3}" '
                   f'stroke="#222" stroke-width="1.2"/>')
    return "".join(out)


def building_effect(book, name: str) -> str:
    """What a building does, in words, with the rulebook's numbers."""
    c = book.c
    return {"temple": f"{c['temple_points']} points per building you own at the end",
            "warehouse": f"{c['warehouse_extra_goods']} more good with each delivery",
            "stable": f"up to {c['stable_free_steps']} Steward steps more or fewer for free",
            "store": f"{c['store_extra_gold']} more gold with each gold action"}[name]


def _legend(state: CorinthState, y: float) -> str:
    data = state.info.data
    if data is None or not data.has_placeholders:
        return ""
    return svg.text(8, y, "Dashed outline: placeholder value (not known here, made up so "
                          "the game can be played)",
                    font_size=12, fill="#8a6d00", class_="placeholder-legend")


def _board_attrs(state: CorinthState) -> dict:
    return {"data-turn": len(state.log), "data-phase": state.phase,
            "data-player": state.current_player, "data-over": str(state.is_over).lower()}


def harbor_panel_svg(state: CorinthState, interactive: bool = False) -> str:
    """The harbor with the choices of the moment beside it (the harbor board of a live table)."""
    body = harbor_svg(state, interactive, standalone=False) + choices_svg(state, interactive, 400, 6)
    return svg.doc(PANEL_W, TOP_H, body, class_="corinth-harbor-panel", **_board_attrs(state))


def sheets_svg(state: CorinthState, interactive: bool = False) -> str:
    """Every player's score sheet, one per row (each as wide as the board)."""
    n = state.info.players
    height = n * SHEET_H + 24
    parts = [svg.part(f"sheet-{p}", sheet_svg(state, p, interactive, standalone=False,
                                              y0=p * SHEET_H))
             for p in range(n)]
    parts.append(_legend(state, height - 8))
    return svg.doc(SHEET_W, height, "".join(parts), class_="corinth-sheets",
                   **_board_attrs(state))


def state_svg(state: CorinthState, interactive: bool = False) -> str:
    """The whole table: harbor and choices on top, then every player's sheet, one per row."""
    n = state.info.players
    width = max(PANEL_W, SHEET_W)
    height = TOP_H + n * SHEET_H + 24
    parts = [harbor_svg(state, interactive, standalone=False),
             choices_svg(state, interactive, 400, 6)]
    for p in range(n):
        parts.append(sheet_svg(state, p, interactive, standalone=False, y0=TOP_H + p * SHEET_H))
    parts.append(_legend(state, height - 8))
    return svg.doc(width, height, "".join(parts), class_="corinth-board", **_board_attrs(state))
