"""Helpers for the Gùgōng tests: games whose chance events are chosen, positions edited for a
scenario, and cards or places picked by what they are (never by a placeholder's id)."""

from __future__ import annotations

import dataclasses
import json
import random
from importlib import resources

import pytest

from explorer import IllegalAction
from explorer import gugong as gg
from explorer.gugong._core import LOCKED, POOL, SUPPLY, settle, Draft


def set_up(players=3, seed=1, start=0, dice=None, cards=None, decrees=None, tokens=None,
           data=None, **options):
    """A new game with chance made by hand: the start player, the dice faces (one per die),
    the set-up cards by location (card ids), the decrees by slot, and tokens by city; anything
    not given is what the seed draws."""
    s = gg.new_game(players=players, seed=seed, chance="manual", data=data, **options)
    while s.is_chance_node:
        s = s.apply(_choice(s, start, dice, cards, decrees, tokens))
    return s


def _choice(s, start, dice, cards, decrees, tokens):
    task = s.task
    code = task[0]
    book = s.book
    if code == "start" and start is not None:
        return gg.start(start)
    if code == "roll" and dice is not None:
        return gg.die(book.dice_ids[task[1]], dice[task[1]])
    if code == "deal" and cards is not None:
        return gg.deal(book.locations[task[1]], cards[book.locations[task[1]]])
    if code == "decree_draw" and decrees is not None:
        return gg.decree(decrees[task[1]])
    if code == "refill" and tokens is not None and book.city_ids[task[1]] in tokens:
        return gg.token(book.city_ids[task[1]], tokens[book.city_ids[task[1]]])
    return s.seeded_outcome()


def edit(s, **fields):
    """The position with some fields changed (a fresh state: nothing cached)."""
    return dataclasses.replace(s, **fields)


def with_seat(s, p, **fields):
    seats = list(s.seats)
    seats[p] = seats[p]._replace(**fields)
    return edit(s, seats=tuple(seats))


def with_task(s, *tasks):
    """The position with ``tasks`` on top of its agenda (the first done first), settled."""
    d = Draft(s)
    d.push(*tasks)
    settle(d)
    return d.freeze()


def card(s, value=None, action=None, exclude=(), where=None):
    """The index of a card with this value and/or action, not in ``exclude`` (and, with
    ``where`` = "free", on no location and in no hand or discard pile)."""
    book = s.book
    used = set()
    if where == "free":
        used = set(s.locations) | {c for seat in s.seats for c in seat.hand + seat.discard}
    for c in range(len(book.card_ids) - 1):
        if c in exclude or c in used:
            continue
        if (value is None or book.value[c] == value) and (action is None or book.card_action[c] == action):
            return c
    pytest.skip(f"the data has no card with value {value} and action {action}")


def cid(s, c):
    return s.book.card_ids[c]


def at_turn(s, p, hand, board=None):
    """Player ``p``'s turn with this hand (card indices), and board cards by location name."""
    s = with_seat(s, p, hand=tuple(sorted(hand)))
    if board:
        locs = list(s.locations)
        for name, c in board.items():
            locs[s.book.location_index[name]] = c
        s = edit(s, locations=tuple(locs))
    return edit(s, agenda=(("next_turn", p), ("turn", p)))


def refused(state, action, code, rule):
    err = state.why_illegal(action)
    assert err is not None, f"{action} should be refused"
    assert (err.code, err.rule) == (code, rule), err
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert raised.value.code == code
    return err


def play(s, *actions):
    for a in actions:
        s = s.apply(a)
    return s


def random_game(players, seed, **options):
    s = gg.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    return states


def raw_data():
    return json.loads(resources.files("explorer.gugong").joinpath("data.json").read_text())


def data_file(tmp_path, change, name="data.json"):
    raw = raw_data()
    change(raw)
    path = tmp_path / name
    path.write_text(json.dumps(raw))
    return path


def rec(raw, table, rid):
    return next(r for r in raw["tables"][table] if r["id"] == rid)


__all__ = ["set_up", "edit", "with_seat", "with_task", "card", "cid", "at_turn", "refused", "play",
           "random_game", "raw_data", "data_file", "rec", "LOCKED", "POOL", "SUPPLY", "from_tasks",
           "drive", "resolve_chance", "arrange", "cards_of", "turn_of"]


def from_tasks(s, *tasks):
    """The position with its agenda replaced by ``tasks`` (the first done first), settled."""
    d = Draft(s)
    d.agenda = list(reversed(tasks))
    settle(d)
    return d.freeze()


