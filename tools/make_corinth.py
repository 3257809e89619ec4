"""Writes notebooks/corinth.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Corinth

*Corinth* (Sébastien Pauchon, Days of Wonder, 2019) is a roll-and-write for 2–4 merchants. Each
round the first player rolls nine white dice (plus any yellow dice bought for 1 gold each) and
sorts them onto the harbor; in turn, each player takes one group of dice and either uses its
district (gold, goats, goods for the shops) or moves their Steward across the market by the
group's value. Afterwards they may build. After 18 turns each (16 with four players), the best
merchant wins.

This notebook has three parts: **learn the rules** step by step, **play** a full game against bots
by clicking, and **explore the odds** of the harbor exactly.

**About the data.** The rulebook gives the rules but not the whole score sheet. Where a printed
value is unknown (goods per shop, the market layout, building costs) the explorer uses a
*placeholder* that respects every known fact. Boards draw placeholders with a dashed outline."""),
code("""from IPython.display import SVG, display
import textwrap
import explorer
from explorer import corinth, notebook, rules
from explorer.corinth import bots, widgets

notebook.setup()          # charts and boards also show in exported copies of this notebook
data = corinth.load_data()
print(data.version)
data"""),
code("""for table, counts in data.summary().items():
    if counts["placeholder"]:
        print(f"{table}: {counts['placeholder']} placeholder record(s)")
        for note in sorted({r.provenance.note for r in data.table(table) if r.is_placeholder}):
            print(textwrap.fill(note, 96, initial_indent="  - ", subsequent_indent="    "))"""),
md("""## 1. Learn the rules

### The harbor supply

The first player crosses a spot on their turn track, may buy up to three yellow dice, and rolls.
The dice are then sorted: **all dice of the highest value go to gold; the other values form one
group per district, the lowest on goats**, then green, purple, blue and orange."""),
code("""rules.rule("corinth.harbor.sort")"""),
code("""state = corinth.new_game(players=3, seed=7)
print(state.status())
print("choices:", [str(a) for a in state.legal_actions()])
state = state.apply(corinth.buy_yellow(0))
print(state.history[-1], "->", state.status())
SVG(state.harbor_svg())"""),
md("""### Taking a group

Every refusal says what is wrong and which rule forbids it; the state is never changed by a
refused move."""),
code("""print(state.explain(corinth.take("orange")))"""),
code("""after = state.apply(corinth.take("purple"))
print("with the purple group you may:", [str(a) for a in after.legal_actions()])
print()
print(after.explain(corinth.gold()))"""),
md("""### Delivering goods

A purple group delivers as many goods as it has dice to one purple shop. Shops in a district can
be filled in any order, but **a shop you have started must be finished before you start another**."""),
code("""delivered = after.apply(after.legal_actions()[0])
print(delivered.history[-1], "->", delivered.status())
display(SVG(delivered.sheet_svg(0)))"""),
md("""### The Steward

Instead of using its district, a group can move your Steward across your market by the group's
value. Gold adjusts the distance by one step per coin (the Stable does it for free), the path may
never cross or end on a space already used, and the end space is circled for its effect."""),
code("""s = state.apply(corinth.take("purple"))
print("Steward moves on offer:", [str(a) for a in s.legal_actions() if a.kind == "steward"])
paths = list(corinth.steward_paths(s, 3))
print(len(paths), "complete 3-step paths, e.g.", paths[0])
walked = corinth.play(s, corinth.steward(3), *[corinth.step(r, c) for r, c in paths[0]])
print(walked.status())
SVG(walked.sheet_svg(0))"""),
md("""### Buildings, the end, and scoring

After the action a player may build (temple, warehouse, stable, store) if they can pay. The game
ends when every turn spot is crossed; then shops, district bonuses, one point per two gold and per
two goats, the Steward's diamonds and the temple are added up. Ties go to the player with more gold."""),
code("""for rid in ["corinth.build.cost", "corinth.end.score", "corinth.end.tie-break"]:
    r = rules.rule(rid)
    print(f"{r.id}: {r.en}")
finished = bots.play_game(3, seed=5, bots=bots.greedy_bot)
print()
print("final scores:", finished.scores(), "winner(s):", [p + 1 for p in finished.winners()])
print("player 1:", finished.score_breakdown(0))"""),
md("""### Where the rulebook is not explicit

A few sentences leave a case open. The explorer then follows a stated reading, catalogued as an
*assumption* rule with the sentence it interprets; every assumption has a test."""),
code("""book = rules.catalogue("corinth")
for r in book.assumptions():
    print(f"{r.id}: {r.reading}")"""),
