"""The effect vocabulary, interpreted: what a travel token, a decree, a port reward, a token trade or
an Intrigue benefit does is a list of effect records in the data (``_book.EFFECT_KINDS``), and
this module carries them out, so a user's own decree file works without any change to the code.

Tasks: ``("fx", p, effects, origin)`` runs a list of effects in order for player ``p``;
``("optional", p, effects, origin)`` offers it (``accept()`` or ``decline()``: a travel token's
benefit is optional, gugong.travel.basic, gugong.assume.token-benefit-now); choices inside a list
wait for ``p``'s decision: a price for a benefit (``pay_for``), a die to turn (``set_die``), a card
to take back (``retrieve``), a card swap (``swap``), a printed choice (``choose``); a card drawn
from the draw pile is a chance event (``draw``).

``origin`` names what the effects come from, for the words: ``token``, ``decree``, ``perk``,
``reward``, ``trade``, ``benefit``, ``action``.
"""

from __future__ import annotations

from math import floor

from .._action import Action
from .._errors import IllegalAction, NotYourTurn, UnknownAction, shorten
from ._actions import ACCEPT_A, DECLINE_A, SWAP_TABLE, choose, discard, draw, retrieve
from ._core import AUTO, CHANCE, DRAWN, EFFECT, GATE, LEGAL, LOCKED, POOL, counted
from ._servants import can_pay, pieces

__all__ = ["runnable", "do_swap", "legal_swaps", "swap_sources"]


# ---- can a list of effects do anything? ------------------------------------------------------
def runnable(s, p: int, effects: tuple) -> bool:
    """Whether carrying out ``effects`` for ``p`` could change anything (an offer that could not
    is not made: gugong.assume.one-option-per-action)."""
    return any(_can(s, p, e) for e in effects)


def _can(s, p: int, e: tuple) -> bool:
    kind = e[0]
    seat = s.seats[p]
    if kind in ("gain", "advance", "set_die"):
        return True
    if kind == "pay_for":
        return payable(s, p, e[1]) and runnable(s, p, e[2])
    if kind == "place_servant":
        from . import _canal, _wall
        where, source = e[1], e[2]
        has = seat.supply > 0 if source == "supply" else pieces(seat) > 0
        if not has:
            return False
        if where == "wall":
            return _wall.free(s) >= 1
        return bool(_canal.load_targets(s, p, 1))
    if kind == "retrieve_card":
        return bool(seat.discard)
    if kind == "swap_card":
        return bool(swap_sources(seat, e[1]))
    if kind == "draw_card":
        return bool(s.draw)
    if kind == "unlock_foreman":
        return seat.foreman == LOCKED
    if kind == "choose":
        return any(runnable(s, p, o) for o in e[1])
    return False


def payable(s, p: int, cost: tuple) -> bool:
    what, amount, lo, hi = cost
    seat = s.seats[p]
    if what == "servants":
        return can_pay(seat, amount)
    if what == "intrigue_steps":
        return seat.intrigue >= amount
    book = s.book
    return any(lo <= book.value[c] <= hi for c in seat.hand)


# ---- running effects -------------------------------------------------------------------------
def _fx(d, task) -> None:
    """("fx", p, effects, origin): each effect in turn."""
    _, p, effects, origin = task
    d.push(*(("eff", p, e, origin) for e in effects))


def _eff(d, task) -> None:
    """("eff", p, effect, origin): one effect."""
    _, p, e, origin = task
    _RUN[e[0]](d, p, e, origin)


def _gain(d, p, e, origin) -> None:
    what, amount = e[1], e[2]
    if what == "servants":
        d.push(("gain", p, amount))
    elif what == "vp":
        d.seat(p).vp += amount
    else:
        d.seat(p).jade += amount


def _advance(d, p, e, origin) -> None:
    if e[1] == "palace":
        from ._palace import palace_steps
        palace_steps(d, p, e[2])
    else:
        from ._intrigue import intrigue_up
        intrigue_up(d, p, e[2])


def _place(d, p, e, origin) -> None:
    from . import _wall
    where, source, amount = e[1], e[2], e[3]
    if where == "wall":
        if source == "supply":
            _wall.place_from_supply(d, p, amount)
            d.push(("wall_check",))
        else:
            d.push(("wall_place", p, amount, True), ("wall_check",))
    else:
        d.push(("load", p, amount, source, False, True), ("canal_end", p, ()))


def _unlock(d, p, e, origin) -> None:
    """gugong.canal.port-huaian: the foreman leaves its space for the servant pool."""
    if d.seats[p].foreman == LOCKED:
        d.seat(p).foreman = POOL


