"""Corinth: invariants over random games with 2, 3 and 4 players, and the data loader's checks."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from importlib import resources
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import Action, DataError, IllegalAction, RecordError, replay, rules
from explorer import corinth
from explorer.corinth import BUILDINGS, DISTRICTS, market, new_game
from explorer.corinth.bots import (greedy_bot, play_game, random_bot, random_playout,
                                   random_playout_states)
from explorer.corinth.market import NEIGHBOURS

MAX_ACTIONS = 3000


def snapshot(s):
    return repr(s), s.history, s.phase, s.sheets, s.harbor


def candidate_actions(s, rng, n=4):
    """A few actions of every kind, most of them illegal here."""
    book = s.book
    pool = ([Action("take", d) for d in DISTRICTS] + [Action("gold"), Action("goats"),
            Action("pass"), Action("end_turn"), Action("take", "nowhere"), Action("jump", 1)]
            + [Action("deliver", sid) for sid in book.shop_ids]
            + [Action("steward", k) for k in range(0, 12)]
            + [Action("step", r, c) for r in range(-1, 6) for c in range(5)]
            + [Action("build", b) for b in BUILDINGS] + [Action("build", "palace")]
            + [Action("buy_yellow", k) for k in range(-1, 5)]
            + [Action("die", "white", 1), Action("die", "yellow", 6), Action("die", "white", 7),
               Action("die", "white", True), Action("die", "red", 2), Action("die", "white")])
    return rng.sample(pool, n)


class Ledger:
    """The test's own account of dice, gold and goats, kept from the actions alone."""

    def __init__(self, s):
        self.rolled = self.taken = 0
        c = s.book.c
        self.gold = [c["start_gold"]] * s.players
        self.goats = [c["start_goats"]] * s.players

    def record(self, s, a):
        book, p = s.book, s.current_player
        caps = {"gold": book.gold_capacity, "goats": book.goats_capacity}

        def gain(player, what, n):
            have = getattr(s.sheets[player], f"{what}_in")
            got = min(n, caps[what] - have)
            getattr(self, what)[player] += got

        if a.kind == "die":
            self.rolled += 1
        elif a.kind == "take":
            self.taken += s.harbor[DISTRICTS.index(a.args[0])].count
        elif a.kind == "buy_yellow":
            self.gold[p] -= a.args[0]
        elif a.kind in ("gold", "goats"):
            extra = 2 if a.kind == "gold" and s.sheets[p].built("store") else 0
            gain(p, a.kind, s.pending[2] + extra)
        elif a.kind == "steward":
            free = 2 if s.sheets[p].built("stable") else 0
            self.gold[p] -= max(0, abs(a.args[0] - s.pending[1]) - free)
        elif a.kind == "step" and (s.phase == "compensate" or s.pending == (1,)):
            cell = a.args[0] * 5 + a.args[1]
            kind = book.market_kind[cell]
            if kind in ("gold", "goats"):
                gain(p, kind, book.market_amount[cell])
        elif a.kind == "build":
            g, c = book.building_cost[BUILDINGS.index(a.args[0])]
            self.gold[p] -= g
            self.goats[p] -= c


def check_invariants(s, ledger):
    book = s.book
    rolled, taken, removed = s.dice
    on_harbor = sum(g.count for g in s.harbor if g)
    in_hand = len(s.pending[1]) + len(s.pending[2]) if s.phase == "roll" else 0   # rolled, not sorted
    assert (rolled + in_hand, taken) == (ledger.rolled, ledger.taken)
    assert rolled == taken + removed + on_harbor                     # every die accounted for
    for p, sh in enumerate(s.sheets):
        assert sh.gold == ledger.gold[p] >= 0 and sh.goats == ledger.goats[p] >= 0
        assert sh.gold_in <= book.gold_capacity and sh.goats_in <= book.goats_capacity
        for i, m in enumerate(sh.marks):
            assert 0 <= m <= book.shop_symbols[i]                   # marks never exceed symbols
        for shops in book.district_shops:                           # one started shop at most
            assert sum(0 < sh.marks[i] < book.shop_symbols[i] for i in shops) <= 1
        assert len(set(sh.route)) == len(sh.route) == sh.trail.bit_count()
        assert sh.circled & ~sh.trail == 0
        assert all(b in NEIGHBOURS[a] for a, b in zip(sh.route, sh.route[1:]))
        assert 0 <= sh.yellow <= 3 and sh.turns <= book.spots
    for g, owner in enumerate(s.bonus_owner):
        if owner >= 0:
            assert book.bonus[g] > 0
            shops = book.district_shops[g]
            assert all(s.sheets[owner].marks[i] == book.shop_symbols[i] for i in shops)


