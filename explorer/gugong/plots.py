"""Gùgōng's figures: the Destiny dice, the scoring curves and the travel map, as plotly figures.

Every number comes from :mod:`explorer.gugong.odds`, :mod:`explorer.gugong.scoring` or
:mod:`explorer.gugong.graph`; the figures only draw it. Values the data marks as placeholders
(the dice faces, the cards' values, the palace spots, the map...) say so in the legend and the
hover text. ``import explorer.gugong`` loads neither this module nor plotly: import it where
figures are made.

- :func:`servants_figure`: the servants a discard pile earns in the evening (doubles and triples
  included) and how many of its cards match, exactly / at least / at most n;
- :func:`match_by_size_figure`: the chance that a pile of n cards drawn from the game's cards
  matches the dice at all, and the servants it earns on average;
- :func:`bonus_figure`: the chance of winning the Destiny bonus against opponents' piles of a
  given size;
- :func:`die_turn_figure`: the Intrigue benefit of 5 steps, as a heat map: what turning one die to
  each face would earn;
- :func:`jade_figure`, :func:`palace_figure`, :func:`trade_figure`, :func:`wall_figure`: the
  scoring curves;
- :func:`travel_map_figure`: the travel map on the board's layout, cities coloured by centrality,
  with the cities a traveller reaches in k moves; :func:`travel_value_figure`: the tokens of each
  kind a 1- or 2-move Travel action collects, on average.

>>> fig = servants_figure([3, 3, 7, 9], view="at_least")
>>> [t.name for t in fig.data]
['servants earned (placeholder dice faces)', 'matching cards (placeholder dice faces)']
>>> list(fig.data[0].x)[:2], list(fig.data[0].customdata)[:2]   # P(>= 1 servant): the pile matches
([1, 2], ['13/18', '43/108'])
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Sequence

import plotly.graph_objects as go

from .._errors import OptionError, shorten
from ..plots import bar, check_view, scoring_curve_figure, y_axis
from . import _args, graph, odds, scoring
from ._book import Book, load_data

__all__ = ["servants_figure", "match_by_size_figure", "random_pile_odds", "bonus_figure",
           "die_turn_figure", "jade_figure", "palace_figure", "trade_figure", "wall_figure",
           "travel_map_figure", "travel_value_figure", "dice_are_placeholders"]

SERVANT_COLOUR = "#b5651d"
MATCH_COLOUR = "#2f6db5"
PLACEHOLDER = "placeholder"


# ---- where the values come from -------------------------------------------------------------
def _book(data=None, players: int = 3) -> Book:
    if isinstance(data, Book):
        return data
    book = getattr(data, "book", None)
    if isinstance(book, Book):
        return book
    data = _args.data(data)
    return Book.of(data if data is not None else load_data(), players)


def _table_is_placeholder(book: Book, table: str) -> bool:
    return any(r.is_placeholder for r in book.data.table(table))


def _from_data(dice) -> bool:
    """Whether ``dice`` names a data set (None: the shipped one; a state, a book, a data set)
    rather than face lists of the caller's own."""
    return dice is None or isinstance(dice, Book) or hasattr(dice, "book") or hasattr(dice, "table")


def _dice_book(dice) -> Book:
    """The book the dice (and the default pool of cards) come from."""
    return _book(dice) if _from_data(dice) else _book()


def dice_are_placeholders(dice=None) -> bool:
    """Whether the dice faces drawn come from placeholder data (the shipped dice are: no public
    text prints their faces). Faces given as lists are the caller's own, not placeholders."""
    if not _from_data(dice):
        odds.dice_faces(dice)                    # face lists of the caller's own, checked
        return False
    return _table_is_placeholder(_book(dice), "destiny_dice")


def _cards_note(pool, dice) -> str:
    return (" (placeholder card values)" if pool is None
            and _table_is_placeholder(_dice_book(dice), "gift_cards") else "")


def _dice_note(dice) -> str:
    return " (placeholder dice faces)" if dice_are_placeholders(dice) else ""


def _faces_text(dice) -> str:
    faces = odds.dice_faces(dice)
    ids = _book(dice).dice_ids if _from_data(dice) else "ABCDEFGHI"
    return "; ".join(f"{ids[i]}: {', '.join(map(str, f))}" for i, f in enumerate(faces))


def _pile_text(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, sorted(values))) + "]" if values else "an empty pile"


