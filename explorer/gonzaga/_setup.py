"""Preparar: a new game, the scenario tile, the hidden objective cards.

gonzaga.setup.scenario: a scenario tile is drawn among the tiles for the player count (one
chance event). gonzaga.setup.flourishing, gonzaga.setup.inactive: the regions it lists flourish,
the others are inactive (their seals face down). gonzaga.setup.remove-region-cards: the inactive
regions' cards leave every player's hand; gonzaga.setup.inactive-card: the inactive-regions card
stands for them. gonzaga.setup.player-board, gonzaga.assume.seat-colours: each seat takes a
colour (seat 1 red, seat 2 yellow, seat 3 green, seat 4 blue, the data's order), its score at 0
and its planning cards in hand. gonzaga.setup.fief-deck: each player's twelve fief cards are
shuffled face down (each card is drawn when it is turned up, gonzaga.fief.reveal, never ordered
in advance). gonzaga.setup.rings: six rings each. gonzaga.setup.last-turn-card,
gonzaga.assume.oldest-player: the Last Turn card lies under the sixth card of the holder's deck
(the ``oldest`` option, default the first seat), so it is on top after round 6.
gonzaga.setup.objective-deal: one hidden objective card each, dealt seat by seat (one chance
event per player over the cards not dealt yet); the rest go back to the box unseen.
gonzaga.setup.gonzaga-tile: the Gonzaga tile lies beside the board until the end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._action import Action
from .._engine import Log, make_info
from .._errors import IllegalAction, NotYourTurn, OptionError, UnknownAction, shorten
from ._actions import FULL, HIDDEN, MASKED_OBJECTIVE, OBJECTIVE, SCENARIO
from ._book import Book, load
from ._round import start_round

__all__ = ["new_game", "OPTIONS", "scenario_actions", "objective_actions", "draw_scenario",
           "deal_objective", "explain_scenario", "explain_objective"]

OPTIONS = {"oldest": 0}
"""The game's options and their defaults: ``oldest`` is the seat (0-based) holding the Last Turn
card (gonzaga.assume.oldest-player)."""


def new_game(players: int = 2, seed: int | None = None, data: Any = None, map: Any = None,
             chance: str = "auto", **options: Any):
    """A new game of Gonzaga for 2-4 players.

    ``data`` and ``map``: the semantic layer (``data.json``) and the geometric layer
    (``map.json``), each None (the shipped file), a path, or a loaded data set; ``data`` may also
    be the pair a game was played with (``state.info.data``, a
    :class:`~explorer.gonzaga.Components`). The record carries both layers' versions.

    Option: ``oldest`` (default 0), the seat holding the Last Turn card.
    """
    from ._state import GAME, PLAYERS, RULES_VERSION, GonzagaState
    comp = load(data, map)
    info = make_info(GAME, rules_version=RULES_VERSION, players=players, allowed_players=PLAYERS,
                     seed=seed, chance=chance, options=options, known_options=OPTIONS, data=comp,
                     data_version=comp.version)
    oldest = info.option("oldest")
    if not 0 <= oldest < players:
        raise OptionError(f"oldest is the seat holding the Last Turn card, from 0 to {players - 1}, "
                          f"not {shorten(oldest, 40)}.")
    book = Book.of(comp)
    n = players
    c = book.c
    fiefs = tuple(range(len(book.fief_ids)))
    cells = bytes(book.geo.n)
    s = GonzagaState(
        info=info, log=Log(), phase=SCENARIO, round=0, scenario=-1, objectives=(-1,) * n,
        decks=(fiefs,) * n, fiefs=(-1,) * n, plans=(None,) * n, order=(), turn=0,
        resting=((),) * n, rings=(c["rings_per_player"],) * n, paid=(0,) * n, fief_at=cells,
        ring_at=cells, fief_mask=0, cover=(0,) * n, ring_mask=(0,) * n, pieces=((),) * n,
        church=((),) * n, box=((),) * n, points=((0, 0, 0),) * n,
        ports_held=((0,) * len(book.sea_ids),) * n, leagues=(0,) * n, last_round=0, book=book)
    return s._settle()


# ---- chance ----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _scenario_actions(book: Book, players: int) -> tuple[Action, ...]:
    return tuple(sorted((Action("scenario", book.scenarios[i].id) for i in book.scenarios_for(players)),
                        key=Action._key))


def scenario_actions(s) -> tuple[Action, ...]:
    """gonzaga.setup.scenario: the tiles for the player count, each equally likely."""
    return _scenario_actions(s.book, s.info.players)


@lru_cache(maxsize=64)
def _objective_actions(book: Book) -> tuple[Action, ...]:
    return tuple(Action("objective", oid) for oid in book.objective_ids)


@lru_cache(maxsize=64)
def _sorted_objectives(book: Book) -> tuple[tuple[int, Action], ...]:
    """Every objective card's index and outcome, in the order of the outcomes."""
    acts = _objective_actions(book)
    return tuple(sorted(enumerate(acts), key=lambda x: Action._key(x[1])))


