"""One runner for every batch of simulated games: in this process, on local worker processes, or on Ray.

A game is a :class:`Task`, identified by (game, players, options, a bot per seat, seed); the runner plays each
task wherever it is sent and gives back one record per task (:func:`play_task`), and :func:`run_tasks` returns
them in task order, so whatever summarises them (``pyapp.sim``, ``tools/balance_*.py``,
``tools/bot_strength.py``) gets the same list however the work was split.  Backends:

- ``jobs=1``: one game after another in this process (what the Python API does unless told otherwise);
- ``jobs=N``: N local worker processes (:mod:`concurrent.futures`);
- ``backend="ray"``: Ray tasks on the cluster at ``address`` (or ``RAY_ADDRESS``), or on a local Ray instance
  with ``jobs`` CPUs when none is given; records stream back as games finish, and a task whose worker died is
  run again (``max_retries``).  Ray is an optional extra (``pip install .[cluster]``), imported only here.

``out=FILE`` appends every record to FILE (JSON lines after one header line) as its game finishes;
``resume=True`` reads FILE back, keeps the games already played and plays only the rest.  Progress (games
done, games per second, time left) goes to standard error.  Nothing here is imported by the browser.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import time
import traceback
import zlib
from dataclasses import dataclass, field

from . import bots as botlib
from . import games

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from .engine.core import Game, State

FORMAT = 1                       # the --out file's format
RETRIES = 3                      # a chunk whose worker died (local pool or Ray) is run again this many times


def play(game: Game, players: int, seed: int, bot_names: Sequence[str], max_actions: int = 100000,
         options: dict | None = None, think: list[list[float]] | None = None) -> tuple[State, int]:
    """Play one game; returns (state, actions taken).  Seat ``i`` plays ``bot_names[i % len(bot_names)]``,
    seeded ``seed * 31 + i``.  With ``think`` (one list per seat), each decision's CPU time is appended."""
    state = game.new(players, seed, options)
    seat_bots = [botlib.make(game.id, bot_names[i % len(bot_names)], seed * 31 + i) for i in range(players)]
    n = 0
    while not state.is_over:
        if n >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        seat = state.to_act[0]
        if think is None:
            state.apply(seat, seat_bots[seat].choose(state, seat))
        else:
            t = time.process_time()
            action = seat_bots[seat].choose(state, seat)
            think[seat].append(time.process_time() - t)
            state.apply(seat, action)
        n += 1
    return state, n


@dataclass
class Task:
    """One game to play.  ``bots``: one name per seat.  ``think``: record each decision's CPU time per seat.
    ``view``: keys of the final public view to copy into the record.  ``prepare``: ``[where, function, args]``,
    a hook run once in a worker before its first game with that hook (content patched in memory for a balance
    screen): ``where`` is a module name or a ``.py`` file (its text is shipped to Ray workers)."""
    index: int
    game: str
    players: int
    seed: int
    bots: list[str]
    options: dict | None = None
    max_actions: int = 100000
    think: bool = False
    view: list[str] = field(default_factory=list)
    prepare: list | None = None

    def key(self) -> dict:
        return {"i": self.index, "game": self.game, "players": self.players, "seed": self.seed, "bots": self.bots,
                "options": self.options, "max": self.max_actions, "think": self.think, "view": self.view,
                "prepare": self.prepare}


_APPLIED: list[str | None] = [None]        # the prepare hook this process applied last


def _hook_module(where: str, sources: dict[str, str] | None) -> Any:
    if not where.endswith(".py"):
        return importlib.import_module(where)
    path = os.path.realpath(where)
    for mod in list(sys.modules.values()):          # the tool already loaded here (this process, or forked)
        f = getattr(mod, "__file__", None)
        if f and os.path.realpath(f) == path:
            return mod
    import types
    name = f"_simrun_hook_{zlib.crc32(path.encode()):08x}"
    mod = types.ModuleType(name)
    text = sources[where] if sources and where in sources else open(where, encoding="utf-8").read()
    mod.__file__ = path
    sys.modules[name] = mod
    exec(compile(text, where, "exec"), mod.__dict__)
    return mod


