"""Named restrictions, the skill trace, restricted play (action_value) and their figures.

Expectations are computed apart from the code under test: restriction predicates against the
games' own words and grids, shares and intervals recomputed from ``simulate``'s tables with the
defining equations of the Wilson and Newcombe intervals, figures against the studies' tables.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random

import pytest
from hypothesis import given, strategies as st

from explorer import OptionError
from explorer._action import Action
from explorer._bots import Restriction
from explorer._rules import catalogue
from explorer.hanging_gardens._grid import group_at, idx

GAMES = ("corinth", "gugong", "gonzaga", "hanging_gardens")
Z = 1.959963984540054


def restrictions(game: str) -> dict:
    return importlib.import_module(f"explorer.{game}.restrictions").RESTRICTIONS


def positions(game: str, players: int, seeds) -> list:
    """Every decision of seeded random games of ``game``, with its legal actions."""
    pkg = importlib.import_module(f"explorer.{game}")
    out = []
    for seed in seeds:
        s = pkg.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.is_chance_node:
                s = s.apply(s.sample_chance(rng))
                continue
            acts = s.legal_actions()
            out.append((s, acts))
            s = s.apply(rng.choice(acts))
    return out


_POSITIONS: dict = {}


def random_positions(game: str) -> list:
    """Positions of a few random games (Hanging Gardens: also two-player games until a group of
    six, with its hidden tile, comes up: seed 29 is the first)."""
    if game not in _POSITIONS:
        if game == "hanging_gardens":
            found = positions(game, 3, range(3))
            for seed in range(29, 200):
                more = positions(game, 2, [seed])
                found += more
                if any(a.kind == "hidden" for _, acts in more for a in acts):
                    break
            _POSITIONS[game] = found
        else:
            _POSITIONS[game] = positions(game, 3, range(2 if game == "gonzaga" else 3))
    return _POSITIONS[game]


# ---- Restriction and the games' named restrictions ---------------------------------------------
def test_restriction_is_a_frozen_record_and_a_predicate():
    r = Restriction("gold", "taking gold", "corinth.action.gold-goats", lambda s, a: a.kind == "gold")
    assert r(None, Action("gold")) and not r(None, Action("goats"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.name = "goats"


@pytest.mark.parametrize("game", GAMES)
def test_restrictions_are_named_labelled_and_cite_the_games_rules(game):
    book = catalogue(game)
    named = restrictions(game)
    assert len(named) >= 5
    for name, r in named.items():
        assert isinstance(r, Restriction) and r.name == name
        assert " " in r.label                   # words, not an identifier
        assert r.rule in book and r.rule.startswith(f"{game}.")


@pytest.mark.parametrize("game", GAMES)
def test_each_restriction_forbids_some_legal_actions_and_allows_others(game):
    named = restrictions(game)
    bites = {name: 0 for name in named}
    for s, acts in random_positions(game):
        for name, r in named.items():
            verdicts = [r.test(s, a) for a in acts]
            assert all(type(v) is bool for v in verdicts), (name, s.phase, acts)
            if any(verdicts) and not all(verdicts):
                bites[name] += 1
    assert all(bites.values()), {n: k for n, k in bites.items() if not k}


def test_gugong_locations_match_what_the_game_says_each_choice_does():
    named = restrictions("gugong")
    seen = set()
    for s, acts in random_positions("gugong"):
        if s.phase != "actions":
            continue
        for a, words in s.choices():
            for loc in ("travel", "wall", "jade", "intrigue", "palace", "decrees", "canal"):
                says = f"action ({s.book.location_label(loc)})" in words
                assert named[loc].test(s, a) == says, (loc, a, words)
                if says:
                    seen.add(a.kind)
    assert seen == {"act", "location"}


def test_hanging_gardens_temples_are_judged_by_the_group_they_score():
    named = restrictions("hanging_gardens")
    motifs = ("terrace", "park", "arcade", "fountain")
    checked = 0
    for s, acts in random_positions("hanging_gardens"):
        if s.phase != "score":
            continue
        grid = s.gardens[s.current_player].grid
        for a in acts:
            if a.kind != "temple":
                assert not any(named[m].test(s, a) for m in motifs + ("threes", "temples"))
                continue
            square = idx(*a.args)
            assert named["temples"].test(s, a)
            for m in motifs:
                assert named[m].test(s, a) == (grid[square] == 2 + motifs.index(m))
            assert named["threes"].test(s, a) == (len(group_at(grid, square)) == 3)
            checked += 1
    assert checked > 10


def test_corinth_districts_and_gonzaga_cards_read_the_actions_arguments():
    corinth, gonzaga = restrictions("corinth"), restrictions("gonzaga")
    for s, acts in random_positions("corinth"):
        for a in acts:
            if a.kind == "deliver":
                district = a.args[0].split("-")[0]
                assert {n for n in ("orange", "blue", "purple", "green")
                        if corinth[n].test(s, a)} == {district}
            assert corinth["steward"].test(s, a) == (a.kind == "steward" or
                                                      (a.kind == "step" and s.phase == "compensate"))
    for s, acts in random_positions("gonzaga")[:400]:
        for a in acts:
            cards = {c for c in "ABC" if gonzaga[c].test(s, a)}
            assert cards == ({a.args[1]} if a.kind in ("plan", "privilege") else set())


# ---- skill_trace and action_value ----------------------------------------------------------------
def wilson_holds(successes: float, n: int, low: float, high: float) -> bool:
    """The Wilson bounds are the proportions p with |p̂ - p| = z·sqrt(p(1-p)/n) (its definition),
    below and above p̂ (or 0 / 1 when p̂ is 0 / 1)."""
    p = successes / n

    def on_edge(q: float) -> bool:
        return math.isclose((p - q) ** 2 * n, Z * Z * q * (1 - q), abs_tol=1e-9)
    return ((low == 0 and p == 0) or (low <= p and on_edge(low))) and \
        ((high == 1 and p == 1) or (high >= p and on_edge(high)))


def first_choice(state):
    """A bot that always plays the first legal action (chance: the first outcome)."""
    return state.chance_outcomes()[0][0] if state.is_chance_node else state.legal_actions()[0]


def test_skill_trace_is_the_stronger_bots_share_over_every_seat():
    from explorer.analysis import simulate, skill_trace
    trace = skill_trace("corinth", players=3, ladder=["random", first_choice], games=7, seed=4,
                        progress=False)
    assert trace[["rung", "against", "games"]].values.tolist() == [["first_choice", "random", 7]]
    wins = 0.0
    for seat, n in enumerate((3, 2, 2)):          # 7 games: seat 1 plays 3, seats 2 and 3 play 2
        bots = ["random"] * 3
        bots[seat] = first_choice
        t = simulate("corinth", games=n, players=3, bots=bots, seed=4, progress=False).table
        wins += t.loc[t["seat"] == seat, "win_share"].sum()
    row = trace.iloc[0]
    assert row["share"] == pytest.approx(wins / 7) and row["fair"] == pytest.approx(1 / 3)
    assert wilson_holds(wins, 7, row["low"], row["high"])


def test_skill_trace_ladder_of_three_gives_two_rungs_and_random_against_itself_is_even():
    from explorer.analysis import skill_trace
    trace = skill_trace("gugong", ladder=["random", "random", "greedy"], games=4, progress=False)
    assert trace[["rung", "against"]].values.tolist() == [["random", "random"],
                                                          ["greedy", "random"]]
    assert (trace["low"] <= trace["share"]).all() and (trace["share"] <= trace["high"]).all()


def test_a_study_counts_all_its_games_on_one_bar(capsys):
    from explorer.analysis import action_value, skill_trace
    calls = []
    trace = skill_trace("corinth", ladder=["random", "random", first_choice], games=5,
                        progress=lambda done, total: calls.append((done, total)))
    assert calls == [(d, 10) for d in range(1, 11)] and trace.attrs["partial"] is False
    calls.clear()
    action_value("corinth", forbid=["steward", "purple"], bot="random", games=4,
                 progress=lambda done, total: calls.append((done, total)))
    assert calls == [(d, 12) for d in range(1, 13)]
    skill_trace("corinth", ladder=["random", "random"], games=3, progress=True)
    err = capsys.readouterr().err
    assert "Corinth, skill trace, 2 players: 3/3 games" in err and err.count("\n") == 1


def stop_at_third_game(state):
    """A bot that interrupts (as Ctrl-C does) in the third game a study plays."""
    stop_at_third_game.games.add(state.info.seed)
    if len(stop_at_third_game.games) >= 3:
        raise KeyboardInterrupt
    return state.legal_actions()[0]


def test_interrupting_a_study_stops_it_and_keeps_what_finished():
    from explorer.analysis import skill_trace
    stop_at_third_game.games = set()
    trace = skill_trace("corinth", ladder=["random", stop_at_third_game, "greedy"], games=6,
                        progress=False)
    assert trace.attrs["partial"] is True
    assert trace[["rung", "against", "games"]].values.tolist() == [
        ["stop_at_third_game", "random", 2]]        # the two games before the interruption


def test_newcombe_interval_matches_the_published_example():
    from explorer.analysis._studies import difference_interval
    d, low, high = difference_interval(56, 70, 48, 80)      # Newcombe (1998), table II, (a)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)
    d, low, high = difference_interval(9, 10, 3, 10)        # ... example (d)
    assert (round(low, 4), round(high, 4)) == (0.1705, 0.8090)


@given(st.integers(1, 500), st.integers(1, 500), st.data())
def test_newcombe_interval_holds_the_difference_and_stays_within_minus_one_and_one(n1, n2, data):
    from explorer.analysis._studies import difference_interval
    x1, x2 = data.draw(st.integers(0, n1)), data.draw(st.integers(0, n2))
    d, low, high = difference_interval(x1, n1, x2, n2)
    assert d == pytest.approx(x1 / n1 - x2 / n2)
    assert -1 - 1e-12 <= low <= d <= high <= 1 + 1e-12
    swapped = difference_interval(x2, n2, x1, n1)              # symmetric in the two samples
    assert swapped == pytest.approx((-d, -high, -low))


@pytest.fixture(scope="module")
def corinth_values():
    from explorer.analysis import action_value
    return action_value("corinth", players=3, bot="random", games=9, seed=2, progress=False,
                        forbid=["steward", lambda state, action: action.kind == "no such action"])


def test_action_value_is_recomputed_from_the_two_sweeps(corinth_values):
    from explorer.analysis import simulate
    free = simulate("corinth", games=9, players=3, bots="random", seed=2, progress=False).table
    denied = simulate("corinth", games=9, players=3, bots="random", seed=2, progress=False,
                      forbid="steward").table
    free = free[free["seat"] == free["game"] % 3].sort_values("game")
    denied = denied[denied["restricted"]].sort_values("game")
    assert denied["seat"].tolist() == [i % 3 for i in range(9)]
    row = corinth_values.iloc[0]
    assert (row["game"], row["restriction"], row["label"], row["rule"], row["games"]) == \
        ("corinth", "steward", "the Steward", "corinth.steward.instead", 9)
    f, d = free["win_share"].sum(), denied["win_share"].sum()
    assert row["free_share"] == pytest.approx(f / 9) and row["share"] == pytest.approx(d / 9)
    assert row["loss"] == pytest.approx((f - d) / 9)
    # Newcombe's hybrid: the loss's bounds are its value minus / plus the root sum of squares of
    # the distances from each share to its Wilson bounds (the bounds themselves checked above)
    assert row["low"] <= row["loss"] <= row["high"]
    diffs = free["score"].to_numpy(float) - denied["score"].to_numpy(float)
    assert row["score_loss"] == pytest.approx(diffs.mean())
    half = Z * diffs.std(ddof=1) / 3
    assert (row["score_low"], row["score_high"]) == pytest.approx((diffs.mean() - half,
                                                                   diffs.mean() + half))
    # no Steward points unless a choice was forced (every legal action moved the Steward)
    assert row["forced"] == denied["forced"].sum()
    assert denied.loc[denied["forced"] == 0, "score_steward"].eq(0).all()
    assert free["score_steward"].gt(0).sum() > denied["score_steward"].gt(0).sum()


def test_forbidding_what_is_never_played_changes_nothing(corinth_values):
    row = corinth_values.iloc[1]
    assert row["restriction"] == "<lambda>" and row["forced"] == 0
    assert row["share"] == row["free_share"] and row["loss"] == 0 and row["score_loss"] == 0


def test_forbidding_what_every_game_needs_costs_the_whole_score():
    from explorer.analysis import action_value
    row = action_value("hanging_gardens", players=2, forbid="temples", bot="random", games=4,
                       progress=False).iloc[0]
    assert row["score"] == 0 < row["free_score"] and row["score_loss"] == row["free_score"]


@pytest.mark.parametrize("call, words", [
    (dict(forbid="great_wall"), "gugong has no restriction 'great_wall'; its restrictions are: "
                                "travel, wall,"),
    (dict(forbid=None), "forbid should be a restriction's name"),
    (dict(forbid=[]), "at least one restriction"),
    (dict(forbid=3), "not 3"),
    (dict(forbid="wall", games=0), "games should be a whole number of at least 1"),
])
def test_action_value_refuses_bad_input_in_words(call, words):
    from explorer.analysis import action_value
    with pytest.raises(OptionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        action_value("gugong", bot="random", progress=False, **call)


@pytest.mark.parametrize("call, words", [
    (dict(ladder="random"), "a ladder is a list of at least two bots"),
    (dict(ladder=["random"]), "a ladder is a list of at least two bots"),
    (dict(ladder=["random", "clever"]), "clever"),
    (dict(games=-1), "games should be"),
    (dict(game="chess"), "there is no game 'chess'"),
])
def test_skill_trace_refuses_bad_input_in_words(call, words):
    from explorer.analysis import skill_trace
    call = {"game": "corinth", "progress": False, **call}
    with pytest.raises(OptionError, match=words):
        skill_trace(call.pop("game"), **call)


# ---- figures -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sweeps():
    from explorer.analysis import simulate
    return {"Corinth": simulate("corinth", games=12, players=3, progress=False),
            "Gùgōng": simulate("gugong", games=4, players=2, progress=False)}


def error_bars(error: dict, value, low, high) -> None:
    assert list(error["array"]) == pytest.approx([h - v for v, h in zip(value, high)])
    assert list(error["arrayminus"]) == pytest.approx([v - lo for v, lo in zip(value, low)])


def readable(fig) -> None:
    """Type no smaller than 14 px, a title, every axis named."""
    layout = fig.to_dict()["layout"]
    assert layout["font"]["size"] >= 14 and layout["title"]["text"]
    for key, axis in layout.items():
        if key.startswith(("xaxis", "yaxis")):
            assert axis.get("tickfont", {}).get("size", 14) >= 14
    assert all(a["font"]["size"] >= 14 for a in layout.get("annotations", ()) if "font" in a)


def test_seat_advantage_figure_draws_the_tables_intervals(sweeps):
    from explorer.analysis import figures
    fig = figures.seat_advantage_figure(sweeps)
    readable(fig)
    bars = [t for t in fig.data if t.type == "bar"]
    assert [t.name for t in bars] == ["Corinth", "Gùgōng"]
    for trace, res in zip(bars, sweeps.values()):
        table = res.seat_advantage()
        assert list(trace.x) == [f"seat {s + 1}" for s in range(res.players)]
        assert list(trace.y) == pytest.approx(table["share"].tolist())
        error_bars(trace.error_y.to_plotly_json(), table["share"], table["low"], table["high"])
    assert {round(s.y0, 6) for s in fig.layout.shapes} == {round(1 / 3, 6), 0.5}   # even games


def test_score_duration_and_branching_figures_hold_the_sweeps_numbers(sweeps):
    from explorer.analysis import figures
    corinth = sweeps["Corinth"]
    fig = figures.score_figure(corinth)
    readable(fig)
    assert [t.name for t in fig.data] == ["final score", "shops", "bonuses", "gold", "goats",
                                          "steward", "temple"]
    assert list(fig.data[1].y) == corinth.table["score_shops"].tolist()
    fig = figures.duration_figure(sweeps)
    readable(fig)
    per_game = corinth.table.drop_duplicates("game")
    assert list(fig.data[0].x) == per_game["game_decisions"].tolist()
    assert list(fig.data[1].x) == per_game["rounds"].tolist() and len(fig.data[1].x) == 12
    fig = figures.branching_figure(sweeps)
    readable(fig)
    assert fig.layout.yaxis.type == "log"
    for trace, res in zip(fig.data, sweeps.values()):
        prof = res.branching_profile
        assert list(trace.x) == pytest.approx([10 * k for k in range(10)])
        assert list(trace.y) == pytest.approx(prof["branching"].tolist())


def test_skill_and_restriction_figures_draw_the_studies_intervals(corinth_values):
    import pandas as pd
    from explorer.analysis import figures, skill_trace
    traces = {g: skill_trace(g, ladder=["random", first_choice, "random"], games=2, progress=False)
              for g in ("corinth", "hanging_gardens")}
    fig = figures.skill_figure(traces)
    readable(fig)
    bars = [t for t in fig.data if t.type == "bar"]
    assert [t.name for t in bars] == ["Corinth", "The Hanging Gardens"]
    assert [round(s.y0, 6) for s in fig.layout.shapes] == [0.5]
    for trace, table in zip(bars, traces.values()):
        assert list(trace.x) == ["first_choice vs random", "random vs first_choice"]
        error_bars(trace.error_y.to_plotly_json(), table["share"], table["low"], table["high"])
    assert figures.skill_figure(pd.concat(traces.values())).to_dict() == fig.to_dict()
    fig = figures.restriction_figure(corinth_values)
    readable(fig)
    ordered = corinth_values.sort_values("loss", ascending=False)     # the biggest loss on top
    assert list(fig.data[0].y) == [f"{lab} (Corinth)" for lab in ordered["label"]]
    assert list(fig.data[0].x) == pytest.approx(ordered["loss"].tolist())
    error_bars(fig.data[0].error_x.to_plotly_json(), ordered["loss"], ordered["low"],
               ordered["high"])


@pytest.mark.parametrize("name, data", [("seat_advantage_figure", "not results"),
                                        ("score_figure", []), ("skill_figure", 3),
                                        ("restriction_figure", {"a": 1})])
def test_figures_refuse_what_they_cannot_draw(name, data):
    from explorer.analysis import figures
    with pytest.raises(OptionError):
        getattr(figures, name)(data)
