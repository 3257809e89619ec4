"""Words for a position: labels, what the game waits for, a sentence per action, and the
board's hooks (click targets, legend).

Places are named the way a board labels them, once: a garden square is "row 2, column -1"
(``_grid.square_name``; (0, 0) is the start card's top-left section), a card space "card space 3"
(1 = leftmost), a face-up tile "column 2, lower tile" (``Book.space_name``), a seat "Player 2
(black)" in its temple colour (``player_label``).

Click targets (``explain_target``) are JSON lists a board puts on the things it draws:
``["square", player, row, col]``, ``["temple", player, row, col]``, ``["card", space]``,
``["tile", column, row]`` and ``["stack", 1 or 2]``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .._action import Action
from .._engine import run_steps
from .._errors import IllegalAction, NotYourTurn, shorten
from .. import svg
from ._actions import (BONUS, BONUS_DRAW, DEAL, DISCARD, MOVE, OVER, PLACE, REFILL, REVEAL,
                       SCORE, START, TAKE, TILE, hidden, move_temple, place, take, temple, tile)
from ._grid import TURN_NAMES, group_at, idx, on_grid, rc, square_name

__all__ = ["player_label", "player_colour", "awaiting", "awaiting_chance", "turn_label",
           "describe", "describe_chance_run", "explain_target", "legend", "status", "rounds"]


def player_colour(s, p: int) -> tuple[str, str]:
    """The seat's temple colour as (name, hex), from the data."""
    colours = s.book.seat_colours
    return colours[p % len(colours)]


def player_label(s, p: int) -> str:
    """How the board names a seat: 'Player 2 (black)'."""
    return f"Player {p + 1} ({player_colour(s, p)[0]})"


def rounds(s) -> int:
    """How many rounds the building cards last (the tiles may end the game sooner)."""
    per = s.book.cards_revealed(s.players)
    return -(-s.book.buildings // per)


def _columns(book, size: int) -> str:
    cols = book.columns_open(size)
    return (f"column {cols[0]}" if len(cols) == 1 else
            "columns " + ", ".join(map(str, cols[:-1])) + f" and {cols[-1]}")


def awaiting_chance(s) -> str:
    ph = s.phase
    book = s.book
    if ph == DEAL:
        return (f"a face-up point tile is being drawn onto {book.space_name(s.faceup.index(-1))}")
    if ph == START:
        return "the start player is being drawn"
    if ph == REVEAL:
        return (f"building card {len(s.display) + 1} of {book.cards_revealed(s.players)} is being "
                f"turned up")
    if ph == BONUS_DRAW:
        return f"the hidden tile of {player_label(s, s.mover)} is being drawn from the stacks"
    if ph == REFILL:
        return f"{book.space_name(s.pending[0])} is being refilled from the stacks"
    return "no chance event"


def awaiting(s) -> str:
    """What the game waits for, in words."""
    ph = s.phase
    if ph == OVER:
        return "the game is over"
    if ph in (DEAL, START, REVEAL, BONUS_DRAW, REFILL):
        return awaiting_chance(s)
    who = player_label(s, s.mover)
    book = s.book
    if ph == TAKE:
        return f"{who} must take one of the face-up building cards"
    if ph == PLACE:
        return f"{who} must place {book.card_text(s.pending[0])} in their garden"
    if ph == DISCARD:
        return f"{who} must discard {book.card_text(s.pending[0])}, which fits nowhere in their garden"
    if ph == SCORE:
        n = len(s.pending[2])
        return (f"{who} may score {'the group' if n == 1 else 'one of the ' + str(n) + ' groups'} "
                "the new card made or grew (temple on one of its sections), or decline")
    if ph == MOVE:
        return f"{who} must choose which temple moves to the group scored"
    if ph == BONUS:
        return (f"{who} may take the hidden tile a group of {s.pending[0]} earns, or decline")
    return f"{who} must take a face-up point tile from {_columns(book, s.pending[0])}"


def turn_label(s) -> str:
    """'Round 4 · Player 2 (black)'; the set-up and each round's cards have their own label."""
    ph = s.phase
    if ph == OVER:
        return "End"
    if ph in (DEAL, START):
        return "Set-up"
    if ph == REVEAL:
        return f"Round {s.round} · Cards turned up"
    return f"Round {s.round} · {player_label(s, s.mover)}"


def status(s) -> str:
    if s.is_over:
        r = s.result()
        return f"Game over. Scores: {', '.join(map(str, r.totals))}. {r.explanation}"
    if s.round == 0:
        return f"Set-up: {awaiting(s)}."
    return f"Round {s.round} of {rounds(s)}: {awaiting(s)}."


# ---- a sentence per action -------------------------------------------------------------------
def describe(s, a: Action) -> str:
    """A sentence for ``a`` played here (a board's history line)."""
    try:
        return _describe(s, a)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError, AssertionError):
        return f"{player_label(s, s.mover) if s.mover >= 0 else 'Chance'}: {_plain(a)}"