def _prepare(spec: list | None, sources: dict[str, str] | None = None) -> None:
    if spec is None:
        return
    key = json.dumps(spec)
    if _APPLIED[0] == key:
        return
    where, func, args = spec
    getattr(_hook_module(where, sources), func)(*args)
    _APPLIED[0] = key


def play_task(task: Task, sources: dict[str, str] | None = None) -> dict:
    """Play ``task``; its record: ``i``, ``seed``, ``bots``, ``seconds`` (wall), ``cpu`` (CPU time of the
    worker) and either ``actions``, ``kind``, ``winners``, ``returns``, ``reason`` (plus ``think``, ``view`` when
    asked) or ``error`` and ``trace``.  An exception in a game is recorded, not raised: a batch summarises many
    games."""
    t0, c0 = time.perf_counter(), time.process_time()
    rec: dict[str, Any] = {"i": task.index, "seed": task.seed, "bots": list(task.bots)}
    try:
        _prepare(task.prepare, sources)
        think: list[list[float]] | None = [[] for _ in range(task.players)] if task.think else None
        state, n = play(games.get(task.game), task.players, task.seed, task.bots, task.max_actions, task.options,
                        think)
        out = state.outcome()
        if out is None:              # play() returns only finished games; a rules bug is reported, not raised
            rec.update(error="the game ended without an outcome", trace="")
        else:
            rec.update(actions=n, kind=out.kind, winners=list(out.winners), returns=list(out.returns),
                       reason=out.reason)
            if think is not None:
                rec["think"] = [[round(t, 6) for t in ts] for ts in think]
            if task.view:
                v = state.view(None)
                rec["view"] = {k: v.get(k) for k in task.view}
    except Exception as exc:
        rec.update(error=f"{type(exc).__name__}: {exc}", trace=traceback.format_exc(limit=3))
    rec["seconds"] = round(time.perf_counter() - t0, 4)
    rec["cpu"] = round(time.process_time() - c0, 4)
    return rec


def play_chunk(tasks: list[Task], sources: dict[str, str] | None = None) -> list[dict]:
    return [play_task(t, sources) for t in tasks]


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Progress:
    """Games done, games per second and time left on standard error: rewritten in place on a terminal,
    a line every few seconds otherwise."""

    def __init__(self, total: int, done: int = 0, label: str = "", enabled: bool = True) -> None:
        self.total, self.done, self.start_done = total, done, done
        self.label = f"{label}: " if label else ""
        self.enabled = enabled and total > 0
        self.tty = sys.stderr.isatty()
        self.t0 = self.last = time.perf_counter()

    def line(self) -> str:
        secs = time.perf_counter() - self.t0
        rate = (self.done - self.start_done) / secs if secs > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        eta = f"{int(left // 60)}:{int(left % 60):02d} left" if left is not None else "time left unknown"
        return f"{self.label}{self.done}/{self.total} games, {rate:.2f} games/s, {eta}"

    def add(self, n: int = 1) -> None:
        self.done += n
        now = time.perf_counter()
        if not self.enabled or (now - self.last < (0.5 if self.tty else 5.0) and self.done < self.total):
            return
        self.last = now
        end = "\n" if self.done >= self.total or not self.tty else ""
        print(("\r\033[K" if self.tty else "") + self.line(), end=end, file=sys.stderr, flush=True)


