"""Writes notebooks/analysis.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# The four games side by side: who wins, how long, how much skill, what each option is worth

Bots play thousands of games so that we can answer the questions players argue about at the
table:

1. **Does it matter where you sit?** How often does the first player win, and the last?
2. **How long is a game**, in decisions and in rounds, and **how many choices** does a player
   face on a turn, early and late?
3. **Where do the points come from?** Each part of the final score, game by game.
4. **Skill or luck?** How often does a better player beat a weaker one?
5. **What is an option worth?** How many games does a player lose if they may never use the Great
   Wall, the Steward, weddings, or a temple on a group of three?

Every number comes with a **95 % interval**: the range the true value lies in, given how many
games were played. Short bars mean firm numbers; bars that overlap mean the difference may be
chance.

The sizes below are **small so that the whole notebook runs in under a minute**; the numbers are
rough. The last section shows how to run big sweeps (10⁵ games) on two processes or on a Dask
cluster. Every game is seeded: running a cell again gives the same numbers."""),
code("""import pandas as pd
from IPython.display import display
from explorer import analysis, notebook
from explorer.analysis import figures

notebook.setup()          # charts also show in exported copies of this notebook

GAMES = analysis.ANALYSED                                  # corinth, gugong, gonzaga, hanging_gardens
LABELS = {g: analysis.kit(g).label for g in GAMES}
PLAYERS = 3
BOTS = {"corinth": "random", "gugong": "greedy", "gonzaga": "random", "hanging_gardens": "random"}
SWEEP_GAMES = 30          # games per game: 10_000 or more for firm numbers
WORKERS = None            # None: this process; 2: two processes on this machine
LABELS"""),
md("""**Which bots?** `"random"` picks any legal move; `"greedy"` picks the move that looks best one
step ahead; `"mcts:N"` thinks ahead with N simulated games per move (stronger, much slower).
Gùgōng is played here by greedy bots: random players almost never bring their envoy to the
palace, and without an envoy there nobody can win, so random games of Gùgōng say little.

## 1. Does it matter where you sit?

Each sweep shows a progress bar while it runs (games done, games per second, time left)."""),
code("""sweeps = {LABELS[g]: analysis.simulate(g, games=SWEEP_GAMES, players=PLAYERS, bots=BOTS[g],
                                      seed=0, workers=WORKERS)
          for g in GAMES}
figures.seat_advantage_figure(sweeps)"""),
md("""Each bar is the share of games a seat won (a shared victory counts as a share), with its 95 %
interval; the dashed line is what every seat would win in a perfectly even game. The table gives
the same numbers and, per game, the *p-value* of a test that all seats win equally often: below
0.05, the seats differ by more than chance would explain."""),
code("""seats = pd.concat({name: res.seat_advantage() for name, res in sweeps.items()}, names=["game"])
seats.droplevel(1).round(3)"""),
md("""## 2. How long is a game, and how many choices are there?

The summary lists what Ludii, a large library of games, measures for each of its games: how often
a game ends with a winner, ties, the length, the number of legal moves at a decision (the
*branching factor*), how often the lead changes, and the winning margin."""),
code("""summary = pd.concat({name: res.summary().set_index("metric")["value"]
                     for name, res in sweeps.items()}, axis=1)
summary.round(2)"""),
code("""figures.duration_figure(sweeps)"""),
code("""figures.branching_figure(sweeps)"""),
md("""The number of choices is on a logarithmic scale: Gonzaga's fief placements give hundreds of
choices a turn, Corinth's dice only a handful.

## 3. Where do the points come from?

One box per part of the final score, over every player of every game (the line in the box is the
median, the dashed line the mean)."""),
code("""for res in sweeps.values():
    figures.score_figure(res).show()"""),
