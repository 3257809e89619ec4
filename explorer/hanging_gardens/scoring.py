"""Scoring curves and values, as pure functions (the figures draw them).

- :func:`series_points`: points for holding ``n`` tiles of one kind (hanging_gardens.score.series-values,
  .series-complete: a complete series scores its last value and the rest start a new series);
  :func:`series_curve` the points and the marginal value of each further tile, with the resets;
- :func:`person_points` and :func:`guard_points`: a person tile's and the guard's points;
- :func:`next_tile_values`: what one more tile of each kind is worth to a player now (its series,
  and the persons it completes or feeds);
- :func:`hidden_tile_odds`: the chance that a tile drawn hidden is of each kind, given the tiles
  the player has seen (exact fractions);
- :func:`group_outlook`: for each group, the tile columns it opens now and as it grows, with the
  best face-up tile each would reach: the value of scoring it now versus growing it.

Values come from the data (placeholders included; ``load_data().placeholders()`` lists them).

>>> series_points("garden", 5), [series_points("gate", n) for n in (1, 2, 4, 5)]
(24, [0, 5, 25, 25])
>>> person_points("gardener", 1), person_points("gardener", 3), guard_points(2)
(3, 11, 6)
>>> [(c.held, c.points, c.marginal, c.complete) for c in series_curve("garden", 4)]
[(0, 0, 0, False), (1, 2, 2, False), (2, 8, 6, False), (3, 16, 8, True), (4, 18, 2, False)]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .._data import DataSet
from .._errors import OptionError, shorten
from ._book import Book, load_data, series_value
from ._end import _total, hand_points

__all__ = ["series_points", "series_curve", "CurvePoint", "person_points", "guard_points",
           "next_tile_values", "hidden_tile_odds", "unseen_tiles", "group_outlook", "Outlook",
           "columns_for"]


def _book(data) -> Book:
    if data is None:
        return Book.of(load_data())
    if isinstance(data, Book):
        return data
    if isinstance(data, DataSet):
        return Book.of(data)
    book = getattr(data, "book", None)
    if isinstance(book, Book):
        return book
    raise OptionError(f"data= is a state, a loaded data set or None (the shipped data), not "
                      f"{shorten(data, 60)}")


def _kind(book: Book, kind, series_only: bool = False) -> int:
    k = book.tile_index.get(kind) if isinstance(kind, str) else None
    if k is None or (series_only and k >= book.kinds):
        names = book.tiles[:book.kinds] if series_only else book.tiles
        raise OptionError(f"{shorten(kind, 40)} is not a {'series ' if series_only else ''}tile "
                          f"kind; the kinds are {', '.join(names)}")
    return k


def _count(n, what: str = "n") -> int:
    if type(n) is not int or not 0 <= n <= 1000:
        raise OptionError(f"{what} must be a number of tiles from 0 to 1000, not {shorten(n, 40)}")
    return n


def series_points(kind: str, n: int, data=None) -> int:
    """Points for holding ``n`` tiles of series kind ``kind``: ``floor(n/k)*v_k + v_(n mod k)``."""
    book = _book(data)
    return series_value(book.series[_kind(book, kind, True)], _count(n))


class CurvePoint(NamedTuple):
    held: int
    points: int
    marginal: int          # points the last tile added
    complete: bool         # this tile completed a series (the next one starts a new series)


def series_curve(kind: str, up_to: int | None = None, data=None) -> list[CurvePoint]:
    """Points for holding 0 .. ``up_to`` tiles of ``kind`` (default: every tile of the kind),
    with the marginal value of each tile and where a series is complete."""
    book = _book(data)
    k = _kind(book, kind, True)
    up_to = book.counts[k] if up_to is None else _count(up_to, "up_to")
    size = len(book.series[k])
    out, prev = [], 0
    for n in range(up_to + 1):
        pts = series_value(book.series[k], n)
        out.append(CurvePoint(n, pts, pts - prev, n > 0 and n % size == 0))
        prev = pts
    return out


def person_points(person: str, linked: int, data=None) -> int:
    """Points of person tile ``person`` for a player holding ``linked`` tiles of its kind
    (hanging_gardens.score.person-base, -person-complete; the guard: 3 per gate)."""
    book = _book(data)
    k = _kind(book, person)
    if k < book.kinds:
        raise OptionError(f"{person!r} is a series kind, not a person; the persons are "
                          f"{', '.join(book.tiles[book.kinds:])}")
    j = k - book.kinds
    _, kind, scoring, base, complete, per_tile = book.persons[j]
    n = _count(linked, "linked")
    if scoring == "per_tile":
        return per_tile * n
    return complete if n >= len(book.series[kind]) else base


def guard_points(gates: int, data=None) -> int:
    """hanging_gardens.score.guard: the guard's points for a player holding ``gates`` gates."""
    book = _book(data)
    guard = next(book.tiles[k] for k, _, scoring, *_ in book.persons if scoring == "per_tile")
    return person_points(guard, gates, book)


