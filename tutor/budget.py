"""Work budgets for user-supplied content, and results cached by the content's hash.

A share link, an uploaded or pasted scenario, a practice item or a teacher's draw makes the server solve
something a user chose. Each runs under a budget:

- **counts checked before any work**: at most ``Limits.questions`` questions in a file and ``Limits.plays``
  plays in all its lines of play (the scenario's plays plus every question's ``then:`` or ``instead:``).
  User content is counted from the parser's events before anything is built (:func:`admit_text`), and the
  count stops at the first item over the limit, so refusing a huge link costs what its first items cost;
  a library file is counted exactly once loaded (:func:`admit`, for ``rules-tutor check``);
- **a CPU-time guard while solving** (:func:`running`, :func:`tick`): the work between two checkpoints is
  small (one question, one play, one variation, one generated candidate), and a checkpoint stops the
  request once its thread has used more than ``Limits.cpu`` CPU seconds.

Over a budget, :class:`OverBudget` says which limit and the figure; the pages translate it. The library's
largest file has 6 questions and 6 plays (``rules-tutor check`` applies the same counts to every file).

Results are cached by content (:class:`ContentCache`): a bounded LRU keyed by the SHA-256 of the canonical
content and whatever else changes the result, which solves a key once even when 30 students open the same
link at the same moment (the others wait for the first and share its result). A refusal is cached too, so
an expensive link costs its CPU budget once, not once per visitor.

>>> admit({"questions": [{"id": "a"}] * 3, "actions": [{}] * 2}, Limits(questions=2))
Traceback (most recent call last):
...
tutor.budget.OverBudget: 3 questions: at most 2 in one situation
>>> with running(Limits(cpu=60)) as b:
...     tick()
...     b.used < 60
True
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, TypeVar

import yaml

from tutor.yamlio import MAX_CHARS, StrictLoader

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    questions: int = 40  # questions in one file or link (the library's largest: 6)
    plays: int = 120  # plays in all of a file's lines of play (the library's largest: 6)
    cpu: float = 3.0  # CPU seconds one request may spend solving (a library file takes 0.01)


CONTENT = Limits()
"""A share link, an upload or pasted YAML on the ruling page."""

DRAW = Limits(cpu=2.0)
"""Generating items while a teacher or a learner waits (the background pool has no budget of its own)."""


class OverBudget(Exception):
    """Work refused or stopped: ``limit`` is ``questions``, ``plays`` or ``cpu``; ``figure`` what the content
    has (or used so far), ``cap`` the limit."""

    def __init__(self, limit: str, figure: float, cap: float, more: bool = False) -> None:
        self.limit, self.figure, self.cap = limit, figure, cap
        self.more = more  # counting stopped at the first item over the cap: the content has at least ``figure``
        super().__init__(self.english())

    def english(self) -> str:
        if self.limit == "cpu":
            return (f"stopped after {self.figure:.1f} CPU seconds: at most {self.cap:g} for one request "
                    "(fewer questions or plays would fit)")
        if self.more:
            return f"more than {self.cap:,.0f} {self.limit}: at most {self.cap:,.0f} in one situation"
        return f"{self.figure:,.0f} {self.limit}: at most {self.cap:,.0f} in one situation"

    def __reduce__(self) -> tuple[Any, ...]:
        return OverBudget, (self.limit, self.figure, self.cap, self.more)


# -- counts, before any work ---------------------------------------------------------------------------
def count(data: Any) -> tuple[int, int]:
    """(questions, plays) of a scenario's raw data: the plays of its own line and of every question's
    ``then:`` or ``instead:`` (whatever their shape; the schema checks them later)."""
    if not isinstance(data, dict):
        return 0, 0
    questions = data.get("questions")
    questions = questions if isinstance(questions, list) else []
    actions = data.get("actions")
    plays = len(actions) if isinstance(actions, list) else 0
    for q in questions:
        if isinstance(q, dict):
            for key in ("then", "instead"):
                more = q.get(key)
                plays += len(more) if isinstance(more, list) else 0
    return len(questions), plays


def admit(data: Any, limits: Limits = CONTENT) -> None:
    """Raise :class:`OverBudget` if the content has more questions or plays than ``limits`` allow."""
    questions, plays = count(data)
    if questions > limits.questions:
        raise OverBudget("questions", questions, limits.questions)
    if plays > limits.plays:
        raise OverBudget("plays", plays, limits.plays)


@dataclass
class _Open:
    """A collection the parser is inside: a mapping waits for a key or a value; ``where`` is its place."""

    mapping: bool
    where: tuple[str | None, ...]
    key_next: bool = True
    key: str | None = None


_QUESTION = ((None, "questions", "-"),)
_PLAY = ((None, "actions", "-"), (None, "questions", "-", "then", "-"), (None, "questions", "-", "instead", "-"))


def admit_text(text: str, limits: Limits = CONTENT) -> None:
    """Raise :class:`OverBudget` (``more`` set) at the first question or play over ``limits``, counted from
    the parser's events, before anything is built: a link of 320 questions is refused after reading 41.
    Text that does not parse is let through, for the loader to report where it breaks. Agrees with
    :func:`admit` on every text that loads (a test checks both on generated texts).

    >>> admit_text("questions:\\n" + "- {id: q}\\n" * 5, Limits(questions=3))
    Traceback (most recent call last):
    ...
    tutor.budget.OverBudget: more than 3 questions: at most 3 in one situation
    """
    if len(text) > MAX_CHARS:
        return  # refused by the loader's own size check, before any parsing
    loader = StrictLoader(text)
    next_event: Callable[[], yaml.Event] = loader.get_event  # untyped in PyYAML's stubs (as in yamlio.scan)
    frames: list[_Open] = []
    questions = plays = 0
    try:
        while loader.check_event():
            ev = next_event()
            if isinstance(ev, yaml.CollectionEndEvent):
                frames.pop()
                continue
            if not isinstance(ev, yaml.NodeEvent):
                continue
            where: tuple[str | None, ...] = (None,)
            if frames:
                top = frames[-1]
                if top.mapping and top.key_next:  # a mapping's key: remember it, count nothing
                    top.key_next, top.key = False, ev.value if isinstance(ev, yaml.ScalarEvent) else None
                    if isinstance(ev, yaml.CollectionStartEvent):
                        frames.append(_Open(isinstance(ev, yaml.MappingStartEvent), (*top.where, None)))
                    continue
                top.key_next = top.mapping
                where = (*top.where, top.key if top.mapping else "-")
            if where in _QUESTION:
                questions += 1
                if questions > limits.questions:
                    raise OverBudget("questions", questions, limits.questions, more=True)
            elif where in _PLAY:
                plays += 1
                if plays > limits.plays:
                    raise OverBudget("plays", plays, limits.plays, more=True)
            if isinstance(ev, yaml.CollectionStartEvent):
                frames.append(_Open(isinstance(ev, yaml.MappingStartEvent), where))
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()


# -- CPU time, while solving ---------------------------------------------------------------------------
class Budget:
    """The CPU time of the thread that runs a request (each Streamlit session runs in its own thread, so
    other users' work is never counted)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.start = time.thread_time()

    @property
    def used(self) -> float:
        return time.thread_time() - self.start

    def charge(self) -> None:
        used = self.used
        if used > self.limits.cpu:
            raise OverBudget("cpu", used, self.limits.cpu)


_current: ContextVar[Budget | None] = ContextVar("rules_tutor_budget", default=None)


@contextmanager
def running(limits: Limits = CONTENT) -> Iterator[Budget]:
    """Run the block under a CPU budget; :func:`tick` anywhere inside checks it. Nested budgets keep the
    outer one (a what-if variation is solved inside its page's budget)."""
    outer = _current.get()
    if outer is not None:
        yield outer
        return
    budget = Budget(limits)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def tick() -> None:
    """A checkpoint between two small pieces of work: raises :class:`OverBudget` once the running budget is
    spent; does nothing outside :func:`running`."""
    budget = _current.get()
    if budget is not None:
        budget.charge()


# -- results by content --------------------------------------------------------------------------------
def content_key(*parts: object) -> str:
    """SHA-256 of the parts (the canonical text first: line endings made ``\\n``), separated unambiguously."""
    h = hashlib.sha256()
    for part in parts:
        text = str(part).replace("\r\n", "\n").replace("\r", "\n")
        data = text.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


class ContentCache(Generic[T]):
    """A bounded LRU of results (or refusals) by content key; each key is computed once at a time. Bounded by
    ``max_entries`` and, with ``weigh`` (e.g. a ruling's question count), by ``max_weight`` in all."""

    def __init__(self, max_entries: int = 256, max_weight: float = float("inf"),
                 weigh: Callable[[Any], float] = lambda _: 1.0) -> None:
        self.max_entries, self.max_weight, self.weigh = max_entries, max_weight, weigh
        self.weight = 0.0
        self._items: OrderedDict[str, tuple[bool, Any]] = OrderedDict()
        self._weights: dict[str, float] = {}
        self._lock = threading.Lock()
        self._inflight: dict[str, threading.Lock] = {}
        self.computed = 0  # how many times a result was computed (tests and benches read it)

    def get(self, key: str, compute: Callable[[], T], keep: tuple[type[BaseException], ...] = (OverBudget,)) -> T:
        """The cached result for ``key``, else ``compute()`` stored; an exception of a ``keep`` type is stored
        and raised again for the same key, any other is raised and not stored."""
        while True:
            with self._lock:
                if key in self._items:
                    self._items.move_to_end(key)
                    ok, value = self._items[key]
                    break
                gate = self._inflight.get(key)
                if gate is None:
                    gate = self._inflight[key] = threading.Lock()
                    gate.acquire()
                    mine = True
                else:
                    mine = False
            if not mine:
                with gate:  # wait for the thread computing it, then read its result (or compute, if it failed)
                    pass
                continue
            try:
                try:
                    result: Any = compute()
                    ok, value = True, result
                except keep as err:
                    ok, value = False, err
                w = self.weigh(value) if ok else 1.0
                with self._lock:
                    self.computed += 1
                    self._items[key] = (ok, value)
                    self._weights[key] = w
                    self.weight += w
                    while len(self._items) > 1 and (len(self._items) > self.max_entries
                                                    or self.weight > self.max_weight):
                        old, _ = self._items.popitem(last=False)
                        self.weight -= self._weights.pop(old)
            finally:
                with self._lock:
                    self._inflight.pop(key, None)
                gate.release()
            break
        if ok:
            return value  # type: ignore[no-any-return]
        raise value.with_traceback(None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._weights.clear()
            self.weight = 0.0

    def __len__(self) -> int:
        return len(self._items)


__all__ = ["CONTENT", "DRAW", "Budget", "ContentCache", "Limits", "OverBudget", "admit", "content_key", "count",
           "running", "tick"]
