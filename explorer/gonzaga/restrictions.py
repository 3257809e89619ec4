"""Options a player may be denied, for restricted play ("what are weddings worth?").

Each action card (A ports, B cities, C alliance): never planning it, alone or committed with the
King's Privilege. The King's Privilege, the inactive-regions card, weddings (no ring placed) and
donating to the church.

>>> from explorer.gonzaga import new_game
>>> from explorer.gonzaga._actions import plan, privilege, ring
>>> s = new_game(players=3, seed=1)
>>> RESTRICTIONS["C"](s, plan("francia", "C")), RESTRICTIONS["C"](s, privilege("francia", "C"))
(True, True)
>>> RESTRICTIONS["weddings"](s, ring(0, 0)), RESTRICTIONS["weddings"](s, plan("francia", "C"))
(True, False)
"""

from __future__ import annotations

from .._bots import Restriction

__all__ = ["RESTRICTIONS"]

_PLANS = ("plan", "privilege")


def _plans_action(card: str):
    def test(state, action) -> bool:
        return action.kind in _PLANS and action.args[1] == card
    test.__name__ = f"plans_{card}"
    return test


def _plans_inactive(state, action) -> bool:
    return action.kind in _PLANS and action.args[0] == "inactive"


def _kind(kind: str):
    def test(state, action) -> bool:
        return action.kind == kind
    test.__name__ = f"is_{kind}"
    return test


RESTRICTIONS = {
    "A": Restriction("A", "action card A (ports)", "gonzaga.action.a-port", _plans_action("A")),
    "B": Restriction("B", "action card B (cities)", "gonzaga.action.b-options", _plans_action("B")),
    "C": Restriction("C", "action card C (alliance)", "gonzaga.action.c-options",
                     _plans_action("C")),
    "privilege": Restriction("privilege", "the King's Privilege", "gonzaga.king.earlier",
                             _kind("privilege")),
    "inactive": Restriction("inactive", "the inactive-regions card", "gonzaga.plan.inactive-card",
                            _plans_inactive),
    "weddings": Restriction("weddings", "weddings (rings)", "gonzaga.wedding.with-alliance",
                            _kind("ring")),
    "church": Restriction("church", "donating to the church", "gonzaga.church.donate",
                          _kind("church")),
}
"""Named restrictions (name -> :class:`explorer._bots.Restriction`)."""
