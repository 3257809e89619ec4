"""A garden as a networkx grid graph: its groups, and every placement of a card with what it does.

The rules find placements and groups with bit masks and flood fill (``_place``, ``_score``); this
module answers the same questions from a graph built with networkx, so it serves the board and
the notebook, and the tests hold the two to each other.

- :func:`garden_graph`: one node per covered square ``(row, col)`` with its top section
  (``motif``: a motif id or "blank"), the card on top (``card``), whether a temple stands there
  (``temple``) and whether it belongs to the card just placed (``new``); an edge between
  orthogonal neighbours, ``same=True`` when both show the same motif
  (hanging_gardens.group.orthogonal);
- :func:`groups`: the connected components of equal motifs, with their temples and cards;
- :func:`placements`: every legal placement of a card (position x turn) with the groups it would
  create, enlarge and split, the groups it would make scorable and the tile columns each opens.

networkx is imported inside the functions, so ``import explorer.hanging_gardens`` stays light.

>>> from explorer.hanging_gardens import new_game
>>> s = new_game(players=2, seed=3)
>>> s = s.apply(s.legal_actions()[0])            # take a card
>>> g = garden_graph(s, s.current_player)
>>> g.number_of_nodes(), g.number_of_edges()     # the start card: 2 x 3 squares
(6, 7)
>>> ps = placements(s)
>>> sorted((p.row, p.col, p.turn) for p in ps) == [tuple(a.args) for a in s.legal_actions()]
True
"""

from __future__ import annotations

from typing import NamedTuple

from .._errors import OptionError, shorten
from ._grid import BLANK, LIMIT, W, rc

__all__ = ["garden_graph", "groups", "Group", "placements", "Placement", "Scorable",
           "scorable_groups"]


class Group(NamedTuple):
    """A group of equal motifs in a garden."""

    motif: str
    squares: frozenset            # of (row, col)
    temples: tuple                # the squares of the group holding a temple, sorted
    cards: frozenset              # ids of the cards showing the group's sections

    @property
    def size(self) -> int:
        return len(self.squares)


class Scorable(NamedTuple):
    """A group a placement would make scorable, and the tile columns its size opens."""

    group: Group
    columns: tuple[int, ...]
    bonus: bool                   # big enough for the hidden tile (hanging_gardens.tile.bonus-hidden)


class Placement(NamedTuple):
    """A legal placement of a card and what it does to the garden."""

    row: int
    col: int
    turn: int
    squares: tuple                # the six squares the card covers, (row, col)
    covers: tuple                 # the squares it covers that were part of the garden
    creates: tuple[Group, ...]    # new groups of 2 or more holding no square of an earlier group
    enlarges: tuple[Group, ...]   # groups that grow an earlier group of the motif, or join several
    splits: tuple[Group, ...]     # earlier groups that lose sections or fall apart
    scorable: tuple[Scorable, ...]

    @property
    def action(self):
        from ._actions import place
        return place(self.row, self.col, self.turn)

    @property
    def columns(self) -> tuple[int, ...]:
        """The tile columns the best group this placement makes scorable opens."""
        return max((s.columns for s in self.scorable), key=len, default=())


def _nx():
    import networkx as nx
    return nx


def _player(state, player):
    if player is None:
        player = state.mover
        if player < 0:
            raise OptionError("no player is to move now; name the player")
    return state.check_player(player)


def _squares(garden) -> dict:
    """(row, col) -> grid code of every covered square."""
    grid = garden.grid
    out = {}
    m = garden.occ
    while m:
        low = m & -m
        i = low.bit_length() - 1
        out[rc(i)] = grid[i]
        m ^= low
    return out


def _top_cards(state, garden) -> dict:
    """(row, col) -> the id of the card whose section lies on top there."""
    book = state.book
    top = {}
    for card, anchor, turn in garden.placed:
        for off in book.orient[card][turn].cells:
            top[rc(anchor + off)] = book.card_ids[card]
    return top


def _graph(book, codes: dict, top: dict, temples: set, new: set):
    nx = _nx()
    g = nx.Graph()
    for sq, code in codes.items():
        g.add_node(sq, code=code, motif="blank" if code == BLANK else book.motifs[code - 2],
                   card=top.get(sq), temple=sq in temples, new=sq in new)
    for (r, c), code in codes.items():
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in codes:
                g.add_edge((r, c), nb, same=code > BLANK and codes[nb] == code)
    return g


def garden_graph(state, player: int | None = None):
    """``player``'s garden as a networkx graph (see the module docstring); default: the player
    to move."""
    p = _player(state, player)
    garden = state.gardens[p]
    new = set()
    if state.phase == "score" and state.mover == p:
        new = {rc(i) for i in state.pending[1]}
    return _graph(state.book, _squares(garden), _top_cards(state, garden),
                  {rc(t) for t in garden.temples}, new)


def _groups_of(g) -> list[Group]:
    nx = _nx()
    same = nx.Graph()
    same.add_nodes_from(n for n, d in g.nodes(data=True) if d["code"] > BLANK)
    same.add_edges_from((a, b) for a, b, d in g.edges(data=True) if d["same"])
    out = []
    for comp in nx.connected_components(same):
        some = next(iter(comp))
        out.append(Group(g.nodes[some]["motif"], frozenset(comp),
                         tuple(sorted(n for n in comp if g.nodes[n]["temple"])),
                         frozenset(g.nodes[n]["card"] for n in comp)))
    out.sort(key=lambda grp: min(grp.squares))
    return out


