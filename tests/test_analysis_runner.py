"""The sweep runner (explorer.analysis.simulate): the same table on every backend, worker count
and batch size; the table and the metrics against games replayed here and values worked out by
hand; failing bots, interruptions and bad input."""

from __future__ import annotations

import math
import random
import time

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import Action, OptionError, analysis
from explorer.analysis import _stats, game_seed, kit, make_bot, spec_label

GAMES = analysis.ANALYSED


def quiet(*args, **kwargs):
    return analysis.simulate(*args, **{"progress": False, **kwargs})


def bare_random(game: str, players: int, seed: int, i: int):
    """Game ``i`` of a random sweep, played here with the documented generators; returns the end
    state, each seat's decisions, the legal-action counts and the sole leader after each round."""
    gseed = game_seed(seed, i)
    rngs = [random.Random(f"explorer-bot:{game}:{gseed}:{p}") for p in range(players)]
    k = kit(game)
    s = k.new_game(players, gseed)
    decisions, counts, leaders = [0] * players, [], []
    round_now = k.round(s)
    while not s.is_over:
        p = s.current_player
        counts.append(len(s.legal_actions()))
        s = s.apply(k.bots.random_bot(s, rngs[p]))
        decisions[p] += 1
        if k.round(s) != round_now or s.is_over:
            round_now = k.round(s)
            sc = list(s.scores())
            leaders.append(sc.index(max(sc)) if sc.count(max(sc)) == 1 else None)
    return s, decisions, counts, leaders


# ---- same results everywhere ------------------------------------------------------------------
def test_same_table_in_process_whatever_the_batch():
    a = quiet("corinth", games=12, players=3, seed=4)
    b = quiet("corinth", games=12, players=3, seed=4, batch=5)
    c = quiet("corinth", games=12, players=3, seed=4, batch=1)
    pd.testing.assert_frame_equal(a.table, b.table)
    pd.testing.assert_frame_equal(a.table, c.table)
    pd.testing.assert_frame_equal(a.branching_profile, c.branching_profile)
    assert list(a.table["game"]) == [g for g in range(12) for _ in range(3)]
    assert list(a.table["seat"]) == [0, 1, 2] * 12
    assert not quiet("corinth", games=12, players=3, seed=5).table.equals(a.table)


def test_same_table_on_one_and_two_worker_processes():
    here = quiet("gugong", games=10, players=2, seed=3, bots=["random", flaky])
    for workers, batch in ((1, None), (2, 3)):
        pool = quiet("gugong", games=10, players=2, seed=3, bots=["random", flaky], workers=workers,
                     batch=batch)
        pd.testing.assert_frame_equal(here.table, pool.table)
        pd.testing.assert_frame_equal(here.failures, pool.failures)
        pd.testing.assert_frame_equal(here.branching_profile, pool.branching_profile)
        assert not pool.partial and pool.games_done == 10