def _chunks(tasks: list[Task], workers: int, most: int) -> list[list[Task]]:
    """Tasks in chunks of at most ``most`` games, about 16 chunks per worker (even load).  A chunk's records
    come back when all its games are done, so an interrupted run loses at most the chunks under way."""
    size = max(1, min(most, len(tasks) // max(1, workers * 16)))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


def _digest(tasks: list[Task]) -> str:
    text = json.dumps([t.key() for t in tasks], sort_keys=True)
    return f"{len(tasks)}:{zlib.crc32(text.encode()):08x}:{zlib.adler32(text.encode()):08x}"


class OutFile:
    """The ``--out`` file: a header line naming the batch, then one JSON record a line in the order games
    finished.  A line cut off by an interrupted write is dropped when the file is read back."""

    def __init__(self, path: str, tasks: list[Task], resume: bool) -> None:
        self.path = path
        header = {"simrun": FORMAT, "digest": _digest(tasks), "games": len(tasks),
                  "first": tasks[0].key() if tasks else None}
        self.records: dict[int, dict] = {}
        if os.path.exists(path) and os.path.getsize(path) > 0:
            if not resume:
                raise SystemExit(f"{path} exists: add --resume to continue that run, or remove the file")
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")
            try:
                old = json.loads(lines[0])
            except ValueError:
                raise SystemExit(f"{path}: not a simulation record file") from None
            if old.get("digest") != header["digest"]:
                raise SystemExit(f"{path} holds another batch of games (other game, seeds, bots or options): "
                                 "--resume needs the same command")
            for line in lines[1:]:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue                            # the line an interruption cut off
                if isinstance(rec, dict) and isinstance(rec.get("i"), int) and 0 <= rec["i"] < len(tasks):
                    self.records[rec["i"]] = rec
        with open(path, "w", encoding="utf-8") as fh:    # rewritten whole: no cut-off line left behind
            fh.write(json.dumps(header) + "\n")
            for i in sorted(self.records):
                fh.write(json.dumps(self.records[i]) + "\n")
        self.fh = open(path, "a", encoding="utf-8")

    def add(self, rec: dict) -> None:
        self.fh.write(json.dumps(rec) + "\n")
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()


def _orphan_guard(parent: int) -> None:
    """In a local worker: end this process once the run that started it is gone (killed without cleaning up),
    instead of waiting forever for work."""
    import threading

    def watch() -> None:
        while True:
            time.sleep(2)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:          # the pid was reused by someone else's process: ours is gone
                os._exit(1)
    threading.Thread(target=watch, daemon=True).start()


def _local(chunks: list[list[Task]], jobs: int, take: Callable[[list[dict]], None]) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool
    # fresh worker processes (forkserver, or spawn where there is none), never forks of this one: a worker
    # holds only what its tasks set up (a lever, a patch), on every platform (imported by name: the runner
    # is never part of the browser's pruned standard library)
    mp = importlib.import_module("multiprocessing")
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    left = {id(c): c for c in chunks}
    for attempt in range(RETRIES + 1):
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(left)), mp_context=ctx, initializer=_orphan_guard,
                                   initargs=(os.getpid(),))
        try:
            futures = {pool.submit(play_chunk, c): k for k, c in left.items()}
            for fut in as_completed(futures):
                recs = fut.result()
                del left[futures[fut]]
                take(recs)
            return
        except BrokenProcessPool:
            if attempt == RETRIES:
                raise
            print(f"a worker process died: {sum(len(c) for c in left.values())} games again "
                  f"(retry {attempt + 1} of {RETRIES})", file=sys.stderr, flush=True)
        finally:                      # also on ^C: games not started are dropped, not played on
            pool.shutdown(wait=True, cancel_futures=True)


