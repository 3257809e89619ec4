"""Gonzaga's live board without a browser: the preview Python sends, the planning panel, the
wedding switch, secrecy, and an answer for every click."""

from __future__ import annotations

import json
import re

import pytest

from explorer import gonzaga
from explorer.gonzaga import bots, widgets
from explorer.hexgrid import Hex, to_pixel
from explorer.gonzaga._svg import SIZE, map_origin


def human_board(plan=None, seed=7):
    """Player 2 (seat 1) is human; seats 0 and 2 are greedy bots. With ``plan`` it is played."""
    b = widgets.board(gonzaga.new_game(players=3, seed=seed),
                      bots={0: bots.greedy_bot, 2: bots.greedy_bot})
    if plan is not None:
        assert b.play(plan) is None
    return b


def actions_in(svg: str) -> list:
    return [json.loads(a.replace("&quot;", '"')) for a in re.findall(r'data-action="([^"]+)"', svg)]


@pytest.mark.rules("gonzaga.plan.secret", "gonzaga.assume.secret-planning")
def test_the_planning_panel_offers_exactly_the_legal_plans_and_hides_the_others_plan():
    b = human_board()
    s = b.state
    assert s.phase == "plan" and s.current_player == 1
    offered = [a for a in actions_in(b.svg) if a[0] in ("plan", "privilege")]
    legal = [a.to_json() for a in s.legal_actions()]
    assert sorted(map(tuple, offered)) == sorted(map(tuple, legal))
    # the bot's plan is committed but nowhere on the human's board or in its history
    full = b.session.state
    secret = full.plans[0]
    assert secret is not None and "planned (face down)" in b.svg
    name = full.book.region_card_name(secret.region)
    seat0 = b.svg[b.svg.index('class="seat" data-player="0"'):b.svg.index('class="seat" data-player="1"')]
    shown = f"planned (face down): {name}"                # how the full state draws it
    assert shown in full.to_svg()                           # (so this check can fail)
    assert "plan: planned (face down)" in seat0 and shown not in b.svg and f"plan: {name}" not in b.svg
    texts = [ln["text"] for g in b.view["history"] for ln in g["lines"]]
    assert not any("region card" in t for t in texts)
    # the panel's cells count the spots playable_plans counts (the board as it lies)
    for d in gonzaga.playable_plans(s):
        cell = f'data-plan="{d["region"]}:{d["card"]}:{int(d["king"])}"'
        assert cell in b.svg
        chunk = b.svg[b.svg.index(cell):]
        assert f": {d['placements']} spot(s)" in chunk[:chunk.index("</title>")]


@pytest.mark.rules("gonzaga.setup.remove-region-cards", "gonzaga.cards.rest")
def test_greyed_cards_are_explained_with_their_rule():
    b = human_board()
    greyed = [c for c in gonzaga.planning_cards(b.state, 1) if not c["usable"]]
    assert greyed
    for c in greyed:
        assert f'data-card="{c["card"]}"' in b.svg
        err = b.session.explain_target(["card", 1, c["card"]])
        assert err.rule.startswith("gonzaga.") and b.message["kind"] == "illegal"


@pytest.mark.rules("gonzaga.place.rotate", "gonzaga.place.in-region")
def test_the_preview_is_the_rules_answer_for_every_anchor_and_rotation():
    b = human_board(gonzaga.plan("francia", "B"))
    s = b.state
    assert s.phase == "place" and s.current_player == 1
    spec = b.view["preview"]
    assert spec["grid"] == "hex" and spec["layer"] == "[data-map-layer]" and spec["size"] == SIZE
    legal = {(a.args[0], a.args[1], a.args[2]) for a in s.legal_actions() if a.kind == "place"}
    sent = {(int(k.split(",")[0]), int(k.split(",")[1]), int(o)) for o, keys in spec["legal"].items()
            for k in keys}
    assert sent == legal
    for o, by_code in spec["refused"].items():
        for code, keys in list(by_code.items()):
            q, r = map(int, keys[0].split(","))
            err = s.why_illegal(gonzaga.place(q, r, int(o)))
            assert err is not None and err.rule == spec["codes"][code]["rule"]
    # the points a legal spot shows are what placing there scores
    o, key = next((o, k[0]) for o, k in spec["legal"].items() if k)
    q, r = map(int, key.split(","))
    before = s.scores()[1]
    assert b.play(gonzaga.place(q, r, int(o))) is None
    assert b.state.scores()[1] - before == spec["points"][o][key]


