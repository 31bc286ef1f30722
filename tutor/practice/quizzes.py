"""Generated items in a teacher's quiz: drawn per rule and difficulty, stored with the quiz.

Each item goes into the quiz as an inline situation (``tutor.quiz.spec.Item`` with ``text``: the item's
scenario file), so the quiz and every session started from it keep exactly the positions the students
saw, whatever the generator does later.
"""

from __future__ import annotations


from tutor.practice.drawn import Drawn

__all__ = ["BANDS", "Drawn", "difficulty", "draw_generated", "drawing"]

BANDS: dict[str, tuple[float, float]] = {"easy": (0, 1450), "medium": (1450, 1650), "hard": (1650, 10_000)}
"""Difficulty by the item's rating (the Glicko scale, 1500 = an average learner)."""


def difficulty(rating: float) -> str:
    """The band of ``BANDS`` a rating falls in: "easy", "medium" or "hard"."""
    return next((name for name, (lo, hi) in BANDS.items() if lo <= rating < hi), "hard" if rating >= 1650 else "easy")


def draw_generated(game: str, rule: str | None = None, difficulty: str | None = None, n: int = 5,
                   seed: int = 1, wait: float | None = None) -> list[Drawn]:
    """``n`` generated items of ``game`` (fewer if they cannot be found), whose deciding rule is ``rule`` and
    whose rating is in the ``difficulty`` band, taken from the pre-generated pool (:mod:`tutor.practice.pool`);
    the same arguments give the same items once the pool holds enough. ``wait``: seconds to wait for the pool
    (``None``: until it has enough or cannot grow)."""
    return drawing(game, rule, difficulty, n, seed, wait)[0]


def drawing(game: str, rule: str | None = None, difficulty: str | None = None, n: int = 5, seed: int = 1,
            wait: float | None = 1.5) -> tuple[list[Drawn], bool]:
    """:func:`draw_generated`, and whether more items are being generated (a later draw may find more)."""
    from tutor.practice import pool

    band = BANDS.get(difficulty or "", (0, 10_000))
    return pool.draw(game, rule, band, max(0, min(n, 50)), seed, wait)
