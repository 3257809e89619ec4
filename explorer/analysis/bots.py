"""Bots by name: ``"random"``, ``"greedy"``, ``"mcts:N"`` or a function of the state.

Every bot draws only from its own generator, seeded from the game's name, the game's seed and
the seat, so a game's result depends only on the game, the players, the bots and the seed.

>>> from explorer.analysis import kit
>>> k = kit("corinth")
>>> bot = make_bot(k, "random", game_seed=7, seat=0)
>>> s = k.new_game(2, 7)
>>> bot(s) == make_bot(k, "random", game_seed=7, seat=0)(s)
True
>>> spec_label("mcts:200"), spec_label(lambda s: s.legal_actions()[0])
('mcts:200', '<lambda>')
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Callable

from .._errors import OptionError, shorten

__all__ = ["make_bot", "NamedBot", "spec_label", "parse_spec", "bot_rng"]

NAMES = ("random", "greedy", "mcts:N")
"""The bots named by text (``mcts:N``: Monte Carlo tree search of N iterations per decision)."""


def parse_spec(spec: Any) -> tuple:
    """``("random",)``, ``("greedy",)``, ``("mcts", N)`` or ``("function", f, takes_rng)`` for a
    bot spec, or an :class:`OptionError` naming the choices."""
    if callable(spec):
        return ("function", spec, _takes_rng(spec))
    if spec in ("random", "greedy"):
        return (spec,)
    if type(spec) is str and spec.startswith("mcts:"):
        n = spec[5:]
        if n.isascii() and n.isdigit() and int(n) >= 1:
            return ("mcts", int(n))
        raise OptionError(f"an MCTS bot is written mcts:N with N, its iterations per decision, a "
                          f"positive whole number (e.g. mcts:200), not {shorten(spec, 60)}")
    raise OptionError(f"a bot is 'random', 'greedy', 'mcts:N' (N iterations, e.g. 'mcts:200') or a "
                      f"function of the state, not {shorten(spec, 60)}")


def spec_label(spec: Any) -> str:
    """How a bot is named in tables: ``"random"``, ``"mcts:200"``, a function's ``__name__``."""
    parsed = parse_spec(spec)
    if parsed[0] == "mcts":
        return f"mcts:{parsed[1]}"
    if parsed[0] == "function":
        f = getattr(spec, "func", spec)                 # a functools.partial: its function
        return str(getattr(f, "__name__", type(f).__name__))
    return parsed[0]


def bot_rng(game: str, game_seed: int, seat: int) -> random.Random:
    """The generator of the bot at ``seat`` in the game with ``game_seed``."""
    return random.Random(f"explorer-bot:{game}:{game_seed}:{seat}")


def make_bot(kit: Any, spec: Any, *, game_seed: int, seat: int,
             forbid: Callable[[Any, Any], bool] | None = None) -> Callable[[Any], Any]:
    """A bot (a function of the state giving an action) for ``seat`` of the game with
    ``game_seed``, by ``spec``; with ``forbid`` (``(state, action) -> True`` when forbidden) it
    keeps to the allowed actions, and plays unrestricted when all are forbidden."""
    return NamedBot(_choose(kit, spec, game_seed, seat, forbid), _words(spec))


class NamedBot:
    """A bot that carries the name players see (a board's seat chip): "random", "greedy",
    "MCTS (200 iterations)", a function's name."""

    __slots__ = ("choose", "label")

    def __init__(self, choose: Callable[[Any], Any], label: str):
        self.choose, self.label = choose, label

    def __call__(self, state: Any) -> Any:
        return self.choose(state)

    def __repr__(self) -> str:
        return f"<bot {self.label}>"


def _words(spec: Any) -> str:
    parsed = parse_spec(spec)
    if parsed[0] == "mcts":
        return f"MCTS ({parsed[1]} iteration{'s' if parsed[1] != 1 else ''})"
    return spec_label(spec)


def _choose(kit: Any, spec: Any, game_seed: int, seat: int,
            forbid: Callable[[Any, Any], bool] | None) -> Callable[[Any], Any]:
    parsed = parse_spec(spec)
    rng = bot_rng(kit.name, game_seed, seat)
    kind = parsed[0]
    if kind == "mcts":
        from .mcts import mcts_bot
        return mcts_bot(kit, iterations=parsed[1], rng=rng, forbid=forbid)
    if kind == "random":
        pick = kit.bots.random_bot
        choose = lambda state: pick(state, rng)                  # noqa: E731
    elif kind == "greedy":
        greedy = kit.bots.greedy_bot
        choose = lambda state: greedy(state, rng)                # noqa: E731
    else:
        choose = _with_rng(parsed[1], parsed[2], rng)
    if forbid is None:
        return choose

    def instead(state, allowed):
        if kind != "greedy":
            return rng.choice(allowed)
        p = state.current_player
        return max(allowed, key=lambda a: kit.value(state.apply(a), p))

    def restricted(state):
        # the bot's own choice when allowed; else a random allowed action (greedy: the allowed
        # action of highest value one step ahead). For a random bot this is uniform on the allowed.
        choice = choose(state)
        if not forbid(state, choice):
            return choice
        allowed = [a for a in state.legal_actions() if not forbid(state, a)]
        return instead(state, allowed) if allowed else choice
    return restricted


def _with_rng(f: Callable, takes_rng: bool, rng: random.Random) -> Callable[[Any], Any]:
    return (lambda state: f(state, rng)) if takes_rng else f


def _takes_rng(f: Callable) -> bool:
    """Whether ``f`` takes a second positional argument (the bot's generator)."""
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind == p.VAR_POSITIONAL for p in params)