_RUN = {
    "gain": _gain,
    "advance": _advance,
    "pay_for": lambda d, p, e, origin: d.push(("pay_for", p, e[1], e[2], origin)),
    "set_die": lambda d, p, e, origin: d.push(("set_die", p)),
    "place_servant": _place,
    "retrieve_card": lambda d, p, e, origin: d.push(("retrieve", p, False)),
    "swap_card": lambda d, p, e, origin: d.push(("swap", p, e[1], False)),
    "draw_card": lambda d, p, e, origin: d.push(*(("draw", p),) * e[1]),
    "unlock_foreman": _unlock,
    "choose": lambda d, p, e, origin: d.push(("choose", p, e[1], origin)),
}

# effects whose own decision can carry the "decline" of an optional offer
_OWN_DECLINE = {"pay_for", "retrieve_card", "swap_card"}


def _optional_gate(d, task) -> bool:
    """("optional", p, effects, origin): offered when it could do something; a lone price-for-
    benefit, card retrieval or swap is offered directly, with ``decline()`` among its choices."""
    _, p, effects, origin = task
    if not runnable(d, p, effects):
        d.agenda.pop()
        return False
    if len(effects) == 1 and effects[0][0] in _OWN_DECLINE:
        d.agenda.pop()
        e = effects[0]
        if e[0] == "pay_for":
            d.push(("pay_for", p, e[1], e[2], origin))
        elif e[0] == "retrieve_card":
            d.push(("retrieve", p, True))
        else:
            d.push(("swap", p, e[1], True))
        return False
    return True


def _accept(d, a, task) -> None:
    code = task[0]
    if code == "optional":
        _, p, effects, origin = task
        d.push(("fx", p, effects, origin))
    elif code == "pay_for":
        _, p, cost, effects, origin = task
        what, amount = cost[0], cost[1]
        if what == "servants":
            d.push(("pay", p, amount, 0), ("fx", p, effects, origin))
        else:
            from ._intrigue import intrigue_down
            intrigue_down(d, p, amount)
            d.push(("fx", p, effects, origin))
    else:
        ACCEPTS[code](d, task)


ACCEPTS: dict = {}
"""Other modules' tasks answered by ``accept()``: code -> fn(d, task)."""
DECLINES: dict = {}
"""Other modules' tasks where ``decline()`` does more than pass: code -> fn(d, task)."""


def _decline(d, a, task) -> None:
    fn = DECLINES.get(task[0])
    if fn is not None:
        fn(d, task)


def _legal_optional(s, task) -> list:
    return [ACCEPT_A, DECLINE_A]


def _pay_for_gate(d, task) -> bool:
    _, p, cost, effects, origin = task
    if payable(d, p, cost):
        return True
    d.agenda.pop()
    return False


def _legal_pay_for(s, task) -> list:
    _, p, cost, effects, origin = task
    if cost[0] != "hand_card":
        return [ACCEPT_A, DECLINE_A]
    book = s.book
    lo, hi = cost[2], cost[3]
    return [DECLINE_A] + [discard(book.card_ids[c]) for c in dict.fromkeys(s.seats[p].hand)
                          if lo <= book.value[c] <= hi]


def pay_with_card(d, a, task) -> None:
    """A price of a card from the hand, face down onto the discard pile (a travel token's)."""
    _, p, cost, effects, origin = task
    card = d.book.card_index[a.args[0]]
    move_card(d, p, card, "hand", "discard")
    d.secrets += (p,)
    d.push(("fx", p, effects, origin))


def move_card(d, p: int, card: int, src: str, dst: str) -> None:
    seat = d.seat(p)
    old = list(getattr(seat, src))
    old.remove(card)
    setattr(seat, src, tuple(old))
    setattr(seat, dst, tuple(sorted(getattr(seat, dst) + (card,))))


# ---- set a die, take a card back, swap a card, a printed choice ------------------------------
def _legal_set_die(s, task) -> list:
    from ._actions import set_die
    book = s.book
    return [set_die(book.dice_ids[i], f) for i, faces in enumerate(book.die_faces)
            for f in sorted(set(faces))]


def _set_die(d, a, task) -> None:
    """gugong.intrigue.benefit-five, gugong.intrigue.benefit-five-same-die: the die shows the
    chosen face until the next roll (gugong.assume.benefit-costs)."""
    i = d.book.die_index[a.args[0]]
    dice = list(d.dice)
    dice[i] = a.args[1]
    d.dice = tuple(dice)


def _retrieve_gate(d, task) -> bool:
    if d.seats[task[1]].discard:
        return True
    d.agenda.pop()
    return False


def _legal_retrieve(s, task) -> list:
    _, p, optional = task
    book = s.book
    out = [retrieve(book.card_ids[c]) for c in dict.fromkeys(s.seats[p].discard)]
    return out + [DECLINE_A] if optional else out


def _retrieve(d, a, task) -> None:
    p = task[1]
    move_card(d, p, d.book.card_index[a.args[0]], "discard", "hand")
    d.secrets += (p,)


def swap_sources(seat, froms) -> tuple[tuple[int, str], ...]:
    """The cards a swap may give, with where each lies."""
    out = []
    if "hand" in froms:
        out += [(c, "hand") for c in seat.hand]
    if "discard" in froms:
        out += [(c, "discard") for c in seat.discard]
    return tuple(out)


