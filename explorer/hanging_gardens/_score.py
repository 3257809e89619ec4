"""Grupos, templos y losetas: scoring a group with a temple and taking point tiles.

After adding a card a player may score one group (hanging_gardens.temple.one-group-per-turn): a
group of at least 3 equal motifs (hanging_gardens.group.min-size, .orthogonal) with a section on
the card just placed (hanging_gardens.temple.new-card-section, .no-old-group) and no temple
(hanging_gardens.temple.one-per-group, hanging_gardens.assume.merged-temples); which groups
qualify is hanging_gardens.assume.group-eligible. Scoring is optional
(hanging_gardens.temple.optional, hanging_gardens.assume.scoring-optional). The temple goes on
any section of the group (hanging_gardens.assume.temple-any-section); with all five temples
placed one of them moves instead, from a smallest temple-holding group
(hanging_gardens.temple.move, .move-smallest, hanging_gardens.assume.move-scores, .move-smallest).

A temple always takes a tile (hanging_gardens.temple.must-take-tile): a group of 6 or more may
first take a hidden tile from the stacks (hanging_gardens.tile.bonus-hidden, .bonus-first,
hanging_gardens.assume.bonus-optional), then a face-up tile from the columns its size opens
(hanging_gardens.tile.group-of-three, -four, -five), whose space is refilled from the stacks
(hanging_gardens.tile.refill, hanging_gardens.assume.bonus-no-refill, .refill-stack). A tile
owed when none is left scores 5 at the end (hanging_gardens.end.missed-tile,
hanging_gardens.assume.missed-tile).
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .._action import Action
from .._errors import IllegalAction, NotYourTurn, UnknownAction, shorten
from . import _round
from ._actions import (BONUS, BONUS_DRAW, DEAL, DECLINE_A, DISCARD, HIDDEN_A, MOVE, MOVE_AT,
                       PLACE, REFILL, SCORE, TAKE, TEMPLE_AT, TILE)
from ._grid import BLANK, EMPTY, W, group_at, idx, on_grid, rc, square_name, squares_text

__all__ = ["eligible_groups", "offer_scoring", "place_temple", "move_temple", "ask_hidden",
           "decline", "take_tile", "refill", "take_hidden_tile", "take_from_stacks",
           "draw_outcomes", "draw_index", "tile_drawn", "smallest_temples", "LEGAL"]


# ---- rule queries ----------------------------------------------------------------------------
def eligible_groups(book, garden, cells, before: bytes | None = None
                    ) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """hanging_gardens.assume.group-eligible: the groups that may be scored after a card covering
    ``cells`` was added: at least ``min_group`` equal motifs, a section among ``cells``, no temple,
    and (hanging_gardens.assume.no-old-group) not a group the garden already held, square for
    square, before the card (``before``: the garden's grid then). Each as (grid code, its squares
    sorted)."""
    grid, temples = garden.grid, garden.temples
    least = book.c["min_group"]
    seen: set[int] = set()
    out = []
    for i in cells:
        code = grid[i]
        if code > BLANK and i not in seen:
            if (grid[i - 1] != code and grid[i + 1] != code and grid[i - W] != code
                    and grid[i + W] != code):
                continue                                   # alone: a group of one
            grp = group_at(grid, i)
            seen.update(grp)
            if len(grp) >= least and not any(t in grp for t in temples) and not (
                    before is not None and existed_before(before, code, grp)):
                out.append((grid[i], tuple(grp)))
    if len(out) > 1:
        out.sort(key=_first_square)
    return tuple(out)


def _first_square(group: tuple[int, tuple[int, ...]]) -> int:
    return group[1][0]


def existed_before(before: bytes, code: int, grp) -> bool:
    """hanging_gardens.assume.no-old-group: whether the garden held exactly this group (the same
    motif on the same squares, no more) before the card was added: the card only re-laid the
    motif on sections it already showed, so the group was created earlier."""
    if any(before[i] != code for i in grp):
        return False
    return len(group_at(before, grp[0])) == len(grp)


def temple_groups(garden) -> list[tuple[int, tuple[int, ...]]]:
    """Each of the player's temples with the size of the group it stands in (as the garden is now)."""
    return [(t, len(group_at(garden.grid, t))) for t in garden.temples]


def smallest_temples(garden) -> tuple[int, ...]:
    """hanging_gardens.temple.move-smallest, hanging_gardens.assume.move-smallest: the temples
    standing in one of the smallest temple-holding groups (any of them may move)."""
    sizes = temple_groups(garden)
    least = min(n for _, n in sizes)
    return tuple(sorted(t for t, n in sizes if n == least))


