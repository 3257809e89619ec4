"""Words for a position: labels, what the game waits for, a sentence per action, and the board's
hooks (click targets, legend).

Places are named once, the way a board labels them: a location by its name ("the Great Wall"),
a card by its value and action ("the 7 (Travel)"), a city by its name, a port by its number and
name ("port 3 (Jining)"), a Destiny die by its letter ("die B"), a decree by its id and text, a
seat as "Player 2 (blue)".

Click targets (``explain_target``) are JSON lists a board puts on what it draws:
``["location", loc]``, ``["card", loc]`` (the card on a location), ``["hand", player, card]``,
``["discard", player]`` (or ``["discard", player, card]``: a card of one's own pile),
``["city", city]``, ``["piles"]`` (the face-down token piles),
``["draw"]`` (the gift-card draw pile), ``["wall"]``, ``["die", die]``, ``["decree", decree]``,
``["house", house]`` (or ``["house", "box"]``), ``["port", port]``, ``["track", "intrigue" or
"palace", player]``, ``["tokens", player]``, ``["foreman", player]``, ``["slot", player, reward]``;
``["board"]`` (the frame or the background: what the page sends for a click on nothing).
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import svg
from .._action import Action
from .._engine import PLAYER_COLOURS, run_steps
from .._errors import IllegalAction, NotYourTurn
from ._book import UNKNOWN
from ._core import CHANCE

__all__ = ["player_label", "player_colour", "awaiting", "awaiting_chance", "turn_label", "status",
           "describe", "describe_chance_run", "explain_target", "legend", "stage", "place",
           "card_name", "count"]


def count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def player_colour(s, p: int) -> tuple[str, str]:
    return PLAYER_COLOURS[p % len(PLAYER_COLOURS)]


def player_label(s, p: int) -> str:
    """How the board names a seat: 'Player 2 (blue)'."""
    return f"Player {p + 1} ({player_colour(s, p)[0]})"


def place(book, loc) -> str:
    """A location as a sentence names it: 'the Great Wall', 'the Travel location'."""
    name = book.location_label(loc if isinstance(loc, str) else book.locations[loc])
    return f"the {name}" if " " in name else f"the {name} location"


def cap(text: str) -> str:
    """The sentence's first letter in upper case (the rest as it is)."""
    return text[:1].upper() + text[1:]


def card_name(book, cid: str) -> str:
    if cid == "?" or cid not in book.card_index:
        return "a face-down card"
    return book.card_text(book.card_index[cid])


def _port(book, port_id: str) -> str:
    if port_id not in book.port_index:
        return f"port {port_id}"
    return book.port_text(*book.port_index[port_id])


def _reward(book, w: str) -> str:
    return {"vp4": "4 VP", "card": "the top card of the draw pile", "foreman": "the foreman"}.get(w, w)


def _option(book, loc: str, option: str) -> str:
    if loc == "jade":
        if option == "box":
            return "1 jade from the jade box"
        h = book.house_index.get(option)
        return (f"1 jade from {book.house_text(h)} (cost {book.house_cost[h]})" if h is not None
                else f"1 jade from house {option}")
    if loc == "decrees":
        d = book.decree_index.get(option)
        return book.decree_text(d) if d is not None else f"decree {option}"
    if option in ("basic", "paid") and loc in ("travel", "wall", "intrigue", "palace", "canal"):
        from .._rules import rule
        return f"{option} option ({rule(f'gugong.{loc}.{option}').title.split(': ', 1)[-1]})"
    return f"{option} option"


# ---- the stage of the day ------------------------------------------------------------------
def stage(s) -> str:
    """Where the game is: ``setup``, ``morning``, ``day``, ``evening``, ``end`` or ``over``."""
    if not s.agenda or s.agenda[-1][0] == "over":
        return "over"
    return {"begin": "setup", "day": "morning", "morning": "morning", "next_turn": "day",
            "evening": "evening", "dawn": "evening", "end": "end"}.get(s.agenda[0][0], "day")


def turn_label(s) -> str:
    """'Day 2 · Player 3 (green)'; the set-up, each morning and evening, and the end have their
    own labels."""
    st = stage(s)
    if st == "over":
        return "End"
    if st == "setup":
        return "Set-up"
    if st == "end":
        return "Final scoring"
    if st in ("morning", "evening"):
        return f"Day {s.day} · {st.capitalize()}"
    if s.is_chance_node:
        return f"Day {s.day} · Chance"
    return f"Day {s.day} · {player_label(s, s.current_player)}"


