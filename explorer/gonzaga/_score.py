"""Puntos de puntuación: the points scored during play.

gonzaga.score.three-ways: during play a player scores for cities and ports, for sea leagues and
for the church. gonzaga.score.flourishing, gonzaga.score.inactive,
gonzaga.assume.score-by-hex-region: each city and each port the piece just placed covers scores 3
points in a flourishing region and 1 in an inactive one, by the region of its own hex (a ring
scores like a one-hex fief, gonzaga.wedding.ring-scores; also on a hex another player holds,
gonzaga.wedding.shared-hex). gonzaga.score.sea-league, gonzaga.score.league-per-sea,
gonzaga.score.league-once, gonzaga.score.league-unconnected, gonzaga.assume.league-shared: the
placement that first brings a player's ports of one sea to three scores the sea league (10
points, the data's constant), once per sea and player; the ports need not be connected, ports of
inactive regions count, and several players may hold a league in one sea.
gonzaga.church.donate: a donation to the church scores 3 points.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, NamedTuple

__all__ = ["hex_points", "Gain", "gain", "score_piece", "placement_points", "league_short",
           "CATEGORIES", "FEATURES", "LEAGUES", "CHURCH"]

FEATURES, LEAGUES, CHURCH = "cities and ports", "sea leagues", "church"
CATEGORIES = (FEATURES, LEAGUES, CHURCH)
"""The score categories of play, in the order of ``state.points[p]``."""


@lru_cache(maxsize=256)
def hex_points(book, scenario: int) -> tuple[int, ...]:
    """Per hex: what covering it scores in this scenario (a city or port: 3 in a flourishing
    region, 1 in an inactive one; any other hex 0)."""
    geo = book.geo
    f = book.scenarios[scenario].flourishing
    c = book.c
    out = []
    for i in range(geo.n):
        pts = 0
        reg = geo.region[i]
        flourishing = reg >= 0 and f >> reg & 1
        if geo.city[i] >= 0:
            pts += c["city_points_flourishing"] if flourishing else c["city_points_inactive"]
        if geo.port[i] >= 0:
            pts += c["port_points_flourishing"] if flourishing else c["port_points_inactive"]
        out.append(pts)
    return tuple(out)


class Gain(NamedTuple):
    """What a piece scores as it is placed: the cities and ports it covers, and the sea leagues
    it completes (sea indices)."""

    features: int
    leagues: tuple[int, ...]
    league_points: int

    @property
    def total(self) -> int:
        return self.features + self.league_points


@lru_cache(maxsize=64)
def _port_seas(book) -> tuple[int, ...]:
    """Per hex: the sea of the port on it, or -1."""
    return tuple(book.port_sea[k] if k >= 0 else -1 for k in book.geo.port)


def _tally(book, scenario: int, cells: Iterable[int]) -> tuple[int, dict[int, int]]:
    """The points of the cities and ports on ``cells`` (hex indices) in this scenario, and the
    ports among them per sea."""
    pts = hex_points(book, scenario)
    sea_of = _port_seas(book)
    feats = 0
    seas: dict[int, int] = {}
    for i in cells:
        feats += pts[i]
        sea = sea_of[i]
        if sea >= 0:
            seas[sea] = seas.get(sea, 0) + 1
    return feats, seas


def _new_leagues(s, p: int, seas: dict[int, int]) -> tuple[int, ...]:
    """The seas whose league player ``p`` scores with a piece covering ``seas[sea]`` ports of
    each sea (sorted)."""
    need = s.book.c["sea_league_ports"]
    held = s.ports_held[p]
    done = s.leagues[p]
    return tuple(sorted(sea for sea, k in seas.items()
                        if not done >> sea & 1 and held[sea] < need <= held[sea] + k))


def gain(s, p: int, cells: Iterable[int]) -> Gain:
    """The points player ``p`` would score for a piece covering ``cells`` (hex indices) now."""
    feats, seas = _tally(s.book, s.scenario, cells)
    if not seas:
        return Gain(feats, (), 0)
    new = _new_leagues(s, p, seas)
    return Gain(feats, new, len(new) * s.book.c["sea_league_points"])


@lru_cache(maxsize=1024)
def placement_points(book, scenario: int, fief: int, regions: int, acts: int
                     ) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Per placement of ``book.geo.columns(fief, regions, acts)`` (same order): what its hexes
    give :func:`gain` in this scenario, as (the points of the cities and ports it covers, the
    ports it covers per sea as ((sea, ports), ...)). With :func:`league_short`, a placement's
    points come without reading its hexes: ``points + league_points * (number of (sea, ports)
    with 0 < short[sea] <= ports)``, exactly :func:`gain`'s total."""
    out = []
    for e in book.geo.columns(fief, regions, acts)[0]:
        feats, seas = _tally(book, scenario, e.cells)
        out.append((feats, tuple(seas.items())))
    return tuple(out)


def league_short(s, p: int) -> tuple[int, ...]:
    """Per sea: how many more ports player ``p`` needs to score its league now
    (gonzaga.score.sea-league, gonzaga.score.league-once), 0 once they scored it or held enough
    ports already: a piece covering ``k`` ports of the sea scores the league when
    ``0 < short <= k``, as in :func:`gain`."""
    need = s.book.c["sea_league_ports"]
    done = s.leagues[p]
    return tuple(need - held if held < need and not done >> sea & 1 else 0
                 for sea, held in enumerate(s.ports_held[p]))


def score_piece(d, p: int, cells: Iterable[int]) -> None:
    """gonzaga.place.card-to-box (the score marker moves): ``p`` scores the piece just placed
    on ``cells`` (what :func:`gain` gives); the ports it covers count towards the sea leagues."""
    feats, seas = _tally(d.book, d.scenario, cells)
    league_points = 0
    if seas:
        new = _new_leagues(d, p, seas)
        held = list(d.ports_held[p])
        for sea, k in seas.items():
            held[sea] += k
        d.ports_held = d.ports_held[:p] + (tuple(held),) + d.ports_held[p + 1:]
        if new:
            bits = d.leagues[p]
            for sea in new:
                bits |= 1 << sea
            d.leagues = d.leagues[:p] + (bits,) + d.leagues[p + 1:]
            league_points = len(new) * d.book.c["sea_league_points"]
    if feats or league_points:
        f, lg, ch = d.points[p]
        d.points = d.points[:p] + ((f + feats, lg + league_points, ch),) + d.points[p + 1:]
