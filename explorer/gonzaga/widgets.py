"""A live board for Gonzaga: the map of Europe, the players' panels, a planning panel and the
fief that follows the mouse.

In phase 2 the player to move plans in the panel beneath the map: their eleven cards (greyed when
resting in the middle box or out of the game, with the reason and the rule), and a table of every
plan (a region card per row, an action card alone or with the King's Privilege per column), each
cell showing how many spots the plan leaves the fief this round and the best points there; a
click commits the plan, face down (the board draws the game as its viewer may see it, so the
other seats' plans stay hidden until the reveal; with ``hot_seat=True``, several people at one
screen, the board asks for the screen to be passed between two players' plans).

In phase 4 the fief follows the mouse over the map, green where it may be placed and red where
not (the reason and its rule show at once: they come with the preview, computed by Python for
every hex and rotation, so moving the mouse asks nothing); ``r`` or the rotate button turns it a
sixth of a turn clockwise; a click places it. "donate to the church" gives the fief to the
church; with action C, "hold a wedding" turns the preview off and frames the hexes where the
first ring may go (then a click on a hex next to it places the second ring, or "end the wedding"
stops). Every choice is also listed in "What can I do now?", and every other click is explained
with its rule.

>>> from explorer import gonzaga
>>> from explorer.gonzaga import bots
>>> b = board(gonzaga.new_game(players=3, seed=7), bots={1: bots.greedy_bot, 2: bots.greedy_bot})
>>> b.state.phase, 'class="controls planning"' in b.svg
('plan', True)
>>> b.play(gonzaga.plan("francia", "B")) is None and b.state.phase
'place'
>>> spec = b.view["preview"]
>>> spec["grid"], spec["order"], spec["action"]
('hex', ['0', '1', '2', '3', '4', '5'], ['place', '$a', '$b', '$o'])
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from .._action import Action
from .._errors import IllegalAction
from ..board import Board, Bot
from ._actions import PLACE, RING
from ._actions import place, ring as gz_ring
from ._svg import SIZE, map_area, state_svg
from ._words import hex_text
from ._place import CODE_RULES, placements_for, refusal_code
from ._score import gain
from .analysis import CODE_TEXT

__all__ = ["board", "preview", "GonzagaBoard"]

CASTLE = "\u265c"
"""The mark on a preview hex that holds a castle (a tower, as on the drawn fiefs)."""


def preview(s) -> dict | None:
    """The generic board's preview of this round's fief over the map (see board.js): its hexes
    per rotation (offsets from the anchor), the legal anchors with their points, and the
    refused anchors grouped by reason code, each code with its text and rule. The same answer
    as :func:`explorer.gonzaga.analysis.placement_preview`, built faster: the spots the map
    itself refuses (off the map, a castle at sea, across a barrier) are worked out once per
    fief, and only the others are asked of the position."""
    if s.phase != PLACE or s.is_over:
        return None
    p = s.order[s.turn]
    f = s.fiefs[p]
    plan = s.plans[p]
    book = s.book
    geo = book.geo
    static = _fixed_refusals(book, f)
    legal = {(e.anchor, e.rot): e for e in placements_for(s, p, f, plan.region, plan.action)}
    cells, ok, points, refused, centre = {}, {}, {}, {}, {}
    for k in range(6):
        o = str(k)
        cells[o], fixed, open_ = static[k]
        spots, pts, why = [], {}, {}
        for i, key in open_:
            e = legal.get((i, k))
            if e is not None:
                spots.append(key)
                pts[key] = gain(s, p, e.cells).total if e.features else 0
            else:
                why.setdefault(refusal_code(s, p, f, plan.region, plan.action, i, k), []).append(key)
        for code, keys in fixed.items():
            why[code] = keys + why[code] if code in why else keys
        ok[o], points[o], refused[o], centre[o] = spots, pts, why, [0, 0]
    return {"grid": "hex", "layer": "[data-map-layer]", "size": SIZE, "area": map_area(s),
            "order": [str(k) for k in range(6)], "cells": cells, "centre": centre, "legal": ok,
            "points": points, "refused": refused, "codes": _codes(), "action": ["place", "$a", "$b", "$o"],
            "key": f"{book.fief_ids[f]}:{len(s.log)}"}


@lru_cache(maxsize=64)
def _fixed_refusals(book, f: int) -> list:
    """Per rotation of fief ``f``: its cells for the preview, the anchors the map refuses
    whatever the position ({code: ["q,r", ...]}), and the others ([(hex index, "q,r")])."""
    geo = book.geo
    t = geo.table(f)
    out = []
    for k in range(6):
        fixed, open_ = {}, []
        for i, c in enumerate(geo.coords):
            key = f"{c.q},{c.r}"
            code = t.static[k][i]
            if code:
                fixed.setdefault(code, []).append(key)
            else:
                open_.append((i, key))
        cells = [[dq, dr, "", CASTLE if castle else ""] for dq, dr, castle in t.shapes[k]]
        out.append((cells, fixed, open_))
    return out


@lru_cache(maxsize=1)
def _codes() -> dict:
    return {code: {"text": CODE_TEXT[code], "rule": CODE_RULES[code]} for code in CODE_RULES}


WEDDING_TARGET = ["wedding"]
"""The click on "hold a wedding" / "back to the fief" (a board control, not a game target)."""


class GonzagaBoard(Board):
    """The generic board with one control of its own: the switch between placing the fief (the
    preview) and holding a wedding (the ring hexes clickable)."""

    def __init__(self, state=None, bots: Mapping[int, Bot] | None = None, **kwargs: Any):
        self._wedding_at: int | None = None       # the position where the wedding switch was set
        self._memo: dict[str, tuple] = {}         # the last drawing and preview, and their position
        kwargs.setdefault("render", self._draw)
        kwargs.setdefault("preview", self._fief_preview)
        super().__init__(state, bots=bots, **kwargs)

    def _another_view(self) -> "GonzagaBoard":
        return GonzagaBoard(session=self.session, compact=self.compact)

    @property
    def wedding(self) -> bool:
        """Whether the board is in wedding mode (only until the position changes)."""
        return self._wedding_at is not None and self._wedding_at == len(self.session.shown().log)

    def _key(self, what: str) -> tuple:
        """What a drawing depends on beyond the game: a refused click redraws nothing."""
        session = self.session
        return (what, session.state, session.cursor, session.viewer, self.wedding)

    def _remembered(self, what: str, s, make):
        key = self._key(what)
        got = self._memo.get(what)
        if got is not None and got[0][1] is key[1] and got[0][2:] == key[2:]:
            return got[1]
        value = make(s)
        self._memo[what] = (key, value)
        return value

    def _draw(self, s) -> str:
        return self._remembered("svg", s, lambda s: state_svg(s, interactive=True,
                                                              controls={"wedding": self.wedding}))

    def _fief_preview(self, s) -> dict | None:
        return None if self.wedding else self._remembered("preview", s, preview)

    def _msg_target(self, content: dict) -> None:
        target = content.get("target")
        if target == WEDDING_TARGET:
            self._switch_wedding()
            return
        answer = self._mode_answer(target)
        if answer is None:
            super()._msg_target(content)
        elif isinstance(answer, Action):
            self.play(answer)
        else:
            self.session._refuse(answer)

    def _msg_click(self, content: dict) -> None:
        hint = self._fief_click_on_ring_spot(content.get("action"))
        if hint is not None:
            self.session._refuse(hint)
        else:
            super()._msg_click(content)

    def _present_place(self):
        """The position shown, when it is the present and a fief is to be placed (else None)."""
        session = self.session
        s = session.shown()
        if session.cursor is not None or s.is_over or s.phase not in (PLACE, RING):
            return None
        return s

    def _fief_click_on_ring_spot(self, raw: Any) -> IllegalAction | None:
        """In fief mode a click on the map places the fief; where it may not go but a ring of a
        wedding may, the answer says so (and how to switch) instead of the fief's refusal."""
        s = self._present_place()
        if s is None or s.phase != PLACE or self.wedding:
            return None
        if not (isinstance(raw, list) and len(raw) == 4 and raw[0] == "place"
                and all(type(v) is int for v in raw[1:])):
            return None
        err = s.why_illegal(Action.from_json(raw))
        if err is None or s.why_illegal(gz_ring(raw[1], raw[2])) is not None:
            return None
        return self._wedding_first(s, raw[1], raw[2], err.message)

    def _wedding_first(self, s, q: int, r: int, why_not_fief: str) -> IllegalAction:
        spot = hex_text(s, s.book.geo.index[(q, r)])
        first = why_not_fief.rstrip(".") + ". " if why_not_fief else ""
        return IllegalAction(
            "wedding-first", "gonzaga.wedding.with-alliance",
            f"{first}{spot} may take a ring of a wedding instead: to hold one, press \"hold a "
            "wedding\" first (the fief then goes to the box), and click the hex.")

    def _mode_answer(self, target: Any) -> Action | IllegalAction | None:
        """A click on a hex or the church, answered for the mode the board is in: in a wedding
        a hex says why no ring may go there (or takes the ring); in fief mode a ring spot says
        to switch to the wedding first. None: the game's own answer will do."""
        s = self._present_place()
        if s is None:
            return None
        if target == ["church"] and self.wedding:
            return IllegalAction("wedding-chosen", "gonzaga.assume.church-wedding",
                                 "You chose to hold a wedding, and rings are never donated to the "
                                 "church: press \"back to the fief\" to donate the fief instead.")
        if not (isinstance(target, list) and len(target) == 3 and target[0] == "hex"
                and type(target[1]) is int and type(target[2]) is int
                and (target[1], target[2]) in s.book.geo.index):
            return None
        q, r = target[1], target[2]
        ring_err = s.why_illegal(gz_ring(q, r))
        if s.phase == RING or self.wedding:
            return gz_ring(q, r) if ring_err is None else ring_err
        if ring_err is None:
            return self._wedding_first(s, q, r, "")
        if any(s.why_illegal(place(q, r, k)) is None for k in range(6)):
            return IllegalAction("place-with-the-mouse", "gonzaga.place.rotate",
                                 f"Your fief may be placed with its anchor on "
                                 f"{hex_text(s, s.book.geo.index[(q, r)])}: move it over the map "
                                 "until it shows green there (r turns it), then click.")
        return None

    def _switch_wedding(self) -> None:
        session = self.session
        s = session.shown()
        if self.wedding:
            self._wedding_at = None
            session.message = {"kind": "ok", "text": "Back to placing the fief: it follows the mouse."}
        elif session.cursor is not None:
            session._refuse(IllegalAction(
                "viewing-the-past", "engine.timeline",
                f"No wedding now: you are looking at move {session.cursor} of "
                f"{len(session.state.history)}; go back to the present to play."))
            return
        elif any(a.kind == "ring" for a in s.legal_actions()):
            self._wedding_at = len(s.log)
            session.message = {"kind": "ok", "text": "Wedding: click a hex framed green for the first "
                               "ring (the fief goes back to the box); \"back to the fief\" undoes "
                               "the choice."}
        else:
            plan = s.plans[s.mover] if s.mover >= 0 and s.phase == PLACE else None
            if plan is None:
                why = ("gonzaga.wedding.with-alliance", "a wedding is held in phase 4, on the "
                       "player's turn, instead of placing the fief")
            elif plan.action != "C":
                why = ("gonzaga.wedding.with-alliance", f"the plan's action card is {plan.action}, "
                       "and a wedding needs the Alliance card (C)")
            else:
                why = ("gonzaga.assume.wedding-needs-ring", "no ring is left, or no hex of the "
                       "planned region may take one")
            session._refuse(IllegalAction("no-wedding", why[0], f"No wedding now: {why[1]}."))
            return
        session.refresh()


def board(state, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> GonzagaBoard:
    """A live board for ``state``; ``bots`` play the seats they map (a bot is a function from a
    state to an action, such as :func:`explorer.gonzaga.bots.greedy_bot`)."""
    return GonzagaBoard(state, bots=bots, **kwargs)