def stacks_left(s) -> int:
    return s.heights[0] + s.heights[1]


def open_spaces(s, size: int) -> list[int]:
    """hanging_gardens.tile.group-of-three/-four/-five: face-up spaces holding a tile that a
    group of ``size`` may take."""
    return [sp for sp in s.book.spaces_open(size) if s.faceup[sp] >= 0]


# ---- effects ---------------------------------------------------------------------------------
def offer_scoring(d, card: int, cells: tuple[int, ...], before: bytes | None = None) -> None:
    """After a card is added: the player may score one eligible group, or the turn ends
    (``before``: the garden's grid before the card)."""
    groups = eligible_groups(d.book, d.gardens[d.mover], cells, before)
    if groups:
        d.phase, d.pending = SCORE, (card, cells, groups)
    else:
        _round.end_turn(d)


def _group_of(pending, i: int) -> tuple[int, tuple[int, ...]]:
    for g in pending[2]:
        if i in g[1]:
            return g
    raise AssertionError("a legal temple lies in an eligible group")


def _set_temples(d, p: int, temples: tuple[int, ...]) -> None:
    g = d.gardens[p]
    d.gardens = d.gardens[:p] + (g._replace(temples=temples),) + d.gardens[p + 1:]


def place_temple(d, a: Action) -> None:
    """hanging_gardens.temple.on-group: a temple on a section of the group scores it; with every
    temple placed, one moves instead (hanging_gardens.temple.move)."""
    i = idx(*a.args)
    size = len(_group_of(d.pending, i)[1])
    p = d.mover
    g = d.gardens[p]
    if len(g.temples) < d.book.c["temples_per_player"]:
        _set_temples(d, p, tuple(sorted(g.temples + (i,))))
        tiles_for(d, size)
    else:
        d.phase, d.pending = MOVE, (i, size, smallest_temples(g))


def move_temple(d, a: Action) -> None:
    """hanging_gardens.temple.move, hanging_gardens.assume.move-scores: the chosen temple leaves
    its group for the group being scored, which then takes its tiles."""
    src = idx(*a.args)
    dest, size, _ = d.pending
    p = d.mover
    temples = tuple(sorted([t for t in d.gardens[p].temples if t != src] + [dest]))
    _set_temples(d, p, temples)
    tiles_for(d, size)


def tiles_for(d, size: int) -> None:
    """hanging_gardens.temple.must-take-tile: the tiles a scored group of ``size`` earns: first
    the hidden bonus of a group of 6 or more (hanging_gardens.tile.bonus-first), then a face-up one."""
    if size >= d.book.c["bonus_group"]:
        if stacks_left(d):
            d.phase, d.pending = BONUS, (size,)
            return
        _miss(d)                    # hanging_gardens.assume.missed-tile, .missed-bonus: not asked
    face_up_step(d, size)


def face_up_step(d, size: int) -> None:
    """A face-up tile from the open columns, or a missed tile when they are empty."""
    if open_spaces(d, size):
        d.phase, d.pending = TILE, (size,)
    else:
        _miss(d)
        _round.end_turn(d)


def _miss(d) -> None:
    """hanging_gardens.end.missed-tile: a tile owed but not left counts 5 points at the end."""
    p = d.mover
    d.missed = d.missed[:p] + (d.missed[p] + 1,) + d.missed[p + 1:]


def ask_hidden(d, a: Action) -> None:
    """hanging_gardens.tile.bonus-hidden: the player draws a tile from a stack, unseen by others."""
    d.secrets += (d.mover,)
    d.phase = BONUS_DRAW


def decline(d, a: Action) -> None:
    """hanging_gardens.assume.scoring-optional: no group scored, the turn ends;
    hanging_gardens.assume.bonus-optional: no hidden tile, on to the face-up tile."""
    if d.phase == SCORE:
        _round.end_turn(d)
    else:
        face_up_step(d, d.pending[0])


def _gain(d, p: int, kind: int, hidden: bool) -> None:
    t = list(d.tiles[p])
    t[kind] += 1
    d.tiles = d.tiles[:p] + (tuple(t),) + d.tiles[p + 1:]
    if hidden:
        h = list(d.hidden[p])
        h[kind] += 1
        d.hidden = d.hidden[:p] + (tuple(h),) + d.hidden[p + 1:]


