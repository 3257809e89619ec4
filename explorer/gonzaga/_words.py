"""Words for a position: labels, what the game waits for, a sentence per action, and the
board's hooks (click targets, legend).

Places are named the way a board labels them, once, here:

- a hex by a column letter and a row number of the printed grid (``hex_label``: "K7"; columns
  run west to east along each row, rows north to south; a map with more than 26 columns goes on
  with AA, AB, ...), with what it shows: "K7 (city C05, Francia)", "B4 (port P03 of Mare
  Germanicum, Britannia)", "C9 (sea, Sea 3 (west))";
- a region by its printed name ("Europa Orientalis"), a sea by its name, a city or a port by its
  name where the data gives one, else by its id;
- a fief by its number ("fief 50") and its card by the card's number ("card 52");
- a seat as "Player 2 (yellow)", in the colour of its pieces (seat 1 red, 2 yellow, 3 green,
  4 blue: gonzaga.assume.seat-colours).

Click targets (``explain_target``) are JSON lists a board puts on what it draws:
``["hex", q, r]``, ``["region", region id]``, ``["sea", sea id]``, ``["seal", region id]``,
``["card", player, card]`` (a planning card: a region id, "inactive", "A", "B", "C" or "king"),
``["plan", player]`` (the face-down plan), ``["objective", player]``, ``["deck", player]``,
``["fief", player]`` (this round's fief), ``["rings", player]``, ``["church"]``,
``["gonzaga"]`` (the Gonzaga tile), ``["scenario"]`` and ``["last_turn"]`` (the Last Turn card).
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import svg
from .._action import Action
from .._errors import IllegalAction, NotYourTurn, shorten
from ._actions import OBJECTIVE, OVER, PLACE, PLAN, REVEAL, RING, SCENARIO, place, ring
from ._book import INACTIVE_CARD, KING_CARD
from ._plan import ACTION_NAMES

__all__ = ["player_label", "player_colour", "hex_label", "hex_text", "hexes_text", "region_list",
           "lies_in", "fief_name", "rotation_text", "awaiting", "awaiting_chance", "turn_label",
           "status", "describe", "describe_chance_run", "explain_target", "legend",
           "COLOUR_HEX", "REGION_HEX", "SEA_HEX", "card_name"]

COLOUR_HEX = {"red": "#c0392b", "yellow": "#d4a400", "green": "#2e8b3a", "blue": "#2e6fb5"}
"""How the board draws each colour of pieces."""
REGION_HEX = ("#e8c39e", "#c9d99b", "#f0dc8c", "#c8b8dc", "#a8d0c0", "#e6b3b3")
"""Land colours, one per region (in data order)."""
SEA_HEX = ("#9ec5e8", "#8fb9e0", "#a9cdea", "#98c0e4", "#b3d3ee", "#88b3dc")


def player_colour(s, p: int) -> tuple[str, str]:
    """The seat's colour as (name, hex): the data's colours in order (gonzaga.assume.seat-colours)."""
    book = s.book
    cid = book.colours[p % len(book.colours)]
    return cid, COLOUR_HEX.get(cid, "#777777")


def player_label(s, p: int) -> str:
    """How the board names a seat: 'Player 2 (yellow)'."""
    return f"Player {p + 1} ({player_colour(s, p)[0]})"


# ---- places -------------------------------------------------------------------------------------
def hex_label(s, q: Any, r: Any = None) -> str:
    """A hex's label ("K7"), given (q, r) or a hex index; a hex off the map is "(q, r)"."""
    geo = s.book.geo
    if r is None:
        if type(q) is int and 0 <= q < geo.n:
            return geo.label(q)
        return f"hex {shorten(q, 30)}"
    i = geo.index.get((q, r)) if type(q) is int and type(r) is int else None
    return geo.label(i) if i is not None else f"({shorten(q, 20)}, {shorten(r, 20)})"