# ---- the table against games replayed here ----------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_table_matches_games_replayed_here(game):
    players, seed = 3, 11
    res = quiet(game, games=3, players=players, seed=seed)
    cats = kit(game).new_game(players, 0).result().categories
    sums, tenths = np.zeros(10), np.zeros(10)
    for i in range(3):
        s, decisions, counts, leaders = bare_random(game, players, seed, i)
        rows = res.table[res.table["game"] == i].reset_index(drop=True)
        scores, winners = list(s.scores()), set(s.winners())
        assert list(rows["seed"]) == [game_seed(seed, i)] * players
        assert list(rows["score"]) == scores
        assert list(rows["won"]) == [p in winners for p in range(players)]
        assert list(rows["win_share"]) == [1 / len(winners) if p in winners else 0.0
                                           for p in range(players)]
        assert list(rows["decisions"]) == decisions
        for c in cats:
            col = "score_" + "_".join(c.lower().split())
            assert list(rows[col]) == [s.result().parts[p][c] for p in range(players)]
        for p in range(players):          # rank: 1 + the seats ahead (more points, or a tie-break won)
            ahead = sum(scores[q] > scores[p] or (scores[q] == scores[p] and q in winners
                                                  and p not in winners) for q in range(players))
            assert rows["rank"][p] == 1 + ahead
        one = rows.iloc[0]
        assert one["game_decisions"] == len(counts) == sum(decisions)
        assert one["rounds"] == kit(game).round(s)
        assert one["winners"] == len(winners)
        assert one["no_winner"] == (not winners) and one["tie"] == (len(winners) > 1)
        assert one["branching"] == pytest.approx(sum(counts) / len(counts))
        sole = [x for x in leaders if x is not None]
        assert one["lead_changes"] == sum(a != b for a, b in zip(sole, sole[1:]))
        losers = [scores[p] for p in range(players) if p not in winners]
        if winners and losers:
            assert one["margin"] == min(scores[p] for p in winners) - max(losers)
        else:
            assert math.isnan(one["margin"])
        for d, c in enumerate(counts):
            sums[d * 10 // len(counts)] += c
            tenths[d * 10 // len(counts)] += 1
    assert res.branching_profile["branching"].tolist() == pytest.approx(list(sums / tenths))
    assert res.branching_profile["progress"].tolist() == pytest.approx([b / 10 for b in range(10)])


# ---- metrics by hand -------------------------------------------------------------------------
def test_summary_against_the_table_by_hand():
    res = quiet("gugong", games=20, players=3, seed=2)
    t = res.table
    games = t[t["seat"] == 0]
    m = res.summary().set_index("metric")
    n = len(games)
    no_winner = int((t.groupby("game")["won"].sum() == 0).sum())
    assert m.loc["no-winner rate", "value"] == no_winner / n
    z = 1.959963984540054                 # Wilson's interval written out
    p = no_winner / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert (m.loc["no-winner rate", "low"], m.loc["no-winner rate", "high"]) == pytest.approx(
        (centre - half, centre + half))
    d = games["game_decisions"].to_numpy(float)
    assert m.loc["duration (decisions)", "value"] == pytest.approx(d.mean())
    assert m.loc["duration (decisions)", "high"] == pytest.approx(d.mean() + z * d.std(ddof=1) / math.sqrt(n))
    assert m.loc["duration (decisions), sd", "value"] == pytest.approx(d.std(ddof=1))
    assert m.loc["duration (rounds)", "value"] == 4          # Gùgōng lasts four days
    assert m.loc["decisions per player", "value"] == pytest.approx(t["decisions"].mean())
    assert m.loc["branching factor", "value"] == pytest.approx(games["branching"].mean())
    assert m.loc["completion", "value"] == 1.0 and m.loc["games", "value"] == 20
    tie = int((t.groupby("game")["won"].sum() > 1).sum())
    assert m.loc["tie rate", "value"] == tie / n


def test_seat_advantage_by_hand():
    res = quiet("corinth", games=16, players=3, seed=7)
    t = res.table
    adv = res.seat_advantage()
    wins = [t.loc[t["seat"] == s, "win_share"].sum() for s in range(3)]
    assert adv["wins"].tolist() == pytest.approx(wins)
    assert adv["share"].tolist() == pytest.approx([w / 16 for w in wins])
    assert adv["games"].tolist() == [16, 16, 16]
    for row in adv.itertuples():
        assert row.low <= row.share <= row.high
    mean = sum(wins) / 3
    stat = sum((w - mean) ** 2 for w in wins) / mean
    assert adv.attrs["p_value"] == pytest.approx(math.exp(-stat / 2))   # chi-square, 2 degrees
    assert (adv["p_value"] == adv.attrs["p_value"]).all()


@pytest.mark.parametrize("k, n, low, high", [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
                                             (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_matches_newcombe_1998(k, n, low, high):
    got = _stats.wilson(k, n)
    assert (round(got[0], 4), round(got[1], 4)) == (low, high)


@settings(max_examples=25, deadline=None)
@given(st.floats(0, 150), st.sampled_from([1, 2, 3, 4]))
def test_chi2_tail_matches_closed_forms(x, df):
    exact = {1: math.erfc(math.sqrt(x / 2)),
             2: math.exp(-x / 2),
             3: math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2),
             4: math.exp(-x / 2) * (1 + x / 2)}[df]
    assert _stats.chi2_sf(x, df) == pytest.approx(exact, rel=1e-9, abs=1e-300)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 4), st.integers(0, 2**64 - 1))
def test_table_invariants(game, players, seed):
    t = quiet(game, games=2, players=players, seed=seed).table
    for _, rows in t.groupby("game"):
        assert list(rows["seat"]) == list(range(players))
        share = rows["win_share"].sum()
        assert share == pytest.approx(0.0 if rows["no_winner"].iloc[0] else 1.0)
        assert rows["decisions"].sum() == rows["game_decisions"].iloc[0]
        key = list(zip(rows["score"], rows["won"]))
        for a, ra in zip(key, rows["rank"]):
            for b, rb in zip(key, rows["rank"]):
                assert (ra < rb) == (a > b)               # ranks follow (score, won)


# ---- bots ------------------------------------------------------------------------------------
def first_legal(state):
    return state.legal_actions()[0]


def seeded_choice(state, rng):
    return rng.choice(state.legal_actions())


def test_bots_by_name_and_by_function():
    assert [spec_label(b) for b in ("random", "greedy", "mcts:200", first_legal)] == [
        "random", "greedy", "mcts:200", "first_legal"]
    res = quiet("gonzaga", games=3, players=2, bots=[first_legal, seeded_choice])
    again = quiet("gonzaga", games=3, players=2, bots=[first_legal, seeded_choice])
    assert list(res.table["bot"]) == ["first_legal", "seeded_choice"] * 3
    pd.testing.assert_frame_equal(res.table, again.table)
    k = kit("gonzaga")
    s = k.new_game(2, 5)
    # a function of (state, rng) draws from the seat's documented generator
    assert make_bot(k, seeded_choice, game_seed=5, seat=1)(s) == random.Random(
        "explorer-bot:gonzaga:5:1").choice(s.legal_actions())


@pytest.mark.parametrize("spec", ["smart", "mcts:0", "mcts:x", "mcts:-3", "mcts:", 3, None, "MCTS:5"])
def test_unknown_bot_is_refused(spec):
    with pytest.raises(OptionError, match="random.*greedy.*mcts|mcts:N"):
        make_bot(kit("corinth"), spec, game_seed=0, seat=0)
    with pytest.raises(OptionError):
        quiet("corinth", games=2, bots=spec)


# ---- failures --------------------------------------------------------------------------------
def flaky(state, rng):
    """Raises in games whose seed is even, after a few moves; plays randomly otherwise."""
    if state.info.seed % 2 == 0 and len(state.history) > 30:
        raise RuntimeError("flaky bot gave up")
    return rng.choice(state.legal_actions())


def cheat(state, rng):
    """Plays a move that does not exist in games whose seed is divisible by 3."""
    if state.info.seed % 3 == 0 and len(state.history) > 10:
        return Action("teleport", 1)
    return rng.choice(state.legal_actions())


def test_failing_bots_are_recorded_and_the_sweep_goes_on():
    seed, n = 1, 12
    res = quiet("corinth", games=n, players=2, seed=seed, bots=[cheat, flaky])
    seeds = [game_seed(seed, i) for i in range(n)]
    raising = {i for i in range(n) if seeds[i] % 2 == 0}
    illegal = {i for i in range(n) if seeds[i] % 3 == 0}
    f = res.failures.set_index("game")
    assert set(f.index) == raising | illegal and raising and illegal and len(f) < n
    for i, row in f.iterrows():
        assert row["seed"] == seeds[i] and row["move"] >= 1
        if row["seat"] == 1:
            assert "raised RuntimeError: flaky bot gave up" in row["reason"] and i in raising
        else:
            assert "teleport" in row["reason"] and "illegal" in row["reason"] and i in illegal
    assert set(res.table["game"]) == set(range(n)) - set(f.index)
    assert res.games_done == n and not res.partial
    m = res.summary().set_index("metric")
    assert m.loc["completion", "value"] == (n - len(f)) / n
    assert "failed" in repr(res) and f"{len(f)} failed" in repr(res)


# ---- interruption ----------------------------------------------------------------------------
class StopAfter:
    def __init__(self, games):
        self.games = games

    def __call__(self, done, total):
        if done >= self.games:
            raise KeyboardInterrupt


def stop_at_game_seven(state, rng):
    if state.info.seed == game_seed(0, 7):
        raise KeyboardInterrupt
    return rng.choice(state.legal_actions())


def test_interrupting_returns_what_finished():
    full = quiet("corinth", games=10, players=2)
    res = analysis.simulate("corinth", games=10, players=2, progress=StopAfter(4))
    assert res.partial and res.games_done == 4 and "partial" in repr(res)
    pd.testing.assert_frame_equal(res.table, full.table[full.table["game"] < 4])
    res = quiet("corinth", games=10, players=2, bots=stop_at_game_seven, batch=3)
    assert res.partial and res.games_done == 7
    assert sorted(set(res.table["game"])) == list(range(7))


def test_interrupting_the_pool_stops_its_workers():
    import multiprocessing
    res = analysis.simulate("corinth", games=200, players=2, workers=2, batch=2,
                            progress=StopAfter(1))
    assert res.partial and 2 <= res.games_done < 200
    assert len(res.table) == 2 * res.games_done
    deadline = time.monotonic() + 10                # the workers were stopped, not left running
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


# ---- restricted play -------------------------------------------------------------------------
def even_history(state, action):
    """Forbids everything when the history has an even length, nothing otherwise."""
    return len(state.history) % 2 == 0


def test_forbid_counts_forced_choices_on_the_rotating_seat():
    free = quiet("gugong", games=4, players=2, seed=5)
    res = quiet("gugong", games=4, players=2, seed=5, forbid=even_history)
    # nothing is ever forbidden with a choice left, so the games are the free games
    cols = ["game", "seat", "score", "won", "decisions"]
    pd.testing.assert_frame_equal(res.table[cols], free.table[cols])
    assert list(res.table["restricted"]) == [s == g % 2 for g in range(4) for s in range(2)]
    for i in range(4):
        gseed = game_seed(5, i)
        rngs = [random.Random(f"explorer-bot:gugong:{gseed}:{p}") for p in range(2)]
        s, forced = kit("gugong").new_game(2, gseed), 0
        while not s.is_over:
            p = s.current_player
            forced += p == i % 2 and len(s.history) % 2 == 0
            s = s.apply(kit("gugong").bots.random_bot(s, rngs[p]))
        rows = res.table[res.table["game"] == i]
        assert rows["forced"].tolist() == [forced if p == i % 2 else 0 for p in range(2)]


def no_first_choice(state, action):
    return action == state.legal_actions()[0] and len(state.legal_actions()) > 1


def test_a_restricted_random_bot_keeps_to_the_allowed_actions():
    k = kit("hanging_gardens")
    bot = make_bot(k, "random", game_seed=3, seat=0, forbid=no_first_choice)
    s = k.new_game(2, 3)
    for _ in range(40):
        a = bot(s) if s.current_player == 0 else k.bots.random_bot(s, random.Random(1))
        assert not (s.current_player == 0 and no_first_choice(s, a))
        s = s.apply(a)


# ---- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, words", [
    ({"game": "chess"}, "no game 'chess'.*corinth, gugong"),
    ({"games": 0}, "games must be a positive whole number"),
    ({"games": -5}, "games must be"),
    ({"games": 2.5}, "games must be"),
    ({"games": True}, "games must be"),
    ({"players": 5}, "Corinth is played by 2, 3 or 4 players, not 5"),
    ({"players": "2"}, "2, 3 or 4 players"),
    ({"bots": ["random"] * 3}, "one bot for every seat or a list of 2"),
    ({"workers": 0}, "workers must be"),
    ({"workers": "2"}, "workers must be"),
    ({"workers": 2, "client": "tcp://127.0.0.1:1"}, "not both"),
    ({"batch": 0}, "batch must be"),
    ({"seed": -1}, "seed must be"),
    ({"progress": "yes"}, "progress must be"),
    ({"forbid": lambda s, a: True}, "forbids everything"),
    ({"forbid": 42}, "forbid must be"),
    ({"forbid": "no such place"}, "restriction"),
    ({"forbid": lambda s: True}, "forbid failed"),
])
def test_bad_input_is_explained(kwargs, words):
    args = {"game": "corinth", "games": 3, "players": 2, **kwargs}
    with pytest.raises(OptionError, match=words):
        quiet(**args)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_says_how_many_may_play_and_the_kit_uses_it(game):
    k = kit(game)
    accepted = []
    for n in range(0, 9):
        try:
            k.package.new_game(players=n, seed=0)
        except OptionError:
            continue
        accepted.append(n)
    assert tuple(accepted) == k.package.PLAYERS == k.players
    assert k.label == k.new_game(k.players[-1], 3).game_name


