"""The Hanging Gardens' figures: the point tiles' scoring curves, scoring a group now or growing
it, the odds of a hidden tile, and simulated games, as plotly figures.

Every number comes from :mod:`explorer.hanging_gardens.scoring` (or a finished game's scores);
the figures only draw it. Values the data marks as placeholders (made up because no public source
prints them) say so in the legend and in the hover text, and their points are drawn hollow.
``import explorer.hanging_gardens`` does not load this module (nor plotly): import it where
figures are made.

- :func:`tile_curves_figure`: points for holding n tiles of each kind (or, ``marginal=True``,
  what the n-th tile adds), with the persons and the guard beside them;
- :func:`group_now_or_grow_figure`: per group size, the columns it opens and the best face-up
  tile it reaches for a player now (a hidden tile first from size 6 on);
- :func:`hidden_tile_figure`: the exact chance that a hidden tile is of each kind, given what the
  player has seen;
- :func:`simulate` and :func:`simulation_figure`: many bot games, and a histogram of their
  tiles, scores or the first seat's lead.

>>> fig = tile_curves_figure()
>>> garden = next(t for t in fig.data if t.name == "garden")
>>> [float(garden.y[n]) for n in (1, 2, 3, 5)]
[2.0, 8.0, 16.0, 24.0]
>>> [t.name for t in fig.data if "king" in t.name]
['king (placeholder values)']
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Iterable, NamedTuple, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .._data import DataSet
from .._errors import OptionError, shorten
from ..plots import scoring_curve_figure, simulation_histogram
from . import scoring
from ._book import load_data

__all__ = ["TILE_COLOURS", "tile_curves_figure", "group_now_or_grow_figure", "size_outlook",
           "hidden_tile_figure", "simulate", "Simulation", "simulation_figure", "value_sources"]

TILE_COLOURS = {"queen": "#d9739b", "king": "#9c6b3c", "tiger": "#b5b82e", "garden": "#4f9d55",
                "statue": "#8c8c8c", "chalice": "#c9a227", "gate": "#3b6fb6"}
"""A colour per series kind, after the rulebook's description of the tiles (a person is drawn
in its kind's colour, dashed)."""


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ---- where the values come from -------------------------------------------------------------
def _dataset(data) -> DataSet | None:
    if data is None:
        return load_data()
    if isinstance(data, DataSet):
        return data
    info = getattr(data, "info", None)
    if info is not None and isinstance(getattr(info, "data", None), DataSet):
        return info.data
    return None


def value_sources(data=None) -> dict[str, dict[int, str]]:
    """Where each printed value comes from: kind -> {position: status}, with status "rulebook",
    "sourced" (another source) or "placeholder" (made up). For a series kind the position is the
    number of tiles held (1 .. series size); for a person, 1 is the value without a complete
    series and 2 the value with one (the guard: 1, its points per gate).

    >>> value_sources()["gate"]
    {1: 'rulebook', 2: 'rulebook', 3: 'placeholder', 4: 'rulebook'}
    """
    book = scoring._book(data)
    ds = _dataset(data)
    out: dict[str, dict[int, str]] = {}
    if ds is None:                       # a Book alone: one status per record
        for k, name in enumerate(book.tiles):
            status = "placeholder" if k in book.placeholder_tiles else "rulebook"
            size = len(book.series[k]) if k < book.kinds else 2
            out[name] = {h: status for h in range(1, size + 1)}
        return out
    confirmed = {(r["tile"], r["held"]): r.provenance.status for r in ds.table("series_values")}
    for r in ds.table("tiles"):
        size = len(r["series"])
        out[r.id] = {h: (r.provenance.status if not r.is_placeholder
                         else confirmed.get((r.id, h), "placeholder")) for h in range(1, size + 1)}
    for r in ds.table("persons"):
        if r["scoring"] == "per_tile":
            out[r.id] = {1: r.provenance.status}
        elif r.is_placeholder:           # the 3 without a complete series is the rulebook's
            out[r.id] = {1: "rulebook", 2: "placeholder"}
        else:
            out[r.id] = {1: "rulebook", 2: r.provenance.status}
    return out


