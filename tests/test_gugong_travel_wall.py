"""Gùgōng: the Travel location (the map, tokens, trades, the token limit) and the Great Wall with
its scoring and the Intrigue benefits it gives."""

from __future__ import annotations

import pytest

from explorer import gugong as gg
from explorer.gugong._core import POOL, SUPPLY, WALL
from explorer.gugong._travel import destinations

from gugong_help import doing, edit, play, refused, set_up, tokens_at, turn_of, with_seat


def kind_with(book, effect_kind, **fields):
    """A token kind whose effects are exactly one effect of ``effect_kind`` (with ``fields``)."""
    for k, fx in enumerate(book.token_effects[:-1]):
        if len(fx) == 1 and fx[0][0] == effect_kind and all(
                fields.get(f) in (None, v) for f, v in zip(("what", "amount"), fx[0][1:])):
            return book.token_ids[k]
    pytest.skip(f"no token kind with a lone {effect_kind} effect in the data")


def path_of_three(book):
    """Cities a - b - c on a road path, with c not next to a."""
    for a in range(len(book.city_ids)):
        for b in book.adjacent[a]:
            for c in book.adjacent[b]:
                if c != a and c not in book.adjacent[a]:
                    return a, b, c
    raise AssertionError("the map has no path of three cities")


def only(s, kinds_by_index):
    """Tokens only on the cities given (index -> kind id)."""
    book = s.book
    cities = [-1] * len(s.cities)
    for c, k in kinds_by_index.items():
        cities[c] = book.token_index[k]
    return edit(s, cities=tuple(cities))


# ---- Travel ---------------------------------------------------------------------------------------
@pytest.mark.rules("gugong.travel.first-placement", "gugong.assume.travel-first-placement",
                   "gugong.travel.basic", "gugong.assume.token-benefit-now")
def test_the_first_travel_places_the_traveller_on_any_token_city():
    s = set_up(3, start=0)
    vp = kind_with(s.book, "gain", what="vp")
    s = tokens_at(s, {s.book.city_ids[-1]: vp})
    t = doing(s, 0, "travel")
    cities = {a.args[0] for a in t.legal_actions()}
    assert cities == {s.book.city_ids[c] for c, k in enumerate(t.cities) if k >= 0}
    far = s.book.city_ids[-1]
    u = t.apply(gg.travel(far))
    assert u.seats[0].traveller == len(s.cities) - 1 and u.cities[-1] == -1
    assert u.seats[0].tokens == (s.book.token_index[vp],)
    assert u.task[0] == "optional" and u.legal_actions() == [gg.accept(), gg.decline()]
    amount = s.book.token_effects[s.book.token_index[vp]][0][2]
    assert u.apply(gg.accept()).seats[0].vp == amount
    declined = u.apply(gg.decline())
    assert declined.seats[0].vp == 0 and declined.seats[0].tokens == u.seats[0].tokens


@pytest.mark.rules("gugong.travel.destination-has-token", "gugong.travel.along-roads",
                   "gugong.travel.jump", "gugong.assume.travel-move")
def test_moves_follow_roads_over_empty_cities_to_a_token_city():
    s = set_up(3, start=0)
    book = s.book
    a, b, c = path_of_three(book)
    vp = kind_with(book, "gain", what="vp")
    everywhere = {x: vp for x in range(len(s.cities)) if x not in (a, b)}
    s = with_seat(only(s, everywhere), 0, traveller=a)
    s = with_seat(s, 1, traveller=b)                          # another traveller does not block
    # b is empty: the move jumps over it to c (and to a's other neighbours)
    reach = set(destinations(book, s.cities, a))
    assert c in reach and b not in reach
    assert reach == ({x for x in book.adjacent[a] if x != b} | {x for x in book.adjacent[b] if x != a})
    t = doing(s, 0, "travel")
    assert gg.travel(book.city_ids[c]) in t.legal_actions()
    refused(t, gg.travel(book.city_ids[b]), "no-token", "gugong.travel.destination-has-token")
    # a city with a token is where a move ends: nothing is reached through it
    blocked = with_seat(only(s, {**everywhere, b: vp}), 1, traveller=-1)
    assert set(destinations(book, blocked.cities, a)) == set(book.adjacent[a])
    t2 = doing(blocked, 0, "travel")
    refused(t2, gg.travel(book.city_ids[c]), "not-reachable", "gugong.assume.travel-move")


