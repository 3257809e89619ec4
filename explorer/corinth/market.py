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

The searches work on bit masks, and remember what they find (see "walks" below), because the
rules ask them at every decision of every playout; :func:`free_graph` gives the same market as a
networkx graph for analysis (and the tests use networkx's simple-path search as the oracle for
:func:`can_walk`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

__all__ = ["SIZE", "CELLS", "NEIGHBOURS", "cell", "rc", "mask", "cells_of", "can_walk",
           "longest_walk", "next_steps", "within", "walk_stats",
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
_ALL = (1 << CELLS) - 1
_NOT_FIRST_COLUMN = _ALL & ~mask(*(cell(r, 0) for r in range(SIZE)))
_NOT_LAST_COLUMN = _ALL & ~mask(*(cell(r, SIZE - 1) for r in range(SIZE)))
_REACH = 2 * (SIZE - 1)                 # the longest distance on the grid
_BALL = tuple(tuple(mask(*(c for c in range(CELLS)
                           if abs(c // SIZE - p // SIZE) + abs(c % SIZE - p % SIZE) <= r))
                    for r in range(_REACH + 1)) for p in range(CELLS))
"""_BALL[p][r]: the spaces at most r steps from p (a walk of r steps from p stays inside)."""


def free_neighbours(pos: int, blocked: int) -> list[int]:
    """Neighbours of ``pos`` the Steward may step on."""
    return [n for n in NEIGHBOURS[pos] if not blocked >> n & 1]


def _region(pos: int, blocked: int) -> int:
    """The free spaces reachable from ``pos`` (``pos`` itself only if it is free), grown a ring
    at a time with shifts of the whole bit mask."""
    free = _ALL & ~blocked
    seen = _NMASK[pos] & free
    while True:
        grown = (seen | seen << SIZE | seen >> SIZE | (seen << 1 & _NOT_FIRST_COLUMN)
                 | (seen >> 1 & _NOT_LAST_COLUMN)) & free
        if grown == seen:
            return seen
        seen = grown


def _most_steps(pos: int, region: int) -> int:
    """A bound on walks from ``pos`` inside ``region``: steps alternate between the two colours
    of the chessboard, so they need free spaces of each colour."""
    if _PARITY[pos]:
        same, other = (region & _ODD).bit_count(), (region & _EVEN).bit_count()
    else:
        same, other = (region & _EVEN).bit_count(), (region & _ODD).bit_count()
    return 2 * same + 1 if other > same else 2 * other


def _room_for(pos: int, blocked: int, n: int) -> bool:
    """A quick bound: enough free spaces of each colour (the grid is a chessboard) for n steps."""
    return _most_steps(pos, _region(pos, blocked)) >= n


# ---- walks ----------------------------------------------------------------------------------
# Every question the rules ask (can the Steward make n steps from here? which next steps still
# allow the rest of the move?) comes down to the longest walk from a space, up to some length:
# walks are monotone in their length, since the first k steps of a walk are a walk of k steps.
#
# Two searches find the answer. A plain depth-first search dives first (always to the first free
# neighbour), which in an open market finds the whole walk at once, and otherwise backtracks
# through what is usually a small pocket of free spaces. Its worst case is exponential, so it
# gives up after _QUICK_BUDGET spaces and a search that prunes by counting free spaces of each
# chessboard colour takes over.
#
# What they learn is remembered twice:
# - per position (space, blocked spaces), in _KNOWN: the longest walk found and the shortest
#   length shown impossible, as ``impossible << 5 | found``. By monotony this answers every
#   later question about the position up to the first or from the second on (a player who does
#   not move is asked about the same position turn after turn);
# - per question with the far spaces left out, in _NEARBY: a walk of k steps stays within k
#   steps of its start, so the answer serves every position that looks the same nearby.
_KNOWN: dict[int, int] = {}             # key blocked << 5 | pos
_NEARBY: dict[int, int] = {}            # key (nearby blocked << 5 | pos) << 5 | cap
_NOTHING_KNOWN = (CELLS + 1) << 5       # a walk of 0 steps exists; one of 26 never does
_MEMO_LIMIT = 1 << 17                   # entries kept before a memo starts afresh
_QUICK_BUDGET = 1000                    # spaces the plain search may expand
_counts = {"searches": 0, "deep searches": 0}


def can_walk(pos: int, blocked: int, n: int) -> bool:
    """Is there a path of exactly ``n`` steps from ``pos`` through spaces not in ``blocked``?"""
    if n <= 0:
        return n == 0
    return _longest_walk(pos, blocked, n) == n


def longest_walk(pos: int, blocked: int, cap: int) -> int:
    """The most steps, up to ``cap``, that a path from ``pos`` can make (0 if none).

    Every shorter length is walkable too, so this says which moves are possible.

    >>> centre = cell(2, 2)
    >>> longest_walk(centre, 1 << centre, 30), longest_walk(centre, 1 << centre, 5)
    (24, 5)
    >>> longest_walk(centre, 1 << centre | mask(cell(1, 2), cell(2, 1), cell(2, 3)), 30)
    18
    """
    if cap <= 0:
        return 0
    key = blocked << 5 | pos
    known = _KNOWN.get(key, _NOTHING_KNOWN)
    found = known & 31
    if cap <= found:
        return cap
    if known >> 5 == found + 1:                 # the longest walk is known
        return found
    if cap < _REACH:
        near = ((blocked & _BALL[pos][cap]) << 5 | pos) << 5 | cap
        longest = _NEARBY.get(near)
        if longest is None:
            longest = _search(pos, blocked, cap)
            if len(_NEARBY) >= _MEMO_LIMIT:
                _NEARBY.clear()
            _NEARBY[near] = longest
    else:
        longest = _search(pos, blocked, cap if cap < CELLS else CELLS)
    if len(_KNOWN) >= _MEMO_LIMIT:
        _KNOWN.clear()
    if longest < cap:                           # now the longest walk is known
        _KNOWN[key] = (longest + 1) << 5 | longest
    else:                                       # a walk of cap steps was found
        _KNOWN[key] = known & ~31 | cap
    return longest


def _search(pos: int, blocked: int, cap: int) -> int:
    """longest_walk by search: the quick one, or the pruned one if it gives up."""
    longest = _quick_longest(pos, blocked, cap)
    if longest < 0:
        _counts["deep searches"] += 1
        longest = _bisect_longest(pos, blocked, cap)
    return longest


def _quick_longest(pos: int, blocked: int, cap: int) -> int:
    """Depth-first search for the longest walk up to ``cap``; -1 if it ran out of budget."""
    _counts["searches"] += 1
    p, b, best = pos, blocked, 0
    while True:                         # the dive: on to the first free neighbour, always
        free = _NMASK[p] & ~b
        if not free:
            break
        p = (free & -free).bit_length() - 1
        b |= 1 << p
        best += 1
        if best >= cap:
            return cap
    if best == _most_steps(pos, _region(pos, blocked)):
        return best                     # the dive went as far as any walk can
    budget = _QUICK_BUDGET
    stack = [(pos, blocked, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        p, b, d = pop()
        d += 1
        for nb in NEIGHBOURS[p]:
            if not b >> nb & 1:
                if d > best:
                    if d >= cap:
                        return cap
                    best = d
                push((nb, b | 1 << nb, d))
        budget -= 1
        if not budget:
            return -1
    return best


def _bisect_longest(pos: int, blocked: int, cap: int) -> int:
    """longest_walk by the pruned, memoised search: bisect on the walk's length."""
    known = _KNOWN.get(blocked << 5 | pos, _NOTHING_KNOWN)
    walkable, hi = known & 31, min(cap, (known >> 5) - 1)
    while walkable < hi:                # `walkable` steps can be walked, more than `hi` cannot
        mid = (walkable + hi + 1) >> 1
        if _walks(pos, blocked, mid):
            walkable = mid
        else:
            hi = mid - 1
    return min(walkable, cap)


def _walks(pos: int, blocked: int, n: int) -> bool:
    """can_walk by the pruned search, remembering the answer for every position it visits."""
    if n <= 0:
        return n == 0
    key = blocked << 5 | pos
    known = _KNOWN.get(key, _NOTHING_KNOWN)
    if n <= known & 31:
        return True
    if n >= known >> 5:
        return False
    walks = (n <= 3 or _room_for(pos, blocked, n)) and any(
        not blocked >> nb & 1 and _walks(nb, blocked | 1 << nb, n - 1) for nb in NEIGHBOURS[pos])
    known = _KNOWN.get(key, _NOTHING_KNOWN)
    if walks:
        known = known & ~31 | max(n, known & 31)
    else:
        known = known & 31 | min(n, known >> 5) << 5
    if len(_KNOWN) >= _MEMO_LIMIT:
        _KNOWN.clear()
    _KNOWN[key] = known
    return walks


def within(pos: int, n: int) -> int:
    """The spaces at most ``n`` steps from ``pos``: all a walk of ``n`` steps can touch, so
    ``blocked & within(pos, n)`` asks the same questions of walks from ``pos`` as ``blocked``.

    >>> [rc(c) for c in cells_of(within(cell(0, 0), 1))]
    [(0, 0), (0, 1), (1, 0)]
    """
    return _BALL[pos][n] if n < _REACH else _ALL


def next_steps(pos: int, blocked: int, n: int) -> tuple[int, ...]:
    """The free neighbours of ``pos`` from which the rest of an ``n``-step walk can go on.

    >>> corner_shut = mask(cell(0, 1), cell(1, 0), cell(1, 1))     # (0, 0) is a dead end
    >>> [rc(c) for c in next_steps(cell(0, 1), corner_shut, 1)]
    [(0, 0), (0, 2)]
    >>> [rc(c) for c in next_steps(cell(0, 1), corner_shut, 2)]
    [(0, 2)]
    """
    if n < _REACH:
        blocked &= _BALL[pos][n]
    return _next_steps(pos, blocked, n)


@lru_cache(maxsize=1 << 16)
def _next_steps(pos: int, blocked: int, n: int) -> tuple[int, ...]:
    return tuple(nb for nb in NEIGHBOURS[pos]
                 if not blocked >> nb & 1 and _longest_walk(nb, blocked | 1 << nb, n - 1) == n - 1)


def walk_stats() -> dict[str, int]:
    """How the walk searches went so far: the searches run (other questions were answered from
    memory), the searches that needed the pruned search, and the positions remembered."""
    return {**_counts, "positions": len(_KNOWN), "nearby questions": len(_NEARBY)}


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
        if not blocked >> nb & 1 and _can_reach(nb, blocked | 1 << nb, n - 1, end):
            return True
    return False


def ends(pos: int, blocked: int, n: int) -> frozenset[int]:
    """Every space where a path of exactly ``n`` steps from ``pos`` can end."""
    if not _can_walk(pos, blocked, n):
        return frozenset()
    return frozenset(e for e in range(CELLS) if _can_reach(pos, blocked, n, e))


def paths(pos: int, blocked: int, n: int, end: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every path of exactly ``n`` steps (the spaces entered, in order), optionally to ``end``.

    Lazy: the number of paths grows fast with ``n``, so take only what you need.
    """
    ok = _can_walk if end is None else (lambda p, b, k: _can_reach(p, b, k, end))
    if not ok(pos, blocked, n):
        return
    if n == 0:
        yield ()
        return
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1:
            for rest in _paths(nb, blocked | 1 << nb, n - 1, end):
                yield (nb, *rest)


def first_step_towards(pos: int, blocked: int, n: int, end: int) -> int | None:
    """The first space of some path of ``n`` steps from ``pos`` to ``end`` (None if there is none)."""
    for nb in NEIGHBOURS[pos]:
        if not blocked >> nb & 1 and _can_reach(nb, blocked | 1 << nb, n - 1, end):
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

# the module's own calls skip the argument checks the public names get
_longest_walk, _can_walk, _paths, _can_reach = longest_walk, can_walk, paths, can_reach

from .._checks import INT as _INT, guard as _guard  # noqa: E402

_guard(globals(), "corinth", **{"*cells": _INT})
