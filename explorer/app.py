"""App pages: a game's board, or its lessons, alone on a page for a projector or a kiosk.

``python3 run.py app`` serves the notebooks of ``notebooks/apps/`` (written by
``tools/make_apps.py``) with Voilà: a chooser, one page per game (the game notebook's board,
built the same way) and one lessons page per game, which calls :func:`lessons_page`. That page
shows the game's lessons on a live board, or says plainly that the game has none yet.

>>> APPS
('corinth', 'hanging_gardens', 'gonzaga', 'gugong')
>>> game_name("hanging_gardens")
'The Hanging Gardens'
>>> lessons_page("chess")
Traceback (most recent call last):
...
explorer._errors.OptionError: There is no game called 'chess' here; the games are corinth, hanging_gardens, gonzaga, gugong.
"""

from __future__ import annotations

import html
import importlib
from typing import Any

from ._errors import ExplorerError, OptionError, shorten
from ._registry import GAMES

__all__ = ["APPS", "game_name", "lessons_page", "notice", "LessonChooser"]

APPS = tuple(g for g in GAMES if g != "demo")
"""The games that have app pages."""


def check_app(game: Any) -> str:
    """``game`` if it names a game with app pages; otherwise an OptionError naming them."""
    if not isinstance(game, str) or game not in APPS:
        raise OptionError(f"There is no game called {shorten(game, 60)} here; the games are "
                          f"{', '.join(APPS)}.")
    return game


def game_name(game: str) -> str:
    """A game's name as its players write it (the engine's own ``game_name``)."""
    module = importlib.import_module(GAMES[check_app(game)])
    return module.new_game(players=3, seed=0).game_name


def notice(text: str) -> Any:
    """A plain notice for the page (in place of a board)."""
    from IPython.display import HTML
    return HTML(f'<div class="explorer-app-notice" role="status">{html.escape(text)}</div>')


def lessons_page(game: str) -> Any:
    """The lessons of ``game`` on a live board (``explorer.lessons``), or a notice saying that
    the game has no lessons yet, or why its lessons could not be opened."""
    name = game_name(game)
    try:
        lessons = importlib.import_module(f"{__package__}.lessons")
    except ModuleNotFoundError as err:
        if err.name != f"{__package__}.lessons":   # a module the lessons need: a real error
            raise
        return notice(f"There are no lessons for {name} yet.")
    try:
        found = lessons.series(game)
    except ExplorerError as err:
        return notice(f"The lessons for {name} could not be opened: {err}")
    if not found:
        return notice(f"There are no lessons for {name} yet.")
    return LessonChooser(found, lessons.lesson_board)


class LessonChooser:
    """A game's lessons on one page: a list to pick a lesson from, and the picked lesson on its
    live board (the first lesson to begin with). Picking another lesson starts it afresh. The
    page is one box of widgets whose lesson part is swapped (a page served live, so the boards'
    static copies for exported notebooks are not needed)."""

    def __init__(self, found: list, board: Any):
        import ipywidgets as W
        self.lessons = list(found)
        self._board = board
        self.pick = W.Dropdown(options=[(lesson.title, k) for k, lesson in enumerate(self.lessons)],
                               value=0, description="Lesson:",
                               layout=W.Layout(width="min(100%, 48em)"),
                               style={"description_width": "5em"})
        self.pick.add_class("explorer-app-lessons")
        self.box = W.VBox([self.pick])
        self.board = None
        self.pick.observe(self._show, "value")

    def _show(self, _change: Any = None) -> None:
        self.board = self._board(self.lessons[self.pick.value])
        parts = [getattr(self.board, "panel", None), *getattr(self.board, "views", ())]
        self.box.children = [self.pick, *(p for p in parts if p is not None)]

    def _ipython_display_(self) -> None:
        from IPython.display import display
        self._show()
        display(self.box)
