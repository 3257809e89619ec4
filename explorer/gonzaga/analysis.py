"""Map analysis for boards and notebooks: every legal placement with its points, a preview a
board can draw without asking Python at each mouse move, heat maps and playable plans.

All of it reads the rules' own tables (no networkx; :mod:`explorer.gonzaga.graph` answers the
same questions from a graph, and the tests hold the two to each other):

- :func:`placements`: every legal placement (anchor x rotation) of a fief under a plan, with the
  points it would score now (cities and ports, sea leagues);
- :func:`placement_preview`: JSON-friendly data for the fief that follows the mouse: its hexes
  per rotation, the legal anchors per rotation with their points, and the refused anchors of
  the map grouped by a short reason code (with the rule each code names);
- :func:`heat_map`: per hex, how many legal placements cover it and the best points among them;
- :func:`playable_plans`: for each plan a player may commit now, how many placements it allows
  for their fief and the best points;
- :func:`planning_cards`: a player's eleven planning cards for a planning panel, each usable or
  not, with the reason and the rule.

>>> from explorer.gonzaga import new_game
>>> s = new_game(players=2, seed=3)
>>> s.phase
'plan'
>>> ps = placements(s, plan=("inactive", "B"))
>>> all(p.hexes and p.rotation in range(6) for p in ps)
True
>>> plans = playable_plans(s)
>>> len(plans) == len(s.legal_actions())
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .._action import Action
from .._errors import OptionError, shorten
from .._rules import rule
from ._actions import PLACE, PLAN, RING
from ._book import ACTIONS, INACTIVE_CARD, KING_CARD, Plan
from ._map import ACT_BITS, STATIC_CODES
from ._place import CODE_RULES, placements_for, refusal_code
from ._plan import card_refusal
from ._score import gain

__all__ = ["Placement", "placements", "placement_preview", "heat_map", "playable_plans",
           "planning_cards", "resolve_fief", "resolve_plan", "CODE_TEXT"]

CODE_TEXT = {
    "off-map": "a hex would lie off the map",
    "castle-at-sea": "a castle would stand at sea",
    "over-barrier": "the fief would lie over a barrier",
    "on-a-fief": "a hex already holds a fief",
    "own-ring": "a hex holds your own ring",
    "outside-region": "no hex in the planned region",
    "outside-inactive": "no hex in an inactive region",
    "a-needs-port": "action A needs a port",
    "a-city": "action A may not cover a city",
    "b-port": "action B may not cover a port",
    "c-needs-city": "action C needs a city",
    "c-needs-port": "action C needs a port",
}
"""A short reason for each refusal code (the board's hover text; the full sentence is
``state.why_illegal(place(q, r, rotation)).message``)."""
assert set(CODE_TEXT) == set(CODE_RULES)


CARD_REASONS = {
    "region-card-removed": "the region is inactive: its card went back to the box",
    "no-inactive-regions": "every region flourishes",
    "card-resting": "it rests in the middle box",
    "no-ring": "no ring left to pay for it",
}
"""The planning panel's short reason for each refusal code of a card (``_plan.card_refusal``)."""


class Placement(NamedTuple):
    """A legal placement and what it would score now."""

    q: int
    r: int
    rotation: int
    points: int                   # cities and ports plus sea leagues
    features: int                 # the points for cities and ports
    leagues: tuple[str, ...]      # the seas whose league it completes
    fief: int
    entry: Any                    # the map's record of it (hex indices, mask, regions)
    geo: Any

    @property
    def action(self) -> Action:
        return self.entry.action

    def __repr__(self) -> str:
        return (f"Placement(q={self.q}, r={self.r}, rotation={self.rotation}, points={self.points}, "
                f"hexes={self.labels})")

    @property
    def hexes(self) -> tuple[tuple[int, int], ...]:
        """The hexes it covers, as (q, r), the anchor first."""
        coords = self.geo.coords
        return tuple((coords[i].q, coords[i].r) for i in self.entry.cells)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.geo.label(i) for i in self.entry.cells)

    @property
    def castles(self) -> tuple[tuple[int, int], ...]:
        """The hexes its castles stand on."""
        coords = self.geo.coords
        return tuple((coords[i].q, coords[i].r) for i, (_, _, c) in zip(self.entry.cells, self._shape())
                     if c)

    def _shape(self):
        return self.geo.table(self.fief).shapes[self.rotation]

    @property
    def footprint(self) -> frozenset:
        """The hexes with their castle marks: two placements with the same footprint put the
        fief in the same spot (a fief with a symmetry has several (anchor, rotation) for it)."""
        return frozenset(zip(self.entry.cells, (c for _, _, c in self._shape())))


# ---- arguments -------------------------------------------------------------------------------
def _player(s, player) -> int:
    if player is None:
        p = s.mover
        if p < 0:
            raise OptionError("no player is deciding now (a chance event, or the end); name the "
                              "player")
        return p
    return s.check_player(player)


