"""The Hanging Gardens: a state travels small. The book pickles by reference to the shipped data
(a user's data by value), a garden pickles as the box of squares it covers, and a pickled state
loads to the same position, which plays on exactly as the original."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import DataError, ExplorerError
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import Book
from explorer.hanging_gardens._grid import W, idx

from gardens import designed_data, garden_of, set_up

SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

STATE_BYTES = 10_000
"""The most a pickled state may take, at any point of a 2-, 3- or 4-player game."""
GARDEN_BYTES = 1_500
"""The most one pickled garden may take (a full late-game garden pickles to about 450 bytes)."""
BOOK_BYTES = 300
"""The most the pickled shipped book may take (a reference: game, file name, digest)."""


def played(players, seed, **options):
    """A random game: its states and the action taken from each (None after the last)."""
    s = hg.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    states, actions = [s], []
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s = s.apply(a)
        states.append(s)
    return states, actions + [None]


def spread(n, every=10):
    """Positions spread over a game of ``n`` states: the start, every ``every``-th, the end."""
    return sorted(set(range(0, n, every)) | {n - 1})


def same_garden(a, b):
    return type(a) is type(b) and a == b and all(x == y for x, y in zip(a, b))


# ---- whole states ------------------------------------------------------------------------------
@SLOW
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6),
       chance=st.sampled_from(["auto", "manual"]))
def test_a_state_pickles_small_and_plays_on_identically(players, seed, chance):
    states, actions = played(players, seed, chance=chance)
    for i in spread(len(states)):
        s, a = states[i], actions[i]
        blob = pickle.dumps(s)
        assert len(blob) <= STATE_BYTES, f"position {i}: {len(blob)} bytes"
        t = pickle.loads(blob)
        assert t == s and t.history == s.history and t.book is s.book
        assert all(same_garden(g, h) for g, h in zip(s.gardens, t.gardens))
        assert t.legal_actions() == s.legal_actions()
        assert t.scores() == s.scores() and t.status() == s.status()
        if a is not None:
            s2, t2 = s.apply(a), t.apply(a)
            assert t2 == s2 == states[i + 1] and t2.history == s2.history
            assert t2.legal_actions() == s2.legal_actions()
        for p in (0, players - 1):
            v = s.view(p)
            w = pickle.loads(pickle.dumps(v))
            assert w == v and w.legal_actions() == v.legal_actions()


def test_finished_games_pickle_small_for_every_player_count():
    for players in (2, 3, 4):
        for seed in range(2):
            end = played(players, seed)[0][-1]
            blob = pickle.dumps(end)
            assert len(blob) <= STATE_BYTES
            assert pickle.loads(blob) == end
            assert copy.deepcopy(end) == end and copy.deepcopy(end).book is end.book


# ---- the book ----------------------------------------------------------------------------------
def test_the_shipped_book_pickles_by_reference():
    book = hg.new_game(players=3, seed=1).book
    blob = pickle.dumps(book)
    assert len(blob) < BOOK_BYTES
    assert pickle.loads(blob) is book                  # the same book, looked up again
    assert copy.deepcopy(book) is book and copy.copy(book) is book
    assert book.data is hg.load_data() and book.data.shipped


def test_a_book_of_shipped_data_that_has_since_changed_is_refused():
    book = hg.new_game(players=2, seed=1).book
    digest = book.data.digest
    blob = pickle.dumps(book)
    assert blob.count(digest.encode()) == 1
    other = ("0" if digest[0] != "0" else "1") * len(digest)
    with pytest.raises(DataError, match="changed since this state was pickled") as caught:
        pickle.loads(blob.replace(digest.encode(), other.encode()))
    assert isinstance(caught.value, ExplorerError)


def test_a_book_of_a_users_data_travels_by_value(tmp_path):
    data = hg.load_data(designed_data(tmp_path))
    assert not data.shipped
    s = set_up(2, data=data, cards=["b01", "b02"])
    book = s.book
    # the book of this content: built here, or earlier from the same content read from another file
    assert book.data.digest == data.digest and book.data.tables == data.tables
    assert not book.data.shipped and book.card_index["b01"] == 0
    blob = pickle.dumps(book)
    assert len(blob) > 10 * BOOK_BYTES                 # the data itself travels
    del Book._cache[data.digest]                       # so the book is built again from the data
    try:
        back = pickle.loads(blob)
        assert back is not book
        for f in dataclasses.fields(Book):
            if f.name != "data":
                assert getattr(back, f.name) == getattr(book, f.name), f.name
        assert back.data == book.data and back.data.digest == data.digest and not back.data.shipped
        assert back.sections != hg.new_game().book.sections     # not the shipped book
    finally:
        Book._cache[data.digest] = book
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.legal_actions() == s.legal_actions()
    a = s.legal_actions()[0]
    assert t.apply(a) == s.apply(a)


# ---- gardens -----------------------------------------------------------------------------------
def test_every_garden_of_played_games_round_trips_exactly_and_small():
    largest = 0
    for players in (2, 4):
        states, _ = played(players, seed=players)
        for s in states:
            for g in s.gardens:
                for protocol in (2, pickle.HIGHEST_PROTOCOL):
                    blob = pickle.dumps(g, protocol)
                    assert same_garden(pickle.loads(blob), g)
                    largest = max(largest, len(blob))
        end = states[-1]
        assert min(len(g.placed) for g in end.gardens) > 10      # late-game gardens were checked
    assert largest < GARDEN_BYTES


def test_a_garden_pickles_far_smaller_than_its_grid():
    g = hg.new_game(players=2, seed=1).gardens[0]
    assert len(g.grid) == W * W and len(pickle.dumps(g)) < 200


def test_a_drawn_garden_with_gaps_and_temples_round_trips(tmp_path):
    s = set_up(2, data=hg.load_data(designed_data(tmp_path)))
    g = garden_of(s, "PP.P*\n\n  T*A\nF     F", top=-3, left=-5)
    back = pickle.loads(pickle.dumps(g))
    assert same_garden(back, g) and back.temples == g.temples and back.grid[idx(-3, -5)] > 1


def test_a_garden_whose_occ_is_not_what_its_grid_shows_still_round_trips():
    g = hg.new_game(players=2, seed=1).gardens[0]
    odd = g._replace(occ=g.occ | 1 << idx(5, 5), low=g.low - 1)
    assert same_garden(pickle.loads(pickle.dumps(odd)), odd)
    short = g._replace(occ=g.occ & ~(1 << g.low))
    assert same_garden(pickle.loads(pickle.dumps(short)), short)
    empty = hg.Garden(0, bytes(W * W), (), (), -1)
    assert same_garden(pickle.loads(pickle.dumps(empty)), empty)


def test_a_garden_copies_and_hashes_as_before():
    g = played(3, 5)[0][-1].gardens[1]
    assert copy.copy(g) is g and copy.deepcopy(g) is g
    back = pickle.loads(pickle.dumps(g))
    assert back == g and hash(back) == hash(g) and back == tuple(g)
    assert g._replace(placed=g.placed[:-1]) != g


def test_pickled_states_load_in_another_process(tmp_path):
    shipped = played(4, 3)[0][60]
    own = set_up(3, data=hg.load_data(designed_data(tmp_path)), cards=["b01", "b02", "b03"])
    for name, s in (("shipped", shipped), ("own", own)):
        (tmp_path / f"{name}.pickle").write_bytes(pickle.dumps(s))
    code = ("import json, pickle, sys\n"
            "for path in sys.argv[1:]:\n"
            "    s = pickle.load(open(path, 'rb'))\n"
            "    print(json.dumps([s.record(), [a.to_json() for a in s.legal_actions()],"
            " len(s.gardens[0].grid)]))\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "shipped.pickle"),
                          str(tmp_path / "own.pickle")], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONHASHSEED="123"))
    for line, s in zip(out.stdout.splitlines(), (shipped, own)):
        record, actions, cells = json.loads(line)
        assert record == json.loads(json.dumps(s.record()))
        assert actions == [a.to_json() for a in s.legal_actions()] and cells == W * W