def _describe(s, a: Action) -> str:
    book = s.book
    k, args = a.kind, a.args
    if k == "start":
        return f"{player_label(s, args[0])} is the start player."
    if k == "reveal":
        return (f"{book.card_text(book.card_index[args[0]]).capitalize()} is turned up onto card "
                f"space {len(s.display) + 1}.")
    if k == "draw":
        if s.phase == DEAL:
            return f"A {_tile(book, args[0])} tile is dealt onto {book.space_name(s.faceup.index(-1))}."
        if s.phase == BONUS_DRAW:
            who = player_label(s, s.mover)
            if args[0] == "?":
                return f"{who} draws the hidden tile from the stacks and keeps it face down."
            return f"{who} draws the hidden tile from the stacks: a {_tile(book, args[0])}."
        if s.phase == REFILL:
            return f"A {_tile(book, args[0])} tile refills {book.space_name(s.pending[0])}."
    who = player_label(s, s.mover)
    if k == "take":
        return f"{who} takes {book.card_text(s.display[args[0] - 1])} from card space {args[0]}."
    if k == "place":
        row, col, turn = args
        return (f"{who} places {book.card_text(s.pending[0])} with its top-left on "
                f"{square_name(row, col)}, {TURN_NAMES[turn]}.")
    if k == "discard":
        return f"{who} discards {book.card_text(s.pending[0])}: it fits nowhere in their garden."
    if k == "temple":
        g = s.gardens[s.mover]
        grp = group_at(g.grid, idx(*args))
        motif = book.motif_name(g.grid[idx(*args)])
        moving = " (a temple will move there: all five are placed)" if s.temples_left(s.mover) == 0 else ""
        return (f"{who} scores the group of {len(grp)} {motif} sections with a temple on "
                f"{square_name(*args)}{moving}.")
    if k == "move_temple":
        g = s.gardens[s.mover]
        n = len(group_at(g.grid, idx(*args)))
        return f"{who} moves the temple from {square_name(*args)} (a group of {n})."
    if k == "hidden":
        return f"{who} takes the hidden tile from the stacks."
    if k == "decline":
        if s.phase == BONUS:
            return f"{who} does not take the hidden tile."
        return f"{who} scores no group this turn."
    if k == "tile":
        space = book.space_of(*args)
        return f"{who} takes the {book.tile_name(s.faceup[space])} tile from {book.space_name(space)}."
    return f"{who}: {_plain(a)}"


def _plain(a: Action) -> str:
    """An action in words when no sentence fits it: its kind and arguments, no Python."""
    return " ".join([str(a.kind).replace("_", " "), *map(str, a.args)]).strip()


def _tile(book, kind_id: str) -> str:
    return kind_id.replace("_", " ")


