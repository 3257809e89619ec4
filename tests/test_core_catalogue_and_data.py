"""Rule catalogues and component data files: formats, lookups, validation errors."""

import json
from importlib import resources

import pytest

import explorer
from explorer import DataError, RuleCatalogueError, demo, rules
from explorer._rules import marked_rules, parse_catalogue


# ---- rule catalogues -------------------------------------------------------------------------
@pytest.mark.parametrize("game", rules.catalogues())
def test_every_catalogue_loads_with_spanish_and_english(game):
    book = rules.catalogue(game)
    assert book.game == game and len(book) > 0
    for r in book:
        assert r.id.startswith(game + ".") and r.en.strip()
        if r.kind == "rule":                            # a rulebook sentence is quoted
            assert r.es.strip()
        if r.kind == "assumption":                      # ... or a reconstructed rule's sources
            assert r.es.strip() or (r.cites.strip() and book[r.interprets].kind == "reconstructed")
        if r.kind == "assumption":
            assert r.reading.strip() and r.reading not in r.en
        if r.kind == "reconstructed":
            assert r.cites.strip() and not r.es
        assert book[r.id] is r and rules.rule(r.id) is r
    assert book.sections()


def test_unknown_rule_ids_are_errors_with_hints():
    with pytest.raises(RuleCatalogueError, match="no rule"):
        rules.rule("demo.claim.freee")
    with pytest.raises(RuleCatalogueError, match="No rule catalogue"):
        rules.rule("chess.move.knight")


@pytest.mark.parametrize("mutate, text", [
    (lambda d: d.pop("rules"), "missing key 'rules'"),
    (lambda d: d["rules"][0].pop("es"), "es"),
    (lambda d: d["rules"][0].update(id="Demo.X"), "id must look like"),
    (lambda d: d["rules"][1].update(id=d["rules"][0]["id"]), "duplicate id"),
    (lambda d: d["rules"][0].update(extra="x"), "unknown field"),
    (lambda d: d.update(rules=[]), "non-empty"),
    (lambda d: d["rules"][0].update(kind="guess"), "kind must be one of"),
    (lambda d: d["rules"][0].update(kind="assumption"), "needs reading"),
    (lambda d: d["rules"][0].update(reading="my reading"), "only an assumption has a reading"),
    (lambda d: d["rules"][0].update(kind="reconstructed"), "needs cites"),
    (lambda d: d["rules"][0].update(kind="assumption", reading="x", interprets="demo.nope"),
     "not in the catalogue"),
    (lambda d: d["rules"][0].update(note=3), "must be text"),
])
def test_malformed_catalogues_name_the_rule(mutate, text):
    data = json.loads(resources.files("explorer.demo").joinpath("rules.json").read_text())
    mutate(data)
    with pytest.raises(RuleCatalogueError, match=text):
        parse_catalogue(data, "test")


def test_rules_named_by_code_exist():
    # every IllegalAction raised by the demo names a catalogued rule (checked by construction here)
    s = demo.new_game(players=2, seed=1).apply(demo.claim(0, 0))
    for action in [demo.claim(0, 0), demo.claim(9, 9), explorer.Action("x")]:
        err = s.why_illegal(action)
        assert rules.rule(err.rule).id == err.rule


def test_tested_rules_are_found_from_markers(tmp_path):
    (tmp_path / "test_x.py").write_text(
        "import pytest\n@pytest.mark.rules('demo.claim.free', 'demo.end.full')\ndef test_a():\n    pass\n")
    found = marked_rules(tmp_path)
    assert found == {"demo.claim.free": ["test_x.py::test_a"], "demo.end.full": ["test_x.py::test_a"]}
    book = rules.catalogue("demo")
    assert set(book.tested(tmp_path)) == {"demo.claim.free", "demo.end.full"}
    assert "demo.setup.board" in book.untested(tmp_path)


def test_every_demo_rule_has_a_test():
    assert rules.catalogue("demo").untested() == []


# ---- data files ------------------------------------------------------------------------------
def shipped():
    return json.loads(resources.files("explorer.demo").joinpath("data.json").read_text())


def test_shipped_data_lists_its_placeholders():
    data = demo.load_data()
    ph = data.placeholders()
    assert ph and all(r.provenance.note for r in ph)
    assert data.summary()["cells"] == {"rulebook": 7, "sourced": 0, "placeholder": 12}
    assert 'data-placeholders="12"' in data._repr_html_()


@pytest.mark.parametrize("mutate, text", [
    (lambda d: d["tables"]["cells"][3].update(points="2"), r"cells/h1_0: field 'points' should be an integer"),
    (lambda d: d["tables"]["cells"][3].update(points=9), r"cells/h1_0: field 'points' should be at most 5"),
    (lambda d: d["tables"]["cells"][3].pop("q"), r"cells/h1_0: missing field 'q'"),
    (lambda d: d["tables"]["cells"][3].update(colour="red"), r"cells/h1_0: unknown field"),
    (lambda d: d["tables"]["cells"][4].update(id="h1_0"), r"cells/h1_0: duplicate id"),
    (lambda d: d["tables"]["cells"][3].update(provenance={"status": "guess"}), r"cells/h1_0: provenance status"),
    (lambda d: d["tables"]["cells"][3].update(provenance={"status": "sourced", "source": "bgg"}),
     r"cells/h1_0: provenance source 'bgg' is not listed"),
    (lambda d: d["tables"]["cells"][9].update(provenance={"status": "placeholder"}), r"needs a 'note'"),
    (lambda d: d["tables"]["cells"].pop(), r"breaks 'demo.setup.board'"),
    (lambda d: d["tables"]["cells"][5].update(q=2, r=2), r"breaks 'demo.setup.board'"),
    (lambda d: d.update(game="corinth"), r"is for 'corinth'"),
    (lambda d: d.pop("sources"), r"missing top-level key 'sources'"),
    (lambda d: d["tables"].update(extra=[]), r"unknown table"),
])
def test_broken_data_files_are_rejected_naming_the_record(tmp_path, mutate, text):
    raw = shipped()
    mutate(raw)
    path = tmp_path / "data.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match=text):
        demo.load_data(path)
    with pytest.raises(DataError):
        demo.new_game(players=2, data=path)


def test_unreadable_and_invalid_json_files(tmp_path):
    with pytest.raises(DataError, match="no such data file"):
        demo.load_data(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "demo",\n "tables": [}')
    with pytest.raises(DataError, match="line 2"):
        demo.load_data(bad)


def test_user_data_replaces_shipped_data_and_changes_the_version(tmp_path):
    raw = shipped()
    raw["tables"]["cells"][0]["points"] = 5
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    mine = demo.load_data(path)
    assert not mine.shipped and mine.version != demo.load_data().version
    s = demo.new_game(players=2, seed=1, data=mine)
    assert s.points[0] == 5 and s.info.data_version == mine.version
