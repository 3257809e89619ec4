"""The map of Europe: the schema of ``map.json`` (the geometric layer), the map validator, and the
geometry the rules read.

``map.json`` lists every hex in axial coordinates ``(q, r)`` (the conventions of
:mod:`explorer.hexgrid`: pointy-top, ``Hex.rotate`` clockwise), its terrain (land or sea), region
(land only; gonzaga.assume.sea-no-region), sea (sea only) and printed feature (a city or a port of
``data.json``, on land: gonzaga.assume.harbors-land), the hex sides that carry a barrier
(gonzaga.map.barriers) and the drawn sea routes (gonzaga.map.sea-ports). When the real board is
digitised only this file changes.

:data:`MAP_SCHEMA` checks the file on its own; :func:`check_map` then checks it against a
validated ``data.json``: every region, sea, city and port it names exists, every city and port is
on the map once and in its region, every port touches its sea, the sea routes link each sea's
ports, and every fief can be placed somewhere on the empty map under every plan (each region card
and the inactive-regions card of every scenario, with each action card), so a map cannot stall a
game. A breach raises :class:`~explorer.DataError` naming the record and the invariant.

:class:`Geometry` is the map as the rules read it: hexes by index (the file's order), neighbours,
bit masks (bit ``i`` is hex ``i``), barrier sides, and per fief the placements that the map alone
allows (on the map, castles on land, not over a barrier) with what each covers.

>>> from explorer.gonzaga._book import load
>>> pair = load()
>>> geo = Geometry.of(pair.data, pair.map)
>>> geo.n == len(pair.map.table("hexes")) == len({geo.label(i) for i in range(geo.n)})
True
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations, compress
from pathlib import Path
from typing import Iterator, NamedTuple

from .._action import Action
from .._data import DataSet, Fact, Field, Schema, load_data as _load
from .._errors import DataError, shorten
from ..hexgrid import Hex
from ._book import ACTIONS, _pair, fief_cells, str_or_null

__all__ = ["MAP_SCHEMA", "Geometry", "Entry", "FiefTable", "Sieve", "check_map", "load_map",
           "soft_map_warnings", "ACT_BITS", "action_bits", "STATIC_CODES"]

ACT_BITS = {"A": 1, "B": 2, "C": 4}
"""The action cards as bits: an entry's ``acts`` has the bits of the cards it satisfies."""
STATIC_CODES = ("off-map", "castle-at-sea", "over-barrier")
"""Refusal codes the map alone decides, in the order they are checked."""


def action_bits(cities: int, ports: int) -> int:
    """Which action cards a fief covering ``cities`` cities and ``ports`` ports satisfies:
    A (gonzaga.action.a-port, .a-no-city): at least one port and no city; B
    (gonzaga.assume.b-options, gonzaga.action.b-no-port): no port; C (gonzaga.assume.c-both):
    at least one city and at least one port."""
    return ((1 if ports and not cities else 0) | (2 if not ports else 0)
            | (4 if cities and ports else 0))


# ---- map.json facts ---------------------------------------------------------------------------
def _cells(ds: DataSet) -> dict:
    return {Hex(h["q"], h["r"]): h for h in ds.table("hexes")}


def _map_coords(ds: DataSet) -> Iterator[str]:
    seen: dict = {}
    for h in ds.table("hexes"):
        k = Hex(h["q"], h["r"])
        if k in seen:
            yield f"hexes/{h.id}: coordinates ({k.q}, {k.r}) already used by hexes/{seen[k]}"
        seen[k] = h.id
    if not any(h["terrain"] == "land" for h in ds.table("hexes")):
        yield "hexes: the map has no land hex"


def _map_terrain(ds: DataSet) -> Iterator[str]:
    for h in ds.table("hexes"):
        if h["terrain"] == "sea":
            if h["region"] is not None:
                yield f"hexes/{h.id}: a sea hex belongs to no region (gonzaga.assume.sea-no-region)"
            if h["feature"] is not None:
                yield f"hexes/{h.id}: cities and ports are land hexes (gonzaga.assume.harbors-land)"
            if h["sea"] is None:
                yield f"hexes/{h.id}: a sea hex names its sea"
        else:
            if h["sea"] is not None:
                yield f"hexes/{h.id}: a land hex belongs to no sea"
            if h["region"] is None:
                yield f"hexes/{h.id}: a land hex belongs to a region"


