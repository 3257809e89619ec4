"""La boda: one or two rings instead of the fief.

gonzaga.wedding.with-alliance: with action C a player may hold a wedding on their turn.
gonzaga.wedding.one-or-two, gonzaga.wedding.discard-fief: the fief goes to the box and one or two
adjacent rings go on the map, each counting as a fief. gonzaga.wedding.first-ring-region: the
first ring goes anywhere in the planned region (a land hex: gonzaga.assume.sea-no-region; with
the inactive-regions card, any inactive region), not necessarily next to the player's fiefs.
gonzaga.wedding.second-ring, gonzaga.assume.second-ring: a second ring may follow on a hex next to
the first, on land or at sea, in any region, even across a barrier; ``done()`` ends the wedding
with one ring. gonzaga.assume.wedding-needs-ring: each ring comes from the player's board (a ring
paid for this round's King's Privilege is gone already). gonzaga.wedding.ring-where,
gonzaga.wedding.not-own-fief, gonzaga.wedding.not-on-ring, gonzaga.board.hex-capacity: a ring
goes on an empty hex or on another player's fief, never on the player's own fief or on a ring.
gonzaga.wedding.shared-hex: a hex with a fief and a ring belongs to both players.
gonzaga.wedding.ring-scores: a ring scores like a one-hex fief (``_score``).
gonzaga.rings.six: six rings for the whole game, never recovered.
"""

from __future__ import annotations

from functools import lru_cache

from .._action import Action
from .._errors import IllegalAction, shorten
from . import _round, _score
from ._actions import DONE_A, PLACE, RING
from ._book import INACTIVE_CARD
from ._map import Sieve

__all__ = ["first_ring_hexes", "second_ring_hexes", "legal_second_ring", "place_ring", "finish",
           "explain_ring", "explain_done"]


@lru_cache(maxsize=256)
def _land_of(book, regions: int) -> tuple[int, ...]:
    """The land hexes of these regions, sorted by (q, r)."""
    geo = book.geo
    return tuple(sorted((i for i in range(geo.n) if geo.region[i] >= 0 and regions >> geo.region[i] & 1),
                        key=lambda i: geo.coords[i]))


@lru_cache(maxsize=256)
def ring_sieve(book, regions: int) -> Sieve:
    """The first-ring actions on the land hexes of these regions (sorted by q, r), as a
    :class:`~explorer.gonzaga._map.Sieve` over their hexes."""
    land = _land_of(book, regions)
    ring = book.geo.ring_actions
    return Sieve((ring[i] for i in land), ((i,) for i in land), book.geo.n)


def _rings_all(s) -> int:
    out = 0
    for m in s.ring_mask:
        out |= m
    return out


def _blocked(s, p: int) -> int:
    """gonzaga.wedding.not-on-ring, gonzaga.wedding.not-own-fief: hexes no ring of ``p`` may go on."""
    return _rings_all(s) | (s.cover[p] & ~s.ring_mask[p])


def first_ring_hexes(s, p: int, plan=None) -> list[int]:
    """The hexes (sorted by q, r) where ``p``'s first wedding ring may go under their plan (or
    under ``plan``)."""
    plan = plan or s.plans[p]
    blocked = _blocked(s, p)
    return [i for i in _land_of(s.book, s.book.region_bits(plan.region, s.scenario))
            if not blocked >> i & 1]


def second_ring_hexes(s, p: int, first: int) -> list[int]:
    """The hexes (sorted by q, r) next to ``first`` where ``p``'s second ring may go."""
    geo = s.book.geo
    blocked = _blocked(s, p)
    return sorted((j for j in geo.nbrs[first] if not blocked >> j & 1), key=lambda j: geo.coords[j])


def second_ring_possible(s, p: int, first: int) -> bool:
    """Whether ``second_ring_hexes`` has a hex, read off the neighbour mask (no list made)."""
    return bool(s.book.geo.nbr_mask[first] & ~_blocked(s, p))


def legal_second_ring(s) -> list[Action]:
    p = s.order[s.turn]
    ring = s.book.geo.ring_actions
    return [DONE_A] + [ring[j] for j in second_ring_hexes(s, p, s.pending[0])]


# ---- effects ---------------------------------------------------------------------------------
def _put_ring(d, p: int, i: int) -> None:
    cells = bytearray(d.ring_at)
    cells[i] = p + 1
    d.ring_at = bytes(cells)
    bit = 1 << i
    d.ring_mask = d.ring_mask[:p] + (d.ring_mask[p] | bit,) + d.ring_mask[p + 1:]
    d.cover = d.cover[:p] + (d.cover[p] | bit,) + d.cover[p + 1:]
    d.rings = d.rings[:p] + (d.rings[p] - 1,) + d.rings[p + 1:]
    d.pieces = d.pieces[:p] + (d.pieces[p] + ((-1, i, 0, d.round),),) + d.pieces[p + 1:]
    _score.score_piece(d, p, (i,))


