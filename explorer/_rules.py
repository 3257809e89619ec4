"""Rule catalogues: every rule of a game with a stable id, the rulebook's Spanish text and English.

A catalogue is a JSON file ``explorer/<game>/rules.json``::

    {
      "game": "demo",
      "rules_version": "1",
      "source": "where the Spanish text comes from",
      "rules": [
        {"id": "demo.claim.free", "section": "Turn", "title": "Claim a free hex",
         "es": "Solo se puede reclamar un hexágono libre.",
         "en": "Only a free hex can be claimed."}
      ]
    }

Each rule has a ``kind`` (default ``"rule"``) that says where its text comes from:

``rule``
    A rule of the rulebook: ``es`` quotes the rulebook, ``en`` renders that sentence in English
    and says nothing the sentence does not say.
``assumption``
    The explorer's reading of a sentence that is ambiguous or silent on a case: ``es`` quotes
    the sentence, ``en`` renders it, and ``reading`` states the interpretation the engine
    follows (tests check the reading like any other rule). ``interprets`` may name the rule id
    whose sentence it reads. The reading of a reconstructed rule has no Spanish to quote: its
    ``en`` repeats the reconstructed rule and ``cites`` names the sources instead of ``es``.
``reconstructed``
    A rule the rulebook text at hand lacks (a lost part), rebuilt from public secondary sources:
    ``en`` states it, ``cites`` names the sources, and ``es`` is absent.
``engine``
    The explorer's own rule, not a rulebook's (actions are plain values, only the player to move
    acts, ...): ``en`` states it.

``note`` (any kind) adds how the explorer presents the rule (for example, that a step is done
automatically); it never changes what the rule says.

Ids are ``<game>.<area>.<name>``, lower case, and never change once published: code that enforces
a rule names its id, an :class:`~explorer.IllegalAction` carries it, and tests mark the rules they
check with ``@pytest.mark.rules("demo.claim.free")``.

>>> from explorer import rules
>>> book = rules.catalogue("demo")
>>> book["demo.claim.free"].en
'A hex that is already claimed cannot be claimed again.'
>>> rules.rule("demo.claim.free").game
'demo'
>>> "demo.claim.free" in book.tested()
True
"""

from __future__ import annotations

import ast
import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterator

from ._errors import RuleCatalogueError

__all__ = ["Rule", "RuleBook", "catalogue", "rule", "catalogues", "tests_dir"]

RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9_-]*)+$")
KINDS = ("rule", "assumption", "reconstructed", "engine")
_REQUIRED = ("id", "section", "title", "en")
_OPTIONAL = ("kind", "es", "reading", "interprets", "cites", "note")
_FIELDS = _REQUIRED + _OPTIONAL
_ID_LIMIT = 120


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: a stable id, where it sits in the rulebook, its Spanish text and English."""

    id: str
    section: str
    title: str
    es: str
    en: str
    kind: str = "rule"
    reading: str = ""
    interprets: str = ""
    cites: str = ""
    note: str = ""

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def is_assumption(self) -> bool:
        return self.kind == "assumption"

    @property
    def label(self) -> str:
        """What the text is, in words: a rulebook rule, the explorer's reading, ..."""
        return _LABELS[self.kind]

    def __str__(self) -> str:
        return f"{self.id} — {self.title}: {self.summary()}"

    def summary(self) -> str:
        """The rule in English, as the engine applies it (an assumption's reading included)."""
        if self.kind == "assumption":
            return f"{self.en} Explorer's reading: {self.reading}"
        return self.en

    def text(self) -> str:
        """Every part of the rule, labelled: how a refusal cites it."""
        lines = [f"{self.label} {self.id} ({self.title}): {self.en}"]
        if self.kind == "assumption":
            lines.append(f"Explorer's reading: {self.reading}")
        if self.es:
            lines.append(f"Reglamento: {self.es}")
        if self.cites:
            lines.append(f"Sources: {self.cites}")
        if self.note:
            lines.append(f"Note: {self.note}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        extra = "".join(f"<br>{e(k)}: {e(v)}" for k, v in (
            ("Explorer's reading", self.reading), ("Sources", self.cites), ("Note", self.note)) if v)
        es = f'<br><i lang="es">{e(self.es)}</i>' if self.es else ""
        return (f'<div class="explorer-rule" data-rule="{e(self.id)}" data-kind="{e(self.kind)}">'
                f'<b>{e(self.title)}</b> <code>{e(self.id)}</code> <small>{e(self.label)}</small>'
                f'{es}<br>{e(self.en)}{extra}</div>')


