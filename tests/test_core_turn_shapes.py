"""The core fits turns of every shape the four games need, shown on a small test game.

Sealed bids: each round, every player secretly commits a bid (Gonzaga-style simultaneous
planning: committed one by one, hidden by ``view`` until all are in, then revealed together).
The highest bidder then chooses a reward for each *other* player in seat order (a choice
other players' turns depend on, as with Gùgōng's intrigue benefits), and finally rolls a die
(explicit chance) for their own reward.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from fractions import Fraction

import pytest

from explorer import CHANCE, Action, IllegalAction, NotYourTurn, RecordError, replay
from explorer._engine import GameInfo, GameState, Log, cache_field, make_info

HIDDEN = "hidden"


@dataclass(frozen=True, slots=True)
class Bids(GameState):
    info: GameInfo
    log: Log
    bids: tuple = ()            # committed bids in seat order (None = not yet)
    gifts: tuple = ()           # chosen rewards for the other players
    points: tuple = ()
    round: int = 0
    _cache: dict = cache_field()

    @property
    def winner(self):
        return max(range(self.players), key=lambda p: (self.bids[p], -p))

    @property
    def phase(self):
        if None in self.bids:
            return "bid"
        if len(self.gifts) < self.players - 1:
            return "gift"
        return "roll"

    @property
    def current_player(self):
        if self.phase == "bid":
            return self.bids.index(None)
        if self.phase == "gift":
            return self.winner
        return CHANCE

    @property
    def is_over(self):
        return self.round == 2

    def scores(self):
        return self.points

    def _legal(self):
        if self.phase == "bid":
            return [Action("bid", b) for b in range(4)]
        if self.phase == "gift":
            return [Action("gift", g) for g in (1, 2)]
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self):
        if self.phase != "roll":
            return GameState.chance_outcomes(self)
        return [(Action("roll", f), Fraction(1, 6)) for f in range(1, 7)]

    def _explain(self, action):
        if action.kind == "gift" and self.phase == "bid":
            return NotYourTurn("bids-open", "engine.turn", "Gifts are chosen once every bid is revealed.")
        return None

    def _step(self, a):
        r = dataclasses.replace
        if a.kind == "bid":
            bids = list(self.bids)
            bids[self.current_player] = a.args[0]
            return r(self, bids=tuple(bids))
        if a.kind == "gift":
            return r(self, gifts=(*self.gifts, a.args[0]))
        others = [p for p in range(self.players) if p != self.winner]
        pts = list(self.points)
        for p, g in zip(others, self.gifts):
            pts[p] += g
        pts[self.winner] += a.args[0] - self.bids[self.winner]
        return r(self, bids=(None,) * self.players, gifts=(), points=tuple(pts), round=self.round + 1)

    def view(self, player=None):
        if self.phase != "bid":
            return self
        shown = tuple(b if p == player or b is None else HIDDEN for p, b in enumerate(self.bids))
        return dataclasses.replace(self, bids=shown)


def new_bids(players=3, seed=0, chance="auto"):
    info = make_info("bids", rules_version="1", players=players, allowed_players=(2, 3, 4),
                     seed=seed, chance=chance, options={}, known_options={})
    return Bids(info, Log(), (None,) * players, (), (0,) * players)._settle()


def test_secret_commitments_are_hidden_until_revealed():
    s = new_bids().apply(Action("bid", 3)).apply(Action("bid", 1))
    assert s.current_player == 2
    assert s.view(0).bids == (3, HIDDEN, None)
    assert s.view(1).bids == (HIDDEN, 1, None)
    assert s.view(2).bids == (HIDDEN, HIDDEN, None)
    revealed = s.apply(Action("bid", 2))
    assert revealed.view(2).bids == (3, 1, 2)          # all revealed together


def test_a_mid_turn_choice_belongs_to_another_player_then_chance():
    s = new_bids(chance="manual")
    for b in (1, 3, 2):
        s = s.apply(Action("bid", b))
    assert s.current_player == 1                        # the winner chooses for the others
    err = s.why_illegal(Action("bid", 0))
    assert isinstance(err, IllegalAction) and err.rule == "engine.legal"
    s = s.apply(Action("gift", 2)).apply(Action("gift", 1))
    assert s.current_player == CHANCE
    assert sum(p for _, p in s.chance_outcomes()) == 1
    before = copy.deepcopy(s)
    s6 = s.apply(Action("roll", 6))
    assert s == before and s6.points == (2, 3, 1) and s6.round == 1


def test_explained_refusal_for_acting_out_of_phase():
    err = new_bids().why_illegal(Action("gift", 1))
    assert isinstance(err, NotYourTurn) and err.code == "bids-open"


def test_auto_chance_is_reproducible_and_recorded():
    def play(seed):
        s = new_bids(seed=seed)
        while not s.is_over:
            s = s.apply(s.legal_actions()[-1])
        return s
    a, b = play(5), play(5)
    assert a == b and a.history == b.history
    assert [x.kind for x in a.history].count("roll") == 2
    rec = a.record()
    assert rec["game"] == "bids" and rec["actions"][-1][0] == "roll"
    with pytest.raises(RecordError, match="unknown game 'bids'"):
        replay(rec)                                     # only registered games replay
