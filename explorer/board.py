"""A live board for any game: an anywidget whose clicks become ordinary ``state.apply`` calls.

Python owns the rules: the widget shows ``state.to_svg(interactive=True)``; an SVG element with
a ``data-action`` attribute (the action as JSON) is clickable; a click is sent to Python, which
applies it or answers with the reason and the rule it breaks. Every move is logged as a line of
Python that replays it, and bots can play the other seats.

>>> from explorer import demo
>>> board = Board(demo.new_game(players=2, seed=1))
>>> board.play(demo.claim(0, 0)) is None
True
>>> board.log
["state = state.apply(Action('claim', 0, 0))"]
>>> board.play(demo.claim(0, 0)).code          # refused, explained, state unchanged
'cell-taken'
>>> board.message["rule"]
'demo.claim.free'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets

from ._action import Action
from ._engine import GameState
from ._errors import IllegalAction

__all__ = ["Board", "Bot"]

_STATIC = Path(__file__).parent / "static"

Bot = Callable[[GameState], Action]


class Board(anywidget.AnyWidget):
    """Play a game by clicking; ``board.state`` is always the current (frozen) state."""

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Dict({}).tag(sync=True)
    info = traitlets.Dict({}).tag(sync=True)
    log = traitlets.List([]).tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)

    def __init__(self, state: GameState, bots: Mapping[int, Bot] | None = None,
                 render: Callable[..., str] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.state = state
        self.bots = dict(bots or {})
        self._render = render
        self._undo: list[tuple[GameState, int]] = []
        self.on_msg(self._on_msg)
        self._run_bots()
        self._refresh()

    # ---- the same path for clicks and for code -------------------------------------------
    def play(self, action: Action | list) -> IllegalAction | None:
        """Apply an action as a click would; return the refusal instead of raising it."""
        if isinstance(action, list):
            try:
                action = Action.from_json(action)
            except IllegalAction as err:
                return self._refuse(err)
        err = self.state.why_illegal(action)
        if err is not None:
            return self._refuse(err)
        self._undo.append((self.state, len(self.log)))
        text = self.state.describe(action)
        self.state = self.state.apply(action)
        self.log = [*self.log, f"state = state.apply({action!r})"]
        self.message = {"kind": "ok", "text": text}
        self._run_bots()
        self._refresh()
        return None

    def undo(self) -> bool:
        """Go back to the state before the last human move (bot replies are undone with it)."""
        if not self._undo:
            return False
        self.state, keep = self._undo.pop()
        self.log = self.log[:keep]
        self.message = {"kind": "ok", "text": "Undone."}
        self._refresh()
        return True

    def save(self, path: str | Path) -> Path:
        """Save the session as a game record (seed + setup + actions) that replays exactly."""
        from ._record import save_record
        return save_record(self.state, path)

    @classmethod
    def load(cls, path: str | Path, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> Board:
        """Reopen a saved session; the record is replayed through the rules."""
        from ._record import load_record
        return cls(load_record(path), bots=bots, **kwargs)

    def reset(self, state: GameState) -> None:
        self.state = state
        self._undo.clear()
        self.log = []
        self.message = {}
        self._run_bots()
        self._refresh()

    # ---- internals ------------------------------------------------------------------------
    def _refuse(self, err: IllegalAction) -> IllegalAction:
        from ._rules import rule
        try:
            r = rule(err.rule)
            text = f"{err.message}\nRule {r.id} — {r.title}: {r.en}"
        except Exception:  # an unknown rule id must not hide the refusal itself
            text = err.message
        self.message = {"kind": "illegal", "code": err.code, "rule": err.rule, "text": text}
        return err

    def _run_bots(self) -> None:
        s = self.state
        while not s.is_over and s.current_player in self.bots:
            seat = s.current_player
            action = self.bots[seat](s)
            s = s.apply(action)
            self.log = [*self.log, f"state = state.apply({action!r})  # bot, player {seat + 1}"]
        self.state = s

    def _refresh(self) -> None:
        s = self.state
        render = self._render or (lambda st: st.to_svg(interactive=True))
        self.svg = render(s)
        self.status = s.status()
        data = s.info.data
        if data is not None and getattr(data, "has_placeholders", False):
            n = len(data.placeholders())
            self.placeholder = (f"Placeholder data: {n} record(s) of {data.version} were made up so the "
                                f"game can be played; see load_data().placeholders().")
        else:
            self.placeholder = ""
        self.info = {"game": s.info.game, "turn": len(s.log), "player": s.current_player,
                     "over": s.is_over, "can_undo": bool(self._undo)}

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "click":
            self.play(content.get("action"))
        elif content.get("type") == "undo":
            self.undo()
