"""The Gùgōng boards as SVG: the main board and a player board, drawn from a state or a view.

``main_svg(s, interactive, pick, seat)`` draws the seven locations with their gift cards and,
right under them, the hand of ``seat`` (so an exchange is two clicks in one view: a hand card,
then a location's card), a strip of buttons for every legal choice that has no place of its own
on the board (pay, forgo, accept, decline, the foreman, Intrigue benefits, printed choices...),
every player's counts, then the travel map (cities, roads, tokens, travellers, the two face-down
token piles as heights), the Great Wall, the Intrigue and Palace tracks (with the arrival spots),
the Destiny dice, the Grand Canal (routes, ports, ships), the decrees and the jade houses.
The drawing is 880 units wide and shown about 968 px wide in a workshop room (JupyterLab with the
file browser open), so no label is under 11 units (12 px). ``player_svg(s, seat,
interactive, pick)`` draws one player's board: the hand, the discard pile (its cards only for its
owner: a view holds no other player's cards, so none can be drawn), the servants in pool and
supply, the foreman and where it is, the travel tokens with their trades, the port-reward slots.

Elements carry stable classes and ``data-*`` attributes:

- a place that plays one legal action has ``data-action`` (the action as JSON) and the class
  ``legal``; every other place has ``data-target`` (the click targets of ``_words``), so a click
  there is answered with the rule that stops it;
- a card of the mover's hand (or discard pile) that starts an exchange or a swap has the class
  ``pickable``; once picked (``pick``: its card id) it is framed and the location cards carry the
  exchange (or swap) of that card;
- ``.location[data-location]``, ``.location-card``, ``.city[data-city]``, ``.wall``,
  ``.track[data-track]``, ``.die[data-die]``, ``.port[data-port]``, ``.ship``, ``.decree[data-decree]``,
  ``.house[data-house]``, ``.choice-button`` (the strip), ``.hand-strip[data-player]`` (the hand
  under the locations), ``.hand-card[data-card]``,
  ``.discard[data-player]``, ``.token``, ``.slot``, ``.foreman``;
- every symbol has a tooltip (``<title>``) in plain words; records of placeholder data are drawn
  dashed, and the drawing says so under it (class ``placeholder-note``);
- the root ``svg`` has ``data-phase``, ``data-turn``, ``data-player`` and ``data-over``; each
  area is a ``svg.part`` so a live board repaints only what changed, and the areas under the
  hand (map, tracks, canal, decrees) are remembered by what they are drawn from, so a click
  redraws only what it changed.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from .. import svg
from .._action import Action
from ._actions import (act, claim, discard, exchange, foreman, load, location, retrieve, sail,
                       set_die, swap, travel)
from ._core import CHANCE, FOREMAN_PLACES, FULL, POOL, SUPPLY, intrigue_order
from ._view import HIDDEN
from ._words import cap, card_name, count, player_colour, player_label, status

__all__ = ["main_svg", "player_svg", "board_seat", "MAIN_CLASS", "PLAYER_CLASS", "token_code",
           "action_word", "button_label"]

MAIN_CLASS = "gugong-board"
PLAYER_CLASS = "gugong-player-board"
W = 880
PW = 880


TOKEN_CODES = {"servant": "1S", "servants_2": "2S", "envoy": "P+1", "intrigue": "I+1",
               "card_for_jade": "7→J", "retrieve_card": "R", "swap_card": "⇄", "vp_2": "2VP",
               "ship_servant": "S→C", "servants_for_jade": "3S→J", "wall_servant": "S→W",
               "double": "2×"}
ACTION_WORDS = {"travel": "Travel", "wall": "Wall", "jade": "Jade", "intrigue": "Intrigue",
                "palace": "Palace", "decrees": "Decrees", "canal": "Canal", "servant_1": "+1 servant",
                "servants_2": "+2 servants", "swap": "Swap", "none": "no action"}
SHORT_LOC = {"travel": "Travel", "wall": "Great Wall", "jade": "Jade", "intrigue": "Intrigue",
             "palace": "Palace", "decrees": "Decrees", "canal": "Grand Canal"}
REWARD_WORDS = {"vp4": "4 VP", "card": "top card", "foreman": "foreman"}


def token_code(book, k: int) -> str:
    """The short code a token shows on the map ('2S', 'P+1'...); '?' face down."""
    if k < 0 or k >= len(book.token_ids) - 1:
        return "?"
    return TOKEN_CODES.get(book.token_ids[k], book.token_ids[k][:3])


def action_word(book, card: int) -> str:
    return ACTION_WORDS.get(book.card_action[card], book.card_action[card])


# ---- placeholders ------------------------------------------------------------------------------
_PLACEHOLDERS: dict[int, tuple[Any, frozenset]] = {}


def _placeholders(book) -> frozenset:
    ds = book.data
    got = _PLACEHOLDERS.get(id(ds))
    if got is None or got[0] is not ds:
        got = (ds, frozenset((r.table, r.id) for r in ds.placeholders()))
        _PLACEHOLDERS[id(ds)] = got
    return got[1]


def _dash(ph: frozenset, table: str, rid: str) -> str | None:
    return "4 2" if (table, rid) in ph else None


# ---- option words ------------------------------------------------------------------------------
_TITLES: dict[str, str] = {}


def _rule_title(rule_id: str) -> str:
    t = _TITLES.get(rule_id)
    if t is None:
        from .._errors import ExplorerError
        from .._rules import rule
        try:
            t = rule(rule_id).title
        except ExplorerError:
            t = rule_id
        _TITLES[rule_id] = t
    return t


def option_words(book, loc: str, option: str) -> str:
    """'one move', 'pay 1 to place 2', '1 jade from house h3 (cost 3)'..."""
    if loc in ("travel", "wall", "intrigue", "palace", "canal"):
        t = _rule_title(f"gugong.{loc}.{option}")
        return t.split(": ", 1)[-1]
    if loc == "jade":
        if option == "box":
            return "1 jade from the jade box (5 servants)"
        h = book.house_index.get(option)
        return (f"1 jade from {book.house_text(h)} (cost {book.house_cost[h]})" if h is not None
                else f"1 jade from house {option}")
    if loc == "decrees":
        d = book.decree_index.get(option)
        return book.decree_text(d) if d is not None else f"decree {option}"
    return option


def _effect_words(book, fx) -> str:
    out = []
    for e in fx:
        k = e[0]
        if k == "gain":
            out.append(f"{e[2]} {e[1] if e[1] != 'servants' or e[2] != 1 else 'servant'}")
        elif k == "advance":
            out.append(f"{e[1].capitalize()} {count(e[2], 'step')}")
        elif k == "draw_card":
            out.append("the top card of the draw pile")
        elif k == "unlock_foreman":
            out.append("the foreman")
        elif k == "set_die":
            out.append("turn a Destiny die")
        else:
            out.append(k.replace("_", " "))
    return ", ".join(out) or "nothing"


def button_label(s, a: Action) -> str:
    """A short label for a choice button."""
    book = s.book
    k, args = a.kind, a.args
    task = s.task
    code = task[0]
    if k == "pay":
        from ._day import price_cost
        return f"Pay {count(price_cost(s, s.current_player), 'servant')}"
    if k == "forgo":
        return "Exchange without acting this turn"
    if k == "end_turn":
        return "End the turn"
    if k == "pass":
        return "Pass (no cards left)"
    if k == "act":
        if code == "actions":
            action = book.card_action[task[3]]
            if action in book.location_index:
                return f"Card's action ({SHORT_LOC[action]}): {option_words(book, action, args[0])}"
            return f"Card's action: {ACTION_WORDS.get(action, action)}"
        return f"Card's action: {args[0]}"
    if k == "location":
        return f"{SHORT_LOC.get(args[0], args[0])}: {option_words(book, args[0], args[1])}"
    if k == "accept":
        return "Accept"
    if k == "decline":
        return "Decline"
    if k == "foreman":
        return "Use the foreman" if args[0] else "Servant cubes only"
    if k == "trade":
        gets = {2: "1 servant", 4: "2 VP", 6: "1 jade"}.get(args[0], "its reward")
        dbl = f", {args[1]} double" if args[1] else ""
        return f"Trade tokens worth {args[0]}{dbl} → {gets}"
    if k == "benefit":
        what = {1: "1 servant", 3: "2 servants", 5: "turn a Destiny die", 7: "1 jade"}.get(args[0], "?")
        return f"Intrigue −{args[0]} → {what}"
    if k == "choose":
        if code == "choose":
            opts = task[2]
            i = args[0] - 1
            if 0 <= i < len(opts):
                return f"Option {args[0]}: {_effect_words(book, opts[i])}"
        return f"Option {args[0]}"
    if k == "set_die":
        return f"Die {args[0]} → {args[1]}"
    if k == "load":
        return f"{'Foreman' if args[1] == 'foreman' else 'Servant'} onto a ship at port {args[0]}"
    if k == "sail":
        return f"Sail the ship at port {args[0]}"
    if k == "claim":
        return f"Claim {REWARD_WORDS.get(args[1], args[1])}"
    if k == "retrieve":
        return f"Take back {card_name(book, args[0])}"
    if k == "discard":
        return f"Discard {card_name(book, args[0])}"
    text = s.describe(a)
    return text


# ---- clicks ------------------------------------------------------------------------------------
class _Clicks:
    """Which legal action each drawn place plays (one: ``data-action``; none or several:
    ``data-target``), and what is left for the strip of buttons."""

    __slots__ = ("s", "legal", "set", "used", "pick", "live")

    def __init__(self, s, interactive: bool, pick: str | None):
        self.s = s
        live = interactive and not s.is_over and s.task[0] not in CHANCE and (
            s.viewer == FULL or s.viewer == s.current_player)
        self.live = live
        self.legal = s.legal_actions() if live else []
        self.set = frozenset(self.legal)
        self.used: set = set()
        self.pick = pick if live else None

    def attrs(self, cls: str, target: list, *candidates: Action, extra: dict | None = None) -> dict:
        hits = [a for a in candidates if a in self.set] if self.live else ()
        a = {"class_": cls}
        if extra:
            a.update(extra)
        if len(hits) == 1:
            self.used.add(hits[0])
            a["class_"] = cls + " legal"
            a["data-action"] = json.dumps(hits[0].to_json())
        else:
            a["data-target"] = json.dumps(target)
            if hits:
                a["class_"] = cls + " several"
        return a

    def hit(self, a: Action) -> bool:
        return self.live and a in self.set

    def pickable(self, cid: str) -> bool:
        """Whether a card of the mover's starts an exchange or a swap (a second click names the
        board card)."""
        if not self.live:
            return False
        return any(a.kind in ("exchange", "swap") and a.args[0] == cid for a in self.legal)


# ---- type sizes: in a room the drawing is shown 1.1 times its size (880 units in 968 px), so no
# label is under 11 units (12 px on screen) ---------------------------------------------------
SMALL = 11        # the smallest label (notes, names under pieces)
TEXT = 12         # plain words
HEAD = 13         # a panel's heading
TITLE = 14.5      # a location's or a player's name

# advance widths of DejaVu Sans (the boards' font), in ems: for wrapping and sizing buttons
_NARROW = dict.fromkeys("iljI|!.,:;'", 0.30) | dict.fromkeys("ft()[]r ", 0.40) | {"·": 0.32}
_WIDE = dict.fromkeys("mwMW", 0.95) | dict.fromkeys("ABCDEGHKNOQRUVXYZ→—⇄", 0.76) | {"◆": 0.76}


@functools.lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    return sum(_NARROW.get(ch) or _WIDE.get(ch) or 0.63 for ch in text)


def _textw(text: str, size: float, bold: bool = False) -> float:
    """The width ``text`` takes at ``size`` (a slight overestimate, so nothing is cut)."""
    return _ems(str(text)) * size * (1.1 if bold else 1.0)


def _t(x: float, y: float, content: Any, size: float = TEXT, **attrs: Any) -> str:
    return svg.text(x, y, content, font_size=size, **attrs)


def _wrap(text: str, width: float, size: float = TEXT) -> list[str]:
    """``text`` in lines at most ``width`` units wide at ``size``."""
    return list(_wrapped(text, width, size))


@functools.lru_cache(maxsize=2048)
def _wrapped(text: str, width: float, size: float) -> tuple[str, ...]:
    words = text.split()
    lines, cur = [], ""
    for w in words:
        nxt = f"{cur} {w}" if cur else w
        if cur and _textw(nxt, size) > width:
            lines.append(cur)
            cur = w
        else:
            cur = nxt
    if cur:
        lines.append(cur)
    return tuple(lines)


def _lines(x: float, y: float, lines: list[str], size: float = TEXT, step: float | None = None,
           **attrs: Any) -> str:
    step = step or size * 1.2
    return "".join(_t(x, y + step * i, ln, size, **attrs) for i, ln in enumerate(lines))


def _frame(x, y, w, h, cls="panel", dash=None, fill="#fffdf6", tip: str | None = None) -> str:
    rect = svg.el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 6, "fill": fill,
                           "stroke": "#9a8a6a", "stroke_width": 1.2, "stroke_dasharray": dash,
                           "class_": cls})
    return svg.el("g", {"class_": "panel-frame"}, svg.title(tip), rect) if tip else rect


def _legal_mark(x, y, w, h, r=4) -> str:
    return svg.el("rect", {"x": x - 2, "y": y - 2, "width": w + 4, "height": h + 4, "rx": r + 1,
                           "fill": "none", "stroke": "#2e7d32", "stroke_width": 2.5,
                           "pointer_events": "none", "class_": "legal-mark"})


def _heading(x: float, y: float, text: str, note: str = "", width: float = 400) -> tuple[str, float]:
    """A panel's heading, and a note in plain words beside it (or under it when too long);
    and the baseline of its last line."""
    out = _t(x, y, text, HEAD, font_weight="bold", fill="#5a2d0c")
    if note:
        nx = x + _textw(text, HEAD, True) + 10
        if nx + _textw(note, SMALL) <= x + width:
            out += _t(nx, y, note, SMALL, fill="#555")
        else:
            lines = _wrap(note, width, SMALL)
            out += _lines(x, y + 15, lines, SMALL, 14, fill="#555")
            y += 15 + 14 * (len(lines) - 1)
    return out, y


def _word_lines(word: str, width: float) -> list[str]:
    """A card's action word, on two lines if it does not fit one ('+2' / 'servants')."""
    if _textw(word, SMALL) <= width or " " not in word:
        return [word]
    return word.split(" ", 1)


