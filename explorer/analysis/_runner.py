"""The sweep runner: many games of one game played by bots, in this process, on a local process
pool or on a Dask cluster, with the same table whatever the backend, worker count or batch size.

Games go in batches (a range of game numbers); a batch plays its games and returns compact
columns (one entry per seat or per game, never a state), its failures and its sums for the
branching profile; this process adds them up as they arrive, so memory grows only with the table.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import math
import pickle
import sys
import time
from typing import Any, Callable, Iterator

import numpy as np

from .._engine import checked_seed
from .._errors import ExplorerError, IllegalAction, MissingExtra, OptionError, cut, shorten
from ._kit import kit as _kit
from .bots import make_bot, spec_label

__all__ = ["simulate", "game_seed", "Sweep", "play_range"]

BINS = 10
"""The branching profile's parts: tenths of a game."""
POOL_BATCH = 50
"""Most games per batch on the process pool (small, so the progress bar moves)."""
DASK_BATCH = 250
"""Most games per Dask task (a task costs a millisecond or two to schedule)."""
CONNECT_TIMEOUT = 3
"""Seconds to wait for a Dask scheduler given by its address."""
SEAT_COLUMNS = ("score", "won", "decisions", "forced")
GAME_COLUMNS = ("game_decisions", "rounds", "winners", "margin", "lead_changes", "branching")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a sweep with ``seed``: a 63-bit hash of both.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    >>> 0 <= game_seed(2**64 - 1, 10**6) < 2**63
    True
    """
    digest = hashlib.blake2b(f"explorer-sweep:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


@dataclasses.dataclass(frozen=True)
class Sweep:
    """Everything a batch needs to play its games (sent to the workers)."""

    game: str
    players: int
    bots: tuple                   # one spec per seat
    seed: int
    forbid: Any = None            # None, the name of one of the game's restrictions, or a predicate
    categories: tuple = ()        # the game's score categories, in the order its result lists them


def play_range(payload: bytes, start: int, stop: int) -> dict:
    """Play games ``start`` to ``stop - 1`` of a pickled :class:`Sweep`: what a worker runs."""
    batch = Batch(_unpickle(payload))
    for i in range(start, stop):
        batch.play(i)
    return batch.pack()


@functools.lru_cache(maxsize=4)
def _unpickle(payload: bytes) -> Sweep:
    return pickle.loads(payload)


class _Failed(Exception):
    def __init__(self, seat: int, move: int, reason: str):
        self.seat, self.move, self.reason = seat, move, reason


class Batch:
    """The games of one batch, kept as plain columns until :meth:`pack` makes them arrays."""

    def __init__(self, sweep: Sweep):
        self.sweep = sweep
        self.kit = _kit(sweep.game)
        self.round_of, self.round_key = self.kit.round, self.kit.round_key
        self.forbid = predicate(self.kit, sweep.forbid)
        self.labels = [spec_label(b) for b in sweep.bots]
        self.index: list[int] = []
        self.seeds: list[int] = []
        self.seat: dict[str, list] = {c: [] for c in SEAT_COLUMNS}
        self.parts: list[list] = [[] for _ in sweep.categories]
        self.per_game: dict[str, list] = {c: [] for c in GAME_COLUMNS}
        self.failures: list[tuple] = []
        self.sums = [0] * BINS
        self.counts = [0] * BINS

    def __len__(self) -> int:
        return len(self.index) + len(self.failures)

    def play(self, i: int) -> None:
        """Play game ``i`` of the sweep and keep its row, or its failure."""
        gseed = game_seed(self.sweep.seed, i)
        try:
            self._play(i, gseed)
        except _Failed as f:
            self.failures.append((i, gseed, f.seat, f.move, f.reason))
        except Exception as err:          # the rules or a scorer failed after a legal move
            self.failures.append((i, gseed, -1, 0, f"the game could not be played: "
                                                   f"{_error(err)}"))

    def _play(self, i: int, gseed: int) -> None:
        sw, k, forbid, round_key = self.sweep, self.kit, self.forbid, self.round_key
        n = sw.players
        restricted = i % n if forbid is not None else -1
        bots = [make_bot(k, spec, game_seed=gseed, seat=p,
                         forbid=forbid if p == restricted else None).choose
                for p, spec in enumerate(sw.bots)]
        s = k.new_game(n, gseed)
        decisions = [0] * n
        counts: list[int] = []
        forced = 0
        rnd = round_key(s)
        leader, changes = -1, 0
        while not s.is_over:
            seat = s.current_player
            if seat == restricted:
                try:
                    if all(forbid(s, a) for a in s.legal_actions()):
                        forced += 1
                except Exception as err:
                    raise _Failed(seat, len(counts) + 1, f"forbid raised {_error(err)}") from None
            try:
                action = bots[seat](s)
            except Exception as err:
                raise _Failed(seat, len(counts) + 1,
                              f"the {self.labels[seat]} bot raised {_error(err)}") from None
            counts.append(s._legal_count())     # listed once per state: the bot's list, if any
            try:
                s = s.apply(action)
            except IllegalAction as err:
                raise _Failed(seat, len(counts), f"the {self.labels[seat]} bot chose "
                                                 f"{shorten(action, 80)}, which is illegal: {err}") from None
            decisions[seat] += 1
            r = round_key(s)
            if r != rnd:
                rnd = r
                leader, changes = _lead(s.scores(), leader, changes)
        # what the game's result() is made of, without its explanation in words
        scores = s.scores()
        leader, changes = _lead(scores, leader, changes)
        parts = [s.score_breakdown(p) for p in range(n)]
        self._keep(i, gseed, scores, set(s.winners()), parts, decisions, forced, restricted, counts,
                   self.round_of(s), changes)

    def _keep(self, i, gseed, scores, winners, parts, decisions, forced, restricted, counts, rnd,
              changes) -> None:
        n = self.sweep.players
        self.index.append(i)
        self.seeds.append(gseed)
        seat = self.seat
        seat["score"].extend(scores)
        seat["won"].extend(p in winners for p in range(n))
        seat["decisions"].extend(decisions)
        seat["forced"].extend(forced if p == restricted else 0 for p in range(n))
        for column, category in zip(self.parts, self.sweep.categories):
            column.extend(part.get(category, 0) for part in parts)
        losers = [scores[p] for p in range(n) if p not in winners]
        margin = (min(scores[p] for p in winners) - max(losers)) if winners and losers else math.nan
        total = len(counts)
        g = self.per_game
        g["game_decisions"].append(total)
        g["rounds"].append(rnd)
        g["winners"].append(len(winners))
        g["margin"].append(margin)
        g["lead_changes"].append(changes)
        g["branching"].append(sum(counts) / total if total else math.nan)
        sums, tenths = self.sums, self.counts
        lo = 0
        for b in range(BINS):           # decision d is in tenth d * BINS // total
            hi = -(-(b + 1) * total // BINS)
            sums[b] += sum(counts[lo:hi])
            tenths[b] += hi - lo
            lo = hi

    def pack(self) -> dict:
        """The batch as arrays (compact to send and to keep)."""
        return {"index": np.array(self.index, dtype=np.int64),
                "seed": np.array(self.seeds, dtype=np.int64),
                **{c: _array(v) for c, v in self.seat.items()},
                "parts": [_array(v) for v in self.parts],
                **{c: _array(v) for c, v in self.per_game.items()},
                "failures": self.failures, "sums": self.sums, "counts": self.counts}


def _array(values: list) -> np.ndarray:
    a = np.array(values)
    if a.dtype == object:                 # exact fractions and the like: as floats
        a = a.astype(float)
    return a


def _error(err: BaseException) -> str:
    return f"{type(err).__name__}: {cut(str(err), 300)}"


def _lead(scores, leader: int, changes: int) -> tuple[int, int]:
    """The sole leader by score (or the last one while several tie) and the lead changes so far."""
    best = max(scores)
    if scores.count(best) == 1:
        new = scores.index(best)
        if leader >= 0 and new != leader:
            changes += 1
        leader = new
    return leader, changes


def predicate(k: Any, forbid: Any) -> Callable[[Any, Any], bool] | None:
    """The ``(state, action) -> forbidden`` predicate of a sweep's ``forbid`` (a predicate, a
    restriction or a restriction's name)."""
    if isinstance(forbid, str):
        forbid = k.restrictions[forbid]
    return getattr(forbid, "test", forbid)


