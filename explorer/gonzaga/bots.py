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
from functools import lru_cache
from typing import Callable, Sequence

from .. import _bots
from .._action import Action
from .._determinize import full_state, manual, state_rng
from .._engine import Log
from .._errors import OptionError, shorten
from .._record import replay  # noqa: F401 (the doctest above uses it)
from ._actions import CHURCH_A, DONE_A, PLACE, PLAN, RING
from ._book import MASKED_PLAN, Plan
from ._map import ACT_BITS
from ._score import gain, hex_points, league_short, placement_points
from ._wedding import _blocked, _land_of, first_ring_hexes, ring_sieve
from ._state import FULL, GonzagaState, new_game

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


@lru_cache(maxsize=256)
def _ring_table(book, scenario: int) -> tuple[tuple, tuple]:
    """The hexes where a ring scores (those whose city or port scores, :func:`~._score.hex_points`)
    as (hex, points, sea of its port or -1), and per hex its neighbours among them: a ring
    elsewhere scores nothing to the greedy bot."""
    pts = hex_points(book, scenario)
    geo = book.geo
    scoring = tuple((i, pts[i], book.port_sea[geo.port[i]] if geo.port[i] >= 0 else -1)
                    for i in range(geo.n) if pts[i])
    near = tuple(tuple(j for j in geo.nbrs[i] if pts[j]) for i in range(geo.n))
    return scoring, near


@lru_cache(maxsize=1024)
def _first_rings(book, scenario: int, regions: int) -> tuple[int, tuple]:
    """The land hexes of ``regions`` as a mask, and those where a wedding may score (the hex
    itself or a neighbour scores for a ring) as (hex, its scoring neighbours): a first ring
    anywhere else scores nothing, nor does a second ring next to it."""
    near = _ring_table(book, scenario)[1]
    pts = hex_points(book, scenario)
    land = _land_of(book, regions)
    return ring_sieve(book, regions).union, tuple((i, near[i]) for i in land if pts[i] or near[i])


@lru_cache(maxsize=1024)
def _columns(book, scenario: int, fief: int, regions: int, acts: int) -> tuple[tuple, dict]:
    """The placements of :func:`~._score.placement_points` as (points, hexes mask, ports per
    sea, place in order), the most points first, and per sea those covering its ports as (ports
    of the sea, hexes mask, points, ports per sea, place in order), the most ports first: the
    best legal placements are the legal ones of most points or ones that score a league."""
    masks = book.geo.columns(fief, regions, acts)[1]
    rows = [(pts, mask, seas, k) for k, (mask, (pts, seas))
            in enumerate(zip(masks, placement_points(book, scenario, fief, regions, acts)))]
    by_sea: dict = {}
    for pts, mask, seas, k in rows:
        for sea, ports in seas:
            by_sea.setdefault(sea, []).append((ports, mask, pts, seas, k))
    rows.sort(key=lambda row: -row[0])
    return tuple(rows), {sea: tuple(sorted(got, key=lambda row: -row[0]))
                         for sea, got in by_sea.items()}