md("""## 4. Skill or luck?

A *skill ladder*: each bot plays against the next weaker one, sitting in every seat in turn on
the same deals. If the stronger bot wins far more than an even share, skill pays; if it barely
does, luck decides. Here only random against greedy, over a handful of games; for the full ladder
use `LADDER = ["random", "greedy", "mcts:100", "mcts:400"]` and a few hundred games (that takes
hours on one machine: see the last section)."""),
code("""LADDER = ["random", "greedy"]
SKILL_GAMES = 6
traces = {g: analysis.skill_trace(g, players=2, ladder=LADDER, games=SKILL_GAMES, seed=0,
                                  workers=WORKERS)
          for g in GAMES}
figures.skill_figure(traces)"""),
code("""pd.concat(traces.values()).round(3)"""),
md("""## 5. What is an option worth?

*Restricted play*: one player is forbidden an option (a location, a district, an action card,
a kind of temple) and plays the same games against the same bots as before; the seat that is
restricted changes from game to game, so sitting first helps nobody. What they lose, in share of
games won and in points, is what the option is worth to that kind of player. Every game names
the options that can be forbidden:"""),
code("""options = pd.DataFrame([(LABELS[g], r.name, r.label, r.rule)
                        for g in GAMES for r in analysis.kit(g).restrictions.values()],
                       columns=["game", "name", "what the player may not use", "rule"])
options"""),
md("""Three options per game, valued with the bots above over a few games each (the intervals are
wide at this size: use a few hundred games and `bot="mcts:100"` for numbers worth quoting)."""),
code("""FORBID = {"corinth": ["steward", "purple", "yellow"],
          "gugong": ["wall", "palace", "canal"],
          "gonzaga": ["C", "weddings", "privilege"],
          "hanging_gardens": ["threes", "persons", "park"]}
VALUE_GAMES = 9
values = {g: analysis.action_value(g, players=PLAYERS, forbid=FORBID[g], bot=BOTS[g],
                                   games=VALUE_GAMES, seed=0, workers=WORKERS)
          for g in GAMES}
figures.restriction_figure(values)"""),
code("""table = pd.concat(values.values(), ignore_index=True)
table[["game", "label", "games", "free_share", "share", "loss", "low", "high", "score_loss",
       "forced"]].round(3)"""),
md("""A bar to the right means the option wins games; to the left, the bots did better without it
(the option tempts them into poor moves). A loss of exactly zero, in games and in points, usually
means the bot never used the option: the games were played move for move as before. The
loss's interval is Newcombe's hybrid score interval for a difference of two proportions;
`score_loss` is the points lost per game. `forced` counts the moments when every legal move used
the forbidden option, so the player had to use it.

## 6. Your own sweep

Choose a game, the number of players, the bots (one for every seat, or one per seat separated by
commas, e.g. `greedy, random, random`), the number of games and the workers, then press **Run**.
Stop a long sweep with the stop button (■) of the toolbar: what finished is kept and marked
partial."""),
code("""import ipywidgets as W
from explorer import ExplorerError

game = W.Dropdown(options=[(LABELS[g], g) for g in GAMES], value="corinth", description="Game")
players = W.BoundedIntText(value=3, min=1, max=5, description="Players")
bots = W.Text(value="random", description="Bots", placeholder="random, greedy or mcts:50")
games = W.BoundedIntText(value=100, min=1, max=10**7, step=100, description="Games")
workers = W.Dropdown(options=[("this process", None), ("2 processes", 2)], description="Workers")
run = W.Button(description="Run", button_style="primary", icon="play")
out = W.Output()


def fit_players(change=None):
    allowed = analysis.kit(game.value).players
    players.min, players.max = min(allowed), max(allowed)


def on_run(_):
    with out:
        out.clear_output()
        spec = [b.strip() for b in bots.value.split(",")]
        try:
            res = analysis.simulate(game.value, games=games.value, players=players.value,
                                    bots=spec[0] if len(spec) == 1 else spec, workers=workers.value)
        except ExplorerError as e:
            print(e)
            return
        figures.seat_advantage_figure(res).show()
        figures.duration_figure(res).show()
        display(res.summary().round(3))


fit_players()
game.observe(fit_players, names="value")
run.on_click(on_run)
W.VBox([W.HBox([game, players, bots]), W.HBox([games, workers, run]), out])"""),
md("""## 7. Big sweeps, and a cluster

The same calls run at any size. On this machine, two processes:

```python
res = analysis.simulate("gonzaga", games=100_000, players=3, bots="random", workers=2)
```

Start with a small sweep: the progress bar shows games per second and the time left, and a sweep
stopped early keeps every finished game (`res.partial` says so). The tables grow with the games,
nothing else does, so 10⁵ games fit easily in memory.

On a Dask cluster (install `explorer[dask]` on this machine and on every worker):

```python
from dask.distributed import Client
client = Client("tcp://scheduler.example.org:8786")     # or a LocalCluster, or the address alone
res = analysis.simulate("gonzaga", games=100_000, players=3, bots="mcts:100", client=client)
trace = analysis.skill_trace("gugong", ladder=["random", "greedy", "mcts:100", "mcts:400"],
                             games=400, client=client)
value = analysis.action_value("gugong", players=3, forbid=["wall", "palace", "canal"],
                              bot="mcts:100", games=1000, client=client)
```

Whatever runs the games (this process, two processes, a cluster) and however they are split,
the tables are the same, game by game."""),
]

write(cells, "analysis", title="The four games side by side")
