"""The resolution trace: what the engine did, step by step, and why.

Every step names the rule it applies, says what happened in one plain sentence, and
carries the source of that rule, so an explanation rendered from a trace cannot
contradict the answer computed from the same resolution. A step also says what it changed on the
table (:attr:`Step.effects`, see :mod:`engine.core.effects`), read from the table itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator

from engine.core.effects import Effect, Key, Snapshot, Value, diff, legal, merge

from engine.core.errors import IllegalPlay
from engine.core.glossary import Glossary
from engine.core.message import ENGLISH, Message, msg, render

LogFn = Callable[[str, "str | Message", int | None], None]
"""The callback engines log through while resolving: ``log(rule, text, phase)``; ``text`` is best a
:class:`~engine.core.message.Message` (the learner reads it in their language)."""
Log = LogFn | None
"""A log, or ``None`` on the fast path (no text is built then)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One resolution step."""

    rule: str
    text: str
    """The sentence in English."""
    source: str = ""
    phase: int | None = None  # game-specific: e.g. the attack step (1-6) in Marvel Champions
    message: Message | None = None
    """The same sentence, language-free (its template and parameters), for the tutor to render in the
    learner's language; ``None`` only for a sentence that exists in English alone."""
    effects: tuple[Effect, ...] = ()
    """What this step changed on the table: ``(key, before, after)`` per quantity (:mod:`engine.core.effects`);
    empty where the engine does not watch the table (a step built outside a watched resolution)."""

    def as_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "source": self.source, "phase": self.phase}


@dataclass(frozen=True, slots=True)
class Trace:
    """An immutable sequence of steps; ``add`` returns a new trace."""

    steps: tuple[Step, ...] = field(default_factory=tuple)

    def add(self, step: Step) -> "Trace":
        return Trace(self.steps + (step,))

    def extend(self, steps: Iterable[Step]) -> "Trace":
        return Trace(self.steps + tuple(steps))

    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


@dataclass(frozen=True, slots=True)
class Mark:
    """A named moment of a resolution and the position at it (``point``: e.g. ``step3``, ``turn_end``).

    Engines put marks between the steps of a trace, so a question asked at a moment can
    read the position there and its explanation can stop there. Marks never reach a learner.
    """

    point: str
    state: Any
    effects: tuple[Effect, ...] = ()
    """Changes made after this moment by no step of their own, before the next step or moment (e.g. the next
    choice opening once a card has resolved); a reader of "what changed" counts them with the step before."""


Event = Step | Mark


@dataclass(frozen=True, slots=True)
class Placed(Step):
    """A step with the position just after it, as an engine that threads frozen states builds it
    (``tracer.step(rule, text, phase, at=state)``, where ``state`` holds the change the step explains).
    :func:`place` turns it into a plain :class:`Step` whose effects are the quantities that changed since the event
    before; it never leaves the engine."""

    at: Any = None
    kept: tuple[Key, ...] = ()
    """The quantities the step's rule kept as they were (what did not happen), read at ``at`` (see :func:`keep`)."""


def place(events: Iterable[Event], start: Any, changes: Callable[[Any, Any], tuple[Effect, ...]],
          end: Any = None, read: Callable[[Any, Key], Value] | None = None) -> list[Event]:
    """The events of a resolution that threads frozen states, each step with its effects (:mod:`engine.core.effects`).

    ``start`` is the position before the first event, ``end`` (if given) the one after the last; ``changes(a, b)``
    is the game's ``diff(snapshot(a), snapshot(b))`` (it may skip what ``a`` and ``b`` share). Each :class:`Placed`
    step gets the quantities that changed between the position before it and its own; a change found at a
    :class:`Mark` or at ``end`` (made by no step of its own, e.g. the attack moving on to its next step) is the
    event's before it, as :meth:`Recorder.settle` counts it. A step without a position is allowed only as a refused
    play's verdict (its effect is the play's ``legal`` key); any other raises ``ValueError``, an engine bug. A step's
    :attr:`Placed.kept` keys are read at its position with ``read(state, key)`` and kept as ``(key, v, v)`` (as :func:`keep` does).
    """
    last = start
    out: list[Event] = []

    def settle(state: Any) -> None:
        nonlocal last
        if state is last:
            return
        effects = changes(last, state)
        last = state
        if effects:
            if not out:
                raise ValueError(f"a change before the first event: {effects}")
            out[-1] = replace(out[-1], effects=merge(out[-1].effects, effects))

    for e in events:
        if isinstance(e, Mark):
            settle(e.state)
            out.append(e)
        elif isinstance(e, Placed):
            effects = changes(last, e.at) if e.at is not last else ()
            last = e.at
            effects = merge(e.effects, effects) if e.effects else effects
            if e.kept:
                assert read is not None, "a step that holds quantities needs place(..., read=)"
                effects = merge(effects, tuple((k, v, v) for k in e.kept for v in (read(e.at, k),)))
            out.append(Step(e.rule, e.text, e.source, e.phase, e.message, effects))
        else:
            if not e.effects or any(k[1] != legal()[1] for k, _b, _a in e.effects):
                raise ValueError(f"the step {e.rule} ({e.text}) has no position: give it at=state")
            out.append(e)
    if end is not None:
        settle(end)
    return out