def test_the_map_layer_puts_hex_q_r_where_the_preview_expects_it():
    b = human_board(gonzaga.plan("francia", "B"))
    s = b.state
    ox, oy = map_origin(s, status=False)                # the board prints the status itself
    assert 'class="status"' not in b.svg and 'class="status"' in s.to_svg()
    m = re.search(r'data-map-layer="true" transform="translate\(([-\d.]+),([-\d.]+)\)"', b.svg)
    assert m and (float(m[1]), float(m[2])) == (round(ox, 1), round(oy, 1))
    c = s.book.geo.coords[0]
    x, y = to_pixel(Hex(c.q, c.r), SIZE)            # board.js: size*sqrt3*(q + r/2), size*1.5*r
    corner = f"{x + SIZE * 3 ** 0.5 / 2:.1f},{y - SIZE / 2:.1f}"
    assert corner in b.svg
    x0, y0, x1, y1 = b.view["preview"]["area"]
    assert x0 < x < x1 and y0 < y < y1


@pytest.mark.rules("gonzaga.wedding.with-alliance", "gonzaga.wedding.second-ring")
def test_the_wedding_switch_turns_the_preview_off_and_the_rings_on():
    b = human_board(gonzaga.plan("francia", "C"))
    assert b.state.phase == "place" and b.state.current_player == 1
    assert b.view["preview"] and "hold a wedding" in b.svg
    b._answer({"type": "target", "target": ["wedding"]})
    assert b.wedding and b.view["preview"] is None and "back to the fief" in b.svg
    rings = [a for a in actions_in(b.svg) if a[0] == "ring"]
    assert sorted(map(tuple, rings)) == sorted(tuple(a.to_json()) for a in b.state.legal_actions()
                                               if a.kind == "ring")
    assert b.play(rings[0]) is None and b.state.phase == "ring"
    assert ["done"] in actions_in(b.svg)
    assert b.play(["done"]) is None and b.state.rings[1] == 5
    # with another action card the switch is refused with its rule
    other = human_board(gonzaga.plan("francia", "B"))
    other._answer({"type": "target", "target": ["wedding"]})
    assert not other.wedding and other.message["rule"] == "gonzaga.wedding.with-alliance"
    assert other.answered == other._seen
    # looking back at a past turn with action C, the switch is refused as a look at the past
    b = human_board(gonzaga.plan("francia", "C"))
    k = len(b.state.history)
    assert b.play(next(a for a in b.state.legal_actions() if a.kind == "place")) is None
    b.session.seek(k)
    shown = b.session.shown()
    assert shown.phase == "place" and shown.current_player == 1 and "hold a wedding" in b.svg
    b._answer({"type": "target", "target": ["wedding"]})
    assert not b.wedding and b.message["rule"] == "engine.timeline"
    assert b.message["code"] == "viewing-the-past" and f"move {k} of" in b.message["text"]


def test_every_target_on_the_board_is_answered():
    b = human_board(gonzaga.plan("francia", "B"))
    targets = {t.replace("&quot;", '"') for t in re.findall(r'data-target="([^"]+)"', b.svg)}
    kinds = {json.loads(t)[0] for t in targets}
    assert {"hex", "seal", "card", "plan", "objective", "rings", "deck", "fief", "scenario",
            "gonzaga", "church", "last_turn"} <= kinds
    for t in sorted(targets, key=lambda t: json.loads(t)[0])[::7]:
        b.session.explain_target(json.loads(t))
        assert b.message["text"] and b.message["kind"] in ("illegal", "ok")


