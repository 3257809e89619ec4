"""Gùgōng (Andreas Steding; Game Brewer, 2018): its component data and rule catalogue."""

from ._book import SCHEMA, Book, load_data

__all__ = ["SCHEMA", "Book", "load_data"]
