"""Live boards for any game: anywidgets whose clicks become ordinary ``state.apply`` calls.

Python owns the rules: a board shows an SVG rendering of the state (``state.to_svg(interactive=True)``
unless given another ``render``); an SVG element with a ``data-action`` attribute (the action as
JSON) is clickable, and so is one with a ``data-target`` (something that is not an action, such as
an opponent's sheet: the game says why nothing can be played there). Every click is sent to
Python, which applies it or answers with the reason and the rule it breaks.

Around the game a board keeps a workshop's tools:

- a readable **history**: every roll and every move of every seat in plain words, its line of
  Python beside it, grouped by turn, the latest highlighted; bots play at once, one move per
  click ("next"), or at a pace the user sets;
- a **"What can I do now?"** panel listing the legal choices in words, each playable by a click;
- a **legend** of the symbols the board draws, and the seats with their colours;
- a **game-over panel** with every player's score by category, the winner and how the winner was
  decided, and a "new game" button;
- **session controls**: new game, save, load, undo and redo, a **timeline** that steps or scrubs
  through the whole history (each position is the replayed record, so it can never disagree with
  the rules), and "copy as code";
- a warning when **Python stops answering** (a restarted or dead kernel), with how to recover;
- a **static copy** of the board beside the live widget, so exported notebooks still show it.

Several boards can show one game (``board.linked(render)``), e.g. a harbor and the score sheets:
a click on any of them plays in the shared game and every view follows.

**Secrets stay secret.** A board draws the game as its *viewer* may see it (``state.view(p)``):
by default the one seat no bot plays, or whoever is to move when several people share the
screen; the history masks what the viewer may not see the same way.

**Hot seat.** Several people at one screen, each with their own secrets
(``Board(..., hot_seat=True)``, or the board's "Hot seat" switch): the board draws the game as the
seat *at the screen* sees it, and between two human seats' turns it shows only a "Pass the screen
to ..." panel (nothing of the game is sent to the page then) until the next player says "I am
...". The history and the move messages mask every seat's secrets; at the end everything shows.

**Previews.** A game's board can send a piece that follows the mouse (a card over a garden, a
fief over a map) with the positions where it may go: ``preview(state)`` returns the piece's
cells per orientation, the legal anchors, and the grid it snaps to (see ``board.js``); the page
colours the piece green or red as it moves, with no round trip to Python, and a click sends the
placement, which Python plays or explains. Resting the mouse on a red position asks Python why.

>>> from explorer import demo
>>> board = Board(demo.new_game(players=2, seed=2))
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
>>> board.undo() and board.state.history[-1] == demo.claim(0, 0)
True
>>> board.redo() and len(board.state.history) == 3
True
"""

from __future__ import annotations

import dataclasses
import html
import os
import time
from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets

from ._action import Action
from ._engine import GameState
from ._errors import (ExplorerError, IllegalAction, OptionError, RecordError, SaveError,
                      UnknownAction, cut, shorten)
from ._registry import GAMES

__all__ = ["Board", "Bot", "Session", "BOT_MODES"]

_STATIC = Path(__file__).parent / "static"

Bot = Callable[[GameState], Action]
Render = Callable[[GameState], str]

BOT_MODES = ("instant", "step", "paced")
"""How bots play: all their moves at once, one per click on "next", or one every ``bot_delay`` ms."""
HISTORY_GROUPS = 40
"""How many turns of history a board shows (the timeline reaches the rest)."""
MAX_CHOICES = 150
"""How many choices the "What can I do now?" panel lists (the board offers the rest by clicks)."""


def bot_label(bot: Any) -> str:
    """How a seat's bot is named to players: its ``label`` if it has one, else its function's
    name without a ``_bot`` ending ("greedy_bot" -> "greedy"), or plain "bot" for a lambda."""
    label = getattr(bot, "label", None)
    if isinstance(label, str) and label.strip():
        return label.strip()
    func = getattr(bot, "func", bot)          # functools.partial
    name = getattr(func, "__name__", None) or type(bot).__name__
    if name == "<lambda>" or name.startswith("_"):
        return "bot"
    name = name.removesuffix("_bot").replace("_", " ").strip()
    return name or "bot"


def _code(action: Action) -> str:
    return f"state = state.apply({action!r})"


@dataclasses.dataclass
class _Line:
    """One line of the history: a move, or a run of chance events (a roll) in words."""

    turn: str
    seat: int
    text: str
    code: list[str]
    first: int                    # index in the history of its first action
    last: int
    chance: bool = False
    bot: str = ""
    start: GameState | None = None    # the state before a chance run (to describe it whole)
    run: list[Action] = dataclasses.field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "text": self.text, "code": self.code,
                "first": self.first, "last": self.last, "chance": self.chance, "bot": self.bot}


