"""Lesson files: reading, checking and finding them (the format is described in docs/lessons.md).

A lesson is loaded whole and checked before anyone plays it: every position replays through the
rules, every task is well formed, every hint names a rule of the catalogue, and every task can
be met by at least one legal move of its position. Any problem is a :class:`LessonError` that
names the lesson file and the step.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path
from typing import Any

from .._action import Action
from .._engine import GameState
from .._errors import ExplorerError, cut, shorten
from .._files import read_json
from .._registry import GAMES
from ._tasks import LessonError, Task, parse_task, _what

__all__ = ["Lesson", "Step", "load", "series", "lesson_files", "AFTER_PREVIOUS", "solution"]

AFTER_PREVIOUS = "after previous"
"""A step's position that is the position after the learner's move in the step before."""

LESSON_KEYS = {"lesson": str, "game": str, "title": str, "intro": str, "steps": list}
LESSON_OPTIONAL = {"format": str}
STEP_KEYS = {"id": str, "position": object, "say": str, "task": dict}
STEP_OPTIONAL = {"hint_rules": list, "done_text": str, "wants": str}
LESSON_FORMAT = "explorer-lesson/1"
LESSON_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$")
MAX_STEPS = 200


@dataclasses.dataclass(frozen=True, eq=False)
class Step:
    """One step of a lesson: where it starts, what it asks, and how it helps."""

    id: str
    index: int
    say: str
    task: Task
    hint_rules: tuple[str, ...]
    done_text: str
    wants: str
    follows: bool            # its position is the position after the previous step's move
    start: GameState         # its position as written (after the previous step's solution)
    solution: Action         # one legal move of ``start`` that meets the task

    def achievable(self, state: GameState) -> bool:
        return solution(self.task, state) is not None

    def position(self, after_previous: GameState | None) -> GameState:
        """Where the step starts for a learner whose previous move led to ``after_previous``:
        there when the step follows on and its task can be met there, else as written."""
        if self.follows and after_previous is not None and playable(after_previous) \
                and self.achievable(after_previous):
            return after_previous
        return self.start

    def asks(self, state: GameState) -> str:
        """What the task wants, in players' words."""
        return self.wants or self.task.wants(state)


@dataclasses.dataclass(frozen=True, eq=False)
class Lesson:
    """A lesson: its id, game, title, introduction and steps; ``path`` is its file, if any."""

    id: str
    game: str
    title: str
    intro: str
    steps: tuple[Step, ...]
    path: Path | None = None

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise LessonError(f"lesson {self.id!r} has no step {shorten(step_id, 60)}; its steps are "
                          f"{', '.join(s.id for s in self.steps)}")

    def __repr__(self) -> str:
        return f"<Lesson {self.id!r} ({self.game}, {len(self.steps)} steps)>"

    def _repr_html_(self) -> str:
        import html
        e = html.escape
        items = "".join(f"<li>{e(s.say)}</li>" for s in self.steps)
        return (f'<div class="explorer-lesson-summary"><b>{e(self.title)}</b> '
                f"({len(self.steps)} steps)<br>{e(self.intro)}<ol>{items}</ol></div>")


def playable(state: GameState) -> bool:
    """Whether a learner can move in ``state`` (not over, no roll waiting to be chosen)."""
    return not state.is_over and not state.is_chance_node


def solution(task: Task, state: GameState) -> Action | None:
    """The first legal move of ``state`` (in the engine's order) that meets ``task``, or None."""
    for action in task.candidates(state.legal_actions()):
        after = state.apply(action)
        if task.holds(state, action, after):
            return action
    return None


# ---- loading --------------------------------------------------------------------------------

_CACHE: dict[tuple, Lesson] = {}


def load(source: str | Path | dict) -> Lesson:
    """A lesson, from a file path, a lesson id of a shipped series (``"corinth.turn"``), or the
    lesson's data itself (a dict, positions given inline)."""
    if isinstance(source, dict):
        return _build(source, None, "the lesson given as data")
    if not isinstance(source, (str, Path)):
        raise LessonError(f"a lesson is a file path, a lesson id or a dict, not {_what(source)}")
    path = Path(source)
    if isinstance(source, str) and not source.endswith(".json") and not any(
            c in source for c in "/\\") and not path.exists():
        found = _by_id(source)
        if found is None:
            raise LessonError(f"no lesson file {source!r} and no shipped lesson with that id; the "
                              f"shipped lessons are: {', '.join(_shipped_ids()) or 'none'}")
        path = found
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    raw = read_json(path, "lesson", LessonError)
    lesson = _build(raw, path, cut(path.name, 120))
    if key is not None:
        _CACHE[key] = lesson
    return lesson