_STATUS_WORDS = {"rulebook": "printed in the rulebook (or worked out from its examples)",
                 "sourced": "from a single review, not the rulebook",
                 "placeholder": "a placeholder: made up, no public source prints it"}


def _legend_name(name: str, sources: dict[int, str]) -> str:
    """A series kind's legend entry, saying which of its values are made up."""
    made_up = [h for h, st in sources.items() if st == "placeholder"]
    if made_up and len(made_up) == len(sources):
        return f"{name} (placeholder values)"
    if made_up:
        return f"{name} (value for {', '.join(map(str, made_up))} a placeholder)"
    if any(st == "sourced" for st in sources.values()):
        return f"{name} (from a review)"
    return name


# ---- the scoring curves ---------------------------------------------------------------------
def _series_hover(name, n, pts, added, series, made_up, marginal) -> str:
    k = len(series)
    full, rest = divmod(n, k)
    if n == 0:
        how = "no tiles, no points"
    elif full == 0:
        how = f"the printed value for {n}"
    else:
        how = (f"{full} complete series × {series[-1]}" if full > 1 else
               f"a complete series of {k}: {series[-1]}")
        how += f" + {series[rest - 1]} for a new series of {rest}" if rest else ""
    head = (f"{name}: the {_ordinal(n)} tile adds {added} points (n = {n}: {pts} in all)"
            if marginal else f"{name}: n = {n} tile{'s' if n != 1 else ''} → {pts} points")
    lines = [head, how]
    if n and n % k == 0:
        lines.append("series complete: the next tile starts a new series")
    elif n > k and rest == 1:
        lines.append("a new series starts with this tile")
    if made_up:
        lines.append("rests on made-up value(s) for " + ", ".join(map(str, made_up))
                     + " (placeholder)")
    return "<br>".join(lines)


def _used(n: int, k: int) -> set[int]:
    """The series positions whose printed values the points for ``n`` tiles add up."""
    used = {k} if n >= k else set()
    if n % k:
        used.add(n % k)
    return used