class Session:
    """One game being played: the state, undo and redo, the history, the bots and the views."""

    def __init__(self, state: GameState, bots: Mapping[int, Bot] | None = None,
                 saves: str | Path = "saved_games"):
        if not isinstance(state, GameState):
            raise OptionError(f"a board shows a game state, not {shorten(state, 60)}")
        self.bots: dict[int, Bot] = dict(bots or {})
        for seat in self.bots:
            state.check_player(seat, "a bot's seat")
        self.state = state
        self.undo_stack: list[GameState] = []
        self.redo_stack: list[GameState] = []
        self.lines: list[_Line] = []
        self.base = len(state.history)     # where this session's own moves begin
        self.message: dict[str, Any] = {}
        self.views: list[Board] = []
        self.cursor: int | None = None     # a position of the timeline, or None for the present
        self._past: dict[int, GameState] = {}    # the timeline's replayed positions ...
        self._past_of: GameState | None = None   # ... of this game (see _timeline)
        self.bot_mode = "instant"
        self.saves = Path(saves)
        self.save_list: list[str] | None = None   # this game's saves, as the page lists them
        self.coach: Callable[[Session, Action], Any] | None = None
        """Consulted before a move is played (a lesson grading it): returns None to let it be
        played as usual, or its own answer (said on the board already), which ``play`` returns."""
        humans = [p for p in range(state.info.players) if p not in self.bots]
        self.viewer: int | str | None = humans[0] if len(humans) == 1 else (
            "current" if humans else None)
        self.hot_seat = False          # see set_hot_seat: viewer is then the seat at the screen
        self._viewer_before: int | str | None = None
        self._rebuild_lines()

    # ---- playing ---------------------------------------------------------------------------
    def play(self, action: Action | list | Any) -> IllegalAction | None:
        """Apply an action as a click would; return the refusal instead of raising it."""
        if isinstance(action, list):
            try:
                action = Action.from_json(action)
            except IllegalAction as err:
                return self._refuse(err)
        if self.cursor is not None:
            return self._refuse(IllegalAction(
                "viewing-the-past", "engine.timeline",
                f"You are looking at move {self.cursor} of {len(self.state.history)}: go back to "
                "the present to play, or choose \"Play from here\" to continue from this position."))
        if self.passing is not None:
            return self._refuse(self._pass_first())
        if self.coach is not None:
            answer = self.coach(self, action)
            if answer is not None:
                return answer
        err = self.state.why_illegal(action)
        if err is not None:
            return self._refuse(err)
        before = self.state
        text = before.describe(action)
        self._checkpoint()
        self._advance(before.apply(action), "")
        self.message = {"kind": "ok", "text": text}
        self.run_bots()
        if self.passing is not None:         # the next player will read it: as masked for all
            k = len(before.log)
            self.message["text"] = next((ln.text for ln in reversed(self.lines)
                                         if ln.first == k and not ln.chance), "")
        self.refresh()
        return None

    def _advance(self, new: GameState, bot: str) -> None:
        """Move to ``new`` (a later state of this game) and write its moves into the history."""
        old = self.state
        self.state = new
        self._extend_lines(old, new, bot)

    def _checkpoint(self) -> None:
        self.undo_stack.append(self.state)
        self.redo_stack.clear()

    def undo(self) -> bool:
        """Back to the state before the last human move (bot replies are undone with it)."""
        if not self.undo_stack or self.cursor is not None:
            return False
        self.redo_stack.append(self.state)
        self._jump(self.undo_stack.pop())
        self.message = {"kind": "ok", "text": "Undone: back to the position before your last move."}
        self.refresh()
        return True

    def redo(self) -> bool:
        """Play again what the last undo took back."""
        if not self.redo_stack or self.cursor is not None:
            return False
        self.undo_stack.append(self.state)
        self._jump(self.redo_stack.pop())
        self.message = {"kind": "ok", "text": "Redone."}
        self.refresh()
        return True

    def _jump(self, state: GameState) -> None:
        """Show ``state`` (of this game or another), rebuilding the history when it is not a
        continuation of the current one."""
        old = self.state
        self.state = state
        self.cursor = None
        n, m = len(old.log), len(state.log)
        same = state.info == old.info
        if same and m >= n and (state.log.since(old.log) is not None
                                or state.history[:n] == old.history):
            self._extend_lines(old, state, "")
        elif same and m < n and (old.log.since(state.log) is not None
                                 or old.history[:m] == state.history):
            self._truncate_lines(m)
        else:
            self._rebuild_lines()

    def _truncate_lines(self, n: int) -> None:
        """Keep the history of the first ``n`` actions (after an undo), bots' names included."""
        while self.lines and self.lines[-1].first >= n:
            self.lines.pop()
        if self.lines and self.lines[-1].last >= n:
            line = self.lines[-1]
            keep = n - line.first
            line.last = n - 1
            line.code = line.code[:keep]
            line.run = line.run[:keep]
            if line.start is not None and line.run:
                line.text = _chance_text(line.start, line.run)

    def reset(self, state: GameState) -> None:
        """Start again from ``state`` (undoable)."""
        if state.info.game != self.state.info.game:
            self.save_list = None                 # another game: its own folder of saves
        self._checkpoint()
        self._jump(state)
        self.base = len(state.history)
        self.message = {}
        self.run_bots()
        self.refresh()

    def new_game(self, seed: int | None = None) -> GameState:
        """A new game like this one (same players, options, data and bots), undoable."""
        fresh = self.state.new_like(seed)
        self.reset(fresh)
        seed = "" if self.hot_seat else f" (seed {fresh.info.seed})"   # the seed deals the secrets
        self.message = {"kind": "ok", "text": f"A new game{seed}."}
        self.refresh()
        return fresh

    # ---- bots ------------------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        s = self.state
        return self.cursor is None and not s.is_over and s.current_player in self.bots

    def run_bots(self, limit: int | None = None) -> None:
        """Let the bots play while it is their turn (in "step" and "paced" modes only when asked,
        ``limit`` moves at most). A bot that fails (raises, or proposes an action the rules
        refuse) is stopped there and named in the message; the game stays at the last legal
        state, so the board, its history and its views agree."""
        if limit is None and self.bot_mode != "instant":
            return
        moves = 0
        while self.bot_to_move() and (limit is None or moves < limit):
            s = self.state
            seat = s.current_player
            bot = self.bots[seat]
            name = bot_label(bot)
            try:
                action = bot(s)
            except Exception as e:  # a user's bot is outside our code: report it, keep the game
                self._bot_failed(seat, name, f"raised {type(e).__name__}: {cut(str(e), 200)}")
                return
            err = s.why_illegal(action)
            if err is not None:
                self._bot_failed(seat, name, f"proposed {shorten(action, 80)}, which is refused: "
                                             f"{err.message}", err)
                return
            self._advance(s.apply(action), name)
            moves += 1
            if moves >= 100_000:
                self._bot_failed(seat, name, "made 100,000 moves in a row without the game ending")
                return

    def _bot_failed(self, seat: int, name: str, what: str, err: IllegalAction | None = None) -> None:
        self.message = {"kind": "illegal", "code": err.code if err else "bot-failed",
                        "rule": err.rule if err else "engine.turn", "bot": name,
                        "text": f"The bot {name}, playing {self.state.player_label(seat)}, {what}\nIts seat "
                                "waits: play it yourself, or fix the bot and call board.run_bots()."}

    # ---- the timeline ----------------------------------------------------------------------
    def position(self, k: int) -> GameState:
        """The state after the first ``k`` actions of the game: its record, replayed."""
        from ._record import replay
        s = self.state
        n = len(s.history)
        if type(k) is not int or not 0 <= k <= n:
            raise OptionError(f"the timeline goes from 0 to {n}, not {shorten(k, 40)}")
        if k == n:
            return s
        past = self._timeline()
        got = past.get(k)
        if got is None:
            record = s.record()
            record["actions"] = record["actions"][:k]
            got = replay(record, data=s.info.data, chance="manual")
            if len(past) > 64:
                past.clear()
            past[k] = got
        return got

    def _timeline(self) -> dict[int, GameState]:
        """The remembered positions of the timeline, only ever of the game shown now: kept while
        the game goes on, cut back to the present after an undo, forgotten when the line changes
        (an undo then another move, a new game, a load, "Play from here")."""
        s, was = self.state, self._past_of
        if was is not s:
            same = (was is not None and was.info == s.info and was.info.data is s.info.data)
            if same and s.log.since(was.log) is not None:
                pass                                      # the same game, further on
            elif same and was.log.since(s.log) is not None:
                n = len(s.log)                            # the same game, taken back
                for k in [k for k in self._past if k >= n]:
                    del self._past[k]
            else:
                self._past.clear()
            self._past_of = s
        return self._past

    def seek(self, k: int | None) -> None:
        """Show position ``k`` of the timeline (None or the end: the present)."""
        n = len(self.state.history)
        if k is None or k >= n:
            self.cursor = None
            self.message = {"kind": "ok", "text": "Back to the present."}
        else:
            self.position(max(0, k))
            self.cursor = max(0, k)
            self.message = {"kind": "ok", "text": f"Looking at the position after move {self.cursor} "
                                                  f"of {n}."}
        self.refresh()

    def branch(self) -> None:
        """Play on from the position the timeline shows (undo returns to where the game was).

        Where a roll or a draw is due, a game whose chance is drawn from its seed (``auto``)
        draws it now, exactly as it drew it the first time, so the game stays one its seed
        replays: saving it, loading it and "copy as code" rebuild exactly this game. A game
        whose chance is chosen by hand (``manual``) offers the outcomes, as it did."""
        if self.cursor is None:
            return
        k = self.cursor
        past = dataclasses.replace(self.position(k), info=self.state.info)
        chance = past.is_chance_node and past.info.chance == "auto"
        past = past._settle()
        self._checkpoint()
        self.cursor = None
        self._jump(past)
        drawn = (" The roll or draw due there was made from the game's seed, as the first time."
                 if chance else "")
        self.message = {"kind": "ok", "text": f"Playing on from move {k}; undo returns to where "
                                              f"the game was.{drawn}"}
        self.run_bots()
        self.refresh()

    def shown(self) -> GameState:
        """The state the boards show: the present, or the timeline's position."""
        return self.state if self.cursor is None else self.position(self.cursor)

    def seen_by(self, state: GameState) -> int | None:
        """Whose view a board draws of ``state``: a seat, or None for the whole state (in hot-seat
        play, None while the screen is being passed: then only what every player may see)."""
        if self.hot_seat:
            return None if self.passing is not None else self.viewer
        v = self.viewer
        if v == "current":
            p = state.current_player
            return p if 0 <= p < state.info.players and not state.is_over else None
        return v if isinstance(v, int) else None

    def seen(self, state: GameState) -> GameState:
        """``state`` as the board's viewer may see it."""
        p = self.seen_by(state)
        if state.is_over or (p is None and not self.hot_seat):
            return state
        try:
            return state.view(p)
        except ExplorerError:
            return state.view(None) if self.hot_seat else state

    # ---- hot seat: several people at one screen -------------------------------------------
    def humans(self) -> list[int]:
        """The seats no bot plays."""
        return [p for p in range(self.state.info.players) if p not in self.bots]

    def set_hot_seat(self, on: bool) -> None:
        """Switch hot-seat play on or off. On: the board shows the game as the seat at the screen
        sees it (the seat shown now, else the human to move, else the first human), and asks for
        the screen to be passed between two human seats' turns. Off: as before it was on.

        >>> from explorer import demo
        >>> room = Board(demo.new_game(players=2, seed=2), hot_seat=True)
        >>> room.play(demo.claim(0, 0)) is None and room.passing    # player 2 is to move
        1
        >>> room.svg, room.play(demo.claim(1, 0)).code               # nothing shown, nothing played
        ('', 'pass-the-screen')
        >>> room.take_seat(1) and room.session.viewer == 1 and room.svg != ""
        True
        >>> room.undo() and room.passing                            # back to player 1's turn
        0
        """
        if type(on) is not bool:
            raise OptionError(f"hot_seat is True or False, not {shorten(on, 40)}")
        if on == self.hot_seat:
            return
        s = self.state
        humans = self.humans()
        if on:
            if len(humans) < 2:
                raise OptionError("hot-seat play is for several people at one screen: it needs "
                                  "at least two seats that no bot plays (this game has "
                                  f"{len(humans)})")
            if s.info.chance != "auto":
                raise OptionError("hot-seat play needs chance drawn from the game's seed "
                                  "(chance=\"auto\"): with chance chosen by hand, whoever is at "
                                  "the screen would choose, and so see, the other players' draws")
            shown = self.seen_by(s)
            self._viewer_before = self.viewer
            self.viewer = shown if shown in humans else (
                s.current_player if s.current_player in humans else humans[0])
            self.hot_seat = True
        else:
            to = self.passing
            if to is not None:
                raise OptionError(f"the screen is waiting for {s.player_label(to)}: switching "
                                  "hot-seat play off now would show that player's secrets to "
                                  "whoever is at the screen; pass the screen first")
            self.hot_seat = False
            self.viewer = self._viewer_before
        if not isinstance(self._viewer_before, str):   # the history was masked for another viewer
            self._rebuild_lines()

    @property
    def passing(self) -> int | None:
        """Hot seat: the human seat the screen must be passed to before the game shows again (a
        human seat to move that is not the seat at the screen), else None. Bots play on without
        it, and a player who plays again keeps the screen."""
        if not self.hot_seat or self.cursor is not None:
            return None
        s = self.state
        p = s.current_player
        if s.is_over or s.is_chance_node or not 0 <= p < s.info.players or p in self.bots \
                or p == self.viewer:
            return None
        return p

    def take_seat(self, seat: int | None = None) -> bool:
        """Hot seat: the player the screen was passed to says "I am ..." and sees their board.
        ``seat`` (from the page's button) must be that player; False when nobody is waited for."""
        to = self.passing
        if to is None:
            return False
        if seat is not None and seat != to:
            self._refuse(self._pass_first())
            return False
        self.viewer = to
        s = self.state
        self.message = {"kind": "ok", "text": f"{s.player_label(to)}, your turn: "
                                              f"{self.seen(s).awaiting()}."}
        self.refresh()
        return True

    def _pass_first(self) -> IllegalAction:
        to = self.passing
        who = self.state.player_label(to) if to is not None else "the next player"
        return IllegalAction("pass-the-screen", "engine.hot-seat",
                             f"Pass the screen to {who} first: nothing of the game is shown or "
                             f"played until {who} presses \"I am {who}\".")

    # ---- files and code --------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        """Where this game's saves go: ``<saves>/<game>/``. Each game has its own folder, so a
        board offers only saves of its own game."""
        return self.saves / self.state.info.game

    def save(self, path: str | Path | None = None) -> Path:
        """Save the game as a record (atomically) and say so on the board. A plain name (or
        none: the game and the time) is a file in :attr:`folder`; a path is used as given. A
        failure is said on the board as a failure and raised (:class:`~explorer.SaveError`, or
        :class:`~explorer.OptionError` for a name no file can have); nothing is left half-written."""
        from ._record import save_record
        try:
            p = self._save_path(path)
            save_record(self.state, p)
        except ExplorerError as e:
            self.message = {"kind": "illegal", "code": "not-saved", "rule": "",
                            "text": f"Not saved: {e}"}
            raise
        self.save_list = self.saved_games()
        self.message = {"kind": "ok", "text": f"Saved to {p}."}
        return p

    def load(self, path: str | Path) -> GameState:
        """Replace the game by a saved one (undoable); the record is replayed through the rules.
        A plain name is a file of :attr:`folder`. A save of another game, or a file that is not a
        save that replays, is refused with the reason (:class:`~explorer.RecordError`, said on the
        board too) and the game stays as it was."""
        from ._files import read_json
        from ._record import replay
        try:
            p = self._save_path(path, must_exist=True)
            record = read_json(p, "saved game", RecordError)
            this = self.state.info.game
            game = record.get("game") if isinstance(record, dict) else None
            if isinstance(game, str) and game != this and game not in GAMES:
                raise RecordError(f"{cut(p.name, 80)} is a record of {shorten(game, 40)}, a game "
                                  "this explorer does not know.")
            if isinstance(game, str) and game != this:
                raise RecordError(f"{cut(p.name, 80)} is a saved game of {_title(game)}, not of "
                                  f"{_title(this)}: open it with a board of {_title(game)}.")
            seat = self.viewer
            if isinstance(seat, int) and isinstance(record, dict) and type(record.get("players")) is int \
                    and not 0 <= seat < record["players"]:
                raise RecordError(f"{cut(p.name, 80)} is a game of {record['players']} players, "
                                  f"and this board shows the game as {self.state.player_label(seat)} "
                                  "sees it: open it with a board of that many players.")
            try:
                data = self.state.info.data
                state = replay(record, game=this, data=None if getattr(data, "shipped", True)
                               else data)
            except ExplorerError as e:
                raise RecordError(f"{cut(p.name, 80)}: {e}") from None
            before, base, undo, redo = self.state, self.base, len(self.undo_stack), self.redo_stack[:]
            try:
                self.reset(state)
            except Exception as e:  # the views cannot show it: keep the game that was shown
                del self.undo_stack[undo:]
                self._jump(before)
                self.base, self.redo_stack = base, redo
                raise RecordError(f"{cut(p.name, 80)} replays, but this board cannot show it "
                                  f"({type(e).__name__}: {cut(str(e), 120)})") from None
        except ExplorerError as e:
            self.message = {"kind": "illegal", "code": "not-loaded", "rule": "",
                            "text": f"Not loaded: {e}"}
            raise
        self.message = {"kind": "ok", "text": f"Loaded {p.name}: {len(state.history)} moves replayed."}
        return state

    def _save_path(self, path: str | Path | None, must_exist: bool = False) -> Path:
        """The file a save or a load means: a plain name (checked: see :func:`save_file_name`)
        in :attr:`folder`, or a path given by Python code."""
        folder = self.folder
        if path is None or path == "":
            stamp = f"{self.state.info.game}-{time.strftime('%Y%m%d-%H%M%S')}"
            p, n = folder / f"{stamp}.json", 1
            while p.exists():                       # two saves in one second: both kept
                n += 1
                p = folder / f"{stamp}-{n}.json"
        elif isinstance(path, str) and not any(sep in path for sep in "/\\"):
            p = folder / save_file_name(path)
        elif isinstance(path, (str, Path)):
            p = Path(path)
            if not p.is_absolute() and p.parent == Path("."):
                p = folder / save_file_name(p.name)
            elif p.suffix != ".json":
                p = p.with_name(p.name + ".json")
        else:
            raise OptionError(f"a saved game is named by a file name, not {shorten(path, 60)}")
        if not must_exist:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except (OSError, ValueError) as e:
                why = _os_reason(e) if isinstance(e, OSError) else "the name is not allowed"
                raise SaveError(f"cannot make the folder {cut(str(p.parent))}: {why}") from None
        return p

    def listed_saves(self) -> list[str]:
        """The saves the page's Load list offers: read once, then again after each save, load or
        listing (not on every click)."""
        if self.save_list is None:
            self.save_list = self.saved_games()
        return self.save_list

    def saved_games(self) -> list[str]:
        """The saved games of this game (the files of :attr:`folder`), newest first. Leftover
        temporary files of killed saves are removed on the way."""
        from ._files import clean_temporaries
        folder = self.folder
        clean_temporaries(folder)
        found = []
        try:
            for entry in os.scandir(folder):
                name = entry.name
                if not name.endswith(".json") or not _loadable(name):
                    continue
                try:
                    if entry.is_file():
                        found.append((entry.stat().st_mtime, name))
                except OSError:
                    continue
        except (OSError, ValueError):
            return []
        found.sort(key=lambda t: (-t[0], t[1]))
        return [name for _, name in found[:50]]

    def code(self) -> str:
        """The session as Python: a new game and every move (chance drawn from the seed is not
        written: the seed draws it again)."""
        i = self.state.info
        opts = "".join(f", {k}={v!r}" for k, v in i.options)
        data = "" if getattr(i.data, "shipped", True) else f", data={i.data.origin!r}"
        lines = [f"from explorer import Action, {i.game}", "",
                 f"state = {i.game}.new_game(players={i.players}, seed={i.seed}, "
                 f"chance={i.chance!r}{data}{opts})"]
        for a, was_chance in self.state.log:
            if was_chance and i.chance == "auto":
                continue
            lines.append(_code(a))
        return "\n".join(lines) + "\n"

    # ---- history ---------------------------------------------------------------------------
    def _rebuild_lines(self) -> None:
        self.lines = []
        s = self.state
        start = _initial(s)
        if start is None:                      # cannot rebuild: one line per action, no words
            for k, a in enumerate(s.history):
                self.lines.append(_Line("", -1, str(a), [_code(a)], k, k))
            return
        self._extend_lines(start, s, "", base=0)

    def _extend_lines(self, old: GameState, new: GameState, bot: str, base: int | None = None) -> None:
        """Describe the actions that lead from ``old`` to ``new``, one by one."""
        t = _manual(old)
        k = len(old.log) if base is None else base
        added = new.log.since(old.log)
        fresh = [a for a, _ in added] if added is not None else new.history[len(old.log):]
        shown = self._masked(new, k, fresh)
        for a, masked in zip(fresh, shown):
            chance = t.is_chance_node
            seat = -1 if chance else t.current_player
            label = t.turn_label()
            told = self._teller(t)
            if chance:
                prev = self.lines[-1] if self.lines else None
                if prev is not None and prev.chance and prev.last == k - 1 and prev.start is not None:
                    prev.run.append(masked)
                    prev.last = k
                    prev.code.append(_code(masked))
                    prev.text = _chance_text(prev.start, prev.run)
                else:
                    turn = label if label != "Chance" or not self.lines else self.lines[-1].turn
                    self.lines.append(_Line(turn, -1, _chance_text(told, [masked]), [_code(masked)],
                                            k, k, True, "", told, [masked]))
            else:
                self.lines.append(_Line(label, seat, _said(told, masked), [_code(masked)], k, k,
                                        False, bot))
            t = t.apply(a)
            k += 1
        if len(self.lines) > 5000:             # a very long session keeps its latest lines
            del self.lines[:len(self.lines) - 5000]

    def _teller(self, state: GameState) -> GameState:
        """The state a history line is told from: in hot-seat play what every player may see
        (the words then say nothing the masked move hides, such as where a card came from)."""
        if not self.hot_seat:
            return state
        try:
            return state.view(None)
        except ExplorerError:
            return state

    def _masked(self, new: GameState, start: int, fresh: list[Action]) -> list[Action]:
        """``fresh``, the actions of ``new`` from index ``start`` on, as the viewer may see them
        (several people at one screen: as a spectator may see them, so no seat's secret shows)."""
        seen = new
        if self.viewer is not None and not new.is_over:
            try:
                seen = new.view(self.viewer if isinstance(self.viewer, int) and not self.hot_seat
                                else None)
            except ExplorerError:
                seen = new
        if seen is new or seen.log is new.log:
            return list(fresh)
        return list(seen.history[start:start + len(fresh)])

    def moves(self) -> list[str]:
        """This session's moves as lines of Python that replay them (chance the seed draws is
        drawn again, so it is not written)."""
        auto = self.state.info.chance == "auto"
        out = []
        for line in self.lines:
            if line.last < self.base or (line.chance and auto):
                continue
            note = f"  # bot, player {line.seat + 1}" if line.bot else ""
            out.extend(c + note for c in line.code)
        return out

    def history_groups(self, limit: int = HISTORY_GROUPS) -> list[dict[str, Any]]:
        """The latest turns of the history, each a label and its lines."""
        groups: list[dict[str, Any]] = []
        for line in reversed(self.lines):
            if groups and groups[-1]["turn"] == line.turn:
                groups[-1]["lines"].append(line.to_dict())
                continue
            if len(groups) == limit:
                break
            groups.append({"turn": line.turn, "seat": line.seat, "lines": [line.to_dict()]})
        for g in groups:
            g["lines"].reverse()
            seats = [ln["seat"] for ln in g["lines"] if ln["seat"] >= 0]
            g["seat"] = seats[0] if seats else -1
        groups.reverse()
        return groups

    # ---- refusals and views ----------------------------------------------------------------
    def explain_target(self, target: Any) -> IllegalAction:
        """Answer a click on something that is not an action."""
        shown = self.shown()
        err = shown.explain_target(target)
        if err is None:
            err = _nothing_there(shown)
        return self._refuse(err)

    def _refuse(self, err: IllegalAction) -> IllegalAction:
        from ._rules import rule
        try:
            r = rule(err.rule)
            text = f"{err.message}\n{r.label} {r.id} — {r.title}: {r.summary()}"
        except ExplorerError:  # an unknown rule id must not hide the refusal itself
            text = err.message
        self.message = {"kind": "illegal", "code": err.code, "rule": err.rule, "text": text}
        self.refresh()
        return err

    def refresh(self) -> None:
        for view in self.views:
            view._refresh()


def _nothing_there(shown: GameState) -> IllegalAction:
    """The answer to a click on a place where nothing is played, in players' words."""
    if shown.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is "
                             "played. Start a new game with the New game button.")
    return IllegalAction("not-a-choice", "engine.legal",
                         f"Nothing is played there. Now {shown.awaiting()}. The moves of the "
                         "moment are listed under \"What can I do now?\".")


