"""Why an action is refused: one sentence naming the places as the board labels them, and the
rule it breaks. Every refusal is an :class:`~explorer.IllegalAction` with a stable code;
``legal_actions``, ``why_illegal`` and ``apply`` agree, since a refusal is asked for only when the
action is not among the legal ones.

First the task on top of the agenda says whether an action of this kind is due at all
(``_DUE``); if it is, the kind's own function says what is wrong with this one.
"""

from __future__ import annotations

from .._errors import IllegalAction, NotYourTurn, UnknownAction, shorten
from ._actions import CHANCE_KINDS
from ._core import CHANCE, FULL, POOL
from ._servants import can_pay
from ._words import cap, card_name, count, place, player_label

__all__ = ["explain", "why_option"]

_DUE = {
    "exchange": ("turn",), "pass": ("turn",), "pay": ("price",), "forgo": ("price",),
    "discard": ("price", "pay_for"), "act": ("actions",), "location": ("actions",),
    "end_turn": ("actions",), "swap": ("actions", "swap"), "travel": ("travel",),
    "accept": ("optional", "pay_for", "bonus_step"),
    "decline": ("optional", "pay_for", "benefit", "load", "sail", "claim", "retrieve", "swap",
                "final_trade", "bonus_step"),
    "foreman": ("gain", "pay", "wall_place", "decree_place", "slot"),
    "trade": ("turn", "price", "actions", "trade_down", "final_trade"), "benefit": ("benefit",),
    "set_die": ("set_die",), "load": ("load",), "sail": ("sail",), "claim": ("claim",),
    "retrieve": ("retrieve",), "choose": ("choose",),
}
"""The tasks at which each kind of action can be played."""

_WHEN = {
    "exchange": ("gugong.exchange.mandatory", "a gift exchange starts a turn"),
    "pass": ("gugong.day.pass-empty-hand", "a player passes only at the start of a turn with no card in hand"),
    "pay": ("gugong.exchange.lower-or-equal", "a price is paid only for an exchange that is not free"),
    "forgo": ("gugong.exchange.without-action", "a price is paid only for an exchange that is not free"),
    "discard": ("gugong.exchange.discard-card", "a card is discarded only as a price"),
    "act": ("gugong.actions.card-action", "the card action follows your gift exchange"),
    "location": ("gugong.actions.location-action", "the location action follows your gift exchange"),
    "end_turn": ("gugong.actions.may-act", "a turn is ended after its exchange"),
    "swap": ("gugong.card.swap", "a swap is the action of a swap card or of a travel token"),
    "travel": ("gugong.travel.basic", "the traveller moves in a Travel action"),
    "accept": ("engine.legal", "nothing is being offered"),
    "decline": ("engine.legal", "nothing is being offered"),
    "foreman": ("gugong.foreman.like-servants", "nothing the foreman could do is being decided"),
    "trade": ("gugong.assume.trade-windows", "tokens are traded between the steps of your own "
              "turn (before the gift exchange, after its price, before or between the actions), "
              "not in the middle of an action or in another player's decision"),
    "benefit": ("gugong.intrigue.benefit-eligible", "Intrigue benefits follow a completed wall"),
    "set_die": ("gugong.intrigue.benefit-five", "a die is turned with the Intrigue benefit of 5 steps"),
    "load": ("gugong.canal.basic", "servants go on ships in a Grand Canal action"),
    "sail": ("gugong.canal.basic", "ships move in a Grand Canal action"),
    "claim": ("gugong.canal.claim", "a full ship claims when it reaches a port with a reward"),
    "retrieve": ("gugong.travel.token-kinds", "a card comes back from the discard pile with a travel token"),
    "choose": ("engine.legal", "there is no choice to make"),
}


