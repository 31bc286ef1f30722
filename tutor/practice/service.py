"""Practice as the app uses it: which rules a scope covers, the next item for a learner, an answer graded.

A *scope* is what the learner asked to practise: a whole game, one lesson, one rule, or a list of rules
(the rules they missed in a lesson). Items come from the stored pool (``practice_item``); when a rule's
pool holds nothing the learner has not answered, more are generated for that rule and stored, so practice
never runs out and never repeats an item.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Sequence

from tutor import budget
from tutor.practice import store
from tutor.practice.schedule import RuleMemory, choose_item, next_rule

POOL = 120  # items generated for a game the first time anyone practises it
MORE = 6  # items generated for a rule when its pool runs out for a learner
_lock = threading.Lock()


@dataclass(frozen=True)
class Scope:
    game: str
    lesson: str | None = None
    rules: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return "|".join([self.game, self.lesson or "", ",".join(self.rules)])


def lesson_rules(game: str, lesson: str | None = None) -> list[str]:
    """Rule ids in lesson order: each lesson's rule slides, then the deciding rules of its questions."""
    from tutor.library import default_library

    lib = default_library()
    out: list[str] = []
    for les in lib.lessons_for(game):
        if lesson is not None and les.id != lesson:
            continue
        for slide in les.slides:
            if slide.type == "rule":
                out += slide.rules
            else:
                try:
                    step = lib.asked(slide.scenario, slide.question).explanation.deciding_step
                except Exception:  # noqa: BLE001  (a question the engine cannot ask adds no rule)
                    continue
                if step is not None:
                    out.append(step.rule)
    return list(dict.fromkeys(out))


def ensure_pool(game: str, url: str | None = None) -> None:
    """Generate and store the game's first pool of items, once."""
    with _lock:
        if sum(store.item_rules(game, url).values()) >= POOL // 2:
            return
        from tutor.practice.generate import generate

        store.save_items(generate(game, count=POOL, seed=0), url)


def practisable(game: str, url: str | None = None) -> list[str]:
    """The rules the game's items practise (the deciding rules of the stored pool)."""
    ensure_pool(game, url)
    return sorted(store.item_rules(game, url))


_TRIED: set[tuple[str, str, str]] = set()  # (database, game, rule) a targeted generation was tried for


def _fill(game: str, rules: Sequence[str], url: str | None) -> None:
    """Try once per process to generate items for rules the pool has none of (a lesson whose rules the
    first pool missed, such as the solo rules): a few candidates each, kept if found."""
    from tutor.practice.generate import Stats, generate

    with _lock, budget.running(budget.DRAW):  # a learner waits: rules past the budget are tried next time
        for rule in rules:
            key = (url or "", game, rule)
            if key in _TRIED:
                continue
            stats = Stats()
            store.save_items(generate(game, count=3, seed=0, rule=rule, budget=300, wrong=False, stats=stats), url)
            if stats.stopped:
                break
            _TRIED.add(key)


def rule_order(scope: Scope, url: str | None = None) -> list[str]:
    """The scope's rules, in lesson order (rules no lesson names come last), that items can practise."""
    can = practisable(scope.game, url)
    if scope.lesson is not None or scope.rules:
        wanted = list(scope.rules) + list(_lesson_rules(scope.game, scope.lesson) if scope.lesson else ())
        if not [r for r in wanted if r in can]:
            _fill(scope.game, wanted, url)
            can = practisable(scope.game, url)
    if scope.rules:
        picked = [r for r in scope.rules if r in can]
        if picked or scope.lesson is None:
            return picked
        # none of the rules has generated items (e.g. a set-up rule): the lesson's rules instead
    ordered = [r for r in _lesson_rules(scope.game, scope.lesson) if r in can]
    if scope.lesson is None and not scope.rules:
        ordered += [r for r in can if r not in ordered]
    return ordered


@lru_cache(maxsize=None)
def _lesson_rules(game: str, lesson: str | None) -> tuple[str, ...]:
    """:func:`lesson_rules`, computed once per game and lesson (the library does not change while serving)."""
    return tuple(lesson_rules(game, lesson))