# ---- the Destiny dice -----------------------------------------------------------------------
def servants_figure(pile, view: str = "exact", dice=None) -> go.Figure:
    """Grouped bars: the servants ``pile`` (card values) earns in the evening, 1 per die showing a
    card's value, so a double gives 2 and a triple 3 (gugong.evening.match, .doubles); beside
    them how many of its cards match a die (what the bonus compares). ``view``: "exact",
    "at_least" or "at_most". The title gives the chance that the pile matches at all."""
    check_view(view)
    values = odds.pile_of(pile)
    dist = odds.servants_distribution(values, dice)
    matches = odds.matches_distribution(values, dice)
    top = max(max(dist), 1)                          # the most servants the pile can earn
    xs = list(range(1 if view == "at_least" else 0, top + 1))
    note = _dice_note(dice)
    fig = go.Figure([bar(dist, xs, view, f"servants earned{note}", SERVANT_COLOUR, unit="servants"),
                     bar(matches, [x for x in xs if x <= len(values)], view,
                         f"matching cards{note}", MATCH_COLOUR, unit="cards")])
    p = odds.match_probability(values, dice)
    fig.update_layout(
        title_text=(f"Destiny dice for the pile {_pile_text(values)}: it matches with "
                    f"P = {p} ({float(p):.1%}), expected {float(dist.mean()):.2f} servants"),
        barmode="group", xaxis_title="n: servants earned, or cards matching a die",
        xaxis_dtick=1, legend_title_text=f"dice {_faces_text(dice)}")
    y_axis(fig, view, what="n")
    return fig


def random_pile_odds(size: int, pool=None, dice=None) -> tuple[Fraction, Fraction]:
    """For a pile of ``size`` cards drawn at random (without replacement) from ``pool`` (card
    values; by default the game's 38 cards): the exact chance it matches at least one die, and
    the servants it earns on average."""
    if type(size) is not int or size < 0:
        raise OptionError(f"size is a whole number of cards, not {shorten(size, 40)}")
    pool = odds.pile_of(pool if pool is not None else _dice_book(dice).value[:-1])
    total = len(pool)
    if size > total:
        raise OptionError(f"a pile of {size} cards cannot be drawn from {total}")
    miss = Fraction(0)
    for shown, p in odds.shown_sets(dice).items():
        good = sum(1 for v in pool if v in shown)
        miss += p * Fraction(comb(total - good, size), comb(total, size))
    mean = Fraction(0)
    for faces in odds.dice_faces(dice):
        for f in faces:
            mean += Fraction(size * pool.count(f), total * len(faces))
    return 1 - miss, mean


def match_by_size_figure(most: int = 10, pool=None, dice=None) -> go.Figure:
    """For piles of 1 to ``most`` cards drawn at random from the game's cards (or ``pool``): the
    chance of matching the dice at least once (left axis) and the servants earned on average
    (right axis)."""
    if type(most) is not int or not 1 <= most <= 38:
        raise OptionError(f"most is a whole number from 1 to 38, not {shorten(most, 40)}")
    sizes = list(range(1, most + 1))
    rows = [random_pile_odds(n, pool, dice) for n in sizes]
    cards_note = _cards_note(pool, dice)
    note = _dice_note(dice)
    fig = go.Figure()
    fig.add_trace(go.Bar(x=sizes, y=[float(p) for p, _ in rows],
                         customdata=[str(p) for p, _ in rows], marker_color=MATCH_COLOUR,
                         name=f"P(the pile matches at least once){note}",
                         hovertemplate=("a random pile of n = %{x} cards" + cards_note
                                        + "<br>P(at least one card matches) = %{customdata} "
                                        "(%{y:.1%})<extra></extra>")))
    fig.add_trace(go.Scatter(x=sizes, y=[float(m) for _, m in rows],
                             customdata=[str(m) for _, m in rows], yaxis="y2",
                             mode="lines+markers", line_color=SERVANT_COLOUR,
                             name=f"expected servants{note}",
                             hovertemplate=("a random pile of n = %{x} cards" + cards_note
                                            + "<br>expected servants = %{customdata} "
                                            "(%{y:.2f})<extra></extra>")))
    fig.update_layout(
        title_text="A discard pile of n random cards against the Destiny dice" + cards_note,
        xaxis=dict(title_text="n: cards on the discard pile", dtick=1),
        yaxis=dict(title_text="P(at least one card matches)", tickformat=".0%", range=[0, 1]),
        yaxis2=dict(title_text="expected servants", overlaying="y", side="right", tickformat=".1f",
                    rangemode="tozero", showgrid=False),
        legend=dict(x=0.01, y=0.99), legend_title_text="", bargap=0.25)
    return fig


