"""A plain static drawing of a position (placeholder until the boards draw the game properly)."""

from __future__ import annotations

import html

from .. import svg


def state_svg(s, interactive: bool = False) -> str:
    lines = [s.status()]
    for p in range(s.players):
        seat = s.seats[p]
        lines.append(f"{s.player_label(p)}: {seat.vp} VP, {seat.pool} servants, jade {seat.jade}, "
                     f"palace {seat.palace}, intrigue {seat.intrigue}")
    body = "".join(svg.el("text", {"x": 8, "y": 18 + 18 * i, "font_size": 12}, html.escape(t))
                   for i, t in enumerate(lines))
    return svg.doc(720, 24 + 18 * len(lines), body)
