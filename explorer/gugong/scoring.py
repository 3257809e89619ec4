"""Scoring curves and values, as pure functions (the figures draw them).

- :func:`jade_curve`: VP for holding n jade (gugong.end.jade: 1/3/6/10/15, then 2 each) and what
  each further jade adds;
- :func:`palace_curve`: VP by order of arrival in the palace (the free spot with the most VP is
  taken, gugong.palace.arrival-spot), for a player count;
- :func:`trade_table` and :func:`trade_curve`: what travel tokens trade for (2 -> 1 servant,
  4 -> 2 VP, 6 -> 1 jade, gugong.travel.trade-two/-four/-six), and the best VP from n tokens;
- :func:`wall_curve`: for a completed wall, how many of its servants make the majority certain,
  and what the majority scores (gugong.wall.score-most: 3 VP and a palace step).

Values come from the data (placeholders included; ``load_data().placeholders()`` lists them).

>>> [(p.jade, p.vp, p.marginal) for p in jade_curve(7)][4:]
[(4, 10, 4), (5, 15, 5), (6, 17, 2), (7, 19, 2)]
>>> trade_curve(8)[8].vp
4
>>> [row.certain for row in wall_curve(2)]
[False, False, True, True]
"""

from __future__ import annotations

from typing import NamedTuple

from .._errors import OptionError, shorten
from . import _args
from ._book import Book, load_data

__all__ = ["jade_curve", "JadePoint", "palace_curve", "trade_table", "Trades", "trade_curve",
           "TradePoint", "wall_curve", "WallRow", "jade_points"]


def _book(data=None, players: int = 3) -> Book:
    if isinstance(data, Book):
        return data
    book = getattr(data, "book", None)
    if isinstance(book, Book):
        return book
    data = _args.data(data)
    return Book.of(data if data is not None else load_data(), players)


def _count(n, what: str = "n", top: int = 1000) -> int:
    if type(n) is not int or not 0 <= n <= top:
        raise OptionError(f"{what} must be a whole number from 0 to {top}, not {shorten(n, 40)}")
    return n


class JadePoint(NamedTuple):
    jade: int
    vp: int
    marginal: int


def jade_points(n: int, data=None) -> int:
    return _book(data).jade_vp(_count(n, "jade"))


def jade_curve(most: int = 10, data=None) -> list[JadePoint]:
    """VP for 0 to ``most`` jade, and the VP the last jade added."""
    book = _book(data)
    most = _count(most, "most")
    out, prev = [], 0
    for n in range(most + 1):
        v = book.jade_vp(n)
        out.append(JadePoint(n, v, v - prev))
        prev = v
    return out


def palace_curve(players: int = 4, data=None) -> list[tuple[int, int]]:
    """(arrival order, VP) for each player who arrives: the first takes the free spot with the
    most VP, and so on."""
    if type(players) is not int or not 2 <= players <= 5:
        raise OptionError(f"players must be 2 to 5, not {shorten(players, 20)}")
    book = _book(data if not isinstance(data, Book) else data.data, players)
    vps = sorted(book.arrival_vp, reverse=True)
    return [(k + 1, vps[k]) for k in range(min(players, len(vps)))]


class Trades(NamedTuple):
    twos: int              # trades of 2 tokens (1 servant each)
    fours: int             # trades of 4 tokens (2 VP each)
    sixes: int             # trades of 6 tokens (1 jade each)
    servants: int
    vp: int
    jade: int
    left: int              # token value left over


def trade_table(value: int, data=None) -> list[Trades]:
    """Every way to trade tokens worth ``value`` in total (a double token is worth 2)."""
    value = _count(value, "value", 200)
    book = _book(data)
    rewards = {}
    for tokens, effects in book.trades:
        rewards[tokens] = effects[0]
    out = []
    for sixes in range(value // 6 + 1):
        for fours in range((value - 6 * sixes) // 4 + 1):
            rest = value - 6 * sixes - 4 * fours
            for twos in range(rest // 2 + 1):
                left = rest - 2 * twos
                out.append(Trades(twos, fours, sixes, twos, 2 * fours, sixes, left))
    return out


class TradePoint(NamedTuple):
    tokens: int
    vp: int                # the most VP the trades give (jade valued by what it adds)
    trades: Trades


def trade_curve(most: int = 12, jade_held: int = 0, data=None) -> list[TradePoint]:
    """For 0 to ``most`` tokens: the trades giving the most VP at the end (2 VP per 4 tokens, a
    jade worth what it adds to ``jade_held`` jade)."""
    most = _count(most, "most", 200)
    jade_held = _count(jade_held, "jade_held", 200)
    book = _book(data)
    out = []
    for n in range(most + 1):
        best = max(trade_table(n, book),
                   key=lambda t: (t.vp + book.jade_vp(jade_held + t.jade) - book.jade_vp(jade_held),
                                  t.servants))
        vp = best.vp + book.jade_vp(jade_held + best.jade) - book.jade_vp(jade_held)
        out.append(TradePoint(n, vp, best))
    return out


class WallRow(NamedTuple):
    servants: int          # your servants on the wall when it is completed
    certain: bool          # the majority is yours whatever the others hold
    vp: int                # what the majority scores
    palace_steps: int


def wall_curve(players: int = 4, data=None) -> list[WallRow]:
    """For a wall completed with exactly its threshold of servants: with k of them yours, is the
    majority certain (more than all the others together could hold), and what it scores."""
    if type(players) is not int or not 2 <= players <= 5:
        raise OptionError(f"players must be 2 to 5, not {shorten(players, 20)}")
    book = _book(None if data is None else getattr(data, "data", data), players)
    thr = book.threshold
    c = book.c
    return [WallRow(k, k > thr - k, c["wall_score_vp"], c["wall_score_palace_steps"])
            for k in range(1, thr + 1)]

