"""Gonzaga's printed data: the schema of ``data.json`` (the semantic layer), its confirmed facts,
the pair of data and map a game is played with, and the compact tables the rules read.

``data.json`` holds what the rules name: the six regions, the eight city symbols, the 24 cities
and 24 ports, the six seas, the 16 hidden objective cards, the 16 scenario tiles, the 11 planning
cards, the scoring constants, the objective points table, the 12 fiefs (hexes as axial offsets,
castles, numbers), the four colours and their fief-card digits. Where things lie on the board is
the geometric layer, ``map.json`` (:mod:`explorer.gonzaga._map`); the two are validated by their
own schemas and then against each other.

A fact checks only what the rulebook or the public sources confirm (counts, names, the planning
cards' turn order, the constants), so a file with the real cards and tiles passes as long as it
agrees with them; structure that is only inferred (the symbol layout, six scenario tiles for four
players, ...) is reported by :func:`soft_warnings`, never refused.

>>> data = load_data()
>>> sorted({r.table for r in data.placeholders()})[:4]
['card_digits', 'cities', 'fiefs', 'objective_points']
>>> book = Book.of(load())
>>> book.fief_numbers[4], book.card_number(4, 1) // 10     # the card of fief 50: 5 tens
(50, 5)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

from .._data import DataSet, Fact, Field, Schema, load_data as _load
from .._errors import OptionError, shorten
from ..hexgrid import Hex

__all__ = ["SCHEMA", "Book", "Components", "load_data", "load", "soft_warnings", "REGIONS",
           "CONSTANTS", "ACTIONS", "COLOURS", "FIEF_NUMBERS", "INACTIVE_CARD", "KING_CARD",
           "Plan", "MASKED_PLAN", "Scenario", "fief_cells", "canonical_fief", "str_or_null"]


class _StrOrNullMeta(type):
    def __instancecheck__(cls, value: object) -> bool:
        return value is None or isinstance(value, str)


class str_or_null(metaclass=_StrOrNullMeta):
    """A field type: a string, or JSON ``null``."""


str_or_null.__name__ = "a string or null"

# ---- what the sources confirm -----------------------------------------------------------------
REGIONS = {"hispania": "Hispania", "francia": "Francia", "italia": "Italia", "germania": "Germania",
           "britannia": "Britannia", "europa_orientalis": "Europa Orientalis"}
"""The six regions, by id, with the names printed on the map."""
CITIES_PER_REGION = PORTS_PER_REGION = 4
SYMBOLS = 8
CITIES_PER_SYMBOL = 3
SEAS = 6
PORTS_PER_SEA = 4
MARE_GERMANICUM = "Mare Germanicum"
MARE_GERMANICUM_PORTS = {"britannia": 2, "germania": 2}
OBJECTIVE_CARDS = 16
SCENARIO_TILES = 16
FIEF_NUMBERS = tuple(range(10, 130, 10))
FIEF_SIZES = (3, 4)
COLOURS = ("red", "yellow", "green", "blue")
ACTIONS = ("A", "B", "C")
PLANNING_CARDS = 11
INACTIVE_CARD = "inactive"
"""The region argument of a plan that names the inactive-regions card."""
KING_CARD = "king"

CONSTANTS = {
    "city_points_flourishing": 3, "port_points_flourishing": 3,
    "city_points_inactive": 1, "port_points_inactive": 1,
    "sea_league_ports": 3, "church_points": 3, "gonzaga_points": 15,
    "rings_per_player": 6, "king_ring_cost": 1, "wedding_max_rings": 2,
    "fiefs_per_player": 12, "planning_cards_per_player": 11, "objective_cities": 6,
    "last_turn_threshold": 3, "last_turn_under_card": 6, "last_turn_first_check_round": 6,
    "max_rounds": 12, "max_fiefs_per_hex": 1, "max_rings_per_hex": 1,
    "players_min": 2, "players_max": 4, "fief_min_hexes": 3, "fief_max_hexes": 4,
}
"""Constants with a confirmed value (rulebook, or secondary sources that agree)."""
UNPINNED_CONSTANTS = {"sea_league_points": (1, 99)}
"""Constants whose value rests on a single source: only a range is checked."""


# ---- helpers ----------------------------------------------------------------------------------
def _ids(ds: DataSet, table: str) -> set[str]:
    return {r.id for r in ds.table(table)}


def _refs(ds: DataSet, table: str, **targets: str) -> Iterator[str]:
    """Each field of ``table``'s records named in ``targets`` must be the id of a record of the
    table it names (``region="regions"``): one problem per dangling reference, record by record."""
    known = {name: _ids(ds, target) for name, target in targets.items()}
    for r in ds.table(table):
        for name, ids in known.items():
            if r[name] not in ids:
                yield f"{table}/{r.id}: {name} {r[name]!r} does not exist"


def _pair(v) -> Hex | None:
    if isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v):
        return Hex(*v)
    return None


def fief_cells(record) -> list[Hex] | None:
    """A fief record's hexes as :class:`~explorer.hexgrid.Hex` offsets, or None if malformed."""
    cells = [_pair(h) for h in record["hexes"]]
    return None if any(c is None for c in cells) else cells