def status(s) -> str:
    if s.is_over:
        r = s.result()
        return f"Game over. Scores: {', '.join(map(str, r.totals))}. {r.explanation}"
    return f"{turn_label(s)}: {awaiting(s)}."


# ---- what the game waits for -----------------------------------------------------------------
def awaiting_chance(s) -> str:
    task = s.task
    code = task[0]
    book = s.book
    if code == "roll":
        return f"Destiny die {book.dice_ids[task[1]]} is being rolled"
    if code == "refill":
        return f"a travel token is being drawn from the face-down piles onto {book.city_names[task[1]]}"
    if code == "start":
        return "the start player is being chosen at random"
    if code == "deal":
        return f"a set-up card is being placed at random on {place(book, task[1])}"
    if code == "hand":
        return "a starting card is being dealt (expert variant)"
    if code == "decree_draw":
        return f"a level-{book.decree_slot_level[task[1]]} decree is being drawn"
    if code == "draw":
        return f"{player_label(s, task[1])} is drawing the top card of the draw pile"
    return "no chance event"


_ORIGINS = {"token": "the travel token's benefit", "decree": "the decree's effect",
            "perk": "the morning perk", "reward": "the port reward", "trade": "the trade",
            "benefit": "the Intrigue benefit", "action": "the action"}


def awaiting(s) -> str:
    if s.is_over:
        return "the game is over"
    task = s.task
    code = task[0]
    if code in CHANCE:
        return awaiting_chance(s)
    p = task[1]
    who = player_label(s, p)
    book = s.book
    seat = s.seats[p]
    if code == "turn":
        if not seat.hand:
            return f"{who} has no cards left in hand and must pass"
        return f"{who} must exchange a hand card for a card on the board"
    if code == "price":
        from ._day import price_cost
        from ._travel import trade_options
        _, _, give, loc = task
        ways = [f"pay {count(price_cost(s, p), 'servant')}"]
        if any(c != give for c in seat.hand):
            ways.append("discard another hand card")
        ways.append("exchange without acting this turn")
        trades = " (travel tokens may be traded first)" if seat.tokens and trade_options(s, p) else ""
        return (f"{who} gives {card_name(book, book.card_ids[give])}, which is not higher than "
                f"the card on {place(book, loc)}: {who} must {', '.join(ways[:-1])}, or {ways[-1]}"
                f"{trades}")
    if code == "actions":
        _, _, loc, card, done = task
        if done:
            return f"{who} may carry out the action of {place(book, loc)}, or end the turn"
        return (f"{who} may carry out the action of the card placed ({card_name(book, book.card_ids[card])}) "
                f"and/or of {place(book, loc)}, card first, or end the turn")
    if code == "travel":
        if seat.traveller < 0:
            return f"{who} must place the traveller on a city with a travel token"
        return f"{who} must move the traveller to a city with a travel token"
    if code == "optional":
        return f"{who} may take {_ORIGINS.get(task[3], 'the benefit')}, or decline"
    if code == "pay_for":
        what, amount = task[2][0], task[2][1]
        price = {"servants": count(amount, "servant"), "intrigue_steps": f"{amount} Intrigue steps",
                 "hand_card": "a hand card"}[what]
        return f"{who} may pay {price} for {_ORIGINS.get(task[4], 'the benefit')}, or decline"
    if code == "gain":
        return f"{who} may take the foreman from the supply as one of the {count(task[2], 'servant')} gained"
    if code == "pay":
        return f"{who} may pay the foreman as 2 of the {count(task[2], 'servant')} due"
    if code == "wall_place":
        return f"{who} may put the foreman on the wall (lying, it counts 2)"
    if code == "decree_place":
        return f"{who} may stand the foreman on the decree (it is then lost) instead of a servant"
    if code == "slot":
        return f"{who} chooses which servant of the ship goes to the port slot: the foreman (lost) or a servant"
    if code == "trade_down":
        return f"{who} holds {count(len(seat.tokens), 'travel token')}: more than 6, so must trade tokens in"
    if code == "final_trade":
        return f"{who} may trade travel tokens in one last time before the final scoring"
    if code == "benefit":
        return f"{who} was on the completed wall and may take an Intrigue benefit, or decline"
    if code == "set_die":
        return f"{who} must turn a Destiny die to a face of their choice"
    if code == "load":
        n = task[2]
        return (f"{who} {'may' if task[4] else 'must'} put {'a servant' if n == 1 else count(n, 'servant')} "
                "on a ship (their ship's port, or the first free port of a route for a new ship)")
    if code == "sail":
        return f"{who} may move one of their ships to the next free port"
    if code == "claim":
        _, _, r, i, _ = task
        return f"{who}'s full ship at {book.port_text(r, i)} may claim a port reward"
    if code == "retrieve":
        return f"{who} may take a card from their discard pile back into their hand"
    if code == "swap":
        return f"{who} may swap a hand or discard card with a card on the board"
    if code == "choose":
        return f"{who} must choose one of the options"
    if code == "bonus_step":
        return f"{who} won the Destiny bonus and may move the envoy 1 step"
    return f"{who} to play"