def tile_curves_figure(data=None, marginal: bool = False, up_to: int | None = None) -> go.Figure:
    """Points for holding n tiles of each series kind, n from 0 to the number of tiles of the
    kind in the game (or ``up_to``), left; the person tiles' points against the tiles of their
    kind held, and the guard's (3 per gate), right. With ``marginal`` each curve shows what the
    n-th tile adds instead. Markers (✕) show where a new series starts; hollow points rest on
    placeholder values. ``data``: None (the shipped data), a data set or a state."""
    book = scoring._book(data)
    sources = value_sources(data)
    if up_to is not None:
        scoring._count(up_to, "up_to")
    fig = make_subplots(rows=1, cols=2, column_widths=[0.6, 0.4], horizontal_spacing=0.08,
                        subplot_titles=("Series tiles", "Person tiles (one each)"))
    # series kinds: the generic curve figure draws the lines; the hover and markers are ours
    curves, hovers, symbols, resets = {}, {}, {}, []
    for k in range(book.kinds):
        kind = book.tiles[k]
        series = book.series[k]
        size = len(series)
        top = book.counts[k] if up_to is None else up_to
        pts = scoring.series_curve(kind, top, book)
        src = sources.get(kind, {})
        name = _legend_name(book.tile_name(k), src)
        curves[name] = [(c.held, c.points) for c in pts]
        texts, marks = [], []
        for c in pts:
            made_up = sorted(h for h in _used(c.held, size) if src.get(h) == "placeholder")
            texts.append(_series_hover(book.tile_name(k), c.held, c.points, c.marginal, series,
                                       made_up, marginal))
            marks.append("circle-open" if made_up else "circle")
            if c.held > size and c.held % size == 1:
                resets.append((c.held, c.marginal if marginal else c.points, kind, texts[-1]))
        hovers[name], symbols[name] = texts, marks
    base = scoring_curve_figure(curves, marginal=marginal,
                                colours={n: TILE_COLOURS.get(book.tiles[k], None)
                                         for k, n in enumerate(curves)})
    for trace in base.data:
        texts, marks = hovers[trace.name], symbols[trace.name]
        if marginal:                       # the n-th tile's worth starts at n = 1
            trace.x, trace.y = trace.x[1:], trace.y[1:]
            texts, marks = texts[1:], marks[1:]
        trace.text = texts
        trace.marker = dict(symbol=marks, size=7)
        trace.legendgroup = "series"
        trace.legendgrouptitle = dict(text="series tiles")
        fig.add_trace(trace, row=1, col=1)
    fig.add_trace(go.Scatter(
        x=[x for x, *_ in resets], y=[float(y) for _, y, *_ in resets], mode="markers",
        name="a new series starts", legendgroup="resets",
        marker=dict(symbol="x-thin", size=11, line=dict(width=2, color="#222")),
        text=[t for *_, t in resets], hovertemplate="%{text}<extra></extra>"), row=1, col=1)
    # the persons and the guard
    for pk, linked, kind_scoring, _, _, per_tile in book.persons:
        person = book.tiles[pk]
        src = sources.get(person, {})
        kind = book.tiles[linked]
        size = len(book.series[linked])
        top = book.counts[linked] if up_to is None else up_to
        xs = list(range(top + 1))
        ys = [scoring.person_points(person, n, book) for n in xs]
        label = book.tile_name(pk)
        texts, marks = [], []
        for n, y in zip(xs, ys):
            if kind_scoring == "per_tile":
                how = f"{per_tile} per {book.tile_name(linked)} held"
                made_up = src.get(1) == "placeholder"
            else:
                full = n >= size
                how = (f"a complete series of {size}: the person's second value" if full else
                       f"no complete series of {size}: the person's first value")
                made_up = src.get(2 if full else 1) == "placeholder"
            added = y - (ys[n - 1] if n else 0)
            linked_name = book.tile_name(linked)
            head = (f"{label}: the {_ordinal(n)} {linked_name} adds {added} to it (n = {n}: {y} "
                    "in all)" if marginal else
                    f"{label} with n = {n} {linked_name}{'s' if n != 1 else ''} → {y} points")
            texts.append("<br>".join([head, how] + (["a placeholder value (made up)"] if made_up
                                                    else [])))
            marks.append("circle-open" if made_up else "circle")
        if marginal:
            xs, texts, marks = xs[1:], texts[1:], marks[1:]
            ys = [y - p for p, y in zip(ys, ys[1:])]
        name = f"{label} (n = {book.tile_name(linked)}s)"
        if any(st == "placeholder" for st in src.values()):
            name = name[:-1] + ("; placeholder value)" if kind_scoring == "per_tile" else
                                "; complete-series value a placeholder)")
        elif any(st == "sourced" for st in src.values()):
            name = name[:-1] + "; complete-series value from a review)"
        fig.add_trace(go.Scatter(
            x=xs, y=[float(y) for y in ys], name=name, text=texts, mode="lines+markers",
            line=dict(color=TILE_COLOURS.get(kind), dash="dash", shape="hv"),
            marker=dict(symbol=marks, size=7), legendgroup="persons",
            legendgrouptitle=dict(text="person tiles"), hovertemplate="%{text}<extra></extra>"),
            row=1, col=2)
    what = "points the n-th tile adds" if marginal else "points"
    fig.update_layout(title_text=("What the next tile is worth" if marginal else
                                  "Points for holding n tiles of a kind"),
                      legend=dict(groupclick="toggleitem"), hovermode="closest", height=520)
    fig.update_xaxes(title_text="n: tiles of the kind held", dtick=1, row=1, col=1)
    fig.update_xaxes(title_text="n: tiles of the person's kind held", dtick=1, row=1, col=2)
    fig.update_yaxes(title_text=what, row=1, col=1)
    fig.update_yaxes(title_text=what.replace("tile adds", "tile adds to the person"), row=1, col=2)
    return fig


