"""Scoring curves and values, as pure functions (figures draw them; nothing here plots).

- :func:`objective_curve`: the hidden-objective points by the number of the card's six cities
  covered, with the marginal value of each further city (gonzaga.end.objective-points; the
  shipped table is a placeholder, gonzaga.assume.objective-table);
- :func:`round_points`: the points each player scored in each round of a finished game (cities
  and ports, sea leagues, church), read back from its history;
- :func:`simulate`: many games played by bots, summarised (length, points per round, leagues,
  who took the Gonzaga tile, the final scores);
- :func:`bonus_values`: the value of a sea league and of the Gonzaga tile against the points a
  round typically gives, from simulations;
- :func:`game_lengths`: how many games of a simulation lasted 7, 8, ..., 12 rounds (the Last
  Turn rule makes it 7-12).

>>> [(c.cities, c.points >= 0) for c in objective_curve()][:2]
[(0, True), (1, True)]
>>> runs = simulate(games=4, players=3, seed=1)
>>> all(7 <= g.rounds <= 12 for g in runs)
True
>>> sum(game_lengths(runs=runs).values())
4
"""

from __future__ import annotations

import random
import statistics
from typing import Any, NamedTuple, Sequence

from .._errors import OptionError, shorten
from ._book import Book, load

__all__ = ["CurvePoint", "objective_curve", "round_points", "GameSummary", "simulate",
           "bonus_values", "game_lengths", "BOTS"]


class CurvePoint(NamedTuple):
    cities: int
    points: int
    marginal: int              # what the last city added


def _book(data: Any) -> Book:
    from ._state import GonzagaState
    if isinstance(data, GonzagaState):
        return data.book
    return Book.of(load(data))


def objective_curve(data: Any = None) -> list[CurvePoint]:
    """The objective points table as a curve: for 0 to 6 cities covered, the points and what the
    last city added. ``data``: a state, a data pair, a path to a data.json, or None (shipped)."""
    pts = _book(data).objective_points
    return [CurvePoint(k, v, v - (pts[k - 1] if k else 0)) for k, v in enumerate(pts)]


def round_points(end) -> list[tuple[int, ...]]:
    """For each round of a game (finished or not), the points each player scored in it during
    play (cities and ports, sea leagues, church), replayed from the history."""
    from ._state import GonzagaState, _Draft, _EFFECT
    from .._record import game_module
    if not isinstance(end, GonzagaState) or end.is_view:
        raise OptionError(f"round_points needs the full state of a game of Gonzaga, not "
                          f"{'a view' if isinstance(end, GonzagaState) else shorten(end, 60)}")
    i = end.info
    start = game_module(i.game).new_game(players=i.players, seed=i.seed, data=i.data,
                                         chance="manual", **dict(i.options))
    d = _Draft(start)
    n = i.players
    out: list[tuple[int, ...]] = []
    before = [0] * n
    current = 0
    for a in end.history:
        _EFFECT[a.kind](d, a)
        if d.round != current or d.phase == "over":
            if current:
                now = [sum(d.points[p]) for p in range(n)]
                out.append(tuple(x - y for x, y in zip(now, before)))
                before = now
            current = d.round
    return out


class GameSummary(NamedTuple):
    """One simulated game."""

    rounds: int
    declared: int                        # the round the Last Turn check made the last (0: none)
    scores: tuple[int, ...]
    breakdown: tuple[dict, ...]
    per_round: tuple[tuple[int, ...], ...]
    leagues: int                         # sea leagues formed, all players together
    gonzaga: tuple[int, ...]             # the players who took the Gonzaga tile


BOTS = ("random", "greedy")


def simulate(games: int = 100, players: int = 4, seed: int = 0, bot: str = "random",
             data: Any = None) -> list[GameSummary]:
    """``games`` games of ``players`` played by ``bot`` ("random": uniform legal moves on the
    fast path; "greedy": the greedy bot at every seat), seeds ``seed``, ``seed + 1``, ..."""
    from . import bots
    from ._state import new_game
    if type(games) is not int or not 1 <= games <= 100_000:
        raise OptionError(f"games is a number from 1 to 100000, not {shorten(games, 40)}")
    if type(seed) is not int or seed < 0:
        raise OptionError(f"seed is a non-negative integer, not {shorten(seed, 40)}")
    if bot not in BOTS:
        raise OptionError(f"bot is one of {', '.join(map(repr, BOTS))}, not {shorten(bot, 40)}")
    out = []
    for k in range(games):
        if bot == "random":
            end = bots.random_playout(new_game(players=players, seed=seed + k, data=data),
                                      random.Random(seed + k))
        else:
            end = bots.play_game(players, seed=seed + k, bots=bots.greedy_bot, data=data)
        parts = tuple(end.score_breakdown(p) for p in range(players))
        out.append(GameSummary(end.round, end.last_round, end.scores(), parts,
                               tuple(round_points(end)),
                               sum(bin(m).count("1") for m in end.leagues),
                               tuple(p for p in range(players) if parts[p]["Gonzaga tile"])))
    return out


def _runs(runs, games, players, seed, bot, data) -> list[GameSummary]:
    if runs is None:
        return simulate(games, players, seed, bot, data)
    runs = list(runs) if isinstance(runs, (list, tuple)) else None
    if not runs or not all(isinstance(g, GameSummary) for g in runs):
        raise OptionError("runs= is a non-empty list of simulate()'s game summaries")
    return runs


def bonus_values(games: int = 100, players: int = 4, seed: int = 0, bot: str = "random",
                 runs: Sequence[GameSummary] | None = None, data: Any = None) -> dict:
    """The value of a sea league and of the Gonzaga tile against what a round typically gives a
    player (from ``runs``, or from a new simulation): the points per player-round (mean, median
    and quartiles), each bonus's points and its worth in typical rounds, how many leagues a game
    sees and how many players share the tile."""
    runs = _runs(runs, games, players, seed, bot, data)
    book = _book(data)
    per = [v for g in runs for rnd in g.per_round for v in rnd]
    if not per:
        raise OptionError("bonus_values needs at least one round played")
    mean = statistics.fmean(per)
    q = statistics.quantiles(per, n=4) if len(per) > 1 else [per[0]] * 3
    league, tile = book.c["sea_league_points"], book.c["gonzaga_points"]
    return {"games": len(runs), "round_mean": mean, "round_median": statistics.median(per),
            "round_quartiles": tuple(q), "sea_league_points": league, "gonzaga_points": tile,
            "sea_league_rounds": league / mean if mean else float("inf"),
            "gonzaga_rounds": tile / mean if mean else float("inf"),
            "leagues_per_game": statistics.fmean(g.leagues for g in runs),
            "gonzaga_share": statistics.fmean(len(g.gonzaga) for g in runs)}


def game_lengths(games: int = 100, players: int = 4, seed: int = 0, bot: str = "random",
                 runs: Sequence[GameSummary] | None = None, data: Any = None) -> dict[int, int]:
    """How many games lasted each number of rounds, 7 to 12 (every count listed, zeros
    included), from ``runs`` or a new simulation."""
    runs = _runs(runs, games, players, seed, bot, data)
    book = _book(data)
    first = book.c["last_turn_first_check_round"] + 1
    out = {k: 0 for k in range(first, book.c["max_rounds"] + 1)}
    for g in runs:
        out[g.rounds] = out.get(g.rounds, 0) + 1
    return out


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "gonzaga")
