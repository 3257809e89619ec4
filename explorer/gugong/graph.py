"""The travel map as a networkx graph, and route analysis with networkx's own algorithms.

:func:`travel_map` is a ``networkx.Graph`` of one board side: the cities (node attributes
``name``, ``x``, ``y``) and the roads. On a position, a move goes along roads from the
traveller's city through cities without a token to a city with one (gugong.travel.along-roads,
gugong.travel.jump, gugong.assume.travel-move), so where a traveller can go depends on the tokens
lying on the map now: one move's destinations are the token cities on the *node boundary* of the
traveller's *connected component* in the graph of token-free cities.

- :func:`reachable`: the cities a traveller can stand on after exactly ``moves`` moves (each move
  takes the token where it ends, which changes where the next one can go);
- :func:`routes`: every sequence of moves, with the token kinds collected;
- :func:`travel_value`: the expected tokens of each kind a 1- or 2-move Travel action collects
  (every choice of destination equally likely), and the best route under a valuation;
- :func:`centrality`: degree, betweenness and closeness centrality of every city;
- :func:`layout`: the cities' drawing coordinates (0 to 100, as printed on the side).

networkx is imported inside these functions: ``import explorer.gugong`` stays light.

>>> from explorer import gugong
>>> g = travel_map("2-3")
>>> s = gugong.new_game(players=3, seed=1)
>>> g.number_of_nodes() == len(s.cities), nx_is_connected(g)
(True, True)
>>> sorted(reachable(s, 0)) == sorted(s.book.city_ids)          # first placement: any token city
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .._errors import OptionError, shorten
from . import _args
from ._book import Book, load_data

__all__ = ["travel_map", "layout", "token_map", "reachable", "routes", "travel_value", "TravelValue",
           "centrality", "one_move", "token_values", "nx_is_connected"]


def _side(side: Any) -> str:
    if side not in ("2-3", "4-5"):
        raise OptionError(f"side is '2-3' or '4-5' (the board's two sides), not {shorten(side, 40)}")
    return side


def _book(side: str, data=None) -> Book:
    ds = _args.data(data)
    return Book.of(ds if ds is not None else load_data(), 2 if side == "2-3" else 4)


def travel_map(side: str = "2-3", data=None):
    """The travel map of a board side as a ``networkx.Graph`` (cities and roads)."""
    import networkx as nx
    book = _book(_side(side), data)
    g = nx.Graph(side=side)
    for c, cid in enumerate(book.city_ids):
        x, y = book.city_xy[c]
        g.add_node(cid, name=book.city_names[c], x=x, y=y, index=c)
    g.add_edges_from((book.city_ids[a], book.city_ids[b]) for a, b in book.roads)
    return g


def nx_is_connected(g) -> bool:
    import networkx as nx
    return len(_args.graph(g)) > 0 and nx.is_connected(g)


def layout(side: str = "2-3", data=None) -> dict[str, tuple[int, int]]:
    """Where each city is drawn: (x, y) from 0 to 100, y downwards."""
    book = _book(_side(side), data)
    return {cid: book.city_xy[c] for c, cid in enumerate(book.city_ids)}


def token_map(state):
    """The position's travel map: each city's ``token`` (kind id or None) and ``travellers``."""
    _args.state(state)
    g = travel_map(state.book.side, state.book.data)
    book = state.book
    for c, cid in enumerate(book.city_ids):
        k = state.cities[c]
        g.nodes[cid]["token"] = book.token_ids[k] if k >= 0 else None
        g.nodes[cid]["travellers"] = [p for p, seat in enumerate(state.seats) if seat.traveller == c]
    return g


def one_move(g, at: str | None, tokens: dict[str, Any]) -> set[str]:
    """The destinations of one move from city ``at`` (None: not yet on the map) when the cities in
    ``tokens`` hold a token: the token cities on the node boundary of ``at``'s connected component
    among the token-free cities."""
    import networkx as nx
    _args.graph(g)
    have = {c for c, k in _args.mapping(tokens, "tokens").items() if k is not None}
    if at is not None and (type(at) is not str or at not in g):
        raise OptionError(f"at is None (not yet on the map) or a city of the map, not {shorten(at, 40)}")
    if at is None:
        return set(have)
    free = g.subgraph([c for c in g if c not in have or c == at])
    component = nx.node_connected_component(free, at)
    return {c for c in nx.node_boundary(g, component) if c in have}


def _start(state, player):
    p = _args.state(state).check_player(player)
    c = state.seats[p].traveller
    return p, (state.book.city_ids[c] if c >= 0 else None)


def _moves(moves: Any) -> int:
    if type(moves) is not int or not 1 <= moves <= 6:
        raise OptionError(f"moves must be a whole number from 1 to 6, not {shorten(moves, 40)}")
    return moves


def routes(state, player: int, moves: int = 1) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every way ``player``'s traveller can make ``moves`` moves from where it stands: (cities
    in order, token kinds collected). A move that cannot be made ends the route early (the game
    offers the paid option only when both its moves can be made, gugong.assume.travel-two-moves)."""
    p, at = _start(state, player)
    moves = _moves(moves)
    g = token_map(state)
    tokens = {c: g.nodes[c]["token"] for c in g}
    out = []

    def walk(pos, toks, path, kinds, left):
        dest = sorted(one_move(g, pos, toks)) if left else []
        if not dest:
            if path:
                out.append((tuple(path), tuple(kinds)))
            return
        for c in dest:
            kind = toks[c]
            walk(c, {**toks, c: None}, path + [c], kinds + [kind], left - 1)

    walk(at, tokens, [], [], moves)
    return out


