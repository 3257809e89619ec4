"""Analysis at scale, one API for every game: sweeps of bot games, the metrics with intervals.

>>> from explorer import analysis
>>> res = analysis.simulate("corinth", games=20, players=3, bots="random", seed=0, progress=False)
>>> res.table.shape[0]                       # one row per game and seat
60
>>> sorted(res.table.groupby("game")["win_share"].sum().unique().tolist())   # each has a winner
[1.0]
>>> res.seat_advantage()[["seat", "games"]].values.tolist()
[[0, 20], [1, 20], [2, 20]]
>>> res.summary().set_index("metric").loc["completion", "value"].item()   # every game ended
1.0
>>> analysis.game_seed(0, 3) == res.table.loc[res.table.game == 3, "seed"].iloc[0].item()
True

The same sweep on 2 local processes (``workers=2``) or on Dask (``client=Client(...)`` or a
scheduler address, with the ``explorer[dask]`` extra) gives the same table. Bots:
``"random"``, ``"greedy"``, ``"mcts:N"`` or a function of the state, one for all seats or a list
(:func:`make_bot`); each game's interface is :func:`kit`. Studies built on sweeps:
``skill_trace``, ``action_value``; charts in ``figures``; the MCTS bot is ``mcts_bot``.
"""

from __future__ import annotations

import importlib

from .._errors import MissingExtra

try:
    import numpy  # noqa: F401
    import pandas  # noqa: F401
except ImportError as _err:
    raise MissingExtra("explorer.analysis (its tables)", "analysis", _err.name or "pandas") from None

from ._kit import ANALYSED, GameKit, kit
from ._runner import game_seed, simulate
from .bots import make_bot, spec_label

__all__ = ["simulate", "Results", "game_seed", "make_bot", "spec_label", "kit", "GameKit",
           "ANALYSED", "skill_trace", "action_value", "figures", "mcts_bot"]

_LAZY = {"Results": "._results", "skill_trace": "._studies", "action_value": "._studies",
         "mcts_bot": ".mcts"}


def __getattr__(name: str):
    # pandas-built results, studies, figures (plotly) and MCTS load only when asked for
    if name == "figures":
        return importlib.import_module(".figures", __name__)
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module 'explorer.analysis' has no attribute {name!r}")
