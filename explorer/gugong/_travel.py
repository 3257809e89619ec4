"""1. Viajes: the traveller on the map, travel tokens, token trades and the token limit.

gugong.travel.basic: move once and take 1 token (its benefit optional, now or never,
gugong.assume.token-benefit-now); gugong.travel.paid: 2 servants to do this twice.
gugong.travel.first-placement, gugong.assume.travel-first-placement: the first time, the traveller
is put on any city with a token. gugong.travel.destination-has-token, gugong.travel.along-roads,
gugong.travel.jump, gugong.assume.travel-move: later moves go along roads to a city that still
has a token, passing over empty cities (and other travellers); gugong.assume.travel-blocked: with
none reachable there is no move; gugong.assume.travel-two-moves: the paid option only when both its
moves can be made. gugong.travel.keep-face-down: tokens are kept face down (the
double token face up, gugong.travel.double-token).

Trades (gugong.travel.trade-any-time, -two, -four, -six, gugong.assume.trade-windows,
gugong.assume.trade-values-and-limit, gugong.assume.trade-which-tokens): tokens worth 2 for a
servant, 4 for 2 VP, 6 for a jade; gugong.travel.limit-six: above 6 tokens the player must trade
at once; gugong.travel.traded-to-discard, gugong.travel.not-to-draw-piles: traded tokens go to a
discard pile beside the board.
"""

from __future__ import annotations

from functools import lru_cache
from math import floor

from .._action import Action
from ._actions import token, trade, travel
from ._core import AUTO, CHANCE, DRAWN, EFFECT, GATE, LEGAL, Memo, counted, hinted
from ._servants import can_pay, discount

__all__ = ["destinations", "onward", "can_move", "moves_now", "options", "tasks", "trade_options",
           "paid_cost"]


_DEST: dict = {}


def destinations(book, cities: tuple[int, ...], at: int) -> list[int]:
    """The cities a traveller at city ``at`` (-1: not yet on the map) can move to: from ``at``
    along roads, through cities without a token, to a city with one."""
    key = (id(book), cities, at)              # books live as long as the process (Book.of)
    got = _DEST.get(key)
    if got is None:
        if len(_DEST) > 4096:
            _DEST.clear()
        got = _DEST[key] = _destinations(book, cities, at)
    return got


def _destinations(book, cities, at) -> list[int]:
    if at < 0:
        return [c for c, k in enumerate(cities) if k >= 0]
    adj = book.adjacent
    seen = {at}
    todo = [at]
    out = set()
    while todo:
        c = todo.pop()
        for nxt in adj[c]:
            if nxt in seen:
                continue
            seen.add(nxt)
            if cities[nxt] >= 0:
                out.add(nxt)
            else:
                todo.append(nxt)
    return sorted(out)


def _any_destination(book, cities: tuple[int, ...], at: int) -> bool:
    """Whether :func:`destinations` lists any city (the search stops at the first found)."""
    if at < 0:
        return any(k >= 0 for k in cities)
    adj = book.adjacent
    seen = {at}
    todo = [at]
    while todo:
        for nxt in adj[todo.pop()]:
            if nxt in seen:
                continue
            if cities[nxt] >= 0:
                return True
            seen.add(nxt)
            todo.append(nxt)
    return False


def onward(book, cities: tuple[int, ...], at: int, more: int) -> list[int]:
    """gugong.assume.travel-two-moves: the destinations from ``at`` after which ``more`` further
    moves are still possible (the token of each city reached is taken, so it is no longer a
    destination)."""
    dests = destinations(book, cities, at)
    if more <= 0:
        return dests
    out = []
    for c in dests:
        if can_move(book, cities[:c] + (-1,) + cities[c + 1:], c, more - 1):
            out.append(c)
    return out


def can_move(book, cities: tuple[int, ...], at: int, more: int) -> bool:
    """Whether :func:`onward` lists any city: a first move after which ``more`` further moves
    are still possible (gugong.assume.travel-two-moves), found without listing the others."""
    if more <= 0:
        return _any_destination(book, cities, at)
    for c in destinations(book, cities, at):
        if can_move(book, cities[:c] + (-1,) + cities[c + 1:], c, more - 1):
            return True
    return False


