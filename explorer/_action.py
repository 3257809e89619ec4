"""Actions: plain, hashable, comparable, JSON-round-trippable values.

An action is a kind (a short verb) and a tuple of plain arguments (str, int, bool, None or
tuples of those). Every game uses this one class, so records, boards and bots can treat actions
alike.

>>> a = Action("take", "gold")
>>> a
Action('take', 'gold')
>>> str(a)
'take(gold)'
>>> Action.from_json(a.to_json()) == a
True
>>> sorted([Action("take", "goats"), Action("move", 3), Action("take", "gold")])
[Action('move', 3), Action('take', 'goats'), Action('take', 'gold')]

Equality is type-strict: ``True`` is not ``1`` and ``"1"`` is not ``1``, so a look-up among the
legal actions never mistakes one for the other.

>>> Action("buy", True) == Action("buy", 1), Action("buy", "1") == Action("buy", 1)
(False, False)

A game declares the arguments of each of its action kinds with :class:`Signature`; the engine
checks them before any rule, so a wrongly typed action is refused as unknown, naming the argument:

>>> sig = Signature("buy_yellow", ("k", int))
>>> print(sig.problem(Action("buy_yellow", True)))
buy_yellow(k): argument k should be an integer, not True (a bool)
"""

from __future__ import annotations

from typing import Any

from ._errors import UnknownAction, shorten

__all__ = ["Action", "Signature", "TupleOf", "check_signature", "signatures", "MAX_DEPTH",
           "MAX_INT_BITS"]

_SCALARS = (str, int, bool, type(None))
MAX_DEPTH = 16
"""Deepest nesting of tuples an action's arguments may have."""
MAX_INT_BITS = 256
"""Largest integer argument (in bits): no game counts anything near 2**256."""
_MAX_TEXT = 1000


def _freeze(value: Any, where: str, depth: int = 0) -> Any:
    """Turn lists into tuples and check that only plain, bounded values remain."""
    t = type(value)
    if t is str:
        if len(value) > _MAX_TEXT:
            raise UnknownAction("bad-argument", "engine.action",
                                f"Action {shorten(where, 40)}: a text argument of {len(value)} "
                                f"characters is too long to be part of an action.")
        return value
    if t is int:
        if value.bit_length() > MAX_INT_BITS:
            raise UnknownAction("bad-argument", "engine.action",
                                f"Action {shorten(where, 40)}: argument {shorten(value, 60)} is too "
                                "large to be part of an action.")
        return value
    if t is bool or value is None:
        return value
    if t is list or t is tuple:
        if depth >= MAX_DEPTH:
            raise UnknownAction("bad-argument", "engine.action",
                                f"Action {shorten(where, 40)}: arguments nested more than "
                                f"{MAX_DEPTH} deep are not actions.")
        return tuple([_freeze(v, where, depth + 1) for v in value])
    raise UnknownAction(
        "bad-argument", "engine.action",
        f"Action {shorten(where, 40)}: argument {shorten(value, 80)} is a {t.__name__}; "
        "actions take only str, int, bool, None and tuples of those.")


def _types(value: Any) -> Any:
    """The shape of a plain value's types, for type-strict equality (bool is not int)."""
    if type(value) is tuple:
        return tuple([_types(v) for v in value])
    return type(value)


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _sort_key(value: Any) -> tuple:
    """A total order over mixed plain values (None < bool < int < str < tuple)."""
    if value is None:
        return (0,)
    if isinstance(value, bool):
        return (1, value)
    if isinstance(value, int):
        return (2, value)
    if isinstance(value, str):
        return (3, value)
    return (4, tuple(_sort_key(v) for v in value))


