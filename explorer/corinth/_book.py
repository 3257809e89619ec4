"""Corinth's printed data: the data-file schema, its confirmed facts, and the compact tables the
rules read.

The score sheet (shops, district bonuses, the 5x5 market, buildings, turn track) lives in
``data.json``; :data:`SCHEMA` names its tables and the facts any data file must satisfy, and
:class:`Book` turns a validated :class:`~explorer.DataSet` into the small tuples the rules use.

>>> data = load_data()
>>> sorted({r.table for r in data.placeholders()})
['buildings', 'market', 'shop_symbols', 'tracks']
>>> book = Book.of(data)
>>> book.shop_points[book.shop_index["orange-3"]], book.bonus
(10, (0, 3, 4, 5))
>>> book.market_kind[book.start], book.cell_name(book.start)
('start', 'C3')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Iterator

from .._data import DataSet, Fact, Field, Schema, constants_fact, load_data as _load
from .harbor import DISTRICTS, GOODS_DISTRICTS

__all__ = ["SCHEMA", "Book", "load_data", "BUILDINGS", "MARKET_KINDS", "SHEET_NUMBERS", "turns_each"]

BUILDINGS = ("temple", "warehouse", "stable", "store")
"""The four buildings of the sheet; "store" is the Tienda (+2 gold on the gold action)."""
MARKET_KINDS = ("start", "score", "plus1", "goods", "gold", "goats", "yellow")
SHEET_NUMBERS = (1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 10)
"""The 17 shop and bonus numbers found in both the English and German sheet text layers."""
MARKET_SIZE = 5

CONSTANTS = {
    "white_dice": 9, "yellow_dice": 3, "yellow_die_cost": 1, "max_yellow_bought": 3,
    "start_gold": 1, "start_goats": 1, "gold_per_point": 2, "goats_per_point": 2,
    "temple_points": 3, "store_extra_gold": 2, "warehouse_extra_goods": 1,
    "stable_free_steps": 2, "steps_per_gold": 1, "turns_two_three_players": 18,
    "turns_four_players": 16, "crossed_with_four": 2,
}
"""Numbers the rulebook states, and the value it gives each."""


# ---- confirmed facts ------------------------------------------------------------------------
def _districts_in_order(ds: DataSet) -> Iterator[str]:
    rows = Counter(r["row"] for r in ds.table("districts"))
    for row, n in sorted(rows.items()):
        if n > 1:
            names = ", ".join(r.id for r in ds.table("districts") if r["row"] == row)
            yield f"harbor row {row} holds {n} districts ({names}): each row holds one district"
    recs = sorted(ds.table("districts"), key=lambda r: r["row"])
    if tuple(r.id for r in recs) != DISTRICTS:
        yield (f"the districts, top to bottom, must be {', '.join(DISTRICTS)}; "
               f"the file has {', '.join(r.id for r in recs)}")
    for r in recs:
        want = r.id if r.id in ("gold", "goats") else "goods"
        if r["kind"] != want:
            yield f"districts/{r.id}: kind must be {want!r}"


def _sheet_numbers(ds: DataSet) -> Iterator[str]:
    nums = sorted([r["points"] for r in ds.table("shops")] + [r["points"] for r in ds.table("bonuses")])
    if nums != sorted(SHEET_NUMBERS):
        extra = Counter(nums) - Counter(SHEET_NUMBERS)
        missing = Counter(SHEET_NUMBERS) - Counter(nums)
        yield (f"the shop and bonus numbers must be {list(SHEET_NUMBERS)}; "
               f"unexpected {sorted(extra.elements())}, missing {sorted(missing.elements())}")


def _bonuses(ds: DataSet) -> Iterator[str]:
    seen = set()
    for r in ds.table("bonuses"):
        if r["district"] == "orange":
            yield f"bonuses/{r.id}: the orange district has no completion bonus"
        elif r["district"] not in GOODS_DISTRICTS:
            yield f"bonuses/{r.id}: {r['district']!r} is not a goods district"
        elif r["district"] in seen:
            yield f"bonuses/{r.id}: a second bonus for {r['district']}"
        seen.add(r["district"])
    for d in GOODS_DISTRICTS[1:]:
        if d not in seen:
            yield f"the {d} district needs a completion bonus"


def _shops(ds: DataSet) -> Iterator[str]:
    shops = {r.id: r for r in ds.table("shops")}
    for r in shops.values():
        if r["district"] not in GOODS_DISTRICTS:
            yield f"shops/{r.id}: {r['district']!r} is not a goods district"
    for d in GOODS_DISTRICTS:
        if not any(r["district"] == d for r in shops.values()):
            yield f"the {d} district has no shop"
    symbols = {r.id for r in ds.table("shop_symbols")}
    for sid in sorted(set(shops) - symbols):
        yield f"shops/{sid}: no record in shop_symbols"
    for sid in sorted(symbols - set(shops)):
        yield f"shop_symbols/{sid}: no such shop"


def _market(ds: DataSet) -> Iterator[str]:
    cells = ds.table("market")
    coords = Counter((r["row"], r["col"]) for r in cells)
    want = {(r, c) for r in range(MARKET_SIZE) for c in range(MARKET_SIZE)}
    if set(coords) != want or len(cells) != len(want):
        yield f"the market must be a {MARKET_SIZE}x{MARKET_SIZE} grid with one record per space"
    kinds = Counter(r["kind"] for r in cells)
    centre = MARKET_SIZE // 2
    starts = [r for r in cells if r["kind"] == "start"]
    if len(starts) != 1 or (starts[0]["row"], starts[0]["col"]) != (centre, centre):
        yield f"the market needs exactly one start space, at the centre ({centre}, {centre})"
    if kinds["plus1"] != 4:
        yield f"the market needs exactly 4 '+1' spaces, not {kinds['plus1']}"
    if kinds["score"] < 1:
        yield "the market needs scoring spaces"
    for r in cells:
        if r["kind"] == "goods":
            if r.get("district") not in GOODS_DISTRICTS:
                yield f"market/{r.id}: a goods space needs a goods district"
            if r.get("amount", 0) < 1:
                yield f"market/{r.id}: a goods space needs an amount of at least 1"
        elif r["kind"] in ("gold", "goats"):
            if r.get("amount", 0) < 1:
                yield f"market/{r.id}: a {r['kind']} space needs an amount of at least 1"
            if "district" in r.values:
                yield f"market/{r.id}: only goods spaces name a district"
        elif "district" in r.values or "amount" in r.values:
            yield f"market/{r.id}: a {r['kind']} space has no district or amount"


def _turn_track(ds: DataSet) -> Iterator[str]:
    spots = sorted(ds.table("turn_track"), key=lambda r: r["position"])
    if [r["position"] for r in spots] != [1, 2, 3, 4, 5, 6]:
        yield "the turn track has 6 spots at positions 1 to 6"
        return
    crossed = [r["crossed_with_four"] for r in spots]
    if crossed != [True, True, False, False, False, False]:
        yield "with 4 players exactly the 2 leftmost spots are crossed out at setup"
    have = {r.id: r["value"] for r in ds.table("constants")}
    for players in (2, 3, 4):
        want = have.get("turns_four_players" if players == 4 else "turns_two_three_players")
        got = turns_each(players, len(spots), sum(crossed))
        if want is not None and got != want:
            yield f"the turn track gives {got} turns each with {players} players, not {want}"


def turns_each(players: int, spots: int, crossed_with_four: int) -> int:
    """Turns each player plays: rounds (one per free spot) times turns per round, shared out.

    >>> [turns_each(n, 6, 2) for n in (2, 3, 4)]
    [18, 18, 16]
    """
    free = spots - (crossed_with_four if players == 4 else 0)
    rounds = players * free
    turns_per_round = 3 if players == 2 else players
    return rounds * turns_per_round // players


def _buildings(ds: DataSet) -> Iterator[str]:
    ids = sorted(r.id for r in ds.table("buildings"))
    if ids != sorted(BUILDINGS):
        yield f"the buildings must be {', '.join(BUILDINGS)}, not {', '.join(ids)}"


def _tracks(ds: DataSet) -> Iterator[str]:
    have = {r.id: r["capacity"] for r in ds.table("tracks")}
    if sorted(have) != ["goats", "gold"]:
        yield "the tracks table needs exactly a gold and a goats record"
    for name, cap in have.items():
        if cap < 1:
            yield f"tracks/{name}: a track must hold at least the starting symbol"


SCHEMA = Schema(
    game="corinth",
    filename="data.json",
    tables={
        "districts": {"row": Field(int, 1, 6), "kind": Field(str, choices=("gold", "goods", "goats")),
                      "good": Field(str), "colour": Field(str)},
        "bonuses": {"district": Field(str), "points": Field(int, 1, 99)},
        "shops": {"district": Field(str), "points": Field(int, 1, 99)},
        "shop_symbols": {"symbols": Field(int, 1, 12)},
        "market": {"row": Field(int, 0, MARKET_SIZE - 1), "col": Field(int, 0, MARKET_SIZE - 1),
                   "kind": Field(str, choices=MARKET_KINDS),
                   "district": Field(str, optional=True), "amount": Field(int, 1, 9, optional=True)},
        "buildings": {"gold": Field(int, 0, 20), "goats": Field(int, 0, 20)},
        "turn_track": {"position": Field(int, 1, 6), "crossed_with_four": Field(bool)},
        "constants": {"value": Field(int, 0, 99)},
        "tracks": {"capacity": Field(int, 1, 200)},
    },
    facts=(
        Fact("harbor: six districts in order", _districts_in_order),
        Fact("score sheet: the 17 shop and bonus numbers", _sheet_numbers),
        Fact("score sheet: district bonuses (none for orange)", _bonuses),
        Fact("score sheet: shops", _shops),
        Fact("market: 5x5, centre start, four +1 spaces", _market),
        Fact("turn track: 6 spots, 2 crossed with 4 players", _turn_track),
        Fact("buildings: temple, warehouse, stable, store", _buildings),
        constants_fact(CONSTANTS),
        Fact("gold and goat tracks", _tracks),
    ),
)


_SHIPPED: list[DataSet] = []


def load_data(path: str | Path | None = None) -> DataSet:
    """The shipped Corinth data (read once; it is immutable), or a user's data file after the
    same validation."""
    if path is not None:
        return _load(SCHEMA, path)
    if not _SHIPPED:
        _SHIPPED.append(_load(SCHEMA, None))
    return _SHIPPED[0]


@dataclass(frozen=True, eq=False)
class Book:
    """The data as the rules read it: small tuples indexed by shop, goods district and cell."""

    version: str
    shop_ids: tuple[str, ...]
    shop_index: dict
    shop_district: tuple[int, ...]        # goods-district index (0 = orange ... 3 = green)
    shop_points: tuple[int, ...]
    shop_symbols: tuple[int, ...]
    district_shops: tuple[tuple[int, ...], ...]
    district_symbols: tuple[int, ...]
    bonus: tuple[int, ...]                # per goods district; 0 = no bonus
    market_kind: tuple[str, ...]          # per cell, cell = row * 5 + col
    market_amount: tuple[int, ...]
    market_district: tuple[int, ...]      # goods-district index, or -1
    start: int
    plus1_mask: int
    score_mask: int
    building_cost: tuple[tuple[int, int], ...]   # (gold, goats) in BUILDINGS order
    spots: int
    crossed_with_four: int
    gold_capacity: int
    goats_capacity: int
    c: dict                               # the rulebook constants by name
    placeholder_cells: frozenset = frozenset()
    placeholder_shops: frozenset = frozenset()
    placeholder_buildings: frozenset = frozenset()
    placeholder_tracks: frozenset = frozenset()
    district_marks: tuple = ()            # per goods district: marks -> the marks of its shops

    _cache = {}

    @classmethod
    def of(cls, ds: DataSet) -> Book:
        """The book of a data set (built once per distinct data content)."""
        book = cls._cache.get(ds.digest)
        if book is None:
            book = cls._cache[ds.digest] = cls._build(ds)
        return book

    @classmethod
    def _build(cls, ds: DataSet) -> Book:
        shops = ds.table("shops")
        symbols = {r.id: r for r in ds.table("shop_symbols")}
        gd = {d: i for i, d in enumerate(GOODS_DISTRICTS)}
        shop_ids = tuple(r.id for r in shops)
        shop_district = tuple(gd[r["district"]] for r in shops)
        shop_symbols = tuple(symbols[r.id]["symbols"] for r in shops)
        district_shops = tuple(tuple(i for i, d in enumerate(shop_district) if d == g) for g in range(4))
        bonus = [0, 0, 0, 0]
        for r in ds.table("bonuses"):
            bonus[gd[r["district"]]] = r["points"]
        cells = sorted(ds.table("market"), key=lambda r: (r["row"], r["col"]))
        kind = tuple(r["kind"] for r in cells)
        costs = {r.id: (r["gold"], r["goats"]) for r in ds.table("buildings")}
        tracks = {r.id: r["capacity"] for r in ds.table("tracks")}
        spots = ds.table("turn_track")
        return cls(
            version=ds.version,
            shop_ids=shop_ids,
            shop_index={s: i for i, s in enumerate(shop_ids)},
            shop_district=shop_district,
            shop_points=tuple(r["points"] for r in shops),
            shop_symbols=shop_symbols,
            district_shops=district_shops,
            district_symbols=tuple(sum(shop_symbols[i] for i in ss) for ss in district_shops),
            bonus=tuple(bonus),
            market_kind=kind,
            market_amount=tuple(r.get("amount", 0) for r in cells),
            market_district=tuple(gd.get(r.get("district"), -1) for r in cells),
            start=kind.index("start"),
            plus1_mask=sum(1 << i for i, k in enumerate(kind) if k == "plus1"),
            score_mask=sum(1 << i for i, k in enumerate(kind) if k == "score"),
            building_cost=tuple(costs[b] for b in BUILDINGS),
            spots=len(spots),
            crossed_with_four=sum(r["crossed_with_four"] for r in spots),
            gold_capacity=tracks["gold"],
            goats_capacity=tracks["goats"],
            c={r.id: r["value"] for r in ds.table("constants")},
            placeholder_cells=frozenset(i for i, r in enumerate(cells) if r.is_placeholder),
            placeholder_shops=frozenset(i for i, r in enumerate(shops) if symbols[r.id].is_placeholder),
            placeholder_buildings=frozenset(r.id for r in ds.table("buildings") if r.is_placeholder),
            placeholder_tracks=frozenset(r.id for r in ds.table("tracks") if r.is_placeholder),
            district_marks=tuple(_picker(ss) for ss in district_shops),
        )

    @staticmethod
    def cell_name(cell: int) -> str:
        """A market space as the sheet labels it: column letter and row number, e.g. 'C3'
        (columns A-E left to right, rows 1-5 top to bottom)."""
        return f"{'ABCDE'[cell % MARKET_SIZE]}{cell // MARKET_SIZE + 1}"

    def describe_cell(self, cell: int) -> str:
        """What a market space shows, in words."""
        k, n = self.market_kind[cell], self.market_amount[cell]
        if k == "goods":
            return f"{n} {GOODS_DISTRICTS[self.market_district[cell]]} {'good' if n == 1 else 'goods'}"
        if k == "goats":
            return f"{n} {'goat' if n == 1 else 'goats'}"
        if k == "gold":
            return f"{n} gold"
        return {"start": "the start", "score": "a scoring space", "plus1": "a +1 space",
                "yellow": "a yellow die"}[k]


def _picker(indices: tuple[int, ...]) -> itemgetter:
    """A function taking a tuple to the tuple of its items at ``indices``."""
    if len(indices) > 1:
        return itemgetter(*indices)
    return itemgetter(slice(indices[0], indices[0] + 1) if indices else slice(0, 0))
