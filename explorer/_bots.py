"""What every game's bots module shares: a whole game played by given bots."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ._errors import OptionError, shorten

__all__ = ["play_game"]


def play_game(new_game: Callable[..., Any], random_bot: Callable[..., Any], players: int,
              seed: int | None = None, bots: Sequence[Callable] | Callable | None = None,
              **kwargs: Any) -> Any:
    """A whole game of ``new_game(players=players, seed=seed, **kwargs)``: ``bots[p]`` chooses
    for player ``p`` (one bot for every seat if a single one; ``random_bot`` with a generator
    seeded by the game's seed if none, so the game replays)."""
    s = new_game(players=players, seed=seed, **kwargs)
    if bots is None:
        rng = random.Random(s.info.seed)
        bots = [lambda st: random_bot(st, rng)] * players
    elif callable(bots):
        bots = [bots] * players
    if not isinstance(bots, (list, tuple)) or len(bots) != players or not all(map(callable, bots)):
        raise OptionError(f"play_game needs one bot (a function of the state) per player "
                          f"({players}), not {shorten(bots, 60)}")
    while not s.is_over:
        s = s.apply(bots[s.current_player](s))
    return s
