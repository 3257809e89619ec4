"""Simple players for simulations and for the other seats of a board.

- :func:`random_bot` picks uniformly among the legal actions (at a chance node: an outcome by its
  probability);
- :func:`greedy_bot` plays the action whose resulting position is worth most to it now, by
  :func:`position_value` (one step ahead, chance as the game's seed draws it);
- :func:`play_game` plays a whole game with given bots; :func:`random_playout` finishes a game
  with random moves as fast as the engine allows;
- :func:`determinize` deals a player's unseen cards and tokens afresh: the state a searcher plays
  on.

A bot given no generator uses one seeded by the game's seed and the length of its history, so a
game played by the same bots always goes the same way.

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
from .._determinize import full_state, manual, state_rng
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._core import POOL
from ._state import GugongState, new_game

__all__ = ["random_bot", "greedy_bot", "play_game", "random_playout", "position_value",
           "determinize", "WEIGHTS"]

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
    return _value(state, player, w)


def _value(state: GugongState, player: int, w: dict) -> float:
    """:func:`position_value` of arguments already checked."""
    if state.is_over:
        return float(state.scores()[player])
    seat = state.seats[player]
    book = state.book
    value = w["vp"] * seat.vp + book.jade_vp(seat.jade) + w["palace_step"] * seat.palace
    if seat.arrival:
        value += book.arrival_vp[seat.arrival - 1]
    later = w["servant"] * seat.pool + w["foreman"] * (seat.foreman == POOL)
    later += w["intrigue_step"] * seat.intrigue + w["token"] * len(seat.tokens)
    decrees, placed = _on_board(state.holders, state.wall, state.canal, player)
    later += w["decree"] * decrees
    later += w["on_board"] * placed + w["card"] * (len(seat.hand) + len(seat.discard))
    left = (book.days - max(state.day, 1) + 1) / book.days
    return value + later * left


_LAST_BOARD: list = [((), (), (), -1, (0, 0))]


def _on_board(holders: tuple, wall: tuple, canal: tuple, player: int) -> tuple[int, int]:
    """The decrees ``player`` holds and their servants on the wall and on ships (a foreman
    counting 2). The last answer is kept with the very tuples it was worked out from: the
    positions a greedy bot compares mostly share them."""
    last = _LAST_BOARD[0]
    if last[0] is holders and last[1] is wall and last[2] is canal and last[3] == player:
        return last[4]
    decrees = sum(1 for h in holders if player in h)
    placed = sum(size for p, size in wall if p == player)
    placed += sum(ship[1] + 2 * ship[2] for route in canal for ship in route
                  if ship is not None and ship[0] == player)
    _LAST_BOARD[0] = (holders, wall, canal, player, (decrees, placed))
    return decrees, placed


def random_bot(state: GugongState, rng: random.Random | None = None) -> Action:
    """A uniformly random legal action (at a chance node: an outcome, by its probability)."""
    from . import _args
    _args.state(state)
    rng = _args.rng(rng) or state_rng(state)
    if state.is_chance_node:
        return state._sample_chance(rng)
    return rng.choice(_choices(state))


def _choices(state) -> list:
    acts = state.legal_actions()
    if not acts:
        raise OptionError("there is nothing to choose here: the game is over, or this is a player's "
                          "view and the decision is another player's")
    return acts


def greedy_bot(state: GugongState, rng: random.Random | None = None) -> Action:
    """The legal action after which :func:`position_value` is highest for the player to move
    (ties: the first in order); at a chance node, an outcome drawn from ``rng`` by its
    probabilities."""
    from . import _args
    _args.state(state)
    if state.is_chance_node:
        return random_bot(state, rng)
    acts = _choices(state)
    if len(acts) == 1:
        return acts[0]
    p = state.current_player
    best, choice, after = None, acts[0], None
    step = state._advance                   # the actions listed are legal: no check needed
    for a in acts:
        d = step(a, False)                  # read unfrozen; a finished game is scored as a state
        v = _value(d.freeze() if d.is_over else d, p, WEIGHTS)
        if best is None or v > best:
            best, choice, after = v, a, d
    state._keep_next(choice, after)         # applying the choice takes the position worked out
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


def determinize(state: GugongState, player: int, rng: random.Random) -> GugongState:
    """A full state that ``player``'s view cannot tell from ``state``, the unseen dealt afresh
    from ``rng``: every card ``player`` cannot see (the others' hands and discard piles and the
    draw pile) shuffled and dealt back to the same places in the same numbers, and so are the
    face-down travel tokens (the others' plain tokens, the token piles and the traded tokens).
    The others' secret actions stay masked in the history ("?"); chance is ``manual`` from then
    on, so the searcher draws it."""
    from ._view import masked_log
    player = full_state(state, GugongState, player, rng, "Gùgōng")
    if state.is_over:
        return manual(state)
    book = state.book
    plain = book.token_value
    others = [q for q in range(state.players) if q != player]
    # a card played to a location lies face up until the exchange is done: it stays in the hand
    shown = {task[1]: task[2] for task in state.agenda if task[0] in ("price", "exchanged")}
    cards = list(state.draw)
    tokens = list(state.stock) + list(state.spent)
    for q in others:
        seat = state.seats[q]
        hand = list(seat.hand)
        if q in shown:
            hand.remove(shown[q])
        cards += hand + list(seat.discard)
        tokens += [k for k in seat.tokens if plain[k] == 1]
    cards.sort()                        # what is dealt depends on the view and rng alone
    tokens.sort()
    rng.shuffle(cards)
    # a face-down token held is a plain one (the double lies face up); the piles hold any kind
    singles = [k for k in tokens if plain[k] == 1]
    rng.shuffle(singles)
    seats = list(state.seats)
    for q in others:
        seat = seats[q]
        hand = [cards.pop() for _ in range(len(seat.hand) - (q in shown))]
        hand = sorted(hand + [shown[q]] if q in shown else hand)
        discard = sorted(cards.pop() for _ in seat.discard)
        seats[q] = seat._replace(hand=tuple(hand), discard=tuple(discard), tokens=tuple(
            singles.pop() if plain[k] == 1 else k for k in seat.tokens))
    tokens = singles + [k for k in tokens if plain[k] != 1]
    rng.shuffle(tokens)
    stock = len(state.stock)
    masked = [q != player for q in range(state.players)]
    key = ("determinize-log", player)
    log = state._cache.get(key)
    if log is None:
        log = state._cache[key] = masked_log(state.log, state.secrets, masked)
    return manual(state, seats=tuple(seats), draw=tuple(sorted(cards)),
                  stock=tuple(sorted(tokens[:stock])), spent=tuple(sorted(tokens[stock:])), log=log)


def play_game(players: int, seed: int | None = None, bots: Sequence[Bot] | Bot | None = None,
              **kwargs) -> GugongState:
    """A whole game: ``bots[p]`` chooses for player ``p`` (one bot for every seat if a single
    one; random players if none)."""
    return _bots.play_game(new_game, random_bot, players, seed, bots, **kwargs)
