"""The Hanging Gardens' figures and the rulebook's example positions.

The figures must draw exactly what the scoring functions compute; only values the rulebook prints
are pinned (the garden series, the gardener, the guard), and placeholder values are checked for
being labelled, never for their numbers."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from itertools import accumulate

import pytest

from explorer import OptionError
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import examples, plots, scoring

DATA = hg.load_data()
BOOK = hg.Book.of(DATA)
SERIES = BOOK.tiles[:BOOK.kinds]
PERSONS = BOOK.tiles[BOOK.kinds:]


def trace(fig, name: str):
    """The trace whose legend name starts with the tile's name (then a space or the end)."""
    label = name.replace("_", " ")
    found = [t for t in fig.data if t.name == label or t.name.startswith(label + " (")]
    assert len(found) == 1, [t.name for t in fig.data]
    return found[0]


def made_up_positions(kind: str) -> set[int]:
    """Series positions of ``kind`` with no confirming record in the data."""
    rec = DATA.record("tiles", kind)
    if not rec.is_placeholder:
        return set()
    confirmed = {r["held"] for r in DATA.table("series_values") if r["tile"] == kind}
    return set(range(1, len(rec["series"]) + 1)) - confirmed


@pytest.fixture(scope="module")
def curves():
    return plots.tile_curves_figure()


@pytest.fixture(scope="module")
def marginal():
    return plots.tile_curves_figure(marginal=True)


# ---- the scoring curves -------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.score.series-example")
def test_the_garden_curve_reads_the_rulebooks_examples(curves):
    garden = trace(curves, "garden")
    assert garden.name == "garden"                           # printed values: no label
    pts = dict(zip(garden.x, garden.y))
    assert [pts[n] for n in (1, 2, 3, 5)] == [2, 8, 16, 24]
    assert "n = 5 tiles → 24 points" in garden.text[5]
    assert "a complete series of 3: 16 + 8 for a new series of 2" in garden.text[5]


@pytest.mark.parametrize("kind", SERIES)
def test_each_series_curve_is_series_points_from_none_to_every_tile_of_the_kind(curves, kind):
    t = trace(curves, kind)
    count = BOOK.counts[BOOK.tile_index[kind]]
    assert list(t.x) == list(range(count + 1))
    assert list(t.y) == [scoring.series_points(kind, n) for n in range(count + 1)]
    size = len(BOOK.series[BOOK.tile_index[kind]])
    assert count > size                                      # the curve goes beyond one series
    assert all(f"n = {n} tile" in text for n, text in zip(t.x, t.text))


def test_up_to_sets_how_far_the_curves_go():
    fig = plots.tile_curves_figure(up_to=13)
    assert all(list(t.x) == list(range(14)) for t in fig.data if t.name != "a new series starts")
    with pytest.raises(OptionError):
        plots.tile_curves_figure(up_to=-1)


@pytest.mark.parametrize("kind", SERIES + PERSONS)
def test_the_marginal_view_sums_back_to_the_totals(curves, marginal, kind):
    tot, m = trace(curves, kind), trace(marginal, kind)
    assert list(m.x) == list(tot.x)[1:]                      # the n-th tile, from n = 1
    assert [tot.y[0] + s for s in accumulate(m.y)] == list(tot.y)[1:]
    if kind in SERIES:
        curve = scoring.series_curve(kind)
        assert list(m.y) == [c.marginal for c in curve[1:]]
        assert all(f"the {n}" in text for n, text in zip(m.x, m.text))


@pytest.mark.parametrize("view", ["curves", "marginal"])
def test_a_marker_wherever_a_new_series_starts(view, request):
    fig = request.getfixturevalue(view)
    resets = next(t for t in fig.data if t.name == "a new series starts")
    want = []
    for kind in SERIES:
        k = BOOK.tile_index[kind]
        size, count = len(BOOK.series[k]), BOOK.counts[k]
        for c in scoring.series_curve(kind):
            if c.held > size and c.held % size == 1 and c.held <= count:
                want.append((c.held, c.marginal if view == "marginal" else c.points, kind))
    got = [(x, y, text.split(":")[0]) for x, y, text in zip(resets.x, resets.y, resets.text)]
    assert sorted(got) == sorted(want) and want
    assert all("a new series starts" in text for text in resets.text)


