"""Running a lesson: grading an answer against the engine, scoring, review.

Pure functions over the library, so the lesson page stays thin and testable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.trace import Step
from tutor.library import Library
from tutor.models import Lesson, Question, QuestionSlide, ScenarioBase
from tutor.questions import correct_answer, is_correct, label_of


@dataclass(frozen=True)
class Feedback:
    correct: bool
    given: Any
    given_label: str
    answer_label: str
    steps: tuple[Step, ...]
    rule_of_illegal: str | None = None


def slide_question(lib: Library, slide: QuestionSlide) -> tuple[ScenarioBase, Question]:
    scn = lib.scenarios[slide.scenario]
    q = scn.question(slide.question) if slide.question else scn.questions[0]
    return scn, q


def grade(lib: Library, slide: QuestionSlide, given: Any) -> Feedback:
    """Check ``given`` against the engine-computed answer and explain the ruling."""
    scn, q = slide_question(lib, slide)
    sol = lib.solution(scn.id)
    answer = correct_answer(scn, q, sol)
    return Feedback(
        correct=is_correct(given, answer),
        given=given,
        given_label=label_of(scn, q, given),
        answer_label=label_of(scn, q, answer),
        steps=sol.steps,
        rule_of_illegal=sol.illegal.rule if sol.illegal else None,
    )


def score(lesson: Lesson, answers: dict[str, Any]) -> tuple[int, int]:
    """(right, total) over the lesson's question slides."""
    slides = lesson.question_slides
    right = sum(1 for i, _ in slides if answers.get(str(i), {}).get("correct"))
    return right, len(slides)


def missed(lesson: Lesson, answers: dict[str, Any]) -> list[int]:
    return [i for i, _ in lesson.question_slides if not answers.get(str(i), {}).get("correct")]


def question_number(lesson: Lesson, slide_index: int) -> tuple[int, int]:
    """(n, total): this is question n of total."""
    idx = [i for i, _ in lesson.question_slides]
    return idx.index(slide_index) + 1, len(idx)
