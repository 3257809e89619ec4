"""Checks of the engine contract that every game must pass, shared by the game test files.

``fuzz(game, players, actions, seed)`` plays random games of ``game`` and, at every state, throws
malformed and illegal actions at it (wrong types, wrong arity, unknown kinds, mutated legal
actions, random JSON), checking that each one is answered by an :class:`IllegalAction` that
names a catalogued rule, with a bounded message, that ``apply`` raises the same refusal, and
that no refusal changes the state.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from explorer import Action, IllegalAction, UnknownAction, rules
from explorer._errors import MESSAGE_LIMIT
from explorer._record import game_module

ODD_VALUES = [True, False, None, 0, 1, -1, 7, 99, "1", "", "x" * 5, (), (1,), ((1, 2),), (True,),
              "white", "gold", 2 ** 70, -(2 ** 70)]


@dataclass
class FuzzReport:
    probes: int = 0
    refused: int = 0
    legal: int = 0
    moves: int = 0
    games: int = 0
    codes: dict = field(default_factory=dict)


def mutations(action: Action, rng: random.Random) -> list[Any]:
    """Actions near ``action`` that are malformed or illegal: each argument swapped for an odd
    value of another type, an argument too many or too few, the kind changed."""
    out: list[Any] = []
    args = list(action.args)
    for i, a in enumerate(args):
        for v in rng.sample(ODD_VALUES, 3):
            if type(v) is not type(a) or v != a:
                out.append((action.kind, *args[:i], v, *args[i + 1:]))
        if type(a) is int and not isinstance(a, bool):
            out.append((action.kind, *args[:i], a == 1, *args[i + 1:]))     # True for 1
            out.append((action.kind, *args[:i], str(a), *args[i + 1:]))     # "1" for 1
    out.append((action.kind, *args, 1))
    if args:
        out.append((action.kind, *args[:-1]))
    out.append((action.kind + "x", *args))
    out.append(("no_such_move",))
    return out


def random_json(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth > 3 or r < 0.4:
        return rng.choice(ODD_VALUES[:-2] + [1.5, {"a": 1}])
    if r < 0.8:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {"k": random_json(rng, depth + 1)}


def probe(state, raw: Any, report: FuzzReport) -> None:
    """Throw one candidate at ``state``: build it, ask, apply; check the refusal's shape."""
    report.probes += 1
    try:
        action = Action(*raw) if isinstance(raw, tuple) else Action.from_json(raw)
    except UnknownAction as e:
        check_refusal(e)
        report.refused += 1
        report.codes[e.code] = report.codes.get(e.code, 0) + 1
        return
    err = state.why_illegal(action)
    if err is None:
        report.legal += 1
        state.apply(action)
        return
    check_refusal(err)
    report.refused += 1
    report.codes[err.code] = report.codes.get(err.code, 0) + 1
    try:
        state.apply(action)
    except IllegalAction as raised:
        assert (type(raised), raised.code, raised.rule) == (type(err), err.code, err.rule)
    else:
        raise AssertionError(f"apply accepted {action!r}, which why_illegal refuses")
    assert (action in state.legal_actions()) is False


def check_refusal(err: IllegalAction) -> None:
    assert isinstance(err, IllegalAction)
    assert err.code and isinstance(err.code, str)
    assert err.message and len(err.message) <= MESSAGE_LIMIT
    assert rules.rule(err.rule).id == err.rule


def fuzz(game: str, players: int, actions: int, seed: int = 0, probes_per_state: int = 6,
         snapshot_every: int = 25) -> FuzzReport:
    """Random games of ``game`` until ``actions`` probes were made (see the module docstring)."""
    module = game_module(game)
    rng = random.Random(seed)
    report = FuzzReport()
    while report.probes < actions:
        state = module.new_game(players=players, seed=rng.randrange(2 ** 32))
        report.games += 1
        steps = 0
        while not state.is_over and report.probes < actions:
            legal = state.legal_actions()
            assert legal, "a game that is not over always has a legal action"
            snap = copy.deepcopy(state) if steps % snapshot_every == 0 else None
            for _ in range(probes_per_state):
                r = rng.random()
                if r < 0.7:
                    base = rng.choice(legal)
                    probe(state, rng.choice(mutations(base, rng)), report)
                elif r < 0.85:
                    probe(state, random_json(rng), report)
                else:
                    probe(state, rng.choice(legal).to_json(), report)
            if snap is not None:
                assert state == snap and state.history == snap.history, "a refusal changed the state"
            state = state.apply(rng.choice(legal))
            report.moves += 1
            steps += 1
    return report
