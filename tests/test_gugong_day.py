"""Gùgōng: the day phase. Turns, the gift exchange and its price, the actions step, card actions."""

from __future__ import annotations

import pytest

from explorer import gugong as gg
from explorer.gugong._words import stage

from gugong_help import arrange, cards_of, cid, play, refused, set_up, turn_of, with_seat


def scene(hand, board, players=3, p=0, **seat):
    """Player ``p``'s turn holding cards ``hand`` (specs: value or (value, action)), the given
    board cards (location -> spec) on their locations."""
    s = set_up(players, start=p)
    specs = list(hand) + list(board.values())
    cards = cards_of(s, *specs)
    mine, theirs = cards[:len(hand)], cards[len(hand):]
    s = arrange(s, p, hand=mine, board=dict(zip(board, theirs)))
    if seat:
        s = with_seat(s, p, **seat)
    return turn_of(s, p), mine, theirs


def ex(s, give, take):
    return gg.exchange(cid(s, give), cid(s, take))


# ---- turns ------------------------------------------------------------------------------------
@pytest.mark.rules("gugong.day.turn-order", "gugong.day.turn-steps", "gugong.day.officials",
                   "gugong.exchange.mandatory", "gugong.assume.no-voluntary-pass")
def test_turns_go_clockwise_from_the_start_player_and_start_with_an_exchange():
    s = set_up(4, start=2)
    order = []
    while len(order) < 8:
        p = s.current_player
        if not order or order[-1] != p:
            order.append(p)
        acts = s.legal_actions()
        if s.task[0] == "turn":
            assert {a.kind for a in acts} <= {"exchange", "trade"}
            assert len([a for a in acts if a.kind == "exchange"]) == len(set(s.seats[p].hand)) * 7
            refused(s, gg.pass_(), "must-exchange", "gugong.exchange.mandatory")
            refused(s, gg.end_turn(), "not-now", "gugong.actions.may-act")
            s = s.apply(next(a for a in acts if a.kind == "exchange"))
        else:
            s = s.apply(gg.end_turn() if gg.end_turn() in acts else acts[0])
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


@pytest.mark.rules("gugong.day.one-action", "gugong.assume.one-action-per-turn")
def test_one_exchange_per_turn_but_both_actions():
    s, (g7,), (t3,) = scene([(7, "travel")], {"travel": 3}, p=0)
    s = s.apply(ex(s, g7, t3))
    assert s.task[0] == "actions" and s.current_player == 0
    refused(s, ex(s, g7, t3), "not-now", "gugong.exchange.mandatory")
    kinds = {a.kind for a in s.legal_actions()}
    assert {"act", "location", "end_turn"} <= kinds          # card action and location action


@pytest.mark.rules("gugong.day.pass-empty-hand", "gugong.day.phase-end", "gugong.evening.start")
def test_a_player_without_cards_passes_and_the_day_ends_when_all_have():
    s = set_up(2, start=0)
    s = with_seat(s, 0, hand=())
    s = turn_of(s, 0)
    assert s.legal_actions() == [gg.pass_()]
    assert with_seat(s, 0, tokens=(0, 1)).legal_actions() == [gg.pass_(), gg.trade(2, 0)]
    refused(s, ex(s, s.seats[1].hand[0], s.locations[0]), "hand-empty", "gugong.day.pass-empty-hand")
    s = s.apply(gg.pass_())
    assert s.seats[0].passed and s.current_player == 1
    # player 2 plays out their hand; player 1 is skipped each time
    exchanges = 0
    while stage(s) == "day":
        assert s.current_player != 0 or s.is_chance_node
        acts = s.legal_actions()
        last = s
        a = next((a for a in acts if a.kind in ("exchange", "pass", "forgo", "end_turn")), acts[0])
        exchanges += a.kind == "exchange"
        s = s.apply(a)
    assert exchanges == 4 and last.task == ("turn", 1) and last.seats[1].hand == ()
    assert stage(s) in ("evening", "morning")


# ---- the gift exchange ----------------------------------------------------------------------------
@pytest.mark.rules("gugong.exchange.free-if-higher", "gugong.exchange.taken-face-down",
                   "gugong.assume.given-card-placement")
def test_a_higher_card_is_exchanged_freely():
    s, (g7,), (t3,) = scene([7], {"jade": 3})
    pool = s.seats[0].pool
    s = s.apply(ex(s, g7, t3))
    jade = s.book.location_index["jade"]
    assert s.task[0] == "actions" and s.seats[0].pool == pool
    assert s.locations[jade] == g7 and t3 in s.seats[0].discard and g7 not in s.seats[0].hand


