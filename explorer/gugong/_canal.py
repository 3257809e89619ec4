"""7. El Gran Canal: ships, servants on them, moves along the canal, and port rewards.

gugong.canal.basic, gugong.assume.canal-basic-order: optionally 1 servant onto one of your ships,
then optionally one ship 1 step to the next free port; gugong.canal.paid, gugong.assume.canal-paid-no-move: pay 1 servant to put 2
servants on 1 or 2 ships. gugong.canal.free-spaces, gugong.canal.ship-capacity,
gugong.assume.canal-ship-capacity: a ship has 3 spaces (the lying foreman takes 2);
gugong.canal.ship-not-empty: a ship carries at least 1 servant; gugong.canal.three-ships: 3 ships
each, used again and again. gugong.canal.placing-not-move, gugong.canal.new-ship-nearest,
gugong.canal.choose-route, gugong.assume.canal-ports: a new ship goes on the free port nearest
the start of the chosen route. gugong.canal.two-routes, gugong.canal.no-route-change,
gugong.assume.canal-routes: 2 routes with 4-5 players. gugong.canal.move-needs-free-port,
gugong.canal.skip-occupied, gugong.canal.move-other-ship: a move skips occupied ports.
gugong.canal.claim, gugong.canal.claim-slot-servant, gugong.canal.claim-return,
gugong.canal.claim-needs-slot, gugong.canal.claim-limits, gugong.assume.canal-claim-when,
gugong.assume.canal-slot-servant: a full ship at a port with a reward may claim it.

The canal is a tuple of routes; a route a tuple of ports; a port holds ``None`` or a ship
``(owner, cubes, foreman)``. Actions name a port by its data id; a ship is the ship at its port.
"""

from __future__ import annotations

from functools import lru_cache

from ._actions import DECLINE_A, claim, load, sail
from ._core import (AUTO, EFFECT, GATE, LEGAL, LOST_SLOT, POOL, SHIP, SUPPLY, hinted,
                    order_from)
from ._servants import FOREMAN_USES, discount, legal_foreman, ways_to_pay

__all__ = ["options", "tasks", "load_targets", "sail_moves", "beside", "ships_of", "space",
           "next_free", "first_free", "reward_ok", "move_evening", "claimable"]

SIZES = {"servant": 1, "foreman": 2}


def ships_of(canal, p: int) -> list[tuple[int, int]]:
    """(route, port) of ``p``'s ships on the canal."""
    return [(r, i) for r, route in enumerate(canal) for i, ship in enumerate(route)
            if ship is not None and ship[0] == p]


def beside(s, p: int) -> int:
    """Ships beside ``p``'s player board (not on the canal)."""
    return s.book.ships - len(ships_of(s.canal, p))


def space(book, ship) -> int:
    """Free spaces on a ship (a cube takes 1, the lying foreman 2)."""
    return book.ship_capacity - ship[1] - 2 * ship[2]


def first_free(route) -> int:
    """gugong.canal.new-ship-nearest: the free port nearest the start (-1: none)."""
    for i, ship in enumerate(route):
        if ship is None:
            return i
    return -1


def next_free(route, i: int) -> int:
    """gugong.canal.skip-occupied: the nearest free port ahead of port ``i`` (-1: none)."""
    for j in range(i + 1, len(route)):
        if route[j] is None:
            return j
    return -1


def _targets(book, canal, p: int, nbeside: int, size: int) -> list[tuple[int, int]]:
    return _cap_targets(book.ship_capacity, canal, p, nbeside, size)


def _cap_targets(cap, canal, p: int, nbeside: int, size: int) -> list[tuple[int, int]]:
    out = [(r, i) for r, route in enumerate(canal) for i, ship in enumerate(route)
           if ship is not None and ship[0] == p and cap - ship[1] - 2 * ship[2] >= size]
    if nbeside > 0 and size <= cap:
        for r, route in enumerate(canal):
            j = first_free(route)
            if j >= 0:
                out.append((r, j))
    return out