def explain(s, a) -> IllegalAction:
    task = s.task
    kind = a.kind
    if task[0] in CHANCE:
        if s.viewer != FULL:
            return _chance_in_view(s, a)
        if kind in CHANCE_KINDS:
            return _chance(s, a, task) or NotYourTurn(
                "not-this-outcome", "engine.chance",
                f"{a} is not an outcome of the chance event due: {s.awaiting()}.")
        return NotYourTurn("chance-pending", "engine.chance",
                           f"Chance first: {s.awaiting()}; {a} can be played once that is done.")
    if kind in CHANCE_KINDS:
        return NotYourTurn("not-chance", "engine.chance",
                           f"{a} is a chance outcome, and no chance event is due: {s.awaiting()}.")
    if s.viewer != FULL and task[1] != s.viewer:
        return _others_in_view(s, a, task)
    if task[0] not in _DUE.get(kind, ()):
        if task[0] == "trade_down":
            return IllegalAction("must-trade", "gugong.travel.limit-six",
                                 f"Not now: above {s.book.token_limit} travel tokens, tokens are "
                                 "traded in at once, before anything else. "
                                 f"Now {s.awaiting()}.")
        if kind == "sail" and task[0] == "load" and len(s.agenda) > 1 and s.agenda[-2][0] == "sail":
            return IllegalAction("not-now", "gugong.assume.canal-basic-order",
                                 "Not now: in the basic Grand Canal option the servant comes "
                                 "first (put it on a ship, or decline), then the move. "
                                 f"Now {s.awaiting()}.")
        rule, why = _WHEN[kind]
        return IllegalAction("not-now", rule, f"Not now: {why}. Now {s.awaiting()}.")
    fn = _WHY.get(kind)
    err = fn(s, a, task) if fn is not None else None
    return err or IllegalAction("not-legal", "engine.legal",
                                f"{a} is not among the choices now: {s.awaiting()}.")


def _whose_view(s) -> str:
    return "a spectator's view" if s.viewer < 0 else f"{player_label(s, s.viewer)}'s view"


def _chance_in_view(s, a):
    """A view holds no hidden card or token, so it draws no chance."""
    return NotYourTurn("players-view", "engine.chance",
                       f"This is {_whose_view(s)}, with the hidden cards and tokens masked: the chance "
                       f"event due ({s.awaiting()}) is drawn on the full game, not on a player's view.")


def _others_in_view(s, a, task):
    """In a player's view only that player's decisions are played."""
    return NotYourTurn("players-view", "engine.turn",
                       f"This is {_whose_view(s)}, with the hidden cards masked: "
                       f"{player_label(s, task[1])}'s decision is played on the full game, not on a "
                       "player's view.")


# ---- names the player typed ----------------------------------------------------------------------
def _card(s, cid):
    c = s.book.card_index.get(cid)
    if c is None:
        return None, UnknownAction("no-such-card", "gugong.components.tokens-cards-tiles",
                                   f"{shorten(cid, 40)} is not a gift card; the cards are "
                                   f"{s.book.card_ids[0]} to {s.book.card_ids[-2]}.")
    return c, None


def _hand_text(s, p) -> str:
    hand = s.seats[p].hand
    if not hand:
        return "your hand is empty"
    return "your hand holds " + ", ".join(card_name(s.book, s.book.card_ids[c]) + f" ({s.book.card_ids[c]})"
                                          for c in hand)


def _board_text(s) -> str:
    book = s.book
    return "; ".join(f"{place(book, i)}: {book.card_ids[c]}" for i, c in enumerate(s.locations))


# ---- the turn and the exchange -------------------------------------------------------------------
def _exchange(s, a, task):
    p = task[1]
    if not s.seats[p].hand:
        return IllegalAction("hand-empty", "gugong.day.pass-empty-hand",
                             f"{player_label(s, p)} has no card left in hand and must pass.")
    give, err = _card(s, a.args[0])
    if err:
        return err
    take, err = _card(s, a.args[1])
    if err:
        return err
    if give not in s.seats[p].hand:
        return IllegalAction("not-in-hand", "gugong.exchange.mandatory",
                             f"You can give only a card from your hand, and {card_name(s.book, a.args[0])} "
                             f"({a.args[0]}) is not in it: {_hand_text(s, p)}.")
    if take not in s.locations:
        return IllegalAction("not-on-board", "gugong.exchange.mandatory",
                             f"{a.args[1]} is not on the board: the exchange takes a card from one of "
                             f"the 7 locations ({_board_text(s)}).")
    return None


def _pass(s, a, task):
    return IllegalAction("must-exchange", "gugong.exchange.mandatory",
                         f"With cards in hand you must exchange one each turn: {_hand_text(s, task[1])}.")


