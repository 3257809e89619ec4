"""Writes notebooks/gugong.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Gùgōng

*Gùgōng* (Andreas Steding; Game Brewer, 2018) is a game for 2–5 players set in the Forbidden City.
Over four days the players exchange gifts with the officials of the court, who sit at seven
locations on the board. Each exchange gives actions: travelling across China, sending servants to
the Great Wall, buying jade, climbing the Intrigue track, moving an envoy towards the Palace of
Heavenly Purity, buying decrees and shipping servants down the Grand Canal. Each evening the
Destiny dice reward the cards on each player's discard pile. Only a player whose envoy reaches the
palace can win.

This notebook has four parts: **learn the rules** step by step, with every phase and location
played on a real position; **play** a full game against two bots by clicking; explore the **travel
map as a graph**; and **analyse** the Destiny dice and the scoring curves.

**About the data.** The rules follow the Spanish rulebook. Much of what is printed on the
components is not in any public text: the travel map, the gift cards' values and actions, the
Destiny dice faces, the decrees, the palace's arrival VP, the jade houses and most Grand Canal
ports. Where a value is unknown the explorer uses a *placeholder* that keeps every known fact. The
next cells list each placeholder and why it was made up. The figures name placeholder values in
their legends and hover texts."""),
code("""import random
import textwrap
from IPython.display import SVG, display
from explorer import gugong, notebook, rules
from explorer.gugong import bots, graph, odds, pieces, plots, scoring

notebook.setup()          # charts and boards also show in exported copies of this notebook
data = gugong.load_data()
print(data.version)
data"""),
code("""for table, counts in data.summary().items():
    if counts["placeholder"]:
        ids = [r.id for r in data.table(table) if r.is_placeholder]
        print(f"{table}: {len(ids)} placeholder record(s): {', '.join(ids[:6])}{' ...' if len(ids) > 6 else ''}")
        for note in sorted({r.provenance.note for r in data.table(table) if r.is_placeholder}):
            print(textwrap.fill(note, 96, initial_indent="  - ", subsequent_indent="    "))"""),
md("""## 1. Learn the rules

Every example below is a position reached by playing through the rules. `play_until` plays seeded
random moves (so each run gives the same position) until the position we want to look at comes
up; the cells then play the actions by hand. `state.describe(action)` says in words what an action
does, and `state.explain(action)` says why a refused action is not allowed, with the rule."""),
code("""def play_until(state, goal, seed=0, limit=5000):
    \"\"\"Play seeded random moves from ``state`` until ``goal(position)`` holds at a decision.\"\"\"
    rng = random.Random(seed)
    for _ in range(limit):
        if not state.is_chance_node and goal(state):
            return state
        if state.is_over:
            break
        state = state.apply(bots.random_bot(state, rng))
    raise ValueError("the position was not reached; try another seed")


def can(*actions):
    \"\"\"A goal: the player to move may play every one of ``actions``.\"\"\"
    return lambda s: all(a in s.legal_actions() for a in actions)


def show(state, action):
    \"\"\"Describe ``action``, play it, and print what the game waits for then.\"\"\"
    print("→", state.describe(action))
    after = state.apply(action)
    print("  now:", after.status())
    return after


def seat(state, p):
    x = state.seats[p]
    return (f"{state.player_label(p)}: {x.vp} VP, {x.pool} servants in the pool, jade {x.jade}, "
            f"palace step {x.palace}, Intrigue {x.intrigue}, {len(x.tokens)} travel tokens")


def cards(state, where):
    book = state.book
    return ", ".join(f"{book.value[c]} ({book.card_action[c]})" for c in where) or "none\""""),
md("""### Set-up

The board has two sides: the 2–3 player side and the 4–5 player side (more cities, a second Grand
Canal route). Set-up rolls the three Destiny dice, lays a travel token on every city, deals a
gift card to each of the seven locations and gives every player a starting set of 4 cards, 6
servants in the pool and 6 more in their supply. The start player is drawn at random."""),
code("""state = gugong.new_game(players=3, seed=7)
book = state.book
print(state.status())
print("board side", book.side, "| the Great Wall is complete with", book.threshold, "servants")
print("Destiny dice:", dict(zip(book.dice_ids, state.dice)))
for i, loc in enumerate(book.locations):
    c = state.locations[i]
    print(f"  {book.location_name[loc]:28} holds the {book.value[c]} (card action: {book.card_action[c]})")
for p in range(state.players):
    print(seat(state, p), "| hand:", cards(state, state.seats[p].hand))
SVG(state.to_svg())"""),
code("""for rid in ["gugong.setup.board-side", "gugong.setup.roll-dice", "gugong.setup.starting-set",
            "gugong.setup.servants", "gugong.game.four-days", "gugong.game.three-phases"]:
    print(textwrap.fill(str(rules.rule(rid)), 96), end="\\n\\n")"""),