# ---- a sentence per action -------------------------------------------------------------------
def describe(s, a: Action) -> str:
    try:
        return _describe(s, a)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        who = "Chance" if s.is_chance_node or s.is_over else player_label(s, s.current_player)
        return f"{who}: {a}"


def _describe(s, a: Action) -> str:
    book = s.book
    k, args = a.kind, a.args
    task = s.task
    code = task[0]
    if k == "start":
        return f"{player_label(s, args[0])} is the start player."
    if k == "die":
        return f"Destiny die {args[0]} shows {args[1]}."
    if k == "token":
        name = book.token_names[book.token_index[args[1]]]
        return f"A travel token ({name}) is drawn onto {book.city_names[book.city_index[args[0]]]}."
    if k == "deal":
        return f"{cap(card_name(book, args[1]))} is placed on {place(book, args[0])}."
    if k == "hand":
        return f"{player_label(s, args[0])} is dealt {card_name(book, args[1])}."
    if k == "decree":
        return f"{cap(book.decree_text(book.decree_index[args[0]]))} is drawn into play."
    if k == "draw":
        who = player_label(s, task[1]) if code == "draw" else "A player"
        if args[0] == "?":
            return f"{who} draws the top card of the draw pile into their hand, unseen."
        return f"{who} draws the top card of the draw pile into their hand: {card_name(book, args[0])}."
    p = s.current_player
    who = player_label(s, p)
    if k == "pass":
        return f"{who} has no cards left in hand and passes."
    if k == "exchange":
        give, take = book.card_index[args[0]], book.card_index[args[1]]
        loc = s.locations.index(take)
        from ._day import is_free
        how = "freely" if is_free(book, give, take) else "(not a higher card: a price is due)"
        return (f"{who} gives {card_name(book, args[0])} for {card_name(book, args[1])} on "
                f"{place(book, loc)} {how}.")
    if k == "pay":
        return f"{who} pays 2 servants to make the exchange."
    if k == "discard":
        card = "a card" if args[0] == "?" else card_name(book, args[0])
        if code == "pay_for":
            return f"{who} discards {card} from their hand for {_ORIGINS.get(task[4], 'the benefit')}."
        return f"{who} discards {card} face down to make the exchange."
    if k == "forgo":
        return f"{who} makes the exchange without any action this turn."
    if k == "act":
        card = task[3] if code == "actions" else UNKNOWN
        action = book.card_action[card]
        if action in book.location_index:
            return (f"{who} carries out the card's action ({book.location_label(action)}): "
                    f"{_option(book, action, args[0])}.")
        return f"{who} carries out the card's action: {'+1 servant' if action == 'servant_1' else '+2 servants'}."
    if k == "location":
        return (f"{who} carries out the location's action ({book.location_label(args[0])}): "
                f"{_option(book, args[0], args[1])}.")
    if k == "swap":
        mine, theirs = book.card_index[args[0]], book.card_index[args[1]]
        where = "hand" if mine in s.seats[p].hand else "discard pile"
        return (f"{who} swaps {card_name(book, args[0])} from their {where} for "
                f"{card_name(book, args[1])} on {place(book, s.locations.index(theirs))}.")
    if k == "end_turn":
        return f"{who} ends the turn."
    if k == "travel":
        c = book.city_index[args[0]]
        kind = s.cities[c]
        verb = "is placed on" if s.seats[p].traveller < 0 else "travels to"
        return f"{who}'s traveller {verb} {book.city_names[c]} and takes its token ({book.token_names[kind]})."
    if k == "accept":
        if code == "pay_for":
            what, amount = task[2][0], task[2][1]
            price = count(amount, "servant") if what == "servants" else f"{amount} Intrigue steps"
            return f"{who} pays {price} for {_ORIGINS.get(task[4], 'the benefit')}."
        if code == "bonus_step":
            return f"{who} moves the envoy 1 step (the Destiny bonus)."
        return f"{who} takes {_ORIGINS.get(task[3], 'the benefit') if code == 'optional' else 'it'}."
    if k == "decline":
        return _declined(s, who, task)
    if k == "foreman":
        return _foreman(who, code, args[0], task)
    if k == "trade":
        value, doubles = args
        gets = {2: "1 servant", 4: "2 VP", 6: "1 jade"}.get(value, "its reward")
        dbl = f" ({count(doubles, 'double token')} among them)" if doubles else ""
        forced = " (more than 6 tokens)" if code == "trade_down" else ""
        return f"{who} trades travel tokens worth {value}{dbl} for {gets}{forced}."
    if k == "benefit":
        what = {1: "1 servant", 3: "2 servants", 5: "to turn a Destiny die", 7: "1 jade"}.get(args[0], "a benefit")
        return f"{who} moves the Intrigue marker down {count(args[0], 'step')} for {what}."
    if k == "set_die":
        return f"{who} turns Destiny die {args[0]} to {args[1]}."
    if k == "load":
        port, piece = args
        r, i = book.port_index[port]
        ship = s.canal[r][i]
        what = "the foreman (lying, 2 spaces)" if piece == "foreman" else "a servant"
        if ship is None:
            return f"{who} places a new ship on {_port(book, port)} with {what} on it."
        return f"{who} puts {what} on their ship at {_port(book, port)}."
    if k == "sail":
        from ._canal import next_free
        r, i = book.port_index[args[0]]
        j = next_free(s.canal[r], i)
        return f"{who}'s ship sails from {_port(book, args[0])} to {book.port_text(r, j)}."
    if k == "claim":
        return f"{who}'s full ship at {_port(book, args[0])} claims {_reward(book, args[1])}."
    if k == "retrieve":
        card = "a card" if args[0] == "?" else card_name(book, args[0])
        return f"{who} takes {card} back from their discard pile into their hand."
    if k == "choose":
        return f"{who} chooses option {args[0]}."
    return f"{who}: {a}"


