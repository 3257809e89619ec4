"""A Monte Carlo tree search player for every game (UCT over the engine contract).

Each iteration deals a fresh *determinization* of the position (the game's ``determinize``: what
the player to move has seen kept, the unseen sampled, chance then drawn by the search), walks down
one shared tree (information-set MCTS with a single observer: a node is the sequence of decisions
that leads to it, whatever was dealt and rolled on the way), adds one node, finishes with a few
random (or greedy) moves scored by the game's position value, or a whole random game, and backs
the result up. A node tries its moves a few at a time (progressive widening), the root's best
first by their value one move ahead.
Each node keeps the result of the player who chose its move, so several players each pursue their
own (max^n); the player to move picks the most visited move at the root.

A result is a win-probability-like number in [0, 1] for each player: at the end, its share of the
victory; before, a logistic of its position value's margin over the best other player.

>>> import random
>>> from explorer.analysis._kit import kit
>>> k = kit("corinth")
>>> bot = mcts_bot(k, iterations=20, rng=random.Random(1))
>>> s = k.new_game(2, 7)
>>> bot(s) in s.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .._errors import OptionError, shorten

__all__ = ["mcts_bot", "DEFAULTS", "GAME_DEFAULTS"]

DEFAULTS = {"exploration": 0.7, "depth": 6, "rollout": "random", "scale": 0.15, "widening": 2.0,
            "prior": True}
"""The search's options: ``exploration`` (UCT's constant), ``depth`` (moves after the tree
before the position is scored; ``None``: play to the end with the game's fast playout),
``rollout`` (how those moves are chosen: ``"random"`` or ``"greedy"``, the game's greedy bot),
``scale`` (how many points of margin, as a share of the larger value, make a clear lead),
``widening`` (a node with n visits tries at most ``widening * sqrt(n)`` moves; 0: all at once)
and ``prior`` (try the root's moves best first by their value one move ahead; ``"all"``: every
node's, its moves ordered when it first widens, at the cost of one step and one valuation per
move)."""

GAME_DEFAULTS = {"gonzaga": {"depth": 0},
                 "hanging_gardens": {"depth": 0, "prior": "all"}}
"""Where a game's defaults differ: in Gonzaga and The Hanging Gardens the position value reads
every step of a turn (Gonzaga: a committed plan is worth its best turn until the fief is placed;
The Hanging Gardens: the card's best placement, the tile a group reaches), while random moves
finish a turn badly (a plan's fief placed anywhere, a random temple, a random tile): the position
is scored where the tree ends. Against the greedy bot, two players: Gonzaga 65.2 % of 200 games
this way (61.3 % of the first 40, against 67.5 % with 3 greedy moves first at four times the
cost). A turn of The Hanging Gardens is several decisions in a row (a card, its placement among
dozens, a temple, a tile), and a node below the root that tried its moves in random order
averaged the worth of a card over random placements of it: every node orders its moves by their
value one move ahead, at about twice the cost a decision (67.0 % of 200 games; 55.8 % of 60 with
the root alone ordered, 47.5 % with 6 random moves after the tree)."""


class _Node:
    """A decision in the tree: its moves' statistics, from the point of view of their player."""

    __slots__ = ("children", "visits", "total", "seen", "order", "passes")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.passes = 0                  # iterations that went on from here into a child
        self.total = 0.0
        self.seen = 0                    # how often this move was legal when its parent was met
        self.order: list | None = None   # the parent's moves in the order they are tried


def mcts_bot(kit: Any, iterations: int, rng: random.Random, *,
             forbid: Callable[[Any, Any], bool] | None = None,
             **options: Any) -> Callable[[Any], Any]:
    """A bot (a function of the state) that searches ``iterations`` times per decision, drawing
    everything from ``rng`` (the same rng gives the same moves). ``forbid(state, action)``, when
    given, is True for the actions the seat to move may not choose (unless nothing else is
    legal). ``options``: see :data:`DEFAULTS` (and :data:`GAME_DEFAULTS`)."""
    if type(iterations) is not int or iterations < 1:
        raise OptionError(f"mcts iterations must be a whole number of at least 1, not "
                          f"{shorten(iterations, 40)}")
    if not isinstance(rng, random.Random):
        raise OptionError(f"mcts needs a random.Random (seeded) as rng, not {shorten(rng, 60)}")
    if forbid is not None and not callable(forbid):
        raise OptionError(f"forbid is a function (state, action) -> bool, or None, not "
                          f"{shorten(forbid, 60)}")
    for name in ("determinize", "value", "playout", "new_game"):
        if not callable(getattr(kit, name, None)):
            raise OptionError(f"mcts needs a game kit (explorer.analysis kit(name)), not "
                              f"{shorten(kit, 60)}")
    opts = _options({**GAME_DEFAULTS.get(getattr(kit, "name", None), {}), **options})
    search = _Search(kit, iterations, rng, forbid, **opts)
    return search.choose


def _options(options: dict) -> dict:
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise OptionError(f"mcts has no option(s) {shorten(', '.join(map(str, unknown)), 80)}; "
                          f"its options are: {', '.join(DEFAULTS)}")
    opts = {**DEFAULTS, **options}
    for name in ("exploration", "scale", "widening"):
        v = opts[name]
        if type(v) not in (int, float) or not v >= 0 or math.isinf(v):
            raise OptionError(f"mcts option {name} is a number of at least 0, not "
                              f"{shorten(v, 40)}")
    if opts["scale"] == 0:
        raise OptionError("mcts option scale must be more than 0")
    depth = opts["depth"]
    if depth is not None and (type(depth) is not int or depth < 0):
        raise OptionError(f"mcts option depth is a whole number of at least 0 or None (play to the "
                          f"end), not {shorten(depth, 40)}")
    if type(opts["rollout"]) is not str or opts["rollout"] not in ("random", "greedy"):
        raise OptionError(f"mcts option rollout is 'random' or 'greedy', not "
                          f"{shorten(opts['rollout'], 40)}")
    prior = opts["prior"]
    if type(prior) is not bool and not (type(prior) is str and prior == "all"):
        raise OptionError(f"mcts option prior is True, False or 'all', not "
                          f"{shorten(opts['prior'], 40)}")
    return opts


class _Search:
    """The search behind one bot: its game, its generator and its options."""

    def __init__(self, kit: Any, iterations: int, rng: random.Random, forbid: Any, *,
                 exploration: float, depth: int | None, rollout: str, scale: float,
                 widening: float, prior: bool | str) -> None:
        self.kit = kit
        self.iterations = iterations
        self.rng = rng
        self.forbid = forbid
        self.c = exploration
        self.depth = depth
        self.greedy = rollout == "greedy"
        self.scale = scale
        self.widening = widening
        self.prior = prior

    # ---- one decision ------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        """The move for the player to move in ``state`` (at a chance node: an outcome drawn)."""
        rng = self.rng
        if state.is_chance_node:
            return state.sample_chance(rng)
        me = state.current_player
        acts = self._allowed(state, state.legal_actions(), me, me)
        if len(acts) == 1:
            return acts[0]
        root = _Node()
        kit = self.kit
        if self.prior:
            root.order = self._by_value(kit.determinize(state, me, rng), acts, me)
        for _ in range(self.iterations):
            self._iterate(root, kit.determinize(state, me, rng), me)
        best = max(acts, key=lambda a: _visits(root, a))
        return best

    def _allowed(self, s: Any, acts: list, mover: int, me: int) -> list:
        forbid = self.forbid
        if forbid is None or mover != me:
            return acts
        allowed = [a for a in acts if not forbid(s, a)]
        return allowed or acts

    def _by_value(self, s: Any, acts: list, me: int) -> list:
        """The root's moves, best first by the position value one move ahead (ties: the rules'
        order)."""
        rng = self.rng
        value = self.kit.value
        scored = []
        for i, a in enumerate(acts):
            t = s.apply(a)
            while t.is_chance_node:
                t = t.apply(t.sample_chance(rng))
            scored.append((-value(t, me), i, a))
        scored.sort(key=lambda x: x[:2])
        return [a for _, _, a in scored]

    # ---- one iteration -----------------------------------------------------------------------
    def _iterate(self, root: _Node, s: Any, me: int) -> None:
        rng = self.rng
        node = root
        path = []                          # (node, the player who chose it)
        while True:
            while s.is_chance_node:
                s = s.apply(s.sample_chance(rng))
            if s.is_over:
                break
            mover = s.current_player
            acts = self._allowed(s, s.legal_actions(), mover, me)
            child, action = self._select(node, acts, s, mover)
            s = s.apply(action)
            path.append((child, mover))
            node = child
            if child.visits == 0:
                break
        result = self._finish(s)
        for child, mover in path:
            child.visits += 1
            child.total += result[mover]

    def _select(self, node: _Node, acts: list, s: Any, mover: int) -> tuple[_Node, Any]:
        """The child to walk into: a move not tried yet while the node may widen, else the best
        by UCT among the tried moves legal now (their availability counts as their parent's
        visits)."""
        children = node.children
        tried = []
        for a in acts:
            child = children.get(a)
            if child is not None:
                child.seen += 1
                tried.append((child, a))
        passes = node.passes
        node.passes = passes + 1
        if len(tried) < len(acts) and self._may_widen(passes, len(tried)):
            if node.order is None and self.prior == "all" and len(acts) > 1:
                node.order = self._by_value(s, acts, mover)
            a = self._next_untried(node, acts)
            child = children[a] = _Node()
            child.seen = 1
            return child, a
        c = self.c
        best, best_ucb = tried[0], -1.0
        log = math.log
        for child, a in tried:
            n = child.visits
            if n == 0:
                return child, a
            ucb = child.total / n + c * math.sqrt(log(child.seen) / n)
            if ucb > best_ucb:
                best, best_ucb = (child, a), ucb
        return best

    def _may_widen(self, passes: int, tried: int) -> bool:
        """Whether a node that iterations went on from ``passes`` times may try one more move."""
        if tried == 0 or not self.widening:
            return True
        return tried < self.widening * math.sqrt(passes + 1)

    def _next_untried(self, node: _Node, acts: list) -> Any:
        children = node.children
        if node.order is not None:
            for a in node.order:
                if a not in children and a in acts:
                    return a
        untried = [a for a in acts if a not in children]
        return untried[int(self.rng.random() * len(untried))]

    # ---- the result of an iteration ------------------------------------------------------------
    def _finish(self, s: Any) -> list[float]:
        """Each player's result in [0, 1] after a short random walk from ``s`` (or a whole game)."""
        rng = self.rng
        if not s.is_over:
            if self.depth is None:
                s = self.kit.playout(s, rng)
            else:
                greedy = self.greedy and self.kit.greedy_action
                for _ in range(self.depth):
                    if s.is_over:
                        break
                    if s.is_chance_node:
                        s = s.apply(s.sample_chance(rng))
                    elif greedy:
                        s = s.apply(greedy(s, rng))
                    else:
                        acts = s.legal_actions()
                        s = s.apply(acts[int(rng.random() * len(acts))])
                while s.is_chance_node:
                    s = s.apply(s.sample_chance(rng))
        n = s.players
        if s.is_over:
            winners = s.winners()
            share = 1.0 / len(winners) if winners else 0.0
            return [share if p in winners else 0.0 for p in range(n)]
        value = self.kit.value
        values = [value(s, p) for p in range(n)]
        out = []
        for p in range(n):
            other = max(v for q, v in enumerate(values) if q != p) if n > 1 else 0.0
            spread = self.scale * max(abs(values[p]), abs(other), 1.0)
            out.append(1.0 / (1.0 + math.exp(-(values[p] - other) / spread)))
        return out


def _visits(root: _Node, action: Any) -> tuple:
    child = root.children.get(action)
    return (child.visits, child.total / child.visits) if child and child.visits else (0, 0.0)
