"""Gùgōng's printed data: the data-file schema, the effect vocabulary, the confirmed facts, and the
compact tables the rules read (:class:`Book`).

``data.json`` holds the printed components (map, travel tokens, gift cards, dice, palace arrival
spots, jade houses, decrees, canal ports, day income and the rulebook's numbers). :data:`SCHEMA`
names its tables and the facts any data file must satisfy, so a user's own file (for example with
the real decrees) is accepted only if it is complete and consistent; a broken one is refused with a
:class:`~explorer.DataError` naming the record.

Printed effects are data, not code. Travel tokens, decrees, port rewards, token trades and Intrigue
benefits are lists of *effect records* (``{"kind": ..., fields}``, see :data:`EFFECT_KINDS`) that
the rules interpret (``_effects``); :class:`Effects` validates them, so an unknown kind, a kind
not allowed in that table, a missing or unknown field or a bad value is an error naming the record.
A user's decree file that uses the vocabulary works without any change to the code.

>>> data = load_data()
>>> sorted({r.table for r in data.placeholders()})[:4]
['canal_ports', 'cities', 'decrees', 'destiny_dice']
>>> book = Book.of(data, 4)
>>> book.side, book.threshold, len(book.routes)
('4-5', 6, 2)
>>> [jade_vp(n) for n in (0, 1, 5, 7)]
[0, 1, 15, 19]
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .._data import DataSet, Fact, Field, Schema, load_data as _load
from .._errors import shorten

__all__ = ["SCHEMA", "EFFECT_KINDS", "IMMEDIATE_KINDS", "LASTING_KINDS", "Effects", "effects_problem",
           "CONFIRMED_CONSTANTS", "SIDES", "LOCATIONS", "CARD_ACTIONS", "CARD_GROUPS", "jade_vp",
           "Book", "load_data", "compile_effects", "UNKNOWN"]

SIDES = ("2-3", "4-5")
"""The two board sides: for 2 or 3 players, and for 4 or 5 players."""
LOCATIONS = ("travel", "wall", "jade", "intrigue", "palace", "decrees", "canal")
"""The 7 action locations in board order (the rulebook numbers them 1 to 7)."""
CARD_ACTIONS = LOCATIONS + ("servant_1", "servants_2", "swap", "none")
"""What a gift card's action can be: a location icon, +1 servant, +2 servants, the swap, or nothing."""
CARD_GROUPS = ("setup", "start", "draw")
PORT_REWARDS = ("vp4", "card", "foreman")
TOKEN_KINDS = 12
JADE_TABLE = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15}
"""Final jade scoring for 1 to 5 jade; each jade beyond 5 adds ``jade_vp_beyond_five``."""

CONFIRMED_CONSTANTS = {
    # rulebook (the seed) unless marked
    "players_min": 2, "players_max": 5, "days": 4, "destiny_dice": 3, "travel_tokens": 32,
    "token_piles": 2, "token_limit": 6, "gift_cards": 38, "board_locations": 7, "setup_cards": 7,
    "starting_set_size": 4, "starting_sets": 5,            # 5: bdml.free.fr
    "draw_pile_cards": 11,                                 # bdml.free.fr
    "jade_tokens": 20, "jade_box_cost": 5, "jade_vp_beyond_five": 2,
    "decrees": 15, "decree_levels": 3, "decrees_per_level": 5,   # 5 per level: bdml.free.fr
    "decrees_in_play_per_level": 2, "decree_opponent_surcharge": 1, "decree_servants_placed": 1,
    "servants_per_player": 12, "start_pool": 6, "start_supply": 6,
    "ships_per_player": 3, "ship_capacity": 3, "foremen_per_player": 1,
    "foreman_lying_counts": 2, "foreman_standing_counts": 1,
    "exchange_servant_price": 2, "exchange_discard_price": 1,
    "free_exchange_low": 1, "free_exchange_high": 9, "card_value_min": 1, "card_value_max": 9,
    "hand_size_start": 4, "hand_size_max": 6,
    "travel_paid_cost": 2, "travel_paid_moves": 2,
    "wall_basic_servants": 1, "wall_paid_cost": 1, "wall_paid_servants": 2,
    "wall_score_vp": 3, "wall_score_palace_steps": 1,
    "intrigue_basic_steps": 1, "intrigue_paid_cost": 1, "intrigue_paid_steps": 3,
    "palace_basic_steps": 1, "palace_paid_cost": 2, "palace_paid_steps": 2,
    "palace_paid_intrigue_steps": 1, "palace_overflow_vp_per_step": 1,
    "canal_basic_servants": 1, "canal_basic_moves": 1, "canal_paid_cost": 1, "canal_paid_servants": 2,
    "claim_slot_servants": 1, "claim_returned_servants": 2,
    "destiny_servants_per_die": 1, "destiny_bonus_vp": 3, "destiny_bonus_palace_steps": 1,
}
"""Every number of the rulebook (and of the high-confidence component counts), with its value."""

# ---- the effect vocabulary ------------------------------------------------------------------
_COST_WHAT = ("servants", "intrigue_steps", "hand_card")
_DISCOUNT_ON = ("exchange", "travel_paid", "wall_paid", "intrigue_paid", "palace_paid", "canal_paid",
                "jade_house", "jade_box", "decree")
_VP_END_PER = ("fixed", "jade", "travel_token", "decree", "port_reward", "servant", "intrigue_step",
               "ship_on_canal")


@dataclass(frozen=True)
class _Spec:
    """One field of an effect kind: 'int', 'choice', 'choices' (a list of choices), 'effects'
    (a nested list of immediate effects), 'options' (a list of effect lists) or 'cost'."""

    form: str
    min: int | None = None
    choices: tuple = ()
    optional: bool = False
    max: int = 50