def bonus_figure(pile, most: int = 8, opponents: Sequence[int] = (1, 2, 3, 4), ahead: bool = False,
                 pool=None, dice=None) -> go.Figure:
    """The chance that ``pile`` wins the Destiny bonus (most matching cards, at least 1:
    gugong.evening.bonus) against ``k`` opponents whose piles of n cards are drawn at random from
    the game's cards less ``pile`` (:func:`~explorer.gugong.odds.bonus_chance`), one line per k
    in ``opponents``, n from 0 to ``most``. ``ahead``: whether your Intrigue marker is above
    theirs (ties are then yours)."""
    values = odds.pile_of(pile)
    if type(ahead) is not bool:
        raise OptionError(f"ahead is true or false, not {shorten(ahead, 40)}")
    if type(most) is not int or not 0 <= most <= 20:
        raise OptionError(f"most is a whole number from 0 to 20, not {shorten(most, 40)}")
    ks = _args.ints(opponents, "opponents", 0, 1000)
    if not ks or any(type(k) is not int or not 1 <= k <= 4 for k in ks):
        raise OptionError(f"opponents lists numbers of opponents, 1 to 4, not {shorten(opponents, 40)}")
    note = _dice_note(dice)
    cards_note = _cards_note(pool, dice)
    if pool is None and dice is not None and _from_data(dice):
        pool = list(_book(dice).value[:-1])          # that data set's cards, less the pile
        for v in values:
            if v in pool:
                pool.remove(v)
    ties = "ties yours (your Intrigue marker higher)" if ahead else "ties theirs"
    fig = go.Figure()
    xs = list(range(most + 1))
    for k in ks:
        ps = [odds.bonus_chance(values, (n,) * k, pool=pool, ahead=(ahead,) * k, dice=dice)
              for n in xs]
        fig.add_trace(go.Scatter(
            x=xs, y=[float(p) for p in ps], customdata=[str(p) for p in ps],
            mode="lines+markers", name=f"{k} opponent{'s' if k > 1 else ''}{note}",
            hovertemplate=(f"{_pile_text(values)} against {k} opponent{'s' if k > 1 else ''} with "
                           f"n = %{{x}} cards each{cards_note}, {ties}<br>P(bonus) = "
                           "%{customdata} (%{y:.1%})<extra></extra>")))
    fig.update_layout(title_text=(f"The Destiny bonus for {_pile_text(values)} ({ties})"),
                      xaxis=dict(title_text="n: cards on each opponent's discard pile", dtick=1),
                      yaxis=dict(title_text="P(you win the bonus)", tickformat=".0%",
                                 range=[0, 1]),
                      legend_title_text="against")
    return fig


def die_turn_figure(pile, dice_now: Sequence[int], dice=None) -> go.Figure:
    """The Intrigue benefit of 5 steps (turn one die to any face, gugong.intrigue.benefit-five)
    as a heat map: for each die (row) and face (column) the servants ``pile`` would earn with that
    die turned there, coloured by the gain over the dice as they lie (``dice_now``); the faces
    lying now are framed."""
    values = odds.pile_of(pile)
    book_ids = _book(dice).dice_ids if _from_data(dice) else None
    rows = odds.die_turn_table(values, dice_now, dice, ids=book_ids)
    faces = odds.dice_faces(dice)
    names = list(book_ids) if book_ids else list("ABCDEFGHI"[:len(faces)])
    cols = sorted({f for fs in faces for f in fs})
    z = [[None] * len(cols) for _ in names]
    text = [[""] * len(cols) for _ in names]
    hover = [[f"die {d} has no face {c}" for c in cols] for d in names]
    base = sum(values.count(f) for f in dice_now)
    note = _dice_note(dice)
    for r in rows:
        i, j = names.index(r.die), cols.index(r.face)
        z[i][j] = r.gain
        text[i][j] = f"{r.servants}"
        now = dice_now[i] == r.face
        hover[i][j] = (f"die {r.die} turned to {r.face}{' (as it lies)' if now else ''}: "
                       f"{r.servants} servant{'s' if r.servants != 1 else ''} "
                       f"({'+' if r.gain > 0 else ''}{r.gain} against {base} now), "
                       f"{r.matches} matching card{'s' if r.matches != 1 else ''}{note}")
    top = max((abs(r.gain) for r in rows), default=1) or 1
    fig = go.Figure(go.Heatmap(
        z=z, x=[str(c) for c in cols], y=[f"die {d}" for d in names], text=text,
        texttemplate="%{text}", customdata=hover, hovertemplate="%{customdata}<extra></extra>",
        colorscale="RdBu", zmid=0, zmin=-top, zmax=top, xgap=2, ygap=2,
        colorbar=dict(title=dict(text="servants gained"))))
    for i, f in enumerate(dice_now):
        if f in cols:
            fig.add_shape(type="rect", x0=cols.index(f) - 0.5, x1=cols.index(f) + 0.5,
                          y0=i - 0.5, y1=i + 0.5, line=dict(color="#222", width=3))
    fig.update_layout(
        title_text=(f"Turn one die: servants for {_pile_text(values)}, dice now "
                    f"{', '.join(map(str, dice_now))} ({base} servants){note}"),
        xaxis_title="the face the die is turned to (framed: as it lies)",
        yaxis=dict(title_text="die", autorange="reversed"), height=360)
    return fig


