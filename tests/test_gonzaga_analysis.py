"""Gonzaga: the map analysis a board and a notebook use (placements with points, the preview
that follows the mouse, heat maps, playable plans), the scoring functions for figures, and the
bots (which plan from their own view)."""

from __future__ import annotations

import json
import random

import pytest

from explorer import OptionError
from explorer import gonzaga as gz
from explorer.gonzaga import bots, scoring

from europe import dealt, plan_all, random_game, reveal_fiefs, to_place


def place_states(players=3, seed=5, every=1):
    return [s for s in random_game(players, seed)[::every] if s.phase == "place"]


def test_placements_are_the_legal_placements_with_the_points_they_score():
    for s in place_states()[:12]:
        ps = gz.placements(s)
        assert [p.action for p in ps] == [a for a in s.legal_actions() if a.kind == "place"]
        p = s.current_player
        for pl in ps[:: max(1, len(ps) // 6)]:
            after = s.apply(pl.action)
            got = after.score_breakdown(p)
            before = s.score_breakdown(p)
            assert got["cities and ports"] - before["cities and ports"] == pl.features
            assert sum(got.values()) - sum(before.values()) == pl.points
            assert [after.book.geo.index[h] for h in pl.hexes] == list(pl.entry.cells)
            assert len(pl.labels) == len(pl.hexes) and set(pl.castles) <= set(pl.hexes)
            assert {s.book.sea_ids.index(x) for x in pl.leagues} == {
                k for k in range(6) if after.leagues[p] >> k & 1 and not s.leagues[p] >> k & 1}


def test_placements_under_any_plan_and_for_another_fief():
    s = reveal_fiefs(dealt(2))
    every = gz.placements(s, fief="F10", plan="any", player=0)
    by_plan = set()
    for region in s.book.region_cards(s.scenario):
        for action in "ABC":
            by_plan |= {p.action for p in gz.placements(s, fief=10, plan=(region, action), player=0)}
    assert {p.action for p in every} >= by_plan and by_plan
    with pytest.raises(OptionError, match="plan"):
        gz.placements(s)                                  # planning: no revealed plan yet
    for bad in ("F99", 13, True, None):
        if bad is None:
            continue
        with pytest.raises(OptionError):
            gz.placements(s, fief=bad, plan="any", player=0)
    for bad in (("atlantis", "A"), ("inactive", "Z"), 3, "some"):
        with pytest.raises(OptionError, match="not a plan"):
            gz.placements(s, fief=0, plan=bad, player=0)
    with pytest.raises(OptionError):
        gz.placements(s, fief=0, plan="any", player=9)


def test_the_preview_a_board_draws_without_asking_python():
    for s in place_states(seed=8)[:6]:
        pv = gz.placement_preview(s)
        json.dumps(pv)                                     # JSON-friendly
        assert pv["player"] == s.current_player and pv["fief"] == s.book.fief_ids[s.fiefs[pv["player"]]]
        geo = s.book.geo
        legal = {a.args for a in s.legal_actions() if a.kind == "place"}
        points = {tuple(p[:3]): p.points for p in gz.placements(s)}
        seen = set()
        for rot in pv["rotations"]:
            k = rot["rotation"]
            t = geo.table(s.fiefs[pv["player"]])
            assert rot["hexes"] == [list(x) for x in t.shapes[k]] and rot["hexes"][0][:2] == [0, 0]
            for q, r, pts in rot["legal"]:
                assert (q, r, k) in legal and points[(q, r, k)] == pts
                seen.add((q, r, k))
            for code, anchors in rot["refused"].items():
                assert code in pv["codes"]
                for q, r in anchors[:: max(1, len(anchors) // 5)]:
                    err = s.why_illegal(gz.place(q, r, k))
                    assert err.code == code and err.rule == pv["codes"][code]["rule"]
            listed = len(rot["legal"]) + sum(len(v) for v in rot["refused"].values())
            assert listed == geo.n                        # every anchor on the map is listed
        assert seen == legal
        assert pv["church"] and pv["default"] == "off-map"
        assert s.why_illegal(gz.place(-99, -99, 0)).code == pv["default"]
        rings = {tuple(x) for x in pv["rings"]}
        assert rings == {a.args for a in s.legal_actions() if a.kind == "ring"}
    assert gz.placement_preview(reveal_fiefs(dealt(2))) == {}


def test_the_heat_map_counts_distinct_placements_per_hex():
    s = place_states()[3]
    hm = gz.heat_map(s)
    ps = gz.placements(s)
    distinct = {p.footprint for p in ps}
    assert hm["placements"] == len(distinct)
    size = len(s.book.geo.table(s.fiefs[s.current_player]).shapes[0])
    assert sum(n for _, _, n, _ in hm["hexes"]) == size * len(distinct)
    best = max((p.points for p in ps), default=0)
    assert all(0 <= b <= best for *_, b in hm["hexes"])
    json.dumps(hm)


def test_playable_plans_count_the_placements_of_each_plan():
    s = reveal_fiefs(dealt(3))
    plans = gz.playable_plans(s)
    assert [p["action"] for p in plans] == s.legal_actions()
    for p in plans[::5]:
        n = len(gz.placements(s, plan=(p["region"], p["card"]), player=s.current_player))
        assert p["placements"] == n and p["church"]
        assert p["wedding"] == (p["card"] == "C")
    later = plan_all(s)
    with pytest.raises(OptionError, match="name the player"):
        gz.playable_plans(later)
    assert gz.playable_plans(later, player=0)


# ---- scoring for figures ------------------------------------------------------------------
@pytest.mark.rules("gonzaga.end.objective-points")
def test_the_objective_curve_follows_the_table():
    curve = scoring.objective_curve()
    table = gz.Book.of(gz.load()).objective_points
    assert [c.points for c in curve] == list(table) and [c.cities for c in curve] == list(range(7))
    assert all(c.marginal == c.points - (table[c.cities - 1] if c.cities else 0) for c in curve)
    assert scoring.objective_curve(reveal_fiefs(dealt(2))) == curve


def test_round_points_add_up_to_the_points_of_play():
    end = random_game(3, 2)[-1]
    per = scoring.round_points(end)
    assert len(per) == end.round
    for p in range(3):
        play = sum(v for k, v in end.score_breakdown(p).items() if k in ("cities and ports", "sea leagues", "church"))
        assert sum(r[p] for r in per) == play
    mid = random_game(2, 3)[30]
    assert len(scoring.round_points(mid)) == mid.round - 1 or mid.phase == "over"
    with pytest.raises(OptionError):
        scoring.round_points(mid.view(0))


def test_simulations_bonus_values_and_game_lengths():
    runs = scoring.simulate(games=6, players=4, seed=3)
    assert len(runs) == 6 and all(7 <= g.rounds <= 12 for g in runs)
    assert all(sum(sum(r) for r in g.per_round) + sum(15 for _ in g.gonzaga) +
               sum(b["objective"] for b in g.breakdown) == sum(g.scores) for g in runs)
    values = scoring.bonus_values(runs=runs)
    assert values["sea_league_points"] == gz.Book.of(gz.load()).c["sea_league_points"]
    assert values["gonzaga_points"] == 15 and values["round_mean"] > 0
    assert values["gonzaga_rounds"] == pytest.approx(15 / values["round_mean"])
    lengths = scoring.game_lengths(runs=runs)
    assert list(lengths) == list(range(7, 13)) and sum(lengths.values()) == 6
    greedy = scoring.simulate(games=2, players=2, seed=1, bot="greedy")
    assert len(greedy) == 2
    for bad in (dict(games=0), dict(bot="clever"), dict(games="3")):
        with pytest.raises(OptionError):
            scoring.simulate(**bad)


# ---- bots ----------------------------------------------------------------------------------
def test_bots_finish_games_with_legal_moves():
    end = bots.play_game(3, seed=2, bots=[bots.greedy_bot, bots.random_bot, bots.greedy_bot])
    assert end.is_over and gz.replay(end.record()) == end
    end = bots.play_game(2, seed=4)
    assert end.is_over
    with pytest.raises(OptionError):
        bots.play_game(3, seed=1, bots=[bots.random_bot])
    with pytest.raises(OptionError):
        bots.random_playout(end.view(0) if not end.is_over else "nope")


def _twins(seed=0):
    """Two states alike but for the plan player 0 committed: it is player 1's turn to plan."""
    s = reveal_fiefs(dealt(3, seed=seed))
    x, y = s.legal_actions()[0], s.legal_actions()[-1]
    return s.apply(x), s.apply(y)


def test_bots_plan_from_their_own_view():
    for seed in range(3):
        a, b = _twins(seed)
        assert a != b and a.view(1) == b.view(1)
        assert bots.greedy_bot(a) == bots.greedy_bot(b)
        assert bots.random_bot(a, random.Random(7)) == bots.random_bot(b, random.Random(7))


def test_the_greedy_bot_takes_the_best_immediate_points():
    for s in place_states(seed=11)[:8]:
        a = bots.greedy_bot(s)
        assert s.is_legal(a)
        best = max([p.points for p in gz.placements(s)] + [3])
        options = bots.turn_choices(s, s.current_player)
        top = max(options, key=lambda o: o[0])
        assert top[1] == a and top[0][0] >= best            # a wedding may score more still
        if a.kind != "ring":
            assert top[0][0] == best
            p = s.current_player
            after = s.apply(a)
            assert sum(after.score_breakdown(p).values()) - sum(s.score_breakdown(p).values()) == best
    s = to_place(2, fief=0, plan=(gz.Book.of(gz.load()).region_cards(
        reveal_fiefs(dealt(2)).scenario)[0], "B"))
    keys = sorted(bots.turn_choices(s, 0), reverse=True)
    assert keys[0][1] == bots.greedy_bot(s)


def _plain_turn(s, p, plan):
    """The greedy bot's options under ``plan`` worked out plainly, hex by hex with ``gain``:
    ((points, kind, -place in order), action) of each placement, the church and each wedding,
    and the number of placements."""
    from explorer.gonzaga._place import placements_for
    from explorer.gonzaga._score import gain, hex_points
    from explorer.gonzaga._wedding import first_ring_hexes, second_ring_hexes
    pts = hex_points(s.book, s.scenario)
    entries = placements_for(s, p, s.fiefs[p], plan.region, plan.action)
    out = [((s.book.c["church_points"], 1, 0), gz.church())]
    out += [((gain(s, p, e.cells).total if e.features else 0, 2, -k), e.action)
            for k, e in enumerate(entries)]
    rings = s.rings[p] - (s.book.c["king_ring_cost"] if plan.king and s.phase == "plan" else 0)
    if plan.action == "C" and rings >= 1:
        ring = lambda i: gain(s, p, (i,)).total if pts[i] else 0          # noqa: E731
        for k, i in enumerate(first_ring_hexes(s, p, plan)):
            second = (max((ring(j) for j in second_ring_hexes(s, p, i)), default=0)
                      if rings >= 2 else 0)
            out.append(((ring(i) + second, 0, -k), s.book.geo.ring_actions[i]))
    return out, len(entries)


def test_the_greedy_bot_chooses_by_its_values_worked_out_plainly():
    checked = 0
    for players, seed in [(2, 6), (3, 7), (4, 8), (4, 9)]:
        for s in random_game(players, seed):
            if s.phase not in ("plan", "place") or s.is_chance_node:
                continue
            p = s.current_player
            if s.phase == "plan":
                v = s.view(p)
                acts = v.legal_actions()
                values = []
                for a in acts:
                    plan = gz.Plan(a.args[0], a.args[1], a.kind == "privilege")
                    opts, count = _plain_turn(v, p, plan)
                    place = max([key[0] for key, _ in opts if key[1] == 2], default=0)
                    values.append((max(key[0] for key, _ in opts), place, not plan.king, count))
                assert [bots.plan_value(v, p, a) for a in acts] == values
                best = max(range(len(acts)), key=lambda k: (values[k], -k))
                assert bots.greedy_bot(s) == acts[best]
            else:
                opts, _ = _plain_turn(s, p, s.plans[p])
                got = bots.turn_choices(s, p)
                assert sorted(a for _, a in got) == sorted(a for _, a in opts)
                assert ({a: (key[0], key[1], key[3]) for key, a in got}
                        == {a: key for key, a in opts})
                assert bots.greedy_bot(s) == max(got, key=lambda o: o[0])[1]
            checked += 1
    assert checked > 150


@pytest.mark.parametrize("call", [
    lambda: scoring.simulate(2, seed="x"), lambda: scoring.simulate(2, players=5),
    lambda: scoring.round_points("x"), lambda: scoring.bonus_values(runs=[1]),
    lambda: scoring.game_lengths(runs=[]), lambda: scoring.objective_curve(5),
])
def test_scoring_helpers_refuse_bad_arguments(call):
    from explorer import ExplorerError
    with pytest.raises(ExplorerError):
        call()


def test_the_planning_panel_shows_each_card_usable_or_why_not():
    s = reveal_fiefs(dealt(2))
    region = s.book.region_cards(s.scenario)[0]
    s = plan_all(s, {0: gz.privilege(region, "B"), 1: gz.plan(region, "C")})
    s = s.apply(gz.church()).apply(gz.church())
    s = reveal_fiefs(s)
    panel = gz.planning_cards(s, 0)
    assert len(panel) == 11 and {c["kind"] for c in panel} == {"region", "inactive", "action", "king"}
    by = {c["card"]: c for c in panel}
    for c in panel:                       # usable exactly when some legal plan uses the card
        used = any(c["card"] in (a.args[0], a.args[1]) or (c["card"] == "king" and a.kind == "privilege")
                   for a in s.legal_actions())
        assert c["usable"] == used, c
        if not c["usable"]:
            assert c["rule"] in ("gonzaga.cards.rest", "gonzaga.setup.remove-region-cards",
                                 "gonzaga.king.needs-ring", "gonzaga.plan.inactive-card")
    assert by["B"]["code"] == by["king"]["code"] == by[region]["code"] == "card-resting"
    t = s.apply(s.legal_actions()[0])
    mine = {c["card"] for c in gz.planning_cards(t.view(0), 0) if c["planned"]}
    assert mine == {t.plans[0].region, t.plans[0].action}
    assert not any(c["planned"] for c in gz.planning_cards(t.view(1), 0))     # a secret plan
    assert gz.planning_cards(t.view(1), 0) == [dict(c, planned=False) for c in gz.planning_cards(t, 0)]


@pytest.mark.rules("gonzaga.cards.rest", "gonzaga.setup.remove-region-cards", "gonzaga.king.needs-ring")
@pytest.mark.parametrize("seed", [3, 8])
def test_the_planning_panel_refuses_a_card_exactly_as_a_plan_with_it_is_refused(seed):
    s = gz.new_game(players=3, seed=seed)
    seen = set()
    while not s.is_over and s.round <= 4:
        if s.phase == "plan":
            p = s.turn
            panel = {c["card"]: c for c in gz.planning_cards(s.view(p), p)}
            regions = [c for c, e in panel.items() if e["kind"] in ("region", "inactive")]
            for card, entry in panel.items():
                if entry["kind"] == "action":
                    tries = [gz.plan(r, card) for r in regions]
                elif entry["kind"] == "king":
                    tries = [gz.privilege(r, a) for r in regions for a in "ABC"]
                else:
                    tries = [gz.plan(card, a) for a in "ABC"]
                refusals = [s.why_illegal(a) for a in tries]
                if entry["usable"]:
                    assert any(r is None for r in refusals) or entry["kind"] == "king", card
                else:
                    seen.add(entry["code"])
                    own = [r for r in refusals if r is not None and r.code == entry["code"]]
                    assert own and all(r.rule == entry["rule"] for r in own), (card, entry)
        s = s.apply(bots.random_bot(s))
    assert "card-resting" in seen
