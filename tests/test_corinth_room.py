"""The Corinth boards in a room: drawn at a readable size, each thing said once, every click
answered in players' words (never an action's Python form), and a click quick to answer."""

from __future__ import annotations

import html
import json
import random
import re
import statistics
import sys
from pathlib import Path

import pytest

from explorer import corinth
from explorer.corinth import bots, widgets
from explorer.corinth._svg import HEADING_CHARS, harbor_panel_svg, heading, sheets_svg

ROOM_PX = 968          # the width of a board's drawing in the room (tests/room.py)
INTERNALS = re.compile(r"Action\(|\b[a-z_]+\([^)]*\)|[\[\]{}<>]|0x|\bNone\b|\bTrue\b|\bFalse\b")


def positions(players: int, seeds: range, every: int = 1):
    """States of random games, every ``every``-th position."""
    for seed in seeds:
        s = corinth.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while True:
            if k % every == 0 or s.is_over:
                yield s
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
            k += 1


def font_px(doc: str) -> list[float]:
    """Every label's font size as shown in the room (the drawing scaled to ROOM_PX wide)."""
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', doc).group(1))
    sizes = re.findall(r'<text[^>]*font-size="([\d.]+)"[^>]*>([^<]+)</text>', doc)
    return [float(f) * ROOM_PX / width for f, t in sizes if t.strip()]


@pytest.mark.parametrize("players", [2, 4])
def test_every_label_is_readable_in_the_room(players):
    for s in positions(players, range(2), every=37):
        for doc in (harbor_panel_svg(s, interactive=True), sheets_svg(s, interactive=True)):
            px = font_px(doc)
            assert px and min(px) >= 11.5 and statistics.median(px) >= 12.5, (min(px), s.phase)


def test_the_choices_heading_fits_and_is_not_the_status_line():
    seen = set()
    for s in positions(4, range(6), every=3):
        lines = heading(s)
        assert (not lines) == s.is_over and len(lines) <= 2
        assert all(len(line) <= HEADING_CHARS for line in lines)
        seen.add(s.phase)
        doc = harbor_panel_svg(s, interactive=True)
        drawn = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]+)</text>", doc)]
        assert s.status() not in drawn and s.awaiting() not in " ".join(drawn)
        for text in re.findall(r'class="choice[^"]*"[^>]*>.*?<text[^>]*>([^<]+)</text>', doc):
            assert len(html.unescape(text)) <= 27, text          # fits its button
    assert len(seen) >= 7                                            # every phase was seen


def test_the_harbor_drawing_keeps_one_size():
    sizes = {re.search(r'viewBox="([^"]+)"', harbor_panel_svg(s, interactive=True)).group(1)
             for s in positions(4, range(3), every=5)}
    assert sizes == {"0 0 770 270"}


def table(players=3, seed=7):
    return widgets.table(corinth.new_game(players=players, seed=seed),
                         bots={p: bots.random_bot for p in range(1, players)})


def test_the_status_line_is_shown_once():
    harbor, sheets = table()
    s = harbor.state
    assert harbor.view["status"] == s.status()
    assert sheets.view["status"] == ""                                 # said above the harbor
    assert s.awaiting() not in harbor.view["awaiting"]                 # not again under the title
    assert harbor.view["awaiting"].startswith("Click one of these")
    # a click's answer shows on the board that was clicked, not on both
    sheets._on_msg(None, {"type": "target", "target": ["sheet", 1]}, None)
    assert sheets.view["message"]["code"] == "not-your-sheet" and harbor.view["message"] == {}
    harbor._on_msg(None, {"type": "click", "action": s.legal_actions()[0].to_json()}, None)
    assert harbor.view["message"]["kind"] == "ok" and sheets.view["message"] == {}
    # a bot to move: the panel says how to let it play, not the status again
    harbor.session.bot_mode = "step"
    while not harbor.session.bot_to_move():
        harbor.play(harbor.state.legal_actions()[0])
    harbor.session.refresh()
    assert "Next move" in harbor.view["awaiting"]
    assert harbor.state.awaiting() not in harbor.view["awaiting"]


_ODD_TARGETS = [["board"], ["nope"], [], "x", ["sheet", 9], ["sheet", "1"], ["part", 0, "x"], None,
                ["sheet", True], ["part", 0, "turns"], ["part", 1, "gold"], ["sheet", 0]]


def _words(board) -> str:
    return board.session.message.get("text", "").split("\n")[0]


@pytest.mark.parametrize("players", [2, 4])
def test_every_click_and_history_line_is_in_words(players):
    """Every place of both boards, legal or not, clicked at many positions; odd targets too:
    the answer (its first line: the rule follows on the next) never shows an action's Python
    form, a list, an id or a repr."""
    harbor, sheets = widgets.table(corinth.new_game(players=players, seed=11),
                                   bots={p: bots.random_bot for p in range(1, players)})
    rng = random.Random(players)
    answered = 0
    for k in range(60):
        if harbor.state.is_over:
            break
        for board in (harbor, sheets):
            doc = board.svg
            for raw in sorted(set(re.findall(r'data-action="([^"]*)"', doc))):
                action = json.loads(html.unescape(raw))
                board._on_msg(None, {"type": "click", "action": action}, None)
                if board.session.message["kind"] == "illegal":
                    assert not INTERNALS.search(_words(board)), (action, _words(board))
                    answered += 1
                else:                                   # it was legal: take it back
                    assert not INTERNALS.search(_words(board)), (action, _words(board))
                    board.undo()
            for raw in sorted(set(re.findall(r'data-target="([^"]*)"', doc))):
                board._on_msg(None, {"type": "target", "target": json.loads(html.unescape(raw))},
                              None)
                assert board.session.message["kind"] == "illegal"
                assert not INTERNALS.search(_words(board)), (raw, _words(board))
        if k % 10 == 0:
            for odd in _ODD_TARGETS:
                harbor._on_msg(None, {"type": "target", "target": odd}, None)
                assert harbor.session.message["kind"] == "illegal"
                assert not INTERNALS.search(_words(harbor)), (odd, _words(harbor))
        for _ in range(3):
            if not harbor.state.is_over:
                harbor.play(rng.choice(harbor.state.legal_actions()))
    assert answered > 200
    for line in harbor.session.lines:
        assert not INTERNALS.search(line.text), line.text


def test_refusals_name_moves_in_words():
    s = corinth.new_game(players=3, seed=7)                  # the first player buys yellow dice
    cases = {corinth.take("purple"): "Taking the purple group is not possible now",
             corinth.step(2, 3): "A Steward step to D3 is not possible now",
             corinth.build("store"): "Building the store",
             corinth.deliver("green-1"): "Delivering to shop green-1"}
    for action, words in cases.items():
        err = s.why_illegal(action)
        assert err is not None and err.message.startswith(words), err.message
        assert not INTERNALS.search(err.message), err.message


@pytest.mark.benchmark
def test_clicks_play_and_their_python_time_is_printed():
    """Every timed click plays (the 10 ms target is checked by benchmarks/bench_clicks.py and
    bench_corinth_clicks.py, which print the figures)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_corinth_clicks import click_times
    times = click_times(60, seed=3)
    print(f"\n[click] Corinth, 4 players: median {statistics.median(times):.1f} ms of Python")
    assert len(times) >= 30 and all(t >= 0 for t in times)