EFFECT_KINDS: dict[str, dict[str, _Spec]] = {
    # immediate effects: happen once, when the token / decree / reward / trade / benefit is taken
    "gain": {"what": _Spec("choice", choices=("servants", "vp", "jade")), "amount": _Spec("int", 1)},
    "advance": {"track": _Spec("choice", choices=("palace", "intrigue")), "steps": _Spec("int", 1)},
    "pay_for": {"cost": _Spec("cost"), "effects": _Spec("effects")},
    "set_die": {},
    "place_servant": {"where": _Spec("choice", choices=("wall", "ship")),
                      "source": _Spec("choice", choices=("supply", "pool")), "amount": _Spec("int", 1)},
    "retrieve_card": {},
    "swap_card": {"from": _Spec("choices", choices=("hand", "discard"))},
    "draw_card": {"amount": _Spec("int", 1)},
    "unlock_foreman": {},
    "choose": {"options": _Spec("options")},
    # lasting effects: a property of a token, or a decree's advantage for the rest of the game
    "token_value": {"amount": _Spec("int", 2)},
    "perk": {"when": _Spec("choice", choices=("morning",)), "effects": _Spec("effects")},
    "on_action": {"location": _Spec("choice", choices=LOCATIONS), "effects": _Spec("effects")},
    "discount": {"on": _Spec("choice", choices=_DISCOUNT_ON), "amount": _Spec("int", 1)},
    "vp_end": {"per": _Spec("choice", choices=_VP_END_PER), "vp": _Spec("int", 1),
               "every": _Spec("int", 1, optional=True), "max": _Spec("int", 1, optional=True)},
}
IMMEDIATE_KINDS = ("gain", "advance", "pay_for", "set_die", "place_servant", "retrieve_card",
                   "swap_card", "draw_card", "unlock_foreman", "choose")
LASTING_KINDS = ("token_value", "perk", "on_action", "discount", "vp_end")
_CONTEXTS = {
    "token": IMMEDIATE_KINDS + ("token_value",),
    "decree": IMMEDIATE_KINDS + ("perk", "on_action", "discount", "vp_end"),
    "immediate": IMMEDIATE_KINDS,
}


def effects_problem(value: Any, context: str = "immediate", where: str = "") -> str | None:
    """Why ``value`` is not a valid list of effect records in ``context`` (None if it is)."""
    if not isinstance(value, list):
        return f"{where or 'effects'} should be a list of effect records, not {shorten(value, 60)}"
    allowed = _CONTEXTS[context]
    for i, eff in enumerate(value):
        at = f"{where}[{i}]"
        if not isinstance(eff, dict):
            return f"effect {at} should be an object, not {shorten(eff, 60)}"
        kind = eff.get("kind")
        if kind not in EFFECT_KINDS:
            return f"effect {at} has unknown effect kind {shorten(kind, 40)} (known: {', '.join(EFFECT_KINDS)})"
        if kind not in allowed:
            return f"effect {at}: kind {shorten(kind, 40)} is not allowed here (allowed: {', '.join(allowed)})"
        spec = EFFECT_KINDS[kind]
        unknown = sorted(set(eff) - set(spec) - {"kind"})
        if unknown:
            return f"effect {at} ({kind}) has unknown field(s) {', '.join(unknown)}"
        for name, s in spec.items():
            if name not in eff:
                if s.optional:
                    continue
                return f"effect {at} ({kind}) is missing field {name!r}"
            bad = _spec_problem(eff[name], s, f"{at}.{name}")
            if bad:
                return f"effect {at} ({kind}) field {name!r} {bad}"
    return None


def _spec_problem(v: Any, s: _Spec, at: str) -> str | None:
    if s.form == "int":
        if isinstance(v, bool) or not isinstance(v, int):
            return f"should be an integer, not {shorten(v, 60)}"
        if s.min is not None and v < s.min:
            return f"should be at least {s.min}, not {shorten(v, 60)}"
        if v > s.max:
            return f"should be at most {s.max}, not {shorten(v, 60)}"
    elif s.form == "choice":
        if v not in s.choices:
            return f"should be one of {', '.join(map(repr, s.choices))}, not {shorten(v, 60)}"
    elif s.form == "choices":
        if not isinstance(v, list) or not v or any(x not in s.choices for x in v) or len(set(v)) != len(v):
            return f"should be a non-empty list of distinct values from {', '.join(map(repr, s.choices))}, not {shorten(v, 60)}"
    elif s.form == "effects":
        if not isinstance(v, list) or not v:
            return "should be a non-empty list of effect records"
        inner = effects_problem(v, "immediate", at)
        if inner:
            return f"holds a bad record: {inner}"
    elif s.form == "options":
        if not isinstance(v, list) or len(v) < 2:
            return "should be a list of at least 2 options, each a list of effect records"
        for j, opt in enumerate(v):
            if not isinstance(opt, list) or not opt:
                return f"option [{j}] should be a non-empty list of effect records"
            inner = effects_problem(opt, "immediate", f"{at}[{j}]")
            if inner:
                return f"option [{j}] holds a bad record: {inner}"
    elif s.form == "cost":
        return _cost_problem(v)
    return None


def _cost_problem(c: Any) -> str | None:
    if not isinstance(c, dict) or c.get("what") not in _COST_WHAT:
        return f"should be a cost object whose 'what' is one of {', '.join(_COST_WHAT)}, not {shorten(c, 60)}"
    if c["what"] == "hand_card":
        extra = sorted(set(c) - {"what", "min_value", "max_value"})
        if extra:
            return f"(a hand_card cost) has unknown field(s) {', '.join(extra)}"
        for k in ("min_value", "max_value"):
            if k in c and (isinstance(c[k], bool) or not isinstance(c[k], int) or not 1 <= c[k] <= 9):
                return f"(a hand_card cost) {k} should be a card value 1 to 9, not {shorten(c[k], 40)}"
        return None
    extra = sorted(set(c) - {"what", "amount"})
    if extra:
        return f"(a {c['what']} cost) has unknown field(s) {', '.join(extra)}"
    a = c.get("amount")
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 50:
        return f"(a {c['what']} cost) needs an integer 'amount' from 1 to 50, not {shorten(a, 40)}"
    return None


