"""Servants and the foreman: gains, payments and where the foreman may take part.

gugong.setup.servants, gugong.assume.own-supply: each player owns 12 cubes, in their servant pool,
their own general supply, on the wall, on ships, on decrees and in port slots; every gain comes
from the player's supply and every payment goes back to it. gugong.servants.cap: a gain gives at
most what the supply holds.

The foreman (gugong.foreman.*): locked on its space until the Huai'an reward puts it in the pool
(gugong.foreman.unlock); then it is kept like a servant (gugong.foreman.like-servants). It may
pay 2 servants of a payment (gugong.foreman.pay-instead, gugong.assume.foreman-pay), lie on the
wall or a ship taking 2 spaces (gugong.foreman.lying-wall-ship, gugong.foreman.with-servant),
stand on a decree or in a port slot and be lost (gugong.foreman.decree-port-standing,
gugong.foreman.decree-port-lost), and be taken from the supply as a gained servant
(gugong.foreman.gain-instead, gugong.assume.foreman-gain).

The player is asked about the foreman (``foreman(True)`` / ``foreman(False)``) only where it
could take part and there is another way; otherwise the only way is taken at once.
"""

from __future__ import annotations

from ._actions import FOREMAN_A
from ._core import AUTO, EFFECT, GATE, LEGAL, POOL, SUPPLY, Memo

__all__ = ["give_cubes", "pay_ways", "can_pay", "pieces", "discount", "after_action",
           "ways_to_pay"]

_BOTH = [FOREMAN_A[False], FOREMAN_A[True]]


def give_cubes(d, p: int, n: int) -> int:
    """gugong.servants.cap: ``n`` cubes from ``p``'s supply into the pool, as many as it holds."""
    if n <= 0:
        return 0
    seat = d.seat(p)
    got = min(n, seat.supply)
    seat.supply -= got
    seat.pool += got
    return got


def pieces(seat) -> int:
    """Pieces in the pool that can be placed: cubes, and the foreman if it is there."""
    return seat.pool + (seat.foreman == POOL)


def pay_ways(seat, amount: int, after: int = 0) -> tuple[bool, bool]:
    """(with cubes, with the foreman): whether ``amount`` can be paid from the pool in each way,
    leaving at least ``after`` pieces to place (gugong.assume.foreman-pay: the foreman pays
    exactly 2 of a payment of 2 or more)."""
    return ways_to_pay(seat.pool, seat.foreman == POOL, amount, after)


def ways_to_pay(pool: int, has: bool, amount: int, after: int = 0) -> tuple[bool, bool]:
    """:func:`pay_ways` from ``pool`` cubes, and the foreman if ``has``."""
    if amount <= 0:
        return (pool + has >= after, False)
    cubes = pool >= amount and pool - amount + has >= after
    fore = has and amount >= 2 and pool >= amount - 2 and pool - amount + 2 >= after
    return (cubes, fore)


def can_pay(seat, amount: int, after: int = 0) -> bool:
    """Whether ``amount`` can be paid in one of the :func:`pay_ways` (with cubes, or with the
    foreman as 2 of it, gugong.assume.foreman-pay), leaving ``after`` pieces to place."""
    pool = seat.pool
    has = seat.foreman == POOL
    if amount <= 0:
        return pool + has >= after
    return ((pool >= amount and pool - amount + has >= after)
            or (has and amount >= 2 and pool >= amount - 2 and pool - amount + 2 >= after))


def discount(s, p: int, on: str) -> int:
    """gugong.assume.decree-effects: the servant discount ``p``'s decrees give on ``on``."""
    if on not in s.book.discounts:
        return 0
    pairs = _planned(s)[2].get(on)
    if pairs is None:
        return 0
    holders = s.holders
    total = 0
    for slot, amount in pairs:
        if p in holders[slot]:
            total += amount
    return total


def after_action(s) -> dict:
    """The effects the decrees in play add after a location action, by location:
    ``{location: ((slot, effects), ...)}``."""
    return _planned(s)[3]


def _plan(book, decrees: tuple) -> tuple:
    """What the decrees in play give: the discounts ``{kind: ((slot, servants), ...)}`` and the
    effects after a location action ``{location: ((slot, effects), ...)}``."""
    off: dict = {}
    after: dict = {}
    for slot, d in enumerate(decrees):
        if d < 0:
            continue
        for on, giving in book.discounts.items():
            if giving.get(d, 0):
                off.setdefault(on, []).append((slot, giving[d]))
        for e in book.decree_effects[d]:
            if e[0] == "on_action":
                after.setdefault(e[1], []).append((slot, e[2]))
    return (decrees, book, {k: tuple(v) for k, v in off.items()},
            {k: tuple(v) for k, v in after.items()})


_PLANS = Memo(_plan)
"""The plans worked out, by book and decrees (a game's decrees are set once)."""


def _planned(s) -> tuple:
    return _PLANS[s.book, s.decrees]


def pay_now(d, p: int, amount: int, with_foreman: bool) -> None:
    """Pay ``amount`` from the pool to the supply (the foreman as 2 of it if ``with_foreman``)."""
    seat = d.seat(p)
    if with_foreman:
        seat.foreman = SUPPLY
        amount -= 2
    seat.pool -= amount
    seat.supply += amount


# ---- tasks ---------------------------------------------------------------------------------
def _gain_gate(d, task) -> bool:
    """("gain", p, n): gugong.foreman.gain-instead: with the foreman in the supply the player
    decides whether it is one of the servants gained; otherwise the cubes come at once."""
    _, p, n = task
    if d.seats[p].foreman == SUPPLY and n > 0:
        return True
    d.agenda.pop()
    give_cubes(d, p, n)
    return False


def _pay_gate(d, task) -> bool:
    """("pay", p, amount, after): a payment; a decision only when both ways are open."""
    _, p, amount, after = task
    if amount <= 0:
        d.agenda.pop()
        return False
    cubes, fore = pay_ways(d.seats[p], amount, after)
    if cubes and fore:
        return True
    d.agenda.pop()
    if cubes or fore:
        pay_now(d, p, amount, fore and not cubes)
    return False


def legal_foreman(s, task) -> list:
    return list(_BOTH)


def foreman_choice(d, a, task) -> None:
    """``foreman(use)``: the decision of the task on top (a gain, a payment, a placement)."""
    use = a.args[0]
    code = task[0]
    if code == "gain":
        _, p, n = task
        if use:
            d.seat(p).foreman = POOL
            n -= 1
        give_cubes(d, p, n)
    elif code == "pay":
        pay_now(d, task[1], task[2], use)
    else:
        FOREMAN_USES[code](d, task, use)


FOREMAN_USES: dict = {}
"""Other modules' tasks that ask about the foreman: code -> fn(d, task, use)."""

GATE["gain"] = _gain_gate
GATE["pay"] = _pay_gate
LEGAL["gain"] = LEGAL["pay"] = legal_foreman
EFFECT["foreman"] = foreman_choice
AUTO["cubes"] = lambda d, task: give_cubes(d, task[1], task[2])