@pytest.mark.rules("gugong.assume.travel-blocked", "gugong.travel.paid", "gugong.assume.travel-two-moves")
def test_without_a_reachable_token_there_is_no_move():
    s = set_up(3, start=0)
    book = s.book
    s = with_seat(only(s, {}), 0, traveller=0)
    from explorer.gugong._travel import options
    assert options(s, 0) == []
    # the paid option: 2 servants, two moves; with only one move possible it is not offered
    # (gugong.assume.travel-two-moves)
    a, b, c = path_of_three(book)
    vp = kind_with(book, "gain", what="vp")
    one = with_seat(only(s, {b: vp}), 0, traveller=a, pool=5)
    assert options(one, 0) == ["basic"]
    from explorer.gugong._explain import why_option
    err = why_option(one, 0, "travel", "paid")
    assert (err.code, err.rule) == ("no-second-move", "gugong.assume.travel-two-moves")
    assert "twice" in str(err)
    two = doing(with_seat(only(s, {b: vp, c: vp}), 0, traveller=a), 0, "travel", "paid")
    two = play(two, gg.travel(book.city_ids[b]), gg.decline())
    assert two.task == ("travel", 0, 0)
    two = play(two, gg.travel(book.city_ids[c]), gg.decline())
    assert len(two.seats[0].tokens) == 2 and two.current_player == 1


@pytest.mark.rules("gugong.travel.keep-face-down", "gugong.travel.double-token")
def test_tokens_are_kept_face_down_the_double_face_up():
    s = set_up(3, start=0)
    book = s.book
    double = next(book.token_ids[k] for k in range(12) if book.token_value[k] == 2)
    plain = kind_with(book, "gain", what="vp")
    s = with_seat(s, 1, tokens=(book.token_index[plain], book.token_index[double]))
    v = s.view(0)
    assert v.seats[1].tokens == (-1, book.token_index[double])
    assert book.token_effects[book.token_index[double]] == ()        # no benefit to take
    t = doing(tokens_at(s, {book.city_ids[0]: double}), 0, "travel")
    t = t.apply(gg.travel(book.city_ids[0]))
    assert t.current_player == 1 and t.seats[0].tokens == (book.token_index[double],)


@pytest.mark.rules("gugong.travel.trade-any-time", "gugong.travel.trade-two", "gugong.travel.trade-four",
                   "gugong.travel.trade-six", "gugong.assume.trade-windows",
                   "gugong.assume.trade-values-and-limit", "gugong.travel.traded-to-discard",
                   "gugong.assume.trade-which-tokens")
