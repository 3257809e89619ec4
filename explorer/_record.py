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
action #2 claim(0, 0) is illegal: Hex q0 r0 is already claimed by Player 1 (orange). [rule demo.claim.free]

A record also says how its chance outcomes were made. Replaying an ``auto`` record checks each
one against what the seed draws, so an edited roll or a changed seed is caught; a ``manual``
record replays its outcomes as chosen:

>>> bad = json.loads(text); bad["seed"] = 7
>>> try:
...     replay(bad)
... except RecordError as e:
...     print(str(e)[:68])
chance event #0 (action #0) differs from what seed 7 draws: the reco
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

from ._action import Action
from ._engine import CHANCE_MODES, RECORD_FORMAT, RECORD_FORMATS, GameState
from ._errors import DataError, IllegalAction, OptionError, RecordError, cut, shorten
from ._files import read_json, write_text
from ._registry import GAMES

__all__ = ["replay", "save_record", "load_record", "game_module", "check_record"]

_KEYS = {"format": str, "game": str, "rules_version": str, "data_version": str, "seed": int,
         "players": int, "options": dict, "actions": list}
_OPTIONAL = {"chance": str}
_RESERVED = ("seed", "players", "data", "chance")
"""Arguments of ``new_game`` that a record gives at its top level, never among its options."""
MAX_ACTIONS = 1_000_000


def game_module(game: Any):
    """The package of a game by name (``"corinth"`` -> ``explorer.corinth``)."""
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f"unknown game {shorten(game, 60)}; known games: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def check_record(record: Any) -> None:
    """Check a record's shape (keys, types, format), naming the first problem."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    for key, typ in _KEYS.items():
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
        _check_type(record, key, typ)
    for key, typ in _OPTIONAL.items():
        if key in record:
            _check_type(record, key, typ)
    if record["format"] not in RECORD_FORMATS:
        raise RecordError(f"unknown record format {shorten(record['format'], 60)} (expected "
                          f"{RECORD_FORMAT!r})")
    extra = sorted(map(str, set(record) - set(_KEYS) - set(_OPTIONAL)))
    if extra:
        raise RecordError(f"unknown key(s) in the record: {shorten(', '.join(extra), 120)}")
    if record["format"] == RECORD_FORMAT and "chance" not in record:
        raise RecordError("the record has no 'chance' (how its chance outcomes were made)")
    if record.get("chance", "manual") not in CHANCE_MODES:
        raise RecordError(f"the record's 'chance' should be 'auto' or 'manual', not "
                          f"{shorten(record['chance'], 60)}")
    clash = [k for k in record["options"] if k in _RESERVED]
    if clash:
        raise RecordError(f"the record's options repeat {', '.join(map(repr, clash))}, which a "
                          "record gives only at its top level")
    bad = [k for k in record["options"] if not isinstance(k, str) or not k.isidentifier()]
    if bad:
        raise RecordError(f"the record's options have a name that is not an option: "
                          f"{shorten(bad[0], 60)}")
    if len(record["actions"]) > MAX_ACTIONS:
        raise RecordError(f"the record holds {len(record['actions'])} actions, more than any game has")


def _check_type(record: dict, key: str, typ: type) -> None:
    value = record[key]
    if type(value) is not typ:
        raise RecordError(f"the record's {key!r} should be {typ.__name__}, not "
                          f"{type(value).__name__} {shorten(value, 60)}")


def replay(record: dict[str, Any], *, data: str | Path | None = None,
           chance: str | None = None, game: str | None = None) -> GameState:
    """Rebuild the state a record describes by replaying its actions through the rules.

    ``data`` names the component data file the game was played with when it was not the
    shipped one; the record's data version must match the data used. ``chance`` says how chance
    is made from the end of the record on (default: as the record says). ``game``, when given,
    is the game the record must be of (each game's own ``replay`` passes it).

    An ``auto`` record's chance outcomes must be the ones its seed draws; a ``manual`` record's
    (and a format-1 record's, which does not say) are replayed as chosen, and the state says so
    (``state.info.chance == "manual"``).
    """
    if chance is not None and (not isinstance(chance, str) or chance not in CHANCE_MODES):
        raise OptionError(f"chance must be 'auto', 'manual' or None (as the record says), not "
                          f"{shorten(chance, 60)}")
    check_record(record)
    if game is not None and record["game"] != game:
        raise RecordError(f"this is a record of {shorten(record['game'], 60)}, not of {game}; "
                          "open it with explorer.replay")
    module = game_module(record["game"])
    made = record.get("chance", "manual")
    try:
        state = module.new_game(players=record["players"], seed=record["seed"], data=data,
                                chance="manual", **record["options"])
    except (OptionError, DataError) as e:
        raise RecordError(f"the record's setup is not valid: {e}") from None
    info = state.info
    if record["rules_version"] != info.rules_version:
        raise RecordError(f"the record was played under rules version "
                          f"{shorten(record['rules_version'], 40)}; this explorer has "
                          f"{info.rules_version!r}")
    if record["data_version"] != info.data_version:
        raise RecordError(f"the record was played with data {shorten(record['data_version'], 60)} "
                          f"but the data loaded now is {info.data_version!r}; pass data= the same file")
    events = 0
    for i, raw in enumerate(record["actions"]):
        try:
            action = Action.from_json(raw)
            if made == "auto" and state.is_chance_node:
                drawn = state.seeded_outcome()
                if action != drawn:
                    raise RecordError(
                        f"chance event #{events} (action #{i}) differs from what seed "
                        f"{shorten(record['seed'], 30)} draws: the record has {shorten(action, 80)}, "
                        f"the seed gives {shorten(drawn, 80)}. The record was edited or its seed "
                        "changed; a record of chosen outcomes says \"chance\": \"manual\"")
            if state.is_chance_node:
                events += 1
            state = state.apply(action)
        except IllegalAction as e:
            raise RecordError(f"action #{i} {_shown(raw)} is illegal: {e}") from e
    return dataclasses.replace(state, info=info.with_chance(chance or made))


def _shown(raw: Any) -> str:
    try:
        return str(Action.from_json(raw))
    except IllegalAction:
        return shorten(raw, 80)


def save_record(state: GameState, path: str | Path) -> Path:
    """Write ``state.record()`` as JSON, atomically: a failed save keeps the previous file."""
    if not isinstance(state, GameState):
        raise RecordError(f"save_record needs a game state, not {shorten(state, 60)}")
    return write_text(path, json.dumps(state.record(), indent=1, ensure_ascii=False) + "\n")


def load_record(path: str | Path, **kwargs: Any) -> GameState:
    """Read a JSON record and replay it (see :func:`replay` for the keyword arguments)."""
    record = read_json(path, "saved game", RecordError)
    try:
        return replay(record, **kwargs)
    except RecordError as e:
        raise RecordError(f"{cut(str(path))}: {e}") from None
