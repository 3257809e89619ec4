"""Fase 2: the day phase. Turns in order, the gift exchange and its price, then the card action
and/or the location action.

gugong.day.turn-order: from the start player clockwise; gugong.day.one-action,
gugong.assume.one-action-per-turn: one gift exchange per turn; gugong.day.pass-empty-hand,
gugong.assume.no-voluntary-pass: a player with no card left in hand passes, the others play on;
gugong.day.phase-end: when all have passed, the evening begins.

The exchange (gugong.exchange.*): each turn you must give 1 hand card for a board card; free when
yours is higher (or a 1 for a 9); otherwise pay 2 servants, or discard another hand card, or
forgo this turn's actions. The card taken goes face down onto your discard pile; the card given
lies face up where the taken one was (gugong.assume.given-card-placement).

Then (gugong.actions.*, gugong.card.*): the action of the card you placed (a location icon, +1 or
+2 servants, the swap), the action of the location where you placed it, or both, the card's
first (gugong.actions.card-first); the same action twice when they coincide
(gugong.card.same-twice, gugong.assume.same-action-independent).
"""

from __future__ import annotations

from operator import itemgetter

from . import _canal, _decrees, _intrigue, _jade, _palace, _travel, _wall
from ._actions import END_A, FORGO_A, PASS_A, PAY_A
from ._actions import ACT_TABLE, DISCARD_TABLE, LOCATION_TABLE
from ._core import AUTO, EFFECT, GATE, LEGAL, Memo, hinted
from ._effects import do_swap, legal_swaps, move_card, pay_with_card
from ._servants import can_pay, discount

__all__ = ["OPTIONS", "TASKS", "card_options", "location_options", "is_free", "price_cost",
           "carry_out"]

OPTIONS = {"travel": _travel.options, "wall": _wall.options, "jade": _jade.options,
           "intrigue": _intrigue.options, "palace": _palace.options,
           "decrees": _decrees.options, "canal": _canal.options}
"""Per location: the options a player could choose now (gugong.assume.one-option-per-action)."""
TASKS = {"travel": _travel.tasks, "wall": _wall.tasks, "jade": _jade.tasks,
         "intrigue": _intrigue.tasks, "palace": _palace.tasks, "decrees": _decrees.tasks,
         "canal": _canal.tasks}
"""Per location: the tasks that carry out an option."""

SERVANT_CARDS = {"servant_1": 1, "servants_2": 2}


def is_free(book, give: int, take: int) -> bool:
    """gugong.exchange.free-if-higher, gugong.exchange.one-for-nine: a higher card, or a 1 for
    a 9, is exchanged freely."""
    g, t = book.value[give], book.value[take]
    c = book.c
    return g > t or (g == c["free_exchange_low"] and t == c["free_exchange_high"])


def price_cost(s, p: int) -> int:
    """gugong.exchange.pay-two-servants: the servant price (less any decree discount)."""
    return max(0, s.book.c["exchange_servant_price"] - discount(s, p, "exchange"))


def card_options(s, p: int, card: int) -> list[str]:
    """gugong.card.needs-icon, gugong.assume.card-location-action: the options of the card's
    action (a location icon: that location's options, wherever the card lies)."""
    action = s.book.card_action[card]
    if action in OPTIONS:
        return OPTIONS[action](s, p)
    if action in SERVANT_CARDS:
        return ["basic"]
    return []


def location_options(s, p: int, loc: int) -> list[str]:
    return OPTIONS[s.book.locations[loc]](s, p)


def carry_out(d, p: int, loc_name: str, option: str) -> list[tuple]:
    """The tasks of one location action, then what the player's decrees add after it."""
    return TASKS[loc_name](d, p, option) + _decrees.on_action(d, p, loc_name)


# ---- the turn ------------------------------------------------------------------------------
def _next_turn(d, task) -> None:
    """("next_turn", p): the next player clockwise who has not passed; the evening when all have."""
    p, n = task[1], d.info.players
    seats = d.seats
    for k in range(1, n + 1):
        q = (p + k) % n
        if not seats[q].passed:
            d.push(("turn", q), ("next_turn", q))
            return
    d.push(("evening",))


def _legal_turn(s, task) -> list:
    """gugong.exchange.mandatory: every hand card for every board card (in order), and trades;
    with an empty hand only the pass (gugong.day.pass-empty-hand)."""
    p = task[1]
    hand = s.seats[p].hand
    if not hand:
        return [PASS_A] + _travel.trade_options(s, p)
    book = s.book
    table = book.exchange_actions()
    if book.ids_in_order:                       # card ids sort as their indices: no keys needed
        takes = itemgetter(*sorted(s.locations))
        gives = dict.fromkeys(hand)
    else:
        rank = book.card_rank
        takes = itemgetter(*sorted(s.locations, key=rank.__getitem__))
        gives = dict.fromkeys(sorted(hand, key=rank.__getitem__))
    out = []
    for g in gives:
        out.extend(takes(table[g]))
    if s.seats[p].tokens:
        out += _travel.trade_options(s, p)
    return out


def _pass(d, a, task) -> None:
    """gugong.day.pass-empty-hand: out of cards, out of the day."""
    d.seat(task[1]).passed = True


def _exchange(d, a, task) -> None:
    p = task[1]
    book = d.book
    index = book.card_index
    give_id, take_id = a.args
    give, take = index[give_id], index[take_id]
    loc = d.locations.index(take)
    if is_free(book, give, take):
        swap_cards(d, p, give, loc)
        d.push(("actions", p, loc, give, False))
    else:
        d.push(("price", p, give, loc))