def test_trades_of_two_four_and_six_tokens():
    s = set_up(3, start=0)
    book = s.book
    double = next(k for k in range(12) if book.token_value[k] == 2)
    held = (0, 1, 2, 3, 4, 5)
    t = turn_of(with_seat(s, 0, tokens=held, pool=6, supply=6), 0)
    trades = [a for a in t.legal_actions() if a.kind == "trade"]
    assert trades == [gg.trade(2, 0), gg.trade(4, 0), gg.trade(6, 0)]
    two = t.apply(gg.trade(2, 0))
    assert two.seats[0].pool == 7 and two.seats[0].tokens == held[2:] and two.spent == (0, 1)
    assert two.task == ("turn", 0)                            # still the player's decision
    four = t.apply(gg.trade(4, 0))
    assert four.seats[0].vp == 2 and four.seats[0].tokens == held[4:]
    six = t.apply(gg.trade(6, 0))
    assert six.seats[0].jade == 1 and six.seats[0].tokens == () and len(six.spent) == 6
    assert six.stock == s.stock                                # never back into the piles
    d = turn_of(with_seat(s, 0, tokens=(double, 0, 1)), 0)
    assert [a for a in d.legal_actions() if a.kind == "trade"] == [gg.trade(2, 0), gg.trade(2, 1),
                                                                   gg.trade(4, 1)]
    refused(d, gg.trade(4, 0), "cannot-trade", "gugong.assume.trade-values-and-limit")
    refused(d, gg.trade(3, 0), "no-such-trade", "gugong.travel.trade-two")
    assert d.apply(gg.trade(2, 1)).seats[0].tokens == (0, 1)       # the double alone
    assert d.apply(gg.trade(2, 0)).seats[0].tokens == (double,)    # the plain ones, first collected first
    assert d.apply(gg.trade(4, 1)).seats[0].vp == 2
    # in the actions step too (before or between the actions, or after the card action)
    acting = edit(with_seat(s, 0, tokens=held), agenda=(("next_turn", 0), ("actions", 0, 4, s.locations[4], True)))
    assert {gg.trade(2, 0), gg.trade(4, 0), gg.trade(6, 0), gg.end_turn()} <= set(acting.legal_actions())
    after = acting.apply(gg.trade(2, 0))
    assert after.task[0] == "actions" and after.current_player == 0
    # not while another player decides
    other = edit(with_seat(s, 0, tokens=held), agenda=(("next_turn", 1), ("turn", 1)))
    refused(other, gg.trade(2, 0), "cannot-trade", "gugong.assume.trade-values-and-limit")


@pytest.mark.rules("gugong.travel.limit-six")
def test_above_six_tokens_the_player_must_trade_at_once():
    s = set_up(3, start=0)
    book = s.book
    vp = kind_with(book, "gain", what="vp")
    s = with_seat(tokens_at(s, {book.city_ids[0]: vp}), 0, tokens=(0, 1, 2, 3, 4, 5))
    t = doing(s, 0, "travel").apply(gg.travel(book.city_ids[0]))
    assert len(t.seats[0].tokens) == 7 and t.task[0] == "optional"     # the benefit first
    t = t.apply(gg.accept())
    assert t.task == ("trade_down", 0) and {a.kind for a in t.legal_actions()} == {"trade"}
    err = refused(t, gg.end_turn(), "must-trade", "gugong.travel.limit-six")   # the limit, first
    assert "traded in at once" in str(err)
    t = t.apply(gg.trade(2, 0))
    assert len(t.seats[0].tokens) == 5 and t.current_player == 1


# ---- the Great Wall -----------------------------------------------------------------------------
@pytest.mark.rules("gugong.wall.basic", "gugong.wall.paid", "gugong.assume.one-option-per-action")
def test_one_servant_or_pay_one_for_two_more():
    s = set_up(3, start=0)
    b = doing(s, 0, "wall", "basic")
    assert b.wall == ((0, 1),) and b.seats[0].pool == 5
    p = doing(s, 0, "wall", "paid")
    assert p.wall == ((0, 1), (0, 1)) and p.seats[0].pool == 3 and p.seats[0].supply == 7
    from explorer.gugong._wall import options
    assert options(with_seat(s, 0, pool=2), 0) == ["basic"]     # 1 to pay and 2 to place: 3
    assert options(with_seat(s, 0, pool=0), 0) == []
    a = edit(with_seat(s, 0, pool=2), agenda=(("next_turn", 0), ("actions", 0, 1, s.locations[1], True)))
    assert [x for x in a.legal_actions() if x.kind == "location"] == [gg.location("wall", "basic")]
    refused(a, gg.location("wall", "paid"), "cannot-place", "gugong.wall.paid")


@pytest.mark.rules("gugong.wall.threshold", "gugong.wall.complete-now", "gugong.assume.wall-check",
                   "gugong.wall.score-most", "gugong.wall.scorer-returns", "gugong.wall.shift-left",
                   "gugong.wall.then-benefits")
