"""The Hanging Gardens (Din Li; Hans im Glück, 2008): component data and rule catalogue.

``data.json`` holds the printed components with their provenance (placeholders where no public
text gives them: ``load_data().placeholders()``); ``rules.json`` is the rule catalogue.
"""

from ._book import SCHEMA, Book, load_data

__all__ = ["SCHEMA", "Book", "load_data"]
