"""The shared core under bad input and long games: states that travel, atomic saves, strict
actions, an explorer error for every bad input, verified chance records, light imports."""

from __future__ import annotations

import ast
import copy
import errno
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import explorer
from explorer import (Action, DataError, ExplorerError, GameOver, IllegalAction, OptionError,
                      RecordError, RuleCatalogueError, SaveError, UnknownAction, corinth, demo,
                      load_record, replay, rules, save_record)
from explorer._errors import MESSAGE_LIMIT
from explorer.board import Board
from explorer.corinth.bots import random_playout

import contract

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g for g in explorer.GAMES]


def finished(game: str, players: int, seed: int):
    module = explorer._record.game_module(game)
    s = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


# ---- 1. states travel ------------------------------------------------------------------------
@pytest.fixture
def default_recursion_limit():
    """Python's default recursion limit for the test (some libraries raise it when imported:
    IPython's completer, jedi, sets 3000)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(before)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", GAMES)
def test_finished_games_pickle_deepcopy_and_replay_at_the_default_recursion_limit(
        game, players, default_recursion_limit):
    end = finished(game, players, seed=players)
    assert end.is_over
    back = pickle.loads(pickle.dumps(end))
    assert back == end and back.history == end.history and back.record() == end.record()
    assert copy.deepcopy(end) == end
    assert replay(end.record()) == end


def test_long_corinth_games_travel_and_stay_small():
    for players in (2, 3, 4):
        end = random_playout(corinth.new_game(players=players, seed=9), random.Random(9))
        assert len(end.history) > 250
        blob = pickle.dumps(end)
        assert pickle.loads(blob) == end
        assert len(blob) < 20_000               # shipped data travels by reference, not in full
        assert copy.deepcopy(end).history == end.history
        mid = pickle.loads(pickle.dumps(end.log))
        assert mid == end.log and len(mid) == len(end.history)


def test_a_pickled_state_unpickles_in_another_process(tmp_path):
    end = finished("corinth", 3, seed=4)
    (tmp_path / "state.pickle").write_bytes(pickle.dumps(end))
    code = ("import pickle, json, sys; s = pickle.load(open(sys.argv[1], 'rb')); "
            "print(json.dumps(s.record()))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "state.pickle")],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONHASHSEED="123"))
    assert json.loads(out.stdout) == end.record()


def test_history_appends_in_constant_time():
    from explorer._engine import Log
    log = Log()
    for i in range(5000):
        log = log.add(Action("a", i), False)
    assert len(log) == 5000 and log.actions()[-1] == Action("a", 4999)
    assert pickle.loads(pickle.dumps(log)) == log


# ---- 2. atomic saves -------------------------------------------------------------------------
def saved_game(tmp_path):
    s = demo.new_game(players=2, seed=3).apply(demo.claim(0, 0))
    path = save_record(s, tmp_path / "game.json")
    return s, path


@pytest.mark.parametrize("failure", ["fsync", "replace", "write"])
def test_a_failed_save_keeps_the_previous_one(tmp_path, monkeypatch, failure):
    s, path = saved_game(tmp_path)
    before = path.read_bytes()
    later = s.apply(s.legal_actions()[0])

    def boom(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    if failure == "write":
        real = os.fdopen

        class Full:
            def __init__(self, fh):
                self.fh = fh

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

            def write(self, data):
                self.fh.write(data[: len(data) // 2])
                boom()
        monkeypatch.setattr(os, "fdopen", lambda fd, mode: Full(real(fd, mode)))
    else:
        monkeypatch.setattr(os, failure, boom)
    with pytest.raises(SaveError, match="disk is full"):
        save_record(later, path)
    monkeypatch.undo()
    assert path.read_bytes() == before and load_record(path) == s
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]    # no temporary file left


def test_saving_where_it_cannot_be_saved(tmp_path, monkeypatch):
    s, path = saved_game(tmp_path)
    with pytest.raises(SaveError, match="folder does not exist"):
        save_record(s, tmp_path / "missing" / "game.json")
    assert not (tmp_path / "missing").exists()
    with pytest.raises(SaveError, match="is a folder"):
        save_record(s, tmp_path)

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr("tempfile.mkstemp", denied)
    with pytest.raises(SaveError, match="permission denied"):
        save_record(s, path)
    monkeypatch.undo()
    assert load_record(path) == s
    with pytest.raises(RecordError, match="needs a game state"):
        save_record({"not": "a state"}, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_board_sessions_save_atomically(tmp_path, monkeypatch):
    board = Board(demo.new_game(players=2, seed=1))
    path = board.save(tmp_path / "session.json")
    before = path.read_text()
    board.play(board.state.legal_actions()[0])
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(errno.EROFS, "ro")))
    with pytest.raises(SaveError, match="read-only"):
        board.save(path)
    assert path.read_text() == before


# ---- 3. type-strict actions ------------------------------------------------------------------
@pytest.mark.parametrize("bad, arg", [(True, "k"), ("1", "k"), (1.0, None)])
def test_true_is_not_one_and_text_is_not_a_number(bad, arg):
    s = corinth.new_game(players=3, seed=1)
    assert Action("buy_yellow", 1) in s.legal_actions()
    if arg is None:                                   # a float is not even an action argument
        with pytest.raises(UnknownAction, match="float"):
            Action("buy_yellow", bad)
        return
    a = Action("buy_yellow", bad)
    assert a != Action("buy_yellow", 1) and a not in s.legal_actions()
    err = s.why_illegal(a)
    assert isinstance(err, UnknownAction) and err.code == "bad-arguments"
    assert f"argument {arg} should be an integer, not {bad!r}" in err.message
    with pytest.raises(UnknownAction):
        s.apply(a)


@pytest.mark.parametrize("game", GAMES)
def test_chance_outcomes_are_type_strict_too(game):
    module = explorer._record.game_module(game)
    s = module.new_game(players=2, seed=1, chance="manual")
    while not s.is_chance_node:
        s = s.apply(s.legal_actions()[0])
    for outcome, _ in s.chance_outcomes():
        for i, v in enumerate(outcome.args):
            if type(v) is int:
                twisted = Action(outcome.kind, *outcome.args[:i], str(v), *outcome.args[i + 1:])
                err = s.why_illegal(twisted)
                assert isinstance(err, UnknownAction) and repr(str(v)) in err.message
                assert twisted not in s.legal_actions()


def test_demo_claims_are_type_strict():
    s = demo.new_game(players=2, seed=1)
    err = s.why_illegal(Action("claim", True, 0))
    assert err.code == "bad-arguments" and "not True (a bool)" in err.message


# ---- 4. an explorer error for every bad input ------------------------------------------------
def record(**changes):
    r = corinth.new_game(players=3, seed=2).record()
    r.update(changes)
    return r


@pytest.mark.parametrize("mutate, error, text", [
    (lambda r: r["options"].update(seed=3), RecordError, "repeat 'seed'"),
    (lambda r: r["options"].update(players=3), RecordError, "repeat 'players'"),
    (lambda r: r["options"].update(data="x.json"), RecordError, "repeat 'data'"),
    (lambda r: r["options"].update(chance="manual"), RecordError, "repeat 'chance'"),
    (lambda r: r.update(seed=10 ** 5000), RecordError, "seed"),
    (lambda r: r.update(players=10 ** 5000), RecordError, "players"),
    (lambda r: r.update(game="x" * 5_000_000), RecordError, "not of corinth"),
    (lambda r: r.update(game="demo"), RecordError, "not of corinth"),
    (lambda r: r.update(chance="sometimes"), RecordError, "'chance' should be"),
    (lambda r: r.update(actions=[["take", ["gold"] * 10] * 3]), RecordError, "action #0"),
    (lambda r: r.update(actions=[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]]]]]), RecordError, "action #0"),
])
def test_malformed_records_are_refused_with_a_bounded_message(mutate, error, text):
    r = record()
    mutate(r)
    with pytest.raises(error, match=text) as e:
        corinth.replay(r)
    assert len(str(e.value)) <= MESSAGE_LIMIT


def test_record_files_that_are_not_records(tmp_path):
    with pytest.raises(RecordError, match="no such saved game file"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="is a folder"):
        load_record(tmp_path)
    (tmp_path / "latin1.json").write_bytes('{"game": "caf\xe9"}'.encode("latin-1"))
    with pytest.raises(RecordError, match="not a UTF-8"):
        load_record(tmp_path / "latin1.json")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(tmp_path / "deep.json")
    (tmp_path / "huge.json").write_text('{"seed": ' + "9" * 10_000 + "}")
    with pytest.raises(RecordError, match="cannot be read"):
        load_record(tmp_path / "huge.json")
    with pytest.raises(RecordError, match="named by a path"):
        load_record(123)
    (tmp_path / "wrong.json").write_text(json.dumps(demo.new_game(players=2, seed=1).record()))
    assert load_record(tmp_path / "wrong.json").info.game == "demo"
    with pytest.raises(RecordError, match="not of corinth"):
        corinth.replay(json.loads((tmp_path / "wrong.json").read_text()))


def data_file(tmp_path, change):
    from importlib import resources
    raw = json.loads(resources.files("explorer.demo").joinpath("data.json").read_text())
    change(raw)
    path = tmp_path / "data.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.mark.parametrize("change, text", [
    (lambda r: r.update(extra=1), "unknown top-level key"),
    (lambda r: r.update(data_version=None), "'data_version' should be"),
    (lambda r: r.update(data_version=""), "'data_version' should be"),
    (lambda r: r["tables"]["cells"][0].update(id="x" * 100_000), "short text 'id'"),
    (lambda r: r["tables"]["cells"][0]["provenance"].update(status=["rulebook"]), "status"),
])
def test_malformed_data_files_are_refused(tmp_path, change, text):
    path = data_file(tmp_path, change)
    before = path.read_bytes()
    with pytest.raises(DataError, match=text) as e:
        demo.load_data(path)
    assert len(str(e.value)) <= MESSAGE_LIMIT and path.read_bytes() == before


def test_a_number_too_long_to_read_in_a_data_file(tmp_path):
    path = data_file(tmp_path, lambda r: None)
    text = path.read_text()
    path.write_text(text.replace('"points": ', '"points": ' + "9" * 5000 + ", \"x\": ", 1))
    with pytest.raises(DataError, match="cannot be read") as e:
        demo.load_data(path)
    assert len(str(e.value)) <= MESSAGE_LIMIT


def test_unreadable_data_files(tmp_path):
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00{")
    with pytest.raises(DataError, match="not a UTF-8"):
        demo.load_data(tmp_path / "bin.json")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DataError, match="nested too deeply"):
        demo.load_data(tmp_path / "deep.json")
    for bad in (123, 1.5, b"data.json", ["data.json"]):
        with pytest.raises(OptionError, match="data="):
            demo.new_game(players=2, data=bad)
        with pytest.raises(OptionError, match="data="):
            corinth.new_game(players=2, data=bad)
    with pytest.raises(OptionError, match="for Corinth"):
        corinth.new_game(players=2, data=demo.load_data())


@pytest.mark.parametrize("value", [None, 12, ("corinth.x",), "nodot", "x" * 5_000_000])
def test_rule_lookups_with_bad_ids(value):
    with pytest.raises(RuleCatalogueError) as e:
        rules.rule(value)
    assert len(str(e.value)) <= MESSAGE_LIMIT
    with pytest.raises(RuleCatalogueError):
        rules.catalogue(value)


@pytest.mark.parametrize("call", [
    lambda s: s.sheet_svg(3), lambda s: s.sheet_svg(-1), lambda s: s.sheet_svg(True),
    lambda s: s.score_breakdown(7), lambda s: s.score_breakdown("0"),
    lambda s: list(corinth.steward_paths(s, 2, player=5)),
    lambda s: list(corinth.steward_paths(s, True)), lambda s: list(corinth.steward_paths(s, 10 ** 9)),
    lambda s: corinth.play(s, "take"), lambda s: corinth.play(s, ["take", "gold"]),
    lambda s: corinth.play(s, 3), lambda s: s.explain(None),
])
def test_public_helpers_refuse_bad_arguments(call):
    s = corinth.new_game(players=3, seed=1)
    with pytest.raises(ExplorerError) as e:
        out = call(s)
        if isinstance(out, str):                  # explain() answers in words
            raise UnknownAction("x", "engine.action", out)
    assert len(str(e.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("kwargs, text", [
    ({"seed": 10 ** 5000}, "seed must be"), ({"seed": 2 ** 64}, "seed must be"),
    ({"players": 10 ** 5000}, "2-4 players"), ({"chance": ["auto"]}, "chance must be"),
    ({"x" * 1000: 1}, "no option"),
])
def test_impossible_options_never_crash(kwargs, text):
    for module in (demo, corinth):
        with pytest.raises(OptionError, match=text) as e:
            module.new_game(**{"players": 2, **kwargs})
        assert len(str(e.value)) <= MESSAGE_LIMIT


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                              st.floats(allow_nan=True)),
                    lambda children: st.lists(children, max_size=4)
                    | st.dictionaries(st.text(max_size=3), children, max_size=3), max_leaves=12))
def test_any_json_as_an_action_or_a_record_is_an_explorer_error(value):
    s = corinth.new_game(players=2, seed=1)
    try:
        err = s.why_illegal(Action.from_json(value))
        assert err is None or isinstance(err, IllegalAction)
    except ExplorerError:
        pass
    try:
        replay(value)
    except ExplorerError:
        pass
    r = s.record()
    r["actions"] = [value]
    with pytest.raises(ExplorerError):
        replay(r)


def player_counts(game):
    module = explorer._record.game_module(game)
    out = []
    for n in range(1, 7):
        try:
            module.new_game(players=n, seed=0)
        except OptionError:
            continue
        out.append(n)
    return out


@pytest.mark.parametrize("game, players", [(g, n) for g in GAMES if g != "demo"
                                           for n in player_counts(g)])
def test_fuzz_100k_actions_per_player_count(game, players):
    report = contract.fuzz(game, players, 100_000, seed=players)
    assert report.probes >= 100_000 and report.refused > 0.5 * report.probes
    assert report.games >= 2 and report.moves > 10_000
    assert {"bad-arguments", "unknown-action", "bad-json"} <= set(report.codes)


def test_fuzz_demo():
    report = contract.fuzz("demo", 3, 20_000, seed=1)
    assert report.games > 10 and report.refused > 0.5 * report.probes


# ---- 5. records say how their chance was made ------------------------------------------------
@pytest.mark.rules("engine.chance")
def test_auto_records_are_checked_against_the_seed():
    s = corinth.new_game(players=3, seed=5)
    for _ in range(40):
        s = s.apply(random.Random(len(s.history)).choice(s.legal_actions()))
    r = s.record()
    assert r["chance"] == "auto" and replay(r) == s and replay(r).info.chance == "auto"
    dice = [i for i, a in enumerate(r["actions"]) if a[0] == "die"]
    edited = json.loads(json.dumps(r))
    k = dice[3]
    edited["actions"][k][2] = edited["actions"][k][2] % 6 + 1
    with pytest.raises(RecordError, match=rf"chance event #3 \(action #{k}\) differs"):
        replay(edited)
    other = dict(r, seed=6)
    with pytest.raises(RecordError, match="chance event #0 .* seed 6"):
        replay(other)


def test_manual_records_replay_as_chosen_and_say_so():
    s = corinth.new_game(players=2, seed=5, chance="manual").apply(corinth.buy_yellow(0))
    s = corinth.play(s, corinth.roll([6] * 8 + [5]))
    r = s.record()
    assert r["chance"] == "manual"
    again = replay(r)
    assert again == s and again.info.chance == "manual"
    assert replay(r, chance="auto").info.chance == "auto"
    for bad in ("sometimes", 1, True):
        with pytest.raises(OptionError, match="chance must be"):
            replay(r, chance=bad)
    end = random_playout(corinth.new_game(players=2, seed=1), random.Random(1))
    assert end.record()["chance"] == "manual" and replay(end.record()) == end


def test_old_format_records_replay_as_chosen():
    s = demo.new_game(players=2, seed=1).apply(demo.claim(0, 0))
    old = s.record()
    old["format"] = "explorer-record/1"
    del old["chance"]
    assert replay(old) == s and replay(old).info.chance == "manual"
    with pytest.raises(RecordError, match="no 'chance'"):
        replay({k: v for k, v in s.record().items() if k != "chance"})


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_another_games_record(game):
    module = explorer._record.game_module(game)
    other = "demo" if game != "demo" else "corinth"
    foreign = explorer._record.game_module(other).new_game(players=2, seed=1).record()
    with pytest.raises(RecordError, match=f"not of {game}"):
        module.replay(foreign)
    with pytest.raises(RecordError, match=f"not of {other}"):
        explorer._record.game_module(other).replay(module.new_game(players=2, seed=1).record())


# ---- 6. chance an OpenSpiel-style loop can sample --------------------------------------------
def openspiel_game(module, players, seed):
    rng = random.Random(seed)
    state = module.new_game(players=players, seed=seed, chance="manual")
    while not state.is_over:
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            assert sum(probs) == 1
            state = state.apply(rng.choices(outcomes, weights=probs)[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_an_openspiel_style_loop_plays_whole_games(game):
    module = explorer._record.game_module(game)
    for seed in range(3):
        end = openspiel_game(module, 3, seed)
        assert end.is_over and replay(end.record()) == end
        sizes = []
        s = module.new_game(players=3, seed=seed, chance="manual")
        for a in end.history:
            if s.is_chance_node:
                sizes.append(len(s.chance_outcomes()))
            s = s.apply(a)
        assert max(sizes, default=0) <= 64           # every chance event is small enough to list


# ---- 7. light imports ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_importing_a_game_loads_neither_networkx_nor_plotly(game):
    code = (f"import sys, explorer.{game}; "
            "print([m for m in ('networkx', 'plotly', 'ipywidgets', 'anywidget') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_core_module_imports_a_game():
    games = set(explorer.GAMES)
    for path in (ROOT / "explorer").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [(node.module or "")] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                parts = set(name.replace("explorer.", "").split("."))
                assert not (parts & games) or name in ("_registry",), f"{path.name} imports {name}"


# ---- 8. bots cannot break a board ------------------------------------------------------------
def test_a_bot_that_proposes_an_illegal_action_is_named_and_stopped():
    def sloppy(state):
        return Action("claim", 9, 9)
    board = Board(demo.new_game(players=2, seed=2), bots={1: sloppy})
    board.play(board.state.legal_actions()[0])
    assert board.message["kind"] == "illegal" and board.message["bot"] == "sloppy"
    assert "sloppy, playing Player 2" in board.message["text"] and "no-such-hex" == board.message["code"]
    assert board.state.current_player == 1 and len(board.moves) == len(board.state.history) - 1
    assert replay(board.state.record()) == board.state


def test_a_bot_that_raises_is_named_and_the_game_goes_on():
    def broken(state):
        raise ZeroDivisionError("oops")
    board = Board(demo.new_game(players=2, seed=2), bots={1: broken})
    board.play(board.state.legal_actions()[0])
    assert board.message["code"] == "bot-failed" and "ZeroDivisionError: oops" in board.message["text"]
    board.bots[1] = lambda s: s.legal_actions()[0]
    board.run_bots()
    assert board.state.current_player == 0 and board.message["kind"] == "illegal"
    n = len(board.state.history)
    board.play(board.state.legal_actions()[0])
    assert len(board.state.history) == n + 2


# ---- 9. widget messages are always answered --------------------------------------------------
def test_every_page_message_is_answered():
    board = Board(demo.new_game(players=2, seed=1))
    board.play(demo.claim(0, 0))
    for i, msg in enumerate([{"type": "click", "action": ["claim", 0, 0]}] * 2
                            + ["junk", {"type": "dance"}, {"type": "click"}, None], start=1):
        board._on_msg(board, msg, [])
        assert board.answered == i
        assert board.message["kind"] == "illegal"
    assert board.message["code"] == "bad-message"
    assert isinstance(Board.log, object) and not isinstance(board.log, list)   # ipywidgets' logger


def test_game_over_refusals_name_the_rule():
    end = finished("demo", 2, 1)
    err = end.why_illegal(demo.claim(0, 0))
    assert isinstance(err, GameOver) and err.rule == "engine.game-over"


@pytest.mark.parametrize("game", ["corinth", "hanging_gardens", "gonzaga", "gugong"])
def test_play_game_refuses_bots_that_do_not_fit_the_seats(game):
    import importlib
    bots = importlib.import_module(f"explorer.{game}.bots")
    for wrong in ([bots.random_bot], [bots.random_bot] * 4, "random", [bots.random_bot, 3, None]):
        with pytest.raises(OptionError, match="one bot"):
            bots.play_game(3, seed=1, bots=wrong)
    end = bots.play_game(3, seed=1)                   # random players seeded by the game's seed
    assert end.is_over and explorer.replay(end.record()) == end
    assert bots.play_game(3, seed=1) == end