def _hand_tip(tip: str, attrs: dict, pickable: bool, picked: bool) -> str:
    """A hand card's tooltip says what a click on it does (and marks it pickable)."""
    if "data-action" in attrs:
        return tip + ". Click to discard it (face down) as the price"
    if pickable:
        attrs["class_"] += " pickable"
        return tip + (". Picked: now click a card on a location" if picked else
                      ". Click it, then a card on a location, to exchange (or swap) them")
    return tip


def _card(book, c: int, x: float, y: float, w: float, h: float, ph: frozenset,
          tip: str, attrs: dict, picked: bool = False, small: bool = False) -> str:
    """A gift card face up (value and action word) or face down (c < 0)."""
    if c < 0:
        body = [svg.title(tip),
                svg.el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4, "fill": "#7a4b2a",
                                "stroke": "#4a2c16"}),
                svg.el("rect", {"x": x + 4, "y": y + 4, "width": w - 8, "height": h - 8, "rx": 3,
                                "fill": "none", "stroke": "#c9a063", "stroke_width": 0.8})]
        return svg.el("g", attrs, *body)
    cid = book.card_ids[c]
    dash = _dash(ph, "gift_cards", cid)
    legal = "legal" in attrs.get("class_", "")
    word = _word_lines(action_word(book, c), w - 4)
    vsize = h * (0.34 if small else 0.36)
    body = [svg.title(tip),
            svg.el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 4,
                            "fill": "#fff7e0" if not picked else "#e3f4e1",
                            "stroke": "#1b5e20" if picked else "#8a6d3b",
                            "stroke_width": 3 if picked else 1.2, "stroke_dasharray": dash}),
            _t(x + w / 2, y + 4 + vsize, book.value[c], vsize, text_anchor="middle",
               font_weight="bold", fill="#5a2d0c", pointer_events="none"),
            _lines(x + w / 2, y + h - 5 - 12 * (len(word) - 1), word, SMALL, 12,
                   text_anchor="middle", fill="#333", pointer_events="none")]
    if legal:
        body.append(_legal_mark(x, y, w, h))
    return svg.el("g", attrs, *body)


# ---- the main board ----------------------------------------------------------------------------
def _status(s) -> tuple[str, float]:
    lines = _wrap(status(s), W - 20, 13)[:3]
    return "".join(_t(10, 18 + 17 * i, ln, 13, class_="status", font_weight="bold" if i == 0 else None)
                   for i, ln in enumerate(lines)), 18 + 17 * len(lines)


CELL_W, CELL_H = 211, 128          # a location's box in the 4 × 2 grid
CARD_W, CARD_H = 58, 84            # a gift card


