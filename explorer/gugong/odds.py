"""Exact odds of the Destiny dice, as fractions (gugong.evening.match, gugong.evening.doubles,
gugong.assume.match-count, gugong.evening.bonus, gugong.assume.most-matches).

Three dice with printed faces (data: ``destiny_dice``) are rolled; each card of a discard pile
whose value a die shows earns 1 servant per such die, and the player with the most matching cards
wins the bonus. A pile is a multiset of card values, say ``[3, 3, 7, 9]``.

Every law is counted in whole numbers of ordered rolls (a face printed twice on a die counts
twice) and divided once, at the end, by the number of rolls. What depends on the dice alone (each
die's faces with their multiplicities, the sets of values the dice can show with their rolls) is
worked out once per set of dice and kept.

- :func:`servants_distribution`: the servants a pile earns. They are a *sum over the dice* of how
  many cards show each die's face, so the law is the convolution of one die at a time;
- :func:`matches_distribution`: how many cards match (the bonus count): the sets of values the
  dice show (read die by die, equal sets merged), each set's cards counted;
- :func:`match_probability`: the chance that the pile matches at all: 1 less the chance that
  every die, independently, misses the pile;
- :func:`bonus_chance`: the chance of winning the bonus against opponents whose piles of given
  sizes are drawn from a pool of cards (their cards unknown), ties going as ``ahead`` says;
  shown sets giving the same (my matches, matching cards in the pool) are merged before the
  hypergeometric counts of the opponents' draws;
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
from functools import lru_cache
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


class _Dice(NamedTuple):
    """What the odds need of the dice alone, as integer weights over the ordered rolls."""
    total: int                                  # ordered rolls: the product of the face counts
    laws: tuple[tuple[tuple[int, int], ...], ...]   # per die: (face, how many faces print it)
    shown: tuple[tuple[frozenset, int], ...]    # each set of values shown, with its rolls
    matching: tuple[tuple[int, ...], ...]       # the card values 1 to 9 of each: (*values, rolls),
                                                # padded with 0 to 3 values unless wide
    wide: bool                                  # some set shows more than 3 card values


@lru_cache(maxsize=32)
def _dice(faces: tuple[tuple[int, ...], ...]) -> _Dice:
    """The integer weights of ``faces`` (cached: they depend on the dice alone and are tuples)."""
    total = 1
    laws = []
    for fs in faces:
        total *= len(fs)
        law: dict[int, int] = {}
        for f in fs:
            law[f] = law.get(f, 0) + 1
        laws.append(tuple(law.items()))
    shown: dict[frozenset, int] = {frozenset(): 1}
    for law in laws:
        nxt: dict[frozenset, int] = {}
        for f, k in law:
            for s, w in shown.items():
                key = s | {f}
                nxt[key] = nxt.get(key, 0) + k * w
        shown = nxt
    matching: dict[tuple[int, ...], int] = {}
    for s, w in shown.items():
        key = tuple(sorted(v for v in s if 1 <= v <= 9))
        matching[key] = matching.get(key, 0) + w
    wide = any(len(vals) > 3 for vals in matching)
    rows = tuple((vals if wide else (vals + (0, 0, 0))[:3]) + (w,) for vals, w in matching.items())
    return _Dice(total, tuple(laws), tuple(shown.items()), rows, wide)


def _counts(values: Sequence[int]) -> list[int]:
    """How many cards of each value 0 to 9 (index 0 always 0)."""
    c = [0] * 10
    for v in values:
        c[v] += 1
    return c


def servants_distribution(pile, dice=None) -> Distribution:
    """The servants ``pile`` earns in the evening: each card gets 1 per die showing its value
    (a double 2, a triple 3)."""
    values = pile_of(pile)
    d = _dice(dice_faces(dice))
    c = _counts(values)
    dist = {0: 1}
    for law in d.laws:
        gains: dict[int, int] = {}
        for f, k in law:
            g = c[f] if 1 <= f <= 9 else 0
            gains[g] = gains.get(g, 0) + k
        if len(gains) == 1:                       # the die earns the same on every face
            ((g, k),) = gains.items()
            dist = {s + g: w * k for s, w in dist.items()}
            continue
        nxt: dict[int, int] = {}
        for s, w in dist.items():
            for g, k in gains.items():
                nxt[s + g] = nxt.get(s + g, 0) + w * k
        dist = nxt
    return Distribution(dist, d.total)


def shown_sets(dice=None) -> dict[frozenset, Fraction]:
    """The law of the set of values the dice show (read die by die, equal sets merged)."""
    d = _dice(dice_faces(dice))
    return {s: Fraction(w, d.total) for s, w in d.shown}


def _matching_weights(values: Sequence[int], d: _Dice) -> dict[int, int]:
    """Matching cards -> ordered rolls giving that many."""
    c = _counts(values)
    out: dict[int, int] = {}
    get = out.get
    if d.wide:
        for *vals, w in d.matching:
            m = sum(c[v] for v in vals)
            out[m] = get(m, 0) + w
        return out
    for a, b, e, w in d.matching:                 # the shipped 3 dice: at most 3 values
        m = c[a] + c[b] + c[e]
        out[m] = get(m, 0) + w
    return out


def matches_distribution(pile, dice=None) -> Distribution:
    """How many cards of ``pile`` match at least one die (what the bonus compares)."""
    values = pile_of(pile)
    d = _dice(dice_faces(dice))
    return Distribution(_matching_weights(values, d), d.total)


def match_probability(pile, dice=None) -> Fraction:
    """The exact chance that at least one card of ``pile`` matches a die: 1 less the chance that
    every die, independently, shows a face missing from the pile."""
    present = frozenset(pile_of(pile))
    d = _dice(dice_faces(dice))
    miss = 1
    for law in d.laws:
        miss *= sum(k for f, k in law if f not in present)
    return Fraction(d.total - miss, d.total)


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
    d = _dice(dice_faces(dice))
    mine_c, pool_c = _counts(values), _counts(pool)
    groups: dict[tuple[int, int], int] = {}       # (my matches, matching cards in the pool)
    for *vals, w in d.matching:
        mine = good = 0
        for v in vals:
            mine += mine_c[v]
            good += pool_c[v]
        if mine:
            groups[mine, good] = groups.get((mine, good), 0) + w
    n = len(pool)
    den = d.total
    for k in sizes:
        den *= comb(n, k)
    if not groups:
        return Fraction(0)
    for k in sizes:
        if k > n:
            raise OptionError(f"an opponent's pile of {k} cards cannot be drawn from {n}")
    num = 0
    beaten: dict[tuple[int, int, int], int] = {}  # (good, k, most matches) -> draws at most that
    for (mine, good), w in groups.items():
        for k, wins_ties in zip(sizes, ahead):
            top = mine if wins_ties else mine - 1
            key = (good, k, top)
            draws = beaten.get(key)
            if draws is None:
                draws = sum(comb(good, j) * comb(n - good, k - j)
                            for j in range(max(0, k - (n - good)), min(good, k, top) + 1))
                beaten[key] = draws
            w *= draws
            if not w:
                break
        num += w
    return Fraction(num, den)


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