def _pay(s, a, task):
    from ._day import price_cost
    p = task[1]
    seat = s.seats[p]
    others = [c for c in seat.hand if c != task[2]]
    instead = ("discard another hand card or exchange without acting instead" if others else
               "the card you give is the last in your hand, so exchange without acting instead")
    if _can_trade(s, p):
        instead += " (or first trade travel tokens for a servant)"
    return IllegalAction("cannot-pay", "gugong.exchange.pay-two-servants",
                         f"The price is {count(price_cost(s, p), 'servant')} from your pool, which holds "
                         f"{count(seat.pool, 'servant')}{' and the foreman' if seat.foreman == POOL else ''}; "
                         f"{instead}.")


def _can_trade(s, p) -> bool:
    from ._travel import trade_options
    return bool(trade_options(s, p))


def _discard(s, a, task):
    c, err = _card(s, a.args[0])
    if err:
        return err
    p = task[1]
    if task[0] == "price" and c == task[2]:
        alone = len(s.seats[p].hand) == 1
        return IllegalAction("discard-other", "gugong.assume.discard-option-card",
                             f"{card_name(s.book, a.args[0])} is the card you give; the price is "
                             "another card from your hand" + (
                                 ", and you hold no other: pay or exchange without acting instead."
                                 if alone else "."))
    if task[0] == "pay_for" and task[2][0] != "hand_card":
        what, amount = task[2][0], task[2][1]
        price = (count(amount, "servant") if what == "servants" else
                 f"{count(amount, 'step')} down the Intrigue track")
        return IllegalAction("price-not-a-card", "gugong.travel.token-kinds",
                             f"This benefit's price is {price}, not a card: accept to pay it, "
                             "or decline the benefit.")
    if c not in s.seats[p].hand:
        return IllegalAction("not-in-hand", "gugong.exchange.discard-card",
                             f"{a.args[0]} is not in your hand: {_hand_text(s, p)}.")
    if task[0] == "pay_for":
        lo, hi = task[2][2], task[2][3]
        return IllegalAction("card-value", "gugong.travel.token-kinds",
                             f"This benefit needs a hand card of value {lo} to {hi}; "
                             f"{card_name(s.book, a.args[0])} is not one.")
    return None


