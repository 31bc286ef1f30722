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


# -- a second try and a hint ----------------------------------------------------------------------------------------
TRIES = "tries"
"""``answers[TRIES][slide index]``: a question still being tried: ``{"first": the wrong first answer, "hinted": bool}``."""


def record(answers: dict[str, Any], index: int, given: Any, correct: bool, retry: bool) -> str:
    """Record a checked answer in ``answers``; return the phase that follows: ``"retry"`` after a first wrong
    answer where the lesson allows a second try, else ``"feedback"`` (the answer settled, the solution shown).

    >>> a = {}
    >>> record(a, 4, "p1", False, retry=True), a
    ('retry', {'tries': {'4': {'first': 'p1'}}})
    >>> record(a, 4, "p2", True, retry=True), a["4"], credit(a["4"])
    ('feedback', {'given': 'p2', 'correct': True, 'tries': 2, 'hinted': False}, 0.5)
    """
    tries = answers.setdefault(TRIES, {})
    t = tries.get(str(index), {})
    if not correct and retry and "first" not in t:
        tries[str(index)] = {**t, "first": given}
        return "retry"
    tries.pop(str(index), None)
    answers[str(index)] = {"given": given, "correct": correct, "tries": 2 if "first" in t else 1,
                           "hinted": bool(t.get("hinted"))}
    return "feedback"


def give_up(answers: dict[str, Any], index: int) -> None:
    """The learner asks for the solution after a wrong first answer: it is settled as wrong."""
    t = answers.setdefault(TRIES, {}).pop(str(index), {})
    answers[str(index)] = {"given": t.get("first"), "correct": False, "tries": 1, "hinted": bool(t.get("hinted"))}


def take_hint(answers: dict[str, Any], index: int) -> None:
    answers.setdefault(TRIES, {}).setdefault(str(index), {})["hinted"] = True


def trying(answers: dict[str, Any], index: int) -> dict[str, Any]:
    """The question's try in progress (``first``: a wrong first answer; ``hinted``), empty if none."""
    return dict(answers.get(TRIES, {}).get(str(index), {}))


def credit(entry: dict[str, Any] | None) -> float:
    """A settled answer's points: 1 right at the first try without a hint, ½ right at the second try or after a
    hint, 0 wrong."""
    if not entry or not entry.get("correct"):
        return 0.0
    return 0.5 if entry.get("tries", 1) > 1 or entry.get("hinted") else 1.0


def points(lesson: Lesson, answers: dict[str, Any]) -> float:
    """The lesson's score in points (see :func:`credit`)."""
    return sum(credit(answers.get(str(i))) for i, _ in lesson.question_slides)


def helped(lesson: Lesson, answers: dict[str, Any]) -> list[int]:
    """The questions answered right with help (a second try or a hint): half a point each."""
    return [i for i, _ in lesson.question_slides if credit(answers.get(str(i))) == 0.5]


def show_points(p: float) -> str:
    """``4``, ``4½``, ``½``."""
    whole, half = int(p), p - int(p) >= 0.5
    return (str(whole) if whole or not half else "") + ("½" if half else "")