md("""### The morning

Each day has three phases: the morning, the day and the evening. Day 1 has no morning (the set-up
did its work). From day 2 on the morning makes the player who took the start-player medal the start
player, refills every empty city with a travel token, rolls the Destiny dice, gives the level-1
decrees' perks and the day's income of servants. All of it happens by itself: here is the first
morning of a game, as the log records it."""),
code("""s, rng = state, random.Random(1)
while s.day == 1:                      # random moves through day 1 and its evening
    evening, s = s, s.apply(bots.random_bot(s, rng))
morning = s
drawn = [a for a, chance in list(morning.log)[len(evening.log):] if chance]
print("the morning of day 2:", morning.describe_chance_run(drawn))
print("Destiny dice for day 2:", dict(zip(book.dice_ids, morning.dice)))
print("start player:", morning.player_label(morning.first))
for p in range(morning.players):
    print(seat(evening, p), "→", seat(morning, p).split(": ", 1)[1])"""),
md("""(The servants gained overnight are the evening's Destiny servants and the day's income of 4.)"""),
md("""### The day: the gift exchange

A turn starts with a **compulsory gift exchange**: a card from your hand for one of the seven cards
on the board. Your card goes where the taken one was; the taken card goes face down onto your
discard pile (tomorrow's hand). The exchange is **free** when your card is higher. A lower or equal
card needs a **price**: pay 2 servants, or discard another hand card, or forgo this turn's actions.
**Exception:** a 1 may always take a 9 freely."""),
code("""p = state.current_player
hand = state.seats[p].hand
high = max(hand, key=book.value.__getitem__)
low = min(state.locations, key=book.value.__getitem__)
print("hand:", cards(state, hand), "| board:", cards(state, state.locations))
free = show(state, gugong.exchange(book.card_ids[high], book.card_ids[low]))"""),
code("""print(state.explain(gugong.exchange(book.card_ids[low], book.card_ids[high])))   # not our card"""),
md("""A card that is not higher: the exchange is made, and the price is the next decision."""),
code("""small = min(hand, key=book.value.__getitem__)
big = max(state.locations, key=book.value.__getitem__)
priced = show(state, gugong.exchange(book.card_ids[small], book.card_ids[big]))
for a in priced.legal_actions():
    print("   ", a, "-", priced.describe(a))"""),
code("""paid = show(priced, gugong.pay())                  # 2 servants back to the supply
print(seat(priced, p), "→", seat(paid, p).split(": ", 1)[1])
print()
gone = show(priced, gugong.forgo())                # the exchange without any action
print()
print(gone.explain(gugong.end_turn()))"""),
md("""The 1-for-9 rule, in a position of another game where a player holds a 1 and a 9 is on the
board:"""),
code("""def one_for_nine(s):
    b = s.book
    return s.phase == "turn" and any(a.kind == "exchange" and b.value[b.card_index[a.args[0]]] == 1
                                     and b.value[b.card_index[a.args[1]]] == 9 for a in s.legal_actions())

nine = play_until(gugong.new_game(players=3, seed=49), one_for_nine, seed=49)
b = nine.book
move = next(a for a in nine.legal_actions() if a.kind == "exchange"
            and b.value[b.card_index[a.args[0]]] == 1 and b.value[b.card_index[a.args[1]]] == 9)
after = show(nine, move)
print(rules.rule("gugong.exchange.one-for-nine"))"""),
md("""### The day: the card action and the location action

After the exchange you **may** carry out the action of the card you placed (if it shows one), the
action of the location where it now lies, or both: the card's action first. Most card actions are
location actions; some give servants or swap a card. When the card and the location have the same
action, it is carried out twice. Each action has a **basic** option and a **paid** one (paid in
servants). Then `end_turn()`."""),
code("""for a in free.legal_actions():
    print(a, "-", free.describe(a))"""),
