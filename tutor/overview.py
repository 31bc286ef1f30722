"""A learner's progress as the home page shows it: per lesson, per game, and what to continue first.

Pure functions of the lessons and the stored :class:`tutor.store.Progress` rows, so they are tested
without a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

from engine.core.message import N_, Message, msg
from tutor.lessons import score
from tutor.models import Lesson
from tutor.store import Progress


@dataclass(frozen=True)
class LessonStatus:
    lesson: Lesson
    state: str  # "new" | "started" | "done"
    action: str  # the link's verb: Start, Continue, Review
    text: Message  # "Not started", "In progress · slide 3 of 9", "Done · best 5 / 6" (str() is the English)
    percent: int  # how far through the lesson (100 once done)
    right: int  # questions right: the best score once done, else right so far
    questions: int
    updated_at: datetime | None = None


def lesson_status(lesson: Lesson, p: Progress | None) -> LessonStatus:
    _, total = score(lesson, {})
    if p is None:
        return LessonStatus(lesson, "new", N_("Start"), msg("Not started"), 0, 0, total)
    right, _ = score(lesson, p.answers or {})
    if p.finished:
        best = p.best_score if p.best_score is not None else right
        return LessonStatus(lesson, "done", N_("Review"), msg("Done · best {best} / {total}", best=best, total=total),
                            100, best, total, p.updated_at)
    slides = len(lesson.slides)
    slide = min(p.slide, slides - 1)
    return LessonStatus(lesson, "started", N_("Continue"),
                        msg("In progress · slide {n} of {slides}", n=slide + 1, slides=slides),
                        round(100 * slide / slides), right, total, p.updated_at)


@dataclass(frozen=True)
class GameProgress:
    lessons: int
    done: int
    questions: int
    right: int
    percent: int  # the lessons' progress averaged

    @property
    def text(self) -> str:
        """'2 of 5 lessons done · 14 of 30 questions right'

        >>> GameProgress(5, 2, 30, 14, 40).text
        '2 of 5 lessons done · 14 of 30 questions right'
        """
        return str(self.message)

    @property
    def message(self) -> Message:
        return msg("{done} of {lessons} lessons done · {right} of {questions} questions right", done=self.done,
                   lessons=self.lessons, right=self.right, questions=self.questions)


def game_progress(statuses: Iterable[LessonStatus]) -> GameProgress:
    rows = list(statuses)
    pct = round(sum(s.percent for s in rows) / len(rows)) if rows else 0
    return GameProgress(len(rows), sum(1 for s in rows if s.state == "done"), sum(s.questions for s in rows),
                        sum(s.right for s in rows), pct)


def to_continue(statuses: Iterable[LessonStatus], limit: int = 3) -> list[LessonStatus]:
    """What "Continue where you left off" offers: the lessons in progress, most recently used first; when
    none is, the lesson after the most recently finished one (if it is not started yet)."""
    rows = list(statuses)
    dated = [(s.updated_at, s) for s in rows if s.updated_at is not None]
    recent = [s for _, s in sorted(dated, key=lambda pair: pair[0], reverse=True)]
    started = [s for s in recent if s.state == "started"]
    if started:
        return started[:limit]
    by_id = {s.lesson.id: s for s in rows}
    for s in recent:
        nxt = by_id.get(s.lesson.next or "")
        if s.state == "done" and nxt is not None and nxt.state == "new":
            return [nxt]
    return []
