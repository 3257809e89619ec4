"""The rulebook's worked examples as positions, reached by playing through the rules.

The rulebook explains splitting a group with two pictures. The positions here are not drawn by
hand: each is reached by a two-player game played move by move through the rules (chance chosen,
``chance="manual"``), so every card in the garden was placed legally, every temple was placed
by scoring a group, and the game's record replays. The shipped building cards are placeholders,
so the examples play with a few cards designed for them (:func:`example_data`: the shipped data
with ten building cards replaced, still flagged as placeholders). Player 1 (seat 0) lays the
example's cards; Player 2 takes the other cards and puts each in its first legal place, never
scoring.

- :func:`split_example` ``(1)``: a scored group of seven parks, and the card that cuts it so
  that a new group of four, without a temple, may be scored;
- :func:`split_example` ``(2)``: the second picture, where the split leaves nothing to score;
- :func:`big_group_example`: a group of seven being scored, the hidden bonus tile offered.

>>> ex = split_example(1)
>>> ex.state.phase, ex.placement
('place', Action('place', -1, 3, 1))
>>> after = ex.state.apply(ex.placement)
>>> after.phase, [len(squares) for _, squares in after.pending[2]]
('score', [4])
>>> split_example(2).state.apply(split_example(2).placement).phase     # nothing to score
'take'
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

from .._action import Action
from .._data import DataSet, parse_data
from .._errors import OptionError, shorten
from ._actions import decline, draw, hidden, place, reveal, start, take, temple
from ._book import SCHEMA
from ._state import HangingGardensState, new_game

__all__ = ["EXAMPLE_CARDS", "example_data", "Example", "split_example", "big_group_example"]

_LETTER = {".": "blank", "T": "terrace", "P": "park", "A": "arcade", "F": "fountain"}

EXAMPLE_CARDS = {
    "b01": "PPP/...", "b02": "PPP/...", "b03": "PPP/...",     # three parks along the top
    "b04": "P../...", "b05": "P../...",                       # one park, top left
    "b06": ".PP/...",                                         # the card of the first split
    "b07": "TTT/...",                                         # three terraces
    "b08": "A../...", "b09": "A../...",                       # one arcade, top left
    "b10": ".P./T..",                                         # the card of the second split
}
"""The designed building cards, each as its two printed rows of three sections (``.`` blank
ground, ``T`` terrace, ``P`` park, ``A`` arcade, ``F`` fountain)."""

_NOTE = ("Designed for the rulebook's worked examples (explorer.hanging_gardens.examples); the "
         "real card list is not public.")

_TILES = ("queen", "king", "tiger", "garden", "statue", "chalice")
"""The face-up tiles dealt at set-up (column 1 upper, column 1 lower, column 2 upper, ...)."""


@lru_cache(maxsize=1)
def example_data() -> DataSet:
    """The shipped data with the building cards of :data:`EXAMPLE_CARDS` replaced (validated
    like any data file; its version differs from the shipped one)."""
    raw = json.loads(resources.files("explorer.hanging_gardens").joinpath("data.json")
                     .read_text("utf-8"))
    for rec in raw["tables"]["cards"]:
        if rec["id"] in EXAMPLE_CARDS:
            rec["sections"] = [_LETTER[ch] for ch in EXAMPLE_CARDS[rec["id"]].replace("/", "")]
            rec["provenance"] = {"status": "placeholder", "note": _NOTE}
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()
    return parse_data(raw, SCHEMA, "The Hanging Gardens data with the examples' cards", digest,
                      shipped=False)


class Example(NamedTuple):
    """A position of a worked example and the move the rulebook's picture makes there."""

    state: HangingGardensState     # Player 1 has taken the example's card and must place it
    placement: Action              # where the rulebook's picture lays it
    text: str                      # what the rulebook says happens


# Player 1's moves: (card, row, col, turn, temple square or None to decline a group)
_SPLIT_1 = (("b01", 0, 0, 0, (0, 0)),        # three parks on the start card, scored at once
            ("b04", 0, 2, 0, None),          # blank ground to the right
            ("b05", 0, 4, 0, None),
            ("b02", 0, 3, 0, None),          # the scored group grows to six ...
            ("b03", 0, 4, 0, None))          # ... and seven