def place_ring(d, a: Action) -> None:
    """The first ring (the fief goes to the box, gonzaga.wedding.discard-fief) or the second; a
    wedding ends after the second ring, or at once when no second ring can follow."""
    p = d.order[d.turn]
    i = d.book.geo.index[a.args]
    if d.phase == PLACE:
        d.box = d.box[:p] + (d.box[p] + (d.fiefs[p],),) + d.box[p + 1:]
        _put_ring(d, p, i)
        if (d.rings[p] >= 1 and d.book.c["wedding_max_rings"] >= 2
                and second_ring_possible(d, p, i)):
            d.phase = RING
            d.pending = (i,)
            return
    else:
        _put_ring(d, p, i)
    _round.end_turn(d)


def finish(d, a: Action) -> None:
    """A wedding of one ring: the turn ends."""
    _round.end_turn(d)


# ---- refusals --------------------------------------------------------------------------------
def explain_ring(s, a: Action) -> IllegalAction:
    from . import _words
    if s.phase not in (PLACE, RING):
        return _round.not_now(s, a)
    book = s.book
    geo = book.geo
    p = s.order[s.turn]
    plan = s.plans[p]
    q, r = a.args
    if s.phase == PLACE:
        if plan.action != "C":
            return IllegalAction("wedding-needs-alliance", "gonzaga.wedding.with-alliance",
                                 f"A wedding is held only with the alliance card (action C); "
                                 f"{s.player_label(p)} planned action {plan.action}.")
        if s.rings[p] < 1:
            why = " (the last one paid for the King's Privilege)" if plan.king else ""
            return IllegalAction("no-ring-left", "gonzaga.assume.wedding-needs-ring",
                                 f"{s.player_label(p)} has no ring left on their player board{why}: "
                                 "a wedding needs a ring.")
    i = geo.index.get((q, r))
    if i is None:
        return IllegalAction("off-map", "gonzaga.place.on-map",
                             f"Hex ({shorten(q, 20)}, {shorten(r, 20)}) is not on the map: a ring "
                             "goes on a hex of the map, like a fief of one hex.")
    here = _words.hex_text(s, i)
    if s.phase == RING and i not in geo.nbrs[s.pending[0]]:
        return IllegalAction("not-adjacent", "gonzaga.wedding.second-ring",
                             f"The second ring goes next to the first (on "
                             f"{geo.label(s.pending[0])}); {here} does not share a side with it.")
    if s.ring_at[i]:
        owner = s.ring_at[i] - 1
        whose = "your own ring" if owner == p else f"a ring of {s.player_label(owner)}"
        return IllegalAction("on-a-ring", "gonzaga.wedding.not-on-ring",
                             f"{here} already holds {whose}: a ring never goes on a hex that holds "
                             "a ring.")
    if s.fief_at[i] == p + 1:
        return IllegalAction("own-fief", "gonzaga.wedding.not-own-fief",
                             f"{here} holds your own fief: a ring goes on an empty hex or on "
                             "another player's fief, never on your own fief.")
    if s.phase == PLACE:
        regions = book.region_bits(plan.region, s.scenario)
        reg = geo.region[i]
        if reg < 0:
            return IllegalAction("outside-region", "gonzaga.assume.sea-no-region",
                                 f"{here} is a sea hex, in no region: the first ring goes on a "
                                 f"land hex of {_words.region_list(book, regions)}.")
        if not regions >> reg & 1:
            wanted = ("an inactive region (" + _words.region_list(book, regions) + ")"
                      if plan.region == INACTIVE_CARD else _words.region_list(book, regions))
            return IllegalAction("outside-region", "gonzaga.wedding.first-ring-region",
                                 f"{here} is in {book.region_names[reg]}: the first ring goes "
                                 f"anywhere in the planned region, {wanted}.")
    where = _words.hex_label(s, *a.args) if len(a.args) == 2 else "that hex"
    return IllegalAction("not-legal", "engine.legal", f"No ring may go on {where} now.")


def explain_done(s, a: Action) -> IllegalAction:
    if s.phase == PLACE:
        return IllegalAction("no-wedding", "gonzaga.wedding.one-or-two",
                             "Ending a wedding stops it after its first ring; no wedding is under way. "
                             f"Now {s.awaiting()}.")
    return _round.not_now(s, a)