# ---- the scoring curves ---------------------------------------------------------------------
def jade_figure(most: int = 10, data=None) -> go.Figure:
    """VP for holding n jade at the end (gugong.end.jade: 1, 3, 6, 10, 15, then 2 each), and
    what the n-th jade adds."""
    pts = scoring.jade_curve(most, data)
    fig = scoring_curve_figure({"VP for n jade": [(p.jade, p.vp) for p in pts]},
                               xaxis_title="n: jade held at the end", yaxis_title="VP",
                               hover="{name}: n = {x} jade → {y} VP")
    fig.add_trace(go.Bar(x=[p.jade for p in pts[1:]], y=[p.marginal for p in pts[1:]],
                         name="VP the n-th jade adds", marker_color="#7fb77e", opacity=0.6,
                         hovertemplate="the n = %{x}-th jade adds %{y} VP<extra></extra>"))
    fig.update_layout(title_text="Jade at the end of the game", bargap=0.3)
    return fig


def palace_figure(data=None) -> go.Figure:
    """VP by order of arrival in the palace, one line per player count (each arrival takes the
    free spot with the most VP, gugong.palace.arrival-spot)."""
    fig = go.Figure()
    for n in range(2, 6):
        book = _book(data if not isinstance(data, Book) else data.data, n)
        made_up = _table_is_placeholder(book, "palace_arrival")
        note = " (placeholder values)" if made_up else ""
        pts = scoring.palace_curve(n, book.data)
        fig.add_trace(go.Scatter(
            x=[k for k, _ in pts], y=[v for _, v in pts], mode="lines+markers",
            name=f"{n} players, side {book.side}{note}",
            hovertemplate=(f"{n} players: the n = %{{x}}-th to arrive scores %{{y}} VP{note}"
                           "<extra></extra>")))
    fig.update_layout(title_text="Arriving in the palace: VP by order of arrival",
                      xaxis=dict(title_text="n: order of arrival in the palace", dtick=1),
                      yaxis=dict(title_text="VP", rangemode="tozero"), legend_title_text="")
    return fig


def trade_figure(most: int = 12, jade_held: Sequence[int] = (0, 3, 4), data=None) -> go.Figure:
    """The most VP travel tokens of total value n bring at the end (2 -> 1 servant, 4 -> 2 VP,
    6 -> 1 jade: gugong.travel.trade-two/-four/-six; a double token counts 2), a jade valued by
    what it adds to the jade already held, one line per ``jade_held``. The hover gives the
    trades."""
    fig = go.Figure()
    for i, j in enumerate(_args.ints(jade_held, "jade_held", 0, 200)):
        pts = scoring.trade_curve(most, j, data)
        texts = []
        for p in pts:
            t = p.trades
            parts = [f"{k} × {what}" for k, what in ((t.sixes, "6 → 1 jade"), (t.fours, "4 → 2 VP"),
                                                      (t.twos, "2 → 1 servant")) if k]
            texts.append(f"holding {j} jade, tokens worth n = {p.tokens}: {p.vp} VP<br>trades: "
                         + (", ".join(parts) or "none") + (f"; {t.left} left over" if t.left else ""))
        fig.add_trace(go.Scatter(x=[p.tokens for p in pts], y=[p.vp for p in pts], text=texts,
                                 mode="lines+markers", line_shape="hv",
                                 line_dash=("solid", "dash", "dot", "dashdot")[i % 4],
                                 name=f"holding {j} jade", hovertemplate="%{text}<extra></extra>"))
    fig.update_layout(title_text="Trading travel tokens at the end: the most VP",
                      xaxis=dict(title_text="n: tokens (their trade value; a double counts 2)",
                                 dtick=1),
                      yaxis=dict(title_text="VP from the trades", rangemode="tozero"),
                      legend_title_text="")
    return fig


