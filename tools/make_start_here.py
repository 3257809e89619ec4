"""Writes notebooks/00_start_here.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf
from pathlib import Path

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Start here: the rules explorer

This explorer lets you **learn, play through and analyse** four board games:

| game | notebook | what you can do there |
|---|---|---|
| Corinth (2019, Sébastien Pauchon) | `corinth.ipynb` | play against bots by clicking, every refusal explained; exact harbor odds |
| Gùgōng (2018, Andreas Steding) | `gugong.ipynb` | *planned* |
| Gonzaga (2009, Guglielmo Duccoli) | `gonzaga.ipynb` | *planned* |
| The Hanging Gardens (2008, Din Li) | `hanging_gardens.ipynb` | *planned* |

Every game follows one **engine contract**, so what you learn here works everywhere:

* `new_game(players=n, seed=k)` gives a *state*; states never change, a move makes a new one;
* `state.legal_actions()` lists what may be played now; `state.apply(action)` plays it;
* an illegal action is refused with an `IllegalAction` that says **what is wrong and which rule** it breaks;
* `state.record()` saves a game (seed + actions) and `explorer.replay(record)` rebuilds it through the rules.

Run the cells from top to bottom (*Run → Run All Cells*). This page uses **Hex claim**, a
tiny demonstration game built on the same engine, so each idea fits on one screen."""),
code("""import explorer
from explorer import demo, rules
from explorer.board import Board

state = demo.new_game(players=2, seed=2)
print(state.status())
print("legal moves:", len(state.legal_actions()), "e.g.", state.legal_actions()[:3])"""),
md("""## Rules are citable

Each game has a catalogue of its rules: a stable id, the rulebook's Spanish text and an English
rendering. Refusals point into it."""),
code("""rules.catalogue("demo")"""),
md("""## Illegal moves are explained, and the state is untouched"""),
code("""after = state.apply(demo.claim(0, 0))
print(after.explain(demo.claim(0, 0)))
print()
print(after.explain(demo.claim(2, -2)))"""),
md("""## A live board

Click a free hex (legal ones have a green outline). Python checks the click against the rules
and the other seat is played by a small bot. Try clicking a hex that is already taken or far
from your own cells: the board tells you which rule stops you. Every move appears below the board
as a line of Python you can copy to replay it. Dashed hexes carry **placeholder values**, marked `?`."""),
code("""def greedy(s):
    \"\"\"Take the legal cell with the most points.\"\"\"
    return max(s.legal_actions(), key=lambda a: s.points[s.cells.index(a.args)] if a.kind == "claim" else 0)

board = Board(demo.new_game(players=2, seed=2), bots={1: greedy})
board"""),
md("""The board's state is an ordinary Python value. After clicking, run the next cell: it shows
what Python received."""),
code("""import json
print("STATE", json.dumps({"turn": len(board.state.history),
                           "claimed": [list(c) for c, o in zip(board.state.cells, board.state.owner) if o == 0],
                           "message": board.message.get("text", "")}))"""),
md("""## Static boards

A state also renders itself as SVG, so a board still shows in exported HTML or on a repository
page, where live widgets are blank."""),
code("""from IPython.display import SVG
SVG(board.state.to_svg())"""),
md("""## Exact odds

Dice questions get exact answers as fractions, by iterating over *how many dice show each face*
rather than over every ordered roll. Here: the highest face among nine dice, which is what
Corinth's gold district receives."""),
code("""from explorer import dice
import plotly.graph_objects as go

def highest(counts):
    return max(f for f, n in enumerate(counts[0], 1) if n)

top = dice.by_counts(highest, [9])
print({k: str(v) for k, v in top.items()})
fig = go.Figure(go.Bar(x=list(top), y=[float(p) for p in top.values()],
                       text=[str(p) for p in top.values()], hovertemplate="highest %{x}: %{text}<extra></extra>"))
fig.update_layout(title="Highest face among 9 dice (exact)", xaxis_title="highest face",
                  yaxis_title="probability", height=320)
fig"""),
md("""## Saving and replaying

A record is plain JSON: the seed, the setup and every action. Loading it replays the actions
through the rules, so a saved game can never disagree with them."""),
code("""record = board.state.record()
print(json.dumps(record)[:160], "...")
assert explorer.replay(record) == board.state"""),
]

nb = nbf.v4.new_notebook(cells=cells)
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nb.metadata["language_info"] = {"name": "python"}
Path(__file__).resolve().parents[1].joinpath("notebooks", "00_start_here.ipynb").write_text(nbf.writes(nb))
