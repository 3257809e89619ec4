"""The MCTS bot (``explorer.analysis.mcts``): legal, seeded, blind to what its player cannot see,
obedient to ``forbid``, and better than chance at a decision the engine can judge."""

from __future__ import annotations

import random

import pytest

from explorer import OptionError
from explorer.analysis._kit import ANALYSED, kit
from explorer.analysis.mcts import mcts_bot


def position(game, players, seed, moves):
    """A decision with a choice, after ``moves`` random moves of a seeded game."""
    k = kit(game)
    s = k.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.apply(k.random_action(s, rng))
    while not s.is_over and (s.is_chance_node or len(s.legal_actions()) < 2):
        s = s.apply(k.random_action(s, rng))
    assert not s.is_over
    return s


@pytest.mark.parametrize("game", ANALYSED)
def test_a_legal_move_the_same_for_the_same_rng(game):
    k = kit(game)
    for players, seed, moves in ((2, 1, 5), (3, 2, 30)):
        s = position(game, players, seed, moves)
        first = mcts_bot(k, 6, random.Random(seed))(s)
        assert first in s.legal_actions()
        assert mcts_bot(k, 6, random.Random(seed))(s) == first
    # whole playouts instead of short walks, and no ordering of the root's moves
    bot = mcts_bot(k, 3, random.Random(0), depth=None, prior=False, widening=0)
    assert bot(s) in s.legal_actions()


@pytest.mark.parametrize("game", ["gugong", "gonzaga", "hanging_gardens"])
def test_what_the_player_cannot_see_does_not_change_the_move(game):
    """Two games that differ only in the others' secrets (the second: a determinization of the
    first for the player to move) get the same move from the same generator."""
    k = kit(game)
    for seed, moves in ((3, 25), (4, 40)):
        s = position(game, 3, seed, moves)
        me = s.current_player
        other = k.determinize(s, me, random.Random(99))
        assert other.view(me) == s.view(me)
        for n in (1, 7):
            assert mcts_bot(k, n, random.Random(n))(s) == mcts_bot(k, n, random.Random(n))(other)


def test_a_secret_is_not_read():
    """Gùgōng: with the others' cards dealt differently in the real game, the search sees the
    same thing (its determinizations come from the view)."""
    k = kit("gugong")
    s = position("gugong", 2, 8, 30)
    me = s.current_player
    twins = {k.determinize(s, me, random.Random(r)) for r in range(4)}
    assert len(twins) > 1
    moves = {mcts_bot(k, 5, random.Random(1))(t) for t in twins}
    assert len(moves) == 1


