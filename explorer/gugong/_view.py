"""What each player may see (gugong.exchange.look-own-discard, gugong.exchange.discard-hidden,
gugong.assume.hidden-discard, gugong.travel.keep-face-down, gugong.setup.token-piles,
gugong.setup.draw-pile).

A view is a state of the same class in which, for every other player, the hand and the discard
pile are face-down cards (``-1``: their number shows, not their values), the travel tokens held are
face down (the double token lies face up), and the face-down token piles, the traded tokens and the
draw pile show only their size. ``unseen`` then holds every card and every token the viewer cannot
see, so the view's chance events carry the viewer's odds. In the history, another player's secret
actions are masked: the card discarded as a price (``discard("?")``), taken back
(``retrieve("?")``), drawn (``draw("?")``) or dealt (expert variant, ``hand(player, "?")``).
Cards placed on the board and taken from it were seen by everyone and stay in the history.

At the end everything is shown: a finished game's view is the full state. A view draws no chance
by itself (its chance is "manual") and cannot be recorded while the game goes on; two games that
differ only in what the viewer may not see give equal views.
"""

from __future__ import annotations

from .._action import Action
from .._engine import Log
from .._errors import OptionError
from ._actions import SECRET_KINDS
from ._core import FULL, PUBLIC

__all__ = ["view", "masked_log"]

HIDDEN = -1


def view(s, player):
    if player is not None:
        s.check_player(player, "view(player)")
    want = PUBLIC if player is None else player
    if s.is_over or s.viewer == want:
        return s
    if s.viewer != FULL:
        raise OptionError(f"this is already {_whose(s, s.viewer)} view: it holds no more than that "
                          f"player may see, so {_whose(s, want)} view comes from the full state")
    n = s.players
    book = s.book
    masked = [q != want for q in range(n)]
    cards = list(s.draw)
    tokens = list(s.stock) + list(s.spent)
    seats = []
    for q, seat in enumerate(s.seats):
        if masked[q]:
            cards += seat.hand + seat.discard
            plain = [k for k in seat.tokens if book.token_value[k] == 1]
            tokens += plain
            seat = seat._replace(
                hand=(HIDDEN,) * len(seat.hand), discard=(HIDDEN,) * len(seat.discard),
                tokens=tuple(k if book.token_value[k] > 1 else HIDDEN for k in seat.tokens))
        seats.append(seat)
    return type(s)(
        info=s.info.with_chance("manual"), log=masked_log(s.log, s.secrets, masked),
        agenda=s.agenda, day=s.day, first=s.first, medal=s.medal, seats=tuple(seats),
        locations=s.locations, draw=(HIDDEN,) * len(s.draw), cities=s.cities,
        stock=(HIDDEN,) * len(s.stock), spent=(HIDDEN,) * len(s.spent), dice=s.dice,
        houses=s.houses, decrees=s.decrees, holders=s.holders, wall=s.wall, canal=s.canal,
        secrets=s.secrets, unseen=(tuple(sorted(cards)), tuple(sorted(tokens))), viewer=want,
        book=book)


def _whose(s, viewer: int) -> str:
    return "a spectator's" if viewer < 0 else f"{s.player_label(viewer)}'s"


def masked_log(log: Log, secrets: tuple[int, ...], masked: list[bool]) -> Log:
    """The history with every secret action of a masked player shown with its card as "?"."""
    if not any(masked[p] for p in secrets):
        return log
    out = []
    k = 0
    for action, chance in log:
        kind = action.kind
        if kind in SECRET_KINDS and chance == (kind in ("draw", "hand")):
            if k < len(secrets) and masked[secrets[k]]:
                action = Action(kind, *action.args[:-1], "?")
            k += 1
        out.append((action, chance))
    return Log.of(out)
