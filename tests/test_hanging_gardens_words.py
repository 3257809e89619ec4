"""The Hanging Gardens: what the boards read from a state: labels, sentences, click targets,
legend, result, the static drawing and the placement preview."""

from __future__ import annotations

import json
import random
from xml.etree import ElementTree

import pytest

from explorer import IllegalAction, NotYourTurn, rules
from explorer import hanging_gardens as hg
from explorer.hanging_gardens import decline, discard, draw, hidden, place, take, temple, tile

from gardens import designed_data, set_up, taking


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return hg.load_data(designed_data(tmp_path_factory.mktemp("hgw")))


def test_seats_are_named_in_their_temple_colours_from_the_data():
    s = hg.new_game(players=4, seed=1)
    colours = [r["colour"] for r in sorted(s.info.data.table("temples"), key=lambda r: r["seat"])]
    assert [s.player_label(p) for p in range(4)] == [f"Player {p + 1} ({c})"
                                                     for p, c in enumerate(colours)]
    assert s.player_colour(1)[1].startswith("#")


def test_turn_labels_group_the_history_by_round_and_player():
    s = hg.new_game(players=3, seed=1, chance="manual")
    assert s.turn_label() == "Set-up"
    while s.phase != "reveal":
        s = s.apply(s.legal_actions()[0])
    assert s.turn_label() == "Round 1 · Cards turned up"
    while s.phase != "take":
        s = s.apply(s.legal_actions()[0])
    assert s.turn_label() == f"Round 1 · {s.player_label(s.current_player)}"
    auto = hg.new_game(players=4, seed=2)
    for _ in range(14):
        auto = auto.apply(auto.legal_actions()[0])
    assert auto.turn_label().startswith("Round ") and " · Player " in auto.turn_label()


def test_awaiting_and_status_say_what_comes_next(data):
    s = set_up(2, data=data, cards=["b01"])
    assert s.awaiting() == f"{s.player_label(0)} must take one of the face-up building cards"
    s = s.apply(take(1))
    assert s.awaiting().startswith(f"{s.player_label(0)} must place card b01")
    assert s.status().startswith("Round 1 of 15: ")
    s = s.apply(place(0, 0, 0))
    assert "may score the group" in s.awaiting()
    s = s.apply(temple(0, 0))
    assert s.awaiting().endswith("from column 1")
    s = s.apply(tile(1, 1))
    assert s.awaiting() == "column 1, upper tile is being refilled from the stacks"
    assert s.awaiting_chance() == s.awaiting()


def test_every_action_has_a_sentence(data):
    s = taking(data, "PPPPP.\n......", "b02")
    said = [s.describe(place(0, 5, 0))]
    s = s.apply(place(0, 5, 0))
    said.append(s.describe(temple(0, 0)))
    s = s.apply(temple(0, 0))
    said.append(s.describe(hidden()))
    s = s.apply(hidden())
    said.append(s.describe(draw("gate")))
    assert s.view(1).describe(hg.draw("?")).endswith("keeps it face down.")
    s = s.apply(draw("gate"))
    said.append(s.describe(tile(3, 2)))
    s = s.apply(tile(3, 2))
    said.append(s.describe(draw("queen")))
    who = s.player_label(0)
    assert said == [
        f"{who} places card b02 (park) with its top-left on row 0, column 5, as printed.",
        f"{who} scores the group of 6 park sections with a temple on row 0, column 0.",
        f"{who} takes the hidden tile from the stacks.",
        f"{who} draws the hidden tile from the stacks: a gate.",
        f"{who} takes the chalice tile from column 3, lower tile.",
        "A queen tile refills column 3, lower tile.",
    ]
    first = set_up(2, data=data, cards=["b05"])
    assert first.describe(take(1)) == f"{who} takes card b05 (park, park) from card space 1."
    assert first.describe(decline()).startswith(who)                  # an illegal one: still a line


def test_a_run_of_chance_events_is_one_sentence():
    s = hg.new_game(players=3, seed=8, chance="manual")
    events = []
    t = s
    while t.is_chance_node:
        a = t.seeded_outcome()
        events.append(a)
        t = t.apply(a)
    text = s.describe_chance_run(events)
    assert text.startswith("The face-up tiles are dealt: ") and "is the start player" in text
    assert "Cards turned up: card " in text and text.count("; card ") == 2