def ray_connect(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Ray, connected: to the cluster at ``address`` (or ``RAY_ADDRESS``), else to a new local instance with
    ``num_cpus`` CPUs; this package is shipped to the workers (the job's ``py_modules``), so a cluster needs
    only Ray and the same Python.  Returns the ``ray`` module."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SystemExit("--backend ray needs Ray: pip install 'ray==2.60.0' (or pip install .[cluster])") from None
    if not ray.is_initialized():
        env = {"py_modules": [os.path.dirname(os.path.abspath(__file__))], "excludes": ["__pycache__"]}
        address = address or os.environ.get("RAY_ADDRESS") or None
        if address:
            ray.init(address=address, runtime_env=env, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus, runtime_env=env, include_dashboard=False, log_to_driver=False)
    return ray


def _ray(chunks: list[list[Task]], jobs: int, address: str | None, take: Callable[[list[dict]], None]) -> None:
    mine = not importlib.util.find_spec("ray") or not importlib.import_module("ray").is_initialized()
    ray = ray_connect(address, jobs)
    try:
        remote = ray.remote(max_retries=RETRIES, num_cpus=1)(play_chunk)
        hooks = {t.prepare[0] for c in chunks for t in c if t.prepare and t.prepare[0].endswith(".py")}
        sources = {w: open(w, encoding="utf-8").read() for w in hooks}
        src_ref = ray.put(sources)
        pending = [remote.remote(c, src_ref) for c in chunks]
        while pending:                                   # streamed: each chunk's records as soon as it is done
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                take(ray.get(ref))
    finally:
        if mine:                                         # an instance this call started ends with it
            ray.shutdown()


def run_tasks(tasks: list[Task], *, jobs: int = 1, backend: str = "local", address: str | None = None,
              out: str | None = None, resume: bool = False, progress: bool = False, label: str = "",
              on_record: Callable[[dict], None] | None = None) -> list[dict]:
    """Play every task; their records in task order.  ``on_record`` sees each record as it arrives (games
    read back from ``out`` first, in task order; then as games finish)."""
    for k, t in enumerate(tasks):
        if t.index != k:
            raise ValueError(f"task {k} has index {t.index}: tasks are numbered 0, 1, 2, ...")
    records: dict[int, dict] = {}
    store = OutFile(out, tasks, resume) if out else None
    if store:
        for i in sorted(store.records):
            records[i] = store.records[i]
            if on_record:
                on_record(records[i])
    todo = [t for t in tasks if t.index not in records]
    bar = Progress(len(tasks), len(records), label, progress)

    def take(recs: list[dict]) -> None:
        for rec in recs:
            records[rec["i"]] = rec
            if store:
                store.add(rec)
            if on_record:
                on_record(rec)
        bar.add(len(recs))

    try:
        if not todo:
            pass
        elif backend == "ray":
            _ray(_chunks(todo, max(1, jobs), 8), max(1, jobs), address, take)
        elif backend != "local":
            raise ValueError(f"unknown backend {backend!r} (local or ray)")
        elif jobs <= 1 or len(todo) == 1:
            for t in todo:
                take([play_task(t)])
        else:
            _local(_chunks(todo, jobs, 1), jobs, take)           # one game a chunk: nothing lost on ^C
    finally:
        if store:
            store.close()
    return [records[t.index] for t in tasks]


class InOrder:
    """An ``on_record`` for a batch made of groups of consecutive tasks (the pairs of a balance table):
    ``done(key, records)`` is called for each group, in order, once it and every group before it are complete,
    so a tool prints and saves its rows in the same order however the games were split.

    >>> seen = []
    >>> each = InOrder([("a", 2), ("b", 1)], lambda key, recs: seen.append((key, [r["i"] for r in recs])))
    >>> for i in (2, 1, 0):
    ...     each({"i": i})
    >>> seen
    [('a', [0, 1]), ('b', [2])]
    """

    def __init__(self, groups: list[tuple[Any, int]], done: Callable[[Any, list[dict]], None]) -> None:
        self.groups, self.done = groups, done
        self.records: dict[int, dict] = {}
        self.next = self.start = 0

    def __call__(self, rec: dict) -> None:
        self.records[rec["i"]] = rec
        while self.next < len(self.groups):
            key, size = self.groups[self.next]
            if any(i not in self.records for i in range(self.start, self.start + size)):
                return
            self.done(key, [self.records.pop(i) for i in range(self.start, self.start + size)])
            self.next += 1
            self.start += size


def add_arguments(ap: Any) -> None:
    """The runner's command-line options, shared by ``pyapp.sim`` and the tools."""
    ap.add_argument("--jobs", type=int, default=default_jobs(),
                    help="worker processes (default: the cores this machine lets us use, here %(default)s); "
                         "with --backend ray and no cluster: the local Ray instance's CPUs")
    ap.add_argument("--backend", choices=["local", "ray"], default="local",
                    help="local worker processes, or Ray (pip install .[cluster])")
    ap.add_argument("--address", default=None,
                    help="the Ray cluster to use (default: RAY_ADDRESS, else a local Ray instance)")
    ap.add_argument("--out", default=None, metavar="FILE",
                    help="append every game's record to FILE as it finishes (JSON lines)")
    ap.add_argument("--resume", action="store_true", help="continue the run recorded in --out FILE")
    ap.add_argument("--quiet", action="store_true", help="no progress on standard error")


def runner_options(args: Any) -> dict:
    """The keyword arguments of :func:`run_tasks` from options added by :func:`add_arguments`."""
    if args.resume and not args.out:
        raise SystemExit("--resume needs --out FILE")
    return {"jobs": args.jobs, "backend": args.backend, "address": args.address, "out": args.out,
            "resume": args.resume, "progress": not args.quiet}