def swap_cards(d, p: int, give: int, loc: int) -> None:
    """gugong.exchange.taken-face-down, gugong.assume.given-card-placement: the board card onto
    the discard pile, the given card face up in its place."""
    locs = d.locations
    take = locs[loc]
    seat = d.seat(p)
    hand = seat.hand
    at = hand.index(give)
    seat.hand = hand[:at] + hand[at + 1:]
    seat.discard = tuple(sorted((*seat.discard, take)))
    d.locations = (*locs[:loc], give, *locs[loc + 1:])


def _legal_price(s, task) -> list:
    """gugong.exchange.lower-or-equal: pay 2 servants, or discard another hand card, or
    exchange without acting; and, before choosing, token trades (gugong.assume.trade-windows:
    a servant traded for can pay the price). Listed in order: discards, forgo, pay, trades."""
    _, p, give, loc = task
    seat = s.seats[p]
    ids = s.book.card_ids
    others = sorted({ids[c] for c in seat.hand if c != give})
    out = [DISCARD_TABLE[(c,)] for c in others] + [FORGO_A]
    if can_pay(seat, price_cost(s, p)):
        out.append(PAY_A)
    if seat.tokens:
        out += _travel.trade_options(s, p)
    return out


def _pay(d, a, task) -> None:
    """gugong.exchange.pay-two-servants."""
    _, p, give, loc = task
    d.push(("pay", p, price_cost(d, p), 0), ("exchanged", p, give, loc))


def _discard(d, a, task) -> None:
    """gugong.exchange.discard-card, gugong.assume.discard-option-card; or a token's price."""
    if task[0] == "pay_for":
        pay_with_card(d, a, task)
        return
    _, p, give, loc = task
    move_card(d, p, d.book.card_index[a.args[0]], "hand", "discard")
    d.secrets += (p,)
    swap_cards(d, p, give, loc)
    d.push(("actions", p, loc, give, False))


def _forgo(d, a, task) -> None:
    """gugong.exchange.without-action, gugong.exchange.without-action-skip: no actions this turn."""
    _, p, give, loc = task
    swap_cards(d, p, give, loc)


def _exchanged(d, task) -> None:
    _, p, give, loc = task
    swap_cards(d, p, give, loc)
    d.push(("actions", p, loc, give, False))


# ---- the actions step --------------------------------------------------------------------------
def _legal_actions(s, task) -> list:
    """The actions step's choices, listed in order (act, end_turn, location, swap, trade)."""
    _, p, loc, card, card_done = task
    book = s.book
    name = book.locations[loc]
    here = OPTIONS[name](s, p)
    acts = swaps = ()
    if not card_done:
        action = book.card_action[card]
        if action == "swap":
            swaps = legal_swaps(s, p, ("hand", "discard"), exclude=card)
        elif action == name:
            acts = here
        elif action in OPTIONS:
            acts = OPTIONS[action](s, p)
        elif action in SERVANT_CARDS:
            acts = ("basic",)
    trades = _travel.trade_options(s, p)
    if not (acts or here or swaps or trades):
        return []
    return [*_listed(None, acts), END_A, *_listed(name, here), *swaps, *trades]


def _listed(name: str | None, options) -> tuple:
    """The ``act(option)`` (``name`` None) or ``location(name, option)`` actions of some
    options, sorted by option (made once per set of options)."""
    return _LISTED[(name, *options)] if options else ()


def _make_listed(name: str | None, *options: str) -> tuple:
    return (tuple(ACT_TABLE[(o,)] for o in sorted(options)) if name is None
            else tuple(LOCATION_TABLE[(name, o)] for o in sorted(options)))


_LISTED = Memo(_make_listed)


def _actions_gate(d, task) -> bool:
    """gugong.actions.may-act: the actions step waits for the player while something can be
    done (an action or a trade); otherwise the turn is over."""
    if hinted(d, task, _legal_actions(d, task), True):
        return True
    d.agenda.pop()
    return False


def _act(d, a, task) -> None:
    """gugong.actions.card-action, gugong.actions.card-first: the card's action, before the
    location action (still to come)."""
    _, p, loc, card, _ = task
    action = d.book.card_action[card]
    d.push(task[:4] + (True,))
    if action in SERVANT_CARDS:
        d.push(("gain", p, SERVANT_CARDS[action]))           # gugong.card.one-servant, -two
    else:
        d.push(*carry_out(d, p, action, a.args[0]))


def _location(d, a, task) -> None:
    """gugong.actions.location-action, gugong.location.officials: the location's action ends
    the turn's actions."""
    _, p, loc, card, _ = task
    d.push(*carry_out(d, p, a.args[0], a.args[1]))


def _swap(d, a, task) -> None:
    """gugong.card.swap (the card action), or a travel token's swap."""
    book = d.book
    p = task[1]
    do_swap(d, p, book.card_index[a.args[0]], book.card_index[a.args[1]])
    if task[0] == "actions":
        d.push(task[:4] + (True,))


AUTO["next_turn"] = _next_turn
LEGAL["turn"] = _legal_turn
EFFECT["pass"] = _pass
EFFECT["exchange"] = _exchange
LEGAL["price"] = _legal_price
EFFECT["pay"] = _pay
EFFECT["discard"] = _discard
EFFECT["forgo"] = _forgo
AUTO["exchanged"] = _exchanged
LEGAL["actions"] = _legal_actions
GATE["actions"] = _actions_gate
EFFECT["act"] = _act
EFFECT["location"] = _location
EFFECT["swap"] = _swap
EFFECT["end_turn"] = lambda d, a, task: None
