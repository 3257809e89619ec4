"""Writes notebooks/hanging_gardens.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# The Hanging Gardens

*The Hanging Gardens* (Din Li; Hans im Glück, 2008; Rio Grande Games in English) is a card-laying
game for 2–4 players. Each player builds a garden of overlapping building cards. A card has six
sections in 2 rows of 3, each blank building ground or a motif: a terrace, a park, an arcade or a
fountain. Whoever joins 3 or more equal motifs with a new card may score the group: a temple goes
on it, and the player takes a point tile from the board, with more tiles to choose from the bigger
the group. At the end the tiles score in series: the more tiles of a kind you hold, the more each
one is worth, until a series is complete and the next tile starts a new one.

This notebook has three parts: **learn the rules** step by step, **play** a full game against bots
by clicking, and **analyse** the scoring: what each tile is worth, whether to score a group now or
let it grow, and the odds of a hidden tile.

**About the data.** The rules follow the Spanish rulebook (its second part) and the first part as
rebuilt from public sources. No public source lists the 60 building cards, some tile values or the
temple colours. Where a value is unknown the explorer uses a *placeholder* that keeps every known
fact. The next cells list each one and why it was made up. Boards draw placeholder cards with
dashed outlines, and the figures name placeholder values in their legends and hover texts."""),
code("""from IPython.display import SVG, display
import textwrap
from explorer import hanging_gardens as hg, notebook, rules
from explorer.hanging_gardens import bots, examples, garden, plots, scoring, widgets

notebook.setup()          # charts and boards also show in exported copies of this notebook
data = hg.load_data()
print(data.version)
data"""),
code("""for table, counts in data.summary().items():
    if counts["placeholder"]:
        ids = [r.id for r in data.table(table) if r.is_placeholder]
        print(f"{table}: {len(ids)} placeholder record(s): {', '.join(ids[:6])}{' ...' if len(ids) > 6 else ''}")
        for note in sorted({r.provenance.note for r in data.table(table) if r.is_placeholder}):
            print(textwrap.fill(note, 96, initial_indent="  - ", subsequent_indent="    "))
print()
print(textwrap.fill("The rulebook text the explorer follows: " + data.sources["seed"], 96))"""),
md("""The tile values, as the explorer scores them: a value followed by `?` is a placeholder. Queen,
statue and the animal handler's values come from a single review, not from the rulebook."""),
code("""sources = plots.value_sources()    # per kind and value: rulebook, sourced or placeholder
for rec in data.table("tiles"):
    shown = [f"{v}?" if sources[rec.id][n] == "placeholder" else str(v)
             for n, v in enumerate(rec["series"], 1)]
    print(f"{rec.id:8} {rec['count']:2} tiles, points for 1, 2, ... of them: {', '.join(shown)}")
for rec in data.table("persons"):
    if rec["scoring"] == "per_tile":
        print(f"{rec.id:15} {rec['per_tile']} per {rec['tile']} held")
    else:
        complete = f"{rec['complete']}{'?' if sources[rec.id][2] == 'placeholder' else ''}"
        print(f"{rec.id:15} {rec['base']}, or {complete} with a complete series of {rec['tile']}s")"""),