# ---- scoring a group now or growing it ------------------------------------------------------
def _player(state, player):
    if player is None:
        player = state.mover
        if player < 0:
            raise OptionError("no player is to move now; name the player")
    return state.check_player(player)


def _columns_text(cols: Sequence[int]) -> str:
    if not cols:
        return "no column (too small to score)"
    if len(cols) == 1:
        return f"column {cols[0]}"
    return "columns " + ", ".join(map(str, cols[:-1])) + f" and {cols[-1]}"


def size_outlook(state, player: int | None = None,
                 sizes: Iterable[int] = range(3, 8)) -> list[dict]:
    """Per group size: the columns it opens, the best face-up tile they hold now with its value
    to ``player`` (:func:`~explorer.hanging_gardens.scoring.next_tile_values`), and for a group
    big enough the hidden tile first, with its expected value (exact, from
    :func:`~explorer.hanging_gardens.scoring.hidden_tile_odds`, counted on its own)."""
    p = _player(state, player)
    book = state.book
    values = scoring.next_tile_values(state, p)
    odds = scoring.hidden_tile_odds(state, p)
    expected = sum((f * values[k] for k, f in odds.items()), Fraction(0))
    out = []
    for size in sizes:
        scoring._count(size, "size")
        spaces = [sp for sp in book.spaces_open(size) if state.faceup[sp] >= 0]
        best = max(spaces, key=lambda sp: values[book.tiles[state.faceup[sp]]], default=None)
        tile = book.tiles[state.faceup[best]] if best is not None else None
        bonus = size >= book.c["bonus_group"] and bool(odds)
        out.append({"size": size, "columns": scoring.columns_for(size, book), "tile": tile,
                    "value": values[tile] if tile else 0,
                    "space": book.space_name(best) if best is not None else None,
                    "hidden": expected if bonus else None})
    return out


def group_now_or_grow_figure(state, player: int | None = None,
                             sizes: Iterable[int] = range(3, 8)) -> go.Figure:
    """The value of scoring a group now or growing it, for ``player`` (default: the player to
    move) in ``state``: per group size, the best face-up tile the columns it opens hold (what
    that tile adds to the player's points now), and from size 6 on the hidden tile taken first
    (its expected value). The player's own groups are marked at their sizes."""
    p = _player(state, player)
    book = state.book
    rows = size_outlook(state, p, sizes)
    sources = value_sources(state)
    xs = [r["size"] for r in rows]
    texts = []
    for r in rows:
        t = [f"a group of {r['size']}: {_columns_text(r['columns'])}"]
        if r["tile"]:
            note = (" (placeholder values)" if any(st == "placeholder" for st in
                                                   sources.get(r["tile"], {}).values()) else "")
            t.append(f"best face-up tile: {book.tile_name(book.tile_index[r['tile']])} "
                     f"({r['space']}), adds {r['value']} points now{note}")
        else:
            t.append("no face-up tile in those columns")
        texts.append("<br>".join(t))
    fig = go.Figure(go.Bar(x=xs, y=[r["value"] for r in rows], name="best face-up tile",
                           marker_color="#4f9d55", text=[
                               (book.tile_name(book.tile_index[r["tile"]]) if r["tile"] else "—")
                               for r in rows], textposition="inside", customdata=texts,
                           hovertemplate="%{customdata}<extra></extra>"))
    hid = [r for r in rows if r["hidden"] is not None]
    if hid:
        fig.add_trace(go.Bar(
            x=[r["size"] for r in hid], y=[float(r["hidden"]) for r in hid],
            name="hidden tile first (expected)", marker_color="#6d5a3c",
            customdata=[f"a group of {r['size']}: first a hidden tile from the stacks<br>expected "
                        f"value {r['hidden']} ≈ {float(r['hidden']):.2f} points (each "
                        "unseen tile equally likely, counted on its own)" for r in hid],
            hovertemplate="%{customdata}<extra></extra>"))
    # the player's groups: where they stand now
    mine = [o for o in scoring.group_outlook(state, p, grow=0) if o.size >= 2]
    for o in mine:
        if o.size in xs:
            r = rows[xs.index(o.size)]
            state_words = ("holds a temple" if o.temple else
                           "may be scored now" if o.scorable_now else "not scorable now")
            fig.add_annotation(x=o.size, y=r["value"] + float(r["hidden"] or 0), showarrow=True,
                               arrowhead=2, ay=-30, yshift=4,
                               text=f"{o.motif} ({o.size}, {state_words})", font=dict(size=10))
    fig.update_layout(barmode="stack", title_text=f"Score a group now or grow it: "
                      f"{state.player_label(p)}", legend_title_text="", bargap=0.25,
                      xaxis=dict(title_text="group size (sections): the columns it opens",
                                 tickvals=xs, ticktext=[
                                     f"{r['size']}: {_columns_text(r['columns'])}" for r in rows]),
                      yaxis_title="points the tile adds now")
    return fig