def _connected(cells: Iterable[Hex]) -> bool:
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbors():
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def canonical_fief(cells: list[Hex], castles: Iterable[int]) -> tuple:
    """A fief's shape and castle layout up to rotation and translation (never mirrored)."""
    marks = set(castles)
    best = None
    for k in range(6):
        rot = [(c.rotate(k), i in marks) for i, c in enumerate(cells)]
        o = min((h for h, _ in rot), key=lambda h: (h.r, h.q))
        key = tuple(sorted(((h.q - o.q, h.r - o.r), m) for h, m in rot))
        best = key if best is None or key < best else best
    return best


# ---- data.json facts --------------------------------------------------------------------------
def _regions(ds: DataSet) -> Iterator[str]:
    have = {r.id: r["name"] for r in ds.table("regions")}
    for rid, name in REGIONS.items():
        if rid not in have:
            yield f"regions/{rid}: missing (the map has the six regions {', '.join(REGIONS.values())})"
        elif have[rid] != name:
            yield f"regions/{rid}: the printed name is {name!r}, not {have[rid]!r}"
    for rid in sorted(set(have) - set(REGIONS)):
        yield f"regions/{rid}: not one of the six regions"


def _symbols(ds: DataSet) -> Iterator[str]:
    n = len(ds.table("symbols"))
    if n != SYMBOLS:
        yield f"symbols: the cities show {SYMBOLS} different symbols, the table has {n}"
    per = Counter(r["symbol"] for r in ds.table("cities"))
    for s in ds.table("symbols"):
        if per[s.id] != CITIES_PER_SYMBOL:
            yield (f"symbols/{s.id}: every symbol is on exactly {CITIES_PER_SYMBOL} cities "
                   f"(an objective card shows the three cities of a symbol), this one is on {per[s.id]}")


def _cities(ds: DataSet) -> Iterator[str]:
    yield from _refs(ds, "cities", region="regions", symbol="symbols")
    regions = _ids(ds, "regions")
    per = Counter(c["region"] for c in ds.table("cities"))
    for rid in sorted(regions):
        if per[rid] != CITIES_PER_REGION:
            yield f"regions/{rid}: every region has {CITIES_PER_REGION} cities, this one has {per[rid]}"
    n = len(ds.table("cities"))
    if n != CITIES_PER_REGION * len(REGIONS):
        yield f"cities: the map has {CITIES_PER_REGION * len(REGIONS)} cities, the table has {n}"


def _seas(ds: DataSet) -> Iterator[str]:
    n = len(ds.table("seas"))
    if n != SEAS:
        yield f"seas: the map has {SEAS} seas, the table has {n}"
    mg = [s for s in ds.table("seas") if s["name"] == MARE_GERMANICUM]
    if len(mg) != 1:
        yield f"seas: exactly one sea must be named {MARE_GERMANICUM!r}, found {len(mg)}"
    names = Counter(s["name"] for s in ds.table("seas"))
    for s in ds.table("seas"):
        if names[s["name"]] > 1 and s["name"] != MARE_GERMANICUM:
            yield f"seas/{s.id}: the name {s['name']!r} is used twice"


def _ports(ds: DataSet) -> Iterator[str]:
    yield from _refs(ds, "ports", region="regions", sea="seas")
    regions, seas = _ids(ds, "regions"), _ids(ds, "seas")
    per_region = Counter(p["region"] for p in ds.table("ports"))
    for rid in sorted(regions):
        if per_region[rid] != PORTS_PER_REGION:
            yield f"regions/{rid}: every region has {PORTS_PER_REGION} ports, this one has {per_region[rid]}"
    per_sea = Counter(p["sea"] for p in ds.table("ports"))
    for sid in sorted(seas):
        if per_sea[sid] != PORTS_PER_SEA:
            yield f"seas/{sid}: every sea is bordered by {PORTS_PER_SEA} ports, this one by {per_sea[sid]}"
    cities = _ids(ds, "cities")
    for p in ds.table("ports"):
        if p.id in cities:
            yield f"ports/{p.id}: the id is also a city's id (features need distinct ids)"