# ---- the sweep ---------------------------------------------------------------------------------
def simulate(game: str, games: int = 1000, players: int = 2, bots: Any = "random", seed: int = 0, *,
             workers: int | None = None, client: Any = None, batch: int | None = None,
             progress: Any = True, forbid: Any = None):
    """Play ``games`` games of ``game`` with ``bots`` and return their :class:`Results`.

    ``bots``: ``"random"``, ``"greedy"``, ``"mcts:N"`` or a function of the state (also ``f(state,
    rng)``), one for every seat or a list with one per seat. Game ``i`` has seed
    ``game_seed(seed, i)``. ``workers=k`` plays on k local processes, ``client=`` on Dask (a
    ``dask.distributed.Client`` or a scheduler address); the table is the same either way.
    ``batch``: games per task. ``progress``: a bar (True), nothing (False), or a function called
    with (games done, games). ``forbid``: a predicate ``(state, action) -> True when forbidden``,
    a restriction or a restriction's name; it restricts seat ``i % players`` in game ``i``.
    Interrupting returns the games finished so far, marked ``partial``.

    >>> res = simulate("corinth", games=4, players=2, progress=False)
    >>> len(res.table), res.partial, res.games_done
    (8, False, 4)
    """
    k = _kit(game)
    sweep, labels = _check(k, games, players, bots, seed, forbid)
    if client is not None and workers is not None:
        raise OptionError("give workers (a local process pool) or client (Dask), not both")
    if workers is not None and (type(workers) is not int or not 1 <= workers <= 1024):
        raise OptionError(f"workers must be a whole number of processes from 1 to 1024, or None for "
                          f"this process alone, not {shorten(workers, 60)}")
    if batch is not None and (type(batch) is not int or batch < 1):
        raise OptionError(f"batch must be a positive whole number of games per task, not "
                          f"{shorten(batch, 60)}")
    if not (type(progress) is bool or callable(progress)):
        raise OptionError(f"progress must be True, False or a function of (games done, games), not "
                          f"{shorten(progress, 60)}")
    if sweep.forbid is not None:
        _probe(k, sweep)
    client, own = _connect(client) if client is not None else (None, None)
    collect = Collector(sweep)
    bar = Progress(progress, games, f"{k.label}, {players} players")
    partial = False
    try:
        if client is not None:
            _run_dask(sweep, games, client, batch, collect, bar)
        elif workers is not None:
            _run_pool(sweep, games, workers, batch, collect, bar)
        else:
            _run_here(sweep, games, batch or 200, collect, bar)
    except KeyboardInterrupt:
        partial = True
    finally:
        bar.close(partial)
        if own is not None:
            own.close()
    from ._results import Results
    return Results.collect(sweep, labels, collect, games=games, partial=partial or collect.done < games)