def play_checked(players, seed, rng, check_every=1):
    """A random game with manual chance (rolls drawn from ``rng``), checked at every state."""
    s = new_game(players=players, seed=seed, chance="manual")
    ledger = Ledger(s)
    states = 0
    while not s.is_over:
        states += 1
        assert states < MAX_ACTIONS, "the game should have finished"
        check_invariants(s, ledger)
        before = snapshot(s)
        if s.is_chance_node:
            a = s._sample_chance(rng)
            assert s.why_illegal(a) is None
            other = "yellow" if a.args[0] == "white" else "white"
            assert s.why_illegal(Action("die", other, 1)).code in ("white-dice-first", "no-such-die")
            assert s.why_illegal(Action("die", a.args[0], True)).code == "bad-arguments"
            assert s.why_illegal(Action("die", a.args[0], 0)).code == "bad-arguments"
        else:
            legal = s.legal_actions()
            assert legal and legal == sorted(set(legal))
            if states % check_every == 0:
                for a in legal:
                    assert s.why_illegal(a) is None
                    s.apply(a)                          # applies without error
                for a in candidate_actions(s, rng):
                    if a in legal:
                        continue
                    err = s.why_illegal(a)
                    assert isinstance(err, IllegalAction), a
                    assert err.code and err.message and rules.rule(err.rule)
                    with pytest.raises(IllegalAction) as raised:
                        s.apply(a)
                    assert (raised.value.code, raised.value.rule) == (err.code, err.rule)
                assert snapshot(s) == before            # refusals changed nothing
            a = rng.choice(legal)
        nxt = s.apply(a)
        assert snapshot(s) == before                    # apply never changes its input
        ledger.record(s, a)
        s = nxt
    check_invariants(s, ledger)
    return s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2 ** 31 - 1),
       moves=st.integers(0, 2 ** 31 - 1))
def test_random_games_keep_every_invariant(players, seed, moves):
    end = play_checked(players, seed, random.Random(moves), check_every=3)
    assert end.is_over and end.legal_actions() == []
    assert replay(end.record()) == end
    assert len(end.winners()) >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_fully_checked(players):
    end = play_checked(players, 100 + players, random.Random(players))
    assert end.is_over
    assert all(sh.turns == 6 for sh in end.sheets) or end.winner >= 0


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2 ** 31 - 1))
def test_playouts_finish_and_replay(players, seed):
    start = new_game(players=players, seed=seed)
    end = random_playout(start, random.Random(seed))
    assert end.is_over
    assert replay(end.record()) == end
    assert end == random_playout_states(start, random.Random(seed))   # the fast path agrees
    mid = len(start.history) + (len(end.history) - len(start.history)) // 2
    record = dict(end.record(), actions=end.record()["actions"][:mid])
    state = replay(record)
    assert state.history == end.history[:mid]


def clickable(svg_text):
    """(action, marked legal) for every element of an SVG that carries a data-action."""
    root = ElementTree.fromstring(svg_text)
    out = []
    for el in root.iter():
        raw = el.get("data-action")
        if raw is not None:
            out.append((Action.from_json(json.loads(raw)), "legal" in el.get("class", "").split()))
    return out


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2 ** 31 - 1))
def test_the_board_is_playable_by_clicks(players, seed):
    rng = random.Random(seed)
    s = new_game(players=players, seed=seed)
    while not s.is_over:
        if rng.random() < 0.15:
            targets = clickable(s.to_svg(interactive=True))
            for action, marked in targets:
                assert marked == (s.why_illegal(action) is None), action
            assert set(s.legal_actions()) <= {a for a, marked in targets if marked}
            assert set(s.legal_actions()) <= {a for a, _ in s.choices()}
        s = s.apply(rng.choice(s.legal_actions()))
    svg = s.to_svg(interactive=True)
    assert 'data-over="true"' in svg and not clickable(svg)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_games(players):
    rng = random.Random(players)
    bots = [greedy_bot] + [lambda s: random_bot(s, rng)] * (players - 1)
    end = play_game(players, seed=players, bots=bots)
    assert end.is_over and replay(end.record()) == end


