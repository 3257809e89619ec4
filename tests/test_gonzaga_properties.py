"""Gonzaga: invariants over random games, records, views that hide what they must, the fiefs'
geometry, and the networkx map held to the fast rules code."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import Action, OptionError, RecordError, replay
from explorer import gonzaga as gz
from explorer.gonzaga import bots, graph
from explorer.gonzaga._end import groups
from explorer.gonzaga._score import hex_points
from explorer.hexgrid import Hex, normalise

from europe import dealt, geo, random_game, reveal_fiefs

SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def held_fiefs(s, p):
    """The fief ``p`` holds now (this round's, not yet placed, donated or sent to the box)."""
    ph = s.phase
    if ph == "reveal":
        return [s.fiefs[p]] if p < s.turn else []
    if ph == "plan":
        return [s.fiefs[p]]
    if ph == "place":
        return [s.fiefs[p]] if p in s.order[s.turn:] else []
    if ph == "ring":
        return [s.fiefs[p]] if p in s.order[s.turn + 1:] else []
    return []


def check_invariants(s):
    book = s.book
    g = book.geo
    pts = hex_points(book, s.scenario) if s.scenario >= 0 else None
    fief_count = [0] * g.n
    ring_count = [0] * g.n
    for p in range(s.players):
        placed = [f for f, _, _, _ in s.pieces[p] if f >= 0]
        rings = [a for f, a, _, _ in s.pieces[p] if f < 0]
        # fiefs and rings are never created or lost
        everything = list(s.decks[p]) + held_fiefs(s, p) + placed + list(s.church[p]) + list(s.box[p])
        assert sorted(everything) == list(range(12)), (p, s.phase, everything)
        assert s.rings[p] + s.paid[p] + len(rings) == book.c["rings_per_player"] and s.rings[p] >= 0
        fmask = rmask = 0
        for f, a, rot, _ in s.pieces[p]:
            cells = (a,) if f < 0 else g.table(f).by_key[(a, rot)].cells
            for i in cells:
                if f < 0:
                    ring_count[i] += 1
                    rmask |= 1 << i
                    assert s.ring_at[i] == p + 1
                else:
                    fief_count[i] += 1
                    fmask |= 1 << i
                    assert s.fief_at[i] == p + 1
        assert fmask & rmask == 0                     # never a ring on one's own fief
        assert s.cover[p] == fmask | rmask and s.ring_mask[p] == rmask
        # points follow the pieces: every covered city and port scored once, by its region
        if pts is not None:
            assert s.points[p][0] == sum(pts[i] for i in range(g.n) if s.cover[p] >> i & 1)
        assert s.points[p][2] == book.c["church_points"] * len(s.church[p])
        held = [0] * len(book.sea_ids)
        for i in range(g.n):
            if s.cover[p] >> i & 1 and g.port[i] >= 0:
                held[book.port_sea[g.port[i]]] += 1
        assert list(s.ports_held[p]) == held
        assert s.leagues[p] == sum(1 << k for k, n in enumerate(held) if n >= book.c["sea_league_ports"])
        assert s.points[p][1] == book.c["sea_league_points"] * bin(s.leagues[p]).count("1")
        assert len(s.resting[p]) <= 3
    # no hex ever holds two fiefs or two rings
    assert max(fief_count, default=0) <= 1 and max(ring_count, default=0) <= 1
    assert s.fief_mask == sum(1 << i for i in range(g.n) if fief_count[i])
    assert all(bool(s.fief_at[i]) == bool(fief_count[i]) for i in range(g.n))
    assert all(bool(s.ring_at[i]) == bool(ring_count[i]) for i in range(g.n))
    acts = s.legal_actions()
    assert acts == sorted(acts) and bool(acts) != s.is_over
    assert 0 <= s.round <= book.c["max_rounds"]


@pytest.mark.rules("gonzaga.rings.six", "gonzaga.board.hex-capacity", "gonzaga.place.permanent",
                   "gonzaga.wedding.shared-hex")
@SLOW
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6))
def test_invariants_hold_through_random_games(players, seed):
    states = random_game(players, seed)
    for before, after in zip(states, states[1:]):
        check_invariants(after)
        for p in range(players):                    # pieces stay where they are
            assert after.pieces[p][:len(before.pieces[p])] == before.pieces[p]
    assert states[-1].is_over and 7 <= states[-1].round <= 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_always_finish_and_replay(players):
    for seed in range(5):
        end = random_game(players, seed)[-1]
        assert end.is_over and replay(end.record()) == end
        assert pickle.loads(pickle.dumps(end)) == end and copy.deepcopy(end) == end
        assert gz.replay(end.record()).history == end.history
        fast = bots.random_playout(gz.new_game(players=players, seed=seed), random.Random(seed))
        check_invariants(fast)
        assert fast.is_over and replay(fast.record()) == fast


