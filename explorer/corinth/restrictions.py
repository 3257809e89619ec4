"""Options a player may be denied, for restricted play ("what is the purple district worth?").

A goods district (orange, blue, purple, green): never delivering to its shops (its dice may still
move the Steward). Gold and goats: never taking coins or goats with the district's dice. The
Steward: never moving it (nor the compensation step). Yellow dice: never buying one. Each
building: never building it.

>>> from explorer.corinth import new_game, deliver, steward
>>> s = new_game(players=3, seed=1)
>>> RESTRICTIONS["purple"](s, deliver("purple-2")), RESTRICTIONS["purple"](s, deliver("blue-1"))
(True, False)
>>> RESTRICTIONS["steward"].label, RESTRICTIONS["steward"](s, steward(3))
('the Steward', True)
"""

from __future__ import annotations

from .._bots import Restriction
from .harbor import GOODS_DISTRICTS

__all__ = ["RESTRICTIONS"]


def _delivers_to(district: str):
    prefix = district + "-"

    def test(state, action) -> bool:
        return action.kind == "deliver" and action.args[0].startswith(prefix)
    test.__name__ = f"delivers_{district}"
    return test


def _kind(kind: str):
    def test(state, action) -> bool:
        return action.kind == kind
    test.__name__ = f"is_{kind}"
    return test


def _moves_steward(state, action) -> bool:
    kind = action.kind
    return kind == "steward" or (kind == "step" and state.phase == "compensate")


def _buys_yellow(state, action) -> bool:
    return action.kind == "buy_yellow" and action.args[0] > 0


def _builds(name: str):
    def test(state, action) -> bool:
        return action.kind == "build" and action.args[0] == name
    test.__name__ = f"builds_{name}"
    return test


RESTRICTIONS = {d: Restriction(d, f"the {d} district's shops", "corinth.deliver.marks",
                               _delivers_to(d)) for d in GOODS_DISTRICTS}
RESTRICTIONS.update({
    "gold": Restriction("gold", "taking gold from the gold district", "corinth.action.gold-goats",
                        _kind("gold")),
    "goats": Restriction("goats", "taking goats from the goats district",
                         "corinth.action.gold-goats", _kind("goats")),
    "steward": Restriction("steward", "the Steward", "corinth.steward.instead", _moves_steward),
    "yellow": Restriction("yellow", "buying yellow dice", "corinth.supply.buy-yellow", _buys_yellow),
})
RESTRICTIONS.update({b: Restriction(b, f"the {b}", f"corinth.build.{b}", _builds(b))
                     for b in ("temple", "warehouse", "stable", "store")})
"""Named restrictions (name -> :class:`explorer._bots.Restriction`)."""