def _mare_germanicum(ds: DataSet) -> Iterator[str]:
    mg = [s.id for s in ds.table("seas") if s["name"] == MARE_GERMANICUM]
    if len(mg) != 1:
        return
    got = Counter(p["region"] for p in ds.table("ports") if p["sea"] == mg[0])
    if dict(got) != MARE_GERMANICUM_PORTS:
        yield (f"seas/{mg[0]}: Mare Germanicum has 2 ports in Britannia and 2 in Germania, the data has "
               + (", ".join(f"{n} in {r}" for r, n in sorted(got.items())) or "none"))


def _objectives(ds: DataSet) -> Iterator[str]:
    n = len(ds.table("objectives"))
    if n != OBJECTIVE_CARDS:
        yield f"objectives: there are {OBJECTIVE_CARDS} hidden objective cards, the table has {n}"
    symbols = _ids(ds, "symbols")
    for o in ds.table("objectives"):
        s = o["symbols"]
        if len(s) != 2 or len(set(s)) != 2:
            yield f"objectives/{o.id}: a card shows two different symbols, not {s}"
        for x in s:
            if x not in symbols:
                yield f"objectives/{o.id}: symbol {x!r} does not exist"


def _scenarios(ds: DataSet) -> Iterator[str]:
    n = len(ds.table("scenarios"))
    if n != SCENARIO_TILES:
        yield f"scenarios: there are {SCENARIO_TILES} scenario tiles, the table has {n}"
    regions = _ids(ds, "regions")
    for s in ds.table("scenarios"):
        f, i = s["flourishing"], s["inactive"]
        for x in f + i:
            if x not in regions:
                yield f"scenarios/{s.id}: region {x!r} does not exist"
        if len(set(f)) != len(f) or len(set(i)) != len(i):
            yield f"scenarios/{s.id}: a region is listed twice"
        if set(f) & set(i):
            yield f"scenarios/{s.id}: {', '.join(sorted(set(f) & set(i)))} cannot be both flourishing and inactive"
        if set(f) | set(i) != regions:
            yield (f"scenarios/{s.id}: every region not listed as flourishing is inactive; "
                   f"{', '.join(sorted(regions - set(f) - set(i)))} is neither")
        if not f:
            yield f"scenarios/{s.id}: a scenario tile lists at least one flourishing region"
    per = Counter(s["players"] for s in ds.table("scenarios"))
    for players in range(CONSTANTS["players_min"], CONSTANTS["players_max"] + 1):
        if not per[players]:
            yield f"scenarios: every player count has its tiles; none is for {players} players"


def _planning_cards(ds: DataSet) -> Iterator[str]:
    cards = ds.table("planning_cards")
    if len(cards) != PLANNING_CARDS:
        yield f"planning_cards: each player has {PLANNING_CARDS} planning cards, the table has {len(cards)}"
    kinds = Counter(c["kind"] for c in cards)
    regions = Counter(c.get("region") for c in cards if c["kind"] == "region")
    for rid in sorted(_ids(ds, "regions")):
        if regions[rid] != 1:
            yield f"planning_cards: region {rid} needs exactly one region card, found {regions[rid]}"
    for c in cards:
        if c["kind"] == "region" and c.get("region") not in _ids(ds, "regions"):
            yield f"planning_cards/{c.id}: a region card names an existing region"
        if c["kind"] != "region" and "region" in c.values:
            yield f"planning_cards/{c.id}: only a region card names a region"
        if (c["kind"] == "action") != ("action" in c.values):
            yield f"planning_cards/{c.id}: exactly the action cards name an action (A, B or C)"
    if kinds["inactive"] != 1 or kinds["king"] != 1:
        yield "planning_cards: one inactive-regions card and one King's Privilege"
    acts = sorted(c["action"] for c in cards if c["kind"] == "action" and "action" in c.values)
    if acts != list(ACTIONS):
        yield f"planning_cards: the action cards are A, B and C, not {acts}"
    rank = {("king" if c["kind"] == "king" else c.get("action")): c.get("turn_rank") for c in cards
            if c["kind"] in ("king", "action")}
    order = sorted(rank, key=lambda k: (rank[k] is None, rank[k] if rank[k] is not None else 0))
    if order != ["king", "A", "B", "C"] or len(set(rank.values())) != 4 or None in rank.values():
        yield "planning_cards: turn_rank must order King's Privilege, then A, then B, then C"
    for c in cards:
        if c["kind"] in ("region", "inactive") and "turn_rank" in c.values:
            yield f"planning_cards/{c.id}: only action cards and the King's Privilege have a turn_rank"


