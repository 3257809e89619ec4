"""The Hanging Gardens' component data: the shipped file, its provenance, the generator, and the
loader's refusal of files that break a confirmed fact."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from explorer import DataError, OptionError
from explorer import hanging_gardens as hg
from explorer.hanging_gardens._book import MOTIFS, SCHEMA

ROOT = Path(__file__).resolve().parents[1]
RAW = json.loads(resources.files("explorer.hanging_gardens").joinpath("data.json").read_text())


def find(raw, table, rid):
    return next(r for r in raw["tables"][table] if r["id"] == rid)


def test_the_shipped_data_loads_and_lists_its_placeholders():
    data = hg.load_data()
    assert data.version.startswith("hanging_gardens-1+")
    tables = {r.table for r in data.placeholders()}
    assert {"cards", "temples"} <= tables
    assert all(r.is_placeholder for r in data.table("cards"))            # the deck is made up
    assert not data.record("tiles", "garden").is_placeholder              # the garden is printed
    assert {r.id for r in data.table("series_values") if r["tile"] == "gate"} == {
        "gate-1", "gate-2", "gate-4"}                                     # 3 gates: unknown
    for r in data.placeholders():
        assert r.provenance.note


def test_the_generator_rewrites_the_file_byte_for_byte():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_hanging_gardens_data.py"),
                          "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_building_cards_obey_the_confirmed_facts():
    data = hg.load_data()
    cards = data.table("cards")
    assert len(cards) == 60 and len(data.table("start_cards")) == 4
    for r in cards:
        assert len(r["sections"]) == 6 and 1 <= sum(s != "blank" for s in r["sections"]) <= 4
        assert set(r["sections"]) <= {"blank", *MOTIFS}
    book = hg.Book.of(data)
    for card in range(len(book.card_ids)):
        for turn in range(4):
            o = book.orient[card][turn]
            assert sorted(o.codes) == sorted(book.sections[card])          # a turn keeps them
            assert (o.rows, o.cols) == ((2, 3) if turn % 2 == 0 else (3, 2))


def breaks(tmp_path, edit, expect):
    raw = copy.deepcopy(RAW)
    edit(raw)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match=expect):
        hg.load_data(path)
    with pytest.raises(DataError):
        hg.new_game(players=2, data=path)


@pytest.mark.parametrize("edit, expect", [
    (lambda raw: find(raw, "cards", "b07")["sections"].pop(), "cards/b07"),
    (lambda raw: find(raw, "cards", "b12")["sections"].__setitem__(0, "pagoda"), "cards/b12"),
    (lambda raw: find(raw, "cards", "b03").__setitem__("sections", ["blank"] * 6), "cards/b03"),
    (lambda raw: find(raw, "start_cards", "s2")["sections"].__setitem__(4, "park"), "start_cards/s2"),
    (lambda raw: raw["tables"]["cards"].pop(), "60 building cards"),
    (lambda raw: find(raw, "tiles", "chalice").__setitem__("count", 7), "tiles/chalice"),
    (lambda raw: find(raw, "tiles", "garden")["series"].__setitem__(2, 18), "tiles/garden"),
    (lambda raw: find(raw, "tiles", "gate")["series"].__setitem__(1, 6), "tiles/gate"),
    (lambda raw: find(raw, "persons", "sculptor").__setitem__("tile", "king"), "persons/sculptor"),
    (lambda raw: find(raw, "persons", "gardener").__setitem__("complete", 12), "persons/gardener"),
    (lambda raw: find(raw, "persons", "priest").__setitem__("base", 4), "persons/priest"),
    (lambda raw: find(raw, "tiles", "queen")["series"].__setitem__(1, 14), "series_values/queen-2"),
    (lambda raw: find(raw, "tiles", "king").__setitem__(
        "provenance", {"status": "sourced", "source": "yucata"}), "tiles/king"),
    (lambda raw: find(raw, "player_counts", "3").__setitem__("cards_revealed", 4), "player_counts/3"),
    (lambda raw: find(raw, "tile_columns", "col2").__setitem__("min_group", 3), "tile_columns/col2"),
    (lambda raw: find(raw, "constants", "temples_per_player").__setitem__("value", 6),
     "constants/temples_per_player"),
    (lambda raw: find(raw, "cards", "b01").__setitem__("provenance", {"status": "placeholder"}),
     "cards/b01"),
    (lambda raw: find(raw, "tiles", "queen")["provenance"].__setitem__("source", "a blog"), "tiles/queen"),
    (lambda raw: find(raw, "temples", "seat2").__setitem__("colour", "white"), "temples"),
    (lambda raw: find(raw, "temples", "seat3").__setitem__("hex", "purple"), "temples/seat3"),
    (lambda raw: find(raw, "cards", "b05").__setitem__("id", "s1"), "share the id"),
])
def test_a_file_that_breaks_a_fact_is_refused_naming_the_record(tmp_path, edit, expect):
    breaks(tmp_path, edit, expect)


def test_a_users_own_data_file_replaces_the_shipped_one(tmp_path):
    raw = copy.deepcopy(RAW)
    find(raw, "cards", "b01")["sections"] = ["park", "park", "park", "blank", "blank", "blank"]
    find(raw, "temples", "seat1")["colour"] = "red"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    s = hg.new_game(players=2, seed=1, data=path)
    assert s.info.data_version != hg.new_game(players=2, seed=1).info.data_version
    assert s.player_label(0) == "Player 1 (red)"
    assert hg.replay(s.record(), data=path) == s
    with pytest.raises(OptionError, match="data="):
        hg.new_game(players=2, data=3)


def test_the_schema_is_the_one_loaded():
    assert SCHEMA.game == "hanging_gardens" and hg.load_data() is hg.load_data()
