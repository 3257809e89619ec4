"""What a sweep returns: the table of games, the failures, and the metrics drawn from them."""

from __future__ import annotations

import html
import math
import re
from typing import Any

import numpy as np
import pandas as pd

from . import _stats

__all__ = ["Results"]


def category_column(category: str) -> str:
    """The table column of a score category: ``"not in the palace"`` -> ``"score_not_in_the_palace"``."""
    return "score_" + re.sub(r"[^0-9a-z]+", "_", category.lower()).strip("_")


class Results:
    """A sweep's games: ``table`` (one row per game and seat, failed games left out),
    ``failures`` (``game``, ``seed``, ``seat``, ``move``: the game's decision, from 1, where it
    failed, and the ``reason`` in words), ``partial`` (True when interrupted),
    ``branching_profile`` (legal actions per decision in each tenth of the game);
    :meth:`seat_advantage` and :meth:`summary` draw the metrics, each with a 95 % interval.

    Per game, the same for every game: ``rounds`` as the game counts them (Gùgōng's days),
    ``lead_changes`` how often the sole leader by score changed from the end of one round to the
    end of another (ties keep the last leader), ``margin`` the lowest winner's score less the best
    other score (NaN without a winner or a loser), ``tie`` a shared victory, ``rank`` 1 + the seats
    ahead (more points, or as many and a tie-break won).

    >>> from explorer.analysis import simulate
    >>> res = simulate("gugong", games=6, players=3, seed=1, progress=False)
    >>> bool(res.table.groupby("game")["win_share"].sum().isin([0.0, 1.0]).all())
    True
    >>> list(res.seat_advantage().columns)
    ['seat', 'games', 'wins', 'share', 'low', 'high', 'p_value']
    """

    def __init__(self, *, game: str, label: str, players: int, bots: tuple, seed: int, games: int,
                 games_done: int, table: pd.DataFrame, failures: pd.DataFrame, partial: bool,
                 branching_profile: pd.DataFrame, forbid: Any = None):
        self.game, self.label, self.players, self.bots, self.seed = game, label, players, bots, seed
        self.games, self.games_done, self.partial = games, games_done, partial
        self.table, self.failures, self.branching_profile = table, failures, branching_profile
        self.forbid = forbid

    @classmethod
    def collect(cls, sweep: Any, labels: tuple, collected: Any, *, games: int, partial: bool) -> Results:
        """The results of a sweep from its batches (in any order)."""
        from ._kit import kit
        table = _table(sweep, labels, collected.batches)
        failures = pd.DataFrame(sorted(collected.failures),
                                columns=["game", "seed", "seat", "move", "reason"])
        failures = failures.astype({"game": "int64", "seed": "int64", "seat": "int64", "move": "int64"})
        profile = pd.DataFrame({
            "progress": [b / len(collected.sums) for b in range(len(collected.sums))],
            "branching": [s / c if c else math.nan for s, c in zip(collected.sums, collected.counts)]})
        forbid = sweep.forbid
        if forbid is not None and not isinstance(forbid, str):
            forbid = getattr(forbid, "name", None) or getattr(forbid, "__name__", "a function")
        return cls(game=sweep.game, label=kit(sweep.game).label, players=sweep.players, bots=labels,
                   seed=sweep.seed, games=games, games_done=collected.done, table=table,
                   failures=failures, partial=partial, branching_profile=profile, forbid=forbid)

    # ---- metrics -------------------------------------------------------------------------------
    def _per_game(self) -> pd.DataFrame:
        return self.table.drop_duplicates("game")

    def seat_advantage(self) -> pd.DataFrame:
        """Each seat's games, wins (shared victories count as a share) and win share with its 95 %
        Wilson interval; ``p_value`` (a column, and ``.attrs["p_value"]``) is that of Pearson's
        chi-square goodness-of-fit test that all seats win equally often (games without a winner
        count for no seat)."""
        t = self.table
        rows = []
        for seat in range(self.players):
            mine = t[t["seat"] == seat]
            n, wins = len(mine), float(mine["win_share"].sum())
            low, high = _stats.wilson(wins, n)
            rows.append((seat, n, wins, wins / n if n else math.nan, low, high))
        out = pd.DataFrame(rows, columns=["seat", "games", "wins", "share", "low", "high"])
        stat, df, p = _stats.equal_shares(out["wins"].tolist())
        out["p_value"] = p
        out.attrs.update(p_value=p, chi2=stat, df=df,
                         test="Pearson's chi-square goodness of fit, equal win shares per seat")
        return out

    def summary(self) -> pd.DataFrame:
        """The game's behaviour, each metric with a 95 % interval (``low``, ``high``): rates by
        Wilson's interval, means by the normal approximation (mean ± 1.96 sd/√n), spreads by
        sd · (1 ± 1.96/√(2(n−1)))."""
        games = self._per_game()
        n = len(games)
        tried = n + len(self.failures)
        rows = [("games", float(n), math.nan, math.nan)]
        rows.append(_rate("completion", n, tried))
        rows.append(_rate("no-winner rate", int(games["no_winner"].sum()), n))
        rows.append(_rate("tie rate", int(games["tie"].sum()), n))
        for name, column in (("duration (decisions)", "game_decisions"), ("duration (rounds)", "rounds")):
            values = games[column].astype(float).tolist()
            rows.append(_counted(name, _stats.mean_interval(values)))
            rows.append((f"{name}, sd", *_stats.sd_interval(values)))
        rows.append(_counted("branching factor",
                             _stats.mean_interval(games["branching"].dropna().tolist())))
        per_player = (games["game_decisions"] / self.players).astype(float).tolist()
        rows.append(_counted("decisions per player", _stats.mean_interval(per_player)))
        rows.append(_counted("lead changes",
                             _stats.mean_interval(games["lead_changes"].astype(float).tolist())))
        rows.append(("winning margin", *_stats.mean_interval(games["margin"].dropna().tolist())))
        return pd.DataFrame(rows, columns=["metric", "value", "low", "high"])

    # ---- display -------------------------------------------------------------------------------
    def _lines(self) -> list[str]:
        bots = self.bots[0] if len(set(self.bots)) == 1 else " / ".join(self.bots)
        lines = [f"{self.label}, {self.players} players, bots: {bots}, seed {self.seed}"]
        done = f"{self.games_done:,} of {self.games:,} games played" + (
            " (interrupted: partial)" if self.partial else "")
        lines.append(f"{done}; {len(self.failures):,} failed")
        if self.forbid is not None:
            lines.append(f"restricted seat i % {self.players} in game i: forbid {self.forbid}")
        return lines

    def __repr__(self) -> str:
        return "Results: " + "\n  ".join(self._lines())

    def _repr_html_(self) -> str:
        first, *rest = map(html.escape, self._lines())
        return f"<div><b>Results</b>: {first}<br>" + "<br>".join(rest) + "</div>"


