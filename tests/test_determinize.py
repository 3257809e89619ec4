"""Each game's ``determinize(state, player, rng)``: a full state the player's view cannot tell from
the real one, with chance drawn by the caller from then on, and the unseen sampled fairly (a
chi-square test per game with hidden information, shown to reject a biased sampler)."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import random
from collections import Counter

import pytest

from explorer import ExplorerError
from explorer.analysis._stats import chi2_sf

GAMES = ("corinth", "gugong", "gonzaga", "hanging_gardens")


def _game(name):
    return importlib.import_module(f"explorer.{name}"), importlib.import_module(f"explorer.{name}.bots")


def positions(name, players, seed, every):
    """Every ``every``-th position of a random game (the end included)."""
    mod, bots = _game(name)
    s = mod.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for k in itertools.count():
        if s.is_over or k % every == 0:
            yield s
        if s.is_over:
            return
        s = s.apply(bots.random_bot(s, rng))


@pytest.mark.parametrize("name", GAMES)
def test_views_agree_and_the_game_plays_on(name):
    _, bots = _game(name)
    rng = random.Random(7)
    checked = played = 0
    for players, seed in ((2, 1), (3, 2)):
        for i, s in enumerate(positions(name, players, seed, every=12)):
            for p in range(players):
                d = bots.determinize(s, p, rng)
                assert d.info.chance == "manual"
                assert type(d) is type(s) and not getattr(d, "is_view", False)
                assert d.view(p) == s.view(p), (name, players, seed, i, p)
                checked += 1
            if i % 3 == 0 and not s.is_over:
                end = bots.random_playout(bots.determinize(s, i % players, rng), rng)
                assert end.is_over
                played += 1
    assert checked > 30 and played >= 4


@pytest.mark.parametrize("name", ["gugong", "gonzaga", "hanging_gardens"])
def test_it_depends_on_the_view_alone(name):
    """Two games that differ only in what the player cannot see are determinized alike by the
    same generator (the second game: a determinization of the first)."""
    _, bots = _game(name)
    differ = 0
    states = ([_gardens_position()] if name == "hanging_gardens" else
              list(positions(name, 3, 6, every=15)))
    for i, s in enumerate(states):
        for p in range(s.players):
            other = bots.determinize(s, p, random.Random(i + 100))
            differ += other != s
            assert other.view(p) == s.view(p)
            assert bots.determinize(s, p, random.Random(i)) == bots.determinize(other, p, random.Random(i))
    assert differ >= len(states) // 2


@pytest.mark.parametrize("name", GAMES)
def test_nothing_hidden_gives_the_state_back(name):
    """At the end every player sees everything (and in Corinth, always): the same state."""
    _, bots = _game(name)
    rng = random.Random(3)
    states = list(positions(name, 2, 4, every=25))
    end = states[-1]
    assert end.is_over
    seen_all = [end] + (states if name == "corinth" else [])
    for s in seen_all:
        for p in range(2):
            d = bots.determinize(s, p, rng)
            assert d == s and d.info.chance == "manual" and d.log == s.log


def test_the_real_future_is_not_read():
    """Chance after a determinization is drawn by whoever plays it: with the real seed's draws
    out of reach, two generators give two futures."""
    _, bots = _game("corinth")
    s = next(st for st in positions("corinth", 2, 5, every=1) if st.current_player == 0
             and len(st.history) > 3)
    d = bots.determinize(s, 0, random.Random(0))
    ends = {bots.random_playout(d, random.Random(k)).scores() for k in range(6)}
    assert len(ends) > 1
    # a move applied to the determinization waits for its roll instead of reading the seed
    while not d.is_over and not d.is_chance_node:
        d = d.apply(d.legal_actions()[-1])
    assert d.is_chance_node or d.is_over


@pytest.mark.parametrize("name", GAMES)
def test_bad_arguments(name):
    mod, bots = _game(name)
    s = mod.new_game(players=2, seed=1)
    for args in ((s, 5, random.Random(0)), (s, 0, None), (s, 0, 3), ("x", 0, random.Random(0))):
        with pytest.raises(ExplorerError):
            bots.determinize(*args)
    if hasattr(s, "view") and name != "corinth":
        with pytest.raises(ExplorerError):
            bots.determinize(s.view(0), 0, random.Random(0))


# ---- fairness --------------------------------------------------------------------------------
class Sorted(random.Random):
    """A biased sampler: shuffles by sorting, samples and chooses the first items."""

    def shuffle(self, x):
        x.sort()

    def sample(self, population, k):
        return sorted(population)[:k]

    def choice(self, seq):
        return seq[0]


def chi_square_p(counts: Counter, expected: dict) -> float:
    """The p-value of Pearson's chi-square test of ``counts`` against ``expected`` counts."""
    stat = sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())
    assert set(counts) <= set(expected), set(counts) - set(expected)
    return chi2_sf(stat, len(expected) - 1)