def _constants(ds: DataSet) -> Iterator[str]:
    have = {r.id: r["value"] for r in ds.table("constants")}
    for name, value in CONSTANTS.items():
        if name not in have:
            yield f"constants/{name}: missing (the sources give {value})"
        elif have[name] != value:
            yield f"constants/{name}: the sources give {value}, not {have[name]}"
    for name, (lo, hi) in UNPINNED_CONSTANTS.items():
        if name not in have:
            yield f"constants/{name}: missing"
        elif not lo <= have[name] <= hi:
            yield f"constants/{name}: should be between {lo} and {hi}, not {have[name]}"
    for name in sorted(set(have) - set(CONSTANTS) - set(UNPINNED_CONSTANTS)):
        yield f"constants/{name}: not a known constant"


def _objective_points(ds: DataSet) -> Iterator[str]:
    rows = ds.table("objective_points")
    got = Counter(r["cities"] for r in rows)
    want = list(range(0, CONSTANTS["objective_cities"] + 1))
    if sorted(got) != want or any(v != 1 for v in got.values()):
        yield f"objective_points: one row for each number of cities 0 to 6, the table has {sorted(got.elements())}"
        return
    pts = sorted(rows, key=lambda r: r["cities"])
    for a, b in zip(pts, pts[1:]):
        if b["points"] < a["points"]:
            yield (f"objective_points/{b.id}: more cities never score fewer points "
                   f"({b['cities']} cities: {b['points']} < {a['points']})")


def _fief_numbers(ds: DataSet) -> Iterator[str]:
    nums = sorted(r["number"] for r in ds.table("fiefs"))
    if nums != list(FIEF_NUMBERS):
        yield f"fiefs: the 12 fiefs are numbered 10, 20, ..., 120; the table has {nums}"


def _fief_shapes(ds: DataSet) -> Iterator[str]:
    for f in ds.table("fiefs"):
        cells = fief_cells(f)
        if cells is None:
            yield f"fiefs/{f.id}: every hex is a pair [dq, dr] of integers"
            continue
        if len(cells) not in FIEF_SIZES:
            yield f"fiefs/{f.id}: a fief has 3 or 4 hexes, not {len(cells)}"
        if cells and cells[0] != Hex(0, 0):
            yield f"fiefs/{f.id}: the first hex is the fief's anchor, at offset [0, 0]"
        if any(abs(c.q) > 8 or abs(c.r) > 8 for c in cells):
            yield f"fiefs/{f.id}: hex offsets lie within 8 of the anchor"
        if len(set(cells)) != len(cells):
            yield f"fiefs/{f.id}: a hex is listed twice"
        elif not _connected(cells):
            yield f"fiefs/{f.id}: the hexes of a fief are joined (each shares a side with another)"


def _fief_castles(ds: DataSet) -> Iterator[str]:
    for f in ds.table("fiefs"):
        c = f["castles"]
        if not c:
            yield f"fiefs/{f.id}: a fief has at least one castle"
        if len(set(c)) != len(c):
            yield f"fiefs/{f.id}: a castle index is listed twice"
        for i in c:
            if not 0 <= i < len(f["hexes"]):
                yield f"fiefs/{f.id}: castle index {i} is not one of the fief's hexes"


def _colours(ds: DataSet) -> Iterator[str]:
    ids = [r.id for r in ds.table("colours")]
    if sorted(ids) != sorted(COLOURS):
        yield f"colours: the four colours are {', '.join(COLOURS)}, not {', '.join(ids)}"
    digits = {r.id: r for r in ds.table("card_digits")}
    for c in sorted(set(ids) - set(digits)):
        yield f"card_digits: colour {c} has no fief-card digit"
    for d in sorted(set(digits) - set(ids)):
        yield f"card_digits/{d}: no such colour"


