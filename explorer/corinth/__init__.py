"""Corinth (Days of Wonder, 2019): a roll-and-write of dice groups, goods, goats and a Steward.

The rules follow the Spanish rulebook (see ``rules.json``; ``explorer.rules.catalogue("corinth")``)
and the score sheet comes from ``data.json``, where the values no public text gives (goods per
shop, the market layout, building costs, track lengths) are marked as placeholders::

    new_game(players=2..4, seed=None, data=None, chance="auto") -> CorinthState
    load_data(path=None)            the shipped data, or your own file (same validation)
    replay(record)                  a saved game, replayed through the rules

Actions (one decision each): ``buy_yellow(k)``, the chance events ``die(colour, face)`` (one
per die; ``roll(white, yellow)`` lists a whole roll's), ``take(district)``, then ``gold()`` /
``goats()`` / ``deliver(shop)`` / ``steward(k)`` followed by ``step(row, col)`` for each step,
``pass_()`` (declining the compensation step, or leaving unused a group whose every use costs
gold), ``build(name)`` and ``end_turn()``.

>>> s = new_game(players=2, seed=11, chance="manual").apply(buy_yellow(1))
>>> s = play(s, roll([1, 1, 2, 3, 3, 3, 5, 6, 6], [3]))      # or let chance="auto" roll
>>> [(d, g.value, g.count) for d, g in zip(DISTRICTS, s.harbor) if g]
[('gold', 6, 2), ('blue', 5, 1), ('purple', 3, 4), ('green', 2, 1), ('goats', 1, 2)]
>>> s = s.apply(take("gold")).apply(gold())
>>> s.sheets[0].gold
2
>>> s = s.apply(end_turn()) if s.phase == "build" else s      # building is optional
>>> s.current_player
1
>>> s.why_illegal(take("gold")).message
'The gold district holds no dice now; the groups on the harbor are on blue, purple, green, goats.'
>>> s = play(s, steward_move(s, "purple", [(1, 2), (0, 2), (0, 1)]))   # player 2, 3 steps
>>> [divmod(c, 5) for c in s.sheets[1].route]
[(2, 2), (1, 2), (0, 2), (0, 1)]
>>> s.sheets[1].circled == 1 << 1                  # the end space (0, 1) is circled
True
>>> len(load_data().placeholders()) > 0
True
"""

from .._engine import play
from .._errors import shorten
from .._record import replay as _replay
from ._book import BUILDINGS, SCHEMA, Book, load_data, turns_each
from ._state import (GAME, PHASES, PLAYERS, CorinthState, Sheet, build, buy_yellow, deliver, die,
                     end_turn, gold, goats, new_game, pass_, roll, step, steward, take,
                     turns_per_round)
from .harbor import DISTRICTS, GOODS_DISTRICTS, Group, sort_counts, sort_dice


_LAZY = {"HarborOdds": "odds", "harbor_odds": "odds", "yellow_advice": "odds"}


def __getattr__(name: str):
    # the exact odds tables load when first asked for, not with the rules
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'explorer.corinth' has no attribute {name!r}")


def replay(record: dict, **kwargs):
    """A saved Corinth game, replayed through the rules (a record of another game is refused)."""
    return _replay(record, game=GAME, **kwargs)


def steward_paths(state: CorinthState, steps: int, player: int | None = None):
    """Every complete Steward path of ``steps`` steps for ``player`` (default: the one to move),
    as tuples of (row, col); lazy, since long moves have many paths."""
    from .._errors import OptionError
    from .market import CELLS, paths, rc
    if not isinstance(state, CorinthState):
        raise OptionError(f"steward_paths needs a Corinth state, not {shorten(state, 60)}")
    if player is None:
        player = state.current_player
        if player < 0:
            raise OptionError("steward_paths: no player is to move (the dice are being rolled); "
                              "name the player")
    state.check_player(player)
    if type(steps) is not int or not 1 <= steps <= CELLS:
        raise OptionError(f"steward_paths: steps must be a number of steps from 1 to {CELLS}, not "
                          f"{shorten(steps, 40)}")
    sheet = state.sheets[player]
    return (tuple(rc(c) for c in p) for p in paths(sheet.route[-1], sheet.trail, steps))


def steward_move(state: CorinthState, district: str, path) -> list:
    """The actions that take ``district``'s group and walk the Steward along ``path`` (cells)."""
    return [take(district), steward(len(path)), *(step(r, c) for r, c in path)]


__all__ = [
    "new_game", "PLAYERS", "load_data", "replay", "CorinthState", "Sheet", "SCHEMA", "Book",
    "BUILDINGS",
    "DISTRICTS", "GOODS_DISTRICTS", "Group", "sort_dice", "sort_counts", "PHASES", "take", "gold",
    "goats", "deliver", "steward", "step", "build", "buy_yellow", "end_turn", "pass_", "roll", "die",
    "steward_paths", "steward_move", "play", "turns_each", "turns_per_round",
    "HarborOdds", "harbor_odds", "yellow_advice",
]


from .. import _checks  # noqa: E402
from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "corinth", names=["steward_move"], path=_checks.PAIRS)
_guard(globals(), "corinth")
