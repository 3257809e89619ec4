"""The Hanging Gardens' greedy bot scores placements without building the state after each one:
what it reads off the garden must be what the rules and the full evaluation give, placement by
placement, and its choices must be those of the full evaluation."""

from __future__ import annotations

import random

import pytest

from explorer import hanging_gardens as hg
from explorer.hanging_gardens import bots
from explorer.hanging_gardens._actions import PLACE, SCORE, TAKE
from explorer.hanging_gardens._grid import idx
from explorer.hanging_gardens._place import anchor_masks


def _states(players, seed, rotation="any"):
    """Every decision of a game played half greedily, half at random (so gardens grow groups)."""
    s = hg.new_game(players=players, seed=seed, rotation=rotation)
    rng = random.Random(seed)
    while not s.is_over:
        yield s
        s = s.apply(bots.greedy_bot(s) if rng.random() < 0.5 else rng.choice(s.legal_actions()))


def _full_outcome(after, p):
    """What the state after a placement shows: the sections in groups of two or more holding a
    section of the new card, and the sizes of the groups the player may score."""
    sizes = sorted(len(grp) for _, grp in after.pending[2]) if after.phase == SCORE else []
    return round(bots._growth(after, p) * 10), sizes


def _direct(state, p, card, anchors):
    left, grown = bots._grown_placements(state.book, state.gardens[p].grid,
                                        state.gardens[p].temples, card, anchors)
    assert left + sum(len(keys) for _, keys in grown) == anchors.count()
    return {k: outcome for outcome, keys in grown for k in keys}


GAMES = [(players, seed, "any") for players in (2, 3, 4) for seed in range(3)]


@pytest.mark.parametrize("players,seed,rotation", GAMES + [(2, 5, "half-turn")])
def test_placements_scored_directly_match_the_states_they_make(players, seed, rotation):
    checked = 0
    for s in _states(players, seed, rotation):
        if s.phase != PLACE:
            continue
        p = s.mover
        card, anchors = s.pending
        direct = _direct(s, p, card, anchors)
        worth = bots._Worth(s, p)
        for a in s.legal_actions():
            key = idx(a.args[0], a.args[1]) * 4 + a.args[2]
            grown, sizes = direct.get(key, bots._NOTHING)
            after = s._step(a)
            assert (grown, sorted(sizes)) == _full_outcome(after, p), a
            assert worth((grown, sizes)) == bots.greedy_value(after, p), a
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players,seed,rotation", GAMES + [(2, 7, "half-turn"), (3, 8, "none")])
def test_greedy_choices_are_those_of_the_full_evaluation(players, seed, rotation):
    """Take: the card whose best placement is worth most; place: the first placement of the
    largest greedy_value; both as the states after each action value them."""
    seen = set()
    for s in _states(players, seed, rotation):
        p = s.mover
        if s.phase == TAKE and len(s.legal_actions()) > 1:
            def best_after(a):
                after = s._step(a)
                if after.phase != PLACE:
                    return -1.0
                return max(bots.greedy_value(after._step(b), p) for b in after.legal_actions())
            assert bots.greedy_bot(s) == max(s.legal_actions(), key=best_after)
            for a in s.legal_actions():
                card = s.display[a.args[0] - 1]
                value = bots._card_value(s, p, card, anchor_masks(s, s.gardens[p], card),
                                         bots._Worth(s, p))
                assert value == best_after(a)
            seen.add(TAKE)
        elif s.phase == PLACE:
            full = max(s.legal_actions(), key=lambda a: bots.greedy_value(s._step(a), p))
            assert bots.greedy_bot(s) == full
            seen.add(PLACE)
    assert seen == {TAKE, PLACE}