def _check(k: Any, games: Any, players: Any, bots: Any, seed: Any, forbid: Any) -> tuple[Sweep, tuple]:
    if type(games) is not int or games <= 0:
        raise OptionError(f"games must be a positive whole number, not {shorten(games, 60)}")
    if type(players) is not int or players not in k.players:
        counts = ", ".join(map(str, k.players[:-1])) + f" or {k.players[-1]}"
        raise OptionError(f"{k.label} is played by {counts} players, not {shorten(players, 60)}")
    seed = checked_seed(seed)
    specs = tuple(bots) if isinstance(bots, (list, tuple)) else (bots,) * players
    if len(specs) != players:
        raise OptionError(f"give one bot for every seat or a list of {players} (one per seat), not "
                          f"{len(specs)}: {shorten(bots, 80)}")
    labels = tuple(spec_label(b) for b in specs)          # checks every spec
    categories = tuple(k.new_game(players, 0).result().categories)
    return Sweep(k.name, players, specs, seed, _forbid(k, forbid), categories), labels


def _forbid(k: Any, forbid: Any) -> Any:
    if forbid is None or callable(forbid) and not hasattr(forbid, "test"):
        return forbid
    if isinstance(forbid, str):
        try:
            named = k.restrictions
        except ImportError:
            raise OptionError(f"{k.label} has no named restrictions; give forbid as a function "
                              f"(state, action) -> True when forbidden") from None
        if forbid not in named:
            raise OptionError(f"{k.label} has no restriction {shorten(forbid, 60)}; its "
                              f"restrictions are: {', '.join(sorted(named))}")
        return forbid
    if callable(getattr(forbid, "test", None)):
        return forbid
    raise OptionError(f"forbid must be a function (state, action) -> True when forbidden, a "
                      f"restriction or a restriction's name, not {shorten(forbid, 60)}")