def test_clicks_on_things_that_are_not_actions_are_explained(data):
    s = set_up(3, data=data, cards=["b01", "b02", "b04"])
    err = s.explain_target(["square", 1, 0, 0])
    assert err.code == "not-your-garden" and err.rule == "hanging_gardens.round.must-take"
    assert "Player 2" in err.message
    assert s.explain_target(["card", 2]) is None                       # a legal take
    assert s.explain_target(["tile", 1, 1]).rule == "hanging_gardens.temple.must-take-tile"
    assert s.explain_target(["stack", 1]).rule == "hanging_gardens.tile.bonus-hidden"
    p = s.apply(take(1))
    assert p.explain_target(["square", 0, 0, 0]) is None               # a placement anchors here
    assert p.explain_target(["square", 0, 9, 9]).rule == "hanging_gardens.place.first-card"
    sc = p.apply(place(0, 0, 0))
    assert sc.explain_target(["square", 0, 0, 1]) is None              # a temple may go here
    assert sc.explain_target(["square", 0, 1, 1]).code == "blank-section"
    for bad in (None, [], ["square"], ["square", 0, "1", 2], ["dance", 1], "square",
                ["square", 7, 0, 0], ["card", True]):
        err = s.explain_target(bad)
        assert isinstance(err, IllegalAction) and err.code == "not-a-target"
    chance = hg.new_game(players=2, seed=1, chance="manual")
    assert isinstance(chance.explain_target(["card", 1]), NotYourTurn)
    for err in (s.explain_target(["square", 1, 0, 0]), sc.explain_target(["square", 0, 1, 1])):
        rules.rule(err.rule)


def test_legend_result_and_choices():
    s = hg.new_game(players=3, seed=2)
    legend = s.legend()
    meanings = [m for _, m in legend]
    assert "blank building ground" in meanings and len(legend) == 1 + 4 + 3 + 1
    for sample, _ in legend[:-1]:
        ElementTree.fromstring(sample)
    choices = s.choices()
    assert [a for a, _ in choices] == s.legal_actions() and all(t for _, t in choices)
    rng = random.Random(2)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    r = s.result()
    assert r.final and r.categories[-3:] == ("persons", "guard", "missed tiles")
    assert r.totals == s.scores() and r.winners == s.winners()
    assert r.rule in ("hanging_gardens.end.winner", "hanging_gardens.end.tie-tiles",
                      "hanging_gardens.end.tie-shared")
    d = r.to_dict([s.player_label(p) for p in range(3)])
    assert json.loads(json.dumps(d)) == d and s.status().startswith("Game over.")


def test_the_static_drawing_carries_targets_and_legal_actions(data):
    s = taking(data, "...\n...", "b01").apply(place(0, 0, 0))
    text = s.to_svg(interactive=True)
    root = ElementTree.fromstring(text)
    ns = {"s": "http://www.w3.org/2000/svg"}
    squares = root.findall(".//s:rect[@class]", ns)
    targets = [json.loads(e.get("data-target")) for e in root.iter() if e.get("data-target")]
    assert ["square", 0, 0, 0] in targets and ["tile", 3, 2] in targets and ["card", 1] in targets
    acts = {tuple(json.loads(e.get("data-action"))) for e in root.iter() if e.get("data-action")}
    legal = {tuple(a.to_json()) for a in s.legal_actions() if a.kind == "temple"}
    assert legal and legal <= acts
    assert squares and "placeholder-note" in text
    plain = s.to_svg()
    assert "data-action" not in plain and s._repr_html_().startswith('<div class="explorer-state"')


def test_the_placement_preview_lists_anchors_per_turn(data):
    s = set_up(2, data=data, cards=["b01"]).apply(take(1))
    p = hg.placement_preview(s)
    assert p["card"] == "b01" and p["player"] == 0
    anchors = {(int(t), tuple(a)) for t, v in p["turns"].items() for a in v["anchors"]}
    assert anchors == {(turn, (row, col)) for row, col, turn in (a.args for a in s.legal_actions())}
    assert [sec for sec in p["turns"]["0"]["sections"] if sec[2] == "park"] == [
        [0, 0, "park"], [0, 1, "park"], [0, 2, "park"]]
    assert json.loads(json.dumps(p)) == p
    assert hg.placement_preview(set_up(2, data=data)) == {}
    d = taking(data, "F*F*F*\nF*F*.", "b05")
    assert d.legal_actions() == [discard()] and hg.placement_preview(d) == {}


# ---- the board in a room: a card that fits only turned, clicks in other gardens -------------------
@pytest.mark.rules("hanging_gardens.assume.card-orientation")
def test_a_card_that_fits_only_turned_is_previewed_turned_with_its_legal_spots(data):
    from explorer.hanging_gardens import widgets
    s = taking(data, ".\n.\n.", "b01")                 # three parks in a row; a garden one wide
    masks = s.pending[1].masks
    assert s.phase == "place" and not masks[0] and masks[1]
    spec = widgets.preview(s)
    first = spec["order"][0]
    assert first != "0" and spec["legal"][first], "the first turn shown has legal spots"
    assert spec["order"] == ["1", "2", "3", "0"]       # still in rotation order: r turns it on
    assert "does not fit as printed" in spec["hint"] and "turned a quarter turn clockwise" in spec["hint"]
    assert "2 of its 4 turns" in spec["hint"]
    root = ElementTree.fromstring(s.view(0).to_svg(interactive=True))
    prompt = " ".join(t.text for t in root.iter("{http://www.w3.org/2000/svg}text")
                      if t.get("class") == "prompt-text")
    assert spec["hint"] == prompt                     # the line above the gardens says it too
    # a card that fits as printed shows as printed first
    plain = taking(data, "...\n...", "b01")
    spec = widgets.preview(plain)
    assert spec["order"][0] == "0" and spec["legal"]["0"] and "does not fit" not in spec["hint"]
    # a game without rotation has one turn and no word of turning
    fixed = taking(data, "...\n...", "b01", rotation="none")
    spec = widgets.preview(fixed)
    assert spec["order"] == ["0"] and "r turns" not in spec["hint"] and "Press r" not in spec["hint"]


