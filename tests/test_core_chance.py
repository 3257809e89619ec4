"""Chance as whole-number weights: ``chance_weights()`` against ``chance_outcomes()`` in every
game, drawing by the weights, and refusals where no chance event is due."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import accumulate
from math import floor, sqrt

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import explorer
from explorer import ExplorerError
from explorer._record import game_module

PLAYERS = {"demo": (2, 3, 4), "corinth": (2, 3, 4), "gonzaga": (2, 3, 4), "gugong": (2, 3, 4, 5),
           "hanging_gardens": (2, 3, 4)}
CASES = [(g, n) for g in explorer.GAMES for n in PLAYERS[g]]


def chance_nodes(game: str, players: int, seed: int):
    """Every chance node of a random game (manual chance), drawn by the integer weights."""
    rng = random.Random(seed)
    s = game_module(game).new_game(players=players, seed=seed, chance="manual")
    while not s.is_over:
        if s.is_chance_node:
            yield s
            outcomes, cum = s.chance_weights(cumulative=True)
            s = s.apply(rng.choices(outcomes, cum_weights=cum)[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))


def check_weights(s) -> None:
    pairs = s.chance_outcomes()
    outcomes, weights = s.chance_weights()
    assert isinstance(outcomes, tuple) and isinstance(weights, tuple)
    assert outcomes == tuple(a for a, _ in pairs)
    assert all(type(w) is int and w > 0 for w in weights)
    total = sum(weights)
    assert [Fraction(w, total) for w in weights] == [p for _, p in pairs]
    assert all(type(p) is Fraction for _, p in pairs) and sum(p for _, p in pairs) == 1
    again, cum = s.chance_weights(cumulative=True)
    assert again == outcomes and cum == tuple(accumulate(weights))


class Grid(random.Random):
    """A "random" stream running evenly over [0, 1): the ``j``-th of ``steps`` numbers is
    ``(j + 1/2) / steps``. Drawing ``steps`` times from ``n`` outcomes by ``floor(random() * n)``
    (or by cumulative weights totalling ``n``) gives each its exact share when ``n`` divides
    ``steps``."""

    def __init__(self, steps: int):
        super().__init__(0)
        self._steps = iter([(j + 0.5) / steps for j in range(steps)])

    def random(self) -> float:
        return next(self._steps)

    def _randbelow(self, n: int) -> int:
        return floor(self.random() * n)


def grid_counts(outcomes, cum, per: int = 1) -> dict:
    """How often ``random.choices(outcomes, cum_weights=cum)`` gives each outcome over a grid of
    ``per * total`` numbers: exactly ``per * weight`` when the weights are right."""
    steps = per * cum[-1]
    counts = dict.fromkeys(outcomes, 0)
    for a in Grid(steps).choices(outcomes, cum_weights=cum, k=steps):
        counts[a] += 1
    return counts


@pytest.mark.parametrize("game, players", CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_weights_are_the_exact_probabilities_in_the_same_order(game, players, seed):
    seen, ever = 0, set()
    for s in chance_nodes(game, players, seed):
        seen += 1
        check_weights(s)
        outcomes = s.chance_weights()[0]
        assert s.legal_actions() == list(outcomes)
        ever.update(outcomes)                     # outcomes of this game's other events: refused
        assert [a for a in sorted(ever, key=repr) if s.is_legal(a)] == \
            sorted(outcomes, key=repr)
        for p in range(players):                  # a player's view may know less (hidden cards)
            v = s.view(p)
            try:
                pairs = v.chance_outcomes()
            except ExplorerError as err:
                with pytest.raises(type(err)):
                    v.chance_weights()
                continue
            assert pairs and v.is_chance_node
            check_weights(v)
    assert seen


@pytest.mark.parametrize("game, players", CASES)
def test_drawing_by_the_weights_gives_each_outcome_its_probability(game, players):
    for s in chance_nodes(game, players, seed=players):
        outcomes, cum = s.chance_weights(cumulative=True)
        counts = grid_counts(outcomes, cum, per=2)
        assert [Fraction(counts[a], 2 * cum[-1]) for a in outcomes] == \
            [p for _, p in s.chance_outcomes()]


@pytest.mark.parametrize("game, players", CASES)
def test_the_engines_own_sampler_agrees_with_the_weights_exactly(game, players):
    """The engine's sampler (what ``auto`` draws; it does not read the weights) fed an even grid
    of numbers gives each outcome exactly its weight's share."""
    for s in chance_nodes(game, players, seed=players + 10):
        outcomes, weights = s.chance_weights()
        steps = 2 * sum(weights)
        grid = Grid(steps)
        counts = dict.fromkeys(outcomes, 0)
        for _ in range(steps):
            counts[s.sample_chance(grid)] += 1
        assert [Fraction(counts[a], steps) for a in outcomes] == \
            [Fraction(w, sum(weights)) for w in weights]