def test_results_show_in_a_few_lines():
    res = quiet("hanging_gardens", games=2, players=4, bots=["random", "random", first_legal, "random"])
    text = repr(res)
    assert "The Hanging Gardens, 4 players" in text and "random / random / first_legal / random" in text
    assert "2 of 2 games played; 0 failed" in text and "partial" not in text
    assert "<b>Results</b>" in res._repr_html_()


def test_progress_on_a_terminal_says_games_rate_and_time(capsys):
    analysis.simulate("gugong", games=3, players=2, progress=True)
    err = capsys.readouterr().err
    assert "Gùgōng, 2 players: 3/3 games" in err and "games/s" in err
    calls = []
    analysis.simulate("gugong", games=3, players=2, progress=lambda d, n: calls.append((d, n)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert capsys.readouterr().err == ""


def test_a_restriction_by_name_or_by_itself_gives_the_same_sweep():
    wall = kit("gugong").restrictions["wall"]
    by_name = quiet("gugong", games=4, players=2, seed=3, forbid="wall")
    by_itself = quiet("gugong", games=4, players=2, seed=3, forbid=wall)
    by_test = quiet("gugong", games=4, players=2, seed=3, forbid=wall.test)
    pd.testing.assert_frame_equal(by_name.table, by_itself.table)
    pd.testing.assert_frame_equal(by_name.table, by_test.table)
    assert "forbid wall" in repr(by_name) and "forbid wall" in repr(by_itself)
    assert by_name.table["restricted"].tolist() == [s == g % 2 for g in range(4) for s in range(2)]


def test_a_plain_script_sweeps_on_two_processes_without_a_main_guard(tmp_path):
    """A script written the obvious way (a sweep at its top level, no ``if __name__ ==
    "__main__":``) runs on the pool, and gets the one-process table."""
    import os
    import subprocess
    import sys as _sys
    from conftest import ROOT
    script = tmp_path / "sweep.py"
    script.write_text("from explorer import analysis\n"
                      "a = analysis.simulate('corinth', games=6, workers=2, progress=False).table\n"
                      "b = analysis.simulate('corinth', games=6, progress=False).table\n"
                      "print('same' if a.equals(b) else 'different', len(a))\n")
    done = subprocess.run([_sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["same", "12"]


def test_bots_made_by_name_carry_the_name_a_board_shows():
    from explorer.board import Board, bot_label
    k = analysis.kit("corinth")
    made = {spec: analysis.make_bot(k, spec, game_seed=1, seat=1) for spec in
            ("random", "greedy", "mcts:5", "mcts:1")}
    assert {spec: bot_label(b) for spec, b in made.items()} == {
        "random": "random", "greedy": "greedy", "mcts:5": "MCTS (5 iterations)",
        "mcts:1": "MCTS (1 iteration)"}
    board = Board(k.new_game(2, 1), bots={1: made["mcts:5"]})
    assert [seat["bot"] for seat in board.view["seats"]] == ["", "MCTS (5 iterations)"]
    s = k.new_game(2, 1)
    assert made["random"](s) in s.legal_actions()


def test_wilson_is_exact_at_none_and_all():
    from explorer.analysis._stats import wilson
    for n in (1, 7, 10_000, 123_457):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
        assert 0 < wilson(0, n)[1] < 1 and 0 < wilson(n, n)[0] < 1
