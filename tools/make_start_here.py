"""Writes notebooks/00_start_here.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Start here: the rules explorer

This explorer lets you **learn, play through and analyse** four board games:

| game | notebook | what you can do there |
|---|---|---|
| Corinth (2019, Sébastien Pauchon) | `corinth.ipynb` | play against bots by clicking, every refusal explained; exact harbor odds |
| Gùgōng (2018, Andreas Steding) | `gugong.ipynb` | the rules phase by phase and location by location, played on live positions; play against bots on two linked boards (the court and your player board); the travel map as a graph (reach in k moves, centrality, travel value); exact Destiny-dice odds and the scoring curves |
| Gonzaga (2009, Guglielmo Duccoli) | `gonzaga.ipynb` | plan in secret and play against bots, the fief following the mouse over the map (green or red with the rule); placement rules one by one; heat maps, connected groups, game lengths |
| The Hanging Gardens (2008, Din Li) | `hanging_gardens.ipynb` | play against bots, the card following the mouse over your garden; the rulebook's examples played through the rules; tile scoring curves, hidden-tile odds |

Every game follows one **engine contract**, so what you learn here works everywhere:

* `new_game(players=n, seed=k)` gives a *state*; states never change, a move makes a new one;
* `state.legal_actions()` lists what may be played now; `state.apply(action)` plays it;
* an illegal action is refused with an `IllegalAction` that says **what is wrong and which rule** it breaks;
* `state.record()` saves a game (seed + actions) and `explorer.replay(record)` rebuilds it through the rules.

Run the cells from top to bottom (*Run → Run All Cells*). You are working on your own copy of
this notebook: change anything; `python3 run.py lab --reset` brings back the original. This page uses **Hex claim**, a
tiny demonstration game built on the same engine, so each idea fits on one screen."""),
code("""import explorer
from explorer import demo, notebook, rules
from explorer.board import Board

notebook.setup()          # charts and boards also show in exported copies of this notebook
state = demo.new_game(players=2, seed=2)
print(state.status())
print("legal moves:", len(state.legal_actions()), "e.g.", state.legal_actions()[:3])"""),
md("""## Illegal moves are explained, and the state is untouched

Each game has a catalogue of its rules: a stable id, the rulebook's Spanish text and an English
rendering (the full catalogue is at the end of this notebook). A refusal names the rule it breaks."""),
code("""after = state.apply(demo.claim(0, 0))
print(after.explain(demo.claim(0, 0)))
print()
print(after.explain(demo.claim(2, -2)))"""),
md("""## A live board

You play the orange seat; the other seat is played by a small bot. Click a free hex: legal ones
have a green outline. Click anything else (a taken hex, a far one, the background) and the board
says why it is not allowed, with the rule.

Around the board:

* **What can I do now?** lists every legal choice in words; clicking one plays it.
* **History** shows each move of every seat in plain words, with its line of Python beside it;
  the latest is highlighted and the last move is outlined in orange on the board.
* **Bots**: at once, one move per click (*Next move*), or at a pace you set.
* **New game, Undo, Redo, Save, Load** and **Copy as code** (the whole session as Python).
* The **timeline** under the board steps or scrubs through the game; each position is the saved
  record replayed through the rules. *Play from here* continues from an earlier position.
* The **legend** explains every symbol; dashed hexes carry **placeholder values**, marked `?`.

If the board ever says that Python is not answering, the kernel was restarted or stopped: run the
notebook again (*Kernel → Restart Kernel and Run All Cells*)."""),
code("""def greedy(s):
    \"\"\"Take the legal cell with the most points.\"\"\"
    return max(s.legal_actions(), key=lambda a: s.points[s.cells.index(a.args)] if a.kind == "claim" else 0)

board = Board(demo.new_game(players=2, seed=2), bots={1: greedy})
board"""),
md("""The board's state is an ordinary Python value: after a few clicks, run the next cell."""),
code("""print(board.state.status())
print("moves so far:", len(board.state.history))
print("\\n".join(board.moves[-4:]))"""),
md("""## Static boards

A state also renders itself as SVG, so a board still shows in exported HTML or on a repository
page, where live widgets are blank."""),
code("""from IPython.display import SVG
SVG(board.state.to_svg())"""),
md("""## Exact odds

Dice questions get exact answers as fractions, by iterating over *how many dice show each face*
rather than over every ordered roll. Here: the highest face among nine dice, which is what
Corinth's gold district receives. Hover over a bar for the exact fraction."""),
code("""from explorer import dice, plots

def highest(counts):
    return max(f for f, n in enumerate(counts[0], 1) if n)

top = dice.by_counts(highest, [9])
print({k: str(v) for k, v in top.items()})
plots.distribution_figure(top, "Highest face among 9 dice (exact)", name="highest face",
                          xaxis_title="highest face").update_layout(height=340)"""),
md("""## Saving and replaying

A record is plain JSON: the seed, the setup and every action. Loading it replays the actions
through the rules, so a saved game can never disagree with them. The board's *Save* button writes
one into `saved_games/<game>/` (each game its own folder: *Load* lists only that game's saves).
In the offline site (JupyterLite, made by `python3 run.py lite`) that folder lives in the browser's
own storage: the file browser shows it, it is still there on the next visit to the same address,
and the file browser's *Download* copies a save out of the browser."""),
code("""import json
record = board.state.record()
print(json.dumps(record)[:160], "...")
print("replays to the same position:", explorer.replay(record) == board.state)"""),
md("""## Every rule of the demo game

Click to unfold the catalogue. Assumption rules (none here) would show the sentence they
interpret and the explorer's reading."""),
code("""rules.catalogue("demo")"""),
]

write(cells, "00_start_here")
