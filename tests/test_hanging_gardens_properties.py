"""The Hanging Gardens: invariants over random games, records, views that hide what they must,
and the networkx analysis of the garden held to the fast rules code."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import hanging_gardens as hg
from explorer import Action, replay
from explorer._engine import GameState
from explorer.hanging_gardens import bots, garden
from explorer.hanging_gardens._grid import group_at, idx, rc

from gardens import designed_data, set_up, with_garden

SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(players, seed, **options):
    s = hg.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    return states


class Ledger:
    """When each temple was placed (the number of cards the garden held then)."""

    def __init__(self, s):
        self.since = [dict() for _ in range(s.players)]

    def check(self, before, after):
        for p, g in enumerate(after.gardens):
            old = set(before.gardens[p].temples)
            for t in g.temples:
                if t not in old:
                    self.since[p][t] = len(g.placed)
                    # a temple goes only on a group holding no other temple
                    grp = group_at(g.grid, t)
                    assert [x for x in g.temples if x in grp] == [t]
            for t in list(self.since[p]):
                if t not in g.temples:
                    del self.since[p][t]
            for t, n in self.since[p].items():
                for card, anchor, turn in g.placed[n:]:
                    cells = {anchor + o for o in after.book.orient[card][turn].cells}
                    assert t not in cells, "a temple was covered"


def check_invariants(s):
    book = s.book
    # cards are never created or lost
    held = [s.pending[0]] if s.phase in ("place", "discard") else []
    placed = [c for g in s.gardens for c, _, _ in g.placed[1:]]
    cards = list(s.stack) + [c for c in s.display if c >= 0] + held + placed + list(s.discards)
    assert sorted(cards) == list(range(book.buildings))
    # tiles are never created or lost
    for k, count in enumerate(book.counts):
        on_board = sum(1 for f in s.faceup if f == k)
        assert s.pool[k] + on_board + sum(t[k] for t in s.tiles) == count
    assert sum(s.heights) == sum(s.pool) and min(s.heights) >= 0
    for p in range(s.players):
        assert all(0 <= h <= t for h, t in zip(s.hidden[p], s.tiles[p]))
        assert len(s.gardens[p].temples) <= book.c["temples_per_player"]      # five at most
        g = s.gardens[p]
        assert all(g.grid[t] > 1 for t in g.temples)                          # on motifs
    acts = s.legal_actions()
    assert acts == sorted(acts) and (bool(acts) != s.is_over)


@pytest.mark.rules("hanging_gardens.setup.temples", "hanging_gardens.place.temple-not-covered",
                   "hanging_gardens.temple.one-per-group")
@SLOW
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6),
       rotation=st.sampled_from(["any", "half-turn", "none"]))
def test_invariants_hold_through_random_games(players, seed, rotation):
    states = random_game(players, seed, rotation=rotation)
    ledger = Ledger(states[0])
    for before, after in zip(states, states[1:]):
        check_invariants(after)
        ledger.check(before, after)
    assert states[-1].is_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_always_finish_and_replay(players):
    for seed in range(6):
        end = random_game(players, seed, two_player_order="two-in-a-row")[-1]
        assert end.is_over and replay(end.record()) == end
        assert pickle.loads(pickle.dumps(end)) == end and copy.deepcopy(end) == end
        assert hg.replay(end.record()).history == end.history


def test_apply_never_changes_its_input():
    states = random_game(3, 11)
    rng = random.Random(0)
    for s in states[::3]:
        if s.is_over:
            continue
        snap = copy.deepcopy(s)
        for a in rng.sample(s.legal_actions(), min(3, len(s.legal_actions()))):
            s.apply(a)
            s.why_illegal(hg.place(0, 0, 0))
        assert s == snap and s.history == snap.history and s.gardens == snap.gardens


def test_random_playouts_replay_and_keep_the_invariants():
    for players in (2, 3, 4):
        end = bots.random_playout(hg.new_game(players=players, seed=players), random.Random(7))
        assert end.is_over and end.record()["chance"] == "manual"
        check_invariants(end)
        again = replay(end.record())
        assert again == end


def test_an_openspiel_loop_with_manual_chance():
    rng = random.Random(3)
    s = hg.new_game(players=4, seed=3, chance="manual")
    largest = 0
    while not s.is_over:
        if s.is_chance_node:
            outcomes, probs = zip(*s.chance_outcomes())
            assert sum(probs) == 1 and len(outcomes) <= 64
            largest = max(largest, len(outcomes))
            s = s.apply(rng.choices(outcomes, weights=probs)[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    assert largest == 60 and replay(s.record()) == s


# ---- hidden information --------------------------------------------------------------------
@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return hg.load_data(designed_data(tmp_path_factory.mktemp("hgp")))


def twin_games(data, drawn_a, drawn_b, steps=120, seed=0):
    """Two games equal in everything but the tile player 1 draws hidden for a group of six."""
    s = set_up(2, data=data, start=0, cards=["b02"])
    s = with_garden(s, 0, "PPPPP.\n......")
    s = s.apply(hg.take(1)).apply(hg.place(0, 5, 0)).apply(hg.temple(0, 0)).apply(hg.hidden())
    a, b = s.apply(hg.draw(drawn_a)), s.apply(hg.draw(drawn_b))
    rng = random.Random(seed)
    pairs = [(a, b)]
    for _ in range(steps):
        if a.is_over:
            break
        if a.is_chance_node:
            both = sorted(set(a.legal_actions()) & set(b.legal_actions()))
            act = rng.choice(both)
        else:
            assert a.legal_actions() == b.legal_actions()
            act = rng.choice(a.legal_actions())
        a, b = a.apply(act), b.apply(act)
        pairs.append((a, b))
    return pairs


@pytest.mark.rules("hanging_gardens.tile.face-down", "hanging_gardens.tile.bonus-hidden")
def test_nothing_hidden_leaks_through_a_view(data):
    pairs = twin_games(data, "gate", "garden")
    for a, b in pairs:
        if a.is_over:
            continue
        assert a != b
        assert a.view(1) == b.view(1) and a.view(None) == b.view(None)   # the others' views
        if a.is_chance_node:                                               # the same odds
            assert a.view(1).chance_outcomes() == b.view(1).chance_outcomes()
        assert a.view(0) != b.view(0)                                      # the taker's own
        v, w = a.view(1), b.view(1)
        assert v.scores() == w.scores() and v.result() == w.result()
        assert v.to_svg() == w.to_svg() and v.status() == w.status()
    a, _ = pairs[0]
    assert hg.draw("?") in a.view(1).history and hg.draw("gate") in a.view(0).history
    assert a.view(1).tiles[0] == (0,) * 12 and a.view(1).unknown[0] == 1


def test_views_cannot_be_recorded_or_turned_into_other_views(data):
    from explorer import OptionError, RecordError
    a, _ = twin_games(data, "gate", "garden", steps=0)[0]
    v = a.view(1)
    with pytest.raises(RecordError, match="view"):
        v.record()
    with pytest.raises(OptionError):
        v.view(0)
    assert v.view(1) is v and v.info.chance == "manual"
    with pytest.raises(OptionError):
        a.view(5)


# ---- the networkx garden is held to the rules code -------------------------------------------
@SLOW
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6),
       rotation=st.sampled_from(["any", "half-turn"]))
def test_networkx_agrees_with_the_rules_on_placements_and_groups(players, seed, rotation):
    states = random_game(players, seed, rotation=rotation)
    for s in states[::4]:
        if s.phase == "place":
            ps = garden.placements(s)
            assert [(p.row, p.col, p.turn) for p in ps] == [a.args for a in s.legal_actions()]
            for p in ps[:8]:                        # what the rules find after placing it
                after = s.apply(p.action)
                if after.phase == "score" and after.mover == s.mover:
                    want = {frozenset(rc(i) for i in grp) for _, grp in after.pending[2]}
                else:
                    want = set()
                assert {sc.group.squares for sc in p.scorable} == want
                for sc in p.scorable:
                    assert sc.columns == s.book.columns_open(sc.group.size)
        if s.phase == "score":
            nx_groups = {grp.squares for grp in garden.scorable_groups(s)}
            assert nx_groups == {frozenset(rc(i) for i in grp) for _, grp in s.pending[2]}
        for p in range(s.players):
            g = s.gardens[p]
            for grp in garden.groups(s, p):
                some = idx(*min(grp.squares))
                assert {rc(i) for i in group_at(g.grid, some)} == grp.squares
                assert set(grp.temples) == {rc(t) for t in g.temples if rc(t) in grp.squares}


def test_garden_graph_nodes_and_edges():
    s = random_game(2, 4)[60]
    p = 0
    g = garden.garden_graph(s, p)
    gd = s.gardens[p]
    assert g.number_of_nodes() == gd.occ.bit_count()
    for (r, c), d in g.nodes(data=True):
        assert d["code"] == gd.grid[idx(r, c)] and d["temple"] == (idx(r, c) in gd.temples)
        assert d["card"] in s.book.card_ids
    for (a, b), d in ((e[:2], e[2]) for e in g.edges(data=True)):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1            # orthogonal neighbours only
        assert d["same"] == (g.nodes[a]["code"] == g.nodes[b]["code"] > 1)


def test_placement_effects_on_the_rulebooks_split(data):
    s = set_up(2, data=data, cards=["b13"])
    s = with_garden(s, 0, "P*PPPPPP\n.......").apply(hg.take(1))
    pl = {(p.row, p.col, p.turn): p for p in garden.placements(s)}[(-1, 3, 1)]
    assert [g.size for g in pl.splits] == [7] and pl.creates == () and pl.enlarges == ()
    assert [(sc.group.size, sc.columns, sc.bonus) for sc in pl.scorable] == [(4, (1, 2), False)]
    assert pl.columns == (1, 2) and pl.action == hg.place(-1, 3, 1)
    grow = {(p.row, p.col, p.turn): p for p in garden.placements(s)}
    enlarging = [p for p in grow.values() if p.enlarges]
    assert enlarging and all(g.size > 7 or g.motif == "park" for p in enlarging for g in p.enlarges)


def test_garden_helpers_refuse_bad_arguments():
    from explorer import OptionError
    s = hg.new_game(players=2, seed=1)
    for call in (lambda: garden.placements(s), lambda: garden.placements(s, "zz"),
                 lambda: garden.groups(s, 3), lambda: garden.garden_graph(s, True),
                 lambda: garden.placements(s, 10 ** 6)):
        with pytest.raises(OptionError):
            call()
    assert len(garden.placements(s, "b01")) == len(garden.placements(s, 0))


def test_the_place_phase_membership_test_matches_the_legal_list():
    for s in random_game(2, 21)[::2]:
        if s.phase != "place":
            continue
        legal = set(s.legal_actions())
        g = s.gardens[s.mover]
        rows = [rc(i)[0] for i in range(len(g.grid)) if g.grid[i]]
        cols = [rc(i)[1] for i in range(len(g.grid)) if g.grid[i]]
        for row in range(min(rows) - 3, max(rows) + 2):
            for col in range(min(cols) - 3, max(cols) + 2):
                for turn in range(4):
                    a = hg.place(row, col, turn)
                    assert (s.why_illegal(a) is None) == (a in legal)
        assert s.why_illegal(Action("place", True, 0, 0)) is not None


def test_chance_outcomes_are_applied_exactly_when_listed():
    """``apply`` looks a chance outcome up in the pending event without listing it: it accepts
    the listed outcomes, and refuses every other action as ``why_illegal`` does."""
    states = random_game(2, 5, chance="manual")
    book = states[0].book
    asked = ([hg.reveal(c) for c in book.card_ids] + [hg.draw(t) for t in book.tiles]
             + [hg.start(p) for p in range(5)]
             + [Action("reveal", 1), Action("start", True), hg.draw("?"), hg.take(1)])
    seen = set()
    for s in states:
        assert s.is_chance_node == GameState.is_chance_node.fget(s)
        if not s.is_chance_node:
            continue
        seen.add(s.phase)
        legal = s.legal_actions()
        for a in asked:
            err = s.why_illegal(a)
            assert (err is None) == (a in legal)
            if err is None:
                after = s.apply(a)
                assert after == GameState.apply(s, a) and after.history == s.history + (a,)
            else:
                with pytest.raises(type(err)) as got:
                    s.apply(a)
                assert (got.value.code, got.value.rule) == (err.code, err.rule)
    assert {"deal", "start", "reveal", "refill"} <= seen


@given(masks=st.lists(st.integers(0, 2 ** 300 - 1), min_size=4, max_size=4),
       base=st.integers(0, 10 ** 4))
def test_the_placement_keys_are_the_anchor_masks_bits_in_order(masks, base):
    from explorer.hanging_gardens._grid import bits
    from explorer.hanging_gardens._place import Anchors
    anchors = Anchors(base, tuple(masks))
    expected = sorted((j + base) * 4 + t for t, m in enumerate(masks) for j in bits(m))
    assert anchors.keys() == expected and anchors.count() == len(expected)


@given(low=st.integers(idx(-40, -40), idx(40, 40)), data=st.data())
def test_the_anchors_that_would_cover_a_temple(low, data):
    from explorer.hanging_gardens._grid import RECT, W
    from explorer.hanging_gardens._place import _blocked
    temples = tuple(sorted(data.draw(st.sets(st.integers(low, low + 12 * W), min_size=1,
                                             max_size=5))))
    base = low - 3 * W - 3                              # as anchor_masks counts the anchors
    for cells, m in zip(RECT, _blocked(temples, base)):
        assert m == sum({1 << (t - o - base) for t in temples for o in cells})