@dataclass(frozen=True)
class Effects(Field):
    """A field holding a list of effect records, valid in ``context`` ('token', 'decree',
    'immediate')."""

    context: str = "immediate"

    def problem(self, value: Any) -> str | None:
        return super().problem(value) or effects_problem(value, self.context)


def jade_vp(jade: int, table: dict[int, int] = JADE_TABLE, beyond: int = 2) -> int:
    """Final VP for a number of jade: 1/3/6/10/15, then +``beyond`` per jade past 5.

    >>> [jade_vp(n) for n in range(8)]
    [0, 1, 3, 6, 10, 15, 17, 19]
    """
    top = max(table)
    return table.get(jade, 0) if jade <= top else table[top] + beyond * (jade - top)


# ---- confirmed facts ------------------------------------------------------------------------
def _constants(ds: DataSet) -> Iterator[str]:
    have = {r.id: r for r in ds.table("constants")}
    for name, value in CONFIRMED_CONSTANTS.items():
        if name not in have:
            yield f"constants/{name}: missing (the rules give {value})"
        elif have[name]["value"] != value:
            yield f"constants/{name}: the rules give {value}, not {have[name]['value']}"
    for name in sorted(set(have) - set(CONFIRMED_CONSTANTS)):
        yield f"constants/{name}: not a known constant"


def _const(ds: DataSet, name: str) -> int:
    for r in ds.table("constants"):
        if r.id == name:
            return r["value"]
    return CONFIRMED_CONSTANTS[name]


def _tracks(ds: DataSet) -> Iterator[str]:
    have = {r.id: r for r in ds.table("tracks")}
    want = {"intrigue": (14, 0), "palace": (8, 0), "day": (4, 1)}
    for name in sorted(set(want) | {"wall"}):
        if name not in have:
            yield f"tracks/{name}: missing"
    for name in sorted(set(have) - set(want) - {"wall"}):
        yield f"tracks/{name}: not a known track"
    for name, (length, start) in want.items():
        if name in have and (have[name]["length"], have[name]["start"]) != (length, start):
            yield (f"tracks/{name}: the rulebook gives length {length} from start {start}, "
                   f"not {have[name]['length']} from {have[name]['start']}")
    if "wall" in have:
        need = max(r["wall_threshold"] for r in ds.table("player_counts")) - 1 + 3
        if have["wall"]["length"] < need:
            yield (f"tracks/wall: the wall needs at least {need} spaces (one short of the largest "
                   f"threshold, plus 1 servant and a lying foreman), not {have['wall']['length']}")


def _player_counts(ds: DataSet) -> Iterator[str]:
    want = {2: ("2-3", 4, 1), 3: ("2-3", 5, 1), 4: ("4-5", 6, 2), 5: ("4-5", 7, 2)}
    seen = {}
    for r in ds.table("player_counts"):
        if r["players"] in seen:
            yield f"player_counts/{r.id}: a second record for {r['players']} players"
        seen[r["players"]] = r
        if r["players"] in want and (r["board_side"], r["wall_threshold"], r["canal_routes"]) != want[r["players"]]:
            side, thr, routes = want[r["players"]]
            yield (f"player_counts/{r.id}: with {r['players']} players the rulebook gives side {side}, "
                   f"wall threshold {thr} and {routes} canal route(s)")
    for p in sorted(set(want) - set(seen)):
        yield f"player_counts: no record for {p} players"


def _locations(ds: DataSet) -> Iterator[str]:
    recs = sorted(ds.table("locations"), key=lambda r: r["position"])
    if tuple(r.id for r in recs) != LOCATIONS or [r["position"] for r in recs] != list(range(1, 8)):
        got = ", ".join(f"{r.id}@{r['position']}" for r in recs)
        yield f"the 7 locations at positions 1 to 7 must be {', '.join(LOCATIONS)}; the file has {got}"
    for r in recs:
        want = r.id not in ("jade", "decrees")
        if r["has_paid"] != want:
            yield f"locations/{r.id}: has_paid must be {str(want).lower()}"


def _map(ds: DataSet) -> Iterator[str]:
    cities = defaultdict(set)
    for r in ds.table("cities"):
        cities[r["side"]].add(r.id)
    total = _const(ds, "travel_tokens")
    for side in SIDES:
        n = len(cities[side])
        if not 0 < n < total:
            yield f"cities: side {side} has {n} cities; it needs at least 1 and fewer than {total}"
        elif (total - n) % 2:
            yield (f"cities: side {side} has {n} cities, leaving {total - n} tokens, which cannot form "
                   "2 face-down piles of equal size")
    adj = defaultdict(set)
    pairs = set()
    for r in ds.table("roads"):
        a, b, side = r["a"], r["b"], r["side"]
        for end in (a, b):
            if end not in cities[side]:
                yield f"roads/{r.id}: {end!r} is not a city of side {side}"
        if a == b:
            yield f"roads/{r.id}: a road must join two different cities"
        key = (side, frozenset((a, b)))
        if key in pairs:
            yield f"roads/{r.id}: a second road between {a} and {b}"
        pairs.add(key)
        adj[a].add(b)
        adj[b].add(a)
    for side in SIDES:
        if not cities[side]:
            continue
        start = min(cities[side])
        seen, todo = {start}, deque([start])
        while todo:
            for nxt in adj[todo.popleft()]:
                if nxt in cities[side] and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        cut = sorted(cities[side] - seen)
        if cut:
            yield f"cities: side {side} is not one connected road network; cut off: {', '.join(cut)}"


def _map_spaces(ds: DataSet) -> Iterator[str]:
    per = Counter((r["side"], r["kind"]) for r in ds.table("map_spaces"))
    for side in SIDES:
        if per[(side, "token_pile")] != 2:
            yield f"map_spaces: side {side} needs exactly 2 token-pile spaces, not {per[(side, 'token_pile')]}"


