"""A board's start-up and its static copy, without a browser: the page's "ready" report, the
redraw a page that could not start the board gets, and what an export shows."""

from __future__ import annotations

import pytest

from explorer import demo
from explorer.board import Board


def board() -> Board:
    return Board(demo.new_game(players=2, seed=2))


def test_a_page_reports_the_board_drawn_and_only_sane_times_are_kept():
    b = board()
    n = b.answered
    for content in ({"type": "ready", "ms": 120}, {"type": "ready", "ms": "soon"},
                    {"type": "ready", "ms": -5}, {"type": "ready", "ms": float("nan")},
                    {"type": "ready"}):
        b._on_msg(b, content, [])
    assert b.started == [120.0]
    assert b.answered == n + 5                    # every report is answered
    assert b.message.get("kind") != "illegal"


def test_redraw_is_a_new_live_view_of_the_same_game():
    b = board()
    b.add_class("my-board")
    b.play(demo.claim(0, 0))
    fresh = b.redraw()
    assert fresh is not b and fresh.model_id != b.model_id
    assert fresh.state is b.state and fresh.session is b.session
    assert fresh.svg == b.svg and "my-board" in fresh._dom_classes
    assert fresh.board_id != b.board_id
    fresh.play(demo.claim(1, 0))                  # both show the one game
    assert b.state is fresh.state


class Handle:
    """A display handle that keeps what it was updated with."""

    def __init__(self):
        self.shown = []

    def update(self, obj):
        self.shown.append(obj)


def displayed(monkeypatch, page_seen: bool) -> tuple[Board, list]:
    """A board displayed with its static copy (no timer), and what its handle was updated with."""
    b = board()
    b._static = Handle()
    monkeypatch.setattr(Board, "_watch_start", lambda self: None)
    monkeypatch.setattr(Board, "_page_seen", page_seen)
    return b, b._static.shown


def test_a_board_no_page_drew_is_drawn_again_where_pages_draw_boards(monkeypatch):
    b, shown = displayed(monkeypatch, page_seen=False)
    b._check_started()
    assert shown == []                            # no page has ever drawn a board: nothing to do
    monkeypatch.setattr(Board, "_page_seen", True)
    b.started.append(300.0)
    b._check_started()
    assert shown == []                            # the page drew it
    b.started.clear()
    b._check_started()
    assert len(shown) == 1
    data, _ = shown[0]._repr_mimebundle_()
    fresh = shown[0].board
    assert isinstance(fresh, Board) and fresh.state is b.state and fresh is not b
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == fresh.model_id
    assert "drawn again" in data["text/html"] and data["text/plain"] == ""
    assert b._static is None and fresh._static is not None      # the fresh view is watched now
    for _ in range(5):                            # and drawn again, up to REDRAWS times in all
        fresh._check_started()
        fresh = shown[-1].board
    assert len(shown) == Board.REDRAWS


def test_the_static_copy_names_the_board_and_hides_only_behind_its_own_live_board():
    b = board()
    html = b.static_html()
    assert f'data-model="{b.board_id}"' in html and 'role="img"' in html
    assert 'aria-label="Hex claim board: ' in html
    assert f'.explorer-board[data-model="{b.board_id}"]' in html
    assert "redraw()" in html
    other = board()
    assert other.board_id != b.board_id


def test_an_export_shows_no_python_object_text(monkeypatch):
    published = []
    import IPython.display as D
    monkeypatch.setattr(D, "publish_display_data", lambda data, metadata=None: published.append(data))
    monkeypatch.setattr(D, "display", lambda obj, **kw: None)
    b = board()
    b._ipython_display_()
    assert published and published[0]["text/plain"] == ""
    assert "application/vnd.jupyter.widget-view+json" in published[0]


@pytest.mark.parametrize("title, want", [({"text": "Odds <b>now</b>"}, "Chart: Odds  now"),
                                         (None, "Chart: points against round"), ("", "Chart: points against round")])
def test_chart_copies_carry_alt_text(title, want):
    import plotly.graph_objects as go

    from explorer.notebook import static_figure_html
    fig = go.Figure(layout={"title": title, "xaxis": {"title": {"text": "round"}},
                            "yaxis": {"title": {"text": "points"}}})
    html = static_figure_html(fig, embed_plotlyjs=False)
    assert f'role="img" aria-label="{want}"' in html.replace("&quot;", '"')


def test_every_games_board_redraws_as_its_own_kind():
    from explorer import corinth, gonzaga, gugong, hanging_gardens
    from explorer.corinth import widgets as cw
    from explorer.gonzaga import widgets as zw
    from explorer.gugong import widgets as gw
    from explorer.hanging_gardens import widgets as hw
    boards = [cw.harbor_board(corinth.new_game(players=3, seed=1)),
              *cw.table(corinth.new_game(players=3, seed=1)),
              zw.board(gonzaga.new_game(players=3, seed=1)),
              *gw.boards(gugong.new_game(players=3, seed=1)),
              hw.board(hanging_gardens.new_game(players=3, seed=1))]
    for b in boards:
        fresh = b.redraw()
        name = type(b).__name__
        assert _kind(fresh) is _kind(b) and fresh.session is b.session, name
        assert fresh.compact == b.compact, name
        assert fresh.svg == b.svg, name


def _kind(board):
    """The board's class as its module defines it (a widget's class may be specialised per object)."""
    import sys
    return next(c for c in type(board).__mro__
                if getattr(sys.modules.get(c.__module__), c.__name__, None) is c)


def test_a_board_drawn_late_takes_its_place_back_from_its_redrawn_view(monkeypatch):
    from IPython.display import HTML
    b, shown = displayed(monkeypatch, page_seen=True)
    b._check_started()
    fresh = shown[-1].board
    assert fresh in b.session.views and fresh._static is not None
    b._on_msg(b, {"type": "ready", "ms": 20_000}, [])       # the first board was only slow
    assert b.started == [20_000.0]
    assert isinstance(shown[-1], HTML) and f'data-model="{b.board_id}"' in shown[-1].data
    assert fresh not in b.session.views and fresh._static is None and b._static is not None
    b.play(demo.claim(0, 0))                                  # the game goes on, on one board
    assert b.state.history[-1] == demo.claim(0, 0)
