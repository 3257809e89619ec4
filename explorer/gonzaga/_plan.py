"""2. Planifique su mudanza: secret planning with the region cards, the action cards and the
King's Privilege.

gonzaga.plan.secret, gonzaga.assume.secret-planning: the players plan one after another in seat
order; a committed plan is hidden from the others (their views show only that it was made) and
cannot be changed; when the last player has planned, all plans are revealed together (``_order``).
gonzaga.plan.one-of-each, gonzaga.plan.face-down: a plan is one region card and one action card.
gonzaga.plan.inactive-card: the inactive-regions card stands for every inactive region.
gonzaga.king.with-region, gonzaga.king.commit-action, gonzaga.assume.king-commit: the King's
Privilege goes with a region card and commits one of the other action cards, which is the round's
action. gonzaga.king.needs-ring, gonzaga.king.ring-cost: it needs a ring to spend (paid at the
reveal). gonzaga.cards.rest: the cards played last round rest in the middle box and cannot be
played. gonzaga.setup.remove-region-cards: the inactive regions' own cards are out of the game.
gonzaga.assume.no-legal-placement: planning is always possible, and a plan is never refused
because no placement would fit it.
"""

from __future__ import annotations

from functools import lru_cache

from .._action import Action
from .._errors import IllegalAction, UnknownAction, shorten
from ._actions import PLAN
from ._book import ACTIONS, INACTIVE_CARD, KING_CARD, MASKED_PLAN, Plan
from ._order import reveal_plans

__all__ = ["available", "card_refusal", "legal_plans", "commit", "explain_plan", "awaiting_reveal",
           "view_refusal", "ACTION_NAMES"]

ACTION_NAMES = {"A": "A (ports)", "B": "B (cities)", "C": "C (alliance)"}


def available(s, p: int) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The region cards and action cards player ``p`` may play this round, and whether they may
    play the King's Privilege (gonzaga.cards.rest, gonzaga.king.needs-ring)."""
    book = s.book
    return _available(book, s.scenario, s.resting[p], s.rings[p] >= book.c["king_ring_cost"])


@lru_cache(maxsize=1024)
def _available(book, scenario: int, resting: tuple[str, ...], ring: bool
               ) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """:func:`available` for a player with these resting cards who can (``ring``) or cannot pay
    the King's ring: it depends on nothing else, so it is worked out once per case."""
    regions = tuple(r for r in book.region_cards(scenario) if r not in resting
                    and (r != INACTIVE_CARD or book.scenarios[scenario].inactive))
    actions = tuple(a for a in ACTIONS if a not in resting)
    return regions, actions, KING_CARD not in resting and ring


def card_refusal(s, p: int, card: str) -> tuple[str, str] | None:
    """(code, rule id) when player ``p`` may not plan ``card`` this round (a region id, the
    inactive-regions card, an action card or the King's Privilege), else None. The one place the
    rules on single cards are checked: refusals of a plan and the planning panel both ask here."""
    book = s.book
    if s.scenario >= 0:
        scen = book.scenarios[s.scenario]
        if card in book.region_index and not scen.flourishing >> book.region_index[card] & 1:
            return "region-card-removed", "gonzaga.setup.remove-region-cards"
        if card == INACTIVE_CARD and not scen.inactive:
            return "no-inactive-regions", "gonzaga.plan.inactive-card"
    if card in s.resting[p]:
        return "card-resting", "gonzaga.cards.rest"
    if card == KING_CARD and s.rings[p] < book.c["king_ring_cost"]:
        return "no-ring", "gonzaga.king.needs-ring"
    return None


@lru_cache(maxsize=1024)
def _plans(regions: tuple[str, ...], actions: tuple[str, ...], king: bool) -> tuple[Action, ...]:
    out = [Action("plan", r, a) for r in regions for a in actions]
    if king:
        out += [Action("privilege", r, a) for r in regions for a in actions]
    return tuple(sorted(out, key=Action._key))


def legal_plans(s) -> tuple[Action, ...]:
    """Every plan the player to plan may commit: each available region card with each available
    action card, and the same with the King's Privilege when it may be played."""
    return plan_choices(s)[0]