def _tokens(ds: DataSet) -> Iterator[str]:
    kinds = {r.id: r for r in ds.table("token_kinds")}
    counts = {r.id: r["count"] for r in ds.table("token_counts")}
    if len(kinds) != TOKEN_KINDS:
        yield f"token_kinds: the game has {TOKEN_KINDS} kinds of travel token, not {len(kinds)}"
    doubles = [k for k, r in kinds.items() if any(e["kind"] == "token_value" for e in r["effects"])]
    if len(doubles) != 1:
        yield f"token_kinds: exactly one kind is the double token (token_value), not {doubles or 'none'}"
    for k, r in kinds.items():
        if k in doubles and len(r["effects"]) != 1:
            yield f"token_kinds/{k}: the double token has no immediate benefit besides its value"
    for k in sorted(set(kinds) - set(counts)):
        yield f"token_kinds/{k}: no record in token_counts"
    for k in sorted(set(counts) - set(kinds)):
        yield f"token_counts/{k}: no such token kind"
    total = sum(counts.values())
    if total != _const(ds, "travel_tokens"):
        yield f"token_counts: the counts add up to {total}, not {_const(ds, 'travel_tokens')}"


def _effects_by(ds: DataSet, table: str, key: str, want: dict, noun: str, unit: str) -> Iterator[str]:
    """The records of ``table``, one per value of ``key``, against the rulebook's effects
    (``want``: key value -> effects); ``noun`` names a record in the messages ("the trade of
    {n} tokens"), ``unit`` what the key counts."""
    have = set()
    for r in ds.table(table):
        n = r[key]
        have.add(n)
        if n not in want:
            yield f"{table}/{r.id}: the rulebook has no {noun.format(n=n)}"
        elif list(r["effects"]) != want[n]:
            yield f"{table}/{r.id}: {n} {unit} give {want[n]}"
    for n in sorted(set(want) - have):
        yield f"{table}: the {noun.format(n=n)} is missing"


def _trades(ds: DataSet) -> Iterator[str]:
    want = {2: [{"kind": "gain", "what": "servants", "amount": 1}],
            4: [{"kind": "gain", "what": "vp", "amount": 2}],
            6: [{"kind": "gain", "what": "jade", "amount": 1}]}
    return _effects_by(ds, "token_trades", "tokens", want, "trade of {n} tokens", "tokens")


def _cards(ds: DataSet) -> Iterator[str]:
    cards = ds.table("gift_cards")
    if len(cards) != _const(ds, "gift_cards"):
        yield f"gift_cards: the game has {_const(ds, 'gift_cards')} gift cards, not {len(cards)}"
    groups = Counter(r["group"] for r in cards)
    for g, name in (("setup", "setup_cards"), ("draw", "draw_pile_cards")):
        if groups[g] != _const(ds, name):
            yield f"gift_cards: {_const(ds, name)} cards belong to group {g!r}, not {groups[g]}"
    size, nsets = _const(ds, "starting_set_size"), _const(ds, "starting_sets")
    sets = Counter()
    for r in cards:
        if r["group"] == "start":
            if "start_set" not in r.values:
                yield f"gift_cards/{r.id}: a starting card needs its start_set (1 to {nsets})"
            else:
                sets[r["start_set"]] += 1
        elif "start_set" in r.values:
            yield f"gift_cards/{r.id}: only starting cards have a start_set"
    for k in range(1, nsets + 1):
        if sets[k] != size:
            yield f"gift_cards: starting set {k} has {sets[k]} cards, not {size}"
    for k in sorted(set(sets) - set(range(1, nsets + 1))):
        yield f"gift_cards: there is no starting set {k}"
    values = Counter(r["value"] for r in cards)
    for v in (1, 9):
        if not values[v]:
            yield f"gift_cards: the rules need cards of value {v} (the 1-for-9 exception)"
    actions = Counter(r["action"] for r in cards)
    if not actions["none"]:
        yield "gift_cards: some cards have no card action (action 'none'); the file has none"
    for a in ("servant_1", "servants_2", "swap"):
        if not actions[a]:
            yield f"gift_cards: no card has the {shorten(a, 40)} action, which the rulebook lists"
    located = sum(actions[a] for a in LOCATIONS)
    acting = len(cards) - actions["none"]
    if located * 2 <= acting:
        yield (f"gift_cards: most card actions are location actions; only {located} of the "
               f"{acting} cards with an action show a location")


def _dice(ds: DataSet) -> Iterator[str]:
    dice = ds.table("destiny_dice")
    if len(dice) != _const(ds, "destiny_dice"):
        yield f"destiny_dice: the game has {_const(ds, 'destiny_dice')} dice, not {len(dice)}"
    for r in dice:
        bad = [f for f in r["faces"] if not 1 <= f <= 9]
        if bad:
            yield f"destiny_dice/{r.id}: faces must be gift-card values 1 to 9, not {bad}"


def _palace(ds: DataSet) -> Iterator[str]:
    most = defaultdict(int)
    for r in ds.table("player_counts"):
        most[r["board_side"]] = max(most[r["board_side"]], r["players"])
    ranks = defaultdict(list)
    for r in ds.table("palace_arrival"):
        if r["side"] not in SIDES:
            yield f"palace_arrival/{r.id}: unknown side {r['side']!r}"
        ranks[r["side"]].append(r["rank"])
    for side in SIDES:
        got = sorted(ranks[side])
        if got != list(range(1, len(got) + 1)):
            yield f"palace_arrival: side {side} ranks must run 1, 2, 3, ... without gaps, not {got}"
        if len(got) < most[side]:
            yield (f"palace_arrival: side {side} has {len(got)} arrival spots; every one of its "
                   f"{most[side]} players must be able to arrive")