def _declined(s, who: str, task) -> str:
    code = task[0]
    text = {"optional": f"does not take {_ORIGINS.get(task[3], 'the benefit') if code == 'optional' else ''}",
            "pay_for": "does not pay for the benefit",
            "benefit": "takes no Intrigue benefit",
            "load": "puts no servant on a ship",
            "sail": "moves no ship",
            "claim": "claims no reward with this ship",
            "retrieve": "takes no card back",
            "swap": "swaps no card",
            "final_trade": "makes no more trades",
            "bonus_step": "does not move the envoy"}.get(code, "declines")
    return f"{who} {text}."


# per decision about the foreman: what the player does with it, and without it
_FOREMAN = {
    "gain": ("takes the foreman as one of the servants gained", "takes servant cubes only"),
    "pay": ("pays with the foreman (as 2 servants)", "pays with servant cubes"),
    "wall_place": ("puts the foreman on the wall, lying (it counts 2)",
                   "puts servant cubes only on the wall"),
    "decree_place": ("stands the foreman on the decree (it is lost)",
                     "puts a servant cube on the decree"),
    "slot": ("puts the foreman in the port slot (it is lost)", "puts a servant cube in the port slot"),
}


def _foreman(who: str, code: str, use: bool, task) -> str:
    if code not in _FOREMAN:
        return f"{who}: foreman({use})"
    return f"{who} {_FOREMAN[code][0 if use else 1]}."


def describe_chance_run(s, actions: Sequence[Action]) -> str:
    """One sentence for a run of chance events: a roll of the Destiny dice, the tokens drawn onto
    the map, the set-up."""
    dice, tokens, other = [], [], []
    for cur, a in run_steps(s, actions):
        if a.kind == "die" and len(a.args) == 2:
            dice.append(f"{a.args[0]} {a.args[1]}")
        elif a.kind == "token" and len(a.args) == 2 and a.args[0] in cur.book.city_index:
            b = cur.book
            tokens.append(f"{b.city_names[b.city_index[a.args[0]]]} "
                          f"({b.token_names[b.token_index.get(a.args[1], -1)]})")
        else:
            other.append(describe(cur, a).rstrip("."))
    parts = []
    if dice:
        shown = dice[0] if len(dice) == 1 else ", ".join(dice[:-1]) + " and " + dice[-1]
        parts.append(f"The Destiny {'die shows' if len(dice) == 1 else 'dice show'} {shown}")
    if tokens:
        parts.append(f"{'A travel token is' if len(tokens) == 1 else 'Travel tokens are'} drawn "
                     "onto " + ", ".join(tokens))
    parts += other
    return ". ".join(parts) + "." if parts else ""


