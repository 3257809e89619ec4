"""Helpers for Gonzaga's tests: games with chosen chance, spots of the map found by what they
show, and positions drawn for a test.

The shipped map, fiefs and scenarios are placeholders, so the rules tests never name a hex, a
fief shape or a scenario by hand: they ask the map for a spot with the properties a test needs
(a placement covering a city and a port, a castle that would stand at sea, a barrier side, ...)
and build the game around it. A test that cannot find its spot fails, saying so.
"""

from __future__ import annotations

import dataclasses
import random

from explorer import Action
from explorer import gonzaga as gz

GEO_CACHE: dict = {}


def book():
    return gz.Book.of(gz.load())


def geo():
    return book().geo


def scenario_for(players: int, inactive: bool = True) -> str:
    """A scenario tile for ``players`` (with an inactive region, unless ``inactive=False``)."""
    b = book()
    for i in b.scenarios_for(players):
        if bool(b.scenarios[i].inactive) == inactive:
            return b.scenarios[i].id
    raise AssertionError(f"no scenario for {players} players with inactive={inactive}")


def regions_of(scenario: str, flourishing: bool = True) -> list[str]:
    b = book()
    sc = b.scenarios[b.scenario_index[scenario]]
    bits = sc.flourishing if flourishing else sc.inactive
    return [r for k, r in enumerate(b.region_ids) if bits >> k & 1]


def fief_index(fief) -> int:
    b = book()
    if isinstance(fief, str):
        return b.fief_index[fief]
    return fief


def dealt(players: int = 2, scenario: str | None = None, seed: int = 1, **options):
    """A new game with manual chance: the scenario tile and the first objective cards dealt."""
    s = gz.new_game(players=players, seed=seed, chance="manual", **options)
    s = s.apply(gz.scenario(scenario or scenario_for(players)))
    while s.phase == "objective":
        s = s.apply(s.legal_actions()[0])
    return s


def reveal_fiefs(s, fiefs: dict | None = None):
    """Turn up this round's fief cards: ``fiefs[p]`` (an id or index) for the players named, the
    first card left in the deck for the others."""
    fiefs = fiefs or {}
    b = s.book
    while s.phase == "reveal":
        p = s.turn
        f = fief_index(fiefs[p]) if p in fiefs else s.decks[p][0]
        s = s.apply(gz.reveal(b.card_number(f, p)))
    return s


def plan_all(s, plans: dict | None = None):
    """Every player plans: ``plans[p]`` is an action (``gz.plan(...)``) or a (kind, region,
    action) triple; the others take their first legal plan with action C (or any)."""
    plans = plans or {}
    while s.phase == "plan":
        p = s.turn
        if p in plans:
            a = plans[p]
            if isinstance(a, tuple):
                a = Action(*a)
        else:
            legal = s.legal_actions()
            a = next((x for x in legal if x.kind == "plan" and x.args[1] == "C"), legal[0])
        s = s.apply(a)
    return s


def to_place(players: int = 2, fief=None, plan=None, scenario: str | None = None, seed: int = 1,
             others: dict | None = None, **options):
    """A game at the start of phase 4 of round 1 in which seat 0 moves first: its fief ``fief``
    and plan ``plan`` (region card, action card) played with the King's Privilege (so it goes
    first); the other seats plan without it."""
    s = dealt(players, scenario, seed, **options)
    fiefs = {0: fief} if fief is not None else {}
    s = reveal_fiefs(s, fiefs)
    plans = dict(others or {})
    if plan is not None:
        plans[0] = ("privilege", *plan)
    s = plan_all(s, plans)
    assert s.phase == "place"
    return s


def cells_of(entry_or_piece) -> tuple:
    return entry_or_piece.cells


def find_entry(pred, fiefs=None, regions: list[str] | None = None, scenario: str | None = None):
    """(fief index, entry) of the first placement the map allows (no board) satisfying ``pred``
    (called with the geometry and the entry); ``regions`` limits it to placements with a hex in
    one of them."""
    g = geo()
    b = book()
    bits = 0
    for r in regions or b.region_ids:
        bits |= 1 << b.region_index[r]
    for f in (fiefs if fiefs is not None else range(len(b.fief_ids))):
        for e in g.table(f).entries:
            if e.regions & bits and pred(g, e):
                return f, e
    raise AssertionError("the map has no placement with the property this test needs")


