"""``trace.credit`` by key: a ruling logged once is the reason of the changes it causes in several later steps of the
same stretch (E14: For My Next Trick...'s own sword hits each opponent), never across a moment or past a step that
changed the same quantity."""

from __future__ import annotations

from typing import Any

from engine.core.glossary import Glossary, Rule
from engine.core.trace import Recorder, Tracer, credit, mark, watch

G = Glossary([Rule("X.ruling", "A ruling", "Text.", "Book"), Rule("X.hit", "A hit", "Text.", "Book")])


def _run(moment: bool = False, between: bool = False) -> list[tuple[str, tuple[Any, ...]]]:
    table = {("p:1", "hp"): 10, ("p:2", "hp"): 10}
    log = Recorder(Tracer(G))
    watch(log, lambda: dict(table))
    log("X.ruling", "Every opponent is hit.")
    if moment:
        mark(log, "card", lambda: dict(table))
    if between:
        table[("p:2", "hp")] = 8
        log("X.hit", "Another hit first.")
    for p in ("p:1", "p:2"):
        table[(p, "hp")] -= 1
        log("X.hit", f"{p} takes 1.")
        credit(log, "X.ruling", ((p, "hp"),))
    return [(s.rule, s.effects) for s in log.steps]


def test_each_hit_is_the_rulings_reason() -> None:
    steps = _run()
    assert steps[0] == ("X.ruling", ((("p:1", "hp"), 10, 9), (("p:2", "hp"), 10, 9)))
    assert steps[1:] == [("X.hit", ()), ("X.hit", ())]


def test_not_across_a_moment() -> None:
    steps = _run(moment=True)
    assert steps[0] == ("X.ruling", ())
    assert [e for _r, e in steps[1:]] == [((("p:1", "hp"), 10, 9),), ((("p:2", "hp"), 10, 9),)]


def test_not_past_a_step_that_changed_the_same_quantity() -> None:
    steps = _run(between=True)
    assert steps[0] == ("X.ruling", ((("p:1", "hp"), 10, 9),))  # p:1's hit moved; p:2's stays (8 -> 7)
    assert steps[-1] == ("X.hit", ((("p:2", "hp"), 8, 7),))
