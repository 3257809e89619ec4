"""Fin del juego: the Last Turn check, the end of the game and the final scoring.

gonzaga.end.last-turn-check, gonzaga.assume.last-turn-count: after round 6 the Last Turn card is
on top of its holder's deck, and the cities and ports of the flourishing regions that hold
neither a fief nor a ring are counted; gonzaga.end.last-round: three or fewer, and the next round
is the last (the card is discarded); gonzaga.end.card-moves-down, gonzaga.end.check-repeats: four
or more, and the card goes under the new top card, so the check repeats after every round.
gonzaga.end.decks-out: when every deck is used up (round 12) the game ends with that round.

At the end: gonzaga.end.gonzaga-tile, gonzaga.end.gonzaga-tie, gonzaga.end.rings-connect,
gonzaga.assume.connected, gonzaga.place.connected, gonzaga.place.barriers-only-placing: every
player tied for the most pieces (fiefs and rings) in one group of touching pieces scores 15
(barriers do not part touching pieces; nobody scores it if nobody has a piece on the map).
gonzaga.end.objective-count, gonzaga.end.objective-unconnected, gonzaga.end.objective-points,
gonzaga.assume.objective-table: each player scores the table's points for the cities of their
objective card their fiefs and rings cover. gonzaga.rings.unused-zero: rings left score nothing.
gonzaga.end.winner, gonzaga.end.tie-break, gonzaga.assume.tie-break-count,
gonzaga.end.shared-victory: most points wins; a tie goes to the most cities and ports covered,
and is shared if that ties too.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from .._engine import Result, points_result
from ._actions import OVER
from ._score import CATEGORIES

__all__ = ["end_round", "last_turn_card", "uncovered", "flourishing_features", "groups", "largest_group",
           "covered", "objective_cities", "breakdown", "winners", "result", "GONZAGA",
           "OBJECTIVE", "FINAL"]

GONZAGA, OBJECTIVE = "Gonzaga tile", "objective"
FINAL = (GONZAGA, OBJECTIVE)
"""The score categories of the end, after those of play."""


@lru_cache(maxsize=256)
def flourishing_features(book, scenario: int) -> int:
    """The city and port hexes of the flourishing regions (a bit mask)."""
    geo = book.geo
    f = book.scenarios[scenario].flourishing
    out = 0
    for k in range(len(book.region_ids)):
        if f >> k & 1:
            out |= geo.region_mask[k]
    return out & (geo.city_mask | geo.port_mask)


def uncovered(s) -> int:
    """gonzaga.assume.last-turn-count: flourishing cities and ports with no fief and no ring."""
    taken = s.fief_mask
    for m in s.ring_mask:
        taken |= m
    return (flourishing_features(s.book, s.scenario) & ~taken).bit_count()


def last_turn_card(s) -> int | None:
    """gonzaga.setup.last-turn-card, gonzaga.end.card-moves-down: how many cards lie above the
    Last Turn card in its holder's deck (0: on top), or None once it is discarded (the last round
    is declared) or the game is over. It starts under the sixth card; from round 6 it is on top
    during each round, and goes under the new top card after a check that does not end the game."""
    from ._actions import REVEAL
    if s.last_round or s.phase == OVER or s.round == 0:
        return None if s.round else s.book.c["last_turn_under_card"]
    holder = s.info.option("oldest", 0)
    revealed = len(s.book.fief_ids) - len(s.decks[holder])
    under = s.book.c["last_turn_under_card"]
    if revealed < under:
        return under - revealed
    waiting = s.phase == REVEAL and s.turn <= holder and s.round > under
    return 1 if waiting else 0


def end_round(d) -> None:
    """gonzaga.round.end: the game ends after its last round (gonzaga.end.last-round,
    gonzaga.end.decks-out); otherwise, from round 6 on, the Last Turn check."""
    c = d.book.c
    if d.round == d.last_round or d.round >= c["max_rounds"] or not any(d.decks):
        d.phase = OVER
        return
    if not d.last_round and d.round >= c["last_turn_first_check_round"]:
        if uncovered(d) <= c["last_turn_threshold"]:
            d.last_round = d.round + 1


def _piece_cells(book, piece) -> tuple[int, ...]:
    fief, anchor, rot, _ = piece
    if fief < 0:
        return (anchor,)
    return book.geo.table(fief).by_key[(anchor, rot)].cells


def groups(s, p: int) -> list[tuple[int, int]]:
    """gonzaga.assume.connected: ``p``'s groups of touching pieces as (pieces, hex mask), largest
    first (a flood fill over the hexes they cover; barriers are ignored)."""
    book = s.book
    nbr = book.geo.nbr_mask
    mine = s.cover[p]
    first = [_piece_cells(book, piece)[0] for piece in s.pieces[p]]     # a hex of each piece
    out = []
    left = mine
    while left:
        low = left & -left
        comp = low
        frontier = low
        while frontier:
            grow = 0
            f = frontier
            while f:
                b = f & -f
                grow |= nbr[b.bit_length() - 1]
                f ^= b
            frontier = grow & mine & ~comp
            comp |= frontier
        left &= ~comp
        count = sum(1 for i in first if comp >> i & 1)
        out.append((count, comp))
    out.sort(key=lambda g: (-g[0], g[1]))
    return out


def largest_group(s, p: int) -> int:
    """gonzaga.assume.connected: the number of pieces in ``p``'s largest group (0 with none)."""
    got = groups(s, p)
    return got[0][0] if got else 0


