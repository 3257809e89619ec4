"""2. La Gran Muralla: the wall, its scoring, and the Intrigue benefits it gives.

gugong.wall.basic: 1 servant from the pool onto the wall; gugong.wall.paid: pay 1 servant to put 2
more on it (the foreman may lie there as one of them, gugong.foreman.lying-wall-ship,
gugong.foreman.with-servant). gugong.wall.threshold, gugong.wall.complete-now,
gugong.assume.wall-check: with 4/5/6/7 servants on it (2/3/4/5 players; a lying foreman counts 2,
gugong.assume.wall-counting) the wall is scored at once: gugong.wall.score-most,
gugong.wall.score-tie (3 VP and a palace step for the most servants, ties by Intrigue),
gugong.wall.scorer-returns, gugong.wall.shift-left. Then gugong.wall.then-benefits,
gugong.intrigue.benefit-eligible, gugong.intrigue.benefit-order, gugong.assume.benefit-order-fixed:
every player who was on the wall may take one Intrigue benefit, lowest marker first.

The wall is a tuple of (player, size) from the left: a cube has size 1, the lying foreman 2.
"""

from __future__ import annotations

from ._actions import DECLINE_A, benefit
from ._core import AUTO, EFFECT, GATE, LEGAL, POOL, SUPPLY, WALL, intrigue_key, intrigue_order
from ._servants import FOREMAN_USES, discount, legal_foreman, ways_to_pay

__all__ = ["free", "options", "tasks", "place_from_supply", "score_wall", "counts", "majority"]


def free(s) -> int:
    """Spaces of the wall still free (its printed length, less what lies on it)."""
    return s.book.wall_length - sum(size for _, size in s.wall)


def counts(wall) -> dict[int, int]:
    """Servants each player has on the wall (a lying foreman counts 2)."""
    out: dict[int, int] = {}
    for p, size in wall:
        out[p] = out.get(p, 0) + size
    return out


def majority(s, wall) -> int:
    """gugong.wall.score-most, gugong.wall.score-tie: the player with the most servants on the
    wall, ties going to the higher Intrigue marker (-1 for an empty wall)."""
    c = counts(wall)
    if not c:
        return -1
    best = max(c.values())
    return max((p for p, v in c.items() if v == best), key=lambda p: intrigue_key(s.seats[p]))


def _ways(pool: int, has_foreman: bool, k: int, room: int) -> tuple[bool, bool]:
    """(with cubes only, with the foreman as one piece): ways to put ``k`` pieces on the wall."""
    cubes = pool >= k and room >= k
    fore = has_foreman and pool >= k - 1 and room >= k + 1
    return cubes, fore


def paid_cost(s, p: int) -> int:
    return max(0, s.book.c["wall_paid_cost"] - discount(s, p, "wall_paid"))


def options(s, p: int) -> list[str]:
    """gugong.assume.one-option-per-action: the servants placed come from the pool, and the
    paid option's cost is paid first."""
    seat = s.seats[p]
    book = s.book
    room = free(s)
    c = book.c
    pool = seat.pool
    has = seat.foreman == POOL
    out = ["basic"] if any(_ways(pool, has, c["wall_basic_servants"], room)) else []
    cost = paid_cost(s, p)
    k = c["wall_paid_servants"]
    cubes, fore = ways_to_pay(pool, has, cost, k)
    if ((cubes and any(_ways(pool - cost, has, k, room)))
            or (fore and any(_ways(pool - cost + 2, False, k, room)))):
        out.append("paid")
    return out


def tasks(s, p: int, option: str) -> list[tuple]:
    c = s.book.c
    if option == "basic":
        return [("wall_place", p, c["wall_basic_servants"], False), ("wall_check",)]
    return [("pay", p, paid_cost(s, p), c["wall_paid_servants"]),
            ("wall_place", p, c["wall_paid_servants"], False), ("wall_check",)]


def _put(d, p: int, cubes: int, foreman: bool) -> None:
    seat = d.seat(p)
    seat.pool -= cubes
    wall = d.wall + ((p, 1),) * cubes
    if foreman:
        seat.foreman = WALL
        wall += ((p, 2),)
    d.wall = wall


def place_from_supply(d, p: int, amount: int) -> None:
    """A token's or a perk's servants from the supply onto the wall (as many as fit)."""
    seat = d.seat(p)
    k = min(amount, seat.supply, free(d))
    if k > 0:
        seat.supply -= k
        d.wall = d.wall + ((p, 1),) * k


def _place_gate(d, task) -> bool:
    """("wall_place", p, k, partial): ``k`` pieces from the pool; the player is asked only when
    the foreman could be one of them and cubes alone would do too."""
    _, p, k, partial = task
    seat = d.seats[p]
    room = free(d)
    cubes, fore = _ways(seat.pool, seat.foreman == POOL, k, room)
    if cubes and fore:
        return True
    d.agenda.pop()
    if cubes:
        _put(d, p, k, False)
    elif fore:
        _put(d, p, k - 1, True)
    elif partial:
        _put(d, p, min(k, seat.pool, room), False)
    return False


def _place_foreman(d, task, use: bool) -> None:
    _, p, k, partial = task
    _put(d, p, k - 1 if use else k, use)


def _check(d, task) -> None:
    """gugong.wall.threshold, gugong.assume.wall-check: a complete wall is scored at once."""
    if sum(size for _, size in d.wall) >= d.book.threshold:
        score_wall(d, benefits=True)


def score_wall(d, benefits: bool) -> int:
    """Score the wall: 3 VP and a palace step for the majority, its servants back to its supply,
    the others shifted left; then (``benefits``) the Intrigue benefits, lowest marker first.
    Returns the scorer (-1 for an empty wall)."""
    from ._palace import palace_steps
    wall = d.wall
    scorer = majority(d, wall)
    if scorer < 0:
        return scorer
    c = d.book.c
    present = list(dict.fromkeys(p for p, _ in wall))
    d.seat(scorer).vp += c["wall_score_vp"]
    palace_steps(d, scorer, c["wall_score_palace_steps"])
    seat = d.seat(scorer)
    for p, size in wall:
        if p == scorer:
            if size == 2:
                seat.foreman = SUPPLY
            else:
                seat.supply += 1
    d.wall = tuple(x for x in wall if x[0] != scorer)
    if benefits:
        d.push(*(("benefit", q) for q in intrigue_order(d.seats, present)))
    return scorer


def _benefit_gate(d, task) -> bool:
    q = task[1]
    if d.seats[q].intrigue >= d.book.benefits[0][0]:
        return True
    d.agenda.pop()
    return False


def _legal_benefit(s, task) -> list:
    """gugong.intrigue.benefit-one ... -seven: a benefit the marker can pay for, or none."""
    have = s.seats[task[1]].intrigue
    return [benefit(steps) for steps, _ in s.book.benefits if steps <= have] + [DECLINE_A]


def _take_benefit(d, a, task) -> None:
    """gugong.intrigue.benefit-cost: the marker goes down the steps shown, then the benefit."""
    from ._intrigue import intrigue_down
    q = task[1]
    steps = a.args[0]
    intrigue_down(d, q, steps)
    d.push(("fx", q, d.book.benefit_effects[steps], "benefit"))


GATE["wall_place"] = _place_gate
LEGAL["wall_place"] = legal_foreman
FOREMAN_USES["wall_place"] = _place_foreman
AUTO["wall_check"] = _check
GATE["benefit"] = _benefit_gate
LEGAL["benefit"] = _legal_benefit
EFFECT["benefit"] = _take_benefit
