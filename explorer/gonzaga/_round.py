"""Como se juega: a round's four phases, phase 1 (take your fief), and the end of each turn and
of the round.

gonzaga.round.phases: a round is phase 1 (gonzaga.fief.reveal: every player turns up the top
card of their fief deck and takes its fief; one chance event per player, seat by seat, over the
cards left in the deck), phase 2 (``_plan``), phase 3 (``_order``) and phase 4 (``_place``,
``_wedding``). gonzaga.place.card-to-box: after their turn a player's fief card goes to the box;
gonzaga.cards.middle-box: their planning cards, the King's Privilege included, go face up to the
middle box, where they rest through the next round's planning (gonzaga.cards.rest).
gonzaga.round.end: when every player has taken their turn the round ends; the Last Turn check
and the end of the game follow (``_end``).
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .._action import Action
from .._errors import IllegalAction, NotYourTurn, UnknownAction, shorten
from . import _end
from ._actions import OVER, PLACE, PLAN, REVEAL, RING

__all__ = ["start_round", "reveal_actions", "reveal_fief", "explain_reveal", "end_turn",
           "not_now", "played_cards"]


def start_round(d) -> None:
    """gonzaga.round.phases: a new round begins with phase 1 (the fief cards turned up)."""
    d.round += 1
    d.phase = REVEAL
    d.turn = 0
    d.plans = (None,) * d.n
    d.order = ()
    d.fiefs = (-1,) * d.n


@lru_cache(maxsize=64)
def _reveal_table(book) -> tuple[tuple[Action, ...], ...]:
    """Per seat, per fief: the chance outcome that turns up that fief's card."""
    return tuple(tuple(Action("reveal", book.card_number(f, seat)) for f in range(len(book.fief_ids)))
                 for seat in range(len(book.colours)))


@lru_cache(maxsize=64)
def _card_fief(book) -> tuple[dict, ...]:
    """Per seat: the fief of each card number of that seat's colour."""
    return tuple({book.card_number(f, seat): f for f in range(len(book.fief_ids))}
                 for seat in range(len(book.colours)))


def reveal_actions(s) -> list[Action]:
    """gonzaga.setup.fief-deck, gonzaga.fief.reveal: the next player's top card, each card left
    in their deck equally likely (by its number; a deck is kept in fief order, and a colour adds
    the same digit to every fief number, so the outcomes come sorted)."""
    seat = s.turn
    table = _reveal_table(s.book)[seat]
    return [table[f] for f in s.decks[seat]]


def draw_reveal(s, u: float) -> Action:
    """The outcome of :func:`reveal_actions` at ``floor(u * len(outcomes))`` (``0 <= u < 1``),
    without listing them."""
    seat = s.turn
    deck = s.decks[seat]
    return _reveal_table(s.book)[seat][deck[floor(u * len(deck))]]


def reveal_fief(d, a: Action) -> None:
    """gonzaga.fief.reveal: the card turned up names this round's fief; when every player has
    theirs, the secret planning begins (phase 2)."""
    seat = d.turn
    deck = d.decks[seat]
    fief = _card_fief(d.book)[seat][a.args[0]]
    k = deck.index(fief)
    d.decks = d.decks[:seat] + (deck[:k] + deck[k + 1:],) + d.decks[seat + 1:]
    d.fiefs = d.fiefs[:seat] + (fief,) + d.fiefs[seat + 1:]
    d.turn += 1
    if d.turn == d.n:
        d.turn = 0
        d.phase = PLAN


def explain_reveal(s, a: Action) -> IllegalAction:
    if s.phase != REVEAL:
        return NotYourTurn("not-chance", "engine.chance",
                           f"No fief card is being turned up now: {s.awaiting()}.")
    card = a.args[0]
    book = s.book
    seat = s.turn
    fief = next((f for f in range(len(book.fief_ids)) if book.card_number(f, seat) == card), None)
    if fief is None:
        owners = [p for p in range(s.players) for f in range(len(book.fief_ids))
                  if book.card_number(f, p) == card]
        if owners:
            return IllegalAction("not-this-deck", "gonzaga.setup.fief-deck",
                                 f"Card {card} belongs to {s.player_label(owners[0])}'s deck; now "
                                 f"{s.player_label(seat)}'s top card is turned up.")
        return UnknownAction("no-such-card", "gonzaga.fief.card-number",
                             f"No fief card is numbered {shorten(card, 40)}: a card's number is its "
                             f"fief's number ({book.fief_numbers[0]} to {book.fief_numbers[-1]}) "
                             "plus its colour's digit.")
    return IllegalAction("card-played", "gonzaga.place.card-to-box",
                         f"Card {card} was turned up in an earlier round and is in the box; "
                         f"{s.player_label(seat)}'s deck holds {len(s.decks[seat])} card(s).")


def played_cards(plan) -> tuple[str, ...]:
    """gonzaga.cards.middle-box: the planning cards a plan played (the region card, the action
    card, and the King's Privilege if it was played)."""
    return (plan.region, plan.action, "king") if plan.king else (plan.region, plan.action)


def end_turn(d) -> None:
    """gonzaga.place.card-to-box, gonzaga.cards.middle-box: the fief card goes to the box and
    the planning cards to the middle box, after a placement, a wedding or a donation alike
    (gonzaga.assume.every-turn-ends-alike); the next player in turn order acts, or the round
    ends (gonzaga.round.end)."""
    p = d.order[d.turn]
    d.resting = d.resting[:p] + (played_cards(d.plans[p]),) + d.resting[p + 1:]
    d.pending = ()
    d.turn += 1
    if d.turn < d.n:
        d.phase = PLACE
        return
    _end.end_round(d)
    if d.phase != OVER:
        start_round(d)


def not_now(s, a: Action, rule: str = "gonzaga.round.phases") -> IllegalAction:
    """The refusal of an action whose phase this is not."""
    ph = s.phase
    if ph == OVER:
        from .._errors import GameOver
        return GameOver("game-over", "engine.game-over", f"The game is over; {a} cannot be played.")
    if ph == PLAN:
        return IllegalAction("planning", "gonzaga.plan.secret",
                             f"Phase 2: every player plans in secret first; {s.awaiting()}.")
    if ph in (PLACE, RING):
        return IllegalAction("placing", "gonzaga.place.turn-order",
                             f"Plans are revealed and phase 4 is under way: {s.awaiting()}.")
    return NotYourTurn("chance-pending", "engine.chance", f"Chance first: {s.awaiting()}.")