# ---- the hidden tile ------------------------------------------------------------------------
def hidden_tile_figure(state, player: int | None = None) -> go.Figure:
    """The chance that a tile ``player`` (default: the player to move) draws hidden from the
    stacks is of each kind, given the tiles they have seen
    (:func:`~explorer.hanging_gardens.scoring.hidden_tile_odds`), as percentages; the hover shows
    the exact fraction and the count of unseen tiles."""
    p = _player(state, player)
    book = state.book
    odds = scoring.hidden_tile_odds(state, p)
    unseen = scoring.unseen_tiles(state, p)
    total = sum(unseen.values())
    kinds = list(book.tiles)
    probs = [odds.get(k, Fraction(0)) for k in kinds]
    colours = [TILE_COLOURS.get(k, "#7d5ba6") for k in kinds]
    fig = go.Figure(go.Bar(
        x=[book.tile_name(i) for i in range(len(kinds))], y=[float(f) for f in probs],
        customdata=[[str(f), unseen.get(k, 0)] for f, k in zip(probs, kinds)],
        marker_color=colours, name="hidden tile",
        hovertemplate=(f"%{{x}}: %{{customdata[1]}} of the {total} tiles not seen<br>"
                       "P = %{customdata[0]} (%{y:.2%})<extra></extra>")))
    fig.update_layout(title_text=(f"A hidden tile for {state.player_label(p)}: {total} tiles not "
                                  "seen yet"), showlegend=False, bargap=0.2,
                      xaxis_title="kind of tile (persons in purple)",
                      yaxis_title="P(the hidden tile is this kind)")
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


# ---- simulations ----------------------------------------------------------------------------
_BOTS = ("greedy", "random")
_BOT_COLOURS = {"greedy": "#2e7d32", "random": "#a08c64"}


class Simulation(NamedTuple):
    """Finished games and who played each seat."""

    games: list                    # the final states
    bots: tuple[str, ...]          # per seat: "greedy" or "random"


