"""Fin del juego: the final scoring after day 4, in the rulebook's order, and the winner.

gugong.end.order: (1) gugong.end.wall, gugong.end.wall-may-arrive, gugong.assume.end-wall-no-benefits:
servants still on the wall are scored as usual (3 VP and a palace step to the majority, ties by
Intrigue; no Intrigue benefits); (2) gugong.end.palace: the VP of each envoy's arrival spot;
(3) gugong.end.level3: level-3 decrees; (4) gugong.end.jade: 1/3/6/10/15 VP for 1-5 jade, 2 VP
for each jade beyond. Then gugong.end.not-arrived-out, gugong.palace.eligible, gugong.palace.zero,
gugong.game.palace-required, gugong.setup.envoy-needed, gugong.assume.end-scoring: a player whose
envoy is not in the palace scores 0 and cannot win; gugong.end.winner, gugong.game.winner: the most
VP wins; gugong.end.tie: ties go to the higher Intrigue marker.
"""

from __future__ import annotations

from .._engine import Result
from ._core import AUTO, OVER_TASK, intrigue_key
from ._decrees import vp_end
from ._wall import majority

__all__ = ["CATEGORIES", "total", "eligible", "breakdown", "winners", "result"]

CATEGORIES = ("during play", "final wall", "palace", "decrees", "jade", "not in the palace")
"""The score categories: VP scored during the four days, then the four final-scoring steps; a
player whose envoy never reached the palace loses them all ("not in the palace")."""


def _end(d, task) -> None:
    from ._palace import palace_steps
    book = d.book
    n = d.n
    parts = [[0, 0, 0, 0] for _ in range(n)]
    if d.wall:
        scorer = majority(d, d.wall)
        extra = palace_steps(d, scorer, book.c["wall_score_palace_steps"])
        d.seat(scorer).vp -= extra
        parts[scorer][0] = book.c["wall_score_vp"] + extra
    for p in range(n):
        seat = d.seats[p]
        if seat.arrival:
            parts[p][1] = book.arrival_vp[seat.arrival - 1]
        parts[p][2] = vp_end(d, p)
        parts[p][3] = book.jade_vp(seat.jade)
    for p in range(n):
        d.seat(p).final = tuple(parts[p])
    d.agenda.append(OVER_TASK)


def eligible(s, p: int) -> bool:
    """gugong.palace.eligible: only an envoy in the palace can win."""
    return s.seats[p].arrival > 0


def total(s, p: int) -> int:
    """VP during play plus the final scoring (before the end: VP so far)."""
    seat = s.seats[p]
    return seat.vp + sum(seat.final)


def final_score(s, p: int) -> int:
    """gugong.palace.zero: 0 for a player whose envoy never reached the palace."""
    return total(s, p) if eligible(s, p) else 0


def breakdown(s, p: int) -> dict[str, int]:
    seat = s.seats[p]
    f = seat.final or (0, 0, 0, 0)
    out = {"during play": seat.vp, "final wall": f[0], "palace": f[1], "decrees": f[2],
           "jade": f[3], "not in the palace": 0}
    if s.is_over and not eligible(s, p):
        out["not in the palace"] = -total(s, p)
    return out


def winners(s) -> tuple[int, ...]:
    """gugong.end.winner, gugong.end.tie: the eligible player with the most VP, ties to the
    higher Intrigue marker (nobody if no envoy arrived). Before the end: the leaders by VP."""
    players = range(s.info.players)
    if s.is_over:
        pool = [p for p in players if eligible(s, p)]
        if not pool:
            return ()
        return (max(pool, key=lambda p: (total(s, p), intrigue_key(s.seats[p]))),)
    best = max(total(s, p) for p in players)
    return tuple(p for p in players if total(s, p) == best)


def result(s) -> Result:
    n = s.info.players
    parts = tuple(breakdown(s, p) for p in range(n))
    totals = tuple(final_score(s, p) if s.is_over else total(s, p) for p in range(n))
    win = winners(s)
    label = s.player_label
    if not s.is_over:
        names = " and ".join(label(p) for p in win)
        return Result(CATEGORIES, parts, totals, win,
                      f"{names} {'lead' if len(win) > 1 else 'leads'} with {totals[win[0]]} VP "
                      "so far.", "gugong.game.winner", final=False)
    out = [p for p in range(n) if not eligible(s, p)]
    notes = []
    if out:
        notes.append(f"{_names(s, out)} did not bring {'their envoys' if len(out) > 1 else 'their envoy'}"
                     " into the palace: final score 0, not eligible to win.")
    if not win:
        return Result(CATEGORIES, parts, totals, (),
                      " ".join(notes + ["No envoy reached the palace, so nobody wins."]),
                      "gugong.end.not-arrived-out")
    w = win[0]
    best = totals[w]
    tied = [p for p in range(n) if eligible(s, p) and totals[p] == best]
    if len(tied) > 1:
        seat = s.seats[w]
        notes.append(f"{_names(s, tied)} tie with {best} VP; the tie goes to the higher Intrigue "
                     f"marker: {label(w)}'s (step {seat.intrigue}{', on top' if _shared(s, w) else ''}), "
                     f"so {label(w)} wins.")
        rule = "gugong.end.tie"
    else:
        notes.append(f"{label(w)} wins with {best} VP.")
        rule = "gugong.end.winner" if not out else "gugong.end.not-arrived-out"
    return Result(CATEGORIES, parts, totals, win, " ".join(notes), rule)


def _shared(s, p: int) -> bool:
    return any(q != p and s.seats[q].intrigue == s.seats[p].intrigue for q in range(s.info.players))


def _names(s, players) -> str:
    names = [s.player_label(p) for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


AUTO["end"] = _end
