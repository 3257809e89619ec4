"""Final de juego y Puntuación: when the game ends, and how the point tiles score.

hanging_gardens.end.cards-played, hanging_gardens.assume.end-discards: the game ends after the
round in which the last building card is turned up and taken. hanging_gardens.end.tiles-run-out,
hanging_gardens.assume.tiles-run-out: once both face-down stacks are empty, the round
is finished and the game ends. hanging_gardens.end.reveal: then the tiles are turned up and
counted: each kind's series (hanging_gardens.score.series-values, .series-complete), the persons
(hanging_gardens.score.person-base, .person-complete, hanging_gardens.assume.person-once), the
guard (hanging_gardens.score.guard, .guard-added), and 5 points per missed tile
(hanging_gardens.end.missed-tile). Most points wins (hanging_gardens.end.winner); a tie goes to
the most tiles (hanging_gardens.end.tie-tiles, hanging_gardens.assume.tie-tiles), and is shared if
that ties too (hanging_gardens.end.tie-shared).
"""

from __future__ import annotations

import dataclasses
import functools

from .._engine import Result, points_result
from ._actions import OVER
from ._book import series_value

__all__ = ["is_last_round", "tiles_run_out", "kind_points", "person_points", "breakdown",
           "hand_points", "total",
           "winners", "result", "OVER", "MISSED"]

MISSED = "missed tiles"
"""The score category of the 5 points per missed tile."""


def tiles_run_out(s) -> bool:
    """hanging_gardens.assume.tiles-run-out: both face-down stacks are empty (the face-up tiles
    left on the board may still be taken until the round ends)."""
    return not (s.heights[0] or s.heights[1])


def is_last_round(s) -> bool:
    """At the end of a round: is the game over?"""
    return not s.stack or tiles_run_out(s)


def kind_points(book, kind: int, held: int) -> int:
    """hanging_gardens.score.series-values: points of ``held`` tiles of series kind ``kind``."""
    return series_value(book.series[kind], held) if held else 0


def person_points(book, person: int, tiles) -> int:
    """hanging_gardens.score.person-base/-complete, hanging_gardens.score.guard: points of person
    ``person`` (index into ``book.persons``) for a player holding ``tiles`` (counts by kind)."""
    kind, linked, scoring, base, complete, per_tile = book.persons[person]
    if not tiles[kind]:
        return 0
    if scoring == "per_tile":
        return per_tile * tiles[linked]
    return complete if tiles[linked] >= len(book.series[linked]) else base


def breakdown(s, p: int) -> dict[str, int]:
    """``p``'s points: one entry per series kind, then persons, the guard and missed tiles."""
    return hand_points(s.book, s.tiles[p], s.missed[p])


def hand_points(book, tiles, missed: int = 0) -> dict[str, int]:
    """The points of a hand of ``tiles`` (counts by kind) and ``missed`` missed tiles, by
    category: one per series kind, then persons, the guard and missed tiles."""
    out = {book.tile_name(k): kind_points(book, k, tiles[k]) for k in range(book.kinds)}
    persons = guard = 0
    for j, (_, _, scoring, *_rest) in enumerate(book.persons):
        if scoring == "per_tile":
            guard += person_points(book, j, tiles)
        else:
            persons += person_points(book, j, tiles)
    out["persons"] = persons
    out["guard"] = guard
    out[MISSED] = missed * book.c["missed_tile_points"]
    return out


def total(s, p: int) -> int:
    return _total(s.book, s.tiles[p], s.missed[p])


@functools.lru_cache(maxsize=4096)
def _total(book, tiles: tuple, missed: int) -> int:
    """The points of a hand (the same hands recur all game long: kept, not recounted)."""
    return sum(hand_points(book, tiles, missed).values())


def winners(s) -> tuple[int, ...]:
    """hanging_gardens.end.winner, .tie-tiles, .tie-shared (the leaders while the game goes on)."""
    totals = s.scores()
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    most = max(s.tile_count(p) for p in tied)
    return tuple(p for p in tied if s.tile_count(p) == most)


def result(s) -> Result:
    """The points by category, the winners, and how the winner was decided."""
    parts = tuple(breakdown(s, p) for p in range(s.players))
    res = points_result(s, parts, winners(s), "point tiles", s.tile_count,
                        ("hanging_gardens.end.winner", "hanging_gardens.end.tie-tiles",
                         "hanging_gardens.end.tie-shared"))
    if s.is_view and not res.final:
        res = dataclasses.replace(res, explanation=res.explanation + " (Tiles face down are not "
                                  "counted: their kinds are hidden in this view.)")
    return res