def _map_features_once(ds: DataSet) -> Iterator[str]:
    where: dict[str, str] = {}
    for h in ds.table("hexes"):
        f = h["feature"]
        if f is not None:
            if f in where:
                yield f"hexes/{h.id}: feature {f} is already on hexes/{where[f]}"
            where[f] = h.id


def _map_barriers(ds: DataSet) -> Iterator[str]:
    cells = _cells(ds)
    seen: dict = {}
    for b in ds.table("barriers"):
        a, c = _pair(b["a"]), _pair(b["b"])
        if a is None or c is None:
            yield f"barriers/{b.id}: a and b are hex coordinates [q, r]"
            continue
        for end in (a, c):
            if end not in cells:
                yield f"barriers/{b.id}: hex ({end.q}, {end.r}) is not on the map"
        if a.distance(c) != 1:
            yield (f"barriers/{b.id}: a barrier lies on the side between two adjacent hexes; "
                   f"({a.q}, {a.r}) and ({c.q}, {c.r}) are not adjacent")
        key = frozenset((a, c))
        if key in seen:
            yield f"barriers/{b.id}: the same side as barriers/{seen[key]}"
        seen[key] = b.id
        if (a in cells and c in cells and cells[a]["region"] is not None
                and cells[a]["region"] == cells[c]["region"]):
            yield f"barriers/{b.id}: barriers lie on region borders; both hexes are in {cells[a]['region']}"


def _map_routes(ds: DataSet) -> Iterator[str]:
    seen: dict = {}
    for r in ds.table("sea_routes"):
        p = r["ports"]
        if len(p) != 2 or p[0] == p[1]:
            yield f"sea_routes/{r.id}: a route joins two different ports, not {shorten(p, 60)}"
            continue
        k = frozenset(p)
        if k in seen:
            yield f"sea_routes/{r.id}: the same route as sea_routes/{seen[k]}"
        seen[k] = r.id


MAP_SCHEMA = Schema(
    game="gonzaga",
    filename="map.json",
    tables={
        "hexes": {"q": Field(int, -99, 99), "r": Field(int, -99, 99),
                  "terrain": Field(str, choices=("land", "sea")),
                  "region": Field(str_or_null), "sea": Field(str_or_null), "feature": Field(str_or_null)},
        "barriers": {"a": Field(list, 2, 2, items=int), "b": Field(list, 2, 2, items=int)},
        "sea_routes": {"sea": Field(str), "ports": Field(list, items=str)},
    },
    facts=(
        Fact("hexes: one record per coordinate", _map_coords),
        Fact("hexes: land and sea", _map_terrain),
        Fact("hexes: each feature on one hex", _map_features_once),
        Fact("barriers: sides between adjacent hexes, on region borders", _map_barriers),
        Fact("sea routes: join two ports", _map_routes),
    ),
)


def load_map(path: str | Path | None = None, data: DataSet | None = None) -> DataSet:
    """The shipped ``map.json``, or a user's file, validated on its own and, when ``data`` (a
    loaded ``data.json``) is given, against it (:func:`check_map`)."""
    ds = _load(MAP_SCHEMA, path)
    if data is not None:
        check_map(data, ds)
    return ds


# ---- the map checked against data.json --------------------------------------------------------
def _refs(data: DataSet, ds: DataSet) -> Iterator[str]:
    regions = {r.id for r in data.table("regions")}
    seas = {s.id for s in data.table("seas")}
    features = {c.id for c in data.table("cities")} | {p.id for p in data.table("ports")}
    for h in ds.table("hexes"):
        if h["region"] is not None and h["region"] not in regions:
            yield f"hexes/{h.id}: region {shorten(h['region'], 40)} is not in data.json"
        if h["sea"] is not None and h["sea"] not in seas:
            yield f"hexes/{h.id}: sea {shorten(h['sea'], 40)} is not in data.json"
        f = h["feature"]
        if f is not None and f not in features:
            yield f"hexes/{h.id}: feature {shorten(f, 40)} is neither a city nor a port of data.json"
    for r in ds.table("sea_routes"):
        if r["sea"] not in seas:
            yield f"sea_routes/{r.id}: sea {shorten(r['sea'], 40)} is not in data.json"