def moves_now(s, task) -> list[int]:
    """The cities the move of travel task ``task`` may go to: ``("travel", p)``, or
    ``("travel", p, more)`` in the paid option, where ``more`` moves must still follow."""
    more = task[2] if len(task) > 2 else 0
    return onward(s.book, s.cities, s.seats[task[1]].traveller, more)


def paid_cost(s, p: int) -> int:
    return max(0, s.book.c["travel_paid_cost"] - discount(s, p, "travel_paid"))


def options(s, p: int) -> list[str]:
    """gugong.assume.travel-blocked: an option needs its first move to be possible;
    gugong.assume.travel-two-moves: the paid option needs all its moves to be possible."""
    book = s.book
    seat = s.seats[p]
    at = seat.traveller
    got = _MOVES[book, s.cities, at]
    if got is False:
        return []
    if got and can_pay(seat, paid_cost(s, p)):
        return ["basic", "paid"]
    return ["basic"]


def _moves(book, cities: tuple[int, ...], at: int) -> bool | None:
    """False: no move; True: all the paid option's moves can be made too; None: only one."""
    if not destinations(book, cities, at):
        return False
    return True if can_move(book, cities, at, book.c["travel_paid_moves"] - 1) else None


_MOVES = Memo(_moves)
"""What the travel options' moves allow, by book, board and the traveller's city."""


def tasks(s, p: int, option: str) -> list[tuple]:
    if option == "basic":
        return [("travel", p)]
    moves = s.book.c["travel_paid_moves"]
    return [("pay", p, paid_cost(s, p), 0)] + [("travel", p, moves - 1 - k) for k in range(moves)]


def _travel_gate(d, task) -> bool:
    """A move with no destination is not made (the paid option is chosen only when all its
    moves can be made, gugong.assume.travel-two-moves)."""
    acts = _legal_travel(d, task)
    if acts:
        return hinted(d, task, acts)
    d.agenda.pop()
    return False


def _legal_travel(s, task) -> list:
    book = s.book
    return [travel(book.city_ids[c]) for c in moves_now(s, task)
            or destinations(book, s.cities, s.seats[task[1]].traveller)]


def _travel(d, a, task) -> None:
    """The traveller moves and collects the city's token; its benefit is offered, then the
    token limit is checked."""
    p = task[1]
    book = d.book
    c = book.city_index[a.args[0]]
    kind = d.cities[c]
    cities = list(d.cities)
    cities[c] = -1
    d.cities = tuple(cities)
    seat = d.seat(p)
    seat.traveller = c
    seat.tokens = seat.tokens + (kind,)
    effects = book.token_effects[kind]
    if effects:
        d.push(("optional", p, effects, "token"), ("trade_check", p))
    else:
        d.push(("trade_check", p))


# ---- trades ------------------------------------------------------------------------------
def _double_kind(book) -> int:
    for k, v in enumerate(book.token_value[:-1]):
        if v > 1:
            return k
    return -2


_TRADES: dict = {}


def trade_options(s, p: int) -> list:
    """gugong.assume.trade-values-and-limit: the trades whose value the tokens held can pay
    exactly: ``trade(value, doubles)``."""
    tokens = s.seats[p].tokens
    if not tokens:
        return []
    book = s.book
    key = (id(book), tokens)                  # books live as long as the process (Book.of)
    got = _TRADES.get(key)
    if got is None:
        if len(_TRADES) > 4096:
            _TRADES.clear()
        got = _TRADES[key] = tuple(_trade_options(book, tokens))
    return list(got)