# ---- click targets ---------------------------------------------------------------------------
_SHAPES = {"location": 1, "card": 1, "hand": 2, "discard": 1, "city": 1, "piles": 0, "draw": 0,
           "wall": 0, "die": 1, "decree": 1, "house": 1, "port": 1, "track": 2, "tokens": 1,
           "foreman": 1, "slot": 2, "board": 0}
_GREEN = ("The moves of the moment are framed in green on the board and listed under "
          "\"What can I do now?\".")


def _not_a_target(s, target: Any) -> IllegalAction:
    """A click on something the board does not know (the frame, the background, a malformed
    message): answered in words, as a click on the background."""
    if s.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is "
                             "played. Start a new game with the New game button.")
    return IllegalAction("not-a-choice", "engine.legal",
                         f"Nothing is played there. Now {awaiting(s)}. {_GREEN}")


def explain_target(s, target: Any) -> IllegalAction | None:
    """Why a click on ``target`` (see the module docstring) plays nothing now, naming the rule;
    None when one of the legal actions is played there."""
    if not isinstance(target, (list, tuple)) or not target or type(target[0]) is not str:
        return _not_a_target(s, target)
    kind, args = target[0], tuple(target[1:])
    if kind == "board" or kind not in _SHAPES or (len(args) != _SHAPES[kind]
                                                  and not (kind == "discard" and len(args) == 2)):
        return _not_a_target(s, target)
    if s.is_over:
        return IllegalAction("game-over", "engine.game-over", "The game is over; nothing more is played.")
    if s.is_chance_node:
        return NotYourTurn("chance-pending", "engine.chance", f"Wait: {awaiting_chance(s)}.")
    legal = s.legal_actions()
    hits = [a for a in legal if _touches(s, a, kind, args)]
    if hits:
        return None
    return _why_not(s, kind, args)


def _touches(s, a: Action, kind: str, args: tuple) -> bool:
    """Whether the legal action ``a`` is played by a click on target (kind, args)."""
    book = s.book
    k = a.kind
    if kind == "card" and args[0] in book.location_index:
        cid = book.card_ids[s.locations[book.location_index[args[0]]]]
        return (k == "exchange" and a.args[1] == cid) or (k == "swap" and a.args[1] == cid)
    if kind == "hand":
        return k in ("exchange", "discard", "swap") and a.args[0] == args[1]
    if kind == "discard":
        if len(args) == 2:
            return k in ("retrieve", "swap") and args[0] == s.current_player and a.args[0] == args[1]
        return k in ("retrieve", "swap") and args[0] == s.current_player
    if kind == "location":
        return k == "location" and a.args[0] == args[0]
    if kind == "city":
        return k == "travel" and a.args[0] == args[0]
    if kind == "port":
        return k in ("load", "sail", "claim") and a.args[0] == args[0]
    if kind == "die":
        return k == "set_die" and a.args[0] == args[0]
    if kind == "decree":
        return k in ("location", "act") and a.args[-1] == args[0]
    if kind == "house":
        return k in ("location", "act") and a.args[-1] == args[0]
    if kind == "wall":
        return k == "location" and a.args[0] == "wall"
    if kind == "tokens":
        return k == "trade" and args[0] == s.current_player
    if kind == "foreman":
        return k == "foreman" and args[0] == s.current_player
    if kind == "track":
        return k in ("benefit", "location") and args[1] == s.current_player
    if kind == "slot":
        return k == "claim" and a.args[1] == args[1] and args[0] == s.current_player
    return False


