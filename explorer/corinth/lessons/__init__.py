"""Corinth's lessons: the lesson files of this folder, and the checks their tasks may name.

Each check looks at the position before the move and after it (the rules have already played
it) and answers whether the move did what the step asks; ``wants`` says it in players' words.
See ``docs/lessons.md`` for the lesson format.
"""

from __future__ import annotations

from ...lessons import Check
from ..harbor import GOODS_DISTRICTS

__all__ = ["CHECKS"]

SPACES = {"scoring": "score", "+1": "plus1", "gold": "gold", "goats": "goats",
          "yellow die": "yellow", "goods": "goods"}
"""The kinds of market space a Steward's move can end on (as players say them -> the data's)."""


def _sheets(before, after):
    p = before.current_player
    return p, before.sheets[p], after.sheets[p]


def _shops_done(state, sheet) -> int:
    b = state.book
    return sum(m == n for m, n in zip(sheet.marks, b.shop_symbols))


def completes_shop(before, action, after) -> bool:
    p, old, new = _sheets(before, after)
    return _shops_done(after, new) > _shops_done(before, old)


def delivers_to(before, action, after, district: str) -> bool:
    return action.kind == "deliver" and before.book.shop_district[
        before.book.shop_index[action.args[0]]] == GOODS_DISTRICTS.index(district)


def gains(before, action, after, what: str, at_least: int = 1) -> bool:
    p, old, new = _sheets(before, after)
    return getattr(new, what) - getattr(old, what) >= at_least


def spends_gold(before, action, after) -> bool:
    p, old, new = _sheets(before, after)
    return new.gold_out > old.gold_out


def steward_ends_on(before, action, after, space: str) -> bool:
    p, old, new = _sheets(before, after)
    fresh = new.circled & ~old.circled
    kinds = before.book.market_kind
    return any(fresh >> c & 1 and kinds[c] == SPACES[space] for c in range(len(kinds)))


def scores(before, action, after, at_least: int = 1) -> bool:
    p = before.current_player
    return after.scores()[p] - before.scores()[p] >= at_least


CHECKS = {
    "completes_shop": Check(completes_shop, "complete a shop (mark its last good)"),
    "delivers_to": Check(delivers_to, "deliver goods to a shop of the {district} district",
                         {"district": set(GOODS_DISTRICTS)}),
    "gains": Check(gains, "gain at least {at_least} {what}", {"what": {"gold", "goats"},
                                                               "at_least": int}, {"at_least": 1}),
    "spends_gold": Check(spends_gold, "spend gold"),
    "steward_ends_on": Check(steward_ends_on, "end the Steward's move on a {space} space of the "
                             "market", {"space": set(SPACES)}),
    "scores": Check(scores, "score at least {at_least} point(s)", {"at_least": int},
                    {"at_least": 1}),
}