md("""## 1. Learn the rules

### Set-up and a round

Every player's garden begins as a start card, all blank ground; its top-left section is square
(0, 0) of the player's grid. The 60 building cards form a face-down stack. The 49 point tiles form
two face-down stacks, and six of them lie face up on the board in three columns of two. Everyone
has 5 temples.

Each round the start player turns building cards face up: 4 with two or four players, 3 with three
players. In turn each player takes one (with two players, two each) and adds it to their garden at
once. Then the start-player flower passes on: to the left, in the explorer's reading (the sources
say only that the start player changes every round)."""),
code("""state = hg.new_game(players=3, seed=7)
print(state.status())
print("choices:", state.legal_actions())
SVG(state.to_svg())"""),
code("""for rid in ["hanging_gardens.round.reveal", "hanging_gardens.round.take-count",
            "hanging_gardens.round.start-marker", "hanging_gardens.assume.start-marker-left"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""### Placing a card

A card lies on the grid, each section on one square, as printed or turned (a game option,
`rotation`; any turn by default). Three rules decide where:

* each **motif section** must lie on a section already in the garden (blank ground or a motif),
  never on the table;
* **blank sections** may lie anywhere, on the table too: this is how a garden grows;
* **no section may cover a temple**.

Whatever a card covers is gone: blank ground laid over a motif removes it. A placement is
`place(row, col, turn)`: the top-left square of the card's footprint, turned `turn` quarter turns
clockwise. A refused placement says which rule it breaks:"""),
code("""s = state.apply(hg.take(2))
print(s.status())
print(len(s.legal_actions()), "legal placements, e.g.", s.legal_actions()[:4])
print()
print(s.explain(hg.place(10, 10, 0)))"""),
md("""`hg.placements(state)` lists every legal placement with what it does to the garden. The first
one covers four squares of the start card; its other two sections are blank ground, so they may lie
on the table."""),
code("""first = hg.placements(s)[0]
print(first.action, "covers", first.covers, "and lays blank ground on",
      [sq for sq in first.squares if sq not in first.covers])
s = s.apply(first.action)
SVG(s.to_svg())"""),
md("""### Groups

Sections showing the same motif form a group when they share an edge; touching at a corner does
not count. `garden.garden_graph(state, player)` gives a garden as a networkx graph: one node per
covered square (its top motif, the card on top, whether a temple stands there), and an edge between
orthogonal neighbours, marked `same` when both show the same motif. The groups are the connected
components of the `same` edges (`garden.groups`).

Here the bots play on until a player may score a group:"""),
code("""s = hg.new_game(players=3, seed=7)
while s.phase != "score":
    s = s.apply(bots.greedy_bot(s))
p = s.current_player
print(s.status())
g = garden.garden_graph(s, p)
same = sum(d["same"] for *_, d in g.edges(data=True))
print(f"{g.number_of_nodes()} squares, {g.number_of_edges()} edges, {same} of them between equal motifs")
for grp in garden.groups(s, p):
    if grp.size > 1:
        print(f"a group of {grp.size} {grp.motif}s on {sorted(grp.squares)}, temples: {grp.temples or 'none'}")
SVG(s.to_svg())"""),
md("""### Temples: scoring a group

After adding a card a player **may** score one group: at least 3 equal motifs, at least one of them
on the card just placed, and no temple in it yet. The temple goes on any section of the group, and
a temple always takes a point tile: a group of 3 takes one from column 1, a group of 4 from columns
1 and 2, a group of 5 or more from any column. The empty space is refilled from a stack at once.
Once all five temples stand, scoring a group moves the temple of the player's smallest scored group
instead. On the board a click on a section of the group places the temple."""),
code("""print("may be scored now:", [(grp.motif, grp.size) for grp in garden.scorable_groups(s, p)])
print("choices:", s.legal_actions())"""),
code("""t = s.apply(s.legal_actions()[1])          # a temple on the first section offered
print(t.status())
print("tiles on offer:", t.legal_actions())
print()
print(t.explain(hg.tile(3, 1)))
SVG(t.to_svg(interactive=True))            # as the board draws it: the open columns framed green"""),
md("""Point tiles lie face down in front of their owner: the other players see how many tiles you
hold, not which."""),
code("""t = t.apply(t.legal_actions()[0])
print("taken:", t.history[-2], "then the space is refilled:", t.history[-1])
other = t.view((p + 1) % t.players)        # what the next player may see
print(f"{t.player_label(p)} holds:", {k: n for k, n in zip(t.book.tiles, t.tiles[p]) if n})
print(f"in the view of {other.player_label((p + 1) % t.players)}: {other.tile_count(p)} tile(s), kinds seen:",
      {k: n for k, n in zip(t.book.tiles, other.tiles[p]) if n} or "none")"""),
md("""### The tile columns, and the hidden tile of a big group

The bigger the group, the more columns it opens. A group of 6 or more may first take a tile from a
face-down stack: its owner looks at it and keeps it hidden, then chooses a face-up tile as usual.
The next position was played through the rules up to a group of seven parks being scored (see
`explorer.hanging_gardens.examples`)."""),
code("""for size in range(3, 8):
    print(f"a group of {size}: columns {scoring.columns_for(size)}",
          "and first a hidden tile" if size >= 6 else "")"""),
