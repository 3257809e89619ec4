"""Hex grid geometry in integer axial coordinates (q, r), with s = -q - r.

Conventions follow the usual axial/cube scheme: the six neighbours are the axial directions below,
distance is half the cube Manhattan distance, and a 60° clockwise rotation about the origin maps
cube (q, r, s) to (-r, -s, -q). Polyhex shapes are sets of hexes; :func:`normalise` translates a
shape to a canonical position, and :func:`orientations` lists its distinct rotations (and, if asked,
reflections).

>>> Hex(0, 0).distance(Hex(2, -1))
2
>>> Hex(1, 0).rotate(6) == Hex(1, 0)
True
>>> len(orientations([Hex(0, 0), Hex(1, 0)]))      # a domino has 3 orientations
3
>>> len(spiral(Hex(0, 0), 2))
19
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable, NamedTuple

if TYPE_CHECKING:  # networkx loads when a graph is asked for, not at import
    import networkx as nx

__all__ = ["Hex", "DIRECTIONS", "ring", "spiral", "normalise", "orientations", "hex_graph",
           "hex_corners", "to_pixel"]


class Hex(NamedTuple):
    """An axial hex coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> "Hex":
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> "Hex":
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> list["Hex"]:
        return [self + d for d in DIRECTIONS]

    def length(self) -> int:
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: "Hex") -> int:
        return (self - other).length()

    def rotate(self, steps: int = 1, center: "Hex | None" = None) -> "Hex":
        """Rotate clockwise by ``steps`` × 60° about ``center`` (default the origin)."""
        c = center or Hex(0, 0)
        q, r = self.q - c.q, self.r - c.r
        for _ in range(steps % 6):
            s = -q - r
            q, r = -r, -s
        return Hex(q + c.q, r + c.r)

    def reflect(self) -> "Hex":
        """Mirror across the q axis: cube (q, r, s) -> (q, s, r)."""
        return Hex(self.q, self.s)


DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center``, walking around the ring."""
    if radius == 0:
        return [center]
    out = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbor(side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, centre first, ring by ring."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def normalise(shape: Iterable[Hex]) -> tuple[Hex, ...]:
    """Translate a shape so its smallest hex (by (r, q)) sits at the origin; sorted tuple."""
    cells = sorted(set(shape), key=lambda h: (h.r, h.q))
    if not cells:
        return ()
    o = cells[0]
    return tuple(sorted((h - o for h in cells), key=lambda h: (h.r, h.q)))


def orientations(shape: Iterable[Hex], reflections: bool = False) -> list[tuple[Hex, ...]]:
    """The distinct normalised rotations of a shape (and mirror images if ``reflections``)."""
    base = list(shape)
    variants = [base, [h.reflect() for h in base]] if reflections else [base]
    seen: dict[tuple[Hex, ...], None] = {}
    for v in variants:
        for k in range(6):
            seen.setdefault(normalise(h.rotate(k) for h in v), None)
    return list(seen)


def hex_graph(cells: Iterable[Hex], **attrs) -> "nx.Graph":
    """The adjacency graph of a set of hexes: an edge between every two neighbours."""
    import networkx as nx
    cells = set(cells)
    g = nx.Graph(**attrs)
    g.add_nodes_from(cells)
    for h in cells:
        for n in h.neighbors():
            if n in cells:
                g.add_edge(h, n)
    return g


def to_pixel(h: Hex, size: float, pointy: bool = True) -> tuple[float, float]:
    """Centre of a hex in pixels (y grows downwards)."""
    if pointy:
        return (size * math.sqrt(3) * (h.q + h.r / 2), size * 1.5 * h.r)
    return (size * 1.5 * h.q, size * math.sqrt(3) * (h.r + h.q / 2))


def hex_corners(center: tuple[float, float], size: float, pointy: bool = True) -> list[tuple[float, float]]:
    """The six corners of a hex around a pixel centre."""
    start = 30 if pointy else 0
    cx, cy = center
    return [(cx + size * math.cos(math.radians(start + 60 * i)),
             cy + size * math.sin(math.radians(start + 60 * i))) for i in range(6)]