def _locations(s, ck: _Clicks, ph: frozenset, y0: float) -> tuple[str, float]:
    book = s.book
    parts = []
    h = CELL_H
    top = y0
    task = s.task
    placed_at = task[2] if task[0] == "actions" else -1
    pending = task[3] if task[0] == "price" else -1
    pick = ck.pick
    for i, loc in enumerate(book.locations):
        x, y0 = 10 + (i % 4) * (CELL_W + 6), top + (i // 4) * (h + 6)
        c = s.locations[i]
        name = book.location_label(loc)
        inner = [svg.title(f"{name}: {_loc_tip(book, loc)}"),
                 _frame(x, y0, CELL_W, h, fill="#fbf3df" if i != placed_at else "#f1f8e9"),
                 _t(x + 8, y0 + 17, SHORT_LOC[loc], TITLE - 1, font_weight="bold", fill="#5a2d0c")]
        if i == placed_at:
            inner.append(_t(x + CELL_W - 8, y0 + 17, "card placed", SMALL, text_anchor="end",
                            fill="#1b5e20", font_weight="bold"))
        elif i == pending:
            inner.append(_t(x + CELL_W - 8, y0 + 17, "price due", SMALL, text_anchor="end",
                            fill="#b71c1c", font_weight="bold", class_="price-due"))
        elif loc == "intrigue":
            taken = s.medal >= 0
            inner.append(svg.el("g", {"class_": "medal", "data-taken": str(taken).lower()},
                                svg.title("The next-start-player medal: " + (
                                    f"taken today by {player_label(s, s.medal)}, who starts tomorrow"
                                    if taken else "still here; the first basic Intrigue action of the day "
                                    "takes it")),
                                svg.el("circle", {"cx": x + CELL_W - 16, "cy": y0 + 13, "r": 9,
                                                  "fill": player_colour(s, s.medal)[1] if taken
                                                  else "#f6d98b", "stroke": "#8a6d3b"}),
                                _t(x + CELL_W - 16, y0 + 17, "★", SMALL, text_anchor="middle",
                                   fill="#5a2d0c"),
                                _t(x + CELL_W - 29, y0 + 17, "medal", SMALL, text_anchor="end",
                                   fill="#8a6d3b")))
        g = svg.el("g", {"class_": "location-frame", "data-target": json.dumps(["location", loc])},
                   *inner)
        # the gift card lying here
        cy = y0 + 26
        if c >= 0:
            cid = book.card_ids[c]
            cands = (exchange(pick, cid), swap(pick, cid)) if pick else ()
            attrs = ck.attrs("location-card", ["card", loc], *cands, extra={"data-card": cid})
            tip = f"On {name}: {card_name(book, cid)}"
            if pick and "data-action" in attrs:
                tip += f". Click to give your {card_name(book, pick)} for it"
            elif ck.live and any(a.kind in ("exchange", "swap") and a.args[1] == cid for a in ck.legal):
                tip += ". First click one of your cards, then this one, to exchange (or swap) them"
            card = _card(book, c, x + 8, cy, CARD_W, CARD_H, ph, tip, attrs)
        else:
            card = svg.el("g", {"class_": "location-card", "data-target": json.dumps(["card", loc])},
                          svg.title(f"No card on {name}"),
                          _frame(x + 8, cy, CARD_W, CARD_H, dash="3 3", fill="none"))
        # the location's options: buttons when legal, plain words otherwise
        ox, ow = x + 8 + CARD_W + 6, CELL_W - CARD_W - 20
        opts = []
        if loc in ("jade", "decrees"):
            word = ("1 jade from a house below (pay its cost), or the jade box" if loc == "jade"
                    else "a decree below (pay its cost, put a servant on it)")
            opts.append(_lines(ox + 2, cy + 14, _wrap(word, ow - 4, SMALL)[:6], SMALL, 13, fill="#444"))
        else:
            by = cy
            for k, option in enumerate(("basic", "paid")):
                a = location(loc, option)
                words = option_words(book, loc, option)
                lines = _wrap(f"{option.capitalize()}: {words}", ow - 10, SMALL)[:3]
                bh = 13 * len(lines) + 8
                attrs = ck.attrs("location-option", ["location", loc], a,
                                 extra={"data-option": option})
                ok = "data-action" in attrs
                body = [svg.title(f"{name}, {option} option: {words}"),
                        svg.el("rect", {"x": ox, "y": by, "width": ow, "height": bh, "rx": 4,
                                        "fill": "#e3f4e1" if ok else "#fffaf0",
                                        "stroke": "#2e7d32" if ok else "#d8ccb0",
                                        "stroke_width": 2 if ok else 0.8}),
                        _lines(ox + 5, by + 14, lines, SMALL, 13, fill="#1b3d1b" if ok else "#444",
                               pointer_events="none")]
                opts.append(svg.el("g", attrs, *body))
                by += bh + 5
        parts.append(svg.el("g", {"class_": "location", "data-location": loc}, g, card, *opts))
    return "".join(parts), top + 2 * h + 6


def _loc_tip(book, loc: str) -> str:
    if loc in ("jade", "decrees"):
        return ("buy 1 jade from a jade house" if loc == "jade"
                else "take a decree (a servant on it)") + "; exchange a card here to carry out this action"
    return (f"basic: {option_words(book, loc, 'basic')}; paid: {option_words(book, loc, 'paid')}; "
            "exchange a card here to carry out this action")


def _hand(s, ck: _Clicks, ph: frozenset, seat: int | None, y0: float) -> tuple[str, float]:
    """The hand of the board's player (``seat``), in reach of the locations: a click on a card
    of it, then on a location's card, makes the exchange (cards of the discard pile that start
    a swap are drawn beside it)."""
    if seat is None or not 0 <= seat < s.players:
        return "", y0
    book = s.book
    st = s.seats[seat]
    own = s.viewer in (FULL, seat) or s.is_over
    mine = ck.live and seat == s.current_player
    pick = ck.pick if mine else None
    who = player_label(s, seat)
    n = len(st.hand)
    head = f"Your hand, {who}" if s.viewer == seat else f"Hand of {who}"
    if not n and not any(c for c in st.discard if mine and own and ck.pickable(book.card_ids[c])):
        return svg.el("g", {"class_": "hand-strip", "data-player": seat},
                      _frame(10, y0, W - 20, 28, fill="#fdfaf0"),
                      svg.el("circle", {"cx": 24, "cy": y0 + 14, "r": 6,
                                        "fill": player_colour(s, seat)[1], "stroke": "#111"}),
                      _t(36, y0 + 19, f"{head}: no cards", HEAD, font_weight="bold",
                         fill="#5a2d0c")), y0 + 34
    parts = [_frame(10, y0, W - 20, CARD_H + 40, fill="#fdfaf0"),
             svg.el("circle", {"cx": 24, "cy": y0 + 14, "r": 6, "fill": player_colour(s, seat)[1],
                               "stroke": "#111"}),
             _t(36, y0 + 19, f"{head} ({count(n, 'card')})", HEAD, font_weight="bold", fill="#5a2d0c")]
    hy = y0 + 28
    x = 18
    for c in st.hand:
        if c == HIDDEN or not own:
            parts.append(_card(book, -1, x, hy, CARD_W, CARD_H, ph, f"{who}'s hand card, face down "
                               "to you", {"class_": "hand-card face-down",
                                          "data-target": json.dumps(["hand", seat, "?"])}))
            x += CARD_W + 8
            continue
        cid = book.card_ids[c]
        picked = pick == cid
        cands = (discard(cid),) if mine else ()
        attrs = ck.attrs("hand-card", ["hand", seat, cid], *cands, extra={"data-card": cid})
        tip = f"In {who}'s hand: {card_name(book, cid)}"
        if s.task[0] == "price" and s.task[2] == c:
            tip += ". Being given in the exchange: pay its price first"
        tip = _hand_tip(tip, attrs, mine and ck.pickable(cid), picked)
        parts.append(_card(book, c, x, hy, CARD_W, CARD_H, ph, tip, attrs, picked=picked))
        if mine and ck.pickable(cid) and not picked:
            parts.append(svg.el("rect", {"x": x - 2, "y": hy - 2, "width": CARD_W + 4,
                                         "height": CARD_H + 4, "rx": 5, "fill": "none",
                                         "stroke": "#2e7d32", "stroke_width": 1.5,
                                         "stroke_dasharray": "4 2", "pointer_events": "none",
                                         "class_": "pick-mark"}))
        x += CARD_W + 8
    # cards of the discard pile that start a swap (the player board shows the whole pile)
    swaps = [c for c in st.discard if mine and own and ck.pickable(book.card_ids[c])]
    if swaps:
        x += 16
        parts.append(_t(x, hy + 10, "from your discard pile:", SMALL, fill="#5a2d0c"))
        for c in swaps:
            cid = book.card_ids[c]
            attrs = ck.attrs("discard-card pickable", ["discard", seat, cid], extra={"data-card": cid})
            parts.append(_card(book, c, x, hy + 16, 52, 66, ph, f"On your discard pile: "
                               f"{card_name(book, cid)}. Click it, then a card on a location, to "
                               "swap them", attrs, picked=pick == cid, small=True))
            x += 58
    # what to do with it, beside the cards
    hint = ""
    if mine and any(a.kind in ("exchange", "swap") for a in ck.legal):
        verb = "exchange" if any(a.kind == "exchange" for a in ck.legal) else "swap"
        hint = (f"Now click a card on a location to take it in exchange for {card_name(book, pick)} "
                "(click your card again to drop it)." if pick else
                f"To {verb}: click a card of yours (framed dashed), then a card on a location above.")
    elif mine and any(a.kind == "discard" for a in ck.legal):
        hint = "Click a card of your hand to discard it as the price, or choose below."
    if hint and x < W - 200:
        parts.append(_lines(x + 16, hy + 26, _wrap(hint, W - 30 - x - 16, TEXT)[:4], TEXT, 15,
                            fill="#1b3d1b", font_style="italic", class_="hint"))
    return svg.el("g", {"class_": "hand-strip", "data-player": seat}, *parts), y0 + CARD_H + 46


def _map(s, ck: _Clicks, ph: frozenset, x0: float, y0: float, w: float, h: float) -> str:
    book = s.book
    placeholder = any(("cities", cid) in ph for cid in book.city_ids)
    parts = [_frame(x0, y0, w, h, dash="6 3" if placeholder else None, fill="#f3efe2",
                    tip="The travel map: cities joined by roads. A traveller moves along roads, "
                        "through empty cities, to a city with a token, and takes the token"
                    + (" (placeholder map)" if placeholder else "")),
             _t(x0 + 8, y0 + 18, "Travel map", HEAD, font_weight="bold", fill="#5a2d0c")]
    if placeholder:
        parts.append(_t(x0 + 8, y0 + 34, "placeholder: cities and roads made up", SMALL,
                        fill="#8a6d00", class_="placeholder-mark"))
    # the two face-down piles: heights only
    from .pieces import pile_heights
    for k, n in enumerate(pile_heights(s)):
        px = x0 + w - 104 + k * 50
        stack = [svg.title(f"Face-down token pile {k + 1}: {count(n, 'token')} (face down; they "
                           "refill the empty cities each morning)")]
        for j in range(min(n, 6)):
            stack.append(svg.el("rect", {"x": px, "y": y0 + 18 - j * 2, "width": 40, "height": 13,
                                         "rx": 3, "fill": "#4a4a4a", "stroke": "#222"}))
        stack.append(_t(px + 20, y0 + 45, f"pile {n}", SMALL, text_anchor="middle", fill="#333"))
        parts.append(svg.el("g", {"class_": "pile", "data-target": '["piles"]', "data-height": n},
                            *stack))
    ax, ay, aw, ah = x0 + 30, y0 + 66, w - 60, h - 106
    xy = [(ax + cx * aw / 100, ay + cy * ah / 100) for cx, cy in book.city_xy]
    parts.append(svg.el("path", {"d": _roads(book, xy), "stroke": "#b49a6a", "stroke_width": 2.4,
                                 "fill": "none", "stroke_dasharray": "5 3" if placeholder else None,
                                 "class_": "roads", "pointer_events": "none"}))
    here: dict[int, list[int]] = {}
    for p, seat in enumerate(s.seats):
        if seat.traveller >= 0:
            here.setdefault(seat.traveller, []).append(p)
    for c, cid in enumerate(book.city_ids):
        x, y = xy[c]
        k = s.cities[c]
        name = book.city_names[c]
        who = here.get(c, [])
        tok = (f"a travel token: {book.token_names[k]}" if k >= 0 else "no token")
        tip = f"{name}: {tok}"
        if who:
            tip += "; travellers: " + ", ".join(player_label(s, p) for p in who)
        attrs = ck.attrs("city", ["city", cid], travel(cid),
                         extra={"data-city": cid, "data-token": book.token_ids[k] if k >= 0 else ""})
        body = [svg.title(tip + (". Click to travel here" if "data-action" in attrs else "")),
                svg.el("circle", {"cx": x, "cy": y, "r": 17, "fill": "#fffaf0", "stroke": "#7a6a50",
                                  "stroke_width": 1.2})]
        if k >= 0:
            dbl = book.token_ids[k] == "double"
            body.append(svg.el("circle", {"cx": x, "cy": y, "r": 14.5, "fill": "#f4e3b2" if not dbl
                                          else "#f2c6c6", "stroke": "#a0803a"}))
            code = token_code(book, k)
            body.append(_t(x, y + 4, code, SMALL, text_anchor="middle", font_weight="bold",
                           fill="#4a3000", pointer_events="none", letter_spacing=-0.4))
        body.append(_t(x, y + 30, name.replace("City ", ""), SMALL, text_anchor="middle", fill="#555",
                       pointer_events="none"))
        if "data-action" in attrs:
            body.append(svg.el("circle", {"cx": x, "cy": y, "r": 19.5, "fill": "none", "stroke": "#2e7d32",
                                          "stroke_width": 2.5, "class_": "legal-mark",
                                          "pointer_events": "none"}))
        for j, p in enumerate(who):
            tx, ty = x + 15 + 6 * j, y - 14
            body.append(svg.el("circle", {"cx": tx, "cy": ty, "r": 6.5, "fill": player_colour(s, p)[1],
                                          "stroke": "#111", "stroke_width": 1, "class_": "traveller",
                                          "data-player": p}))
        parts.append(svg.el("g", attrs, *body))
    waiting = [p for p, seat in enumerate(s.seats) if seat.traveller < 0]
    if waiting:
        parts.append(_t(x0 + 8, y0 + h - 10, "Beside the map:", SMALL, fill="#555"))
        for j, p in enumerate(waiting):
            parts.append(svg.el("circle", {"cx": x0 + 112 + 16 * j, "cy": y0 + h - 14, "r": 6.5,
                                           "fill": player_colour(s, p)[1], "stroke": "#111",
                                           "class_": "traveller", "data-player": p},
                                svg.title(f"{player_label(s, p)}'s traveller, not yet on the map")))
    return "".join(parts)


_ROADS: dict[tuple, str] = {}


def _roads(book, xy) -> str:
    """The roads as one path (the same all game long: remembered)."""
    key = (id(book), tuple(xy))
    got = _ROADS.get(key)
    if got is None:
        got = "".join(f"M{svg.fmt(xy[a][0])},{svg.fmt(xy[a][1])}L{svg.fmt(xy[b][0])},"
                      f"{svg.fmt(xy[b][1])}" for a, b in book.roads)
        if len(_ROADS) > 32:
            _ROADS.clear()
        _ROADS[key] = got
    return got


def _wall(s, ph: frozenset, x0: float, y0: float) -> tuple[str, float]:
    book = s.book
    dash = _dash(ph, "tracks", "wall")
    n = book.wall_length
    thr = book.threshold
    used = sum(size for _, size in s.wall)
    h = 84
    parts = [svg.title(f"The Great Wall: {n} spaces; completed when {thr} servants are on it "
                       f"({book.players} players); a lying foreman counts 2. Now {used}."),
             _frame(x0, y0, 420, h, dash=dash),
             _heading(x0 + 8, y0 + 18, "Great Wall", f"completed at {thr} servants · {used} now",
                      404)[0]]
    sx = x0 + 10
    cw = min(40, 400 / max(n, 1))
    for i in range(n):
        parts.append(svg.el("rect", {"x": sx + i * cw, "y": y0 + 28, "width": cw - 2, "height": 28,
                                     "fill": "#e9e2cf", "stroke": "#a89878", "stroke_dasharray": dash}))
    i = 0
    for p, size in s.wall:
        col = player_colour(s, p)[1]
        parts.append(svg.el("rect", {"x": sx + i * cw + 3, "y": y0 + 32, "width": size * cw - 8,
                                     "height": 20, "rx": 2, "fill": col, "stroke": "#111",
                                     "class_": "wall-piece", "data-player": p},
                            svg.title(f"{player_label(s, p)}'s "
                                      + ("foreman (lying, counts 2)" if size == 2 else "servant"))))
        if size == 2:
            parts.append(_t(sx + i * cw + size * cw / 2 - 1, y0 + 46, "F", TEXT, text_anchor="middle",
                            fill="#fff", font_weight="bold", pointer_events="none"))
        i += size
    tx = sx + thr * cw - 1
    parts.append(svg.el("path", {"d": f"M{svg.fmt(tx)},{y0 + 24}v36", "stroke": "#b71c1c",
                                 "stroke_width": 2.5, "class_": "threshold", "pointer_events": "none"}))
    parts.append(_t(tx, y0 + 75, f"▲ {thr}", SMALL, text_anchor="middle", fill="#b71c1c"))
    return svg.el("g", {"class_": "wall", "data-target": '["wall"]'}, *parts), y0 + h


def _track(s, ck: _Clicks, kind: str, x0: float, y0: float) -> tuple[str, float]:
    book = s.book
    steps = book.intrigue_max if kind == "intrigue" else book.palace_steps
    cw = min(26 if kind == "intrigue" else 44, 400 / (steps + 1))
    name = "Intrigue track" if kind == "intrigue" else "Palace track"
    tip = (f"The Intrigue track, steps 0 to {steps}: Intrigue decides ties and pays for the "
           "benefits after the wall is completed; markers on one step are stacked, the later on top"
           if kind == "intrigue" else
           f"The Palace track, steps 0 to {steps}: the envoy climbs it; on step {steps} it arrives "
           "and takes the best free arrival spot; an envoy outside the palace at the end scores 0")
    if kind == "intrigue":
        bens = " · ".join(f"−{st}: {_effect_words(book, fx).replace('turn a Destiny die', 'a die')}"
                          for st, fx in book.benefits)
        note = f"benefits {bens}"
    else:
        note = f"step {steps} is the arrival: the envoy takes the best free spot"
    head, hy = _heading(x0 + 8, y0 + 18, name, note, 404)
    top = hy + 8
    sx = x0 + 10
    cells = []
    for i in range(steps + 1):
        cells.append(svg.el("rect", {"x": sx + i * cw, "y": top, "width": cw - 2, "height": 17,
                                     "fill": "#efe6cf" if i < steps or kind == "intrigue" else "#f6d98b",
                                     "stroke": "#a89878"}))
        cells.append(_t(sx + i * cw + (cw - 2) / 2, top + 13, i, SMALL, text_anchor="middle",
                        fill="#555"))
    attr = "intrigue" if kind == "intrigue" else "palace"
    order = intrigue_order(s.seats, range(s.players)) if kind == "intrigue" else range(s.players)
    level: dict[int, int] = {}
    base = top + 20
    markers = []
    for p in order:
        v = getattr(s.seats[p], attr)
        k = level.get(v, 0)
        level[v] = k + 1
        col = player_colour(s, p)[1]
        ax = sx + v * cw + 2
        piece = "marker" if kind == "intrigue" else "envoy"
        attrs = ck.attrs(f"track-marker {piece}", ["track", kind, p], extra={"data-player": p,
                                                                             "data-step": v})
        tip2 = f"{player_label(s, p)}'s {'Intrigue marker' if kind == 'intrigue' else 'envoy'}: step {v}"
        if kind == "intrigue" and k:
            tip2 += " (higher in the stack: ties go to the higher marker)"
        markers.append(svg.el("g", attrs, svg.title(tip2),
                              svg.el("rect", {"x": ax, "y": base + 8 * k,
                                              "width": cw - 6, "height": 7, "rx": 1.5, "fill": col,
                                              "stroke": "#111", "stroke_width": 0.8})))
    y = base + 8 * s.players + 4
    extra = []
    if kind == "palace":
        from .pieces import arrival_spots
        dash = "3 2" if any(t == "palace_arrival" for t, _ in _placeholders(book)) else None
        spots = arrival_spots(s)
        extra.append(_t(x0 + 10, y + 15, "Arrival spots:", SMALL, fill="#555"))
        bw = min(64, (404 - 96) / max(len(spots), 1)) - 4
        for j, spot in enumerate(spots):
            bx = x0 + 98 + j * (bw + 4)
            who = spot["player"]
            fill = player_colour(s, who)[1] if who is not None else "#fffaf0"
            extra.append(svg.el("g", {"class_": "arrival", "data-rank": spot["rank"]},
                                svg.title(f"Arrival spot {spot['rank']}: {spot['vp']} VP" +
                                          (f", taken by {player_label(s, who)}" if who is not None
                                           else ", free")),
                                svg.el("rect", {"x": bx, "y": y + 1, "width": bw, "height": 20, "rx": 3,
                                                "fill": fill, "stroke": "#8a6d3b",
                                                "stroke_dasharray": dash}),
                                _t(bx + bw / 2, y + 15, f"{spot['rank']}: {spot['vp']} VP", SMALL,
                                   text_anchor="middle", fill="#fff" if who is not None else "#333")))
        y += 26
    h = y - y0 + 4
    parts = [_frame(x0, y0, 420, h, tip=tip), head, *cells, *markers, *extra]
    return svg.el("g", {"class_": "track", "data-track": kind}, *parts), y0 + h


def _dice(s, ck: _Clicks, ph: frozenset, x0: float, y0: float) -> str:
    """The Destiny dice, in the eighth slot of the locations' grid."""
    book = s.book
    parts = [_frame(x0, y0, CELL_W, CELL_H, tip="The Destiny dice: in the evening, each card on your "
                    "discard pile whose value a die shows earns servants; an Intrigue benefit "
                    "turns a die"), _t(x0 + 8, y0 + 17, "Destiny dice", TITLE - 1, font_weight="bold",
                                          fill="#5a2d0c")]
    setting = ck.live and s.task[0] == "set_die"
    for i, d in enumerate(book.dice_ids):
        f = s.dice[i]
        dy = y0 + 26 + i * 33
        faces = book.die_faces[i]
        dash = _dash(ph, "destiny_dice", d)
        attrs = ck.attrs("die", ["die", d], extra={"data-die": d, "data-face": f})
        body = [svg.title(f"Destiny die {d}: shows {f if f else 'nothing yet'}; its faces are "
                          f"{', '.join(map(str, faces))}"),
                svg.el("rect", {"x": x0 + 8, "y": dy, "width": 29, "height": 29, "rx": 5, "fill": "#fff",
                                "stroke": "#333", "stroke_width": 1.5, "stroke_dasharray": dash}),
                _t(x0 + 22.5, dy + 21, f if f else "–", 17, text_anchor="middle", font_weight="bold"),
                _t(x0 + 42, dy + 19, d, TEXT, fill="#333", font_weight="bold")]
        parts.append(svg.el("g", attrs, *body))
        # the faces it may be turned to (buttons when set_die is legal)
        fw = min(25, (CELL_W - 64) / max(len(faces), 1))
        for j, face in enumerate(faces):
            a = set_die(d, face)
            fx, fy = x0 + 58 + j * fw, dy + 5
            if setting and ck.hit(a):
                fa = ck.attrs("die-face", ["die", d], a, extra={"data-die": d, "data-face": face})
                parts.append(svg.el("g", fa, svg.title(f"Turn die {d} to {face}"),
                                    svg.el("rect", {"x": fx, "y": fy, "width": fw - 3, "height": 19,
                                                    "rx": 3, "fill": "#e3f4e1", "stroke": "#2e7d32"}),
                                    _t(fx + (fw - 3) / 2, fy + 14, face, TEXT, text_anchor="middle")))
            else:
                parts.append(_t(fx + (fw - 3) / 2, fy + 14, face, TEXT, text_anchor="middle",
                                fill="#111" if face == f else "#999",
                                font_weight="bold" if face == f else None))
    return "".join(parts)


def _canal(s, ck: _Clicks, ph: frozenset, x0: float, y0: float) -> tuple[str, float]:
    book = s.book
    nr = len(book.routes)
    h = 40 + 84 * nr
    parts = [_frame(x0, y0, 430, h, tip="The Grand Canal: ships sail from port to port along a "
                    "route; a full ship claims its port's reward into a slot of its owner's board"),
             _heading(x0 + 8, y0 + 18, "Grand Canal",
                      f"a ship holds {book.ship_capacity}; a full ship may claim its port's reward",
                      414)[0]]
    for r, route in enumerate(book.ports):
        ry = y0 + 72 + 84 * r
        gap = min(92, (430 - 112) / max(len(route) - 1, 1))
        px0 = x0 + 78
        if nr > 1:
            parts.append(_t(x0 + 8, ry + 4, f"route {book.routes[r].upper()}", SMALL, fill="#555"))
        parts.append(svg.el("path", {"d": f"M{px0},{ry}H{svg.fmt(px0 + gap * (len(route) - 1))}",
                                     "stroke": "#5b8fc7", "stroke_width": 5, "pointer_events": "none"}))
        for i in range(len(route)):
            pid = book.port_ids[r][i]
            px = px0 + gap * i
            ship = s.canal[r][i]
            rewards = book.port_rewards[r][i]
            rw = "/".join(REWARD_WORDS.get(w, w) for w in rewards) if rewards else "no reward"
            name = book.port_names[r][i].split(" (route")[0]
            cands = (load(pid, "servant"), load(pid, "foreman"), sail(pid)) + tuple(
                claim(pid, w) for w in rewards) if ck.live else ()
            attrs = ck.attrs("port", ["port", pid], *cands, extra={"data-port": pid})
            tip = f"{book.port_text(r, i)}: reward {rw}"
            body = [svg.el("circle", {"cx": px, "cy": ry, "r": 12, "fill": "#e3eefa", "stroke": "#2e5f96",
                                      "stroke_dasharray": _dash(ph, "canal_ports", pid)}),
                    _t(px, ry + 4, i + 1, SMALL, text_anchor="middle", fill="#2e5f96", font_weight="bold"),
                    _t(px, ry + 27, name, SMALL, text_anchor="middle", fill="#444"),
                    _t(px, ry + 40, rw if _textw(rw, SMALL) < gap - 4 else "any reward", SMALL,
                       text_anchor="middle", fill="#7a5a00")]
            if ship is not None:
                owner, cubes, fm = ship
                col = player_colour(s, owner)[1]
                load_n = cubes + (2 if fm else 0)
                tip += (f"; {player_label(s, owner)}'s ship with {count(cubes, 'servant')}"
                        f"{' and the foreman (lying)' if fm else ''} ({load_n} of {book.ship_capacity})")
                body.append(svg.el("path", {"d": f"M{svg.fmt(px - 22)},{ry - 32}h44l-7,14h-30z",
                                            "fill": col, "stroke": "#111", "class_": "ship",
                                            "data-player": owner, "data-load": load_n}))
                body.append(_t(px, ry - 21, f"{load_n}/{book.ship_capacity}{' F' if fm else ''}", SMALL,
                               text_anchor="middle", fill="#fff", font_weight="bold",
                               pointer_events="none"))
            if "data-action" in attrs:
                body.append(svg.el("circle", {"cx": px, "cy": ry, "r": 15, "fill": "none",
                                              "stroke": "#2e7d32", "stroke_width": 2.5,
                                              "class_": "legal-mark", "pointer_events": "none"}))
            elif "several" in attrs["class_"]:
                body.append(svg.el("circle", {"cx": px, "cy": ry, "r": 15, "fill": "none",
                                              "stroke": "#2e7d32", "stroke_width": 1.5,
                                              "stroke_dasharray": "3 2", "pointer_events": "none"}))
                tip += ". Several moves start here: choose one of the buttons under your hand"
            parts.append(svg.el("g", attrs, svg.title(tip), *body))
    return "".join(parts), y0 + h


def _decrees(s, ck: _Clicks, ph: frozenset, x0: float, y0: float) -> tuple[str, float]:
    from .pieces import decree_board, decree_cost
    me = s.current_player if 0 <= s.current_player < s.players else None
    boxes = []
    rows: dict[int, int] = {}
    cards = decree_board(s)
    bw = 131
    texts = [_wrap(d["text"], bw - 10, SMALL)[:5] for d in cards]
    bh = 22 + 13 * max((len(t) for t in texts), default=1)
    for k, d in enumerate(cards):
        col, row = k // 2, k % 2
        rows[row] = 1
        dx, dy = x0 + 8 + col * (bw + 4), y0 + 28 + row * (bh + 5)
        did = d["id"]
        cands = (act(did), location("decrees", did)) if ck.live else ()
        attrs = ck.attrs("decree", ["decree", did], *cands, extra={"data-decree": did})
        cost = d["cost"]
        if me is not None:
            cost = decree_cost(s, me, did)
        holders = ", ".join(player_label(s, p) for p in d["holders"]) or "nobody yet"
        body = [svg.title(f"Decree (level {d['level']}): {d['text']}. Printed cost {d['cost']}"
                          + (f", {cost} for the player to move" if me is not None else "")
                          + f"; held by {holders}"),
                svg.el("rect", {"x": dx, "y": dy, "width": bw, "height": bh, "rx": 4, "fill": "#fdf6e3",
                                "stroke": "#8a6d3b", "stroke_dasharray": _dash(ph, "decrees", did)}),
                _t(dx + 5, dy + 15, f"level {d['level']} · cost {cost}", SMALL, font_weight="bold",
                   fill="#5a2d0c"),
                _lines(dx + 5, dy + 30, texts[k], SMALL, 13, fill="#333")]
        for j, p in enumerate(d["holders"]):
            body.append(svg.el("rect", {"x": dx + bw - 12 - 10 * j, "y": dy + 5, "width": 9, "height": 9,
                                        "fill": player_colour(s, p)[1], "stroke": "#111",
                                        "stroke_width": 0.7, "class_": "holder", "data-player": p}))
        if "data-action" in attrs:
            body.append(_legal_mark(dx, dy, bw, bh))
        boxes.append(svg.el("g", attrs, *body))
    h = 28 + len(rows) * (bh + 5) + 4
    parts = [_frame(x0, y0, 420, h, tip="The decrees in play, two per level: a servant on a decree "
                    "holds it (its cost rises by 1 per other player's servant on it)"),
             _heading(x0 + 8, y0 + 18, "Decrees", "cost: printed + 1 per other player's servant on it",
                      404)[0], *boxes]
    return "".join(parts), y0 + h


def _jade(s, ck: _Clicks, ph: frozenset, x0: float, y0: float) -> tuple[str, float]:
    book = s.book
    parts = [_frame(x0, y0, 420, 76, tip="The jade houses: each sells its jade for its cost in "
                    "servants; when all are empty the jade box sells jade for 5 servants"),
             _t(x0 + 8, y0 + 18, "Jade houses", HEAD, font_weight="bold", fill="#5a2d0c")]
    hw = min(52, (420 - 16 - 100) / max(len(book.house_ids), 1))
    for i, hid in enumerate(book.house_ids):
        hx = x0 + 8 + i * hw
        left = s.houses[i]
        cands = (act(hid), location("jade", hid)) if ck.live else ()
        attrs = ck.attrs("house", ["house", hid], *cands, extra={"data-house": hid, "data-jade": left})
        body = [svg.title(f"{cap(book.house_text(i))}: cost {book.house_cost[i]} servants, "
                          f"{count(left, 'jade')} left"),
                svg.el("rect", {"x": hx, "y": y0 + 26, "width": hw - 6, "height": 44, "rx": 4,
                                "fill": "#eef7ee" if left else "#f2f2f2", "stroke": "#3f7f4f",
                                "stroke_dasharray": _dash(ph, "jade_houses", hid)}),
                _t(hx + (hw - 6) / 2, y0 + 41, f"cost {book.house_cost[i]}", SMALL, text_anchor="middle",
                   fill="#333"),
                _t(hx + (hw - 6) / 2, y0 + 62, "◆" * left if left else "empty", 13 if left else SMALL,
                   text_anchor="middle", fill="#2e8b57")]
        if "data-action" in attrs:
            body.append(_legal_mark(hx, y0 + 26, hw - 6, 44))
        parts.append(svg.el("g", attrs, *body))
    bx = x0 + 8 + len(book.house_ids) * hw
    cands = (act("box"), location("jade", "box")) if ck.live else ()
    attrs = ck.attrs("house jade-box", ["house", "box"], *cands, extra={"data-house": "box"})
    bw = x0 + 412 - bx
    body = [svg.title("The jade box: 1 jade for 5 servants, once every house is empty"),
            svg.el("rect", {"x": bx, "y": y0 + 26, "width": bw, "height": 44, "rx": 4, "fill": "#e0efe0",
                            "stroke": "#3f7f4f"}),
            _t(bx + bw / 2, y0 + 43, "jade box", TEXT, text_anchor="middle"),
            _t(bx + bw / 2, y0 + 62, "5 servants", SMALL, text_anchor="middle", fill="#555")]
    if "data-action" in attrs:
        body.append(_legal_mark(bx, y0 + 26, bw, 44))
    parts.append(svg.el("g", attrs, *body))
    return "".join(parts), y0 + 76


def _players_row(s, x0: float, y0: float) -> tuple[str, float]:
    n = len(s.draw)
    parts = [svg.el("g", {"class_": "draw-pile", "data-target": '["draw"]', "data-height": n},
                    svg.title(f"The gift-card draw pile: {count(n, 'card')}, face down (a port "
                              "reward takes its top card)"),
                    svg.el("rect", {"x": x0, "y": y0 + 2, "width": 13, "height": 17, "rx": 2,
                                    "fill": "#7a4b2a", "stroke": "#4a2c16"}),
                    _t(x0 + 18, y0 + 15, f"draw pile: {n}", TEXT, fill="#333"))]
    x = x0 + 130
    y = y0
    final = s.scores() if s.is_over else None
    for p, seat in enumerate(s.seats):
        col = player_colour(s, p)[1]
        mover = p == s.current_player and not s.is_over
        vp = f"final score {final[p]}" if final else f"{seat.vp} VP"
        text = (f"{player_label(s, p)}{' ▶' if mover else ''}: {vp} · {count(seat.pool, 'servant')} · "
                f"{count(len(seat.hand), 'card')} · jade {seat.jade}"
                + (" · passed" if seat.passed else ""))
        w = _textw(text, TEXT, mover) + 30
        if x + w > W - 10 and x > x0 + 130:
            x, y = x0 + 130, y + 20
        parts.append(svg.el("g", {"class_": "seat-chip", "data-player": p},
                            svg.title(f"{player_label(s, p)}: {seat.vp} VP so far, {seat.pool} servants "
                                      f"in the pool and {seat.supply} in the supply, {len(seat.hand)} "
                                      f"cards in hand, {len(seat.discard)} on the discard pile, "
                                      f"{seat.jade} jade, palace step {seat.palace}, Intrigue "
                                      f"{seat.intrigue}"),
                            svg.el("circle", {"cx": x + 6, "cy": y + 11, "r": 6, "fill": col,
                                              "stroke": "#111"}),
                            _t(x + 16, y + 15, text, TEXT, fill="#222",
                               font_weight="bold" if mover else None)))
        x += w
    return "".join(parts), y + 26


def _strip(s, ck: _Clicks, x0: float, y0: float) -> tuple[str, float]:
    """Buttons for every legal choice not drawn on a place of its own (exchanges and swaps are
    made by clicking two cards: the hand's hint says how; they are also in "What can I do
    now?")."""
    left = [a for a in ck.legal if a not in ck.used and a.kind not in ("exchange", "swap")]
    if not left:
        return "", y0
    parts = [_t(x0, y0 + 17, "Choose:", HEAD, font_weight="bold", fill="#1b5e20")]
    start = x0 + _textw("Choose:", HEAD, True) + 10
    x, y = start, y0
    for a in left:
        label = button_label(s, a)
        w = min(_textw(label, TEXT) + 20, W - 20 - start)
        if x + w > W - 10 and x > start:
            x, y = start, y + 30
        attrs = ck.attrs("choice-button", ["board"], a, extra={"data-kind": a.kind})
        parts.append(svg.el("g", attrs, svg.title(s.describe(a)),
                            svg.el("rect", {"x": x, "y": y, "width": w, "height": 25, "rx": 5,
                                            "fill": "#e3f4e1", "stroke": "#2e7d32", "stroke_width": 1.4}),
                            _t(x + 10, y + 17, label, TEXT, fill="#1b3d1b", pointer_events="none")))
        x += w + 8
    return "".join(parts), y + 34


@functools.lru_cache(maxsize=64)
def _note_at(y: float, width: float) -> tuple[str, float]:
    text = ("Placeholder data (drawn dashed): the map, the gift cards' values and actions, the dice "
            "faces, the decrees, the ports, the jade houses and the wall's length are made up.")
    lines = _wrap(text, width - 20, SMALL)
    return ("".join(_t(10, y + 14 + 14 * i, ln, SMALL, fill="#8a6d00", class_="placeholder-note")
                    for i, ln in enumerate(lines)), y + 8 + 14 * len(lines))


def _note(s, y: float, width: float = W) -> tuple[str, float]:
    """The placeholder note under a drawing (the same all game long: remembered)."""
    if not s.book.data.has_placeholders:
        return "", y
    return _note_at(y, width)


def _root(width: float, height: float, body: str, s, cls: str, **extra: Any) -> str:
    return svg.doc(width, height, body, class_=cls,
                   **{"data-turn": len(s.log), "data-phase": s.phase,
                      "data-player": s.current_player, "data-over": str(s.is_over).lower(),
                      **extra})


_MEMO: dict[tuple, tuple] = {}


def _memo(key: tuple, s, ck: _Clicks, make):
    """``make()``, remembered under ``key`` (what the drawing depends on) for ``s``'s book; the
    actions it made clickable count as used, drawn or remembered."""
    book = s.book
    key = (id(book),) + key
    got = _MEMO.get(key)
    if got is not None and got[0] is book:
        ck.used.update(got[2])
        return got[1]
    before = set(ck.used)
    out = make()
    if len(_MEMO) > 512:
        _MEMO.clear()
    _MEMO[key] = (book, out, frozenset(ck.used - before))
    return out


def _legal_of(ck: _Clicks, kinds: tuple) -> tuple:
    return tuple(a for a in ck.legal if a.kind in kinds)


def board_seat(s) -> int | None:
    """Whose hand a drawing of ``s`` shows by default: its viewer's, or (the whole state) the
    player to move's; none once the game is over."""
    if s.viewer >= 0:
        return s.viewer
    p = s.current_player
    return p if 0 <= p < s.players and not s.is_over else None


def main_svg(s, interactive: bool = False, pick: str | None = None, seat: int | None = -1) -> str:
    """The main board (see the module docstring). ``seat``: whose hand is drawn under the
    locations (-1: :func:`board_seat`; None: no hand). A live board draws no status line (the
    page shows it above the drawing)."""
    ph = _placeholders(s.book)
    ck = _Clicks(s, interactive, pick)
    if interactive:
        head, y = "", 6
    else:
        head, y = _status(s)
        y += 4
    ltop = y
    locs, y = _locations(s, ck, ph, ltop)
    dice = _dice(s, ck, ph, 10 + 3 * (CELL_W + 6), ltop + CELL_H + 6)
    hand, y = _hand(s, ck, ph, board_seat(s) if seat == -1 else seat, y + 2)
    # the areas below the hand change seldom: each is drawn from its own top (the group is moved
    # into place) and remembered with what it was drawn from
    cities, houses, ports = (_legal_of(ck, ("travel",)), _legal_of(ck, ("act", "location")),
                             _legal_of(ck, ("load", "sail", "claim")))
    seats_key = tuple((x.intrigue, x.stamp, x.palace, x.traveller, x.arrival) for x in s.seats)
    wall, ry = _memo(("wall", s.wall, s.players), s, ck, lambda: _wall(s, ph, 450, 0))
    intrigue, ry = _memo(("intrigue", ry, seats_key), s, ck,
                         lambda: _track(s, ck, "intrigue", 450, ry + 6))
    palace, ry = _memo(("palace", ry, seats_key), s, ck, lambda: _track(s, ck, "palace", 450, ry + 6))
    jade, ry = _memo(("jade", ry, s.houses, houses), s, ck, lambda: _jade(s, ck, ph, 450, ry + 6))
    mapsvg = _memo(("map", ry, s.cities, seats_key, len(s.stock), cities), s, ck,
                   lambda: _map(s, ck, ph, 10, 0, 430, ry))
    y2 = ry + 8
    canal, cy = _memo(("canal", y2, s.canal, ports), s, ck, lambda: _canal(s, ck, ph, 10, y2))
    decs, dy = _memo(("decrees", y2, s.decrees, s.holders, s.current_player, houses), s, ck,
                     lambda: _decrees(s, ck, ph, 450, y2))
    strip, y = _strip(s, ck, 10, y + 2)         # after the places: it offers what none took
    seats, y = _players_row(s, 10, y + 4)
    top = y + 4
    lower = (svg.part("map", mapsvg) + svg.part("tracks", wall + intrigue + palace + jade)
             + svg.part("canal", canal + decs))
    note, y = _note(s, top + max(cy, dy) + 4)
    body = (svg.part("status", head) + svg.part("locations", locs + dice) + svg.part("hand", hand)
            + svg.part("strip", strip) + svg.part("seats", seats)
            + svg.el("g", {"transform": f"translate(0,{svg.fmt(top)})", "class_": "lower"}, lower)
            + note)
    return _root(W, y + 6, body, s, MAIN_CLASS, **({"data-pick": ck.pick} if ck.pick else {}))


# ---- a player board ----------------------------------------------------------------------------
PH = 300                 # a player board's height


def player_svg(s, seat: int, interactive: bool = False, pick: str | None = None,
               standalone: bool = True, y0: float = 0) -> str:
    """Player ``seat``'s board, as ``s`` (a state or a view) shows it."""
    book = s.book
    ph = _placeholders(book)
    ck = _Clicks(s, interactive, pick)
    p = s.check_player(seat)
    st = s.seats[p]
    col = player_colour(s, p)[1]
    mover = p == s.current_player and not s.is_over
    mine = ck.live and mover
    own = s.viewer in (FULL, p) or s.is_over       # whose cards this drawing may show
    parts = [svg.el("rect", {"x": 4, "y": y0 + 4, "width": PW - 8, "height": PH - 8, "rx": 8,
                             "fill": "#fffdf6", "stroke": col, "stroke_width": 3 if mover else 1.5,
                             "class_": "player-frame"}),
             svg.el("circle", {"cx": 22, "cy": y0 + 22, "r": 8, "fill": col, "stroke": "#111"}),
             _t(36, y0 + 27, f"{player_label(s, p)}{'  — to play' if mover else ''}"
                f"{'  — passed' if st.passed else ''}", TITLE, font_weight="bold", fill="#222"),
             _t(PW - 16, y0 + 27, f"{st.vp} VP · jade {st.jade} · palace step {st.palace} · "
                f"Intrigue {st.intrigue}", HEAD, text_anchor="end", fill="#333", class_="score")]
    # the hand
    hy = y0 + 40
    parts.append(_t(14, hy + 12, f"Hand ({count(len(st.hand), 'card')})", HEAD, font_weight="bold",
                    fill="#5a2d0c"))
    for j, c in enumerate(st.hand):
        hx = 14 + j * (CARD_W + 6)
        if c == HIDDEN or not own:
            parts.append(_card(book, -1, hx, hy + 20, CARD_W, CARD_H, ph, f"{player_label(s, p)}'s "
                               "hand card, face down to you",
                               {"class_": "hand-card face-down",
                                "data-target": json.dumps(["hand", p, "?"])}))
            continue
        cid = book.card_ids[c]
        picked = pick == cid and mine
        cands = (discard(cid),) if mine else ()
        attrs = ck.attrs("hand-card", ["hand", p, cid], *cands, extra={"data-card": cid})
        tip = f"In {player_label(s, p)}'s hand: {card_name(book, cid)}"
        if s.task[0] == "price" and s.task[2] == c:
            tip += ". Being given in the exchange: pay its price first"
            parts.append(_t(hx + CARD_W / 2, hy + CARD_H + 34, "being given", SMALL,
                            text_anchor="middle", fill="#b71c1c"))
        tip = _hand_tip(tip, attrs, mine and ck.pickable(cid), picked)
        parts.append(_card(book, c, hx, hy + 20, CARD_W, CARD_H, ph, tip, attrs, picked=picked))
        if mine and ck.pickable(cid) and not picked:
            parts.append(svg.el("rect", {"x": hx - 2, "y": hy + 18, "width": CARD_W + 4,
                                         "height": CARD_H + 4, "rx": 5, "fill": "none",
                                         "stroke": "#2e7d32", "stroke_width": 1.5,
                                         "stroke_dasharray": "4 2", "pointer_events": "none",
                                         "class_": "pick-mark"}))
    # the discard pile
    dx0 = 14 + max(4, len(st.hand)) * (CARD_W + 6) + 14
    n = len(st.discard)
    parts.append(_t(dx0, hy + 12, f"Discard pile ({n}, face down)", HEAD, font_weight="bold",
                    fill="#5a2d0c"))
    pile = [svg.title(f"{player_label(s, p)}'s discard pile: {count(n, 'card')}, face down"
                      + ("" if own else " (only its owner may look at it)"))]
    per_row = max(1, int((SX - 10 - dx0) // 56))
    if own:
        for j, c in enumerate(st.discard):
            cx = dx0 + (j % per_row) * 56
            cy = hy + 20 + (j // per_row) * 66
            cid = book.card_ids[c]
            picked = pick == cid and mine
            cands = (retrieve(cid),) if mine else ()
            attrs = ck.attrs("discard-card", ["discard", p], *cands, extra={"data-card": cid})
            tip = f"On {player_label(s, p)}'s discard pile: {card_name(book, cid)}"
            if "data-action" in attrs:
                tip += ". Click to take it back into your hand"
            elif mine and ck.pickable(cid):
                attrs["class_"] += " pickable"
                attrs["data-target"] = json.dumps(["discard", p, cid])
                tip += ". Click it, then a card on a location, to swap them"
            pile.append(_card(book, c, cx, cy, 52, 62, ph, tip, attrs, picked=picked, small=True))
        if not n:
            pile.append(_frame(dx0, hy + 20, CARD_W, CARD_H, dash="3 3", fill="none"))
    else:
        for j in range(min(n, 8)):
            pile.append(svg.el("rect", {"x": dx0 + 2 * j, "y": hy + 20 - 2 * j, "width": CARD_W,
                                        "height": CARD_H, "rx": 4, "fill": "#7a4b2a", "stroke": "#4a2c16"}))
        pile.append(_t(dx0 + CARD_W / 2 + 2 * min(n, 8), hy + 68 - 2 * min(n, 8), n, 18,
                       text_anchor="middle", fill="#fff" if n else "#999", font_weight="bold"))
    parts.append(svg.el("g", {"class_": "discard", "data-player": p, "data-count": n,
                              "data-target": json.dumps(["discard", p])}, *pile))
    # servants, foreman, ships
    sx = SX
    parts.append(_t(sx, hy + 12, "Servants", HEAD, font_weight="bold", fill="#5a2d0c"))
    cubes = [svg.title(f"{player_label(s, p)}: {st.pool} servants in the pool (to spend and place), "
                       f"{st.supply} in the general supply")]
    for j in range(min(st.pool, 24)):
        cubes.append(svg.el("rect", {"x": sx + (j % 12) * 14, "y": hy + 20 + (j // 12) * 14,
                                     "width": 11, "height": 11, "rx": 1.5, "fill": col, "stroke": "#111",
                                     "stroke_width": 0.7}))
    cubes.append(_t(sx, hy + 62, f"pool {st.pool} · supply {st.supply}", SMALL, fill="#333"))
    parts.append(svg.el("g", {"class_": "servants", "data-pool": st.pool, "data-supply": st.supply},
                        *cubes))
    where = FOREMAN_PLACES[st.foreman]
    fa = ck.attrs("foreman", ["foreman", p], *((foreman(True),) if mine else ()),
                  extra={"data-place": where})
    free = st.foreman in (POOL, SUPPLY)
    fbody = [svg.title(f"{player_label(s, p)}'s foreman: {where}. It counts 1 servant standing, "
                       "2 lying (on the wall or a ship)"
                       + (". Click to use it" if "data-action" in fa else "")),
             svg.el("circle", {"cx": sx + 10, "cy": hy + 80, "r": 10, "fill": col if free else "#ddd",
                               "stroke": "#111", "stroke_dasharray": None if free else "2 2"}),
             _t(sx + 10, hy + 84, "F", TEXT, text_anchor="middle", font_weight="bold",
                fill="#fff" if free else "#666"),
             _lines(sx + 26, hy + 78, _wrap(f"foreman: {where}", PW - 20 - sx - 26, SMALL)[:2], SMALL,
                    13, fill="#333")]
    if "data-action" in fa:
        fbody.append(svg.el("circle", {"cx": sx + 10, "cy": hy + 80, "r": 13, "fill": "none",
                                       "stroke": "#2e7d32", "stroke_width": 2.5, "class_": "legal-mark"}))
    parts.append(svg.el("g", fa, *fbody))
    from .pieces import ships_beside
    beside = ships_beside(s, p)
    boats = [svg.title(f"{player_label(s, p)}: {count(beside, 'ship')} beside the board, "
                       f"{book.ships - beside} on the Grand Canal")]
    boats.append(_t(sx, hy + 114, f"ships beside ({beside} of {book.ships})", SMALL, fill="#333"))
    for j in range(beside):
        bx = sx + j * 32
        boats.append(svg.el("path", {"d": f"M{bx},{hy + 122}h28l-6,11h-16z", "fill": col, "stroke": "#111"}))
    parts.append(svg.el("g", {"class_": "ships-beside", "data-count": beside}, *boats))
    # travel tokens and trades
    ty = y0 + 200
    parts.append(_t(14, ty + 12, f"Travel tokens ({len(st.tokens)}; more than {book.token_limit} must be "
                    "traded)", HEAD, font_weight="bold", fill="#5a2d0c"))
    toks = []
    for j, k in enumerate(st.tokens):
        tx = 30 + j * 34
        hidden = k == HIDDEN or (not own and book.token_value[k] == 1)
        tip = ("a face-down travel token" if hidden else f"travel token: {book.token_names[k]}"
               + (" (worth 2 in trades)" if book.token_value[k] > 1 else ""))
        toks.append(svg.el("g", {"class_": "token", "data-kind": "?" if hidden else book.token_ids[k]},
                           svg.title(tip),
                           svg.el("circle", {"cx": tx, "cy": ty + 40, "r": 16,
                                             "fill": "#4a4a4a" if hidden else "#f4e3b2",
                                             "stroke": "#a0803a"}),
                           _t(tx, ty + 44, "" if hidden else token_code(book, k), SMALL,
                              text_anchor="middle", font_weight="bold", fill="#4a3000",
                              letter_spacing=-0.4)))
    if not st.tokens:
        toks.append(_t(30, ty + 44, "none", SMALL, fill="#888"))
    parts.append(svg.el("g", {"class_": "tokens", "data-player": p,
                              "data-target": json.dumps(["tokens", p])},
                        svg.title(f"{player_label(s, p)}'s travel tokens: {len(st.tokens)}"), *toks))
    bx = 30 + max(4, len(st.tokens)) * 34
    by = ty + 26
    for a in (ck.legal if mine else ()):
        if a.kind != "trade":
            continue
        label = button_label(s, a)
        w = _textw(label, SMALL) + 18
        if bx + w > RX - 10:
            bx, by = 30 + max(4, len(st.tokens)) * 34, by + 28
        attrs = ck.attrs("trade-button", ["tokens", p], a)
        parts.append(svg.el("g", attrs, svg.title(s.describe(a)),
                            svg.el("rect", {"x": bx, "y": by, "width": w, "height": 24, "rx": 5,
                                            "fill": "#e3f4e1", "stroke": "#2e7d32"}),
                            _t(bx + 9, by + 16, label, SMALL, fill="#1b3d1b")))
        bx += w + 6
    # port-reward slots
    rx = RX
    parts.append(_t(rx, ty + 12, "Port-reward slots", HEAD, font_weight="bold", fill="#5a2d0c"))
    claiming = s.task[0] == "claim" and mine
    cport = book.port_ids[s.task[2]][s.task[3]] if claiming else None
    for k, w in enumerate(book.reward_ids):
        lim = book.reward_limit[k]
        got = st.slots[k]
        gx = rx + k * 96
        cands = (claim(cport, w),) if claiming else ()
        attrs = ck.attrs("slot", ["slot", p, w], *cands, extra={"data-reward": w, "data-filled": got})
        body = [svg.title(f"{REWARD_WORDS.get(w, w)}: {got} of {lim} slots filled"
                          + (". Click to claim it" if "data-action" in attrs else "")),
                _t(gx, ty + 32, REWARD_WORDS.get(w, w), SMALL, fill="#333")]
        for j in range(lim):
            body.append(svg.el("rect", {"x": gx + j * 24, "y": ty + 40, "width": 20, "height": 20, "rx": 3,
                                        "fill": col if j < got else "#fff", "stroke": "#555"}))
        if "data-action" in attrs:
            body.append(_legal_mark(gx, ty + 20, max(24 * lim, 70), 42))
        parts.append(svg.el("g", attrs, *body))
    body = svg.part(f"player-{p}", "".join(parts))
    if not standalone:
        return body
    note, y = _note(s, y0 + PH)
    return _root(PW, y + 4, body + note, s, PLAYER_CLASS,
                 **{"data-seat": p, "data-viewer": s.viewer})


SX = 664                 # where a player board's servants start
RX = 590                 # where its port-reward slots start