def take_hidden_tile(d, a: Action) -> None:
    """hanging_gardens.tile.bonus-hidden: the drawn tile goes face down to the player; no space
    to refill (hanging_gardens.assume.bonus-no-refill); then the face-up tile."""
    kind = d.book.tile_index[a.args[0]]
    take_from_stacks(d, kind)
    _gain(d, d.mover, kind, True)
    face_up_step(d, d.pending[0])


def take_tile(d, a: Action) -> None:
    """hanging_gardens.tile.face-down: the face-up tile goes face down to the player; its space
    is refilled from the stacks (hanging_gardens.tile.refill)."""
    space = d.book.space_of(*a.args)
    kind = d.faceup[space]
    d.faceup = d.faceup[:space] + (-1,) + d.faceup[space + 1:]
    _gain(d, d.mover, kind, False)
    if stacks_left(d):
        d.phase, d.pending = REFILL, (space,)
    else:
        _round.end_turn(d)


def refill(d, a: Action) -> None:
    """hanging_gardens.tile.refill: the drawn tile fills the empty space; the turn ends."""
    kind = d.book.tile_index[a.args[0]]
    take_from_stacks(d, kind)
    space = d.pending[0]
    d.faceup = d.faceup[:space] + (kind,) + d.faceup[space + 1:]
    _round.end_turn(d)


def take_from_stacks(d, kind: int) -> None:
    """hanging_gardens.assume.refill-stack: a tile leaves the taller stack (the first on a tie)."""
    pool = list(d.pool)
    pool[kind] -= 1
    d.pool = tuple(pool)
    h1, h2 = d.heights
    d.heights = (h1 - 1, h2) if h1 >= h2 else (h1, h2 - 1)


# ---- chance ----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _draws(book) -> tuple[tuple[int, Action], ...]:
    """(kind, draw action) for every tile kind, in the order of the actions."""
    return tuple(sorted(((k, Action("draw", t)) for k, t in enumerate(book.tiles)),
                        key=lambda ka: ka[1]._key()))


def draw_outcomes(s) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """hanging_gardens.assume.refill-stack: a tile drawn from the stacks is of each kind in
    proportion to how many of that kind are left in them (outcomes and their weights)."""
    pool = s.pool
    kinds = [(a, pool[k]) for k, a in _draws(s.book) if pool[k]]
    return tuple(a for a, _ in kinds), tuple(n for _, n in kinds)


@lru_cache(maxsize=64)
def draw_index(book) -> dict[Action, int]:
    """Each draw action's tile kind."""
    return {a: k for k, a in _draws(book)}


def tile_drawn(s, x: float) -> Action:
    """One tile of the stacks, each tile equally likely (``x``: a number drawn uniformly from
    [0, 1))."""
    pool = s.pool
    ticket = floor(x * sum(pool))
    for k, a in _draws(s.book):
        ticket -= pool[k]
        if ticket < 0:
            return a
    raise AssertionError("the stacks hold a tile when one is drawn")


def legal_draws(s) -> list[Action]:
    return list(draw_outcomes(s)[0])


# ---- legal actions ---------------------------------------------------------------------------
def legal_score(s) -> list[Action]:
    squares = sorted(i for _, grp in s.pending[2] for i in grp)
    return [DECLINE_A, *map(TEMPLE_AT.__getitem__, squares)]


def legal_move(s) -> list[Action]:
    return list(map(MOVE_AT.__getitem__, s.pending[2]))


def legal_bonus(s) -> list[Action]:
    return [DECLINE_A, HIDDEN_A]


def legal_tile(s) -> list[Action]:
    book = s.book
    spaces = sorted(open_spaces(s, s.pending[0]), key=lambda sp: (book.space_column[sp], book.space_row[sp]))
    return [_tile_action(book.space_column[sp], book.space_row[sp]) for sp in spaces]


@lru_cache(maxsize=None)
def _tile_action(column: int, row: int) -> Action:
    return Action("tile", column, row)


LEGAL = {SCORE: legal_score, MOVE: legal_move, BONUS: legal_bonus, TILE: legal_tile}


# ---- refusals --------------------------------------------------------------------------------
def _scored_this_turn(s) -> IllegalAction:
    return IllegalAction("one-group-per-turn", "hanging_gardens.temple.one-group-per-turn",
                         f"You have already chosen the group to score this turn, and a player "
                         f"scores only one group per turn: {s.awaiting()}.")


def _before_scoring(s, a: Action) -> IllegalAction:
    return IllegalAction("not-scoring", "hanging_gardens.temple.new-card-section",
                         f"Temples and point tiles come after a card is added, for a group that "
                         f"includes a section of that card: {s.awaiting()}.")