def simulate(games: int = 20, players: int = 3, bots: Sequence[str] | None = None,
             seed: int = 0, progress: bool = False) -> Simulation:
    """Play ``games`` whole games with bots (:mod:`~explorer.hanging_gardens.bots`). ``bots``
    names each seat's player, "greedy" or "random" (default: greedy first, random after); game
    ``g`` uses seed ``seed + g`` and the random players draw from their own seeded stream, so a
    run repeats. With ``progress`` a progress bar shows in a notebook."""
    from . import bots as hg_bots
    from ..notebook import progress as bar
    if type(games) is not int or not 1 <= games <= 100_000:
        raise OptionError(f"games must be a number from 1 to 100000, not {shorten(games, 40)}")
    names = tuple(bots) if bots is not None else ("greedy",) + ("random",) * (players - 1)
    if len(names) != players or any(n not in _BOTS for n in names):
        raise OptionError(f"bots names one player per seat ({players}), each one of "
                          f"{', '.join(_BOTS)}, not {shorten(bots, 60)}")
    ends = []
    items: Iterable[int] = range(games)
    if progress:
        items = bar(items, total=games, description="games")
    for g in items:
        rng = random.Random(seed + g)
        seats = [hg_bots.greedy_bot if n == "greedy" else
                 (lambda s, rng=rng: hg_bots.random_bot(s, rng)) for n in names]
        ends.append(hg_bots.play_game(players, seed=seed + g, bots=seats))
    return Simulation(ends, names)


_WHAT = {"tiles": "point tiles at the end", "score": "final score",
         "lead": "seat 1's lead over the best other seat"}


def _seats_text(seats: Sequence[int]) -> str:
    return (f"seat {seats[0] + 1}" if len(seats) == 1 else
            "seats " + ", ".join(str(p + 1) for p in seats))


def simulation_figure(sim: Simulation, what: str = "score", bin: int = 1,
                      title: str = "") -> go.Figure:
    """Histograms over the games of :func:`simulate`, one per kind of player (greedy, random):
    ``what`` is "tiles" (point tiles each player holds at the end), "score" (final scores) or
    "lead" (seat 1's score minus the best other seat's, one value per game). ``bin`` groups
    values (with ``bin=5`` the bar at 20 counts 20 to 24). Bars are shares of that kind's
    results (:func:`explorer.plots.simulation_histogram`); the hover gives the counts."""
    if what not in _WHAT:
        raise OptionError(f"what must be one of {', '.join(_WHAT)}, not {shorten(what, 40)}")
    if type(bin) is not int or not 1 <= bin <= 1000:
        raise OptionError(f"bin must be a whole number from 1 to 1000, not {shorten(bin, 40)}")
    if not isinstance(sim, Simulation) or not sim.games:
        raise OptionError("simulation_figure draws the result of simulate(...)")
    ends = sim.games
    if what == "lead":
        groups = [(f"seat 1 ({sim.bots[0]})", sim.bots[0],
                   [e.scores()[0] - max(e.scores()[1:]) for e in ends])]
        unit = "games"
    else:
        groups = []
        for kind in _BOTS:
            seats = [p for p, n in enumerate(sim.bots) if n == kind]
            if seats:
                groups.append((f"{kind} ({_seats_text(seats)})", kind,
                               [e.tile_count(p) if what == "tiles" else e.scores()[p]
                                for e in ends for p in seats]))
        unit = "results"
    fig = go.Figure()
    for label, kind, values in groups:
        binned = [v - v % bin for v in values]
        bars = simulation_histogram(binned, name=unit).data[0]
        bars.name = label
        bars.marker.color = _BOT_COLOURS[kind]
        where = "%{x}" if bin == 1 else "%{text}"
        if bin > 1:
            bars.text = [f"{x} to {x + bin - 1}" for x in bars.x]
            bars.textposition = "none"
        bars.hovertemplate = (f"{label}, {where}: %{{customdata}} of {len(binned)} {unit} "
                              "(%{y:.1%})<extra></extra>")
        fig.add_trace(bars)
    axis = _WHAT[what] if bin == 1 else f"{_WHAT[what]} (bars of {bin}: 20 counts 20 to {19 + bin})"
    fig.update_layout(title_text=title or f"{_WHAT[what].capitalize()}, {len(ends)} games of "
                      f"{len(sim.bots)} players", barmode="group", bargap=0.15,
                      xaxis_title=axis, yaxis_title=f"share of each kind's {unit}",
                      legend_title_text="")
    fig.update_yaxes(tickformat=".0%")
    fig.update_xaxes(dtick=bin)
    return fig


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "hanging_gardens")
