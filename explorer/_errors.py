"""Errors raised by the explorer.

Every error the explorer raises on purpose derives from :class:`ExplorerError`::

    ExplorerError
    ├── IllegalAction          an action the rules do not allow here (state unchanged)
    │   ├── NotYourTurn        the action belongs to another player
    │   ├── GameOver           the game has ended; nothing more can be played
    │   └── UnknownAction      not an action of this game at all (wrong kind or arguments)
    ├── OptionError            new_game() got an impossible option (players, unknown option, ...)
    ├── RecordError            a saved game record is malformed or does not replay
    ├── DataError              a component data file is malformed or breaks a known fact
    └── RuleCatalogueError     a rule catalogue is malformed, or a rule id is unknown

``IllegalAction`` carries three things a reader needs: ``code`` (stable, for programs and tests),
``rule`` (the id of the rule it breaks, see :mod:`explorer.rules`) and ``message`` (one plain
sentence saying what is wrong and why).

>>> err = IllegalAction("cell-taken", "demo.claim.free", "Hex (0, 0) is already claimed by player 1.")
>>> err.code, err.rule
('cell-taken', 'demo.claim.free')
>>> str(err)
'Hex (0, 0) is already claimed by player 1. [rule demo.claim.free]'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ExplorerError",
    "IllegalAction",
    "NotYourTurn",
    "GameOver",
    "UnknownAction",
    "OptionError",
    "RecordError",
    "DataError",
    "RuleCatalogueError",
]


class ExplorerError(Exception):
    """Base class of every error the explorer raises on purpose."""


class IllegalAction(ExplorerError):
    """An action the rules do not allow in this state.

    Raised by ``state.apply(action)`` (which then leaves the state untouched) and returned,
    not raised, by ``state.why_illegal(action)``.
    """

    def __init__(self, code: str, rule: str, message: str, action: Any = None):
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.message = message
        self.action = action

    def __str__(self) -> str:
        return f"{self.message} [rule {self.rule}]"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, rule={self.rule!r}, message={self.message!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalAction):
            return NotImplemented
        return (type(self), self.code, self.rule, self.message) == (
            type(other), other.code, other.rule, other.message)

    def __hash__(self) -> int:
        return hash((type(self), self.code, self.rule, self.message))

    def to_dict(self) -> dict[str, str]:
        """A JSON-friendly form, as boards show it."""
        return {"code": self.code, "rule": self.rule, "message": self.message}


class NotYourTurn(IllegalAction):
    """The action is played by, or waits for, another player."""


class GameOver(IllegalAction):
    """The game has ended."""


class UnknownAction(IllegalAction):
    """The value is not an action of this game (unknown kind, wrong arguments)."""


class OptionError(ExplorerError, ValueError):
    """``new_game`` was given an impossible option."""


class RecordError(ExplorerError, ValueError):
    """A game record is malformed, or does not replay under the current rules and data."""


class DataError(ExplorerError, ValueError):
    """A component data file is malformed or breaks a confirmed fact; the message names the record."""


class RuleCatalogueError(ExplorerError, LookupError):
    """A rule catalogue is malformed, or a rule id is not in it."""