code("""b = examples.big_group_example()
print(b.status())
print("choices:", b.legal_actions())
odds = scoring.hidden_tile_odds(b, 0)
print("what the hidden tile may be:", {kind: str(f) for kind, f in odds.items()})"""),
md("""The draw itself is a chance event with exactly these odds. This example game chooses its chance
by hand (`chance="manual"`), so we say which tile comes: a gate. Only its taker sees it; the other
player's view counts one more tile face down."""),
code("""h = b.apply(hg.hidden())
print(h.awaiting_chance())
h = h.apply(hg.draw("gate"))
print(h.status())
print("Player 1 holds:", {k: n for k, n in zip(h.book.tiles, h.tiles[0]) if n})
print("in Player 2's view:", h.view(1).tile_count(0), "tiles, kinds seen:",
      {k: n for k, n in zip(h.book.tiles, h.view(1).tiles[0]) if n} or "none")
SVG(h.to_svg(interactive=True))"""),
md("""### Splitting a group: the rulebook's two pictures

Covering part of a group can cut it apart. The rulebook shows two cases with pictures; the
positions below were reached by playing each garden card by card through the rules, with a few
building cards designed for the examples (the shipped cards are placeholders; these are flagged
too).

**First picture.** A scored group of seven parks, and a card with two parks:"""),
code("""ex1 = examples.split_example(1)
print(textwrap.fill(ex1.text, 96))
print()
print(ex1.state.status())
SVG(ex1.state.to_svg())"""),
code("""move = next(pl for pl in hg.placements(ex1.state) if pl.action == ex1.placement)
print(ex1.placement, "covers", move.covers)
print("it splits:", [(grp.motif, grp.size) for grp in move.splits if grp.size > 1])
print("it makes scorable:", [(sc.group.motif, sc.group.size, "columns", sc.columns) for sc in move.scorable])
print()
print(ex1.state.explain(hg.place(0, 0, 0)))"""),
code("""after1 = ex1.state.apply(ex1.placement)
print(after1.status())
print("choices:", after1.legal_actions())
SVG(after1.to_svg(interactive=True))       # the sections that may take the temple framed green"""),
md("""**Second picture.** The same kind of cut, but nothing may be scored:"""),
code("""ex2 = examples.split_example(2)
print(textwrap.fill(ex2.text, 96))
SVG(ex2.state.to_svg())"""),
code("""after2 = ex2.state.apply(ex2.placement)
print(after2.status())
new = set(next(pl for pl in hg.placements(ex2.state) if pl.action == ex2.placement).squares)
for grp in garden.groups(after2, 0):
    if grp.size >= 3:
        print(f"{grp.motif} x {grp.size}: temple {'yes' if grp.temples else 'no'}, "
              f"a section on the new card: {'yes' if grp.squares & new else 'no'}")
SVG(after2.to_svg())"""),
md("""### The end and the scoring

The game ends when every building card has been played. If the point tiles run out first (in the
explorer's reading: when the last tile leaves the face-down stacks), the round is finished and the
game ends, and each tile a player was owed but could not take scores 5 points. Then the
tiles are turned up and counted:

* **series tiles**: a kind with printed values v₁ … vₖ scores `floor(n/k)·vₖ + v₍ₙ mod ₖ₎` for n
  tiles: a complete series scores its last value, and further tiles start a new series;
* **persons** (animal handler, gardener, sculptor, priest): 3 points, or their second value when
  the player holds a complete series of their kind;
* **the guard**: 3 points per gate held, on top of the gates' own points.

Most points wins; a tie goes to the tied player with the most tiles, and otherwise the win is
shared. The rulebook's examples, computed by the explorer:"""),
code("""def added(*points):
    return " + ".join(map(str, points)) + f" = {sum(points)}"

series, person = scoring.series_points, scoring.person_points
print("gardens:", ", ".join(f"{n} → {series('garden', n)}" for n in (1, 2, 3, 5)))
print("gardener with 1 garden:", added(person("gardener", 1), series("garden", 1)))
print("2 gates and the guard:", added(series("gate", 2), scoring.guard_points(2)))
print("5 gates and the guard:", added(scoring.guard_points(5), series("gate", 5)))
print("gardener with 3 gardens:", added(person("gardener", 3), series("garden", 3)))"""),
md("""Five gates are a complete series of four (25) and a lone gate, which scores nothing.

**A discrepancy in the rulebook.** It gives "gardener with 3 gardens (complete series) = 11 + 18 =
29 points". By its own garden values that is wrong: the example just before says 3 gardens score
16, and the garden tile prints 2, 8, 16. So the gardener with three gardens scores 11 + 16 = 27,
and the explorer scores 27. The catalogue keeps the rulebook's sentence with this reading:"""),
code("""rules.rule("hanging_gardens.assume.gardener-example")"""),
code("""end = bots.play_game(3, seed=5, bots=bots.greedy_bot)
print(end.status())
for q in range(end.players):
    print(f"{end.player_label(q)}: {end.tile_count(q)} tiles,",
          {k: v for k, v in end.score_breakdown(q).items() if v})"""),
