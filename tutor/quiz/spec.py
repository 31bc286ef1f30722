"""What a quiz is, the question catalogue it is built from, per-student order, and grading.

A quiz names (scenario id, question id) pairs and never an answer: the answer is computed by the
engine when a student submits (:func:`grade_item`, the lesson player's :func:`tutor.lessons.grade`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field

from tutor.lessons import Feedback, grade
from tutor.library import Library
from tutor.models import Question, QuestionSlide, ScenarioBase

FEEDBACK = {"each": "After each answer", "end": "At the end", "never": "Never"}


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: str
    question: str


class QuizSpec(BaseModel):
    """A saved quiz: its questions (references only) and options."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=80)
    items: list[Item] = Field(min_length=1, max_length=100)
    shuffle_questions: bool = False
    shuffle_choices: bool = False
    feedback: Literal["each", "end", "never"] = "each"  # when students see correctness and explanations
    time_limit: int | None = Field(default=None, ge=5, le=3600)  # seconds per question


@dataclass(frozen=True)
class Entry:
    """One question of the library, as the quiz builder lists it."""

    game: str
    scenario: str
    question: str
    title: str
    prompt: str
    tags: tuple[str, ...]
    lessons: tuple[str, ...]

    @property
    def item(self) -> Item:
        return Item(scenario=self.scenario, question=self.question)

    @property
    def label(self) -> str:
        return f"{self.title}: {self.prompt} [{self.scenario}/{self.question}]"


def catalogue(lib: Library, games: Iterable[str] = (), lessons: Iterable[str] = (),
              tags: Iterable[str] = ()) -> list[Entry]:
    """Every question of the library, filtered: in one of ``games``, used by one of ``lessons``, tagged one
    of ``tags`` (an empty filter keeps everything)."""
    games, lessons, tags = set(games), set(lessons), set(tags)
    used: dict[tuple[str, str], list[str]] = {}
    for lesson in lib.lessons.values():
        for _, slide in lesson.question_slides:
            scn = lib.scenarios.get(slide.scenario)
            if scn is not None:
                qid = slide.question or scn.questions[0].id
                used.setdefault((scn.id, qid), []).append(lesson.id)
    out = []
    for scn in sorted(lib.scenarios.values(), key=lambda s: (s.game, s.id)):
        if games and scn.game not in games or tags and not tags & set(scn.tags):
            continue
        for q in scn.questions:
            in_lessons = tuple(sorted(set(used.get((scn.id, q.id), []))))
            if lessons and not lessons & set(in_lessons):
                continue
            out.append(Entry(scn.game, scn.id, q.id, scn.title, q.prompt, tuple(scn.tags), in_lessons))
    return out


def draw(entries: list[Entry], n: int, seed: int) -> list[Entry]:
    """``n`` entries at random (fewer if there are fewer), reproducibly for a seed."""
    return random.Random(seed).sample(entries, min(n, len(entries)))


def resolve(lib: Library, item: Item) -> tuple[ScenarioBase, Question]:
    scn = lib.scenarios[item.scenario]
    return scn, scn.question(item.question)


def missing_items(lib: Library, spec: QuizSpec) -> list[Item]:
    """Items whose scenario or question is no longer in the library."""
    out = []
    for it in spec.items:
        scn = lib.scenarios.get(it.scenario)
        if scn is None or it.question not in {q.id for q in scn.questions}:
            out.append(it)
    return out


def order_for(spec: QuizSpec, seed: int, student: int) -> list[int]:
    """The order in which this student meets the quiz's items (indexes into ``spec.items``)."""
    order = list(range(len(spec.items)))
    if spec.shuffle_questions:
        random.Random(f"order:{seed}:{student}").shuffle(order)
    return order


def choice_order(spec: QuizSpec, seed: int, student: int, item: int, part: str, n: int) -> list[int]:
    """The order in which this student sees the ``n`` choices of one part."""
    order = list(range(n))
    if spec.shuffle_choices:
        random.Random(f"choices:{seed}:{student}:{item}:{part}").shuffle(order)
    return order


def grade_item(lib: Library, item: Item, given: Any) -> Feedback:
    """The engine's verdict on ``given`` (a choice key, a {part: value} dict, a number or "illegal")."""
    return grade(lib, QuestionSlide(type="question", scenario=item.scenario, question=item.question), given)
