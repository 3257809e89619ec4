"""Writes explorer/hanging_gardens/data.json: The Hanging Gardens' printed data with provenance,
and a generated placeholder deck of 60 building cards.

The real motif layout of the building cards is not publicly known, so the deck is generated
here from a fixed seed; rerunning the script gives the same file, byte for byte. Card sections
are listed row-major over 2 rows x 3 columns: index ``3 * row + column``, row 0 first.

Run: ``python tools/make_hanging_gardens_data.py`` (``--check`` only compares with the file).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

SEED = 2008
MOTIFS = ("terrace", "park", "arcade", "fountain")
BLANK = "blank"
ROWS, COLS = 2, 3
# How many building cards carry 1, 2, 3 and 4 motif sections in the placeholder deck: most
# cards 2 or 3; 148 motif sections in all, 37 of each motif.
MOTIFS_PER_CARD = {1: 8, 2: 24, 3: 20, 4: 8}
MAX_SAME_MOTIF = 3  # a placeholder card never shows more than 3 sections of one motif

SOURCES = {
    "seed": "The Hanging Gardens rulebook (Rio Grande Games), Spanish fan translation, part 2 of 2: "
            "the explorer's source of truth for rules. Values marked 'derived' follow from its worked examples.",
    "yucata": "Yucata.de rules page for The Hanging Gardens (http://yucata.de/en/Rules/HangingGardens; "
              "German: https://yucata.de/de/Rules/HangingGardens): contents, tile counts, set-up, cards per round.",
    "drafting": "Yucata.de rules page (cards revealed per round, http://yucata.de/en/Rules/HangingGardens); "
                "BoardGameGeek thread 425154 and the spieletest.at review (with 2 players each player takes two cards).",
    "card-reviews": "Reviews describing the cards: boardgame.de (http://boardgame.de/reviews/hanggar.htm), "
                    "gamersalliance.com (Herb Levy), poeppelkiste, chello.at: every card is a 2 x 3 grid of six "
                    "sections; the start cards show only blank building ground.",
    "motif-reviews": "Reviews naming the four motifs: spiel-des-jahres.de, poeppelkiste, boardgame.de, "
                     "gamersalliance.com; the colours as one reviewer describes them (dailyworkerplacement.com).",
    "dailyworkerplacement": "dailyworkerplacement.com review of The Hanging Gardens: queen 1 and 15, statue 1, 3 "
                            "and 20, animal handler 10 (a single source).",
    "tile-supply": "Yucata.de rules page (http://yucata.de/en/Rules/HangingGardens) and the poeppelkiste review: "
                   "two face-down stacks, six face-up tiles, 43 tiles left in the stacks after set-up.",
}

RULEBOOK = {"status": "rulebook", "source": "seed"}


def sourced(source: str, note: str = "") -> dict:
    p = {"status": "sourced", "source": source}
    if note:
        p["note"] = note
    return p


def rulebook(note: str = "") -> dict:
    return {**RULEBOOK, "note": note} if note else dict(RULEBOOK)


def placeholder(note: str) -> dict:
    return {"status": "placeholder", "note": note}


CARD_NOTE = ("The motif layout of the real building cards is not publicly known. Generated placeholder "
             f"(tools/make_hanging_gardens_data.py, seed {SEED}): 1 to 4 motif sections per card, most cards 2 or 3, the four "
             "motifs equally common (37 sections each), at most 3 sections of one motif per card.")


def make_cards(seed: int = SEED) -> list[dict]:
    """The placeholder deck: deterministic for a given seed."""
    rng = random.Random(seed)
    counts = [n for n, cards in sorted(MOTIFS_PER_CARD.items()) for _ in range(cards)]
    total = sum(counts)
    assert total % len(MOTIFS) == 0
    while True:
        rng.shuffle(counts)
        pool = [m for m in MOTIFS for _ in range(total // len(MOTIFS))]
        rng.shuffle(pool)
        cards, at = [], 0
        for n in counts:
            motifs = pool[at:at + n]
            at += n
            cells = sorted(rng.sample(range(ROWS * COLS), n))
            sections = [BLANK] * (ROWS * COLS)
            for cell, motif in zip(cells, motifs):
                sections[cell] = motif
            cards.append(sections)
        if all(max(Counter(s for s in c if s != BLANK).values()) <= MAX_SAME_MOTIF for c in cards):
            break
    return [{"id": f"b{i:02d}", "sections": sections, "provenance": placeholder(CARD_NOTE)}
            for i, sections in enumerate(cards, 1)]


def make_start_cards() -> list[dict]:
    return [{"id": f"s{i}", "sections": [BLANK] * (ROWS * COLS), "provenance": sourced("card-reviews")}
            for i in range(1, 5)]


def make_motifs() -> list[dict]:
    names = {"terrace": ("Terrasse", "red"), "park": ("Park", "green"),
             "arcade": ("Arkaden", "yellow"), "fountain": ("Brunnen", "blue")}
    return [{"id": m, "de": de, "colour": colour,
             "provenance": sourced("motif-reviews",
                                   "The four motifs are confirmed; the colours come from one reviewer.")}
            for m, (de, colour) in names.items()]


def make_tiles() -> list[dict]:
    count_note = "The count is confirmed (Yucata.de rules page and the rulebook's sum of 44)."
    return [
        {"id": "queen", "es": "reina", "count": 4, "series": [1, 15],
         "provenance": sourced("dailyworkerplacement", count_note + " Values 1 and 15 from a single review.")},
        {"id": "king", "es": "rey", "count": 4, "series": [3, 12],
         "provenance": placeholder(count_note + " The printed values are unknown. Series size 2 follows the "
                                   "notes' inference (every known type's series is half its tile count); "
                                   "3 and 12 are made up, near the queen's value per tile.")},
        {"id": "tiger", "es": "tigre", "count": 6, "series": [2, 6, 14],
         "provenance": placeholder(count_note + " The printed values are unknown. Series size 3 follows the "
                                   "notes' inference (half the tile count); 2, 6, 14 is the example series a "
                                   "Spanish blog (nikochanisland.blogspot.com) gives for an unnamed type.")},
        {"id": "garden", "es": "jardín", "count": 6, "series": [2, 8, 16],
         "provenance": rulebook("Count and values printed in the rulebook; spieletest.at and "
                                "tabletopgamecentral agree.")},
        {"id": "statue", "es": "estatua", "count": 6, "series": [1, 3, 20],
         "provenance": sourced("dailyworkerplacement", count_note + " Values from a single review; the jump "
                               "from 3 to 20 is unusual, so confidence is low.")},
        {"id": "chalice", "es": "cáliz", "count": 10, "series": [1, 3, 6, 12, 20],
         "provenance": placeholder(count_note + " The printed values are unknown. Series size 5 follows the "
                                   "notes' inference (half the tile count); the values are made up, "
                                   "about 4 points per tile for a complete series.")},
        {"id": "gate", "es": "puerta", "count": 8, "series": [0, 5, 12, 25],
         "provenance": placeholder(count_note + " Series size 4 and the values for 1, 2 and 4 gates (0, 5, "
                                   "25) follow from the rulebook's worked examples (see series_values); the "
                                   "value for 3 gates is unknown and 12 is made up, between 5 and 25.")},
    ]


def make_series_values(tiles: list[dict]) -> list[dict]:
    """One record per printed series value a source confirms; positions of ``tiles[...]['series']``
    with no record here are placeholders."""
    confirmed = {
        "garden": {1: rulebook(), 2: rulebook(), 3: rulebook()},
        "queen": {1: sourced("dailyworkerplacement"), 2: sourced("dailyworkerplacement")},
        "statue": {1: sourced("dailyworkerplacement"), 2: sourced("dailyworkerplacement"),
                   3: sourced("dailyworkerplacement")},
        "gate": {1: rulebook("Derived: the rulebook says a series of 1 gate gives no points."),
                 2: rulebook("Derived: the rulebook's 2 gates and 1 guard = 11 is 5 for the gates plus 2 x 3."),
                 4: rulebook("Derived: the rulebook's 5 gates give 25 for the series of 4 gates.")},
    }
    series = {t["id"]: t["series"] for t in tiles}
    out = []
    for tile, values in confirmed.items():
        for held, prov in values.items():
            out.append({"id": f"{tile}-{held}", "tile": tile, "held": held,
                        "points": series[tile][held - 1], "provenance": prov})
    return out


def make_persons() -> list[dict]:
    base_note = "3 without a complete series is stated by the rulebook for every person but the guard."
    return [
        {"id": "animal_handler", "es": "domador de animales", "tile": "tiger", "count": 1,
         "scoring": "series", "base": 3, "complete": 10,
         "provenance": sourced("dailyworkerplacement", base_note + " The 10 comes from a single review.")},
        {"id": "gardener", "es": "jardinero", "tile": "garden", "count": 1,
         "scoring": "series", "base": 3, "complete": 11, "provenance": rulebook()},
        {"id": "sculptor", "es": "escultor", "tile": "statue", "count": 1,
         "scoring": "series", "base": 3, "complete": 11,
         "provenance": placeholder(base_note + " The value with a complete series is unknown; 11 is made up, "
                                   "next to the gardener's 11 and the animal handler's 10.")},
        {"id": "priest", "es": "sacerdote", "tile": "chalice", "count": 1,
         "scoring": "series", "base": 3, "complete": 11,
         "provenance": placeholder(base_note + " The value with a complete series is unknown; 11 is made up, "
                                   "next to the gardener's 11 and the animal handler's 10.")},
        {"id": "guard", "es": "guardia", "tile": "gate", "count": 1,
         "scoring": "per_tile", "per_tile": 3, "provenance": rulebook()},
    ]


def make_player_counts() -> list[dict]:
    return [
        {"id": "2", "players": 2, "cards_revealed": 4, "cards_taken": 2, "provenance": sourced("drafting")},
        {"id": "3", "players": 3, "cards_revealed": 3, "cards_taken": 1, "provenance": sourced("yucata")},
        {"id": "4", "players": 4, "cards_revealed": 4, "cards_taken": 1, "provenance": sourced("yucata")},
    ]


def make_tile_columns() -> list[dict]:
    note = "The rulebook: a group of 3 takes from the first column, 4 from the first and second, 5 or more from all."
    return [{"id": f"col{c}", "column": c, "spaces": 2, "min_group": g, "provenance": rulebook(note)}
            for c, g in ((1, 3), (2, 4), (3, 5))]


def make_constants() -> list[dict]:
    def c(name, value, prov):
        return {"id": name, "value": value, "provenance": prov}
    return [
        c("players_min", 2, sourced("yucata")),
        c("players_max", 4, sourced("yucata")),
        c("start_cards_per_player", 1, sourced("yucata")),
        c("face_up_card_spaces", 4, sourced("yucata")),
        c("temples_per_player", 5, rulebook()),
        c("tile_stacks", 2, sourced("tile-supply")),
        c("face_up_tiles", 6, sourced("tile-supply")),
        c("min_group", 3, rulebook()),
        c("bonus_group", 6, rulebook("A group of 6 or more first takes a hidden tile from a stack.")),
        c("groups_scored_per_turn", 1, rulebook()),
        c("temples_per_group", 1, rulebook()),
        c("missed_tile_points", 5, rulebook()),
    ]


TEMPLE_NOTE = ("The game has 5 wooden temples in each of 4 player colours; which colours is not "
               "known, so these are made up, chosen to stand out on the four motif colours.")


def make_temples() -> list[dict]:
    colours = (("white", "#f2efe6"), ("black", "#2b2b2b"), ("purple", "#7d3c98"), ("orange", "#e07a1f"))
    return [{"id": f"seat{i}", "seat": i, "colour": name, "hex": hex_,
             "provenance": placeholder(TEMPLE_NOTE)} for i, (name, hex_) in enumerate(colours, 1)]


def build() -> dict:
    tiles = make_tiles()
    return {
        "game": "hanging_gardens",
        "data_version": "1",
        "sources": SOURCES,
        "tables": {
            "motifs": make_motifs(),
            "start_cards": make_start_cards(),
            "cards": make_cards(),
            "tiles": tiles,
            "series_values": make_series_values(tiles),
            "persons": make_persons(),
            "player_counts": make_player_counts(),
            "tile_columns": make_tile_columns(),
            "constants": make_constants(),
            "temples": make_temples(),
        },
    }


def dump(data: dict) -> str:
    """JSON with one record per line, UTF-8, no ASCII escaping."""
    out = ["{"]
    for key in ("game", "data_version"):
        out.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    out.append('  "sources": {')
    src = [f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data["sources"].items()]
    out.append(",\n".join(src))
    out.append("  },")
    out.append('  "tables": {')
    tables = []
    for name, rows in data["tables"].items():
        body = ",\n".join("      " + json.dumps(r, ensure_ascii=False) for r in rows)
        tables.append(f"    {json.dumps(name)}: [\n{body}\n    ]")
    out.append(",\n".join(tables))
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


TARGET = Path(__file__).resolve().parent.parent / "explorer" / "hanging_gardens" / "data.json"


if __name__ == "__main__":
    import sys
    data = build()
    text = dump(data)
    assert json.loads(text) == data
    if "--check" in sys.argv[1:]:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print("data.json is up to date" if same else "data.json differs from the generator")
        sys.exit(0 if same else 1)
    TARGET.write_text(text, encoding="utf-8")
    cards = data["tables"]["cards"]
    per_motif = Counter(s for c in cards for s in c["sections"] if s != BLANK)
    per_card = Counter(sum(s != BLANK for s in c["sections"]) for c in cards)
    print(f"wrote data.json: {len(cards)} cards, motif sections {dict(per_motif)}, "
          f"motifs per card {dict(sorted(per_card.items()))}")
