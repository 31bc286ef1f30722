"""The resolution trace: what the engine did, step by step, and why.

Every step names the rule it applies, says what happened in one plain sentence, and
carries the source of that rule, so an explanation rendered from a trace cannot
contradict the answer computed from the same resolution.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine.core.glossary import Glossary


@dataclass(frozen=True, slots=True)
class Step:
    """One resolution step."""

    rule: str
    text: str
    source: str = ""
    phase: int | None = None  # game-specific: e.g. the attack step (1-6) in Marvel Champions

    def as_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "source": self.source, "phase": self.phase}


@dataclass(frozen=True, slots=True)
class Trace:
    """An immutable sequence of steps; ``add`` returns a new trace."""

    steps: tuple[Step, ...] = field(default_factory=tuple)

    def add(self, step: Step) -> "Trace":
        return Trace(self.steps + (step,))

    def extend(self, steps: Iterable[Step]) -> "Trace":
        return Trace(self.steps + tuple(steps))

    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


class Tracer:
    """Builds steps for one game's glossary, filling in each rule's source.

    Raises KeyError at once if a rule id is not in the glossary, so a typo in an
    engine cannot produce an explanation citing a rule that does not exist.
    """

    def __init__(self, glossary: Glossary) -> None:
        self.glossary = glossary

    def step(self, rule: str, text: str, phase: int | None = None) -> Step:
        return Step(rule=rule, text=text, source=self.glossary[rule].source, phase=phase)
