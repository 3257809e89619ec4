"""3. Determine el orden de turno: the reveal, the King's ring, last round's cards, the turn order.

gonzaga.order.reveal: every plan is revealed at once. gonzaga.order.king-reveal: a player who
played the King's Privilege reveals the committed action card and discards a ring
(gonzaga.king.ring-cost). gonzaga.order.return-cards: the cards resting in the middle box since
last round go back to the hand. gonzaga.order.by-action: the order is King's Privilege, then
A (ports), then B (cities), then C (alliance); gonzaga.order.king-tie: among King's Privileges,
by the committed card; gonzaga.order.card-tie: on the same card, the lower fief-card number
first (gonzaga.assume.order-ties; gonzaga.order.example is the rulebook's worked example).

>>> turn_order([(True, "C", 34), (False, "A", 51), (False, "B", 12), (False, "B", 83)])
(0, 1, 2, 3)
>>> turn_order([(False, "B", 83), (False, "B", 12), (True, "C", 34), (False, "A", 51)])
(2, 3, 1, 0)
"""

from __future__ import annotations

from typing import Sequence

from ._actions import PLACE

__all__ = ["turn_order", "order_key", "reveal_plans", "RANK"]

RANK = {"king": 0, "A": 1, "B": 2, "C": 3}
"""The printed turn ranks (the data's planning cards must agree, see ``_book``)."""


def order_key(king: bool, action: str, card: int, seat_rank: int = 0,
              rank: dict | None = None) -> tuple:
    """gonzaga.assume.order-ties: King's Privilege first, then the action card (A, B, C; for a
    King's Privilege, the committed card), then the lower fief-card number, then (only if a data
    file lets two cards share a number) seat order from the Last Turn holder."""
    rank = rank or RANK
    return (0 if king else 1, rank[action], card, seat_rank)


def turn_order(plans: Sequence[tuple[bool, str, int]], first: int = 0,
               rank: dict | None = None) -> tuple[int, ...]:
    """The turn order of players whose plans are ``plans[p] = (king, action, card number)``:
    the seats in the order they act (gonzaga.order.by-action, .king-tie, .card-tie); ``first`` is
    the seat holding the Last Turn card (used only for equal card numbers)."""
    rank = rank or RANK
    n = len(plans) if isinstance(plans, (list, tuple)) else 0
    if not n or type(first) is not int or not all(
            isinstance(x, (list, tuple)) and len(x) == 3 and type(x[0]) is bool and x[1] in rank
            and x[1] != "king" and type(x[2]) is int for x in plans):
        from .._errors import OptionError, shorten
        raise OptionError(f"turn_order takes a list of (king: bool, action card: 'A', 'B' or 'C', "
                          f"fief-card number) per player, not {shorten(plans, 80)}")
    return _ordered(plans, first, rank)


def _ordered(plans: Sequence[tuple[bool, str, int]], first: int, rank: dict) -> tuple[int, ...]:
    """:func:`turn_order` of plans known to be well formed."""
    n = len(plans)
    keys = [(0 if k else 1, rank[a], c, (p - first) % n) for p, (k, a, c) in enumerate(plans)]
    return tuple(sorted(range(n), key=keys.__getitem__))


def reveal_plans(d) -> None:
    """gonzaga.order.reveal, gonzaga.order.king-reveal, gonzaga.order.return-cards: the plans
    are turned up together, every King's Privilege pays its ring, last round's cards return, and
    the turn order is fixed for phase 4 (it does not change whatever a player then does)."""
    book = d.book
    n = d.n
    cost = book.c["king_ring_cost"]
    rings, paid = list(d.rings), list(d.paid)
    entries = []
    for p in range(n):
        plan = d.plans[p]
        if plan.king:
            rings[p] -= cost
            paid[p] += cost
        entries.append((plan.king, plan.action, book.card_number(d.fiefs[p], p)))
    d.rings, d.paid = tuple(rings), tuple(paid)
    d.resting = ((),) * n
    d.order = _ordered(entries, d.info.option("oldest", 0), book.action_rank or RANK)
    d.turn = 0
    d.phase = PLACE
