"""The live board, Python side: clicks become apply calls, refusals are explained, bots play."""

import xml.etree.ElementTree as ET

import pytest

from explorer import Action, OptionError, demo
from explorer.board import Board


def first_bot(state):
    return state.legal_actions()[0]


@pytest.mark.rules("demo.claim.free")
def test_click_messages_apply_or_explain():
    board = Board(demo.new_game(players=2, seed=1))
    board._on_msg(board, {"type": "click", "action": ["claim", 0, 0]}, [])
    assert board.state.owner[0] is not None and board.info["turn"] == 2
    before = board.state
    board._on_msg(board, {"type": "click", "action": ["claim", 0, 0]}, [])
    assert board.state is before
    assert board.message["kind"] == "illegal" and board.message["rule"] == "demo.claim.free"
    assert "already claimed" in board.message["text"]
    board._on_msg(board, {"type": "click", "action": "nonsense"}, [])
    assert board.message["code"] == "not-an-action" and board.state is before
    board._on_msg(board, {"type": "click", "action": [3]}, [])
    assert board.message["code"] == "bad-json" and board.state is before


def test_log_replays_the_game_and_undo_goes_back():
    start = demo.new_game(players=2, seed=2)
    board = Board(start, bots={1: first_bot})
    board.play(demo.claim(0, 0))
    board.play(board.state.legal_actions()[0])
    state = start
    for line in board.moves:
        exec(line.split("  #")[0], {"Action": Action}, scope := {"state": state})
        state = scope["state"]
    assert state == board.state
    n = len(board.moves)
    assert board.undo() and len(board.moves) == n - 2 and board.info["can_undo"]
    assert board.undo() and board.state == start and not board.info["can_undo"]
    assert not board.undo()


def test_bots_play_their_seats_and_placeholder_banner_shows():
    board = Board(demo.new_game(players=2, seed=1), bots={0: first_bot, 1: first_bot})
    assert board.state.is_over and board.info["over"]
    assert "Placeholder data" in board.placeholder
    # in players' words: no Python, no data-version hash on a projector
    assert "load_data" not in board.placeholder and board.state.info.data.version not in board.placeholder


def test_placeholder_notes_drawn_on_boards_name_no_code():
    from explorer import corinth, gugong, hanging_gardens
    from explorer.corinth._targets import legend
    for state in (corinth.new_game(players=3, seed=1), gugong.new_game(players=3, seed=1),
                  hanging_gardens.new_game(players=3, seed=1)):
        drawn = state.to_svg()
        assert "made up" in drawn and "placeholders()" not in drawn, state.game_name
    assert not any("placeholders()" in text for _, text in legend(corinth.new_game(players=2, seed=1)))


def test_static_svg_is_well_formed_and_marks_legal_cells():
    s = demo.new_game(players=2, seed=1).apply(demo.claim(0, 0))
    root = ET.fromstring(s.to_svg(interactive=True))
    ns = "{http://www.w3.org/2000/svg}"
    cells = root.findall(f"{ns}polygon")
    assert len(cells) == 19
    clickable = [c for c in cells if "data-action" in c.attrib]
    legal = [c for c in cells if "legal" in c.attrib["class"].split()]
    assert len(clickable) == 19 and len(legal) == len(s.legal_actions())
    assert sum(1 for c in cells if c.get("stroke-dasharray")) == 12   # placeholder cells
    static = ET.fromstring(s.to_svg())
    assert not any("data-action" in c.attrib for c in static.findall(f"{ns}polygon"))
    assert "<svg" in s._repr_html_()


def test_a_session_saves_and_reopens(tmp_path):
    board = Board(demo.new_game(players=3, seed=2), bots={1: first_bot, 2: first_bot})
    board.play(board.state.legal_actions()[0])
    path = board.save(tmp_path / "session.json")
    again = Board.load(path, bots=board.bots)
    assert again.state == board.state and again.state.current_player == 0


def test_linked_views_share_one_game():
    main = Board(demo.new_game(players=2, seed=1))
    mirror = main.linked(lambda s: s.to_svg())
    assert mirror.state is main.state and not mirror.show_log and main.show_log
    assert main.placeholder and not mirror.placeholder           # the banner shows once
    mirror._on_msg(mirror, {"type": "click", "action": ["claim", 0, 0]}, [])
    assert main.state.owner[0] is not None
    assert main.info == mirror.info and main.svg.count("data-action") > 0
    assert "data-action" not in mirror.svg                         # its render is the static one
    main.play(demo.claim(0, 0))
    assert mirror.message["rule"] == "demo.claim.free"            # refusals reach every view
    with pytest.raises(OptionError):
        Board()


def test_a_resting_preview_asks_why_and_nothing_is_played():
    board = Board(demo.new_game(players=2, seed=2))
    before = board.state
    board._on_msg(board, {"type": "why", "action": ["claim", 9, 9]}, [])
    hover = board.view["hover"]
    assert not hover["ok"] and hover["rule"] == "demo.setup.board" and "no hex" in hover["text"]
    board._on_msg(board, {"type": "why", "action": ["claim", 0, 0]}, [])
    assert board.view["hover"]["ok"] and board.state is before
    board._on_msg(board, {"type": "why", "action": "junk"}, [])
    assert board.view["hover"]["code"] == "bad-json" and board.answered == 3


