"""Simple players for simulations and for the other seats of a board.

- :func:`random_bot` picks uniformly among the legal actions (at a chance node: an outcome by its
  probability);
- :func:`greedy_bot` plays the action whose resulting position is worth most to it now, by
  :func:`position_value` (one step ahead, chance as the game's seed draws it);
- :func:`play_game` plays a whole game with given bots; :func:`random_playout` finishes a game
  with random moves as fast as the engine allows.

>>> end = play_game(3, seed=5, bots=[greedy_bot, random_bot, random_bot])
>>> end.is_over, len(end.scores())
(True, 3)
>>> end = random_playout(new_game(players=4, seed=1), rng=random.Random(2))
>>> end.is_over and replay(end.record()) == end
True
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._core import POOL
from ._state import GugongState, new_game

__all__ = ["random_bot", "greedy_bot", "play_game", "random_playout", "position_value", "WEIGHTS"]

Bot = Callable[[GugongState], Action]

WEIGHTS = {"vp": 1.0, "palace_step": 2.0, "servant": 0.6, "foreman": 1.2, "intrigue_step": 0.3,
           "token": 0.5, "decree": 1.0, "on_board": 0.4, "card": 0.2}
"""The greedy bot's worth of what a player has, in VP (see :func:`position_value`)."""


def position_value(state: GugongState, player: int, weights: dict | None = None) -> float:
    """What a position is worth to ``player``, in VP. At the end: the final score. Before: the VP
    scored, the final value of the jade held (1/3/6/10/15, then 2 each), 2 per palace step and the
    arrival spot's VP once in the palace (without arriving nothing counts at the end), and what may
    still score, less as the days run out (times the share of days left, day 1: 1, day 4: 1/4):
    servants in the pool (0.6 each, the foreman 1.2), Intrigue steps (0.3), travel tokens (0.5),
    decrees held (1), servants on the wall or on ships (0.4), cards in hand and discard pile (0.2)."""
    from . import _args
    _args.state(state)
    player = state.check_player(player)
    w = {**WEIGHTS, **_args.numbers(weights, "weights")} if weights is not None else WEIGHTS
    if state.is_over:
        return float(state.scores()[player])
    seat = state.seats[player]
    book = state.book
    value = w["vp"] * seat.vp + book.jade_vp(seat.jade) + w["palace_step"] * seat.palace
    if seat.arrival:
        value += book.arrival_vp[seat.arrival - 1]
    later = w["servant"] * seat.pool + w["foreman"] * (seat.foreman == POOL)
    later += w["intrigue_step"] * seat.intrigue + w["token"] * len(seat.tokens)
    later += w["decree"] * sum(1 for h in state.holders if player in h)
    placed = sum(size for p, size in state.wall if p == player)
    placed += sum(ship[1] + 2 * ship[2] for route in state.canal for ship in route
                  if ship is not None and ship[0] == player)
    later += w["on_board"] * placed + w["card"] * (len(seat.hand) + len(seat.discard))
    left = (book.days - max(state.day, 1) + 1) / book.days
    return value + later * left


def random_bot(state: GugongState, rng: random.Random | None = None) -> Action:
    """A uniformly random legal action (at a chance node: an outcome, by its probability)."""
    from . import _args
    _args.state(state)
    rng = _args.rng(rng) or random
    if state.is_chance_node:
        return state._sample_chance(rng)
    return rng.choice(_choices(state))


def _choices(state) -> list:
    acts = state.legal_actions()
    if not acts:
        raise OptionError("there is nothing to choose here: the game is over, or this is a player's "
                          "view and the decision is another player's")
    return acts


def greedy_bot(state: GugongState) -> Action:
    """The legal action after which :func:`position_value` is highest for the player to move
    (ties: the first in order); at a chance node, an outcome drawn by its probabilities."""
    from . import _args
    _args.state(state)
    if state.is_chance_node:
        return random_bot(state, random.Random(len(state.log)))
    acts = _choices(state)
    if len(acts) == 1:
        return acts[0]
    p = state.current_player
    best, choice = None, acts[0]
    for a in acts:
        v = position_value(state.apply(a), p)
        if best is None or v > best:
            best, choice = v, a
    return choice


def random_playout(state: GugongState, rng: random.Random | None = None) -> GugongState:
    """Play uniformly random legal actions until the game ends, chance drawn from ``rng``.

    Runs the rules on one scratch copy of the game (no state per action); every action is logged
    as usual, so ``explorer.replay(end.record())`` gives ``end``. Chance follows its exact
    distribution but comes from ``rng``, not from the game's seed, so the result's record says
    its chance was ``manual`` (chosen).
    """
    if not isinstance(state, GugongState) or state.is_view:
        raise OptionError(f"random_playout needs the full state of a game of Gùgōng, not "
                          f"{shorten(state, 60)}")
    from . import _args
    return state._playout(_args.rng(rng) or random.Random())


def play_game(players: int, seed: int | None = None, bots: Sequence[Bot] | Bot | None = None,
              **kwargs) -> GugongState:
    """A whole game: ``bots[p]`` chooses for player ``p`` (one bot for every seat if a single
    one; random players if none)."""
    return _bots.play_game(new_game, random_bot, players, seed, bots, **kwargs)