class _Reading:
    """What ``p``'s pieces would score on the board of ``s`` as it lies, exactly as
    :func:`~._score.gain` scores them, read off the map's tables (:func:`~._score.placement_points`,
    :func:`~._score.league_short`) and worked out once for all the plans weighed in one decision."""

    __slots__ = ("s", "p", "short", "open", "league", "blocked", "_rings", "_ring_blocked", "_memo")

    def __init__(self, s, p: int):
        self.s, self.p = s, p
        self.short = short = league_short(s, p)
        self.open = tuple((sea, k) for sea, k in enumerate(short) if k)
        self.league = s.book.c["sea_league_points"]
        self.blocked = s.fief_mask | s.ring_mask[p]
        self._rings = self._ring_blocked = None
        self._memo: dict = {}

    def _points(self, pts: int, seas) -> int:
        short, league = self.short, self.league
        for sea, k in seas:
            if 0 < short[sea] <= k:
                pts += league
        return pts

    def placements(self, fief: int, regions: int, acts: int) -> list[tuple[int, object]]:
        """(points, map entry) of each legal placement of ``fief``, in the order of
        :func:`~._place.placements_for`."""
        s = self.s
        book = s.book
        entries, masks, _ = book.geo.columns(fief, regions, acts)
        table = placement_points(book, s.scenario, fief, regions, acts)
        blocked = self.blocked
        out = []
        for e, mask, (v, seas) in zip(entries, masks, table):
            if not mask & blocked:
                out.append((self._points(v, seas), e))
        return out

    def best_placement(self, fief: int, regions: int, acts: int) -> int:
        """The best points of a legal placement of ``fief``, or 0."""
        key = (fief, regions, acts)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self.top_placements(fief, regions, acts, False)[0] or 0
        return got

    def top_placements(self, fief: int, regions: int, acts: int, listed: bool = True
                       ) -> tuple[int | None, list[int]]:
        """(best points of a legal placement of ``fief``, or None when none is legal; with
        ``listed``, the places in order of the legal placements scoring that, sorted). The
        best is the first legal placement by points unless a legal one scoring a league scores
        more, so only those are read."""
        s = self.s
        rows, by_sea = _columns(s.book, s.scenario, fief, regions, acts)
        blocked = self.blocked
        top = None
        for pts, mask, seas, k in rows:
            if not mask & blocked:
                top = self._points(pts, seas) if seas else pts
                break
        leagues = []
        for sea, short in self.open:
            for ports, mask, pts, seas, k in by_sea.get(sea, ()):
                if ports < short:
                    break
                if not mask & blocked:
                    v = self._points(pts, seas)
                    leagues.append((v, k))
                    if top is None or v > top:
                        top = v
        if not listed or top is None:
            return top, []
        out = {k for v, k in leagues if v == top}
        for pts, mask, seas, k in rows:
            if pts < top:
                break
            if pts == top and not mask & blocked:
                out.add(k)
        return top, sorted(out)

    def count(self, region: str, card: str) -> int:
        """How many legal placements ``p``'s fief has under a plan of ``region`` and ``card``."""
        s = self.s
        return s.book.geo.sieve(s.fiefs[self.p], s.book.region_bits(region, s.scenario),
                                ACT_BITS[card]).count(self.blocked)

    def turn_best(self, region: str, card: str, rings: int) -> tuple[int, int]:
        """(best points of a turn, best points of a placement) under a plan of ``region`` and
        action ``card``, holding ``rings`` rings for a wedding."""
        key = (region, card, min(rings, 2) if card == "C" else 0)
        got = self._memo.get(key)
        if got is None:
            s = self.s
            book = s.book
            regions = book.region_bits(region, s.scenario)
            place = self.best_placement(s.fiefs[self.p], regions, ACT_BITS[card])
            best = max(place, book.c["church_points"])
            if card == "C" and rings >= 1:
                wedding = self.best_wedding(regions, rings)
                if wedding is not None and wedding > best:
                    best = wedding
            got = self._memo[key] = (best, place)
        return got

    def ring_values(self) -> list[int]:
        """Per hex: what a ring of ``p`` would score on it now."""
        if self._rings is None:
            s = self.s
            rv = [0] * s.book.geo.n
            short, league = self.short, self.league
            for i, pts, sea in _ring_table(s.book, s.scenario)[0]:
                rv[i] = pts + league if sea >= 0 and 0 < short[sea] <= 1 else pts
            self._rings = rv
            self._ring_blocked = _blocked(s, self.p)
        return self._rings

    def weddings(self, plan, rings: int) -> list[tuple[int, int]]:
        """(points, hex) of each first ring ``plan`` allows (sorted by q, r): the ring's points
        plus, with a second ring left, the best second ring's."""
        s = self.s
        rv = self.ring_values()
        near = _ring_table(s.book, s.scenario)[1]
        blocked = self._ring_blocked
        two = rings >= 2
        out = []
        for i in first_ring_hexes(s, self.p, plan):
            v = rv[i]
            if two:
                second = 0
                for j in near[i]:
                    if rv[j] > second and not blocked >> j & 1:
                        second = rv[j]
                v += second
            out.append((v, i))
        return out

    def best_wedding(self, regions: int, rings: int) -> int | None:
        """The most a wedding in ``regions`` scores (None when no first ring may go there)."""
        key = (regions, rings >= 2)
        got = self._memo.get(key, False)
        if got is False:
            s = self.s
            rv = self.ring_values()
            blocked = self._ring_blocked
            land, hot = _first_rings(s.book, s.scenario, regions)
            if land & ~blocked:
                got = 0
                two = rings >= 2
                for i, near in hot:
                    if blocked >> i & 1:
                        continue
                    v = rv[i]
                    if two:
                        second = 0
                        for j in near:
                            if rv[j] > second and not blocked >> j & 1:
                                second = rv[j]
                        v += second
                    if v > got:
                        got = v
            else:
                got = None
            self._memo[key] = got
        return got


def _rings_for(s, p: int, plan) -> int:
    """Rings ``p`` holds for a wedding under ``plan`` (a King's Privilege planned now costs one)."""
    cost = s.book.c["king_ring_cost"] if plan.king and s.phase == PLAN else 0
    return s.rings[p] - cost


