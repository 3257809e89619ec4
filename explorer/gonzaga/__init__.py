"""Gonzaga (Guglielmo Duccoli; daVinci Games, 2009): polyhex fiefs on a hex map of Europe,
placed under secret plans that also fix the turn order.

The rules follow the Spanish rulebook (see ``rules.json``; ``explorer.rules.catalogue("gonzaga")``:
rules rebuilt from public sources and the explorer's readings are marked as such). The components
come in two layers: ``data.json`` (regions, cities, ports, seas, cards, scenarios, constants, the
fiefs) and ``map.json`` (every hex of the map); what no public text gives (the board itself, the
fief shapes, the scenario list, the objective table) is a placeholder that satisfies every
confirmed count (``placeholders()`` lists them)::

    new_game(players=2..4, seed=None, data=None, map=None, chance="auto", oldest=0) -> GonzagaState
    load(data=None, map=None)     the data and map pair (shipped, or your own files, validated)
    replay(record)                a saved game, replayed through the rules

Actions, one decision each: ``plan(region, action)`` and ``privilege(region, action)`` (phase 2,
in secret), ``place(q, r, rotation)``, ``ring(q, r)``, ``done()`` and ``church()`` (phase 4);
chance events ``scenario(tile)``, ``objective(card)``, ``reveal(card)``. Hexes are axial (q, r);
a board labels them with a column letter and a row number (``state.hex_label(q, r)``).

A round: the fief cards are turned up (chance), then everyone plans in secret, one after another;
a player's view hides the plans of the others until all are revealed together:

>>> s = new_game(players=3, seed=7)
>>> s.round, s.phase, s.current_player, s.turn_label()
(1, 'plan', 0, 'Round 1 · Planning')
>>> sorted({a.kind for a in s.legal_actions()})
['plan', 'privilege']
>>> s = s.apply(s.legal_actions()[0])
>>> s.view(1).plans[0], s.view(1).history[-1], s.view(0).plans[0] == s.plans[0]
(Plan(region='?', action='?', king=False), Action('plan', '?', '?'), True)
>>> s.why_illegal(privilege("atlantis", "A")).code
'no-such-region-card'
>>> while s.phase == "plan":                 # the others plan; the last plan reveals them all
...     s = s.apply(s.legal_actions()[0])

The reveal fixes the turn order: King's Privilege, then A (ports), B (cities), C (alliance), ties
by the fief card's number (``turn_order``; the rulebook's example):

>>> turn_order([(True, "C", 34), (False, "A", 51), (False, "B", 12), (False, "B", 83)])
(0, 1, 2, 3)

In phase 4 the player to move places their fief (an anchor hex and a rotation), holds a
wedding with action C, or donates to the church; every refusal names its rule:

>>> s.phase, s.current_player == s.order[0]
('place', True)
>>> err = s.why_illegal(place(-40, -40, 0))
>>> err.code, err.rule
('off-map', 'gonzaga.place.on-map')
>>> legal = placements(s)                                # the rules' fast tables, with points
>>> [p.action for p in legal] == [a for a in s.legal_actions() if a.kind == "place"]
True
>>> legal == [] or s.apply(legal[0].action).pieces[s.current_player][-1][0] == s.fiefs[s.current_player]
True

Everything replays, and finished games show the score by category:

>>> end = bots.random_playout(s, random.Random(1))
>>> replay(end.record()) == end, end.result().rule.startswith("gonzaga.end.")
(True, True)
>>> list(end.score_breakdown(0))
['cities and ports', 'sea leagues', 'church', 'Gonzaga tile', 'objective']
>>> 7 <= end.round <= 12 and len(placeholders()) > 0
True
"""

import random  # noqa: F401 (the tour above uses it)

from .._engine import play
from .._record import replay as _replay
from . import analysis, bots, graph, scoring
from ._actions import (CHANCE_PHASES, PHASES, SIGNATURES, church, done, objective, place, plan,
                       privilege, reveal, ring, scenario)
from ._book import SCHEMA, Book, Components, MASKED_PLAN, Plan, load, load_data, soft_warnings
from ._map import MAP_SCHEMA, check_map, load_map
from ._order import turn_order
from ._setup import OPTIONS
from ._state import GAME, PLAYERS, GonzagaState, new_game
from .analysis import heat_map, placement_preview, placements, planning_cards, playable_plans
from .graph import connected_groups, hex_map


def replay(record: dict, **kwargs) -> GonzagaState:
    """A saved game of Gonzaga, replayed through the rules (a record of another game is
    refused). A game played on other data gives ``data=`` the pair it was played with
    (``load(data_path, map_path)``)."""
    return _replay(record, game=GAME, **kwargs)


def placeholders(data=None, map=None) -> list:
    """Every record of the data and the map (the shipped ones by default) whose values were made
    up so the game can be played."""
    return load(data, map).placeholders()


__all__ = [
    "new_game", "PLAYERS",
    "load", "load_data", "load_map", "check_map", "replay", "play", "placeholders",
    "soft_warnings", "GonzagaState", "Components", "Book", "Plan", "MASKED_PLAN", "SCHEMA",
    "MAP_SCHEMA", "PHASES", "CHANCE_PHASES", "SIGNATURES", "OPTIONS", "plan", "privilege",
    "place", "ring", "done", "church", "scenario", "objective", "reveal", "turn_order",
    "placements", "placement_preview", "heat_map", "playable_plans", "planning_cards", "hex_map",
    "connected_groups", "analysis", "graph", "scoring", "bots",
]


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "gonzaga")