def resolve_fief(s, fief: Any, p: int) -> int:
    """A fief given by index (0-11, in number order), id ("F50") or number (50); None: ``p``'s
    fief this round."""
    book = s.book
    if fief is None:
        f = s.fiefs[p]
        if f < 0:
            raise OptionError(f"{s.player_label(p)} has no fief this round yet; name the fief")
        if s.phase == RING and s.mover == p:
            raise OptionError(f"{s.player_label(p)}'s fief of this round went to the box for the "
                              "wedding; name a fief")
        return f
    if isinstance(fief, str) and fief in book.fief_index:
        return book.fief_index[fief]
    if type(fief) is int:
        if fief in book.fief_numbers:
            return book.fief_numbers.index(fief)
        if 0 <= fief < len(book.fief_ids):
            return fief
    raise OptionError(f"{shorten(fief, 40)} is not a fief; name it by id ({book.fief_ids[0]} ...), "
                      f"number ({book.fief_numbers[0]} ...) or index")


ANY = "any"
"""``plan="any"``: every placement the map and the board allow under some plan."""


def resolve_plan(s, plan: Any, p: int) -> tuple[int, int, Plan | None]:
    """(region bits, action bits, plan) of a plan given as None (``p``'s plan this round), a
    ``Plan``, a pair (region card, action card), a ``plan``/``privilege`` action, or "any"."""
    book = s.book
    if plan is None:
        if s.phase not in (PLACE, RING) or s.plans[p] is None:
            raise OptionError(f"{s.player_label(p)} has no revealed plan now; give plan=(region "
                              "card, action card) or plan='any'")
        plan = s.plans[p]
    if plan == ANY:
        return sum(1 << k for k in range(len(book.region_ids))), 7, None
    if isinstance(plan, Action) and plan.kind in ("plan", "privilege") and len(plan.args) == 2:
        plan = Plan(plan.args[0], plan.args[1], plan.kind == "privilege")
    if isinstance(plan, (tuple, list)) and len(plan) in (2, 3):
        region, action = plan[0], plan[1]
        ok_region = region == INACTIVE_CARD or (isinstance(region, str) and region in book.region_index)
        if ok_region and action in ACTIONS and s.scenario >= 0:
            plan = Plan(region, action, bool(plan[2]) if len(plan) == 3 else False)
            return book.region_bits(region, s.scenario), ACT_BITS[action], plan
    raise OptionError(f"{shorten(plan, 60)} is not a plan; give (region card, action card), such as "
                      f"('{book.region_ids[0]}', 'B') or ('inactive', 'A'), or plan='any'")


# ---- placements ------------------------------------------------------------------------------
def _legal_entries(s, p: int, f: int, regions: int, acts: int) -> list:
    entries, masks, _ = s.book.geo.columns(f, regions, acts)
    blocked = s.fief_mask | s.ring_mask[p]
    return [e for m, e in zip(masks, entries) if not m & blocked]


def placements(state, fief: Any = None, plan: Any = None, player: int | None = None) -> list[Placement]:
    """Every legal placement of ``fief`` (default: the player's fief this round) under ``plan``
    (default: the player's revealed plan; a pair (region card, action card); or "any") for
    ``player`` (default: the player deciding), sorted by (q, r, rotation), each with the points
    it would score now. The board counts as it lies now (the hexes that hold a fief, the
    player's rings)."""
    s = state
    p = _player(s, player)
    f = resolve_fief(s, fief, p)
    regions, acts, _ = resolve_plan(s, plan, p)
    geo = s.book.geo
    out = []
    sea_ids = s.book.sea_ids
    for e in _legal_entries(s, p, f, regions, acts):
        if e.features:
            g = gain(s, p, e.cells)
            out.append(Placement(e.q, e.r, e.rot, g.total, g.features,
                                 tuple(sea_ids[k] for k in g.leagues), f, e, geo))
        else:
            out.append(Placement(e.q, e.r, e.rot, 0, 0, (), f, e, geo))
    return out


