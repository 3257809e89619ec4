"""Gonzaga (Guglielmo Duccoli; daVinci Games, 2009): polyhex fiefs on a hex map of Europe.

The components come in two layers, each validated by its own schema and then against each other:
``data.json`` (regions, cities, ports, seas, cards, scenarios, constants, the fiefs) and
``map.json`` (every hex of the map, the barriers, the sea routes)::

    load(data=None, map=None)     the pair (shipped, or your own files), the map checked against
                                  the data
    load_data(path=None), load_map(path=None, data=None)

>>> pair = load()
>>> pair.data.filename, pair.map.filename
('data.json', 'map.json')
>>> len(pair.placeholders()) > 0
True
"""

from ._book import SCHEMA, Book, Components, load, load_data, soft_warnings
from ._map import MAP_SCHEMA, check_map, load_map

__all__ = ["load", "load_data", "load_map", "check_map", "soft_warnings", "Components", "Book",
           "SCHEMA", "MAP_SCHEMA"]
