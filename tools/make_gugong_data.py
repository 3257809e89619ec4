"""Writes explorer/gugong/data.json: Gùgōng's rulebook numbers, sourced counts and seeded
placeholders, every record with its provenance.

Run: ``python tools/make_gugong_data.py`` (``--check`` only compares with the file). The output is
deterministic (the placeholder map is drawn from a fixed seed), so the file can be regenerated and
reviewed. Every made-up value is a
record with provenance ``placeholder`` and a note saying what is unknown and which inference it
follows; replace those records with the printed values when they are known.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

SEED = 2018
OUT = Path(__file__).resolve().parent.parent / "explorer" / "gugong" / "data.json"

SOURCES = {
    "seed": "Gùgōng rulebook, Spanish text (the explorer's source of truth for rules)",
    "bdml": "bdml.free.fr game sheet for Gùgōng (bdml.free.fr/fiche_jeu.php?id=559): gift cards 7 set-up + 5 sets of 4 + 11 draw pile; 5 decrees per level; location order",
    "iconography": "Ultraboardgames, 'Gugong Iconography' page (ultraboardgames.com/gugong/iconography.php): the 12 kinds of travel token and their benefits",
    "spielkult": "spielkult.de review of Gugong (www.spielkult.de/gugong.htm): servant income of 6 on day 1 and 4 on each later day",
}

RB = {"status": "rulebook", "source": "seed"}


def rb(note: str = "") -> dict:
    return {**RB, "note": note} if note else dict(RB)


def src(key: str, note: str = "") -> dict:
    d = {"status": "sourced", "source": key}
    if note:
        d["note"] = note
    return d


def ph(note: str) -> dict:
    return {"status": "placeholder", "note": note}


def gain(what: str, amount: int) -> dict:
    return {"kind": "gain", "what": what, "amount": amount}


def advance(track: str, steps: int) -> dict:
    return {"kind": "advance", "track": track, "steps": steps}


# ---- constants ------------------------------------------------------------------------------
CONSTANTS = [
    ("players_min", 2, rb("board sides for 2-3 and 4-5 players")),
    ("players_max", 5, rb("board sides for 2-3 and 4-5 players")),
    ("days", 4, rb()), ("destiny_dice", 3, rb()), ("travel_tokens", 32, rb()),
    ("token_piles", 2, rb()), ("token_limit", 6, rb()), ("gift_cards", 38, rb()),
    ("board_locations", 7, rb()), ("setup_cards", 7, rb("one face up on each of the 7 locations")),
    ("starting_set_size", 4, rb()), ("starting_sets", 5, src("bdml")),
    ("draw_pile_cards", 11, src("bdml")),
    ("jade_tokens", 20, rb()), ("jade_box_cost", 5, rb()), ("jade_vp_beyond_five", 2, rb()),
    ("decrees", 15, rb()), ("decree_levels", 3, rb()), ("decrees_per_level", 5, src("bdml")),
    ("decrees_in_play_per_level", 2, rb()), ("decree_opponent_surcharge", 1, rb()),
    ("decree_servants_placed", 1, rb()),
    ("servants_per_player", 12, rb("60 cubes for 5 players; 6 in the pool and 6 in the supply")),
    ("start_pool", 6, rb()), ("start_supply", 6, rb()),
    ("ships_per_player", 3, rb()),
    ("ship_capacity", 3, rb("a ship claims when it carries 3 servants: 1 to the slot, 2 back to supply")),
    ("foremen_per_player", 1, rb()), ("foreman_lying_counts", 2, rb()), ("foreman_standing_counts", 1, rb()),
    ("exchange_servant_price", 2, rb()), ("exchange_discard_price", 1, rb()),
    ("free_exchange_low", 1, rb()), ("free_exchange_high", 9, rb()),
    ("card_value_min", 1, rb()), ("card_value_max", 9, rb()),
    ("hand_size_start", 4, rb()),
    ("hand_size_max", 6, rb("4 cards plus at most 2 extra-card rewards")),
    ("travel_paid_cost", 2, rb()), ("travel_paid_moves", 2, rb()),
    ("wall_basic_servants", 1, rb()), ("wall_paid_cost", 1, rb()), ("wall_paid_servants", 2, rb()),
    ("wall_score_vp", 3, rb()), ("wall_score_palace_steps", 1, rb()),
    ("intrigue_basic_steps", 1, rb()), ("intrigue_paid_cost", 1, rb()), ("intrigue_paid_steps", 3, rb()),
    ("palace_basic_steps", 1, rb()), ("palace_paid_cost", 2, rb()), ("palace_paid_steps", 2, rb()),
    ("palace_paid_intrigue_steps", 1, rb()), ("palace_overflow_vp_per_step", 1, rb()),
    ("canal_basic_servants", 1, rb()), ("canal_basic_moves", 1, rb()),
    ("canal_paid_cost", 1, rb()), ("canal_paid_servants", 2, rb()),
    ("claim_slot_servants", 1, rb()), ("claim_returned_servants", 2, rb()),
    ("destiny_servants_per_die", 1, rb()), ("destiny_bonus_vp", 3, rb()),
    ("destiny_bonus_palace_steps", 1, rb()),
]

TRACKS = [
    {"id": "intrigue", "length": 14, "start": 0, "provenance": rb("the track is limited to 14 steps")},
    {"id": "palace", "length": 8, "start": 0, "provenance": rb("the eighth step is arrival")},
    {"id": "day", "length": 4, "start": 1, "provenance": rb()},
    {"id": "wall", "length": 10, "start": 0, "provenance": ph(
        "The number of printed wall spaces is unknown. 10 follows the notes' inference: the wall must "
        "hold one servant short of the largest threshold (6) plus the largest single placement "
        "(1 servant and a lying foreman, 3).")},
]

PLAYER_COUNTS = [
    {"id": str(n), "players": n, "board_side": "2-3" if n <= 3 else "4-5", "wall_threshold": n + 2,
     "canal_routes": 1 if n <= 3 else 2, "provenance": rb()}
    for n in (2, 3, 4, 5)
]

LOCATIONS = [
    ("travel", "Viajes", "Travel", True), ("wall", "La Gran Muralla", "Great Wall", True),
    ("jade", "Jade", "Jade", False), ("intrigue", "Intriga", "Intrigue", True),
    ("palace", "El Palacio de la Pureza Celestial", "Palace of Heavenly Purity", True),
    ("decrees", "Decretos", "Decrees", False), ("canal", "El Gran Canal", "Grand Canal", True),
]


# ---- the placeholder map --------------------------------------------------------------------
MAP_NOTE = ("The printed travel map of this board side (cities, roads, positions) is not in any public "
            "text. Synthetic placeholder following the notes' inference: {n} cities (an even number, "
            "so the {left} leftover tokens form 2 equal piles), a connected planar road network with "
            "average degree 3, drawn from a seeded jittered grid.")


def make_map(rng: random.Random, side: str, prefix: str, cols: int, rows: int):
    n = cols * rows
    note = MAP_NOTE.format(n=n, left=32 - n)
    cells = {}
    cities = []
    for r in range(rows):
        for c in range(cols):
            cid = f"{prefix}{r * cols + c + 1:02d}"
            x = round(10 + c * 80 / (cols - 1) + rng.uniform(-6, 6))
            y = round(12 + r * 76 / (rows - 1) + rng.uniform(-6, 6))
            cells[(c, r)] = cid
            cities.append({"id": cid, "side": side, "name": f"City {cid.upper()}",
                           "x": max(0, min(100, x)), "y": max(0, min(100, y)), "provenance": ph(note)})
    edges = []
    for (c, r), cid in cells.items():
        if (c + 1, r) in cells:
            edges.append((cid, cells[(c + 1, r)]))
        if (c, r + 1) in cells:
            edges.append((cid, cells[(c, r + 1)]))
        if (c + 1, r + 1) in cells:          # one diagonal per grid cell keeps the map planar
            if rng.random() < 0.5:
                edges.append((cid, cells[(c + 1, r + 1)]))
            else:
                edges.append((cells[(c + 1, r)], cells[(c, r + 1)]))
    target = n * 3 // 2
    rng.shuffle(edges)
    i = 0
    while len(edges) > target and i < len(edges):
        trial = edges[:i] + edges[i + 1:]
        deg = {}
        for a, b in trial:
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
        if min(deg.get(c["id"], 0) for c in cities) >= 2 and _connected([c["id"] for c in cities], trial):
            edges = trial
        else:
            i += 1
    edges.sort()
    roads = [{"id": f"{prefix}-r{k + 1:02d}", "side": side, "a": a, "b": b, "provenance": ph(note)}
             for k, (a, b) in enumerate(edges)]
    pile_note = ("The rulebook places the 2 token piles 'on the marked places'; their positions on this "
                 "side are unknown and made up for drawing.")
    spaces = [{"id": f"{prefix}-pile-{k}", "side": side, "kind": "token_pile", "x": x, "y": 96,
               "provenance": ph(pile_note)} for k, x in ((1, 40), (2, 60))]
    return cities, roads, spaces


def _connected(nodes, edges) -> bool:
    adj = {v: set() for v in nodes}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    seen, todo = {nodes[0]}, [nodes[0]]
    while todo:
        for w in adj[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return len(seen) == len(nodes)


# ---- travel tokens --------------------------------------------------------------------------
TOKEN_KINDS = [
    ("servant", "1 servant", [gain("servants", 1)], 3),
    ("servants_2", "2 servants", [gain("servants", 2)], 3),
    ("envoy", "Envoy 1 step on the Palace track", [advance("palace", 1)], 3),
    ("intrigue", "Intrigue marker 1 step", [advance("intrigue", 1)], 3),
    ("card_for_jade", "Discard a hand card of value 7 or more onto your discard pile for 1 jade",
     [{"kind": "pay_for", "cost": {"what": "hand_card", "min_value": 7}, "effects": [gain("jade", 1)]}], 2),
    ("retrieve_card", "Take 1 card from your discard pile into your hand", [{"kind": "retrieve_card"}], 3),
    ("swap_card", "Swap 1 hand or discard card with a board card",
     [{"kind": "swap_card", "from": ["hand", "discard"]}], 3),
    ("vp_2", "2 VP", [gain("vp", 2)], 3),
    ("ship_servant", "1 servant from the general supply onto one of your ships",
     [{"kind": "place_servant", "where": "ship", "source": "supply", "amount": 1}], 2),
    ("servants_for_jade", "Pay 3 servants for 1 jade",
     [{"kind": "pay_for", "cost": {"what": "servants", "amount": 3}, "effects": [gain("jade", 1)]}], 2),
    ("wall_servant", "1 servant from the general supply onto the Great Wall",
     [{"kind": "place_servant", "where": "wall", "source": "supply", "amount": 1}], 3),
    ("double", "Double token: no immediate benefit, kept face up, worth 2 tokens in trades",
     [{"kind": "token_value", "amount": 2}], 2),
]
COUNT_NOTE = ("How many tokens of each kind the game has is unknown. Placeholder following the notes' "
              "inference: 3 of each kind, 2 of the four strongest kinds (card for jade, 3 servants for "
              "jade, the double token, the ship servant), 8 x 3 + 4 x 2 = 32.")

TRADES = [
    {"id": "trade_2", "tokens": 2, "effects": [gain("servants", 1)], "provenance": rb()},
    {"id": "trade_4", "tokens": 4, "effects": [gain("vp", 2)], "provenance": rb()},
    {"id": "trade_6", "tokens": 6, "effects": [gain("jade", 1)], "provenance": rb()},
]


# ---- gift cards -----------------------------------------------------------------------------
CARD_NOTE = ("The value and action printed on each gift card, and which cards form each starting set, "
             "are unknown. Placeholder following the notes' inference: 4 cards of each value 1-7 and "
             "5 of each of 8 and 9; set-up cards one each of 1-7; the 5 starting sets take 20 of the "
             "other low cards with equal value sums (16); the draw pile is the leftover low card plus "
             "the 8s and 9s. Low cards carry the +servant and swap actions, some 9s have no action.")
SETUP_CARDS = [(1, "canal"), (2, "decrees"), (3, "palace"), (4, "intrigue"), (5, "jade"), (6, "wall"), (7, "travel")]
START_SETS = {
    1: [(1, "servants_2"), (2, "wall"), (6, "travel"), (7, "palace")],
    2: [(1, "swap"), (3, "canal"), (5, "intrigue"), (7, "jade")],
    3: [(2, "servants_2"), (3, "decrees"), (4, "travel"), (7, "wall")],
    4: [(1, "swap"), (4, "palace"), (5, "canal"), (6, "jade")],
    5: [(2, "servants_2"), (3, "intrigue"), (5, "decrees"), (6, "travel")],
}
DRAW_CARDS = [(4, "servant_1"), (8, "travel"), (8, "wall"), (8, "palace"), (8, "canal"), (8, "decrees"),
              (9, "intrigue"), (9, "jade"), (9, "none"), (9, "none"), (9, "none")]


def make_cards():
    cards = []
    def add(value, action, group, start_set=None):
        rec = {"id": f"g{len(cards) + 1:02d}", "value": value, "action": action, "group": group}
        if start_set is not None:
            rec["start_set"] = start_set
        rec["provenance"] = ph(CARD_NOTE)
        cards.append(rec)
    for v, a in SETUP_CARDS:
        add(v, a, "setup")
    for k, cs in START_SETS.items():
        assert sum(v for v, _ in cs) == 16
        for v, a in cs:
            add(v, a, "start", k)
    for v, a in DRAW_CARDS:
        add(v, a, "draw")
    return cards


DICE_NOTE = ("The faces of each Destiny die are unknown (a review reports six-sided dice showing 1 to 9). "
             "Placeholder following the notes' inference: three different dice covering 1-9 so that each "
             "value appears twice over the 18 faces.")
DICE = [("A", [1, 2, 3, 4, 5, 6]), ("B", [4, 5, 6, 7, 8, 9]), ("C", [1, 2, 3, 7, 8, 9])]

PALACE_NOTE = ("The VP printed on the palace arrival spots are unknown. Placeholder following the notes' "
               "inference: one spot per possible player on this side, VP falling with the arrival rank.")
PALACE = {"2-3": [8, 5, 2], "4-5": [10, 8, 6, 4, 2]}

JADE_NOTE = ("The number of jade houses and each house's servant cost are unknown. Placeholder following "
             "the notes' inference: 6 houses of 1 jade each costing 2, 2, 3, 3, 4, 4 (early jade cheaper, "
             "all below the jade box's 5), the same on both board sides.")
JADE_HOUSES = [2, 2, 3, 3, 4, 4]

DECREE_NOTE = ("The 15 decree texts are unknown (the English rulebook's decree page is not public text). "
               "Placeholder following the notes' template: level 1 = a morning perk, level 2 = immediate VP "
               "and a lasting ability, level 3 = end-game VP for a condition; costs 1 to 3 servants.")


def perk(*effects):
    return {"kind": "perk", "when": "morning", "effects": list(effects)}


def on_action(location, *effects):
    return {"kind": "on_action", "location": location, "effects": list(effects)}


def vp_end(per, vp, **kw):
    return {"kind": "vp_end", "per": per, "vp": vp, **kw}


DECREES = [
    ("d1-a", 1, 2, "Each morning: 1 servant", [perk(gain("servants", 1))]),
    ("d1-b", 1, 2, "Each morning: Intrigue 1 step", [perk(advance("intrigue", 1))]),
    ("d1-c", 1, 3, "Each morning: 1 servant from your supply onto the Great Wall",
     [perk({"kind": "place_servant", "where": "wall", "source": "supply", "amount": 1})]),
    ("d1-d", 1, 1, "Each morning: 1 VP", [perk(gain("vp", 1))]),
    ("d1-e", 1, 3, "Each morning: you may pay 2 servants for 1 jade",
     [perk({"kind": "pay_for", "cost": {"what": "servants", "amount": 2}, "effects": [gain("jade", 1)]})]),
    ("d2-a", 2, 2, "2 VP now; 1 VP after each Travel action you carry out",
     [gain("vp", 2), on_action("travel", gain("vp", 1))]),
    ("d2-b", 2, 2, "2 VP now; jade houses cost you 1 servant less",
     [gain("vp", 2), {"kind": "discount", "on": "jade_house", "amount": 1}]),
    ("d2-c", 2, 3, "3 VP now; 1 servant after each Grand Canal action you carry out",
     [gain("vp", 3), on_action("canal", gain("servants", 1))]),
    ("d2-d", 2, 2, "1 VP now; Intrigue 1 step after each Great Wall action you carry out",
     [gain("vp", 1), on_action("wall", advance("intrigue", 1))]),
    ("d2-e", 2, 3, "2 VP now; 1 VP after each Palace action you carry out",
     [gain("vp", 2), on_action("palace", gain("vp", 1))]),
    ("d3-a", 3, 2, "End: 1 VP per jade", [vp_end("jade", 1)]),
    ("d3-b", 3, 2, "End: 1 VP per travel token held", [vp_end("travel_token", 1)]),
    ("d3-c", 3, 3, "End: 2 VP per port reward claimed", [vp_end("port_reward", 2)]),
    ("d3-d", 3, 2, "End: 2 VP per decree held", [vp_end("decree", 2)]),
    ("d3-e", 3, 3, "End: 1 VP per 2 Intrigue steps (at most 7)", [vp_end("intrigue_step", 1, every=2, max=7)]),
]

PORT_NAMES = ["Beijing", "Cangzhou", "Jining", "Huai'an", "Hangzhou"]
PORT_REWARD_LISTS = [[], ["vp4"], ["card"], ["foreman"], ["vp4", "card", "foreman"]]
CANAL_NOTE = ("The ports and rewards of the two 4-5 player routes are unknown. Placeholder following the "
              "notes' inference: two 5-port routes with the reward sequence of the 2-3 side (start, 4 VP, "
              "card, foreman, choice).")


def make_canal():
    ports = []
    for pos, (name, rewards) in enumerate(zip(PORT_NAMES, PORT_REWARD_LISTS), 1):
        ports.append({"id": f"c23-{pos}", "side": "2-3", "route": "main", "position": pos, "name": name,
                      "rewards": rewards, "provenance": rb()})
    for route in ("a", "b"):
        for pos, (name, rewards) in enumerate(zip(PORT_NAMES, PORT_REWARD_LISTS), 1):
            ports.append({"id": f"c45{route}-{pos}", "side": "4-5", "route": route, "position": pos,
                          "name": f"{name} (route {route.upper()})", "rewards": rewards,
                          "provenance": ph(CANAL_NOTE)})
    return ports


PORT_REWARDS = [
    {"id": "vp4", "limit": 3, "effects": [gain("vp", 4)], "provenance": rb()},
    {"id": "card", "limit": 2, "effects": [{"kind": "draw_card", "amount": 1}], "provenance": rb()},
    {"id": "foreman", "limit": 1, "effects": [{"kind": "unlock_foreman"}], "provenance": rb()},
]

BENEFITS = [
    {"id": "b1", "steps": 1, "effects": [gain("servants", 1)], "provenance": rb()},
    {"id": "b3", "steps": 3, "effects": [gain("servants", 2)], "provenance": rb()},
    {"id": "b5", "steps": 5, "effects": [{"kind": "set_die"}], "provenance": rb()},
    {"id": "b7", "steps": 7, "effects": [gain("jade", 1)], "provenance": rb()},
]

DAY_INCOME = [
    {"id": "day1", "day": 1, "servants": 6, "provenance": src(
        "spielkult", "the day-1 figure is the starting pool; day 1 has no morning, so it is never paid")},
    *({"id": f"day{d}", "day": d, "servants": 4, "provenance": src("spielkult", "one source only")}
      for d in (2, 3, 4)),
]


def build() -> dict:
    rng = random.Random(SEED)
    c23, r23, s23 = make_map(rng, "2-3", "a", 4, 4)
    c45, r45, s45 = make_map(rng, "4-5", "b", 5, 4)
    tables = {
        "constants": [{"id": k, "value": v, "provenance": p} for k, v, p in CONSTANTS],
        "tracks": TRACKS,
        "player_counts": PLAYER_COUNTS,
        "locations": [{"id": i, "position": n, "name_es": es, "name_en": en, "has_paid": paid,
                       "provenance": rb()} for n, (i, es, en, paid) in enumerate(LOCATIONS, 1)],
        "cities": c23 + c45,
        "roads": r23 + r45,
        "map_spaces": s23 + s45,
        "token_kinds": [{"id": k, "name": name, "effects": eff, "provenance": src("iconography")}
                        for k, name, eff, _ in TOKEN_KINDS],
        "token_counts": [{"id": k, "count": n, "provenance": ph(COUNT_NOTE)} for k, _, _, n in TOKEN_KINDS],
        "token_trades": TRADES,
        "gift_cards": make_cards(),
        "destiny_dice": [{"id": k, "faces": f, "provenance": ph(DICE_NOTE)} for k, f in DICE],
        "palace_arrival": [{"id": f"{side}-{rank}", "side": side, "rank": rank, "vp": vp,
                            "provenance": ph(PALACE_NOTE)}
                           for side, vps in PALACE.items() for rank, vp in enumerate(vps, 1)],
        "jade_houses": [{"id": f"h{k}", "sides": ["2-3", "4-5"], "cost": c, "jade": 1,
                         "provenance": ph(JADE_NOTE)} for k, c in enumerate(JADE_HOUSES, 1)],
        "jade_scoring": [{"id": f"jade{n}", "jade": n, "vp": vp, "provenance": rb()}
                         for n, vp in ((1, 1), (2, 3), (3, 6), (4, 10), (5, 15))],
        "decrees": [{"id": i, "level": lv, "cost": c, "name": name, "effects": eff,
                     "provenance": ph(DECREE_NOTE)} for i, lv, c, name, eff in DECREES],
        "canal_ports": make_canal(),
        "port_rewards": PORT_REWARDS,
        "intrigue_benefits": BENEFITS,
        "day_income": DAY_INCOME,
    }
    return {"game": "gugong", "data_version": "1", "sources": SOURCES, "tables": tables}


def dump(data: dict) -> str:
    """One record per line, like the other games' data files."""
    out = ['{"game": "gugong", "data_version": "1",', ' "sources": {']
    out.append(",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                          for k, v in data["sources"].items()))
    out.append(" },")
    out.append(' "tables": {')
    blocks = []
    for name, rows in data["tables"].items():
        body = ",\n".join("   " + json.dumps(r, ensure_ascii=False) for r in rows)
        blocks.append(f"  {json.dumps(name)}: [\n{body}\n  ]")
    out.append(",\n".join(blocks))
    out.append(" }")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys
    text = dump(build())
    json.loads(text)
    if "--check" in sys.argv[1:]:
        same = OUT.read_text(encoding="utf-8") == text
        print("data.json is up to date" if same else "data.json differs from what this script writes")
        sys.exit(0 if same else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
