"""Helpers for The Hanging Gardens' tests: designed cards, gardens drawn as pictures, set-ups
with chosen chance.

The shipped building cards are placeholders, so rules tests never rely on them: they play with a
data file of their own (:func:`designed_data`) whose first cards have the layouts a test needs,
and draw the garden they start from as a picture (:func:`with_garden`). Letters: ``.`` blank
ground, ``T`` terrace, ``P`` park, ``A`` arcade, ``F`` fountain, a space for no card; an
upper-case letter followed by ``*`` holds a temple.
"""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from pathlib import Path

from explorer import hanging_gardens as hg
from explorer.hanging_gardens._grid import BLANK, W, idx

LETTER = {".": "blank", "T": "terrace", "P": "park", "A": "arcade", "F": "fountain"}

DESIGNED = {
    # a card is written as its two printed rows of three sections
    "b01": "PPP/...",      # three parks along the top
    "b02": "P../...",      # one park, top-left
    "b03": "..F/...",      # one fountain, top-right
    "b04": "T../...",      # one terrace
    "b05": "PP./...",      # two parks
    "b06": ".P./.P.",      # two parks in a column (middle)
    "b07": "P.P/...",      # two parks with a gap
    "b08": "A../...",      # one arcade
    "b09": ".../..P",      # one park, bottom-right
    "b10": "F../...",      # one fountain
    "b11": "PPP/P..",      # four parks
    "b12": "TTT/T..",      # four terraces
    "b13": ".PP/...",      # the card of the rulebook's first splitting example (turned)
    "b14": ".P./T..",      # the card of its second splitting example (turned)
    "b15": "T../PPP",      # a terrace above three parks
}


def sections(text: str) -> list[str]:
    rows = text.split("/")
    return [LETTER[ch] for row in rows for ch in row]


def designed_data(tmp_path: Path, cards: dict[str, str] | None = None) -> Path:
    """A data file like the shipped one whose cards ``cards`` (id -> layout) are replaced."""
    raw = json.loads(resources.files("explorer.hanging_gardens").joinpath("data.json").read_text())
    layouts = dict(DESIGNED, **(cards or {}))
    for rec in raw["tables"]["cards"]:
        if rec["id"] in layouts:
            rec["sections"] = sections(layouts[rec["id"]])
    path = tmp_path / "designed.json"
    path.write_text(json.dumps(raw))
    return path


DEFAULT_TILES = ("queen", "king", "tiger", "garden", "statue", "chalice")


def set_up(players: int = 2, data=None, tiles=DEFAULT_TILES, start: int = 0, cards=None,
           **options):
    """A new game with chosen chance: the face-up tiles (column 1 upper, column 1 lower, column 2
    upper, ...), the start player and the first round's cards (ids)."""
    s = hg.new_game(players=players, seed=1, data=data, chance="manual", **options)
    for t in tiles:
        s = s.apply(hg.draw(t))
    s = s.apply(hg.start(start))
    book = s.book
    n = book.cards_revealed(players)
    cards = list(cards or [])
    rest = [c for c in book.card_ids[:book.buildings] if c not in cards]
    for cid in (cards + rest)[:n]:
        s = s.apply(hg.reveal(cid))
    return s


def picture(text: str, top: int = 0, left: int = 0):
    """The squares of a garden picture: {(row, col): (motif id or "blank", temple)}."""
    out = {}
    for r, line in enumerate(text.strip("\n").split("\n")):
        c = 0
        i = 0
        while i < len(line):
            ch = line[i]
            temple = i + 1 < len(line) and line[i + 1] == "*"
            if ch != " ":
                out[(top + r, left + c)] = (LETTER[ch], temple)
            i += 2 if temple else 1
            c += 1
    return out


def garden_of(state, text: str, top: int = 0, left: int = 0, cards: int = 5):
    """A Garden drawn from a picture (the start card's squares included if the picture has
    them); ``placed`` lists the start card and ``cards - 1`` stand-in entries, so the garden
    counts as grown (the first-card rule does not apply)."""
    book = state.book
    code = {"blank": BLANK, **{m: 2 + i for i, m in enumerate(book.motifs)}}
    grid = bytearray(W * W)
    occ = 0
    temples = []
    for (r, c), (motif, temple) in picture(text, top, left).items():
        i = idx(r, c)
        grid[i] = code[motif]
        occ |= 1 << i
        if temple:
            temples.append(i)
    start = state.gardens[0].placed[0]
    placed = (start,) + tuple((0, idx(0, 0), 0) for _ in range(cards - 1))
    return hg.Garden(occ, bytes(grid), tuple(sorted(temples)), placed, (occ & -occ).bit_length() - 1)


def with_garden(state, player: int, text: str, top: int = 0, left: int = 0, cards: int = 5):
    """``state`` with ``player``'s garden replaced by the picture."""
    gardens = list(state.gardens)
    gardens[player] = garden_of(state, text, top, left, cards)
    return dataclasses.replace(state, gardens=tuple(gardens))


def with_display(state, *card_ids: str):
    """``state`` (in the take phase) with these cards face up in card spaces 1, 2, ..."""
    book = state.book
    return dataclasses.replace(state, display=tuple(book.card_index[c] for c in card_ids))


def top(state, player: int, row: int, col: int) -> str:
    """What square (row, col) of ``player``'s garden shows: a motif id, "blank ground" or ""
    (no card)."""
    code = state.gardens[player].grid[idx(row, col)]
    return "" if code == 0 else state.book.motif_name(code)


def taking(data, text: str, *cards: str, players: int = 2, player: int = 0, **kw):
    """Player ``player``'s turn in a game where their garden is the picture ``text`` and
    ``cards`` lie face up; the first card is taken."""
    s = set_up(players, data=data, start=player, **kw)
    s = with_display(with_garden(s, player, text), *cards)
    return s.apply(hg.take(1))