def describe_chance_run(s, actions: Sequence[Action]) -> str:
    """One sentence for a run of chance events: the set-up, a round's cards, a refill."""
    cards, dealt, other = [], [], []
    for cur, a in run_steps(s, actions):
        if a.kind == "reveal" and a.args[0] in cur.book.card_index:
            cards.append(cur.book.card_text(cur.book.card_index[a.args[0]]))
        elif a.kind == "draw" and cur.phase == DEAL:
            dealt.append(_tile(cur.book, a.args[0]))
        else:
            other.append(describe(cur, a).rstrip("."))
    parts = []
    if dealt:
        parts.append(f"The face-up tiles are dealt: {', '.join(dealt)}")
    parts += other
    if cards:
        parts.append(f"{'Card' if len(cards) == 1 else 'Cards'} turned up: {'; '.join(cards)}")
    return ". ".join(parts) + "." if parts else ""


# ---- click targets ---------------------------------------------------------------------------
def _ints(values) -> bool:
    return all(type(v) is int for v in values)


NOW_RULE = {TAKE: "hanging_gardens.round.must-take", PLACE: "hanging_gardens.round.place-now",
            DISCARD: "hanging_gardens.place.unplaceable-discard", SCORE: "hanging_gardens.temple.on-group",
            MOVE: "hanging_gardens.temple.move-smallest", BONUS: "hanging_gardens.tile.bonus-hidden",
            TILE: "hanging_gardens.temple.must-take-tile"}
"""The rule of what the player to move does now (quoted when a click plays nothing)."""


def explain_target(s, target: Any) -> IllegalAction | None:
    """Why a click on ``target`` (see the module docstring) plays nothing now, naming the rule;
    None when it stands for a legal action. ``["board"]`` is a click on the drawing between
    the things it shows."""
    if isinstance(target, (list, tuple)) and list(target) == ["board"]:
        return _nothing_there(s)
    if not isinstance(target, (list, tuple)) or not target or type(target[0]) is not str:
        return _not_a_target(s, target)
    kind, args = target[0], tuple(target[1:])
    shapes = {"square": 3, "temple": 3, "card": 1, "tile": 2, "stack": 1}
    if kind not in shapes or len(args) != shapes[kind] or not _ints(args):
        return _not_a_target(s, target)
    if s.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is played.")
    if s.is_chance_node:
        return NotYourTurn("chance-pending", "engine.chance",
                           f"Wait: {awaiting_chance(s)}.")
    me = s.mover
    if kind in ("square", "temple"):
        q, row, col = args
        if not 0 <= q < s.players:
            return _not_a_target(s, target)
        if q != me:
            return _other_garden(s, q)
        if s.phase == TAKE:
            return IllegalAction("take-first", "hanging_gardens.round.must-take",
                                 "First take one of the face-up building cards (they are framed "
                                 "green); then you place it in your garden.")
        if s.phase == MOVE:
            return s.why_illegal(move_temple(row, col))
        if s.phase == PLACE and kind == "square":
            if not on_grid(row, col):
                return s.why_illegal(place(row, col, 0))
            i = idx(row, col)
            if any(s.pending[1].has(i, t) for t in range(4)):
                return None
            from ._setup import allowed_turns
            return s.why_illegal(place(row, col, allowed_turns(s.info)[0]))
        if kind == "temple" and s.phase != SCORE:
            return IllegalAction("temples-stay", "hanging_gardens.temple.move",
                                 "A temple stays where it is; it moves only when its owner, with all "
                                 "five temples placed, scores a new group and it stands in a "
                                 f"smallest temple-holding group. Now {awaiting(s)}.")
        return s.why_illegal(temple(row, col))
    if kind == "card":
        return s.why_illegal(take(args[0]))
    if kind == "tile":
        return s.why_illegal(tile(*args))
    if s.phase == BONUS:
        return s.why_illegal(hidden())
    return IllegalAction("stacks-face-down", "hanging_gardens.tile.bonus-hidden",
                         "The stacks are face down: a tile is drawn from them only to refill a "
                         "face-up space, or as the hidden tile of a group of 6 or more. "
                         f"Now {awaiting(s)}.")


