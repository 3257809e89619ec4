"""How fast are Gùgōng's Destiny-dice odds? The explorer against brute force and icepool, and
against the former Fraction-based code.

Run from the project root: ``python benchmarks/bench_gugong_odds.py [--rounds 15] [--number 10]``.
It needs the ``bench`` extra (``pip install "explorer[bench]"``: icepool).

For a few piles (one card, a few cards, all 9 values, repeated values) and each question (the
servants a pile earns, how many of its cards match, the chance of a match) it times:

- *before*: the former implementation, every step in ``Fraction`` arithmetic (a private copy
  below, kept for the before/after ratio);
- *after*: ``explorer.gugong.odds`` (integer counts of the ordered rolls, one division at the end);
- *brute*: ``odds.brute_force`` with the matching ``evaluate`` (all 216 ordered rolls);
- *icepool*: the same law built with icepool from the three dice's faces.

The four are interleaved in rounds, the order rotated each round, so every ratio is paired: it is
the median over rounds of the two times measured side by side. The bonus chance is timed against
the former code, and against every roll and every draw of the opponents' piles on a small case.
Each row says whether all the answers were equal (icepool's probabilities read as fractions).
Times are median µs per call. The script prints and checks nothing else.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from fractions import Fraction
from math import comb
from typing import Callable, Sequence

from _games import from_extra

from explorer.dice import Distribution
from explorer.gugong import _args, odds
from explorer.gugong._book import Book, load_data

icepool = from_extra("icepool")

PILES = {"small [5]": [5], "medium [1, 4, 7]": [1, 4, 7], "all 9 values": list(range(1, 10)),
         "repeats [2, 2, 6, 6, 6, 8, 8]": [2, 2, 6, 6, 6, 8, 8]}


# ---- today's Fraction-based implementation, for the before/after ratio ----------------------
def _before_die_law(faces: Sequence[int]) -> dict[int, Fraction]:
    law: dict[int, Fraction] = {}
    for f in faces:
        law[f] = law.get(f, Fraction(0)) + Fraction(1, len(faces))
    return law


def _before_servants_distribution(pile, dice=None) -> Distribution:
    values = odds.pile_of(pile)
    dist = {0: Fraction(1)}
    for faces in odds.dice_faces(dice):
        nxt: dict[int, Fraction] = {}
        for f, p in _before_die_law(faces).items():
            gain = values.count(f)
            for s, q in dist.items():
                nxt[s + gain] = nxt.get(s + gain, Fraction(0)) + p * q
        dist = nxt
    return Distribution(dist, 1)


def _before_shown_sets(dice=None) -> dict[frozenset, Fraction]:
    law = {frozenset(): Fraction(1)}
    for faces in odds.dice_faces(dice):
        nxt: dict[frozenset, Fraction] = {}
        for f, p in _before_die_law(faces).items():
            for shown, q in law.items():
                key = shown | {f}
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        law = nxt
    return law


def _before_matches_distribution(pile, dice=None) -> Distribution:
    values = odds.pile_of(pile)
    out: dict[int, Fraction] = {}
    for shown, p in _before_shown_sets(dice).items():
        m = sum(1 for v in values if v in shown)
        out[m] = out.get(m, Fraction(0)) + p
    return Distribution(out, 1)


def _before_match_probability(pile, dice=None) -> Fraction:
    return _before_matches_distribution(pile, dice).at_least(1)


def _before_hypergeometric(total: int, good: int, k: int) -> dict[int, Fraction]:
    den = comb(total, k)
    return {j: Fraction(comb(good, j) * comb(total - good, k - j), den)
            for j in range(max(0, k - (total - good)), min(good, k) + 1)}


def _before_bonus_chance(pile, opponents, pool=None, ahead=None, dice=None) -> Fraction:
    values = odds.pile_of(pile)
    sizes = _args.ints(opponents, "opponents (their pile sizes)", 0, 60)
    if pool is None:
        pool = list(Book.of(load_data(), 3).value[:-1])
        for v in values:
            if v in pool:
                pool.remove(v)
    pool = odds.pile_of(pool)
    ahead = _args.bools(ahead, "ahead") if ahead is not None else (False,) * len(sizes)
    total = Fraction(0)
    for shown, p in _before_shown_sets(dice).items():
        mine = sum(1 for v in values if v in shown)
        if mine == 0:
            continue
        good = sum(1 for v in pool if v in shown)
        win = p
        for k, wins_ties in zip(sizes, ahead):
            law = _before_hypergeometric(len(pool), good, k)
            win *= sum((q for j, q in law.items() if j < mine or (j == mine and wins_ties)),
                       Fraction(0))
        total += win
    return total


# ---- the oracles ------------------------------------------------------------------------------
def brute(question: str, pile: list[int]):
    """The same question over every ordered roll (``odds.brute_force``)."""
    if question == "servants":
        return odds.brute_force(lambda faces: sum(pile.count(f) for f in faces))
    law = odds.brute_force(lambda faces: sum(1 for v in pile if v in faces))
    return law if question == "matches" else law.at_least(1)


def bonus_brute(pile, sizes, pool, ahead, dice) -> Fraction:
    """Every roll and every draw of the opponents' piles (the tests' oracle)."""
    faces = odds.dice_faces(dice)
    wins = cases = 0
    draws = [list(itertools.combinations(range(len(pool)), k)) for k in sizes]
    for roll in itertools.product(*faces):
        mine = sum(1 for v in pile if v in roll)
        for combo in itertools.product(*draws):
            cases += 1
            if mine and all(sum(1 for i in idx if pool[i] in roll) < mine
                            or (sum(1 for i in idx if pool[i] in roll) == mine and w)
                            for idx, w in zip(combo, ahead)):
                wins += 1
    return Fraction(wins, cases)


def icepool_answer(question: str, pile: list[int], dice):
    """The same law with icepool: each die's faces, mapped and combined."""
    c = {v: pile.count(v) for v in set(pile)}
    if question == "servants":
        total = None
        for d in dice:
            die = d.map(lambda f: c.get(f, 0))
            total = die if total is None else total + die
        return total
    if question == "matches":
        return icepool.map(lambda *roll: sum(c.get(v, 0) for v in set(roll)), *dice)
    hits = [d.map(lambda f: f in c) for d in dice]
    anyhit = hits[0]
    for h in hits[1:]:
        anyhit = anyhit | h
    return anyhit


