"""Game records: seed + setup + actions, and replaying them.

A record is what ``state.record()`` returns: a JSON-serialisable dict. Loading a record replays
every action through the rules, so a saved game can never disagree with the rules: an action
that is not legal where it stands makes :func:`replay` raise :class:`RecordError` naming it.

>>> import json
>>> from explorer import demo, replay, RecordError
>>> s = demo.new_game(players=2, seed=3).apply(demo.claim(0, 0)).apply(demo.claim(1, 0))
>>> text = json.dumps(s.record())
>>> replay(json.loads(text)) == s
True
>>> bad = json.loads(text); bad["actions"][2] = ["claim", 0, 0]
>>> try:
...     replay(bad)
... except RecordError as e:
...     print(e)
action #2 claim(0, 0) is illegal: Hex (0, 0) is already claimed by player 2. [rule demo.claim.free]
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

from ._action import Action
from ._engine import RECORD_FORMAT, GameState
from ._errors import DataError, IllegalAction, OptionError, RecordError
from ._registry import GAMES

__all__ = ["replay", "save_record", "load_record", "game_module"]

_KEYS = {"format": str, "game": str, "rules_version": str, "data_version": str, "seed": int,
         "players": int, "options": dict, "actions": list}


def game_module(game: str):
    """The package of a game by name (``"corinth"`` -> ``explorer.corinth``)."""
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def _check_shape(record: Any) -> None:
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    for key, typ in _KEYS.items():
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
        value = record[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise RecordError(f"the record's {key!r} should be {typ.__name__}, "
                              f"not {type(value).__name__} {value!r}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record['format']!r} (expected {RECORD_FORMAT!r})")
    extra = sorted(set(record) - set(_KEYS))
    if extra:
        raise RecordError(f"unknown key(s) in the record: {', '.join(extra)}")


def replay(record: dict[str, Any], *, data: str | Path | None = None,
           chance: str = "auto") -> GameState:
    """Rebuild the state a record describes by replaying its actions through the rules.

    ``data`` names the component data file the game was played with when it was not the
    shipped one; the record's data version must match the data used.
    """
    _check_shape(record)
    module = game_module(record["game"])
    try:
        state = module.new_game(players=record["players"], seed=record["seed"], data=data,
                                chance="manual", **record["options"])
    except (OptionError, DataError) as e:
        raise RecordError(f"the record's setup is not valid: {e}") from None
    info = state.info
    if record["rules_version"] != info.rules_version:
        raise RecordError(f"the record was played under rules version {record['rules_version']!r}; "
                          f"this explorer has {info.rules_version!r}")
    if record["data_version"] != info.data_version:
        raise RecordError(f"the record was played with data {record['data_version']!r} but the data "
                          f"loaded now is {info.data_version!r}; pass data= the same file")
    for i, raw in enumerate(record["actions"]):
        try:
            action = Action.from_json(raw)
            state = state.apply(action)
        except IllegalAction as e:
            raise RecordError(f"action #{i} {_shown(raw)} is illegal: {e}") from e
    if chance != "manual":
        state = dataclasses.replace(state, info=dataclasses.replace(info, chance=chance))
    return state


def _shown(raw: Any) -> str:
    try:
        return str(Action.from_json(raw))
    except IllegalAction:
        return repr(raw)


def save_record(state: GameState, path: str | Path) -> Path:
    """Write ``state.record()`` as JSON."""
    path = Path(path)
    path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    return path


def load_record(path: str | Path, **kwargs: Any) -> GameState:
    """Read a JSON record and replay it."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise RecordError(f"{path}: not valid JSON ({e})") from None
    return replay(record, **kwargs)
