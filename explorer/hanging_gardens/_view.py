"""What each player may see (hanging_gardens.tile.face-down, hanging_gardens.tile.bonus-hidden).

Every point tile a player takes lies face down in their area, so another player sees how many
they hold, not which. A view is a state of the same class in which, for every other player, the
tiles held are replaced by their number (``unknown``), the hidden bonus tiles they drew are masked
in the history (``draw("?")``), and ``pool`` holds every tile the viewer has not seen (the stacks
and the other players' hidden bonus tiles), so the view's chance events carry the viewer's odds.
Gardens, face-up cards and tiles, stack heights and missed tiles are open to everyone.

A face-up tile another player takes was seen by all, and the history still says which space it
came from: a player with a perfect memory knows it (``scoring.hidden_tile_odds`` counts it as
seen); the view shows the table as it lies, the pile face down.

At the end every tile is turned up (hanging_gardens.end.reveal): a finished game's view is the
full state.

A view draws no chance by itself (its chance is "manual") and cannot be recorded while the game
goes on; two games that differ only in what the viewer may not see give equal views.
"""

from __future__ import annotations

from .._engine import Log
from .._errors import OptionError
from ._actions import HIDDEN_A, MASKED_DRAW

__all__ = ["view"]


def view(s, player):
    from ._state import FULL, PUBLIC
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
    zeros = (0,) * len(s.book.tiles)
    pool = list(s.pool)
    for q in range(n):
        if masked[q]:
            for k, h in enumerate(s.hidden[q]):
                pool[k] += h
    return type(s)(
        info=s.info.with_chance("manual"), log=_masked_log(s.log, s.secrets, masked),
        phase=s.phase, round=s.round, first=s.first, turn=s.turn, order=s.order, stack=s.stack,
        display=s.display, gardens=s.gardens,
        tiles=tuple(zeros if masked[q] else s.tiles[q] for q in range(n)),
        hidden=tuple(zeros if masked[q] else s.hidden[q] for q in range(n)),
        unknown=tuple(sum(s.tiles[q]) if masked[q] else 0 for q in range(n)),
        missed=s.missed, faceup=s.faceup, heights=s.heights, pool=tuple(pool),
        discards=s.discards, pending=s.pending, secrets=s.secrets, viewer=want, book=s.book)


def _whose(s, viewer: int) -> str:
    return "a spectator's" if viewer < 0 else f"{s.player_label(viewer)}'s"


def _masked_log(log: Log, secrets: tuple[int, ...], masked: list[bool]) -> Log:
    """The history with each hidden draw of a masked player shown as ``draw("?")``: the draw
    right after the k-th ``hidden()`` is that of player ``secrets[k]``."""
    if not any(masked[p] for p in secrets):
        return log
    out = []
    k = 0
    mask_next = False
    for action, chance in log:
        if mask_next and chance:
            action = MASKED_DRAW
        mask_next = False
        if action == HIDDEN_A and not chance:
            mask_next = masked[secrets[k]]
            k += 1
        out.append((action, chance))
    return Log.of(out)
