"""4. Coloque su feudo / Colocando tu feudo: placing the fief, or donating it to the church.

gonzaga.place.turn-order: in turn order, each player places their fief, holds a wedding (with
action C, ``_wedding``) or donates the fief to the church (gonzaga.church.donate,
gonzaga.assume.no-legal-placement: always allowed, the only choice when nothing fits;
gonzaga.assume.church-wedding: exactly one of the three). A placement
(gonzaga.place.follow-plan) must:

- cover at least one hex of the planned region (gonzaga.place.in-region,
  gonzaga.place.region-any-hex; with the inactive-regions card, of any inactive region,
  gonzaga.plan.inactive-card, gonzaga.assume.inactive-card; sea hexes are in no region,
  gonzaga.assume.sea-no-region);
- satisfy the action card, counting every hex of the fief (gonzaga.assume.action-whole-fief):
  A at least one port and no city (gonzaga.action.a-port, gonzaga.action.a-no-city); B no port
  (gonzaga.action.b-options, gonzaga.action.b-no-port, gonzaga.assume.b-options); C at least one
  city and one port (gonzaga.action.c-options, .c-city, .c-port, gonzaga.assume.c-both);
- lie whole on the map, on land or at sea (gonzaga.place.on-map), with every castle on land
  (gonzaga.place.castles-land; cities and ports are land, gonzaga.assume.harbors-land);
- never cover a fief (gonzaga.place.no-fief-below, gonzaga.assume.no-fief-on-any-fief) nor the
  player's own ring (gonzaga.board.hex-capacity: at most one fief and one ring per hex, of
  different colours); another player's ring may lie under it (gonzaga.place.on-rings,
  gonzaga.wedding.fief-over-ring);
- not lie over a barrier (gonzaga.place.no-barrier, gonzaga.assume.barrier-crossing; barriers
  matter only when placing, gonzaga.place.barriers-only-placing);
- be turned only, never mirrored (gonzaga.place.rotate, gonzaga.assume.rotation-only).

A placed fief never moves (gonzaga.place.permanent); it scores at once (``_score``). Trying
placements before choosing (gonzaga.place.try) is ``state.why_illegal(place(...))``, the
analysis functions and the board's preview.

The legal placements are the map's placements of the fief (``_map.Geometry.candidates``, which
already satisfy the region and the action card) whose hexes hold no fief and no ring of the
player: one AND per placement.
"""

from __future__ import annotations

from .._action import Action
from .._errors import IllegalAction, UnknownAction, shorten
from . import _round, _score
from ._actions import CHURCH_A, PLACE, RING
from ._book import INACTIVE_CARD
from ._map import ACT_BITS
from ._wedding import _blocked, _land_of, ring_sieve

__all__ = ["placements_for", "legal_turn", "place_fief", "donate", "explain_place",
           "explain_church", "refusal_code", "CODE_RULES"]

CODE_RULES = {
    "off-map": "gonzaga.place.on-map",
    "castle-at-sea": "gonzaga.place.castles-land",
    "over-barrier": "gonzaga.place.no-barrier",
    "on-a-fief": "gonzaga.place.no-fief-below",
    "own-ring": "gonzaga.board.hex-capacity",
    "outside-region": "gonzaga.place.in-region",
    "outside-inactive": "gonzaga.plan.inactive-card",
    "a-needs-port": "gonzaga.action.a-port",
    "a-city": "gonzaga.action.a-no-city",
    "b-port": "gonzaga.action.b-no-port",
    "c-needs-city": "gonzaga.action.c-city",
    "c-needs-port": "gonzaga.action.c-port",
}
"""Every refusal code of a placement, with the rule it names (in the order they are checked)."""


def placements_for(s, p: int, fief: int, region: str, action: str) -> list:
    """The legal placements (map entries) of ``fief`` for player ``p`` under the plan
    (``region`` card, ``action`` card), sorted by (q, r, rotation)."""
    book = s.book
    entries, masks, _ = book.geo.columns(fief, book.region_bits(region, s.scenario), ACT_BITS[action])
    blocked = s.fief_mask | s.ring_mask[p]
    if not blocked:
        return list(entries)
    return [e for m, e in zip(masks, entries) if not m & blocked]


def legal_turn(s) -> list[Action]:
    """Phase 4: the church, every legal placement of the fief, and with action C the first ring
    of a wedding on every hex it may go (sorted: church, place, ring)."""
    return TurnTest(s).listing()


