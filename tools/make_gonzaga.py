"""Writes notebooks/gonzaga.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Gonzaga

*Gonzaga* (Guglielmo Duccoli; daVinci Games, 2009) is a game for 2–4 players about the noble
families of Renaissance Italy spreading over Europe. Each round every player gets a fief, a piece of
three or four hexes with castles on it, and places it on a hex map of Europe to cover cities and
ports. Where a fief may go is fixed in advance by a **secret plan**: a region card and an action
card (A ports, B cities, C alliance). The plans also fix the turn order. A player may buy the
**King's Privilege** with a ring to move first, or hold a **wedding** and place rings instead of
the fief. At the end the largest group of connected fiefs wins the Gonzaga tile, and each player's
hidden objective scores the cities it names that they cover.

This notebook has three parts: **learn the rules** step by step, **play** a full game against bots
by clicking, and **analyse** the map: where a fief can go, the points each spot gives, and the
groups of connected fiefs.

**About the data.** The rules follow the Spanish rulebook. The components come from public
descriptions of the game, but no public source gives the printed board, the fief shapes, the list
of scenario tiles or the objective points table. Those are *placeholders*: made up, yet keeping
every count the rulebook and the descriptions give (24 cities, 24 ports, six seas, and so on). The
next cells list them. Boards draw placeholder map hexes with dashed outlines, and figures name
placeholder values in their titles, legends and hover texts."""),
code("""from collections import Counter
import textwrap
from IPython.display import SVG, display
from explorer import gonzaga, notebook, rules
from explorer.gonzaga import analysis, bots, graph, plots, scoring, widgets

notebook.setup()          # charts and boards also show in exported copies of this notebook
comp = gonzaga.load()
print(comp.version)
comp"""),
code("""kinds = Counter(r.table for r in gonzaga.placeholders())
print(f"{sum(kinds.values())} placeholder record(s):", dict(kinds))
for layer in (comp.data, comp.map):
    for table, counts in layer.summary().items():
        if counts["placeholder"]:
            notes = sorted({r.provenance.note for r in layer.table(table) if r.is_placeholder})
            print(f"\\n{table}: {counts['placeholder']} placeholder record(s)")
            for note in notes[:2]:
                print(textwrap.fill(note, 96, initial_indent="  - ", subsequent_indent="    "))"""),
md("""## 1. Learn the rules

### The board and a round

The map is a grid of hexes: land hexes belong to one of six regions, the rest is sea. Each region
has four cities (white circles, with the symbol the objective cards name) and four ports (blue
squares, numbered by their sea). Thick brown lines are barriers: no fief may be placed across one.
At set-up a **scenario tile** says which regions *flourish* (their cities and ports score 3 points,
seal face up) and which are *inactive* (they score 1, seal face down, drawn grey).

A round has four phases: everyone turns up the top card of their fief deck (the fief of this
round), everyone plans in secret, the plans are revealed together (which fixes the turn order), and
in that order each player places their fief, holds a wedding, or donates the fief to the church."""),
code("""state = gonzaga.new_game(players=3, seed=7)
print(state.status())
SVG(state.to_svg())"""),
code("""for rid in ["gonzaga.round.phases", "gonzaga.setup.flourishing", "gonzaga.setup.inactive",
            "gonzaga.fief.reveal"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""### Plans

Each player has eleven planning cards: one per region, one for the inactive regions, the three
action cards and the King's Privilege. A plan is one region card and one action card, played face
down. The cards played last round rest face up in the player's *middle box* and cannot be used this
round; the cards of inactive regions are out of the game. `planning_cards` says which cards a
player may use and why not, and `playable_plans` what each plan leaves the fief on the board as it
lies (how many spots, the best points)."""),
code("""for card in gonzaga.planning_cards(state, 0):
    why = "" if card["usable"] else f"  -- not usable: {card['reason']} [{card['rule']}]"
    print(f"{card['name']:32}{why}")"""),