md("""## 2. Play against the computer

You are player 1 (red); player 2 is a greedy bot and player 3 plays at random. Click a dice
group on the harbor, then a choice (a button, a shop, or a market space for each Steward step).
Green frames mark legal choices; click anything else (another player's sheet, a far market
space, the wrong shop) to see why it is not allowed. **What can I do now?** lists every choice in
words, delivering goods included. The history shows each roll and every seat's moves with their
Python; choose *bots: one move per click* to follow the bots' turns step by step. Market spaces
are named by column and row (A1 to E5) as on the sheet; hover over anything for what it is."""),
code("""harbor, sheets = widgets.table(corinth.new_game(players=3, seed=7),
                              bots={1: bots.greedy_bot, 2: bots.random_bot})
display(harbor, sheets)"""),
md("""After a few moves, this cell shows what Python knows of your game. The board's *Save*
button writes it to `saved_games/corinth/` (each game has its own folder, and *Load* lists
only its saves); `explorer.load_record(path)` replays a saved game."""),
code("""s = harbor.state
print(s.status())
print("your score so far:", s.score_breakdown(0))"""),
md("""## 3. The harbor odds, exactly

What does the first player's roll give? `harbor_odds(white, yellow)` computes every district's
distribution **exactly** (as fractions), without visiting the 2.18 billion ordered rolls of twelve
dice."""),
code("""from explorer.corinth import plots
odds = corinth.harbor_odds(9, 0)
odds"""),
code("""print("P(orange gets any dice) =", odds.district("orange").at_least(1))
print("P(all six districts filled) =", odds.rows_filled[6])
print("expected dice on gold =", odds.expected("gold"), "≈", float(odds.expected("gold")))"""),
md("""Choose a view: the chance of exactly *n* dice, at least *n*, or at most *n*; and how many
yellow dice the first player buys."""),
code("""odds_chart = widgets.odds_explorer()
odds_chart"""),
md("""### Should I buy yellow dice?

Each yellow die costs one gold. The table compares buying 0–3 for a first player who wants gold
(or a district of their choice)."""),
code("""advice = corinth.yellow_advice(want="blue", at_least=2)
advice"""),
code("""plots.yellow_advice_figure(want="blue", at_least=2)"""),
md("""## 4. Bots against each other

A small simulation: the greedy bot against two random players, over a few games (raise `GAMES`
for firmer numbers)."""),
code("""from explorer.plots import simulation_histogram
GAMES = 12
wins, margins = [0, 0, 0], []
for seed in notebook.progress(range(GAMES), description="games"):
    end = bots.play_game(3, seed=seed, bots=[bots.greedy_bot, bots.random_bot, bots.random_bot])
    for p in end.winners():
        wins[p] += 1
    margins.append(end.scores()[0] - max(end.scores()[1:]))
print("wins (greedy, random, random):", wins)
simulation_histogram(margins, "Greedy bot's lead over the best random player",
                           xaxis_title="points ahead (negative: behind)").update_layout(height=320)"""),
md("""## Every rule, and what checks it

The catalogue holds every rule of the rulebook with its Spanish sentence and an English rendering,
the explorer's readings marked as assumptions. Tests name the rules they check. Click to unfold."""),
code("""tested = book.tested()
print(f"{len(book)} rules ({len(book.assumptions())} assumptions), {len(tested)} with tests; "
      f"untested: {book.untested() or 'none'}")
book"""),
]

write(cells, "corinth")