def _probe(k: Any, sweep: Sweep) -> None:
    """Refuse a ``forbid`` that forbids every choice: in a trial game with random bots (seat 0
    restricted), it must leave at least one of seat 0's decisions a choice."""
    test = predicate(k, sweep.forbid)
    rng = np.random.default_rng(sweep.seed)
    s = k.new_game(sweep.players, game_seed(sweep.seed, 0))
    own = blocked = 0
    while not s.is_over:
        acts = s.legal_actions()
        if s.current_player == 0:
            try:
                allowed = [a for a in acts if not test(s, a)]
            except Exception as err:
                raise OptionError(f"forbid failed on a legal action of {k.label}: "
                                  f"{_error(err)}") from None
            own += 1
            blocked += not allowed
            acts = allowed or acts
        s = s.apply(acts[int(rng.integers(len(acts)))])
    if own and blocked == own:
        raise OptionError(f"forbid forbids everything: in a trial game of {k.label} it forbade "
                          f"every legal action at each of the restricted seat's {own} decisions")


class Collector:
    """Adds up the batches as they arrive."""

    def __init__(self, sweep: Sweep):
        self.sweep = sweep
        self.batches: list[dict] = []
        self.failures: list[tuple] = []
        self.sums = [0] * BINS
        self.counts = [0] * BINS
        self.done = 0

    def add(self, packed: dict) -> None:
        if len(packed["index"]):
            self.batches.append({k: v for k, v in packed.items()
                                 if k not in ("failures", "sums", "counts")})
        self.failures.extend(packed["failures"])
        self.sums = [a + b for a, b in zip(self.sums, packed["sums"])]
        self.counts = [a + b for a, b in zip(self.counts, packed["counts"])]
        self.done += len(packed["index"]) + len(packed["failures"])


def _ranges(games: int, size: int) -> Iterator[tuple[int, int]]:
    return ((a, min(a + size, games)) for a in range(0, games, size))


def _run_here(sweep: Sweep, games: int, size: int, collect: Collector, bar: Progress) -> None:
    batch = Batch(sweep)
    try:
        for i in range(games):
            batch.play(i)
            bar.update(1)
            if len(batch) >= size:
                collect.add(batch.pack())
                batch = Batch(sweep)
    finally:
        collect.add(batch.pack())           # the games finished before an interruption count


def _pickled(sweep: Sweep) -> bytes:
    """The sweep as bytes for the workers: with cloudpickle (Dask's) when installed, so bots and
    forbid functions written in a notebook travel too."""
    try:
        import cloudpickle
        dumps = cloudpickle.dumps
    except ImportError:
        dumps = pickle.dumps
    try:
        return dumps(sweep)
    except Exception as err:
        raise OptionError(f"the bots and forbid must be picklable to play on other processes "
                          f"(functions defined in a module, or install cloudpickle): "
                          f"{_error(err)}") from None


def _quiet() -> None:
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)          # only the main process stops the sweep