def explain_temple(s, a: Action) -> IllegalAction:
    if s.phase in (MOVE, BONUS, BONUS_DRAW, TILE, REFILL):
        return _scored_this_turn(s)
    if s.phase != SCORE:
        return _before_scoring(s, a)
    row, col = a.args
    name = square_name(row, col)
    g = s.gardens[s.mover]
    code = g.grid[idx(row, col)] if on_grid(row, col) else EMPTY
    if code == EMPTY:
        return IllegalAction("no-section", "hanging_gardens.temple.on-group",
                             f"No card lies on {name} of your garden: a temple goes on a motif of "
                             "the group it scores.")
    if code == BLANK:
        return IllegalAction("blank-section", "hanging_gardens.temple.on-group",
                             f"{name.capitalize()} shows blank building ground: a temple goes on a "
                             "motif of the group it scores.")
    book = s.book
    grp = group_at(g.grid, idx(row, col))
    what = f"the group of {len(grp)} {book.motif_name(code)} section{'s' if len(grp) != 1 else ''} on {name}"
    least = book.c["min_group"]
    if len(grp) < least:
        return IllegalAction("group-too-small", "hanging_gardens.group.min-size",
                             f"{what.capitalize()} is too small: only a group of at least {least} "
                             "equal motifs can be scored.")
    held = [t for t in g.temples if t in grp]
    if held:
        at = squares_text(rc(t) for t in held)
        return IllegalAction("group-has-temple",
                             "hanging_gardens.temple.one-per-group" if len(held) == 1
                             else "hanging_gardens.assume.merged-temples",
                             f"{what.capitalize()} already holds "
                             f"{'a temple' if len(held) == 1 else f'{len(held)} temples'} (on {at}): "
                             "a group takes only one temple.")
    if any(i in grp for i in s.pending[1]):
        return IllegalAction("old-group", "hanging_gardens.temple.no-old-group",
                             f"{what.capitalize()} is the same group as before your card: the card "
                             "only laid the same motif again on squares the group already had, so "
                             "the group was created earlier and cannot be chosen now. It can be "
                             "scored on a turn whose card makes it larger.")
    return IllegalAction("not-on-new-card", "hanging_gardens.temple.new-card-section",
                         f"{what.capitalize()} has no section on the card you just placed: only a "
                         "group that includes a section of the new card can be scored, not one "
                         "made earlier.")


def explain_move(s, a: Action) -> IllegalAction:
    g = s.gardens[s.mover] if s.mover >= 0 else None
    if s.phase == SCORE:
        left = s.temples_left(s.mover)
        if left:
            return IllegalAction("temples-left", "hanging_gardens.temple.move",
                                 f"You still have {left} temple{'s' if left != 1 else ''} to place: "
                                 "a temple is moved only once all five are placed. Score a group "
                                 "with temple(row, col).")
        return IllegalAction("choose-group-first", "hanging_gardens.assume.move-scores",
                             "First choose the group to score: temple(row, col) on one of its "
                             "sections; then choose which of your temples moves there.")
    if s.phase != MOVE:
        return IllegalAction("not-moving", "hanging_gardens.temple.move",
                             f"A temple is moved only when a player with all five temples placed "
                             f"scores a group: {s.awaiting()}.")
    row, col = a.args
    i = idx(row, col) if on_grid(row, col) else -1
    name = square_name(row, col)
    if i not in g.temples:
        return IllegalAction("no-temple-there", "hanging_gardens.temple.move",
                             f"None of your temples stands on {name}.")
    sizes = dict(temple_groups(g))
    least = min(sizes.values())
    allowed = s.pending[2]
    smallest = squares_text(rc(t) for t in allowed)
    which = (f"the temple on {smallest}" if len(allowed) == 1
             else f"one of the temples on {smallest}")
    return IllegalAction("not-smallest", "hanging_gardens.temple.move-smallest",
                         f"The temple on {name} stands in a group of {sizes[i]}; the temple that "
                         f"moves must come from a smallest group holding one ({least} "
                         f"section{'s' if least != 1 else ''}: {which}).")