def _jade(ds: DataSet) -> Iterator[str]:
    per_side = Counter()
    for r in ds.table("jade_houses"):
        bad = [s for s in r["sides"] if s not in SIDES] + (["(repeated)"] if len(set(r["sides"])) != len(r["sides"]) else [])
        if bad:
            yield f"jade_houses/{r.id}: sides must be distinct values from {', '.join(SIDES)}"
        for s in set(r["sides"]):
            per_side[s] += r["jade"]
    for side in SIDES:
        if not per_side[side]:
            yield f"jade_houses: side {side} has no house with jade"
        elif per_side[side] > _const(ds, "jade_tokens"):
            yield f"jade_houses: side {side} puts {per_side[side]} jade on houses; the game has {_const(ds, 'jade_tokens')}"
    have = {r["jade"]: r for r in ds.table("jade_scoring")}
    for n, vp in JADE_TABLE.items():
        if n not in have:
            yield f"jade_scoring: no record for {n} jade (the rulebook gives {vp} VP)"
        elif have[n]["vp"] != vp:
            yield f"jade_scoring/{have[n].id}: {n} jade score {vp} VP, not {have[n]['vp']}"
    for n in sorted(set(have) - set(JADE_TABLE)):
        yield f"jade_scoring/{have[n].id}: the table stops at 5 jade; beyond that each jade adds jade_vp_beyond_five"


def _decrees(ds: DataSet) -> Iterator[str]:
    decs = ds.table("decrees")
    if len(decs) != _const(ds, "decrees"):
        yield f"decrees: the game has {_const(ds, 'decrees')} decrees, not {len(decs)}"
    levels = Counter(r["level"] for r in decs)
    for lv in (1, 2, 3):
        if levels[lv] != _const(ds, "decrees_per_level"):
            yield f"decrees: level {lv} has {levels[lv]} decrees, not {_const(ds, 'decrees_per_level')}"
    for r in decs:
        top = [e["kind"] for e in r["effects"]]
        if r["level"] == 1 and not any(e["kind"] == "perk" and e["when"] == "morning" for e in r["effects"]):
            yield f"decrees/{r.id}: a level-1 decree carries the Morning symbol (a morning perk)"
        if r["level"] != 1 and "perk" in top:
            yield f"decrees/{r.id}: only level-1 decrees have morning perks"
        if r["level"] == 3 and (not top or any(k != "vp_end" for k in top)):
            yield f"decrees/{r.id}: a level-3 decree gives VP only at the end (vp_end effects only)"
        if r["level"] != 3 and "vp_end" in top:
            yield f"decrees/{r.id}: only level-3 decrees score at the end (vp_end)"


def _canal(ds: DataSet) -> Iterator[str]:
    rewards = {r.id for r in ds.table("port_rewards")}
    routes = defaultdict(list)
    for r in ds.table("canal_ports"):
        routes[(r["side"], r["route"])].append(r)
        for w in r["rewards"]:
            if w not in rewards:
                yield f"canal_ports/{r.id}: unknown reward {w!r}"
        if len(set(r["rewards"])) != len(r["rewards"]):
            yield f"canal_ports/{r.id}: a reward is listed twice"
    want_routes = {side: {r["canal_routes"] for r in ds.table("player_counts") if r["board_side"] == side}
                   for side in SIDES}
    for side in SIDES:
        n = len([k for k in routes if k[0] == side])
        if n not in want_routes[side]:
            yield f"canal_ports: side {side} has {n} route(s), not {', '.join(map(str, sorted(want_routes[side])))}"
    for (side, route), ports in routes.items():
        ports.sort(key=lambda r: r["position"])
        pos = [r["position"] for r in ports]
        if pos != list(range(1, len(pos) + 1)) or len(pos) < 2:
            yield f"canal_ports: route {route!r} of side {side} needs positions 1, 2, ... (at least 2), not {pos}"
        elif ports[0]["rewards"]:
            yield f"canal_ports/{ports[0].id}: the starting port of a route has no reward"
    main = [k for k in routes if k[0] == "2-3"]
    want = [("Beijing", []), ("Cangzhou", ["vp4"]), ("Jining", ["card"]), ("Huai'an", ["foreman"]),
            ("Hangzhou", ["vp4", "card", "foreman"])]
    if len(main) == 1:
        ports = routes[main[0]]
        if len(ports) != len(want):
            yield f"canal_ports: the 2-3 side route has {len(want)} ports (Beijing to Hangzhou), not {len(ports)}"
        for r, (name, rewards) in zip(ports, want):
            if r["name"] != name or sorted(r["rewards"]) != sorted(rewards):
                yield (f"canal_ports/{r.id}: port {r['position']} of the 2-3 route is {name} with "
                       f"reward(s) {', '.join(rewards) or 'none'}")


def _port_rewards(ds: DataSet) -> Iterator[str]:
    want = {"vp4": (3, [{"kind": "gain", "what": "vp", "amount": 4}]),
            "card": (2, [{"kind": "draw_card", "amount": 1}]),
            "foreman": (1, [{"kind": "unlock_foreman"}])}
    have = {r.id: r for r in ds.table("port_rewards")}
    for k, (limit, effects) in want.items():
        if k not in have:
            yield f"port_rewards/{k}: missing"
        elif have[k]["limit"] != limit or list(have[k]["effects"]) != effects:
            yield f"port_rewards/{k}: the rulebook gives limit {limit} and effects {effects}"
    for k in sorted(set(have) - set(want)):
        yield f"port_rewards/{k}: not a reward of the rulebook"


def _benefits(ds: DataSet) -> Iterator[str]:
    want = {1: [{"kind": "gain", "what": "servants", "amount": 1}],
            3: [{"kind": "gain", "what": "servants", "amount": 2}],
            5: [{"kind": "set_die"}],
            7: [{"kind": "gain", "what": "jade", "amount": 1}]}
    return _effects_by(ds, "intrigue_benefits", "steps", want, "benefit for {n} steps", "steps")


def _day_income(ds: DataSet) -> Iterator[str]:
    days = Counter(r["day"] for r in ds.table("day_income"))
    for d in range(1, _const(ds, "days") + 1):
        if days[d] != 1:
            yield f"day_income: day {d} needs exactly one record, not {days[d]}"


_NAMES = (("locations", "name_en"), ("locations", "name_es"), ("cities", "name"),
          ("token_kinds", "name"), ("decrees", "name"), ("canal_ports", "name"))