def drive(s, until, policy=None, limit=5000):
    """Play on (chance as the seed draws it; decisions by ``policy``, the first legal action by
    default) until ``until(s)`` holds."""
    for _ in range(limit):
        if until(s):
            return s
        if s.is_chance_node:
            s = s.apply(s.seeded_outcome())
        else:
            s = s.apply((policy or (lambda x: x.legal_actions()[0]))(s))
    raise AssertionError("the position was never reached")


def resolve_chance(s):
    while s.is_chance_node:
        s = s.apply(s.seeded_outcome())
    return s


def _spots(s):
    """Where every card is: ('loc', i), ('hand', p), ('discard', p), ('draw',) or ('box',)."""
    where = {c: ("box",) for c in range(len(s.book.card_ids) - 1)}
    for i, c in enumerate(s.locations):
        where[c] = ("loc", i)
    for c in s.draw:
        where[c] = ("draw",)
    for p, seat in enumerate(s.seats):
        for c in seat.hand:
            where[c] = ("hand", p)
        for c in seat.discard:
            where[c] = ("discard", p)
    return where


def _put(s, c, spot):
    """Move card ``c`` to ``spot``, moving a card from there (if any) to where ``c`` was."""
    where = _spots(s)
    old = where[c]
    if old == spot:
        return s
    locs = list(s.locations)
    draw = list(s.draw)
    seats = [list(x.hand) for x in s.seats], [list(x.discard) for x in s.seats]

    def take_out(card, sp):
        if sp[0] == "loc":
            locs[sp[1]] = -1
        elif sp[0] == "draw":
            draw.remove(card)
        elif sp[0] == "hand":
            seats[0][sp[1]].remove(card)
        elif sp[0] == "discard":
            seats[1][sp[1]].remove(card)

    def put_in(card, sp):
        if sp[0] == "loc":
            locs[sp[1]] = card
        elif sp[0] == "draw":
            draw.append(card)
        elif sp[0] == "hand":
            seats[0][sp[1]].append(card)
        elif sp[0] == "discard":
            seats[1][sp[1]].append(card)

    take_out(c, old)
    if spot[0] == "loc":
        other = s.locations[spot[1]]
        take_out(other, spot)
        put_in(other, old)
    elif old[0] == "loc":                  # a location is never left empty: a box card fills it
        spare = next(x for x, sp in where.items() if sp == ("box",))
        put_in(spare, old)
    put_in(c, spot)
    s = edit(s, locations=tuple(locs), draw=tuple(sorted(draw)))
    for p in range(s.players):
        s = with_seat(s, p, hand=tuple(sorted(seats[0][p])), discard=tuple(sorted(seats[1][p])))
    return s


def arrange(s, p=0, hand=None, board=None, discard=None):
    """Player ``p`` holds exactly ``hand`` (and ``discard``), the given board cards lie on their
    locations; every card moved keeps the set of cards whole (what it displaces goes where it was,
    or to the box)."""
    if board:
        for name, c in board.items():
            s = _put(s, c, ("loc", s.book.location_index[name]))
    for cards, kind in ((hand, "hand"), (discard, "discard")):
        if cards is None:
            continue
        seat = s.seats[p]
        for c in list(getattr(seat, kind)):
            if c not in cards:
                s = _drop(s, p, c, kind)
        for c in cards:
            s = _put(s, c, (kind, p))
    return s


def _drop(s, p, c, kind):
    seat = s.seats[p]
    cards = list(getattr(seat, kind))
    cards.remove(c)
    return with_seat(s, p, **{kind: tuple(cards)})


def cards_of(s, *specs, exclude=()):
    """Distinct card indices, one per spec (value or (value, action)), from the whole deck."""
    out = []
    for spec in specs:
        value, action = spec if isinstance(spec, tuple) else (spec, None)
        out.append(card(s, value, action, exclude=list(exclude) + out))
    return out


def turn_of(s, p):
    """The position at the start of player ``p``'s turn (day phase)."""
    return edit(s, agenda=(("next_turn", p), ("turn", p)))


def doing(s, p, loc, option="basic"):
    """Player ``p`` carrying out ``option`` of location ``loc``'s action now (as after an
    exchange there), the rest of the turn to follow."""
    from explorer.gugong._day import carry_out
    return from_tasks(s, *carry_out(s, p, loc, option), ("next_turn", p))


def tokens_at(s, kinds):
    """The position with the map's tokens given by city id (others unchanged; -1 = none)."""
    cities = list(s.cities)
    book = s.book
    for city, kind in kinds.items():
        cities[book.city_index[city]] = -1 if kind is None else book.token_index[kind]
    return edit(s, cities=tuple(cities))
