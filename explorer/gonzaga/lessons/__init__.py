"""Gonzaga's lessons: the lesson files of this folder, and the checks their tasks may name.

Each check looks at the position before the move and after it (the rules have already played
it: the plans revealed, the fief placed and scored) and answers whether the move did what the
step asks; ``wants`` says it in players' words. The rules themselves stay in the engine: a check
reads the positions (``order``, ``cover``, ``points``, ``leagues``, ``pieces``), never restates
what is legal. See ``docs/lessons.md`` for the lesson format.

"The piece" of a check is what the move put on the map: this round's fief, or a ring of a
wedding (the hexes it covers are the ones the player's pieces cover after the move and did not
before).
"""

from __future__ import annotations

from ...lessons import Check
from .._actions import PLAN

__all__ = ["CHECKS", "PLACES"]

PLACES = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}
"""Where a player may place in a round's turn order, as players say it."""

FEATURES = {"city": "city_mask", "port": "port_mask"}
"""The features a piece may cover, as players say them -> the map's masks."""


def _new_hexes(before, after) -> tuple[int, int]:
    """The player to move in ``before``, and the hexes (a bit mask) their pieces cover after the
    move and did not before: the piece the move placed (0 for a plan, a donation, ...)."""
    p = before.current_player
    return p, after.cover[p] & ~before.cover[p]


def covers(before, action, after, what: str, at_least: int = 1) -> bool:
    p, new = _new_hexes(before, after)
    return (new & getattr(before.book.geo, FEATURES[what])).bit_count() >= at_least


def scores(before, action, after, at_least: int = 1) -> bool:
    p = before.current_player
    return after.scores()[p] - before.scores()[p] >= at_least


def sea_league(before, action, after) -> bool:
    p = before.current_player
    return after.leagues[p] & ~before.leagues[p] != 0


def connects(before, action, after) -> bool:
    p, new = _new_hexes(before, after)
    nbr = before.book.geo.nbr_mask
    old = before.cover[p]
    while new:
        low = new & -new
        if nbr[low.bit_length() - 1] & old:
            return True
        new ^= low
    return False


def objective_city(before, action, after) -> bool:
    p, new = _new_hexes(before, after)
    card = before.objectives[p]
    if card < 0:
        return False
    book = before.book
    return any(new >> book.geo.city_hex[c] & 1 for c in book.objective_cities[card])


def places(before, action, after, place: str) -> bool:
    p = before.current_player
    if before.phase != PLAN or after.phase == PLAN or after.round != before.round:
        return False            # not the plan that revealed this round's plans
    k = PLACES[place]
    return k < len(after.order) and after.order[k] == p       # no fourth place with three players


def wedding(before, action, after, rings: int = 1) -> bool:
    p = before.current_player
    now = before.round
    held = sum(1 for fief, _, _, rnd in after.pieces[p] if fief < 0 and rnd == now)
    return action.kind == "ring" and held >= rings


def ring_on_fief(before, action, after) -> bool:
    p = before.current_player
    if action.kind != "ring":
        return False
    i = before.book.geo.index.get(tuple(action.args))
    return i is not None and before.fief_at[i] not in (0, p + 1)


CHECKS = {
    "covers": Check(covers, "put your piece on at least {at_least} {what} hex(es), so that it "
                    "scores them", {"what": set(FEATURES), "at_least": int}, {"at_least": 1}),
    "scores": Check(scores, "score at least {at_least} point(s) with this move",
                    {"at_least": int}, {"at_least": 1}),
    "sea_league": Check(sea_league, "complete a sea league: a third port of one sea (10 points)"),
    "connects": Check(connects, "place your piece so that it touches one of your pieces already "
                      "on the map (it joins your group)"),
    "objective_city": Check(objective_city, "cover a city shown on your hidden objective card"),
    "places": Check(places, "plan so that you place your fief {place} this round",
                    {"place": set(PLACES)}),
    "wedding": Check(wedding, "hold a wedding with {rings} ring(s) instead of placing the fief",
                     {"rings": int}, {"rings": 1}),
    "ring_on_fief": Check(ring_on_fief, "put a ring on a hex of another player's fief (the hex then "
                          "belongs to both of you)"),
}
