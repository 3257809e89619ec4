"""Component data with provenance: loading, validation, placeholders, user-supplied files.

Printed components (maps, cards, score sheets) live in a JSON data file inside each game package,
never in rules code. A data file looks like::

    {
      "game": "demo",
      "data_version": "1",
      "sources": {"seed": "the rulebook text", "review": "a named public review"},
      "tables": {
        "cells": [
          {"id": "c0", "q": 0, "r": 0, "points": 3,
           "provenance": {"status": "rulebook", "source": "seed"}},
          {"id": "c1", "q": 1, "r": 0, "points": 1,
           "provenance": {"status": "placeholder", "note": "printed value unknown"}}
        ]
      }
    }

Every record has an ``id`` unique in its table and a ``provenance`` whose ``status`` is
``rulebook`` (stated in the rulebook), ``sourced`` (a public secondary source, named in
``sources``) or ``placeholder`` (made up so the game can be played; say why in ``note``).
A :class:`Schema` names each table's fields and the confirmed facts the data must satisfy;
:func:`load_data` rejects a broken file with a :class:`~explorer.DataError` naming the record.

>>> from explorer import demo
>>> data = demo.load_data()
>>> data.version.startswith("demo-1+")
True
>>> [r.id for r in data.placeholders()][:2]
['hm2_2', 'hm1_2']
>>> data.record("cells", "h0_0")["points"]
1
"""

from __future__ import annotations

import hashlib
import html
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from ._errors import DataError, OptionError, cut, shorten
from ._files import parse_json, read_text

__all__ = ["Field", "Fact", "Schema", "Provenance", "DataRecord", "DataSet", "load_data",
           "resolve_data", "constants_fact", "STATUSES"]

STATUSES = ("rulebook", "sourced", "placeholder")
_TYPES = {int: "an integer", str: "a string", bool: "true or false", list: "a list", dict: "an object"}


@dataclass(frozen=True)
class Field:
    """The type and limits of one field of a table's records."""

    type: type
    min: int | None = None
    max: int | None = None
    choices: tuple | None = None
    optional: bool = False
    items: type | None = None  # element type of a list field

    def problem(self, value: Any) -> str | None:
        if self.type is int and isinstance(value, bool) or not isinstance(value, self.type):
            return f"should be {_TYPES.get(self.type, self.type.__name__)}, not {shorten(value, 60)}"
        if self.items is not None:
            for v in value:
                if not isinstance(v, self.items) or (self.items is int and isinstance(v, bool)):
                    return f"should hold only {_TYPES.get(self.items)} items, not {shorten(v, 60)}"
        if self.choices is not None and value not in self.choices:
            return (f"should be one of {shorten(', '.join(map(repr, self.choices)), 200)}, not "
                    f"{shorten(value, 60)}")
        size = len(value) if isinstance(value, (list, str)) and self.type is not str else value
        if self.min is not None and isinstance(size, int) and size < self.min:
            return f"should be at least {self.min}, not {shorten(value, 60)}"
        if self.max is not None and isinstance(size, int) and size > self.max:
            return f"should be at most {self.max}, not {shorten(value, 60)}"
        return None


@dataclass(frozen=True)
class Fact:
    """A confirmed fact the data must satisfy; ``check`` yields one message per breach."""

    name: str
    check: Callable[["DataSet"], Iterable[str]]


@dataclass(frozen=True)
class Schema:
    """What a game's data file must hold: tables with typed fields, and facts across records."""

    game: str
    filename: str
    tables: Mapping[str, Mapping[str, Field]]
    facts: tuple[Fact, ...] = ()

    def __post_init__(self) -> None:
        _SCHEMAS[(self.game, self.filename)] = self


_SCHEMAS: dict[tuple[str, str], Schema] = {}
"""Every schema by (game, file name), so shipped data can be pickled by reference."""


@dataclass(frozen=True)
class Provenance:
    status: str
    source: str = ""
    note: str = ""


