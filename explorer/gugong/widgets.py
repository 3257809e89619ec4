"""Live Gùgōng boards: the main board (the locations, the map, the tracks, the canal, the
decrees, the jade houses, the dice) and a player board (hand, discard pile, servants, foreman,
travel tokens, port-reward slots), views of one game.

A gift exchange takes two clicks: a card of your hand (drawn under the locations on the main
board, and on the player board), then a card on a location; the card picked is framed, and a
second click on it drops it.
A swap is made the same way (a hand or discard-pile card, then a board card). Every other
choice is one click: a location's basic or paid option, a city, a jade house, a decree, a port,
a Destiny die's face, a card to discard as the price, a trade, a port-reward slot, or a button
of the strip under your hand (pay, forgo, accept, decline, the foreman...). Everything is
also listed under "What can I do now?". A click that plays nothing is answered with the rule
that stops it. The boards draw the game as their viewer may see it: another player's hand,
discard pile and face-down tokens show only their number. With ``hot_seat=True`` several people
share the screen: both boards show "pass the screen" between two players' turns, then the hand
and the player board of whoever says "I am ..." (see :mod:`explorer.board`).

>>> from explorer import gugong
>>> from explorer.gugong import bots
>>> main, mine = boards(gugong.new_game(players=3, seed=5), bots={1: bots.random_bot, 2: bots.random_bot})
>>> main.state is mine.state and 'class="gugong-board"' in main.svg
True
>>> 'class="gugong-player-board"' in mine.svg and mine.state.current_player == 0
True
>>> hand = mine.state.seats[0].hand
>>> card = main.state.book.card_ids[hand[0]]
>>> main.pick(card) and f'data-pick="{card}"' in main.svg
True
>>> main.pick("nonsense")
False
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..board import Board, Bot
from ._board_svg import main_svg, player_svg
from ._words import card_name

__all__ = ["board", "player_board", "boards", "GugongBoard"]

Draw = Callable[[Any, "str | None"], str]


class GugongBoard(Board):
    """A live board of Gùgōng: a :class:`explorer.board.Board` that also remembers the card
    picked for a two-click exchange or swap (shared by every view of the game)."""

    def __init__(self, state=None, bots: Mapping[int, Bot] | None = None, *, draw: Draw,
                 **kwargs: Any):
        self._draw = draw
        super().__init__(state, bots=bots, render=self._paint, **kwargs)

    # ---- the picked card ------------------------------------------------------------------
    def _picked(self, s) -> str | None:
        got = getattr(self.session, "gugong_pick", None)
        if got is None or got[0] != len(s.log) or self.session.cursor is not None:
            return None
        return got[1]

    def _paint(self, s) -> str:
        return self._draw(s, self._picked(s))

    def your_seat(self, s=None) -> int | None:
        """The seat whose hand and player board this game's boards call "yours": the session's
        viewer, or (several people at one screen) the player to move; once the game is over, the
        seat drawn last, so "your" board never turns into another player's at the end."""
        return _your_seat(self.session, self.session.shown() if s is None else s)

    def pick(self, card: str | None) -> bool:
        """Pick a card of the mover (a hand or discard card that starts an exchange or a swap),
        or drop the pick (``None``); every view redraws. False when that card starts nothing."""
        session = self.session
        s = session.shown()
        if card is None:
            session.gugong_pick = None
            session.refresh()
            return True
        if session.cursor is not None or s.is_over or s.is_chance_node or not any(
                a.kind in ("exchange", "swap") and a.args[0] == card for a in s.legal_actions()):
            return False
        session.gugong_pick = (len(s.log), card)
        verb = "give" if any(a.kind == "exchange" for a in s.legal_actions()) else "swap"
        session.message = {"kind": "ok", "text": f"Picked {card_name(s.book, card)}: now click the "
                           f"card on a location to {verb} it for (click it again to drop it)."}
        session.refresh()
        return True

    def linked(self, render, **kwargs: Any) -> "GugongBoard":
        """Another view of this game, compact unless told otherwise (as Board.linked);
        ``render(state)`` draws it (or ``draw=`` a function of the state and the picked card)."""
        kwargs.setdefault("compact", True)
        draw = kwargs.pop("draw", None) or (lambda s, pick: render(s))
        return GugongBoard(session=self.session, draw=draw, **kwargs)

    # ---- clicks on what is not an action ----------------------------------------------------
    def _msg_target(self, content: dict) -> None:
        """As Board's; a click on a card of yours picks it, and a click on a place where several
        moves (or a two-click exchange) start says how to go on."""
        if not self._target(content.get("target")):
            super()._msg_target(content)

    def _target(self, target: Any) -> bool:
        """Answer a target click the Gùgōng way; False: leave it to the generic answer."""
        session = self.session
        s = session.shown()
        if isinstance(target, list) and len(target) == 3 and target[0] in ("hand", "discard") \
                and isinstance(target[2], str) and target[1] == s.current_player:
            if self._picked(s) == target[2]:
                session.gugong_pick = None
                session.message = {"kind": "ok", "text": "Pick dropped."}
                session.refresh()
                return True
            if self.pick(target[2]):
                return True
        if isinstance(target, list) and target and target[0] in ("card", "port", "house",
                                                                  "decree", "die", "location",
                                                                  "wall", "tokens", "track") \
                and session.cursor is None and not s.is_over and not s.is_chance_node \
                and s.explain_target(target) is None:
            self._several(s, target)
            return True
        return False

    def _several(self, s, target: list) -> None:
        from ._words import _touches
        hits = [a for a in s.legal_actions() if _touches(s, a, target[0], tuple(target[1:]))]
        if target[0] == "card" and all(a.kind in ("exchange", "swap") for a in hits):
            text = ("First click the card of yours to give (a card of your hand, under the "
                    "locations; for a swap, a card of your discard pile), then this card.")
        else:
            text = ("Several moves start here; choose one of the buttons under your hand (or under "
                    "\"What can I do now?\"): " + "; ".join(s.describe(a) for a in hits[:6]))
        self.session.message = {"kind": "ok", "text": text}
        self.session.refresh()