# ---- the actions step -----------------------------------------------------------------------------
def why_option(s, p: int, loc: str, option: str) -> IllegalAction:
    """Why option ``option`` of location ``loc``'s action cannot be chosen by ``p`` now."""
    from . import _canal, _decrees, _intrigue, _jade, _palace, _travel, _wall
    book = s.book
    seat = s.seats[p]
    pool = f"your pool holds {count(seat.pool, 'servant')}" + (" and the foreman" if seat.foreman == POOL else "")
    if loc in ("travel", "wall", "intrigue", "palace", "canal") and option not in ("basic", "paid"):
        return UnknownAction("no-such-option", "gugong.assume.one-option-per-action",
                             f"{cap(place(book, loc))} has a basic and a paid option, not "
                             f"{shorten(option, 40)}.")
    if loc == "travel":
        if not _travel.destinations(book, s.cities, seat.traveller):
            return IllegalAction("no-destination", "gugong.assume.travel-blocked",
                                 "Your traveller cannot reach any city with a travel token, so "
                                 "Travel cannot be carried out.")
        if option == "paid" and can_pay(seat, _travel.paid_cost(s, p)):
            return IllegalAction("no-second-move", "gugong.assume.travel-two-moves",
                                 "The paid option moves your traveller twice, and no first move "
                                 "leaves a second one possible: only the basic option (one move) "
                                 "can be carried out.")
        return IllegalAction("cannot-pay", "gugong.travel.paid",
                             f"The paid option costs {count(_travel.paid_cost(s, p), 'servant')}; {pool}.")
    if loc == "wall":
        rule = "gugong.wall.basic" if option == "basic" else "gugong.wall.paid"
        return IllegalAction("cannot-place", rule,
                             f"The wall has {count(_wall.free(s), 'free space')} and {pool}: the "
                             f"{option} option cannot be carried out.")
    if loc == "intrigue":
        if seat.intrigue >= book.intrigue_max:
            return IllegalAction("track-end", "gugong.intrigue.cap",
                                 f"Your Intrigue marker is on step {book.intrigue_max}, the end of "
                                 "the track: the paid option could not move it.")
        return IllegalAction("cannot-pay", "gugong.intrigue.paid",
                             f"The paid option costs {count(_intrigue.paid_cost(s, p), 'servant')}; {pool}.")
    if loc == "palace":
        return IllegalAction("cannot-pay", "gugong.palace.paid",
                             f"The paid option costs {count(_palace.paid_cost(s, p), 'servant')}; {pool}.")
    if loc == "jade":
        if option == "box":
            if any(s.houses):
                return IllegalAction("houses-first", "gugong.jade.box",
                                     "The jade box sells jade only once every jade house is empty.")
            return IllegalAction("cannot-pay", "gugong.jade.box",
                                 f"A jade from the box costs {count(_jade.box_cost(s, p), 'servant')}; {pool}.")
        h = book.house_index.get(option)
        if h is None:
            return UnknownAction("no-such-house", "gugong.jade.house",
                                 f"{shorten(option, 40)} is not a jade house; they are "
                                 f"{', '.join(book.house_ids)} (and the box).")
        if not s.houses[h]:
            return IllegalAction("house-empty", "gugong.assume.jade-houses",
                                 f"{cap(book.house_text(h))} has no jade left.")
        return IllegalAction("cannot-pay", "gugong.jade.house",
                             f"{cap(book.house_text(h))} costs {count(_jade.house_cost(s, p, h), 'servant')}; "
                             f"{pool}.")
    if loc == "decrees":
        d = book.decree_index.get(option)
        if d is None:
            return UnknownAction("no-such-decree", "gugong.decree.cost",
                                 f"{shorten(option, 40)} is not a decree.")
        if d not in s.decrees:
            return IllegalAction("decree-not-in-play", "gugong.setup.decrees",
                                 f"Decree {option} is not in play; the decrees on the board are "
                                 f"{', '.join(book.decree_ids[x] for x in s.decrees if x >= 0)}.")
        slot = s.decrees.index(d)
        if p in s.holders[slot]:
            return IllegalAction("decree-held", "gugong.decree.once",
                                 f"You already have a servant on the {book.decree_text(d)}: each decree's "
                                 "advantage is obtained only once.")
        return IllegalAction("cannot-pay", "gugong.decree.cost",
                             f"The {book.decree_text(d)} costs {count(_decrees.cost(s, p, slot), 'servant')} and "
                             f"1 more to put on it; {pool}.")
    if loc == "canal":
        rule = "gugong.canal.basic" if option == "basic" else "gugong.canal.paid"
        return IllegalAction("cannot-load", rule,
                             f"The {option} option cannot be carried out: {pool}, "
                             f"{count(_canal.beside(s, p), 'ship')} beside your board, and no ship "
                             "of yours could take the servants or move.")
    return UnknownAction("no-such-location", "gugong.setup.seven-locations",
                         f"{shorten(loc, 40)} is not a location; they are {', '.join(book.locations)}.")


def _act(s, a, task):
    _, p, loc, card, done = task
    book = s.book
    if done:
        return IllegalAction("card-action-done", "gugong.assume.same-action-independent",
                             "You have carried out the card's action this turn already.")
    action = book.card_action[card]
    if action == "none":
        return IllegalAction("no-card-action", "gugong.card.needs-icon",
                             f"{cap(card_name(book, book.card_ids[card]))} shows no card action.")
    if action == "swap":
        return IllegalAction("swap-card", "gugong.card.swap",
                             "The card's action is the swap: name the cards with swap(mine, theirs).")
    if action in book.location_index:
        return why_option(s, p, action, a.args[0])
    return UnknownAction("no-such-option", "gugong.card.one-servant",
                         "The card's action (+servants) has only the basic option.")


def _location(s, a, task):
    _, p, loc, card, done = task
    book = s.book
    name = book.locations[loc]
    if a.args[0] != name:
        if a.args[0] not in book.location_index:
            return UnknownAction("no-such-location", "gugong.setup.seven-locations",
                                 f"{shorten(a.args[0], 40)} is not a location; they are "
                                 f"{', '.join(book.locations)}.")
        return IllegalAction("wrong-location", "gugong.location.officials",
                             f"You placed your card on {place(book, name)}: this turn's location "
                             f"action is {place(book, name)}'s, not {place(book, a.args[0])}'s.")
    return why_option(s, p, name, a.args[1])