@pytest.mark.rules("gugong.exchange.lower-or-equal", "gugong.exchange.pay-two-servants")
@pytest.mark.parametrize("mine, theirs", [(3, 7), (5, 5)])
def test_a_lower_or_equal_card_needs_a_price(mine, theirs):
    s, (g, spare), (t,) = scene([mine, 2], {"palace": theirs})
    s = s.apply(ex(s, g, t))
    assert s.task[0] == "price"
    acts = s.legal_actions()
    assert gg.pay() in acts and gg.forgo() in acts and gg.discard(cid(s, spare)) in acts
    pool, supply = s.seats[0].pool, s.seats[0].supply
    paid = s.apply(gg.pay())
    assert (paid.seats[0].pool, paid.seats[0].supply) == (pool - 2, supply + 2)
    assert paid.task[0] == "actions" and t in paid.seats[0].discard
    broke = with_seat(s, 0, pool=1)
    assert gg.pay() not in broke.legal_actions()
    refused(broke, gg.pay(), "cannot-pay", "gugong.exchange.pay-two-servants")


@pytest.mark.rules("gugong.exchange.discard-card", "gugong.assume.discard-option-card")
def test_the_price_of_another_hand_card_goes_onto_the_discard_pile():
    s, (g, spare), (t,) = scene([2, 8], {"wall": 6})
    s = s.apply(ex(s, g, t))
    refused(s, gg.discard(cid(s, g)), "discard-other", "gugong.assume.discard-option-card")
    d = s.apply(gg.discard(cid(s, spare)))
    assert sorted(d.seats[0].discard) == sorted([spare, t]) and d.seats[0].hand == ()
    assert d.task[0] == "actions"
    lone, (g1,), (t1,) = scene([2], {"wall": 6})
    lone = lone.apply(ex(lone, g1, t1))
    assert [a.kind for a in lone.legal_actions()] == ["forgo", "pay"]


@pytest.mark.rules("gugong.exchange.without-action", "gugong.exchange.without-action-skip",
                   "gugong.assume.skip-step-two-scope")
def test_exchanging_without_acting_skips_the_actions_step():
    s, (g, spare), (t,) = scene([(4, "travel"), 2], {"travel": 7})
    s = s.apply(ex(s, g, t))
    f = s.apply(gg.forgo())
    assert f.current_player == 1 and f.task[0] == "turn"
    assert t in f.seats[0].discard and f.locations[f.book.location_index["travel"]] == g
    # the other two prices lead to the actions step (step 2 is skipped only by this one)
    assert s.apply(gg.pay()).task[0] == "actions"
    assert s.apply(gg.discard(cid(s, spare))).task[0] == "actions"


@pytest.mark.rules("gugong.exchange.one-for-nine", "gugong.assume.one-for-nine")
def test_a_one_is_exchanged_freely_for_a_nine():
    s, (one, nine_h), (nine, one_b) = scene([1, 9], {"jade": 9, "wall": 1})
    assert s.apply(ex(s, one, nine)).task[0] == "actions"           # 1 for 9: free
    assert s.apply(ex(s, nine_h, one_b)).task[0] == "actions"       # 9 for 1: higher anyway
    assert s.apply(ex(s, one, one_b)).task[0] == "price"            # 1 for 1: not free
    from explorer.gugong._day import is_free
    book = s.book
    others = [c for c in range(38) if book.value[c] not in (1, 9)]
    assert not any(is_free(book, one, c) for c in others if book.value[c] > 1)


@pytest.mark.rules("gugong.exchange.look-own-discard", "gugong.exchange.discard-hidden",
                   "gugong.assume.hidden-discard")
def test_your_discard_pile_is_yours_to_see_and_hidden_from_the_others():
    s, (g, spare), (t,) = scene([2, 8], {"wall": 6})
    s = play(s, ex(s, g, t), gg.discard(cid(s, spare)))
    mine, other = s.view(0), s.view(1)
    assert sorted(mine.seats[0].discard) == sorted([t, spare])
    assert other.seats[0].discard == (-1, -1) and other.seats[0].hand == ()
    assert gg.discard("?") in other.history and gg.discard(cid(s, spare)) in mine.history
    assert other.seats[1].hand == s.seats[1].hand                 # one's own hand shows


# ---- the actions step ---------------------------------------------------------------------------
@pytest.mark.rules("gugong.actions.may-act", "gugong.actions.card-action",
                   "gugong.actions.location-action", "gugong.actions.card-first",
                   "gugong.location.officials")
def test_card_action_then_location_action_or_either_or_none():
    s, (g,), (t,) = scene([(7, "palace")], {"intrigue": 3})
    s = s.apply(ex(s, g, t))
    acts = s.legal_actions()
    assert gg.act("basic") in acts and gg.location("intrigue", "basic") in acts
    assert gg.end_turn() in acts
    refused(s, gg.location("palace", "basic"), "wrong-location", "gugong.location.officials")
    # the card's action (the palace), then the location's (Intrigue)
    c = s.apply(gg.act("basic"))
    assert c.seats[0].palace == 1 and c.task[0] == "actions" and gg.act("basic") not in c.legal_actions()
    refused(c, gg.act("basic"), "card-action-done", "gugong.assume.same-action-independent")
    d = c.apply(gg.location("intrigue", "basic"))
    assert d.seats[0].intrigue == 1 and d.current_player == 1
    # the location's action first: the card's action is then gone
    e = s.apply(gg.location("intrigue", "basic"))
    assert e.current_player == 1 and e.seats[0].palace == 0
    # or neither
    n = s.apply(gg.end_turn())
    assert n.current_player == 1 and (n.seats[0].palace, n.seats[0].intrigue) == (0, 0)


