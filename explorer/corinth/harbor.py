"""The harbor: how a roll of white and yellow dice is sorted onto the six districts.

Rule ``corinth.harbor.sort``: all dice showing the highest value go to the gold district; every
other value forms one group per district, the lowest value on the goats district and each next
value one district higher (green, purple, blue, orange). Districts above the last group stay empty.

>>> h = sort_dice((1, 1, 3, 3, 3, 5, 6, 6, 2), ())
>>> [(d, g.value, g.count) for d, g in zip(DISTRICTS, h) if g]
[('gold', 6, 2), ('blue', 5, 1), ('purple', 3, 3), ('green', 2, 1), ('goats', 1, 2)]
>>> sort_dice((4,) * 9, ())[0]
Group(value=4, white=9, yellow=0)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

__all__ = ["DISTRICTS", "GOODS_DISTRICTS", "Group", "Harbor", "sort_dice", "sort_counts"]

DISTRICTS = ("gold", "orange", "blue", "purple", "green", "goats")
"""Top to bottom, as on the harbor board."""
GOODS_DISTRICTS = ("orange", "blue", "purple", "green")


class Group(NamedTuple):
    """The dice of one value on one district."""

    value: int
    white: int
    yellow: int

    @property
    def count(self) -> int:
        return self.white + self.yellow


Harbor = tuple  # tuple[Group | None, ...] in DISTRICTS order


def sort_counts(white: Sequence[int], yellow: Sequence[int]) -> Harbor:
    """Sort from face counts: ``white[f - 1]`` white dice and ``yellow[f - 1]`` yellow dice show f."""
    groups: list[Group | None] = [None] * 6
    district = 5                                     # lowest value first, onto goats (index 5)
    last = None                                      # the group of the highest value so far
    for face, w, y in zip(_FACES, white, yellow):
        if w or y:
            if last is not None:
                groups[district] = last
                district -= 1
            last = Group(face, w, y)
    groups[0] = last                                 # the highest value goes to gold
    return tuple(groups)


_sort_counts = sort_counts                           # unchecked: its counts are made here


def sort_dice(white: Sequence[int], yellow: Sequence[int]) -> Harbor:
    """Sort rolled faces (in any order) onto the districts; see the module docstring."""
    return _sort_counts(_face_counts(tuple(white)), _face_counts(tuple(yellow)))


@lru_cache(maxsize=1 << 12)
def _face_counts(faces: tuple[int, ...]) -> tuple[int, ...]:
    """How many of ``faces`` show 1, 2, ... 6."""
    return tuple([faces.count(f) for f in _FACES])


_FACES = (1, 2, 3, 4, 5, 6)


from .._checks import guard as _guard  # noqa: E402

_guard(globals(), "corinth")