@dataclass(frozen=True)
class DataRecord:
    """One record of a data table; index it like a dict."""

    table: str
    id: str
    values: Mapping[str, Any]
    provenance: Provenance

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def __deepcopy__(self, memo: dict) -> DataRecord:
        return self  # immutable

    def __reduce__(self):
        return (DataRecord, (self.table, self.id, _Frozen(self.values), self.provenance))

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    @property
    def is_placeholder(self) -> bool:
        return self.provenance.status == "placeholder"


@dataclass(frozen=True)
class DataSet:
    """A validated data file: tables of records, their sources, and its version."""

    game: str
    declared_version: str
    digest: str
    origin: str
    sources: Mapping[str, str]
    tables: Mapping[str, tuple[DataRecord, ...]]
    shipped: bool = True
    filename: str = "data.json"
    _index: dict = field(default_factory=dict, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> DataSet:
        return self  # immutable

    def __reduce__(self):
        if self.shipped:          # by reference: loaded again (and its digest checked) on arrival
            return (_shipped, (self.game, self.filename, self.digest))
        tables = {k: tuple(v) for k, v in self.tables.items()}
        return (DataSet, (self.game, self.declared_version, self.digest, self.origin,
                          _Frozen(self.sources), _Frozen(tables), self.shipped, self.filename))

    @property
    def version(self) -> str:
        """Declared version plus a content digest, so edited data never passes as the original."""
        return f"{self.game}-{self.declared_version}+{self.digest[:10]}"

    def table(self, name: str) -> tuple[DataRecord, ...]:
        try:
            return self.tables[name]
        except KeyError:
            raise DataError(f"{self.origin}: no table {name!r}") from None

    def record(self, table: str, record_id: str) -> DataRecord:
        if not self._index:
            for t, recs in self.tables.items():
                for r in recs:
                    self._index[(t, r.id)] = r
        try:
            return self._index[(table, record_id)]
        except KeyError:
            raise DataError(f"{self.origin}: no record {record_id!r} in table {table!r}") from None

    def placeholders(self) -> list[DataRecord]:
        """Every record whose values were made up so the game can be played."""
        return [r for recs in self.tables.values() for r in recs if r.is_placeholder]

    @property
    def has_placeholders(self) -> bool:
        return bool(self.placeholders())

    def summary(self) -> dict[str, dict[str, int]]:
        """Per table, how many records have each provenance status."""
        out: dict[str, dict[str, int]] = {}
        for name, recs in self.tables.items():
            counts = {s: 0 for s in STATUSES}
            for r in recs:
                counts[r.provenance.status] += 1
            out[name] = counts
        return out

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(t)}</td>" + "".join(f"<td>{c[s]}</td>" for s in STATUSES)
                       + "</tr>" for t, c in self.summary().items())
        return (f'<table class="explorer-data" data-placeholders="{len(self.placeholders())}">'
                f"<caption>{html.escape(self.version)} ({'shipped' if self.shipped else html.escape(self.origin)})"
                f"</caption><tr><th>table</th>" + "".join(f"<th>{s}</th>" for s in STATUSES)
                + f"</tr>{rows}</table>")


class _Frozen(dict):
    """Pickles as a dict and comes back read-only."""

    def __reduce__(self):
        return (_frozen, (dict(self),))


def _frozen(d: dict) -> Mapping:
    return MappingProxyType(d)


def _shipped(game: str, filename: str, digest: str) -> DataSet:
    """The shipped data a pickled state refers to (its digest must still match)."""
    from ._registry import GAMES
    import importlib
    if game in GAMES:
        importlib.import_module(GAMES[game])        # defines the game's schemas
    schema = _SCHEMAS.get((game, filename))
    if schema is None:
        raise DataError(f"no shipped data {filename} for game {game!r}")
    ds = load_data(schema)
    if ds.digest != digest:
        raise DataError(f"{game} {filename}: the shipped data changed since this state was "
                        f"pickled ({digest[:10]} then, {ds.digest[:10]} now)")
    return ds


