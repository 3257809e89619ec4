"""4. Intriga: the Intrigue track, its location action, the start-player medal and ties.

gugong.intrigue.basic, gugong.intrigue.medal, gugong.assume.medal: the basic option moves the marker
1 step up and, for the first player of the day to choose it, takes the next-start-player medal.
gugong.intrigue.paid: 1 servant for 3 steps. gugong.intrigue.stack-on-top,
gugong.assume.intrigue-landing: a marker that lands on a space goes on top of the markers there.
gugong.intrigue.cap: the track ends at step 14. gugong.tiebreak.higher-wins,
gugong.tiebreak.stack, gugong.intrigue.tiebreak-role: the higher marker wins every tie
(``_core.intrigue_key``).
"""

from __future__ import annotations

from ._core import AUTO
from ._servants import can_pay, discount

__all__ = ["intrigue_up", "intrigue_down", "options", "tasks", "paid_cost"]


def _land(d, p: int) -> None:
    """gugong.intrigue.stack-on-top: the marker goes on top of any markers on its space."""
    d.seat(p).stamp = max(s.stamp for s in d.seats) + 1


def intrigue_up(d, p: int, steps: int) -> None:
    """gugong.intrigue.cap, gugong.assume.intrigue-landing: up ``steps``, stopping at the last
    step; a marker that cannot move at all keeps its place in its stack."""
    top = d.book.intrigue_max
    seat = d.seats[p]
    if steps <= 0 or seat.intrigue >= top:
        return
    d.seat(p).intrigue = min(top, seat.intrigue + steps)
    _land(d, p)


def intrigue_down(d, p: int, steps: int) -> None:
    """gugong.intrigue.benefit-cost: down ``steps`` (a benefit's price); it lands on top."""
    seat = d.seat(p)
    seat.intrigue = max(0, seat.intrigue - steps)
    _land(d, p)


def paid_cost(s, p: int) -> int:
    return max(0, s.book.c["intrigue_paid_cost"] - discount(s, p, "intrigue_paid"))


def options(s, p: int) -> list[str]:
    """gugong.assume.one-option-per-action: the basic option always (even on step 14, for the
    medal); the paid one with the servant to pay and room to move up."""
    out = ["basic"]
    seat = s.seats[p]
    if seat.intrigue < s.book.intrigue_max and can_pay(seat, paid_cost(s, p)):
        out.append("paid")
    return out


def tasks(s, p: int, option: str) -> list[tuple]:
    if option == "basic":
        return [("intrigue_basic", p)]
    return [("pay", p, paid_cost(s, p), 0), ("intrigue", p, s.book.c["intrigue_paid_steps"])]


def _basic(d, task) -> None:
    """gugong.intrigue.basic, gugong.intrigue.medal: +1 step; the first of the day takes the medal."""
    p = task[1]
    if d.medal < 0:
        d.medal = p
    intrigue_up(d, p, d.book.c["intrigue_basic_steps"])


AUTO["intrigue_basic"] = _basic
AUTO["intrigue"] = lambda d, task: intrigue_up(d, task[1], task[2])
