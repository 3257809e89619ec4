"""Simple players for simulations and for the other seats of a board.

- :func:`random_bot` picks uniformly among the legal actions (at a chance node: an outcome by
  its probability); it plans from its own view;
- :func:`greedy_bot` plays for the best immediate points (see :func:`greedy_bot` for its choices
  and tie-breaks); it plans from its own view too, so it never sees the others' secret plans;
- :func:`play_game` plays a whole game with given bots; :func:`random_playout` finishes a game
  with random moves as fast as the engine allows;
- :func:`position_value` is what a position is worth to a player, and :func:`determinize` deals
  a player's unseen (the others' objectives and secret plans) afresh: the state a searcher plays
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

import dataclasses
import math
import random
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._determinize import full_state, manual, state_rng
from .._engine import Log
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._actions import CHURCH_A, DONE_A, PLACE, PLAN, RING
from ._score import gain
from ._state import GonzagaState, new_game

__all__ = ["random_bot", "greedy_bot", "play_game", "random_playout", "plan_value", "turn_choices",
           "position_value", "determinize"]

Bot = Callable[[GonzagaState], Action]


def random_bot(state: GonzagaState, rng: random.Random | None = None) -> Action:
    """A uniformly random legal action (at a chance node: an outcome, by its probability). A plan
    is chosen among the planner's own cards: the plans legal in the full state are exactly those
    legal in the planner's view."""
    rng = rng or state_rng(state)
    if state.is_chance_node:
        return state._sample_chance(rng)
    return rng.choice(state.legal_actions())


def random_playout(state: GonzagaState, rng: random.Random | None = None) -> GonzagaState:
    """Play uniformly random legal actions until the game ends, chance drawn from ``rng``.

    Runs the rules on one scratch copy of the game (no state per action); every action is
    logged as usual, so ``explorer.replay(end.record())`` gives ``end``. Each move is uniform
    over the legal actions (a placement is drawn without listing them all); chance follows its
    exact distribution but comes from ``rng``, not from the game's seed, so the result's record
    says its chance was ``manual`` (chosen).
    """
    if not isinstance(state, GonzagaState) or state.is_view:
        raise OptionError(f"random_playout needs the full state of a game of Gonzaga, not "
                          f"{shorten(state, 60)}")
    return state._playout(rng or random.Random())


def play_game(players: int, seed: int | None = None, bots: Sequence[Bot] | Bot | None = None,
              **kwargs) -> GonzagaState:
    """A whole game: ``bots[p]`` chooses for player ``p`` (one bot for every seat if a single
    one; random players if none)."""
    return _bots.play_game(new_game, random_bot, players, seed, bots, **kwargs)


# ---- the greedy player -------------------------------------------------------------------
def _touching(s, p: int, mask: int) -> int:
    """How many hexes of ``p``'s pieces a piece on ``mask`` would touch (its growth towards the
    Gonzaga tile)."""
    nbr = s.book.geo.nbr_mask
    around = 0
    m = mask
    while m:
        b = m & -m
        around |= nbr[b.bit_length() - 1]
        m ^= b
    return (around & s.cover[p] & ~mask).bit_count()


def _ring_points(s, p: int, i: int, pts) -> int:
    return gain(s, p, (i,)).total if pts[i] else 0


def _wedding_points(s, p: int, plan, rings: int) -> list[tuple[int, int]]:
    """(points, hex) of each first ring under ``plan``: the ring's points plus, with a second
    ring left, the best second ring's."""
    from ._score import hex_points
    from ._wedding import first_ring_hexes, second_ring_hexes
    pts = hex_points(s.book, s.scenario)
    out = []
    for i in first_ring_hexes(s, p, plan):
        v = _ring_points(s, p, i, pts)
        if rings >= 2:
            v += max((_ring_points(s, p, j, pts) for j in second_ring_hexes(s, p, i)), default=0)
        out.append((v, i))
    return out


def _rings_for(s, p: int, plan) -> int:
    """Rings ``p`` holds for a wedding under ``plan`` (a King's Privilege planned now costs one)."""
    cost = s.book.c["king_ring_cost"] if plan.king and s.phase == PLAN else 0
    return s.rings[p] - cost