def objective_actions(s) -> tuple[Action, ...]:
    """gonzaga.setup.objective-deal: the next player's card, each card not dealt yet equally
    likely. In another player's view the card is unknown: the one outcome ``objective("?")``."""
    seat = s.turn
    if s.viewer != FULL and seat != s.viewer:
        return (MASKED_OBJECTIVE,)
    dealt = set(o for o in s.objectives if o >= 0)
    return tuple(a for i, a in _sorted_objectives(s.book) if i not in dealt)


# ---- effects ---------------------------------------------------------------------------------
def draw_scenario(d, a: Action) -> None:
    """gonzaga.setup.scenario, .flourishing, .inactive: the tile drawn fixes the seals."""
    d.scenario = d.book.scenario_index[a.args[0]]
    d.phase = OBJECTIVE
    d.turn = 0


def deal_objective(d, a: Action) -> None:
    """gonzaga.setup.objective-deal: the card goes face down to the next player; when every
    player has one, the first round begins."""
    card = a.args[0]
    got = HIDDEN if card == "?" else d.book.objective_index[card]
    objs = d.objectives
    d.objectives = objs[:d.turn] + (got,) + objs[d.turn + 1:]
    d.turn += 1
    if d.turn == d.n:
        start_round(d)


# ---- refusals --------------------------------------------------------------------------------
def explain_scenario(s, a: Action) -> IllegalAction:
    if s.phase != SCENARIO:
        return NotYourTurn("not-chance", "engine.chance",
                           f"The scenario tile is drawn once, at set-up: now {s.awaiting()}.")
    tile = a.args[0]
    book = s.book
    i = book.scenario_index.get(tile)
    if i is None:
        return UnknownAction("no-such-scenario", "gonzaga.setup.scenario",
                             f"{shorten(tile, 40)} is not a scenario tile; the tiles for "
                             f"{s.players} players are {_tiles(s)}.")
    return IllegalAction("wrong-player-count", "gonzaga.setup.scenario",
                         f"Scenario tile {tile} is marked for {book.scenarios[i].players} players; "
                         f"this game of {s.players} draws among {_tiles(s)}.")


def _tiles(s) -> str:
    return ", ".join(a.args[0] for a in scenario_actions(s))


def explain_objective(s, a: Action) -> IllegalAction:
    if s.phase != OBJECTIVE:
        return NotYourTurn("not-chance", "engine.chance",
                           f"The hidden objective cards are dealt once, at set-up: now {s.awaiting()}.")
    card = a.args[0]
    book = s.book
    i = book.objective_index.get(card)
    if i is None:
        return UnknownAction("no-such-objective", "gonzaga.setup.objective-deal",
                             f"{shorten(card, 40)} is not a hidden objective card; they are "
                             f"{book.objective_ids[0]} to {book.objective_ids[-1]}.")
    if s.viewer != FULL and s.turn != s.viewer:
        return IllegalAction("objective-hidden", "gonzaga.setup.objective-deal",
                             "In this view the card dealt to another player is hidden: its outcome "
                             "is objective(\"?\").")
    return IllegalAction("objective-dealt", "gonzaga.setup.objective-deal",
                         f"Objective card {card} was already dealt: each card is dealt once, and "
                         "the unused ones go back to the box.")