code("""card_first = show(free, gugong.act("basic"))      # the card's action first ...
print()
location_first = show(free, next(a for a in free.legal_actions() if a.kind == "location"))
print(location_first.explain(gugong.act("basic")))  # ... the location first gives it up"""),
md("""With the location's action first, nothing is left to do and the turn passes: the card's action
is given up."""),
md("""When the card and the location show the **same action**, it is carried out twice. Here a Travel
card was placed on the Travel location: the card's Travel first (the move and its token), then the
location's Travel is still offered."""),
code("""def same_action(s):
    here = {a.args[0] for a in s.legal_actions() if a.kind == "location"}
    return gugong.act("basic") in s.legal_actions() and any(
        loc in here and action == loc for loc, _, _, action in pieces.location_cards(s))


twice = play_until(gugong.new_game(players=3, seed=0), same_action, seed=0)
p = twice.current_player
step = show(twice, gugong.act("basic"))
while step.current_player == p and not any(a.kind == "location" for a in step.legal_actions()):
    step = step.apply(step.legal_actions()[0])      # the move, then the token's benefit
print("still offered:", *[step.describe(a) for a in step.legal_actions() if a.kind == "location"],
      sep="\\n  ")"""),
md("""The day ends when every player has passed: a player with no card left in hand must pass.

## The seven locations

Each section below finds a position where the player to move may use the location, shows its
options, plays them, and shows a refusal.

### Travel

**Basic:** move your traveller once and take the travel token where it stops; its benefit may be
taken at once. **Paid (2 servants):** two moves. The first Travel places the traveller on any city
with a token. A move goes along the roads to a city with a token, jumping over empty cities and
other travellers. You keep at most 6 tokens; at any time in your turn 2 tokens trade for 1 servant,
4 for 2 VP, 6 for 1 jade (a double token counts 2)."""),
code("""t = play_until(gugong.new_game(players=3, seed=0),
               can(gugong.location("travel", "basic"), gugong.location("travel", "paid")), seed=0)
p = t.current_player
t1 = show(t, gugong.location("travel", "paid"))
print(len(t1.legal_actions()), "cities to start from:", [str(a) for a in t1.legal_actions()][:6], "...")"""),
code("""t2 = show(t1, t1.legal_actions()[0])
while t2.current_player == p and t2.phase not in ("turn", "actions"):   # the token, the second move
    if t2.phase == "travel":
        far = [c for i, c in enumerate(t2.book.city_ids)
               if t2.cities[i] >= 0 and gugong.travel(c) not in t2.legal_actions()]
        bad = far[0] if far else t2.book.city_ids[t2.seats[p].traveller]
        print("  refused:", t2.explain(gugong.travel(bad)).splitlines()[0])
    t2 = show(t2, t2.legal_actions()[0])
print()
print(seat(t2, p))"""),
md("""### The Great Wall

**Basic:** put 1 servant from your pool on the wall. **Paid (1 servant):** put 2 on it. When the
wall holds its threshold of servants (4, 5, 6 or 7 with 2–5 players) it is resolved at once: the
player with the most servants there scores 3 VP and moves the envoy 1 step (Intrigue breaks a tie)
and takes their servants back; then everyone who was on the wall may take one Intrigue benefit,
paid in Intrigue steps: 1 step for 1 servant, 3 for 2 servants, 5 to turn a Destiny die to any
face, 7 for a jade."""),
code("""w = play_until(gugong.new_game(players=3, seed=0),
               can(gugong.location("wall", "basic"), gugong.location("wall", "paid")), seed=0)
p = w.current_player
print("on the wall:", [(w.player_label(q), n) for q, n in w.wall])
w1 = show(w, gugong.location("wall", "paid"))
print("on the wall:", [(w1.player_label(q), n) for q, n in w1.wall])"""),
code("""done = play_until(gugong.new_game(players=3, seed=1), lambda s: s.phase == "benefit", seed=1)
print("Intrigue:", {done.player_label(q): done.seats[q].intrigue for q in range(done.players)})
for a in done.legal_actions():
    print("   ", a, "-", done.describe(a))
print(done.explain(gugong.benefit(7)))"""),
md("""### Jade

Buy 1 jade from one of the jade houses for the servants it shows; once the houses are empty, the
jade box sells 1 jade for 5 servants. There is no paid option: the price is the house's. At the end
jade scores 1, 3, 6, 10 or 15 VP for 1 to 5 jade, and 2 VP for each one beyond."""),
code("""j = play_until(gugong.new_game(players=3, seed=0),
               lambda s: any(a.kind == "location" and a.args[0] == "jade" for a in s.legal_actions()), seed=0)
p = j.current_player
houses = [a for a in j.legal_actions() if a.kind == "location"]
for a in houses:
    print("   ", a, "-", j.describe(a))
j1 = show(j, houses[-1])
print(seat(j, p), "→", seat(j1, p).split(": ", 1)[1])"""),
md("""### Intrigue

**Basic:** your Intrigue marker 1 step up; the first player to do so in a day takes the
start-player medal (start player tomorrow). **Paid (1 servant):** 3 steps. A marker landing on
others goes on top; the track ends at 14. The Intrigue track breaks every tie of the game, and its
steps pay for the benefits of the Great Wall."""),
code("""i = play_until(gugong.new_game(players=3, seed=0),
               can(gugong.location("intrigue", "basic"), gugong.location("intrigue", "paid")), seed=0)
p = i.current_player
i1 = show(i, gugong.location("intrigue", "basic"))
print(seat(i1, p))
i2 = show(i, gugong.location("intrigue", "paid"))
print(seat(i2, p))"""),
md("""### The Palace of Heavenly Purity

**Basic:** your envoy 1 step on the Palace track. **Paid (2 servants):** 2 steps and 1 Intrigue
step. The eighth step is the arrival: the envoy takes the free arrival spot with the most VP
(scored at the end). Further steps give 1 VP each. A player who has not arrived by the end scores
0 and cannot win."""),
code("""pal = play_until(gugong.new_game(players=3, seed=0),
                 can(gugong.location("palace", "basic"), gugong.location("palace", "paid")), seed=0)
p = pal.current_player
pal1 = show(pal, gugong.location("palace", "paid"))
print(seat(pal, p), "→", seat(pal1, p).split(": ", 1)[1])
print("arrival VP on this side (placeholder values):", pal.book.arrival_vp)"""),
md("""### Decrees

Two decrees of each of three levels lie on the board. Buying one costs the servants printed on it
plus 1 for each opponent's servant already on it; a servant of yours then goes on it. Level 1 gives
a perk each morning, level 2 some VP now and a lasting perk, level 3 VP at the end. Each decree
once per player. (The shipped decrees are placeholders.)"""),
code("""d = play_until(gugong.new_game(players=3, seed=0),
               lambda s: any(a.kind == "location" and a.args[0] == "decrees" for a in s.legal_actions()), seed=0)
p = d.current_player
offers = [a for a in d.legal_actions() if a.kind == "location"]
for a in offers:
    print("   ", a, "-", d.describe(a))
d1 = show(d, offers[0])
print(seat(d, p), "→", seat(d1, p).split(": ", 1)[1])"""),
md("""### The Grand Canal

**Basic:** put 1 servant on one of your ships (a new ship goes on the free port nearest the start)
and/or move one ship to the next free port. **Paid (1 servant):** put 2 servants on your ships. A
full ship (3 servants) reaching a port with a reward may claim it: 4 VP, an extra gift card, or
your **foreman**. Every evening all ships move one step; a ship at the last port is lost."""),
code("""c = play_until(gugong.new_game(players=3, seed=0),
               can(gugong.location("canal", "basic"), gugong.location("canal", "paid")), seed=0)
p = c.current_player
c1 = show(c, gugong.location("canal", "basic"))
for a in c1.legal_actions():
    print("   ", a, "-", c1.describe(a))
c2 = show(c1, c1.legal_actions()[-1])"""),
md("""### The foreman

A foreman claimed at the Grand Canal joins your servant pool. It may stand (counting 1) or lie
(counting 2) on the wall or a ship; you may take it instead of gaining 1 servant, or give it back
instead of paying 2. On a decree or a port reward it stands and is lost. Whenever it could be used,
the rules ask:"""),
code("""f = play_until(gugong.new_game(players=3, seed=22),
               lambda s: any(a.kind == "foreman" for a in s.legal_actions()), seed=22)
print(f.status())
for a in f.legal_actions():
    print("   ", a, "-", f.describe(a))"""),