def turn_choices(s: GonzagaState, p: int, plan=None) -> list[tuple[tuple, Action]]:
    """The greedy bot's options for a turn of phase 4 under ``plan`` (default: ``p``'s plan),
    each as (key, action); the best key wins. Key: (points, kind, touching, -place in order),
    kind 2 for a placement, 1 for the church, 0 for a wedding; ``touching`` (the hexes of its
    own pieces a placement touches) is worked out for the best-scoring placements only."""
    from .._errors import OptionError
    from ._book import MASKED_PLAN
    from ._place import placements_for
    s.check_player(p, "turn_choices: p")
    plan = plan or s.plans[p]
    if plan is None or plan == MASKED_PLAN or s.fiefs[p] < 0:
        raise OptionError(f"turn_choices: {s.player_label(p)} has no revealed plan and fief this "
                          "round; pass a plan, or ask in phase 4 (placing the fiefs).")
    book = s.book
    geo = book.geo
    out = [((book.c["church_points"], 1, 0, 0), CHURCH_A)]
    scored = []
    for k, e in enumerate(placements_for(s, p, s.fiefs[p], plan.region, plan.action)):
        scored.append((gain(s, p, e.cells).total if e.features else 0, k, e))
    if scored:
        top = max(v for v, _, _ in scored)
        for v, k, e in scored:
            touch = _touching(s, p, e.mask) if v == top else 0
            out.append(((v, 2, touch, -k), e.action))
    rings = _rings_for(s, p, plan)
    if plan.action == "C" and rings >= 1:
        for k, (v, i) in enumerate(_wedding_points(s, p, plan, rings)):
            out.append(((v, 0, 0, -k), geo.ring_actions[i]))
    return out


def plan_value(s: GonzagaState, p: int, action: Action) -> tuple:
    """The greedy bot's worth of a plan for ``p`` on the board as it lies (from ``p``'s own
    view): (best points of a turn under it, best points of a placement, not the King's Privilege,
    number of placements)."""
    from ._book import Plan
    from ._place import placements_for
    plan = Plan(action.args[0], action.args[1], action.kind == "privilege")
    entries = placements_for(s, p, s.fiefs[p], plan.region, plan.action)
    place_best = max((gain(s, p, e.cells).total for e in entries if e.features), default=0)
    best = max(place_best, s.book.c["church_points"])
    rings = _rings_for(s, p, plan)
    if plan.action == "C" and rings >= 1:
        best = max([best] + [v for v, _ in _wedding_points(s, p, plan, rings)])
    return (best, place_best, not plan.king, len(entries))


def greedy_bot(state: GonzagaState, rng: random.Random | None = None) -> Action:
    """Best immediate points, by these choices:

    - planning (from its own view): the plan whose best turn scores most; ties: the plan whose
      best placement scores most, then a plan without the King's Privilege (it saves a ring),
      then the plan allowing the most placements, then the first in order;
    - its turn: the placement, church donation or wedding scoring most now (a wedding counts its
      first ring and its best second ring); ties: a placement before the church before a
      wedding, and among placements the one touching most of its own pieces, then the first in
      (q, r, rotation) order;
    - a wedding's second ring: the one scoring most, if it scores; else it ends the wedding;
    - chance: drawn from ``rng`` by its probabilities.
    """
    s = state
    if s.is_chance_node:
        return random_bot(s, rng)
    p = s.current_player
    if s.phase == PLAN:
        v = s.view(p)
        acts = v.legal_actions()
        return max(acts, key=lambda a: (plan_value(v, p, a), -acts.index(a)))
    if s.phase == PLACE:
        return max(turn_choices(s, p), key=lambda o: o[0])[1]
    if s.phase == RING:
        from ._wedding import second_ring_hexes
        geo = s.book.geo
        best, choice = 0, DONE_A
        for j in second_ring_hexes(s, p, s.pending[0]):
            pts = gain(s, p, (j,)).total
            if pts > best:
                best, choice = pts, geo.ring_actions[j]
        return choice
    return s.legal_actions()[0]