def _manual(state: GameState) -> GameState:
    """The same position with chance chosen by hand, so each chance event can be stepped."""
    if state.info.chance == "manual":
        return state
    return dataclasses.replace(state, info=state.info.with_chance("manual"))


def _initial(state: GameState) -> GameState | None:
    """The game's first position, before any action (chance to be chosen by hand)."""
    from ._record import game_module
    i = state.info
    try:
        return game_module(i.game).new_game(players=i.players, seed=i.seed, data=i.data,
                                            chance="manual", **dict(i.options))
    except ExplorerError:
        return None


def _said(state: GameState, action: Action) -> str:
    try:
        return state.describe(action)
    except ExplorerError:
        return str(action)


def _chance_text(start: GameState, run: list[Action]) -> str:
    try:
        return start.describe_chance_run(run)
    except ExplorerError:
        return " ".join(str(a) for a in run)


MAX_NAME = 80
"""Most characters a save's name may have (a file name must fit every file system)."""
_NOT_IN_NAMES = '/\\<>:"|?*'


def save_file_name(name: Any) -> str:
    """The file name (``.json`` added) of a save called ``name``, or :class:`~explorer.OptionError`
    saying why no file can have that name on every computer.

    >>> save_file_name(" my game "), save_file_name("round 2.json")
    ('my game.json', 'round 2.json')
    >>> try:
    ...     save_file_name("a/b")
    ... except OptionError as e:
    ...     print(e)
    a save's name cannot hold '/': the characters / \\ < > : " | ? * cannot be part of a file name on every computer
    """
    if not isinstance(name, str):
        raise OptionError(f"a save's name is a text, not {shorten(name, 40)}")
    name = name.strip()
    if not name:
        raise OptionError("a save needs a name")
    if not _text(name):
        raise OptionError("a save's name holds something that is not text")
    bad = next((c for c in name if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        raise OptionError("a save's name cannot hold control characters (such as a line break "
                          "or a NUL)")
    bad = next((c for c in name if c in _NOT_IN_NAMES), None)
    if bad is not None:
        raise OptionError(f"a save's name cannot hold {bad!r}: the characters "
                          f"{' '.join(_NOT_IN_NAMES)} cannot be part of a file name on every computer")
    if name.startswith("."):
        raise OptionError("a save's name cannot start with a dot (the file would be hidden)")
    if not name.endswith(".json"):
        name += ".json"
    if len(name) > MAX_NAME + 5:
        raise OptionError(f"a save's name has at most {MAX_NAME} characters, not {len(name) - 5}")
    if len(name.encode("utf-8")) > 200:
        raise OptionError("a save's name is too long for a file name: use fewer characters")
    return name


def _loadable(name: str) -> bool:
    """Whether the page may offer the file ``name`` (one it can name back to load)."""
    try:
        return save_file_name(name) == name
    except OptionError:
        return False


def _text(name: str) -> bool:
    """Whether ``name`` is text a file name and the page can carry (no lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _os_reason(err: OSError) -> str:
    from ._files import _reason
    return _reason(err)


def _title(game: str) -> str:
    """A game's name as people write it (``"hanging_gardens"`` -> "The Hanging Gardens")."""
    from ._record import game_module
    try:
        return game_module(game).new_game(players=2, seed=0).game_name
    except Exception:  # an unknown or broken game still gets a name
        return shorten(game, 40) if not isinstance(game, str) or not game.isidentifier() else \
            game.replace("_", " ").title()


class Board(anywidget.AnyWidget):
    """Play a game by clicking; ``board.state`` is always the current (frozen) state."""

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Dict({}).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)
    compact = traitlets.Bool(False).tag(sync=True)
    bot_mode = traitlets.Unicode("instant").tag(sync=True)
    bot_delay = traitlets.Int(700).tag(sync=True)
    born = traitlets.Float(0.0).tag(sync=True)
    """When the board was made (ms since the epoch): the page measures its start-up from it."""
    board_id = traitlets.Unicode("").tag(sync=True)
    """Ties the live board to its static copy, which the page hides once the board is drawn."""

    START_WAIT = 15.0
    """Seconds after display within which a board's page reports it is drawn; past that, where a
    page has shown boards before, the board is drawn again (see ``redraw``). Should the first
    board still be drawn after all, it takes its place back and the second goes."""
    REDRAWS = 3
    """How many times a board no page drew is drawn again by itself."""
    _page_seen = False          # some board of this kernel has reported being drawn by a page
    _redraws = 0
    _redrawn: Board | None = None   # the view drawn in this board's place, while it stands

    def __init__(self, state: GameState | None = None, bots: Mapping[int, Bot] | None = None,
                 render: Render | None = None, *, session: Session | None = None,
                 saves: str | Path = "saved_games",
                 preview: Callable[[GameState], dict | None] | None = None,
                 viewer: int | str | None | bool = False, hot_seat: bool | None = None,
                 **kwargs: Any):
        if "show_log" in kwargs:                       # the older name of a compact view
            kwargs["compact"] = not kwargs.pop("show_log")
        super().__init__(**kwargs)
        self.born = time.time() * 1000.0
        self.board_id = f"b{id(self):x}{int(self.born) % 100_000:05d}"
        self.started: list[float] = []      # the start-up times (ms) each page reported
        if (state is None) == (session is None):
            raise OptionError("a board needs either a state or the session of another board")
        if session is None:
            session = Session(state, bots, saves)
            session.bot_mode = self.bot_mode
            session.views.append(self)
            session.run_bots()
        else:
            session.views.append(self)
        if viewer is not False:                        # False: keep the session's choice
            session.viewer = viewer
        if hot_seat is not None:                       # None: keep the session's choice
            try:
                session.set_hot_seat(hot_seat)
            except OptionError:
                session.views.remove(self)             # no half-made view stays in the game
                raise
        self.session = session
        self._render = render or (lambda st: st.to_svg(interactive=True))
        self._preview = preview
        self._seen = 0
        self._static = None
        self._static_pending = False
        self._legend_key: tuple | None = None
        self._legend_rows: list[list[str]] = []
        self.on_msg(self._on_msg)
        self.observe(self._mode_changed, names=["bot_mode"])
        self._refresh()

    # ---- the same path for clicks and for code -------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def bots(self) -> dict[int, Bot]:
        return self.session.bots

    @property
    def message(self) -> dict[str, Any]:
        return self.session.message

    @property
    def info(self) -> dict[str, Any]:
        """What the page knows of the position: turn, player, over, undo/redo, timeline."""
        return self.view.get("info", {})

    @property
    def placeholder(self) -> str:
        return self.view.get("placeholder", "")

    @property
    def show_log(self) -> bool:
        return not self.compact

    @property
    def moves(self) -> list[str]:
        """The moves played on this board, as lines of Python that replay them."""
        return self.session.moves()

    def play(self, action: Action | list | Any) -> IllegalAction | None:
        """Apply an action as a click would; return the refusal instead of raising it."""
        return self.session.play(action)

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> bool:
        return self.session.redo()

    def reset(self, state: GameState) -> None:
        self.session.reset(state)

    def new_game(self, seed: int | None = None) -> GameState:
        return self.session.new_game(seed)

    @property
    def hot_seat(self) -> bool:
        """Whether several people share this screen (see :meth:`Session.set_hot_seat`)."""
        return self.session.hot_seat

    @hot_seat.setter
    def hot_seat(self, on: bool) -> None:
        self.session.set_hot_seat(on)
        self.session.refresh()

    @property
    def passing(self) -> int | None:
        """Hot seat: the seat the screen waits for (the board shows nothing else), or None."""
        return self.session.passing

    def take_seat(self, seat: int | None = None) -> bool:
        """Hot seat: the player the screen was passed to takes it (their "I am ..." button)."""
        return self.session.take_seat(seat)

    def run_bots(self, limit: int | None = None) -> None:
        """Let the bots play now (after fixing one, say)."""
        mode = self.session.bot_mode
        if limit is None:
            self.session.bot_mode = "instant"
        try:
            self.session.run_bots(limit)
        finally:
            self.session.bot_mode = mode
        self.session.refresh()

    def seek(self, k: int | None) -> None:
        self.session.seek(k)

    def linked(self, render: Render, **kwargs: Any) -> Board:
        """Another view of the same game (clicks on either play in it)."""
        kwargs.setdefault("compact", True)
        return Board(render=render, session=self.session, **kwargs)

    def save(self, path: str | Path | None = None) -> Path:
        """Save the session as a game record (seed + setup + actions) that replays exactly; a
        plain name goes to ``saved_games/<game>/`` (see :meth:`Session.save`)."""
        try:
            return self.session.save(path)
        finally:
            self.session.refresh()              # "Saved to …", or why not

    def code(self) -> str:
        """The session as Python code."""
        return self.session.code()

    @classmethod
    def load(cls, path: str | Path, bots: Mapping[int, Bot] | None = None, **kwargs: Any) -> Board:
        """Reopen a saved session; the record is replayed through the rules."""
        from ._record import load_record
        return cls(load_record(path), bots=bots, **kwargs)

    # ---- export: a static copy beside the live widget ---------------------------------------
    def static_html(self, note: str = "") -> str:
        """The board as static HTML (its SVG, status and latest moves): what an exported notebook
        shows where the live widget cannot run, and what a page shows until the live board is
        drawn (it stays, with a way out, if the live board never starts)."""
        s = self.session.shown()
        hidden = self.session.hot_seat and not s.is_over
        if hidden:                # written into the notebook: what every player may see
            s = s.view(None)
        e = html.escape
        bid = e(self.board_id)
        hide = (f'.jp-OutputArea:has(.explorer-board[data-model="{bid}"]) '
                f'.explorer-static[data-model="{bid}"] {{ display: none !important; }}')
        label = f"{_GAME_NAMES.get(s.info.game, s.info.game)} board: {s.status()}"
        parts = [f'<div class="explorer-static" data-game="{e(s.info.game)}" data-model="{bid}" '
                 f'role="img" aria-label="{e(label, quote=True)}"><style>{hide}'
                 '.jp-LabShell .explorer-static-live { display: block !important; }</style>',
                 '<div class="explorer-static-live" style="display:none;background:#e8eefc;'
                 'border:1px solid #5470c6;padding:4px 8px;margin-bottom:4px">'
                 + e(note or "A picture of the board while its live version starts. If the live "
                     "board does not appear, the browser was too busy to start it: call redraw() "
                     "on the board (for example board.redraw()) to draw it again; the game is "
                     "kept.") + "</div>"]
        if self.view.get("placeholder"):
            parts.append(f'<div class="explorer-static-banner" style="background:#fff3cd">'
                         f'{e(self.view["placeholder"])}</div>')
        parts.append(f"<div><b>{e(s.status())}</b></div>")
        drawing = s.to_svg() if hidden else self.svg or s.to_svg()   # as the live board, full width
        parts.append(drawing.replace("<svg", '<svg style="width:100%;height:auto;max-width:100%"', 1)
                     if drawing.lstrip().startswith("<svg") else drawing)
        if not self.compact:
            groups = self.session.history_groups(6)
            if groups:
                parts.append("<div><i>Latest moves:</i><ul>" + "".join(
                    f"<li><b>{e(g['turn'])}</b>: " + "; ".join(e(ln["text"]) for ln in g["lines"])
                    + "</li>" for g in groups) + "</ul></div>")
            if s.is_over:
                parts.append(f"<div>{e(s.result().explanation)}</div>")
        parts.append("<div><small>A static copy of a live board (run the notebook to play).</small>"
                     "</div></div>")
        return "".join(parts)

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display, publish_display_data
        self._static = display(HTML(self.static_html()), display_id=True)
        bundle = super()._repr_mimebundle_()
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = ""      # the static copy above stands for the board where no widget runs
        publish_display_data(data, metadata)
        self._watch_start()

    def redraw(self) -> Board:
        """A new live view of this board's game (same drawing, seats and session): for a page
        that could not start the board. Display it (or let the notebook show it)."""
        fresh = self._another_view()
        for cls in self._dom_classes:
            fresh.add_class(cls)
        return fresh

    def _another_view(self) -> Board:
        """A view like this one, of the same session (a game's board may say how)."""
        try:
            return type(self)(session=self.session, render=self._render, preview=self._preview,
                              compact=self.compact)
        except TypeError:             # a board class made otherwise: a linked view
            return self.linked(self._render, compact=self.compact, preview=self._preview)

    def _watch_start(self) -> None:
        try:
            import asyncio
            asyncio.get_running_loop().call_later(self.START_WAIT, self._check_started)
        except RuntimeError:              # no event loop: no page either
            pass

    def _check_started(self) -> None:
        """No page reported this board drawn: where pages do draw boards in this kernel, the
        page was too busy when the board loaded, so a fresh view of the game takes the place of
        the static copy (in the same output, so the page shows it), watched in turn, at most
        ``REDRAWS`` times."""
        if self.started or not Board._page_seen or self._static is None:
            return
        if self._redraws >= self.REDRAWS:
            return
        try:
            fresh = self.redraw()
            fresh._redraws = self._redraws + 1
            handle, self._static = self._static, None
            handle.update(_Redrawn(fresh))
            fresh._static = handle
            self._redrawn = fresh
            fresh._watch_start()
        except Exception:  # outside a kernel there is nothing to redraw
            pass

    # ---- internals ------------------------------------------------------------------------
    def _mode_changed(self, change: dict) -> None:
        mode = change["new"]
        if mode not in BOT_MODES:
            self.bot_mode = change["old"]
            return
        self.session.bot_mode = mode
        if mode == "instant":
            self.session.run_bots()
        self.session.refresh()

    def _refresh(self) -> None:
        session = self.session
        s = session.seen(session.shown())
        view = self._view(s)
        with self.hold_sync():
            self.svg = self._render(s) if session.passing is None else ""
            self.view = view
        if self._static is not None:
            self._schedule_static()

    STATIC_DELAY = 1.5
    """Seconds a board waits after a change before it rewrites its static copy (clicks stay
    quick; the copy an export shows is at most this late)."""

    def _schedule_static(self) -> None:
        if self._static_pending:
            return
        self._static_pending = True
        try:
            import asyncio
            asyncio.get_running_loop().call_later(self.STATIC_DELAY, self._write_static)
        except RuntimeError:              # no event loop (a script): write it now
            self._write_static()

    def _write_static(self) -> None:
        self._static_pending = False
        if self._static is None:
            return
        try:
            from IPython.display import HTML
            self._static.update(HTML(self.static_html()))
        except Exception:  # outside a kernel there is nothing to update
            self._static = None

    def _view(self, s: GameState) -> dict[str, Any]:
        session = self.session
        present = session.state
        data = s.info.data
        primary = session.views[0] is self   # the banner shows once per game, on its first view
        placeholder = ""
        if primary and data is not None and getattr(data, "has_placeholders", False):
            n = len(data.placeholders())
            placeholder = (f"Placeholder data: {n} of this game's printed components are not known "
                           "here and were made up so that it can be played (drawn dashed or "
                           "marked ?).")
        players = s.info.players
        seats = [{"seat": p, "label": s.player_label(p), "colour": s.player_colour(p)[1],
                  "bot": bot_label(session.bots[p]) if p in session.bots else ""}
                 for p in range(players)]
        info = {"game": s.info.game, "turn": len(s.log), "length": len(present.log),
                "player": s.current_player, "over": s.is_over, "chance": s.info.chance,
                "can_undo": bool(session.undo_stack) and session.cursor is None,
                "can_redo": bool(session.redo_stack) and session.cursor is None,
                "bot_to_move": session.bot_to_move(), "cursor": session.cursor,
                "seed": None if session.hot_seat and not s.is_over else s.info.seed}
        view: dict[str, Any] = {"status": s.status(), "message": dict(session.message),
                                "info": info, "placeholder": placeholder, "seats": seats,
                                "compact": self.compact, "hot_seat": self._hot_seat_view(s)}
        passing = session.passing
        if self.compact:
            return view
        choices: list[dict[str, Any]] = []
        more = 0
        if session.cursor is None and not s.is_over and not session.bot_to_move() \
                and passing is None:
            listed = s.choices()
            more = max(0, len(listed) - MAX_CHOICES)
            if s.is_chance_node:
                probs = dict(s.chance_outcomes())
                listed = [(a, f"{t} (probability {probs.get(a, '?')})") for a, t in listed]
            choices = [{"action": a.to_json(), "text": t} for a, t in listed[:MAX_CHOICES]]
        view.update({
            "choices": choices, "more_choices": more,
            "history": session.history_groups() if passing is None else [],
            "legend": self._legend(s),
            "result": s.result().to_dict([s.player_label(p) for p in range(players)])
            if s.is_over else None,
            "awaiting": s.awaiting(),
            "last": _last(s),
            "preview": self._preview(s) if self._preview and session.cursor is None
            and not s.is_over and not session.bot_to_move() and passing is None else None,
            "saves": session.listed_saves(),
        })
        return view

    def _hot_seat_view(self, s: GameState) -> dict[str, Any] | None:
        """What the page needs of hot-seat play: whether it is on (and may be: two humans at
        least), the seat at the screen, and the seat the screen waits for."""
        session = self.session
        if len(session.humans()) < 2:
            return None
        to = session.passing
        at = session.viewer if session.hot_seat and isinstance(session.viewer, int) else None
        return {"on": session.hot_seat, "at": at,
                "at_label": s.player_label(at) if at is not None else "",
                "passing": to, "to_label": s.player_label(to) if to is not None else "",
                "to_colour": s.player_colour(to)[1] if to is not None else ""}

    def _legend(self, s: GameState) -> list[list[str]]:
        """The game's legend (remembered: it depends on the game and its seats, not the move)."""
        key = (s.info.game, s.info.players, s.info.data_version)
        if self._legend_key != key:
            self._legend_key, self._legend_rows = key, [list(pair) for pair in s.legend()]
        return self._legend_rows

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Answer one message from the page. Whatever it holds, the page hears back: the move, the
        refusal, or that the message was not understood (so its pending state never sticks);
        never a raw exception."""
        self._seen += 1
        try:
            with self.hold_sync():      # the answer and this view's new position: one message
                self._answer(content)
        except Exception as e:  # the last resort (the answer could not be sent): still answer
            self._internal_error(e)

    def _answer(self, content: Any) -> None:
        session = self.session
        try:
            problem = _message_problem(content)
            kind = content.get("type") if problem is None and isinstance(content, dict) else None
            name = _HANDLERS.get(kind) if isinstance(kind, str) else None
            if problem is not None:
                session._refuse(UnknownAction(
                    "bad-message", "engine.action",
                    f"The board got a message it cannot read: {problem}."))
            elif name is None:
                session._refuse(UnknownAction(
                    "bad-message", "engine.action",
                    f"The board got a message it does not understand: {shorten(content, 120)}."))
            elif kind in _WHILE_PASSING and session.passing is not None:
                session._refuse(session._pass_first())
            elif kind == "target" and not _plain_target(content.get("target")):
                session._refuse(_nothing_there(session.shown()))   # no board draws it: no game is asked
            else:
                getattr(self, name)(content)        # a game's board may refine a handler
        except ExplorerError as e:
            session.message = {"kind": "illegal", "code": getattr(e, "code", "error"),
                               "rule": getattr(e, "rule", "engine.action"), "text": str(e)}
            session.refresh()
        except Exception as e:  # a fault of the explorer itself: said, never raised at the page
            self._internal_error(e)
        finally:
            self.answered = self._seen

    def _internal_error(self, err: Exception) -> None:
        """Say on the board that answering failed inside the explorer (a bug to report)."""
        session = self.session
        session.message = {"kind": "illegal", "code": "internal-error", "rule": "",
                           "text": "Something went wrong inside the explorer while answering; the "
                                   "board shows the game as it is now. Please report it: "
                                   f"{type(err).__name__}: {cut(str(err), 160)}"}
        try:
            session.refresh()
        except Exception:  # a view that cannot draw at all: at least the answer gets through
            pass
        self.answered = self._seen

    # ---- message handlers -------------------------------------------------------------------
    def _msg_click(self, content: dict) -> None:
        self.play(content.get("action"))

    def _msg_target(self, content: dict) -> None:
        self.session.explain_target(content.get("target"))

    def _msg_next(self, content: dict) -> None:
        if self.session.bot_to_move():
            self.session.run_bots(limit=1)
            self.session.message = {"kind": "ok", "text": self.session.lines[-1].text
                                    if self.session.lines else ""}
        self.session.refresh()

    def _msg_bots(self, content: dict) -> None:
        self.run_bots()

    def _msg_seek(self, content: dict) -> None:
        to = content.get("to")
        self.session.seek(None if to is None else _int(to, "the timeline position"))

    def _msg_branch(self, content: dict) -> None:
        self.session.branch()

    def _msg_new(self, content: dict) -> None:
        self.session.new_game()

    def _msg_save(self, content: dict) -> None:
        """Save under the name typed on the page (none: the game and the time), in this game's
        folder; a failure is said as one."""
        session = self.session
        name = content.get("name")
        try:
            path = None if name is None or (isinstance(name, str) and not name.strip()) \
                else save_file_name(name)
            self.save(path)
        except ExplorerError as e:
            session.message = {"kind": "illegal", "code": "not-saved", "rule": "",
                               "text": f"Not saved: {e}"}
            session.refresh()

    def _msg_load(self, content: dict) -> None:
        """Load a save of this game's folder by its name (one the page listed)."""
        session = self.session
        name = content.get("name")
        try:
            if not isinstance(name, str) or not name.strip():
                raise OptionError("choose a saved game in the list beside Load first")
            session.load(save_file_name(name))
            session.save_list = session.saved_games()
        except ExplorerError as e:
            session.message = {"kind": "illegal", "code": "not-loaded", "rule": "",
                               "text": f"Not loaded: {e}"}
        session.refresh()

    def _msg_list_saves(self, content: dict) -> None:
        session = self.session
        saves = session.save_list = session.saved_games()
        where = f"{session.folder.as_posix()}/"
        text = (f"Choose a saved game (from {where}), then Load." if saves else
                f"No saved games of {session.state.game_name} yet: Save writes them to {where}.")
        session.message = {"kind": "saves", "saves": saves, "text": text}
        session.refresh()

    def _msg_code(self, content: dict) -> None:
        s = self.session.state
        if self.session.hot_seat and not s.is_over:
            self.session._refuse(IllegalAction(
                "code-after-the-end", "engine.hot-seat",
                "In hot-seat play the session's code is shown once the game is over: it holds "
                "every player's secret moves (board.code() gives it in Python)."))
            return
        self.session.message = {"kind": "code", "text": "The session as Python code:",
                                "code": self.session.code()}
        self.session.refresh()

    def _msg_undo(self, content: dict) -> None:
        if not self.undo():
            self.session.message = {"kind": "ok", "text": "Nothing to undo."}
            self.session.refresh()

    def _msg_redo(self, content: dict) -> None:
        if not self.redo():
            self.session.message = {"kind": "ok", "text": "Nothing to redo."}
            self.session.refresh()

    def _msg_ping(self, content: dict) -> None:
        pass

    def _msg_seat(self, content: dict) -> None:
        """Hot seat: "I am <player>" on the pass screen."""
        session = self.session
        seat = content.get("seat")
        if session.passing is None:              # a late click: the screen was already taken
            session.message = {"kind": "ok", "text": "The screen is not waiting for anyone: "
                                                     "play on."}
            session.refresh()
        else:
            session.take_seat(_int(seat, "the seat") if seat is not None else None)

    def _msg_hot_seat(self, content: dict) -> None:
        """The board's "Hot seat" switch."""
        on = content.get("on")
        session = self.session
        try:
            session.set_hot_seat(on)
            session.message = {"kind": "ok", "text": (
                "Hot seat on: the board shows each player's own view, and asks for the screen to "
                "be passed between two players' turns." if on else
                "Hot seat off: the board shows the game as it did before.")}
        except OptionError as e:
            session.message = {"kind": "illegal", "code": "hot-seat", "rule": "engine.hot-seat",
                               "text": f"Hot seat not switched: {e}."}
        session.refresh()

    def _msg_ready(self, content: dict) -> None:
        """The page drew the board: remember how long it took from the board's creation."""
        ms = content.get("ms")
        if type(ms) in (int, float) and 0 <= ms < 3_600_000:
            self.started.append(float(ms))
        Board._page_seen = True
        self._take_place_back()

    def _take_place_back(self) -> None:
        """Drawn after all, though slowly: the views drawn in this board's place go (their output
        shows this board's static copy again, which this board hides), so no game shows twice."""
        fresh, self._redrawn = self._redrawn, None
        while fresh is not None:
            handle, fresh._static = fresh._static, None
            if handle is not None:
                from IPython.display import HTML
                self._static = handle
                handle.update(HTML(self.static_html()))
            if fresh in self.session.views:
                self.session.views.remove(fresh)
            nxt, fresh._redrawn = fresh._redrawn, None
            fresh.close()
            fresh = nxt

    def _msg_why(self, content: dict) -> None:
        """A question from a preview resting on a position: why may the piece not go there?
        The answer is a hover message; nothing is played."""
        raw = content.get("action")
        try:
            action = Action.from_json(raw)
            err = self.session.shown().why_illegal(action)
            asked = action.to_json()                 # what the page sent, as a plain action
        except IllegalAction as bad:             # not even an action: nothing to echo back
            err, asked = bad, None
        hover = {"action": asked, "ok": err is None,
                 "text": "Legal: click to play it." if err is None else err.message,
                 "rule": "" if err is None else err.rule, "code": "" if err is None else err.code}
        self.view = {**self.view, "hover": hover}


class _Redrawn:
    """A board drawn again in place of its static copy: the live board where widgets run, and
    the static copy (saying it was redrawn) where they do not."""

    def __init__(self, board: Board):
        self.board = board

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict, dict]:
        bundle = self.board._repr_mimebundle_()
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = ""
        data["text/html"] = self.board.static_html(
            note="The live board did not start in time (the browser was busy), so it was drawn "
                 "again here; if it still does not appear, call redraw() on the board.")
        return data, metadata