SAMPLES = 800


def _gugong_position():
    s = next(st for st in positions("gugong", 2, 3, every=1)
             if len(st.history) > 40 and st.current_player == 0 and st.seats[1].discard)
    return s


def _gugong_counts(rng):
    """Which unseen card lies in a given place of player 2's hand and discard pile: one place
    drawn by a separate generator each time, so every card is equally likely there."""
    _, bots = _game("gugong")
    s = _gugong_position()
    pick = random.Random(1)
    counts = Counter()
    for _ in range(SAMPLES):
        seat = bots.determinize(s, 0, rng).seats[1]
        cards = seat.hand + seat.discard
        counts[cards[pick.randrange(len(cards))]] += 1
    unseen = s.view(0).unseen[0]
    return counts, {c: SAMPLES / len(unseen) for c in unseen}


def _gonzaga_counts(rng):
    """Player 2's objective card, and the plan player 1 committed (seen by player 2)."""
    from explorer.gonzaga._plan import _plans, available
    _, bots = _game("gonzaga")
    s = next(st for st in positions("gonzaga", 2, 3, every=1)
             if st.round == 2 and st.phase == "plan" and st.turn == 1)
    objectives, plans = Counter(), Counter()
    for _ in range(SAMPLES):
        objectives[bots.determinize(s, 0, rng).objectives[1]] += 1
        plans[bots.determinize(s, 1, rng).plans[0]] += 1
    cards = [c for c in range(len(s.book.objective_ids)) if c != s.objectives[0]]
    from explorer.gonzaga._book import Plan
    legal = [Plan(a.args[0], a.args[1], a.kind == "privilege") for a in _plans(*available(s, 0))]
    return ((objectives, {c: SAMPLES / len(cards) for c in cards}),
            (plans, {p: SAMPLES / len(legal) for p in legal}))


def _gardens_position():
    """A position in which player 2 holds a hidden bonus tile (made by moving a tile from the
    stacks to their hidden tiles: random games seldom score a group large enough)."""
    s = next(st for st in positions("hanging_gardens", 2, 3, every=1)
             if st.round == 3 and st.current_player == 0)
    kind = max(range(len(s.pool)), key=s.pool.__getitem__)
    pool = list(s.pool)
    pool[kind] -= 1
    bump = tuple(int(k == kind) for k in range(len(pool)))
    low, high = s.heights
    s = dataclasses.replace(
        s, pool=tuple(pool), heights=(low - 1, high) if low else (low, high - 1), hidden=(s.hidden[0], tuple(map(sum, zip(s.hidden[1], bump)))),
        tiles=(s.tiles[0], tuple(map(sum, zip(s.tiles[1], bump)))))
    return s


def _gardens_counts(rng):
    """The kind of the hidden bonus tile player 2 holds: as likely as each tile unseen."""
    _, bots = _game("hanging_gardens")
    s = _gardens_position()
    unseen = [k for k in range(len(s.pool)) for _ in range(s.pool[k] + s.hidden[1][k])]
    counts = Counter()
    for _ in range(SAMPLES):
        d = bots.determinize(s, 0, rng)
        assert sum(d.hidden[1]) == 1 and d.view(0) == s.view(0)
        counts[d.hidden[1].index(1)] += 1
    shares = Counter(unseen)
    return counts, {k: SAMPLES * n / len(unseen) for k, n in shares.items()}


def _all_counts(name, rng):
    if name == "gugong":
        return [_gugong_counts(rng)]
    if name == "gonzaga":
        return list(_gonzaga_counts(rng))
    return [_gardens_counts(rng)]


@pytest.mark.parametrize("name", ["gugong", "gonzaga", "hanging_gardens"])
def test_the_unseen_is_sampled_fairly(name):
    for counts, expected in _all_counts(name, random.Random(2024)):
        assert len(expected) >= 3
        assert chi_square_p(counts, expected) > 1e-4, (name, counts)


@pytest.mark.parametrize("name", ["gugong", "gonzaga", "hanging_gardens"])
def test_the_fairness_test_catches_a_biased_sampler(name):
    ps = [chi_square_p(counts, expected) for counts, expected in _all_counts(name, Sorted(0))]
    assert min(ps) < 1e-6
