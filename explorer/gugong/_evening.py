"""Fase 3: the evening. The discard piles against the Destiny dice, the bonus, and the ships.

gugong.evening.start: when every hand is empty the evening begins, in 2 steps.
Step 1 (gugong.evening.match, -match-servant, -doubles, gugong.assume.match-count): every card of
a discard pile whose value a die shows gives 1 servant per such die (2 for a double, 3 for a
triple). gugong.evening.bonus, gugong.evening.bonus-tie, gugong.assume.most-matches: the player
with the most matching cards (at least one; ties by Intrigue) gets 3 VP and may move the envoy
1 step. Step 2: the ships move and may claim (``_canal``); gugong.evening.next: then the end of
the game after day 4, a new morning otherwise.
"""

from __future__ import annotations

from ._core import AUTO, LEGAL, intrigue_key, order_from
from ._effects import ACCEPTS, _legal_optional

__all__ = ["matches", "servants_earned", "bonus_winner"]


def matches(book, dice, discard) -> tuple[int, int]:
    """(servants earned, matching cards) of a discard pile against the dice."""
    per = book.c["destiny_servants_per_die"]
    servants = cards = 0
    for c in discard:
        k = dice.count(book.value[c])
        if k:
            servants += k * per
            cards += 1
    return servants, cards


def servants_earned(book, dice, discard) -> int:
    return matches(book, dice, discard)[0]


def bonus_winner(s) -> int:
    """gugong.evening.bonus, gugong.evening.bonus-tie: the most matching cards (at least one),
    ties to the higher Intrigue marker; -1 when nobody matches."""
    best, who = 0, []
    for p, seat in enumerate(s.seats):
        n = matches(s.book, s.dice, seat.discard)[1]
        if n > best:
            best, who = n, [p]
        elif n == best and n:
            who.append(p)
    if not who:
        return -1
    return max(who, key=lambda p: intrigue_key(s.seats[p]))


def _evening(d, task) -> None:
    d.push(("match",), ("bonus",), ("ships",), ("evening_claims",), ("dawn",))


def _match(d, task) -> None:
    """Step 1: every player's servants for matching cards (taken at once, as the supply allows)."""
    out = []
    for p in order_from(d.first, d.n):
        n = servants_earned(d.book, d.dice, d.seats[p].discard)
        if n:
            out.append(("gain", p, n))
    d.push(*out)


def _bonus(d, task) -> None:
    w = bonus_winner(d)
    if w >= 0:
        d.seat(w).vp += d.book.c["destiny_bonus_vp"]
        d.push(("bonus_step", w))


def _bonus_step(d, task) -> None:
    from ._palace import palace_steps
    palace_steps(d, task[1], d.book.c["destiny_bonus_palace_steps"])


def _dawn(d, task) -> None:
    """gugong.evening.next: after day 4 the final scoring (a last chance to trade first,
    gugong.assume.trade-windows); otherwise a new morning."""
    if d.day >= d.book.days:
        d.push(*(("final_trade", p) for p in order_from(d.first, d.n)), ("end",))
    else:
        d.push(("morning",))


AUTO["evening"] = _evening
AUTO["match"] = _match
AUTO["bonus"] = _bonus
LEGAL["bonus_step"] = _legal_optional
ACCEPTS["bonus_step"] = _bonus_step
AUTO["dawn"] = _dawn
