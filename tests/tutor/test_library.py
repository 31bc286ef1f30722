"""The whole library: every file loads, every question is solved, every expect matches the engine."""

from __future__ import annotations

import pytest

from tutor import library
from tutor.games import plugins
from tutor.games.base import ILLEGAL
from tutor.library import default_library
from tutor.questions import correct_answer, label_of, part_views

LIB = default_library()


def test_library_has_no_problems() -> None:
    assert [str(p) for p in LIB.problems] == []
    assert library.check_next_links(LIB) == []


def test_every_expect_matches_the_engine() -> None:
    problems, compared = library.check_expectations(LIB)
    assert [str(p) for p in problems] == []
    assert compared == LIB.question_count  # every question carries an expect


@pytest.mark.parametrize("scenario_id", sorted(LIB.scenarios))
def test_every_scenario_is_solved_and_explained(scenario_id: str) -> None:
    scn = LIB.scenarios[scenario_id]
    sol = LIB.solution(scenario_id)
    glossary = plugins()[scn.game].glossary
    assert sol.steps, "an explanation needs at least one step"
    for step in sol.steps:
        assert step.rule in glossary and step.text and step.source
    for q in scn.questions:
        answer = correct_answer(scn, q, sol)
        if answer == ILLEGAL:
            assert sol.illegal is not None and sol.steps[-1].rule == sol.illegal.rule
            continue
        # the computed answer is one of the choices offered on screen
        for view in part_views(scn, q):
            if view.choices:
                value = answer[view.key] if isinstance(answer, dict) else answer
                assert value in [c.key for c in view.choices]
        assert label_of(scn, q, answer)


def test_every_lesson_question_points_at_a_real_question() -> None:
    for lesson in LIB.lessons.values():
        for _, slide in lesson.question_slides:
            scn = LIB.scenarios[slide.scenario]
            assert slide.question is None or slide.question in {q.id for q in scn.questions}


def test_defense_1_matches_the_walkthrough() -> None:
    lesson = LIB.lessons["mc.defense_1"]
    titles = [LIB.scenarios[s.scenario].title for _, s in lesson.question_slides]
    assert titles == ["Whose turn to suffer", "Lend a hand", "Free stance", "Taking turns", "Crowded field",
                      "Brace yourself"]
    assert sum(1 for s in LIB.scenarios.values() if s.game == "marvel_champions") >= 12
