"""Gùgōng: words for the boards. Seat labels, turn labels, what the game waits for, a sentence for
every action, one sentence per chance run, click targets, the legend, results."""

from __future__ import annotations

import json
import random

from explorer import IllegalAction
from explorer import gugong as gg

from gugong_help import doing, edit, from_tasks, random_game, set_up, with_seat


def test_seats_are_labelled_by_number_and_colour():
    s = set_up(5, start=0)
    assert [s.player_label(p) for p in range(3)] == ["Player 1 (red)", "Player 2 (blue)",
                                                     "Player 3 (green)"]
    assert s.player_colour(4) == ("purple", "#7d3c98")


def test_turn_labels_name_the_day_and_the_seat_or_the_phase():
    s = set_up(3, start=2)
    assert s.turn_label() == "Day 1 · Player 3 (green)"
    m = gg.new_game(players=3, seed=1, chance="manual")
    assert m.turn_label() == "Set-up"
    morning = from_tasks(edit(s, day=1), ("dawn",))
    assert morning.is_chance_node and morning.turn_label() == "Day 2 · Morning"
    ev = from_tasks(s, ("evening",))
    assert ev.turn_label() in ("Day 1 · Evening", "Day 2 · Morning")
    final = from_tasks(with_seat(edit(s, day=4), 0, tokens=(0, 1)), ("dawn",))
    assert final.task[0] == "final_trade" and final.turn_label() == "Final scoring"
    end = random_game(2, 3)[-1]
    assert end.turn_label() == "End" and end.status().startswith("Game over.")


def test_every_action_of_random_games_has_its_own_sentence():
    kinds = set()
    for players in (2, 4, 5):
        s = gg.new_game(players=players, seed=players, chance="manual")
        rng = random.Random(players)
        while not s.is_over:
            a = s.seeded_outcome() if s.is_chance_node else rng.choice(s.legal_actions())
            text = s.describe(a)
            assert text.endswith(".") and str(a) not in text, (a, text)
            assert "Player" in text or a.kind in ("die", "token", "deal", "decree", "draw")
            assert s.awaiting() and s.awaiting() != "Player 1 (red) to play"
            kinds.add(a.kind)
            s = s.apply(a)
    assert {"exchange", "pay", "discard", "forgo", "act", "location", "end_turn", "pass", "travel",
            "accept", "decline", "trade", "load", "start", "die", "token", "deal", "decree"} <= kinds


def test_masked_actions_read_as_hidden():
    s = set_up(3, start=0)
    v = s.view(1)
    price = edit(v, agenda=v.agenda + (("price", 0, s.seats[0].hand[0], 2),))
    assert price.describe(gg.discard("?")) == "Player 1 (red) discards a card face down to make the exchange."
    assert v.describe(gg.retrieve("?")).endswith("takes a card back from their discard pile into their hand.")
    d = edit(s, agenda=s.agenda + (("draw", 0),))
    assert d.describe(gg.draw("?")).endswith("unseen.")


def test_a_roll_of_the_destiny_dice_reads_as_one_sentence():
    s = set_up(3, start=0)
    m = from_tasks(edit(s, day=1), ("dawn",))
    run = []
    cur = m
    while cur.is_chance_node:
        a = cur.seeded_outcome()
        run.append(a)
        cur = cur.apply(a)
    text = m.describe_chance_run(run)
    dice = [a for a in run if a.kind == "die"]
    assert text.count("The Destiny dice show") == 1 and text.endswith(".")
    for a in dice:
        assert f"{a.args[0]} {a.args[1]}" in text


def test_click_targets_play_or_say_why_not():
    s = set_up(3, start=0)
    book = s.book
    assert s.explain_target(["card", "jade"]) is None                  # the exchange takes it
    assert s.explain_target(["hand", 0, book.card_ids[s.seats[0].hand[0]]]) is None
    for target, code, rule in [
        (["hand", 1, book.card_ids[s.seats[1].hand[0]]], "not-your-pieces", "engine.turn"),
        (["discard", 0], "discard-face-down", "gugong.exchange.taken-face-down"),
        (["piles"], "piles-face-down", "gugong.setup.token-piles"),
        (["draw"], "draw-pile", "gugong.setup.draw-pile"),
        (["city", book.city_ids[0]], "no-travel-now", "gugong.travel.destination-has-token"),
        (["port", book.port_ids[0][0]], "no-canal-now", "gugong.canal.basic"),
        (["wall"], "no-wall-now", "gugong.wall.basic"),
        (["die", book.dice_ids[0]], "no-die-now", "gugong.intrigue.benefit-five"),
    ]:
        err = s.explain_target(target)
        assert isinstance(err, IllegalAction) and (err.code, err.rule) == (code, rule), (target, err)
    for bad in (None, [], ["moon"], ["hand", 0], "card", [3]):
        assert s.explain_target(bad).code == "not-a-choice"      # as a click on the background
    t = doing(s, 0, "travel")
    assert t.explain_target(["city", book.city_ids[0]]) is None
    assert random_game(2, 1)[-1].explain_target(["wall"]).code == "game-over"


def test_the_legend_lists_the_pieces_and_marks_placeholder_data():
    s = set_up(4, start=0)
    legend = s.legend()
    assert len(legend) >= 10 and all(isinstance(a, str) and b for a, b in legend)
    assert any("placeholder" in meaning for _, meaning in legend)
    assert sum(1 for sample, _ in legend if sample.startswith("<svg")) >= 5


def test_results_and_drawings():
    mid = set_up(3, start=0)
    r = mid.result()
    assert not r.final and "lead" in r.explanation
    end = random_game(3, 2)[-1]
    d = end.result().to_dict([end.player_label(p) for p in range(3)])
    assert d["final"] and json.dumps(d) and d["categories"][0] == "during play"
    svg = mid.to_svg()
    assert svg.startswith("<svg") and "Player 1" in svg
    assert 'data-game="gugong"' in mid._repr_html_()
