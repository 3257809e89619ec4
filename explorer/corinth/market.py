"""The market grid on each score sheet: where the Steward can walk.

Cells are numbered ``row * 5 + col``; a set of cells is an int bit mask. A Steward move of ``n``
steps is a path of orthogonal steps (``corinth.steward.orthogonal``) that never enters a space
already crossed or circled, nor crosses itself (``corinth.steward.no-crossing``); a move is only
possible when such a path exists in full (``corinth.steward.full-move``).

>>> centre = cell(2, 2)
>>> can_walk(centre, 1 << centre, 24)       # a path through every space of the grid exists
True
>>> blocked = (1 << centre) | mask(cell(1, 2), cell(3, 2), cell(2, 1))
>>> can_walk(centre, blocked, 1), can_walk(centre, blocked | 1 << cell(2, 3), 1)
(True, False)
>>> sorted(rc(c) for c in ends(centre, 1 << centre, 2))
[(0, 2), (1, 1), (1, 3), (2, 0), (2, 4), (3, 1), (3, 3), (4, 2)]
>>> next(paths(centre, 1 << centre, 3))
(7, 2, 1)

The searches work on bit masks because the rules ask them at every decision of every playout;
:func:`free_graph` gives the same market as a networkx graph for analysis (and the tests use
networkx's simple-path search as the oracle for :func:`can_walk`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

__all__ = ["SIZE", "CELLS", "NEIGHBOURS", "cell", "rc", "mask", "cells_of", "can_walk",
           "can_reach", "ends", "paths", "free_neighbours", "popcount", "free_graph",
           "first_step_towards"]

SIZE = 5
CELLS = SIZE * SIZE
_PARITY = tuple((c // SIZE + c % SIZE) & 1 for c in range(CELLS))
_EVEN = sum(1 << c for c in range(CELLS) if not _PARITY[c])
_ODD = ((1 << CELLS) - 1) & ~_EVEN


def cell(row: int, col: int) -> int:
    """The number of the space at (row, col)."""
    return row * SIZE + col


def rc(c: int) -> tuple[int, int]:
    """(row, col) of a space."""
    return divmod(c, SIZE)


def mask(*cells: int) -> int:
    """A set of spaces as a bit mask."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(m: int) -> list[int]:
    """The spaces in a bit mask, in order."""
    return [c for c in range(CELLS) if m >> c & 1]


def popcount(m: int) -> int:
    return m.bit_count()


def _neighbours(c: int) -> tuple[int, ...]:
    r, k = rc(c)
    out = []
    for dr, dk in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < SIZE and 0 <= k + dk < SIZE:
            out.append(cell(r + dr, k + dk))
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(c) for c in range(CELLS))
"""Orthogonal neighbours of each space, in reading order (up, left, right, down)."""
_NMASK = tuple(mask(*n) for n in NEIGHBOURS)


def free_neighbours(pos: int, blocked: int) -> list[int]:
    """Neighbours of ``pos`` the Steward may step on."""
    return [n for n in NEIGHBOURS[pos] if not blocked >> n & 1]


def _region(pos: int, blocked: int) -> int:
    """The free spaces reachable from ``pos`` (not counting ``pos``)."""
    seen = 0
    frontier = 1 << pos
    free = ~blocked
    while frontier:
        grow = 0
        m = frontier
        while m:
            low = m & -m
            grow |= _NMASK[low.bit_length() - 1]
            m ^= low
        frontier = grow & free & ~seen
        seen |= frontier
    return seen


def _room_for(pos: int, blocked: int, n: int) -> bool:
    """A quick bound: enough free spaces of each colour (the grid is a chessboard) for n steps."""
    region = _region(pos, blocked)
    same = _EVEN if not _PARITY[pos] else _ODD
    return (region & ~same).bit_count() >= (n + 1) // 2 and (region & same).bit_count() >= n // 2


@lru_cache(maxsize=1 << 18)
def can_walk(pos: int, blocked: int, n: int) -> bool:
    """Is there a path of exactly ``n`` steps from ``pos`` through spaces not in ``blocked``?"""
    if n == 0:
        return True
    if n > 3 and not _room_for(pos, blocked, n):
        return False
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1 and can_walk(nb, blocked | 1 << nb, n - 1):
            return True
    return False


@lru_cache(maxsize=1 << 16)
def can_reach(pos: int, blocked: int, n: int, end: int) -> bool:
    """Is there a path of exactly ``n`` steps from ``pos`` that ends on ``end``?"""
    if n == 0:
        return pos == end
    r1, c1 = divmod(pos, SIZE)
    r2, c2 = divmod(end, SIZE)
    dist = abs(r1 - r2) + abs(c1 - c2)
    if dist > n or (dist - n) & 1 or blocked >> end & 1:
        return False
    if n > 3 and not _room_for(pos, blocked, n):
        return False
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1 and can_reach(nb, blocked | 1 << nb, n - 1, end):
            return True
    return False


def ends(pos: int, blocked: int, n: int) -> frozenset[int]:
    """Every space where a path of exactly ``n`` steps from ``pos`` can end."""
    if not can_walk(pos, blocked, n):
        return frozenset()
    return frozenset(e for e in range(CELLS) if can_reach(pos, blocked, n, e))


def paths(pos: int, blocked: int, n: int, end: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every path of exactly ``n`` steps (the spaces entered, in order), optionally to ``end``.

    Lazy: the number of paths grows fast with ``n``, so take only what you need.
    """
    ok = can_walk if end is None else (lambda p, b, k: can_reach(p, b, k, end))
    if not ok(pos, blocked, n):
        return
    if n == 0:
        yield ()
        return
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1:
            for rest in paths(nb, blocked | 1 << nb, n - 1, end):
                yield (nb, *rest)


def first_step_towards(pos: int, blocked: int, n: int, end: int) -> int | None:
    """The first space of some path of ``n`` steps from ``pos`` to ``end`` (None if there is none)."""
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1 and can_reach(nb, blocked | 1 << nb, n - 1, end):
            return nb
    return None


def free_graph(blocked: int = 0, keep: int | None = None):
    """The market as a networkx graph of (row, col) spaces, without those in ``blocked``
    (``keep`` stays even if blocked, e.g. the Steward's own space).

    >>> g = free_graph(mask(cell(2, 2)), keep=cell(2, 2))
    >>> g.number_of_nodes(), sorted(g.neighbors((2, 2)))
    (25, [(1, 2), (2, 1), (2, 3), (3, 2)])
    """
    import networkx as nx
    g = nx.grid_2d_graph(SIZE, SIZE)
    g.remove_nodes_from([rc(c) for c in cells_of(blocked) if c != keep])
    return g