def _other_garden_errors(data):
    s = set_up(3, data=data, cards=["b01", "b02", "b04"])
    yield "take", s
    p = s.apply(take(1))
    yield "place", p
    sc = taking(data, "PP.\n...", "b02", players=3)
    sc = sc.apply(place(0, 2, 0))                    # a third park: a group of 3 to score
    yield "score", sc
    yield "tile", sc.apply(temple(0, 0))


@pytest.mark.rules("hanging_gardens.round.must-take", "hanging_gardens.round.place-now",
                   "hanging_gardens.temple.on-group", "hanging_gardens.temple.must-take-tile")
def test_a_click_in_another_players_garden_says_whose_it_is_and_what_to_do_in_your_own(data):
    from explorer.hanging_gardens._words import NOW_RULE
    seen = set()
    for phase, s in _other_garden_errors(data):
        assert s.phase == phase
        me = s.mover
        other = (me + 1) % s.players
        for kind in ("square", "temple"):
            err = s.explain_target([kind, other, 0, 0])
            assert err.code == "not-your-garden" and err.rule == NOW_RULE[phase]
            rules.rule(err.rule)
            assert err.message.startswith(f"That is {s.player_label(other)}'s garden")
            assert ("point tile from the board" if phase == "tile" else "your own") in err.message
            if phase in ("take", "place", "tile"):
                assert "temple" not in err.message, err.message
        seen.add(phase)
        # a click between the things drawn, or on nothing the board knows, answers in words
        for target in (["board"], ["dance", 1], None):
            err = s.explain_target(target)
            assert err.rule == NOW_RULE[phase] and "[" not in err.message and "'" not in err.message
            assert "Now " in err.message
    assert seen == {"take", "place", "score", "tile"}
    # before a card is taken, a click on your own garden says to take a card first
    s = set_up(3, data=data, cards=["b01", "b02", "b04"])
    err = s.explain_target(["square", s.mover, 0, 0])
    assert err.code == "take-first" and err.rule == "hanging_gardens.round.must-take"
    assert "temple" not in err.message.lower()


def test_board_clicks_and_history_lines_show_no_python(data):
    from explorer.hanging_gardens import bots, widgets
    b = widgets.board(hg.new_game(players=4, seed=5), bots={1: bots.greedy_bot, 2: bots.greedy_bot,
                                                            3: bots.random_bot})
    rng = random.Random(5)
    texts = []
    while not b.state.is_over:
        s = b.state
        b._on_msg(None, {"type": "target", "target": ["square", 2, 0, 0]}, None)
        assert b.message["code"] == "not-your-garden" and "Player 3 (purple)'s garden" in b.message["text"]
        texts.append(b.message["text"])
        b._on_msg(None, {"type": "target", "target": ["board"]}, None)
        assert b.message["kind"] == "illegal" and b.message["code"] == "nothing-there"
        texts.append(b.message["text"])
        b._on_msg(None, {"type": "click", "action": rng.choice(s.legal_actions()).to_json()}, None)
        assert b.message["kind"] == "ok"
    texts += [ln.text for ln in b.session.lines]
    for text in texts:
        assert "Action(" not in text and "['" not in text and "engine." not in text, text


def test_the_drawing_is_laid_out_for_a_room_and_gardens_drawn_again_only_when_they_change():
    from explorer.hanging_gardens import _svg, bots
    s = hg.new_game(players=4, seed=3)
    rng = random.Random(3)
    ns = "{http://www.w3.org/2000/svg}"
    while not s.is_over:
        v = s.view(0)
        kept = v.to_svg(interactive=True)           # gardens that did not change come from memory
        _svg._DRAWN.clear()
        assert kept == v.to_svg(interactive=True)
        s = s.apply(rng.choice(s.legal_actions()) if rng.random() < 0.3 else bots.greedy_bot(s))
    root = ElementTree.fromstring(s.to_svg(interactive=True))
    assert root.get("viewBox").split()[2] == str(_svg.WIDTH)      # a unit is a pixel in a room
    sizes = [float(t.get("font-size")) for t in root.iter(f"{ns}text")]
    assert sizes and min(sizes) >= 13
    frames = [g for g in root.iter(f"{ns}g") if g.get("class") == "garden"]
    assert len(frames) == 4
    widths = {float(next(r for r in g.iter(f"{ns}rect")).get("width")) for g in frames}
    assert len(widths) == 1 and 2 * widths.pop() < _svg.WIDTH     # two gardens to a row
