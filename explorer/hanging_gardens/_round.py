"""Desarrollo de una ronda: building cards turned up, taken in turn, the start marker passed on.

hanging_gardens.round.reveal: each round starts with 4 cards turned up (3 with 3 players), one
chance event per card. hanging_gardens.round.order, .take-count, .must-take: from the start
player clockwise each player takes one face-up card (two each with two players, see
hanging_gardens.assume.two-player-order) and adds it to their garden at once
(hanging_gardens.round.place-now, in ``_place``). hanging_gardens.round.start-marker: when every
card is taken the start marker passes on (to the left, hanging_gardens.assume.start-marker-left),
and a new round begins unless the game is over (``_end``).
"""

from __future__ import annotations

from functools import lru_cache
from math import floor
from operator import itemgetter

from .._action import Action
from .._chance import uniform
from .._errors import IllegalAction, NotYourTurn, UnknownAction, shorten
from . import _end, _place
from ._actions import (DISCARD, MOVE, BONUS, PLACE, REVEAL, SCORE, TAKE, TAKE_A, TILE)

__all__ = ["order", "start_round", "reveal_card", "take_card", "end_turn", "LEGAL"]


@lru_cache(maxsize=None)
def _order(players: int, two: str, first: int) -> tuple[int, ...]:
    if players == 2:
        other = 1 - first
        return (first, first, other, other) if two == "two-in-a-row" else (first, other, first, other)
    return tuple((first + k) % players for k in range(players))


def order(info, first: int) -> tuple[int, ...]:
    """hanging_gardens.round.order, hanging_gardens.assume.two-player-order: who takes each of
    the round's cards, starting with the start player and going clockwise (with two players:
    start, other, start, other, or each player twice in a row with the option)."""
    return _order(info.players, info.option("two_player_order", "alternate"), first)


# ---- effects ---------------------------------------------------------------------------------
def start_round(d) -> None:
    """hanging_gardens.round.reveal: the start player turns up this round's cards."""
    d.order = order(d.info, d.first)
    d.display = ()
    d.turn = 0
    d.pending = ()
    d.phase = REVEAL


def reveal_card(d, a: Action) -> None:
    """hanging_gardens.round.reveal: the card drawn from the stack goes onto the next card space."""
    book = d.book
    card = book.card_index[a.args[0]]
    stack = d.stack
    i = stack.index(card)
    d.stack = stack = stack[:i] + stack[i + 1:]
    d.display = display = d.display + (card,)
    if len(display) == book.cards_revealed(d.info.players) or not stack:
        d.phase = TAKE


def take_card(d, a: Action) -> None:
    """hanging_gardens.round.must-take, hanging_gardens.round.place-now: the card leaves its
    space; it is placed now, or discarded if it fits nowhere (hanging_gardens.place.unplaceable-discard)."""
    space = a.args[0] - 1
    card = d.display[space]
    d.display = d.display[:space] + (-1,) + d.display[space + 1:]
    anchors = _place.anchor_masks(d, d.gardens[d.mover], card)
    if anchors:
        d.phase, d.pending = PLACE, (card, anchors)
    else:
        d.phase, d.pending = DISCARD, (card,)


def end_turn(d) -> None:
    """The turn is over: the next player of the round takes a card, or the round ends."""
    d.pending = ()
    d.turn += 1
    if d.turn < len(d.order):
        d.phase = TAKE
    else:
        end_round(d)


def end_round(d) -> None:
    """hanging_gardens.round.start-marker, hanging_gardens.assume.start-marker-left: the start
    marker passes to the left; then the game ends (hanging_gardens.end.cards-played,
    hanging_gardens.end.tiles-run-out) or a round begins."""
    d.first = (d.first + 1) % d.n
    if _end.is_last_round(d):
        d.phase = _end.OVER
        return
    d.round += 1
    start_round(d)


# ---- chance ----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _reveal_actions(book) -> tuple[Action, ...]:
    return tuple(Action("reveal", cid) for cid in book.card_ids)