@pytest.mark.parametrize("kind", SERIES)
def test_placeholder_values_are_labelled_and_drawn_hollow(curves, marginal, kind):
    made_up = made_up_positions(kind)
    for fig in (curves, marginal):
        t = trace(fig, kind)
        assert ("placeholder" in t.name) == bool(made_up)
        size = len(BOOK.series[BOOK.tile_index[kind]])
        for n, symbol, text in zip(t.x, t.marker.symbol, t.text):
            used = ({size} if n >= size else set()) | ({n % size} if n % size else set())
            assert (symbol == "circle-open") == bool(used & made_up), (kind, n)
            assert ("placeholder" in text) == bool(used & made_up), (kind, n)
    if made_up == set(range(1, size + 1)):
        assert trace(curves, kind).name == f"{kind} (placeholder values)"


def test_the_value_sources_follow_the_data():
    src = plots.value_sources()
    for kind in SERIES:
        assert {h for h, st in src[kind].items() if st == "placeholder"} == made_up_positions(kind)
    assert set(src["garden"].values()) == {"rulebook"}
    assert src["gardener"] == {1: "rulebook", 2: "rulebook"}
    for person in PERSONS:
        rec = DATA.record("persons", person)
        assert (src[person].get(2) == "placeholder") == rec.is_placeholder


@pytest.mark.rules("hanging_gardens.score.person-base", "hanging_gardens.score.person-complete",
                   "hanging_gardens.score.guard")
def test_persons_and_the_guard_beside_the_series(curves):
    gardener = trace(curves, "gardener")
    assert list(gardener.y) == [3, 3, 3, 11, 11, 11, 11]    # printed: 3 and 11
    assert "placeholder" not in gardener.name
    guard = trace(curves, "guard")
    assert list(guard.y) == [3 * n for n in guard.x] and max(guard.x) == 8
    for person in PERSONS:
        t = trace(curves, person)
        assert list(t.y) == [scoring.person_points(person, n) for n in t.x]
        rec = DATA.record("persons", person)
        assert ("placeholder" in t.name) == rec.is_placeholder
        if rec["scoring"] == "series":
            size = len(BOOK.series[BOOK.tile_index[rec["tile"]]])
            for n, symbol in zip(t.x, t.marker.symbol):   # the 3 is the rulebook's
                assert (symbol == "circle-open") == (rec.is_placeholder and n >= size)


def test_axis_titles_and_the_marginal_title(curves, marginal):
    assert curves.layout.xaxis.title.text and curves.layout.yaxis.title.text == "points"
    assert curves.layout.xaxis2.title.text and curves.layout.yaxis2.title.text
    assert "n-th tile" in marginal.layout.yaxis.title.text


# ---- scoring a group now or growing it --------------------------------------------------
@pytest.fixture(scope="module")
def scoring_four():
    """The first splitting example just played: a group of four may be scored."""
    ex = examples.split_example(1)
    return ex.state.apply(ex.placement)


def test_now_or_grow_bars_are_the_best_face_up_tile_each_size_reaches(scoring_four):
    s = scoring_four
    fig = plots.group_now_or_grow_figure(s)
    best, *rest = fig.data
    values = scoring.next_tile_values(s, 0)
    assert list(best.x) == [3, 4, 5, 6, 7]
    for size, y in zip(best.x, best.y):
        spaces = [sp for sp in BOOK.spaces_open(size) if s.faceup[sp] >= 0]
        assert y == max(values[BOOK.tiles[s.faceup[sp]]] for sp in spaces)
    ticks = dict(zip(fig.layout.xaxis.tickvals, fig.layout.xaxis.ticktext))
    assert ticks[3] == "3: column 1" and ticks[4] == "4: columns 1 and 2"
    for size in (5, 6, 7):
        assert ticks[size] == f"{size}: columns 1, 2 and 3"
    # the hidden tile first from 6 on: its exact expected value
    (hidden,) = rest
    odds = scoring.hidden_tile_odds(s, 0)
    expected = sum(f * values[k] for k, f in odds.items())
    assert list(hidden.x) == [6, 7] and list(hidden.y) == [float(expected)] * 2
    assert str(expected) in hidden.customdata[0] or str(expected.numerator) in hidden.customdata[0]
    notes = [a.text for a in fig.layout.annotations]
    assert "park (4, may be scored now)" in notes and "park (3, holds a temple)" in notes


