"""6. Decretos: taking a decree, its lasting advantages, and what decrees score at the end.

gugong.decree.cost, gugong.assume.decree-payment: the printed cost plus 1 servant per opponent's
servant already on the decree (less any discount the player's decrees give), then
gugong.decree.place-servant: one more servant stays on it (the foreman may stand there and is
lost, gugong.foreman.decree-port-standing). gugong.decree.once: each decree once per player.
gugong.decree.vp-now: its immediate effects (such as VP) at once; gugong.decree.lasting,
gugong.assume.decree-effects: its lasting effects for the rest of the game (a morning perk, a bonus
after an action, a discount); gugong.decree.level3-end: level-3 decrees score only at the end.

A decree's effects are data (``_book.EFFECT_KINDS``); nothing here knows any printed decree.
Options are decree ids (``d2-a``, ...).
"""

from __future__ import annotations

from ._core import GATE, LEGAL, LOST_DECREE, POOL, order_from
from ._servants import FOREMAN_USES, after_action, can_pay, discount, legal_foreman

__all__ = ["options", "tasks", "cost", "held", "perk_tasks", "on_action", "vp_end", "END_COUNTS"]


def held(s, p: int) -> list[int]:
    """The decree slots (board order) on which ``p`` has a servant."""
    return [slot for slot, h in enumerate(s.holders) if p in h]


def cost(s, p: int, slot: int) -> int:
    """gugong.decree.cost: printed cost + 1 per opponent's servant on it, less discounts."""
    book = s.book
    extra = book.c["decree_opponent_surcharge"] * sum(1 for q in s.holders[slot] if q != p)
    return max(0, book.decree_cost[s.decrees[slot]] + extra - discount(s, p, "decree"))


def options(s, p: int) -> list[str]:
    seat = s.seats[p]
    book = s.book
    off = discount(s, p, "decree")
    c = book.c
    extra = c["decree_opponent_surcharge"]
    placed = c["decree_servants_placed"]
    costs, ids = book.decree_cost, book.decree_ids
    out = []
    for d, holders in zip(s.decrees, s.holders):
        if d >= 0 and p not in holders and can_pay(seat, max(0, costs[d] + extra * len(holders) - off),
                                                   placed):
            out.append(ids[d])
    return out


def tasks(s, p: int, option: str) -> list[tuple]:
    book = s.book
    slot = s.decrees.index(book.decree_index[option])
    return [("pay", p, cost(s, p, slot), book.c["decree_servants_placed"]),
            ("decree_place", p, slot),
            ("fx", p, book.decree_immediate[s.decrees[slot]], "decree")]


def _put(d, p: int, slot: int, foreman: bool) -> None:
    seat = d.seat(p)
    if foreman:
        seat.foreman = LOST_DECREE
    else:
        seat.pool -= 1
    holders = list(d.holders)
    holders[slot] = holders[slot] + (p,)
    d.holders = tuple(holders)


def _place_gate(d, task) -> bool:
    """("decree_place", p, slot): a cube, or the foreman standing (asked when both are there)."""
    _, p, slot = task
    seat = d.seats[p]
    if seat.foreman == POOL and seat.pool >= 1:
        return True
    d.agenda.pop()
    _put(d, p, slot, seat.pool < 1 and seat.foreman == POOL)
    return False


def perk_tasks(s) -> list[tuple]:
    """gugong.morning.decree-perks, gugong.assume.player-order: every holder of a level-1 decree
    gets its morning perk, in player order, a player's decrees in board order."""
    book = s.book
    out = []
    for p in order_from(s.first, s.info.players):
        for slot in held(s, p):
            for e in book.decree_effects[s.decrees[slot]]:
                if e[0] == "perk" and e[1] == "morning":
                    out.append(("fx", p, e[2], "perk"))
    return out


def on_action(s, p: int, loc: str) -> list[tuple]:
    """gugong.assume.decree-effects: the effects ``p``'s decrees add after ``p`` carries out
    the action of ``loc``."""
    pairs = after_action(s).get(loc)
    if pairs is None:
        return []
    holders = s.holders
    return [("fx", p, effects, "decree") for slot, effects in pairs if p in holders[slot]]


def _count(s, p: int, per: str) -> int:
    seat = s.seats[p]
    if per == "fixed":
        return 1
    if per == "jade":
        return seat.jade
    if per == "travel_token":
        return len(seat.tokens)
    if per == "decree":
        return len(held(s, p))
    if per == "port_reward":
        return sum(seat.slots)
    if per == "servant":
        return seat.pool + (seat.foreman == POOL)
    if per == "intrigue_step":
        return seat.intrigue
    if per == "ship_on_canal":
        return sum(1 for route in s.canal for ship in route if ship is not None and ship[0] == p)
    return 0


END_COUNTS = ("fixed", "jade", "travel_token", "decree", "port_reward", "servant", "intrigue_step",
              "ship_on_canal")


def vp_end(s, p: int) -> int:
    """gugong.end.level3, gugong.decree.level3-end: the end-game VP of ``p``'s decrees:
    ``vp * (count // every)``, at most ``max``."""
    book = s.book
    total = 0
    for slot in held(s, p):
        for e in book.decree_effects[s.decrees[slot]]:
            if e[0] == "vp_end":
                _, per, vp, every, most = e
                got = vp * (_count(s, p, per) // every)
                total += min(got, most) if most else got
    return total


GATE["decree_place"] = _place_gate
LEGAL["decree_place"] = legal_foreman
FOREMAN_USES["decree_place"] = lambda d, task, use: _put(d, task[1], task[2], use)
