"""The app pages' lessons page (``explorer.app.lessons_page``): the game's lessons on a live
board, or a plain notice on the page when the game has none yet or they cannot be opened."""

import sys
from pathlib import Path
import types

import pytest

from explorer import ExplorerError, OptionError
from explorer.app import APPS, game_name, lessons_page


def fake_lessons(monkeypatch, series):
    module = types.ModuleType("explorer.lessons")
    module.asked = []
    module.series = lambda game: module.asked.append(game) or series(game)
    module.lesson_board = lambda found: ("board", found)
    monkeypatch.setitem(sys.modules, "explorer.lessons", module)
    return module


@pytest.mark.parametrize("game", APPS)
def test_without_a_lessons_module_the_page_says_there_are_none_yet(monkeypatch, game):
    monkeypatch.setitem(sys.modules, "explorer.lessons", None)      # as if it did not exist
    page = lessons_page(game)
    assert f"There are no lessons for {game_name(game)} yet." in page.data
    assert 'class="explorer-app-notice"' in page.data


def test_a_game_without_lessons_gets_the_notice(monkeypatch):
    module = fake_lessons(monkeypatch, lambda game: [])
    assert "There are no lessons for Gonzaga yet." in lessons_page("gonzaga").data
    assert module.asked == ["gonzaga"]


def test_lessons_that_cannot_be_opened_say_why_on_the_page(monkeypatch):
    def broken(game):
        raise ExplorerError("step 3 of <harbor> has no instruction")
    fake_lessons(monkeypatch, broken)
    page = lessons_page("corinth").data
    assert "The lessons for Corinth could not be opened" in page
    assert "step 3 of &lt;harbor&gt; has no instruction" in page      # escaped, not markup


@pytest.mark.parametrize("game", APPS)
def test_a_game_with_lessons_gets_a_chooser_and_the_picked_lesson_on_its_board(game):
    from explorer import lessons
    from explorer.app import LessonChooser
    found = lessons.series(game)
    assert len(found) >= 3, f"{game} ships a series of lessons"
    page = lessons_page(game)
    assert isinstance(page, LessonChooser)
    assert [label for label, _ in page.pick.options] == [lesson.title for lesson in found]
    page._show()                                      # what displaying the page does
    assert page.board.lesson.id == found[0].id
    page.pick.value = len(found) - 1                  # another lesson starts afresh on its board
    assert page.board.lesson.id == found[-1].id
    assert page.board.tutor.position == page.board.state


def test_the_chooser_shows_the_board_the_page_picks(monkeypatch):
    from explorer.app import LessonChooser
    made = []
    chooser = LessonChooser([types.SimpleNamespace(title="one"), types.SimpleNamespace(title="two")],
                            lambda lesson: made.append(lesson.title) or lesson.title)
    chooser._show()
    chooser.pick.value = 1
    assert made == ["one", "two"] and chooser.board == "two"


@pytest.mark.parametrize("game", ["chess", "demo", 3, None])
def test_only_the_four_games_have_pages(game):
    with pytest.raises(OptionError, match="the games are corinth"):
        lessons_page(game)


def run_page(path):
    """Run an app page's code cells as its kernel would; what it displays (the last expression
    of a cell included), in order."""
    import ast
    import json
    shown = []
    namespace = {"display": lambda *objs: shown.extend(objs), "__name__": "__main__"}
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
            if value is not None:
                shown.append(value)
    return cells, shown


APP_PAGES = Path(__file__).resolve().parents[1] / "notebooks" / "apps"


@pytest.mark.parametrize("page", sorted(p.stem for p in APP_PAGES.glob("*.ipynb")))
def test_every_app_page_runs_and_shows_its_board(page, tmp_path, monkeypatch):
    from explorer import Board
    from explorer.app import LessonChooser
    monkeypatch.chdir(tmp_path)                      # saves, if any, stay out of the repository
    cells, shown = run_page(APP_PAGES / f"{page}.ipynb")
    assert cells and cells[0]["cell_type"] == "markdown"          # the page's title
    if page == "index":
        assert shown == []                         # the chooser is links only
    elif page.startswith("lessons_"):
        assert len(shown) == 1 and isinstance(shown[0], LessonChooser)
        shown[0]._show()
        assert shown[0].board.lesson.game == page.removeprefix("lessons_")
    else:
        boards = [b for b in shown if isinstance(b, Board)]
        assert boards and all(b.state.game_name for b in boards)
        assert boards[0].session.state.info.game == page
        assert boards[0].session.bots and 0 not in boards[0].session.bots   # you play seat 1
