"""The Hanging Gardens (Din Li; Hans im Glück, 2008): gardens of overlapping cards, temples on
groups of equal motifs, and point tiles that score in series.

The rules follow the Spanish rulebook (part 2) and part 1 as rebuilt from public sources (see
``rules.json``; ``explorer.rules.catalogue("hanging_gardens")``: reconstructed rules and the
explorer's readings are marked as such). The components come from ``data.json``, where what no
public text gives (the 60 building cards, some tile values, the temple colours) is a placeholder::

    new_game(players=2..4, seed=None, data=None, chance="auto", rotation="any",
             two_player_order="alternate") -> HangingGardensState
    load_data(path=None)            the shipped data, or your own file (same validation)
    replay(record)                  a saved game, replayed through the rules

Actions, one decision each: ``take(space)``, ``place(row, col, turn)``, ``discard()``,
``temple(row, col)``, ``move_temple(row, col)``, ``hidden()``, ``decline()``,
``tile(column, row)``; chance events ``start(player)``, ``reveal(card)``, ``draw(tile)``.
A garden square is (row, col) from the start card's top-left section (0, 0); ``turn`` counts
quarter turns clockwise from the printed card (2 rows x 3 columns).

A round: the cards are turned up (chance), each player takes one and adds it to their garden.
(The building cards of the shipped data are placeholders, so the tour picks placements from the
legal ones rather than naming squares a real card would need.)

>>> s = new_game(players=3, seed=7)
>>> s.round, s.current_player, s.legal_actions()
(1, 2, [Action('take', 1), Action('take', 2), Action('take', 3)])
>>> s = s.apply(take(2))
>>> s.phase, len(s.legal_actions()) == len(placements(s))     # the rules and networkx agree
('place', True)
>>> err = s.why_illegal(place(10, 10, 0))
>>> err.code, err.rule
('motif-on-table', 'hanging_gardens.place.first-card')
>>> first = s.legal_actions()[0]
>>> s = s.apply(first)
>>> s.gardens[2].placed[-1][1:] == (square(*first.args[:2]), first.args[2]), s.round
(True, 1)

Groups, temples and tiles: after a card that makes or grows a group of 3 or more equal motifs
(orthogonally joined, none with a temple yet), its player may score it with a temple, then takes
a tile from the columns its size opens:

>>> rng = random.Random(4)
>>> while s.phase != "score":
...     s = s.apply(rng.choice(s.legal_actions()))
>>> s.legal_actions()[0], {a.kind for a in s.legal_actions()[1:]}
(Action('decline'), {'temple'})
>>> p = s.current_player
>>> s = s.apply(s.legal_actions()[1])                # a temple on the first section offered
>>> s.phase, s.legal_actions()                       # a group of 3: column 1 only
('tile', [Action('tile', 1, 1), Action('tile', 1, 2)])
>>> s.why_illegal(tile(3, 1)).rule
'hanging_gardens.tile.group-of-three'
>>> s = s.apply(tile(1, 1))
>>> s.history[-1].kind, sum(s.tiles[p]), s.view(0).tiles[p] == (0,) * 12, s.view(0).unknown[p]
('draw', 1, True, 1)

The space is refilled from the stacks at once (the ``draw`` chance event); the tile lies face
down, so in another player's view only its number shows.

Everything replays, and finished games show the score by category:

>>> end = bots.random_playout(s, random.Random(1))
>>> replay(end.record()) == end, end.result().rule.startswith("hanging_gardens.end.")
(True, True)
>>> list(end.score_breakdown(0))[7:]
['persons', 'guard', 'missed tiles']
>>> len(load_data().placeholders()) > 0
True
"""

import random  # noqa: F401 (the tour above uses it)

from .._engine import play
from .._record import replay as _replay
from . import bots, garden, scoring
from ._actions import (CHANCE_PHASES, PHASES, SIGNATURES, decline, discard, draw, hidden,
                       move_temple, place, reveal, start, take, temple, tile)
from ._book import SCHEMA, Book, load_data
from ._grid import idx as square, rc, square_name
from ._place import preview as placement_preview
from ._setup import OPTIONS, ROTATIONS, TWO_PLAYER_ORDERS
from ._state import GAME, PLAYERS, Garden, HangingGardensState, new_game
from .garden import garden_graph, groups, placements
from .scoring import hidden_tile_odds, next_tile_values, series_points


def replay(record: dict, **kwargs) -> HangingGardensState:
    """A saved game of The Hanging Gardens, replayed through the rules (a record of another game
    is refused)."""
    return _replay(record, game=GAME, **kwargs)


__all__ = [
    "new_game", "PLAYERS",
    "load_data", "replay", "play", "HangingGardensState", "Garden", "SCHEMA", "Book",
    "PHASES", "CHANCE_PHASES", "SIGNATURES", "OPTIONS", "ROTATIONS", "TWO_PLAYER_ORDERS",
    "take", "place", "discard", "temple", "move_temple", "hidden", "decline", "tile", "start",
    "reveal", "draw", "square", "rc", "square_name", "placement_preview", "placements", "groups",
    "garden_graph", "series_points", "next_tile_values", "hidden_tile_odds", "garden", "scoring",
    "bots",
]


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