def _why_not(s, kind: str, args: tuple) -> IllegalAction:
    now = f"Now {awaiting(s)}."
    me = s.current_player
    if kind in ("hand", "discard", "tokens", "foreman", "slot", "track") and type(args[0]) is int \
            and 0 <= args[0] < s.players and args[0] != me:
        return IllegalAction("not-your-pieces", "engine.turn",
                             f"Those are {player_label(s, args[0])}'s pieces: only the player "
                             f"whose decision it is acts. {now}")
    if kind == "discard":
        return IllegalAction("discard-face-down", "gugong.exchange.taken-face-down",
                             "The discard pile lies face down: cards go there by the exchange and its "
                             f"price, and come back only by a swap or a travel token. {now}")
    if kind == "piles":
        return IllegalAction("piles-face-down", "gugong.setup.token-piles",
                             "The token piles are face down: tokens come from them only to refill empty "
                             f"cities in the morning. {now}")
    if kind == "draw":
        return IllegalAction("draw-pile", "gugong.setup.draw-pile",
                             "The draw pile lies face down: its top card is taken only with a port "
                             f"reward (Jining, or Hangzhou's choice). {now}")
    if kind == "city":
        return IllegalAction("no-travel-now", "gugong.travel.destination-has-token",
                             f"The traveller moves only in a Travel action, to a city with a token. {now}")
    if kind == "port":
        return IllegalAction("no-canal-now", "gugong.canal.basic",
                             f"Ships are loaded and moved only in a Grand Canal action. {now}")
    if kind == "wall":
        return IllegalAction("no-wall-now", "gugong.wall.basic",
                             f"Servants go on the wall with the Great Wall action. {now}")
    if kind == "die":
        return IllegalAction("no-die-now", "gugong.intrigue.benefit-five",
                             "A Destiny die is turned only with the Intrigue benefit of 5 steps, "
                             f"after the wall is completed. {now}")
    if kind in ("decree", "house"):
        rule = "gugong.decree.cost" if kind == "decree" else "gugong.jade.house"
        return IllegalAction("not-now", rule, f"That is taken with the {'Decrees' if kind == 'decree' else 'Jade'} "
                             f"action, when you can pay for it. {now}")
    if kind in ("location", "card"):
        return IllegalAction("not-now", "gugong.exchange.mandatory",
                             f"Cards on the board are taken by the gift exchange at the start of a turn, "
                             f"and a location's action follows an exchange there. {now}")
    if kind == "slot":
        return IllegalAction("slot", "gugong.canal.claim-needs-slot",
                             f"A port slot is filled when a full ship claims its reward. {now}")
    return IllegalAction("not-a-choice", "engine.legal",
                         f"Nothing can be played there now. {now}")


# ---- legend ------------------------------------------------------------------------------------
def _swatch(fill: str, shape: str = "rect") -> str:
    if shape == "circle":
        body = svg.el("circle", {"cx": 9, "cy": 9, "r": 7, "fill": fill, "stroke": "#333"})
    else:
        body = svg.el("rect", {"x": 2, "y": 2, "width": 14, "height": 14, "fill": fill, "stroke": "#333"})
    return svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": 18, "height": 18}, body)


def legend(s) -> list[tuple[str, str]]:
    """The pieces and symbols a board draws, and what they mean."""
    out = [(_swatch(player_colour(s, p)[1]), f"{player_label(s, p)}: servants, envoy, traveller, "
            "ships and Intrigue marker") for p in range(s.players)]
    out += [
        ("▭", "a gift card: its value (1-9) and its action (a location icon, +1 or +2 servants, the swap, or none)"),
        ("▮", "a face-down card: another player's hand or discard pile, or the draw pile"),
        (_swatch("#f4e3b2", "circle"), "a travel token on a city (face up); its benefit is taken by the traveller who collects it"),
        ("◼", "a face-down travel token (held by a player, or in the 2 face-down piles)"),
        ("2×", "the double token: kept face up, worth 2 tokens in a trade"),
        ("⚂", "a Destiny die: cards of its value in a discard pile earn servants in the evening"),
        ("F", "a foreman: 1 servant standing, 2 lying (on the wall or a ship)"),
        ("◆", "jade, on a jade house until bought"),
        ("⛵", "a ship on the Grand Canal (3 spaces; a full ship may claim its port's reward)"),
        ("★", "the next-start-player medal (beside the Intrigue location until taken)"),
    ]
    from ._board_svg import TOKEN_CODES
    book = s.book
    codes = "; ".join(f"{TOKEN_CODES[k]} {book.token_names[book.token_index[k]].split(':')[0]}"
                      for k in TOKEN_CODES if k in book.token_index)
    out += [
        ("1S 2VP", f"the code a travel token shows on the map and on a player board: {codes}"),
        ("▢", "framed green: a click plays it; a card of yours framed dashed starts an exchange "
              "or a swap (click it, then a card on a location)"),
        ("▲", "the Great Wall's threshold: when that many servants stand on it, the wall is completed"),
    ]
    if book.data.has_placeholders:
        out.append(("⚠", "this game runs on placeholder data: values marked so are made up "
                         "(drawn dashed)"))
    return out

