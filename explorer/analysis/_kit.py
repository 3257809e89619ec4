"""What the analysis package needs from a game, looked up by the game's name.

Each game contributes only what is its own, with the same names in every game (no game module
imports this package):

- ``explorer.<game>``: ``new_game(players=, seed=)`` and ``PLAYERS`` (the counts it allows);
- ``explorer.<game>.bots``: ``random_bot(state, rng)``, ``greedy_bot(state, rng)``,
  ``random_playout(state, rng)`` (a fast finish with random moves), ``position_value(state,
  player)`` (what the position is worth to ``player``, in the game's points) and
  ``determinize(state, player, rng)`` (a full state consistent with all that ``player`` has seen,
  the unseen sampled fairly, chance from then on drawn by whoever plays it: ``chance='manual'``);
- ``explorer.<game>.restrictions``: ``RESTRICTIONS``, named restrictions for restricted play (the
  game's locations, districts, action cards), each a :class:`explorer._bots.Restriction`.
"""

from __future__ import annotations

import dataclasses
import importlib
import operator
from functools import cache
from types import ModuleType
from typing import Any, Callable

from .._errors import OptionError, shorten
from .._registry import GAMES

__all__ = ["GameKit", "kit", "ANALYSED"]

ANALYSED = ("corinth", "gugong", "gonzaga", "hanging_gardens")
"""The games the analysis package plays (the demo game is a test fixture, not analysed)."""

ROUNDS = {"corinth": "round", "gugong": "day", "gonzaga": "round", "hanging_gardens": "round"}
"""Where each game's state counts its rounds (Gùgōng's are days): 1 in the first round."""

ROUND_KEYS = {**ROUNDS, "corinth": "first"}
"""A field of the state that changes exactly when a new round starts, quicker to read than the
count (Corinth's first player moves on every round)."""


@dataclasses.dataclass(frozen=True)
class GameKit:
    """One game, as the sweep runner and the bots see it."""

    name: str
    package: ModuleType
    bots: ModuleType
    players: tuple[int, ...]
    label: str
    """The game's name as players write it ("Gùgōng")."""

    def new_game(self, players: int, seed: int) -> Any:
        return self.package.new_game(players=players, seed=seed)

    def random_action(self, state: Any, rng: Any) -> Any:
        return self.bots.random_bot(state, rng)

    def greedy_action(self, state: Any, rng: Any) -> Any:
        return self.bots.greedy_bot(state, rng)

    def playout(self, state: Any, rng: Any) -> Any:
        return self.bots.random_playout(state, rng)

    def value(self, state: Any, player: int) -> float:
        return self.bots.position_value(state, player)

    def determinize(self, state: Any, player: int, rng: Any) -> Any:
        return self.bots.determinize(state, player, rng)

    @property
    def round(self) -> Callable[[Any], int]:
        """A function giving a state's round, as the game counts them (Gùgōng: its day)."""
        return operator.attrgetter(ROUNDS[self.name])

    @property
    def round_key(self) -> Callable[[Any], Any]:
        """A function of the state that changes exactly when a new round starts."""
        return operator.attrgetter(ROUND_KEYS[self.name])

    @property
    def restrictions(self) -> dict[str, Any]:
        """Named restrictions (name -> :class:`explorer._bots.Restriction`)."""
        return dict(importlib.import_module(f"{self.package.__name__}.restrictions").RESTRICTIONS)


def kit(game: Any) -> GameKit:
    """The :class:`GameKit` of ``game`` (its name, e.g. ``"gugong"``), or an :class:`OptionError`
    listing the games that can be analysed."""
    if type(game) is not str or game not in ANALYSED:
        raise OptionError(f"there is no game {shorten(game, 60)} to analyse; the games are: "
                          f"{', '.join(ANALYSED)}")
    return _kit(game)


@cache
def _kit(game: str) -> GameKit:
    package = importlib.import_module(GAMES[game])
    bots = importlib.import_module(f"{GAMES[game]}.bots")
    players = tuple(package.PLAYERS)
    return GameKit(game, package, bots, players, package.new_game(players[0], 0).game_name)