def wedding_turn(seed=7):
    """A board where the human (seat 1) is to place under action C, a wedding being possible."""
    b = human_board(gonzaga.plan("francia", "C"), seed=seed)
    s = b.state
    assert s.phase == "place" and s.current_player == 1
    rings = [a for a in s.legal_actions() if a.kind == "ring"]
    assert rings
    return b, rings


@pytest.mark.rules("gonzaga.wedding.with-alliance", "gonzaga.wedding.first-ring-region",
                   "gonzaga.assume.church-wedding")
def test_only_the_modes_choices_are_marked_legal_and_a_ring_spot_in_fief_mode_says_to_switch():
    b, rings = wedding_turn()
    s = b.state
    # fief mode: the fief's choices (the preview, the church), no ring spot
    marked = actions_in(b.svg)
    assert not [a for a in marked if a[0] == "ring"] and "ring-spot" not in b.svg
    assert ["church"] in marked and 'data-mode="fief"' in b.svg and b.view["preview"]
    # a click on a ring spot where the fief may not go: switch to the wedding first
    q, r = next(a.args for a in rings if s.why_illegal(gonzaga.place(*a.args, 0)) is not None)
    b._on_msg(None, {"type": "click", "action": ["place", q, r, 0]}, None)
    assert b.state is s and b.message["code"] == "wedding-first"
    assert b.message["rule"] == "gonzaga.wedding.with-alliance"
    assert '"hold a wedding"' in b.message["text"] and "ring" in b.message["text"]
    # the same hex clicked as a target (no preview under the mouse) answers the same way
    b._on_msg(None, {"type": "target", "target": ["hex", q, r]}, None)
    assert b.message["code"] == "wedding-first" and b.answered == b._seen
    # a click where the fief is refused and no ring may go keeps the fief's refusal
    far = next(c for c in s.book.geo.coords if s.why_illegal(gonzaga.ring(c.q, c.r)) is not None
               and s.why_illegal(gonzaga.place(c.q, c.r, 0)) is not None)
    b._on_msg(None, {"type": "click", "action": ["place", far.q, far.r, 0]}, None)
    assert b.message["code"] != "wedding-first" and b.message["rule"].startswith("gonzaga.place")
    # wedding mode: exactly the legal ring spots, no fief preview, no church
    b._on_msg(None, {"type": "target", "target": ["wedding"]}, None)
    assert b.wedding and 'data-mode="wedding"' in b.svg and b.view["preview"] is None
    marked = actions_in(b.svg)
    assert sorted(map(tuple, marked)) == sorted(tuple(a.to_json()) for a in rings)
    assert b.svg.count("ring-spot legal") == len(rings)
    b._on_msg(None, {"type": "target", "target": ["church"]}, None)
    assert b.message["code"] == "wedding-chosen" and '"back to the fief"' in b.message["text"]
    # a hex where no ring may go says why, with the wedding's rule
    b._on_msg(None, {"type": "target", "target": ["hex", far.q, far.r]}, None)
    assert b.message["kind"] == "illegal" and b.message["rule"].startswith("gonzaga.")
    assert "ring" in b.message["text"] and b.message["code"] != "wedding-first"
    assert b.state is s
    # a click on a ring spot holds the wedding
    b._on_msg(None, {"type": "click", "action": rings[0].to_json()}, None)
    assert b.state.phase == "ring" and "holds a wedding" in b.message["text"]


INTERNALS = re.compile(r"\b[a-z_]+\(|Chance:|\[\s*'|Action\(|None\b|\b(?:italia|francia|hispania|"
                       r"germania|britannia|europa_orientalis)\b")