def reveal_outcomes(s) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """hanging_gardens.setup.building-stack: every card still in the stack is equally likely
    (outcomes and their weights)."""
    acts, rank = _reveal_order(s.book)
    stack = s.stack
    cards = stack if rank is None else sorted(stack, key=rank.__getitem__)     # stack is sorted
    if len(cards) == 1:
        return (acts[cards[0]],), uniform(1)
    return itemgetter(*cards)(acts), uniform(len(cards))


@lru_cache(maxsize=64)
def _reveal_order(book) -> tuple[tuple[Action, ...], tuple[int, ...] | None]:
    """The reveal actions by card, and each card's place among them in the actions' order
    (None when that is the cards' own order)."""
    acts = _reveal_actions(book)
    rank = [0] * len(acts)
    for place, c in enumerate(sorted(range(len(acts)), key=lambda c: acts[c]._key())):
        rank[c] = place
    return acts, (None if rank == sorted(rank) else tuple(rank))


@lru_cache(maxsize=64)
def reveal_index(book) -> dict[Action, int]:
    """Each reveal action's card."""
    return {a: c for c, a in enumerate(_reveal_actions(book))}


def reveal_drawn(s, x: float) -> Action:
    """One card of the stack, each equally likely (``x``: a number drawn uniformly from [0, 1))."""
    stack = s.stack
    return _reveal_actions(s.book)[stack[floor(x * len(stack))]]


def legal_reveal(s) -> list[Action]:
    return list(reveal_outcomes(s)[0])


# ---- legal actions and refusals ----------------------------------------------------------------
def legal_take(s) -> list[Action]:
    """hanging_gardens.round.must-take, hanging_gardens.assume.take-unplaceable: any face-up card."""
    return [TAKE_A[i] for i, c in enumerate(s.display) if c >= 0]


LEGAL = {TAKE: legal_take}


def _spaces(s) -> str:
    full = [str(i + 1) for i, c in enumerate(s.display) if c >= 0]
    if not full:
        return "no card space"
    return f"card space {full[0]}" if len(full) == 1 else f"card spaces {', '.join(full)}"


def explain_take(s, a: Action) -> IllegalAction:
    space = a.args[0]
    book = s.book
    if s.phase in (PLACE, DISCARD):
        return IllegalAction("one-card-per-turn", "hanging_gardens.round.take-count",
                             f"You have taken {book.card_text(s.pending[0])} this turn: "
                             f"{s.awaiting()} before the next card is taken.")
    if s.phase in (SCORE, MOVE, BONUS, TILE):
        return IllegalAction("one-card-per-turn", "hanging_gardens.round.take-count",
                             f"You have taken and placed a card this turn; {s.awaiting()}.")
    n = len(s.display) or book.cards_revealed(s.players)
    if not 1 <= space <= n:
        return UnknownAction("no-such-space", "hanging_gardens.round.reveal",
                             f"There is no card space {shorten(space, 40)}: this round's cards lie "
                             f"in card spaces 1 to {n}.")
    return IllegalAction("space-empty", "hanging_gardens.round.must-take",
                         f"Card space {space} is empty: its card was taken this round. The "
                         f"face-up cards are in {_spaces(s)}.")


def explain_reveal(s, a: Action) -> IllegalAction:
    book = s.book
    if s.phase != REVEAL:
        return NotYourTurn("not-chance", "engine.chance",
                           f"No building card is being turned up now: {s.awaiting()}.")
    card = book.card_index.get(a.args[0])
    if card is None or card >= book.buildings:
        return UnknownAction("no-such-card", "hanging_gardens.setup.building-stack",
                             f"{shorten(a.args[0], 40)} is not a building card; they are "
                             f"{book.card_ids[0]} to {book.card_ids[book.buildings - 1]}.")
    return IllegalAction("not-in-stack", "hanging_gardens.setup.building-stack",
                         f"Card {a.args[0]} is no longer in the stack: it was turned up earlier.")