def _your_seat(session, s) -> int | None:
    """See :meth:`GugongBoard.your_seat` (``s``: the position the boards show)."""
    p = session.seen_by(s)
    if p is None and s.viewer >= 0:
        p = s.viewer
    if p is None and 0 <= s.current_player < s.players and not s.is_over:
        p = s.current_player
    if p is None:
        got = getattr(session, "gugong_seat", None)
        return got if isinstance(got, int) and 0 <= got < s.players else None
    session.gugong_seat = p
    return p


def board(state, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> GugongBoard:
    """The main board of ``state`` (with the hand of "your" seat under the locations, so an
    exchange is two clicks in one view); ``bots`` play the seats they map."""
    main: GugongBoard | None = None

    def draw(s, pick):
        return main_svg(s, True, pick, seat=main.your_seat(s) if main is not None else -1)

    main = GugongBoard(state, bots=bots, draw=draw, **kwargs)
    main._refresh()
    return main


def player_board(main: Board, seat: int | None = None) -> Board:
    """A linked view of ``main``'s game: the player board of ``seat`` (default: "your" seat,
    see :meth:`GugongBoard.your_seat`). It is compact: the history, the choices and the session
    controls are on the main board."""
    if seat is not None:
        main.state.check_player(seat, "player_board(seat)")

    def draw(s, pick):
        p = seat if seat is not None else _your_seat(main.session, s)
        return player_svg(s, p if p is not None else max(s.first, 0), True, pick)

    if isinstance(main, GugongBoard):
        return main.linked(None, draw=draw, compact=True)
    return main.linked(lambda s: draw(s, None), compact=True)


def boards(state, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> tuple[Board, Board]:
    """The main board and the viewer's player board, playing the same game."""
    main = board(state, bots, **kwargs)
    return main, player_board(main)