def _swap(s, a, task):
    p = task[1]
    book = s.book
    if task[0] == "actions" and (task[4] or book.card_action[task[3]] != "swap"):
        return IllegalAction("no-swap", "gugong.card.swap",
                             "The card you placed does not show the swap" if not task[4] else
                             "You have carried out the card's action this turn already.")
    mine, err = _card(s, a.args[0])
    if err:
        return err
    theirs, err = _card(s, a.args[1])
    if err:
        return err
    seat = s.seats[p]
    froms = ("hand", "discard") if task[0] == "actions" else task[2]
    if not (("hand" in froms and mine in seat.hand) or ("discard" in froms and mine in seat.discard)):
        return IllegalAction("not-your-card", "gugong.card.swap",
                             f"{a.args[0]} is not in your {' or '.join(froms)}.")
    if theirs not in s.locations:
        return IllegalAction("not-on-board", "gugong.card.swap",
                             f"{a.args[1]} is not on the board ({_board_text(s)}).")
    if task[0] == "actions" and theirs == task[3]:
        return IllegalAction("swap-itself", "gugong.assume.swap-not-itself",
                             f"{cap(card_name(book, a.args[1]))} is the swap card you have just given: "
                             "its swap takes one of the other board cards, not the swap card back.")
    return None


# ---- travel, trades, benefits ---------------------------------------------------------------------
def _travel(s, a, task):
    from ._travel import destinations
    book = s.book
    p = task[1]
    c = book.city_index.get(a.args[0])
    if c is None:
        return UnknownAction("no-such-city", "gugong.travel.destination-has-token",
                             f"{shorten(a.args[0], 40)} is not a city of this board side.")
    if s.cities[c] < 0:
        return IllegalAction("no-token", "gugong.travel.destination-has-token",
                             f"{book.city_names[c]} has no travel token: the traveller goes only to a "
                             "city that still has one.")
    at = s.seats[p].traveller
    if at >= 0 and c not in destinations(book, s.cities, at):
        return IllegalAction("not-reachable", "gugong.assume.travel-move",
                             f"{book.city_names[c]} cannot be reached in one move from "
                             f"{book.city_names[at]}: a move ends at the first city with a token "
                             "along the roads.")
    if len(task) > 2 and task[2] > 0:
        return IllegalAction("no-second-move", "gugong.assume.travel-two-moves",
                             f"You paid to move your traveller twice, and from {book.city_names[c]} "
                             "it could not move again: choose a city from which the second move "
                             "can be made.")
    return None


def _trade(s, a, task):
    value, doubles = a.args
    book = s.book
    if value not in book.trade_effects:
        return IllegalAction("no-such-trade", "gugong.travel.trade-two",
                             f"Tokens are traded 2, 4 or 6 at a time, not {shorten(value, 20)}.")
    held = len(s.seats[task[1]].tokens)
    return IllegalAction("cannot-trade", "gugong.assume.trade-values-and-limit",
                         f"Your {count(held, 'travel token')} cannot pay exactly {value} with "
                         f"{count(doubles, 'double token')} among them.")


def _benefit(s, a, task):
    steps = a.args[0]
    have = s.seats[task[1]].intrigue
    if steps not in s.book.benefit_effects:
        return IllegalAction("no-such-benefit", "gugong.intrigue.benefit-cost",
                             f"The Intrigue benefits cost {', '.join(str(k) for k, _ in s.book.benefits)} "
                             f"steps, not {shorten(steps, 20)}.")
    return IllegalAction("intrigue-too-low", "gugong.assume.benefit-costs",
                         f"This benefit costs {steps} Intrigue steps and your marker is on step {have}.")


def _set_die(s, a, task):
    book = s.book
    i = book.die_index.get(a.args[0])
    if i is None:
        return UnknownAction("no-such-die", "gugong.components.dice-and-markers",
                             f"{shorten(a.args[0], 20)} is not a Destiny die; they are {', '.join(book.dice_ids)}.")
    return IllegalAction("no-such-face", "gugong.intrigue.benefit-five",
                         f"Die {a.args[0]} has no face {a.args[1]}; its faces are "
                         f"{', '.join(map(str, sorted(set(book.die_faces[i]))))}.")