def random_turn(d, pick) -> Action:
    """A legal action of phase 4, each equally likely, mostly without listing them: a draw
    among the church, the placements the map allows under the plan and (with action C) the
    first-ring hexes of the planned region, drawn again while it is blocked on the board (a
    few tries, then the full list)."""
    p = d.order[d.turn]
    plan = d.plans[p]
    book = d.book
    regions = book.region_bits(plan.region, d.scenario)
    cands = book.geo.candidates(d.fiefs[p], regions, ACT_BITS[plan.action])
    land = _land_of(book, regions) if plan.action == "C" and d.rings[p] >= 1 else ()
    n = 1 + len(cands) + len(land)
    blocked = d.fief_mask | d.ring_mask[p]
    ring_blocked = _blocked(d, p) if land else 0
    for _ in range(24):
        k = int(pick() * n)
        if k == 0:
            return CHURCH_A
        k -= 1
        if k < len(cands):
            e = cands[k]
            if not e.mask & blocked:
                return e.action
            continue
        i = land[k - len(cands)]
        if not ring_blocked >> i & 1:
            return book.geo.ring_actions[i]
    acts = legal_turn(d)
    return acts[int(pick() * len(acts))]


class TurnTest:
    """The legal actions of phase 4, read off the map's tables: ``a in TurnTest(s)`` is ``a in
    s.legal_actions()`` (same kinds, same strict types) without listing them: a placement is
    legal when it is one the map allows under the plan (kept per fief, plan and scenario) and
    none of its hexes is blocked, a first ring likewise; ``listing()`` lists them."""

    __slots__ = ("sieve", "places", "blocked", "rings", "ring_blocked")

    def __init__(self, s):
        book = s.book
        p = s.order[s.turn]
        plan = s.plans[p]
        regions = book.region_bits(plan.region, s.scenario)
        self.sieve = book.geo.sieve(s.fiefs[p], regions, ACT_BITS[plan.action])
        self.places = self.sieve.mask_of
        self.blocked = s.fief_mask | s.ring_mask[p]
        if plan.action == "C" and s.rings[p] >= 1:
            self.rings = ring_sieve(book, regions)
            self.ring_blocked = _blocked(s, p)
        else:
            self.rings = None

    def listing(self) -> list[Action]:
        """The legal actions, sorted: the church, the placements, the first rings."""
        out = [CHURCH_A]
        out += self.sieve.keep(self.blocked)
        if self.rings is not None:
            out += self.rings.keep(self.ring_blocked)
        return out

    def __contains__(self, a: object) -> bool:
        if not isinstance(a, Action):
            return False
        mask = self.places.get(a)
        if mask is not None:
            return not mask & self.blocked
        if a.kind == "church":
            return not a.args
        if self.rings is not None:
            mask = self.rings.mask_of.get(a)
            if mask is not None:
                return not mask & self.ring_blocked
        return False


# ---- effects ---------------------------------------------------------------------------------
def place_fief(d, a: Action) -> None:
    """The fief lies on the map for good (gonzaga.place.permanent) and scores at once."""
    q, r, rot = a.args
    p = d.order[d.turn]
    f = d.fiefs[p]
    geo = d.book.geo
    anchor = geo.index[(q, r)]
    e = geo.table(f).by_key[(anchor, rot)]
    cells = bytearray(d.fief_at)
    for i in e.cells:
        cells[i] = p + 1
    d.fief_at = bytes(cells)
    d.fief_mask |= e.mask
    d.cover = d.cover[:p] + (d.cover[p] | e.mask,) + d.cover[p + 1:]
    d.pieces = d.pieces[:p] + (d.pieces[p] + ((f, anchor, rot, d.round),),) + d.pieces[p + 1:]
    if e.features:
        _score.score_piece(d, p, e.features)
    _round.end_turn(d)


def donate(d, a: Action) -> None:
    """gonzaga.church.donate: the fief goes to the church space; 3 points."""
    p = d.order[d.turn]
    d.church = d.church[:p] + (d.church[p] + (d.fiefs[p],),) + d.church[p + 1:]
    f, lg, ch = d.points[p]
    d.points = d.points[:p] + ((f, lg, ch + d.book.c["church_points"]),) + d.points[p + 1:]
    _round.end_turn(d)


# ---- refusals --------------------------------------------------------------------------------
def refusal_code(s, p: int, fief: int, region: str, action: str, anchor: int, rot: int) -> str | None:
    """Why placing ``fief`` with its anchor on hex index ``anchor`` turned ``rot`` is refused
    for player ``p`` under the plan: the first code of :data:`CODE_RULES` that applies, or None
    when it is legal."""
    book = s.book
    geo = book.geo
    t = geo.table(fief)
    code = t.static[rot][anchor]
    if code is not None:
        return code
    e = t.by_key[(anchor, rot)]
    if e.mask & s.fief_mask:
        return "on-a-fief"
    if e.mask & s.ring_mask[p]:
        return "own-ring"
    if not e.regions & book.region_bits(region, s.scenario):
        return "outside-inactive" if region == INACTIVE_CARD else "outside-region"
    return _action_code(action, e.cities, e.ports)


def _action_code(action: str, cities: int, ports: int) -> str | None:
    if action == "A":
        return "a-needs-port" if not ports else "a-city" if cities else None
    if action == "B":
        return "b-port" if ports else None
    return "c-needs-city" if not cities else "c-needs-port" if not ports else None


