"""The click benchmark measures what it says: every timed click plays the move it was given,
on each game's own boards, at mid-game positions of 4-player games."""

import importlib.util
import random
import sys

import pytest

from conftest import ROOT


def load_bench():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("bench_clicks",
                                                      ROOT / "benchmarks" / "bench_clicks.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


@pytest.mark.benchmark
def test_every_timed_click_plays_one_move_of_a_mid_game_position(capsys):
    bench = load_bench()
    assert [name.split(" (")[0] for name, _, _ in bench.GAMES] == [
        "Corinth", "Gùgōng", "Gonzaga", "The Hanging Gardens"]
    got = bench.measure(games=1, repeats=1, per_game=2)    # click() raises on a refused click
    assert {name: len(times) for name, times in got.items()} == {
        name: 2 for name, _, _ in bench.GAMES}
    assert all(0 < t < 60_000 for times in got.values() for t in times)
    bench.report(got, "wall clock", 1)
    printed = capsys.readouterr().out
    for name, _, _ in bench.GAMES:
        assert name in printed


def test_positions_are_mid_game_with_four_players_and_a_legal_click():
    bench = load_bench()
    from explorer import hanging_gardens as hg
    spots = bench.positions(hg, games=1, first_seed=5, per_game=3)
    rng, s = random.Random(5), hg.new_game(players=4, seed=5)    # the same game, to its end
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    whole = len(s.history)
    moves = [len(state.history) for state, _ in spots]
    assert len(set(moves)) == 3 and 0.2 * whole <= min(moves) and max(moves) <= 0.8 * whole
    for state, action in spots:
        assert state.info.players == 4 and not state.is_over
        assert state.why_illegal(action) is None


def test_a_refused_click_stops_the_benchmark():
    bench = load_bench()
    from explorer import hanging_gardens as hg
    state, action = bench.positions(hg, games=1, first_seed=5, per_game=1)[0]
    others = [a for a in hg.new_game(players=4, seed=99).legal_actions()
              if state.why_illegal(a) is not None]
    with pytest.raises(RuntimeError, match="played nothing"):
        bench.click(bench.GAMES[3][2], state, others[0])