def as_fractions(answer):
    """An icepool die (or our own value) read as exact fractions."""
    if isinstance(answer, icepool.Die):
        den = answer.denominator()
        return {k: Fraction(q, den) for k, q in answer.items() if q}
    return answer


# ---- timing -------------------------------------------------------------------------------------
def per_call(run: Callable[[], object], number: int) -> float:
    """Seconds per call, over ``number`` calls in a row."""
    start = time.perf_counter()
    for _ in range(number):
        run()
    return (time.perf_counter() - start) / number


def paired(methods: dict[str, Callable[[], object]], rounds: int, number: int) -> dict[str, list]:
    """Times per round of every method, the order rotated each round."""
    names = list(methods)
    times: dict[str, list] = {n: [] for n in names}
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for n in order:
            times[n].append(per_call(methods[n], number))
    return times


def ratio(times: dict[str, list], a: str, b: str) -> str:
    if b not in times:
        return "n/a"
    return f"{statistics.median(x / y for x, y in zip(times[a], times[b])):.3f}"


def us(times: dict[str, list], name: str) -> str:
    return f"{statistics.median(times[name]) * 1e6:.1f}" if name in times else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="rounds of paired measurements")
    parser.add_argument("--number", type=int, default=10, help="calls per measurement")
    args = parser.parse_args()
    faces = odds.dice_faces()
    dice = [icepool.Die(list(f)) for f in faces]
    print(f"dice: {faces}")
    print(f"icepool {icepool.__version__}")
    print(f"median µs per call over {args.rounds} rounds of {args.number} calls; "
          f"ratios are medians of paired per-round ratios (below 1: the explorer is faster)")
    head = (f"{'question':<12}{'pile':<30}{'before':>9}{'after':>9}{'brute':>9}{'icepool':>9}"
            f"{'aft/bef':>9}{'aft/brute':>10}{'aft/icep':>9}  same")
    print(head)
    print("-" * len(head))
    after = {"servants": odds.servants_distribution, "matches": odds.matches_distribution,
             "probability": odds.match_probability}
    before = {"servants": _before_servants_distribution, "matches": _before_matches_distribution,
              "probability": _before_match_probability}
    for question in after:
        for label, pile in PILES.items():
            methods = {"after": lambda: after[question](pile),
                       "before": lambda: before[question](pile),
                       "brute": lambda: brute(question, pile),
                       "icepool": lambda: icepool_answer(question, pile, dice)}
            answers = [as_fractions(m()) for m in methods.values()]
            if question == "probability":
                answers[-1] = answers[-1].get(True, Fraction(0))
            same = "yes" if all(a == answers[0] for a in answers) else "NO"
            times = paired(methods, args.rounds, args.number)
            print(f"{question:<12}{label:<30}{us(times, 'before'):>9}{us(times, 'after'):>9}"
                  f"{us(times, 'brute'):>9}{us(times, 'icepool'):>9}"
                  f"{ratio(times, 'after', 'before'):>9}{ratio(times, 'after', 'brute'):>10}"
                  f"{ratio(times, 'after', 'icepool'):>9}  {same}")

    print()
    print("bonus chance (no icepool form; brute = every roll and every draw of the opponents)")
    head = (f"{'case':<50}{'before':>10}{'after':>9}{'brute':>11}{'aft/bef':>9}{'aft/brute':>10}"
            f"  same")
    print(head)
    print("-" * len(head))
    small = ([2, 2, 9], [1, 2, 3, 5, 7, 8, 9], [[1, 2, 3], [5, 7, 9], [2, 8, 9]])
    cases = [("pile [2, 2, 9] vs 3 cards; 7-card pool, 3x3 dice", small[0], (3,), small[1],
              (False,), small[2], True),
             ("pile [7] vs 1 and 2 cards; same pool and dice", [7], (1, 2), small[1],
              (True, False), small[2], True),
             ("[1, 4, 7, 9] vs 4, 4 cards; the game's cards", [1, 4, 7, 9], (4, 4), None,
              (False, False), None, False),
             ("[2, 2, 6, 8] vs 3, 5, 6 cards; the game's", [2, 2, 6, 8], (3, 5, 6), None,
              (True, False, False), None, False)]
    for label, pile, sizes, pool, ahead, dd, with_brute in cases:
        methods = {"after": lambda: odds.bonus_chance(pile, sizes, pool, ahead, dd),
                   "before": lambda: _before_bonus_chance(pile, sizes, pool, ahead, dd)}
        if with_brute:
            methods["brute"] = lambda: bonus_brute(pile, sizes, pool, ahead, dd)
        answers = [m() for m in methods.values()]
        same = "yes" if all(a == answers[0] for a in answers) else "NO"
        number = max(1, args.number // 5) if with_brute else args.number
        times = paired(methods, args.rounds, number)
        print(f"{label:<50}{us(times, 'before'):>10}{us(times, 'after'):>9}{us(times, 'brute'):>11}"
              f"{ratio(times, 'after', 'before'):>9}{ratio(times, 'after', 'brute'):>10}  {same}")


if __name__ == "__main__":
    main()