def lessons_folder(game: str) -> Path:
    """Where a game's shipped lessons live: ``explorer/<game>/lessons/`` (found without importing
    the game)."""
    if game not in GAMES:
        raise LessonError(f"unknown game {shorten(game, 60)}; known games: {', '.join(GAMES)}")
    spec = importlib.util.find_spec(GAMES[game])
    if spec is None or not spec.submodule_search_locations:
        raise LessonError(f"the game {game} is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / "lessons"


def lesson_files(game: str | None = None) -> list[Path]:
    """The shipped lesson files of ``game`` (or of every game), in the order of their names."""
    games = [game] if game is not None else list(GAMES)
    out: list[Path] = []
    for g in games:
        folder = lessons_folder(g)
        if folder.is_dir():
            out.extend(sorted(folder.glob("*.json")))
    return out


def series(game: str) -> list[Lesson]:
    """A game's shipped lessons, in order (the files' names order them: ``01_harbor.json`` ...)."""
    return [load(p) for p in lesson_files(game)]


def _by_id(lesson_id: str) -> Path | None:
    for path in lesson_files():
        try:
            raw = read_json(path, "lesson", LessonError)
        except LessonError:
            continue
        if isinstance(raw, dict) and raw.get("lesson") == lesson_id:
            return path
    return None


def _shipped_ids() -> list[str]:
    ids = []
    for path in lesson_files():
        try:
            raw = read_json(path, "lesson", LessonError)
        except LessonError:
            continue
        if isinstance(raw, dict) and isinstance(raw.get("lesson"), str):
            ids.append(raw["lesson"])
    return ids


# ---- checking -------------------------------------------------------------------------------

def _keys(raw: dict, required: dict, optional: dict, where: str, what: str) -> None:
    for key, typ in required.items():
        if key not in raw:
            raise LessonError(f"{where}: {what} has no {key!r}")
    for key, value in raw.items():
        typ = required.get(key, optional.get(key)) if isinstance(key, str) else None
        if typ is None:
            allowed = ", ".join([*required, *optional])
            raise LessonError(f"{where}: {what} has an unknown key {shorten(key, 60)} (its keys "
                              f"are {allowed})")
        if typ is not object and type(value) is not typ:
            raise LessonError(f"{where}: {what}'s {key!r} should be {_TYPE_WORDS[typ]}, not "
                              f"{_what(value)}")


_TYPE_WORDS = {str: "a text", list: "a list", dict: "an object", int: "a whole number"}


def _build(raw: Any, path: Path | None, name: str) -> Lesson:
    if not isinstance(raw, dict):
        raise LessonError(f"{name}: a lesson is a JSON object, not {_what(raw)}")
    _keys(raw, LESSON_KEYS, LESSON_OPTIONAL, name, "the lesson")
    if raw.get("format", LESSON_FORMAT) != LESSON_FORMAT:
        raise LessonError(f"{name}: unknown lesson format {shorten(raw['format'], 60)} (this "
                          f"explorer reads {LESSON_FORMAT!r})")
    lid, game = raw["lesson"], raw["game"]
    if not LESSON_ID.match(lid):
        raise LessonError(f"{name}: a lesson id is a short name of letters, digits, '.', '_' and "
                          f"'-' (such as \"corinth.turn\"), not {shorten(lid, 60)}")
    if game not in GAMES:
        raise LessonError(f"{name}: unknown game {shorten(game, 60)}; known games: "
                          f"{', '.join(GAMES)}")
    steps_raw = raw["steps"]
    if not steps_raw:
        raise LessonError(f"{name}: the lesson has no steps")
    if len(steps_raw) > MAX_STEPS:
        raise LessonError(f"{name}: the lesson has {len(steps_raw)} steps, more than {MAX_STEPS}")
    steps: list[Step] = []
    seen: set[str] = set()
    after: GameState | None = None
    for i, sraw in enumerate(steps_raw):
        where = f"{name}, step {i + 1}"
        if isinstance(sraw, dict) and isinstance(sraw.get("id"), str) and sraw["id"]:
            where = f"{name}, step {i + 1} ({cut(sraw['id'], 60)!r})"
        step = _step(sraw, i, after, path, game, where, seen)
        steps.append(step)
        after = step.start.apply(step.solution)
    return Lesson(lid, game, raw["title"], raw["intro"], tuple(steps), path)


def _step(raw: Any, i: int, after: GameState | None, path: Path | None, game: str, where: str,
          seen: set[str]) -> Step:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: a step is a JSON object, not {_what(raw)}")
    _keys(raw, STEP_KEYS, STEP_OPTIONAL, where, "the step")
    sid = raw["id"]
    if not sid.strip():
        raise LessonError(f"{where}: the step's id is empty")
    if sid in seen:
        raise LessonError(f"{where}: two steps have the id {sid!r}; each step needs its own")
    seen.add(sid)
    for key in ("say",):
        if not raw[key].strip():
            raise LessonError(f"{where}: the step's {key!r} is empty: say what the learner should do")
    raw_pos = raw["position"]
    follows = raw_pos == AFTER_PREVIOUS
    if follows:
        if after is None:
            raise LessonError(f"{where}: the first step cannot start \"after previous\": give it "
                              "a position (a record, or {\"save\": \"file.json\"})")
        start = after
    else:
        start = _position(raw_pos, path, game, where)
    if start.is_over:
        raise LessonError(f"{where}: the game is over in this position, so there is nothing to play")
    if start.is_chance_node:
        raise LessonError(f"{where}: this position waits for a roll or a draw chosen by hand; a "
                          "step's position must wait for a player (record the game with "
                          "chance \"auto\", or give the outcome in the record)")
    task = parse_task(raw["task"], start, where)
    rules_ = raw.get("hint_rules", [])
    _check_rules(rules_, where)
    found = _solve(task, start, where)
    if found is None:
        raise LessonError(f"{where}: no legal move of the step's position meets its task "
                          f"({cut(task.wants(start), 200)}); now {start.awaiting()}")
    return Step(sid, i, raw["say"], task, tuple(rules_), raw.get("done_text", "") or "Done!",
                raw.get("wants", ""), follows, start, found)


def _solve(task: Task, state: GameState, where: str) -> Action | None:
    try:
        return solution(task, state)
    except ExplorerError as e:
        raise LessonError(f"{where}: testing the task failed: {e}") from None


def _check_rules(ids: list, where: str) -> None:
    from .._rules import rule
    for rid in ids:
        if not isinstance(rid, str):
            raise LessonError(f"{where}: 'hint_rules' lists rule ids (texts), not {_what(rid)}")
        try:
            rule(rid)
        except ExplorerError:
            raise LessonError(f"{where}: hint rule {shorten(rid, 80)} is not in the rule "
                              "catalogue (see explorer.rules.catalogue(game))") from None


def _position(raw: Any, path: Path | None, game: str, where: str) -> GameState:
    from .._record import replay
    if isinstance(raw, dict) and set(raw) == {"save"}:
        name = raw["save"]
        if not isinstance(name, str) or not name:
            raise LessonError(f"{where}: 'save' names a saved game's file, not {_what(name)}")
        file = Path(name)
        if not file.is_absolute():
            file = (path.parent if path is not None else Path.cwd()) / file
        try:
            record = read_json(file, "saved game", LessonError)
        except LessonError as e:
            raise LessonError(f"{where}: {e}") from None
        what = f"the saved game {cut(name, 80)}"
    elif isinstance(raw, dict) and "format" not in raw:
        return _short_position(raw, game, where)
    elif isinstance(raw, dict):
        record, what = raw, "the position's record"
    else:
        raise LessonError(f"{where}: a step's position is a game record (an object), "
                          f"{{\"save\": \"file.json\"}} or \"{AFTER_PREVIOUS}\", not {_what(raw)}")
    if isinstance(record, dict) and record.get("game", game) != game:
        raise LessonError(f"{where}: {what} is a game of {shorten(record.get('game'), 40)}, but "
                          f"the lesson is about {game}")
    try:
        return replay(record)
    except ExplorerError as e:
        raise LessonError(f"{where}: {what} does not replay: {e}") from None


def _short_position(raw: dict, game: str, where: str) -> GameState:
    """The short form of a position a teacher writes by hand: ``{"seed": 3, "players": 2,
    "actions": [...]}`` (``options`` optional), the players' moves only: rolls and draws are
    made from the seed, as a board makes them."""
    _keys(raw, {"seed": int, "players": int, "actions": list}, {"options": dict}, where,
          "the position")
    from .._record import game_module
    try:
        state = game_module(game).new_game(players=raw["players"], seed=raw["seed"],
                                           **raw.get("options", {}))
    except ExplorerError as e:
        raise LessonError(f"{where}: the position's setup is not valid: {e}") from None
    for i, move in enumerate(raw["actions"]):
        try:
            state = state.apply(Action.from_json(move))
        except ExplorerError as e:
            raise LessonError(f"{where}: the position's move #{i + 1} {shorten(move, 80)} is not "
                              f"legal there: {e}") from None
    return state