def plan_choices(s) -> tuple[tuple[Action, ...], frozenset]:
    """:func:`legal_plans` and the same plans as a set (worked out once per case, as
    :func:`available`)."""
    p = s.turn
    book = s.book
    return _choices(book, s.scenario, s.resting[p], s.rings[p] >= book.c["king_ring_cost"])


@lru_cache(maxsize=1024)
def _choices(book, scenario: int, resting: tuple[str, ...], ring: bool
             ) -> tuple[tuple[Action, ...], frozenset]:
    plans = _plans(*_available(book, scenario, resting, ring))
    return plans, frozenset(plans)


def commit(d, a: Action) -> None:
    """gonzaga.assume.secret-planning: the plan lies face down; after the last plan, the reveal."""
    p = d.turn
    d.plans = d.plans[:p] + (_plan_of(a.kind, *a.args),) + d.plans[p + 1:]
    d.turn = p = p + 1
    if p == d.n and MASKED_PLAN not in d.plans:
        reveal_plans(d)
    # In a player's view the others' plans are hidden, so the reveal cannot be played there: the
    # view stops with every plan committed (see ``awaiting_reveal``).


@lru_cache(maxsize=256)
def _plan_of(kind: str, region: str, action: str) -> Plan:
    return Plan(region, action, kind == "privilege")


def awaiting_reveal(s) -> bool:
    """A player's view in which every plan is committed: the reveal needs the hidden plans, so
    nothing can be played in it (the full game state plays on)."""
    return s.phase == PLAN and s.turn >= s.players


def view_refusal(s, a: Action) -> IllegalAction:
    """The refusal of every action in a view that waits for the reveal."""
    whose = (f"a player's view of the game, what {s.player_label(s.viewer)} may see"
             if s.viewer >= 0 else "a spectator's view of the game")
    return IllegalAction("players-view", "gonzaga.plan.secret",
                         f"This is {whose}: every plan is committed and the "
                         "others' plans are hidden in it, so the reveal and everything after it "
                         "can only be played on the full game state.")


def explain_plan(s, a: Action) -> IllegalAction:
    from ._round import not_now
    if s.phase != PLAN:
        return not_now(s, a)
    region, action = a.args
    book = s.book
    p = s.turn
    if region != INACTIVE_CARD and region not in book.region_index:
        return UnknownAction("no-such-region-card", "gonzaga.components.planning-cards",
                             f"{shorten(region, 40)} is not a region card; the region cards are "
                             f"{', '.join(book.region_ids)} and {INACTIVE_CARD!r} (the "
                             "inactive-regions card).")
    if action not in ACTIONS:
        return UnknownAction("no-such-action-card", "gonzaga.components.planning-cards",
                             f"{shorten(action, 40)} is not an action card; they are A (ports), "
                             "B (cities) and C (alliance).")
    cards = (region, action) + ((KING_CARD,) if a.kind == "privilege" else ())
    for card in cards:
        why = card_refusal(s, p, card)
        if why is not None:
            return IllegalAction(*why, _refusal_text(s, p, card, why[0]))
    return IllegalAction("not-legal", "engine.legal", f"{a} is not among the plans allowed now.")


def _refusal_text(s, p: int, card: str, code: str) -> str:
    book = s.book
    who = s.player_label(p)
    if code == "region-card-removed":
        return (f"{book.region_card_name(card)} is inactive in this scenario: its region card went "
                "back to the box at set-up. To play there, plan the inactive-regions card (region "
                "\"inactive\").")
    if code == "no-inactive-regions":
        return ("Every region flourishes in this scenario, so the inactive-regions card has nowhere "
                "to send a fief.")
    if code == "no-ring":
        return (f"{who} has no ring left on their player board: the King's Privilege costs a ring "
                "and cannot be played without one.")
    name = (f"action card {ACTION_NAMES[card]}" if card in ACTION_NAMES else
            "the King's Privilege" if card == KING_CARD else book.region_card_name(card))
    return (f"{who} played {name} last round: it rests face up in the middle box and cannot be "
            "played this round.")