def steps_of(events: Iterable[Event]) -> tuple[Step, ...]:
    """The steps alone; a change a moment carries (:attr:`Mark.effects`) is counted with the step before it, or
    with the first step after it if none comes before, so the steps' effects still add up to the whole change."""
    out: list[Step] = []
    pending: tuple[Effect, ...] = ()
    for e in events:
        if isinstance(e, Mark):
            if e.effects and out:
                out[-1] = replace(out[-1], effects=merge(out[-1].effects, e.effects))
            elif e.effects:
                pending = merge(pending, e.effects)
        else:
            if pending:
                e, pending = replace(e, effects=merge(pending, e.effects)), ()
            out.append(e)
    return tuple(out)


def watch(log: object, probe: Callable[[], Snapshot]) -> None:
    """Let ``log`` read the table's quantities at every step if it records effects (a :class:`Recorder`);
    free otherwise (the fast path passes ``None``). ``probe`` reads the working board now; it is read at once
    (the position before the first change), then at each step the engine logs."""
    record = getattr(log, "watch", None)
    if record is not None:
        record(probe)


def note(log: object, *effects: Effect) -> None:
    """Give the step just logged effects the table cannot show by itself (free on the fast path, ``log`` None):

    - a quantity a rule **kept** unchanged, ``(key, v, v)``: an immunity that blocks a suit's power, a Defense card
      that absorbs the whole attack, a heal capped at the maximum; a question about that quantity is decided there;
    - a quantity **of the play** being resolved, ``(("play", q), None, value)``: its attack value, its cards, the
      damage it deals (not quantities of a position, like the verdict :func:`~engine.core.effects.legal`).

    A kept quantity must hold its value in the position (the effects test replays it)."""
    record = getattr(log, "note", None)
    if record is not None and effects:
        record(effects)


def credit(log: object, rule: str, keys: tuple[Key, ...] | None = None) -> None:
    """The change the step just logged shows is the reason of the step before it, of ``rule`` (e.g. the damage
    reaching a player's hit points is the overflow rule's: "2 damage flows through to Lia"): its effects move there.
    Nothing happens when the step before is of another rule. Free on the fast path.

    With ``keys``, only the effects on those keys move, to the nearest step of ``rule`` before it in the same stretch
    (no moment between) that no step in between has an effect on them (a ruling logged once, whose reason shows in
    several later steps: the victims of one area attack)."""
    record = getattr(log, "credit", None)
    if record is not None and keys is None:
        record(rule)
    elif record is not None:
        record(rule, keys)


def keep(log: object, *keys: Key) -> None:
    """The step just logged kept these quantities as they are (a rule that prevents a change): :func:`note` with
    their values read from the table now. Free on the fast path."""
    record = getattr(log, "keep", None)
    if record is not None and keys:
        record(keys)


def settle(log: object) -> None:
    """The resolution is over: a change made after the last step logged is that step's (see :meth:`Recorder.settle`)."""
    record = getattr(log, "settle", None)
    if record is not None:
        record()


def mark(log: object, point: str, snapshot: Callable[[], Any]) -> None:
    """Record a moment on ``log`` if it collects moments (a :class:`Recorder` made with ``moments=True``);
    free otherwise."""
    record = getattr(log, "mark", None)
    if record is not None and getattr(log, "moments", True):
        record(point, snapshot())