md("""Once the foreman is in your pool it may go on the wall **lying**, as 2 servants:"""),
code("""def foreman_ready_for_wall(s):
    return (pieces.foreman_place(s, s.current_player) == "in the pool"
            and gugong.location("wall", "basic") in s.legal_actions())


w = play_until(gugong.new_game(players=3, seed=66), foreman_ready_for_wall, seed=66)
w1 = show(w, gugong.location("wall", "basic"))
for a in w1.legal_actions():
    print("   ", a, "-", w1.describe(a))
lying = show(w1, gugong.foreman(True))
print("the foreman is now", pieces.foreman_place(lying, w.current_player))"""),
md("""### The evening

When every player has passed, each discard pile is compared with the Destiny dice: every card whose
value a die shows earns 1 servant per such die (a double gives 2 per card). The player with the
most matching cards wins the bonus: 3 VP and an envoy step (Intrigue breaks a tie). Then all ships
move and full ships may claim. After day 4 comes the final scoring; otherwise a new morning."""),
code("""eve = play_until(state, lambda s: all(x.passed for x in s.seats) or s.day > 1, seed=1)
eve = play_until(eve, lambda s: not s.is_chance_node, seed=1)
print("Destiny dice:", eve.dice)
before = play_until(state, lambda s: sum(x.passed for x in s.seats) == s.players - 1
                    and not s.seats[s.current_player].hand, seed=1)
for q in range(before.players):
    pile = [before.book.value[c] for c in before.seats[q].discard]
    earned = sum(pile.count(f) for f in before.dice)
    print(f"{before.player_label(q)}: discard pile {sorted(pile)} → {earned} servants, "
          f"{sum(1 for v in pile if v in before.dice)} matching cards")"""),