# ---- the canal -----------------------------------------------------------------------------------
def _port(s, port):
    idx = s.book.port_index.get(port)
    if idx is None:
        return None, UnknownAction("no-such-port", "gugong.canal.two-routes",
                                   f"{shorten(port, 40)} is not a port of this board side.")
    return idx, None


def _load(s, a, task):
    from ._canal import beside, first_free, space
    book = s.book
    p = task[1]
    idx, err = _port(s, a.args[0])
    if err:
        return err
    r, i = idx
    seat = s.seats[p]
    _, _, left, source, optional, partial = task
    if a.args[1] == "foreman" and not (source == "pool" and seat.foreman == POOL):
        return IllegalAction("no-foreman", "gugong.foreman.lying-wall-ship",
                             "Your foreman is not in your servant pool, so it cannot go on a ship.")
    if a.args[1] == "servant" and (seat.supply if source == "supply" else seat.pool) == 0:
        where = "general supply" if source == "supply" else "servant pool"
        only = (" (only your foreman, which goes on a ship lying down, taking 2 spaces)"
                if source == "pool" and seat.foreman == POOL else "")
        return IllegalAction("no-servant", _load_rule(task),
                             f"Your {where} holds no servant cube{only}.")
    ship = s.canal[r][i]
    size = 2 if a.args[1] == "foreman" else 1
    if ship is None:
        if beside(s, p) == 0:
            return IllegalAction("no-ship-left", "gugong.canal.three-ships",
                                 "All 3 of your ships are on the canal.")
        j = first_free(s.canal[r])
        if i != j:
            return IllegalAction("not-first-free", "gugong.canal.new-ship-nearest",
                                 f"A new ship goes on the free port nearest the start of its route: "
                                 f"{book.port_text(r, j)}.")
    elif ship[0] != p:
        return IllegalAction("not-your-ship", "gugong.canal.free-spaces",
                             f"The ship at {book.port_text(r, i)} is {player_label(s, ship[0])}'s.")
    elif space(book, ship) < size:
        return IllegalAction("ship-full", "gugong.assume.canal-ship-capacity",
                             f"Your ship at {book.port_text(r, i)} has {count(space(book, ship), 'free space')}.")
    if left > 1 and not partial:
        return IllegalAction("second-servant", "gugong.canal.paid",
                             "After this the second servant could not go on any ship.")
    return IllegalAction("cannot-load", _load_rule(task),
                         f"That servant cannot go on a ship at {book.port_text(r, i)}.")


def _load_rule(task) -> str:
    """The rule behind a load task: a ship token or perk (``partial``), the paid option (more
    than one servant), or the basic option."""
    if task[5]:
        return "gugong.travel.token-kinds"
    return "gugong.canal.paid" if not task[4] else "gugong.canal.basic"


def _sail(s, a, task):
    book = s.book
    idx, err = _port(s, a.args[0])
    if err:
        return err
    r, i = idx
    ship = s.canal[r][i]
    if ship is None or ship[0] != task[1]:
        return IllegalAction("not-your-ship", "gugong.canal.basic",
                             f"You have no ship at {book.port_text(r, i)}.")
    return IllegalAction("no-free-port", "gugong.canal.move-needs-free-port",
                         f"No port ahead of {book.port_text(r, i)} is free, so that ship cannot move.")


def _claim(s, a, task):
    from ._canal import reward_ok
    book = s.book
    _, p, r, i, _ = task
    if a.args[0] != book.port_ids[r][i]:
        return IllegalAction("other-ship", "gugong.canal.claim",
                             f"The ship deciding now is the one at {book.port_text(r, i)}.")
    w = book.reward_index.get(a.args[1])
    if w is None or a.args[1] not in book.port_rewards[r][i]:
        rewards = ", ".join(book.port_rewards[r][i]) or "none"
        return IllegalAction("not-this-port", _port_rule(book.port_rewards[r][i]),
                             f"{cap(book.port_text(r, i))} gives {rewards}, not {shorten(a.args[1], 20)}.")
    if s.seats[p].slots[w] >= book.reward_limit[w]:
        return IllegalAction("slot-full", "gugong.canal.claim-limits",
                             f"Your player board has no free slot for this reward: it is taken at "
                             f"most {book.reward_limit[w]} time(s).")
    if not reward_ok(s, p, w):
        return IllegalAction("no-card", "gugong.assume.jining-top-card",
                             "The draw pile is empty: there is no card to take.")
    return None


