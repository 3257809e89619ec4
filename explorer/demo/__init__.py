"""Hex claim: the explorer's small demonstration game, a worked example of the engine contract.

It is not one of the four games. It exists to show, in a few dozen lines, every piece a game
package has: a data file with provenance (some values are deliberate placeholders), a rule
catalogue, a frozen state with enumerated legal actions, refusals that name their rule, a chance
event (who starts), scoring with networkx, a static SVG and a live board.

Rules: on a 19-cell hexagon, players take turns claiming a cell; once you own a cell you must
claim next to your own cells while you can. When all cells are claimed, each player scores the
points of their cells plus the size of their largest group of touching cells.

>>> s = new_game(players=2, seed=4)
>>> s.current_player in (0, 1)             # the opening die roll was resolved from the seed
True
>>> s = s.apply(claim(0, 0))
>>> s.why_illegal(claim(0, 0)).code
'cell-taken'
>>> s.why_illegal(claim(5, 5)).code
'no-such-hex'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import svg
from .._action import Action, Signature, signatures
from .._chance import uniform, weighted
from .._data import DataSet, Fact, Field, Schema, load_data as _load, resolve_data
from .._engine import CHANCE, GameInfo, GameState, Log, cache_field, make_info
from .._errors import IllegalAction, NotYourTurn, UnknownAction
from .._record import replay as _replay
from ..hexgrid import Hex, hex_corners, hex_graph, spiral, to_pixel

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["new_game", "claim", "load_data", "SCHEMA", "DemoState", "replay", "PLAYER_COLOURS"]

GAME = "demo"
RULES_VERSION = "1"
PLAYER_COLOURS = ("#d95f02", "#1b9e77", "#7570b3", "#e7298a")
COLOUR_NAMES = ("orange", "teal", "violet", "pink")
_FIRST = tuple(Action("first", p) for p in range(len(PLAYER_COLOURS)))


def _board_shape(data: DataSet):
    cells = {Hex(r["q"], r["r"]) for r in data.table("cells")}
    if cells != set(spiral(Hex(0, 0), 2)):
        yield "the cells must form the hexagon of radius 2 (19 cells) around (0, 0)"


SCHEMA = Schema(
    game=GAME,
    filename="data.json",
    tables={"cells": {"q": Field(int, -2, 2), "r": Field(int, -2, 2), "points": Field(int, 1, 5)}},
    facts=(Fact("demo.setup.board", _board_shape),),
)


def load_data(path: str | Path | None = None) -> DataSet:
    """The shipped board data, or a user's file after the same validation."""
    return _load(SCHEMA, path)


def claim(q: int, r: int) -> Action:
    """The action of claiming hex (q, r)."""
    return Action("claim", q, r)


def replay(record: dict, **kwargs: Any) -> "DemoState":
    """A saved Hex claim game, replayed through the rules (a record of another game is refused)."""
    return _replay(record, game=GAME, **kwargs)