def explain_hidden(s, a: Action) -> IllegalAction:
    book = s.book
    if s.phase == TILE:
        size = s.pending[0]
        if size >= book.c["bonus_group"]:
            return IllegalAction("bonus-first", "hanging_gardens.tile.bonus-first",
                                 "The hidden tile comes before the face-up tile, and that choice "
                                 "is made: now take a face-up tile.")
        return IllegalAction("no-bonus", "hanging_gardens.tile.bonus-hidden",
                             f"Only a group of {book.c['bonus_group']} or more earns a hidden tile "
                             f"from the stacks; this group has {size} sections.")
    if s.phase in (SCORE, MOVE):
        return IllegalAction("score-first", "hanging_gardens.assume.bonus-optional",
                             f"The hidden tile comes with scoring a group of "
                             f"{book.c['bonus_group']} or more, which is chosen first: "
                             f"{s.awaiting()}.")
    return IllegalAction("no-bonus", "hanging_gardens.tile.bonus-hidden",
                         f"No hidden tile is on offer now: {s.awaiting()}.")


def explain_decline(s, a: Action) -> IllegalAction:
    ph = s.phase
    if ph == TILE:
        return IllegalAction("must-take-tile", "hanging_gardens.temple.must-take-tile",
                             "You placed a temple, so you must take a point tile: choose one of "
                             "the face-up tiles offered.")
    if ph == MOVE:
        return IllegalAction("must-move", "hanging_gardens.assume.move-scores",
                             "You chose a group to score with all five temples placed: choose "
                             "which temple moves there.")
    if ph == TAKE:
        return IllegalAction("must-take", "hanging_gardens.round.must-take",
                             "On your turn you must take one of the face-up building cards.")
    if ph == PLACE:
        return IllegalAction("must-place", "hanging_gardens.round.place-now",
                             "The card you took goes into your garden now: choose where to place it.")
    if ph == DISCARD:
        return IllegalAction("must-discard", "hanging_gardens.place.unplaceable-discard",
                             "The card you took fits nowhere in your garden: it must be discarded.")
    return IllegalAction("not-now", "hanging_gardens.assume.scoring-optional",
                         f"Nothing is on offer to decline now: {s.awaiting()}.")


def explain_tile(s, a: Action) -> IllegalAction:
    book = s.book
    column, row = a.args
    space = book.space_of(column, row)
    if space < 0:
        return UnknownAction("no-such-tile-space", "hanging_gardens.setup.face-up-tiles",
                             f"The face-up tiles lie in columns 1 to {max(book.space_column)}, "
                             f"rows 1 (upper) and 2 (lower); column {shorten(column, 20)}, row "
                             f"{shorten(row, 20)} is not one of them.")
    if s.phase == BONUS:
        return IllegalAction("bonus-first", "hanging_gardens.tile.bonus-first",
                             f"A group of {book.c['bonus_group']} or more first takes (or declines) "
                             "the hidden tile from the stacks; the face-up tile comes after.")
    if s.phase == MOVE:
        return IllegalAction("move-first", "hanging_gardens.temple.move-smallest",
                             "First choose which of your temples moves to the group scored.")
    if s.phase != TILE:
        return IllegalAction("not-scoring", "hanging_gardens.temple.must-take-tile",
                             f"A point tile is taken when a group is scored with a temple: "
                             f"{s.awaiting()}.")
    size = s.pending[0]
    name = book.space_name(space)
    if space not in book.spaces_open(size):
        cols = book.columns_open(size)
        rule = {1: "hanging_gardens.tile.group-of-three", 2: "hanging_gardens.tile.group-of-four"}
        shown = " and ".join(map(str, cols))
        return IllegalAction("column-closed", rule.get(len(cols), "hanging_gardens.tile.group-of-five"),
                             f"A group of {size} takes a tile from column{'s' if len(cols) > 1 else ''} "
                             f"{shown} only; {name} is out of its reach.")
    return IllegalAction("no-tile-there", "hanging_gardens.tile.refill",
                         f"There is no tile on {name}: the stacks ran out, so its space was not "
                         "refilled.")


def explain_draw(s, a: Action) -> IllegalAction:
    book = s.book
    if s.phase not in (DEAL, BONUS_DRAW, REFILL):
        return NotYourTurn("not-chance", "engine.chance",
                           f"No point tile is being drawn from the stacks now: {s.awaiting()}.")
    if a.args[0] not in book.tile_index:
        return UnknownAction("no-such-tile", "hanging_gardens.tiles.composition",
                             f"{shorten(a.args[0], 40)} is not a kind of point tile; the kinds are "
                             f"{', '.join(book.tiles)}.")
    return IllegalAction("none-left", "hanging_gardens.assume.refill-stack",
                         f"No {book.tile_name(book.tile_index[a.args[0]])} tile is left in the stacks.")