@pytest.mark.rules("gonzaga.setup.objective-deal", "gonzaga.fief.reveal", "gonzaga.cards.rest")
def test_history_clicks_and_refusals_are_in_players_words():
    b = widgets.board(gonzaga.new_game(players=4, seed=0),
                      bots={1: bots.greedy_bot, 2: bots.greedy_bot, 3: bots.greedy_bot})
    setup = b.view["history"][0]["lines"][0]["text"]
    # each hidden objective dealt to its own seat, the fief cards by card and fief
    for p in (2, 3, 4):
        assert setup.count(f"Player {p} (") == 2          # dealt an objective, turns up a card
    assert "Fief cards turned up: Player 1 (red) card" in setup and "reveal" not in setup
    texts = []
    rng = __import__("random").Random(3)
    for _ in range(200):
        if b.state.is_over:
            break
        texts += [c["text"] for c in b.view["choices"]]
        targets = {t.replace("&quot;", '"') for t in re.findall(r'data-target="([^"]+)"', b.svg)}
        for t in rng.sample(sorted(targets), min(5, len(targets))) + ['["board"]']:
            b._on_msg(None, {"type": "target", "target": json.loads(t)}, None)
            texts.append(b.message["text"])
        b._on_msg(None, {"type": "click", "action": rng.choice(b.state.legal_actions()).to_json()}, None)
        texts.append(b.message["text"])
    assert b.state.is_over
    texts += [line.text for line in b.session.lines] + [b.view["status"]]
    bad = sorted({m.group(0) + " in " + t[:100] for t in texts for m in INTERNALS.finditer(t)})
    assert not bad, bad[:5]
    # a refused region card names the card as it is printed
    s = b.session.state
    err = b.session.explain_target(["card", 0, "italia"])
    assert "italia" not in err.message and "Italia" in err.message
    assert "not something on this board" not in b.session.explain_target(["board"]).message


def test_the_map_is_drawn_once_and_a_clicks_drawing_equals_a_fresh_one():
    from explorer.gonzaga import _svg
    b = human_board(gonzaga.plan("francia", "B"))
    s = b.state
    first = b.svg
    part = re.search(r"<!--part:map-->(.*?)<!--/part-->", first, re.S)[1]
    assert part.count('class="hex"') == s.book.geo.n
    assert _svg._static_map(s.book, s.scenario) is _svg._static_map(s.book, s.scenario)
    # a click: the map part is the very same text, the rest follows the position
    hits = _svg._static_map.cache_info().hits
    assert b.play(next(a for a in s.legal_actions() if a.kind == "place")) is None
    assert _svg._static_map.cache_info().hits > hits
    assert re.search(r"<!--part:map-->(.*?)<!--/part-->", b.svg, re.S)[1] == part
    # what the board shows is what a fresh drawing (nothing remembered) of its position shows
    shown = b.session.seen(b.session.shown())
    remembered = b.svg
    for cache in (_svg._static_map, _svg._piece, _svg._seat_svg, _svg._extent):
        cache.cache_clear()
    assert remembered == _svg.state_svg(shown, interactive=True, controls={"wedding": b.wedding})
    assert b.svg != first
    # a refused click draws nothing anew
    before = b.svg
    b._on_msg(None, {"type": "click", "action": ["place", 0, 0, 0]}, None)
    assert b.message["kind"] == "illegal" and b.svg is before
    # the preview is the analysis' answer, built from the map's fixed refusals
    if b.state.phase == "place":
        spec, data = b.view["preview"], gonzaga.placement_preview(b.state)
        for rot in data["rotations"]:
            o = str(rot["rotation"])
            assert sorted(spec["legal"][o]) == sorted(f"{q},{r}" for q, r, _ in rot["legal"])
            assert {c: sorted(v) for c, v in spec["refused"][o].items()} == {
                c: sorted(f"{q},{r}" for q, r in v) for c, v in rot["refused"].items()}
