"""Fuzzed refusals for the cross-game refusal-citation test (``test_refusal_rules.py``): random
positions of seeded games, and candidate actions drawn from every position seen (the legal
actions of other positions, and those actions with their arguments changed)."""

from __future__ import annotations

import importlib
import random
import time

from explorer import Action

GAMES = {"corinth": 2, "gonzaga": 3, "hanging_gardens": 3, "gugong": 3}
ODD_ARGS = (0, 1, 2, 3, 5, 7, 9, 12, 40, -1, 100, "x", "", "red", "A", "B", "C", None, (0, 0), (1,),
            True)


def playouts(game, seeds, limit=1500):
    """States of seeded random games (uniformly random legal actions), in order."""
    mod = importlib.import_module(f"explorer.{game}")
    out = []
    for seed in seeds:
        players = GAMES[game] if seed % 2 else 2
        s = mod.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(limit):
            out.append(s)
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    return out


def candidates(states, rng, n=4000):
    """Actions to try: legal actions of random positions, and copies with one argument changed."""
    pool = []
    for s in rng.sample(states, min(len(states), 300)):
        pool.extend(s.legal_actions()[:40])
    kinds = sorted({a.kind for a in pool})
    out = []
    for _ in range(n):
        a = rng.choice(pool)
        r = rng.random()
        if r < 0.5 or not a.args:
            out.append(a)
        elif r < 0.85:
            args = list(a.args)
            args[rng.randrange(len(args))] = rng.choice(ODD_ARGS)
            out.append(Action(a.kind, *args))
        else:
            out.append(Action(rng.choice(kinds), *a.args))
    return out


def refusals(game, checks=12000, seed=0):
    """{(code, rule): first message} of the refusals met among ``checks`` (position, candidate)
    pairs; deterministic for a seed."""
    rng = random.Random(seed)
    states = playouts(game, (seed + 1, seed + 2))
    acts = candidates(states, rng)
    seen = {}
    for _ in range(checks // 30):
        s = rng.choice(states)
        for a in rng.sample(acts, 30):
            err = s.why_illegal(a)
            if err is not None:
                seen.setdefault((err.code, err.rule), err.message)
    return seen


ERRORS = {"IllegalAction", "NotYourTurn", "UnknownAction", "GameOver"}


def source_codes(game):
    """{code: {rule ids}} written as constants in the game's refusals (``IllegalAction("code",
    "rule" or a choice of rules, ...)`` and ``("code", "rule")`` pairs), from its source."""
    import ast
    import re
    from pathlib import Path
    rule_id = re.compile(r"^(engine|%s)(\.[a-z0-9_-]+)+$" % game)
    root = Path(importlib.import_module(f"explorer.{game}").__file__).parent
    shared = [root.parent / "_engine.py", root.parent / "_action.py"]   # every game's refusals
    out = {}
    for f in sorted(root.glob("*.py")) + shared:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and getattr(n.func, "id", None) in ERRORS and len(n.args) >= 2:
                code = n.args[0]
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    rules = {c.value for c in ast.walk(n.args[1]) if isinstance(c, ast.Constant)
                             and isinstance(c.value, str) and rule_id.match(c.value)}
                    out.setdefault(code.value, set()).update(rules)
            elif isinstance(n, ast.Tuple) and len(n.elts) == 2 and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in n.elts):
                code, rule = n.elts[0].value, n.elts[1].value
                if rule_id.match(rule) and re.match(r"^[a-z][a-z0-9-]+$", code):
                    out.setdefault(code, set()).add(rule)
            elif isinstance(n, ast.Dict) and n.keys and all(
                    isinstance(k, ast.Constant) and isinstance(k.value, str)
                    and isinstance(v, ast.Constant) and isinstance(v.value, str)
                    and rule_id.match(v.value) and re.match(r"^[a-z][a-z0-9-]+$", k.value)
                    for k, v in zip(n.keys, n.values)):
                for k, v in zip(n.keys, n.values):            # a table code -> rule
                    out.setdefault(k.value, set()).add(v.value)
    return out
