"""Argument checks for the public helpers of a game's modules.

Every public function (a module's ``__all__``) of a game's helper modules answers a value of the
wrong type with an :class:`~explorer.OptionError` that names the function, the argument and what
it should be, never with a raw Python exception from deep inside. Action constructors
(``take(district)``) are left alone: an action may hold any plain value, and the rules refuse a
malformed one in words (``UnknownAction``) when it is played. :func:`guard` wraps the
functions of a module once, when it is imported: each argument is checked by its annotation
(``int``, ``str | None``, ``Sequence[int]``, a game state, ...) or, where it has none, by its
name (``state``, ``player``, ``rng``, ...). Values of the right type are then checked by the
function itself (a player number in range, a district that exists).

>>> from explorer import corinth
>>> corinth.roll(5)
Traceback (most recent call last):
...
explorer._errors.OptionError: roll: white must be a list of whole numbers, not 5.
"""

from __future__ import annotations

import functools
import inspect
import random
from pathlib import Path
from typing import Any, Callable

from ._errors import OptionError, shorten

__all__ = ["guard", "raw", "is_function", "Check"]


class Check:
    """A test of one argument: ``ok(value)`` and the words for what it should be."""

    __slots__ = ("ok", "words")

    def __init__(self, ok: Callable[[Any], bool], words: str):
        self.ok = ok
        self.words = words

    def __or__(self, other: "Check") -> "Check":
        a, b = self.ok, other.ok
        return Check(lambda v: a(v) or b(v), f"{self.words} or {other.words}")


def _is_int(v: Any) -> bool:
    return type(v) is int


def _ints(v: Any) -> bool:
    return isinstance(v, (list, tuple, range)) and all(type(x) is int for x in v)


NONE = Check(lambda v: v is None, "None")
INT = Check(_is_int, "a whole number")
TEXT = Check(lambda v: isinstance(v, str), "a text")
BOOL = Check(lambda v: type(v) is bool, "True or False")
INTS = Check(_ints, "a list of whole numbers")
INT_RANGE = INTS
RNG = Check(lambda v: isinstance(v, random.Random), "a random.Random")
PATH = Check(lambda v: isinstance(v, (str, Path)), "a file path")
SEQUENCE = Check(lambda v: isinstance(v, (list, tuple)), "a list")
BOT = Check(callable, "a bot (a function of the state)")
BOTS = Check(lambda v: isinstance(v, (list, tuple)) and all(callable(b) for b in v),
             "a list of bots")
PAIRS = Check(lambda v: isinstance(v, (list, tuple)) and all(
    isinstance(x, (list, tuple)) and len(x) == 2 and all(type(y) is int for y in x) for x in v),
    "a list of (row, column) pairs")
GRAPH = Check(lambda v: type(v).__module__.startswith("networkx"), "a networkx graph")


def _dataset() -> Check:
    from ._data import DataSet
    return Check(lambda v: isinstance(v, DataSet), "a loaded data set")


def _action() -> Check:
    from ._action import Action
    return Check(lambda v: isinstance(v, Action), "an action")


def _state(game: str) -> Check:
    from ._engine import GameState
    return Check(lambda v: isinstance(v, GameState) and v.info.game == game,
                 f"a game of {game.replace('_', ' ').title()} (a state from new_game)")


def _by_annotation(note: str, game: str) -> Check | None:
    note = note.replace(" ", "")
    optional = note.endswith("|None")
    core = note[:-5] if optional else note
    check = {
        "int": INT, "str": TEXT, "bool": BOOL, "Sequence[int]": INTS, "Iterable[int]": INT_RANGE,
        "random.Random": RNG, "Action": _action(), "DataSet": _dataset(),
        "str|Path": PATH | _dataset(), "DataSet|Components": _dataset() | _components(),
        "Sequence[Bot]|Bot": BOTS | BOT,
    }.get(core)
    if check is None and core.endswith("State"):
        check = _state(game)
    if check is None and (core.startswith("Sequence[") or core.startswith("list[")):
        check = SEQUENCE
    if check is None:
        return None
    return check | NONE if optional else check


