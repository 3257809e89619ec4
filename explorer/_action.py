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
"""

from __future__ import annotations

from typing import Any

from ._errors import UnknownAction

__all__ = ["Action"]

_SCALARS = (str, int, bool, type(None))


def _freeze(value: Any, where: str) -> Any:
    """Turn lists into tuples and check that only plain values remain."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, where) for v in value)
    raise UnknownAction(
        "bad-argument", "engine.action",
        f"Action {where}: argument {value!r} is a {type(value).__name__}; "
        "actions take only str, int, bool, None and tuples of those.")


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

    def __init__(self, kind: str, *args: Any):
        if not isinstance(kind, str) or not kind:
            raise UnknownAction("bad-kind", "engine.action",
                                f"An action's kind must be a non-empty string, not {kind!r}.")
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
        if not isinstance(other, Action):
            return NotImplemented
        return self._hash == other._hash and self.kind == other.kind and self.args == other.args

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
        return "Action(" + ", ".join(repr(x) for x in (self.kind, *self.args)) + ")"

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
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise UnknownAction("bad-json", "engine.action",
                                f"An action is written as [kind, *args], not {data!r}.")
        return cls(data[0], *data[1:])


_new = object.__new__
_set_kind, _set_args, _set_hash, _set_order = (Action.__dict__[name].__set__
                                               for name in ("kind", "args", "_hash", "_order"))