def _trade_options(book, tokens: tuple[int, ...]) -> list:
    if len(tokens) < 2 and book.token_value[tokens[0]] < 2:
        return []
    dk = _double_kind(book)
    dv = book.token_value[dk] if dk >= 0 else 2
    doubles = sum(1 for k in tokens if k == dk)
    plain = len(tokens) - doubles
    out = []
    for value, _ in book.trades:
        for dd in range(0, min(doubles, value // dv) + 1):
            if 0 <= value - dd * dv <= plain:
                out.append(trade(value, dd))
    return out


def do_trade(d, p: int, value: int, doubles: int) -> None:
    """gugong.assume.trade-which-tokens: the double tokens named, and the plain tokens
    collected first, go to the discard pile beside the board; the trade's reward follows."""
    book = d.book
    dk = _double_kind(book)
    dv = book.token_value[dk] if dk >= 0 else 2
    plain = value - doubles * dv
    seat = d.seat(p)
    kept, spent = [], []
    for k in seat.tokens:
        if k == dk and doubles:
            doubles -= 1
            spent.append(k)
        elif k != dk and plain:
            plain -= 1
            spent.append(k)
        else:
            kept.append(k)
    seat.tokens = tuple(kept)
    d.spent = tuple(sorted(d.spent + tuple(spent)))
    d.push(("fx", p, book.trade_effects[value], "trade"))


def trade_effect(d, a, task) -> None:
    """``trade(value, doubles)``: at the player's own decision (the task is offered again after
    the trade), or as a forced trade down to the limit (checked again after it)."""
    p = task[1]
    if task[0] == "trade_down":
        d.push(("trade_check", p))
    else:
        d.push(task)
    do_trade(d, p, a.args[0], a.args[1])


def _trade_check(d, task) -> None:
    """gugong.travel.limit-six: more than 6 tokens must be traded down at once."""
    p = task[1]
    if len(d.seats[p].tokens) > d.book.token_limit:
        d.push(("trade_down", p))


def _final_gate(d, task) -> bool:
    if trade_options(d, task[1]):
        return True
    d.agenda.pop()
    return False


def _legal_final(s, task) -> list:
    from ._actions import DECLINE_A
    return trade_options(s, task[1]) + [DECLINE_A]


# ---- refilling the map (chance) --------------------------------------------------------------
def _refill_gate(d, task) -> None:
    """("refill_gate", city): gugong.morning.refill, gugong.morning.reshuffle,
    gugong.assume.token-stock: an empty city without a traveller gets a token from the piles;
    when both piles are empty the traded tokens are reshuffled into new piles first."""
    c = task[1]
    if d.cities[c] >= 0 or any(s.traveller == c for s in d.seats):
        return
    if not d.stock and d.spent:
        d.stock, d.spent = d.spent, ()
    if d.stock:
        d.push(("refill", c))


def _stock(s) -> tuple[int, ...]:
    """The tokens a draw may give: the piles (in a view: every token the viewer cannot see)."""
    return s.unseen[1] if s.unseen else s.stock


def _refill_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    acts, rank = _tokens(s.book, task[1])
    have: dict[int, int] = {}
    for k in _stock(s):
        have[k] = have.get(k, 0) + 1
    kinds = sorted(have, key=rank.__getitem__)
    return tuple(map(acts.__getitem__, kinds)), tuple(map(have.__getitem__, kinds))


@lru_cache(maxsize=256)
def _tokens(book, city: int) -> tuple[dict[int, Action], dict[int, int]]:
    """Per token kind: its action onto ``city``, and that action's place in the actions' order."""
    acts, kinds = counted((token(book.city_ids[city], t), k) for k, t in enumerate(book.token_ids))
    return dict(zip(kinds, acts)), {k: i for i, k in enumerate(kinds)}


def _refill_drawn(s, task, rng):
    stock = s.stock
    return token(s.book.city_ids[task[1]], s.book.token_ids[stock[floor(rng.random() * len(stock))]])


def _refill(d, a, task) -> None:
    book = d.book
    c = task[1]
    kind = book.token_index[a.args[1]]
    stock = list(d.stock)
    stock.remove(kind)
    d.stock = tuple(stock)
    cities = list(d.cities)
    cities[c] = kind
    d.cities = tuple(cities)


GATE["travel"] = _travel_gate
LEGAL["travel"] = _legal_travel
EFFECT["travel"] = _travel
EFFECT["trade"] = trade_effect
AUTO["trade_check"] = _trade_check
LEGAL["trade_down"] = lambda s, task: trade_options(s, task[1])
GATE["final_trade"] = _final_gate
LEGAL["final_trade"] = _legal_final
AUTO["refill_gate"] = _refill_gate
CHANCE["refill"] = _refill_outcomes
DRAWN["refill"] = _refill_drawn
EFFECT["token"] = _refill