_SPLIT_2 = (("b08", 0, 2, 0, None),          # blank ground to the right (a lone arcade each)
            ("b09", 0, 4, 0, None),
            ("b07", 0, 0, 0, (0, 1)),        # three terraces, scored
            ("b01", 1, 0, 0, None),          # a row of parks below them, not scored ...
            ("b02", 1, 3, 0, None),
            ("b03", 1, 4, 0, (1, 6)))        # ... until it has seven
_EXAMPLES = {
    1: (_SPLIT_1, "b06", place(-1, 3, 1),
        "A card covers two sections of a scored group of seven parks: blank ground cuts it, and "
        "with the card's own parks the right-hand part becomes a new group of four without a "
        "temple. It has sections on the new card, so it may be scored: a temple on one of its "
        "sections and a tile from column 1 or 2."),
    2: (_SPLIT_2, "b10", place(0, 3, 1),
        "Cut this way, the group of seven parks leaves nothing to score: the new group of three on "
        "the right already holds a temple, and so does the group of four terraces above; the new "
        "group of three on the left has no section on the card just played."),
}


def split_example(which: int) -> Example:
    """The rulebook's first (``1``) or second (``2``) example of splitting a group: Player 1
    (seat 0) holds the card that splits it, ``placement`` lays it as the picture does."""
    if type(which) is not int or which not in _EXAMPLES:
        raise OptionError(f"the rulebook has splitting examples 1 and 2, not {shorten(which, 40)}")
    return _split(which)


@lru_cache(maxsize=None)
def _split(which: int) -> Example:
    plan, card, placement, text = _EXAMPLES[which]
    return Example(_play(plan, card), placement, text)


@lru_cache(maxsize=1)
def big_group_example() -> HangingGardensState:
    """Player 1 scores a group of seven parks (the second example's garden before its split):
    a group of 6 or more may first take a hidden tile from the stacks."""
    return _play(_SPLIT_2, None, stop="bonus")


def _play(plan, last: str | None, stop: str | None = None, seed: int = 0) -> HangingGardensState:
    """A two-player game in which seat 0 plays ``plan`` and then takes card ``last`` (the state
    returned is then in the place phase), or the first state in phase ``stop``."""
    rng = random.Random(seed)
    s = new_game(players=2, seed=seed, data=example_data(), chance="manual")
    for kind in _TILES:
        s = s.apply(draw(kind))
    s = s.apply(start(0))
    mine = [c for c, *_ in plan] + ([last] if last else [])
    book = s.book
    fillers = [c for c in book.card_ids[:book.buildings] if c not in mine]
    to_reveal = list(mine)
    moves = list(plan)
    while True:
        ph = s.phase
        if ph == stop:
            return s
        if ph == "reveal":             # each round: seat 0's next two cards, then two others
            k = len(s.display)
            card = to_reveal.pop(0) if k < 2 and to_reveal else fillers.pop(0)
            s = s.apply(reveal(card))
        elif s.is_chance_node:         # a tile drawn from the stacks, by its probability
            s = s.apply(s._sample_chance(rng))
        elif s.mover == 1:
            if ph == "take":
                space = next(k for k, c in enumerate(s.display)
                             if c >= 0 and book.card_ids[c] not in mine)
                s = s.apply(take(space + 1))
            else:                      # the first legal place; declines every group
                s = s.apply(s.legal_actions()[0])
        elif ph == "take":
            card = moves[0][0] if moves else last
            s = s.apply(take(s.display.index(book.card_index[card]) + 1))
            if not moves:
                return s
        elif ph == "place":
            _, row, col, turn, _ = moves[0]
            s = s.apply(place(row, col, turn))
            if s.phase != "score":
                if moves.pop(0)[4]:
                    raise AssertionError(f"the example's plan scores a group at {row, col}, "
                                         "but the card makes none to score")
        elif ph == "score":
            square = moves.pop(0)[4]
            s = s.apply(temple(*square) if square else decline())
        elif ph == "bonus":
            s = s.apply(hidden())
        else:                          # a face-up tile: the first one offered
            s = s.apply(s.legal_actions()[0])


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
