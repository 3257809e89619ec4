"""The static drawing of a position (``to_svg``): the main board, then every player's board,
as the state (or a player's view) shows them (see ``_board_svg``). The live boards draw the
same pieces (``widgets``)."""

from __future__ import annotations

from .. import svg
from ._board_svg import MAIN_CLASS, PH, W, _root, main_svg, player_svg


def state_svg(s, interactive: bool = False) -> str:
    main = main_svg(s, interactive, seat=None)
    inner = main[main.index(">") + 1:main.rindex("</svg>")]
    head = main[:main.index(">")]
    height = float(head.split('height="', 1)[1].split('"', 1)[0])
    parts = [inner]
    y = height
    for p in range(s.players):
        parts.append(svg.el("g", {"transform": f"translate(0,{svg.fmt(y)})", "class_": "player-board"},
                            player_svg(s, p, interactive, standalone=False)))
        y += PH
    return _root(W, y + 4, "".join(parts), s, MAIN_CLASS)