@settings(max_examples=60, deadline=None)
@given(pos=st.integers(0, 24), blocked=st.integers(0, 2 ** 25 - 1), n=st.integers(1, 6))
def test_steward_search_agrees_with_networkx(pos, blocked, n):
    import networkx as nx
    blocked = (blocked & blocked >> 1) | 1 << pos          # sparser masks, the start blocked
    g = market.free_graph(blocked, keep=pos)
    src = market.rc(pos)
    oracle = any(len(path) - 1 == n for t in g.nodes if t != src
                 for path in nx.all_simple_paths(g, src, t, cutoff=n))
    assert market.can_walk(pos, blocked, n) == oracle
    ends = {market.rc(e) for e in market.ends(pos, blocked, n)}
    assert ends == {t for t in g.nodes if t != src and any(
        len(path) - 1 == n for path in nx.all_simple_paths(g, src, t, cutoff=n))}


def longest_by_exhaustion(pos, blocked, cap):
    """The longest walk from ``pos`` (at most ``cap`` steps), trying every walk."""
    best = 0

    def go(p, b, d):
        nonlocal best
        best = max(best, d)
        if best < cap:
            for nb in NEIGHBOURS[p]:
                if not b >> nb & 1:
                    go(nb, b | 1 << nb, d + 1)

    go(pos, blocked, 0)
    return min(best, cap)


@settings(max_examples=150, deadline=None)
@given(pos=st.integers(0, 24), masks=st.lists(st.integers(0, 2 ** 25 - 1), min_size=1, max_size=3),
       cap=st.integers(-1, 27), budget=st.sampled_from([2, 1000]), start_free=st.booleans())
def test_longest_walk_agrees_with_exhaustive_search(pos, masks, cap, budget, start_free):
    blocked = 0
    for m in masks:                             # the more masks, the fewer free spaces
        blocked |= m
    if len(masks) == 1:
        cap = min(cap, 6)                       # open markets: keep the exhaustive search short
    blocked = blocked & ~(1 << pos) if start_free else blocked | 1 << pos
    saved = market._QUICK_BUDGET
    market._QUICK_BUDGET = budget               # 2: the pruned search answers nearly everything
    try:
        expected = longest_by_exhaustion(pos, blocked, max(cap, 0))
        assert market.longest_walk(pos, blocked, cap) == expected
        assert market.can_walk(pos, blocked, cap) == (cap >= 0 and expected == cap)
        n = max(cap, 1)
        assert market.next_steps(pos, blocked, n) == tuple(
            nb for nb in NEIGHBOURS[pos]
            if not blocked >> nb & 1 and longest_by_exhaustion(nb, blocked | 1 << nb, n - 1) == n - 1)
    finally:
        market._QUICK_BUDGET = saved


def test_playout_rolls_follow_the_exact_distribution():
    from explorer.corinth._state import _dice_outcomes, draw_roll
    rng, n = random.Random(3), 60_000
    drawn = {}
    for _ in range(n):
        a = draw_roll(2, 1, rng)
        drawn[a] = drawn.get(a, 0) + 1
    exact = {(w, y): Fraction(wn * yn, 6 ** 3)
             for w, wn in _dice_outcomes(2) for y, yn in _dice_outcomes(1)}
    assert set(drawn) <= set(exact)
    chi2 = sum((drawn.get(a, 0) - n * p) ** 2 / (n * p) for a, p in exact.items())
    assert chi2 < 190                           # 125 degrees of freedom: P(chi2 > 190) < 0.0002


