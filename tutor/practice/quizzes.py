"""Generated items in a teacher's quiz: drawn per rule and difficulty, stored with the quiz.

Each item goes into the quiz as an inline situation (``tutor.quiz.spec.Item`` with ``text``: the item's
scenario file), so the quiz and every session started from it keep exactly the positions the students
saw, whatever the generator does later.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache

from tutor.quiz.spec import Item as QuizItem

BANDS: dict[str, tuple[float, float]] = {"easy": (0, 1450), "medium": (1450, 1650), "hard": (1650, 10_000)}
"""Difficulty by the item's rating (the Glicko scale, 1500 = an average learner)."""


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


def draw_generated(game: str, rule: str | None = None, difficulty: str | None = None, n: int = 5,
                   seed: int = 1) -> list[Drawn]:
    """``n`` generated items of ``game`` (fewer if they cannot be found), whose deciding rule is ``rule`` and
    whose rating is in the ``difficulty`` band; the same arguments give the same items."""
    return list(_draw(game, rule, difficulty, max(0, min(n, 50)), seed))


@lru_cache(maxsize=64)
def _draw(game: str, rule: str | None, difficulty: str | None, n: int, seed: int) -> tuple[Drawn, ...]:
    from tutor.practice.generate import generate

    lo, hi = BANDS.get(difficulty or "", (0, 10_000))
    seen: set[str] = set()
    out: list[Drawn] = []
    for batch in range(6):
        if len(out) >= n:
            break
        for it in generate(game, count=max(4, 2 * n), seed=seed * 1000 + batch, rule=rule, seen=seen, wrong=False):
            if lo <= it.rating < hi and len(out) < n:
                q = it.data["questions"][0]
                # a quiz never stores an answer: the item's file without its expect
                bare = copy.copy(it)
                bare.data = {**it.data, "questions": [{k: v for k, v in q.items() if k != "expect"}]}
                out.append(Drawn(QuizItem(scenario=it.id, question=q["id"], text=bare.yaml()), it.data["title"],
                                 q["prompt"], it.rule, it.rating, it.answer))
    return tuple(out)
