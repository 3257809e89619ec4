"""Corinth harbor odds: exact laws against an ordered-roll oracle, closed forms and properties."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from explorer import OptionError
from explorer.corinth.harbor import DISTRICTS, sort_counts, sort_dice
from explorer.corinth.odds import (HarborOdds, YellowAdvice, YellowOption, compute_harbor_odds,
                                   harbor_odds, yellow_advice)
from explorer.dice import Distribution, by_counts, by_faces
from explorer.corinth.plots import harbor_odds_figure, yellow_advice_figure
from explorer.plots import VIEWS, distribution_figure, offline_html

RULE = "corinth.harbor.sort"
POOLS = [(w, y) for w in range(6) for y in range(4) if w + y <= 7]
pools = st.tuples(st.integers(0, 9), st.integers(0, 3))


# ---- an independent oracle: every ordered roll, sorted by the harbor rule ------------------
@lru_cache(maxsize=None)
def ordered_layouts(white: int, yellow: int) -> tuple[Counter, int]:
    """How many ordered rolls give each coloured harbor layout, and how many rolls there are."""
    seen: Counter = Counter()
    for roll in itertools.product(range(1, 7), repeat=white + yellow):
        seen[sort_dice(roll[:white], roll[white:])] += 1
    return seen, 6 ** (white + yellow)


def law(layouts: Counter, total: int, key) -> Distribution:
    """Distribution of ``key(layout)`` over the weighted layouts."""
    out: Counter = Counter()
    for layout, n in layouts.items():
        out[key(layout)] += n
    return Distribution(out, total)


def size(group) -> int:
    return group.count if group else 0


def assert_matches(odds: HarborOdds, layouts: Counter, total: int) -> None:
    """Every law of ``odds`` equals the one read off the weighted coloured layouts."""
    assert odds.gold == law(layouts, total, lambda h: size(h[0]))
    assert odds.rows_filled == law(layouts, total, lambda h: sum(1 for g in h if g))
    assert odds.largest == law(layouts, total, lambda h: max(map(size, h)))
    assert odds.joint == law(layouts, total, lambda h: tuple(map(size, h)))
    yellow_gold = law(layouts, total, lambda h: bool(h[0] and h[0].yellow))
    assert odds.yellow_on_gold == yellow_gold[True]
    for i, name in enumerate(DISTRICTS):
        assert odds.district(name) == law(layouts, total, lambda h: size(h[i]))
        assert odds.value(name) == law(layouts, total, lambda h: h[i].value if h[i] else 0)
        assert odds.yellow_in(name) == law(layouts, total, lambda h: h[i].yellow if h[i] else 0)


@pytest.mark.rules(RULE)
@pytest.mark.parametrize("white,yellow", POOLS)
def test_every_law_matches_ordered_rolls(white, yellow):
    layouts, total = ordered_layouts(white, yellow)
    assert_matches(compute_harbor_odds(white, yellow), layouts, total)


@pytest.mark.rules(RULE)
@pytest.mark.parametrize("white,yellow", [(9, 3), (9, 0)])
def test_full_pools_match_count_vectors(white, yellow):
    # by_counts weights every joint (white, yellow) count vector by its ordered rolls
    odds = compute_harbor_odds(white, yellow)
    sized = by_counts(lambda c: tuple((g.count, g.yellow) if g else (0, 0)
                                      for g in sort_counts(c[0], c[1])), [white, yellow])
    assert odds.joint == sized.map(lambda h: tuple(c for c, _ in h))
    assert odds.gold == sized.map(lambda h: h[0][0])
    assert odds.rows_filled == sized.map(lambda h: sum(1 for c, _ in h if c))
    assert odds.largest == sized.map(lambda h: max(c for c, _ in h))
    assert odds.yellow_on_gold == sized.probability(lambda h: h[0][1] > 0)
    values = by_counts(lambda c: tuple(g.value if g else 0 for g in sort_counts(c[0], c[1])),
                       [white, yellow])
    for i, name in enumerate(DISTRICTS):
        assert odds.district(name) == sized.map(lambda h: h[i][0])
        assert odds.yellow_in(name) == sized.map(lambda h: h[i][1])
        assert odds.value(name) == values.map(lambda h: h[i])


@pytest.mark.rules(RULE)
def test_twelve_dice_match_face_by_face_recursion():
    # state: group sizes so far (lowest value first) and the yellow dice of the last group
    def step(state, face, counts):
        sizes, last_yellow = state
        return (sizes + (sum(counts),), counts[1]) if sum(counts) else state

    d = by_faces(step, ((), 0), [9, 3])
    odds = harbor_odds(9, 3)
    layout = lambda s: (s[0][-1],) + (0,) * (6 - len(s[0])) + s[0][-2::-1]
    assert odds.joint == d.map(lambda s: layout(s))
    assert odds.yellow_on_gold == d.probability(lambda s: s[1] > 0)


# ---- closed forms --------------------------------------------------------------------------
@pytest.mark.rules(RULE)
@pytest.mark.parametrize("yellow", range(4))
def test_one_die_or_all_equal(yellow):
    assert harbor_odds(1, 0).gold == {1: 1}
    assert harbor_odds(0, 1).yellow_on_gold == 1
    n = 9 + yellow
    assert harbor_odds(9, yellow).gold[n] == Fraction(6, 6 ** n)
    assert harbor_odds(9, yellow).district("goats")[0] == Fraction(6, 6 ** n)


@pytest.mark.rules(RULE)
@given(pools)
def test_rows_filled_by_inclusion_exclusion(pool):
    n = sum(pool)
    odds = harbor_odds(*pool)
    for k in range(1, 7):   # exactly k given values all present: inclusion-exclusion over them
        onto = sum((-1) ** j * comb(k, j) * (k - j) ** n for j in range(k + 1))
        assert odds.rows_filled[k] == Fraction(comb(6, k) * onto, 6 ** n)
    assert odds.district("orange").at_least(1) == odds.rows_filled[6]


@pytest.mark.rules(RULE)
@given(pools)
def test_gold_closed_forms(pool):
    n = sum(pool)
    odds = harbor_odds(*pool)
    if n == 0:
        assert odds.gold == {0: 1}
        return
    # each die is on gold when it shows the top value: P = sum_v (1/6) (v/6)^(n-1)
    assert odds.expected("gold") == n * sum(Fraction(v ** (n - 1), 6 ** n) for v in range(1, 7))
    for g in range(1, n + 1):      # g dice show v, the others less than v
        ways = sum(comb(n, g) * (v - 1) ** (n - g) for v in range(1, 7))
        assert odds.gold[g] == Fraction(ways, 6 ** n)
    for v in range(1, 7):          # the top value is at most v
        assert odds.value("gold").at_most(v) == Fraction(v ** n, 6 ** n)


@pytest.mark.rules(RULE)
@given(st.integers(0, 9))
def test_one_yellow_die_is_on_gold_when_it_shows_the_top_value(white):
    expected = sum(Fraction(1, 6) * Fraction(v, 6) ** white for v in range(1, 7))
    assert harbor_odds(white, 1).yellow_on_gold == expected


# ---- properties -----------------------------------------------------------------------------
@pytest.mark.rules(RULE)
@settings(max_examples=60, deadline=None)
@given(pools)
def test_laws_are_distributions_and_add_up(pool):
    white, yellow = pool
    odds = harbor_odds(white, yellow)
    laws = [odds.gold, odds.rows_filled, odds.largest, odds.joint]
    laws += [f(name) for name in DISTRICTS for f in (odds.district, odds.value, odds.yellow_in)]
    assert all(sum(d.values()) == 1 and all(p > 0 for p in d.values()) for d in laws)
    assert sum(odds.expected(name) for name in DISTRICTS) == white + yellow
    assert sum(odds.yellow_in(name).mean() for name in DISTRICTS) == yellow
    assert sum(odds.district(name).at_least(1) for name in DISTRICTS) == odds.rows_filled.mean()
    for i, name in enumerate(DISTRICTS):
        assert odds.joint.map(lambda t: t[i]) == odds.district(name)
    for m in range(1, white + yellow + 1):
        assert odds.largest.at_least(m) >= odds.gold.at_least(m)


@pytest.mark.rules(RULE)
@given(pools)
def test_colour_does_not_change_the_sort(pool):
    white, yellow = pool
    n = white + yellow
    odds, plain = harbor_odds(white, yellow), harbor_odds(min(n, 9), n - min(n, 9))
    assert odds.joint == plain.joint
    assert all(odds.value(d) == plain.value(d) for d in DISTRICTS)
    if n:   # the mean yellow dice on gold is the gold share of the yellow dice
        assert odds.yellow_in("gold").mean() == odds.expected("gold") * yellow / n
    assert odds.yellow_on_gold == 1 - odds.yellow_in("gold")[0]


@pytest.mark.rules(RULE)
@given(st.integers(0, 9))
def test_more_yellow_dice_more_on_gold(white):
    row = [harbor_odds(white, y) for y in range(4)]
    on_gold = [odds.yellow_on_gold for odds in row]
    assert on_gold[0] == 0 < on_gold[1]
    if white:       # with no white dice, a yellow die is always on gold
        assert on_gold == sorted(set(on_gold))
    else:
        assert on_gold[1:] == [1, 1, 1]
    assert all(a.expected("gold") < b.expected("gold") for a, b in zip(row, row[1:]))
    assert all(a.rows_filled[6] <= b.rows_filled[6] for a, b in zip(row, row[1:]))


@pytest.mark.rules(RULE)
@given(pools)
def test_values_sit_in_order_on_the_districts(pool):
    odds = harbor_odds(*pool)
    filled = [name for name in DISTRICTS if odds.district(name).at_least(1)]
    for name in filled:
        law = odds.value(name, given_filled=True)
        assert sum(law.values()) == 1 and 0 not in law
    # goats holds the lowest value, so it can be 1..5; orange is 5 whenever filled
    if "goats" in filled:
        assert max(odds.value("goats", given_filled=True)) == 5
    if "orange" in filled:
        assert odds.value("orange", given_filled=True) == {5: 1}


# ---- caching and arguments --------------------------------------------------------------------
def test_cached_and_fresh_agree():
    harbor_odds.cache_clear()
    first = harbor_odds(9, 3)
    assert harbor_odds(9, 3) is first
    fresh = compute_harbor_odds(9, 3)
    assert fresh is not first and fresh.joint == first.joint and fresh.gold == first.gold


@pytest.mark.parametrize("args,words", [
    ((10, 0), "white must be from 0 to 9"), ((-1, 0), "white"), ((9, 4), "yellow must be from 0 to 3"),
    ((9.0, 0), "whole number"), ((True, 0), "whole number"), (("9", 0), "whole number"),
    ((9, None), "yellow must be a whole number")])
def test_bad_pools_are_refused(args, words):
    with pytest.raises(OptionError, match=words):
        harbor_odds(*args)


def test_bad_names_are_refused():
    with pytest.raises(OptionError, match="unknown district 'red'.*gold, orange"):
        harbor_odds().district("red")
    with pytest.raises(OptionError, match="unknown district"):
        yellow_advice("red")
    with pytest.raises(OptionError, match="at_least"):
        yellow_advice(at_least=0)
    with pytest.raises(OptionError, match="never filled"):
        harbor_odds(3).value("orange", given_filled=True)


# ---- decision support ---------------------------------------------------------------------------
@pytest.mark.rules(RULE)
def test_yellow_advice_rows():
    advice = yellow_advice("green", at_least=2)
    assert isinstance(advice, YellowAdvice) and len(advice) == 4
    for k, row in enumerate(advice):
        odds = harbor_odds(9, k)
        assert isinstance(row, YellowOption) and row.yellow == row.cost == k
        assert row.expected_gold == odds.expected("gold")
        assert row.net_gold == odds.expected("gold") - k
        assert row.gold_at_least == odds.gold.at_least(2)
        assert row.want_at_least == odds.district("green").at_least(2)
        assert row.expected_largest == odds.largest.mean()
    assert [r.yellow_on_gold for r in advice] == sorted(r.yellow_on_gold for r in advice)
    plain = yellow_advice()
    assert all(r.want is None and r.want_at_least is None for r in plain)
    assert "P(green>=2)" in repr(advice) and "P(green" not in repr(plain)
    assert advice._repr_html_().count("<tr>") == 5


def test_reprs_name_every_district():
    odds = harbor_odds(9, 2)
    text, page = repr(odds), odds._repr_html_()
    assert all(name in text and f"<th>{name}</th>" in page for name in DISTRICTS)
    assert str(odds.yellow_on_gold) in page


# ---- figures --------------------------------------------------------------------------------------
def test_distribution_figure_views():
    d = harbor_odds(9, 0).gold
    for view, expect in [("exact", [d[x] for x in d]), ("at_least", [d.at_least(x) for x in d]),
                         ("at_most", [d.at_most(x) for x in d])]:
        fig = distribution_figure(d, "gold", view=view)
        assert len(fig.data) == 1 and list(fig.data[0].x) == list(d)
        assert list(fig.data[0].y) == [float(p) for p in expect]
        assert list(fig.data[0].customdata) == [str(p) for p in expect]
    with pytest.raises(OptionError, match="view"):
        distribution_figure(d, view="cumulative")


@pytest.mark.parametrize("view", VIEWS)
def test_harbor_odds_figure_has_a_trace_per_district(view):
    odds = harbor_odds(9, 3)
    fig = harbor_odds_figure(9, 3, view=view)
    assert [t.name for t in fig.data] == list(DISTRICTS)
    xs = list(range(1 if view == "at_least" else 0, 13))
    for trace, name in zip(fig.data, DISTRICTS):
        assert list(trace.x) == xs
        if view == "exact":
            assert sum(trace.y) == pytest.approx(1)
            assert trace.customdata[0] == str(odds.district(name)[0])
        if view == "at_least":
            assert trace.y[0] == float(odds.district(name).at_least(1))
        if view == "at_most":
            assert trace.y[-1] == 1.0


def test_yellow_advice_figure_traces():
    plain = yellow_advice_figure()
    assert [t.type for t in plain.data] == ["bar"] * 3 + ["scatter"] * 2
    assert all(len(t.x) == 4 for t in plain.data)
    wanted = yellow_advice_figure("purple", at_least=3)
    assert len(wanted.data) == 7
    advice = yellow_advice("purple", at_least=3)
    last = wanted.data[-1]
    assert last.name == "purple gets ≥ 3"
    assert list(last.y) == [float(r.want_at_least) for r in advice]
    assert list(last.customdata) == [str(r.want_at_least) for r in advice]


def test_offline_html_embeds_plotly():
    page = offline_html(distribution_figure(harbor_odds(3).gold))
    assert "<script src=" not in page and "Plotly.newPlot" in page


@pytest.mark.rules("corinth.harbor.sort")
def test_odds_explorer_redraws_on_the_slider_and_view():
    from explorer.corinth.widgets import odds_explorer
    box = odds_explorer()
    assert "0 yellow" in box.figure.layout.title.text
    box.slider.value = 2
    assert "2 yellow" in box.figure.layout.title.text
    shown = [o["data"]["application/vnd.plotly.v1+json"] for o in box.output.outputs]
    assert len(shown) == 1 and "2 yellow" in shown[0]["layout"]["title"]["text"]   # drawn once
    gold = box.figure.data[0]
    assert gold.name == "gold"
    assert list(gold.y) == [float(p) for p in (harbor_odds(9, 2).gold[n] for n in gold.x)]
    box.views.value = "at_least"
    gold = box.figure.data[0]
    assert list(gold.y) == [float(harbor_odds(9, 2).gold.at_least(n)) for n in gold.x]
    assert tuple(box.figure.layout.yaxis.range) == (0, 1) and "at least" in gold.hovertemplate
    box.views.value = "exact"                  # back to "exactly n": the bars fit the axis again
    gold = box.figure.data[0]
    assert box.figure.layout.yaxis.autorange is True and box.figure.layout.yaxis.range is None
    assert list(gold.y) == [float(harbor_odds(9, 2).gold[n]) for n in gold.x]
    assert box.figure.layout.yaxis.title.text == "P(exactly n dice)" and "exactly" in gold.hovertemplate
    shown = [o["data"]["application/vnd.plotly.v1+json"] for o in box.output.outputs]
    assert len(shown) == 1 and shown[0]["data"][0]["y"] == list(gold.y)   # the output shows it
    assert "Plotly.newPlot" in box.static_html()   # the copy an exported notebook shows


def test_odds_explorer_copy_hides_itself_beside_its_own_live_widget():
    """The static copy carries a rule naming its own widget, so it hides only where that widget
    is drawn (no stylesheet or extra widget needed) and two explorers never hide each other's."""
    from explorer.corinth.widgets import odds_explorer
    from explorer.notebook import _static_box
    one, two = odds_explorer(), odds_explorer()
    keys = [k for k in one.widget._dom_classes if k.startswith("explorer-live-")]
    other = [k for k in two.widget._dom_classes if k.startswith("explorer-live-")]
    assert len(keys) == 1 and len(other) == 1 and keys != other
    copy = _static_box(one.static_html(), keys[0])
    assert f".jp-OutputArea:has(.{keys[0]}) .explorer-static.{keys[0]}-copy" in copy
    assert other[0] not in copy and "Plotly.newPlot" in copy