# ---- what a position is worth, and what a player cannot see --------------------------------
def position_value(state: GonzagaState, player: int) -> float:
    """What the position is worth to ``player``, in points: the final score at the end; before,
    the points scored plus what the position promises:

    - the objective card: the points its cities covered now would score (nothing for a card
      hidden in a view);
    - the Gonzaga tile: its 15 points times a logistic of how many pieces ``player``'s largest
      group leads the best other player's by, the flatter the more rounds are left (a lead of one
      piece early in the game says little);
    - sea leagues begun: for each sea where ``player`` holds ports but not yet the league, the
      league's points times (ports held / ports needed) squared, fading as the rounds pass;
    - the turn in hand: with a plan committed (or revealed) and the turn not yet taken this round,
      the points of the best turn under it (the greedy bot's :func:`turn_choices`); during their
      wedding, the best second ring.

    With the turn counted, a plan is worth its best turn as soon as it is committed, so a search
    can tell plans apart before the fief is placed.
    """
    from ._end import largest_group, objective_cities
    s = state
    p = s.check_player(player)
    if s.is_over:
        return float(s.scores()[p])
    book = s.book
    c = book.c
    value = float(sum(s.points[p]))
    if s.objectives[p] >= 0:
        value += book.objective_points[objective_cities(s, p)]
    left = max(c["max_rounds"] - s.round, 0)
    lead = largest_group(s, p) - max(largest_group(s, q) for q in range(s.players) if q != p)
    value += c["gonzaga_points"] / (1.0 + math.exp(-lead / (0.5 + left / 3)))
    need = c["sea_league_ports"]
    fade = left / c["max_rounds"]
    done = s.leagues[p]
    for sea, held in enumerate(s.ports_held[p]):
        if 0 < held < need and not done >> sea & 1:
            value += c["sea_league_points"] * (held / need) ** 2 * fade
    return value + _turn_in_hand(s, p)


def _turn_in_hand(s: GonzagaState, p: int) -> float:
    """The points of ``p``'s best turn still to come this round under their committed plan
    (0 with no plan committed, a plan hidden in a view, or the turn taken)."""
    from ._book import MASKED_PLAN
    plan = s.plans[p] if s.phase in (PLAN, PLACE, RING) else None
    if plan is None or plan == MASKED_PLAN or s.fiefs[p] < 0:
        return 0.0
    if s.phase == RING and s.current_player == p:
        from ._wedding import second_ring_hexes
        return float(max([0] + [gain(s, p, (j,)).total
                                for j in second_ring_hexes(s, p, s.pending[0])]))
    if s.phase != PLAN and p not in s.order[s.turn + (s.phase == RING):]:
        return 0.0
    return float(max(key[0] for key, _ in turn_choices(s, p)))


def determinize(state: GonzagaState, player: int, rng: random.Random) -> GonzagaState:
    """A full state that ``player``'s view cannot tell from ``state``, the unseen dealt afresh
    from ``rng``: each other player's objective card drawn from the cards ``player`` has not seen
    (all but their own), and each plan another player committed but has not revealed drawn from
    the plans they could commit, all equally likely; the history says the same. The game's seed
    (which says what was dealt) is hidden as in a view, and chance is ``manual`` from then on, so
    the searcher draws it."""
    from ._book import Plan
    from ._plan import _plans, available
    s = state
    player = full_state(s, GonzagaState, player, rng, "Gonzaga")
    if s.is_over:
        return manual(s)
    n = s.players
    mine = s.objectives[player]
    cards = [c for c in range(len(s.book.objective_ids)) if c != mine]
    dealt = [q for q in range(n) if q != player and s.objectives[q] >= 0]
    objectives = list(s.objectives)
    for q, card in zip(dealt, rng.sample(cards, len(dealt))):
        objectives[q] = card
    entries = list(s.log)
    seat = 0
    for k, (action, chance) in enumerate(entries):
        if chance and action.kind == "objective":
            if seat != player:
                entries[k] = (Action("objective", s.book.objective_ids[objectives[seat]]), True)
            seat += 1
    plans = list(s.plans)
    if s.phase == PLAN:
        start = len(entries) - s.turn       # this round's plans, committed in seat order
        for q in range(s.turn):
            if q != player:
                a = rng.choice(_plans(*available(s, q)))
                plans[q] = Plan(a.args[0], a.args[1], a.kind == "privilege")
                entries[start + q] = (a, entries[start + q][1])
    info = s.info.with_chance("manual")
    return dataclasses.replace(s, info=dataclasses.replace(info, seed=0), log=Log.of(entries),
                               objectives=tuple(objectives), plans=tuple(plans))


from .._checks import Check as _Check, guard as _guard  # noqa: E402
from ._book import Plan  # noqa: E402

_guard(globals(), "gonzaga", plan=_Check(lambda v: v is None or isinstance(v, Plan),
                                         "a plan (state.plans[p]) or None"))