def _loaded(canal, r: int, i: int, p: int, size: int):
    route = list(canal[r])
    ship = route[i] or (p, 0, False)
    route[i] = (p, ship[1] + (size == 1), ship[2] or size == 2)
    return canal[:r] + (tuple(route),) + canal[r + 1:]


def _feasible(book, canal, p, nbeside, cubes, has_f, left) -> bool:
    """Whether ``left`` pieces (cubes, and the foreman if ``has_f``) can still go on ships."""
    if left <= 0:
        return True
    return _feasible_at(book.ship_capacity, canal, p, nbeside, cubes, has_f, left)


@lru_cache(maxsize=8192)
def _feasible_at(cap, canal, p, nbeside, cubes, has_f, left) -> bool:
    if left <= 0:
        return True
    for size, ok in ((1, cubes > 0), (2, has_f)):
        if not ok:
            continue
        for r, i in _cap_targets(cap, canal, p, nbeside, size):
            new = canal[r][i] is None
            if _feasible_at(cap, _loaded(canal, r, i, p, size), p, nbeside - new,
                            cubes - (size == 1), has_f and size != 2, left - 1):
                return True
    return False


def _pieces(seat, source: str) -> tuple[int, bool]:
    if source == "supply":
        return seat.supply, False
    return seat.pool, seat.foreman == POOL


def load_targets(s, p: int, size: int) -> list[tuple[int, int]]:
    """Where ``p`` could put a piece of ``size`` now: own ships with room, or a new ship."""
    return _targets(s.book, s.canal, p, beside(s, p), size)


def _loads(s, task) -> list:
    """The legal ``load`` actions of a load task (with the paid option, only those after which
    the second servant can still be loaded)."""
    _, p, left, source, optional, partial = task
    book = s.book
    cubes, has_f = _pieces(s.seats[p], source)
    nb = beside(s, p)
    out = []
    for piece, size, ok in (("foreman", 2, has_f), ("servant", 1, cubes > 0)):
        if not ok:
            continue
        for r, i in _targets(book, s.canal, p, nb, size):
            if left > 1 and not partial:
                new = s.canal[r][i] is None
                if not _feasible(book, _loaded(s.canal, r, i, p, size), p, nb - new,
                                 cubes - (size == 1), has_f and size != 2, left - 1):
                    continue
            out.append(load(book.port_ids[r][i], piece))
    return out


def sail_moves(s, p: int) -> list[tuple[int, int, int]]:
    """(route, from, to) of every move ``p``'s ships can make."""
    return _sail_moves(s.canal, p)


def _sail_moves(canal, p: int) -> list[tuple[int, int, int]]:
    out = []
    for r, i in ships_of(canal, p):
        j = next_free(canal[r], i)
        if j >= 0:
            out.append((r, i, j))
    return out


def paid_cost(s, p: int) -> int:
    return max(0, s.book.c["canal_paid_cost"] - discount(s, p, "canal_paid"))


def options(s, p: int) -> list[str]:
    """The canal options ``p`` could carry out now: the basic one needs a servant that can go on
    a ship or a ship that can move, the paid one its servant and 2 more that can go on ships.
    Quick sufficient checks first (a ship with room for 2, or a new ship), the exact search over
    loadings only when they do not settle it."""
    book = s.book
    seat = s.seats[p]
    canal = s.canal
    cap = book.ship_capacity
    best = 0
    mine = 0
    for route in canal:
        for ship in route:
            if ship is not None and ship[0] == p:
                mine += 1
                room = cap - ship[1] - 2 * ship[2]
                if room > best:
                    best = room
    nb = book.ships - mine
    new = nb > 0 and any(None in route for route in canal)
    has_f = seat.foreman == POOL
    cubes = seat.pool
    out = []
    if ((cubes > 0 and (new or best >= 1)) or (has_f and (new or best >= 2))
            or _sail_moves(canal, p)):
        out.append("basic")
    cost = paid_cost(s, p)
    k = book.c["canal_paid_servants"]
    pay_cubes, pay_fore = ways_to_pay(cubes, has_f, cost, k)
    if pay_cubes:
        left = cubes - cost
        if (left >= k and (new or best >= k)) or _feasible(book, canal, p, nb, left, has_f, k):
            out.append("paid")
    elif pay_fore and _feasible(book, canal, p, nb, cubes - cost + 2, False, k):
        out.append("paid")
    return out