def test_now_or_grow_agrees_with_the_group_outlook(scoring_four):
    s = scoring_four
    (four,) = [o for o in scoring.group_outlook(s, 0, grow=3) if o.scorable_now]
    rows = {r["size"]: r for r in plots.size_outlook(s, 0, range(4, 8))}
    for size, cols, bonus, tile, value in four.steps:
        assert rows[size]["columns"] == cols and rows[size]["value"] == value
        assert rows[size]["tile"] == tile and (rows[size]["hidden"] is not None) == bonus


def test_now_or_grow_needs_a_player():
    end = hg.bots.play_game(2, seed=1)
    with pytest.raises(OptionError, match="name the player"):
        plots.group_now_or_grow_figure(end)
    assert plots.group_now_or_grow_figure(end, player=1).data


# ---- the hidden tile ----------------------------------------------------------------------
@pytest.mark.rules("hanging_gardens.tile.bonus-hidden")
def test_hidden_odds_are_the_exact_odds_as_percentages():
    s = examples.big_group_example()
    fig = plots.hidden_tile_figure(s)
    (bars,) = fig.data
    odds = scoring.hidden_tile_odds(s, 0)
    assert list(bars.x) == [BOOK.tile_name(k) for k in range(len(BOOK.tiles))]
    got = {BOOK.tiles[k]: Fraction(frac) for k, (frac, _) in enumerate(bars.customdata)}
    assert {k: f for k, f in got.items() if f} == odds and sum(got.values()) == 1
    assert sum(bars.y) == pytest.approx(1)
    unseen = scoring.unseen_tiles(s, 0)
    assert [n for _, n in bars.customdata] == [unseen.get(k, 0) for k in BOOK.tiles]
    assert fig.layout.yaxis.tickformat == ".0%" and "%{y:.2%}" in bars.hovertemplate


def test_a_tile_drawn_hidden_stays_unseen_for_the_other_player():
    s = examples.big_group_example().apply(hg.hidden()).apply(hg.draw("gate"))
    mine = dict(zip(BOOK.tiles, plots.hidden_tile_figure(s, 0).data[0].customdata))
    theirs = dict(zip(BOOK.tiles, plots.hidden_tile_figure(s, 1).data[0].customdata))
    assert theirs["gate"][1] == mine["gate"][1] + 1
    in_view = dict(zip(BOOK.tiles, plots.hidden_tile_figure(s.view(1), 1).data[0].customdata))
    assert {k: list(v) for k, v in in_view.items()} == {k: list(v) for k, v in theirs.items()}


# ---- simulations --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sim():
    return plots.simulate(4, players=3, seed=3)


def test_simulate_plays_whole_games_and_repeats(sim):
    assert len(sim.games) == 4 and all(e.is_over for e in sim.games)
    assert sim.bots == ("greedy", "random", "random")
    again = plots.simulate(4, players=3, seed=3)
    assert [e.record() for e in again.games] == [e.record() for e in sim.games]
    with pytest.raises(OptionError):
        plots.simulate(2, players=3, bots=["greedy", "clever", "random"])
    with pytest.raises(OptionError):
        plots.simulate(0)


@pytest.mark.parametrize("what", ["tiles", "score"])
def test_simulation_histograms_count_every_players_result(sim, what):
    fig = plots.simulation_figure(sim, what)
    greedy, rand = fig.data
    assert greedy.name == "greedy (seat 1)" and rand.name == "random (seats 2, 3)"
    value = (lambda e, p: e.tile_count(p)) if what == "tiles" else (lambda e, p: e.scores()[p])
    for bars, seats in ((greedy, [0]), (rand, [1, 2])):
        want: dict[int, int] = {}
        for e in sim.games:
            for p in seats:
                want[value(e, p)] = want.get(value(e, p), 0) + 1
        assert dict(zip(bars.x, bars.customdata)) == want
        assert sum(bars.y) == pytest.approx(1)