@dataclass(frozen=True, slots=True)
class DemoState(GameState):
    SIGNATURES = signatures(Signature("claim", ("q", int), ("r", int)),
                            Signature("first", ("player", int)))

    info: GameInfo
    log: Log
    cells: tuple[Hex, ...]
    points: tuple[int, ...]
    owner: tuple[int | None, ...]
    first: int | None = None
    claims: int = 0
    _cache: dict = cache_field()

    # ---- whose decision ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """demo.setup.first-player, then demo.turn.order."""
        if self.first is None:
            return CHANCE
        return (self.first + self.claims) % self.info.players

    @property
    def is_over(self) -> bool:
        """demo.end.full: every cell claimed."""
        return all(o is not None for o in self.owner)

    # ---- chance -----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """demo.setup.first-player: each player starts with probability 1/players."""
        return weighted(*self._chance_weights())

    def _chance_weights(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        if self.first is not None:
            return GameState.chance_outcomes(self)  # raises: no chance event is due
        n = self.info.players
        return _FIRST[:n], uniform(n)

    # ---- legality ---------------------------------------------------------------------------
    def _index(self, h: Hex) -> int | None:
        return self._cache.setdefault("index", {c: i for i, c in enumerate(self.cells)}).get(h)

    def _free_next_to_own(self, player: int) -> list[Hex]:
        own = {c for c, o in zip(self.cells, self.owner) if o == player}
        return [c for c, o in zip(self.cells, self.owner)
                if o is None and any(n in own for n in c.neighbors())]

    def _legal(self) -> list[Action]:
        if self.current_player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        near = self._free_next_to_own(self.current_player)
        targets = near or [c for c, o in zip(self.cells, self.owner) if o is None]
        return [claim(*h) for h in targets]

    def _explain(self, action: Action) -> IllegalAction | None:
        if action.kind == "first":
            if self.first is not None:
                return NotYourTurn("not-chance", "demo.setup.first-player",
                                   "The first player has already been decided.")
            return None  # an impossible outcome: the engine's chance message says so
        if self.current_player == CHANCE:
            return None
        h = Hex(*action.args)
        i = self._index(h)
        if i is None:
            return UnknownAction("no-such-hex", "demo.setup.board",
                                 f"There is no hex {hex_name(*h)} on the board.")
        if self.owner[i] is not None:
            return IllegalAction("cell-taken", "demo.claim.free",
                                 f"Hex {hex_name(*h)} is already claimed by "
                                 f"{self.player_label(self.owner[i])}.")
        near = self._free_next_to_own(self.current_player)[0]
        return IllegalAction("not-adjacent", "demo.claim.adjacent",
                             f"Hex {hex_name(*h)} does not touch your cells, and free cells next to "
                             f"yours remain (for example {hex_name(*near)}).")

    # ---- effects ----------------------------------------------------------------------------
    def _step(self, action: Action) -> DemoState:
        if action.kind == "first":
            return replace(self, first=action.args[0])
        i = self._index(Hex(*action.args))
        owner = list(self.owner)
        owner[i] = self.current_player
        return replace(self, owner=tuple(owner), claims=self.claims + 1)

    # ---- scoring ----------------------------------------------------------------------------
    def territory(self, player: int) -> "nx.Graph":
        """The player's cells as a graph of touching hexes."""
        self.check_player(player)
        return hex_graph(c for c, o in zip(self.cells, self.owner) if o == player)

    def largest_group(self, player: int) -> int:
        import networkx as nx
        g = self.territory(player)
        return max((len(c) for c in nx.connected_components(g)), default=0)

    def scores(self) -> tuple[int, ...]:
        """demo.score.points: points of owned cells + size of the largest group."""
        out = []
        for p in range(self.info.players):
            pts = sum(v for v, o in zip(self.points, self.owner) if o == p)
            out.append(pts + self.largest_group(p))
        return tuple(out)

    def describe(self, action: Action) -> str:
        if action.kind == "first":
            return f"{self.player_label(action.args[0])} starts."
        return f"{self.player_label(self.current_player)} claims hex {hex_name(*action.args)}."

    def player_colour(self, player: int) -> tuple[str, str]:
        return COLOUR_NAMES[player], PLAYER_COLOURS[player]

    def legend(self) -> list[tuple[str, str]]:
        return [(_sample("#f4efe1", "#2b8a3e", 3), "a free hex you may claim now (green outline)"),
                (_sample("#f4efe1", "#555", 1.2), "a free hex you may not claim now (click it to see why)"),
                (_sample("#f4efe1", "#555", 1.2, dashed=True), "dashed, with '?': a placeholder value"),
                *((_sample(c, "#555", 1.2), f"claimed by {self.player_label(p)}")
                  for p, c in enumerate(PLAYER_COLOURS[:self.info.players])),
                ("3", "the hex's points; the small label (e.g. q0 r0) names the hex")]

    # ---- rendering --------------------------------------------------------------------------
    def to_svg(self, interactive: bool = False, size: float = 34.0) -> str:
        """The board as SVG; with ``interactive`` free cells carry their claim action."""
        legal = set(self.legal_actions()) if interactive else set()
        data = self.info.data
        placeholder = {(r["q"], r["r"]) for r in data.placeholders()} if data is not None else set()
        pad = size * 1.2
        width = size * 3 ** 0.5 * 5 + 2 * pad
        height = size * 1.5 * 4 + 2 * size + 2 * pad
        parts = []
        for h, pts, owner in zip(self.cells, self.points, self.owner):
            x, y = to_pixel(h, size)
            x, y = x + width / 2, y + height / 2 - 10
            corners = " ".join(f"{svg.fmt(a)},{svg.fmt(b)}" for a, b in hex_corners((x, y), size * 0.95))
            act = claim(*h)
            attrs: dict[str, Any] = {
                "points": corners, "class_": "cell" + (" legal" if act in legal else ""),
                "data-hex": f"{h.q},{h.r}", "data-owner": "" if owner is None else owner,
                "fill": "#f4efe1" if owner is None else PLAYER_COLOURS[owner],
                "stroke": "#2b8a3e" if act in legal else "#555",
                "stroke-width": 3 if act in legal else 1.2,
                "stroke-dasharray": "5 3" if tuple(h) in placeholder else None,
            }
            if interactive and not self.is_over:   # illegal cells too: a click there is explained
                attrs["data-action"] = '["claim", %d, %d]' % (h.q, h.r)
            parts.append(svg.el("polygon", attrs))
            label = f"{pts}?" if tuple(h) in placeholder else str(pts)
            ink = "#222" if owner is None else "#fff"
            parts.append(svg.text(x, y + 3, label, text_anchor="middle", font_size=15,
                                  pointer_events="none", fill=ink))
            parts.append(svg.text(x, y + 17, hex_name(*h), text_anchor="middle", font_size=8.5,
                                  pointer_events="none", fill=ink, opacity=0.75))
        status = self.status()
        parts.append(svg.text(pad / 2, height - 12, status, font_size=13, class_="status"))
        if placeholder:
            parts.append(svg.text(width - pad / 2, height - 12, "dashed, '?': placeholder value",
                                  font_size=11, text_anchor="end", fill="#8a6d00"))
        return svg.doc(width, height, "".join(parts), class_="demo-board",
                       **{"data-turn": len(self.log), "data-over": str(self.is_over).lower()})


def hex_name(q: int, r: int) -> str:
    """A hex as the board labels it: ``q0 r-1``."""
    return f"q{q} r{r}"


def _sample(fill: str, stroke: str, width: float, dashed: bool = False) -> str:
    pts = " ".join(f"{svg.fmt(a)},{svg.fmt(b)}" for a, b in hex_corners((20, 12), 10))
    return svg.doc(40, 24, svg.el("polygon", {"points": pts, "fill": fill, "stroke": stroke,
                                              "stroke-width": width,
                                              "stroke-dasharray": "3 2" if dashed else None}))


def new_game(players: int = 2, seed: int | None = None, data: str | Path | DataSet | None = None,
             chance: str = "auto", **options: Any) -> DemoState:
    """A new game of Hex claim for 2-4 players (no options)."""
    ds = resolve_data(SCHEMA, data, "Hex claim")
    info = make_info(GAME, rules_version=RULES_VERSION, players=players, allowed_players=(2, 3, 4),
                     seed=seed, chance=chance, options=options, known_options={}, data=ds,
                     data_version=ds.version)
    recs = ds.table("cells")
    state = DemoState(info, Log(), tuple(Hex(r["q"], r["r"]) for r in recs),
                      tuple(r["points"] for r in recs), (None,) * len(recs))
    return state._settle()