_GAME_NAMES = {"corinth": "Corinth", "gugong": "Gùgōng", "gonzaga": "Gonzaga",
               "hanging_gardens": "The Hanging Gardens", "demo": "Hex claim"}


def _last(s: GameState) -> list | None:
    """The last action of a position, as JSON (the board outlines it)."""
    log = s.log
    return log.entries[-1][0].to_json() if log.length else None


MAX_MESSAGE_DEPTH = 32
"""Deepest nesting a page message may have (the page's own are 4 deep at most)."""
MAX_MESSAGE_ITEMS = 10_000
"""Most values (lists, texts, numbers ...) a page message may hold."""
MAX_MESSAGE_TEXT = 100_000
"""Most characters of text a page message may hold."""


def _message_problem(content: Any) -> str | None:
    """Why ``content`` is not a message a page can send (JSON of a bounded size), or None.
    Walked without recursion, so no nesting can exhaust the stack."""
    stack = [(content, 0)]
    items = chars = 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if depth > MAX_MESSAGE_DEPTH:
            return "it is nested too deeply"
        t = type(value)
        if t is str:
            chars += len(value)
        elif t is list or t is tuple:
            items += len(value)
            if items > MAX_MESSAGE_ITEMS:
                break
            stack.extend((v, depth + 1) for v in value)
        elif t is dict:
            items += len(value)
            if items > MAX_MESSAGE_ITEMS:
                break
            for k, v in value.items():
                if type(k) is not str:
                    return "its keys are not all text"
                chars += len(k)
                stack.append((v, depth + 1))
        elif not (value is None or t is bool or t is int or t is float):
            return "it holds something no page sends (not text, a number or a list)"
        if chars > MAX_MESSAGE_TEXT:
            return "it holds too much text"
    if items > MAX_MESSAGE_ITEMS:
        return "it is too large"
    return None


def _plain_target(target: Any) -> bool:
    """Whether ``target`` is a place a board can draw: a short list of plain values."""
    return (type(target) is list and 1 <= len(target) <= 8 and all(
        v is None or type(v) in (bool, int) and abs(v) < 2 ** 31
        or type(v) is str and len(v) <= 200 for v in target))


def _int(value: Any, what: str) -> int:
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    raise OptionError(f"{what} is a whole number, not {shorten(value, 40)}")


_HANDLERS: dict[str, str] = {name[5:]: name for name in dir(Board) if name.startswith("_msg_")}
"""The page's message types and the method answering each (``_msg_<type>``)."""
_HANDLERS["list-saves"] = _HANDLERS.pop("list_saves")
_HANDLERS["hot-seat"] = _HANDLERS.pop("hot_seat")

_WHILE_PASSING = frozenset({"click", "target", "why", "seek", "branch"})
"""The page's messages refused while a hot-seat screen waits for the next player."""