def reachable(state, player: int = 0, moves: int = 1) -> set[str]:
    """The cities ``player``'s traveller can stand on after exactly ``moves`` moves, given the
    tokens on the map now."""
    return {path[-1] for path, _ in routes(state, player, moves) if len(path) == _moves(moves)}


def token_values(book) -> dict[str, float]:
    """A simple worth of each token kind in VP, from its effects: 1 per VP, 0.6 per servant, 3 per
    jade, 2 per palace step, 0.3 per Intrigue step, 0.5 for anything else, plus the token's own
    worth in trades (0.5 per token of trade value)."""
    book = _args.book(book)
    out = {}
    for k, kid in enumerate(book.token_ids[:-1]):
        v = 0.5 * book.token_value[k]
        for e in book.token_effects[k]:
            if e[0] == "gain":
                v += {"vp": 1.0, "servants": 0.6, "jade": 3.0}[e[1]] * e[2]
            elif e[0] == "advance":
                v += (2.0 if e[1] == "palace" else 0.3) * e[2]
            else:
                v += 0.5
        out[kid] = v
    return out


class TravelValue(NamedTuple):
    routes: int                          # how many routes there are
    expected: dict                       # kind -> expected tokens collected (uniform choices)
    kinds: dict                          # kind -> how many routes collect at least one
    best_route: tuple                    # the route of most worth (cities)
    best_value: float                    # its worth


def travel_value(state, player: int = 0, moves: int = 1, values: dict | None = None) -> TravelValue:
    """What a Travel action of ``moves`` moves (1: basic, 2: paid) collects from here: the
    expected tokens of each kind when every destination is chosen with equal chance, how many
    routes collect each kind, and the best route under ``values`` (kind -> worth; default
    :func:`token_values`). Exact fractions for the expectations."""
    p, at = _start(state, player)
    moves = _moves(moves)
    g = token_map(state)
    worth = _args.numbers(values, "values") if values is not None else token_values(state.book)
    expected: dict[str, Fraction] = {}

    def walk(pos, toks, left, prob):
        dest = sorted(one_move(g, pos, toks)) if left else []
        for c in dest:
            kind = toks[c]
            q = prob / len(dest)
            expected[kind] = expected.get(kind, Fraction(0)) + q
            walk(c, {**toks, c: None}, left - 1, q)

    walk(at, {c: g.nodes[c]["token"] for c in g}, moves, Fraction(1))
    all_routes = routes(state, p, moves)
    kinds: dict[str, int] = {}
    best, best_v = (), 0.0
    for path, got in all_routes:
        for k in set(got):
            kinds[k] = kinds.get(k, 0) + 1
        v = sum(worth.get(k, 0.0) for k in got)
        if v > best_v or not best:
            best, best_v = path, v
    return TravelValue(len(all_routes), dict(sorted(expected.items())), dict(sorted(kinds.items())),
                       best, best_v)


def centrality(side: str = "2-3", data=None) -> dict[str, dict[str, float]]:
    """Per city: its degree, betweenness and closeness centrality (networkx's)."""
    import networkx as nx
    g = travel_map(side, data)
    bet = nx.betweenness_centrality(g)
    clo = nx.closeness_centrality(g)
    return {c: {"degree": g.degree(c), "betweenness": bet[c], "closeness": clo[c]} for c in g}