def _placed(data: DataSet, ds: DataSet) -> Iterator[str]:
    on_map = {h["feature"]: h for h in ds.table("hexes") if h["feature"] is not None}
    for table in ("cities", "ports"):
        for rec in data.table(table):
            h = on_map.get(rec.id)
            if h is None:
                yield f"{table}/{rec.id}: not on the map"
            elif h["region"] != rec["region"]:
                kind = "city" if table == "cities" else "port"
                yield f"hexes/{h.id}: {kind} {rec.id} is in {rec['region']}, the hex in {h['region']}"


def _ports_touch_sea(data: DataSet, ds: DataSet) -> Iterator[str]:
    cells = _cells(ds)
    ports = {p.id: p for p in data.table("ports")}
    for h in ds.table("hexes"):
        p = ports.get(h["feature"]) if h["feature"] is not None else None
        if p is None:
            continue
        seas_next = {cells[n]["sea"] for n in Hex(h["q"], h["r"]).neighbors()
                     if n in cells and cells[n]["terrain"] == "sea"}
        if p["sea"] not in seas_next:
            yield f"hexes/{h.id}: port {p.id} must touch a hex of its sea {p['sea']}"


def _routes(data: DataSet, ds: DataSet) -> Iterator[str]:
    ports = {p.id: p for p in data.table("ports")}
    links: dict = defaultdict(lambda: defaultdict(set))
    for r in ds.table("sea_routes"):
        for x in r["ports"]:
            if x not in ports:
                yield f"sea_routes/{r.id}: port {shorten(x, 40)} is not in data.json"
            elif ports[x]["sea"] != r["sea"]:
                yield f"sea_routes/{r.id}: port {x} is on sea {ports[x]['sea']}, not {r['sea']}"
        if len(r["ports"]) == 2:
            a, b = r["ports"]
            links[r["sea"]][a].add(b)
            links[r["sea"]][b].add(a)
    for sid in sorted({s.id for s in data.table("seas")}):
        members = {p for p, rec in ports.items() if rec["sea"] == sid}
        if not members:
            continue
        start = min(members)
        seen, todo = {start}, [start]
        while todo:
            for n in links[sid][todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if not members <= seen:
            yield f"seas/{sid}: its ports are linked by sea routes; {', '.join(sorted(members - seen))} is not linked"


def _feasible(data: DataSet, ds: DataSet) -> Iterator[str]:
    geo = Geometry.of(data, ds)
    names = {r.id: r["name"] for r in data.table("regions")}
    targets = [(f"region card {names[r]}", 1 << i) for i, r in enumerate(geo.region_ids)]
    for s in data.table("scenarios"):
        bits = 0
        for r in s["inactive"]:
            bits |= 1 << geo.region_ids.index(r)
        if bits:
            targets.append((f"the inactive-regions card of scenarios/{s.id}", bits))
    for i, r in enumerate(geo.region_ids):
        if not geo.region_mask[i]:
            yield f"regions/{r}: no hex of the map lies in it, so no fief or first ring can be placed there"
    for f in range(len(geo.fief_ids)):
        entries = geo.table(f).entries
        for name, bits in targets:
            for a in ACTIONS:
                bit = ACT_BITS[a]
                if not any(e.regions & bits and e.acts & bit for e in entries):
                    yield (f"fiefs/{geo.fief_ids[f]}: no legal placement on the empty map with "
                           f"{name} and action {a}, so a game could stall")


_LINKED = (
    ("map names only regions, seas, cities and ports of data.json", _refs),
    ("every city and port on the map once, in its region", _placed),
    ("every port touches its sea", _ports_touch_sea),
    ("sea routes link the ports of each sea", _routes),
    ("every fief can be placed on the empty map under every plan", _feasible),
)


def check_map(data: DataSet, ds: DataSet) -> None:
    """Check a validated ``map.json`` against a validated ``data.json``; raises
    :class:`~explorer.DataError` naming the first invariant broken and its records."""
    for name, check in _LINKED:
        try:
            problems = list(check(data, ds))
        except DataError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise DataError(f"{ds.origin}: cannot check '{name}' ({type(e).__name__}: "
                            f"{shorten(str(e), 120)})") from None
        if problems:
            raise DataError(f"{ds.origin}: breaks '{name}': " + "; ".join(problems[:10])
                            + (f"; and {len(problems) - 10} more" if len(problems) > 10 else ""))


# ---- soft checks ------------------------------------------------------------------------------
def _components(cells: set) -> int:
    seen, n = set(), 0
    for c in cells:
        if c in seen:
            continue
        n += 1
        stack = [c]
        seen.add(c)
        while stack:
            for m in stack.pop().neighbors():
                if m in cells and m not in seen:
                    seen.add(m)
                    stack.append(m)
    return n


def soft_map_warnings(data: DataSet, ds: DataSet) -> list[str]:
    """Map structure the sources suggest but do not confirm (warnings, never errors)."""
    out = []
    cells = _cells(ds)
    by_region: dict = defaultdict(set)
    by_sea: dict = defaultdict(set)
    for k, h in cells.items():
        if h["terrain"] == "land":
            by_region[h["region"]].add(k)
        elif h["sea"] is not None:
            by_sea[h["sea"]].add(k)
    for r, cs in sorted(by_region.items()):
        if _components(cs) > 1:
            out.append(f"regions/{r}: its land hexes form {_components(cs)} separate areas")
    for s, cs in sorted(by_sea.items()):
        if _components(cs) > 1:
            out.append(f"seas/{s}: its hexes form {_components(cs)} separate areas")
    ports = {p.id: p for p in data.table("ports")}
    for k, h in cells.items():
        if h["feature"] in ports:
            touching = {cells[n]["sea"] for n in k.neighbors() if n in cells and cells[n]["terrain"] == "sea"}
            if len(touching) > 1:
                out.append(f"hexes/{h.id}: port {h['feature']} touches {len(touching)} seas")
    regions_of_sea: dict = defaultdict(set)
    for p in ports.values():
        regions_of_sea[p["sea"]].add(p["region"])
    for s, rs in sorted(regions_of_sea.items()):
        if len(rs) > 3:
            out.append(f"seas/{s}: its ports lie in {len(rs)} regions (one source: each sea touches 2 or 3)")
    return out


# ---- the geometry the rules read --------------------------------------------------------------
class Entry(NamedTuple):
    """A placement the map alone allows: the fief's anchor hex (its first hex) on ``(q, r)``,
    turned ``rot`` sixths clockwise; the hexes it covers (indices), as a bit mask, the regions
    its land hexes lie in (bit mask), its cities and ports, and the action cards it satisfies."""

    q: int
    r: int
    rot: int
    anchor: int
    cells: tuple[int, ...]
    mask: int
    regions: int
    features: tuple[int, ...]     # the covered hexes that show a city or a port
    cities: int
    ports: int
    acts: int
    action: Action                # place(q, r, rot)


class FiefTable(NamedTuple):
    """One fief on this map: its hexes in each rotation (offsets from the anchor, castle flags),
    the placements the map allows (sorted by q, r, rotation), and why each other anchor on the
    map is refused (``static[rot][hex index]``: a code of :data:`STATIC_CODES`, or None)."""

    shapes: tuple[tuple[tuple[int, int, bool], ...], ...]
    entries: tuple[Entry, ...]
    by_key: dict                  # (anchor index, rot) -> Entry
    static: tuple[tuple, ...]     # per rotation, per hex index: refusal code or None


_RUNS = 32
"""A sieve copies the runs of items between the blocked ones when fewer than one item in this many
is blocked, and tests the items one by one otherwise."""


class Sieve:
    """Items (placements, rings) each covering some hexes, and how to keep those clear of a set
    of blocked hexes: per hex, a number with byte ``k`` set to 1 when item ``k`` covers the hex,
    so the items ruled out are read off the blocked hexes alone (a few), never item by item.
    ``mask_of`` maps each item to the hexes it covers (a bit mask).

    >>> s = Sieve("abc", [(0, 1), (1,), (2,)], 3)
    >>> list(s.keep(0b010)), list(s.keep(0b100)), list(s.keep(0))
    (['c'], ['a', 'b'], ['a', 'b', 'c'])
    >>> t = Sieve(range(40), [(k,) for k in range(40)], 40)
    >>> all(list(t.keep(1 << j)) == [k for k in range(40) if k != j] for j in range(40))
    True
    >>> list(t.keep(sum(1 << j for j in range(40) if j % 3)))
    [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39]
    >>> s.count(0b010), t.count(sum(1 << j for j in range(40) if j % 3)), t.count(0)
    (1, 14, 40)
    """

    __slots__ = ("items", "union", "cover", "ones", "size", "mask_of")

    def __init__(self, items, cells, n: int):
        self.items = tuple(items)
        self.size = len(self.items)
        cover = [0] * n
        masks = []
        for k, hexes in enumerate(cells):
            byte = 1 << 8 * k
            mask = 0
            for i in hexes:
                cover[i] |= byte
                mask |= 1 << i
            masks.append(mask)
        self.cover = tuple(cover)
        self.union = 0
        for mask in masks:
            self.union |= mask
        self.ones = int.from_bytes(b"\1" * self.size, "little")
        self.mask_of = dict(zip(self.items, masks))

    def count(self, blocked: int) -> int:
        """How many items :meth:`keep` keeps for ``blocked``, without listing them."""
        bl = blocked & self.union
        return self.size - self._gone(bl).bit_count() if bl else self.size

    def _gone(self, bl: int) -> int:
        """The items (one byte each) covering a hex of ``bl``: a blocked mask within the union."""
        out = 0
        cover = self.cover
        while bl:
            i = bl.bit_length() - 1
            out |= cover[i]
            bl ^= 1 << i
        return out

    def keep(self, blocked: int):
        """The items that cover no hex of ``blocked`` (bit mask), in their order (a sequence or
        an iterator)."""
        bl = blocked & self.union
        if not bl:
            return self.items
        out = self._gone(bl)
        size = self.size
        gone = out.to_bytes(size, "little")
        if gone.count(1) * _RUNS > size:
            return compress(self.items, (self.ones ^ out).to_bytes(size, "little"))
        items = self.items
        kept: list = []
        start = 0
        find = gone.find
        k = find(1)
        while k >= 0:
            kept += items[start:k]
            start = find(0, k + 1)
            if start < 0:
                return kept
            k = find(1, start + 1)
        kept += items[start:]
        return kept


class Geometry:
    """The map as the rules read it (see the module docstring)."""

    _cache: dict = {}

    def __init__(self, data: DataSet, ds: DataSet):
        self._source = (data, ds)
        hexes = ds.table("hexes")
        regions = [r.id for r in data.table("regions")]
        rindex = {r: i for i, r in enumerate(regions)}
        seas = [s.id for s in data.table("seas")]
        sindex = {s: i for i, s in enumerate(seas)}
        cities = {c.id: i for i, c in enumerate(data.table("cities"))}
        ports = {p.id: i for i, p in enumerate(data.table("ports"))}
        self.region_ids = tuple(regions)
        self.coords = tuple(Hex(h["q"], h["r"]) for h in hexes)
        self.hex_ids = tuple(h.id for h in hexes)
        self.index = {(c.q, c.r): i for i, c in enumerate(self.coords)}
        n = len(hexes)
        self.n = n
        self.land = tuple(h["terrain"] == "land" for h in hexes)
        self.region = tuple(rindex.get(h["region"], -1) if h["region"] is not None else -1 for h in hexes)
        self.sea = tuple(sindex.get(h["sea"], -1) if h["sea"] is not None else -1 for h in hexes)
        self.city = tuple(cities.get(h["feature"], -1) if h["feature"] is not None else -1 for h in hexes)
        self.port = tuple(ports.get(h["feature"], -1) if h["feature"] is not None else -1 for h in hexes)
        self.city_hex = [0] * len(cities)
        self.port_hex = [0] * len(ports)
        for i in range(n):
            if self.city[i] >= 0:
                self.city_hex[self.city[i]] = i
            if self.port[i] >= 0:
                self.port_hex[self.port[i]] = i
        self.city_hex, self.port_hex = tuple(self.city_hex), tuple(self.port_hex)
        self.nbrs = tuple(tuple(self.index[(m.q, m.r)] for m in c.neighbors() if (m.q, m.r) in self.index)
                          for c in self.coords)
        barrier = set()
        for b in ds.table("barriers"):
            i, j = self.index[tuple(b["a"])], self.index[tuple(b["b"])]
            barrier.add((min(i, j), max(i, j)))
        self.barrier = frozenset(barrier)
        self.routes = tuple((r["sea"], tuple(r["ports"])) for r in ds.table("sea_routes"))
        bit = [1 << i for i in range(n)]
        self.all_mask = (1 << n) - 1
        self.land_mask = sum(bit[i] for i in range(n) if self.land[i])
        self.region_mask = tuple(sum(bit[i] for i in range(n) if self.region[i] == k)
                                 for k in range(len(regions)))
        self.city_mask = sum(bit[i] for i in range(n) if self.city[i] >= 0)
        self.port_mask = sum(bit[i] for i in range(n) if self.port[i] >= 0)
        self.nbr_mask = tuple(sum(bit[j] for j in self.nbrs[i]) for i in range(n))
        self.ring_actions = tuple(Action._checked("ring", (c.q, c.r)) for c in self.coords)
        # one placement action per anchor and rotation, shared by every fief's table: the legal
        # lists of a game touch a few thousand actions lying together in memory, not a set per fief
        self.place_actions = tuple(tuple(Action._checked("place", (c.q, c.r, k)) for k in range(6))
                                   for c in self.coords)
        cols = [c.q + (c.r - (c.r & 1)) // 2 for c in self.coords]
        self.col0 = min(cols) if cols else 0
        self.row0 = min((c.r for c in self.coords), default=0)
        self._labels = tuple(_column(cols[i] - self.col0) + str(self.coords[i].r - self.row0 + 1)
                             for i in range(n))
        fiefs = sorted(data.table("fiefs"), key=lambda f: f["number"])
        self.fief_ids = tuple(f.id for f in fiefs)
        self._fiefs = tuple((tuple(fief_cells(f)), frozenset(f["castles"])) for f in fiefs)
        self._tables: dict[int, FiefTable] = {}
        self.filtered: dict = {}
        self.sieves: dict = {}

    @classmethod
    def of(cls, data: DataSet, ds: DataSet) -> "Geometry":
        key = (data.digest, ds.digest)
        geo = cls._cache.get(key)
        if geo is None:
            if len(cls._cache) > 32:
                cls._cache.clear()
            geo = cls._cache[key] = cls(data, ds)
        return geo

    def __reduce__(self):
        return (Geometry.of, self._source)          # rebuilt from its data where it arrives

    def label(self, i: int) -> str:
        """gonzaga.map.hex-grid: how a board labels hex ``i``: a column letter and a row number
        (columns run west to east along each row of the printed grid, rows north to south)."""
        return self._labels[i]

    def crosses(self, cells) -> bool:
        """gonzaga.assume.barrier-crossing: do two of these hexes lie on either side of a barrier?"""
        barrier = self.barrier
        if not barrier:
            return False
        for a, b in combinations(cells, 2):
            if (a, b) in barrier or (b, a) in barrier:
                return True
        return False

    def table(self, fief: int) -> FiefTable:
        """The placements of ``fief`` the map allows (built once per fief)."""
        t = self._tables.get(fief)
        if t is None:
            t = self._tables[fief] = self._build(fief)
        return t

    def _build(self, fief: int) -> FiefTable:
        cells, castles = self._fiefs[fief]
        index, land, region, city, port = self.index, self.land, self.region, self.city, self.port
        barrier = self.barrier
        shapes = tuple(tuple((h.rotate(k).q, h.rotate(k).r, i in castles) for i, h in enumerate(cells))
                       for k in range(6))
        # the pairs of the fief's hexes that share a side: only those can lie across a barrier
        sides = tuple((x, y) for x in range(len(cells)) for y in range(x + 1, len(cells))
                      if cells[x].distance(cells[y]) == 1)
        marked = tuple(x for x in range(len(cells)) if x in castles)
        feature = tuple(city[i] >= 0 or port[i] >= 0 for i in range(self.n))
        entries, static = [], []
        for k, shape in enumerate(shapes):
            offsets = [(dq, dr) for dq, dr, _ in shape]
            codes = [None] * self.n
            for a, c in enumerate(self.coords):
                q, r = c.q, c.r
                ids = tuple(index.get((q + dq, r + dr)) for dq, dr in offsets)
                if None in ids:
                    codes[a] = "off-map"
                    continue
                if not all(land[ids[x]] for x in marked):
                    codes[a] = "castle-at-sea"
                    continue
                if barrier and any((min(ids[x], ids[y]), max(ids[x], ids[y])) in barrier for x, y in sides):
                    codes[a] = "over-barrier"
                    continue
                regs = mask = 0
                for i in ids:
                    mask |= 1 << i
                    if region[i] >= 0:
                        regs |= 1 << region[i]
                feats = tuple(i for i in ids if feature[i])
                nc = sum(1 for i in feats if city[i] >= 0)
                np_ = len(feats) - nc
                entries.append(Entry(q, r, k, a, ids, mask, regs, feats, nc, np_, action_bits(nc, np_),
                                     self.place_actions[a][k]))
            static.append(tuple(codes))
        entries.sort(key=lambda e: (e.q, e.r, e.rot))
        return FiefTable(shapes, tuple(entries), {(e.anchor, e.rot): e for e in entries},
                         tuple(static))

    def candidates(self, fief: int, regions: int, acts: int) -> tuple[Entry, ...]:
        """The placements of ``fief`` the map allows with a hex in one of ``regions`` (bit mask)
        and satisfying one of the action cards ``acts`` (bits of :data:`ACT_BITS`), sorted;
        the board decides the rest (occupied hexes). Kept once worked out."""
        return self.columns(fief, regions, acts)[0]

    def columns(self, fief: int, regions: int, acts: int) -> tuple[tuple, tuple, tuple]:
        """:meth:`candidates` as three parallel tuples: the entries, their masks, their actions
        (what the rules' listing of the legal placements reads, one AND per placement)."""
        key = (fief, regions, acts)
        got = self.filtered.get(key)
        if got is None:
            entries = tuple(e for e in self.table(fief).entries if e.regions & regions and e.acts & acts)
            got = self.filtered[key] = (entries, tuple(e.mask for e in entries),
                                        tuple(e.action for e in entries))
        return got

    def sieve(self, fief: int, regions: int, acts: int) -> Sieve:
        """The actions of :meth:`candidates` as a :class:`Sieve` (kept once worked out): the
        placements the board leaves free are ``sieve.keep(blocked hexes)``, in the same order."""
        key = (fief, regions, acts)
        got = self.sieves.get(key)
        if got is None:
            entries = self.columns(fief, regions, acts)[0]
            got = self.sieves[key] = Sieve((e.action for e in entries), (e.cells for e in entries),
                                           self.n)
        return got


def _column(k: int) -> str:
    """Column letters: A .. Z, then AA, AB, ..."""
    out = ""
    k += 1
    while k:
        k, rem = divmod(k - 1, 26)
        out = chr(65 + rem) + out
    return out
