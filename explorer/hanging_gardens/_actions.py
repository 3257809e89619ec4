"""The actions of The Hanging Gardens, their signatures, and the phases of a turn.

One decision each, as a board offers it as a click:

==========================  ====================================================================
``take(space)``             take the face-up building card in card space ``space`` (1 = leftmost)
``place(row, col, turn)``   add the taken card to your garden: the top-left square of its
                            footprint on square (row, col), turned ``turn`` quarter turns
                            clockwise from the printed card (2 rows x 3 columns)
``discard()``               put a taken card that cannot be placed back in the box
``temple(row, col)``        put a temple on section (row, col): this scores the group it belongs to
``move_temple(row, col)``   with all five temples placed: the temple on (row, col) is the one moved
``hidden()``                for a group of 6 or more: take the hidden tile from a stack first
``decline()``               do not score a group now / do not take the hidden tile
``tile(column, row)``       take a face-up point tile: column 1-3, row 1 (upper) or 2 (lower)
==========================  ====================================================================

Chance events (``current_player == CHANCE``): ``start(player)`` (the start player is drawn),
``reveal(card)`` (the next building card turned up, by id) and ``draw(tile)`` (a point tile drawn
from the stacks, by kind).
"""

from __future__ import annotations

from .._action import Action, Signature, signatures
from ._grid import LIMIT, idx, rc

__all__ = ["take", "place", "discard", "temple", "move_temple", "hidden", "decline", "tile",
           "start", "reveal", "draw", "SIGNATURES", "PHASES", "CHANCE_PHASES"]

DEAL, START, REVEAL, TAKE, PLACE, DISCARD, SCORE, MOVE, BONUS, BONUS_DRAW, TILE, REFILL, OVER = \
    PHASES = ("deal", "start", "reveal", "take", "place", "discard", "score", "move", "bonus",
              "bonus-draw", "tile", "refill", "over")
"""What the game waits for: a chance event (deal, start, reveal, bonus-draw, refill), a player's
decision (take, place, discard, score, move, bonus, tile), or nothing (over)."""
CHANCE_PHASES = frozenset((DEAL, START, REVEAL, BONUS_DRAW, REFILL))

SIGNATURES = signatures(
    Signature("take", ("space", int), doc="take the face-up building card in card space `space`"),
    Signature("place", ("row", int), ("col", int), ("turn", int),
              doc="add the taken card with the top-left of its footprint on (row, col), turned"),
    Signature("discard", doc="put a card that cannot be placed back in the box"),
    Signature("temple", ("row", int), ("col", int), doc="score the group of (row, col), temple there"),
    Signature("move_temple", ("row", int), ("col", int), doc="move the temple standing on (row, col)"),
    Signature("hidden", doc="take the hidden bonus tile of a group of 6 or more"),
    Signature("decline", doc="score no group now, or take no hidden tile"),
    Signature("tile", ("column", int), ("row", int), doc="take a face-up point tile"),
    Signature("start", ("player", int), doc="chance: the start player"),
    Signature("reveal", ("card", str), doc="chance: the building card turned up"),
    Signature("draw", ("tile", str), doc="chance: the point tile drawn from the stacks"),
)


class _Interned(dict):
    """Actions made once and shared, keyed by a small integer (most moves are played often)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        a = self[key] = self.make(key)
        return a


def _place_of(key: int) -> Action:
    r, c = rc(key >> 2)
    return Action._checked("place", (r, c, key & 3))


def _square_action(kind: str):
    def make(i: int) -> Action:
        return Action._checked(kind, rc(i))
    return make


PLACE_BY_KEY = _Interned(_place_of)
"""place(row, col, turn) by key ``index * 4 + turn``."""
TEMPLE_AT = _Interned(_square_action("temple"))
MOVE_AT = _Interned(_square_action("move_temple"))

DISCARD_A, HIDDEN_A, DECLINE_A = Action("discard"), Action("hidden"), Action("decline")
TAKE_A = tuple(Action("take", s) for s in range(1, 9))
START_A = tuple(Action("start", p) for p in range(8))


def _ints(*values) -> bool:
    return all(type(v) is int for v in values)


def take(space: int) -> Action:
    """Take the face-up building card in card space ``space`` (1 = leftmost)."""
    if _ints(space) and 1 <= space <= len(TAKE_A):
        return TAKE_A[space - 1]
    return Action("take", space)


def place(row: int, col: int, turn: int = 0) -> Action:
    """Add the taken card to the garden: the top-left square of its footprint on (row, col),
    turned ``turn`` quarter turns clockwise (0 = as printed, 2 rows x 3 columns)."""
    if _ints(row, col, turn) and -LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT and 0 <= turn < 4:
        return PLACE_BY_KEY[idx(row, col) * 4 + turn]
    return Action("place", row, col, turn)


def discard() -> Action:
    """Put a taken card that cannot be placed back in the box (ends the turn)."""
    return DISCARD_A


def temple(row: int, col: int) -> Action:
    """Put a temple on section (row, col), scoring the group it belongs to."""
    if _ints(row, col) and -LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT:
        return TEMPLE_AT[idx(row, col)]
    return Action("temple", row, col)


def move_temple(row: int, col: int) -> Action:
    """With every temple placed: move the temple standing on (row, col) to the group scored."""
    if _ints(row, col) and -LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT:
        return MOVE_AT[idx(row, col)]
    return Action("move_temple", row, col)


def hidden() -> Action:
    """Take the hidden bonus tile a group of 6 or more earns (before the face-up tile)."""
    return HIDDEN_A


def decline() -> Action:
    """Score no group now, or take no hidden bonus tile."""
    return DECLINE_A


def tile(column: int, row: int) -> Action:
    """Take the face-up point tile in ``column`` (1-3), ``row`` 1 (upper) or 2 (lower)."""
    return Action("tile", column, row)


def start(player: int) -> Action:
    """Chance: ``player`` (0-based) is the start player."""
    if _ints(player) and 0 <= player < len(START_A):
        return START_A[player]
    return Action("start", player)


def reveal(card: str) -> Action:
    """Chance: the building card ``card`` (its id, e.g. "b07") is turned up."""
    return Action("reveal", card)


def draw(tile_kind: str) -> Action:
    """Chance: a point tile of kind ``tile_kind`` (e.g. "gate") is drawn from the stacks."""
    return Action("draw", tile_kind)


MASKED_DRAW = Action("draw", "?")
"""What a view shows for a hidden tile another player drew: a tile was drawn, not which."""

