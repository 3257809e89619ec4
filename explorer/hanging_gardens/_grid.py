"""The square grid a garden lies on: coordinates, labels, bit masks and groups.

Every player's garden lies on the same fixed grid of ``W x W`` squares. A square is addressed by
``(row, col)``, counted from the top-left section of the player's start card, which lies at rows
0-1 and columns 0-2; rows grow downwards and columns to the right, and squares above or to the
left of the start card have negative numbers. This is also how a board labels them
(:func:`square_name`), and the arguments of ``place``, ``temple`` and ``move_temple`` use it.

Inside the rules a square is one integer, its *index* ``(row + 64) * W + (col + 64)``, so a set of
squares is a Python int with one bit per square (bit ``index``). A card offset is
``dr * W + dc``, so "the square ``dr`` rows below and ``dc`` columns right of ``a``" is ``a +
offset``, and ``mask >> offset`` moves every square's bit onto the anchor that would put the
card's section there: the anchors where every motif section of a card lies on the garden are the
AND of a few such shifts (see ``_place``).

No game reaches the edge: a card extends the garden by at most 2 squares along each axis and a
player places at most 30 cards, so a garden stays within 62 squares of its start card; the
rules also keep every card inside :data:`LIMIT`, so shifted bits never wrap from one row into
the next.

>>> idx(0, 0) == ORIGIN, rc(idx(-3, 5))
(True, (-3, 5))
>>> bits(1 << idx(0, 2) | 1 << idx(0, 0) | 1 << idx(1, 0)) == [idx(0, 0), idx(0, 2), idx(1, 0)]
True
>>> square_name(-1, 2)
'row -1, column 2'
"""

from __future__ import annotations

from itertools import accumulate, count, repeat
from operator import add, sub

__all__ = ["W", "ORIGIN", "LIMIT", "EMPTY", "BLANK", "idx", "rc", "square_name", "bits",
           "offset", "squares_text", "turn_cell", "RECT", "RECT_SHAPE", "INNER", "on_grid", "group_at",
           "TURN_NAMES"]

W = 128
"""Squares per grid row (and rows in the grid)."""
HALF = 64
ORIGIN = HALF * W + HALF
"""The index of square (0, 0): the start card's top-left section."""
LIMIT = 62
"""Rows and columns run from -LIMIT to +LIMIT; the squares beyond are a margin kept empty."""

EMPTY = 0
"""Grid code of a square no card covers (the table)."""
BLANK = 1
"""Grid code of blank building ground; a motif ``m`` (index into the book's motifs) is ``2 + m``."""

TURN_NAMES = ("as printed", "turned a quarter turn clockwise", "turned a half turn",
              "turned a quarter turn anticlockwise")
"""``turn`` of ``place(row, col, turn)``: quarter turns clockwise from the printed card."""


def idx(row: int, col: int) -> int:
    """The index of square (row, col)."""
    return ORIGIN + row * W + col


def rc(i: int) -> tuple[int, int]:
    """The (row, col) of square index ``i``."""
    r, c = divmod(i, W)
    return r - HALF, c - HALF


def on_grid(row: int, col: int) -> bool:
    """Whether (row, col) is a square of the grid (not its margin)."""
    return -LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT


def square_name(row: int, col: int) -> str:
    """How a board labels a square: 'row 2, column -1'."""
    return f"row {_number(row)}, column {_number(col)}"


def _number(v: int) -> str:
    text = str(v)
    return text if len(text) <= 12 else f"{text[:10]}… ({len(text)} digits)"


def squares_text(squares) -> str:
    """Several squares in one phrase: 'row 1, column 2; row 2, column 2'."""
    return "; ".join(square_name(r, c) for r, c in squares)


def offset(dr: int, dc: int) -> int:
    """The index offset of the square ``dr`` rows below and ``dc`` columns right."""
    return dr * W + dc


def turn_cell(r: int, c: int, turn: int) -> tuple[int, int]:
    """Where section (r, c) of a printed card (2 rows x 3 columns) lies, counted from the
    top-left of the card's footprint, after ``turn`` quarter turns clockwise.

    >>> [turn_cell(0, 0, t) for t in range(4)]
    [(0, 0), (0, 1), (1, 2), (2, 0)]
    """
    if turn == 0:
        return r, c
    if turn == 1:
        return c, 1 - r
    if turn == 2:
        return 1 - r, 2 - c
    return 2 - c, r


RECT_SHAPE = ((2, 3), (3, 2), (2, 3), (3, 2))
"""(rows, columns) of a card's footprint for each turn."""
RECT = tuple(tuple(offset(dr, dc) for dr in range(h) for dc in range(w)) for h, w in RECT_SHAPE)
"""The index offsets of the six squares a card covers, for each turn."""


def _inner(h: int, w: int) -> int:
    """Anchors whose footprint of h x w squares stays inside the grid's LIMIT."""
    row = sum(1 << (HALF + c) for c in range(-LIMIT, LIMIT - w + 2))
    return sum(row << (W * (HALF + r)) for r in range(-LIMIT, LIMIT - h + 2))


_INNER_BY_SHAPE = {shape: _inner(*shape) for shape in set(RECT_SHAPE)}
INNER = tuple(_INNER_BY_SHAPE[shape] for shape in RECT_SHAPE)
"""For each turn, the anchors at which the whole card stays on the grid."""


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, in increasing order.

    Written with string and iterator built-ins so that no Python code runs per bit: the binary
    digits, most significant first, are split at each 1; the running lengths of the pieces give
    each 1's place from the top.

    >>> bits(0b101001)
    [0, 3, 5]
    >>> bits(0)
    []
    """
    if not mask:
        return []
    low = (mask & -mask).bit_length() - 1
    text = bin(mask >> low)
    pieces = text.split("1")
    pieces.pop()                                   # after the last 1 (the lowest bit)
    top = len(text) - 1 + low                      # the bit a 1 at string position p stands for: top - p
    places = map(add, accumulate(map(len, pieces)), count())   # string positions of the 1s
    out = list(map(sub, repeat(top), places))
    out.reverse()
    return out


def group_at(grid: bytes, start: int) -> list[int]:
    """The squares of the group holding square ``start``: the squares showing the same motif
    joined to it through shared edges (hanging_gardens.group.orthogonal), found by flood fill."""
    code = grid[start]
    seen = {start}
    todo = [start]
    out = []
    while todo:
        i = todo.pop()
        out.append(i)
        for n in (i - 1, i + 1, i - W, i + W):
            if grid[n] == code and n not in seen:
                seen.add(n)
                todo.append(n)
    out.sort()
    return out
