"""Every refusal cites a rule about the thing refused: for each game a table, code -> the rule(s)
a refusal with that code may cite (``tests/refusal_rules/<game>.json``), checked three ways:

- every rule in a table exists in the catalogues;
- every refusal code written in a game's source is in its table, with the rules written there;
- fuzzed refusals (random positions of seeded games, candidate actions taken from other
  positions and with changed arguments) carry only (code, rule) pairs of the table: an unknown
  code, or a known code citing another rule, fails the test and is named.

A new refusal, or one that now cites another rule, updates the table in the same change: the
reviewer then sees the code next to the rule it cites."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from explorer import rules

from refusal_fuzz import GAMES, refusals, source_codes

TABLES = Path(__file__).parent / "refusal_rules"


def table(game):
    data = json.loads((TABLES / f"{game}.json").read_text(encoding="utf-8"))
    assert data["game"] == game
    return {code: set(ids) for code, ids in data["codes"].items()}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_table_exists(game):
    t = table(game)
    assert t, game
    for code, ids in t.items():
        assert ids, f"{game}: code {code!r} lists no rule"
        for rid in ids:
            rules.rule(rid)                        # raises RuleCatalogueError if unknown
            assert rid.split(".")[0] in (game, "engine"), f"{game}: {code} cites {rid}"


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_code_of_the_source_is_in_the_table(game):
    t = table(game)
    problems = []
    for code, ids in sorted(source_codes(game).items()):
        if code not in t:
            problems.append(f"code {code!r} (citing {sorted(ids)}) is not in the table")
        elif ids - t[code]:
            problems.append(f"code {code!r} may cite {sorted(ids - t[code])}, not in the table")
    assert not problems, f"{game}:\n" + "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_refusals_cite_the_rules_of_the_table(game):
    t = table(game)
    seen = refusals(game, checks=9000, seed=0)
    assert len(seen) >= 15, f"{game}: only {len(seen)} kinds of refusal met"
    problems = []
    for (code, rid), message in sorted(seen.items()):
        if code not in t:
            problems.append(f"unknown code {code!r} (citing {rid}): {message}")
        elif rid not in t[code]:
            problems.append(f"code {code!r} cites {rid}, not one of {sorted(t[code])}: {message}")
    assert not problems, f"{game}:\n" + "\n".join(problems)


def test_a_wrong_citation_is_caught():
    """The check itself: the Gonzaga refusal of a fief once a wedding began cited an assumption
    about the church; the table names the wedding's own rule."""
    t = table("gonzaga")
    assert t["wedding-started"] >= {"gonzaga.wedding.one-or-two"}
    assert "gonzaga.assume.church-wedding" not in t["wedding-started"]