def _fail(origin: str, where: str, what: str) -> DataError:
    return DataError(f"{origin}: {where}: {what}")


def parse_data(raw: Any, schema: Schema, origin: str, digest: str, shipped: bool) -> DataSet:
    """Validate parsed JSON against ``schema``; raises :class:`DataError` naming the record."""
    if not isinstance(raw, dict):
        raise DataError(f"{origin}: a data file is a JSON object, not {type(raw).__name__}")
    for key in _TOP_KEYS:
        if key not in raw:
            raise DataError(f"{origin}: missing top-level key {key!r}")
    unknown = sorted(map(str, set(raw) - set(_TOP_KEYS)))
    if unknown:
        raise DataError(f"{origin}: unknown top-level key(s) {shorten(', '.join(unknown), 120)}; a "
                        f"data file has only {', '.join(_TOP_KEYS)}")
    if raw["game"] != schema.game:
        raise DataError(f"{origin}: this data file is for {shorten(raw['game'], 60)}, not "
                        f"{schema.game!r}")
    version = raw["data_version"]
    if type(version) not in (str, int) or str(version).strip() == "" or len(str(version)) > 40:
        raise DataError(f"{origin}: 'data_version' should be a short text such as \"1\", not "
                        f"{shorten(version, 60)}")
    sources = raw["sources"]
    if not isinstance(sources, dict) or not all(isinstance(v, str) and v for v in sources.values()):
        raise DataError(f"{origin}: 'sources' must map names to non-empty descriptions")
    tables_raw = raw["tables"]
    if not isinstance(tables_raw, dict):
        raise DataError(f"{origin}: 'tables' must be an object of tables")
    missing = [t for t in schema.tables if t not in tables_raw]
    if missing:
        raise DataError(f"{origin}: missing table(s) {', '.join(missing)}")
    extra = [str(t) for t in tables_raw if t not in schema.tables]
    if extra:
        raise DataError(f"{origin}: unknown table(s) {shorten(', '.join(extra), 120)}")

    tables: dict[str, tuple[DataRecord, ...]] = {}
    for tname, fields in schema.tables.items():
        rows = tables_raw[tname]
        if not isinstance(rows, list):
            raise _fail(origin, f"table {tname!r}", "should be a list of records")
        seen: set[str] = set()
        recs = []
        for i, row in enumerate(rows):
            where = f"{tname}[{i}]"
            if not isinstance(row, dict):
                raise _fail(origin, where, "a record is an object")
            rid = row.get("id")
            if not isinstance(rid, str) or not rid or len(rid) > 80:
                raise _fail(origin, where, "has no short text 'id'")
            where = f"{tname}/{rid}"
            if rid in seen:
                raise _fail(origin, where, "duplicate id")
            seen.add(rid)
            prov = _provenance(row.get("provenance"), sources, origin, where)
            values: dict[str, Any] = {}
            for fname, spec in fields.items():
                if fname not in row:
                    if spec.optional:
                        continue
                    raise _fail(origin, where, f"missing field {fname!r}")
                problem = spec.problem(row[fname])
                if problem:
                    raise _fail(origin, where, f"field {fname!r} {problem}")
                values[fname] = row[fname]
            unknown = sorted(map(str, set(row) - set(fields) - {"id", "provenance"}))
            if unknown:
                raise _fail(origin, where, f"unknown field(s) {shorten(', '.join(unknown), 120)}")
            recs.append(DataRecord(tname, rid, MappingProxyType(values), prov))
        tables[tname] = tuple(recs)

    ds = DataSet(schema.game, str(raw["data_version"]), digest, origin,
                 MappingProxyType(dict(sources)), MappingProxyType(tables), shipped, schema.filename)
    for fact in schema.facts:
        try:
            problems = list(fact.check(ds))
        except DataError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, AttributeError) as e:
            raise DataError(f"{origin}: cannot check '{fact.name}' ({type(e).__name__}: "
                            f"{shorten(str(e), 120)})") from None
        if problems:
            raise DataError(f"{origin}: breaks '{fact.name}': " + "; ".join(problems[:10])
                            + (f"; and {len(problems) - 10} more" if len(problems) > 10 else ""))
    return ds