_PORT_RULES = {(): "gugong.canal.port-beijing", ("vp4",): "gugong.canal.port-cangzhou",
               ("card",): "gugong.canal.port-jining", ("foreman",): "gugong.canal.port-huaian"}


def _port_rule(rewards) -> str:
    """The rulebook's sentence for a port, from the rewards it gives (Hangzhou gives a choice)."""
    if len(rewards) > 1:
        return "gugong.canal.port-hangzhou"
    return _PORT_RULES.get(tuple(rewards), "gugong.canal.claim")


def _accept(s, a, task):
    return IllegalAction("pay-with-card", "gugong.travel.token-kinds",
                         "This benefit is paid with a card from your hand: choose it with discard(card).")


def _decline(s, a, task):
    code = task[0]
    if code == "load":
        rule = _load_rule(task)
    else:
        rule = {"retrieve": "gugong.travel.token-kinds", "swap": "gugong.card.swap"}.get(code, "engine.legal")
    if code == "load" and task[5]:
        return IllegalAction("must-choose", rule,
                             "You took the travel token's benefit, so its servant goes on a ship now: "
                             f"{s.awaiting()}.")
    return IllegalAction("must-choose", rule, f"This cannot be declined: {s.awaiting()}.")


def _choose(s, a, task):
    return IllegalAction("no-such-option", "engine.legal",
                         f"Option {shorten(a.args[0], 20)} cannot be chosen; the options are "
                         f"{', '.join(str(x.args[0]) for x in s.legal_actions())}.")


def _retrieve(s, a, task):
    c, err = _card(s, a.args[0])
    if err:
        return err
    return IllegalAction("not-in-discard", "gugong.travel.token-kinds",
                         f"{a.args[0]} is not in your discard pile.")


# ---- chance --------------------------------------------------------------------------------------
def _chance(s, a, task):
    code = task[0]
    book = s.book
    kind = a.kind
    want = {"roll": "die", "refill": "token", "start": "start", "deal": "deal", "hand": "hand",
            "decree_draw": "decree", "draw": "draw"}[code]
    if kind != want:
        return NotYourTurn("other-chance", "engine.chance",
                           f"The chance event due is another one: {s.awaiting()}.")
    if kind == "die":
        i = task[1]
        return IllegalAction("no-such-face", "gugong.setup.roll-dice",
                             f"Die {book.dice_ids[i]} is rolled now; its faces are "
                             f"{', '.join(map(str, sorted(set(book.die_faces[i]))))}.")
    if kind == "token":
        return IllegalAction("not-in-piles", "gugong.assume.token-stock",
                             f"A token is drawn onto {book.city_names[task[1]]} now, from the kinds "
                             "left in the face-down piles.")
    if kind == "deal":
        return IllegalAction("not-a-setup-card", "gugong.setup.location-cards",
                             f"A set-up card not yet dealt goes onto {place(book, task[1])} now.")
    if kind == "decree":
        return IllegalAction("wrong-decree", "gugong.setup.decrees",
                             f"A level-{book.decree_slot_level[task[1]]} decree not yet drawn is drawn now.")
    if kind == "draw":
        return IllegalAction("not-in-pile", "gugong.assume.jining-top-card",
                             "The card drawn comes from the draw pile.")
    if kind == "hand":
        return IllegalAction("not-a-starting-card", "gugong.assume.expert-variant",
                             "A starting card not yet dealt goes to the next player now.")
    return IllegalAction("no-such-player", "gugong.setup.start-player",
                         f"The start player is one of players 0 to {s.players - 1}.")


_WHY = {"exchange": _exchange, "pass": _pass, "pay": _pay, "discard": _discard, "act": _act,
        "location": _location, "swap": _swap, "travel": _travel, "trade": _trade,
        "benefit": _benefit, "set_die": _set_die, "load": _load, "sail": _sail, "claim": _claim,
        "retrieve": _retrieve, "accept": _accept, "decline": _decline, "choose": _choose}
