"""Gùgōng: invariants over random games of every player count, records and replays, views that
hide what they must, and refusals that always say why."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import Action, IllegalAction, RecordError, replay
from explorer import gugong as gg
from explorer.gugong._core import LOST_DECREE, LOST_SLOT, SHIP, WALL

from gugong_help import edit, random_game, set_up, with_seat

SLOW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cubes_everywhere(s, p):
    seat = s.seats[p]
    wall = sum(1 for q, size in s.wall if q == p and size == 1)
    ships = sum(ship[1] for route in s.canal for ship in route if ship and ship[0] == p)
    decrees = sum(1 for h in s.holders if p in h) - (seat.foreman == LOST_DECREE)
    slots = sum(seat.slots) - (seat.foreman == LOST_SLOT)
    return seat.pool + seat.supply + wall + ships + decrees + slots


def check_invariants(s, before=None):
    book = s.book
    n = s.players
    for p, seat in enumerate(s.seats):
        # servants are never created or lost: 12 cubes each, wherever they are
        assert cubes_everywhere(s, p) == book.servants, (p, seat)
        assert seat.pool >= 0 and seat.supply >= 0
        on_wall = sum(1 for q, size in s.wall if q == p and size == 2)
        on_ship = sum(1 for route in s.canal for ship in route if ship and ship[0] == p and ship[2])
        assert on_wall == (seat.foreman == WALL) and on_ship == (seat.foreman == SHIP)
        assert 0 <= seat.intrigue <= book.intrigue_max and 0 <= seat.palace <= book.palace_steps
        assert (seat.arrival > 0) == (seat.palace == book.palace_steps)
        # never more than 6 tokens once a collected token's limit check is through
        if ("trade_check", p) not in s.agenda and ("trade_down", p) not in s.agenda:
            assert len(seat.tokens) <= book.token_limit
        assert all(seat.slots[w] <= book.reward_limit[w] for w in range(len(book.reward_ids)))
        assert sum(1 for route in s.canal for ship in route if ship and ship[0] == p) <= book.ships
        if before is not None:
            old = before.seats[p]
            assert seat.jade >= old.jade and seat.vp >= old.vp     # jade and VP are never lost
            assert seat.palace >= old.palace
    arrivals = [seat.arrival for seat in s.seats if seat.arrival]
    assert len(arrivals) == len(set(arrivals))
    # cards are never created or lost
    if s.day >= 1:
        cards = list(s.locations) + list(s.draw) + [c for x in s.seats for c in x.hand + x.discard]
        assert len(cards) == len(set(cards)) == 7 + 11 + 4 * n
    # tokens are never created or lost
    tokens = [k for k in s.cities if k >= 0] + list(s.stock) + list(s.spent)
    tokens += [k for x in s.seats for k in x.tokens]
    assert Counter(tokens) == Counter(book.all_tokens)
    assert all(0 <= h <= j for h, j in zip(s.houses, book.house_jade))
    if before is not None:
        assert all(h <= old for h, old in zip(s.houses, before.houses))
    # ships: one per port at most, never empty, never over capacity
    for route in s.canal:
        for ship in route:
            if ship is not None:
                assert 1 <= ship[1] + ship[2] and ship[1] + 2 * ship[2] <= book.ship_capacity
    # the wall: within its length, below its threshold unless it waits after a scoring
    assert sum(size for _, size in s.wall) <= book.wall_length
    acts = s.legal_actions()
    assert bool(acts) != s.is_over and acts == sorted(set(acts))


def wall_triggers(before, after):
    """A placement that reaches the threshold scores the wall at once."""
    thr = after.book.threshold
    was = sum(size for _, size in before.wall)
    now = sum(size for _, size in after.wall)
    if was < thr <= now:
        raise AssertionError(f"the wall reached {now} (threshold {thr}) and was not scored")


@pytest.mark.rules("gugong.servants.cap", "gugong.assume.own-supply", "gugong.travel.limit-six",
                   "gugong.wall.threshold", "gugong.jade.unlimited")
@SLOW
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10 ** 6),
       expert=st.booleans())
def test_invariants_hold_through_random_games(players, seed, expert):
    states = random_game(players, seed, expert=expert)
    check_invariants(states[0])
    for before, after in zip(states, states[1:]):
        check_invariants(after, before)
        wall_triggers(before, after)
    assert states[-1].is_over


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_always_finish_and_replay(players):
    for seed in range(5):
        end = random_game(players, seed)[-1]
        assert end.is_over and replay(end.record()) == end
        assert gg.replay(json.loads(json.dumps(end.record()))).history == end.history
        assert pickle.loads(pickle.dumps(end)) == end and copy.deepcopy(end) == end


def test_apply_never_changes_its_input():
    states = random_game(4, 11)
    rng = random.Random(0)
    for s in states[::4]:
        if s.is_over:
            continue
        snap = copy.deepcopy(s)
        for a in rng.sample(s.legal_actions(), min(3, len(s.legal_actions()))):
            s.apply(a)
            s.why_illegal(gg.travel("nowhere"))
        assert s == snap and s.history == snap.history and s.seats == snap.seats


def test_random_playouts_replay_and_keep_the_invariants():
    from explorer.gugong import bots
    for players in (2, 3, 4, 5):
        end = bots.random_playout(gg.new_game(players=players, seed=players), random.Random(7))
        assert end.is_over and end.record()["chance"] == "manual"
        check_invariants(end)
        assert replay(end.record()) == end


def test_remembered_answers_match_answers_worked_out_afresh():
    """The rules remember some answers (location options, the decrees' discounts and bonuses,
    listed actions): asked about positions of several games in any order, they answer as if
    nothing was remembered."""
    from explorer.gugong import _day, _decrees, _jade, _servants, _travel

    def answers(s):
        task = s.agenda[-1]
        p = task[1]
        return (_day._legal_actions(s, task), [f(s, p) for f in _day.OPTIONS.values()],
                [_decrees.on_action(s, p, loc) for loc in _day.OPTIONS],
                [_servants.discount(s, p, kind) for kind in s.book.discounts])

    def forget():
        _jade._OPTIONS.clear()
        _day._LISTED.clear()
        _travel._MOVES.clear()
        _servants._PLANS.clear()

    rng = random.Random(3)
    states = []
    for players, seed in ((2, 1), (2, 2), (4, 3), (4, 4)):     # two games on one book each
        s = gg.new_game(players=players, seed=seed)
        while not s.is_over:
            if s.phase == "actions":
                states.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    rng.shuffle(states)
    assert len({s.decrees for s in states}) == 4 > len({id(s.book) for s in states})
    for s in states[:300]:
        remembered = answers(s)
        forget()
        assert answers(s) == remembered


def expected_outcomes(s):
    """A deal's, a decree draw's or a token refill's outcomes and weights, worked out afresh from
    what is left (None for other chance events)."""
    book, task = s.book, s.task
    if task[0] == "deal":
        loc = book.locations[task[1]]
        left = {gg.deal(loc, book.card_ids[c]): 1 for c in book.setup_cards if c not in s.locations}
    elif task[0] == "decree_draw":
        level = book.decree_slot_level[task[1]]
        left = {gg.decree(book.decree_ids[k]): 1 for k, lv in enumerate(book.decree_level)
                if lv == level and k not in s.decrees}
    elif task[0] == "refill":
        stock = s.unseen[1] if s.is_view else s.stock
        left = {gg.token(book.city_ids[task[1]], book.token_ids[k]): m
                for k, m in Counter(stock).items()}
    else:
        return None
    outs = sorted(left, key=Action._key)
    return tuple(outs), tuple(left[a] for a in outs)


def test_chance_events_list_their_outcomes_as_worked_out_afresh():
    """Deals, decree draws and token refills list what is left, sorted, weighted by how many
    there are, in a full state and in a player's view; a chance node's legal actions are its
    outcomes, and it is a chance node just when chance is to play."""
    from explorer._engine import CHANCE
    rng = random.Random(5)
    seen = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        s = gg.new_game(players=players, seed=seed, chance="manual")
        while True:
            assert s.is_chance_node == (not s.is_over and s.current_player == CHANCE)
            if s.is_over:
                break
            if s.is_chance_node:
                got = s.chance_weights()
                assert s.legal_actions() == list(got[0])
                want = expected_outcomes(s)
                if want is not None:
                    seen[s.task[0]] += 1
                    assert got == want
                    view = s.view(seed % players)
                    assert view.chance_weights() == expected_outcomes(view)
                s = s.apply(rng.choices(got[0], weights=got[1])[0])
            else:
                s = s.apply(rng.choice(s.legal_actions()))
    assert set(seen) == {"deal", "decree_draw", "refill"} and seen["refill"] > 40


def near(s):
    """Actions close to the legal ones: every card, city, port, option and number swapped in."""
    book = s.book
    cards = list(book.card_ids[:-1])
    out = set()
    for a in s.legal_actions():
        k, args = a.kind, a.args
        if k in ("exchange", "swap"):
            out |= {Action(k, x, args[1]) for x in cards[:12]}
            out |= {Action(k, args[0], x) for x in cards[:12]}
        elif k in ("discard", "retrieve", "draw"):
            out |= {Action(k, x) for x in cards}
        elif k == "travel":
            out |= {gg.travel(c) for c in book.city_ids}
        elif k in ("load", "sail", "claim"):
            ports = [p for route in book.port_ids for p in route]
            out |= {Action(k, p, *args[1:]) for p in ports}
        elif k in ("location", "act"):
            opts = ("basic", "paid", "box", *book.house_ids, *book.decree_ids)
            out |= {Action(k, *args[:-1], o) for o in opts}
            if k == "location":
                out |= {gg.location(loc, "basic") for loc in book.locations}
        elif k in ("benefit", "choose"):
            out |= {Action(k, x) for x in range(0, 9)}
        elif k == "trade":
            out |= {gg.trade(v, d) for v in (2, 3, 4, 6) for d in range(3)}
        elif k == "set_die":
            out |= {gg.set_die(d, f) for d in book.dice_ids for f in range(1, 10)}
    out |= {gg.end_turn(), gg.pass_(), gg.pay(), gg.forgo(), gg.accept(), gg.decline(),
            gg.foreman(True), gg.foreman(False)}
    return out


@pytest.mark.parametrize("players", [3, 5])
def test_every_refusal_says_why_with_a_rule_of_the_catalogue(players):
    from explorer import rules
    book = rules.catalogue("gugong")
    states = random_game(players, 21)
    for s in states[::2]:
        legal = set(s.legal_actions())
        for a in near(s) - legal:
            err = s.why_illegal(a)
            assert isinstance(err, IllegalAction) and err.rule in book or err.rule.startswith("engine.")
            assert err.code != "not-legal", (s.task, a, err)
            assert 0 < len(err.message) <= 400


# ---- what each player may see ----------------------------------------------------------------
@pytest.mark.rules("gugong.assume.hidden-discard", "gugong.exchange.discard-hidden")
def test_nothing_hidden_leaks_through_a_view():
    s = set_up(3, start=0)
    book = s.book
    hand = list(s.seats[1].hand)
    draw = list(s.draw)
    # another game that differs only in what is face down: player 2 holds a card that the
    # first game has in the draw pile, and the draw pile the card player 2 held there
    other = edit(with_seat(s, 1, hand=tuple(sorted(hand[1:] + [draw[0]]))),
                 draw=tuple(sorted(draw[1:] + [hand[0]])))
    assert other != s
    for viewer in (0, 2, None):
        va, vb = s.view(viewer), other.view(viewer)
        assert va == vb
        assert va.seats[1].hand == (-1,) * 4 and va.draw == (-1,) * len(s.draw)
        assert va.stock == (-1,) * len(s.stock)
    assert s.view(1) != other.view(1)                           # the owner sees their own cards
    assert other.view(1).seats[1].hand == other.seats[1].hand
    # the view's chance events carry the viewer's odds: a card drawn is any card unseen
    v = s.view(0)
    unseen = list(s.draw) + [c for q in (1, 2) for c in s.seats[q].hand + s.seats[q].discard]
    assert v.unseen[0] == tuple(sorted(unseen)) and v.book is book
    d = edit(v, agenda=v.agenda + (("draw", 0),))
    assert sorted(a.args[0] for a, _ in d.chance_outcomes()) == sorted(book.card_ids[c] for c in unseen)


def test_secret_actions_are_masked_in_the_others_view_of_the_history():
    states = random_game(4, 5)
    end = states[-2]
    mine = {p: end.view(p) for p in range(4)}
    secrets = [a for a in end.history if a.kind in ("discard", "retrieve", "draw", "hand")]
    assert secrets, "a random game has secret actions"
    for p, v in mine.items():
        shown = [a for a in v.history if a.kind in ("discard", "retrieve", "draw", "hand")]
        assert len(shown) == len(secrets)
        assert any(a.args[-1] == "?" for a in shown)
    spectator = end.view(None)
    assert all(a.args[-1] == "?" for a in spectator.history if a.kind in ("discard", "retrieve", "draw"))
    assert states[-1].view(0) is states[-1]                        # at the end, everything shows


def test_views_cannot_be_recorded_or_turned_into_other_views():
    s = set_up(3, start=0)
    v = s.view(1)
    with pytest.raises(RecordError, match="view"):
        v.record()
    from explorer import OptionError
    with pytest.raises(OptionError):
        v.view(0)
    assert v.view(1) is v and v.info.chance == "manual"
    with pytest.raises(OptionError):
        s.view(7)


def test_views_answer_every_question_a_board_asks():
    for s in random_game(4, 9)[::7]:
        for viewer in (0, 3, None):
            v = s.view(viewer)
            assert v.status() and v.turn_label() and v.awaiting()
            for a in v.legal_actions()[:8]:
                assert v.describe(a)
            assert v.to_svg().startswith("<svg") and v.result().totals
            assert v.score_breakdown(1) and v.legend()
            if v.is_chance_node:
                assert sum(p for _, p in v.chance_outcomes()) == 1