def placement_preview(state) -> dict:
    """What a board needs to let this round's fief follow the mouse, JSON-friendly (empty
    outside phase 4):

    - ``player``, ``fief`` (id), ``number``, ``card``, ``plan`` ({region, action, king});
    - ``rotations``: six entries, one per ``rotation`` (0-5, sixths of a turn clockwise), each
      with ``hexes`` (the fief's hexes as ``[dq, dr, castle]`` offsets from the anchor, the
      anchor first at ``[0, 0]``), ``legal`` (``[q, r, points]`` of every anchor where the
      placement is legal, with the points it scores) and ``refused`` (the anchors on the map
      where it is not, grouped by reason code: ``{code: [[q, r], ...]}``);
    - ``codes``: per reason code, ``{"rule": rule id, "title": the rule's title, "text": a short
      reason}``; an anchor listed nowhere lies off the map (code ``default``);
    - ``church``: true (the donation is always allowed); ``rings``: ``[q, r]`` of the hexes where
      a wedding's first ring may go (empty unless the plan is C and a ring is left).

    The full sentence for one spot is ``state.why_illegal(place(q, r, rotation)).message``.
    """
    s = state
    if s.phase != PLACE:
        return {}
    book = s.book
    geo = book.geo
    p = s.order[s.turn]
    f = s.fiefs[p]
    plan = s.plans[p]
    t = geo.table(f)
    legal = {(e.anchor, e.rot): e for e in placements_for(s, p, f, plan.region, plan.action)}
    rotations = []
    for k in range(6):
        ok, refused = [], {}
        for i, c in enumerate(geo.coords):
            e = legal.get((i, k))
            if e is not None:
                ok.append([c.q, c.r, gain(s, p, e.cells).total if e.features else 0])
                continue
            code = t.static[k][i] or refusal_code(s, p, f, plan.region, plan.action, i, k)
            refused.setdefault(code, []).append([c.q, c.r])
        ok.sort()
        rotations.append({"rotation": k, "hexes": [[dq, dr, castle] for dq, dr, castle in t.shapes[k]],
                          "legal": ok, "refused": {code: sorted(v) for code, v in sorted(refused.items())}})
    from ._wedding import first_ring_hexes
    rings = []
    if plan.action == "C" and s.rings[p] >= 1:
        rings = [[geo.coords[i].q, geo.coords[i].r] for i in first_ring_hexes(s, p)]
    return {"player": p, "fief": book.fief_ids[f], "number": book.fief_numbers[f],
            "card": book.card_number(f, p),
            "plan": {"region": plan.region, "action": plan.action, "king": plan.king},
            "rotations": rotations,
            "codes": {code: {"rule": CODE_RULES[code], "title": rule(CODE_RULES[code]).title,
                             "text": CODE_TEXT[code]} for code in CODE_RULES},
            "default": STATIC_CODES[0], "church": True, "rings": rings}


def heat_map(state, fief: Any = None, plan: Any = None, player: int | None = None) -> dict:
    """Where a fief can go: per hex ``[q, r, count, best]``, how many distinct legal placements
    cover it (a fief with a symmetry lies in one spot for several rotations: counted once) and
    the best points among them; ``placements`` is the number of distinct placements."""
    s = state
    ps = placements(s, fief, plan, player)
    seen = set()
    count: dict[int, int] = {}
    best: dict[int, int] = {}
    for pl in ps:
        key = pl.footprint
        if key in seen:
            continue
        seen.add(key)
        for i in pl.entry.cells:
            count[i] = count.get(i, 0) + 1
            best[i] = max(best.get(i, 0), pl.points)
    coords = s.book.geo.coords
    return {"placements": len(seen),
            "hexes": sorted([coords[i].q, coords[i].r, n, best[i]] for i, n in count.items())}


def planning_cards(state, player: int) -> list[dict]:
    """``player``'s eleven planning cards as a planning panel shows them, JSON-friendly: per card
    ``card`` (the key a plan uses: a region id, "inactive", "A", "B", "C" or "king"), ``name``,
    ``kind`` (region, inactive, action, king), ``usable`` (whether a plan may use it this round)
    and, when it may not, ``code``, ``rule`` and ``reason``; ``planned`` when the state shows the
    player's plan (their own view, or after the reveal) and the card is part of it. Nothing here
    tells another player's secret plan."""
    from ._words import card_name
    s = state
    p = s.check_player(player)
    book = s.book
    plan = s.plans[p]
    shown = plan is not None and plan.region != "?"
    played = set()
    if shown:
        played = {plan.region, plan.action} | ({KING_CARD} if plan.king else set())
    out = []
    cards = [(r, "region") for r in book.region_ids] + [(INACTIVE_CARD, "inactive")]
    cards += [(a, "action") for a in ACTIONS] + [(KING_CARD, "king")]
    for card, kind in cards:
        why = card_refusal(s, p, card)
        entry = {"card": card, "name": card_name(book, card), "kind": kind, "usable": why is None,
                 "planned": card in played}
        if why is not None:
            entry.update(code=why[0], rule=why[1], reason=CARD_REASONS[why[0]])
        out.append(entry)
    return out


def playable_plans(state, player: int | None = None) -> list[dict]:
    """For each plan ``player`` (default: the player to plan) may commit now, in the order of
    the legal actions: ``action`` (the plan's action), ``region``, ``card`` (A, B or C), ``king``,
    ``placements`` (legal placements of their fief this round on the board as it lies now),
    ``best`` (the best points of one), ``wedding`` (whether it allows a wedding) and ``church``
    (always true). The other players' plans are not known, so the board as it lies is counted."""
    from ._plan import _plans, available
    s = state
    p = _player(s, player) if player is not None or s.phase == PLAN else None
    if p is None:
        raise OptionError("playable_plans: name the player (plans are made in phase 2)")
    f = resolve_fief(s, None, p)
    out = []
    book = s.book
    for a in _plans(*available(s, p)):
        region, card = a.args
        entries = _legal_entries(s, p, f, book.region_bits(region, s.scenario), ACT_BITS[card])
        best = max((gain(s, p, e.cells).total for e in entries if e.features), default=0)
        rings = s.rings[p] - (book.c["king_ring_cost"] if a.kind == "privilege" else 0)
        out.append({"action": a, "region": region, "card": card, "king": a.kind == "privilege",
                    "placements": len(entries), "best": best if entries else None,
                    "wedding": card == "C" and rings >= 1, "church": True})
    return out



from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "gonzaga")
