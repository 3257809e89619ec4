"""What each player may see (gonzaga.plan.secret, gonzaga.assume.secret-planning,
gonzaga.setup.objective-deal, gonzaga.king.with-region).

A view is a state of the same class in which, for every other player:

- a plan committed but not yet revealed is :data:`~explorer.gonzaga._book.MASKED_PLAN` (that it
  was made, never which cards, nor whether it holds the King's Privilege), and the action that
  committed it is ``plan("?", "?")`` in the history;
- the hidden objective card is ``HIDDEN`` (-2), and the chance event that dealt it is
  ``objective("?")`` in the history.

The board, the fiefs, the rings, the cards resting face up in the middle boxes, the decks'
contents (which fiefs are still to come; their order is drawn when it happens, never stored) and
the scores are open to everyone. A view's chance is "manual" and its seed is hidden (the seed
would say which cards were dealt): it draws nothing by itself, and a chance event it cannot see
(another player's objective card) has the single outcome ``objective("?")``. Two games that
differ only in what the viewer may not see give equal views. At the end every plan and objective
is revealed: a finished game's view is the full state. A view cannot be recorded while the game
goes on.
"""

from __future__ import annotations

import dataclasses

from .._engine import Log
from .._errors import OptionError
from ._actions import MASKED_OBJECTIVE, MASKED_PLAN_ACTION, PLAN
from ._book import MASKED_PLAN

__all__ = ["view"]


def view(s, player):
    from ._state import FULL, HIDDEN, PUBLIC
    if player is not None:
        s.check_player(player, "view(player)")
    want = PUBLIC if player is None else player
    if s.is_over or s.viewer == want:
        return s
    if s.viewer != FULL:
        raise OptionError(f"this is already {_whose(s, s.viewer)} view: it holds no more than that "
                          f"player may see, so {_whose(s, want)} view comes from the full state")
    n = s.players
    masked = [q != want for q in range(n)]
    hiding = s.phase == PLAN
    plans = tuple(MASKED_PLAN if hiding and masked[q] and s.plans[q] is not None else s.plans[q]
                  for q in range(n))
    objectives = tuple(HIDDEN if masked[q] and s.objectives[q] >= 0 else s.objectives[q]
                       for q in range(n))
    info = dataclasses.replace(s.info, seed=0, chance="manual")
    return dataclasses.replace(s, info=info, log=_masked_log(s, masked, hiding), plans=plans,
                               objectives=objectives, viewer=want)


def _whose(s, viewer: int) -> str:
    return "a spectator's" if viewer < 0 else f"{s.player_label(viewer)}'s"


def _masked_log(s, masked: list[bool], hiding: bool) -> Log:
    """The history with the objective cards dealt to masked players as ``objective("?")`` and,
    while plans are secret, this round's plans of masked players as ``plan("?", "?")``."""
    entries = list(s.log)
    seat = 0
    for k, (action, chance) in enumerate(entries):
        if chance and action.kind == "objective":
            if seat < len(masked) and masked[seat]:
                entries[k] = (MASKED_OBJECTIVE, True)
            seat += 1
    if hiding and s.turn:
        # this round's plans are the last s.turn entries, committed in seat order
        start = len(entries) - s.turn
        for j in range(s.turn):
            action, chance = entries[start + j]
            if masked[j] and action.kind in ("plan", "privilege"):
                entries[start + j] = (MASKED_PLAN_ACTION, chance)
    return Log.of(entries)
