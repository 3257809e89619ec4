"""Writes notebooks/apps/: the pages `python3 run.py app` serves with Voilà, for a projector or
a kiosk (no code shows there, only what the cells display).

- ``index.ipynb``: the chooser, one big button per game (and a link to its lessons);
- ``<game>.ipynb``: the game's live board alone, a new game in which you play the first seat
  and bots the others, built as the game's own notebook builds it;
- ``lessons_<game>.ipynb``: the game's lessons (``explorer.app.lessons_page``), which says
  plainly on the page when the game has none yet.

Each page is a title and one small cell: import, build, display. `--out DIR` writes the pages
into DIR instead (the tests compare them with the pages in the repository).
"""
import html
import sys
from pathlib import Path

import nbformat as nbf

from notebook_writer import NOTEBOOKS, write

from explorer.app import APPS, game_name as name

APPS_DIR = NOTEBOOKS / "apps"
md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

BOARDS = {
    "corinth": """from explorer import corinth
from explorer.corinth import bots, widgets

harbor, sheets = widgets.table(corinth.new_game(players=3, seed=7),
                               bots={1: bots.greedy_bot, 2: bots.random_bot})
display(harbor, sheets)""",
    "gugong": """from explorer import gugong
from explorer.gugong import bots, widgets

main, mine = widgets.boards(gugong.new_game(players=3, seed=11),
                            bots={1: bots.greedy_bot, 2: bots.greedy_bot})
display(main, mine)""",
    "gonzaga": """from explorer import gonzaga
from explorer.gonzaga import bots, widgets

widgets.board(gonzaga.new_game(players=3, seed=11), bots={1: bots.greedy_bot, 2: bots.greedy_bot})""",
    "hanging_gardens": """from explorer import hanging_gardens
from explorer.hanging_gardens import bots, widgets

widgets.board(hanging_gardens.new_game(players=3, seed=11),
              bots={1: bots.greedy_bot, 2: bots.random_bot})""",
}
assert set(BOARDS) == set(APPS), "every game with app pages has a board here"

BACK = '<a class="explorer-app-back" href="index.ipynb">← all games</a>'


def chooser(out: Path) -> None:
    buttons = "\n".join(
        f'<div class="explorer-app-choice">'
        f'<a class="explorer-app-game" data-game="{g}" href="{g}.ipynb">{html.escape(name(g))}</a>'
        f'<a class="explorer-app-lessons" data-game="{g}" href="lessons_{g}.ipynb">lessons</a></div>'
        for g in APPS)
    write([md(f"""# Rules explorer: choose a game

Play against bots on the big screen: you take the first seat, the computer plays the others.
Every click is answered: the move, or the rule that forbids it.

<div class="explorer-app-choices">
{buttons}
</div>""")], "index", out, "Rules explorer")


def game_page(game: str, out: Path) -> None:
    write([md(f"# {name(game)} {BACK}"), code(BOARDS[game])], game, out, name(game))


def lessons(game: str, out: Path) -> None:
    write([md(f"# {name(game)}: lessons {BACK}"),
           code(f'from explorer import app\n\napp.lessons_page("{game}")')],
          f"lessons_{game}", out, f"{name(game)}: lessons")


if __name__ == "__main__":
    out = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else APPS_DIR
    chooser(out)
    for g in APPS:
        game_page(g, out)
        lessons(g, out)
