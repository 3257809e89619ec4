"""Gonzaga: words for the boards (labels, sentences, what the game waits for), click targets,
the legend, the result panel and the static SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from explorer import IllegalAction, rules
from explorer import gonzaga as gz

from europe import dealt, geo, plan_all, random_game, reveal_fiefs, to_place

NS = "{http://www.w3.org/2000/svg}"


def test_turn_labels_group_the_history_as_a_board_shows_it():
    s = gz.new_game(players=4, seed=2, chance="manual")
    assert s.turn_label() == "Set-up"
    s = dealt(4)
    assert s.turn_label() == "Round 1 · Fief cards"
    s = reveal_fiefs(s)
    labels = set()
    while s.phase == "plan":
        labels.add(s.turn_label())
        s = s.apply(s.legal_actions()[0])
    assert labels == {"Round 1 · Planning"}                 # planning shows as one step
    p = s.current_player
    assert s.turn_label() == f"Round 1 · Player {p + 1} ({s.player_colour(p)[0]})"
    for later in random_game(4, 3):
        if later.phase == "place" and later.round == 3:
            assert re.fullmatch(r"Round 3 · Player [1-4] \((red|yellow|green|blue)\)", later.turn_label())
            break
    end = random_game(2, 1)[-1]
    assert end.turn_label() == "End" and end.awaiting() == "the game is over"


def test_every_action_has_a_sentence():
    for s in random_game(3, 4)[::2]:
        if s.is_over:
            continue
        for a in s.legal_actions()[:6]:
            text = s.describe(a)
            assert text and "Action(" not in text and text.endswith(".")
        assert s.awaiting() and s.status()


def test_sentences_of_plans_hide_what_the_view_hides():
    s = reveal_fiefs(dealt(3))
    a = s.legal_actions()[-1]
    assert a.kind == "privilege" and "the King's Privilege" in s.describe(a)
    t = s.apply(a)
    assert t.view(1).history[-1] == gz.plan("?", "?")
    assert s.view(1).describe(gz.plan("?", "?")) == "Player 1 (red) plans in secret."


def test_chance_runs_read_as_one_sentence():
    s = gz.new_game(players=3, seed=5, chance="manual")
    outcomes = [s.legal_actions()[0]]
    t = s.apply(outcomes[0])
    for _ in range(3):
        a = t.legal_actions()[0]
        outcomes.append(a)
        t = t.apply(a)
    text = s.describe_chance_run(outcomes)
    assert text.startswith("Scenario tile") and text.count("hidden objective card") == 3
    run = reveal_fiefs(dealt(3, seed=5)).history[-3:]
    line = dealt(3, seed=5).describe_chance_run(run)
    assert line.startswith("Fief cards turned up: Player 1 (red) card") and line.count("(fief ") == 3


def test_hex_labels_are_a_column_letter_and_a_row_number():
    g = geo()
    s = dealt(2)
    for i in range(0, g.n, 37):
        c = g.coords[i]
        label = s.hex_label(c.q, c.r)
        assert re.fullmatch(r"[A-Z]+[0-9]+", label) and label == s.hex_label(i)
    assert s.hex_label(999, 999) == "(999, 999)"
    row_of = {}
    for i, c in enumerate(g.coords):                       # one row number per row of the grid
        row_of.setdefault(c.r, set()).add(re.sub(r"[A-Z]+", "", g.label(i)))
    assert all(len(v) == 1 for v in row_of.values())


def test_refusals_name_places_as_the_board_labels_them():
    s = to_place(2, fief=0, plan=(reveal_fiefs(dealt(2)).book.region_cards(dealt(2).scenario)[0], "B"))
    g = geo()
    for a in [gz.place(c.q, c.r, k) for c in g.coords[::23] for k in (0, 3)]:
        err = s.why_illegal(a)
        if err is None:
            continue
        assert "fief" in err.message.lower()
        assert re.search(r"\b[A-Z]+[0-9]+\b", err.message) or "off the map" in err.message


TARGETS = [["hex", 0, 0], ["region", "francia"], ["sea", "SEA1"], ["seal", "italia"],
           ["card", 0, "A"], ["card", 1, "king"], ["card", 0, "inactive"], ["plan", 0],
           ["objective", 1], ["deck", 0], ["fief", 1], ["rings", 0], ["church"], ["gonzaga"],
           ["scenario"], ["last_turn"]]


def test_every_click_target_is_explained():
    states = [dealt(2), reveal_fiefs(dealt(2)), plan_all(reveal_fiefs(dealt(2))), random_game(2, 6)[-1]]
    for s in states:
        for t in TARGETS:
            err = s.explain_target(t)
            if err is None:
                continue
            assert isinstance(err, IllegalAction) and err.message
            assert rules.rule(err.rule).id == err.rule
    s = states[0]
    for bad in ["hex", ["hex", 1], ["hex", "a", 1], ["card", 9, "A"], ["card", 0, "Z"],
                ["region", "atlantis"], ["nothing"], [], None, 5, ["sea", 1]]:
        assert s.explain_target(bad).code == "not-a-target"


def test_a_click_on_a_hex_where_the_fief_fits_is_an_action():
    for s in random_game(2, 7):
        if s.phase == "place" and [a for a in s.legal_actions() if a.kind == "place"]:
            a = next(a for a in s.legal_actions() if a.kind == "place")
            assert s.explain_target(["hex", a.args[0], a.args[1]]) is None
            assert s.explain_target(["church"]) is None
            err = s.explain_target(["hex", -90, -90])
            assert err is not None and err.code in ("off-map", "not-a-target")
            break
    else:
        pytest.fail("no placement phase with a legal placement")


def test_the_legend_lists_what_the_map_draws():
    s = dealt(3)
    legend = s.legend()
    meanings = [m for _, m in legend]
    assert any("barrier" in m for m in meanings) and any("city" in m for m in meanings)
    assert sum("a fief of" in m for m in meanings) == 3 and sum("a ring of" in m for m in meanings) == 3
    assert any("placeholder" in m for m in meanings)
    for sample, _ in legend:
        ET.fromstring(sample)


def test_the_result_panel_says_how_the_winner_was_decided():
    end = random_game(4, 9)[-1]
    r = end.result()
    assert r.final and r.categories == ("cities and ports", "sea leagues", "church", "Gonzaga tile", "objective")
    assert r.rule in ("gonzaga.end.winner", "gonzaga.end.tie-break", "gonzaga.end.shared-victory")
    assert r.totals == end.scores() and set(r.winners) <= set(range(4))
    d = r.to_dict([end.player_label(p) for p in range(4)])
    assert d["rows"][0]["label"] == "Player 1 (red)" and "points" in r.explanation
    mid = random_game(2, 9)[20]
    assert not mid.result().final and "at the end" in mid.result().explanation


def test_the_static_svg_draws_the_map_pieces_and_panels():
    for s in random_game(3, 12)[::25]:
        root = ET.fromstring(s.to_svg())
        hexes = [e for e in root.iter(f"{NS}polygon") if "hex" in e.get("class", "").split()]
        assert len(hexes) == s.book.geo.n
        assert all(e.get("stroke-dasharray") for e in hexes)       # the map is a placeholder
        seats = [e for e in root.iter(f"{NS}g") if e.get("class") == "seat"]
        assert len(seats) == 3
        fiefs = [e for e in root.iter(f"{NS}g") if e.get("class") == "fief"]
        assert len(fiefs) == sum(1 for p in range(3) for f, *_ in s.pieces[p] if f >= 0)
        assert "placeholder-note" in s.to_svg() and "<svg" in s._repr_html_()
    for s in random_game(2, 13):
        if s.phase == "place" and any(a.kind == "ring" for a in s.legal_actions()):
            svg = s.to_svg(interactive=True)
            assert 'data-action="[&quot;ring&quot;' in svg and "ring-spot legal" in svg
            assert "data-action" not in s.to_svg()
            fief_mode = s.to_svg(interactive=True, controls={"wedding": False})
            assert "ring-spot" not in fief_mode and 'data-action="[&quot;church&quot;]"' in fief_mode
            break


def test_a_views_drawing_hides_the_plans_and_objectives():
    s = reveal_fiefs(dealt(3)).apply(gz.privilege(*reveal_fiefs(dealt(3)).legal_actions()[0].args))
    svg = s.view(1).to_svg()
    assert "planned (face down)" in svg and "objective: hidden" in svg

    def plan_text(view, seat):
        root = ET.fromstring(view.to_svg())
        group = next(e for e in root.iter(f"{NS}g") if e.get("class") == "seat"
                     and e.get("data-player") == str(seat))
        return "".join(next(e for e in group.iter(f"{NS}g") if e.get("class") == "plan").itertext())
    assert plan_text(s.view(1), 0) == "plan: planned (face down)"
    own = plan_text(s.view(0), 0)
    assert "face down" not in own and s.book.region_card_name(s.plans[0].region) in own


def test_a_click_on_a_planning_card_says_where_it_lies():
    s = reveal_fiefs(dealt(2))
    region = s.book.region_cards(s.scenario)[0]
    s = plan_all(s, {0: gz.privilege(region, "B"), 1: gz.plan(region, "C")})
    err = s.explain_target(["card", 0, "B"])
    assert err.code == "card-played" and err.rule == "gonzaga.order.reveal"
    assert s.explain_target(["card", 0, "A"]).code == "card"
    after = s.apply(gz.church())
    err = after.explain_target(["card", 0, "king"])
    assert err.code == "card-resting" and "next round" in err.message
    later = reveal_fiefs(after.apply(gz.church()))
    err = later.explain_target(["card", 0, region])
    assert err.code == "card-resting" and "last round" in err.message
    # while the others plan, a card's place never tells what was planned
    planned = later.apply(later.legal_actions()[0])
    v = planned.view(1)
    used = planned.plans[0]
    other = next(c for c in ("A", "B", "C") if c not in later.resting[0] and c != used.action)
    assert v.explain_target(["card", 0, used.action]).code == v.explain_target(["card", 0, other]).code