code("""night = play_until(before, lambda s: s.day == 2 or s.phase == "bonus_step", seed=1)
print(night.status())
for q in range(night.players):
    print(seat(before, q), "→", seat(night, q).split(": ", 1)[1])"""),
md("""### The end

After four days: a wall with servants left is scored once more, then arrival VP, level-3 decrees
and jade. Players whose envoy never arrived are out. The most VP wins; Intrigue breaks a tie. Here
three greedy bots play a whole game:"""),
code("""end = bots.play_game(3, seed=5, bots=[bots.greedy_bot] * 3)
print(end.result().explanation)
for q in range(end.players):
    print(f"{end.player_label(q)}: {end.scores()[q]} VP,", end.score_breakdown(q))"""),
md("""## 2. Play against the computer

You are Player 1; Players 2 and 3 are greedy bots. The main board shows the seven locations with
your hand right under them, then the choices of the moment, the travel map, the tracks and the
dice; the second board is your whole player board (hand, discard pile, servants, tokens, port
slots). On your turn click a card in your hand, then the card on a location to exchange it for;
pay a price if one is due; then click the location or card action you want, and *End turn*. Every
other click is answered with the rule that forbids it. **What can I do now?** lists every choice in
words, the history shows each move with its line of Python, and the timeline steps back through the
game. Other players' hands and discard piles stay hidden, as at the table."""),
code("""from explorer.gugong import widgets

main, mine = widgets.boards(gugong.new_game(players=3, seed=11),
                            bots={1: bots.greedy_bot, 2: bots.greedy_bot})
main"""),
code("""mine"""),
md("""After a few moves this cell shows what Python knows of your game; the board's *Save* button
writes it to `saved_games/gugong/`, where *Load* finds it."""),
code("""live = main.state
print(live.status())
print(seat(live, 0))"""),
md("""**Several people at one screen (hot seat).** With `hot_seat=True` every seat is a person:
between two players' turns the boards show only "Pass the screen to Player 2", and then the game
as that player sees it, so nobody sees another's hand or discard pile. (The board's *Hot seat*
button does the same for any game with two or more people at the screen.)"""),
code("""table, table_mine = widgets.boards(gugong.new_game(players=2, seed=3), hot_seat=True)
table"""),
md("""## 3. The travel map as a graph

`graph.travel_map(side)` is a networkx graph: one node per city (its name and drawing position),
one edge per road. A move's destinations depend on the tokens lying on the map now: they are the
token cities on the boundary of the traveller's connected component among the token-free cities.
(The shipped map is a placeholder: a connected planar network with the printed number of
cities.)"""),
code("""import networkx as nx

g = graph.travel_map("2-3")
print(g, "| connected:", nx.is_connected(g), "| diameter:", nx.diameter(g))
print("degrees:", sorted(dict(g.degree()).values()))
cent = graph.centrality("2-3")
hub = max(cent, key=lambda c: cent[c]["betweenness"])
print(f"most between: {hub} ({cent[hub]['betweenness']:.3f}); shortest path a01 → a16:",
      nx.shortest_path(g, "a01", "a16"))"""),
