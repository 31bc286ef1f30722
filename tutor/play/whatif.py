""""What if I had played X?" on the Play page (issue 24, item 6): from a past position where the learner chose,
another legal move starts a side line; the bots then answer it as they would in the game (seeded by the game's
seed and the move's number, :func:`tutor.play.live.bot_rng`), up to the learner's next choice or the end. The line
the game took, over the same stretch, is set beside it, and the two are compared step by step with the ruling
page's diff (:func:`tutor.whatif.diff_steps`).

>>> from tutor.play.live import Setup, start
>>> game = attempt(start(Setup("regicide", 1, seed=7)), start(Setup("regicide", 1, seed=7)).legal()[0])
>>> f = fork(game, 0, choices(game, 0)[1])
>>> f.side.entries[0].action != f.actual.entries[0].action
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.trace import Step
from tutor.play.live import Entry, Played, Refusal, at_move, attempt
from tutor.whatif import StepDiff, diff_steps


@dataclass(frozen=True)
class Fork:
    """A side line beside the game: both from the position after ``n`` moves, each up to the learner's next
    choice (or the game's end)."""

    n: int
    actual: Played
    side: Played

    @property
    def actual_line(self) -> tuple[Entry, ...]:
        return self.actual.entries[self.n:]

    @property
    def side_line(self) -> tuple[Entry, ...]:
        return self.side.entries[self.n:]

    def steps(self) -> tuple[StepDiff, ...]:
        """The two lines' steps aligned (the same, added, removed, changed)."""
        return diff_steps(_steps(self.actual_line), _steps(self.side_line))


def _steps(entries: tuple[Entry, ...]) -> list[Step]:
    return [s for e in entries for s in e.steps]


def choice_points(played: Played) -> list[int]:
    """The positions (moves made before them) where the learner chose: where a side line can start."""
    return [e.n - 1 for e in played.entries if not e.bot]


def choices(played: Played, n: int) -> list[Any]:
    """The legal moves at the position after ``n`` moves (empty unless the choice there was the learner's)."""
    base = at_move(played, n)
    return base.legal() if base.outcome is None and base.yours else []


def _until_yours(played: Played, n: int) -> Played:
    """The game as it went from the position after ``n`` moves, up to the learner's next choice after it."""
    later = [e.n for e in played.entries[n + 1:] if not e.bot]
    return at_move(played, later[0] - 1) if later else played


def fork(played: Played, n: int, action: Any) -> Fork | Refusal:
    """The side line where ``action`` is played at the position after ``n`` moves, beside the game's own line
    (the engine's refusal if ``action`` is not legal there, or the position was not the learner's choice)."""
    base = at_move(played, n)
    side = attempt(base, action)
    if isinstance(side, Refusal):
        return side
    return Fork(n, _until_yours(played, n) if n < len(played.entries) else base, side)