def test_apply_never_changes_its_input():
    states = random_game(3, 11)
    rng = random.Random(0)
    for s in states[::3]:
        if s.is_over:
            continue
        snap = copy.deepcopy(s)
        for a in rng.sample(s.legal_actions(), min(3, len(s.legal_actions()))):
            s.apply(a)
            s.why_illegal(gz.place(0, 0, 0))
            s.view(0)
        assert s == snap and s.history == snap.history and s.record() == snap.record()


def test_an_openspiel_loop_with_manual_chance():
    rng = random.Random(3)
    s = gz.new_game(players=4, seed=3, chance="manual")
    largest = 0
    while not s.is_over:
        if s.is_chance_node:
            outcomes, probs = zip(*s.chance_outcomes())
            assert sum(probs) == 1 and len(outcomes) <= 64
            largest = max(largest, len(outcomes))
            s = s.apply(rng.choices(outcomes, weights=probs)[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    assert largest == 16 and replay(s.record()) == s


def test_placements_score_by_the_tables_as_the_rules_score_them():
    """placement_points with league_short give every legal placement the points gain gives its
    hexes and the rules score on apply; every player's, under every plan, likewise by gain."""
    from explorer.gonzaga._map import ACT_BITS
    from explorer.gonzaga._place import placements_for
    from explorer.gonzaga._score import gain, league_short, placement_points

    def by_table(s, p, region, card):
        book = s.book
        regions, acts = book.region_bits(region, s.scenario), ACT_BITS[card]
        short = league_short(s, p)
        league = book.c["sea_league_points"]
        blocked = s.fief_mask | s.ring_mask[p]
        entries, masks, _ = book.geo.columns(s.fiefs[p], regions, acts)
        table = placement_points(book, s.scenario, s.fiefs[p], regions, acts)
        return [(e, pts + league * sum(1 for sea, k in seas if 0 < short[sea] <= k))
                for e, mask, (pts, seas) in zip(entries, masks, table) if not mask & blocked]

    applied = planned = leagues = 0
    for players, seed in [(2, 3), (3, 8), (4, 5), (4, 12)]:
        for k, s in enumerate(random_game(players, seed)):
            if s.phase != "place":
                continue
            p = s.current_player
            plan = s.plans[p]
            before = sum(s.points[p])
            got = by_table(s, p, plan.region, plan.action)
            assert [e for e, _ in got] == placements_for(s, p, s.fiefs[p], plan.region, plan.action)
            assert {e.action for e, _ in got} == {a for a in s.legal_actions() if a.kind == "place"}
            for e, points in got:
                after = sum(s.apply(e.action).points[p])
                assert points == gain(s, p, e.cells).total == after - before
                applied += 1
                leagues += points > gain(s, p, e.cells).features
            for q in range(players if k % 3 == 0 else 0):
                if s.fiefs[q] < 0:
                    continue
                for region in s.book.region_cards(s.scenario):
                    for card in "ABC":
                        for e, points in by_table(s, q, region, card):
                            assert points == gain(s, q, e.cells).total
                            planned += 1
    assert applied > 5000 and planned > 50000 and leagues > 10


def test_the_phase_four_membership_test_matches_the_legal_list():
    g = geo()
    seen = 0
    for s in random_game(2, 21):
        if s.phase != "place":
            continue
        legal = set(s.legal_actions())
        qs = [c.q for c in g.coords]
        rs = [c.r for c in g.coords]
        for q in range(min(qs) - 2, max(qs) + 3, 3):
            for r in range(min(rs) - 2, max(rs) + 3):
                for rot in range(6):
                    a = gz.place(q, r, rot)
                    assert (s.why_illegal(a) is None) == (a in legal)
                a = gz.ring(q, r)
                assert (s.why_illegal(a) is None) == (a in legal)
        for a in legal:
            assert s.why_illegal(a) is None
        assert s.why_illegal(Action("place", True, 0, 0)) is not None
        assert s.why_illegal(Action("church", 1)) is not None
        seen += 1
    assert seen


def test_the_phase_four_list_is_what_the_refusals_allow():
    """The legal list of phase 4, read off the map's tables, is the church, then every anchor and
    rotation the refusal path lets through (sorted by q, r, rotation), then the first rings on the
    hexes the wedding rules allow; a first ring leaves the turn open for a second exactly when one
    may follow. The placement actions are the map's own, one per anchor and rotation."""
    from explorer.gonzaga._place import refusal_code
    from explorer.gonzaga._wedding import first_ring_hexes, second_ring_hexes

    g = geo()
    seen = rings = 0
    for players, seed in [(2, 4), (3, 9), (4, 2)]:
        for s in random_game(players, seed):
            if s.phase != "place":
                continue
            p = s.current_player
            plan = s.plans[p]
            allowed = sorted((g.coords[i].q, g.coords[i].r, rot) for i in range(g.n) for rot in range(6)
                             if refusal_code(s, p, s.fiefs[p], plan.region, plan.action, i, rot) is None)
            want = [gz.church()] + [gz.place(*x) for x in allowed]
            if plan.action == "C" and s.rings[p] >= 1:
                for i in first_ring_hexes(s, p):
                    want.append(gz.ring(g.coords[i].q, g.coords[i].r))
                    t = s.apply(want[-1])
                    assert (t.phase == "ring") == bool(t.rings[p] and second_ring_hexes(t, p, i))
                    rings += t.phase == "ring"
            assert s.legal_actions() == want
            seen += 1
    assert seen > 50 and rings
    for f in range(len(g.fief_ids)):
        for e in g.table(f).entries:
            assert e.action is g.place_actions[e.anchor][e.rot] == gz.place(e.q, e.r, e.rot)


def test_the_legal_set_is_the_legal_list_whichever_is_asked_first():
    """Every phase keeps the legal list and its set together: asking for the set first (as apply
    does) or the list first gives the same actions."""
    for players, seed in [(2, 6), (4, 7)]:
        rng = random.Random(seed)
        s = gz.new_game(players=players, seed=seed, chance="manual")
        while not s.is_over:
            twin = copy.deepcopy(s)
            got = s._legal_set()
            listed = s.legal_actions()
            assert twin.legal_actions() == listed
            assert all(a in got and a in twin._legal_set() for a in listed)
            if s.phase != "place":
                assert got == twin._legal_set() == frozenset(listed)
            s = s.apply(rng.choice(listed))


# ---- hidden information --------------------------------------------------------------------
def twin_objectives(players=3, steps=400, seed=0):
    """Two games alike in everything but the objective card dealt to player 1."""
    base = gz.new_game(players=players, seed=seed, chance="manual")
    base = base.apply(base.legal_actions()[0])                   # the scenario
    base = base.apply(base.legal_actions()[0])                   # player 0's card
    outcomes = [a for a, _ in base.chance_outcomes()]
    a, b = base.apply(outcomes[0]), base.apply(outcomes[1])
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


@pytest.mark.rules("gonzaga.setup.objective-deal", "gonzaga.end.objective-count")
def test_another_players_objective_never_leaks_through_a_view():
    pairs = twin_objectives()
    for a, b in pairs:
        if a.is_over:
            assert a.objectives != b.objectives and a.view(0) == a    # revealed at the end
            continue
        assert a != b
        for viewer in (0, 2, None):
            va, vb = a.view(viewer), b.view(viewer)
            assert va == vb and va.history == vb.history
            assert va.to_svg() == vb.to_svg() and va.status() == vb.status()
            assert va.scores() == vb.scores() and va.legal_actions() == vb.legal_actions()
            if a.is_chance_node:
                assert va.chance_outcomes() == vb.chance_outcomes()
        assert a.view(1) != b.view(1)
    v = pairs[0][0].view(0)
    assert gz.objective("?") in v.history and v.info.seed == 0


def _twin_plans(seed: int, players: int = 3):
    """A random game stopped in a round's planning after player ``q`` planned, and the same game
    with another plan for ``q``."""
    rng = random.Random(seed)
    s = gz.new_game(players=players, seed=seed)
    target_round = rng.randint(1, 6)
    while not (s.phase == "plan" and s.round == target_round) and not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    if s.is_over:
        return None
    q = rng.randrange(players - 1)
    while s.turn < q:
        s = s.apply(rng.choice(s.legal_actions()))
    options = s.legal_actions()
    if len(options) < 2:
        return None
    x, y = rng.sample(options, 2)
    a, b = s.apply(x), s.apply(y)
    while a.phase == "plan" and rng.random() < 0.5 and a.turn < players - 1:
        act = rng.choice(sorted(set(a.legal_actions()) & set(b.legal_actions())))
        a, b = a.apply(act), b.apply(act)
    return q, a, b


@pytest.mark.rules("gonzaga.plan.secret", "gonzaga.assume.secret-planning", "gonzaga.king.with-region")
@SLOW
@given(seed=st.integers(0, 10 ** 6), players=st.sampled_from([3, 4]))
def test_hidden_plans_never_leak_through_a_view(seed, players):
    twins = _twin_plans(seed, players)
    if twins is None:
        return
    q, a, b = twins
    assert a.phase == "plan" and a != b
    for viewer in [p for p in range(players) if p != q] + [None]:
        va, vb = a.view(viewer), b.view(viewer)
        assert va == vb and va.history == vb.history and va.legal_actions() == vb.legal_actions()
        assert va.to_svg() == vb.to_svg() and va.status() == vb.status()
        assert va.describe(va.history[-1]) == vb.describe(vb.history[-1])
        assert va.explain_target(["plan", q]) == vb.explain_target(["plan", q])
    assert a.view(q) != b.view(q)


@given(seed=st.integers(0, 10 ** 6), players=st.sampled_from([2, 3, 4]))
@settings(max_examples=20, deadline=None)
def test_a_planner_has_the_same_plans_in_its_view(seed, players):
    # the random bot plans from the full state's list: it must offer the planner exactly the plans
    # of the planner's own view, in the same order (nobody else's hidden card changes them)
    rng = random.Random(seed)
    s = gz.new_game(players=players, seed=seed)
    plans = 0
    while not s.is_over:
        if s.phase == "plan" and not s.is_chance_node:
            assert s.legal_actions() == s.view(s.current_player).legal_actions()
            plans += 1
        s = s.apply(bots.random_bot(s, rng))
    assert plans >= players


def test_views_cannot_be_recorded_or_turned_into_other_views():
    s = reveal_fiefs(dealt(2))
    v = s.view(1)
    with pytest.raises(RecordError, match="view"):
        v.record()
    with pytest.raises(OptionError):
        v.view(0)
    assert v.view(1) is v and v.info.chance == "manual" and v.info.seed == 0
    with pytest.raises(OptionError):
        s.view(5)
    with pytest.raises(OptionError):
        s.view(True)


def test_a_view_of_another_players_objective_deal_has_one_masked_outcome():
    s = gz.new_game(players=3, seed=2, chance="manual")
    s = s.apply(s.legal_actions()[0])
    v = s.view(2)
    assert v.chance_outcomes() == [(gz.objective("?"), 1)]
    v1 = v.apply(gz.objective("?"))
    assert v1.objectives[0] == gz._state.HIDDEN and len(v1.view(2).chance_outcomes()) == 1
    own = v1.apply(gz.objective("?"))
    assert len(own.chance_outcomes()) == 16                 # the viewer's own card: 16 unseen


# ---- fiefs on the hex grid -------------------------------------------------------------------
@pytest.mark.rules("gonzaga.place.rotate", "gonzaga.assume.rotation-only")
def test_six_rotations_are_the_identity_and_orientations_are_distinct():
    g = geo()
    for f in range(12):
        t = g.table(f)
        base = [Hex(dq, dr) for dq, dr, _ in t.shapes[0]]
        marks = [c for _, _, c in t.shapes[0]]
        assert [h.rotate(6) for h in base] == base
        for k in range(6):                     # each rotation is the previous one turned once more
            assert [Hex(dq, dr) for dq, dr, _ in t.shapes[(k + 1) % 6]] == [
                Hex(dq, dr).rotate(1) for dq, dr, _ in t.shapes[k]]
            assert [c for _, _, c in t.shapes[k]] == marks
        footprints = [normalise_marked(t.shapes[k]) for k in range(6)]
        distinct = len(set(footprints))
        assert distinct in (1, 2, 3, 6)         # 6 / the order of the marked shape's symmetry
        # rotations with the same marked shape cover the same spots of the map
        for k in range(6):
            for k2 in range(k + 1, 6):
                if footprints[k] == footprints[k2]:
                    spots = {frozenset(e.cells) for e in t.entries if e.rot == k}
                    assert spots == {frozenset(e.cells) for e in t.entries if e.rot == k2}


def normalise_marked(shape):
    cells = [(Hex(dq, dr), c) for dq, dr, c in shape]
    o = min((h for h, _ in cells), key=lambda h: (h.r, h.q))
    return frozenset(((h.q - o.q, h.r - o.r), c) for h, c in cells)


def test_the_mirror_image_of_a_chiral_fief_is_no_rotation():
    g = geo()
    for f in range(12):
        shape = [Hex(dq, dr) for dq, dr, _ in g.table(f).shapes[0]]
        rotations = {normalise(h.rotate(k) for h in shape) for k in range(6)}
        mirror = normalise(h.reflect() for h in shape)
        if mirror not in rotations:
            assert all(normalise(Hex(dq, dr) for dq, dr, _ in sh) != mirror for sh in g.table(f).shapes)


def _signature(g, cells):
    """What the map alone decides about a placement on these hexes."""
    if any(i is None for i in cells):
        return None
    pairs = {(a, b) for a in range(len(cells)) for b in range(len(cells))
             if (min(cells[a], cells[b]), max(cells[a], cells[b])) in g.barrier}
    return (tuple((g.land[i], g.region[i], g.city[i] >= 0, g.port[i] >= 0) for i in cells),
            frozenset(pairs))


@given(fief=st.integers(0, 11), rot=st.integers(0, 5), anchor=st.integers(0, 439),
       dq=st.integers(-6, 6), dr=st.integers(-6, 6))
@settings(max_examples=300, deadline=None)
def test_placements_are_invariant_under_translation_where_the_map_allows(fief, rot, anchor, dq, dr):
    g = geo()
    anchor %= g.n
    t = g.table(fief)
    c = g.coords[anchor]
    moved = g.index.get((c.q + dq, c.r + dr))
    if moved is None:
        return
    here = [g.index.get((c.q + x, c.r + y)) for x, y, _ in t.shapes[rot]]
    there = [g.index.get((c.q + dq + x, c.r + dr + y)) for x, y, _ in t.shapes[rot]]
    sa, sb = _signature(g, here), _signature(g, there)
    if sa is None or sa != sb:
        return
    assert t.static[rot][anchor] == t.static[rot][moved]
    ea, eb = t.by_key.get((anchor, rot)), t.by_key.get((moved, rot))
    assert (ea is None) == (eb is None)
    if ea is not None:
        assert (ea.regions, ea.acts, ea.cities, ea.ports) == (eb.regions, eb.acts, eb.cities, eb.ports)
        assert tuple(g.coords[i] - g.coords[j] for i, j in zip(eb.cells, ea.cells)) == \
            (Hex(dq, dr),) * len(ea.cells)


# ---- the networkx map is held to the rules code -------------------------------------------
@SLOW
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10 ** 6))
def test_networkx_agrees_with_the_rules_on_placements_and_groups(players, seed):
    states = random_game(players, seed)
    checked = 0
    for s in states[::7] + [states[-1]]:
        if s.phase == "place" and checked < 3:
            g = graph.hex_map(s)
            want = [a.args for a in s.legal_actions() if a.kind == "place"]
            assert graph.legal_placements(s, graph=g) == want
            assert [tuple(p[:3]) for p in gz.placements(s)] == want
            checked += 1
        for p in range(players):
            nx_groups = graph.connected_groups(s, p)
            fast = groups(s, p)
            assert [grp.size for grp in nx_groups] == [n for n, _ in fast]
            g = geo()
            assert {frozenset(grp.hexes) for grp in nx_groups} == {
                frozenset((g.coords[i].q, g.coords[i].r) for i in range(g.n) if m >> i & 1)
                for _, m in fast}
            assert graph.largest_group(s, p) == s.largest_group(p)