@dataclass
class Served:
    """An item served: its id, rule, scenario data and rating, and how the learner's memory of it stands."""

    id: str
    game: str
    rule: str
    data: dict[str, Any]
    rating: float
    due: bool = False
    new: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def next_item(learner: str, scope: Scope, now: datetime | None = None, avoid: str | None = None,
              url: str | None = None) -> Served | None:
    """The next item: the rule :func:`~tutor.practice.schedule.next_rule` picks, and among its items the
    learner has not answered the one rated nearest the learner."""
    now = now or datetime.now(timezone.utc)
    order = rule_order(scope, url)
    mems = store.memories(learner, scope.game, url)
    last = store.recent(learner, scope.game, 2, url)
    seen = store.answered(learner, scope.game, url)
    pool: list[Any] = []
    while not pool and order:  # a rule whose items have all been answered, and none more found: the next rule
        rule = next_rule(mems, order, now, avoid, recent=[r for r, _ in last])
        if rule is None:
            return None
        pool = store.stored_items(scope.game, rule, url, exclude=seen) or _more(scope.game, rule, seen, url)
        order = [r for r in order if r != rule]
    if not pool:
        return None
    me = store.rating(learner, scope.game, url)
    pick = choose_item(balanced(pool, [_expect(store.item(i, url)) for _, i in last]), me.rating)
    if pick is None:
        return None
    mem: RuleMemory | None = mems.get(pick.rule)  # the rule chosen above: its pool holds only its items
    return Served(pick.id, pick.game, pick.rule, dict(pick.data), pick.rating,
                  due=mem is not None and mem.due <= now, new=mem is None)


def _expect(row: Any) -> Any:
    """A stored item's answer (its file's expect), or None."""
    return None if row is None else (row.data.get("questions") or [{}])[0].get("expect")


def balanced(pool: list[Any], answers: Sequence[Any]) -> list[Any]:
    """Yes/no answers balanced: after two yes/no items with the same answer, the items whose answer is not that
    one (a learner who has answered "Yes" twice is not served a third "Yes" while another item is there)."""
    if len(answers) >= 2 and all(isinstance(a, bool) for a in answers[-2:]) and answers[-1] == answers[-2]:
        other = [it for it in pool if _expect(it) is not answers[-1]]
        return other or pool
    return pool


def _more(game: str, rule: str, seen: set[str], url: str | None) -> list[Any]:
    """Generate more items for ``rule`` (a new seed each time: the count of stored items of the rule)."""
    from tutor.practice.generate import Stats, generate

    with _lock, budget.running(budget.DRAW):  # a learner waits: the items found within the budget
        have = {r.id for r in store.stored_items(game, rule, url)}  # this rule's items only
        for attempt in range(4):
            seed = len(have) + 1000 * (attempt + 1)
            stats = Stats()
            items = generate(game, count=MORE, seed=seed, rule=rule, seen=set(h.split(".")[-1] for h in have | seen),
                             stats=stats)
            store.save_items(items, url)
            fresh = store.stored_items(game, rule, url, exclude=seen)
            if fresh or stats.stopped:
                return fresh
    return []


def scope_rules(scope: Scope, url: str | None = None) -> Sequence[str]:
    return rule_order(scope, url)


@dataclass(frozen=True)
class Graded:
    asked: Any  # tutor.questions.Asked: the item resolved (answer, explanation with its deciding step)
    correct: bool
    memory: RuleMemory
    misreading: Any = None  # the Wrong whose answer the learner gave, if one names their misreading


def grade(learner: str, item_id: str, given: Any, now: datetime | None = None, url: str | None = None) -> Graded:
    """Check ``given`` against the engine's answer for the stored item, and record it (FSRS, Glicko-2)."""
    from tutor.practice.core import ask
    from tutor.practice.misreadings import misreading_of
    from tutor.questions import is_correct

    row = store.item(item_id, url)
    if row is None:
        raise KeyError(item_id)
    asked = ask(row.game, row.data)
    correct = is_correct(given, asked.answer)
    mem = store.record(learner, row.game, row.id, row.rule, correct, url, now)
    return Graded(asked, correct, mem, None if correct else misreading_of(row.game, row.data, given))