def turn_choices(s: GonzagaState, p: int, plan=None) -> list[tuple[tuple, Action]]:
    """The greedy bot's options for a turn of phase 4 under ``plan`` (default: ``p``'s plan),
    each as (key, action); the best key wins. Key: (points, kind, touching, -place in order),
    kind 2 for a placement, 1 for the church, 0 for a wedding; ``touching`` (the hexes of its
    own pieces a placement touches) is worked out for the best-scoring placements only."""
    s.check_player(p, "turn_choices: p")
    plan = plan or s.plans[p]
    if plan is None or plan == MASKED_PLAN or s.fiefs[p] < 0:
        raise OptionError(f"turn_choices: {s.player_label(p)} has no revealed plan and fief this "
                          "round; pass a plan, or ask in phase 4 (placing the fiefs).")
    book = s.book
    reading = _Reading(s, p)
    regions = book.region_bits(plan.region, s.scenario)
    out = [((book.c["church_points"], 1, 0, 0), CHURCH_A)]
    scored = reading.placements(s.fiefs[p], regions, ACT_BITS[plan.action])
    if scored:
        top = max(v for v, _ in scored)
        for k, (v, e) in enumerate(scored):
            touch = _touching(s, p, e.mask) if v == top else 0
            out.append(((v, 2, touch, -k), e.action))
    rings = _rings_for(s, p, plan)
    if plan.action == "C" and rings >= 1:
        ring = book.geo.ring_actions
        for k, (v, i) in enumerate(reading.weddings(plan, rings)):
            out.append(((v, 0, 0, -k), ring[i]))
    return out


def plan_value(s: GonzagaState, p: int, action: Action) -> tuple:
    """The greedy bot's worth of a plan for ``p`` on the board as it lies (from ``p``'s own
    view): (best points of a turn under it, best points of a placement, not the King's Privilege,
    number of placements)."""
    reading = _Reading(s, p)
    return (*_plan_key(s, p, reading, action), reading.count(*action.args))


def _plan_key(s, p: int, reading, action: Action) -> tuple:
    """:func:`plan_value` without the number of placements."""
    region, card = action.args
    king = action.kind == "privilege"
    best, place = reading.turn_best(region, card, _rings_for(s, p, Plan(region, card, king)))
    return best, place, not king


def _best_plan(s: GonzagaState, p: int) -> Action:
    """The first legal plan of greatest :func:`plan_value`, the number of placements counted
    only among the plans tied before it. It reads only what ``p``'s view shows (the board, their
    fief, rings and ports, the plans they may play), so the full state answers as the view."""
    reading = _Reading(s, p)
    acts = s.legal_actions()
    keys = [_plan_key(s, p, reading, a) for a in acts]
    top = max(keys)
    tied = [a for a, key in zip(acts, keys) if key == top]
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda a: reading.count(*a.args))


def _best_turn(s: GonzagaState, p: int) -> Action:
    """The action of the best key of :func:`turn_choices`, reading only the best placements and
    weddings: a placement wins ties with the church and a wedding, the church a tie with a
    wedding; among the best placements the one touching most of ``p``'s pieces, then the first,
    and among the best weddings the first."""
    plan = s.plans[p]
    if plan is None or plan == MASKED_PLAN or s.fiefs[p] < 0:
        return max(turn_choices(s, p), key=lambda o: o[0])[1]
    book = s.book
    reading = _Reading(s, p)
    regions = book.region_bits(plan.region, s.scenario)
    acts = ACT_BITS[plan.action]
    top, places = reading.top_placements(s.fiefs[p], regions, acts)
    church = book.c["church_points"]
    rings = _rings_for(s, p, plan)
    wedding = reading.best_wedding(regions, rings) if plan.action == "C" and rings >= 1 else None
    if top is not None and top >= church and (wedding is None or top >= wedding):
        entries = book.geo.columns(s.fiefs[p], regions, acts)[0]
        if len(places) == 1:
            return entries[places[0]].action
        return entries[max(places, key=lambda k: (_touching(s, p, entries[k].mask), -k))].action
    if wedding is None or church >= wedding:
        return CHURCH_A
    first = next(i for v, i in reading.weddings(plan, rings) if v == wedding)
    return book.geo.ring_actions[first]


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
        if s.viewer not in (FULL, p):
            s = s.view(p)               # refused: another's view does not show p's own view
        return _best_plan(s, p)
    if s.phase == PLACE:
        return _best_turn(s, p)
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

_guard(globals(), "gonzaga", plan=_Check(lambda v: v is None or isinstance(v, Plan),
                                         "a plan (state.plans[p]) or None"))