def legal_swaps(s, p: int, froms, exclude: int = -1) -> list:
    """gugong.card.swap, gugong.assume.swap-free: any of your cards for any board card (but
    ``exclude``: the swap card itself, gugong.assume.swap-not-itself)."""
    book = s.book
    ids = book.card_ids
    mine = sorted({ids[c] for c, _ in swap_sources(s.seats[p], froms)})
    theirs = sorted(ids[c] for c in s.locations if c != exclude)
    table = SWAP_TABLE
    return [table[(m, t)] for m in mine for t in theirs]


def do_swap(d, p: int, mine: int, theirs: int) -> None:
    """gugong.card.swap-hand, gugong.card.swap-discard: the new card goes where the old one lay;
    the old one lies face up on the location (gugong.assume.swap-free)."""
    seat = d.seat(p)
    where = "hand" if mine in seat.hand else "discard"
    cards = list(getattr(seat, where))
    cards.remove(mine)
    cards.append(theirs)
    setattr(seat, where, tuple(sorted(cards)))
    locs = list(d.locations)
    locs[locs.index(theirs)] = mine
    d.locations = tuple(locs)


def _swap_gate(d, task) -> bool:
    _, p, froms, optional = task
    if swap_sources(d.seats[p], froms):
        return True
    d.agenda.pop()
    return False


def _legal_swap(s, task) -> list:
    _, p, froms, optional = task
    out = legal_swaps(s, p, froms)
    return out + [DECLINE_A] if optional else out


def _choose_gate(d, task) -> bool:
    _, p, options, origin = task
    live = [i for i, o in enumerate(options) if runnable(d, p, o)]
    if len(live) > 1:
        return True
    d.agenda.pop()
    if live:
        d.push(("fx", p, options[live[0]], origin))
    return False


def _legal_choose(s, task) -> list:
    _, p, options, origin = task
    return [choose(i + 1) for i, o in enumerate(options) if runnable(s, p, o)]


def _choose(d, a, task) -> None:
    _, p, options, origin = task
    d.push(("fx", p, options[a.args[0] - 1], origin))


# ---- a card from the draw pile (chance) --------------------------------------------------------
def _draw_gate(d, task) -> bool:
    """gugong.assume.jining-top-card: no card is drawn from an empty pile."""
    if d.draw:
        return True
    d.agenda.pop()
    return False


def _pile(s) -> tuple[int, ...]:
    """The cards a draw may give: the draw pile (in a view: every card the viewer cannot see)."""
    return s.unseen[0] if s.unseen else s.draw


def _draw_outcomes(s, task) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    pile = _pile(s)
    ids = s.book.card_ids
    counts: dict[int, int] = {}
    for c in pile:
        counts[c] = counts.get(c, 0) + 1
    return counted(((draw(ids[c]), k) for c, k in counts.items()))


def _draw_drawn(s, task, rng):
    pile = s.draw
    return draw(s.book.card_ids[pile[floor(rng.random() * len(pile))]])


def _draw(d, a, task) -> None:
    """gugong.canal.port-jining: the top card of the draw pile into the hand."""
    p = task[1]
    card = d.book.card_index[a.args[0]]
    pile = list(d.draw)
    pile.remove(card)
    d.draw = tuple(pile)
    seat = d.seat(p)
    seat.hand = tuple(sorted(seat.hand + (card,)))
    d.secrets += (p,)


def explain_draw(s, a) -> IllegalAction:
    top = s.agenda[-1] if s.agenda else ("over",)
    if top[0] != "draw":
        return NotYourTurn("not-chance", "engine.chance",
                           f"No card is being drawn from the draw pile now: {s.awaiting()}.")
    return UnknownAction("not-in-pile", "gugong.assume.jining-top-card",
                         f"{shorten(a.args[0], 40)} is not a card of the draw pile.")


AUTO["fx"] = _fx
AUTO["eff"] = _eff
GATE["optional"] = _optional_gate
LEGAL["optional"] = _legal_optional
GATE["pay_for"] = _pay_for_gate
LEGAL["pay_for"] = _legal_pay_for
LEGAL["set_die"] = _legal_set_die
GATE["retrieve"] = _retrieve_gate
LEGAL["retrieve"] = _legal_retrieve
GATE["swap"] = _swap_gate
LEGAL["swap"] = _legal_swap
GATE["choose"] = _choose_gate
LEGAL["choose"] = _legal_choose
GATE["draw"] = _draw_gate
CHANCE["draw"] = _draw_outcomes
DRAWN["draw"] = _draw_drawn
EFFECT["accept"] = _accept
EFFECT["decline"] = _decline
EFFECT["set_die"] = _set_die
EFFECT["retrieve"] = _retrieve
EFFECT["choose"] = _choose
EFFECT["draw"] = _draw
