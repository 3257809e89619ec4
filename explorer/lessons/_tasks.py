"""A lesson step's task: a predicate on the learner's move, written as data.

A task is one JSON object of one of these forms::

    {"move": {"kind": "take", "district": "gold"}}     the move's kind and the arguments named
                                                        (by the game's action signatures); any
                                                        argument left out matches every value
    {"check": "completes_shop", "district": "green"}   a check the game registers (see below),
                                                        the other keys being its parameters
    {"all": [task, ...]}   every task holds        {"any": [task, ...]}   at least one holds
    {"not": task}          the task does not hold

A **check** is a function a game registers in its own lessons package
(``explorer/<game>/lessons/__init__.py``, a dict ``CHECKS`` of name -> :class:`Check`). It is given
the position before the move, the move, the position after it (chance already drawn, as the
board plays it) and the parameters, and answers True or False; its ``wants`` sentence says in
players' words what the task asks ("complete a shop"), for the answer to a legal move that is
not the task. Checks only look at positions: the rules stay in the engine.

>>> from explorer import demo
>>> s = demo.new_game(players=2, seed=2)
>>> t = parse_task({"move": {"kind": "claim", "q": 0}}, s, "the test")
>>> t.holds(s, demo.claim(0, 0), s.apply(demo.claim(0, 0))), t.holds(s, demo.claim(1, 0), None)
(True, False)
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable, Mapping

from .._action import Action, _mismatch, _spec_name
from .._errors import ExplorerError, cut, shorten
from .._registry import GAMES

__all__ = ["Check", "Task", "Move", "CheckTask", "AllOf", "AnyOf", "Not", "parse_task",
           "checks_of", "LessonError", "REQUIRED"]


class LessonError(ExplorerError, ValueError):
    """A lesson file is malformed, or one of its steps cannot be played as written; the message
    names the lesson file and the step."""


REQUIRED = object()
"""The default of a check parameter that every use must give."""


@dataclasses.dataclass(frozen=True)
class Check:
    """A named test of a move a game offers to lessons.

    ``test(before, action, after, **params) -> bool``; ``wants`` is a sentence in players' words
    with ``{param}`` fields ("deliver goods to the {district} district"); ``params`` maps each
    parameter to its spec (a type, a set of allowed values, as in action signatures) and
    ``defaults`` gives the optional ones their value."""

    test: Callable[..., bool]
    wants: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    defaults: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def checks_of(game: str) -> Mapping[str, Check]:
    """The checks a game registers (``explorer.<game>.lessons.CHECKS``); none if it has none."""
    if game not in GAMES:
        raise LessonError(f"unknown game {shorten(game, 60)}; known games: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"{GAMES[game]}.lessons")
    except ModuleNotFoundError as e:
        if e.name and (f"{GAMES[game]}.lessons").startswith(e.name):
            return {}
        raise
    return getattr(module, "CHECKS", {})


class Task:
    """A predicate on a move: ``holds(before, action, after)``; ``wants()`` says what it asks."""

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        raise NotImplementedError

    def wants(self, before: Any) -> str:
        raise NotImplementedError

    def candidates(self, actions: list[Action]) -> list[Action]:
        """The actions among ``actions`` that may satisfy the task (a quick filter)."""
        return actions

    def missed(self, before: Any, action: Action, after: Any) -> str:
        """What the move did not do, in words (for a legal move that is not the task)."""
        return self.wants(before)


@dataclasses.dataclass(frozen=True)
class Move(Task):
    """The move's kind, and the values of some of its arguments."""

    kind: str
    args: tuple[tuple[int, Any], ...]     # (position of the argument, value)

    def matches(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        for i, value in self.args:
            if i >= len(action.args):
                return False
            got = action.args[i]
            if got != value or _shape(got) != _shape(value):
                return False
        return True

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        return self.matches(action)

    def candidates(self, actions: list[Action]) -> list[Action]:
        return [a for a in actions if self.matches(a)]

    def wants(self, before: Any) -> str:
        fits = self.candidates(before.legal_actions()) if before is not None else []
        if len(fits) == 1:
            return before.describe(fits[0])
        if fits:
            return f"a move like this one: {before.describe(fits[0])}"
        return "a move that is not possible here"


@dataclasses.dataclass(frozen=True)
class CheckTask(Task):
    name: str
    check: Check
    params: tuple[tuple[str, Any], ...]

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        try:
            return bool(self.check.test(before, action, after, **dict(self.params)))
        except ExplorerError:
            raise
        except Exception as e:  # a game's check is outside this module: say which one broke
            raise LessonError(f"the check {self.name!r} failed ({type(e).__name__}: "
                              f"{cut(str(e), 200)})") from None

    def wants(self, before: Any) -> str:
        try:
            return self.check.wants.format(**{k: _plain(v) for k, v in self.params})
        except (KeyError, IndexError, ValueError):
            return self.check.wants


@dataclasses.dataclass(frozen=True)
class AllOf(Task):
    parts: tuple[Task, ...]

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        return all(p.holds(before, action, after) for p in self.parts)

    def candidates(self, actions: list[Action]) -> list[Action]:
        for p in self.parts:
            actions = p.candidates(actions)
        return actions

    def wants(self, before: Any) -> str:
        return _joined([p.wants(before) for p in self.parts], "and")

    def missed(self, before: Any, action: Action, after: Any) -> str:
        for p in self.parts:
            if not p.holds(before, action, after):
                return p.missed(before, action, after)
        return self.wants(before)


@dataclasses.dataclass(frozen=True)
class AnyOf(Task):
    parts: tuple[Task, ...]

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        return any(p.holds(before, action, after) for p in self.parts)

    def candidates(self, actions: list[Action]) -> list[Action]:
        keep = set()
        for p in self.parts:
            keep.update(p.candidates(actions))
        return [a for a in actions if a in keep]

    def wants(self, before: Any) -> str:
        return _joined([p.wants(before) for p in self.parts], "or")


@dataclasses.dataclass(frozen=True)
class Not(Task):
    part: Task

    def holds(self, before: Any, action: Action, after: Any) -> bool:
        return not self.part.holds(before, action, after)

    def wants(self, before: Any) -> str:
        return "avoid this: " + self.part.wants(before)


_FORMS = ("move", "check", "all", "any", "not")


def parse_task(raw: Any, state: Any, where: str) -> Task:
    """The task ``raw`` (JSON) for a step whose position is ``state``; ``where`` names the step
    in errors."""
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: a task is a JSON object such as "
                          f'{{"move": {{"kind": ...}}}} or {{"check": ...}}, not {_what(raw)}')
    forms = [k for k in _FORMS if k in raw]
    if len(forms) != 1:
        raise LessonError(f"{where}: a task has exactly one of the keys {', '.join(_FORMS)}; "
                          f"this one has {', '.join(map(str, raw)) or 'none'}")
    form = forms[0]
    if form != "check" and len(raw) != 1:
        extra = sorted(str(k) for k in raw if k != form)
        raise LessonError(f"{where}: a {form!r} task has no other keys (found {', '.join(extra)})")
    value = raw[form]
    if form == "move":
        return _parse_move(value, state, where)
    if form == "check":
        return _parse_check(raw, state.info.game, where)
    if form == "not":
        return Not(parse_task(value, state, f"{where} (inside 'not')"))
    if not isinstance(value, list) or not value:
        raise LessonError(f"{where}: {form!r} takes a non-empty list of tasks, not {_what(value)}")
    parts = tuple(parse_task(v, state, f"{where} ({form!r} part {i + 1})")
                  for i, v in enumerate(value))
    return AllOf(parts) if form == "all" else AnyOf(parts)


