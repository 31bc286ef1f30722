"""Generated items made ahead of a teacher's draw: a pool per game and rule, filled in the background.

Generating items for one rule takes seconds of CPU (most candidates do not hinge on that rule), far too long
to wait for while a teacher builds a quiz: it took 16-18 CPU-s per draw. So a draw takes items from a pool,
and the pool is filled by one worker process at low priority (``nice``: it never competes with pages for
the processor, nor for the server's interpreter lock), batch after batch, each batch the generator's own
seeded run. The pool of a (game, rule) starts on its first draw, or at start-up for every game's "any rule"
(:func:`warm`), and grows to ``TARGET`` items, or further while draws ask for more than it has.

**Same seed, same draw.** A pool's items come in a fixed order (batch 0, 1, 2 … of the seeded generator), and a
draw of *n* samples, by its seed, from the first ``WIDTH`` × *n* items that fit its difficulty: once a pool
holds that many, the draw never changes. A draw waits at most ``wait`` seconds for them (``None``: until the
pool has them or cannot grow), then takes what there is.
"""

from __future__ import annotations

import logging
import os
import pickle
import queue
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from tutor.games import GAMES
from tutor.practice.drawn import Drawn

log = logging.getLogger(__name__)

TARGET = 60  # items a pool is filled to without anyone waiting
BATCH = 12  # items asked of the generator per batch
MAX_BATCHES = 40  # a pool stops growing after this many batches (a rule whose items are rare)
WIDTH = 3  # a draw of n samples from the first WIDTH * n items that fit
NICE = 15  # the worker's priority (0 is normal; 19 the lowest)


@dataclass
class _Pool:
    items: list[Any] = field(default_factory=list)  # Drawn, in batch order
    ids: set[str] = field(default_factory=set)
    batches: int = 0
    barren: int = 0  # batches in a row that added nothing
    pending: Future[list[Any]] | None = None
    wanted: int = 0  # items that fit a waiting draw (the pool grows past TARGET for it)

    @property
    def exhausted(self) -> bool:
        return self.batches >= MAX_BATCHES or self.barren >= 3


_pools: dict[tuple[str, str | None], _Pool] = {}
_lock = threading.Condition()
_worker_: _Worker | None = None


class _Worker:
    """One child process (``python -m tutor.practice.pool``, niced) that runs batches sent to it one at a time,
    and the thread that feeds it; a child that dies is started again for the next batch."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[tuple[tuple[str, str | None, int], Future[list[Any]]]] = queue.Queue()
        self.proc: subprocess.Popen[bytes] | None = None
        threading.Thread(target=self._run, name="practice-pool", daemon=True).start()

    def submit(self, game: str, rule: str | None, k: int) -> Future[list[Any]]:
        fut: Future[list[Any]] = Future()
        self.jobs.put(((game, rule, k), fut))
        return fut

    def _start(self) -> subprocess.Popen[bytes]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        return subprocess.Popen([sys.executable, "-m", "tutor.practice.pool"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env)

    def _run(self) -> None:
        while True:
            job, fut = self.jobs.get()
            try:
                if self.proc is None or self.proc.poll() is not None:
                    self.proc = self._start()
                assert self.proc.stdin is not None and self.proc.stdout is not None
                pickle.dump(job, self.proc.stdin)
                self.proc.stdin.flush()
                ok, value = pickle.load(self.proc.stdout)
            except Exception as err:  # noqa: BLE001 - the child died or broke: this batch fails, the next restarts it
                self.proc = None
                fut.set_exception(err)
                continue
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(RuntimeError(value))


def _worker() -> _Worker:
    global _worker_
    if _worker_ is None:
        _worker_ = _Worker()
    return _worker_


def _serve() -> None:
    """The child: read (game, rule, k) jobs on stdin, answer each with (ok, items or the error) on stdout."""
    try:
        os.nice(NICE)
    except OSError:  # pragma: no cover - not allowed here: run at the normal priority
        pass
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else may write on the answers' channel
    while True:
        try:
            game, rule, k = pickle.load(stdin)
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, batch(game, rule, k))
        except Exception as err:  # noqa: BLE001 - reported to the parent, which logs it
            answer = (False, f"{type(err).__name__}: {err}")
        try:
            pickle.dump(answer, stdout)
            stdout.flush()
        except BrokenPipeError:  # the server has gone
            return


def batch(game: str, rule: str | None, k: int, size: int = BATCH) -> list[Any]:
    """Batch ``k`` of a pool: the generator's items for ``seed=k`` (what a draw used to generate while the
    teacher waited), as the quiz builder lists them. Runs in the worker process."""
    import copy

    from tutor.practice.generate import generate
    from tutor.quiz.spec import Item as QuizItem

    out = []
    for it in generate(game, count=size, seed=k, rule=rule, wrong=False):
        q = it.data["questions"][0]
        bare = copy.copy(it)  # a quiz never stores an answer: the item's file without its expect
        bare.data = {**it.data, "questions": [{key: v for key, v in q.items() if key != "expect"}]}
        out.append(Drawn(QuizItem(scenario=it.id, question=q["id"], text=bare.yaml()), it.data["title"],
                         q["prompt"], it.rule, it.rating, it.answer))
    return out


def _fits(pool: _Pool, band: tuple[float, float]) -> list[Any]:
    lo, hi = band
    return [d for d in pool.items if lo <= d.rating < hi]


def _refill(key: tuple[str, str | None]) -> None:
    """Start the pool's next batch if it needs one and none is running (call with the lock held)."""
    pool = _pools.setdefault(key, _Pool())
    if pool.pending is not None or pool.exhausted or (len(pool.items) >= TARGET and pool.wanted == 0):
        return
    fut = _worker().submit(key[0], key[1], pool.batches)
    pool.pending = fut
    fut.add_done_callback(lambda f: _merge(key, f))