class Action:
    """One move, choice or chance outcome: ``Action(kind, *args)``."""

    __slots__ = ("kind", "args", "_hash", "_order")

    def __init__(self, kind: str = "", *args: Any):
        if type(kind) is not str or not kind or len(kind) > 60:
            raise UnknownAction("bad-kind", "engine.action",
                                f"An action's kind must be a short non-empty string, not "
                                f"{shorten(kind, 60)}.")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", _freeze(args, kind))
        object.__setattr__(self, "_hash", hash((kind, self.args)))

    @classmethod
    def _checked(cls, kind: str, args: tuple) -> Action:
        """An action whose kind and arguments are already known to be well formed (a non-empty
        kind, a tuple of plain, frozen values): the constructor without its checks, for games
        that build many actions from values they made themselves.

        >>> Action._checked("roll", ((1, 2), ())) == Action("roll", (1, 2), ())
        True
        """
        a = _new(cls)
        _set_kind(a, kind)
        _set_args(a, args)
        _set_hash(a, hash((kind, args)))
        return a

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return (self._hash == other._hash and self.kind == other.kind and self.args == other.args
                and _types(self.args) == _types(other.args))

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    def _key(self) -> tuple:
        """The sort key, worked out at the first comparison and kept."""
        try:
            return self._order
        except AttributeError:
            key = (self.kind, _sort_key(self.args))
            _set_order(self, key)
            return key

    def __lt__(self, other: Action) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Action) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Action) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Action) -> bool:
        return self._key() >= other._key()

    def __repr__(self) -> str:
        return "Action(" + ", ".join(shorten(x, 200) for x in (self.kind, *self.args)) + ")"

    def __str__(self) -> str:
        def show(v: Any) -> str:
            if isinstance(v, tuple):
                return "(" + ", ".join(show(x) for x in v) + ")"
            return str(v)
        return f"{self.kind}(" + ", ".join(show(a) for a in self.args) + ")"

    def __reduce__(self):
        return (Action, (self.kind, *self.args))

    def to_json(self) -> list:
        """``[kind, *args]`` with tuples as lists."""
        return [self.kind, *(_thaw(a) for a in self.args)]

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json`; raises :class:`UnknownAction` for anything else."""
        if type(data) is not list or not data or type(data[0]) is not str:
            raise UnknownAction("bad-json", "engine.action",
                                f"An action is written as [kind, *args], not {shorten(data, 80)}.")
        return cls(data[0], *data[1:])


# ---- argument signatures ------------------------------------------------------------------
class TupleOf:
    """A spec for a tuple of any length whose items all match ``item`` (at most ``max`` items)."""

    __slots__ = ("item", "max")

    def __init__(self, item: Any, max: int | None = None):
        self.item, self.max = item, max

    def __repr__(self) -> str:
        return f"TupleOf({_spec_name(self.item)})"


_NAMES = {int: "an integer", str: "a text", bool: "true or false", type(None): "None"}


def _spec_name(spec: Any) -> str:
    if isinstance(spec, TupleOf):
        return f"a tuple of {_plural(spec.item)}"
    if isinstance(spec, tuple):
        if len(spec) == 0:
            return "an empty tuple"
        return f"a tuple of {len(spec)} ({', '.join(_spec_name(s) for s in spec)})"
    if isinstance(spec, set):
        return "one of " + ", ".join(sorted(map(repr, spec)))
    return _NAMES.get(spec, getattr(spec, "__name__", str(spec)))


def _plural(spec: Any) -> str:
    name = _spec_name(spec)
    return {"an integer": "integers", "a text": "texts", "true or false": "booleans"}.get(name, name)


def _mismatch(spec: Any, value: Any) -> str | None:
    """Why ``value`` does not fit ``spec`` (None when it does). Types are matched exactly."""
    if isinstance(spec, TupleOf):
        if type(value) is not tuple:
            return f"should be {_spec_name(spec)}, not {shorten(value, 60)} (a {_tname(value)})"
        if spec.max is not None and len(value) > spec.max:
            return f"should hold at most {spec.max} items, not {len(value)}"
        for i, v in enumerate(value):
            why = _mismatch(spec.item, v)
            if why:
                return f"item {i + 1} {why}"
        return None
    if isinstance(spec, tuple):
        if type(value) is not tuple or len(value) != len(spec):
            return f"should be {_spec_name(spec)}, not {shorten(value, 60)} (a {_tname(value)})"
        for i, (sp, v) in enumerate(zip(spec, value)):
            why = _mismatch(sp, v)
            if why:
                return f"item {i + 1} {why}"
        return None
    if isinstance(spec, set):
        if value in spec and any(type(value) is type(x) for x in spec if x == value):
            return None
        return f"should be {_spec_name(spec)}, not {shorten(value, 60)}"
    if type(value) is not spec:
        return f"should be {_spec_name(spec)}, not {shorten(value, 60)} (a {_tname(value)})"
    return None


def _tname(value: Any) -> str:
    if type(value) is tuple:
        return f"tuple of {len(value)}"
    return "text" if type(value) is str else type(value).__name__


class Signature:
    """The arguments an action kind takes: ``Signature("step", ("row", int), ("col", int))``.

    A spec is a type (``int``, ``str``, ``bool``, ``type(None)``; matched exactly, so ``True`` is
    not an integer), a tuple of specs (a fixed-length tuple), a :class:`TupleOf` spec, or a set of
    allowed values.
    """

    __slots__ = ("kind", "params", "doc")

    def __init__(self, kind: str, *params: tuple[str, Any], doc: str = ""):
        self.kind, self.params, self.doc = kind, tuple(params), doc

    @property
    def form(self) -> str:
        """How the action is written, e.g. ``step(row, col)``."""
        return f"{self.kind}({', '.join(name for name, _ in self.params)})"

    def problem(self, action: Action) -> str | None:
        """What is wrong with ``action``'s arguments, or None when they fit."""
        args = action.args
        if len(args) != len(self.params):
            n = len(self.params)
            return (f"{self.form}: takes {n} argument{'s' if n != 1 else ''}, not {len(args)} "
                    f"(got {shorten(action, 80)})")
        for (name, spec), value in zip(self.params, args):
            why = _mismatch(spec, value)
            if why:
                return f"{self.form}: argument {name} {why}"
        return None


def check_signature(signatures: dict[str, Signature], action: Action, game: str) -> UnknownAction | None:
    """The refusal for an action of an unknown kind or with wrongly typed arguments, or None."""
    sig = signatures.get(action.kind)
    if sig is None:
        return UnknownAction("unknown-action", "engine.action",
                             f"{shorten(action.kind, 60)} is not an action of {game}; its actions are "
                             f"{', '.join(s.form for s in signatures.values())}.", action)
    why = sig.problem(action)
    if why is not None:
        return UnknownAction("bad-arguments", "engine.action", f"{why}.", action)
    return None


def signatures(*sigs: Signature) -> dict[str, Signature]:
    """A game's action kinds, by kind, in the order given."""
    return {s.kind: s for s in sigs}


_new = object.__new__
_set_kind, _set_args, _set_hash, _set_order = (Action.__dict__[name].__set__
                                               for name in ("kind", "args", "_hash", "_order"))