SCHEMA = Schema(
    game="gonzaga",
    filename="data.json",
    tables={
        "regions": {"name": Field(str)},
        "symbols": {"name": Field(str, optional=True)},
        "cities": {"region": Field(str), "symbol": Field(str), "name": Field(str, optional=True)},
        "seas": {"name": Field(str)},
        "ports": {"region": Field(str), "sea": Field(str), "name": Field(str, optional=True)},
        "objectives": {"symbols": Field(list, items=str)},
        "scenarios": {"players": Field(int, 2, 4), "flourishing": Field(list, items=str),
                      "inactive": Field(list, items=str), "name": Field(str, optional=True)},
        "planning_cards": {"kind": Field(str, choices=("region", "inactive", "action", "king")),
                           "region": Field(str, optional=True),
                           "action": Field(str, choices=ACTIONS, optional=True),
                           "turn_rank": Field(int, 0, 3, optional=True)},
        "constants": {"value": Field(int, 0, 999)},
        "objective_points": {"cities": Field(int, 0, 6), "points": Field(int, 0, 999)},
        "fiefs": {"number": Field(int, 10, 120), "shape": Field(str), "hexes": Field(list, 1, 8, items=list),
                  "castles": Field(list, items=int)},
        "colours": {"name": Field(str)},
        "card_digits": {"digit": Field(int, 0, 9)},
    },
    facts=(
        Fact("map: the six regions", _regions),
        Fact("map: 8 symbols, each on 3 cities", _symbols),
        Fact("map: 4 cities per region", _cities),
        Fact("map: 6 seas", _seas),
        Fact("map: 4 ports per region and per sea", _ports),
        Fact("map: Mare Germanicum has 2 ports in Britannia and 2 in Germania", _mare_germanicum),
        Fact("16 hidden objective cards of two symbols", _objectives),
        Fact("16 scenario tiles splitting the regions into flourishing and inactive", _scenarios),
        Fact("11 planning cards per player and their turn order", _planning_cards),
        Fact("confirmed constants", _constants),
        Fact("objective points: 0 to 6 cities, never fewer for more", _objective_points),
        Fact("fiefs: numbered 10 to 120", _fief_numbers),
        Fact("fiefs: 3 or 4 joined hexes", _fief_shapes),
        Fact("fiefs: castles on the fief's hexes, at least one", _fief_castles),
        Fact("four colours with a fief-card digit each", _colours),
    ),
)


def load_data(path: str | Path | None = None) -> DataSet:
    """The shipped ``data.json`` (read once; it is immutable), or a user's file after the same
    validation."""
    return _load(SCHEMA, path)


# ---- the pair a game is played with --------------------------------------------------------------
class Components:
    """The semantic layer (``data.json``) and the geometric layer (``map.json``) of one game,
    validated against each other (see :func:`load`). It answers what the board and the record
    ask of a game's data: its version (both layers), whether it was shipped, its placeholders.
    """

    __slots__ = ("data", "map")

    def __init__(self, data: DataSet, map: DataSet):
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "map", map)

    def __setattr__(self, name, value):
        raise AttributeError("Components are immutable")

    def __reduce__(self):
        return (_components, (self.data, self.map))

    def __deepcopy__(self, memo) -> "Components":
        return self

    def __eq__(self, other) -> bool:
        return (isinstance(other, Components) and self.data.digest == other.data.digest
                and self.map.digest == other.map.digest)

    def __hash__(self) -> int:
        return hash((self.data.digest, self.map.digest))

    def __repr__(self) -> str:
        return f"Components({self.version})"

    @property
    def game(self) -> str:
        return "gonzaga"

    @property
    def version(self) -> str:
        """Both layers' versions: ``gonzaga-1+<digest> map gonzaga-1+<digest>``."""
        return f"{self.data.version} map {self.map.version}"

    @property
    def shipped(self) -> bool:
        return self.data.shipped and self.map.shipped

    @property
    def digest(self) -> str:
        return self.data.digest[:32] + self.map.digest[:32]

    def placeholders(self) -> list:
        """Every record of either layer whose values were made up so the game can be played."""
        return self.data.placeholders() + self.map.placeholders()

    @property
    def has_placeholders(self) -> bool:
        return bool(self.placeholders())

    def summary(self) -> dict[str, dict[str, int]]:
        """Per table of both files, how many records have each provenance status."""
        return {**self.data.summary(), **{f"map.{k}": v for k, v in self.map.summary().items()}}

    def _repr_html_(self) -> str:
        return self.data._repr_html_() + self.map._repr_html_()


def _components(data: DataSet, map: DataSet) -> Components:
    return _checked(data, map)


_CHECKED: dict = {}


def _checked(data: DataSet, map: DataSet) -> Components:
    """The pair, once the map has been checked against the data (each distinct pair once)."""
    key = (data.digest, data.shipped, map.digest, map.shipped)
    got = _CHECKED.get(key)
    if got is None:
        from ._map import check_map
        check_map(data, map)
        if len(_CHECKED) > 64:
            _CHECKED.clear()
        got = _CHECKED[key] = Components(data, map)
    return got


