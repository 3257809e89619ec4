"""The Hanging Gardens' lessons: the lesson files of this folder, and the checks their tasks may
name.

Each check looks at the position before the move and after it (the rules have already played
it) and answers whether the move did what the step asks; ``wants`` says it in players' words.
Which groups may be scored, and what a tile is worth, come from the engine (the groups it offers
after a card, the scores it counts), never from rules restated here. See ``docs/lessons.md`` for
the lesson format.

=====================  ==========================================  ===============================
check                  parameters                                  holds when the player to move
=====================  ==========================================  ===============================
``makes_group``        ``at_least`` (default 3)                    places a card after which they
                                                                   may score a group of at least
                                                                   that many equal motifs
``grows_garden``       ``at_least`` (default 1)                    places a card with that many
                                                                   sections or more on the table
                                                                   (new squares of the garden)
``covers_motif``       ``at_least`` (default 1)                    places a card over that many
                                                                   motifs of their garden or more
``scores_group``       ``at_least`` (default 3)                    puts a temple on a group of at
                                                                   least that many
``takes_tile``         ``kind``: a tile kind ("garden", "priest")  takes a face-up tile of it
``adds_to_series``                                                 takes a face-up series tile of
                                                                   a kind they already hold
``completes_series``                                               takes a face-up series tile
                                                                   that completes a series
``best_tile``                                                      takes a face-up tile worth the
                                                                   most points to them of those
                                                                   they may take
=====================  ==========================================  ===============================
"""

from __future__ import annotations

from ...lessons import Check
from .._actions import SCORE
from .._book import PERSON_LINKS, TILE_COUNTS
from .._grid import BLANK, EMPTY, idx

__all__ = ["CHECKS", "TILE_KINDS"]

TILE_KINDS = frozenset(k.replace("_", " ") for k in (*TILE_COUNTS, *PERSON_LINKS))
"""The kinds of point tile, as players say them ("animal handler")."""


# ---- placing a card -------------------------------------------------------------------------
def _placed_squares(before, action, after) -> list[int]:
    """The squares the card just placed covers (none if the move placed no card)."""
    if action.kind != "place":
        return []
    card, anchor, turn = after.gardens[before.mover].placed[-1]
    return [anchor + off for off in after.book.orient[card][turn].cells]


def makes_group(before, action, after, at_least: int = 3) -> bool:
    """The card just placed lets its player score a group of ``at_least`` or more: the engine
    offers such a group (hanging_gardens.temple.on-group, .new-card-section, .no-old-group)."""
    if action.kind != "place" or after.phase != SCORE or after.mover != before.mover:
        return False
    return any(len(squares) >= at_least for _, squares in after.pending[2])


def grows_garden(before, action, after, at_least: int = 1) -> bool:
    """The card lies with ``at_least`` sections on the table, beyond the garden as it was
    (hanging_gardens.place.blank-anywhere)."""
    grid = before.gardens[before.mover].grid
    return sum(grid[i] == EMPTY for i in _placed_squares(before, action, after)) >= at_least


def covers_motif(before, action, after, at_least: int = 1) -> bool:
    """The card covers ``at_least`` motifs of the garden (hanging_gardens.place.cover-replaces)."""
    grid = before.gardens[before.mover].grid
    return sum(grid[i] > BLANK for i in _placed_squares(before, action, after)) >= at_least


# ---- temples --------------------------------------------------------------------------------
def scores_group(before, action, after, at_least: int = 3) -> bool:
    """A temple goes on a group of ``at_least`` or more (one of the groups the engine offers)."""
    if action.kind != "temple" or before.phase != SCORE:
        return False
    square = idx(*action.args)
    return any(square in squares and len(squares) >= at_least for _, squares in before.pending[2])


# ---- point tiles ----------------------------------------------------------------------------
def _tile_taken(before, action) -> int:
    """The kind of the face-up tile the move takes, or -1."""
    if action.kind != "tile":
        return -1
    space = before.book.space_of(*action.args)
    return before.faceup[space] if space >= 0 else -1


def takes_tile(before, action, after, kind: str) -> bool:
    k = _tile_taken(before, action)
    return k >= 0 and before.book.tile_name(k) == kind


def adds_to_series(before, action, after) -> bool:
    """A series tile of a kind the player already holds (hanging_gardens.score.series-values)."""
    k = _tile_taken(before, action)
    return 0 <= k < before.book.kinds and before.tiles[before.mover][k] > 0


def completes_series(before, action, after) -> bool:
    """The tile brings the player's tiles of its kind to a full series
    (hanging_gardens.score.series-complete)."""
    k = _tile_taken(before, action)
    if not 0 <= k < before.book.kinds:
        return False
    held = after.tiles[before.mover][k]
    return held > 0 and held % len(before.book.series[k]) == 0


def _gain(before, action) -> int:
    p = before.mover
    return before.apply(action).scores()[p] - before.scores()[p]


def best_tile(before, action, after) -> bool:
    """The tile adds the most points to the player's score of the tiles they may take now (the
    engine's score before and after each)."""
    if action.kind != "tile":
        return False
    p = before.mover
    gain = after.scores()[p] - before.scores()[p]
    return all(gain >= _gain(before, a) for a in before.legal_actions() if a.kind == "tile")


CHECKS = {
    "makes_group": Check(makes_group, "place the card so that it makes a group of at least "
                         "{at_least} equal motifs that you may score", {"at_least": int},
                         {"at_least": 3}),
    "grows_garden": Check(grows_garden, "place the card with at least {at_least} of its sections "
                          "beyond your garden, on the table", {"at_least": int}, {"at_least": 1}),
    "covers_motif": Check(covers_motif, "place the card over at least {at_least} motif(s) of "
                          "your garden", {"at_least": int}, {"at_least": 1}),
    "scores_group": Check(scores_group, "put a temple on a group of at least {at_least} equal "
                          "motifs", {"at_least": int}, {"at_least": 3}),
    "takes_tile": Check(takes_tile, "take the {kind} tile", {"kind": set(TILE_KINDS)}),
    "adds_to_series": Check(adds_to_series, "take a tile of a series you already collect"),
    "completes_series": Check(completes_series, "take the tile that completes one of your "
                              "series"),
    "best_tile": Check(best_tile, "take the tile worth the most points to you now"),
}
