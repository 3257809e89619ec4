"""Exact dice maths: count vectors and the face-by-face recursion against brute force."""

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from explorer.dice import (Distribution, brute_force, by_counts, by_faces, count_vectors,
                           multinomial)


def total(counts):
    return sum(f * n for c in counts for f, n in enumerate(c, 1))


def highest(counts):
    return max((f for c in counts for f, n in enumerate(c, 1) if n), default=0)


def distinct(counts):
    return sum(1 for f in range(len(counts[0])) if any(c[f] for c in counts))


@given(st.integers(0, 12), st.integers(1, 6))
def test_count_vectors_are_all_compositions(n, k):
    vs = list(count_vectors(n, k))
    assert len(vs) == comb(n + k - 1, k - 1)
    assert len(set(vs)) == len(vs)
    assert all(sum(v) == n and len(v) == k for v in vs)


@given(st.integers(0, 8), st.integers(1, 6))
def test_multinomials_add_up_to_all_ordered_rolls(n, k):
    assert sum(multinomial(v) for v in count_vectors(n, k)) == k ** n


def test_twelve_d6_has_6188_count_vectors():
    assert sum(1 for _ in count_vectors(12, 6)) == 6188


@pytest.mark.parametrize("pools", [[1], [2], [3], [2, 1], [1, 2], [3, 2], [4], [0, 2]])
@pytest.mark.parametrize("evaluate", [total, highest, distinct])
def test_by_counts_equals_brute_force(pools, evaluate):
    assert by_counts(evaluate, pools) == brute_force(evaluate, pools)


@pytest.mark.parametrize("pools", [[1], [3], [2, 2], [4, 1], [5]])
def test_by_faces_equals_brute_force(pools):
    # state: (highest face seen so far, number of distinct faces), faces visited in order
    def step(state, face, counts):
        hi, k = state
        return (face, k + 1) if sum(counts) else (hi, k)
    d = by_faces(step, (0, 0), pools)
    assert d.map(lambda s: s[0]) == brute_force(highest, pools)
    assert d.map(lambda s: s[1]) == brute_force(distinct, pools)


def test_by_faces_descending_order_and_other_dice():
    # the count of the highest face, visiting faces from high to low, on d4s
    def step(state, face, counts):
        return state if state else sum(counts)
    d = by_faces(step, 0, [3], faces=[4, 3, 2, 1], sides=4)

    def count_of_highest(counts):
        c = counts[0]
        return next(n for n in reversed(c) if n)
    assert d == brute_force(count_of_highest, [3], sides=4)
    with pytest.raises(ValueError):
        by_faces(step, 0, [3], faces=[1, 2, 3])


def test_known_values():
    two = by_counts(total, [2])
    assert two[7] == Fraction(1, 6) and two[2] == Fraction(1, 36)
    assert two.mean() == 7
    assert sum(two.values()) == 1
    assert two.at_least(11) == Fraction(3, 36)
    assert two.at_most(3) == Fraction(3, 36)
    rows = two.table()
    assert rows[0] == (2, Fraction(1, 36), Fraction(1, 36), Fraction(1))


@settings(max_examples=30)
@given(st.dictionaries(st.integers(0, 9), st.integers(1, 20), min_size=1))
def test_distribution_normalises_and_maps(weights):
    d = Distribution(weights)
    assert sum(d.values()) == 1
    parity = d.map(lambda k: k % 2)
    assert sum(parity.values()) == 1
    assert parity[0] == sum(p for k, p in d.items() if k % 2 == 0)