@pytest.mark.parametrize("game", list(explorer.GAMES))
def test_a_seeded_sample_by_the_weights_fits_the_fractions(game):
    """A chi-square test of 20,000 seeded draws at the game's largest non-uniform (else largest)
    chance event; the seed makes it deterministic, the threshold is p = 0.0001."""
    nodes = [s for seed in range(3) for s in chance_nodes(game, 3, seed)]
    s = max(nodes, key=lambda s: (len(set(s.chance_weights()[1])) > 1, len(s.chance_weights()[0])))
    outcomes, cum = s.chance_weights(cumulative=True)
    draws = 20_000
    counts = dict.fromkeys(outcomes, 0)
    for a in random.Random(2024).choices(outcomes, cum_weights=cum, k=draws):
        counts[a] += 1
    chi2 = sum((counts[a] - draws * p) ** 2 / (draws * p) for a, p in s.chance_outcomes())
    df = len(outcomes) - 1
    if df == 0:
        assert counts == {outcomes[0]: draws}
        return
    z = 3.719                                          # the normal's 0.9999 quantile
    limit = df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3     # Wilson and Hilferty
    assert chi2 < limit, (chi2, limit, counts)


def test_the_grid_count_notices_wrong_weights():
    assert grid_counts(("a", "b", "c"), (1, 3, 4)) == {"a": 1, "b": 2, "c": 1}
    assert grid_counts(("a", "b", "c"), (2, 3, 4), per=3) == {"a": 6, "b": 3, "c": 3}


@pytest.mark.parametrize("game", list(explorer.GAMES))
def test_what_the_caller_gets_cannot_change_the_next_answer(game):
    s = next(chance_nodes(game, 3, seed=5))
    pairs, (outcomes, weights) = s.chance_outcomes(), s.chance_weights()
    first = list(pairs)
    pairs.append(pairs[0])
    pairs[0] = ("changed", Fraction(1))
    pairs.reverse()
    assert s.chance_outcomes() == first
    assert s.chance_weights() == (outcomes, weights)
    with pytest.raises(TypeError):
        weights[0] = 99                                # type: ignore[index]
    with pytest.raises(TypeError):
        s.chance_weights(cumulative=True)[1][0] = 99   # type: ignore[index]
    assert s.chance_weights(cumulative=True)[1] == tuple(accumulate(weights))


@pytest.mark.parametrize("game", list(explorer.GAMES))
def test_no_chance_event_is_refused_as_chance_outcomes_refuses_it(game):
    rng = random.Random(3)
    s = game_module(game).new_game(players=2, seed=3)
    checked = 0
    while True:
        if not s.is_chance_node:
            with pytest.raises(ExplorerError) as outcomes_err:
                s.chance_outcomes()
            for cumulative in (False, True):
                with pytest.raises(ExplorerError) as weights_err:
                    s.chance_weights(cumulative=cumulative)
                assert type(weights_err.value) is type(outcomes_err.value)
                assert weights_err.value.code == outcomes_err.value.code
            checked += 1
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 1 and s.is_over


@pytest.mark.parametrize("bad", ["yes", 1, None, 0.0])
def test_cumulative_must_be_true_or_false(bad):
    from explorer import OptionError, corinth
    s = corinth.new_game(players=2, seed=1, chance="manual")
    while not s.is_chance_node:
        s = s.apply(s.legal_actions()[0])
    with pytest.raises(OptionError, match="cumulative is True or False"):
        s.chance_weights(cumulative=bad)