def tasks(s, p: int, option: str) -> list[tuple]:
    c = s.book.c
    if option == "basic":
        return [("load", p, c["canal_basic_servants"], "pool", True, False), ("sail", p),
                ("canal_end", p, ())]
    return [("pay", p, paid_cost(s, p), c["canal_paid_servants"]),
            ("load", p, c["canal_paid_servants"], "pool", False, False), ("canal_end", p, ())]


def _touch(d, p: int, old, new) -> None:
    """Note a ship loaded, placed or moved in this action (it may claim at the action's end)."""
    ag = d.agenda
    for k in range(len(ag) - 1, -1, -1):
        t = ag[k]
        if t[0] == "canal_end" and t[1] == p:
            touched = tuple(x for x in t[2] if x != old)
            ag[k] = ("canal_end", p, touched if new in touched else touched + (new,))
            return


def _set(d, r: int, i: int, ship) -> None:
    canal = d.canal
    route = list(canal[r])
    route[i] = ship
    d.canal = canal[:r] + (tuple(route),) + canal[r + 1:]


def _load_gate(d, task) -> bool:
    out = _loads(d, task)
    if out:
        return hinted(d, task, out + [DECLINE_A] if task[4] else out)
    d.agenda.pop()
    return False


def _legal_load(s, task) -> list:
    out = _loads(s, task)
    return out + [DECLINE_A] if task[4] else out


def _load(d, a, task) -> None:
    _, p, left, source, optional, partial = task
    r, i = d.book.port_index[a.args[0]]
    size = SIZES[a.args[1]]
    seat = d.seat(p)
    if size == 2:
        seat.foreman = SHIP
    elif source == "supply":
        seat.supply -= 1
    else:
        seat.pool -= 1
    ship = d.canal[r][i] or (p, 0, False)
    _set(d, r, i, (p, ship[1] + (size == 1), ship[2] or size == 2))
    _touch(d, p, None, (r, i))
    if left > 1:
        d.push(("load", p, left - 1, source, optional, partial))


def _sail_gate(d, task) -> bool:
    moves = sail_moves(d, task[1])
    if moves:
        return hinted(d, task, _sails(d.book, moves))
    d.agenda.pop()
    return False


def _legal_sail(s, task) -> list:
    return _sails(s.book, sail_moves(s, task[1]))


def _sails(book, moves) -> list:
    return [sail(book.port_ids[r][i]) for r, i, _ in moves] + [DECLINE_A]


def _sail(d, a, task) -> None:
    """gugong.canal.skip-occupied: the ship goes to the nearest free port ahead."""
    p = task[1]
    r, i = d.book.port_index[a.args[0]]
    j = next_free(d.canal[r], i)
    ship = d.canal[r][i]
    _set(d, r, i, None)
    _set(d, r, j, ship)
    _touch(d, p, (r, i), (r, j))


# ---- claims ------------------------------------------------------------------------------
def reward_ok(s, p: int, w: int) -> bool:
    """gugong.canal.claim-needs-slot, gugong.canal.claim-limits: a free slot for the reward
    (gugong.assume.jining-top-card: a card only while the draw pile has one)."""
    if s.seats[p].slots[w] >= s.book.reward_limit[w]:
        return False
    if any(e[0] == "draw_card" for e in s.book.reward_effects[w]) and not s.draw:
        return False
    return True


def claimable(s, p: int, r: int, i: int) -> list[int]:
    """The rewards ``p``'s ship at port (r, i) may claim now (none unless it is full)."""
    ship = s.canal[r][i]
    book = s.book
    if ship is None or ship[0] != p or space(book, ship) > 0:
        return []
    return [book.reward_index[w] for w in book.port_rewards[r][i]
            if reward_ok(s, p, book.reward_index[w])]


