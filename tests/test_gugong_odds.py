"""Gùgōng's Destiny-dice odds, counted in whole numbers of rolls, held exactly to the oracles:
every ordered roll of the dice (``odds.brute_force``) and, for the bonus, every roll and every
draw of the opponents' piles; over random piles and over the shipped dice and made-up ones."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from explorer import ExplorerError, OptionError
from explorer.dice import Distribution
from explorer.gugong import odds

piles = st.lists(st.integers(1, 9), max_size=12)
made_up_dice = st.lists(st.lists(st.integers(0, 10), min_size=2, max_size=8),
                        min_size=1, max_size=3)
dice_sets = st.one_of(st.none(), made_up_dice)
EXAMPLES = settings(max_examples=60, deadline=None)


def servants(pile, faces) -> int:
    return sum(pile.count(f) for f in faces)


def matching(pile, faces) -> int:
    return sum(1 for v in pile if v in faces)


def exact_law(d) -> None:
    assert isinstance(d, Distribution)
    assert all(type(p) is Fraction and p > 0 for p in d.values())
    assert sum(d.values()) == 1


@pytest.mark.rules("gugong.evening.match", "gugong.evening.doubles", "gugong.assume.match-count",
                   "gugong.assume.most-matches")
@EXAMPLES
@given(pile=piles, dice=dice_sets)
def test_every_law_equals_every_ordered_roll(pile, dice):
    serv = odds.servants_distribution(pile, dice)
    assert serv == odds.brute_force(lambda f: servants(pile, f), dice)
    exact_law(serv)
    matches = odds.matches_distribution(pile, dice)
    brute = odds.brute_force(lambda f: matching(pile, f), dice)
    assert matches == brute
    exact_law(matches)
    p = odds.match_probability(pile, dice)
    assert type(p) is Fraction and p == brute.at_least(1)
    shown = odds.shown_sets(dice)
    assert shown == odds.brute_force(lambda f: frozenset(f), dice)
    assert all(type(q) is Fraction for q in shown.values()) and sum(shown.values()) == 1


@pytest.mark.parametrize("dice", [[[1, 2], [3, 4], [5, 6], [7, 8]],          # 4 values shown
                                  [[1, 9], [2, 8], [3, 7], [4, 6], [5, 5]],
                                  [[1, 1, 1], [9]], [[4]]])
@pytest.mark.parametrize("pile", [[], [5], [1, 2, 3, 4, 5, 6, 7, 8, 9], [4, 4, 9, 9, 9, 1]])
def test_more_dice_than_three_and_one_faced_dice(pile, dice):
    serv = odds.brute_force(lambda f: servants(pile, f), dice)
    assert odds.servants_distribution(pile, dice) == serv
    brute = odds.brute_force(lambda f: matching(pile, f), dice)
    assert odds.matches_distribution(pile, dice) == brute
    assert odds.match_probability(pile, dice) == brute.at_least(1)
    pool = [1, 2, 3, 5, 6, 9]
    assert (odds.bonus_chance(pile, (2,), pool, (True,), dice)
            == bonus_brute(pile, (2,), pool, (True,), dice))


def bonus_brute(pile, sizes, pool, ahead, dice) -> Fraction:
    """Every ordered roll and every draw of each opponent's pile (cards told apart)."""
    wins = cases = 0
    draws = [list(itertools.combinations(range(len(pool)), k)) for k in sizes]
    for roll in itertools.product(*odds.dice_faces(dice)):
        mine = matching(pile, roll)
        for combo in itertools.product(*draws):
            cases += 1
            theirs = [sum(1 for i in idx if pool[i] in roll) for idx in combo]
            if mine and all(t < mine or (t == mine and a) for t, a in zip(theirs, ahead)):
                wins += 1
    return Fraction(wins, cases)


small_dice = st.one_of(st.just([[1, 2, 3], [5, 7, 9], [2, 8, 9]]),
                       st.lists(st.lists(st.integers(1, 9), min_size=2, max_size=4),
                                min_size=1, max_size=3))


@pytest.mark.rules("gugong.evening.bonus", "gugong.evening.bonus-tie")
@settings(max_examples=40, deadline=None)
@given(pile=st.lists(st.integers(1, 9), max_size=5), pool=st.lists(st.integers(1, 9), max_size=6),
       opponents=st.lists(st.tuples(st.integers(0, 2), st.booleans()), max_size=2), dice=small_dice)
def test_the_bonus_equals_every_roll_and_every_draw(pile, pool, opponents, dice):
    sizes = tuple(min(k, len(pool)) for k, _ in opponents)
    ahead = tuple(a for _, a in opponents)
    p = odds.bonus_chance(pile, sizes, pool, ahead, dice)
    assert type(p) is Fraction and 0 <= p <= 1
    assert p == bonus_brute(pile, sizes, pool, ahead, dice)
    assert p <= odds.match_probability(pile, dice)


def test_the_bonus_against_nobody_is_the_chance_of_a_match():
    for pile in ([], [5], [1, 4, 7, 9]):
        assert odds.bonus_chance(pile, ()) == odds.match_probability(pile)


def test_a_returned_result_changed_by_the_caller_does_not_change_the_next():
    first = odds.shown_sets()
    key = next(iter(first))
    first[key] = Fraction(7)
    first.clear()
    again = odds.shown_sets()
    assert again == odds.brute_force(lambda f: frozenset(f)) and sum(again.values()) == 1
    d = odds.matches_distribution([2, 2, 6])
    with pytest.raises(TypeError):
        d[1] = Fraction(1)                            # a Distribution cannot be changed
    assert odds.matches_distribution([2, 2, 6]) == d


def test_dice_given_as_lists_tuples_or_the_data_agree_and_do_not_mix():
    own = [[1, 1, 2], [2, 3, 3]]
    a = odds.servants_distribution([1, 2], own)
    b = odds.servants_distribution([1, 2], tuple(tuple(f) for f in own))
    assert a == b == odds.brute_force(lambda f: servants([1, 2], f), own)
    shipped = odds.servants_distribution([1, 2])
    assert shipped == odds.brute_force(lambda f: servants([1, 2], f))
    assert shipped != a


def test_bad_input_raises_the_same_errors():
    for bad in ([0], [10], [1, "2"], [True], 5, None, [1] * 61):
        for fn in (odds.servants_distribution, odds.matches_distribution, odds.match_probability):
            with pytest.raises(OptionError, match="pile"):
                fn(bad)
    for dice in ([], [[]], "xyz", 7, [[1, "a"]]):
        with pytest.raises(OptionError, match="dice="):
            odds.servants_distribution([1], dice)
        with pytest.raises(OptionError, match="dice="):
            odds.shown_sets(dice)
    with pytest.raises(OptionError, match="cannot be drawn from 3"):
        odds.bonus_chance([5], (4,), pool=[1, 2, 3], dice=[[5]])
    assert odds.bonus_chance([], (4,), pool=[1, 2, 3]) == 0    # no match: no draw to make
    with pytest.raises(OptionError, match="ahead="):
        odds.bonus_chance([5], (1, 2), ahead=(True,))
    with pytest.raises(ExplorerError):
        odds.bonus_chance([5], (-1,))
    with pytest.raises(ExplorerError):
        odds.bonus_chance([5], (1,), pool=[0])
    with pytest.raises(ExplorerError):
        odds.brute_force(5)
