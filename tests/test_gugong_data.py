"""Gùgōng's component data: the shipped file passes the schema and its confirmed facts, broken copies
are refused naming the record, the effect vocabulary is checked field by field, and a user's own
decree file with the same vocabulary plays without any code change."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from explorer import DataError, OptionError, replay
from explorer import gugong as gg
from explorer.gugong._book import (CONFIRMED_CONSTANTS, EFFECT_KINDS, Book, compile_effects,
                                   effects_problem, jade_vp)

from gugong_help import data_file, raw_data, rec

ROOT = Path(__file__).resolve().parents[1]


def drop_city(raw):
    raw["tables"]["cities"] = [c for c in raw["tables"]["cities"] if c["id"] != "a16"]
    raw["tables"]["roads"] = [r for r in raw["tables"]["roads"] if "a16" not in (r["a"], r["b"])]


BROKEN = [
    ("unknown effect kind", lambda d: rec(d, "decrees", "d2-a")["effects"].append({"kind": "teleport"}),
     "decrees/d2-a"),
    ("effect missing a field", lambda d: rec(d, "decrees", "d1-a")["effects"][0]["effects"][0].pop("amount"),
     "decrees/d1-a"),
    ("effect with an unknown field", lambda d: rec(d, "token_kinds", "vp_2")["effects"][0].update(bonus=1),
     "token_kinds/vp_2"),
    ("lasting effect on a token", lambda d: rec(d, "token_kinds", "servant")["effects"].append(
        {"kind": "perk", "when": "morning", "effects": [{"kind": "gain", "what": "vp", "amount": 1}]}),
     "token_kinds/servant"),
    ("on_action at an unknown location", lambda d: rec(d, "decrees", "d2-c")["effects"][1].update(location="market"),
     "decrees/d2-c"),
    ("bad nested cost", lambda d: rec(d, "token_kinds", "servants_for_jade")["effects"][0]["cost"].update(amount=0),
     "token_kinds/servants_for_jade"),
    ("an effect amount too large", lambda d: rec(d, "token_kinds", "vp_2")["effects"][0].update(amount=10 ** 9),
     "token_kinds/vp_2"),
    ("level-3 decree with immediate VP", lambda d: rec(d, "decrees", "d3-a")["effects"].append(
        {"kind": "gain", "what": "vp", "amount": 2}), "decrees/d3-a"),
    ("level-1 decree without a morning perk", lambda d: rec(d, "decrees", "d1-d").update(
        effects=[{"kind": "gain", "what": "vp", "amount": 1}]), "decrees/d1-d"),
    ("token counts not 32", lambda d: rec(d, "token_counts", "vp_2").update(count=2), "add up to 31"),
    ("wall threshold for 5 players", lambda d: rec(d, "player_counts", "5").update(wall_threshold=8),
     "player_counts/5"),
    ("jade table", lambda d: rec(d, "jade_scoring", "jade5").update(vp=14), "jade_scoring/jade5"),
    ("a gift card missing", lambda d: d["tables"]["gift_cards"].pop(), "gift_cards"),
    ("starting card without a set", lambda d: rec(d, "gift_cards", "g08").pop("start_set"), "gift_cards/g08"),
    ("odd number of cities", drop_city, "cannot form 2 face-down piles of equal size"),
    ("road to the other side", lambda d: rec(d, "roads", "a-r01").update(b="b01"), "roads/a-r01"),
    ("changed rulebook number", lambda d: rec(d, "constants", "token_limit").update(value=7),
     "constants/token_limit"),
    ("port reward limit", lambda d: rec(d, "port_rewards", "card").update(limit=3), "port_rewards/card"),
    ("wrong 2-3 canal route", lambda d: rec(d, "canal_ports", "c23-2").update(rewards=["card"]), "canal_ports/c23-2"),
    ("placeholder without a note", lambda d: rec(d, "decrees", "d1-b")["provenance"].pop("note"), "decrees/d1-b"),
    ("unknown source", lambda d: rec(d, "token_kinds", "double")["provenance"].update(source="blog"),
     "token_kinds/double"),
    ("too few palace spots", lambda d: d["tables"].update(palace_arrival=[
        r for r in d["tables"]["palace_arrival"] if r["id"] != "4-5-5"]), "side 4-5 has 4 arrival spots"),
    ("a die face out of range", lambda d: rec(d, "destiny_dice", "A")["faces"].__setitem__(0, 10),
     "destiny_dice/A"),
    ("two double tokens", lambda d: rec(d, "token_kinds", "vp_2").update(
        effects=[{"kind": "token_value", "amount": 2}]), "exactly one kind is the double token"),
    ("wall too short", lambda d: rec(d, "tracks", "wall").update(length=8), "tracks/wall"),
    ("an intrigue benefit changed", lambda d: rec(d, "intrigue_benefits", "b5").update(steps=4),
     "intrigue_benefits"),
]


@pytest.mark.rules("gugong.components.tokens-cards-tiles", "gugong.components.dice-and-markers",
                   "gugong.components.player-pieces", "gugong.setup.card-split",
                   "gugong.setup.decrees-per-level", "gugong.travel.token-kinds",
                   "gugong.canal.ship-capacity", "gugong.servants.cap")
def test_the_shipped_data_passes_every_confirmed_fact():
    data = gg.load_data()
    consts = {r.id: r["value"] for r in data.table("constants")}
    assert consts == CONFIRMED_CONSTANTS
    assert consts["travel_tokens"] == 32 and consts["gift_cards"] == 38 and consts["jade_tokens"] == 20
    assert consts["decrees"] == 15 and consts["destiny_dice"] == 3
    assert consts["servants_per_player"] == 12 and consts["ships_per_player"] == 3
    assert consts["ship_capacity"] == 3 and consts["foremen_per_player"] == 1
    groups = [r["group"] for r in data.table("gift_cards")]
    assert (groups.count("setup"), groups.count("start"), groups.count("draw")) == (7, 20, 11)
    assert [r["level"] for r in data.table("decrees")].count(2) == 5
    assert len(data.table("token_kinds")) == 12
    assert sum(r["count"] for r in data.table("token_counts")) == 32
    assert len(data.table("destiny_dice")) == 3


def test_placeholders_are_listed_and_marked():
    data = gg.load_data()
    tables = {r.table for r in data.placeholders()}
    assert {"cities", "roads", "decrees", "gift_cards", "destiny_dice", "jade_houses",
            "palace_arrival", "token_counts"} <= tables
    assert all(r.provenance.note for r in data.placeholders())
    assert "constants" not in tables and "port_rewards" not in tables


@pytest.mark.parametrize("name, change, expect", BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_data_is_refused_naming_the_record(tmp_path, name, change, expect):
    path = data_file(tmp_path, change)
    with pytest.raises(DataError, match=None) as e:
        gg.load_data(path)
    assert expect in str(e.value), str(e.value)
    with pytest.raises(OptionError if False else DataError):
        gg.new_game(players=3, data=path)


def test_the_effect_vocabulary_is_checked_field_by_field():
    assert effects_problem([{"kind": "gain", "what": "vp", "amount": 2}]) is None
    assert "unknown effect kind" in effects_problem([{"kind": "teleport"}])
    assert "missing field 'amount'" in effects_problem([{"kind": "gain", "what": "vp"}])
    assert "not allowed here" in effects_problem([{"kind": "vp_end", "per": "jade", "vp": 1}])
    assert effects_problem([{"kind": "vp_end", "per": "jade", "vp": 1}], "decree") is None
    assert "should be one of" in effects_problem([{"kind": "advance", "track": "moon", "steps": 1}])
    assert "option [1]" in effects_problem(
        [{"kind": "choose", "options": [[{"kind": "set_die"}], [{"kind": "oops"}]]}])
    assert "should be a list" in effects_problem("gain")
    assert set(EFFECT_KINDS) >= {"gain", "advance", "pay_for", "set_die", "place_servant",
                                 "retrieve_card", "swap_card", "draw_card", "unlock_foreman",
                                 "choose", "token_value", "perk", "on_action", "discount", "vp_end"}
    compiled = compile_effects([{"kind": "choose", "options": [[{"kind": "set_die"}],
                                                                [{"kind": "gain", "what": "jade", "amount": 1}]]}])
    assert compiled == (("choose", ((("set_die",),), (("gain", "jade", 1),))),)


@pytest.mark.rules("gugong.end.jade")
def test_jade_scores_1_3_6_10_15_then_2_each():
    assert [jade_vp(n) for n in range(9)] == [0, 1, 3, 6, 10, 15, 17, 19, 21]
    book = Book.of(gg.load_data(), 3)
    assert [book.jade_vp(n) for n in range(9)] == [jade_vp(n) for n in range(9)]


def _real_decrees(raw):
    """A user's decree file: every decree rewritten, with the same vocabulary."""
    decs = raw["tables"]["decrees"]
    for r in decs:
        r["provenance"] = {"status": "sourced", "source": "seed", "note": "the owner's copy"}
        r["cost"] = 1
        if r["level"] == 1:
            r["effects"] = [{"kind": "perk", "when": "morning", "effects": [
                {"kind": "choose", "options": [[{"kind": "gain", "what": "vp", "amount": 1}],
                                               [{"kind": "advance", "track": "palace", "steps": 1}]]}]}]
        elif r["level"] == 2:
            r["effects"] = [{"kind": "gain", "what": "vp", "amount": 3},
                            {"kind": "discount", "on": "exchange", "amount": 1}]
        else:
            r["effects"] = [{"kind": "vp_end", "per": "fixed", "vp": 4}]


