"""5. El Palacio de la Pureza Celestial: the Palace track, arrival and its VP.

gugong.palace.basic: the envoy 1 step forward. gugong.palace.paid: 2 servants for 2 steps and 1
Intrigue step. gugong.palace.arrival, gugong.palace.arrival-spot: the eighth step is the arrival;
the envoy takes the free arrival spot with the most VP (scored at the end).
gugong.palace.overflow-vp, gugong.assume.palace-steps: every step beyond the arrival, from any
source, gives 1 VP instead.
"""

from __future__ import annotations

from ._core import AUTO
from ._servants import can_pay, discount

__all__ = ["palace_steps", "options", "tasks", "paid_cost", "free_spot"]


def free_spot(seats, book) -> int:
    """gugong.palace.arrival-spot: the free arrival spot (rank) with the most VP."""
    taken = {s.arrival for s in seats}
    free = [r for r in range(1, len(book.arrival_vp) + 1) if r not in taken]
    return max(free, key=lambda r: (book.arrival_vp[r - 1], -r)) if free else 0


def palace_steps(d, p: int, steps: int) -> int:
    """The envoy ``steps`` steps forward; returns the VP scored for steps beyond the arrival."""
    book = d.book
    last = book.palace_steps
    extra = 0
    for _ in range(steps):
        seat = d.seat(p)
        if seat.palace < last:
            seat.palace += 1
            if seat.palace == last:
                seat.arrival = free_spot(d.seats, book)
        else:
            extra += book.c["palace_overflow_vp_per_step"]
    if extra:
        d.seat(p).vp += extra
    return extra


def paid_cost(s, p: int) -> int:
    return max(0, s.book.c["palace_paid_cost"] - discount(s, p, "palace_paid"))


def options(s, p: int) -> list[str]:
    out = ["basic"]
    if can_pay(s.seats[p], paid_cost(s, p)):
        out.append("paid")
    return out


def tasks(s, p: int, option: str) -> list[tuple]:
    c = s.book.c
    if option == "basic":
        return [("palace", p, c["palace_basic_steps"])]
    return [("pay", p, paid_cost(s, p), 0), ("palace", p, c["palace_paid_steps"]),
            ("intrigue", p, c["palace_paid_intrigue_steps"])]


AUTO["palace"] = lambda d, task: palace_steps(d, task[1], task[2])
