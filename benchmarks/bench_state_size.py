"""How big a game state is, pickled and in memory, for Corinth, Gùgōng, Gonzaga and The Hanging
Gardens, with the time a state takes to pickle and unpickle and the speed of random playouts.

Run with ``python benchmarks/bench_state_size.py [--games N] [--repeats R] [--cpu]``. For each
game and 2, 3 and 4 players, N random games through the public API
(``state.apply(rng.choice(state.legal_actions()))``) are sampled at positions spread over each
game (the start, every 10th state, the end), and printed are:

- the pickled size of a state (``len(pickle.dumps(state))``), median and maximum over the positions;
- its deep size in memory: ``sys.getsizeof`` summed over every object the state reaches, each
  object counted once, without the components every game of the same data shares (the book, the
  data set: whatever is the very same object in two new games), median and maximum;
- the time of one ``pickle.loads(pickle.dumps(state))`` in microseconds, the median over R
  repetitions of the mean over the positions;

then, as the median of R interleaved repetitions, complete 4-player random playouts per second on
each game's fast path (``bots.random_playout``). Times are wall-clock (``time.perf_counter``);
``--cpu`` measures process time instead. The figures are printed, never checked.
"""

from __future__ import annotations

import gc
import pickle
import random
import statistics
import sys
from types import BuiltinFunctionType, FunctionType, ModuleType

from _games import CLOCK, options, print_rates, rates

from explorer import corinth, gonzaga, gugong
from explorer import hanging_gardens as hg

GAMES = (("Corinth", corinth), ("Gùgōng", gugong), ("Gonzaga", gonzaga), ("The Hanging Gardens", hg))
PLAYERS = (2, 3, 4)
EVERY = 10
_SKIP = (type, ModuleType, FunctionType, BuiltinFunctionType)


def positions(module, players: int, seed: int) -> list:
    """The states of one random game at the start, every ``EVERY``-th state, and the end."""
    s = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [s]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
    return states[::EVERY] + ([states[-1]] if (len(states) - 1) % EVERY else [])


def reachable(roots, seen: set[int] | None = None) -> tuple[int, set[int]]:
    """The summed ``sys.getsizeof`` of every object reachable from ``roots`` and not in ``seen``
    (classes, modules and functions left out), and the ids of the objects counted."""
    seen = set() if seen is None else set(seen)
    counted: set[int] = set()
    total = 0
    todo = list(roots)
    while todo:
        o = todo.pop()
        if id(o) in seen or isinstance(o, _SKIP):
            continue
        seen.add(id(o))
        counted.add(id(o))
        total += sys.getsizeof(o)
        todo.extend(gc.get_referents(o))
    return total, counted


def shared(module, players: int) -> set[int]:
    """The ids of the objects two new games of ``players`` share: the fields (and the fields of
    ``info``) that are the very same object in both, and everything they reach."""
    a, b = module.new_game(players=players, seed=1), module.new_game(players=players, seed=2)
    roots = []
    for x, y in ((a, b), (a.info, b.info)):
        for name in getattr(type(x), "__dataclass_fields__", {}):
            v = getattr(x, name)
            if v is getattr(y, name) and not isinstance(v, (int, str, bool, type(None))):
                roots.append(v)
    return reachable(roots)[1]


def sizes(module, games: int, repeats: int) -> dict[int, tuple[list[int], list[int], float]]:
    """Per player count: pickled bytes and deep bytes per position, and the median time in
    microseconds of one pickle round trip."""
    out = {}
    for players in PLAYERS:
        common = shared(module, players)
        states = [s for seed in range(games) for s in positions(module, players, seed)]
        pickled = [len(pickle.dumps(s)) for s in states]
        deep = [reachable([s], common)[0] for s in states]
        times = []
        for _ in range(repeats):
            clock = CLOCK[0]
            start = clock()
            for s in states:
                pickle.loads(pickle.dumps(s))
            times.append((clock() - start) / len(states) * 1e6)
        out[players] = (pickled, deep, statistics.median(times))
    return out


def fast(module):
    def run(seed: int) -> int:
        s = module.new_game(players=4, seed=seed)
        return len(module.bots.random_playout(s, random.Random(seed)).history)
    return run


def main() -> None:
    args = options(__doc__, games=3, repeats=5)
    print(f"Pickled and in-memory size of a state, {args.games} random games per player count, "
          f"positions every {EVERY} states ({args.clock}, Python {sys.version.split()[0]})")
    print(f"  {'':<32} {'pickled bytes':>17} {'deep bytes':>19} {'dumps+loads':>12}")
    print(f"  {'':<32} {'median':>8} {'max':>8} {'median':>9} {'max':>9} {'us/state':>12}")
    for name, module in GAMES:
        for players, (pickled, deep, us) in sizes(module, args.games, args.repeats).items():
            label = f"{name}, {players} players"
            print(f"  {label:<32} {statistics.median(pickled):8.0f} {max(pickled):8d} "
                  f"{statistics.median(deep):9.0f} {max(deep):9d} {us:12.1f}")
    for _, module in GAMES:
        __import__(f"{module.__name__}.bots")
    g = max(1, args.games * 10)
    runs = [(f"{name}, 4 players: random playout (fast path)", fast(module), g)
            for name, module in GAMES]
    print_rates(rates(runs, args.repeats, g), args.clock)


if __name__ == "__main__":
    main()
