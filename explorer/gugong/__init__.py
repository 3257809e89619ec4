"""Gùgōng (Andreas Steding; Game Brewer, 2018): gifts for the officials of the Forbidden City, over
four days, for 2 to 5 players.

The rules follow the Spanish rulebook (``rules.json``; ``explorer.rules.catalogue("gugong")``:
the explorer's readings of unclear sentences are marked as assumptions). The components come from
``data.json``, where what no public text gives (the map, the cards' values and actions, the dice
faces, the decrees...) is a placeholder, listed by ``load_data().placeholders()``::

    new_game(players=2..5, seed=None, data=None, chance="auto", expert=False) -> GugongState
    load_data(path=None)            the shipped data, or your own file (same validation)
    replay(record)                  a saved game, replayed through the rules

Actions, one decision each (``_actions`` lists them all): ``exchange(give, take)``, ``pay()``,
``discard(card)``, ``forgo()``, ``act(option)``, ``location(name, option)``, ``swap(mine, theirs)``,
``end_turn()``, ``pass_()``, ``travel(city)``, ``accept()``, ``decline()``, ``foreman(use)``,
``trade(tokens, doubles)``, ``benefit(steps)``, ``set_die(die, face)``, ``load(port, piece)``,
``sail(port)``, ``claim(port, reward)``, ``retrieve(card)``, ``choose(option)``; chance events
``start``, ``die``, ``token``, ``deal``, ``hand``, ``decree``, ``draw``.

A turn: the gift exchange (a card from your hand for one on the board), then the action of the
card you placed and/or of the location where it lies. (The cards of the shipped data are
placeholders, so the tour picks its cards from the position rather than naming them.)

>>> s = new_game(players=3, seed=7)
>>> s.day, s.phase, s.current_player == s.first
(1, 'turn', True)
>>> p = s.first
>>> book = s.book
>>> mine = max(s.seats[p].hand, key=book.value.__getitem__)          # our highest card
>>> low = min(s.locations, key=book.value.__getitem__)               # the lowest on the board
>>> s = s.apply(exchange(book.card_ids[mine], book.card_ids[low]))   # higher: free
>>> s.phase, low in s.seats[p].discard, s.locations.count(mine)
('actions', True, 1)
>>> where = book.locations[s.locations.index(mine)]
>>> location(where, "basic") in s.legal_actions() or where == "decrees"
True

A card that is not higher costs a price: 2 servants, another hand card, or this turn's actions.

>>> q = s.apply(end_turn())
>>> q.current_player == (p + 1) % 3
True
>>> hand = q.seats[q.current_player].hand
>>> hi = max(q.locations, key=book.value.__getitem__)
>>> lo = min(hand, key=book.value.__getitem__)
>>> r = q.apply(exchange(book.card_ids[lo], book.card_ids[hi]))
>>> r.phase, [a.kind for a in r.legal_actions()][-2:]
('price', ['forgo', 'pay'])

Every refusal says why, naming the rule:

>>> err = r.why_illegal(travel(book.city_ids[0]))
>>> err.code, err.rule
('not-now', 'gugong.travel.basic')

The other players' hands and discard piles are hidden in a player's view:

>>> v = r.view(p)
>>> v.seats[r.current_player].hand[0], len(v.seats[r.current_player].hand) == len(hand)
(-1, True)

Whole games replay from their record, and finished games show the score by category:

>>> end = bots.random_playout(r, random.Random(1))
>>> replay(end.record()) == end, end.result().rule.startswith("gugong.end.")
(True, True)
>>> list(end.score_breakdown(0))
['during play', 'final wall', 'palace', 'decrees', 'jade', 'not in the palace']

The analysis: the travel map as a networkx graph (``graph``), exact Destiny-dice odds
(``odds``), scoring curves (``scoring``), and the position as a board draws it (``pieces``).
"""

import random  # noqa: F401 (the tour above uses it)

from .._engine import play as _play
from .._record import replay as _replay
from . import bots, graph, odds, pieces, scoring
from ._actions import (SIGNATURES, accept, act, benefit, choose, claim, deal, decline, decree, die,
                       discard, draw, end_turn, exchange, foreman, forgo, hand, load, location,
                       pass_, pay, retrieve, sail, set_die, start, swap, token, trade, travel)
from ._book import SCHEMA, Book, load_data
from ._setup import OPTIONS
from ._state import GAME, PLAYERS, GugongState, new_game
from .graph import centrality, layout, reachable, travel_map, travel_value


def play(state: GugongState, *actions) -> GugongState:
    """Apply actions in order to a Gùgōng position, each checked like ``apply`` (an argument may
    also be a list of actions)."""
    from . import _args
    return _play(_args.state(state), *actions)


def replay(record: dict, **kwargs) -> GugongState:
    """A saved game of Gùgōng, replayed through the rules (a record of another game is refused)."""
    return _replay(record, game=GAME, **kwargs)


__all__ = [
    "new_game", "PLAYERS",
    "load_data", "replay", "play", "GugongState", "SCHEMA", "Book", "OPTIONS",
    "SIGNATURES", "exchange", "pay", "discard", "forgo", "act", "location", "swap", "end_turn",
    "pass_", "travel", "accept", "decline", "foreman", "trade", "benefit", "set_die", "load", "sail",
    "claim", "retrieve", "choose", "start", "die", "token", "deal", "hand", "decree", "draw",
    "travel_map", "reachable", "travel_value", "centrality", "layout", "graph", "odds", "scoring",
    "pieces", "bots",
]
