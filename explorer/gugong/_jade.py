"""3. Jade: the jade houses and the jade box.

gugong.jade.house, gugong.assume.jade-houses: choose a house that still holds jade and pay its cost
in servants for 1 jade from it. gugong.jade.box: once every house is empty, 1 jade from the jade
box for 5 servants. gugong.jade.unlimited: the jade supply never runs out.
Options are a house id (``h1``, ...) or ``box``.
"""

from __future__ import annotations

from ._core import AUTO
from ._servants import can_pay, discount

__all__ = ["options", "tasks", "house_cost", "box_cost"]


def house_cost(s, p: int, h: int) -> int:
    return max(0, s.book.house_cost[h] - discount(s, p, "jade_house"))


def box_cost(s, p: int) -> int:
    return max(0, s.book.c["jade_box_cost"] - discount(s, p, "jade_box"))


def options(s, p: int) -> list[str]:
    seat = s.seats[p]
    book = s.book
    off = discount(s, p, "jade_house")
    costs = book.house_cost
    out = [book.house_ids[h] for h, left in enumerate(s.houses)
           if left > 0 and can_pay(seat, max(0, costs[h] - off))]
    if not any(s.houses) and can_pay(seat, box_cost(s, p)):
        out.append("box")
    return out


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