def load(data: Any = None, map: Any = None) -> Components:
    """The data and the map a game is played with: each None (the shipped file), a path to a
    file, or a loaded data set; a :class:`Components` is returned as it is. The map is checked
    against the data (every city and port on it once, in its region; every fief placeable under
    every plan); a broken pair raises :class:`~explorer.DataError` naming the record."""
    from ._map import MAP_SCHEMA
    if isinstance(data, Components):
        if map is not None and _resolve(MAP_SCHEMA, map, "map=") != data.map:
            raise OptionError("data= already holds a map; give map= only with a data.json")
        return data
    ds = _resolve(SCHEMA, data, "data=")
    ms = _resolve(MAP_SCHEMA, map, "map=")
    return _checked(ds, ms)


def _resolve(schema: Schema, value: Any, what: str) -> DataSet:
    if isinstance(value, DataSet):
        if value.game != schema.game or value.filename != schema.filename:
            raise OptionError(f"{what} is the {value.filename} of {value.game!r}, not a "
                              f"{schema.filename} of Gonzaga")
        return value
    if value is None or isinstance(value, (str, Path)):
        return _load(schema, value)
    raise OptionError(f"{what} names a {schema.filename} file (a path) or is a loaded data set, "
                      f"not {shorten(value, 60)}")


# ---- soft checks (inferred structure: warnings, not errors) ------------------------------------
def soft_warnings(data: DataSet | Components, map: DataSet | None = None) -> list[str]:
    """Breaches of structure the sources suggest but do not confirm; empty when all holds."""
    if isinstance(data, Components):
        data, map = data.data, data.map
    out: list[str] = []
    out += _soft_symbol_layout(data)
    out += _soft_fiefs(data)
    out += _soft_scenarios(data)
    digits = Counter(r["digit"] for r in data.table("card_digits"))
    for d, n in sorted(digits.items()):
        if n > 1:
            out.append(f"card_digits: digit {d} is used by {n} colours, so two fief cards can share a number")
    pts = sorted(data.table("objective_points"), key=lambda r: r["cities"])
    if any(b["points"] <= a["points"] for a, b in zip(pts, pts[1:])):
        out.append("objective_points: the points do not rise with every extra city")
    if map is not None:
        from ._map import soft_map_warnings
        out += soft_map_warnings(data, map)
    return out


def _soft_symbol_layout(data: DataSet) -> list[str]:
    """The counting argument: each objective shows one city per region, 16 different pairs."""
    out = []
    regions = _ids(data, "regions")
    of_symbol: dict[str, list[str]] = defaultdict(list)
    for c in data.table("cities"):
        of_symbol[c["symbol"]].append(c["region"])
    for s, rs in sorted(of_symbol.items()):
        if len(set(rs)) != len(rs):
            out.append(f"symbols/{s}: its cities are not in {len(rs)} different regions")
    by_region: dict[str, list[str]] = defaultdict(list)
    for c in data.table("cities"):
        by_region[c["region"]].append(c["symbol"])
    for r, ss in sorted(by_region.items()):
        if len(set(ss)) != len(ss):
            out.append(f"regions/{r}: its cities do not show {len(ss)} different symbols")
    pairs = Counter(frozenset(o["symbols"]) for o in data.table("objectives"))
    for o in data.table("objectives"):
        rs = [r for s in o["symbols"] for r in of_symbol.get(s, [])]
        if sorted(rs) != sorted(regions):
            out.append(f"objectives/{o.id}: its six cities are not one per region")
        if pairs[frozenset(o["symbols"])] > 1:
            out.append(f"objectives/{o.id}: the pair {sorted(o['symbols'])} is on more than one card")
    groups = {frozenset(rs) for rs in of_symbol.values()}
    if len(groups) != 2 or any(len(g) != 3 for g in groups) or frozenset().union(*groups) != regions:
        out.append("symbols: the cities do not split into two groups of three regions sharing four symbols each")
    return out


def _soft_fiefs(data: DataSet) -> list[str]:
    out = []
    seen: dict[tuple, str] = {}
    for f in data.table("fiefs"):
        if len(f["castles"]) < 2:
            out.append(f"fiefs/{f.id}: one source gives two or more castles per fief")
        cells = fief_cells(f)
        if cells is None:
            continue
        key = canonical_fief(cells, f["castles"])
        if key in seen:
            out.append(f"fiefs/{f.id}: same shape and castles as fiefs/{seen[key]}")
        seen[key] = f.id
    return out