@pytest.mark.rules("gugong.assume.decree-effects")
def test_a_users_own_decree_file_plays_without_code_changes(tmp_path):
    path = data_file(tmp_path, _real_decrees, "mine.json")
    data = gg.load_data(path)
    assert not any(r.table == "decrees" for r in data.placeholders())
    for players in (2, 5):
        s = gg.new_game(players=players, seed=3, data=data)
        rng = random.Random(3)
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
        assert s.info.data_version == data.version and s.record()["data_version"] == data.version
        assert replay(s.record(), data=path) == s


def test_the_data_generator_writes_the_shipped_file():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_gugong_data.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_raw_file_holds_every_table_of_the_schema():
    from explorer.gugong._book import SCHEMA
    raw = raw_data()
    assert raw["game"] == "gugong" and set(raw["tables"]) == set(SCHEMA.tables)


# ---- the rulebook's numbers and the catalogue --------------------------------------------------
SEED_NUMBERS = [  # constant, value, the rule whose Spanish sentence states it, as written there
    ("days", 4, "gugong.game.four-days", "4 rondas"),
    ("destiny_dice", 3, "gugong.setup.roll-dice", "3 dados"),
    ("token_piles", 2, "gugong.setup.token-piles", "2 montones"),
    ("token_limit", 6, "gugong.travel.limit-six", "más de 6 fichas"),
    ("start_pool", 6, "gugong.setup.servants", "6 sirvientes"),
    ("decrees_in_play_per_level", 2, "gugong.setup.decrees", "2 fichas de cada pila"),
    ("exchange_servant_price", 2, "gugong.exchange.pay-two-servants", "2 sirvientes"),
    ("travel_paid_cost", 2, "gugong.travel.paid", "2 Sirvientes"),
    ("wall_paid_cost", 1, "gugong.wall.paid", "1 sirviente"),
    ("wall_score_vp", 3, "gugong.wall.score-most", "3 PV"),
    ("intrigue_paid_steps", 3, "gugong.intrigue.paid", "3 pasos"),
    ("palace_paid_cost", 2, "gugong.palace.paid", "2 sirvientes"),
    ("palace_paid_steps", 2, "gugong.palace.paid", "2 pasos"),
    ("jade_box_cost", 5, "gugong.jade.box", "5 sirvientes"),
    ("destiny_bonus_vp", 3, "gugong.evening.bonus", "3 PV"),
    ("canal_paid_servants", 2, "gugong.canal.paid", "2 sirvientes"),
    ("jade_vp_beyond_five", 2, "gugong.end.jade", "2 PV"),
    ("hand_size_start", 4, "gugong.setup.starting-set", "cuatro tarjetas"),
]