def _counted(name: str, interval: tuple) -> tuple:
    """A mean of counts: its interval stops at 0."""
    mean, low, high = interval
    return (name, mean, max(low, 0.0) if low == low else low, high)


def _rate(name: str, k: int, n: int) -> tuple:
    return (name, k / n if n else math.nan, *_stats.wilson(k, n))


def _table(sweep: Any, labels: tuple, batches: list[dict]) -> pd.DataFrame:
    n = sweep.players
    cats = [category_column(c) for c in sweep.categories]
    if batches:
        index = np.concatenate([b["index"] for b in batches])
        order = np.argsort(index, kind="stable")
        index = index[order]

        def game(col):
            return np.concatenate([b[col] for b in batches])[order]

        def seat(values):
            return np.concatenate(values).reshape(-1, n)[order].ravel()
    else:
        index = np.zeros(0, dtype=np.int64)

        def game(col):
            return np.zeros(0)

        def seat(values):
            return np.zeros(0)
    g = len(index)
    scores = seat([b["score"] for b in batches]).reshape(g, n)
    won = seat([b["won"] for b in batches]).astype(bool).reshape(g, n)
    winners = game("winners").astype(np.int64)
    # rank: 1 + the seats ahead (a higher score, or the same score and a win the seat lacks)
    ahead = (scores[:, None, :] > scores[:, :, None]) | (
        (scores[:, None, :] == scores[:, :, None]) & won[:, None, :] & ~won[:, :, None])
    rank = 1 + ahead.sum(axis=2)
    share = np.where(won, 1.0 / np.maximum(winners, 1)[:, None], 0.0)
    seats = np.tile(np.arange(n), g)
    restricted = (seats == np.repeat(index % n, n)) if sweep.forbid is not None else np.zeros(g * n, bool)
    columns: dict[str, Any] = {
        "game": np.repeat(index, n), "seed": np.repeat(game("seed").astype(np.int64), n),
        "seat": seats, "players": np.full(g * n, n), "bot": np.tile(np.array(labels, dtype=object), g),
        "restricted": restricted, "score": scores.ravel(), "rank": rank.ravel(), "won": won.ravel(),
        "win_share": share.ravel()}
    for j, col in enumerate(cats):
        columns[col] = seat([b["parts"][j] for b in batches])
    columns["decisions"] = seat([b["decisions"] for b in batches]).astype(np.int64)
    columns["forced"] = seat([b["forced"] for b in batches]).astype(np.int64)
    per_game = {"game_decisions": game("game_decisions").astype(np.int64),
                "rounds": game("rounds").astype(np.int64), "winners": winners,
                "no_winner": winners == 0, "tie": winners > 1,
                "margin": game("margin").astype(float), "lead_changes": game("lead_changes").astype(np.int64),
                "branching": game("branching").astype(float)}
    for col, values in per_game.items():
        columns[col] = np.repeat(values, n)
    return pd.DataFrame(columns)