_LABELS = {"rule": "Rule", "assumption": "Assumption (the explorer's reading)",
           "reconstructed": "Rule rebuilt from secondary sources",
           "engine": "Explorer rule (not from the rulebook)"}


class RuleBook:
    """The rules of one game, in rulebook order; look rules up by id."""

    def __init__(self, game: str, rules_version: str, source: str, rules: tuple[Rule, ...]):
        self.game = game
        self.rules_version = rules_version
        self.source = source
        self.rules = rules
        self._by_id = {r.id: r for r in rules}

    def __getitem__(self, rule_id: str) -> Rule:
        if not isinstance(rule_id, str):
            raise RuleCatalogueError(f"A rule id is a string like '{self.game}.area.name', "
                                     f"not {_short(rule_id)}.")
        try:
            return self._by_id[rule_id]
        except KeyError:
            near = [r for r in self._by_id if r.split(".")[-1] in rule_id][:5]
            hint = f" Did you mean {', '.join(near)}?" if near else ""
            raise RuleCatalogueError(f"{self.game} has no rule {_short(rule_id)}.{hint}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def ids(self) -> list[str]:
        return [r.id for r in self.rules]

    def assumptions(self) -> list[Rule]:
        """The explorer's readings of ambiguous sentences, each with the sentence it reads."""
        return [r for r in self.rules if r.kind == "assumption"]

    def of_kind(self, kind: str) -> list[Rule]:
        return [r for r in self.rules if r.kind == kind]

    def sections(self) -> dict[str, list[Rule]]:
        out: dict[str, list[Rule]] = {}
        for r in self.rules:
            out.setdefault(r.section, []).append(r)
        return out

    def tested(self, tests: Path | None = None) -> dict[str, list[str]]:
        """Rule id -> the tests (``file::name``) that mark it with ``pytest.mark.rules``."""
        found = marked_rules(tests) if tests else rule_tests()
        return {rid: found[rid] for rid in self.ids() if rid in found}

    def untested(self, tests: Path | None = None) -> list[str]:
        done = self.tested(tests)
        return [rid for rid in self.ids() if rid not in done]

    def _repr_html_(self) -> str:
        e = html.escape
        rows = "".join(
            f'<tr data-kind="{e(r.kind)}"><td><code>{e(r.id)}</code></td><td>{e(r.title)}'
            f"<br><small>{e(r.label)}</small></td><td><i>{e(r.es)}</i></td><td>{e(r.summary())}</td></tr>"
            for r in self.rules)
        return (f'<details class="explorer-rulebook-box"><summary>All {len(self.rules)} rules of '
                f"{e(self.game)} ({len(self.assumptions())} assumptions)</summary>"
                f'<table class="explorer-rulebook" data-game="{e(self.game)}"><tr><th>id</th><th>rule</th>'
                f"<th>rulebook (es)</th><th>English</th></tr>{rows}</table></details>")


def parse_catalogue(data: object, origin: str) -> RuleBook:
    """Validate a catalogue's JSON and build a :class:`RuleBook`; errors name the rule."""
    if not isinstance(data, dict):
        raise RuleCatalogueError(f"{origin}: a rule catalogue is a JSON object, not {type(data).__name__}.")
    for key in ("game", "rules_version", "source", "rules"):
        if key not in data:
            raise RuleCatalogueError(f"{origin}: missing key {key!r}.")
    game = data["game"]
    if not isinstance(data["rules"], list) or not data["rules"]:
        raise RuleCatalogueError(f"{origin}: 'rules' must be a non-empty list.")
    rules: list[Rule] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["rules"]):
        where = f"{origin}: rule #{i}" + (f" ({raw.get('id')!r})" if isinstance(raw, dict) else "")
        if not isinstance(raw, dict):
            raise RuleCatalogueError(f"{where} is not an object.")
        missing = [f for f in _REQUIRED if not isinstance(raw.get(f), str) or not raw[f].strip()]
        if missing:
            raise RuleCatalogueError(f"{where}: missing or empty field(s) {', '.join(missing)}.")
        extra = sorted(set(raw) - set(_FIELDS))
        if extra:
            raise RuleCatalogueError(f"{where}: unknown field(s) {', '.join(extra)}.")
        wrong = [f for f in _OPTIONAL if f in raw and not isinstance(raw[f], str)]
        if wrong:
            raise RuleCatalogueError(f"{where}: field(s) {', '.join(wrong)} must be text.")
        kind = raw.get("kind", "rule")
        if kind not in KINDS:
            raise RuleCatalogueError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}.")
        needs = {"rule": ("es",), "assumption": ("es", "reading"), "reconstructed": ("cites",),
                 "engine": ()}[kind]
        if kind == "assumption" and not raw.get("es") and raw.get("cites"):
            needs = ("reading", "cites")     # the reading of a reconstructed rule: no Spanish
        absent = [f for f in needs if not raw.get(f, "").strip()]
        if absent:
            raise RuleCatalogueError(f"{where}: a rule of kind {kind!r} needs {', '.join(absent)}.")
        if kind != "assumption" and (raw.get("reading") or raw.get("interprets")):
            raise RuleCatalogueError(f"{where}: only an assumption has a reading; make it a rule "
                                     "of kind 'assumption' so the quoted rule keeps its own words.")
        rid = raw["id"]
        if not RULE_ID.match(rid) or not rid.startswith(game + "."):
            raise RuleCatalogueError(f"{where}: id must look like '{game}.area.name' (lower case).")
        if rid in seen:
            raise RuleCatalogueError(f"{where}: duplicate id {rid!r}.")
        seen.add(rid)
        rules.append(Rule(**{f: raw.get(f, "") for f in _FIELDS if f != "kind"}, kind=kind))
    for r in rules:
        if r.interprets and r.interprets not in seen:
            raise RuleCatalogueError(f"{origin}: rule {r.id!r} interprets {r.interprets!r}, "
                                     "which is not in the catalogue.")
    return RuleBook(game, str(data["rules_version"]), data["source"], tuple(rules))