def find_static(code: str, fiefs=None):
    """(fief, anchor index, rotation) of a placement the map refuses with ``code``, the anchor
    on the map."""
    g = geo()
    for f in (fiefs if fiefs is not None else range(len(g.fief_ids))):
        t = g.table(f)
        for rot in range(6):
            for a, c in enumerate(t.static[rot]):
                if c == code:
                    return f, a, rot
    raise AssertionError(f"the map refuses no placement with {code}")


def region_id(index: int) -> str:
    return book().region_ids[index]


def first_region(entry, among: list[str]) -> str:
    """A region of ``among`` that a hex of ``entry`` lies in."""
    g = geo()
    for i in entry.cells:
        if g.region[i] >= 0 and region_id(g.region[i]) in among:
            return region_id(g.region[i])
    raise AssertionError("the placement lies in none of these regions")


def with_pieces(s, fiefs: dict | None = None, rings: dict | None = None, spend: bool = True):
    """``s`` with pieces drawn on the map for a test (no points scored; the ports they cover
    count towards the sea leagues): ``fiefs[p]`` a list of (fief, anchor index, rotation),
    ``rings[p]`` a list of hex indices. Rings come from the player's board when ``spend`` (so
    the counts stay true), else they are extra."""
    fiefs, rings = fiefs or {}, rings or {}
    g = s.book.geo
    fief_at, ring_at = bytearray(s.fief_at), bytearray(s.ring_at)
    fmask = s.fief_mask
    cover, rmask, pieces = list(s.cover), list(s.ring_mask), [list(x) for x in s.pieces]
    left, decks = list(s.rings), [list(d) for d in s.decks]
    held = [list(x) for x in s.ports_held]
    b = s.book
    for p, items in fiefs.items():
        for fief, anchor, rot in items:
            f = fief_index(fief)
            e = g.table(f).by_key[(anchor, rot)]
            for i in e.cells:
                assert not fief_at[i], "two fiefs on one hex"
                fief_at[i] = p + 1
            fmask |= e.mask
            cover[p] |= e.mask
            for i in e.cells:
                if g.port[i] >= 0:
                    held[p][b.port_sea[g.port[i]]] += 1
            pieces[p].append((f, anchor, rot, max(s.round, 1)))
            if f in decks[p]:
                decks[p].remove(f)
    for p, items in rings.items():
        for i in items:
            assert not ring_at[i], "two rings on one hex"
            ring_at[i] = p + 1
            rmask[p] |= 1 << i
            cover[p] |= 1 << i
            if g.port[i] >= 0:
                held[p][b.port_sea[g.port[i]]] += 1
            pieces[p].append((-1, i, 0, max(s.round, 1)))
            if spend:
                left[p] -= 1
    return dataclasses.replace(s, fief_at=bytes(fief_at), ring_at=bytes(ring_at), fief_mask=fmask,
                               cover=tuple(cover), ring_mask=tuple(rmask),
                               pieces=tuple(tuple(x) for x in pieces), rings=tuple(left),
                               decks=tuple(tuple(d) for d in decks),
                               ports_held=tuple(tuple(x) for x in held))


def churches(s, until_round: int, until_phase: str = "place"):
    """Play on with the first legal plan and the church at every turn until ``until_round`` and
    ``until_phase``."""
    while not s.is_over and not (s.round == until_round and s.phase == until_phase):
        if s.is_chance_node:
            s = s.apply(s.legal_actions()[0])
        elif s.phase == "plan":
            s = s.apply(s.legal_actions()[0])
        else:
            s = s.apply(gz.church())
    return s


def random_game(players: int, seed: int, **options):
    """Every state of a random game played through ``apply`` (chance from the seed)."""
    s = gz.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    return states
