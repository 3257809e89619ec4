"""The map of Europe as a networkx graph, and the questions the rules ask of it, answered with
networkx.

- :func:`hex_map`: a ``networkx.MultiGraph`` with one node per hex, keyed ``(q, r)``, carrying
  its attributes (``label``, ``terrain``, ``region``, ``sea``, ``feature``, ``city``, ``port``,
  ``symbol``, and for a state ``flourishing``, ``fief`` (owner or None), ``fief_id``, ``ring``
  (owner or None)); an edge with key ``"side"`` between every two hexes that share a side, with
  ``barrier=True`` where a barrier lies on it; and an edge with key ``"route"`` (``sea``) for each
  drawn sea route between two port hexes;
- :func:`connected_groups`: a player's groups of touching pieces, the connected components of
  the subgraph their fiefs and rings cover (side edges, barriers ignored:
  gonzaga.place.barriers-only-placing), each with the pieces in it (gonzaga.assume.connected);
- :func:`legal_placements`: the legal placements of a fief under a plan, worked out on the
  graph alone (an independent reading of the placement rules, held to the rules' fast tables by
  the tests).

networkx is imported inside the functions, so ``import explorer.gonzaga`` stays light.

>>> from explorer.gonzaga import new_game
>>> s = new_game(players=2, seed=1)
>>> g = hex_map(s)
>>> g.number_of_nodes() == s.book.geo.n
True
>>> sides = [(a, b) for a, b, k in g.edges(keys=True) if k == "side"]
>>> sum(1 for a, b in sides if g.edges[a, b, "side"]["barrier"]) == len(s.book.geo.barrier)
True
>>> connected_groups(s, 0)                     # no piece on the map yet
[]
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .._errors import OptionError, shorten
from ._book import ACTIONS, Book, Components, load

__all__ = ["hex_map", "connected_groups", "Group", "legal_placements", "largest_group"]


def _nx():
    import networkx as nx
    return nx


def _book_of(source: Any) -> tuple[Book, Any]:
    """(book, state or None) of a state, a Components pair, or None (the shipped data)."""
    from ._state import GonzagaState
    if isinstance(source, GonzagaState):
        return source.book, source
    if source is None or isinstance(source, Components):
        return Book.of(load(source)), None
    raise OptionError(f"hex_map takes a game state, a data pair (load()) or None, not "
                      f"{shorten(source, 60)}")


def hex_map(source: Any = None):
    """The map as a networkx MultiGraph (see the module docstring): of a state (with its pieces
    and seals), of a data pair, or of the shipped data."""
    nx = _nx()
    book, s = _book_of(source)
    geo = book.geo
    g = nx.MultiGraph(name="Gonzaga map")
    scen = book.scenarios[s.scenario] if s is not None and s.scenario >= 0 else None
    for i, c in enumerate(geo.coords):
        reg = geo.region[i]
        attrs = {"index": i, "label": geo.label(i), "terrain": "land" if geo.land[i] else "sea",
                 "region": book.region_ids[reg] if reg >= 0 else None,
                 "sea": book.sea_ids[geo.sea[i]] if geo.sea[i] >= 0 else None,
                 "feature": "city" if geo.city[i] >= 0 else "port" if geo.port[i] >= 0 else None,
                 "city": book.city_ids[geo.city[i]] if geo.city[i] >= 0 else None,
                 "port": book.port_ids[geo.port[i]] if geo.port[i] >= 0 else None,
                 "symbol": book.symbol_ids[book.city_symbol[geo.city[i]]] if geo.city[i] >= 0 else None,
                 "port_sea": book.sea_ids[book.port_sea[geo.port[i]]] if geo.port[i] >= 0 else None}
        if s is not None:
            attrs["flourishing"] = bool(scen is not None and reg >= 0 and scen.flourishing >> reg & 1)
            attrs["fief"] = s.fief_at[i] - 1 if s.fief_at[i] else None
            attrs["ring"] = s.ring_at[i] - 1 if s.ring_at[i] else None
            attrs["fief_id"] = None
        g.add_node((c.q, c.r), **attrs)
    for i, c in enumerate(geo.coords):
        for j in geo.nbrs[i]:
            if i < j:
                d = geo.coords[j]
                g.add_edge((c.q, c.r), (d.q, d.r), key="side", barrier=(i, j) in geo.barrier)
    port_hex = {pid: geo.coords[geo.port_hex[k]] for k, pid in enumerate(book.port_ids)}
    for sea, (a, b) in geo.routes:
        if a in port_hex and b in port_hex:
            ha, hb = port_hex[a], port_hex[b]
            g.add_edge((ha.q, ha.r), (hb.q, hb.r), key="route", sea=sea)
    if s is not None:
        for p in range(s.players):
            for fief, anchor, rot, _ in s.pieces[p]:
                if fief >= 0:
                    for i in geo.table(fief).by_key[(anchor, rot)].cells:
                        c = geo.coords[i]
                        g.nodes[(c.q, c.r)]["fief_id"] = book.fief_ids[fief]
    return g


class Group(NamedTuple):
    """A group of touching pieces of one player: the hexes they cover and the pieces, each as
    ("fief", fief id, hexes) or ("ring", None, (hex,))."""

    hexes: frozenset
    pieces: tuple

    @property
    def size(self) -> int:
        """gonzaga.end.rings-connect: the number of pieces (a ring counts as a fief)."""
        return len(self.pieces)


def _pieces(s, p: int) -> list[tuple]:
    book = s.book
    geo = book.geo
    out = []
    for fief, anchor, rot, _ in s.pieces[p]:
        if fief < 0:
            c = geo.coords[anchor]
            out.append(("ring", None, ((c.q, c.r),)))
        else:
            cells = geo.table(fief).by_key[(anchor, rot)].cells
            out.append(("fief", book.fief_ids[fief],
                        tuple((geo.coords[i].q, geo.coords[i].r) for i in cells)))
    return out


def connected_groups(state, player: int, graph=None) -> list[Group]:
    """``player``'s groups of touching pieces, largest first (then by their first hex): the
    connected components, computed with networkx, of the subgraph of the map's side edges
    induced by the hexes their fiefs and rings cover; barriers do not part them."""
    nx = _nx()
    s = state
    p = s.check_player(player)
    g = graph if graph is not None else hex_map(s)
    pieces = _pieces(s, p)
    mine = {h for _, _, hexes in pieces for h in hexes}
    sides = nx.Graph()
    sides.add_nodes_from(mine)
    sides.add_edges_from((a, b) for a, b, k in g.subgraph(mine).edges(keys=True) if k == "side")
    out = []
    for comp in nx.connected_components(sides):
        comp = frozenset(comp)
        members = tuple(pc for pc in pieces if pc[2][0] in comp)
        out.append(Group(comp, members))
    out.sort(key=lambda grp: (-grp.size, min(grp.hexes)))
    return out


def largest_group(state, player: int) -> int:
    """The pieces in ``player``'s largest group, from the graph (0 with no piece)."""
    groups = connected_groups(state, player)
    return groups[0].size if groups else 0