def groups(state, player: int | None = None) -> list[Group]:
    """The groups of ``player``'s garden: connected components of equal motifs (networkx),
    sorted by their first square."""
    return _groups_of(garden_graph(state, player))


def scorable_groups(state, player: int | None = None) -> list[Group]:
    """hanging_gardens.assume.group-eligible, hanging_gardens.assume.no-old-group, from the graph:
    in the score phase, the groups of at least 3 with a section on the new card and no temple
    that the card created (not the same squares as a group the garden held before it)."""
    p = _player(state, player)
    if state.phase != "score" or state.mover != p:
        return []
    g = garden_graph(state, p)
    least = state.book.c["min_group"]
    offered = {frozenset(map(rc, grp)) for _, grp in state.pending[2]}
    return [grp for grp in _groups_of(g)
            if grp.size >= least and not grp.temples and any(g.nodes[n]["new"] for n in grp.squares)
            and grp.squares in offered]


def _card_of(state, card):
    book = state.book
    if card is None:
        if state.phase not in ("place", "discard"):
            raise OptionError("placements: no card is taken now; name the card (its id or index)")
        return state.pending[0]
    if isinstance(card, str) and card in book.card_index:
        return book.card_index[card]
    if type(card) is int and 0 <= card < len(book.card_ids):
        return card
    raise OptionError(f"placements: {shorten(card, 40)} is not a card; cards are named by id "
                      f"({book.card_ids[0]} ...) or index")


def placements(state, card=None, player: int | None = None) -> list[Placement]:
    """Every legal placement of ``card`` (default: the card taken) in ``player``'s garden
    (default: the player to move), worked out on the garden graph with networkx, sorted by
    (row, col, turn); each with the groups it creates, enlarges and splits and the groups it
    makes scorable, with the tile columns they open.

    Legality, from the graph alone: every motif section on a node (hanging_gardens.place.motif-on-section),
    no section on a temple (hanging_gardens.place.temple-not-covered), a turn the ``rotation``
    option allows (hanging_gardens.assume.card-orientation).
    """
    from ._setup import allowed_turns
    p = _player(state, player)
    c = _card_of(state, card)
    book = state.book
    before = garden_graph(state, p)
    old_groups = _groups_of(before)
    codes = {n: d["code"] for n, d in before.nodes(data=True)}
    top = {n: d["card"] for n, d in before.nodes(data=True)}
    temples = {n for n, d in before.nodes(data=True) if d["temple"]}
    least = book.c["min_group"]
    out = []
    for turn in allowed_turns(state.info):
        o = book.orient[c][turn]
        cells = [divmod(off, W) for off in o.cells]
        motif_cells = [divmod(off, W) for off in o.motifs]
        anchors = {(r - dr, cc - dc) for (r, cc) in before.nodes for dr, dc in motif_cells[:1]}
        for ar, ac in sorted(anchors):
            if not all((ar + dr, ac + dc) in before for dr, dc in motif_cells):
                continue
            squares = tuple((ar + dr, ac + dc) for dr, dc in cells)
            if any(sq in temples for sq in squares):
                continue
            if not all(-LIMIT <= r <= LIMIT and -LIMIT <= cc <= LIMIT for r, cc in squares):
                continue
            new_codes = dict(codes)
            new_top = dict(top)
            for sq, code in zip(squares, o.codes):
                new_codes[sq] = code
                new_top[sq] = book.card_ids[c]
            after = _graph(book, new_codes, new_top, temples, set(squares))
            new_groups = _groups_of(after)
            out.append(_effects(ar, ac, turn, squares, codes, old_groups, new_groups, after,
                                book, least))
    out.sort(key=lambda pl: (pl.row, pl.col, pl.turn))
    return out


def _effects(row, col, turn, squares, codes, old_groups, new_groups, after, book, least):
    covered = tuple(sq for sq in squares if sq in codes)
    sq_set = set(squares)
    creates, enlarges, scorable = [], [], []
    for grp in new_groups:
        if not grp.squares & sq_set:
            continue
        earlier = [old for old in old_groups if old.motif == grp.motif and old.squares & grp.squares]
        if not earlier:
            if grp.size >= 2:
                creates.append(grp)
        elif len(earlier) > 1 or grp.size > earlier[0].size:
            enlarges.append(grp)
        same = any(old.motif == grp.motif and old.squares == grp.squares for old in earlier)
        if grp.size >= least and not grp.temples and not same:   # hanging_gardens.assume.no-old-group
            scorable.append(Scorable(grp, book.columns_open(grp.size),
                                     grp.size >= book.c["bonus_group"]))
    splits = []
    for old in old_groups:
        if old.size < 2:                      # a lone motif is no group to split (as in creates)
            continue
        kept = {sq for sq in old.squares if after.nodes[sq]["motif"] == old.motif}
        parts = [grp for grp in new_groups if grp.motif == old.motif and grp.squares & kept]
        if len(kept) < old.size or len(parts) > 1:
            splits.append(old)
    return Placement(row, col, turn, squares, covered, tuple(creates), tuple(enlarges),
                     tuple(splits), tuple(scorable))




from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
