"""The actions of Gonzaga, their signatures, and the phases of a round.

One decision each, as a board offers it as a click:

===============================  ===============================================================
``plan(region, action)``         phase 2, in secret: play a region card (a region id such as
                                 ``"francia"``, or ``"inactive"`` for the inactive-regions card)
                                 and an action card (``"A"`` ports, ``"B"`` cities, ``"C"``
                                 alliance)
``privilege(region, action)``    phase 2, in secret: play the King's Privilege with a region card,
                                 committing the action card ``action`` (a ring is paid at the reveal)
``place(q, r, rotation)``        phase 4: put this round's fief on the map with its first hex (its
                                 anchor) on hex ``(q, r)``, turned ``rotation`` sixths of a turn
                                 clockwise (0-5) about that hex
``ring(q, r)``                   phase 4 with action C: hold a wedding, the first ring on ``(q, r)``;
                                 then, optionally, the second ring on a neighbouring hex
``done()``                       end a wedding after its first ring
``church()``                     phase 4: donate this round's fief to the church (3 points)
===============================  ===============================================================

Chance events (``current_player == CHANCE``): ``scenario(tile)`` (the scenario tile drawn at
set-up), ``objective(card)`` (a hidden objective card dealt, seat by seat) and ``reveal(card)``
(the top fief card of a player's deck turned up, by its number, seat by seat each round). A
player's view shows ``objective("?")`` for a card dealt to someone else, and ``plan("?", "?")``
for a plan committed but not yet revealed.

Hexes are axial coordinates ``(q, r)`` as in :mod:`explorer.hexgrid`; a board labels them with a
column letter and a row number (``state.hex_label(q, r)``).
"""

from __future__ import annotations

from .._action import Action, Signature, signatures

__all__ = ["plan", "privilege", "place", "ring", "done", "church", "scenario", "objective",
           "reveal", "SIGNATURES", "PHASES", "CHANCE_PHASES", "MASKED_PLAN_ACTION",
           "MASKED_OBJECTIVE"]

SCENARIO, OBJECTIVE, REVEAL, PLAN, PLACE, RING, OVER = PHASES = (
    "scenario", "objective", "reveal", "plan", "place", "ring", "over")
"""What the game waits for: a chance event (scenario, objective, reveal), a player's decision
(plan: phase 2, secret; place: phase 4, the fief, a wedding or the church; ring: the optional
second ring of a wedding), or nothing (over)."""
CHANCE_PHASES = frozenset((SCENARIO, OBJECTIVE, REVEAL))

FULL, PUBLIC = -1, -2
"""``state.viewer`` of the full state, and of the view of someone who plays no seat."""
HIDDEN = -2
"""An objective card another player holds, in a view (``state.objectives[p]``)."""

SIGNATURES = signatures(
    Signature("plan", ("region", str), ("action", str),
              doc="play a region card and an action card, face down"),
    Signature("privilege", ("region", str), ("action", str),
              doc="play the King's Privilege and a region card, committing an action card"),
    Signature("place", ("q", int), ("r", int), ("rotation", int),
              doc="place this round's fief, its anchor on (q, r), turned rotation sixths clockwise"),
    Signature("ring", ("q", int), ("r", int), doc="a wedding ring on hex (q, r)"),
    Signature("done", doc="end a wedding after its first ring"),
    Signature("church", doc="donate this round's fief to the church"),
    Signature("scenario", ("tile", str), doc="chance: the scenario tile drawn"),
    Signature("objective", ("card", str), doc="chance: the hidden objective card dealt"),
    Signature("reveal", ("card", int), doc="chance: the fief card turned up"),
)

DONE_A, CHURCH_A = Action("done"), Action("church")
MASKED_PLAN_ACTION = Action("plan", "?", "?")
"""What a view shows for a plan (or King's Privilege) another player committed this round."""
MASKED_OBJECTIVE = Action("objective", "?")
"""What a view shows for an objective card dealt to another player."""


def plan(region: str, action: str) -> Action:
    """Phase 2: play the region card ``region`` (a region id, or "inactive") and the action card
    ``action`` ("A", "B" or "C"), face down."""
    return Action("plan", region, action)


def privilege(region: str, action: str) -> Action:
    """Phase 2: play the King's Privilege with the region card ``region``, committing the action
    card ``action`` (revealed with the plan; a ring is paid then)."""
    return Action("privilege", region, action)


def place(q: int, r: int, rotation: int = 0) -> Action:
    """Phase 4: this round's fief with its anchor (first hex) on ``(q, r)``, turned ``rotation``
    sixths of a turn clockwise about it."""
    return Action("place", q, r, rotation)


def ring(q: int, r: int) -> Action:
    """Phase 4 with action C: a wedding ring on hex ``(q, r)`` (the first, or the second next to it)."""
    return Action("ring", q, r)


def done() -> Action:
    """End a wedding after its first ring (no second ring)."""
    return DONE_A


def church() -> Action:
    """Phase 4: donate this round's fief to the church."""
    return CHURCH_A


def scenario(tile: str) -> Action:
    """Chance: the scenario tile ``tile`` (its id) is drawn."""
    return Action("scenario", tile)


def objective(card: str) -> Action:
    """Chance: the hidden objective card ``card`` (its id) is dealt to the next player."""
    return Action("objective", card)


def reveal(card: int) -> Action:
    """Chance: the fief card numbered ``card`` is turned up from the next player's deck."""
    return Action("reveal", card)