@pytest.mark.parametrize("name, value, rule_id, words", SEED_NUMBERS, ids=[n[0] for n in SEED_NUMBERS])
def test_the_rulebooks_numbers(name, value, rule_id, words):
    from explorer import rules
    assert words in rules.rule(rule_id).es
    data = gg.load_data()
    assert {r.id: r["value"] for r in data.table("constants")}[name] == value
    book = Book.of(data, 3)
    assert book.c[name] == value


def test_the_rulebooks_tables():
    book4 = Book.of(gg.load_data(), 4)
    assert [Book.of(gg.load_data(), n).threshold for n in (2, 3, 4, 5)] == [4, 5, 6, 7]
    assert [steps for steps, _ in book4.benefits] == [1, 3, 5, 7]
    assert dict(zip(book4.reward_ids, book4.reward_limit)) == {"vp4": 3, "card": 2, "foreman": 1}
    assert [t for t, _ in book4.trades] == [2, 4, 6]
    assert (book4.intrigue_max, book4.palace_steps) == (14, 8)
    assert book4.reward_effects[book4.reward_index["vp4"]] == (("gain", "vp", 4),)


def test_every_rule_is_tested():
    from explorer import rules
    book = rules.catalogue("gugong")
    assert len(book) == 253 and len(book.assumptions()) == 58
    assert book.untested() == []


def test_card_ids_that_do_not_sort_as_listed_still_give_sorted_choices(tmp_path):
    def rename(raw):
        for k, r in enumerate(raw["tables"]["gift_cards"]):
            r["id"] = f"card-{99 - k}"
    data = gg.load_data(data_file(tmp_path, rename))
    s = gg.new_game(players=3, seed=2, data=data)
    assert not s.book.ids_in_order
    rng = random.Random(2)
    while not s.is_over:
        acts = s.legal_actions()
        assert acts == sorted(set(acts))
        s = s.apply(rng.choice(acts))