def test_all_equal_probability():
    # die by die: whatever the first die shows, each of the 8 others must match it (1/6 each),
    # so P(all nine equal) = 6 faces x (1/6) ** 9
    start = new_game(players=2, seed=1, chance="manual").apply(Action("buy_yellow", 0))
    total = Fraction(0)
    for p_first, first in ((p, a) for a, p in start.chance_outcomes()):
        s, p = start.apply(first), p_first
        for _ in range(8):
            p *= dict(s.chance_outcomes())[first]
            s = s.apply(first)
        assert s.is_over and s.winner == 0
        total += p
    assert total == Fraction(6, 6 ** 9)


def test_custom_data_needs_the_same_file_to_replay(tmp_path):
    raw = json.loads(resources.files("explorer.corinth").joinpath("data.json").read_text("utf-8"))
    for rec in raw["tables"]["buildings"]:
        rec["gold"] = 0
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    data = corinth.load_data(path)
    assert not data.shipped and data.version != corinth.load_data().version
    end = random_playout(new_game(players=3, seed=4, data=path), random.Random(4))
    assert replay(end.record(), data=path) == end
    with pytest.raises(RecordError):
        replay(end.record())


# ---- the data loader ---------------------------------------------------------------------------
def shipped():
    return json.loads(resources.files("explorer.corinth").joinpath("data.json").read_text("utf-8"))


def _table(raw, name):
    return raw["tables"][name]


def _rec(raw, table, rid):
    return next(r for r in raw["tables"][table] if r["id"] == rid)