def _parse_move(raw: Any, state: Any, where: str) -> Move:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise LessonError(f"{where}: 'move' takes an object with the move's \"kind\" and some of "
                          f"its arguments, not {_what(raw)}")
    kind = raw["kind"]
    game, sigs = state.info.game, state.SIGNATURES
    if not isinstance(kind, str) or kind not in sigs:
        raise LessonError(f"{where}: {shorten(kind, 60)} is not a kind of move of {game}; its "
                          f"moves are {', '.join(s.form for s in sigs.values())}")
    sig = sigs[kind]
    names = [n for n, _ in sig.params]
    args = []
    for name, value in raw.items():
        if name == "kind":
            continue
        if name not in names:
            raise LessonError(f"{where}: the move {sig.form} has no argument {shorten(name, 60)}"
                              f"{'; its arguments are ' + ', '.join(names) if names else ''}")
        i = names.index(name)
        frozen = _frozen(value)
        why = _mismatch(sig.params[i][1], frozen)
        if why:
            raise LessonError(f"{where}: in the move {sig.form}, argument {name} {why}")
        args.append((i, frozen))
    return Move(kind, tuple(sorted(args, key=lambda t: t[0])))


def _parse_check(raw: dict, game: str, where: str) -> CheckTask:
    name = raw["check"]
    known = checks_of(game)
    if not isinstance(name, str) or name not in known:
        listed = ", ".join(sorted(known)) or "none"
        raise LessonError(f"{where}: unknown check {shorten(name, 60)}; the checks of {game} are: "
                          f"{listed}")
    check = known[name]
    params = {k: v for k, v in raw.items() if k != "check"}
    unknown = sorted(str(k) for k in params if k not in check.params)
    if unknown:
        allowed = ", ".join(check.params) or "none"
        raise LessonError(f"{where}: the check {name!r} has no parameter "
                          f"{', '.join(unknown)}; its parameters are: {allowed}")
    full = {}
    for p, spec in check.params.items():
        if p in params:
            value = _frozen(params[p])
            why = _mismatch(spec, value)
            if why:
                raise LessonError(f"{where}: the check {name!r}: parameter {p} {why}")
            full[p] = value
        elif check.defaults.get(p, REQUIRED) is not REQUIRED:
            full[p] = check.defaults[p]
        else:
            raise LessonError(f"{where}: the check {name!r} needs the parameter {p} "
                              f"({_spec_name(spec)})")
    return CheckTask(name, check, tuple(full.items()))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _shape(value: Any) -> Any:
    if type(value) is tuple:
        return tuple(_shape(v) for v in value)
    return type(value)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return ", ".join(str(_plain(v)) for v in value)
    return value


def _joined(parts: list[str], word: str) -> str:
    parts = [p.rstrip(". ") for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def _what(value: Any) -> str:
    kinds = {dict: "an object", list: "a list", str: "a text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return f"{kinds.get(type(value), type(value).__name__)} {shorten(value, 60)}"
