"""Options a player may be denied, for restricted play ("what are temples on parks worth?").

Temples: never scoring a group at all, never scoring a group of only three, never scoring a group
of one motif (terraces, parks, arcades, fountains). Tiles: never taking the hidden bonus tile of a
big group, never taking a person tile.

>>> from explorer.hanging_gardens import new_game
>>> from explorer._action import Action
>>> s = new_game(players=3, seed=1)
>>> RESTRICTIONS["temples"](s, Action("temple", 0, 0)), RESTRICTIONS["temples"](s, Action("decline"))
(True, False)
>>> RESTRICTIONS["park"].label
'temples on park groups'
"""

from __future__ import annotations

from .._bots import Restriction
from ._grid import idx

__all__ = ["RESTRICTIONS"]

MOTIFS = ("terrace", "park", "arcade", "fountain")
"""The four motifs, in the order of their grid codes (2 + index)."""


def _group(state, action) -> tuple[int, tuple[int, ...]] | None:
    """The eligible group (code, squares) a temple action scores, or None."""
    if action.kind != "temple" or state.phase != "score":
        return None
    square = idx(*action.args)
    for group in state.pending[2]:
        if square in group[1]:
            return group
    return None


def _temple(state, action) -> bool:
    return action.kind == "temple"


def _temple_on_three(state, action) -> bool:
    group = _group(state, action)
    return group is not None and len(group[1]) == 3


def _temple_on(motif: str):
    code = 2 + MOTIFS.index(motif)

    def test(state, action) -> bool:
        group = _group(state, action)
        return group is not None and group[0] == code
    test.__name__ = f"temple_on_{motif}"
    return test


def _hidden(state, action) -> bool:
    return action.kind == "hidden"


def _person_tile(state, action) -> bool:
    if action.kind != "tile":
        return False
    space = state.book.space_of(*action.args)
    return space >= 0 and state.faceup[space] >= 0 and state.book.is_person(state.faceup[space])


RESTRICTIONS = {
    "temples": Restriction("temples", "temples (scoring any group)",
                           "hanging_gardens.temple.on-group", _temple),
    "threes": Restriction("threes", "scoring a group of three",
                          "hanging_gardens.tile.group-of-three", _temple_on_three),
}
RESTRICTIONS.update({m: Restriction(m, f"temples on {m} groups", "hanging_gardens.temple.on-group",
                                    _temple_on(m)) for m in MOTIFS})
RESTRICTIONS.update({
    "hidden": Restriction("hidden", "the hidden bonus tile", "hanging_gardens.tile.bonus-hidden",
                          _hidden),
    "persons": Restriction("persons", "person tiles", "hanging_gardens.tiles.persons", _person_tile),
})
"""Named restrictions (name -> :class:`explorer._bots.Restriction`)."""