md("""## 2. Play against the computer

You are Player 1 (white); Player 2 is the greedy bot and Player 3 plays at random. On your turn:

1. **Take a card**: click one of the face-up building cards.
2. **Place it**: move the mouse over your garden and the card follows it, green where it may be
   placed and red where not. Rest the mouse on a red position to read why it is refused. Press `r`
   (or the rotate button) to turn the card, and click to place it. A card that does not fit as
   printed shows turned from the start; the line above the gardens says in which turns it fits.
3. **Score a group, or not**: if the card made or grew a group you may score, its sections are
   framed green: click one to put a temple there, or click *Do not score (decline)*.
4. **Take a tile** from the columns framed green (with a group of 6 or more, first decide about the
   hidden tile).

The line above the gardens always says what to do next. Every other click is answered with the
rule that forbids it. **What can I do now?** lists every
choice in words, the history shows each move with its line of Python, and the timeline steps back
through the game. Other players' tiles lie face down, as at the table."""),
code("""board = widgets.board(hg.new_game(players=3, seed=11),
                      bots={1: bots.greedy_bot, 2: bots.random_bot})
board"""),
md("""After a few moves this cell shows what Python knows of your game; the board's *Save* button
writes it to `saved_games/hanging_gardens/`, where *Load* finds it."""),
code("""s = board.state
print(s.status())
print("your points so far:", {k: v for k, v in s.score_breakdown(0).items() if v} or "none yet")"""),
md("""## 3. Analyse the scoring

### What is each tile worth?

Points for holding *n* tiles of each kind, with the person tiles and the guard on the right
(hover over a point for how it adds up). A cross marks where a new series starts; hollow points
rest on placeholder values."""),
code("""plots.tile_curves_figure()"""),
md("""The same curves as the worth of the *n*-th tile: the step down after a complete series is the
new series starting. A person changes value only when its series completes, so what one more garden
is worth to a player holding the gardener is the garden curve plus the gardener's step."""),
code("""plots.tile_curves_figure(marginal=True)"""),
md("""### Score a group now, or let it grow?

A group may be scored only right after a card adds to it, and only once. Scoring a group of 4 now
reaches columns 1 and 2; growing it to 5 opens column 3 too, and 6 adds a hidden tile, but the
group may never get the chance to grow. The figure shows, for one player in one position, the best
face-up tile each size reaches and what that tile would add to their points now (its place in their
series, persons included). Here three greedy bots play a game to round 16:"""),
code("""pos = hg.new_game(players=3, seed=26)
while not pos.is_over and not (pos.phase == "score" and pos.mover == 0 and pos.round >= 16):
    pos = pos.apply(bots.greedy_bot(pos))
print(pos.status())
print("Player 1 holds:", {kind: n for kind, n in zip(pos.book.tiles, pos.tiles[0]) if n})
print("one more tile would add:", scoring.next_tile_values(pos, 0))"""),
code("""plots.group_now_or_grow_figure(pos)"""),
md("""### The odds of a hidden tile

A tile drawn from a stack is any of the tiles the player has not seen, each equally likely. Seen are
the player's own tiles and every tile that lay face up on the board (including those others took).
Unseen are the tiles still in the stacks and the hidden tiles other players drew. The hover gives the
exact fraction."""),
code("""plots.hidden_tile_figure(pos, 0)"""),
md("""### Bots against each other

The greedy bot (the best tile it can take at once) against two random players, over a few dozen
games. Raise `GAMES` for firmer numbers; the games are seeded, so a run repeats."""),
code("""GAMES = 40
sim = plots.simulate(GAMES, players=3, bots=["greedy", "random", "random"], progress=True)
plots.simulation_figure(sim, "score", bin=5)"""),
code("""plots.simulation_figure(sim, "tiles")"""),
md("""## Every rule, and what checks it

The catalogue holds every rule with the rulebook's Spanish sentence and an English rendering. Rules
of the rulebook's first part, which is not available, are *rebuilt* from reviews and rules summaries
and cite them. Where a sentence leaves a case open, the explorer follows a stated reading: an
*assumption* rule, with the sentence it interprets. Tests name the rules they check. Click to
unfold."""),
code("""book = rules.catalogue("hanging_gardens")
print(f"{len(book)} rules: {len(book.of_kind('rule'))} from the rulebook, "
      f"{len(book.of_kind('reconstructed'))} rebuilt from other sources, {len(book.assumptions())} assumptions; "
      f"untested: {book.untested() or 'none'}")
book"""),
]

write(cells, "hanging_gardens")
