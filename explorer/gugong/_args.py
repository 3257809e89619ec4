"""Checks of the arguments of the public helpers (graph, odds, scoring, plots, bots, pieces): a
wrong type or value gets an :class:`~explorer.OptionError` that says what was expected, never a
raw Python exception from deep inside."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .._data import DataSet
from .._errors import OptionError, shorten

__all__ = ["state", "data", "book", "ints", "one_int", "mapping", "function", "rng", "text"]


def state(value: Any, what: str = "state"):
    """A Gùgōng position (or a player's view of one)."""
    from ._state import GugongState
    if not isinstance(value, GugongState):
        raise OptionError(f"{what} is a Gùgōng position (from gugong.new_game or a move), not "
                          f"{shorten(value, 60)}")
    return value


def data(value: Any, what: str = "data"):
    """None (the shipped data), a data file's path, a data set, or a book of one."""
    from ._book import Book
    if value is None or isinstance(value, DataSet):
        return value
    if isinstance(value, Book):
        return value.data
    if isinstance(value, (str, Path)):
        from ._book import load_data
        return load_data(value)
    raise OptionError(f"{what}= is None (the shipped data), a data file's path or a data set from "
                      f"gugong.load_data, not {shorten(value, 60)}")


def book(value: Any, what: str = "book"):
    """The compact tables of a game's data: a Book, or a position (its book)."""
    from ._book import Book
    from ._state import GugongState
    if isinstance(value, GugongState):
        return value.book
    if not isinstance(value, Book):
        raise OptionError(f"{what} is the data's tables (a position's .book), not {shorten(value, 60)}")
    return value


def one_int(value: Any, what: str, lo: int = 0, hi: int = 1000) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise OptionError(f"{what} is a whole number from {lo} to {hi}, not {shorten(value, 40)}")
    return value


def _sequence(value: Any, what: str, kind: str) -> tuple:
    if isinstance(value, (str, bytes, dict)):
        raise OptionError(f"{what} is a list of {kind}, not {shorten(value, 60)}")
    try:
        return tuple(value)
    except TypeError:
        raise OptionError(f"{what} is a list of {kind}, not {shorten(value, 60)}") from None


def ints(value: Any, what: str, lo: int = 0, hi: int = 1000) -> tuple[int, ...]:
    """A sequence of whole numbers from ``lo`` to ``hi``."""
    out = _sequence(value, what, "whole numbers")
    for v in out:
        if type(v) is not int or not lo <= v <= hi:
            raise OptionError(f"{what} holds whole numbers from {lo} to {hi}, not {shorten(v, 40)}")
    return out


def bools(value: Any, what: str) -> tuple[bool, ...]:
    out = _sequence(value, what, "true or false")
    for v in out:
        if type(v) is not bool:
            raise OptionError(f"{what} holds true or false, not {shorten(v, 40)}")
    return out


def mapping(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise OptionError(f"{what} is a dictionary, not {shorten(value, 60)}")
    return value


def numbers(value: Any, what: str) -> dict:
    """A dictionary of names to numbers (a valuation)."""
    mapping(value, what)
    for k, v in value.items():
        if type(v) not in (int, float) or v != v:
            raise OptionError(f"{what} gives a number for each name, not {shorten(v, 40)} for "
                              f"{shorten(k, 40)}")
    return value


def function(value: Any, what: str):
    if not callable(value):
        raise OptionError(f"{what} is a function, not {shorten(value, 60)}")
    return value


def rng(value: Any, what: str = "rng"):
    if value is not None and not isinstance(value, random.Random):
        raise OptionError(f"{what} is None or a random.Random (seeded), not {shorten(value, 60)}")
    return value


def text(value: Any, what: str) -> str:
    if type(value) is not str:
        raise OptionError(f"{what} is a text, not {shorten(value, 60)}")
    return value


def graph(value: Any, what: str = "g"):
    import networkx as nx
    if not isinstance(value, nx.Graph):
        raise OptionError(f"{what} is a travel map (gugong.travel_map()), not {shorten(value, 60)}")
    return value
