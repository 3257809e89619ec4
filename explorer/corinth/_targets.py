"""What a Corinth board says about clicks that are not actions, and its legend.

A board sends ``data-target`` values for things that are not moves: another player's score
sheet, a part of a sheet that is filled in automatically (the turn track, the gold and goat
tracks, the district bonuses, the yellow dice earned), or an empty area. Each gets an answer
naming the rule that governs it.

>>> from explorer import corinth
>>> s = corinth.new_game(players=3, seed=7)
>>> explain_target(s, ["sheet", 2]).code
'not-your-sheet'
>>> explain_target(s, ["part", 0, "turns"]).rule
'corinth.supply.turn-track'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import svg
from .._errors import IllegalAction, NotYourTurn

if TYPE_CHECKING:
    from ._state import CorinthState

_PARTS = {
    "turns": ("corinth.supply.turn-track", "The turn track: the first player crosses its leftmost "
              "free spot at the start of each round (the explorer does it); the game ends when "
              "every spot is crossed."),
    "gold": ("corinth.resources.track", "The gold track: gold gained is circled here and gold spent "
             "is crossed out; it is marked by the actions that gain or spend gold."),
    "goats": ("corinth.resources.track", "The goat track: goats gained are circled here and goats "
              "spent are crossed out; it is marked by the actions that gain or spend goats."),
    "bonus": ("corinth.deliver.bonus", "A district bonus: the first player to complete every shop "
              "of the district circles it; the others cross it out."),
    "yellow": ("corinth.market.yellow", "The yellow dice earned on the market: each is rolled with "
               "the white dice whenever this player is the first player."),
    "score": ("corinth.end.running-score", "The score so far, and its breakdown by category."),
}


def explain_target(state: CorinthState, target: Any) -> IllegalAction:
    """The answer to a click on a part of the board that is not an action."""
    kind = target[0] if isinstance(target, list) and target else None
    if kind == "sheet" and len(target) == 2 and type(target[1]) is int \
            and 0 <= target[1] < state.players:
        p = target[1]
        mover = state.current_player
        if state.is_over:
            return IllegalAction("not-a-choice", "engine.game-over",
                                 f"This is {state.player_label(p)}'s score sheet; the game is over.")
        if mover < 0 or p != mover:
            who = ("the dice are being rolled" if mover < 0 else
                   f"it is {state.player_label(mover)}'s turn")
            return NotYourTurn("not-your-sheet", "engine.turn",
                               f"This is {state.player_label(p)}'s score sheet: only the player to "
                               f"move marks their sheet, and {who}.")
        return IllegalAction("not-a-choice", "engine.legal",
                             "Nothing on this part of the sheet can be marked now: the places that "
                             "can are framed in green.")
    if kind == "part" and len(target) == 3 and target[2] in _PARTS:
        rule, text = _PARTS[target[2]]
        return IllegalAction("not-a-choice", rule, f"{text} Nothing is played by clicking it.")
    if state.is_over:
        return IllegalAction("not-a-choice", "engine.game-over",
                             "Nothing to play there: the game is over.")
    return IllegalAction("not-a-choice", "engine.legal",
                         "Nothing to play there. The choices of the moment are framed in green "
                         "and listed under \"What can I do now?\".")


def legend(state: CorinthState) -> list[tuple[str, str]]:
    """Every symbol the Corinth boards draw, with its meaning."""
    from ._svg import DISTRICT_COLOURS, die

    def box(fill: str, text: str = "", stroke: str = "#555", dash: str | None = None,
            width: float = 1) -> str:
        return svg.doc(40, 24, svg.el("rect", {"x": 2, "y": 2, "width": 36, "height": 20, "rx": 3,
                                               "fill": fill, "stroke": stroke, "stroke-width": width,
                                               "stroke-dasharray": dash})
                       + (svg.text(20, 16, text, font_size=10, text_anchor="middle") if text else ""))

    out = [
        (box("#fff", stroke="#2e7d32", width=3), "green frame: a legal choice now (click it)"),
        (box("#fff", dash="4 3"), "dashed outline: a placeholder value (not known here, made up so "
                                  "the game can be played)"),
        (box("#fff", stroke="#ff9800", width=4), "orange outline: the last move"),
        (svg.doc(40, 24, die(8, 0, 4, "white", 22)), "a white die (the harbor groups dice by value)"),
        (svg.doc(40, 24, die(8, 0, 4, "yellow", 22)), "a yellow die: bought for 1 gold or earned on "
                                                      "the market; it leaves after the first turn"),
        (box(DISTRICT_COLOURS["gold"], "3 gold"), "market space: gain 3 gold when the Steward stops"),
        (box(DISTRICT_COLOURS["goats"], "2 goats"), "market space: gain 2 goats"),
        (box(DISTRICT_COLOURS["blue"], "2"), "market space: deliver 2 goods of its colour"),
        (svg.doc(40, 24, svg.el("rect", {"x": 2, "y": 2, "width": 36, "height": 20, "rx": 3,
                                         "fill": "#fff", "stroke": "#555"}) + die(11, 3, 1, "yellow", 18)),
         "market space: earn a yellow die (rolled whenever you are first player)"),
        (box("#fff", "★"), "scoring space: write the number of circled spaces (◆)"),
        (box("#fff", "+1"), "a +1 space: counts twice when scoring"),
        (box("#fff", "◆7"), "points written on a scoring space (the last one counts)"),
        (svg.doc(40, 24, svg.el("circle", {"cx": 20, "cy": 12, "r": 9, "fill": "#fff",
                                           "stroke": "#333", "stroke-width": 2.5})
                 + svg.text(20, 16, "4", font_size=10, text_anchor="middle")),
         "district bonus: circled by the first to complete the district, crossed for the others"),
        (box("#fff", "II"), "turn track: a spot is crossed at the start of each of your rounds"),
    ]
    for p in range(state.players):
        name, colour = state.player_colour(p)
        out.append((svg.doc(40, 24, svg.el("circle", {"cx": 20, "cy": 12, "r": 6, "fill": colour})),
                    f"{state.player_label(p)}: the Steward and its line on this player's market"))
    return out
