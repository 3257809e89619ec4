"""Studies built from sweeps: how much skill matters, and what an option is worth.

- :func:`skill_trace`: each rung of a ladder of bots against the rung below (Ludii's "skill
  trace"): the stronger bot's win share, with a 95 % Wilson interval;
- :func:`action_value`: restricted play (Jaffe et al., 2012): the win share a bot loses when it
  is denied one option (a location, a district, an action card), against the same bots free, on
  the same games.

Both only call :func:`explorer.analysis.simulate` and read its tables, so they run on every
backend (one process, a process pool, a Dask cluster) and give the same numbers on each.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import pandas as pd

from .._bots import Restriction
from .._errors import OptionError, shorten
from ._kit import kit
from ._stats import mean_interval, wilson

__all__ = ["skill_trace", "action_value", "difference_interval", "LADDER"]

LADDER = ("random", "greedy", "mcts:100", "mcts:400")
"""The default ladder: random moves, one step ahead, then tree search of growing strength."""


def skill_trace(game: str, players: int = 2, ladder: Sequence[Any] = LADDER, games: int = 200,
                seed: int = 0, *, workers: int | None = None, client: Any = None,
                progress: bool = True) -> pd.DataFrame:
    """Each rung of ``ladder`` against the rung below: the stronger bot's win share over ``games``
    games (shared victories count as a share), with a 95 % Wilson interval.

    The stronger bot sits in every seat in turn (seat k in about ``games / players`` of the
    games, all other seats played by the weaker bot), on the same game seeds for every seat, so
    seat advantage cancels. With ``players`` players an even game gives the stronger bot
    ``1 / players``. Columns: ``game``, ``rung``, ``against``, ``games``, ``share``, ``low``,
    ``high``, ``fair`` (the share of an even game). One progress bar counts all the study's
    games; interrupting stops the study, whose rows then come from the games finished
    (``table.attrs["partial"]`` is True).

    >>> skill_trace("corinth", ladder=["random", "greedy"], games=4, progress=False).columns.tolist()
    ['game', 'rung', 'against', 'games', 'share', 'low', 'high', 'fair']
    """
    from ._runner import simulate
    from .bots import spec_label
    k = kit(game)
    ladder = _ladder(ladder)
    players = _count(players, "players")
    games = _count(games, "games")
    bar = _StudyProgress(progress, games * (len(ladder) - 1),
                         f"{k.label}, skill trace, {players} players")
    rows = []
    for weak, strong in zip(ladder, ladder[1:]):
        n = wins = 0.0
        for seat in range(players):
            share = games // players + (seat < games % players)
            if not share or bar.stopped:
                continue
            bots = [strong if p == seat else weak for p in range(players)]
            res = bar.run(simulate, game, games=share, players=players, bots=bots, seed=seed,
                          workers=workers, client=client)
            mine = res.table[res.table["seat"] == seat]
            n += len(mine)
            wins += float(mine["win_share"].sum())
        if not n:
            break
        low, high = wilson(wins, n)
        rows.append({"game": game, "rung": spec_label(strong), "against": spec_label(weak),
                     "games": int(n), "share": wins / n, "low": low, "high": high,
                     "fair": 1 / players})
    return bar.close(pd.DataFrame(rows, columns=["game", "rung", "against", "games", "share",
                                                 "low", "high", "fair"]))


def action_value(game: str, players: int = 3, forbid: Any = None, bot: Any = "mcts:100",
                 games: int = 200, seed: int = 0, *, workers: int | None = None,
                 client: Any = None, progress: bool = True) -> pd.DataFrame:
    """What an option is worth: the win share a player loses when denied it.

    ``forbid`` is the name of one of the game's restrictions (``"wall"``), a
    :class:`~explorer._bots.Restriction`, a predicate ``f(state, action)`` (True: forbidden), or a
    list of these (one row each). In game i the seat ``i % players`` is restricted; the same games
    (same seeds, same bots) are also played with nobody restricted, and that seat's results there
    are the free baseline. Columns:

    - ``game``; ``restriction``, ``label``, ``rule``: what was forbidden, in players' words, and its rule;
    - ``games``; ``free_share`` and ``share``: the seat's win share free and restricted;
    - ``loss`` = ``free_share - share`` with ``low``, ``high``: its 95 % interval (Newcombe's
      hybrid score interval for a difference of two proportions, built from the two Wilson
      intervals);
    - ``free_score``, ``score``, ``score_loss`` with ``score_low``, ``score_high``: the same for
      the final score, the loss's interval from the per-game paired differences (mean ± 1.96·sd/√n);
    - ``forced``: restricted decisions at which every legal action was forbidden (played free).

    One progress bar counts all the study's games; interrupting stops the study, whose rows then
    come from the games finished (``table.attrs["partial"]`` is True).

    >>> action_value("corinth", forbid="steward", bot="random", games=6, progress=False).loc[0, "label"]
    'the Steward'
    """
    from ._runner import simulate
    restrictions = _restrictions(game, forbid)
    players = _count(players, "players")
    games = _count(games, "games")
    bar = _StudyProgress(progress, games * (len(restrictions) + 1),
                         f"{kit(game).label}, restricted play, {players} players")
    options = dict(games=games, players=players, bots=bot, seed=seed, workers=workers,
                   client=client)
    free = _by_game(bar.run(simulate, game, **options).table)
    free = free[free["seat"] == free.index % players]
    rows = []
    for r in restrictions:
        if bar.stopped:
            break
        table = _by_game(bar.run(simulate, game, forbid=r, **options).table)
        mine = table[table["restricted"]]
        both = mine.index.intersection(free.index)
        if len(both):
            rows.append({"game": game, **_value_row(r, free.loc[both], mine.loc[both])})
    return bar.close(pd.DataFrame(rows))


class _StudyProgress:
    """One progress bar for a whole study, fed by its sweeps; interrupting a sweep stops the
    study, which returns what its finished games say, marked ``partial`` in ``attrs``."""

    def __init__(self, progress: Any, total: int, title: str) -> None:
        from ._runner import Progress
        if not (type(progress) is bool or callable(progress)):
            raise OptionError(f"progress must be True, False or a function of (games done, "
                              f"games), not {shorten(progress, 60)}")
        self.bar = Progress(progress, total, title)
        self.quiet = progress is False
        self.stopped = False

    def run(self, simulate: Callable, game: str, **options: Any) -> Any:
        """One sweep of the study, its games counted on the study's bar."""
        done = [0]

        def tick(now: int, _games: int) -> None:
            self.bar.update(now - done[0])
            done[0] = now

        res = simulate(game, progress=False if self.quiet else tick, **options)
        self.stopped = self.stopped or res.partial
        return res

    def close(self, table: pd.DataFrame) -> pd.DataFrame:
        self.bar.close(self.stopped)
        table.attrs["partial"] = self.stopped
        return table