def test_binned_scores_and_the_lead(sim):
    fig = plots.simulation_figure(sim, "score", bin=5)
    for bars in fig.data:
        assert all(x % 5 == 0 for x in bars.x)
        assert all(t == f"{x} to {x + 4}" for x, t in zip(bars.x, bars.text))
    (lead,) = plots.simulation_figure(sim, "lead").data
    leads = [e.scores()[0] - max(e.scores()[1:]) for e in sim.games]
    assert sum(lead.customdata) == 4 and set(lead.x) == set(leads)
    with pytest.raises(OptionError):
        plots.simulation_figure(sim, "wins")
    with pytest.raises(OptionError):
        plots.simulation_figure(sim.games)


def test_the_game_package_and_the_examples_load_no_plotly():
    code = ("import sys, explorer.hanging_gardens, explorer.hanging_gardens.examples; "
            "print('plotly' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---- the rulebook's example positions -----------------------------------------------------
@pytest.mark.rules("hanging_gardens.group.split-example", "hanging_gardens.tile.group-of-four")
def test_the_first_splitting_example_is_played_through_the_rules():
    ex = examples.split_example(1)
    s = ex.state
    assert s.phase == "place" and s.mover == 0 and s.book.card_ids[s.pending[0]] == "b06"
    (seven,) = [g for g in hg.groups(s, 0) if g.size >= 3]
    assert (seven.motif, seven.size, len(seven.temples)) == ("park", 7, 1)
    pl = next(p for p in hg.placements(s) if p.action == ex.placement)
    assert seven in pl.splits and sum(sq in seven.squares for sq in pl.covers) == 2
    after = s.apply(ex.placement)
    (four,) = [set(map(hg.rc, squares)) for _, squares in after.pending[2]]
    assert len(four) == 4 and not four & set(seven.temples)
    temple_at = sorted(four)[0]
    t = after.apply(hg.temple(*temple_at))
    assert {a.args[0] for a in t.legal_actions()} == {1, 2}            # columns 1 and 2
    assert hg.replay(s.record(), data=examples.example_data()) == s


@pytest.mark.rules("hanging_gardens.group.split-example-blocked",
                   "hanging_gardens.temple.new-card-section",
                   "hanging_gardens.temple.one-per-group")
def test_the_second_splitting_example_leaves_nothing_to_score():
    ex = examples.split_example(2)
    after = ex.state.apply(ex.placement)
    assert after.phase == "take" and after.mover == 1
    new = set(next(p for p in hg.placements(ex.state) if p.action == ex.placement).squares)
    big = sorted((g for g in hg.groups(after, 0) if g.size >= 3), key=lambda g: min(g.squares))
    assert [(g.motif, g.size, len(g.temples)) for g in big] == [
        ("terrace", 4, 1), ("park", 3, 0), ("park", 3, 1)]
    terraces, left, right = big
    assert terraces.squares & new and right.squares & new and not left.squares & new


def test_the_big_group_example_offers_the_hidden_tile_first():
    s = examples.big_group_example()
    assert s.phase == "bonus" and s.legal_actions() == [hg.decline(), hg.hidden()]
    (seven,) = [g for g in hg.groups(s, 0) if g.size >= 6]
    assert seven.size == 7 and len(seven.temples) == 1


def test_the_examples_cards_are_flagged_as_designed():
    data = examples.example_data()
    assert data.version != DATA.version
    for cid, layout in examples.EXAMPLE_CARDS.items():
        rec = data.record("cards", cid)
        assert rec.is_placeholder and "examples" in rec.provenance.note
        assert "".join("." if s == "blank" else s[0].upper() for s in rec["sections"]) == \
            layout.replace("/", "")
    with pytest.raises(OptionError):
        examples.split_example(3)
