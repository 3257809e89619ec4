"""A player's view either plays exactly the actions it lists, or lists nothing and refuses every
action with an error saying it is a player's view (Corinth, Gonzaga, The Hanging Gardens), over
positions of seeded random games."""

from __future__ import annotations

import importlib
import random

import pytest

from explorer import ExplorerError, IllegalAction


def positions(game, players, seed, every=3, limit=400):
    mod = importlib.import_module(f"explorer.{game}")
    s = mod.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_over and k < limit:
        if k % every == 0:
            yield s
        s = s.apply(rng.choice(s.legal_actions()))
        k += 1
    yield s


def check(v, others, rng, counts):
    """The property on one view; returns the views its listed actions lead to."""
    acts = v.legal_actions()
    nxt = []
    if acts:
        counts["listed"] += 1
        for a in rng.sample(acts, min(6, len(acts))):
            assert v.why_illegal(a) is None, a
            nxt.append(v.apply(a))                              # never raises
    elif not v.is_over:
        counts["empty"] += 1
        for a in others[:3]:
            err = v.why_illegal(a)
            assert isinstance(err, IllegalAction) and "view" in err.message, err
            with pytest.raises(ExplorerError, match="view"):
                v.apply(a)
    return nxt


@pytest.mark.parametrize("game, players, seed", [
    ("gonzaga", 3, 1), ("gonzaga", 2, 5), ("hanging_gardens", 3, 2), ("corinth", 2, 4)])
def test_a_view_plays_what_it_lists_or_lists_nothing_and_says_why(game, players, seed):
    rng = random.Random(seed)
    counts = {"listed": 0, "empty": 0}
    for s in positions(game, players, seed, every=1 if game == "gonzaga" else 3):
        others = s.legal_actions()
        for p in [*range(players), None]:
            for w in check(s.view(p), others, rng, counts):       # and one step further
                check(w, others, rng, counts)
    assert counts["listed"] > 0
    if game == "gonzaga":
        assert counts["empty"] > 0     # views in which every plan is committed wait for the reveal


def test_a_gonzaga_view_stops_at_the_reveal_it_cannot_see():
    from explorer import gonzaga
    s = gonzaga.new_game(players=3, seed=1)
    while s.phase != "plan":
        s = s.apply(s.legal_actions()[0])
    s = s.apply(s.legal_actions()[0]).apply(s.legal_actions()[0])    # two of three have planned
    v = s.view(2)
    assert v.current_player == 2 and v.legal_actions()
    after = v.apply(v.legal_actions()[0])                              # the last plan, in the view
    assert after.phase == "plan" and after.legal_actions() == [] and not after.is_over
    err = after.why_illegal(s.legal_actions()[0])
    assert err.code == "players-view" and "a player's view of the game, what Player 3" in err.message
    assert "reveal" in after.awaiting()
    full = s.apply(v.legal_actions()[0])                               # the full state reveals
    assert full.phase != "plan"