def _run_pool(sweep: Sweep, games: int, workers: int, size: int | None, collect: Collector,
              bar: Progress) -> None:
    """A local process pool (see :func:`_start_method` for how its workers start)."""
    import concurrent.futures as cf
    import multiprocessing as mp
    payload = _pickled(sweep)
    size = size or max(1, min(POOL_BATCH, -(-games // (workers * 8))))
    method = _start_method(mp.get_all_start_methods())
    context = mp.get_context(method)
    if method == "forkserver":
        # the fork server (started once) imports the runner and the game: workers start at once
        context.set_forkserver_preload([__name__, f"{_kit(sweep.game).bots.__name__}"])
    pool = cf.ProcessPoolExecutor(workers, mp_context=context, initializer=_quiet)
    ranges = _ranges(games, size)
    pending: dict = {}
    finished = False
    try:
        for a, b in itertools.islice(ranges, 2 * workers):
            pending[pool.submit(play_range, payload, a, b)] = b - a
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                n = pending.pop(future)
                collect.add(_result(future))
                bar.update(n)
                for a, b in itertools.islice(ranges, 1):
                    pending[pool.submit(play_range, payload, a, b)] = b - a
        finished = True
    finally:
        if not finished:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


def _start_method(available: list[str]) -> str:
    """How the pool's workers start. A plain script with one thread forks (the workers are copies
    of it, and the script is not run again, so a sweep at its top level needs no
    ``if __name__ == "__main__":``). Anywhere else (a notebook's kernel, whose threads may hold
    locks that a forked copy would wait on forever) a fork server: a fresh single-threaded process
    that forks the workers; ``spawn`` where neither exists."""
    import threading
    script = getattr(sys.modules.get("__main__"), "__file__", None) is not None
    if script and threading.active_count() == 1 and "fork" in available:
        return "fork"
    return "forkserver" if "forkserver" in available else "spawn"


def _result(future: Any) -> dict:
    try:
        return future.result()
    except (KeyboardInterrupt, ExplorerError):
        raise
    except Exception as err:
        raise ExplorerError(f"a worker could not play its games ({_error(err)}); the workers must "
                            f"be able to import this explorer, and a script that starts threads "
                            f"before a sweep must run it under if __name__ == '__main__':") from err


def _connect(client: Any) -> tuple[Any, Any]:
    """The Dask client to play on, and the one this call opened (to close) if given an address."""
    try:
        from distributed import Client
    except ImportError:
        raise MissingExtra("playing on Dask (client=)", "dask", "dask.distributed") from None
    if isinstance(client, str):
        try:
            own = Client(client, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as err:
            raise OptionError(f"no Dask scheduler answered at {shorten(client, 80)} within "
                              f"{CONNECT_TIMEOUT} s ({_error(err)})") from None
        return own, own
    if not callable(getattr(client, "submit", None)):
        raise OptionError(f"client must be a dask.distributed.Client or a scheduler address "
                          f"(e.g. 'tcp://127.0.0.1:8786'), not {shorten(client, 60)}")
    return client, None


def _run_dask(sweep: Sweep, games: int, client: Any, size: int | None, collect: Collector,
              bar: Progress) -> None:
    from distributed import as_completed
    futures: dict = {}
    try:
        payload = _pickled(sweep)
        threads = max(1, sum(client.nthreads().values()))
        size = size or max(1, min(DASK_BATCH, -(-games // (threads * 4))))
        for a, b in _ranges(games, size):
            futures[client.submit(play_range, payload, a, b, pure=False)] = b - a
        for future in as_completed(list(futures), loop=client.loop):
            collect.add(_result(future))
            bar.update(futures.pop(future))
            future.release()
    finally:
        if futures:
            client.cancel(list(futures))


# ---- progress ----------------------------------------------------------------------------------
class Progress:
    """Games done, rate and time left: an ipywidget bar in a notebook, a line of text on a
    terminal, a function's calls, or nothing."""

    EVERY = 0.2            # seconds between redraws

    def __init__(self, how: Any, total: int, title: str):
        self.hook = how if callable(how) else None
        self.show = how is True
        self.total, self.title, self.done = total, title, 0
        self.start = self.next = time.monotonic()
        self.widget = None
        if self.show and _in_notebook():
            import ipywidgets as w
            from IPython.display import display
            self.bar = w.IntProgress(value=0, min=0, max=total, description="",
                                     layout=w.Layout(width="40%"))
            self.text = w.HTML()
            self.widget = w.HBox([w.HTML(f"<b>{title}</b>&nbsp;"), self.bar, self.text])
            display(self.widget)

    def update(self, n: int) -> None:
        self.done += n
        if self.hook is not None:
            self.hook(self.done, self.total)
        if self.show:
            now = time.monotonic()
            if now >= self.next and self.done < self.total:
                self.next = now + self.EVERY
                self._draw(now, "")

    def close(self, partial: bool = False) -> None:
        if self.show:
            self._draw(time.monotonic(), " (interrupted)" if partial else "")
            if self.widget is None:
                sys.stderr.write("\n")
            else:
                self.bar.bar_style = "warning" if partial else "success"

    def _draw(self, now: float, note: str) -> None:
        took = max(now - self.start, 1e-9)
        rate = self.done / took
        line = f"{self.done:,}/{self.total:,} games · {rate:,.0f} games/s"
        if self.done < self.total and rate > 0 and not note:
            line += f" · {_duration((self.total - self.done) / rate)} left"
        elif self.done:
            line += f" · {_duration(took)}"
        if self.widget is None:
            sys.stderr.write(f"\r{self.title}: {line}{note}   ")
            sys.stderr.flush()
        else:
            self.bar.value = self.done
            self.text.value = f"&nbsp;{line}{note}"


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def _in_notebook() -> bool:
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return type(shell).__name__ == "ZMQInteractiveShell"