_TOP_KEYS = ("game", "data_version", "sources", "tables")


def constants_fact(expected: Mapping[str, Any], table: str = "constants",
                   source: str = "the rulebook") -> Fact:
    """A fact: the ``table`` of named values holds exactly ``expected`` (numbers the rules state),
    each record's ``value`` field equal to the one ``source`` gives."""
    def check(ds: DataSet) -> Iterable[str]:
        have = {r.id: r["value"] for r in ds.table(table)}
        for name, value in expected.items():
            if name not in have:
                yield f"{table}/{name}: missing ({source} gives {value})"
            elif have[name] != value:
                yield f"{table}/{name}: {source} gives {value}, not {shorten(have[name], 40)}"
        for name in sorted(set(have) - set(expected)):
            yield f"{table}/{name}: not a known constant"
    return Fact(f"{table}: the numbers {source} states", check)


def _provenance(raw: Any, sources: Mapping[str, str], origin: str, where: str) -> Provenance:
    if not isinstance(raw, dict):
        raise _fail(origin, where, "has no 'provenance' object")
    status = raw.get("status")
    if not isinstance(status, str) or status not in STATUSES:
        raise _fail(origin, where, f"provenance status must be one of {', '.join(STATUSES)}, not "
                    f"{shorten(status, 60)}")
    source, note = raw.get("source", ""), raw.get("note", "")
    if not isinstance(source, str) or not isinstance(note, str):
        raise _fail(origin, where, "provenance source and note are texts")
    if status != "placeholder":
        if source not in sources:
            raise _fail(origin, where, f"provenance source {shorten(source, 60)} is not listed in "
                        "'sources'")
    elif not note:
        raise _fail(origin, where, "a placeholder needs a 'note' saying why it was made up")
    unknown = sorted(set(raw) - {"status", "source", "note"})
    if unknown:
        raise _fail(origin, where, f"unknown provenance field(s) {shorten(', '.join(map(str, unknown)), 120)}")
    return Provenance(status, source, note)


def load_data(schema: Schema, path: str | Path | None = None) -> DataSet:
    """Load and validate a game's data: the shipped file, or a user's file given by ``path``."""
    if path is None:
        return _load_shipped(schema.game, schema.filename)
    text = read_text(path, "data", DataError)
    return _parse_text(text, schema, cut(str(path)), shipped=False)


def resolve_data(schema: Schema, data: Any, title: str = "") -> DataSet:
    """``new_game``'s ``data=``: None (the shipped file), a path, or an already loaded data set."""
    if isinstance(data, DataSet):
        if data.game != schema.game or data.filename != schema.filename:
            raise OptionError(f"data= is the {data.filename} of {data.game!r}, not a "
                              f"{schema.filename} for {title or schema.game}")
        return data
    if data is None or isinstance(data, (str, Path)):
        return load_data(schema, data)
    raise OptionError(f"data= names a data file (a path) or is a loaded data set, not "
                      f"{shorten(data, 60)}")


@lru_cache(maxsize=None)
def _load_shipped(game: str, filename: str) -> DataSet:
    schema = _SCHEMAS[(game, filename)]
    text = resources.files(f"explorer.{game}").joinpath(filename).read_text("utf-8")
    return _parse_text(text, schema, f"{game} {filename}", shipped=True)


def _parse_text(text: str, schema: Schema, origin: str, shipped: bool) -> DataSet:
    raw = parse_json(text, origin, DataError)
    try:
        digest = hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()
    except (TypeError, ValueError, RecursionError):
        raise DataError(f"{origin}: not a data file (its JSON cannot be read back)") from None
    return parse_data(raw, schema, origin, digest, shipped)