def hex_text(s, i: int) -> str:
    """Hex ``i`` with what it shows: 'K7 (city C05, Francia)'."""
    book = s.book
    geo = book.geo
    label = geo.label(i)
    if geo.city[i] >= 0:
        c = geo.city[i]
        return f"{label} (city {book.city_names[c]}, {book.region_names[book.city_region[c]]})"
    if geo.port[i] >= 0:
        k = geo.port[i]
        return (f"{label} (port {book.port_names[k]} of {book.sea_names[book.port_sea[k]]}, "
                f"{book.region_names[book.port_region[k]]})")
    if geo.region[i] >= 0:
        return f"{label} ({book.region_names[geo.region[i]]})"
    sea = geo.sea[i]
    return f"{label} (sea, {book.sea_names[sea]})" if sea >= 0 else f"{label} (sea)"


def hexes_text(s, hexes: Sequence[int]) -> str:
    shown = [hex_text(s, i) for i in hexes]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def region_list(book, regions: int) -> str:
    names = [book.region_names[k] for k in range(len(book.region_ids)) if regions >> k & 1]
    if len(names) <= 1:
        return "".join(names) or "no region"
    return ", ".join(names[:-1]) + " and " + names[-1]


def lies_in(s, cells: Sequence[int]) -> str:
    """Where a placement lies, in words: 'in Italia and at sea'."""
    geo = s.book.geo
    regs = 0
    sea = False
    for i in cells:
        if i is None:
            continue
        if geo.region[i] >= 0:
            regs |= 1 << geo.region[i]
        else:
            sea = True
    parts = []
    if regs:
        parts.append("in " + region_list(s.book, regs))
    if sea:
        parts.append("at sea")
    return " and ".join(parts) or "nowhere on the map"


def fief_name(book, f: int) -> str:
    return f"fief {book.fief_numbers[f]}"


def rotation_text(rot: int) -> str:
    return "unturned" if rot == 0 else f"turned {60 * rot}° clockwise"


def card_name(book, card: str) -> str:
    """A planning card's name: 'the Francia card', 'action card B (cities)', ..."""
    if card == KING_CARD:
        return "the King's Privilege"
    if card in ACTION_NAMES:
        return f"action card {ACTION_NAMES[card]}"
    if card == INACTIVE_CARD:
        return "the inactive-regions card"
    return f"the {book.region_card_name(card)} card"


def _plan_text(book, plan) -> str:
    region = book.region_card_name(plan.region)
    if plan.region != INACTIVE_CARD:
        region = f"region card {region}"
    king = "the King's Privilege, " if plan.king else ""
    return f"{king}{region} and action card {ACTION_NAMES.get(plan.action, plan.action)}"


# ---- what the game waits for ----------------------------------------------------------------
def awaiting_chance(s) -> str:
    ph = s.phase
    if ph == SCENARIO:
        return "the scenario tile is being drawn"
    if ph == OBJECTIVE:
        return f"a hidden objective card is being dealt to {player_label(s, s.turn)}"
    if ph == REVEAL:
        return f"{player_label(s, s.turn)} turns up the top card of their fief deck"
    return "no chance event"


def awaiting(s) -> str:
    """What the game waits for, in words."""
    ph = s.phase
    if ph == OVER:
        return "the game is over"
    if ph in (SCENARIO, OBJECTIVE, REVEAL):
        return awaiting_chance(s)
    if ph == PLAN and s.turn >= s.players:
        return ("every plan is committed; the reveal needs the hidden plans, so it is played on "
                "the full game state, not in this view")
    who = player_label(s, s.mover)
    book = s.book
    if ph == PLAN:
        return (f"{who} must plan in secret: a region card and an action card, or the King's "
                "Privilege with a region card and a committed action card")
    p = s.mover
    fief = fief_name(book, s.fiefs[p])
    if ph == RING:
        return (f"{who} may put a second wedding ring next to the first (on "
                f"{book.geo.label(s.pending[0])}), or end the wedding")
    plan = s.plans[p]
    wedding = " or hold a wedding" if plan.action == "C" and s.rings[p] else ""
    return (f"{who} must place {fief} ({_plan_text(book, plan)}){wedding}, or donate it to the "
            "church")