@pytest.mark.parametrize("game", ANALYSED)
def test_forbid(game):
    k = kit(game)
    s = position(game, 2, 5, 12)
    acts = s.legal_actions()
    keep = acts[len(acts) // 2]
    only = mcts_bot(k, 8, random.Random(0), forbid=lambda st, a: a != keep)
    assert only(s) == keep                     # everything else is forbidden at its own choices
    free = mcts_bot(k, 8, random.Random(0))(s)
    bot = mcts_bot(k, 8, random.Random(0), forbid=lambda st, a: a == free)
    assert bot(s) != free and bot(s) in acts
    everything = mcts_bot(k, 4, random.Random(0), forbid=lambda st, a: True)
    assert everything(s) in acts               # nothing allowed: plays as if unrestricted


def _last_decisions():
    """Gonzaga's last decisions of seeded games, where some moves win and some lose (the engine
    plays each move to the end): (state, the winning moves), two of them."""
    k = kit("gonzaga")
    out = []
    for seed in range(12):
        if len(out) >= 2:
            break
        s = k.new_game(2, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if not s.is_chance_node and len(s.log) > 60:
                me = s.current_player
                ends = {a: s.apply(a) for a in s.legal_actions()}
                if all(t.is_over for t in ends.values()):
                    wins = {a for a, t in ends.items() if t.winners() == (me,)}
                    if 0 < len(wins) < len(ends):
                        out.append((s, wins))
            s = s.apply(k.random_action(s, rng))
    return out


def test_it_finds_the_winning_move():
    k = kit("gonzaga")
    cases = _last_decisions()
    assert len(cases) >= 2
    random_wins = mcts_wins = 0
    for s, wins in cases:
        for r in range(5):
            mcts_wins += mcts_bot(k, 30, random.Random(r), prior=False)(s) in wins
            random_wins += k.random_action(s, random.Random(r)) in wins
    assert mcts_wins == 10 and random_wins < 10


@pytest.mark.parametrize("bad", [
    dict(iterations=0), dict(iterations=2.5), dict(iterations="9"), dict(rng=None),
    dict(rng=5), dict(forbid=3), dict(exploration=-1), dict(depth=-2), dict(depth=1.5),
    dict(scale=0), dict(widening="x"), dict(prior=1), dict(prior="root"), dict(prior=["all", "all"]), dict(rollout=["random"]), dict(rollout="smart"), dict(colour="red"),
])
def test_bad_options(bad):
    args = dict(kit=kit("corinth"), iterations=5, rng=random.Random(0))
    args.update(bad)
    with pytest.raises(OptionError):
        mcts_bot(**args)
    with pytest.raises(OptionError):
        mcts_bot("corinth", 5, random.Random(0))


def _positions(game: str, seeds=range(3)):
    """Every decision of a few random two-player games, with the game's generator, then each
    game's end."""
    k = kit(game)
    for seed in seeds:
        s = k.new_game(2, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if not s.is_chance_node:
                yield s, rng
            s = s.apply(k.random_action(s, rng))
        yield s, rng


def test_hanging_gardens_value_reads_every_step_of_a_turn():
    """At each step of a turn the position is worth what the greedy bot expects of the turn's
    end: a card to place, its best placement; a tile to take, the best tile the group reaches."""
    from explorer.hanging_gardens import bots
    from explorer.hanging_gardens._actions import PLACE, SCORE, TILE
    seen = set()
    for s, rng in _positions("hanging_gardens"):
        if s.is_over:
            continue
        p = s.mover
        points = float(s.scores()[p])
        value = bots.position_value(s, p)
        if s.phase == PLACE:
            best = max(bots.greedy_value(s._step(a), p) for a in s.legal_actions())
            assert value == points + max(best, 0.0)
            seen.add(PLACE)
        elif s.phase == SCORE:
            assert value == points + bots.greedy_value(s, p)
            seen.add(SCORE)
        elif s.phase == TILE:
            took = s.apply(bots.greedy_bot(s, rng))         # the most valuable tile
            gained = took.scores()[p] - s.scores()[p]
            assert value - points - bots._growth(s, p) == pytest.approx(gained)
            seen.add(TILE)
        other = 1 - p
        assert bots.position_value(s, other) >= s.scores()[other]
    assert seen == {PLACE, SCORE, TILE}


def test_gonzaga_value_counts_the_turn_a_plan_promises():
    """A committed plan is worth its best turn (the greedy bot's points of the plan) until the
    fief is placed; the turn taken, the points it scored replace the promise."""
    from explorer.gonzaga import bots
    from explorer.gonzaga._actions import PLACE, PLAN, RING
    seen = set()
    for s, rng in _positions("gonzaga"):
        if s.is_over:
            assert bots.position_value(s, 0) == s.scores()[0]
            continue
        p = s.current_player
        before = bots.position_value(s, p)
        assert before >= sum(s.points[p])
        if s.phase == PLAN:
            a = rng.choice(s.legal_actions())
            promise = bots.plan_value(s, p, a)[0]
            assert bots.position_value(s.apply(a), p) - before == pytest.approx(promise)
            seen.add(PLAN)
        elif s.phase == PLACE:
            best, choice = max(bots.turn_choices(s, p), key=lambda o: o[0])
            done = s.apply(choice)
            while done.phase == RING and done.current_player == p:   # a wedding's 2nd ring
                done = done.apply(bots.greedy_bot(done, rng))
            assert sum(done.points[p]) - sum(s.points[p]) == best[0]   # the promise is kept
            seen.add(PLACE)
    assert seen == {PLAN, PLACE}


@pytest.mark.parametrize("prior, many", [(True, False), ("all", True)])
def test_prior_orders_the_root_or_every_node(monkeypatch, prior, many):
    """``prior=True`` orders the root's moves by their value one move ahead; ``"all"`` also
    each node below it the first time it widens (one ordering per such node)."""
    from explorer.analysis import mcts as module
    calls = []
    by_value = module._Search._by_value

    def spy(self, s, acts, me):
        calls.append(len(acts))
        return by_value(self, s, acts, me)
    monkeypatch.setattr(module._Search, "_by_value", spy)
    k = kit("hanging_gardens")
    s = k.new_game(2, 3)
    while s.is_chance_node or len(s.legal_actions()) < 2:
        s = s.apply(k.random_action(s, random.Random(0)))
    moves = [mcts_bot(k, 40, random.Random(7), prior=prior)(s) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in s.legal_actions()       # seeded: the same move
    assert calls and (len(calls) > 2) == many


@pytest.mark.parametrize("name", ["exploration", "depth", "rollout", "scale", "widening", "prior"])
def test_an_array_for_an_option_is_refused(name):
    """An option given as an array (whose truth is ambiguous) is refused in words, not with a
    raw error from comparing it."""
    import numpy as np
    with pytest.raises(OptionError):
        mcts_bot(kit("corinth"), 5, random.Random(0), **{name: np.array(["random", "all"])})
