"""Exact sessions: a board's timeline, "Play from here", saves and loads always show and rebuild
exactly the game on the board, and every message the page can send (or any malformed one) gets an
answer, never a raw exception.

Each test here reproduces a defect found by sending a board messages from Python: positions of
another line or game on the timeline, a branch at a roll that the board's own save could not load,
saves of every game in one folder (and loaded into the wrong game's board), failed saves shown as
success, leftover temporary files, and messages that raised in the handler.
"""

from __future__ import annotations

import errno
import importlib
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer import Action, OptionError, RecordError, demo, load_record, replay, save_record
from explorer._files import STALE_TEMP_SECONDS, clean_temporaries
from explorer.board import _HANDLERS, Board, save_file_name

CHANCE_GAMES = ["corinth", "gugong", "gonzaga", "hanging_gardens"]


def first_bot(state):
    return state.legal_actions()[0]


def send(board, **message):
    board._on_msg(board, message, [])


def module(game):
    return importlib.import_module(f"explorer.{game}")


def played(game, moves, seed=5, players=2, chance="auto"):
    """A game after ``moves`` random moves (chance drawn from the seed unless manual)."""
    bots = importlib.import_module(f"explorer.{game}.bots")
    s = module(game).new_game(players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.apply(bots.random_bot(s, rng))
    return s


def draws(board) -> None:
    """The board answers and can be drawn: its view goes to the page as JSON, its SVG and its
    static copy are made, and nothing inside the explorer failed."""
    assert board.answered == board._seen
    assert board.message.get("code") != "internal-error", board.message
    json.dumps(board.view, allow_nan=False)
    board._refresh()
    assert "<svg" in board.svg and "<svg" in board.static_html()


def timeline_is_exact(board, every=1) -> None:
    """Every position of the timeline is one of the game on the board: the first k actions of
    its record, replayed."""
    s = board.state
    record = s.record()
    for k in range(0, len(s.history) + 1, every):
        got = board.session.position(k)
        assert got.history == s.history[:k], f"position {k} is not of this game"
        assert got == replay(dict(record, actions=record["actions"][:k]), chance="manual")


def rebuilds_exactly(board, folder: Path) -> None:
    """Save (by the page's button), load, replay and "copy as code" all give the board's game."""
    s = board.state
    send(board, type="save", name="exact")
    assert board.message["kind"] == "ok", board.message
    path = folder / s.info.game / "exact.json"
    again = load_record(path)
    assert again == s and again.history == s.history and again.info.chance == s.info.chance
    assert replay(s.record()).history == s.history
    scope: dict = {}
    exec(board.code(), scope)
    assert scope["state"] == s and scope["state"].history == s.history
    send(board, type="new")
    assert board.state.history != s.history
    send(board, type="load", name="exact.json")
    assert board.message["kind"] == "ok", board.message
    assert board.state == s and board.state.history == s.history
    draws(board)


# ---- 1. the timeline shows only positions of the current game ----------------------------------
def test_the_timeline_after_an_undo_and_another_move(tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    for _ in range(4):
        board.play(board.state.legal_actions()[0])
    for k in range(5):
        send(board, type="seek", to=k)                   # the timeline remembers these positions
    send(board, type="seek", to=None)
    assert board.undo() and board.undo()
    board.play(board.state.legal_actions()[-1])          # another line from move 2 on
    board.play(board.state.legal_actions()[-1])
    send(board, type="seek", to=3)
    assert board.session.shown().history == board.state.history[:3]
    timeline_is_exact(board)
    send(board, type="branch")                           # "Play from here" on this game's line
    assert board.state.history == board.state.history[:3] and len(board.state.history) == 3
    assert replay(board.state.record()) == board.state
    draws(board)


def test_the_timeline_after_a_new_game_and_a_load(tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    for _ in range(5):
        board.play(board.state.legal_actions()[0])
    send(board, type="save", name="five")
    for k in range(5):
        send(board, type="seek", to=k)
    send(board, type="new")                              # another seed: other positions
    for _ in range(3):
        board.play(board.state.legal_actions()[-1])
    timeline_is_exact(board)
    for k in range(3):
        send(board, type="seek", to=k)
    send(board, type="seek", to=None)
    bigger = demo.new_game(players=3, seed=9)            # a save of more seats: another board size
    for _ in range(6):
        bigger = bigger.apply(bigger.legal_actions()[0])
    save_record(bigger, tmp_path / "demo" / "three.json")
    send(board, type="load", name="three.json")
    assert board.state == bigger
    timeline_is_exact(board)
    for k in range(7):
        send(board, type="seek", to=k)
        draws(board)
    send(board, type="seek", to=2)
    send(board, type="branch")
    assert board.state.history == bigger.history[:2] and board.state.info.players == 3
    assert replay(board.state.record()) == board.state
    draws(board)
    send(board, type="undo")                             # back to the loaded game
    assert board.state == bigger
    send(board, type="load", name="five.json")
    timeline_is_exact(board)


# ---- 2. "Play from here" at a roll or a draw -----------------------------------------------------
@pytest.mark.parametrize("game", CHANCE_GAMES)
def test_play_from_here_at_a_chance_position_rebuilds_exactly(game, tmp_path):
    first = played(game, 40)
    board = Board(first, saves=tmp_path)
    n = len(first.history)
    due = [k for k in range(n) if board.session.position(k).is_chance_node]
    assert due, "the game had no roll or draw to branch at"
    k = due[len(due) // 2]
    send(board, type="seek", to=k)
    assert board.session.shown().is_chance_node
    send(board, type="branch")
    s = board.state
    assert board.message["kind"] == "ok" and "seed" in board.message["text"]
    assert s.info.chance == "auto" and not s.is_chance_node       # no outcome to pick by hand
    assert len(s.history) > k and s.history == first.history[:len(s.history)]   # as the first time
    assert not any(c["action"] in [a.to_json() for a, _ in s.chance_outcomes()]
                   for c in board.view["choices"]) if s.is_chance_node else True
    rng = random.Random(1)                                # play on, by clicks
    for _ in range(8):
        if board.state.is_over:
            break
        send(board, type="click", action=rng.choice(board.state.legal_actions()).to_json())
        assert board.message["kind"] == "ok", board.message
    assert len(board.state.history) > len(s.history)
    rebuilds_exactly(board, tmp_path)


def test_play_from_here_in_a_game_of_chosen_chance_offers_the_outcomes(tmp_path):
    first = played("corinth", 30, chance="manual")
    board = Board(first, saves=tmp_path)
    k = next(k for k in range(len(first.history)) if board.session.position(k).is_chance_node)
    send(board, type="seek", to=k)
    send(board, type="branch")
    s = board.state
    assert s.info.chance == "manual" and s.is_chance_node and len(s.history) == k
    outcomes = [a for a, _ in s.chance_outcomes()]
    seeded = s.seeded_outcome()
    other = next(a for a in outcomes if a != seeded)      # one the seed would not draw
    assert [c["action"] for c in board.view["choices"]] == [a.to_json() for a, _ in s.choices()]
    send(board, type="click", action=other.to_json())
    assert board.state.history[-1] == other
    rebuilds_exactly(board, tmp_path)


# ---- 3. saves per game; foreign and broken files refused ----------------------------------------
def test_saves_live_per_game_and_load_offers_only_that_games(tmp_path):
    mine = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    other = Board(played("corinth", 5), saves=tmp_path)
    send(mine, type="save", name="mine")
    send(other, type="save", name="theirs")
    send(other, type="save", name=" later ")
    assert (tmp_path / "demo" / "mine.json").is_file()
    assert (tmp_path / "corinth" / "theirs.json").is_file()
    assert mine.message["text"] == f"Saved to {tmp_path / 'demo' / 'mine.json'}."
    send(mine, type="list-saves")
    assert mine.message["saves"] == ["mine.json"] and mine.view["saves"] == ["mine.json"]
    os.utime(tmp_path / "corinth" / "theirs.json", (time.time() - 60,) * 2)
    send(other, type="list-saves")
    assert other.message["saves"] == ["later.json", "theirs.json"]    # newest first
    assert "saved_games" not in other.message["text"] and "corinth/" in other.message["text"]
    empty = Board(played("gugong", 0), saves=tmp_path)
    send(empty, type="list-saves")
    assert empty.message["saves"] == [] and "No saved games of Gùgōng yet" in empty.message["text"]
    assert empty.view["saves"] == []
    for odd in [".hidden.json", "a:b.json", "notes.txt", "dir.json"]:     # never offered
        if odd == "dir.json":
            (tmp_path / "corinth" / odd).mkdir()
        else:
            (tmp_path / "corinth" / odd).write_text("{}")
    send(other, type="list-saves")
    assert other.message["saves"] == ["later.json", "theirs.json"]
    # a save without a name: the game and the time, never overwriting one of the same second
    one, two = mine.save(), mine.save()
    assert one != two and one.parent == two.parent == tmp_path / "demo"
    assert one.name.startswith("demo-") and two.exists()
    assert set(mine.view["saves"]) == {one.name, two.name, "mine.json"}


@pytest.mark.parametrize("game, foreign", [("corinth", "gonzaga"), ("hanging_gardens", "corinth"),
                                           ("gugong", "hanging_gardens"), ("gonzaga", "gugong")])
def test_a_foreign_games_save_is_refused_with_its_reason(game, foreign, tmp_path):
    board = Board(played(game, 6), saves=tmp_path)
    before = board.state
    (tmp_path / game).mkdir()
    save_record(played(foreign, 4), tmp_path / game / "stray.json")
    send(board, type="load", name="stray.json")
    msg = board.message
    assert msg["kind"] == "illegal" and msg["code"] == "not-loaded"
    assert msg["text"].startswith("Not loaded: stray.json is a saved game of ")
    assert f"not of {before.game_name}" in msg["text"]
    assert board.state is before and board.info["game"] == game
    draws(board)
    board.play(board.state.legal_actions()[0])           # the board still plays
    assert len(board.state.history) > len(before.history)


@pytest.mark.parametrize("content, reason", [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00", "not a UTF-8 text file"),
    (b"[1, 2, 3]", "a game record is a JSON object"),
    (b'{"game": "demo"}', "the record has no 'format'"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("edited", "is illegal"),
    ("unknown", "a game this explorer does not know"),
    ("folder", "this is a folder"),
])
def test_a_broken_save_is_refused_with_its_reason(content, reason, tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    board.play(demo.claim(0, 0))
    before = board.state
    folder = tmp_path / "demo"
    folder.mkdir()
    path = folder / "broken.json"
    good = demo.new_game(players=2, seed=2).apply(demo.claim(1, 0)).record()
    if content == "edited":
        good["actions"].append(good["actions"][-1])     # the same hex claimed twice
        path.write_text(json.dumps(good))
    elif content == "unknown":
        path.write_text(json.dumps(dict(good, game="zork")))
    elif content == "folder":
        path.mkdir()
    else:
        path.write_bytes(content)
    send(board, type="load", name="broken.json")
    assert board.message["code"] == "not-loaded" and reason in board.message["text"]
    assert board.message["text"].startswith("Not loaded: ")
    assert len(board.message["text"]) < 700
    assert board.state is before
    draws(board)


def test_a_save_this_board_cannot_draw_is_refused_and_the_game_stays(tmp_path):
    def render(s):
        if len(s.history) > 4:
            raise IndexError("no room for that many claims")
        return s.to_svg(interactive=True)
    board = Board(demo.new_game(players=2, seed=2), render=render, saves=tmp_path)
    long = demo.new_game(players=2, seed=2)
    for _ in range(6):
        long = long.apply(long.legal_actions()[0])
    (tmp_path / "demo").mkdir()
    save_record(long, tmp_path / "demo" / "long.json")
    board.play(demo.claim(0, 0))
    assert board.undo() and board.info["can_redo"]
    before = board.state
    send(board, type="load", name="long.json")
    assert board.message["code"] == "not-loaded" and "this board cannot show it" in board.message["text"]
    assert board.state is before and board.info["can_redo"] and not board.info["can_undo"]
    draws(board)


def test_a_save_without_the_boards_seat_is_refused(tmp_path):
    board = Board(demo.new_game(players=3, seed=2), bots={0: first_bot, 1: first_bot},
                  saves=tmp_path)
    assert board.session.viewer == 2
    before = board.state
    (tmp_path / "demo").mkdir()
    save_record(demo.new_game(players=2, seed=2), tmp_path / "demo" / "two.json")
    send(board, type="load", name="two.json")
    assert board.message["code"] == "not-loaded" and "a game of 2 players" in board.message["text"]
    assert board.state is before
    draws(board)


def test_load_by_the_page_takes_only_names_of_this_games_folder(tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    save_record(board.state, tmp_path / "outside.json")
    for name in ["../outside.json", "/etc/passwd", "", None, 3, ["a"], "nothing-here.json"]:
        send(board, type="load", name=name)
        assert board.message["code"] == "not-loaded", name
    send(board, type="load")
    assert "choose a saved game in the list" in board.message["text"]
    draws(board)


# ---- 4. every save failure is said as one ---------------------------------------------------------
@pytest.mark.parametrize("name, reason", [
    ("x" * 300, "at most 80 characters"),
    ("語" * 70, "too long for a file name"),
    ("a\0b", "control characters"),
    ("two\nlines", "control characters"),
    ("a/b", "cannot hold '/'"),
    ("..\\up", "cannot hold '\\\\'"),
    ("what?", "cannot hold '?'"),
    (".hidden", "cannot start with a dot"),
    ("\ud800", "not text"),
    (12, "is a text, not 12"),
    (["a"], "is a text"),
])
def test_a_save_name_no_file_can_have_is_reported_as_a_failure(name, reason, tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    send(board, type="save", name="good")
    assert board.message["kind"] == "ok" and board.message["text"].startswith("Saved to")
    before = sorted(p.name for p in (tmp_path / "demo").iterdir())
    send(board, type="save", name=name)
    msg = board.message
    assert msg["kind"] == "illegal" and msg["code"] == "not-saved", msg
    assert msg["text"].startswith("Not saved: ") and reason in msg["text"], msg["text"]
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == before      # nothing written
    assert list(tmp_path.iterdir()) == [tmp_path / "demo"]
    draws(board)
    if isinstance(name, str) and not set(name) & set("/\\"):     # (a path from Python is a path)
        with pytest.raises(OptionError, match=reason.replace("?", r"\?").replace("\\\\", r"\\")):
            board.save(name)                              # from Python too: raised and said
        assert board.message["code"] == "not-saved"


def test_a_save_the_disk_refuses_is_reported_as_a_failure(tmp_path, monkeypatch):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    send(board, type="save", name="game")
    path = tmp_path / "demo" / "game.json"
    before = path.read_bytes()
    board.play(demo.claim(0, 0))

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    send(board, type="save", name="game")
    assert board.message["code"] == "not-saved" and "the disk is full" in board.message["text"]
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]      # no partial file
    (tmp_path / "elsewhere").write_text("a file where the saves' folder should be")
    blocked = Board(demo.new_game(players=2, seed=2), saves=tmp_path / "elsewhere")
    send(blocked, type="save", name="x")
    assert blocked.message["code"] == "not-saved"
    assert "cannot make the folder" in blocked.message["text"]
    draws(blocked)


def test_save_file_names():
    assert save_file_name("round 2") == "round 2.json"
    assert save_file_name("  spaced.json ") == "spaced.json"
    assert save_file_name("Gùgōng 3") == "Gùgōng 3.json"
    for bad in ["", "   ", "a:b", "<x>", "|", "*", '"q"', "\x7f", "x" * 81]:
        with pytest.raises(OptionError):
            save_file_name(bad)


# ---- 5. leftover temporary files ----------------------------------------------------------------
KILLED_SAVE = """
import os, sys
from explorer import demo, save_record
os.replace = lambda *a: os._exit(3)          # the kernel dies between the write and the rename
save_record(demo.new_game(players=2, seed=1), sys.argv[1])
"""


def test_a_save_killed_mid_write_leaves_no_temporary_file_for_long(tmp_path):
    board = Board(demo.new_game(players=2, seed=2), saves=tmp_path)
    folder = tmp_path / "demo"
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(folder / "killed.json")],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    left = [p for p in folder.iterdir()]
    assert len(left) == 1 and left[0].name.startswith(".killed.json.") and left[0].suffix == ".tmp"
    send(board, type="list-saves")
    assert left[0].exists() and board.message["saves"] == []     # recent: maybe a save under way
    old = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(left[0], (old, old))
    fresh = folder / ".other.json.abcd_123.tmp"                   # another save, under way
    fresh.write_text("{")
    mine = folder / "notes.tmp"                                   # not ours: never touched
    mine.write_text("keep")
    os.utime(mine, (old, old))
    send(board, type="list-saves")
    assert not left[0].exists() and fresh.exists() and mine.exists()
    assert board.message["saves"] == []
    os.utime(fresh, (old, old))
    send(board, type="save", name="now")                          # a save cleans up too
    assert sorted(p.name for p in folder.iterdir()) == ["notes.tmp", "now.json"]
    assert clean_temporaries(tmp_path / "no-such-folder") == []


# ---- 6. every message is answered ----------------------------------------------------------------
def nested(depth, leaf=None):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth):
    value: dict = {}
    for _ in range(depth):
        value = {"a": value}
    return value


MALFORMED = [
    {"type": "why", "action": ["claim", nested(5000)]},
    {"type": "why", "action": nested(100_000)},
    {"type": "click", "action": ["claim", nested(3000, 1)]},
    {"type": "target", "target": nested(3000)},
    {"type": "save", "name": nested(3000, "x")},
    {"type": "load", "name": deep_dict(3000)},
    {"type": "seek", "to": nested(3000, 1)},
    {"type": "why", "action": ["claim"] + [0] * 1_000_000},
    {"type": "save", "name": "x" * 1_000_000},
    {"type": "click", "action": ["claim", 10 ** 5000, 0]},
    {"type": "seek", "to": 10 ** 5000},
    {"type": "seek", "to": -5},
    {"type": "seek", "to": float("nan")},
    {"type": "seek", "to": float("inf")},
    {"type": "seek", "to": 1e300},
    {"type": "seek", "to": True},
    {"type": "target", "target": []},
    {"type": "target", "target": {"card": 1}},
    {"type": "target", "target": ["card", [1, [2]]]},
    {"type": "why"},
    {"type": "click", "action": {"claim": [0, 0]}},
    {"type": ["click"]},
    {"type": None},
    {1: "click"},
    {"type": "click", "action": object()},
    {"type": "click", "action": b"bytes"},
    deep_dict(5000),
    nested(5000),
    "click", 7, 2.5, None, [], [{"type": "click"}], b"\x00",
]


@pytest.mark.parametrize("message", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_a_malformed_message_is_answered(message, tmp_path):
    board = Board(demo.new_game(players=2, seed=2), bots={1: first_bot}, saves=tmp_path)
    board.play(demo.claim(0, 0))
    send(board, type="seek", to=1)
    send(board, type="seek", to=None)
    before = board.state
    board._on_msg(board, message, [])
    assert board.answered == board._seen == 3
    assert board.state is before
    draws(board)
    assert board.message["kind"] in ("illegal", "ok")
    assert list(tmp_path.iterdir()) == []                          # nothing saved by mistake


def test_a_deeply_nested_hover_question_is_answered_as_not_an_action():
    board = Board(demo.new_game(players=2, seed=2))
    send(board, type="why", action=["claim", nested(5000)])
    assert board.answered == 1 and board.message["code"] == "bad-message"
    assert "nested too deeply" in board.message["text"]
    send(board, type="why", action=["claim", nested(20, 0)])      # deep, but not past the check
    assert board.view["hover"]["code"] == "bad-argument" and board.view["hover"]["action"] is None
    send(board, type="why", action=["claim", 0, 0])
    assert board.view["hover"] == {"action": ["claim", 0, 0], "ok": True, "rule": "", "code": "",
                                   "text": "Legal: click to play it."}
    draws(board)


@pytest.mark.parametrize("kind", sorted(_HANDLERS))
def test_every_message_type_without_its_keys_is_answered(kind, tmp_path):
    board = Board(played("corinth", 6), saves=tmp_path)
    board._on_msg(board, {"type": kind}, [])
    board._on_msg(board, {"type": kind, "action": None, "target": None, "to": None, "name": None}, [])
    board._on_msg(board, {"type": kind, "action": 1, "target": 1, "to": "1", "name": 1}, [])
    assert board.answered == 3
    draws(board)


def test_a_fault_inside_the_explorer_is_said_never_raised(tmp_path):
    class Faulty(Board):
        def _msg_code(self, content):
            raise KeyError("a bug")
    board = Faulty(demo.new_game(players=2, seed=2), saves=tmp_path)
    board._on_msg(board, {"type": "code"}, [])
    assert board.answered == 1 and board.message["code"] == "internal-error"
    assert "Please report it: KeyError" in board.message["text"]


# ---- 7. fuzzing the page's messages ---------------------------------------------------------------
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
JSONISH = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                       | st.dictionaries(st.text(max_size=6), kids, max_size=4), max_leaves=16)
SIZES = st.sampled_from([1, 40, 1500, 5000])
HUGE = (SIZES.map(nested) | SIZES.map(lambda n: ["claim", nested(n, 0)]) | SIZES.map(deep_dict)
        | SIZES.map(lambda n: ["claim"] + [0] * (n * 40)) | SIZES.map(lambda n: "x" * (n * 200)))
"""Values nested deeper or larger than any page sends."""
VALUES = JSONISH | HUGE
TYPES = sorted(_HANDLERS) + ["", "dance", "Click"]
CHANGES = {"new", "undo", "redo", "branch", "load", "next", "bots"}
"""The messages that may change the game (besides a click on a legal action)."""


KEYS = {"click": "action", "why": "action", "target": "target", "seek": "to", "save": "name",
        "load": "name"}
"""The key the page sends with each message type."""


def page_message(data, board):
    """A message as the page sends it, with fuzzed values (or a legal move), or anything at all."""
    s = board.state
    legal = [a.to_json() for a in s.legal_actions()] if not s.is_over else []
    shape = data.draw(st.sampled_from(["page", "page", "legal", "anything"]), label="shape")
    if shape == "anything" or (shape == "legal" and not legal):
        return data.draw(VALUES, label="anything")
    if shape == "legal":
        return {"type": "click", "action": data.draw(st.sampled_from(legal), label="legal")}
    kind = data.draw(st.sampled_from(TYPES), label="type")
    msg = {"type": kind}
    if kind in KEYS:
        msg[KEYS[kind]] = data.draw(VALUES | st.sampled_from(legal or [None]) | st.integers(-3, 80),
                                    label=KEYS[kind])
    for key in data.draw(st.lists(st.sampled_from(["action", "target", "to", "name", "other"]),
                                  max_size=2), label="extra keys"):
        msg[key] = data.draw(JSONISH, label=key)
    return msg


def fuzz(data, board) -> None:
    fresh = board.session.new_game
    board.session.new_game = lambda seed=None: fresh(7 if seed is None else seed)   # repeatable
    for _ in range(data.draw(st.integers(1, 6), label="messages")):
        msg = page_message(data, board)
        before, cursor = board.state, board.session.cursor
        kind = msg.get("type") if isinstance(msg, dict) else None
        legal_click = (kind == "click" and cursor is None and isinstance(msg.get("action"), list)
                       and before.why_illegal(_action(msg["action"])) is None)
        seen = board._seen
        board._on_msg(board, msg, [])
        assert board._seen == seen + 1 and board.answered == board._seen
        if not (legal_click or kind in CHANGES):
            assert board.state is before, msg
        if legal_click:
            assert board.state.history[:len(before.history) + 1] == \
                before.history + (Action.from_json(msg["action"]),)
        draws(board)
        if board.session.cursor is not None:
            assert board.session.shown().history == board.state.history[:board.session.cursor]


def _action(raw):
    try:
        return Action.from_json(raw)
    except Exception:
        return raw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_page_messages_to_the_demo_board(data):
    with tempfile.TemporaryDirectory() as d:
        board = Board(demo.new_game(players=2, seed=2), bots={1: first_bot}, saves=d)
        fuzz(data, board)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_page_messages_to_a_corinth_board(data):
    from explorer.corinth import bots, widgets
    with tempfile.TemporaryDirectory() as d:
        def seeded_bot(s):
            return bots.random_bot(s, random.Random(len(s.history)))
        harbor = widgets.harbor_board(played("corinth", 12), bots={1: seeded_bot})
        harbor.session.saves = Path(d)
        fuzz(data, harbor)


def test_floats_in_messages_never_reach_the_page_as_json_it_cannot_read():
    board = Board(demo.new_game(players=2, seed=2))
    for value in (math.nan, math.inf, -math.inf):
        send(board, type="click", action=["claim", value, 0])
        send(board, type="why", action=["claim", value, 0])
        draws(board)
        assert board.message["kind"] == "illegal"
