"""What every game's bots module shares: a whole game played by given bots, and the shape of a
named restriction (an option a player is denied, for restricted play)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ._errors import OptionError, shorten

__all__ = ["play_game", "Restriction"]


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


@dataclass(frozen=True)
class Restriction:
    """An option a player may be denied: ``test(state, action)`` is True when ``action`` uses it.

    >>> no_gold = Restriction("gold", "taking gold", "corinth.action.gold-goats",
    ...                       lambda state, action: action.kind == "gold")
    >>> from explorer._action import Action
    >>> no_gold(None, Action("gold")), no_gold(None, Action("goats"))
    (True, False)
    """

    name: str
    """The short name it is asked for by (``"wall"``)."""
    label: str
    """What it is, in players' words (``"the Great Wall"``)."""
    rule: str
    """The id of the rule that grants the option, in the game's rule catalogue."""
    test: Callable[[Any, Any], bool]
    """``test(state, action)``: True when ``action`` is FORBIDDEN in ``state``."""

    def __call__(self, state: Any, action: Any) -> bool:
        return self.test(state, action)
