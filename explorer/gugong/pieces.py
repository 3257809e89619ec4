"""The position as a board draws it: plain queries over a state (or a player's view).

A board needs more than the state's fields say directly; these pure functions give it in the
words of the rulebook::

    pile_heights(s)            the two face-down token piles' heights
    ships_beside(s, p)         ships beside player p's board (not on the canal)
    ships(s)                   every ship on the canal: (port id, owner, cubes, foreman on it)
    wall_counts(s)             servants each player has on the wall (a lying foreman counts 2)
    wall_spaces(s)             the wall from the left: (player, size) per piece, and free spaces
    intrigue_stack(s)          players from the lowest Intrigue marker to the highest
    arrival_spots(s)           per arrival spot (rank 1 first): its VP and who took it
    decree_board(s)            per decree in play: id, level, printed cost, text, holders
    decree_cost(s, p, decree)  what taking that decree costs player p now
    hand_size(s, p), discard_size(s, p)
    location_cards(s)          the card on each location: (location, card id, value, action)
    foreman_place(s, p)        where p's foreman is, in words

>>> from explorer import gugong
>>> s = gugong.new_game(players=4, seed=1)
>>> a, b = pile_heights(s)
>>> a == b and a + b == len(s.stock), ships_beside(s, 0), wall_spaces(s)[0]
(True, 3, ())
>>> len(arrival_spots(s)) >= 4 and all(spot["player"] is None for spot in arrival_spots(s))
True
"""

from __future__ import annotations

from .._errors import OptionError, shorten
from . import _args
from ._core import FOREMAN_PLACES, intrigue_order
from ._wall import counts, free

__all__ = ["pile_heights", "ships_beside", "ships", "wall_counts", "wall_spaces",
           "intrigue_stack", "arrival_spots", "decree_board", "decree_cost", "hand_size",
           "discard_size", "location_cards", "foreman_place"]


def pile_heights(s) -> tuple[int, int]:
    """gugong.setup.token-piles, gugong.assume.token-stock: the stock split in two piles."""
    _args.state(s, "s")
    n = len(s.stock)
    return ((n + 1) // 2, n // 2)


def ships_beside(s, p: int) -> int:
    _args.state(s, "s")
    from ._canal import beside
    return beside(s, s.check_player(p))


def ships(s) -> list[tuple[str, int, int, bool]]:
    _args.state(s, "s")
    book = s.book
    return [(book.port_ids[r][i], ship[0], ship[1], ship[2]) for r, route in enumerate(s.canal)
            for i, ship in enumerate(route) if ship is not None]


def wall_counts(s) -> dict[int, int]:
    _args.state(s, "s")
    return counts(s.wall)


def wall_spaces(s) -> tuple[tuple[tuple[int, int], ...], int]:
    _args.state(s, "s")
    return s.wall, free(s)


def intrigue_stack(s) -> list[int]:
    _args.state(s, "s")
    return intrigue_order(s.seats, range(s.players))


def arrival_spots(s) -> list[dict]:
    _args.state(s, "s")
    by_rank = {seat.arrival: p for p, seat in enumerate(s.seats) if seat.arrival}
    return [{"rank": r, "vp": vp, "player": by_rank.get(r)}
            for r, vp in enumerate(s.book.arrival_vp, 1)]


def decree_board(s) -> list[dict]:
    _args.state(s, "s")
    book = s.book
    return [{"slot": k, "id": book.decree_ids[d], "level": book.decree_level[d],
             "cost": book.decree_cost[d], "text": book.decree_names[d], "holders": s.holders[k]}
            for k, d in enumerate(s.decrees) if d >= 0]


def decree_cost(s, p: int, decree: str) -> int:
    _args.state(s, "s")
    from ._decrees import cost
    book = s.book
    p = s.check_player(p)
    d = book.decree_index.get(decree) if type(decree) is str else None
    if d is None or d not in s.decrees:
        raise OptionError(f"decree is the id of a decree in play "
                          f"({', '.join(book.decree_ids[x] for x in s.decrees if x >= 0)}), not "
                          f"{shorten(decree, 40)}")
    return cost(s, p, s.decrees.index(d))


def hand_size(s, p: int) -> int:
    _args.state(s, "s")
    return len(s.seats[s.check_player(p)].hand)


def discard_size(s, p: int) -> int:
    _args.state(s, "s")
    return len(s.seats[s.check_player(p)].discard)


def location_cards(s) -> list[tuple[str, str, int, str]]:
    _args.state(s, "s")
    book = s.book
    return [(book.locations[i], book.card_ids[c], book.value[c], book.card_action[c])
            for i, c in enumerate(s.locations) if c >= 0]


def foreman_place(s, p: int) -> str:
    _args.state(s, "s")
    return FOREMAN_PLACES[s.seats[s.check_player(p)].foreman]
