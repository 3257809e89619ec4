"""What every game's bots share for searching: a bot's own generator when none is given, and the
frame of a determinization (a full state a searcher may play on without reading the real future).

A determinization keeps everything a player has seen and samples the rest; its chance is
``manual``, so nothing after it is drawn from the game's seed: the searcher draws it.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ._errors import OptionError, shorten

__all__ = ["state_rng", "manual", "full_state"]


def state_rng(state: Any) -> random.Random:
    """The generator a bot uses when given none: seeded by the game, its seed and the length of
    its history, so the same game played by the same bots always goes the same way."""
    info = state.info
    return random.Random(f"explorer-bot:{info.game}:{info.seed}:{len(state.log)}")


def manual(state: Any, **changes: Any) -> Any:
    """``state`` (with ``changes`` to its fields) whose chance is drawn by the caller from now on."""
    return dataclasses.replace(state, info=state.info.with_chance("manual"), **changes)


def full_state(state: Any, cls: type, player: Any, rng: Any, game: str) -> int:
    """Check that ``state`` is the full state of a game of ``game`` (not a player's view),
    ``player`` one of its seats and ``rng`` a ``random.Random``; the seat."""
    if not isinstance(state, cls) or getattr(state, "is_view", False):
        raise OptionError(f"determinize needs the full state of a game of {game}, not "
                          f"{shorten(state, 60)}")
    if not isinstance(rng, random.Random):
        raise OptionError(f"determinize: rng is a random.Random (seeded), not {shorten(rng, 60)}")
    return state.check_player(player, "determinize: player")