def turn_label(s) -> str:
    """'Round 3 · Player 2 (yellow)'; the set-up, a round's fief cards and its planning have
    their own labels (planning shows as one step, whoever plans)."""
    ph = s.phase
    if ph == OVER:
        return "End"
    if ph in (SCENARIO, OBJECTIVE):
        return "Set-up"
    if ph == REVEAL:
        return f"Round {s.round} · Fief cards"
    if ph == PLAN:
        return f"Round {s.round} · Planning"
    return f"Round {s.round} · {player_label(s, s.mover)}"


def status(s) -> str:
    if s.is_over:
        r = s.result()
        return f"Game over after {s.round} rounds. Scores: {', '.join(map(str, r.totals))}. {r.explanation}"
    if s.round == 0:
        return f"Set-up: {awaiting(s)}."
    last = (" (the last round)" if s.round == s.last_round else
            f" (round {s.last_round} is the last)" if s.last_round else "")
    return f"Round {s.round}{last}: {awaiting(s)}."


# ---- a sentence per action -------------------------------------------------------------------
def describe(s, a: Action) -> str:
    """A sentence for ``a`` played here (a board's history line)."""
    try:
        return _describe(s, a)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError, StopIteration):
        # a move these words cannot place here (a masked or a foreign one): what it is, not how
        # the engine spells it
        if s.is_chance_node:
            return _cap(awaiting_chance(s)) + "."
        kind = _KINDS.get(a.kind, "makes a move")
        return f"{player_label(s, s.mover)} {kind}." if s.mover >= 0 else f"A move: {kind}."


_KINDS = {"plan": "plans in secret", "privilege": "plans in secret with the King's Privilege",
          "place": "places their fief", "ring": "puts a ring on the map", "done": "ends the wedding",
          "church": "donates their fief to the church"}


def _points(g) -> str:
    bits = []
    if g.features:
        bits.append(f"{g.features} for cities and ports")
    if g.league_points:
        bits.append(f"{g.league_points} for a sea league")
    return f", scoring {' and '.join(bits)}" if bits else ", scoring nothing"


def _describe(s, a: Action) -> str:
    from ._score import gain
    book = s.book
    geo = book.geo
    k, args = a.kind, a.args
    if k == "scenario":
        i = book.scenario_index[args[0]]
        sc = book.scenarios[i]
        return (f"Scenario tile {args[0]} is drawn: {region_list(book, sc.flourishing)} flourish; "
                f"{region_list(book, sc.inactive)} {'is' if bin(sc.inactive).count('1') == 1 else 'are'} inactive.")
    if k == "objective":
        who = player_label(s, s.turn)
        if args[0] == "?":
            return f"{who} is dealt a hidden objective card."
        o = book.objective_index[args[0]]
        syms = " and ".join(book.symbol_names[y] for y in book.objective_symbols[o])
        return f"{who} is dealt hidden objective card {args[0]} (the cities of symbols {syms})."
    if k == "reveal":
        seat = s.turn
        f = next(f for f in s.decks[seat] if book.card_number(f, seat) == args[0])
        return f"{player_label(s, seat)} turns up card {args[0]}: {fief_name(book, f)}."
    who = player_label(s, s.mover)
    if k in ("plan", "privilege"):
        if args[0] == "?":
            return f"{who} plans in secret."
        from ._book import Plan
        text = _plan_text(book, Plan(args[0], args[1], k == "privilege"))
        return f"{who} plans in secret ({text})."
    p = s.mover
    if k == "place":
        q, r, rot = args
        anchor = geo.index[(q, r)]
        e = geo.table(s.fiefs[p]).by_key[(anchor, rot)]
        g = gain(s, p, e.cells)
        return (f"{who} places {fief_name(book, s.fiefs[p])} {rotation_text(rot)} with its anchor "
                f"on {geo.label(anchor)}, covering {', '.join(geo.label(i) for i in e.cells)}"
                f"{_points(g)}.")
    if k == "ring":
        i = geo.index[args]
        g = gain(s, p, (i,))
        if s.phase == PLACE:
            return (f"{who} holds a wedding: {fief_name(book, s.fiefs[p])} goes to the box and a "
                    f"ring goes on {hex_text(s, i)}{_points(g)}.")
        return f"{who} puts a second ring on {hex_text(s, i)}{_points(g)}."
    if k == "done":
        return f"{who} ends the wedding with one ring."
    if k == "church":
        return (f"{who} donates {fief_name(book, s.fiefs[p])} to the church, scoring "
                f"{book.c['church_points']}.")
    return f"{who}: {a}"


