"""Gonzaga's component data: the two shipped layers, their provenance, the generator, the
validators' refusal of broken files (naming the record and the invariant), and games played on
a user's own files."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from explorer import DataError, OptionError, RecordError
from explorer import gonzaga as gz
from explorer._errors import MESSAGE_LIMIT

ROOT = Path(__file__).resolve().parents[1]
DATA = json.loads(resources.files("explorer.gonzaga").joinpath("data.json").read_text())
MAP = json.loads(resources.files("explorer.gonzaga").joinpath("map.json").read_text())


def write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_the_shipped_layers_load_and_list_their_placeholders():
    pair = gz.load()
    assert pair.data.filename == "data.json" and pair.map.filename == "map.json"
    assert pair.shipped and pair.version.startswith("gonzaga-1+") and " map gonzaga-1+" in pair.version
    tables = {r.table for r in gz.placeholders()}
    assert {"hexes", "barriers", "sea_routes", "fiefs", "scenarios", "objective_points"} <= tables
    assert not pair.data.record("regions", "germania").is_placeholder       # printed in the rulebook
    assert pair.data.record("seas", "SEA1")["name"] == "Mare Germanicum"
    for r in gz.placeholders():
        assert r.provenance.note
    assert gz.soft_warnings(pair) == []
    summary = pair.summary()
    assert "map.hexes" in summary and summary["map.hexes"]["placeholder"] == len(MAP["tables"]["hexes"])


def test_the_record_carries_both_layers_versions():
    s = gz.new_game(players=2, seed=1)
    r = s.record()
    assert r["data_version"] == gz.load().version
    assert gz.load().data.version in r["data_version"] and gz.load().map.version in r["data_version"]
    bad = dict(r, data_version=gz.load().data.version)
    with pytest.raises(RecordError, match="data"):
        gz.replay(bad)


def test_the_generator_rewrites_both_files_byte_for_byte():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_gonzaga_data.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _set(table, index, field, value):
    def change(doc):
        doc["tables"][table][index][field] = value
    return change


def _hex_index(feature=None, terrain=None):
    for i, h in enumerate(MAP["tables"]["hexes"]):
        if (feature is None or h["feature"] == feature) and (terrain is None or h["terrain"] == terrain):
            return i
    raise AssertionError("no such hex")


def _swap_mare_germanicum(doc):
    ports = doc["tables"]["ports"]
    mg = [i for i, p in enumerate(ports) if p["sea"] == "SEA1" and p["region"] == "germania"]
    other = next(i for i, p in enumerate(ports) if p["sea"] != "SEA1" and p["region"] != "germania")
    ports[mg[0]]["region"], ports[other]["region"] = ports[other]["region"], ports[mg[0]]["region"]


DATA_BREAKS = [
    (_set("cities", 0, "region", "francia"), "regions/"),
    (_set("cities", 0, "symbol", "S9"), "symbols/S1"),
    (_set("cities", 0, "region", "nowhere"), "cities/C01"),
    (_set("ports", 0, "sea", "SEA9"), "ports/P01"),
    (_swap_mare_germanicum, "Mare Germanicum"),
    (lambda d: d["tables"]["objectives"].pop(), "objectives"),
    (_set("scenarios", 0, "inactive", []), "scenarios/SC01"),
    (_set("fiefs", 2, "hexes", [[0, 0], [1, 0], [3, 0]]), "fiefs/F30"),
    (_set("fiefs", 2, "hexes", [[0, 0], [1, 0]]), "fiefs/F30"),
    (_set("fiefs", 2, "hexes", [[1, 0], [0, 0], [2, 0]]), "fiefs/F30"),
    (_set("fiefs", 3, "castles", [7]), "fiefs/F40"),
    (_set("fiefs", 3, "castles", []), "fiefs/F40"),
    (_set("fiefs", 4, "number", 45), "fiefs"),
    (_set("constants", 6, "value", 4), "constants/church_points"),
    (_set("objective_points", 6, "points", 2), "objective_points/cities_6"),
    (lambda d: d["tables"]["planning_cards"].pop(), "planning_cards"),
    (lambda d: [s.update(players=4) for s in d["tables"]["scenarios"]], "none is for 2 players"),
]


@pytest.mark.parametrize("change, needle", DATA_BREAKS)
def test_a_broken_data_file_is_refused_naming_the_record(tmp_path, change, needle):
    doc = copy.deepcopy(DATA)
    change(doc)
    path = write(tmp_path, "data.json", doc)
    with pytest.raises(DataError, match="breaks") as e:
        gz.load_data(path)
    assert needle in str(e.value) and len(str(e.value)) <= MESSAGE_LIMIT


def _break_map(doc, i, **fields):
    doc["tables"]["hexes"][i].update(fields)


MAP_BREAKS = [
    (lambda d: _break_map(d, _hex_index(terrain="sea"), region="hispania"), "hexes/"),
    (lambda d: _break_map(d, _hex_index(terrain="land"), sea="SEA1"), "a land hex belongs to no sea"),
    (lambda d: d["tables"]["barriers"][0].update(b=[40, 40]), "barriers/"),
    (lambda d: d["tables"]["hexes"].append(dict(d["tables"]["hexes"][0], id="copy")), "already used"),
    (lambda d: d["tables"]["sea_routes"][0].update(ports=["P01", "P01"]), "sea_routes/"),
]


@pytest.mark.parametrize("change, needle", MAP_BREAKS)
def test_a_broken_map_file_is_refused_naming_the_record(tmp_path, change, needle):
    doc = copy.deepcopy(MAP)
    change(doc)
    path = write(tmp_path, "map.json", doc)
    with pytest.raises(DataError, match="breaks") as e:
        gz.load_map(path)
    assert needle in str(e.value)


LINKED_BREAKS = [
    (lambda d: _break_map(d, _hex_index(feature="P01"), feature=None), "ports/P01: not on the map"),
    (lambda d: _break_map(d, _hex_index(feature="P01"), feature="X99"), "neither a city nor a port"),
    (lambda d: _break_map(d, _hex_index(terrain="sea"), sea="SEA9"), "is not in data.json"),
    (lambda d: d["tables"]["sea_routes"].pop(0), "is not linked"),
]


@pytest.mark.parametrize("change, needle", LINKED_BREAKS)
def test_a_map_that_disagrees_with_the_data_is_refused(tmp_path, change, needle):
    doc = copy.deepcopy(MAP)
    change(doc)
    path = write(tmp_path, "map.json", doc)
    gz.load_map(path)                                      # on its own it is a valid map
    with pytest.raises(DataError, match="breaks") as e:
        gz.load(map=path)
    assert needle in str(e.value)
    with pytest.raises(DataError):
        gz.new_game(players=2, map=path)


def test_a_map_where_a_fief_fits_nowhere_under_some_plan_is_refused(tmp_path):
    """Britannia's land reduced to its cities and ports: many fiefs cannot follow action A there
    any more (a castle needs land), so the validator refuses the map before a game can stall."""
    doc = copy.deepcopy(MAP)
    for h in doc["tables"]["hexes"]:
        if h["region"] == "britannia" and h["feature"] is None:
            h.update(terrain="sea", region=None, sea="SEA1")
    path = write(tmp_path, "map.json", doc)
    with pytest.raises(DataError) as e:
        gz.load(map=path)
    msg = str(e.value)
    assert "every fief can be placed on the empty map under every plan" in msg
    assert "region card Britannia" in msg and "fiefs/F" in msg and len(msg) <= MESSAGE_LIMIT


def test_a_users_own_files_play_and_replay(tmp_path):
    doc = copy.deepcopy(DATA)
    for r in doc["tables"]["objective_points"]:
        r["points"] = 2 * r["cities"]
    data_path = write(tmp_path, "data.json", doc)
    map_path = write(tmp_path, "map.json", MAP)
    s = gz.new_game(players=2, seed=3, data=data_path, map=map_path)
    assert not s.info.data.shipped and s.book.objective_points == tuple(2 * k for k in range(7))
    end = gz.bots.random_playout(s, random.Random(1))
    with pytest.raises(RecordError, match="data"):
        gz.replay(end.record())                            # the shipped data is another version
    again = gz.replay(end.record(), data=s.info.data)
    assert again == end
    assert gz.replay(end.record(), data=gz.load(data_path, map_path)) == end
    like = s.new_like(seed=4)
    assert like.info.data == s.info.data and like.info.data_version == s.info.data_version


def test_bad_data_arguments_are_explained():
    for bad in (123, 1.5, ["data.json"]):
        with pytest.raises(OptionError, match="data="):
            gz.new_game(players=2, data=bad)
        with pytest.raises(OptionError, match="map="):
            gz.new_game(players=2, map=bad)
    with pytest.raises(OptionError, match="map.json"):
        gz.new_game(players=2, map=gz.load_data())
    with pytest.raises(OptionError, match="data.json"):
        gz.new_game(players=2, data=gz.load().map)
    from explorer import corinth
    with pytest.raises(OptionError):
        gz.new_game(players=2, data=corinth.load_data())
    with pytest.raises(DataError, match="no such"):
        gz.load_data("/nonexistent/data.json")