@pytest.mark.parametrize("players, threshold", [(2, 4), (3, 5), (4, 6), (5, 7)])
def test_the_wall_is_scored_when_it_reaches_its_threshold(players, threshold):
    s = set_up(players, start=0)
    assert s.book.threshold == threshold
    other = 1
    wall = ((other, 1),) + ((0, 1),) * (threshold - 3) + ((other, 1),)
    s = edit(s, wall=wall)
    once = doing(s, other, "wall", "basic")                    # threshold - 1 +1: complete
    if threshold - 3 >= 2:                                      # player 0 has the most
        scorer = 0
    else:
        scorer = other
    counts = {0: threshold - 3, other: 3}
    scorer = max(counts, key=lambda p: (counts[p], once.seats[p].intrigue, once.seats[p].stamp))
    assert once.seats[scorer].vp == 3 and once.seats[scorer].palace == 1
    assert all(p != scorer for p, _ in once.wall)
    assert once.wall == tuple(x for x in wall + ((other, 1),) if x[0] != scorer)
    # one short of the threshold: nothing happens
    short = edit(s, wall=wall[:-1])
    t = doing(short, other, "wall", "basic")
    assert len(t.wall) == threshold - 1 and t.seats[other].vp == 0


@pytest.mark.rules("gugong.wall.score-tie", "gugong.tiebreak.higher-wins", "gugong.tiebreak.stack",
                   "gugong.intrigue.tiebreak-role")
def test_a_wall_tie_goes_to_the_higher_intrigue_marker():
    s = set_up(3, start=0)
    s = edit(s, wall=((0, 1), (1, 1), (0, 1), (1, 1)))
    s = with_seat(with_seat(s, 0, intrigue=3), 1, intrigue=3)
    s = with_seat(s, 1, stamp=10)                             # player 2's marker lies on top
    t = doing(s, 2, "wall", "basic")
    assert t.seats[1].vp == 3 and t.seats[0].vp == 0
    u = doing(with_seat(s, 0, intrigue=4), 2, "wall", "basic")
    assert u.seats[0].vp == 3


@pytest.mark.rules("gugong.intrigue.benefit-eligible", "gugong.intrigue.benefit-order",
                   "gugong.intrigue.benefit-order-stack", "gugong.assume.benefit-order-fixed",
                   "gugong.assume.benefit-eligibility", "gugong.intrigue.benefit-role")
def test_benefits_go_one_by_one_from_the_lowest_marker():
    s = set_up(4, start=0)
    s = edit(s, wall=((0, 1), (1, 1), (0, 1), (2, 1), (0, 1)))
    s = with_seat(s, 0, intrigue=6)
    s = with_seat(s, 1, intrigue=5, stamp=20)
    s = with_seat(s, 2, intrigue=5, stamp=10)                 # lower in the shared stack
    s = with_seat(s, 3, intrigue=9)
    t = doing(s, 3, "wall", "basic")                           # player 4 completes it
    assert t.seats[0].vp == 3
    order = []
    while t.task[0] == "benefit":
        order.append(t.current_player)
        assert t.legal_actions()[-1] == gg.decline()
        t = t.apply(gg.decline())
    assert order == [2, 1, 0, 3]                               # player 4 was on it at completion
    assert t.task == ("turn", 0)                               # then player 4's turn ends
    # a player with no servant on the completed wall gets no benefit
    s4 = doing(with_seat(s, 3, intrigue=9), 1, "wall", "basic")
    seen = []
    while s4.task[0] == "benefit":
        seen.append(s4.current_player)
        s4 = s4.apply(gg.decline())
    assert 3 not in seen and sorted(seen) == [0, 1, 2]


@pytest.mark.rules("gugong.intrigue.benefit-cost", "gugong.intrigue.benefit-one",
                   "gugong.intrigue.benefit-three", "gugong.intrigue.benefit-five",
                   "gugong.intrigue.benefit-seven", "gugong.assume.benefit-costs",
                   "gugong.intrigue.benefit-five-same-die")