def _cap(text: str) -> str:
    """The first letter capitalised, the rest as it is ("the Italia card" -> "The Italia card")."""
    return text[:1].upper() + text[1:]


def _chance_steps(s, actions: Sequence[Action]):
    """Each chance event of a run with the state it is played from. An objective card dealt to
    a seat the viewer may not see (``objective("?")``) cannot be played on the full game; a
    stand-in card is dealt instead, so the run goes on to the next seat (the words never name
    the hidden card)."""
    cur = s
    for a in actions:
        yield cur, a
        try:
            cur = cur.apply(a)
        except IllegalAction:
            if a.kind == "objective" and a.args and a.args[0] == "?" and cur.is_chance_node:
                try:
                    cur = cur.apply(cur.chance_outcomes()[0][0])
                except (IllegalAction, IndexError):
                    pass


def describe_chance_run(s, actions: Sequence[Action]) -> str:
    """One sentence for a run of chance events: the set-up, or a round's fief cards."""
    parts, cards = [], []
    for cur, a in _chance_steps(s, actions):
        if a.kind == "reveal" and cur.phase == REVEAL:
            seat = cur.turn
            f = next((f for f in cur.decks[seat] if cur.book.card_number(f, seat) == a.args[0]), None)
            shown = f"{player_label(cur, seat)} card {a.args[0]}"
            cards.append(shown + (f" ({fief_name(cur.book, f)})" if f is not None else ""))
        else:
            parts.append(describe(cur, a).rstrip("."))
    if cards:
        parts.append("Fief cards turned up: " + "; ".join(cards))
    return ". ".join(parts) + "." if parts else ""


# ---- click targets ---------------------------------------------------------------------------
_SHAPES = {"hex": 2, "region": 1, "sea": 1, "seal": 1, "card": 2, "plan": 1, "objective": 1,
           "deck": 1, "fief": 1, "rings": 1, "church": 0, "gonzaga": 0, "scenario": 0,
           "last_turn": 0}
_TYPES = {"hex": (int, int), "region": (str,), "sea": (str,), "seal": (str,), "card": (int, str),
          "plan": (int,), "objective": (int,), "deck": (int,), "fief": (int,), "rings": (int,)}


def _not_a_target(target: Any) -> IllegalAction:
    """A click on nothing the game knows (the drawing's background, a stale or made-up target)."""
    return IllegalAction("not-a-target", "engine.legal",
                         "Nothing is played there: click a hex of the map, a card, a panel or a "
                         "choice of \"What can I do now?\".")