def _end(d, task) -> None:
    """gugong.assume.canal-claim-when: at the end of a canal action, every full ship it
    touched that lies at a port with a reward may claim it."""
    _, p, touched = task
    d.push(*(("claim", p, r, i, False) for r, i in touched if claimable(d, p, r, i)))


def _claim_gate(d, task) -> bool:
    if claimable(d, task[1], task[2], task[3]):
        return True
    d.agenda.pop()
    return False


def _legal_claim(s, task) -> list:
    _, p, r, i, evening = task
    book = s.book
    port = book.port_ids[r][i]
    return [claim(port, book.reward_ids[w]) for w in claimable(s, p, r, i)] + [DECLINE_A]


def _claim(d, a, task) -> None:
    _, p, r, i, evening = task
    d.push(("slot", p, r, i, d.book.reward_index[a.args[1]]))


def _slot_gate(d, task) -> bool:
    """("slot", p, r, i, reward): which of the ship's servants goes to the slot; asked only
    when it carries both the foreman and a cube."""
    _, p, r, i, w = task
    ship = d.canal[r][i]
    if ship[2] and ship[1] >= 1:
        return True
    d.agenda.pop()
    _take_reward(d, task, ship[1] == 0)
    return False


def _take_reward(d, task, foreman_in_slot: bool) -> None:
    """gugong.canal.claim-slot-servant, gugong.canal.claim-return: 1 servant to the slot,
    the ship back beside the board, the rest to the supply; then the reward at once."""
    _, p, r, i, w = task
    ship = d.canal[r][i]
    seat = d.seat(p)
    slots = list(seat.slots)
    slots[w] += 1
    seat.slots = tuple(slots)
    cubes, fore = ship[1], ship[2]
    if foreman_in_slot:
        seat.foreman = LOST_SLOT
        seat.supply += cubes
    else:
        seat.supply += cubes - 1
        if fore:
            seat.foreman = SUPPLY
    _set(d, r, i, None)
    d.push(("fx", p, d.book.reward_effects[w], "reward"))


# ---- the evening --------------------------------------------------------------------------
def move_evening(d, task) -> None:
    """gugong.evening.ships-move, gugong.evening.hangzhou-lost, gugong.assume.evening-ship-moves:
    on each route the ship on the last port is lost, then every ship moves one port, front
    first."""
    canal = []
    for route in d.canal:
        ports = list(route)
        last = len(ports) - 1
        lost = ports[last]
        if lost is not None:
            seat = d.seat(lost[0])
            seat.supply += lost[1]
            if lost[2]:
                seat.foreman = SUPPLY
            ports[last] = None
        for k in range(last - 1, -1, -1):
            if ports[k] is not None:
                ports[k + 1], ports[k] = ports[k], None
        canal.append(tuple(ports))
    d.canal = tuple(canal)


def evening_claims(d, task) -> None:
    """gugong.evening.claims, gugong.assume.evening-order: full ships at ports with a reward may
    claim, players in the turn order of the day, each player's ships front first."""
    out = []
    for p in order_from(d.first, d.n):
        ships = sorted(ships_of(d.canal, p), key=lambda x: (-x[1], x[0]))
        out += [("claim", p, r, i, True) for r, i in ships if claimable(d, p, r, i)]
    d.push(*out)


GATE["load"] = _load_gate
LEGAL["load"] = _legal_load
EFFECT["load"] = _load
GATE["sail"] = _sail_gate
LEGAL["sail"] = _legal_sail
EFFECT["sail"] = _sail
AUTO["canal_end"] = _end
GATE["claim"] = _claim_gate
LEGAL["claim"] = _legal_claim
EFFECT["claim"] = _claim
GATE["slot"] = _slot_gate
LEGAL["slot"] = legal_foreman
FOREMAN_USES["slot"] = _take_reward
AUTO["ships"] = move_evening
AUTO["evening_claims"] = evening_claims