def test_each_benefit_and_its_price_in_intrigue_steps():
    s = set_up(2, start=0)
    s = edit(s, wall=((1, 1), (1, 1), (1, 1)))
    s = with_seat(s, 0, intrigue=0)
    s = with_seat(s, 1, intrigue=8)
    t = doing(s, 0, "wall", "basic")                            # 4 on the wall: complete
    assert t.task == ("benefit", 1)                             # player 1, on step 0, cannot pay any
    assert t.legal_actions() == [gg.benefit(1), gg.benefit(3), gg.benefit(5), gg.benefit(7), gg.decline()]
    one = t.apply(gg.benefit(1))
    assert one.seats[1].intrigue == 7 and one.seats[1].pool == 7
    three = t.apply(gg.benefit(3))
    assert three.seats[1].intrigue == 5 and three.seats[1].pool == 8
    seven = t.apply(gg.benefit(7))
    assert seven.seats[1].intrigue == 1 and seven.seats[1].jade == 1
    five = t.apply(gg.benefit(5))
    assert five.task == ("set_die", 1) and five.seats[1].intrigue == 3
    die = five.book.dice_ids[0]
    face = max(five.book.die_faces[0])
    turned = five.apply(gg.set_die(die, face))
    assert turned.dice[0] == face
    refused(five, gg.set_die(die, 99), "no-such-face", "gugong.intrigue.benefit-five")
    low = with_seat(t, 1, intrigue=4)
    refused(low, gg.benefit(5), "intrigue-too-low", "gugong.assume.benefit-costs")
    # two players may turn the same die, one after the other
    both = edit(with_seat(with_seat(s, 0, intrigue=5), 1, intrigue=5), wall=((0, 1), (1, 1), (1, 1)))
    b = doing(both, 0, "wall", "basic")                         # 0: 2, 1: 2 -> complete
    faces = sorted(set(b.book.die_faces[0]))
    while b.task[0] in ("benefit", "set_die"):
        if b.task[0] == "benefit":
            b = b.apply(gg.benefit(5))
        else:
            b = b.apply(gg.set_die(die, faces[b.current_player]))
    assert b.dice[0] == faces[1] and b.seats[0].intrigue == b.seats[1].intrigue == 0


@pytest.mark.rules("gugong.assume.wall-counting", "gugong.foreman.lying-wall-ship",
                   "gugong.foreman.with-servant", "gugong.assume.foreman-placement",
                   "gugong.foreman.orientation")
def test_the_foreman_lies_on_the_wall_and_counts_two():
    s = set_up(3, start=0)
    s = with_seat(s, 0, foreman=POOL)
    t = doing(s, 0, "wall", "basic")
    assert t.task[0] == "wall_place" and t.legal_actions() == [gg.foreman(False), gg.foreman(True)]
    lying = t.apply(gg.foreman(True))
    assert lying.wall == ((0, 2),) and lying.seats[0].foreman == WALL and lying.seats[0].pool == 6
    paid = doing(s, 0, "wall", "paid").apply(gg.foreman(True))
    assert paid.wall == ((0, 1), (0, 2)) and paid.seats[0].pool == 4      # 1 paid, 1 placed
    # counted 2 for the threshold and for the majority
    w = edit(s, wall=((1, 1), (1, 1)))
    done = doing(w, 0, "wall", "paid").apply(gg.foreman(True))           # 2 + 1 + 2 = 5
    assert done.seats[0].vp == 3 and done.seats[0].foreman == SUPPLY     # back, still unlocked
    assert done.wall == ((1, 1), (1, 1))


@pytest.mark.rules("gugong.intrigue.benefit-eligible", "gugong.wall.complete-now")
def test_other_players_decide_their_benefits_mid_turn_and_the_turn_comes_back():
    from gugong_help import arrange, cards_of
    s = set_up(3, start=0)
    wall_card, low = cards_of(s, (7, "wall"), 2)
    s = arrange(s, 0, hand=[wall_card], board={"palace": low})
    s = edit(s, wall=((1, 1), (2, 1), (1, 1), (2, 1)))             # one short of 5
    for p in (1, 2):
        s = with_seat(s, p, intrigue=3)
    s = turn_of(s, 0).apply(gg.exchange(s.book.card_ids[wall_card], s.book.card_ids[low]))
    s = s.apply(gg.act("basic"))                                  # the card's wall action completes it
    deciders = []
    while s.task[0] == "benefit":
        deciders.append(s.current_player)
        s = s.apply(gg.decline())
    assert deciders == [1, 2] and s.current_player == 0 and s.task[0] == "actions"
    assert gg.location("palace", "basic") in s.legal_actions()
