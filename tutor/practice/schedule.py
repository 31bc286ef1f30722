"""Spaced repetition per rule (FSRS, the ``fsrs`` package) and what to practise next.

Each answer grades the learner's memory of the rules in the item's deciding step: right is ``Good``, wrong is
``Again``. The queue serves the rules that are due first (the most overdue first), then new rules in lesson
order, then, so that practice never runs out, the rule whose memory is weakest. Every function takes the
time as an argument (``now``), so a test can move the clock.

>>> from datetime import datetime, timezone
>>> t0 = datetime(2026, 1, 1, 9, tzinfo=timezone.utc)
>>> s = review(None, True, t0)
>>> s.due > t0, s.reps, s.lapses
(True, 1, 0)
>>> next_rule({"A": s}, ["A", "B"], t0)   # A is not due yet: the new rule B comes first
'B'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, Iterable, Sequence, cast

if TYPE_CHECKING:
    from fsrs.card import CardDict

_SCHEDULER: Any = None
MASTERED_DAYS = 90.0
"""A rule remembered this long (FSRS stability, days) with recall certain now counts as fully mastered."""


def _scheduler() -> Any:
    global _SCHEDULER
    if _SCHEDULER is None:
        from fsrs import Scheduler

        # one 10-minute step: a miss comes back in the same session, a right answer waits days; no random
        # fuzz, so the same answers at the same times give the same schedule
        step = (timedelta(minutes=10),)
        _SCHEDULER = Scheduler(enable_fuzzing=False, learning_steps=step, relearning_steps=step)
    return _SCHEDULER


@dataclass(frozen=True)
class RuleMemory:
    """A learner's memory of one rule: the FSRS card (as a dict), when it is due, and the counts."""

    card: dict[str, Any]
    due: datetime
    reps: int = 0
    lapses: int = 0
    last: datetime | None = None

    def retrievability(self, at: datetime) -> float:
        """The chance the learner recalls the rule at ``at`` (FSRS's forgetting curve; 0 before any review)."""
        from fsrs import Card

        if self.last is None:
            return 0.0
        return float(_scheduler().get_card_retrievability(Card.from_dict(cast("CardDict", self.card)), at))

    def mastery(self, now: datetime) -> float:
        """0-1: how well the rule is held: the recall chance now times how long the memory lasts (FSRS's
        stability, in days, on a log scale up to :data:`MASTERED_DAYS`). It grows with right answers spaced
        out in time and drops after a wrong one."""
        if self.last is None:
            return 0.0
        stability = float(self.card.get("stability") or 0.0)
        return self.retrievability(now) * min(1.0, math.log1p(stability) / math.log1p(MASTERED_DAYS))


def review(memory: RuleMemory | None, correct: bool, now: datetime) -> RuleMemory:
    """The memory after one graded answer at ``now``."""
    from fsrs import Card, Rating

    card = Card.from_dict(cast("CardDict", memory.card)) if memory is not None else Card()
    card, _log = _scheduler().review_card(card, Rating.Good if correct else Rating.Again, now)
    reps = (memory.reps if memory else 0) + 1
    lapses = (memory.lapses if memory else 0) + (0 if correct else 1)
    return RuleMemory(card.to_dict(), card.due, reps, lapses, now)


def due_rules(memories: dict[str, RuleMemory], now: datetime, among: Iterable[str] | None = None) -> list[str]:
    """The rules due at ``now``, the most overdue first."""
    keep = set(among) if among is not None else None
    due = [(m.due, r) for r, m in memories.items() if m.due <= now and (keep is None or r in keep)]
    return [r for _, r in sorted(due)]


def next_rule(memories: dict[str, RuleMemory], order: Sequence[str], now: datetime,
              avoid: str | None = None, recent: Sequence[str] = ()) -> str | None:
    """The rule to practise next among ``order`` (lesson order): a due rule, else a new one, else the weakest.

    Practice interleaves: ``recent`` holds the rules of the last items served (oldest first; ``avoid``, the
    rule just practised, counts as the last of them). The last rule is passed over whenever another rule is
    due, new or weak, and a rule served twice in a row is never served a third time while the scope has
    another rule (a missed rule comes back after one other, not in a loop of its own)."""
    if not order:
        return None
    last = list(recent) + ([avoid] if avoid is not None and (not recent or recent[-1] != avoid) else [])
    barred = {last[-1]} if len(last) >= 2 and last[-1] == last[-2] else set()
    if barred and all(r in barred for r in order):
        barred = set()  # the only rule asked for
    soft = last[-1] if last else None
    due = [r for r in due_rules(memories, now, order) if r not in barred]
    new = [r for r in order if r not in memories and r not in barred]
    for pool in (due, new):
        picks = [r for r in pool if r != soft] or pool
        if picks:
            return picks[0]
    rest = [r for r in order if r not in barred]
    rest = [r for r in rest if r != soft] or rest
    return min(rest, key=lambda r: (memories[r].mastery(now) if r in memories else 0.0, order.index(r)))


def choose_item(candidates: Sequence[Any], learner: float, rating_of: Any = None) -> Any:
    """The item whose rating is nearest the learner's (Lichess serves puzzles near the solver's rating),
    slightly below it so that most answers succeed: target = learner - 50."""
    if not candidates:
        return None
    key = rating_of or (lambda item: item.rating)
    return min(candidates, key=lambda it: (abs(key(it) - (learner - 50)), str(getattr(it, "id", ""))))


def streak(days: Iterable[date], today: date) -> int:
    """Consecutive days practised, ending today (or yesterday: a streak is not lost until a day is missed).

    >>> from datetime import date
    >>> streak([date(2026, 1, 1), date(2026, 1, 2), date(2026, 1, 4)], date(2026, 1, 4))
    1
    >>> streak([date(2026, 1, 2), date(2026, 1, 3)], date(2026, 1, 4))
    2
    >>> streak([date(2026, 1, 1)], date(2026, 1, 4))
    0
    """
    practised = set(days)
    day = today if today in practised else today - timedelta(days=1)
    n = 0
    while day in practised:
        n += 1
        day -= timedelta(days=1)
    return n


def level(m: float) -> str:
    """A mastery as a word for the progress picture: new, learning, familiar, mastered."""
    if m <= 0:
        return "new"
    if m < 0.35:
        return "learning"
    return "familiar" if m < 0.75 else "mastered"


def percent(m: float) -> int:
    return int(math.floor(m * 100 + 0.5))
