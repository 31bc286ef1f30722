"""A generated item as a teacher's draw lists it: made in the pool's worker process (:mod:`tutor.practice.pool`,
run as ``__main__`` there) and unpickled in the app, so it lives in a module of its own that both import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.quiz.spec import Item as QuizItem


@dataclass(frozen=True)
class Drawn:
    """A generated item as the quiz builder lists it (``item`` and ``label``, like a library entry)."""

    item: QuizItem
    title: str
    prompt: str
    rule: str
    rating: float
    answer: object = None  # the engine's answer when drawn (shown to the teacher; never stored in the quiz)

    @property
    def label(self) -> str:
        return f"{self.title}: {self.prompt} [{self.item.scenario}, rating {self.rating:.0f}]"
