"""Options a player may be denied, for restricted play ("what is the Great Wall worth?").

One restriction per action location: a player denied a location never carries out its action,
neither as the location's action (``location(name, option)``) nor as the action of a card with
that location's icon (``act(option)``). The exchange itself stays allowed. Also: the swap card
action.

>>> from explorer.gugong import new_game
>>> from explorer.gugong._actions import location
>>> wall = RESTRICTIONS["wall"]
>>> wall.label, wall(new_game(players=3, seed=1), location("wall", "basic"))
('the Great Wall', True)
>>> wall(new_game(players=3, seed=1), location("palace", "basic"))
False
"""

from __future__ import annotations

from .._bots import Restriction

__all__ = ["RESTRICTIONS"]

_LOCATIONS = (
    ("travel", "the Travel location", "gugong.travel.basic"),
    ("wall", "the Great Wall", "gugong.wall.basic"),
    ("jade", "the Jade location", "gugong.jade.house"),
    ("intrigue", "the Intrigue location", "gugong.intrigue.basic"),
    ("palace", "the Palace of Heavenly Purity", "gugong.palace.basic"),
    ("decrees", "the Decrees location", "gugong.decree.cost"),
    ("canal", "the Grand Canal", "gugong.canal.basic"),
)


def _card_action(state) -> str | None:
    """The action printed on the card placed this turn (during the actions step), else None."""
    task = state.task
    return state.book.card_action[task[3]] if task[0] == "actions" else None


def _uses(name: str):
    def test(state, action) -> bool:
        kind = action.kind
        if kind == "location":
            return action.args[0] == name
        return kind == "act" and _card_action(state) == name
    test.__name__ = f"uses_{name}"
    return test


def _swaps(state, action) -> bool:
    return action.kind == "swap" and state.task[0] == "actions"


RESTRICTIONS = {name: Restriction(name, label, rule, _uses(name)) for name, label, rule in _LOCATIONS}
RESTRICTIONS["swap"] = Restriction("swap", "the swap card action", "gugong.card.swap", _swaps)
"""Named restrictions (name -> :class:`explorer._bots.Restriction`)."""