def _soft_scenarios(data: DataSet) -> list[str]:
    out = []
    want = {4: 1, 3: 2, 2: 3}
    for s in data.table("scenarios"):
        if len(s["inactive"]) != want[s["players"]]:
            out.append(f"scenarios/{s.id}: {len(s['inactive'])} inactive regions with {s['players']} players "
                       f"(best inference: {want[s['players']]})")
    per = Counter(s["players"] for s in data.table("scenarios"))
    if (per[4], per[3], per[2]) != (6, 5, 5):
        out.append(f"scenarios: {per[4]}/{per[3]}/{per[2]} tiles for 4/3/2 players (best inference: 6/5/5)")
    tiles = Counter((s["players"], frozenset(s["inactive"])) for s in data.table("scenarios"))
    for s in data.table("scenarios"):
        if tiles[(s["players"], frozenset(s["inactive"]))] > 1:
            out.append(f"scenarios/{s.id}: another tile for {s['players']} players has the same regions")
    return out


# ---- the book: data and map as the rules read them ------------------------------------------------
class Scenario(NamedTuple):
    id: str
    players: int
    flourishing: int          # bit mask over region indices
    inactive: int


class Plan(NamedTuple):
    """A committed plan: the region card (a region id or "inactive"), the action card (A, B or C)
    and whether the King's Privilege was played with them."""

    region: str
    action: str
    king: bool = False


MASKED_PLAN = Plan("?", "?", False)
"""What a view shows for a plan committed but not yet revealed: that it exists, not what it is."""


