"""The Hanging Gardens' printed data: the data-file schema, its confirmed facts, and the compact
tables the rules read.

``data.json`` holds the printed components: the four motifs, the start cards, the 60 building
cards (a generated placeholder deck: the real card list is not public), the point-tile kinds with
their printed score series, the person tiles, the temple colours and the numbers of the rulebook.
:data:`SCHEMA` names the tables and the facts any data file must satisfy; a fact checks only what
the rulebook or the public sources confirm, so a file with the real card list or the real tile
values passes as long as it agrees with them.

Card sections are listed row-major over 2 rows x 3 columns: section ``3 * row + column``.

Per-value provenance of the tile series: ``tiles[...]['series']`` is the full series the rules
read (placeholder values included); ``series_values`` has one record for each printed value a
source confirms, with its own provenance. A position of a series without a ``series_values``
record is made up.

>>> data = load_data()
>>> sorted({r.table for r in data.placeholders()})
['cards', 'persons', 'temples', 'tiles']
>>> book = Book.of(data)
>>> book.tiles[:7], book.series[book.tile_index["garden"]]
(('queen', 'king', 'tiger', 'garden', 'statue', 'chalice', 'gate'), (2, 8, 16))
>>> book.space_name(3), book.cards_revealed(3), book.cards_taken(2)
('column 2, lower tile', 3, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping, NamedTuple, Sequence

from .._data import DataSet, Fact, Field, Schema, constants_fact, load_data as _load
from ._grid import BLANK, RECT_SHAPE, offset, turn_cell

__all__ = ["SCHEMA", "Book", "Orient", "load_data", "MOTIFS", "TILE_COUNTS", "PERSON_LINKS",
           "CONSTANTS", "EXAMPLES", "series_value", "score_hand"]

MOTIFS = ("terrace", "park", "arcade", "fountain")
BLANK_ID = "blank"
ROWS, COLS = 2, 3
SECTIONS = ROWS * COLS
BUILDING_CARDS = 60
START_CARDS = 4
MOTIFS_PER_CARD = (1, 4)      # fewest and most motif sections on a building card
TILE_COUNTS = {"queen": 4, "king": 4, "tiger": 6, "garden": 6, "statue": 6, "chalice": 10, "gate": 8}
SERIES_TILES, PERSON_TILES, ALL_TILES = 44, 5, 49
PERSON_LINKS = {"animal_handler": "tiger", "gardener": "garden", "sculptor": "statue",
                "priest": "chalice", "guard": "gate"}
PERSON_BASE = 3               # every person but the guard, without a complete series
GUARD_PER_GATE = 3
GARDENER_COMPLETE = 11
GARDEN_SERIES = [2, 8, 16]
GATE_SERIES_SIZE = 4
GATE_KNOWN = {1: 0, 2: 5, 4: 25}   # gates held -> printed value, derived from the seed's examples
PLAYER_COUNTS = {2: (4, 2), 3: (3, 1), 4: (4, 1)}   # players -> (cards revealed, cards taken each)
TILE_COLUMNS = {1: 3, 2: 4, 3: 5}   # column -> smallest group that may take from it
TILES_PER_COLUMN = 2
SEATS = 4
CONSTANTS = {
    "players_min": 2, "players_max": 4, "start_cards_per_player": 1, "face_up_card_spaces": 4,
    "temples_per_player": 5, "tile_stacks": 2, "face_up_tiles": 6, "min_group": 3, "bonus_group": 6,
    "groups_scored_per_turn": 1, "temples_per_group": 1, "missed_tile_points": 5,
}
"""Numbers the rulebook or the sources confirm, with the value each must have."""

EXAMPLES = (
    ("1 garden = 2", {"garden": 1}, 2),
    ("2 gardens = 8", {"garden": 2}, 8),
    ("3 gardens = 16", {"garden": 3}, 16),
    ("5 gardens = 24", {"garden": 5}, 24),
    ("gardener with 1 garden = 3 + 2 = 5", {"gardener": 1, "garden": 1}, 5),
    ("gardener with 3 gardens = 11 + 16 = 27 (the seed says 11 + 18 = 29: either 18 is a "
     "misprint for 16, or the example meant 4 gardens, checked next)",
     {"gardener": 1, "garden": 3}, 27),
    ("gardener with 4 gardens = 11 + 18 = 29 (the seed's figures)", {"gardener": 1, "garden": 4}, 29),
    ("2 gates and 1 guard = 11", {"gate": 2, "guard": 1}, 11),
    ("5 gates and 1 guard = 15 + 25 + 0 = 40", {"gate": 5, "guard": 1}, 40),
)
"""The seed's worked scoring examples: tiles held -> points."""