md("""The map on the board's layout, cities sized and coloured by betweenness centrality (how many
shortest routes pass through them):"""),
code("""plots.travel_map_figure("2-3")"""),
md("""Reach from a live position. If you have placed your traveller in the game above, the next cells
use your game; otherwise a position of a bot game where a traveller stands on the map. Ringed:
the cities the traveller can stand on after exactly 2 moves (the paid option)."""),
code("""def has_traveller(s):
    return s.current_player >= 0 and s.seats[s.current_player].traveller >= 0 and s.phase == "turn"

pos = live if has_traveller(live) else play_until(gugong.new_game(players=3, seed=4), has_traveller, seed=4)
p = pos.current_player
for k in (1, 2, 3):
    print(f"{pos.player_label(p)} reaches {len(graph.reachable(pos, p, k))} cities in exactly {k} move(s)")
plots.travel_map_figure(pos, moves=2)"""),
md("""What a Travel action collects from there, on average when every destination is equally likely
(`graph.travel_value`): each kind of token, for the basic option's 1 move and the paid option's 2."""),
code("""tv = graph.travel_value(pos, p, moves=2)
print(f"{tv.routes} routes; the best under the default token values: {tv.best_route} ({tv.best_value:.1f} VP)")
plots.travel_value_figure(pos)"""),
md("""## 4. The Destiny dice and the scoring curves

### A discard pile against the dice

The three dice's printed faces are not in any public text: the shipped faces are placeholders
(each value 1–9 on two of the dice). Everything below is exact: fractions in the hover texts,
computed die by die and checked in the tests against every one of the 216 ordered rolls.

The servants a pile earns, and how many of its cards match (the bonus count). Switch the view
with `view="at_least"` or `view="at_most"`."""),
code("""pile = [3, 3, 7, 9, 9]
plots.servants_figure(pile)"""),
code("""plots.servants_figure(pile, view="at_least")"""),
md("""How the chance of matching at all grows with the size of the pile, for piles of random cards:"""),
code("""plots.match_by_size_figure(10)"""),
md("""### The Destiny bonus

The player with the most matching cards wins 3 VP and an envoy step. Against opponents whose piles
hold n cards each, drawn from the other cards (their cards are hidden), with ties going to them:"""),
code("""plots.bonus_figure(pile, most=8)"""),
md("""### Turning a die: the Intrigue benefit of 5 steps

With the dice as they lie, what turning one die to each face would earn. Here for Player 3's
discard pile in the evening of day 1 above (colour: servants gained or lost; framed:
the faces lying now)."""),
code("""mine_pile = [before.book.value[c] for c in before.seats[2].discard]
print("discard pile:", sorted(mine_pile), "dice:", before.dice)
plots.die_turn_figure(mine_pile, before.dice)"""),
md("""### The scoring curves

Jade (values from the rulebook), the palace's arrival VP (placeholders), the most VP travel tokens
bring when traded at the end (a jade valued by what it adds to the jade you hold), and the Great
Wall."""),
code("""plots.jade_figure(10)"""),
code("""plots.palace_figure()"""),
code("""plots.trade_figure(12, jade_held=(0, 3, 4))"""),
code("""plots.wall_figure()"""),
md("""## Every rule, and what checks it

The catalogue holds every rule with the rulebook's Spanish sentence and an English rendering.
Where a sentence leaves a case open, the explorer follows a stated reading: an *assumption* rule,
with the sentence it interprets. Tests name the rules they check. Click to unfold."""),
code("""catalogue = rules.catalogue("gugong")
print(f"{len(catalogue)} rules, {len(catalogue.assumptions())} of them assumptions; "
      f"untested: {catalogue.untested() or 'none'}")
catalogue"""),
]

write(cells, "gugong")