code("""plans = gonzaga.playable_plans(state)
best = sorted(plans, key=lambda d: (-(d["best"] or 0), -d["placements"]))[:6]
for d in best:
    king = " + King's Privilege" if d["king"] else ""
    print(f"{d['region']:18} {d['card']}{king:20} {d['placements']:4} spots, best {d['best']} points"
          f"{', a wedding is possible' if d['wedding'] else ''}")"""),
md("""Plans are secret: each player's view of the game hides the other players' plans until the last
plan is made and all are revealed together. Here Player 1 plans, and Player 2's view shows only that
a plan was made:"""),
code("""s = state.apply(gonzaga.plan("francia", "B"))
print("Player 2 sees:", s.view(1).plans[0], "| history:", s.view(1).history[-1])
print("Player 1 sees:", s.view(0).plans[0])"""),
md("""### Turn order

At the reveal the turn order is fixed: first whoever played the King's Privilege, then action A
(ports), then B (cities), then C (alliance); players with the same action card go by their fief
card's number, lowest first. This is the rulebook's worked example: one player with the King's
Privilege and action C (card 34), one with A (card 51) and two with B (cards 12 and 83)."""),
code("""print(textwrap.fill(str(rules.rule("gonzaga.order.example")), 96))
print()
example = [(True, "C", 34), (False, "A", 51), (False, "B", 12), (False, "B", 83)]
order = gonzaga.turn_order(example)
for place, seat in enumerate(order, 1):
    king, action, card = example[seat]
    print(f"{place}. the player with {'the King and ' if king else ''}action {action}, card {card}")"""),
