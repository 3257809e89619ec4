"""Preparación: a new game, the face-up tiles dealt and the start player drawn.

hanging_gardens.setup.start-card: every player's garden begins as their start card (all blank
ground) at rows 0-1, columns 0-2. hanging_gardens.setup.building-stack: the 60 building cards
form the face-down stack (drawn one by one as chance events, never ordered in advance).
hanging_gardens.setup.tile-stacks, .face-up-tiles: the 49 point tiles form two face-down stacks
of about equal size, and six are drawn onto the board's spaces (3 columns of 2).
hanging_gardens.setup.temples: five temples each. hanging_gardens.setup.start-player: the start
player is drawn at random.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .._action import Action
from .._data import DataSet, resolve_data
from .._engine import Log, make_info
from .._errors import IllegalAction, NotYourTurn, OptionError, UnknownAction, shorten
from . import _round, _score
from ._actions import DEAL, START, START_A
from ._book import SCHEMA, Book
from ._grid import ORIGIN, W

__all__ = ["new_game", "OPTIONS", "ROTATIONS", "TWO_PLAYER_ORDERS", "allowed_turns"]

ROTATIONS = {"any": (0, 1, 2, 3), "half-turn": (0, 2), "none": (0,)}
"""hanging_gardens.assume.card-orientation: the turns each ``rotation`` option allows."""
TWO_PLAYER_ORDERS = ("alternate", "two-in-a-row")
"""hanging_gardens.assume.two-player-order: how two players take their four cards."""
OPTIONS = {"rotation": "any", "two_player_order": "alternate"}
"""The game's options and their defaults."""


def allowed_turns(info) -> tuple[int, ...]:
    """hanging_gardens.assume.card-orientation: the turns a card may be placed in."""
    return _turns(info.options)


@lru_cache(maxsize=64)
def _turns(options: tuple) -> tuple[int, ...]:
    return ROTATIONS[dict(options).get("rotation", "any")]


def new_game(players: int = 2, seed: int | None = None, data: str | Path | DataSet | None = None,
             chance: str = "auto", **options: Any):
    """A new game of The Hanging Gardens for 2-4 players.

    Options: ``rotation`` ("any", the default: a card may be placed in any of its four turns;
    "half-turn": as printed or turned a half turn; "none": as printed only) and
    ``two_player_order`` ("alternate", the default: start player, other, start player, other;
    "two-in-a-row": each player takes both cards in consecutive turns).
    """
    from ._state import GAME, PLAYERS, RULES_VERSION, Garden, HangingGardensState
    ds = resolve_data(SCHEMA, data, "The Hanging Gardens")
    info = make_info(GAME, rules_version=RULES_VERSION, players=players, allowed_players=PLAYERS,
                     seed=seed, chance=chance, options=options, known_options=OPTIONS, data=ds,
                     data_version=ds.version)
    if info.option("rotation") not in ROTATIONS:
        raise OptionError(f"rotation must be one of {', '.join(map(repr, ROTATIONS))}, not "
                          f"{shorten(info.option('rotation'), 60)}.")
    if info.option("two_player_order") not in TWO_PLAYER_ORDERS:
        raise OptionError(f"two_player_order must be one of {', '.join(map(repr, TWO_PLAYER_ORDERS))}, "
                          f"not {shorten(info.option('two_player_order'), 60)}.")
    book = Book.of(ds)
    gardens = tuple(_start_garden(book, book.buildings + p, Garden) for p in range(players))
    kinds = len(book.tiles)
    zeros = (0,) * kinds
    s = HangingGardensState(
        info=info, log=Log(), phase=DEAL, round=0, first=-1, turn=0, order=(),
        stack=tuple(range(book.buildings)), display=(), gardens=gardens,
        tiles=(zeros,) * players, hidden=(zeros,) * players, unknown=(0,) * players,
        missed=(0,) * players, faceup=(-1,) * len(book.space_column), heights=book.stack_heights,
        pool=book.counts, discards=(), pending=(), secrets=(), book=book)
    return s._settle()


def _start_garden(book: Book, card: int, garden_type):
    """hanging_gardens.setup.start-card: the start card alone, top-left section on (0, 0)."""
    o = book.orient[card][0]
    grid = bytearray(W * W)
    for off, code in zip(o.cells, o.codes):
        grid[ORIGIN + off] = code
    return garden_type(o.mask << ORIGIN, bytes(grid), (), ((card, ORIGIN, 0),), ORIGIN)


# ---- effects ---------------------------------------------------------------------------------
def deal_tile(d, a: Action) -> None:
    """hanging_gardens.setup.face-up-tiles: the drawn tile goes onto the next empty space."""
    kind = d.book.tile_index[a.args[0]]
    _score.take_from_stacks(d, kind)
    faceup = list(d.faceup)
    faceup[faceup.index(-1)] = kind
    d.faceup = tuple(faceup)
    if -1 not in d.faceup:
        d.phase = START


def choose_start(d, a: Action) -> None:
    """hanging_gardens.setup.start-player: the drawn player starts the first round."""
    d.first = a.args[0]
    d.round = 1
    _round.start_round(d)


# ---- legal actions and refusals --------------------------------------------------------------
def legal_start(s) -> list[Action]:
    return list(START_A[:s.info.players])


def explain_start(s, a: Action) -> IllegalAction:
    if s.phase != START:
        return NotYourTurn("not-chance", "engine.chance",
                           f"The start player is drawn once, at set-up: {s.awaiting()}.")
    return UnknownAction("no-such-player", "hanging_gardens.setup.start-player",
                         f"This game has players 0 to {s.players - 1} (0-based); "
                         f"{shorten(a.args[0], 40)} is not one of them.")