# ---- the scoring formula, shared by the facts and the rules ------------------------------
def series_value(series: Sequence[int], held: int) -> int:
    """hanging_gardens.score.series-values, hanging_gardens.score.series-complete: points for
    ``held`` tiles of one kind with printed series ``series`` (v1 .. vk):
    ``floor(held / k) * vk + v(held mod k)``, with v0 = 0.

    >>> [series_value([2, 8, 16], n) for n in range(7)]
    [0, 2, 8, 16, 18, 24, 32]
    """
    k = len(series)
    rest = held % k
    return (held // k) * series[-1] + (series[rest - 1] if rest else 0)


def person_value(person: Mapping, linked_held: int, series_size: int) -> int:
    """hanging_gardens.score.person-base, -person-complete, -guard: points of one person tile,
    given how many tiles of its linked kind the player holds."""
    if person["scoring"] == "per_tile":
        return person["per_tile"] * linked_held
    return person["complete"] if linked_held >= series_size else person["base"]


def score_hand(ds: DataSet, held: Mapping[str, int]) -> int:
    """Total points of a hand of tiles: ``held`` maps tile kinds (series and persons) to counts."""
    tiles = {r.id: r for r in ds.table("tiles")}
    total = 0
    for tid, rec in tiles.items():
        total += series_value(rec["series"], held.get(tid, 0))
    for p in ds.table("persons"):
        if held.get(p.id, 0):
            total += person_value(p, held.get(p["tile"], 0), len(tiles[p["tile"]]["series"]))
    return total


# ---- confirmed facts -------------------------------------------------------------------------
def _motifs(ds: DataSet) -> Iterator[str]:
    ids = [r.id for r in ds.table("motifs")]
    if sorted(ids) != sorted(MOTIFS):
        yield f"the motifs must be {', '.join(MOTIFS)}, not {', '.join(ids)}"


def _card_sections(ds: DataSet) -> Iterator[str]:
    allowed = {BLANK_ID, *(r.id for r in ds.table("motifs"))}
    for table in ("start_cards", "cards"):
        for r in ds.table(table):
            if len(r["sections"]) != SECTIONS:
                yield f"{table}/{r.id}: a card has {SECTIONS} sections, not {len(r['sections'])}"
            for i, s in enumerate(r["sections"]):
                if s not in allowed:
                    yield f"{table}/{r.id}: section {i} is {s!r}, neither {BLANK_ID!r} nor a motif"


def _building_cards(ds: DataSet) -> Iterator[str]:
    cards = ds.table("cards")
    if len(cards) != BUILDING_CARDS:
        yield f"the game has {BUILDING_CARDS} building cards, not {len(cards)}"
    lo, hi = MOTIFS_PER_CARD
    for r in cards:
        n = sum(s != BLANK_ID for s in r["sections"])
        if not lo <= n <= hi:
            yield f"cards/{r.id}: a building card shows {lo} to {hi} motif sections, not {n}"


def _start_cards(ds: DataSet) -> Iterator[str]:
    cards = ds.table("start_cards")
    if len(cards) != START_CARDS:
        yield f"the game has {START_CARDS} start cards, not {len(cards)}"
    for r in cards:
        if any(s != BLANK_ID for s in r["sections"]):
            yield f"start_cards/{r.id}: every section of a start card is blank building ground"


def _tile_counts(ds: DataSet) -> Iterator[str]:
    tiles = {r.id: r for r in ds.table("tiles")}
    if sorted(tiles) != sorted(TILE_COUNTS):
        yield f"the series tile types must be {', '.join(TILE_COUNTS)}, not {', '.join(tiles)}"
    for tid, want in TILE_COUNTS.items():
        if tid in tiles and tiles[tid]["count"] != want:
            yield f"tiles/{tid}: the game has {want} {tid} tiles, not {tiles[tid]['count']}"
    total = sum(r["count"] for r in tiles.values())
    if total != SERIES_TILES:
        yield f"the series tiles add up to {SERIES_TILES}, not {total}"
    for r in tiles.values():
        if len(r["series"]) > r["count"]:
            yield f"tiles/{r.id}: a series of {len(r['series'])} is longer than the {r['count']} tiles"


def _persons(ds: DataSet) -> Iterator[str]:
    persons = {r.id: r for r in ds.table("persons")}
    tiles = {r.id for r in ds.table("tiles")}
    if sorted(persons) != sorted(PERSON_LINKS):
        yield f"the person tiles must be {', '.join(PERSON_LINKS)}, not {', '.join(persons)}"
    for pid, r in persons.items():
        if r["tile"] not in tiles:
            yield f"persons/{pid}: linked to {r['tile']!r}, which is not a tile type"
        elif pid in PERSON_LINKS and r["tile"] != PERSON_LINKS[pid]:
            yield f"persons/{pid}: the seed links it to {PERSON_LINKS[pid]}, not {r['tile']}"
        if r["count"] != 1:
            yield f"persons/{pid}: each person tile exists once, not {r['count']} times"
        fields = {k for k in ("base", "complete", "per_tile") if k in r.values}
        if pid == "guard":
            if r["scoring"] != "per_tile" or r.get("per_tile") != GUARD_PER_GATE or fields != {"per_tile"}:
                yield f"persons/guard: the guard scores {GUARD_PER_GATE} per gate held and nothing else"
        else:
            if r["scoring"] != "series" or fields != {"base", "complete"}:
                yield f"persons/{pid}: a person scores a base and a complete-series value"
            elif r["base"] != PERSON_BASE:
                yield f"persons/{pid}: without a complete series a person scores {PERSON_BASE}, not {r['base']}"
    g = persons.get("gardener")
    if g is not None and g.get("complete") != GARDENER_COMPLETE:
        yield f"persons/gardener: with a complete series the gardener scores {GARDENER_COMPLETE}, not {g.get('complete')}"
    total = sum(r["count"] for r in ds.table("tiles")) + sum(r["count"] for r in persons.values())
    if total != ALL_TILES or len(persons) != PERSON_TILES:
        yield f"the point tiles are {SERIES_TILES} series + {PERSON_TILES} persons = {ALL_TILES}, not {total}"


def _known_series(ds: DataSet) -> Iterator[str]:
    tiles = {r.id: r for r in ds.table("tiles")}
    garden = tiles.get("garden")
    if garden is not None and list(garden["series"]) != GARDEN_SERIES:
        yield f"tiles/garden: the seed prints 2, 8, 16, not {', '.join(map(str, garden['series']))}"
    gate = tiles.get("gate")
    if gate is not None:
        s = list(gate["series"])
        if len(s) != GATE_SERIES_SIZE:
            yield f"tiles/gate: the seed's 'series of 4 gates' means a series of {GATE_SERIES_SIZE}, not {len(s)}"
        else:
            for held, want in GATE_KNOWN.items():
                if s[held - 1] != want:
                    yield f"tiles/gate: {held} gate(s) score {want} by the seed's examples, not {s[held - 1]}"


def _examples(ds: DataSet) -> Iterator[str]:
    for name, held, want in EXAMPLES:
        got = score_hand(ds, held)
        if got != want:
            yield f"seed example '{name}' scores {got} with this data"


def _series_values(ds: DataSet) -> Iterator[str]:
    tiles = {r.id: r for r in ds.table("tiles")}
    seen: dict[tuple[str, int], str] = {}
    for r in ds.table("series_values"):
        if r.provenance.status == "placeholder":
            yield f"series_values/{r.id}: lists confirmed values only; a placeholder has no record here"
        t = tiles.get(r["tile"])
        if t is None:
            yield f"series_values/{r.id}: {r['tile']!r} is not a tile type"
            continue
        key = (r["tile"], r["held"])
        if key in seen:
            yield f"series_values/{r.id}: a second record for {r['held']} {r['tile']} (also {seen[key]})"
        seen[key] = r.id
        if r["held"] > len(t["series"]):
            yield f"series_values/{r.id}: the {r['tile']} series has only {len(t['series'])} values"
        elif t["series"][r["held"] - 1] != r["points"]:
            yield (f"series_values/{r.id}: confirms {r['points']} for {r['held']} {r['tile']}, but "
                   f"tiles/{r['tile']} has {t['series'][r['held'] - 1]}")
    for tid, t in tiles.items():
        unconfirmed = [h for h in range(1, len(t["series"]) + 1) if (tid, h) not in seen]
        if unconfirmed and not t.is_placeholder:
            yield (f"tiles/{tid}: values for {', '.join(map(str, unconfirmed))} held have no series_values "
                   "record, so the record must be a placeholder")
        if not unconfirmed and t.is_placeholder:
            yield f"tiles/{tid}: every value is confirmed, so the record is not a placeholder"


def _player_counts(ds: DataSet) -> Iterator[str]:
    recs = {r["players"]: r for r in ds.table("player_counts")}
    if sorted(recs) != sorted(PLAYER_COUNTS) or len(ds.table("player_counts")) != len(PLAYER_COUNTS):
        yield "player_counts needs one record each for 2, 3 and 4 players"
    n_cards = len(ds.table("cards"))
    for players, (revealed, taken) in PLAYER_COUNTS.items():
        r = recs.get(players)
        if r is None:
            continue
        if (r["cards_revealed"], r["cards_taken"]) != (revealed, taken):
            yield (f"player_counts/{r.id}: with {players} players {revealed} cards are revealed and each "
                   f"player takes {taken}, not {r['cards_revealed']} and {r['cards_taken']}")
        if r["cards_revealed"] != players * r["cards_taken"]:
            yield f"player_counts/{r.id}: every revealed card must be taken"
        if n_cards % r["cards_revealed"]:
            yield f"player_counts/{r.id}: {n_cards} cards do not divide into rounds of {r['cards_revealed']}"


def _tile_columns(ds: DataSet) -> Iterator[str]:
    cols = {r["column"]: r for r in ds.table("tile_columns")}
    if sorted(cols) != sorted(TILE_COLUMNS) or len(ds.table("tile_columns")) != len(TILE_COLUMNS):
        yield "the board has tile columns 1, 2 and 3, one record each"
    for c, g in TILE_COLUMNS.items():
        r = cols.get(c)
        if r is None:
            continue
        if r["min_group"] != g:
            yield f"tile_columns/{r.id}: column {c} opens to groups of {g} or more, not {r['min_group']}"
        if r["spaces"] != TILES_PER_COLUMN:
            yield f"tile_columns/{r.id}: a column holds {TILES_PER_COLUMN} tiles, not {r['spaces']}"


def _face_up_tiles(ds: DataSet) -> Iterator[str]:
    have = {r.id: r["value"] for r in ds.table("constants")}
    spaces = sum(r["spaces"] for r in ds.table("tile_columns"))
    if "face_up_tiles" in have and spaces != have["face_up_tiles"]:
        yield f"constants/face_up_tiles: the tile columns hold {spaces} tiles, not {have['face_up_tiles']}"


def _ids_unique_across_tiles(ds: DataSet) -> Iterator[str]:
    both = Counter([r.id for r in ds.table("tiles")] + [r.id for r in ds.table("persons")])
    for tid, n in both.items():
        if n > 1:
            yield f"persons/{tid}: a person id must differ from every tile-type id"


def _temples(ds: DataSet) -> Iterator[str]:
    seats = sorted(r["seat"] for r in ds.table("temples"))
    if seats != list(range(1, SEATS + 1)):
        yield f"the temples come in {SEATS} player colours, one record per seat 1 to {SEATS}"
    names = Counter(r["colour"] for r in ds.table("temples"))
    for name, n in names.items():
        if n > 1:
            yield f"temples: two seats share the colour {name!r}"
    for r in ds.table("temples"):
        h = r["hex"]
        if len(h) != 7 or h[0] != "#" or any(ch not in "0123456789abcdefABCDEF" for ch in h[1:]):
            yield f"temples/{r.id}: hex should look like '#1a2b3c', not {h!r}"


def _card_ids(ds: DataSet) -> Iterator[str]:
    start = {r.id for r in ds.table("start_cards")}
    for r in ds.table("cards"):
        if r.id in start:
            yield f"cards/{r.id}: a building card and a start card share the id {r.id!r}"


_SECTIONS_FIELD = dict(type=list, min=SECTIONS, max=SECTIONS, items=str)

SCHEMA = Schema(
    game="hanging_gardens",
    filename="data.json",
    tables={
        "motifs": {"de": Field(str), "colour": Field(str)},
        "start_cards": {"sections": Field(**_SECTIONS_FIELD)},
        "cards": {"sections": Field(**_SECTIONS_FIELD)},
        "tiles": {"es": Field(str), "count": Field(int, 1, 20), "series": Field(list, 1, 20, items=int)},
        "series_values": {"tile": Field(str), "held": Field(int, 1, 20), "points": Field(int, 0, 999)},
        "persons": {"es": Field(str), "tile": Field(str), "count": Field(int, 1, 1),
                    "scoring": Field(str, choices=("series", "per_tile")),
                    "base": Field(int, 0, 99, optional=True), "complete": Field(int, 0, 999, optional=True),
                    "per_tile": Field(int, 0, 99, optional=True)},
        "player_counts": {"players": Field(int, 2, 4), "cards_revealed": Field(int, 1, 4),
                          "cards_taken": Field(int, 1, 4)},
        "tile_columns": {"column": Field(int, 1, 3), "spaces": Field(int, 1, 6), "min_group": Field(int, 1, 60)},
        "constants": {"value": Field(int, 0, 99)},
        "temples": {"seat": Field(int, 1, SEATS), "colour": Field(str), "hex": Field(str)},
    },
    facts=(
        Fact("motifs: terrace, park, arcade, fountain", _motifs),
        Fact("cards: six sections, each blank or a motif", _card_sections),
        Fact("building cards: 60, each with 1 to 4 motif sections", _building_cards),
        Fact("start cards: 4, all blank", _start_cards),
        Fact("card ids are distinct", _card_ids),
        Fact("series tiles: 44 in 7 types with their counts", _tile_counts),
        Fact("person tiles: 5, linked as the seed says, scored as the seed says", _persons),
        Fact("tile and person ids are distinct", _ids_unique_across_tiles),
        Fact("series printed in the seed: garden 2/8/16, gate 0/5/?/25", _known_series),
        Fact("the seed's worked scoring examples", _examples),
        Fact("series_values agree with the tiles", _series_values),
        Fact("cards revealed and taken per player count", _player_counts),
        Fact("tile columns: 3 of 2, for groups of 3, 4 and 5 or more", _tile_columns),
        constants_fact(CONSTANTS, source="the sources"),
        Fact("face-up tiles: the columns hold them all", _face_up_tiles),
        Fact("temples: one colour per seat", _temples),
    ),
)


_SHIPPED: list[DataSet] = []


def load_data(path: str | Path | None = None) -> DataSet:
    """The shipped data (read once; it is immutable), or a user's data file after the same
    validation."""
    if path is not None:
        return _load(SCHEMA, path)
    if not _SHIPPED:
        _SHIPPED.append(_load(SCHEMA, None))
    return _SHIPPED[0]


# ---- the book: the data as the rules read it -----------------------------------------------
class Orient(NamedTuple):
    """A card in one of its four turns: where its sections lie from the anchor (the top-left
    square of its footprint) and what they show."""

    cells: tuple[int, ...]        # index offsets of the six sections
    codes: tuple[int, ...]        # grid code of each (BLANK or 2 + motif)
    motifs: tuple[int, ...]       # the offsets of the motif sections
    mask: int                     # one bit per offset
    rows: int
    cols: int
    lines: tuple[bytes, ...]      # the codes of each row of the footprint, as bytes


@dataclass(frozen=True, eq=False)
class Book:
    """The data as the rules read it: cards by index (building cards first, then the start
    cards), tile kinds by index (series kinds first, then persons), face-up spaces by index
    (column 1 upper, column 1 lower, column 2 upper, ...).

    A book travels as its data set: the shipped data pickles by reference (loaded again on
    arrival, its digest checked) and a user's data by value, and the book is looked up or built
    again from it. It is immutable, so a deep copy is the book itself."""

    version: str
    motifs: tuple[str, ...]                 # grid code 2 + i
    motif_colours: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_index: dict
    buildings: int                          # building cards are indices 0 .. buildings-1
    sections: tuple[tuple[int, ...], ...]   # per card: six grid codes, row-major 2 x 3
    orient: tuple[tuple[Orient, ...], ...]  # per card, per turn
    tiles: tuple[str, ...]
    tile_es: tuple[str, ...]
    tile_index: dict
    kinds: int                              # series kinds: tile indices 0 .. kinds-1
    counts: tuple[int, ...]                 # per tile kind
    series: tuple[tuple[int, ...], ...]     # per series kind
    persons: tuple[tuple, ...]              # per person: (tile index, linked kind, scoring, base, complete, per_tile)
    space_column: tuple[int, ...]           # per face-up space: its column (1-based)
    space_row: tuple[int, ...]              # per face-up space: 1 upper, 2 lower, ...
    column_min: tuple[int, ...]             # per column (index column - 1): smallest group
    per_round: dict                         # players -> (cards revealed, cards taken each)
    seat_colours: tuple[tuple[str, str], ...]
    c: dict
    placeholder_cards: frozenset = frozenset()
    placeholder_tiles: frozenset = frozenset()
    data: DataSet | None = field(default=None, repr=False)   # the data set it was built from

    _cache = {}

    def __reduce__(self):
        return (Book.of, (self.data,))

    def __deepcopy__(self, memo: dict) -> Book:
        return self

    @classmethod
    def of(cls, ds: DataSet) -> Book:
        """The book of a data set (built once per distinct data content)."""
        book = cls._cache.get(ds.digest)
        if book is None:
            book = cls._cache[ds.digest] = cls._build(ds)
        return book

    @classmethod
    def _build(cls, ds: DataSet) -> Book:
        motifs = tuple(r.id for r in ds.table("motifs"))
        code = {BLANK_ID: BLANK, **{m: 2 + i for i, m in enumerate(motifs)}}
        recs = ds.table("cards") + ds.table("start_cards")
        sections = tuple(tuple(code[s] for s in r["sections"]) for r in recs)
        tiles_t, persons_t = ds.table("tiles"), ds.table("persons")
        tiles = tuple(r.id for r in tiles_t) + tuple(r.id for r in persons_t)
        tindex = {t: i for i, t in enumerate(tiles)}
        persons = tuple((tindex[r.id], tindex[r["tile"]], r["scoring"], r.get("base", 0),
                         r.get("complete", 0), r.get("per_tile", 0)) for r in persons_t)
        cols = sorted(ds.table("tile_columns"), key=lambda r: r["column"])
        space_column = tuple(r["column"] for r in cols for _ in range(r["spaces"]))
        space_row = tuple(k + 1 for r in cols for k in range(r["spaces"]))
        seats = sorted(ds.table("temples"), key=lambda r: r["seat"])
        return cls(
            version=ds.version,
            motifs=motifs,
            motif_colours=tuple(r["colour"] for r in ds.table("motifs")),
            card_ids=tuple(r.id for r in recs),
            card_index={r.id: i for i, r in enumerate(recs)},
            buildings=len(ds.table("cards")),
            sections=sections,
            orient=tuple(tuple(_orient(s, t) for t in range(4)) for s in sections),
            tiles=tiles,
            tile_es=tuple(r["es"] for r in tiles_t) + tuple(r["es"] for r in persons_t),
            tile_index=tindex,
            kinds=len(tiles_t),
            counts=tuple(r["count"] for r in tiles_t) + tuple(r["count"] for r in persons_t),
            series=tuple(tuple(r["series"]) for r in tiles_t),
            persons=persons,
            space_column=space_column,
            space_row=space_row,
            column_min=tuple(r["min_group"] for r in cols),
            per_round={r["players"]: (r["cards_revealed"], r["cards_taken"])
                       for r in ds.table("player_counts")},
            seat_colours=tuple((r["colour"], r["hex"]) for r in seats),
            c={r.id: r["value"] for r in ds.table("constants")},
            placeholder_cards=frozenset(i for i, r in enumerate(recs) if r.is_placeholder),
            placeholder_tiles=frozenset(tindex[r.id] for r in (*tiles_t, *persons_t)
                                        if r.is_placeholder),
            data=ds,
        )

    # ---- small queries the rules and the words share ----------------------------------------
    def cards_revealed(self, players: int) -> int:
        """hanging_gardens.round.reveal: building cards turned up each round."""
        return self.per_round[players][0]

    def cards_taken(self, players: int) -> int:
        """hanging_gardens.round.take-count: cards each player takes each round."""
        return self.per_round[players][1]

    def columns_open(self, size: int) -> tuple[int, ...]:
        """hanging_gardens.tile.group-of-three/-four/-five: the columns a group of ``size``
        sections may take a face-up tile from."""
        return tuple(c for c, least in enumerate(self.column_min, 1) if size >= least)

    def spaces_open(self, size: int) -> tuple[int, ...]:
        """The face-up tile spaces a group of ``size`` may take from (filled or not)."""
        return tuple(s for s, c in enumerate(self.space_column) if size >= self.column_min[c - 1])

    def space_of(self, column: int, row: int) -> int:
        """The space index of ``column`` (1-based) and ``row`` (1 upper, 2 lower), or -1."""
        for s, (c, r) in enumerate(zip(self.space_column, self.space_row)):
            if c == column and r == row:
                return s
        return -1

    def space_name(self, space: int) -> str:
        """How a board names a face-up tile space: 'column 2, lower tile'."""
        rows = sum(1 for c in self.space_column if c == self.space_column[space])
        r = self.space_row[space]
        where = ("upper" if r == 1 else "lower") if rows == 2 else f"number {r}"
        return f"column {self.space_column[space]}, {where} tile"

    def motif_name(self, code: int) -> str:
        return "blank ground" if code == BLANK else self.motifs[code - 2]

    def card_text(self, card: int) -> str:
        """A card with its motifs, e.g. 'card b07 (park, arcade, fountain)'."""
        shown = [self.motifs[c - 2] for c in self.sections[card] if c > BLANK]
        return f"card {self.card_ids[card]} ({', '.join(shown) if shown else 'all blank'})"

    def tile_name(self, kind: int) -> str:
        return self.tiles[kind].replace("_", " ")

    def is_person(self, kind: int) -> bool:
        return kind >= self.kinds

    @property
    def stack_heights(self) -> tuple[int, int]:
        """hanging_gardens.setup.tile-stacks: every tile shared out into two stacks of about
        equal size (the first one the taller)."""
        n = sum(self.counts)
        return (n - n // 2, n // 2)


def _orient(codes: tuple[int, ...], turn: int) -> Orient:
    """A printed card turned ``turn`` quarter turns clockwise (hanging_gardens.assume.card-orientation)."""
    rows, cols = RECT_SHAPE[turn]
    placed = sorted((offset(*turn_cell(i // COLS, i % COLS, turn)), code)
                    for i, code in enumerate(codes))
    cells = tuple(o for o, _ in placed)
    codes = tuple(c for _, c in placed)
    return Orient(cells, codes, tuple(o for o, c in placed if c > BLANK),
                  sum(1 << o for o in cells), rows, cols,
                  tuple(bytes(codes[r * cols:(r + 1) * cols]) for r in range(rows)))