def _other_garden(s, q: int) -> IllegalAction:
    """A click in another player's garden: that garden is theirs; what the player to move does
    now happens in their own garden or on the board."""
    book = s.book
    whose = f"That is {player_label(s, q)}'s garden"
    ph = s.phase
    if ph == TAKE:
        text = (f"{whose}: you build only your own. First take one of the face-up building cards "
                "(framed green); then you place it in your own garden.")
    elif ph == PLACE:
        text = (f"{whose}: you place {book.card_text(s.pending[0])} in your own garden, at once "
                "(move it over your garden, framed in bold, and click a green spot).")
    elif ph == DISCARD:
        text = (f"{whose}. {book.card_text(s.pending[0]).capitalize()} fits nowhere in your own "
                "garden, so it must be discarded (the button above the gardens).")
    elif ph == SCORE:
        text = (f"{whose}: you may score only a group in your own garden that the card you just "
                "placed made or grew (click one of its sections, framed green), or decline.")
    elif ph == MOVE:
        text = (f"{whose}: the temple that moves is one of your own, in a smallest scored group "
                "of your garden.")
    elif ph == BONUS:
        text = (f"{whose}: now you decide whether to draw the hidden tile your group of "
                f"{s.pending[0]} earns (the buttons above the gardens).")
    else:
        text = (f"{whose}: now you take a point tile from the board, from "
                f"{_columns(book, s.pending[0])} (framed green).")
    return IllegalAction("not-your-garden", NOW_RULE.get(ph, "hanging_gardens.setup.start-card"), text)


def _nothing_there(s) -> IllegalAction:
    """A click between the things the board draws."""
    if s.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is played.")
    if s.is_chance_node:
        return NotYourTurn("chance-pending", "engine.chance", f"Wait: {awaiting_chance(s)}.")
    return IllegalAction("nothing-there", NOW_RULE.get(s.phase, "engine.turn"),
                         f"Nothing is played there. Now {awaiting(s)}.")


def _not_a_target(s, target: Any) -> IllegalAction:
    return IllegalAction("not-a-target", NOW_RULE.get(s.phase, "engine.turn"),
                         "That is not a card, a tile, a stack, a temple or a square of a garden on "
                         f"this board, so nothing is played. Now {awaiting(s)}.")


# ---- legend ------------------------------------------------------------------------------------
MOTIF_HEX = {"red": "#c8553d", "green": "#5b9a3c", "yellow": "#e2b93b", "blue": "#3f7cc2"}
BLANK_HEX = "#e8dcc0"


def motif_hex(book, code: int) -> str:
    """The colour a board draws a grid code in (blank ground, or the motif's colour)."""
    if code < 2:
        return BLANK_HEX
    return MOTIF_HEX.get(book.motif_colours[code - 2], "#999999")


def _swatch(fill: str, shape: str = "rect") -> str:
    if shape == "temple":
        body = svg.el("polygon", {"points": "9,2 16,16 2,16", "fill": fill, "stroke": "#333"})
    else:
        body = svg.el("rect", {"x": 1, "y": 1, "width": 16, "height": 16, "fill": fill,
                               "stroke": "#555"})
    return svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18}, body)


def legend(s) -> list[tuple[str, str]]:
    """The symbols of the garden drawing and what they mean."""
    book = s.book
    out = [(_swatch(BLANK_HEX), "blank building ground")]
    for i, m in enumerate(book.motifs):
        out.append((_swatch(motif_hex(book, 2 + i)), f"{m} ({book.motif_colours[i]})"))
    for p in range(s.players):
        out.append((_swatch(player_colour(s, p)[1], "temple"), f"a temple of {player_label(s, p)}"))
    out.append(("?", "a face-down point tile (kinds hidden from the other players)"))
    return out


def rc_name(i: int) -> str:
    return square_name(*rc(i))