def wall_figure(data=None) -> go.Figure:
    """Per player count: the servants that complete the Great Wall (its threshold) and how many of
    them must be yours for the majority to be certain, which scores 3 VP and a palace step
    (gugong.wall.score-most)."""
    xs, thr, need, texts = [], [], [], []
    for n in range(2, 6):
        rows = scoring.wall_curve(n, data)
        k = next(r.servants for r in rows if r.certain)
        xs.append(f"{n} players")
        thr.append(len(rows))
        need.append(k)
        texts.append(f"{n} players: the wall is complete with {len(rows)} servants; {k} of them "
                     f"yours make the majority certain, scoring {rows[0].vp} VP and "
                     f"{rows[0].palace_steps} palace step")
    fig = go.Figure([
        go.Bar(x=xs, y=thr, name="servants completing the wall", marker_color="#9e9e9e",
               customdata=texts, hovertemplate="%{customdata}<extra></extra>"),
        go.Bar(x=xs, y=need, name="yours for a certain majority", marker_color="#c0392b",
               customdata=texts, hovertemplate="%{customdata}<extra></extra>")])
    fig.update_layout(title_text="The Great Wall: completing it, and a certain majority",
                      barmode="group", xaxis_title="player count",
                      yaxis=dict(title_text="servants", dtick=1), legend_title_text="")
    return fig


# ---- the travel map -------------------------------------------------------------------------
_MEASURES = ("betweenness", "closeness", "degree")


def travel_map_figure(where: Any = "2-3", player: int | None = None, moves: int = 1,
                      measure: str = "betweenness", data=None) -> go.Figure:
    """The travel map on the board's layout (:func:`~explorer.gugong.graph.layout`): the roads,
    one marker per city sized and coloured by its centrality (``measure``: betweenness, closeness
    or degree). ``where`` is a board side ("2-3" or "4-5") or a position: then the token on each
    city shows in the hover, the travellers stand on their cities, and the cities ``player``'s
    traveller (default: the player to move) can stand on after exactly ``moves`` moves are
    ringed."""
    if measure not in _MEASURES:
        raise OptionError(f"measure is one of {', '.join(_MEASURES)}, not {shorten(measure, 40)}")
    state = None if isinstance(where, str) else _args.state(where, "where (a board side or a position)")
    if state is not None:
        book = state.book
        side, data = book.side, book.data
    else:
        side = where
        book = graph._book(graph._side(side), data)
    g = graph.travel_map(side, data)
    xy = graph.layout(side, data)
    cent = graph.centrality(side, data)
    made_up = _table_is_placeholder(book, "cities")
    note = " (placeholder map)" if made_up else ""
    fig = go.Figure()
    ex, ey = [], []
    for a, b in g.edges():
        ex += [xy[a][0], xy[b][0], None]
        ey += [xy[a][1], xy[b][1], None]
    fig.add_trace(go.Scatter(x=ex, y=ey, mode="lines", line=dict(color="#b0a48a", width=2),
                             name=f"roads{note}", hoverinfo="skip"))
    cities = list(g.nodes)
    tokens = {}
    if state is not None:
        tm = graph.token_map(state)
        tokens = {c: tm.nodes[c]["token"] for c in cities}
    texts = []
    for c in cities:
        m = cent[c]
        t = (f"{g.nodes[c]['name']} ({c}){note}<br>degree {m['degree']}, betweenness "
             f"{m['betweenness']:.3f}, closeness {m['closeness']:.3f}")
        if state is not None:
            k = tokens[c]
            t += "<br>token: " + (book.token_names[book.token_index[k]] if k in book.token_index
                                  else "a face-down token" if k else "none")
        texts.append(t)
    vals = [float(cent[c][measure]) for c in cities]
    lo, hi = min(vals), max(vals)
    sizes = [14 + 16 * ((v - lo) / (hi - lo) if hi > lo else 0.5) for v in vals]
    fig.add_trace(go.Scatter(
        x=[xy[c][0] for c in cities], y=[xy[c][1] for c in cities], mode="markers+text",
        text=[c for c in cities], textposition="top center", customdata=texts,
        marker=dict(size=sizes, color=vals, colorscale="Viridis", showscale=True,
                    colorbar=dict(title=dict(text=measure)), line=dict(color="#333", width=1),
                    symbol=["circle" if not state or tokens[c] else "circle-open" for c in cities]),
        name=f"cities by {measure}{note}", hovertemplate="%{customdata}<extra></extra>"))
    title = f"The travel map, side {side}: cities by {measure} centrality{note}"
    if state is not None:
        p = state.current_player if player is None else state.check_player(player)
        if p < 0:
            raise OptionError("no player is to move now; name the player")
        reach = sorted(graph.reachable(state, p, moves))
        fig.add_trace(go.Scatter(
            x=[xy[c][0] for c in reach], y=[xy[c][1] for c in reach], mode="markers",
            marker=dict(size=34, symbol="circle-open", color="#e8772e", line=dict(width=3)),
            name=f"{state.player_label(p)} reaches in {moves} move{'s' if moves > 1 else ''}",
            customdata=[f"{state.player_label(p)} can stand on {g.nodes[c]['name']} ({c}) after "
                        f"exactly {moves} move{'s' if moves > 1 else ''}" for c in reach],
            hovertemplate="%{customdata}<extra></extra>"))
        for q, seat in enumerate(state.seats):
            if seat.traveller >= 0:
                c = book.city_ids[seat.traveller]
                fig.add_trace(go.Scatter(
                    x=[xy[c][0]], y=[xy[c][1]], mode="markers",
                    marker=dict(size=16, symbol="diamond", color=state.player_colour(q)[0],
                                line=dict(color="#000", width=1)),
                    name=f"traveller of {state.player_label(q)}",
                    hovertemplate=(f"{state.player_label(q)}'s traveller on "
                                   f"{g.nodes[c]['name']} ({c})<extra></extra>")))
        title += (f"; {state.player_label(p)}: {len(reach)} cities in {moves} "
                  f"move{'s' if moves > 1 else ''}")
    fig.update_layout(title_text=title, height=620, legend=dict(orientation="h", y=-0.05),
                      plot_bgcolor="#f6f1e3")
    fig.update_xaxes(range=[-5, 105], visible=False)
    fig.update_yaxes(range=[105, -5], visible=False, scaleanchor="x")
    return fig