class Recorder:
    """A log callback that keeps the steps and the marks of one resolution, in order.

    Engines that log through a ``log(rule, text, phase)`` callback take a Recorder
    wherever they take a log; :func:`mark` adds the moments. Once the engine lets it :func:`watch` the
    working board, each step gets the quantities that changed since the step before as its effects.
    """

    def __init__(self, tracer: "Tracer", capitalise: bool = False, moments: bool = True) -> None:
        self.tracer = tracer
        self.capitalise = capitalise
        self.moments = moments
        """Whether :func:`mark` records moments here (``False``: the steps alone, no snapshot taken)."""
        self.events: list[Event] = []
        self._probe: Callable[[], Snapshot] | None = None
        self._last: Snapshot = {}

    def watch(self, probe: Callable[[], Snapshot]) -> None:
        self._probe = probe
        self._last = probe()

    def settle(self) -> None:
        """Changes made since the last event are the last step's (logged before its change), or, after a
        moment, that moment's (:attr:`Mark.effects`), so a moment always holds what the effects before it say."""
        if self._probe is None or not self.events:
            return
        now = self._probe()
        effects = diff(self._last, now)
        self._last = now
        if effects:
            event = self.events[-1]
            self.events[-1] = replace(event, effects=merge(event.effects, effects))

    def __call__(self, rule: str, text: str | Message, phase: int | None = None) -> None:
        if self.capitalise and isinstance(text, str):
            text = text[:1].upper() + text[1:]
        step = self.tracer.step(rule, text, phase)
        if self._probe is not None:
            now = self._probe()
            step = replace(step, effects=diff(self._last, now))
            self._last = now
        self.events.append(step)

    def note(self, effects: tuple[Effect, ...]) -> None:
        """Add ``effects`` to the step just logged (see :func:`note`); a change made since it is that step's first."""
        self.settle()
        if self.events and isinstance(self.events[-1], Step):
            step = self.events[-1]
            self.events[-1] = replace(step, effects=merge(step.effects, effects))

    def credit(self, rule: str, keys: tuple[Key, ...] | None = None) -> None:
        self.settle()
        steps = [i for i, e in enumerate(self.events) if isinstance(e, Step)]
        if keys is not None:
            self._credit_keys(rule, keys, steps)
            return
        if len(steps) < 2:
            return
        last, before = steps[-1], steps[-2]
        cause, step = self.events[before], self.events[last]
        assert isinstance(cause, Step) and isinstance(step, Step)
        if cause.rule != rule or not step.effects or any(isinstance(e, Mark) for e in self.events[before:last]):
            return
        self.events[before] = replace(cause, effects=merge(cause.effects, step.effects))
        self.events[last] = replace(step, effects=())

    def _credit_keys(self, rule: str, keys: tuple[Key, ...], steps: list[int]) -> None:
        """:func:`credit` with ``keys``: the effects on ``keys`` move back to the nearest step of ``rule``."""
        if not steps:
            return
        last = steps[-1]
        step = self.events[last]
        assert isinstance(step, Step)
        moved = tuple(e for e in step.effects if e[0] in keys)
        if not moved:
            return
        for i in range(last - 1, -1, -1):
            cause = self.events[i]
            if isinstance(cause, Mark):
                return
            assert isinstance(cause, Step)
            if cause.rule == rule:
                self.events[i] = replace(cause, effects=merge(cause.effects, moved))
                self.events[last] = replace(step, effects=tuple(e for e in step.effects if e[0] not in keys))
                return
            if any(k in keys for k, _b, _a in cause.effects):
                return

    def keep(self, keys: tuple[Key, ...]) -> None:
        if self._probe is None:
            return
        self.settle()
        now = self._last
        self.note(tuple((k, now[k], now[k]) for k in keys if k in now))

    def mark(self, point: str, state: Any) -> None:
        self.settle()  # a moment holds every change made before it
        self.events.append(Mark(point, state))

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(e for e in self.events if isinstance(e, Step))


class Tracer:
    """Builds steps for one game's glossary, filling in each rule's source.

    Raises KeyError at once if a rule id is not in the glossary, so a typo in an
    engine cannot produce an explanation citing a rule that does not exist.
    """

    def __init__(self, glossary: Glossary) -> None:
        self.glossary = glossary

    def step(self, rule: str, text: str | Message, phase: int | None = None, at: Any = None,
             keep: tuple[Key, ...] = ()) -> Step:
        """A step applying ``rule``; ``text`` is one plain sentence, best a :class:`Message`; ``at``: the position
        just after the step, from an engine that threads frozen states (a :class:`Placed` step, see :func:`place`);
        ``keep``: the quantities its rule kept as they were there (what did not happen, as :func:`keep` records them
        for an engine that logs on a :class:`Recorder`)."""
        source = self.glossary[rule].source
        english = render(text, ENGLISH) if isinstance(text, Message) else text
        message = text if isinstance(text, Message) else None
        if at is not None:
            return Placed(rule, english, source, phase, message, (), at, keep)
        return Step(rule, english, source, phase, message)

    def illegal(self, err: IllegalPlay, phase: int | None = None, play: int | None = None) -> Step:
        """The step that ends a line at an illegal play: the rule it breaks and why; its effect is the verdict
        on the play's ``legal`` key (``play``: the play's number in the line, from 1)."""
        assert err.rule is not None
        reason: str | Message = err.message if err.message is not None else err.reason
        step = self.step(err.rule, msg("The play is illegal: {reason}.", reason=reason), phase)
        return replace(step, effects=((legal(play), True, False),))