@dataclass(frozen=True, eq=False)
class Book:
    """The data and the map as the rules read them: regions, seas, cities, ports, symbols,
    objective cards, scenarios and fiefs by index (in data-file order), and the map's geometry
    (:class:`~explorer.gonzaga._map.Geometry`: hexes by index, bit masks, static placements)."""

    components: Components
    version: str
    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    region_index: dict
    sea_ids: tuple[str, ...]
    sea_names: tuple[str, ...]
    city_ids: tuple[str, ...]
    city_names: tuple[str, ...]
    city_region: tuple[int, ...]
    city_symbol: tuple[int, ...]
    port_ids: tuple[str, ...]
    port_names: tuple[str, ...]
    port_region: tuple[int, ...]
    port_sea: tuple[int, ...]
    symbol_ids: tuple[str, ...]
    symbol_names: tuple[str, ...]
    objective_ids: tuple[str, ...]
    objective_index: dict
    objective_cities: tuple[tuple[int, ...], ...]   # per objective card: its six cities
    objective_symbols: tuple[tuple[int, ...], ...]
    objective_points: tuple[int, ...]               # by cities covered, 0 .. 6
    scenarios: tuple[Scenario, ...]
    scenario_index: dict
    fief_ids: tuple[str, ...]
    fief_numbers: tuple[int, ...]
    fief_shapes: tuple[str, ...]
    fief_index: dict
    colours: tuple[str, ...]
    colour_names: tuple[str, ...]
    digits: tuple[int, ...]                          # per colour, in colour order
    action_rank: dict                                # "king", "A", "B", "C" -> turn rank
    card_ids: tuple[str, ...]                        # planning card ids
    region_card: dict                                # region id or "inactive" -> planning card id
    action_card: dict                                # "A" / "B" / "C" -> planning card id
    king_card: str
    c: dict
    geo: Any = field(repr=False)

    _cache = {}

    @classmethod
    def of(cls, components: Components) -> "Book":
        """The book of a pair of data and map (built once per distinct content)."""
        key = components.digest
        book = cls._cache.get(key)
        if book is None:
            if len(cls._cache) > 32:
                cls._cache.clear()
            book = cls._cache[key] = cls._build(components)
        return book

    def __reduce__(self):
        return (Book.of, (self.components,))

    def __deepcopy__(self, memo) -> "Book":
        return self

    @classmethod
    def _build(cls, comp: Components) -> "Book":
        from ._map import Geometry
        ds = comp.data
        regions = ds.table("regions")
        rindex = {r.id: i for i, r in enumerate(regions)}
        seas = ds.table("seas")
        sindex = {s.id: i for i, s in enumerate(seas)}
        symbols = ds.table("symbols")
        yindex = {s.id: i for i, s in enumerate(symbols)}
        cities = ds.table("cities")
        ports = ds.table("ports")
        objs = ds.table("objectives")
        city_symbol = tuple(yindex[c["symbol"]] for c in cities)
        obj_symbols = tuple(tuple(yindex[s] for s in o["symbols"]) for o in objs)
        obj_cities = tuple(tuple(i for i, y in enumerate(city_symbol) if y in syms)
                           for syms in obj_symbols)
        scen = tuple(Scenario(s.id, s["players"], _bits(rindex[x] for x in s["flourishing"]),
                              _bits(rindex[x] for x in s["inactive"]))
                     for s in ds.table("scenarios"))
        fiefs = sorted(ds.table("fiefs"), key=lambda f: f["number"])
        colours = ds.table("colours")
        digits = {r.id: r["digit"] for r in ds.table("card_digits")}
        cards = ds.table("planning_cards")
        region_card = {c["region"]: c.id for c in cards if c["kind"] == "region"}
        region_card[INACTIVE_CARD] = next(c.id for c in cards if c["kind"] == "inactive")
        action_card = {c["action"]: c.id for c in cards if c["kind"] == "action"}
        rank = {c["action"]: c["turn_rank"] for c in cards if c["kind"] == "action"}
        rank["king"] = next(c["turn_rank"] for c in cards if c["kind"] == "king")
        points = {r["cities"]: r["points"] for r in ds.table("objective_points")}
        book = cls(
            components=comp,
            version=comp.version,
            region_ids=tuple(r.id for r in regions),
            region_names=tuple(r["name"] for r in regions),
            region_index=rindex,
            sea_ids=tuple(s.id for s in seas),
            sea_names=tuple(s["name"] for s in seas),
            city_ids=tuple(c.id for c in cities),
            city_names=tuple(c.get("name") or c.id for c in cities),
            city_region=tuple(rindex[c["region"]] for c in cities),
            city_symbol=city_symbol,
            port_ids=tuple(p.id for p in ports),
            port_names=tuple(p.get("name") or p.id for p in ports),
            port_region=tuple(rindex[p["region"]] for p in ports),
            port_sea=tuple(sindex[p["sea"]] for p in ports),
            symbol_ids=tuple(s.id for s in symbols),
            symbol_names=tuple(s.get("name") or s.id for s in symbols),
            objective_ids=tuple(o.id for o in objs),
            objective_index={o.id: i for i, o in enumerate(objs)},
            objective_cities=obj_cities,
            objective_symbols=obj_symbols,
            objective_points=tuple(points[k] for k in range(len(points))),
            scenarios=scen,
            scenario_index={s.id: i for i, s in enumerate(scen)},
            fief_ids=tuple(f.id for f in fiefs),
            fief_numbers=tuple(f["number"] for f in fiefs),
            fief_shapes=tuple(f["shape"] for f in fiefs),
            fief_index={f.id: i for i, f in enumerate(fiefs)},
            colours=tuple(c.id for c in colours),
            colour_names=tuple(c["name"] for c in colours),
            digits=tuple(digits[c.id] for c in colours),
            action_rank=rank,
            card_ids=tuple(c.id for c in cards),
            region_card=region_card,
            action_card=action_card,
            king_card=next(c.id for c in cards if c["kind"] == "king"),
            c={r.id: r["value"] for r in ds.table("constants")},
            geo=Geometry.of(comp.data, comp.map),
        )
        return book

    # ---- small queries the rules and the words share ------------------------------------------
    def card_number(self, fief: int, seat: int) -> int:
        """gonzaga.fief.card-number, gonzaga.assume.card-number: the number of the fief card of
        fief ``fief`` in the colour of ``seat`` (the fief's number plus the colour's digit)."""
        return self.fief_numbers[fief] + self.digits[seat % len(self.digits)]

    def scenarios_for(self, players: int) -> tuple[int, ...]:
        """gonzaga.setup.scenario: the scenario tiles marked for ``players`` players."""
        return tuple(i for i, s in enumerate(self.scenarios) if s.players == players)

    def region_bits(self, card: str, scenario: int) -> int:
        """The regions a region card lets a fief go in: one region, or (the inactive-regions
        card, gonzaga.assume.inactive-card) every inactive region of the scenario."""
        if card == INACTIVE_CARD:
            return self.scenarios[scenario].inactive
        return 1 << self.region_index[card]

    def region_cards(self, scenario: int) -> tuple[str, ...]:
        """gonzaga.setup.remove-region-cards: the region cards in play (the flourishing regions'
        cards and the inactive-regions card), in data order."""
        return _region_cards(self, scenario)

    def region_card_name(self, card: str) -> str:
        if card == INACTIVE_CARD:
            return "the inactive-regions card"
        i = self.region_index.get(card)
        return self.region_names[i] if i is not None else str(card)


@lru_cache(maxsize=256)
def _region_cards(book: Book, scenario: int) -> tuple[str, ...]:
    f = book.scenarios[scenario].flourishing
    return tuple(r for i, r in enumerate(book.region_ids) if f >> i & 1) + (INACTIVE_CARD,)


def _bits(indices: Iterable[int]) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out