def test_hex_map_nodes_edges_and_routes():
    s = random_game(2, 4)[40]
    g = graph.hex_map(s)
    geo_ = s.book.geo
    assert g.number_of_nodes() == geo_.n
    sides = [(a, b) for a, b, k in g.edges(keys=True) if k == "side"]
    assert len(sides) == sum(len(n) for n in geo_.nbrs) // 2
    for a, b in sides:
        assert Hex(*a).distance(Hex(*b)) == 1
    routes = [(a, b, d) for a, b, k, d in g.edges(keys=True, data=True) if k == "route"]
    assert len(routes) == len(geo_.routes)
    assert all(g.nodes[a]["feature"] == "port" == g.nodes[b]["feature"] for a, b, _ in routes)
    for i, c in enumerate(geo_.coords):
        d = g.nodes[(c.q, c.r)]
        assert d["label"] == geo_.label(i) and (d["fief"] is not None) == bool(s.fief_at[i])
    plain = graph.hex_map()
    assert plain.number_of_nodes() == geo_.n and "fief" not in plain.nodes[(geo_.coords[0].q, geo_.coords[0].r)]


def test_graph_helpers_refuse_bad_arguments():
    s = gz.new_game(players=2, seed=1)
    for call in (lambda: graph.hex_map(3), lambda: graph.connected_groups(s, 5),
                 lambda: graph.legal_placements(s), lambda: graph.legal_placements(s, fief="F99", plan="any")):
        with pytest.raises(OptionError):
            call()
    assert graph.legal_placements(s, fief="F10", plan="any") == sorted(
        tuple(p[:3]) for p in gz.placements(s, fief="F10", plan="any"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_are_their_breakdowns_summed_at_every_position(players):
    """gonzaga.end.winner: the running scores (the track during play) and the final ones are the
    breakdown's categories summed, at every position of random games, the views' too."""
    for seed in range(3):
        rng = random.Random(seed)
        s = gz.new_game(players=players, seed=seed)
        while True:
            for t in (s, s.view(seed % players)):
                assert t.scores() == tuple(sum(t.score_breakdown(p).values())
                                           for p in range(players))
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        assert any(s.score_breakdown(p)["Gonzaga tile"] for p in range(players))