def explain_target(s, target: Any) -> IllegalAction | None:
    """Why a click on ``target`` (see the module docstring) plays nothing now, naming the rule;
    None when it stands for a legal action (a hex where the fief or a ring may go now)."""
    if not isinstance(target, (list, tuple)) or not target or type(target[0]) is not str:
        return _not_a_target(target)
    kind, args = target[0], tuple(target[1:])
    if kind not in _SHAPES or len(args) != _SHAPES[kind]:
        return _not_a_target(target)
    if any(type(v) is not t for v, t in zip(args, _TYPES.get(kind, ()))):
        return _not_a_target(target)
    book = s.book
    if kind in ("card", "plan", "objective", "deck", "fief", "rings") and not 0 <= args[0] < s.players:
        return _not_a_target(target)
    if kind in ("region", "seal") and args[0] not in book.region_index:
        return _not_a_target(target)
    if kind == "sea" and args[0] not in book.sea_ids:
        return _not_a_target(target)
    if kind == "objective":
        return _objective_target(s, args[0])
    if kind == "plan":
        return _plan_target(s, args[0])
    if kind == "gonzaga":
        return IllegalAction("end-bonus", "gonzaga.setup.gonzaga-tile",
                             "The Gonzaga tile lies beside the board until the end: then every "
                             "player tied for the most connected pieces scores "
                             f"{book.c['gonzaga_points']}.")
    if kind == "last_turn":
        above = s.last_turn_card()
        holder = player_label(s, s.info.option("oldest", 0))
        where = ("is discarded: " + (f"round {s.last_round} is the last" if s.last_round else "the game is over")
                 if above is None else f"is on top of {holder}'s deck" if above == 0 else
                 f"lies under {above} card(s) of {holder}'s deck")
        return IllegalAction("last-turn-card", "gonzaga.end.last-turn-check",
                             f"The Last Turn card {where}. After round 6, and each round after until "
                             "it is discarded, the flourishing cities and ports still uncovered are "
                             f"counted (now {_uncovered(s)}); three or fewer make the next round "
                             "the last.")
    if kind == "scenario":
        return IllegalAction("scenario-fixed", "gonzaga.setup.scenario",
                             "The scenario tile was drawn at set-up; it says which regions "
                             "flourish for the whole game.")
    if kind in ("region", "seal"):
        k = book.region_index[args[0]]
        flourishing = s.scenario >= 0 and book.scenarios[s.scenario].flourishing >> k & 1
        rule = "gonzaga.setup.flourishing" if flourishing else "gonzaga.setup.inactive"
        state = ("flourishes (its seal face up): its cities and ports score 3" if flourishing else
                 "is inactive (its seal face down): its cities and ports score 1, and its region "
                 "card is out of the game: the inactive-regions card plays there")
        if s.scenario < 0:
            state, rule = "waits for the scenario tile", "gonzaga.setup.scenario"
        return IllegalAction("a-region", rule, f"{book.region_names[k]} {state}. Now {awaiting(s)}.")
    if kind == "sea":
        k = book.sea_ids.index(args[0])
        return IllegalAction("a-sea", "gonzaga.score.sea-league",
                             f"{book.sea_names[k]}: a player whose fiefs and rings cover 3 of its "
                             f"{sum(1 for x in book.port_sea if x == k)} ports forms a sea league "
                             f"({book.c['sea_league_points']} points, once). Now {awaiting(s)}.")
    if kind == "church":
        if s.phase == PLACE:
            return None
        return IllegalAction("church", "gonzaga.church.donate",
                             "A player may donate their fief to the church on their turn in phase "
                             f"4, for {book.c['church_points']} points. Now {awaiting(s)}.")
    if kind == "hex":
        return _hex_target(s, *args)
    p = args[0]
    who = player_label(s, p)
    if kind == "card":
        return _card_target(s, p, args[1])
    if kind == "deck":
        return IllegalAction("deck", "gonzaga.setup.fief-deck",
                             f"{who}'s fief deck: {len(s.decks[p])} card(s) face down; the top one "
                             "is turned up at the start of each round. Now " + awaiting(s) + ".")
    if kind == "fief":
        f = s.fiefs[p]
        what = f"{fief_name(book, f)} (card {book.card_number(f, p)})" if f >= 0 else "no fief yet"
        return IllegalAction("fief", "gonzaga.fief.reveal",
                             f"{who}'s fief this round: {what}. Now {awaiting(s)}.")
    return IllegalAction("rings", "gonzaga.rings.six",
                         f"{who} has {s.rings[p]} ring(s) left of {book.c['rings_per_player']}: "
                         "rings pay for the King's Privilege and make weddings, and never come "
                         f"back. Now {awaiting(s)}.")


def _uncovered(s) -> int:
    return s.uncovered() if s.scenario >= 0 else 0


def _objective_target(s, p: int) -> IllegalAction:
    from ._state import HIDDEN
    who = player_label(s, p)
    card = s.objectives[p]
    if card == HIDDEN:
        return IllegalAction("objective-hidden", "gonzaga.setup.objective-deal",
                             f"{who}'s hidden objective card: only its holder may look at it "
                             "until the end of the game.")
    if card < 0:
        return IllegalAction("objective-not-dealt", "gonzaga.setup.objective-deal",
                             f"{who} has no objective card yet: {awaiting(s)}.")
    book = s.book
    cities = ", ".join(book.city_names[c] for c in book.objective_cities[card])
    return IllegalAction("objective", "gonzaga.setup.objective-content",
                         f"{who}'s objective card {book.objective_ids[card]} shows the cities "
                         f"{cities}; at the end its holder scores by how many their fiefs and "
                         "rings cover.")