md("""In our game the other two players plan (here with the greedy bot), and the reveal puts everyone
in order:"""),
code("""while s.phase == "plan":
    s = s.apply(bots.greedy_bot(s))
for seat in s.order:
    plan = s.plans[seat]
    print(f"{s.player_label(seat)}: {plan.region}, action {plan.action}"
          f"{' with the King' if plan.king else ''}, fief card {s.card_number(seat)}")
print(s.status())"""),
md("""### Placing a fief, rule by rule

A fief may be turned to any of six rotations (not mirrored). It must lie wholly on the map, with
its castles on land, not across a barrier, not on a fief (nor on the player's own ring), cover at
least one hex of the planned region, and obey the action card: **A** at least one port and no city,
**B** no port, **C** at least one city and at least one port.

The board's preview knows, for every hex and rotation, whether the fief may be anchored there and
if not why: `placement_preview` gives the reason codes. Below, one refused spot for each reason
(red, numbered) and one legal spot (green) for the fief of the first player to move:"""),
code("""def spread(spots, chosen):
    \"\"\"The spot farthest from the ones already chosen (so the drawings do not overlap).\"\"\"
    return max(spots, key=lambda h: min((abs(h[0] - q) + abs(h[1] - r) for q, r in chosen), default=0))

def refusals(pos, skip=()):
    \"\"\"One refused spot per reason code (numbered red marks) and the best legal one (green).\"\"\"
    prev = gonzaga.placement_preview(pos)
    print(f"{pos.player_label(prev['player'])} places {prev['fief']} under the plan {prev['plan']}")
    examples, chosen = [], []
    for rot in prev["rotations"]:
        for code, spots in rot["refused"].items():
            if code not in {e[0] for e in examples} and code not in skip:
                q, r = spread(spots, chosen)
                chosen.append((q, r))
                examples.append((code, q, r, rot["rotation"], rot["hexes"]))
    marks = []
    for n, (code, q, r, k, hexes) in enumerate(examples, 1):
        err = pos.why_illegal(gonzaga.place(q, r, k))
        print(f"{n}. place({q}, {r}, {k}) [{err.code}, rule {err.rule}]")
        print(textwrap.fill(err.message, 92, initial_indent="   ", subsequent_indent="   "))
        marks.append({"hexes": [(q + dq, r + dr) for dq, dr, _ in hexes], "legal": False, "label": n})
    best = max(gonzaga.placements(pos), key=lambda p: p.points)
    print(f"green: {best}")
    marks.append({"hexes": best.hexes, "legal": True, "label": "ok"})
    return best, {e[0] for e in examples}, SVG(pos.to_svg(marks=marks))

mover = s.current_player
good, shown, drawing = refusals(s)
drawing"""),
md("""Later in a game more reasons appear: a fief is never placed on another fief (nor on the
player's own ring), a fief partly off the map is refused, and other action cards have their own
conditions. A position from round 3 of a game of three greedy bots, with the reasons not shown above:"""),
code("""later = gonzaga.new_game(players=3, seed=2)
while not (later.phase == "place" and later.round >= 3 and gonzaga.placements(later)):
    later = later.apply(bots.greedy_bot(later))
_, _, drawing = refusals(later, skip=shown)
drawing"""),
code("""for rid in ["gonzaga.place.on-map", "gonzaga.place.castles-land", "gonzaga.place.no-barrier",
            "gonzaga.place.no-fief-below", "gonzaga.place.in-region", "gonzaga.action.a-port",
            "gonzaga.action.b-no-port", "gonzaga.assume.c-both"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""Placing the fief scores its cities and ports at once, by the region of each (3 flourishing, 1
inactive), plus 10 points for a **sea league** the first time a player covers three ports of one
sea. A player may instead **donate** the fief to the church, for 3 points."""),
code("""s2 = s.apply(good.action)
print(s.describe(good.action))
print("church instead:", s.describe(gonzaga.church()))
print(dict(s2.score_breakdown(mover)))"""),
md("""### Weddings

With action C a player may hold a **wedding** instead of placing the fief: the fief goes to the box
and a ring goes on a hex of the planned region (never on their own fief, never on another ring); a
second ring may follow on a neighbouring hex, even at sea or across a barrier. A ring counts as a
one-hex fief: it scores a city or port, helps a sea league and connects fiefs. Each player has six
rings for the whole game; the King's Privilege also costs one."""),
code("""w = gonzaga.new_game(players=3, seed=7).apply(gonzaga.plan("francia", "C"))
while w.phase == "plan" or w.current_player != 0:
    w = w.apply(bots.greedy_bot(w))
rings = [a for a in w.legal_actions() if a.kind == "ring"]
print(f"{len(rings)} hexes may take the first ring, for example:", w.describe(rings[0]))
w = w.apply(rings[0])
second = [a for a in w.legal_actions() if a.kind == "ring"]
print(w.status())
print(f"{len(second)} hexes may take the second ring, or done():", w.describe(second[0]))
w = w.apply(second[0])
print("rings left:", w.rings[0])
SVG(w.to_svg())"""),
code("""for rid in ["gonzaga.wedding.with-alliance", "gonzaga.wedding.first-ring-region",
            "gonzaga.wedding.second-ring", "gonzaga.wedding.ring-scores", "gonzaga.king.ring-cost"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""### The end

After round 6, and after every round while the Last Turn card is still in play, the flourishing
cities and ports no fief covers are counted. Three or fewer make the next round the last; otherwise
the card moves one place down the deck. So a game lasts 7 to 12 rounds. Then the player with the
largest group of connected fiefs and rings takes the Gonzaga tile (15 points; tied players all
take it), every hidden objective is revealed and scores the cities of its six it covers (the table
below is a placeholder), and the most points wins (ties: the most cities and ports covered)."""),
code("""plots.objective_figure()"""),
code("""end = bots.play_game(3, seed=4, bots=bots.greedy_bot)
print(end.status())
for p in range(end.players):
    print(f"{end.player_label(p):20}", dict(end.score_breakdown(p)), "largest group:", end.largest_group(p))
SVG(end.to_svg())"""),
code("""for rid in ["gonzaga.end.last-turn-check", "gonzaga.end.last-round", "gonzaga.end.gonzaga-tile",
            "gonzaga.end.objective-count", "gonzaga.end.winner"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""## 2. Play a game

You are Player 1 (red), against two greedy bots. On your turn:

1. **Plan**: in the panel beneath the map, pick a cell of the table: its row is the region card, its
   column the action card (K+: with the King's Privilege, which costs a ring). Each cell shows how
   many spots your fief would have now and the best points there. Grey cards rest in the middle
   box or are out of the game: click one to read why.
2. **Place**: your fief follows the mouse over the map, green where it may go and red where not
   (the reason and its rule appear beside it). Press `r` (or the rotate button) to turn it, and
   click to place it. *Donate to the church* gives it away for 3 points; with action C, *hold a
   wedding* lets you click hexes framed green for rings.

Every other click is answered with the rule that forbids it. **What can I do now?** lists every
choice in words, the history shows each move with its line of Python, and the timeline steps back
through the game. The other players' plans and objectives stay hidden, as at the table."""),
code("""board = widgets.board(gonzaga.new_game(players=3, seed=11),
                      bots={1: bots.greedy_bot, 2: bots.greedy_bot})
board"""),
md("""After a few moves this cell shows what Python knows of your game; the board's *Save* button
writes it to `saved_games/gonzaga/`, where *Load* finds it."""),
code("""g = board.state
print(g.status())
print("your points so far:", {k: v for k, v in g.score_breakdown(0).items() if v} or "none yet")"""),
md("""## 3. Analyse the map

### Where can a fief go, and what does it score?

`placements` lists every legal placement of a fief (anchor hex and rotation) under a plan with the
points it would score now. Here the first player to move in the learning game above:"""),
code("""ps = gonzaga.placements(s)
print(f"{len(ps)} legal placements under {s.plans[mover]}; by points:",
      dict(sorted(Counter(p.points for p in ps).items())))
for p in sorted(ps, key=lambda p: -p.points)[:5]:
    print(" ", p, "leagues:", p.leagues or "none")"""),
