"""Exact odds of the Destiny dice, as fractions (gugong.evening.match, gugong.evening.doubles,
gugong.assume.match-count, gugong.evening.bonus, gugong.assume.most-matches).

Three dice with printed faces (data: ``destiny_dice``) are rolled; each card of a discard pile
whose value a die shows earns 1 servant per such die, and the player with the most matching cards
wins the bonus. A pile is a multiset of card values, say ``[3, 3, 7, 9]``.

- :func:`servants_distribution`: the servants a pile earns. They are a *sum over the dice* of how
  many cards show each die's face, so the law is the convolution of one die at a time;
- :func:`matches_distribution`: how many cards match (the bonus count): read die by die, keeping
  the set of values shown so far, equal sets merged;
- :func:`match_probability`: the chance that the pile matches at all;
- :func:`bonus_chance`: the chance of winning the bonus against opponents whose piles of given
  sizes are drawn from a pool of cards (their cards unknown), ties going as ``ahead`` says;
- :func:`die_turn_table`: with the dice known, what turning one die to each face would earn
  (the Intrigue benefit of 5 steps, gugong.intrigue.benefit-five);
- :func:`brute_force`: the oracle, every ordered roll of the faces.

>>> d = servants_distribution([4, 4, 5])
>>> d == brute_force(lambda faces: sum([4, 4, 5].count(f) for f in faces))
True
>>> match_probability([]) == 0, match_probability(list(range(1, 10)))
(True, Fraction(1, 1))
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from typing import Any, Callable, Hashable, NamedTuple, Sequence

from .._errors import OptionError, shorten
from ..dice import Distribution
from . import _args
from ._book import Book, load_data

__all__ = ["servants_distribution", "matches_distribution", "match_probability", "bonus_chance",
           "die_turn_table", "TurnRow", "brute_force", "dice_faces", "pile_of", "shown_sets"]


def dice_faces(dice=None) -> tuple[tuple[int, ...], ...]:
    """The dice's printed faces: from ``dice`` (a state, a book, a data set, or a sequence of
    face lists), or the shipped data."""
    if dice is None:
        return Book.of(load_data(), 3).die_faces
    book = getattr(dice, "book", None) or (dice if isinstance(dice, Book) else None)
    if book is not None:
        return book.die_faces
    if hasattr(dice, "table"):
        return Book.of(dice, 3).die_faces
    try:
        faces = tuple(tuple(int(f) for f in d) for d in dice)
    except (TypeError, ValueError):
        raise OptionError(f"dice= is a state, a data set or a list of face lists, not "
                          f"{shorten(dice, 60)}") from None
    if not faces or any(not d for d in faces):
        raise OptionError("dice= needs at least one die, each with at least one face")
    return faces


def pile_of(pile: Any) -> tuple[int, ...]:
    """A discard pile as card values 1 to 9 (checked)."""
    try:
        values = tuple(pile)
    except TypeError:
        raise OptionError(f"a pile is a list of card values 1 to 9, not {shorten(pile, 60)}") from None
    for v in values:
        if type(v) is not int or not 1 <= v <= 9:
            raise OptionError(f"a pile holds card values 1 to 9, not {shorten(v, 40)}")
    if len(values) > 60:
        raise OptionError(f"a pile holds at most 60 card values (the game has 38 cards), "
                          f"not {len(values)}")
    return values


def _die_law(faces: Sequence[int]) -> dict[int, Fraction]:
    law: dict[int, Fraction] = {}
    for f in faces:
        law[f] = law.get(f, Fraction(0)) + Fraction(1, len(faces))
    return law


def servants_distribution(pile, dice=None) -> Distribution:
    """The servants ``pile`` earns in the evening: each card gets 1 per die showing its value
    (a double 2, a triple 3)."""
    values = pile_of(pile)
    dist = {0: Fraction(1)}
    for faces in dice_faces(dice):
        nxt: dict[int, Fraction] = {}
        for f, p in _die_law(faces).items():
            gain = values.count(f)
            for s, q in dist.items():
                nxt[s + gain] = nxt.get(s + gain, Fraction(0)) + p * q
        dist = nxt
    return Distribution(dist, 1)


def shown_sets(dice=None) -> dict[frozenset, Fraction]:
    """The law of the set of values the dice show (read die by die, equal sets merged)."""
    law = {frozenset(): Fraction(1)}
    for faces in dice_faces(dice):
        nxt: dict[frozenset, Fraction] = {}
        for f, p in _die_law(faces).items():
            for shown, q in law.items():
                key = shown | {f}
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        law = nxt
    return law


def matches_distribution(pile, dice=None) -> Distribution:
    """How many cards of ``pile`` match at least one die (what the bonus compares)."""
    values = pile_of(pile)
    out: dict[int, Fraction] = {}
    for shown, p in shown_sets(dice).items():
        m = sum(1 for v in values if v in shown)
        out[m] = out.get(m, Fraction(0)) + p
    return Distribution(out, 1)


def match_probability(pile, dice=None) -> Fraction:
    """The exact chance that at least one card of ``pile`` matches a die."""
    return matches_distribution(pile, dice).at_least(1)


def _hypergeometric(total: int, good: int, k: int) -> dict[int, Fraction]:
    if k > total:
        raise OptionError(f"an opponent's pile of {k} cards cannot be drawn from {total}")
    den = comb(total, k)
    return {j: Fraction(comb(good, j) * comb(total - good, k - j), den)
            for j in range(max(0, k - (total - good)), min(good, k) + 1)}


def bonus_chance(pile, opponents: Sequence[int], pool=None, ahead: Sequence[bool] | None = None,
                 dice=None) -> Fraction:
    """The chance that ``pile`` wins the Destiny bonus against opponents holding piles of the
    sizes in ``opponents``, each drawn at random (without replacement, independently of the
    others) from ``pool``: card values, by default the game's 38 cards less ``pile``. ``ahead[j]``
    says whether your Intrigue marker is above opponent j's (a tie then goes to you,
    gugong.evening.bonus-tie); by default it is not. The bonus needs at least 1 matching card."""
    values = pile_of(pile)
    sizes = _args.ints(opponents, "opponents (their pile sizes)", 0, 60)
    if pool is None:
        book = Book.of(load_data(), 3)
        pool = list(book.value[:-1])
        for v in values:
            if v in pool:
                pool.remove(v)
    pool = pile_of(pool)
    ahead = _args.bools(ahead, "ahead") if ahead is not None else (False,) * len(sizes)
    if len(ahead) != len(sizes):
        raise OptionError("ahead= gives one true or false per opponent")
    total = Fraction(0)
    for shown, p in shown_sets(dice).items():
        mine = sum(1 for v in values if v in shown)
        if mine == 0:
            continue
        good = sum(1 for v in pool if v in shown)
        win = p
        for k, wins_ties in zip(sizes, ahead):
            law = _hypergeometric(len(pool), good, k)
            win *= sum((q for j, q in law.items() if j < mine or (j == mine and wins_ties)),
                       Fraction(0))
        total += win
    return total


class TurnRow(NamedTuple):
    die: str
    face: int
    servants: int          # servants the pile earns with that die turned to that face
    matches: int           # matching cards then
    gain: int              # servants more (or fewer) than with the dice as they are


def die_turn_table(pile, dice_now: Sequence[int], dice=None, ids: Sequence[str] | None = None) -> list[TurnRow]:
    """For each die and each of its faces: what ``pile`` earns if that die is turned to that face
    (the others as they lie), and the difference from now."""
    values = pile_of(pile)
    faces = dice_faces(dice)
    now = _args.ints(dice_now, "dice_now", 0, 99)
    if len(now) != len(faces):
        raise OptionError(f"dice_now gives one face per die ({len(faces)}), not {shorten(now, 40)}")
    if ids is not None and (isinstance(ids, (str, dict)) or not isinstance(ids, Sequence)
                            or len(ids) != len(faces) or any(type(x) is not str for x in ids)):
        raise OptionError(f"ids names each of the {len(faces)} dice with a text, not {shorten(ids, 40)}")
    names = tuple(ids) if ids is not None else tuple("ABCDEFGHI"[:len(faces)])
    base = sum(values.count(f) for f in now)
    rows = []
    for i, fs in enumerate(faces):
        for f in sorted(set(fs)):
            turned = now[:i] + (f,) + now[i + 1:]
            serv = sum(values.count(x) for x in turned)
            m = sum(1 for v in values if v in turned)
            rows.append(TurnRow(names[i], f, serv, m, serv - base))
    return rows


def brute_force(evaluate: Callable[[tuple[int, ...]], Hashable], dice=None) -> Distribution:
    """The oracle: ``evaluate(faces)`` over every ordered roll of the dice's printed faces."""
    _args.function(evaluate, "evaluate")
    faces = dice_faces(dice)
    weights: dict[Hashable, int] = {}
    for roll in itertools.product(*faces):
        k = evaluate(roll)
        weights[k] = weights.get(k, 0) + 1
    total = 1
    for f in faces:
        total *= len(f)
    return Distribution(weights, total)