def test_a_board_keeps_other_players_secrets_out_of_its_history():
    import random
    from explorer import hanging_gardens as hg
    from explorer.hanging_gardens import bots
    end = bots.random_playout(hg.new_game(players=2, seed=15), random.Random(15))
    k = next(i for i, a in enumerate(end.history) if a.kind == "hidden")
    drawer = hg.replay(dict(end.record(), actions=end.record()["actions"][:k])).current_player
    viewer = 1 - drawer
    record = dict(end.record(), actions=end.record()["actions"][:k + 2])
    state = hg.replay(record)
    secret = end.history[k + 1]
    assert secret.kind == "draw" and secret.args[0] != "?"
    seen = Board(state, bots={drawer: bots.random_bot}, viewer=viewer)
    lines = [ln for ln in seen.session.lines if ln.first <= k + 1 <= ln.last]
    assert lines and all(secret.args[0] not in " ".join(ln.code) for ln in lines)
    assert "face down" in lines[-1].text
    mine = Board(state, bots={viewer: bots.random_bot}, viewer=drawer)
    assert any(repr(secret.args[0]) in " ".join(ln.code) for ln in mine.session.lines
               if ln.first <= k + 1 <= ln.last)


def test_session_controls_by_message(tmp_path):
    from explorer import replay
    board = Board(demo.new_game(players=2, seed=2), bots={1: first_bot}, saves=tmp_path)
    send = lambda **m: board._on_msg(board, m, [])         # noqa: E731
    send(type="click", action=["claim", 0, 0])
    n = len(board.state.history)
    send(type="save", name="mine")
    assert (tmp_path / "demo" / "mine.json").exists() and "Saved" in board.message["text"]
    send(type="list-saves")
    assert board.message["saves"] == ["mine.json"]
    send(type="undo")
    assert len(board.state.history) == n - 2 and board.info["can_redo"]
    send(type="redo")
    assert len(board.state.history) == n
    send(type="new")
    assert len(board.state.history) < n and board.info["can_undo"]
    send(type="load", name="mine.json")
    assert len(board.state.history) == n and "replayed" in board.message["text"]
    send(type="code")
    code = board.message["code"]
    scope: dict = {}
    exec(code, scope)
    assert scope["state"] == board.state                        # "copy as code" replays the game
    send(type="seek", to=1)
    assert board.info["cursor"] == 1 and board.info["turn"] == 1
    assert board.play(demo.claim(2, -2)).rule == "engine.timeline"
    send(type="branch")
    assert board.info["cursor"] is None and len(board.state.history) >= 1
    send(type="undo")                                            # back to where the game was
    assert len(board.state.history) == n and replay(board.state.record()) == board.state
    send(type="load", name="no-such-file.json")
    assert board.message["kind"] == "illegal" and "no such saved game" in board.message["text"]
    assert board.message["text"].startswith("Not loaded")
    send(type="seek", to="x")
    assert board.message["kind"] == "illegal"


def test_bots_at_once_one_move_per_click_or_at_a_pace():
    board = Board(demo.new_game(players=2, seed=2), bots={1: first_bot})
    board.bot_mode = "step"
    board.play(demo.claim(0, 0))
    assert board.state.current_player == 1 and board.info["bot_to_move"]
    assert board.view["choices"] == []                          # the bot's turn: nothing to pick
    n = len(board.state.history)
    board._on_msg(board, {"type": "next"}, [])
    assert len(board.state.history) == n + 1 and board.state.current_player == 0
    board.bot_mode = "paced"                                     # the page sends "next" on a timer
    board.play(board.state.legal_actions()[0])
    assert board.info["bot_to_move"]
    board.bot_mode = "dance"                                     # not a mode: the old one stays
    assert board.bot_mode == "paced"
    board.bot_mode = "instant"                                   # plays the waiting bot at once
    assert board.state.current_player == 0 and not board.info["bot_to_move"]


def test_a_games_board_refines_a_message_handler_and_its_refusals_reach_the_page():
    class Refined(Board):
        def _msg_target(self, content):
            if content.get("target") == ["mine"]:
                raise OptionError("this target is refused by the game's own handler")
            super()._msg_target(content)

    b = Refined(demo.new_game(players=2, seed=2))
    b._on_msg(b, {"type": "target", "target": ["mine"]}, [])
    assert b.message["kind"] == "illegal" and "game's own handler" in b.message["text"]
    assert b.answered == b._seen
    b._on_msg(b, {"type": "target", "target": ["elsewhere"]}, [])
    assert b.message["kind"] == "illegal" and b.message["rule"]


def test_bots_are_named_in_players_words_on_seats_and_history():
    import functools
    from explorer.corinth import bots as corinth_bots
    from explorer.corinth import new_game

    class Labelled:
        label = "MCTS (200 iterations)"

        def __call__(self, state):
            return corinth_bots.random_bot(state)

    board = Board(new_game(players=4, seed=3), bots={1: corinth_bots.greedy_bot,
                                                     2: lambda s: corinth_bots.random_bot(s),
                                                     3: Labelled()})
    chips = {seat["seat"]: seat["bot"] for seat in board.view["seats"]}
    assert chips == {0: "", 1: "greedy", 2: "bot", 3: "MCTS (200 iterations)"}
    partial = functools.partial(corinth_bots.random_bot)
    board = Board(new_game(players=2, seed=3), bots={1: partial})
    assert [seat["bot"] for seat in board.view["seats"]] == ["", "random"]
    assert not any("_bot" in seat["bot"] for seat in board.view["seats"])