def legal_placements(state, fief: Any = None, plan: Any = None, player: int | None = None,
                     graph=None) -> list[tuple[int, int, int]]:
    """The legal placements ``(q, r, rotation)`` of ``fief`` under ``plan`` (as
    :func:`explorer.gonzaga.analysis.placements` takes them), worked out on the graph: every
    hex of the fief a node (gonzaga.place.on-map), castles on land nodes
    (gonzaga.place.castles-land), no side edge with a barrier between two of its hexes
    (gonzaga.place.no-barrier), no node holding a fief or the player's ring
    (gonzaga.place.no-fief-below, gonzaga.board.hex-capacity), a node of the planned regions
    (gonzaga.place.in-region), and the action card's cities and ports."""
    from .analysis import _player, resolve_fief, resolve_plan
    s = state
    p = _player(s, player)
    f = resolve_fief(s, fief, p)
    regions, acts, _ = resolve_plan(s, plan, p)
    g = graph if graph is not None else hex_map(s)
    book = s.book
    wanted = {book.region_ids[k] for k in range(len(book.region_ids)) if regions >> k & 1}
    cards = [a for k, a in enumerate(ACTIONS) if acts >> k & 1]
    shapes = book.geo.table(f).shapes
    out = []
    for (q, r) in g.nodes:
        for rot, shape in enumerate(shapes):
            hexes = [(q + dq, r + dr) for dq, dr, _ in shape]
            if not all(h in g for h in hexes):
                continue
            nodes = [g.nodes[h] for h in hexes]
            if any(castle and n["terrain"] != "land" for (_, _, castle), n in zip(shape, nodes)):
                continue
            if any(g.has_edge(a, b, "side") and g.edges[a, b, "side"]["barrier"]
                   for k, a in enumerate(hexes) for b in hexes[k + 1:]):
                continue
            if any(n["fief"] is not None or n["ring"] == p for n in nodes):
                continue
            if not any(n["region"] in wanted for n in nodes):
                continue
            cities = sum(1 for n in nodes if n["feature"] == "city")
            ports = sum(1 for n in nodes if n["feature"] == "port")
            ok = {"A": ports >= 1 and cities == 0, "B": ports == 0, "C": cities >= 1 and ports >= 1}
            if any(ok[c] for c in cards):
                out.append((q, r, rot))
    return sorted(out)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "gonzaga")
