"""Live boards for any game: anywidgets whose clicks become ordinary ``state.apply`` calls.

Python owns the rules: a board shows an SVG rendering of the state (``state.to_svg(interactive=True)``
unless given another ``render``); an SVG element with a ``data-action`` attribute (the action as
JSON) is clickable; a click is sent to Python, which applies it or answers with the reason and the
rule it breaks. Every move is logged as a line of Python that replays it (``board.moves``), and
bots can play the other seats. Every message from the page is answered, even a repeated refusal or
a malformed one, and a bot that misbehaves is named on the board instead of breaking it. Several boards can show one game (``board.linked(render)``), e.g. a harbor and the
score sheets: a click on any of them plays in the shared game and every view follows.

>>> from explorer import demo
>>> board = Board(demo.new_game(players=2, seed=1))
>>> board.play(demo.claim(0, 0)) is None
True
>>> board.moves
["state = state.apply(Action('claim', 0, 0))"]
>>> board.play(demo.claim(0, 0)).code          # refused, explained, state unchanged
'cell-taken'
>>> board.message["rule"]
'demo.claim.free'
>>> mirror = board.linked(lambda s: s.to_svg())
>>> mirror.play(demo.claim(1, 0)) is None and board.state is mirror.state
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets

from ._action import Action
from ._engine import GameState
from ._errors import IllegalAction, UnknownAction, cut, shorten

__all__ = ["Board", "Bot", "Session"]

_STATIC = Path(__file__).parent / "static"

Bot = Callable[[GameState], Action]
Render = Callable[[GameState], str]


class Session:
    """One game being played: the current state, the undo stack, the log and the bots."""

    def __init__(self, state: GameState, bots: Mapping[int, Bot] | None = None):
        self.state = state
        self.bots = dict(bots or {})
        self.undo_stack: list[tuple[GameState, int]] = []
        self.log: list[str] = []
        self.message: dict[str, str] = {}
        self.views: list[Board] = []

    def play(self, action: Action | list | Any) -> IllegalAction | None:
        """Apply an action as a click would; return the refusal instead of raising it."""
        if isinstance(action, list):
            try:
                action = Action.from_json(action)
            except IllegalAction as err:
                return self._refuse(err)
        err = self.state.why_illegal(action)
        if err is not None:
            return self._refuse(err)
        self.undo_stack.append((self.state, len(self.log)))
        text = self.state.describe(action)
        self.state = self.state.apply(action)
        self.log.append(f"state = state.apply({action!r})")
        self.message = {"kind": "ok", "text": text}
        self.run_bots()
        self.refresh()
        return None

    def undo(self) -> bool:
        """Back to the state before the last human move (bot replies are undone with it)."""
        if not self.undo_stack:
            return False
        self.state, keep = self.undo_stack.pop()
        del self.log[keep:]
        self.message = {"kind": "ok", "text": "Undone."}
        self.refresh()
        return True

    def reset(self, state: GameState) -> None:
        self.state = state
        self.undo_stack.clear()
        self.log.clear()
        self.message = {}
        self.run_bots()
        self.refresh()

    def run_bots(self) -> None:
        """Let the bots play while it is their turn. A bot that fails (raises, or proposes an
        action the rules refuse) is stopped there and named in the message; the game stays at
        the last legal state, so the board, its log and its views agree."""
        s = self.state
        guard = 0
        while not s.is_over and s.current_player in self.bots:
            seat = s.current_player
            bot = self.bots[seat]
            name = getattr(bot, "__name__", type(bot).__name__)
            try:
                action = bot(s)
            except Exception as e:  # a user's bot is outside our code: report it, keep the game
                self.state = s
                self._bot_failed(seat, name, f"raised {type(e).__name__}: {cut(str(e), 200)}")
                return
            err = s.why_illegal(action)
            if err is not None:
                self.state = s
                self._bot_failed(seat, name, f"proposed {shorten(action, 80)}, which is refused: "
                                             f"{err.message}", err)
                return
            s = s.apply(action)
            self.log.append(f"state = state.apply({action!r})  # bot, player {seat + 1}")
            guard += 1
            if guard > 100_000:
                self.state = s
                self._bot_failed(seat, name, "made 100,000 moves in a row without the game ending")
                return
        self.state = s

    def _bot_failed(self, seat: int, name: str, what: str, err: IllegalAction | None = None) -> None:
        self.message = {"kind": "illegal", "code": err.code if err else "bot-failed",
                        "rule": err.rule if err else "engine.turn", "bot": name,
                        "text": f"The bot {name} (player {seat + 1}) {what}\nIts seat waits: play "
                                "it yourself, or fix the bot and call board.run_bots()."}

    def _refuse(self, err: IllegalAction) -> IllegalAction:
        from ._rules import rule
        try:
            r = rule(err.rule)
            text = f"{err.message}\nRule {r.id} — {r.title}: {r.en}"
        except Exception:  # an unknown rule id must not hide the refusal itself
            text = err.message
        self.message = {"kind": "illegal", "code": err.code, "rule": err.rule, "text": text}
        self.refresh()
        return err

    def refresh(self) -> None:
        for view in self.views:
            view._refresh()


class Board(anywidget.AnyWidget):
    """Play a game by clicking; ``board.state`` is always the current (frozen) state."""

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Dict({}).tag(sync=True)
    info = traitlets.Dict({}).tag(sync=True)
    moves = traitlets.List([]).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    show_log = traitlets.Bool(True).tag(sync=True)

    def __init__(self, state: GameState | None = None, bots: Mapping[int, Bot] | None = None,
                 render: Render | None = None, *, session: Session | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        if (state is None) == (session is None):
            raise TypeError("Board needs either a state or the session of another board")
        if session is None:
            session = Session(state, bots)
            session.views.append(self)
            session.run_bots()
        else:
            session.views.append(self)
        self.session = session
        self._render = render or (lambda st: st.to_svg(interactive=True))
        self._seen = 0
        self.on_msg(self._on_msg)
        self._refresh()

    # ---- the same path for clicks and for code -------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def bots(self) -> dict[int, Bot]:
        return self.session.bots

    def play(self, action: Action | list | Any) -> IllegalAction | None:
        """Apply an action as a click would; return the refusal instead of raising it."""
        return self.session.play(action)

    def undo(self) -> bool:
        return self.session.undo()

    def reset(self, state: GameState) -> None:
        self.session.reset(state)

    def run_bots(self) -> None:
        """Let the bots play now (after fixing one, say)."""
        self.session.run_bots()
        self.session.refresh()

    def linked(self, render: Render, **kwargs: Any) -> Board:
        """Another view of the same game (clicks on either play in it)."""
        kwargs.setdefault("show_log", False)
        return Board(render=render, session=self.session, **kwargs)

    def save(self, path: str | Path) -> Path:
        """Save the session as a game record (seed + setup + actions) that replays exactly."""
        from ._record import save_record
        return save_record(self.state, path)

    @classmethod
    def load(cls, path: str | Path, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> Board:
        """Reopen a saved session; the record is replayed through the rules."""
        from ._record import load_record
        return cls(load_record(path), bots=bots, **kwargs)

    # ---- internals ------------------------------------------------------------------------
    def _refresh(self) -> None:
        s, session = self.state, self.session
        self.svg = self._render(s)
        self.status = s.status()
        self.message = dict(session.message)
        self.moves = list(session.log)
        data = s.info.data
        primary = session.views[0] is self   # the banner shows once per game, on its first view
        if primary and data is not None and getattr(data, "has_placeholders", False):
            n = len(data.placeholders())
            self.placeholder = (f"Placeholder data: {n} record(s) of {data.version} were made up so the "
                                f"game can be played; see load_data().placeholders().")
        else:
            self.placeholder = ""
        self.info = {"game": s.info.game, "turn": len(s.log), "player": s.current_player,
                     "over": s.is_over, "can_undo": bool(session.undo_stack)}

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Answer one message from the page. Whatever it holds, the page hears back: the move, the
        refusal, or that the message was not understood (so its pending state never sticks)."""
        self._seen += 1
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            if kind == "click":
                self.play(content.get("action"))
            elif kind == "undo":
                self.undo()
            else:
                self.session._refuse(UnknownAction(
                    "bad-message", "engine.action",
                    f"The board got a message it does not understand: {shorten(content, 120)}."))
        finally:
            self.answered = self._seen