def _merge(key: tuple[str, str | None], fut: Future[list[Any]]) -> None:
    with _lock:
        pool = _pools[key]
        pool.pending = None
        pool.batches += 1
        try:
            got = fut.result()
        except Exception:  # noqa: BLE001 - a failed batch adds nothing; the next one is tried
            log.exception("generating practice items for %s failed", key)
            got = []
        new = [d for d in got if d.item.scenario not in pool.ids]
        pool.items += new
        pool.ids.update(d.item.scenario for d in new)
        pool.barren = 0 if new else pool.barren + 1
        try:
            _refill(key)
        except RuntimeError:  # pragma: no cover - the interpreter is shutting down
            pass
        _lock.notify_all()


def warm(games: tuple[str, ...] | None = None) -> None:
    """Start filling every game's "any rule" pool (the server does at start-up); returns at once."""
    with _lock:
        for game in GAMES if games is None else games:
            _refill((game, None))


def draw(game: str, rule: str | None, band: tuple[float, float], n: int, seed: int,
         wait: float | None = 1.5) -> tuple[list[Any], bool]:
    """``n`` items of the (game, rule) pool rated within ``band`` (fewer if the pool has fewer after ``wait``
    seconds), and whether the pool is still growing (a later draw may find more)."""
    key = (game, rule)
    deadline = None if wait is None else time.monotonic() + wait
    with _lock:
        pool = _pools.setdefault(key, _Pool())
        want = WIDTH * n
        while True:
            fits = _fits(pool, band)
            if len(fits) >= want or pool.exhausted:
                break
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            pool.wanted = max(pool.wanted, want)
            _refill(key)
            _lock.wait(left)
        if len(fits) >= want:
            pool.wanted = 0
        else:
            pool.wanted = max(pool.wanted, want)
            _refill(key)  # grow on for the next draw
        growing = pool.pending is not None
    first = fits[:want]
    picks = sorted(random.Random(f"{game}:{rule}:{band}:{seed}").sample(range(len(first)), min(n, len(first))))
    return [first[i] for i in picks], growing


def size(game: str, rule: str | None = None) -> int:
    """How many items the pool holds now."""
    with _lock:
        pool = _pools.get((game, rule))
        return len(pool.items) if pool else 0


if __name__ == "__main__":
    _serve()

__all__ = ["BATCH", "MAX_BATCHES", "TARGET", "WIDTH", "batch", "draw", "size", "warm"]