def _catalogue_text(game: str) -> str:
    pkg = "explorer" if game == "engine" else f"explorer.{game}"
    name = "engine_rules.json" if game == "engine" else "rules.json"
    try:
        return resources.files(pkg).joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        raise RuleCatalogueError(f"No rule catalogue for game {game!r}.") from None


def catalogue(game: str) -> RuleBook:
    """The rule catalogue of ``game`` ("engine" holds the rules every game shares)."""
    from ._registry import GAMES
    if not isinstance(game, str) or (game != "engine" and game not in GAMES):
        raise RuleCatalogueError(f"No rule catalogue for game {_short(game)}; the catalogues are: "
                                 f"{', '.join(catalogues())}.")
    return _catalogue(game)


@lru_cache(maxsize=None)
def _catalogue(game: str) -> RuleBook:
    text = _catalogue_text(game)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RuleCatalogueError(f"{game} rules.json: not valid JSON ({e}).") from None
    book = parse_catalogue(data, f"{game} rules.json")
    if book.game != game:
        raise RuleCatalogueError(f"{game} rules.json says it is for {book.game!r}.")
    return book


def catalogues() -> list[str]:
    """Games that ship a rule catalogue."""
    from ._registry import GAMES
    return ["engine", *GAMES]


def rule(rule_id: str) -> Rule:
    """Look a rule up by id in any game's catalogue."""
    if not isinstance(rule_id, str) or "." not in rule_id:
        raise RuleCatalogueError(f"A rule id looks like 'game.area.name', not {_short(rule_id)}.")
    return catalogue(rule_id.split(".", 1)[0])[rule_id]


def _short(value: object, limit: int = _ID_LIMIT) -> str:
    """``repr(value)``, cut to a readable length (a huge value must not make a huge message)."""
    from ._errors import shorten
    return shorten(value, limit)


def tests_dir() -> Path:
    """The project's ``tests/`` folder (present in a source checkout)."""
    return Path(__file__).resolve().parent.parent / "tests"


RULE_TESTS = Path(__file__).resolve().parent / "rule_tests.json"
"""Which tests mark which rule, recorded where a copy of the explorer has no tests/ folder (the
offline site's wheel carries it)."""


def rule_tests() -> dict[str, list[str]]:
    """Rule id -> its tests: from the project's tests/ folder, or from :data:`RULE_TESTS` in a
    copy without that folder."""
    folder = tests_dir()
    if not folder.is_dir() and RULE_TESTS.is_file():
        return json.loads(RULE_TESTS.read_text(encoding="utf-8"))
    return marked_rules(folder)


def marked_rules(tests: Path) -> dict[str, list[str]]:
    """Scan test files for ``pytest.mark.rules("id", ...)`` and map each id to its tests."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                continue
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                        and deco.func.attr == "rules"):
                    for arg in deco.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.setdefault(arg.value, []).append(f"{path.name}::{node.name}")
    return found
