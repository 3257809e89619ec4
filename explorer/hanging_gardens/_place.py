"""Colocar una carta: adding the taken card to the garden, or discarding it when it fits nowhere.

hanging_gardens.place.grid: a card lies on the grid, each of its six sections on one square.
hanging_gardens.place.motif-on-section (hanging_gardens.place.first-card for the first card):
each motif section lies on a square the garden already covers. hanging_gardens.place.blank-anywhere:
blank sections may lie anywhere. hanging_gardens.place.temple-not-covered: no section covers a
temple. hanging_gardens.place.cover-replaces: the new card's sections become the top sections.
hanging_gardens.assume.card-orientation: the turns the ``rotation`` option allows.
hanging_gardens.place.unplaceable-discard, .none-placeable, hanging_gardens.assume.take-unplaceable:
a taken card that fits nowhere goes back in the box and the turn ends.

The legal anchors of one turn of a card are found with a handful of shifts and ANDs over the
garden's bit mask: ``occ >> m`` has a bit on every anchor that puts a section at offset ``m`` on a
covered square, so the AND over the card's motif offsets marks the anchors where every motif lies
on the garden; the anchors that would cover a temple are cleared the same way.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor
from typing import NamedTuple

from .._action import Action
from .._errors import IllegalAction, UnknownAction, shorten
from . import _round, _score
from ._actions import BONUS, DISCARD, DISCARD_A, MOVE, PLACE, PLACE_BY_KEY, SCORE, TAKE, TILE
from ._grid import (INNER, LIMIT, ORIGIN, RECT, TURN_NAMES, W, bits, idx, on_grid, rc, square_name,
                    squares_text)
from ._setup import allowed_turns

__all__ = ["Anchors", "anchor_masks", "placement_keys", "place_card", "discard_card", "LEGAL",
           "footprint"]


class Anchors(NamedTuple):
    """The legal anchors of a card, per turn: bit ``j`` of ``masks[t]`` stands for placing the
    card turned ``t`` with its top-left on square index ``base + j``. (Counting from ``base``, a
    little below the garden's lowest square, keeps the masks as small as the garden.)"""

    base: int
    masks: tuple[int, int, int, int]

    def __bool__(self) -> bool:
        return any(self.masks)

    def count(self) -> int:
        return sum(m.bit_count() for m in self.masks)

    def has(self, anchor: int, turn: int) -> bool:
        j = anchor - self.base
        return j >= 0 and (self.masks[turn] >> j) & 1 == 1

    def __contains__(self, a: object) -> bool:
        """Whether ``a`` is one of these placements: ``a in anchors`` is ``a in
        legal_actions()`` in the place phase (same kinds, same strict types), without listing
        them."""
        if not isinstance(a, Action) or a.kind != "place":
            return False
        args = a.args
        if len(args) != 3:
            return False
        row, col, turn = args
        if type(row) is not int or type(col) is not int or type(turn) is not int:
            return False
        if not (-LIMIT <= row <= LIMIT and -LIMIT <= col <= LIMIT and 0 <= turn < 4):
            return False
        base, masks = self
        j = ORIGIN + row * W + col - base
        return j >= 0 and masks[turn] >> j & 1 == 1

    def keys(self) -> list[int]:
        """The legal placements as keys ``anchor * 4 + turn``, sorted (so the actions come
        out in the order of their (row, col, turn))."""
        keys = []
        add = keys.append
        base = self.base
        for t, m in enumerate(self.masks):
            if not m:
                continue
            low = (m & -m).bit_length() - 1         # shifted down to its lowest anchor, the
            m >>= low                               # mask is peeled from its highest bit
            first = (base + low) * 4 + t
            while m:
                top = m.bit_length() - 1
                add(first + (top << 2))
                m ^= 1 << top
        keys.sort()
        return keys


_REACH = 2 * W + 2
"""No less than any card's offset from its anchor to one of its sections."""
_FOOTPRINTS = tuple(sum(1 << (_REACH - o) for o in cells) for cells in RECT)
"""Per turn, the anchors (counted from ``-_REACH``) at which a card covers square 0."""


@lru_cache(maxsize=1 << 12)
def _blocked(temples: tuple[int, ...], base: int) -> tuple[int, ...]:
    """hanging_gardens.place.temple-not-covered: per turn, the anchors (counted from ``base``,
    at least ``_REACH`` below every temple) at which the card's footprint would cover one of
    these temples."""
    out = []
    for foot in _FOOTPRINTS:
        m = 0
        for t in temples:
            m |= foot << (t - base - _REACH)
        out.append(m)
    return tuple(out)


_SAFE_CARDS = 2 * LIMIT // 4
"""A garden of at most this many cards cannot reach the grid's edge (each card extends it by at
most two squares along each axis), so no anchor needs the INNER check."""


def anchor_masks(s, garden, card: int) -> Anchors:
    """The anchors where ``card`` may be placed in ``garden``, per turn (0-3); none for a turn
    the game's ``rotation`` option does not allow."""
    base = garden.low - 3 * W - 3                       # below every anchor that can be legal
    occ = garden.occ >> base
    orient = s.book.orient[card]
    blocked = _blocked(garden.temples, base) if garden.temples else None
    safe = len(garden.placed) <= _SAFE_CARDS
    out = [0, 0, 0, 0]
    for t in allowed_turns(s.info):
        m = -1                                  # every building card shows a motif
        for o in orient[t].motifs:
            m &= occ >> o
        if not safe:
            m &= INNER[t] >> base
        if blocked is not None and m:
            m &= ~blocked[t]
        out[t] = m
    return _tuple_new(Anchors, (base, tuple(out)))


def placement_keys(anchors: Anchors) -> list[int]:
    """The legal placements as sorted keys ``anchor * 4 + turn``."""
    return anchors.keys()


def footprint(card_orient, anchor: int) -> list[tuple[int, int]]:
    """(square index, grid code) of each section of a card turned ``card_orient`` at ``anchor``."""
    return [(anchor + o, c) for o, c in zip(card_orient.cells, card_orient.codes)]


# ---- effects ---------------------------------------------------------------------------------
def place_card(d, a: Action) -> None:
    """hanging_gardens.place.cover-replaces: the card's six sections become the garden's top
    sections (a covered motif is gone); then the player may score a group (``_score``)."""
    row, col, turn = a.args
    anchor = idx(row, col)
    card = d.pending[0]
    o = d.book.orient[card][turn]
    p = d.mover
    g = d.gardens[p]
    cells = tuple([anchor + off for off in o.cells])
    new = _tuple_new(type(g), (g.occ | o.mask << anchor, _written(g.grid, anchor, o), g.temples,
                               g.placed + ((card, anchor, turn),), min(g.low, anchor)))
    gardens = list(d.gardens)
    gardens[p] = new
    d.gardens = tuple(gardens)
    _score.offer_scoring(d, card, cells, g.grid)


_tuple_new = tuple.__new__


def _written(grid: bytes, anchor: int, o) -> bytes:
    """The grid with the card's sections written on it: its rows of sections spliced between
    views of the old grid, so the grid is copied once."""
    old = memoryview(grid)
    pieces = []
    at = 0
    width = o.cols
    for line in o.lines:
        pieces.append(old[at:anchor])
        pieces.append(line)
        at = anchor + width
        anchor += W
    pieces.append(old[at:])
    return b"".join(pieces)


def discard_card(d, a: Action) -> None:
    """hanging_gardens.place.unplaceable-discard: the card goes back in the box; the turn ends."""
    d.discards += (d.pending[0],)
    _round.end_turn(d)


def random_placement(d, pick) -> Action:
    """A legal placement, each equally likely, without listing them all: a turn weighted by its
    number of anchors, then one of its anchors."""
    base, masks = d.pending[1]
    counts = [m.bit_count() for m in masks]
    k = floor(pick() * sum(counts))
    for t, n in enumerate(counts):
        if k < n:
            return PLACE_BY_KEY[(bits(masks[t])[k] + base) * 4 + t]
        k -= n
    raise AssertionError("a card in the place phase has a legal placement")


# ---- legal actions and refusals ----------------------------------------------------------------
def legal_place(s) -> list[Action]:
    return list(map(PLACE_BY_KEY.__getitem__, s.pending[1].keys()))


def legal_discard(s) -> list[Action]:
    return [DISCARD_A]


LEGAL = {PLACE: legal_place, DISCARD: legal_discard}


def _turned(turn: int) -> str:
    return TURN_NAMES[turn] if 0 <= turn < 4 else f"turn {turn}"


def _not_now(s, a: Action) -> IllegalAction:
    if s.phase == TAKE:
        return IllegalAction("take-first", "hanging_gardens.round.must-take",
                             f"First take one of the face-up building cards: {s.awaiting()}.")
    if s.phase in (SCORE, MOVE, BONUS, TILE):
        return IllegalAction("already-placed", "hanging_gardens.round.place-now",
                             f"This turn's card is already in your garden: {s.awaiting()}.")
    return IllegalAction("not-now", "hanging_gardens.round.place-now",
                         f"No card is placed now: {s.awaiting()}.")


def explain_place(s, a: Action) -> IllegalAction:
    row, col, turn = a.args
    book = s.book
    if s.phase == DISCARD:
        return IllegalAction("cannot-place", "hanging_gardens.place.unplaceable-discard",
                             f"{book.card_text(s.pending[0]).capitalize()} fits nowhere in your "
                             "garden: in every position a motif would lie on the table or a "
                             "section would cover a temple. It must be discarded.")
    if s.phase != PLACE:
        return _not_now(s, a)
    if not 0 <= turn < 4:
        return UnknownAction("no-such-turn", "hanging_gardens.assume.card-orientation",
                             f"The turn counts quarter turns clockwise from the printed card: 0, 1, 2 "
                             f"or 3, not {shorten(turn, 40)}.")
    allowed = allowed_turns(s.info)
    if turn not in allowed:
        shown = " or ".join(_turned(t) for t in allowed)
        return IllegalAction("turn-not-allowed", "hanging_gardens.assume.card-orientation",
                             f"In this game a card is placed {shown} only (the rotation option), "
                             f"not {_turned(turn)}.")
    card = s.pending[0]
    o = book.orient[card][turn]
    where = (f"{book.card_text(card).capitalize()} {_turned(turn)} with its top-left on "
             f"{square_name(row, col)}")
    g = s.gardens[s.mover]
    if not on_grid(row, col):
        return IllegalAction("motif-on-table", "hanging_gardens.place.motif-on-section",
                             f"{where} would lie far from your garden, its motifs on the table: "
                             "motif sections must lie on sections of your garden.")
    anchor = idx(row, col)
    bare = [rc(anchor + m) for m in o.motifs if not g.occ >> (anchor + m) & 1]
    if bare:
        first = len(g.placed) == 1
        shown = squares_text(bare)
        what = "a motif on" if len(bare) == 1 else "motifs on"
        return IllegalAction(
            "motif-on-table",
            "hanging_gardens.place.first-card" if first else "hanging_gardens.place.motif-on-section",
            f"{where} would put {what} {shown}, where no card lies: motif sections must lie "
            f"on {'your start card' if first else 'sections of your garden'} (blank ground may "
            "lie anywhere).")
    covered = [t for t in g.temples if t - anchor in o.cells]
    if covered:
        shown = squares_text(rc(t) for t in covered)
        return IllegalAction("covers-temple", "hanging_gardens.place.temple-not-covered",
                             f"{where} would cover your temple{'s' if len(covered) > 1 else ''} on "
                             f"{shown}: a temple can never be "
                             "covered by a card.")
    rows, cols = o.rows, o.cols
    if not (on_grid(row + rows - 1, col + cols - 1)):
        return IllegalAction("off-grid", "hanging_gardens.place.grid",
                             f"{where} would reach beyond row or column {LIMIT} of the garden's "
                             "grid, farther than any garden grows.")
    return IllegalAction("not-legal", "hanging_gardens.place.grid",
                         f"{where} is not among the placements the rules allow now.")


def explain_discard(s, a: Action) -> IllegalAction:
    if s.phase == PLACE:
        n = s.pending[1].count()
        return IllegalAction("card-fits", "hanging_gardens.assume.take-unplaceable",
                             f"{s.book.card_text(s.pending[0]).capitalize()} fits in your garden "
                             f"({n} position{'s' if n != 1 else ''}): a card that can be placed "
                             "must be placed; only a card that fits nowhere is discarded.")
    return _not_now(s, a)



def preview(s) -> dict:
    """What a board needs to let the taken card follow the mouse: the card's sections in each
    allowed turn (offsets from the top-left of its footprint, with what they show) and the
    anchors (row, col) where it may be placed in that turn. JSON-friendly; empty outside the
    place phase.

    >>> from explorer.hanging_gardens import new_game, take
    >>> s = new_game(players=2, seed=1).apply(take(1))
    >>> p = preview(s)
    >>> sorted(p["turns"]) == ["0", "1", "2", "3"] and len(p["turns"]["0"]["sections"]) == 6
    True
    >>> sum(len(t["anchors"]) for t in p["turns"].values()) == len(s.legal_actions())
    True
    """
    if s.phase != PLACE:
        return {}
    book = s.book
    card, anchors = s.pending
    turns = {}
    keys = anchors.keys()
    for t in allowed_turns(s.info):
        o = book.orient[card][t]
        sections = [[off // W, off % W, book.motif_name(code)] for off, code in zip(o.cells, o.codes)]
        turns[str(t)] = {"rows": o.rows, "cols": o.cols, "sections": sections,
                         "anchors": [list(rc(k >> 2)) for k in keys if k & 3 == t]}
    return {"card": book.card_ids[card], "player": s.mover, "turns": turns}