def _plan_target(s, p: int) -> IllegalAction:
    from ._book import MASKED_PLAN
    who = player_label(s, p)
    plan = s.plans[p]
    if plan is None:
        return IllegalAction("no-plan", "gonzaga.plan.secret",
                             f"{who} has not planned yet this round. Now {awaiting(s)}.")
    if plan == MASKED_PLAN or (s.phase == PLAN and s.is_view and p != s.viewer):
        return IllegalAction("plan-hidden", "gonzaga.plan.secret",
                             f"{who}'s plan lies face down: every plan is revealed together once "
                             "all players have planned.")
    if s.phase == PLAN:
        return IllegalAction("plan-committed", "gonzaga.assume.secret-planning",
                             f"{who} planned {_plan_text(s.book, plan)}; a plan cannot be changed, "
                             "and all plans are revealed together once every player has planned.")
    return IllegalAction("plan-revealed", "gonzaga.order.reveal",
                         f"{who} planned {_plan_text(s.book, plan)}. Now {awaiting(s)}.")


def _card_target(s, p: int, card: str) -> IllegalAction:
    book = s.book
    who = player_label(s, p)
    known = card in (KING_CARD, INACTIVE_CARD) or card in ACTION_NAMES or card in book.region_index
    if not known:
        return _not_a_target(["card", p, card])
    name = card_name(book, card)
    if card in book.region_index and s.scenario >= 0 and not (
            book.scenarios[s.scenario].flourishing >> book.region_index[card] & 1):
        return IllegalAction("region-card-removed", "gonzaga.setup.remove-region-cards",
                             f"{_cap(name)} went back to the box at set-up: the region is "
                             "inactive, and the inactive-regions card plays there.")
    placing = s.phase in (PLACE, RING)
    if card in s.resting[p]:
        when = ("this round, it cannot be played next round" if placing else
                "last round, it cannot be played this round")
        return IllegalAction("card-resting", "gonzaga.cards.rest",
                             f"{_cap(name)} rests face up in {who}'s middle box: played "
                             f"{when}.")
    if s.phase == PLAN and s.mover == p:
        return IllegalAction("pick-two", "gonzaga.plan.one-of-each",
                             f"A plan is one region card and one action card (or the King's "
                             f"Privilege with a region card and a committed action card): choose "
                             f"a whole plan, a cell of the planning table (its row the region card, "
                             f"its column the action card). {_cap(name)} may be part of it.")
    if placing and s.plans[p] is not None:
        from ._round import played_cards
        if card in played_cards(s.plans[p]):
            return IllegalAction("card-played", "gonzaga.order.reveal",
                                 f"{who} played {name} this round: it lies face up with their plan "
                                 f"and goes to the middle box after their turn. Now {awaiting(s)}.")
    return IllegalAction("card", "gonzaga.plan.face-down",
                         f"{_cap(name)} is one of {who}'s planning cards not resting this "
                         f"round. Now {awaiting(s)}.")


def _hex_target(s, q: int, r: int) -> IllegalAction | None:
    geo = s.book.geo
    i = geo.index.get((q, r))
    if s.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is placed.")
    if s.is_chance_node:
        return NotYourTurn("chance-pending", "engine.chance", f"Wait: {awaiting_chance(s)}.")
    if s.phase == RING or (s.phase == PLACE and s.plans[s.mover].action == "C" and i is not None
                           and s.why_illegal(ring(q, r)) is None):
        return s.why_illegal(ring(q, r))
    if s.phase == PLACE:
        if i is not None and any(s.why_illegal(place(q, r, k)) is None for k in range(6)):
            return None
        return s.why_illegal(place(q, r, 0))
    if i is None:
        return _not_a_target(["hex", q, r])
    return IllegalAction("planning", "gonzaga.plan.secret",
                         f"{hex_text(s, i)}: nothing is placed while the players plan. Now {awaiting(s)}.")


