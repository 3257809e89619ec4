"""3. Jade: the jade houses and the jade box.

gugong.jade.house, gugong.assume.jade-houses: choose a house that still holds jade and pay its cost
in servants for 1 jade from it. gugong.jade.box: once every house is empty, 1 jade from the jade
box for 5 servants. gugong.jade.unlimited: the jade supply never runs out.
Options are a house id (``h1``, ...) or ``box``.
"""

from __future__ import annotations

from ._core import AUTO, POOL, Memo
from ._servants import can_pay, discount, ways_to_pay

__all__ = ["options", "tasks", "house_cost", "box_cost"]


def house_cost(s, p: int, h: int) -> int:
    return max(0, s.book.house_cost[h] - discount(s, p, "jade_house"))


def box_cost(s, p: int) -> int:
    return max(0, s.book.c["jade_box_cost"] - discount(s, p, "jade_box"))


def options(s, p: int) -> list[str]:
    seat = s.seats[p]
    houses = s.houses
    if not any(houses):
        return ["box"] if can_pay(seat, box_cost(s, p)) else []
    return list(_OPTIONS[s.book, houses, seat.pool, seat.foreman == POOL,
                         discount(s, p, "jade_house")])


def _options(book, houses, pool: int, has: bool, off: int) -> tuple[str, ...]:
    """The houses that still hold jade and whose cost (less ``off``) can be paid."""
    costs = book.house_cost
    return tuple(book.house_ids[h] for h, left in enumerate(houses)
                 if left > 0 and any(ways_to_pay(pool, has, max(0, costs[h] - off))))


_OPTIONS = Memo(_options)


def tasks(s, p: int, option: str) -> list[tuple]:
    if option == "box":
        return [("pay", p, box_cost(s, p), 0), ("jade_take", p, -1)]
    h = s.book.house_index[option]
    return [("pay", p, house_cost(s, p, h), 0), ("jade_take", p, h)]


def _take(d, task) -> None:
    _, p, h = task
    if h >= 0:
        houses = list(d.houses)
        houses[h] -= 1
        d.houses = tuple(houses)
    d.seat(p).jade += 1


AUTO["jade_take"] = _take