md("""A heat map shows how many distinct placements cover each hex (a symmetric fief lying in the same
spot in two rotations counts once). Under the player's plan the fief is held to one region and one
action card; under `plan="any"` every placement the map and the board allow is counted."""),
code("""plots.heat_map_figure(s)"""),
code("""plots.heat_map_figure(s, plan="any")"""),
md("""The best points a placement covering each hex can score now, under any plan:"""),
code("""plots.heat_map_figure(s, plan="any", what="best")"""),
md("""### Connected groups

Touching fiefs (and rings) form a group; the largest group takes the Gonzaga tile. As a graph, each
hex a player covers is a node and hexes sharing a side are joined (barriers do not part them). The
groups are the graph's connected components (networkx); here the winner of the finished game
above:"""),
code("""winner = end.result().winners[0]
for grp in gonzaga.connected_groups(end, winner)[:4]:
    print(f"{grp.size} piece(s) over {len(grp.hexes)} hexes:", ", ".join(pc[1] or "ring" for pc in grp.pieces))
plots.groups_figure(end, winner)"""),
md("""### What a round is worth, and how long games last

A sea league gives 10 points and the Gonzaga tile 15: how many ordinary rounds is that? These
greedy-bot games (raise `GAMES` for firmer numbers; the games are seeded, so a run repeats) give the
points each player scores per round, and how many rounds the Last Turn rule lets the game run."""),
code("""GAMES = 30
runs = plots.simulate(GAMES, players=3, seed=0, progress=True)
plots.bonus_figure(runs)"""),
code("""plots.game_length_figure(runs)"""),
md("""## Every rule, and what checks it

The catalogue holds every rule with the rulebook's Spanish sentence and an English rendering. Where
a sentence leaves a case open, the explorer follows a stated reading: an *assumption* rule, with the
sentence it interprets. Tests name the rules they check. Click to unfold."""),
code("""book = rules.catalogue("gonzaga")
print(f"{len(book)} rules: {len(book.of_kind('rule'))} from the rulebook, "
      f"{len(book.of_kind('reconstructed'))} rebuilt from other sources, {len(book.assumptions())} assumptions; "
      f"untested: {book.untested() or 'none'}")
book"""),
]

write(cells, "gonzaga")