def travel_value_figure(state, player: int | None = None) -> go.Figure:
    """The tokens of each kind a Travel action collects from where ``player``'s traveller stands,
    on average over every choice of destination (each equally likely): the basic option's 1 move
    and the paid option's 2 (:func:`~explorer.gugong.graph.travel_value`)."""
    _args.state(state)
    p = state.current_player if player is None else state.check_player(player)
    if p < 0:
        raise OptionError("no player is to move now; name the player")
    book = state.book
    note = " (placeholder map and token counts)" if _table_is_placeholder(book, "cities") else ""
    kinds = list(book.token_ids[:-1])
    fig = go.Figure()
    for moves, colour in ((1, "#4a9a3c"), (2, "#7b3fa0")):
        tv = graph.travel_value(state, p, moves)
        ys = [tv.expected.get(k, Fraction(0)) for k in kinds]
        label = "basic: 1 move" if moves == 1 else "paid: 2 moves"
        fig.add_trace(go.Bar(
            x=[k.replace("_", " ") for k in kinds], y=[float(y) for y in ys],
            customdata=[[book.token_names[book.token_index[k]], str(y), tv.kinds.get(k, 0),
                         tv.routes] for y, k in zip(ys, kinds)],
            marker_color=colour, name=f"{label} ({tv.routes} routes){note}",
            hovertemplate=(f"{label}: %{{customdata[0]}}<br>expected tokens = %{{customdata[1]}} "
                           "(%{y:.3f})<br>%{customdata[2]} of the n = %{customdata[3]} routes "
                           "collect it" + note + "<extra></extra>")))
    at = state.seats[p].traveller
    where = (f"from {book.city_names[at]} ({book.city_ids[at]})" if at >= 0 else
             "first placement: any city with a token")
    fig.update_layout(title_text=f"What a Travel action collects: {state.player_label(p)}, {where}",
                      barmode="group", xaxis=dict(title_text="token kind", tickangle=-30),
                      yaxis_title="expected tokens of the kind", legend_title_text="",
                      legend=dict(orientation="h", y=1.02, x=0, yanchor="bottom"), height=480)
    return fig