def _names(ds: DataSet) -> Iterator[str]:
    """Every name the boards and sentences show is written (an empty one would leave a place
    without a label, or a sentence without its subject)."""
    for table, field in _NAMES:
        for r in ds.table(table):
            if not str(r[field]).strip():
                yield f"{table}/{r.id}: {field} is empty"


_SIDE = Field(str, choices=SIDES)
SCHEMA = Schema(
    game="gugong",
    filename="data.json",
    tables={
        "constants": {"value": Field(int, 0, 99)},
        "tracks": {"length": Field(int, 1, 40), "start": Field(int, 0, 1)},
        "player_counts": {"players": Field(int, 2, 5), "board_side": _SIDE,
                          "wall_threshold": Field(int, 1, 20), "canal_routes": Field(int, 1, 2)},
        "locations": {"position": Field(int, 1, 7), "name_es": Field(str), "name_en": Field(str),
                      "has_paid": Field(bool)},
        "cities": {"side": _SIDE, "name": Field(str), "x": Field(int, 0, 100), "y": Field(int, 0, 100)},
        "roads": {"side": _SIDE, "a": Field(str), "b": Field(str)},
        "map_spaces": {"side": _SIDE, "kind": Field(str, choices=("token_pile",)),
                       "x": Field(int, 0, 100), "y": Field(int, 0, 100)},
        "token_kinds": {"name": Field(str), "effects": Effects(list, min=1, context="token")},
        "token_counts": {"count": Field(int, 1, 32)},
        "token_trades": {"tokens": Field(int, 1, 12), "effects": Effects(list, min=1)},
        "gift_cards": {"value": Field(int, 1, 9), "action": Field(str, choices=CARD_ACTIONS),
                       "group": Field(str, choices=CARD_GROUPS), "start_set": Field(int, 1, 5, optional=True)},
        "destiny_dice": {"faces": Field(list, 6, 6, items=int)},
        "palace_arrival": {"side": _SIDE, "rank": Field(int, 1, 10), "vp": Field(int, 0, 50)},
        "jade_houses": {"sides": Field(list, 1, 2, items=str), "cost": Field(int, 1, 10), "jade": Field(int, 1, 20)},
        "jade_scoring": {"jade": Field(int, 1, 20), "vp": Field(int, 0, 100)},
        "decrees": {"level": Field(int, 1, 3), "cost": Field(int, 0, 10), "name": Field(str),
                    "effects": Effects(list, min=1, context="decree")},
        "canal_ports": {"side": _SIDE, "route": Field(str), "position": Field(int, 1, 10),
                        "name": Field(str), "rewards": Field(list, items=str)},
        "port_rewards": {"limit": Field(int, 1, 5), "effects": Effects(list, min=1)},
        "intrigue_benefits": {"steps": Field(int, 1, 14), "effects": Effects(list, min=1)},
        "day_income": {"day": Field(int, 1, 4), "servants": Field(int, 0, 12)},
    },
    facts=(
        Fact("rulebook numbers", _constants),
        Fact("names: every place, token and decree has one", _names),
        Fact("tracks: Intrigue 14, Palace 8, 4 days, wall long enough", _tracks),
        Fact("player counts: board side, wall threshold 4/5/6/7, canal routes", _player_counts),
        Fact("the 7 locations in board order", _locations),
        Fact("map: cities leave an even number of tokens; roads join cities of one side; connected", _map),
        Fact("map: 2 token piles per side", _map_spaces),
        Fact("travel tokens: 12 kinds, one double, 32 in all", _tokens),
        Fact("token trades: 2/4/6 tokens for 1 servant / 2 VP / 1 jade", _trades),
        Fact("gift cards: 38, split 7 set-up / 5x4 starting / 11 draw", _cards),
        Fact("destiny dice: 3 dice of 6 faces 1 to 9", _dice),
        Fact("palace: an arrival spot for every player", _palace),
        Fact("jade: houses and the 1/3/6/10/15 table", _jade),
        Fact("decrees: 15, 5 per level; level 1 morning, level 3 end-game only", _decrees),
        Fact("canal: routes per side; the 2-3 route of the rulebook", _canal),
        Fact("port rewards: 4 VP x3, card x2, foreman x1", _port_rewards),
        Fact("Intrigue benefits: 1/3/5/7 steps", _benefits),
        Fact("day income: one record per day", _day_income),
    ),
)


# ---- the compact tables the rules read ------------------------------------------------------
UNKNOWN = -1
"""The index of a card or token a player's view does not show (every table below ends with a
neutral entry for it, so index -1 reads as "unknown" everywhere)."""


def compile_effects(effects: Any) -> tuple:
    """Effect records (validated dicts) as nested tuples the interpreter reads fast:
    ``(kind, *fields)`` in the order of :data:`EFFECT_KINDS`; nested lists become tuples.

    >>> compile_effects([{"kind": "gain", "what": "vp", "amount": 2}])
    (('gain', 'vp', 2),)
    >>> compile_effects([{"kind": "pay_for", "cost": {"what": "servants", "amount": 3},
    ...                   "effects": [{"kind": "gain", "what": "jade", "amount": 1}]}])
    (('pay_for', ('servants', 3, 0, 0), (('gain', 'jade', 1),)),)
    """
    out = []
    for e in effects:
        kind = e["kind"]
        if kind == "gain":
            out.append(("gain", e["what"], e["amount"]))
        elif kind == "advance":
            out.append(("advance", e["track"], e["steps"]))
        elif kind == "pay_for":
            c = e["cost"]
            if c["what"] == "hand_card":
                cost = ("hand_card", 0, c.get("min_value", 1), c.get("max_value", 9))
            else:
                cost = (c["what"], c["amount"], 0, 0)
            out.append(("pay_for", cost, compile_effects(e["effects"])))
        elif kind == "place_servant":
            out.append(("place_servant", e["where"], e["source"], e["amount"]))
        elif kind == "swap_card":
            out.append(("swap_card", tuple(e["from"])))
        elif kind == "draw_card":
            out.append(("draw_card", e["amount"]))
        elif kind == "choose":
            out.append(("choose", tuple(compile_effects(o) for o in e["options"])))
        elif kind == "token_value":
            out.append(("token_value", e["amount"]))
        elif kind == "perk":
            out.append(("perk", e["when"], compile_effects(e["effects"])))
        elif kind == "on_action":
            out.append(("on_action", e["location"], compile_effects(e["effects"])))
        elif kind == "discount":
            out.append(("discount", e["on"], e["amount"]))
        elif kind == "vp_end":
            out.append(("vp_end", e["per"], e["vp"], e.get("every", 1), e.get("max", 0)))
        else:                                   # set_die, retrieve_card, unlock_foreman
            out.append((kind,))
    return tuple(out)