def _components() -> Check:
    return Check(lambda v: type(v).__name__ == "Components", "loaded components")


def _by_name(name: str, default: Any, game: str) -> Check | None:
    if name in ("state", "s", "end"):
        return _state(game)
    if name in ("player", "p"):
        return INT | NONE if default is None else INT
    if name == "rng":
        return RNG | NONE
    if name == "graph":
        return GRAPH | NONE
    if name in ("white", "yellow"):
        return INTS
    return None


CHECK_THEMSELVES = frozenset({"new_game", "replay", "load_data", "load", "load_map", "play_game"})
"""Functions that check every argument themselves, with messages of their own."""


def guard(namespace: dict, game: str, names: list[str] | None = None,
          **overrides: Check | None) -> None:
    """Wrap the public functions of a module (``namespace`` is its ``globals()``) so a wrong
    type is an :class:`OptionError`. ``overrides`` maps an argument name to its check (None: no
    check) for the functions of this module."""
    for fname in names if names is not None else namespace.get("__all__", ()):
        fn = namespace.get(fname)
        if not is_function(fn) or getattr(fn, "_guarded", False):
            continue
        if _makes_action(fn) or fname in CHECK_THEMSELVES:
            continue              # an action is any value: the rules refuse a malformed one in words
        namespace[fname] = _wrap(fn, game, overrides)


def _makes_action(fn: Callable) -> bool:
    """An action constructor: it returns an Action built from plain values (no game state)."""
    sig = inspect.signature(fn)
    note = sig.return_annotation
    return ((note == "Action" or getattr(note, "__name__", None) == "Action")
            and not {"state", "s"} & set(sig.parameters))


def is_function(fn: Any) -> bool:
    """A plain function, or one behind a cache (``functools.lru_cache``)."""
    return inspect.isfunction(fn) or (callable(fn) and inspect.isfunction(
        getattr(fn, "__wrapped__", None)) and not inspect.isclass(fn))


def raw(fn: Callable) -> Callable:
    """The unchecked function behind a guarded one (for the rules' own fast paths)."""
    return fn.__wrapped__ if getattr(fn, "_guarded", False) else fn


def _wrap(fn: Callable, game: str, overrides: dict) -> Callable:
    sig = inspect.signature(fn)
    checks: list[tuple[int, str, Check]] = []
    by_name: dict[str, Check] = {}
    positional = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                     for p in sig.parameters.values())
    for i, p in enumerate(sig.parameters.values()):
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.name in overrides:
            check = overrides[p.name]
        else:
            check = None
            note = p.annotation
            if note is not p.empty and not isinstance(note, str):
                note = note.__name__ if isinstance(note, type) else str(note)
            if isinstance(note, str) and note not in ("Any", "Any|None"):
                check = _by_annotation(note, game)
            if check is None:
                check = _by_name(p.name, p.default, game)
        if check is not None:
            checks.append((i, p.name, check))
            by_name[p.name] = check
    varargs = next((p for p in sig.parameters.values() if p.kind == p.VAR_POSITIONAL), None)
    star = overrides.get("*" + varargs.name) if varargs is not None else None
    label = fn.__name__

    def refuse(name: str, check: Check, value: Any):
        raise OptionError(f"{label}: {name} must be {check.words}, not {shorten(value, 60)}.")

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        n = len(args)
        for i, name, check in checks:
            if i < n:
                if not check.ok(args[i]):
                    refuse(name, check, args[i])
            elif name in kwargs and not check.ok(kwargs[name]):
                refuse(name, check, kwargs[name])
        if star is not None:
            for v in args[positional:]:
                if not star.ok(v):
                    refuse(varargs.name, star, v)
        return fn(*args, **kwargs)

    checked._guarded = True
    for name in ("cache_clear", "cache_info", "cache_parameters"):    # a cached function's tools
        if hasattr(fn, name):
            setattr(checked, name, getattr(fn, name))
    return checked
