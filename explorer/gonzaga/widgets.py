"""A live board for Gonzaga: the map of Europe, the players' panels, a planning panel and the
fief that follows the mouse.

In phase 2 the player to move plans in the panel beside the map: their eleven cards (greyed when
resting in the middle box or out of the game, with the reason and the rule), and a table of every
plan (a region card per row, an action card alone or with the King's Privilege per column), each
cell showing how many spots the plan leaves the fief this round and the best points there; a
click commits the plan, face down (the board draws the game as its viewer may see it, so the
other seats' plans stay hidden until the reveal).

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

from typing import Any, Mapping

from .._errors import IllegalAction
from ..board import Board, Bot
from ._actions import PLACE
from ._svg import SIZE, map_area, state_svg
from .analysis import placement_preview

__all__ = ["board", "preview", "GonzagaBoard"]

CASTLE = "\u265c"
"""The mark on a preview hex that holds a castle (a tower, as on the drawn fiefs)."""


def preview(s) -> dict | None:
    """The generic board's preview of this round's fief over the map (see board.js): its hexes
    per rotation (offsets from the anchor), the legal anchors with their points, and the
    refused anchors grouped by reason code, each code with its text and rule."""
    if s.phase != PLACE or s.is_over:
        return None
    data = placement_preview(s)
    if not data:
        return None
    order = [str(rot["rotation"]) for rot in data["rotations"]]
    cells, legal, points, refused, centre = {}, {}, {}, {}, {}
    for rot in data["rotations"]:
        k = str(rot["rotation"])
        cells[k] = [[dq, dr, "", CASTLE if castle else ""] for dq, dr, castle in rot["hexes"]]
        legal[k] = [f"{q},{r}" for q, r, _ in rot["legal"]]
        points[k] = {f"{q},{r}": pts for q, r, pts in rot["legal"]}
        refused[k] = {code: [f"{q},{r}" for q, r in spots] for code, spots in rot["refused"].items()}
        centre[k] = [0, 0]
    codes = {code: {"text": c["text"], "rule": c["rule"]} for code, c in data["codes"].items()}
    return {"grid": "hex", "layer": "[data-map-layer]", "size": SIZE, "area": map_area(s),
            "order": order, "cells": cells, "centre": centre, "legal": legal, "points": points,
            "refused": refused, "codes": codes, "action": ["place", "$a", "$b", "$o"],
            "key": f"{data['fief']}:{len(s.log)}"}


WEDDING_TARGET = ["wedding"]
"""The click on "hold a wedding" / "back to the fief" (a board control, not a game target)."""


class GonzagaBoard(Board):
    """The generic board with one control of its own: the switch between placing the fief (the
    preview) and holding a wedding (the ring hexes clickable)."""

    def __init__(self, state=None, bots: Mapping[int, Bot] | None = None, **kwargs: Any):
        self._wedding_at: int | None = None       # the position where the wedding switch was set
        kwargs.setdefault("render", self._draw)
        kwargs.setdefault("preview", self._fief_preview)
        super().__init__(state, bots=bots, **kwargs)

    @property
    def wedding(self) -> bool:
        """Whether the board is in wedding mode (only until the position changes)."""
        return self._wedding_at is not None and self._wedding_at == len(self.session.shown().log)

    def _draw(self, s) -> str:
        return state_svg(s, interactive=True, controls={"wedding": self.wedding})

    def _fief_preview(self, s) -> dict | None:
        return None if self.wedding else preview(s)

    def _msg_target(self, content: dict) -> None:
        if content.get("target") == WEDDING_TARGET:
            self._switch_wedding()
        else:
            super()._msg_target(content)

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