class Book:
    """Gùgōng's data for one player count, as plain tuples indexed by small integers.

    Cards, token kinds, cities, houses, decrees and ports are numbered in data order; every card
    and token table ends with a neutral entry for :data:`UNKNOWN` (index -1), which a player's
    view uses for what it hides. Everything printed per board side (map, ports, arrival spots,
    jade houses) is read for this player count's side only (gugong.assume.board-sides).
    """

    _cache: dict = {}

    @classmethod
    def of(cls, ds: DataSet, players: int) -> Book:
        """The book of a data set for ``players`` (built once per distinct data and count)."""
        key = (ds.digest, ds.origin, players)
        book = cls._cache.get(key)
        if book is None:
            book = cls._cache[key] = cls(ds, players)
        return book

    def __reduce__(self):
        return (Book.of, (self.data, self.players))

    def __deepcopy__(self, memo: dict) -> Book:
        return self

    def __init__(self, ds: DataSet, players: int):
        self.data = ds
        self.players = players
        c = {r.id: r["value"] for r in ds.table("constants")}
        self.c = c
        pc = next(r for r in ds.table("player_counts") if r["players"] == players)
        self.side = side = pc["board_side"]
        self.threshold = pc["wall_threshold"]
        tracks = {r.id: r for r in ds.table("tracks")}
        self.wall_length = tracks["wall"]["length"]
        self.intrigue_max = tracks["intrigue"]["length"]
        self.palace_steps = tracks["palace"]["length"]
        self.days = c["days"]
        # locations, in board order
        locs = sorted(ds.table("locations"), key=lambda r: r["position"])
        self.locations = tuple(r.id for r in locs)
        self.location_index = {loc: i for i, loc in enumerate(self.locations)}
        self.location_name = {r.id: r["name_en"] for r in locs}
        self.location_name_es = {r.id: r["name_es"] for r in locs}
        # gift cards (index -1: an unknown card, as views show hidden ones)
        cards = ds.table("gift_cards")
        self.card_ids = tuple(r.id for r in cards) + ("?",)
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids[:-1])}
        order = sorted(range(len(self.card_ids)), key=self.card_ids.__getitem__)
        self.card_rank = tuple(order.index(i) for i in range(len(self.card_ids)))
        real = len(self.card_ids) - 1
        # card ids sort as their indices do (the unknown card, index -1, first): lists of card
        # actions can then be ordered by index
        self.ids_in_order = order == [real] + list(range(real))
        self._exchange = None
        self.value = tuple(r["value"] for r in cards) + (0,)
        self.card_action = tuple(r["action"] for r in cards) + ("none",)
        self.card_group = tuple(r["group"] for r in cards) + ("",)
        self.setup_cards = tuple(i for i, r in enumerate(cards) if r["group"] == "setup")
        self.draw_cards = tuple(i for i, r in enumerate(cards) if r["group"] == "draw")
        sets = defaultdict(list)
        for i, r in enumerate(cards):
            if r["group"] == "start":
                sets[r["start_set"]].append(i)
        self.start_sets = {k: tuple(v) for k, v in sorted(sets.items())}
        self.start_cards = tuple(i for k in sorted(sets) for i in sets[k])
        # destiny dice
        dice = ds.table("destiny_dice")
        self.dice_ids = tuple(r.id for r in dice)
        self.die_faces = tuple(tuple(r["faces"]) for r in dice)
        self.die_index = {d: i for i, d in enumerate(self.dice_ids)}
        # travel tokens (index -1: a face-down token a view does not show)
        kinds = ds.table("token_kinds")
        counts = {r.id: r["count"] for r in ds.table("token_counts")}
        self.token_ids = tuple(r.id for r in kinds) + ("?",)
        self.token_index = {t: i for i, t in enumerate(self.token_ids[:-1])}
        self.token_names = tuple(r["name"] for r in kinds) + ("a face-down token",)
        compiled = [compile_effects(r["effects"]) for r in kinds]
        self.token_value = tuple(next((e[1] for e in fx if e[0] == "token_value"), 1)
                                 for fx in compiled) + (1,)
        self.token_effects = tuple(tuple(e for e in fx if e[0] != "token_value")
                                   for fx in compiled) + ((),)
        self.token_counts = tuple(counts[r.id] for r in kinds)
        self.all_tokens = tuple(k for k, n in enumerate(self.token_counts) for _ in range(n))
        trades = sorted(ds.table("token_trades"), key=lambda r: r["tokens"])
        self.trades = tuple((r["tokens"], compile_effects(r["effects"])) for r in trades)
        self.trade_effects = dict(self.trades)
        self.token_limit = c["token_limit"]
        # the map of this side
        cities = [r for r in ds.table("cities") if r["side"] == side]
        self.city_ids = tuple(r.id for r in cities)
        self.city_index = {cid: i for i, cid in enumerate(self.city_ids)}
        self.city_names = tuple(r["name"] for r in cities)
        self.city_xy = tuple((r["x"], r["y"]) for r in cities)
        adj = defaultdict(set)
        for r in ds.table("roads"):
            if r["side"] == side:
                a, b = self.city_index[r["a"]], self.city_index[r["b"]]
                adj[a].add(b)
                adj[b].add(a)
        self.adjacent = tuple(tuple(sorted(adj[i])) for i in range(len(cities)))
        self.roads = tuple(sorted((min(a, b), max(a, b)) for a in adj for b in adj[a] if a < b))
        self.pile_xy = tuple((r["x"], r["y"]) for r in ds.table("map_spaces") if r["side"] == side)
        # palace arrival spots of this side: VP by rank
        spots = sorted((r for r in ds.table("palace_arrival") if r["side"] == side),
                       key=lambda r: r["rank"])
        self.arrival_vp = tuple(r["vp"] for r in spots)
        # jade houses of this side
        houses = [r for r in ds.table("jade_houses") if side in r["sides"]]
        self.house_ids = tuple(r.id for r in houses)
        self.house_index = {h: i for i, h in enumerate(self.house_ids)}
        self.house_cost = tuple(r["cost"] for r in houses)
        self.house_jade = tuple(r["jade"] for r in houses)
        self.jade_table = {r["jade"]: r["vp"] for r in ds.table("jade_scoring")}
        self.jade_vps = tuple(jade_vp(j, self.jade_table, c["jade_vp_beyond_five"])
                              for j in range(c["jade_tokens"] + 1))
        # decrees (all 15; six are drawn into play)
        decs = ds.table("decrees")
        self.decree_ids = tuple(r.id for r in decs)
        self.decree_index = {d: i for i, d in enumerate(self.decree_ids)}
        self.decree_level = tuple(r["level"] for r in decs)
        self.decree_cost = tuple(r["cost"] for r in decs)
        self.decree_names = tuple(r["name"] for r in decs)
        self.decree_effects = tuple(compile_effects(r["effects"]) for r in decs)
        self.levels = tuple(sorted(set(self.decree_level)))
        per = c["decrees_in_play_per_level"]
        self.decree_slot_level = tuple(lv for lv in self.levels for _ in range(per))
        discounts: dict = defaultdict(dict)
        for d, fx in enumerate(self.decree_effects):
            for e in fx:
                if e[0] == "discount":
                    discounts[e[1]][d] = discounts[e[1]].get(d, 0) + e[2]
        self.discounts = dict(discounts)
        self.decree_immediate = tuple(tuple(e for e in fx if e[0] in IMMEDIATE_KINDS)
                                      for fx in self.decree_effects)
        # canal routes of this side: per route, its ports in order
        ports = defaultdict(list)
        for r in ds.table("canal_ports"):
            if r["side"] == side:
                ports[r["route"]].append(r)
        self.routes = tuple(sorted(ports))
        self.ports = tuple(tuple(sorted(ports[rt], key=lambda r: r["position"])) for rt in self.routes)
        self.port_ids = tuple(tuple(r.id for r in route) for route in self.ports)
        self.port_names = tuple(tuple(r["name"] for r in route) for route in self.ports)
        self.port_rewards = tuple(tuple(tuple(r["rewards"]) for r in route) for route in self.ports)
        self.port_index = {r.id: (ri, pi) for ri, route in enumerate(self.ports)
                           for pi, r in enumerate(route)}
        rewards = ds.table("port_rewards")
        self.reward_ids = tuple(r.id for r in rewards)
        self.reward_index = {w: i for i, w in enumerate(self.reward_ids)}
        self.reward_limit = tuple(r["limit"] for r in rewards)
        self.reward_effects = tuple(compile_effects(r["effects"]) for r in rewards)
        self.ship_capacity = c["ship_capacity"]
        self.ships = c["ships_per_player"]
        # Intrigue benefits, by steps
        bens = sorted(ds.table("intrigue_benefits"), key=lambda r: r["steps"])
        self.benefits = tuple((r["steps"], compile_effects(r["effects"])) for r in bens)
        self.benefit_effects = dict(self.benefits)
        self.income = {r["day"]: r["servants"] for r in ds.table("day_income")}
        self.servants = c["servants_per_player"]

    def exchange_actions(self) -> list:
        """``exchange(give, take)`` for every pair of cards, by card index (made once)."""
        if self._exchange is None:
            from ._actions import exchange
            ids = self.card_ids
            self._exchange = [[exchange(ids[g], ids[t]) for t in range(len(ids))]
                              for g in range(len(ids))]
        return self._exchange

    # ---- small queries -----------------------------------------------------------------
    def location_label(self, loc: str) -> str:
        return self.location_name.get(loc, loc)

    def card_text(self, card: int) -> str:
        """'the 7 (Travel) g12': how a sentence names a gift card."""
        if card == UNKNOWN:
            return "a face-down card"
        action = self.card_action[card]
        what = self.location_name.get(action) or {
            "servant_1": "+1 servant", "servants_2": "+2 servants", "swap": "swap",
            "none": "no action"}[action]
        return f"the {self.value[card]} ({what})"

    def decree_text(self, d: int) -> str:
        """'decree “2 VP now; …” (level 2)': a decree as players name it (by what it says)."""
        return f"decree “{self.decree_names[d]}” (level {self.decree_level[d]})"

    def house_text(self, h: int) -> str:
        """'jade house 3': the houses counted from the left, as the board draws them."""
        return f"jade house {h + 1}"

    def port_text(self, route: int, pos: int) -> str:
        """'port 3 (Jining)'; with two routes 'port 3 of route B (Jining)'."""
        name = self.port_names[route][pos]
        if len(self.routes) == 1:
            return f"port {pos + 1} ({name})"
        tag = f" (route {self.routes[route].upper()})"
        if name.endswith(tag):
            name = name[:-len(tag)]
        return f"port {pos + 1} of route {self.routes[route].upper()} ({name})"

    def jade_vp(self, jade: int) -> int:
        """gugong.end.jade: 1/3/6/10/15 VP for 1 to 5 jade, then 2 VP for each jade beyond 5
        (read from ``jade_vps``, worked out for up to all the jade tokens of the game)."""
        vps = self.jade_vps
        if 0 <= jade < len(vps):
            return vps[jade]
        return jade_vp(jade, self.jade_table, self.c["jade_vp_beyond_five"])


def load_data(path: str | Path | None = None) -> DataSet:
    """The shipped Gùgōng data, or your own data file (validated the same way)."""
    return _load(SCHEMA, path)