@pytest.mark.rules("gugong.card.needs-icon", "gugong.card.location-icons",
                   "gugong.assume.card-location-action")
def test_a_card_without_an_action_has_none_and_an_icon_gives_that_locations_action():
    s, (g,), (t,) = scene([(9, "none")], {"palace": 2})
    s = s.apply(ex(s, g, t))
    assert not [a for a in s.legal_actions() if a.kind == "act"]
    refused(s, gg.act("basic"), "no-card-action", "gugong.card.needs-icon")
    # a Jade icon placed on the Great Wall offers the Jade options
    j, (g2,), (t2,) = scene([(7, "jade")], {"wall": 2})
    j = j.apply(ex(j, g2, t2))
    opts = {a.args[0] for a in j.legal_actions() if a.kind == "act"}
    from explorer.gugong._jade import options
    assert opts == set(options(j, 0)) and opts
    book = s.book
    located = sum(1 for c in range(38) if book.card_action[c] in book.location_index)
    assert located * 2 > sum(1 for c in range(38) if book.card_action[c] != "none")


@pytest.mark.rules("gugong.card.one-servant", "gugong.card.two-servants")
@pytest.mark.parametrize("action, n", [("servant_1", 1), ("servants_2", 2)])
def test_servant_cards_add_servants_from_the_supply(action, n):
    s = set_up(3, start=0)
    book = s.book
    c = next((x for x in range(38) if book.card_action[x] == action), None)
    if c is None:
        pytest.skip(f"no {action} card in the data")
    other = next(x for x in range(38) if x != c)
    s = turn_of(arrange(s, 0, hand=[c], board={"palace": other}), 0)
    s = s.apply(ex(s, c, other))
    if s.task[0] == "price":
        s = s.apply(gg.pay())
    pool = s.seats[0].pool
    t = s.apply(gg.act("basic"))
    assert t.seats[0].pool == pool + n and t.seats[0].supply == s.seats[0].supply - n


@pytest.mark.rules("gugong.card.swap", "gugong.card.swap-hand", "gugong.card.swap-discard",
                   "gugong.assume.swap-free", "gugong.assume.swap-not-itself")
def test_the_swap_trades_a_hand_or_discard_card_for_a_board_card():
    s = set_up(3, start=0)
    book = s.book
    sw = next(x for x in range(38) if book.card_action[x] == "swap")
    from explorer.gugong._day import is_free
    lo = next(x for x in range(38) if x != sw and is_free(book, sw, x))
    keep, old, board9 = cards_of(s, 8, 6, 9, exclude=(sw, lo))
    s = arrange(s, 0, hand=[sw, keep], board={"wall": lo, "jade": board9}, discard=[old])
    s = turn_of(s, 0).apply(gg.exchange(cid(s, sw), cid(s, lo)))
    swaps = [a for a in s.legal_actions() if a.kind == "swap"]
    assert len(swaps) == 3 * 6 and gg.act("basic") not in s.legal_actions()   # not the swap card
    h = s.apply(gg.swap(cid(s, keep), cid(s, board9)))                 # a hand card: into the hand
    assert board9 in h.seats[0].hand and h.locations[book.location_index["jade"]] == keep
    assert h.task[0] == "actions" and not [a for a in h.legal_actions() if a.kind == "swap"]
    d = s.apply(gg.swap(cid(s, old), cid(s, board9)))                  # a discard card: onto the pile
    assert board9 in d.seats[0].discard and old not in d.seats[0].discard
    # no value is compared, nothing is paid (a 6 from the pile for the 9)
    assert d.seats[0].pool == s.seats[0].pool
    # the swap card just placed cannot swap itself back (gugong.assume.swap-not-itself)
    err = refused(s, gg.swap(cid(s, keep), cid(s, sw)), "swap-itself", "gugong.assume.swap-not-itself")
    assert "swap card you have just given" in str(err)
    refused(s, gg.swap(cid(s, board9), cid(s, sw)), "not-your-card", "gugong.card.swap")


@pytest.mark.rules("gugong.card.same-twice", "gugong.assume.same-action-independent")
def test_the_same_action_twice_when_card_and_location_coincide():
    s, (g,), (t,) = scene([(7, "palace")], {"palace": 3})
    s = s.apply(ex(s, g, t))
    s = play(s, gg.act("paid"))
    assert s.seats[0].palace == 2 and s.seats[0].intrigue == 1
    s = s.apply(gg.location("palace", "basic"))
    assert s.seats[0].palace == 3 and s.current_player == 1