def explain_place(s, a: Action) -> IllegalAction:
    from . import _words
    q, r, rot = a.args
    if s.phase == RING:
        return IllegalAction("wedding-started", "gonzaga.wedding.one-or-two",
                             "This turn is a wedding (its fief went to the box): place the second "
                             "ring next to the first, or end the wedding (\"end the wedding\").")
    if s.phase != PLACE:
        return _round.not_now(s, a)
    if not 0 <= rot < 6:
        return UnknownAction("no-such-rotation", "gonzaga.place.rotate",
                             f"The rotation counts sixths of a turn clockwise: 0 to 5, not "
                             f"{shorten(rot, 40)}.")
    book = s.book
    geo = book.geo
    p = s.order[s.turn]
    f = s.fiefs[p]
    plan = s.plans[p]
    anchor = geo.index.get((q, r))
    what = f"{_words.fief_name(book, f).capitalize()} {_words.rotation_text(rot)}"
    if anchor is None:
        return IllegalAction("off-map", "gonzaga.place.on-map",
                             f"{what} with its anchor on hex ({shorten(q, 20)}, {shorten(r, 20)}) "
                             "would lie off the map: every hex of a fief lies whole on the map.")
    where = f"{what} with its anchor on {geo.label(anchor)}"
    code = refusal_code(s, p, f, plan.region, plan.action, anchor, rot)
    cells = _cells(geo, geo.table(f).shapes[rot], q, r)
    if code == "off-map":
        off = sum(1 for i in cells if i is None)
        return IllegalAction(code, CODE_RULES[code],
                             f"{where} would have {off} of its hexes off the map: every hex of a "
                             "fief lies whole on the map, on land or at sea.")
    shape = geo.table(f).shapes[rot]
    if code == "castle-at-sea":
        wet = [i for i, (_, _, castle) in zip(cells, shape) if castle and not geo.land[i]]
        return IllegalAction(code, CODE_RULES[code],
                             f"{where} would put a castle on {_words.hexes_text(s, wet)}: every castle "
                             "stands on a land hex.")
    if code == "over-barrier":
        a_, b_ = next((x, y) for x in cells for y in cells
                      if x is not None and y is not None and (min(x, y), max(x, y)) in geo.barrier)
        return IllegalAction(code, CODE_RULES[code],
                             f"{where} would lie over the barrier between {_words.hex_text(s, a_)} "
                             f"and {_words.hex_text(s, b_)}: a fief is never placed across a barrier.")
    if code == "on-a-fief":
        under = [i for i in cells if s.fief_at[i]]
        owners = sorted({s.fief_at[i] - 1 for i in under})
        whose = " and ".join(("your own" if o == p else f"{s.player_label(o)}'s") for o in owners)
        return IllegalAction(code, CODE_RULES[code],
                             f"{where} would cover {_words.hexes_text(s, under)}, where {whose} fief "
                             "lies: a fief is never placed on top of another fief.")
    if code == "own-ring":
        under = [i for i in cells if s.ring_at[i] == p + 1]
        return IllegalAction(code, CODE_RULES[code],
                             f"{where} would cover your own ring on {_words.hexes_text(s, under)}: a "
                             "hex holds at most one fief and one ring, of different colours.")
    if code in ("outside-region", "outside-inactive"):
        regions = book.region_bits(plan.region, s.scenario)
        names = _words.region_list(book, regions)
        lying = _words.lies_in(s, cells)
        if code == "outside-inactive":
            msg = (f"{where} covers no hex of an inactive region ({names}), as the inactive-regions "
                   f"card asks; it lies {lying}.")
        else:
            msg = (f"{where} covers no hex of {names}, the planned region: at least one hex of the "
                   f"fief lies in it; this placement lies {lying} (sea hexes are in no region).")
        return IllegalAction(code, CODE_RULES[code], msg)
    if code is not None:
        cities = [i for i in cells if geo.city[i] >= 0]
        ports = [i for i in cells if geo.port[i] >= 0]
        text = {
            "a-needs-port": "with action A (ports) the fief must cover at least one port; this placement covers none",
            "a-city": f"with action A (ports) the fief may not cover a city; this placement covers {_words.hexes_text(s, cities)}",
            "b-port": f"with action B (cities) the fief may not cover a port; this placement covers {_words.hexes_text(s, ports)}",
            "c-needs-city": "with action C (alliance) the fief must cover at least one city and one port; this placement covers no city",
            "c-needs-port": "with action C (alliance) the fief must cover at least one city and one port; this placement covers no port",
        }[code]
        return IllegalAction(code, CODE_RULES[code], f"{where}: {text}.")
    return IllegalAction("not-legal", "engine.legal", f"{a} is not among the legal placements now.")


def _cells(geo, shape, q: int, r: int) -> list:
    return [geo.index.get((q + dq, r + dr)) for dq, dr, _ in shape]


def explain_church(s, a: Action) -> IllegalAction:
    if s.phase == RING:
        return IllegalAction("wedding-started", "gonzaga.wedding.no-donation",
                             "The fief of this turn went to the box for the wedding, and rings "
                             "cannot be donated to the church: place the second ring or end the "
                             "wedding (\"end the wedding\").")
    return _round.not_now(s, a)