def difference_interval(x1: float, n1: float, x2: float, n2: float) -> tuple[float, float, float]:
    """``p1 - p2`` for ``p1 = x1/n1``, ``p2 = x2/n2`` with its 95 % interval by Newcombe's hybrid
    score method (Newcombe 1998, method 10: the two Wilson intervals combined).

    >>> d, low, high = difference_interval(56, 70, 48, 80)   # Newcombe (1998), example (a)
    >>> round(d, 4), round(low, 4), round(high, 4)
    (0.2, 0.0524, 0.3339)
    """
    if n1 <= 0 or n2 <= 0:
        return math.nan, math.nan, math.nan
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p1 - p2
    return d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


# ---- helpers ---------------------------------------------------------------------------------
def _value_row(r: Restriction, free: pd.DataFrame, mine: pd.DataFrame) -> dict:
    n = len(mine)
    free_wins, wins = float(free["win_share"].sum()), float(mine["win_share"].sum())
    loss, low, high = difference_interval(free_wins, n, wins, n)
    diffs = (free["score"].astype(float) - mine["score"].astype(float)).tolist()
    score_loss, score_low, score_high = mean_interval(diffs)
    return {"restriction": r.name, "label": r.label, "rule": r.rule, "games": n,
            "free_share": free_wins / n if n else math.nan, "share": wins / n if n else math.nan,
            "loss": loss, "low": low, "high": high,
            "free_score": float(free["score"].mean()), "score": float(mine["score"].mean()),
            "score_loss": score_loss, "score_low": score_low, "score_high": score_high,
            "forced": int(mine["forced"].sum())}


def _by_game(table: pd.DataFrame) -> pd.DataFrame:
    """A sweep's table indexed by the game's number."""
    return table.set_index("game") if "game" in table.columns else table


def _restrictions(game: str, forbid: Any) -> list[Restriction]:
    """``forbid`` (a name, a Restriction, a predicate or a list of these) as Restrictions."""
    named = kit(game).restrictions
    items = list(forbid) if isinstance(forbid, (list, tuple)) else [forbid]
    if not items:
        raise OptionError("action_value needs at least one restriction to value; the game's are: "
                          + ", ".join(named))
    out = []
    for f in items:
        if isinstance(f, Restriction):
            out.append(f)
        elif type(f) is str:
            if f not in named:
                raise OptionError(f"{game} has no restriction {shorten(f, 60)}; its restrictions "
                                  f"are: {', '.join(named)}")
            out.append(named[f])
        elif callable(f):
            name = getattr(f, "__name__", "") or "forbidden"
            out.append(Restriction(name, name, "", f))
        else:
            raise OptionError(f"forbid should be a restriction's name ({', '.join(named)}), a "
                              f"Restriction or a function (state, action) -> bool, not "
                              f"{shorten(f, 60)}")
    return out


def _ladder(ladder: Any) -> list:
    if isinstance(ladder, str) or not isinstance(ladder, (list, tuple)) or len(ladder) < 2:
        raise OptionError(f"a ladder is a list of at least two bots, weakest first (e.g. "
                          f"['random', 'greedy', 'mcts:100']), not {shorten(ladder, 60)}")
    from .bots import parse_spec
    for spec in ladder:
        parse_spec(spec)
    return list(ladder)


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 1:
        raise OptionError(f"{what} should be a whole number of at least 1, not {shorten(value, 40)}")
    return value
