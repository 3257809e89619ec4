"""Writes explorer/gonzaga/data.json (the semantic layer) and explorer/gonzaga/map.json (the
geometric layer): Gonzaga's components with provenance, and a placeholder board.

Everything the sources do not give (the board, the fief shapes, the scenario list, the objective
table, which colour has which card digit, the city symbols) is a placeholder, built here by hand
or by a seeded choice, so rerunning the script gives the same files, byte for byte. Both files
are then loaded through the game's own validation: each against its schema, the map against the
data (every city and port on it once, in its region; every fief placeable under every plan).

Run: ``python tools/make_gonzaga_data.py`` (``--check`` only compares with the files;
``--tables`` also prints how many legal placements each fief has under each plan on the empty
map; ``--sketch`` prints the map as text).
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.hexgrid import Hex  # noqa: E402
from explorer.gonzaga import _book as S  # noqa: E402

HERE = Path(__file__).resolve().parent.parent / "explorer" / "gonzaga"

SEED = 2009

# ---- the semantic layer -------------------------------------------------------------------------
REGION_ORDER = ("hispania", "francia", "italia", "germania", "britannia", "europa_orientalis")
LETTER = {"H": "hispania", "F": "francia", "I": "italia", "G": "germania", "B": "britannia",
          "E": "europa_orientalis"}
SEA_NAMES = {"SEA1": "Mare Germanicum", "SEA2": "Sea 2 (north-east)", "SEA3": "Sea 3 (west)",
             "SEA4": "Sea 4 (south-west bay)", "SEA5": "Sea 5 (south)", "SEA6": "Sea 6 (south-east)"}
MARE_GERMANICUM = "SEA1"

DATA_SOURCES = {
    "seed": "Gonzaga rulebook, Spanish text (the explorer's source of truth for rules)",
    "reviews-regions": "Region names in reviews: gamepack.nl (https://www.gamepack.nl/gamepack/rec-gonzaga-E.html), "
                       "polter.pl (https://polter.pl/planszowki/Gonzaga-c26345), boardgamers.ru (http://boardgamers.ru/?p=1295)",
    "scoring-reviews": "reich-der-spiele.com review (http://www.reich-der-spiele.com/kritiken/Gonzaga) and ludorium.at "
                       "review (http://ludorium.at/SPIELE/abacus/gonzaga_e2.htm): a city or port scores 3 points in a "
                       "flourishing region and 1 in an inactive one",
    "gamepack": "gamepack.nl review (https://www.gamepack.nl/gamepack/rec-gonzaga-E.html): a sea league scores ten "
                "points; fiefs of 3 or 4 hexes (also goblins.net, iogames.studenti.it, reich-der-spiele.com)",
    "league-threshold": "BoardGameGeek thread 910109 (http://boardgamegeek.com/thread/910109), the BoardGameGeek game "
                        "description, goblins.net and reich-der-spiele.com reviews: a sea league is 3 ports of one sea",
    "colours": "Official English rulebook (https://www.yumpu.com/en/document/view/45589198/regions) and gamepack.nl "
               "review: pieces in red, yellow, green and blue",
    "players": "BoardGameGeek game description (copy at https://boardgames.com/boardgame/gonzaga): 2 to 4 players",
}

# Constants: value and source key (all but sea_league_points are confirmed and pinned by schema.py).
CONSTANTS = {
    "city_points_flourishing": (3, "scoring-reviews"), "port_points_flourishing": (3, "scoring-reviews"),
    "city_points_inactive": (1, "scoring-reviews"), "port_points_inactive": (1, "scoring-reviews"),
    "sea_league_ports": (3, "league-threshold"), "sea_league_points": (10, "gamepack"),
    "church_points": (3, "seed"), "gonzaga_points": (15, "seed"), "rings_per_player": (6, "seed"),
    "king_ring_cost": (1, "seed"), "wedding_max_rings": (2, "seed"), "fiefs_per_player": (12, "seed"),
    "planning_cards_per_player": (11, "seed"), "objective_cities": (6, "seed"),
    "last_turn_threshold": (3, "seed"), "last_turn_under_card": (6, "seed"),
    "last_turn_first_check_round": (6, "seed"), "max_rounds": (12, "seed"),
    "max_fiefs_per_hex": (1, "seed"), "max_rings_per_hex": (1, "seed"),
    "players_min": (2, "players"), "players_max": (4, "players"),
    "fief_min_hexes": (3, "gamepack"), "fief_max_hexes": (4, "gamepack"),
}

OBJECTIVE_POINTS = (0, 1, 3, 6, 10, 15, 21)   # placeholder: a triangular candidate shape
CARD_DIGITS = {"red": 1, "yellow": 2, "green": 3, "blue": 4}  # placeholder

# The 12 fiefs: (number, shape name, hexes as axial offsets (dq, dr), castle indices). Placeholder.
# The 3 trihexes and the 7 tetrahexes (one chirality each where chiral), plus two look-alikes that
# repeat a shape with other castles; two castles each.
FIEFS = (
    (10, "trihex triangle", ((0, 0), (1, 0), (0, 1)), (0, 1)),
    (20, "trihex bent", ((0, 0), (1, 0), (1, 1)), (0, 2)),
    (30, "trihex line", ((0, 0), (1, 0), (2, 0)), (0, 2)),
    (40, "tetrahex bee", ((0, 0), (1, 0), (0, 1), (1, 1)), (0, 3)),
    (50, "tetrahex bee", ((0, 0), (1, 0), (0, 1), (1, 1)), (1, 2)),
    (60, "tetrahex propeller", ((0, 0), (1, 0), (0, -1), (-1, 1)), (1, 2)),
    (70, "tetrahex pistol", ((0, 0), (1, 0), (0, 1), (-1, 0)), (0, 3)),
    (80, "tetrahex worm", ((0, 0), (1, 0), (2, 0), (3, -1)), (1, 2)),
    (90, "tetrahex arch", ((0, 0), (1, 0), (2, -1), (2, -2)), (0, 3)),
    (100, "tetrahex wave", ((0, 0), (1, 0), (2, -1), (3, -1)), (0, 3)),
    (110, "tetrahex bar", ((0, 0), (1, 0), (2, 0), (3, 0)), (1, 2)),
    (120, "trihex bent", ((0, 0), (1, 0), (1, 1)), (0, 1)),
)

# ---- the geometric layer (placeholder board) ------------------------------------------------------
# Drawn in "odd-r" offset rows (north at the top, odd rows shifted half a hex right), converted to
# axial (q, r) below. Letters are land hexes of a region (see LETTER), digits are sea hexes of SEA1..SEA6.
ROWS = (
    "3331111111EEEEEEEEEEEE",
    "3331111111EEEEEE2EEEEE",
    "33BB111111EEEE222EEEEE",
    "3BBBB111111EE22222EEEE",
    "3BBBB111112222222EEEEE",
    "33BBBB1111GGG2222EEEEE",
    "33BBB1111GGGGG22EEEEEE",
    "333BBB111GGGGGGGEEEEEE",
    "3333B3111GGGGGGGEEEEEE",
    "33333FFFFGGGGGGGEEEEEE",
    "3333FFFFFFGGGGGEEEEEEE",
    "3444FFFFFFIIIGGEEEEEEE",
    "3444FFFFFFIIII66EEEEEE",
    "34444FFFFFFIII666EEEEE",
    "3HHHHHFFF55III666EEEEE",
    "3HHHHHHH555III666EEEEE",
    "3HHHHHHH5555III666EEEE",
    "3HHHHHHH5555III666EEEE",
    "33HHHHH555555II666EEEE",
    "333HHH555555555666EEEE",
)

# Cities: region -> [(offset (col, row), symbol)]. The inferred layout: Britannia, Francia and Hispania
# share S1-S4, Germania, Italia and Europa Orientalis share S5-S8 (which regions group is unknown).
CITIES = {
    "hispania": (((3, 16), "S1"), ((5, 15), "S2"), ((4, 18), "S3"), ((6, 17), "S4")),
    "francia": (((7, 10), "S1"), ((6, 12), "S2"), ((8, 11), "S3"), ((7, 14), "S4")),
    "italia": (((11, 11), "S5"), ((12, 12), "S6"), ((12, 14), "S7"), ((13, 17), "S8")),
    "germania": (((10, 8), "S5"), ((12, 7), "S6"), ((13, 9), "S7"), ((11, 10), "S8")),
    "britannia": (((3, 3), "S1"), ((3, 5), "S2"), ((2, 4), "S3"), ((4, 7), "S4")),
    "europa_orientalis": (((12, 1), "S5"), ((19, 5), "S6"), ((18, 11), "S7"), ((18, 16), "S8")),
}
# Ports: region -> [(offset, sea)]. Each port is a coastal land hex touching its own sea only.
PORTS = {
    "hispania": (((1, 16), "SEA3"), ((2, 14), "SEA4"), ((4, 14), "SEA4"), ((7, 16), "SEA5")),
    "francia": (((5, 10), "SEA3"), ((4, 12), "SEA4"), ((5, 13), "SEA4"), ((8, 14), "SEA5")),
    "italia": (((11, 15), "SEA5"), ((12, 17), "SEA5"), ((13, 13), "SEA6"), ((14, 16), "SEA6")),
    "germania": (((9, 6), "SEA1"), ((9, 8), "SEA1"), ((12, 5), "SEA2"), ((14, 7), "SEA2")),
    "britannia": (((4, 3), "SEA1"), ((4, 6), "SEA1"), ((1, 4), "SEA3"), ((2, 6), "SEA3")),
    "europa_orientalis": (((14, 1), "SEA2"), ((17, 5), "SEA2"), ((17, 13), "SEA6"), ((18, 17), "SEA6")),
}
# Barriers: every land side between the two regions, except the listed open sides (offset pairs).
BARRIER_BORDERS = (
    ("hispania", "francia", (((5, 14), (5, 13)), ((7, 15), (8, 14)))),   # Pyrenees, open at both coasts
    ("italia", "francia", ()),                                          # western Alps
    ("italia", "germania", (((11, 11), (12, 10)),)),                    # Alps, one pass
)


def axial(col: int, row: int) -> Hex:
    """Odd-r offset (col, row) -> axial (q, r); pointy-top, as explorer.hexgrid.to_pixel draws it."""
    return Hex(col - (row - (row & 1)) // 2, row)


def hex_id(h: Hex) -> str:
    f = lambda v: f"m{-v}" if v < 0 else str(v)
    return f"h{f(h.q)}_{f(h.r)}"


def ph(note: str) -> dict:
    return {"status": "placeholder", "note": note}


def src(status: str, key: str) -> dict:
    return {"status": status, "source": key}


def build_data() -> dict:
    rng = random.Random(SEED)
    t: dict[str, list] = {}
    t["regions"] = [{"id": r, "name": S.REGIONS[r],
                     "provenance": src("rulebook", "seed") if r in ("britannia", "germania")
                     else src("sourced", "reviews-regions")} for r in REGION_ORDER]
    t["symbols"] = [{"id": f"S{i}", "provenance": src("rulebook", "seed")} for i in range(1, 9)]
    note_city = ("City names, symbols and positions are unknown. Placeholder following the inferred symbol "
                 "layout: Britannia, Francia and Hispania share S1-S4, Germania, Italia and Europa Orientalis "
                 "share S5-S8, one city of each symbol per region.")
    t["cities"], t["ports"] = [], []
    n = 0
    for r in REGION_ORDER:
        for _, sym in CITIES[r]:
            n += 1
            t["cities"].append({"id": f"C{n:02d}", "region": r, "symbol": sym, "provenance": ph(note_city)})
    n = 0
    for r in REGION_ORDER:
        for _, sea in PORTS[r]:
            n += 1
            prov = (src("rulebook", "seed") if sea == MARE_GERMANICUM else
                    ph("Which sea each port of this region borders is unknown; placeholder with 4 ports per sea "
                       "and each sea touching 2 or 3 regions."))
            t["ports"].append({"id": f"P{n:02d}", "region": r, "sea": sea, "provenance": prov})
    t["seas"] = [{"id": s, "name": name,
                  "provenance": src("rulebook", "seed") if s == MARE_GERMANICUM
                  else ph("Only Mare Germanicum is named in the sources; opaque id with a placeholder name.")}
                 for s, name in SEA_NAMES.items()]
    t["objectives"] = [{"id": f"OBJ{k:02d}", "symbols": [f"S{i}", f"S{j}"],
                        "provenance": ph("The printed cards are unknown. A counting argument: with one "
                                         "city per region on every card and 16 different cards, the cards are the "
                                         "16 pairs of one symbol from S1-S4 and one from S5-S8.")}
                       for k, (i, j) in enumerate(((i, j) for i in range(1, 5) for j in range(5, 9)), 1)]
    # scenarios: 6 tiles for 4 players (each region inactive once), 5 for 3 players, 5 for 2 players
    tiles = [(4, (r,)) for r in REGION_ORDER]
    tiles += [(3, c) for c in sorted(rng.sample(sorted(combinations(REGION_ORDER, 2)), 5))]
    tiles += [(2, c) for c in sorted(rng.sample(sorted(combinations(REGION_ORDER, 3)), 5))]
    t["scenarios"] = [{"id": f"SC{k:02d}", "players": p,
                       "flourishing": [r for r in REGION_ORDER if r not in inactive], "inactive": list(inactive),
                       "provenance": ph("The printed tiles are unknown. Best inference: 1/2/3 inactive regions "
                                        "with 4/3/2 players and 6/5/5 tiles; the regions are a seeded choice.")}
                      for k, (p, inactive) in enumerate(tiles, 1)]
    pc = [{"id": f"region_{r}", "kind": "region", "region": r} for r in REGION_ORDER]
    pc.append({"id": "inactive", "kind": "inactive"})
    pc += [{"id": f"action_{a.lower()}", "kind": "action", "action": a, "turn_rank": i}
           for i, a in enumerate(S.ACTIONS, 1)]
    pc.append({"id": "king", "kind": "king", "turn_rank": 0})
    for c in pc:
        c["provenance"] = src("rulebook", "seed")
    t["planning_cards"] = pc
    t["constants"] = [{"id": k, "value": v,
                       "provenance": src("rulebook" if s == "seed" else "sourced", s)}
                      for k, (v, s) in CONSTANTS.items()]
    t["objective_points"] = [{"id": f"cities_{k}", "cities": k, "points": p,
                              "provenance": ph("The printed table is unknown (only: more cities, more points). "
                                               "Placeholder: the triangular numbers, a candidate shape.")}
                             for k, p in enumerate(OBJECTIVE_POINTS)]
    t["fiefs"] = [{"id": f"F{num}", "number": num, "shape": shape, "hexes": [list(h) for h in hexes],
                   "castles": list(castles),
                   "provenance": ph("Fief shapes and castles are unknown. Placeholder: 3- and 4-hex shapes (the "
                                    "three trihexes, the seven tetrahexes, two look-alikes), two castles each; "
                                    "which number has which shape is made up.")}
                  for num, shape, hexes, castles in FIEFS]
    t["colours"] = [{"id": c, "name": c.capitalize(), "provenance": src("sourced", "colours")} for c in S.COLOURS]
    t["card_digits"] = [{"id": c, "digit": d,
                         "provenance": ph("Which colour has which fief-card digit is unknown (the rulebook's "
                                          "examples show 2, 3 and 4). Placeholder: 1 to 4 in colour order.")}
                        for c, d in CARD_DIGITS.items()]
    return {"game": "gonzaga", "data_version": "1", "sources": DATA_SOURCES, "tables": t}


def build_map() -> dict:
    feature_at: dict[tuple, str] = {}
    for table, spec, prefix in (("cities", CITIES, "C"), ("ports", PORTS, "P")):
        n = 0
        for r in REGION_ORDER:
            for off, _ in spec[r]:
                n += 1
                assert ROWS[off[1]][off[0]] in LETTER and LETTER[ROWS[off[1]][off[0]]] == r, (table, off)
                assert off not in feature_at, off
                feature_at[off] = f"{prefix}{n:02d}"
    note_hex = "Board geometry unknown (no public scan); placeholder board loosely shaped like Europe."
    hexes = []
    for row, line in enumerate(ROWS):
        for col, ch in enumerate(line):
            h = axial(col, row)
            land = ch in LETTER
            hexes.append({"id": hex_id(h), "q": h.q, "r": h.r, "terrain": "land" if land else "sea",
                          "region": LETTER[ch] if land else None, "sea": None if land else f"SEA{ch}",
                          "feature": feature_at.get((col, row)), "provenance": ph(note_hex)})
    region_at = {axial(c, r): LETTER.get(ch) for r, line in enumerate(ROWS) for c, ch in enumerate(line)}
    barriers = []
    for a_reg, b_reg, open_sides in BARRIER_BORDERS:
        opened = {frozenset((axial(*x), axial(*y))) for x, y in open_sides}
        edges = set()
        for h, reg in region_at.items():
            if reg != a_reg:
                continue
            for n in h.neighbors():
                if region_at.get(n) == b_reg:
                    edges.add(frozenset((h, n)))
        assert opened <= edges, (a_reg, b_reg, "an open side is not on the border")
        for e in sorted(edges - opened, key=lambda e: sorted(e)):
            a, b = sorted(e)
            barriers.append({"id": f"{a_reg[:3]}-{b_reg[:3]}-{len(barriers) + 1:02d}",
                             "a": [a.q, a.r], "b": [b.q, b.r],
                             "provenance": ph("Which borders carry barriers is unknown. Placeholder: mountain "
                                              "chains (Pyrenees, Alps) on the land borders of Hispania/Francia, "
                                              "Italia/Francia and Italia/Germania, with a few open sides.")})
    # sea routes: each sea's 4 ports chained west to east (nearest next)
    port_hex = {}
    n = 0
    for r in REGION_ORDER:
        for off, sea in PORTS[r]:
            n += 1
            port_hex[f"P{n:02d}"] = (axial(*off), sea)
    routes = []
    for sea in SEA_NAMES:
        ps = sorted((p for p, (_, s) in port_hex.items() if s == sea),
                    key=lambda p: (port_hex[p][0].q + port_hex[p][0].r / 2, port_hex[p][0].r))
        chain = [ps.pop(0)]
        while ps:
            last = port_hex[chain[-1]][0]
            nxt = min(ps, key=lambda p: (last.distance(port_hex[p][0]), p))
            ps.remove(nxt)
            chain.append(nxt)
        for a, b in zip(chain, chain[1:]):
            routes.append({"id": f"{sea}-{a}-{b}", "sea": sea, "ports": [a, b],
                           "provenance": ph("The drawn routes are unknown. Placeholder: the sea's four ports "
                                            "chained from west to east.")})
    return {"game": "gonzaga", "data_version": "1",
            "sources": {"seed": "Gonzaga rulebook, Spanish text: a hex grid covers the map; ports of one sea are "
                                "linked by sea routes; some region borders carry barriers"},
            "tables": {"hexes": hexes, "barriers": barriers, "sea_routes": routes}}


# ---- output ---------------------------------------------------------------------------------------
def dumps(doc: dict) -> str:
    """The file layout of the explorer's data files: one record per line, UTF-8."""
    j = lambda v: json.dumps(v, ensure_ascii=False)
    out = ["{" + f'"game": {j(doc["game"])}, "data_version": {j(doc["data_version"])},', ' "sources": {']
    out.append(",\n".join(f"  {j(k)}: {j(v)}" for k, v in doc["sources"].items()))
    out.append(" },")
    out.append(' "tables": {')
    tables = []
    for name, rows in doc["tables"].items():
        body = ",\n".join("   " + j(r) for r in rows)
        tables.append(f"  {j(name)}: [\n{body}\n  ]")
    out.append(",\n".join(tables))
    out.append(" }")
    out.append("}")
    return "\n".join(out) + "\n"


