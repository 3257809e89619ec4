"""Errors raised by the explorer.

Every error the explorer raises on purpose derives from :class:`ExplorerError`::

    ExplorerError
    ├── IllegalAction          an action the rules do not allow here (state unchanged)
    │   ├── NotYourTurn        the action belongs to another player
    │   ├── GameOver           the game has ended; nothing more can be played
    │   └── UnknownAction      not an action of this game at all (wrong kind or arguments)
    ├── OptionError            an impossible option or argument (players, seed, a player number, ...)
    ├── RecordError            a saved game record is malformed or does not replay
    ├── SaveError              a file could not be written (the previous one is kept intact)
    ├── DataError              a component data file is malformed or breaks a known fact
    ├── RuleCatalogueError     a rule catalogue is malformed, or a rule id is unknown
    └── MissingExtra           a part that needs an optional extra (pandas, dask) without it

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
    "SaveError",
    "DataError",
    "RuleCatalogueError",
    "MissingExtra",
    "shorten",
    "cut",
    "MESSAGE_LIMIT",
]

MESSAGE_LIMIT = 2000
"""Longest message an explorer error carries; longer ones are cut (a huge bad value must not
make a huge message)."""


def shorten(value: Any, limit: int = 120) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how much was left out.

    Safe for any value: a repr that fails, or an integer too large to print, still gives text.

    >>> shorten("x" * 500, 20)
    "'xxxxxxxxxxxxxxxxxx… (502 characters)"
    >>> shorten(10 ** 5000)
    'an integer of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 4000:
        digits = int(abs(value).bit_length() * 0.30103) + 1
        return f"an integer of {digits} digits"
    if isinstance(value, str) and len(value) > limit * 4:
        text = repr(value[:limit * 4])
        full = len(value) + 2
    else:
        try:
            text = repr(value)
        except Exception:  # a value whose repr fails is still described
            text = f"<a {type(value).__name__}>"
        full = len(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit - 1]}… ({full} characters)"


def cut(text: str, limit: int = 200) -> str:
    """Plain text cut to about ``limit`` characters (for names and paths in messages).

    >>> cut("a" * 30, 10)
    'aaaaaaaaa…'
    """
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _bounded(message: str) -> str:
    if len(message) <= MESSAGE_LIMIT:
        return message
    return message[:MESSAGE_LIMIT - 40] + f"… (message cut, {len(message)} characters)"


class ExplorerError(Exception):
    """Base class of every error the explorer raises on purpose; its message is bounded."""

    def __init__(self, *args: Any):
        if len(args) == 1 and isinstance(args[0], str):
            args = (_bounded(args[0]),)
        super().__init__(*args)


class IllegalAction(ExplorerError):
    """An action the rules do not allow in this state.

    Raised by ``state.apply(action)`` (which then leaves the state untouched) and returned,
    not raised, by ``state.why_illegal(action)``.
    """

    def __init__(self, code: str, rule: str, message: str, action: Any = None):
        message = _bounded(message)
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
    """An impossible option or argument: to ``new_game`` (players, seed, an unknown option) or to
    a helper (a player number out of range, a value of the wrong type)."""


class RecordError(ExplorerError, ValueError):
    """A game record is malformed, or does not replay under the current rules and data."""


class SaveError(ExplorerError, OSError):
    """A file could not be written; whatever was saved there before is unchanged."""


class DataError(ExplorerError, ValueError):
    """A component data file is malformed or breaks a confirmed fact; the message names the record."""


class RuleCatalogueError(ExplorerError, LookupError):
    """A rule catalogue is malformed, or a rule id is not in it."""


class MissingExtra(ExplorerError, ImportError):
    """A part of the explorer needs packages of an optional extra that are not installed."""

    def __init__(self, what: str, extra: str, missing: str):
        super().__init__(f"{what} needs {missing}, which is not installed: install the explorer "
                         f"with its {extra!r} extra (pip install -e '.[{extra}]'; "
                         f"python3 run.py lab installs it).")
        self.extra = extra
