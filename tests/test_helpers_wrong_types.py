"""Every public helper of Corinth, Gonzaga and The Hanging Gardens checks its arguments: called
with a value of the wrong type (None, text, a float, a list, a dict, an object) in any one
argument, it answers with an :class:`~explorer.ExplorerError` in words, never a raw Python
exception. The functions are found by introspection (each module's ``__all__``), so a new helper
is checked without being listed here."""

from __future__ import annotations

import importlib
import inspect
import random

import pytest

from explorer import ExplorerError
from explorer._checks import is_function

MODULES = {
    "corinth": ["", "bots", "harbor", "market", "odds", "plots"],
    "gonzaga": ["", "analysis", "bots", "graph", "plots", "scoring"],
    "hanging_gardens": ["", "garden", "scoring", "plots", "bots", "examples"],
}

BAD = [None, "x", 2.5, [0], {"a": 1}, object()]


class _Odd:
    def __repr__(self):
        return "<an odd value>"


BAD[-1] = _Odd()


def _functions():
    out = []
    for game, subs in MODULES.items():
        for sub in subs:
            name = f"explorer.{game}" + (f".{sub}" if sub else "")
            mod = importlib.import_module(name)
            for fname in getattr(mod, "__all__", ()):
                fn = getattr(mod, fname)
                if not is_function(fn):               # functions, cached ones included
                    continue
                out.append((game, f"{name}.{fname}", fn))
    return out


FUNCTIONS = _functions()


_STATES = {}


def state_of(game):
    """A position part-way through a seeded game, with a decision to make."""
    if game not in _STATES:
        mod = importlib.import_module(f"explorer.{game}")
        s = mod.new_game(players=2, seed=3)
        rng = random.Random(3)
        for _ in range(12):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        _STATES[game] = s
    return _STATES[game]


def good(game, param):
    """A value of the right type for a parameter, by its name, or ``inspect.Parameter.empty``."""
    name = param.name
    if name in ("state", "s", "end"):
        return state_of(game)
    if name in ("player", "p"):
        return 0
    if name == "rng":
        return random.Random(0)
    if name == "games":
        return 1
    if name == "players":
        return 2
    if name == "seed":
        return 0
    return param.default


def calls(game, fn):
    """(keyword arguments) for each call: one argument wrong at a time, the others right."""
    sig = inspect.signature(fn)
    params = [p for p in sig.parameters.values()
              if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY, p.POSITIONAL_ONLY)]
    out = []
    for target in params:
        for bad in BAD:
            args, kwargs = [], {}
            for p in params:
                v = bad if p is target else good(game, p)
                if v is inspect.Parameter.empty:
                    v = bad                         # no known right value: wrong as well
                if p.kind == p.POSITIONAL_ONLY:
                    args.append(v)
                else:
                    kwargs[p.name] = v
            out.append((target.name, bad, args, kwargs))
    if not params:
        var = [p for p in sig.parameters.values() if p.kind == p.VAR_POSITIONAL]
        if var:
            out += [(var[0].name, bad, [bad], {}) for bad in BAD]
    return out


def test_the_helpers_are_found():
    names = {n for _, n, _ in FUNCTIONS}
    assert {"explorer.gonzaga.analysis.placements", "explorer.hanging_gardens.garden.groups",
            "explorer.corinth.roll", "explorer.corinth.odds.yellow_advice"} <= names
    assert len(FUNCTIONS) > 100


@pytest.mark.parametrize("game, name, fn", FUNCTIONS, ids=[n for _, n, _ in FUNCTIONS])
def test_a_wrong_type_is_an_explorer_error(game, name, fn):
    raw = []
    for target, bad, args, kwargs in calls(game, fn):
        try:
            fn(*args, **kwargs)
        except ExplorerError as e:
            assert str(e).strip(), f"{name}({target}={bad!r}): an empty message"
        except Exception as e:  # noqa: BLE001 - the point of the test
            raw.append(f"{target}={bad!r}: {type(e).__name__}: {str(e)[:120]}")
    assert not raw, f"{name} raised raw exceptions:\n" + "\n".join(raw)