BREAKS = {
    "duplicate shop": (lambda raw: _table(raw, "shops").append(dict(_rec(raw, "shops", "blue-1"))),
                       "shops/blue-1: duplicate id"),
    "orange bonus": (lambda raw: _rec(raw, "bonuses", "blue").update(district="orange"),
                     "bonuses/blue: the orange district has no completion bonus"),
    "wrong numbers": (lambda raw: _rec(raw, "shops", "blue-3").update(points=9),
                      "17 shop and bonus numbers"),
    "start moved": (lambda raw: (_rec(raw, "market", "r2c2").update(kind="plus1"),
                                 _rec(raw, "market", "r0c2").update(kind="start")),
                    "start space"),
    "five +1": (lambda raw: _rec(raw, "market", "r1c1").update(kind="plus1"), "4 '+1' spaces"),
    "missing symbols": (lambda raw: _table(raw, "shop_symbols").pop(), "shops/green-4: no record"),
    "placeholder without note": (lambda raw: _rec(raw, "market", "r0c1").update(
        provenance={"status": "placeholder"}), "market/r0c1"),
    "white dice": (lambda raw: _rec(raw, "constants", "white_dice").update(value=8),
                   "constants/white_dice"),
    "short turn track": (lambda raw: _table(raw, "turn_track").pop(), "turn track"),
    "bad field": (lambda raw: _rec(raw, "shop_symbols", "orange-1").update(symbols="two"),
                  "shop_symbols/orange-1: field 'symbols'"),
    "unknown source": (lambda raw: _rec(raw, "shops", "green-2").update(
        provenance={"status": "sourced", "source": "a friend"}), "shops/green-2"),
    "goods without district": (lambda raw: _rec(raw, "market", "r0c1").pop("district"),
                               "market/r0c1"),
    "other game": (lambda raw: raw.update(game="demo"), "not 'corinth'"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_loader_rejects_broken_files(tmp_path, name):
    breaker, expected = BREAKS[name]
    raw = shipped()
    breaker(raw)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataError) as err:
        corinth.load_data(path)
    assert expected in str(err.value) and str(path) in str(err.value)
    with pytest.raises(DataError):
        new_game(players=2, data=path)


def test_loader_rejects_bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        corinth.load_data(path)


def test_shipped_data_satisfies_the_facts():
    data = corinth.load_data()
    nums = sorted([r["points"] for r in data.table("shops")] + [r["points"] for r in data.table("bonuses")])
    assert nums == [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 10]
    assert "orange" not in {r["district"] for r in data.table("bonuses")}
    assert len(data.table("turn_track")) == 6
    assert sum(r["crossed_with_four"] for r in data.table("turn_track")) == 2
    for r in data.table("shops"):
        assert r.provenance.status == "sourced" and r.provenance.source in data.sources


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_are_the_rules_list_sorted(players):
    # the sorted lists are remembered by what they depend on: each must be the rules' own list
    rng = random.Random(players)
    s = new_game(players=players, seed=players)
    while not s.is_over:
        expected = sorted(set(s._legal()), key=Action._key)
        assert s.legal_actions() == expected
        assert s._legal_set() == frozenset(expected)
        s = s.apply(rng.choice(expected))


@pytest.mark.parametrize("players", [2, 4])
def test_automatic_dice_are_the_seeds_outcomes(players):
    # chance "auto" rolls each die as seeded_outcome() draws it from the seed
    rng = random.Random(5)
    auto = new_game(players=players, seed=9)
    hand = new_game(players=players, seed=9, chance="manual")
    while not auto.is_over:
        while hand.is_chance_node:
            hand = hand.apply(hand.seeded_outcome())
        assert hand.history == auto.history
        a = rng.choice(auto.legal_actions())
        auto, hand = auto.apply(a), hand.apply(a)
    assert hand.history == auto.history


def _reference_step(s, player):
    """The greedy bot's Steward step, worked out plainly: the first step toward the first of
    the best spaces the move can end on."""
    from explorer.corinth import bots
    from explorer.corinth.market import CELLS, can_reach, first_step_towards
    sheet = s.sheets[player]
    pos, trail, left = sheet.route[-1], sheet.trail, s.pending[0]
    ends = [e for e in range(CELLS) if can_reach(pos, trail, left, e)]
    values = [bots._space_value(s, player, e) for e in ends]
    best = ends[values.index(max(values))]
    return corinth.step(*market.rc(first_step_towards(pos, trail, left, best)))


def _reference_choice(s, player, deep):
    """The greedy bot's choice worked out plainly on states, remembering nothing: each
    action's next state is evaluated, or (``deep``) its turn finished greedily and evaluated."""
    from explorer.corinth import bots
    from explorer.corinth._state import free_steps, steward_cost
    if s.phase == "steer":
        return _reference_step(s, player)
    acts = s.legal_actions()
    if s.phase == "use":
        free = free_steps(s.sheets[player], s.book)
        acts = [a for a in acts if a.kind != "steward"
                or steward_cost(s.pending[1], a.args[0], free) <= 1] or acts
    best, best_val = acts[0], None
    for a in acts if len(acts) > 1 else ():
        nxt = s._step(a)
        if deep and bots._goes_on(nxt, player):
            val = _reference_finished(nxt, player)
        else:
            val = bots.evaluate(nxt, player)
        if a.kind == "end_turn":
            val -= 1e-6
        if best_val is None or val > best_val + 1e-9:
            best, best_val = a, val
    return best


def _reference_finished(s, player):
    from explorer.corinth import bots
    while bots._goes_on(s, player):
        s = s._step(_reference_choice(s, player, s.phase == "use"))
    return bots.evaluate(s, player)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_choices_are_the_plain_lookahead(players):
    # the greedy bot looks ahead on drafts and remembers what it worked out; the same lookahead
    # on states, remembering nothing, chooses the same at every position of random games
    from explorer.corinth import bots
    for seed in range(3):
        rng = random.Random(seed)
        s = new_game(players=players, seed=seed)
        while not s.is_over:
            if not s.is_chance_node:
                deep = s.phase in ("take", "use", "deliver", "build", "compensate")
                want = _reference_choice(s, s.current_player, deep)
                assert greedy_bot(s) == want
                if seed == 0:                   # the greedy player's own game, from its memo
                    s = s.apply(want)
                    continue
            s = s.apply(random_bot(s, rng))


def test_greedy_choices_do_not_depend_on_what_it_remembers():
    # the greedy bot remembers the turns it looked ahead; worked out afresh, each choice is the same
    from explorer.corinth import bots
    s = new_game(players=3, seed=4)
    while not s.is_over:
        a = greedy_bot(s)
        bots._MEMO.clear()
        assert greedy_bot(s) == a
        s = s.apply(a)
