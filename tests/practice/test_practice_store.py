"""Practice storage and scheduling, on SQLite and PostgreSQL: memory per rule (FSRS), ratings (Glicko-2),
answers, the streak, and the queue with a simulated clock (the next day the due rules come first)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import inspect

from tutor import store as base_store
from tutor.practice import service, store
from tutor.practice.schedule import streak
from tutor.quiz import migrate

T0 = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def test_the_schema_has_the_practice_tables(db_url: str) -> None:
    eng = base_store.engine(db_url)
    assert migrate.current(eng) == migrate.head() == "0008_learner_codes"
    assert {"practice_item", "practice_memory", "practice_rating", "practice_answer"} <= set(
        inspect(eng).get_table_names())


def test_an_answer_reviews_the_rule_rates_both_sides_and_is_kept(db_url: str) -> None:
    from tutor.practice.generate import generate

    items = generate("regicide", count=2, seed=11)
    assert store.save_items(items, db_url) == 2 and store.save_items(items, db_url) == 0
    first, second = items
    mem = store.record("ana", "regicide", first.id, first.rule, True, db_url, now=T0)
    assert mem.reps == 1 and mem.lapses == 0 and mem.due > T0 + timedelta(days=1)
    after_right = store.rating("ana", "regicide", db_url)
    assert after_right.rating > 1500 and after_right.rd < 350
    item_after = store.item(first.id, db_url)
    assert item_after is not None and item_after.rating < first.rating  # the item lost to the learner
    mem2 = store.record("ana", "regicide", second.id, second.rule, False, db_url, now=T0 + timedelta(minutes=1))
    assert mem2.due < T0 + timedelta(hours=1)  # a miss comes back soon
    assert store.answered("ana", "regicide", db_url) == {first.id, second.id}
    assert store.answered("ben", "regicide", db_url) == set()
    assert store.counts("ana", "regicide", db_url) == (2, 1)
    assert store.memories("ana", "regicide", db_url)[first.rule].reps >= 1
    assert store.days("ana", db_url) == [T0.date()]


def test_the_streak_counts_days_practised(db_url: str) -> None:
    from tutor.practice.generate import generate

    items = generate("regicide", count=3, seed=12)
    store.save_items(items, db_url)
    for k, it in enumerate(items):
        store.record("cy", "regicide", it.id, it.rule, True, db_url, now=T0 + timedelta(days=k))
    today = (T0 + timedelta(days=2)).date()
    assert streak(store.days("cy", db_url), today) == 3
    assert streak(store.days("cy", db_url), today + timedelta(days=1)) == 3  # not lost until a day is missed
    assert streak(store.days("cy", db_url), today + timedelta(days=2)) == 0


def test_the_next_day_the_due_rules_come_first(db_url: str) -> None:
    """Day one: the learner misses an item of rule A and answers one of rule B; rule C is new. The next day
    A is offered before the new rule C; once A is answered, the new rule C comes before B (not due yet)."""
    order = service.rule_order(service.Scope("regicide"), db_url)
    assert len(order) >= 3
    a, b, c = order[:3]
    scope = service.Scope("regicide", rules=(a, b, c))
    served = service.next_item("dee", scope, now=T0, url=db_url)
    assert served is not None and served.rule == a and served.new  # nothing practised: lesson order
    service.grade("dee", served.id, "surely wrong", now=T0, url=db_url)
    served_b = service.next_item("dee", service.Scope("regicide", rules=(b,)), now=T0, url=db_url)
    assert served_b is not None and served_b.rule == b
    right = service.grade("dee", served_b.id, _answer(served_b), now=T0, url=db_url)
    assert right.correct
    tomorrow = T0 + timedelta(days=1)
    nxt = service.next_item("dee", scope, now=tomorrow, url=db_url)
    assert nxt is not None and nxt.rule == a and nxt.due and nxt.id != served.id
    service.grade("dee", nxt.id, _answer(nxt), now=tomorrow, url=db_url)
    after = service.next_item("dee", scope, now=tomorrow + timedelta(minutes=1), avoid=a, url=db_url)
    assert after is not None and after.rule == c and after.new


def _answer(served: service.Served) -> object:
    from tutor.practice.core import ask

    return ask(served.game, served.data).answer


def test_a_wrong_answer_from_a_misreading_is_named(db_url: str) -> None:
    from tutor.practice.generate import generate

    items = [i for i in generate("marvel_champions", count=60, seed=3) if i.wrong]
    assert items
    item = items[0]
    store.save_items([item], db_url)
    w = item.wrong[0]
    graded = service.grade("eve", item.id, w.answer, now=T0, url=db_url)
    assert not graded.correct and graded.misreading is not None
    assert graded.misreading.misreading == w.misreading and graded.misreading.feedback == w.feedback
    other = service.grade("eve", item.id, "not an answer", now=T0, url=db_url)
    assert not other.correct and other.misreading is None