def sketch(board, data) -> str:
    """The map as text: region letters for land, sea digits for water, c/p for cities and ports."""
    letter = {v: k for k, v in LETTER.items()}
    cities = {c.id for c in data.table("cities")}
    rows = defaultdict(dict)
    for h in board.table("hexes"):
        col = h["q"] + (h["r"] - (h["r"] & 1)) // 2
        if h["feature"] is not None:
            ch = "c" if h["feature"] in cities else "p"
        elif h["terrain"] == "land":
            ch = letter[h["region"]]
        else:
            ch = h["sea"][-1]
        rows[h["r"]][col] = ch
    out = []
    for r in sorted(rows):
        out.append(("" if r % 2 == 0 else " ") + " ".join(rows[r][c] for c in sorted(rows[r])))
    return "\n".join(out)



def feasibility(data, board) -> str:
    """For every fief, region card (and the inactive-regions card of every scenario) and action
    card, the number of legal placements on the empty map."""
    from explorer.gonzaga._map import ACT_BITS, Geometry
    geo = Geometry.of(data, board)
    fiefs = geo.fief_ids
    targets = [(r, 1 << k) for k, r in enumerate(geo.region_ids)]
    lines = ["Legal placements on the empty map: fewest over the 12 fiefs (that fief) / total"]
    lines.append(f"  {'region card':<18}" + "".join(f"{'action ' + a:>22}" for a in S.ACTIONS))
    for name, bits in targets + [(f"inactive {s.id}", sum(1 << geo.region_ids.index(x) for x in s["inactive"]))
                                 for s in data.table("scenarios")]:
        cells = []
        for a in S.ACTIONS:
            per = {fiefs[f]: len(geo.candidates(f, bits, ACT_BITS[a])) for f in range(len(fiefs))}
            lo = min(per, key=lambda k: (per[k], k))
            cells.append(f"{per[lo]:>5} ({lo:>4}) / {sum(per.values()):>6}")
        lines.append(f"  {name:<18}" + "".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    data_doc, map_doc = build_data(), build_map()
    keys = [S.canonical_fief([Hex(*h) for h in f["hexes"]], f["castles"]) for f in data_doc["tables"]["fiefs"]]
    assert len(set(keys)) == len(keys), "two placeholder fiefs are identical in shape and castles"
    texts = {"data.json": dumps(data_doc), "map.json": dumps(map_doc)}
    if "--check" in argv:
        stale = [name for name, text in texts.items()
                 if not (HERE / name).exists() or (HERE / name).read_text(encoding="utf-8") != text]
        print("data.json and map.json are up to date" if not stale else
              f"{', '.join(stale)} differ(s) from the generator")
        return 1 if stale else 0
    for name, text in texts.items():
        (HERE / name).write_text(text, encoding="utf-8")
    pair = S.load(HERE / "data.json", HERE / "map.json")
    data, board = pair.data, pair.map
    print(f"data.json: {sum(len(v) for v in data.tables.values())} records, "
          f"{len(data.placeholders())} placeholders; map.json: {sum(len(v) for v in board.tables.values())} "
          f"records ({len(board.table('hexes'))} hexes, {len(board.table('barriers'))} barrier sides, "
          f"{len(board.table('sea_routes'))} sea routes), {len(board.placeholders())} placeholders")
    warnings = S.soft_warnings(data, board)
    print("soft warnings:", "none" if not warnings else "")
    for w in warnings:
        print("  " + w)
    if "--tables" in argv:
        print(feasibility(data, board))
    if "--sketch" in argv:
        print(sketch(board, data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