def covered(s, p: int) -> int:
    """gonzaga.assume.tie-break-count: city and port hexes ``p``'s fiefs or rings cover."""
    geo = s.book.geo
    return (s.cover[p] & (geo.city_mask | geo.port_mask)).bit_count()


def objective_cities(s, p: int) -> int:
    """gonzaga.end.objective-count: how many of the six cities on ``p``'s objective card their
    fiefs and rings cover (0 while the card is hidden in this view)."""
    card = s.objectives[p]
    if card < 0:
        return 0
    book = s.book
    hexes = book.geo.city_hex
    mine = s.cover[p]
    return sum(1 for c in book.objective_cities[card] if mine >> hexes[c] & 1)


def _gonzaga_winners(s) -> tuple[int, ...]:
    """gonzaga.end.gonzaga-tile, gonzaga.end.gonzaga-tie: the players tied for the largest group
    (none if nobody has a piece on the map); kept once worked out for a state."""
    cache = getattr(s, "_cache", None)
    got = cache.get("gonzaga") if cache is not None else None
    if got is None:
        sizes = [largest_group(s, p) for p in range(s.info.players)]
        best = max(sizes)
        got = tuple(p for p, n in enumerate(sizes) if n == best) if best else ()
        if cache is not None:
            cache["gonzaga"] = got
    return got


def breakdown(s, p: int) -> dict[str, int]:
    """``p``'s points by category; the end's categories count once the game is over."""
    out = dict(zip(CATEGORIES, s.points[p]))
    if s.phase == OVER:
        c = s.book.c
        out[GONZAGA] = c["gonzaga_points"] if p in _gonzaga_winners(s) else 0
        out[OBJECTIVE] = s.book.objective_points[objective_cities(s, p)] if s.objectives[p] >= 0 else 0
    else:
        out[GONZAGA] = out[OBJECTIVE] = 0
    return out


def _totals(s) -> tuple[int, ...]:
    return tuple(sum(breakdown(s, p).values()) for p in range(s.info.players))


def winners(s) -> tuple[int, ...]:
    """gonzaga.end.winner, .tie-break, .shared-victory (the leaders while the game goes on)."""
    totals = _totals(s)
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    most = max(covered(s, p) for p in tied)
    return tuple(p for p in tied if covered(s, p) == most)


def result(s) -> Result:
    """The points by category, the winners, and how the winner was decided."""
    parts = tuple(breakdown(s, p) for p in range(s.players))
    res = points_result(s, parts, winners(s), "cities and ports covered", lambda p: covered(s, p),
                        ("gonzaga.end.winner", "gonzaga.end.tie-break", "gonzaga.end.shared-victory"))
    if not res.final:
        res = dataclasses.replace(res, explanation=res.explanation + " (The Gonzaga tile and the "
                                  "hidden objectives are scored at the end.)")
    return res