# ---- legend ------------------------------------------------------------------------------------
def _hexagon(fill: str, stroke: str = "#555", dash: bool = False, extra: str = "") -> str:
    pts = "9,1 16,5 16,13 9,17 2,13 2,5"
    attrs = {"points": pts, "fill": fill, "stroke": stroke}
    if dash:
        attrs["stroke-dasharray"] = "2 1.5"
    return svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                  svg.el("polygon", attrs) + extra)


def legend(s) -> list[tuple[str, str]]:
    """The symbols of the map drawing and what they mean."""
    book = s.book
    out = []
    for k, name in enumerate(book.region_names):
        out.append((_hexagon(REGION_HEX[k % len(REGION_HEX)]), f"{name} (land)"))
    out.append((_hexagon(SEA_HEX[0]), "sea (a hex of no region)"))
    out.append((_hexagon("#eee", extra=svg.el("circle", {"cx": 9, "cy": 9, "r": 4, "fill": "#fff",
                                                          "stroke": "#222"})), "a city, with its symbol"))
    out.append((_hexagon("#eee", extra=svg.el("rect", {"x": 5, "y": 5, "width": 8, "height": 8,
                                                        "fill": "#1f5fa8"})), "a port of its sea"))
    out.append((svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                       svg.el("line", {"x1": 2, "y1": 16, "x2": 16, "y2": 2, "stroke": "#3a2a1a",
                                       "stroke-width": 4})), "a barrier (no fief is placed across it)"))
    for p in range(s.players):
        colour = player_colour(s, p)[1]
        out.append((_hexagon(colour), f"a fief of {player_label(s, p)} (a tower marks a castle)"))
        out.append((_hexagon("#eee", extra=svg.el("circle", {"cx": 9, "cy": 9, "r": 5, "fill": "none",
                                                              "stroke": colour, "stroke-width": 2.5})),
                    f"a ring of {player_label(s, p)}"))
    out.append((_hexagon("#f6f6f6", dash=True), "dashed: placeholder map data (the printed board is not public)"))
    out.append((_hexagon("#d9d4cc"), "a hex of an inactive region (this scenario)"))
    out.append((svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                       svg.el("line", {"x1": 2, "y1": 9, "x2": 16, "y2": 9, "stroke": "#1f5fa8",
                                       "stroke-width": 1.2, "stroke-dasharray": "3 2"})),
                "a sea route between two ports of one sea"))
    for gold, meaning in ((True, "a seal face up: the region flourishes (cities and ports score 3)"),
                          (False, "a seal face down: the region is inactive (cities and ports score 1)")):
        out.append((svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                           svg.el("circle", {"cx": 9, "cy": 9, "r": 6, "fill": "#d4af37" if gold else "#777",
                                             "stroke": "#333"})), meaning))
    out.append((_hexagon("#eee", extra=svg.el("path", {"d": "M5,13 v-6 h2 v2 h2 v-2 h2 v2 h2 v-2 h2 v6 z",
                                                        "fill": "#222"})), "a castle of a fief"))
    out.append((_hexagon("#b6e3bd"), "the fief under the mouse, green: it may be placed there "
                "(click to place; r turns it)"))
    out.append((_hexagon("#f3b7b0"), "the fief under the mouse, red: not there (the reason and "
                "its rule show beside it)"))
    out.append((_hexagon("#eee", extra=svg.el("polygon", {"points": "9,3 14,6 14,12 9,15 4,12 4,6",
                                                           "fill": "none", "stroke": "#1b7f2a",
                                                           "stroke-width": 2})),
                "framed green: a ring may go there now (click)"))
    out.append((svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                       svg.el("rect", {"x": 1, "y": 4, "width": 16, "height": 10, "rx": 2, "fill": "#e8f5e9",
                                       "stroke": "#2e7d32"})),
                "planning panel: a plan you may commit (spots for the fief · best points); orange: "
                "no spot now; grey: a card that cannot be played (click for why)"))
    out.append((svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18},
                       svg.el("rect", {"x": 3, "y": 1, "width": 12, "height": 16, "rx": 2, "fill": "#d6d6d6",
                                       "stroke": "#aaa"})),
                "a planning card greyed: resting in the middle box, or out of the game"))
    return out