def _player(state, player):
    if player is None:
        player = state.mover
        if player < 0:
            raise OptionError("no player is to move now; name the player")
    return state.check_player(player)


def next_tile_values(state, player: int | None = None) -> dict[str, int]:
    """What one more tile of each kind adds to ``player``'s final points now (series and
    persons together: a garden that completes a series also lifts the gardener)."""
    p = _player(state, player)
    if state.is_view and state.viewer != p:
        raise OptionError("this view hides that player's tiles; ask the full state or their view")
    return dict(_next_values(state.book, tuple(state.tiles[p]), state.missed[p]))


@lru_cache(maxsize=4096)
def _next_values(book: Book, held: tuple, missed: int) -> dict[str, int]:
    """:func:`next_tile_values` of a hand (the same hands recur all game long: kept, not
    recounted)."""
    now = _total(book, held, missed)
    out = {}
    for k, name in enumerate(book.tiles):
        tiles = list(held)
        tiles[k] += 1
        out[name] = sum(hand_points(book, tiles, missed).values()) - now
    return out


def unseen_tiles(state, player: int) -> dict[str, int]:
    """The tiles ``player`` has not seen, by kind: those still in the stacks and the hidden
    bonus tiles the other players drew. (A face-up tile another player took was seen.)"""
    p = state.check_player(player)
    if state.is_view:
        if state.viewer != p:
            raise OptionError("this view holds what another player may see; ask the full state "
                              "or this player's view")
        pool = state.pool
    else:
        pool = list(state.pool)
        for q in range(state.players):
            if q != p:
                for k, h in enumerate(state.hidden[q]):
                    pool[k] += h
    return {name: n for name, n in zip(state.book.tiles, pool) if n}


def hidden_tile_odds(state, player: int | None = None) -> dict[str, Fraction]:
    """hanging_gardens.tile.bonus-hidden: the chance that a tile ``player`` draws from the stacks
    is of each kind, given what they have seen (every unseen tile equally likely)."""
    p = _player(state, player)
    unseen = unseen_tiles(state, p)
    total = sum(unseen.values())
    return {k: Fraction(n, total) for k, n in unseen.items()} if total else {}


def columns_for(size: int, data=None) -> tuple[int, ...]:
    """hanging_gardens.tile.group-of-three/-four/-five: the columns a group of ``size`` opens."""
    return _book(data).columns_open(_count(size, "size"))


class Outlook(NamedTuple):
    """A group of the player's garden and what scoring it would bring, now and grown."""

    motif: str
    squares: tuple            # (row, col), sorted
    size: int
    temple: bool              # it holds a temple already (cannot be scored)
    scorable_now: bool        # in the score phase: one of the groups the player may score now
    steps: tuple              # per size (now, +1, +2, ...): (size, columns, bonus, best tile, its value)


def group_outlook(state, player: int | None = None, grow: int = 3) -> list[Outlook]:
    """For each group of 2 or more in ``player``'s garden: the columns its size opens now and at
    each of the next ``grow`` sizes, whether the hidden bonus tile comes with it, and the best
    face-up tile those columns hold now with its value to the player (:func:`next_tile_values`)."""
    from ._grid import group_at, rc
    p = _player(state, player)
    if type(grow) is not int or not 0 <= grow <= 20:
        raise OptionError(f"grow must be a number of sections from 0 to 20, not {shorten(grow, 40)}")
    book = state.book
    garden = state.gardens[p]
    values = next_tile_values(state, p)
    eligible = set()
    if state.phase == "score" and state.mover == p:
        eligible = {grp[1][0] for grp in state.pending[2]}
    seen, out = set(), []
    m = garden.occ
    squares = []
    while m:
        low = m & -m
        squares.append(low.bit_length() - 1)
        m ^= low
    for i in squares:
        if i in seen or garden.grid[i] < 2:
            continue
        grp = group_at(garden.grid, i)
        seen.update(grp)
        if len(grp) < 2:
            continue
        steps = []
        for size in range(len(grp), len(grp) + grow + 1):
            spaces = [sp for sp in book.spaces_open(size) if state.faceup[sp] >= 0]
            best = max(spaces, key=lambda sp: values[book.tiles[state.faceup[sp]]], default=None)
            name = book.tiles[state.faceup[best]] if best is not None else None
            steps.append((size, book.columns_open(size), size >= book.c["bonus_group"], name,
                          values[name] if name else 0))
        out.append(Outlook(book.motif_name(garden.grid[i]), tuple(rc(j) for j in grp), len(grp),
                           any(t in grp for t in garden.temples), grp[0] in eligible, tuple(steps)))
    return out


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
