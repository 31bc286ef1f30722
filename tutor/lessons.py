"""Running a lesson: grading an answer against the engine, scoring, review.

Pure functions over the library, so the lesson page stays thin and testable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.library import Library
from tutor.models import Lesson, Question, QuestionSlide, ScenarioBase
from tutor.questions import Asked, Explanation, is_correct, label_of


@dataclass(frozen=True)
class Feedback:
    correct: bool
    given: Any
    given_label: str
    answer_label: str
    explanation: Explanation
    rule_of_illegal: str | None = None
    asked: Asked | None = None

    @property
    def steps(self) -> tuple[Any, ...]:
        return self.explanation.steps


def feedback(asked: Asked, given: Any) -> Feedback:
    """Check ``given`` against the engine-computed answer at the question's moment, with its explanation."""
    scn, q, sol = asked.scenario, asked.question, asked.solution
    return Feedback(
        correct=is_correct(given, asked.answer),
        given=given,
        given_label=label_of(scn, q, given, sol),
        answer_label=label_of(scn, q, asked.answer, sol),
        explanation=asked.explanation,
        rule_of_illegal=sol.illegal.rule if sol.illegal else None,
        asked=asked,
    )


def slide_question(lib: Library, slide: QuestionSlide) -> tuple[ScenarioBase, Question]:
    scn = lib.scenarios[slide.scenario]
    q = scn.question(slide.question) if slide.question else scn.questions[0]
    return scn, q


def grade(lib: Library, slide: QuestionSlide, given: Any) -> Feedback:
    """Check ``given`` against the engine-computed answer and explain the ruling."""
    scn, q = slide_question(lib, slide)
    return feedback(lib.asked(scn.id, q.id), given)


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
