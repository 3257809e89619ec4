"""Rules explorer for board games: rules engines, boards, exact odds and analysis.

The public API, game-agnostic (each game lives in ``explorer.<game>``)::

    Action                   one move, choice or chance outcome (plain, hashable, JSON-friendly)
    GameState, CHANCE        the engine contract every game's state follows (see _engine)
    Signature, TupleOf       how a game declares its actions' arguments (checked type-strictly)
    replay, load_record, save_record
                             game records: seed + setup + actions, replayed through the rules
                             (saves are atomic; auto-chance records are checked against the seed)
    IllegalAction ...        the error hierarchy (see _errors)
    rules                    rule catalogues: rules.catalogue(game), rules.rule(id)
    Board                    a live anywidget board for any game (explorer.board)
    hexgrid, dice, svg       hex geometry, exact dice maths, SVG helpers
    GAMES                    the games the explorer knows
"""

from . import dice, hexgrid, svg
from . import _rules as rules
from ._action import Action, Signature, TupleOf
from ._chance import event_rng
from ._data import DataRecord, DataSet, Fact, Field, Provenance, Schema, load_data
from ._engine import CHANCE, GameInfo, GameState
from ._errors import (DataError, ExplorerError, GameOver, IllegalAction, NotYourTurn, OptionError,
                      RecordError, RuleCatalogueError, SaveError, UnknownAction)
from ._record import load_record, replay, save_record
from ._registry import GAMES

__version__ = "0.1.0"

__all__ = [
    "Action", "CHANCE", "GameInfo", "GameState", "replay", "load_record", "save_record",
    "ExplorerError", "IllegalAction", "NotYourTurn", "GameOver", "UnknownAction", "OptionError",
    "RecordError", "SaveError", "DataError", "RuleCatalogueError", "rules", "dice", "hexgrid", "svg",
    "Signature", "TupleOf",
    "DataSet", "DataRecord", "Schema", "Field", "Fact", "Provenance", "load_data", "event_rng",
    "GAMES", "Board",
]


def __getattr__(name: str):
    # the widget pulls in ipywidgets/anywidget: load it only when asked for
    if name == "Board":
        from .board import Board
        return Board
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")
