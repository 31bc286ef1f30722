"""What a game plugs into the tutor: its scenario model, asks, solver and captions.

An *ask* is a named query the game's engine answers about a resolved scenario
("target", "damage_to", "winner", "is_legal"). The answer is always computed from
the engine's outcome; files only name the ask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Protocol, Sequence

from engine.core.errors import IllegalPlay
from engine.core.glossary import Glossary
from engine.core.trace import Step
from tutor.models import ScenarioBase

class Bare(str):
    """A problem message printed without its field (``path:line:col: message``): a refused card,
    "Sonic Converter: its stun is not modelled", names the card itself."""


ILLEGAL = "illegal"
ILLEGAL_LABEL = "The play is illegal"
AnswerKind = Literal["choice", "yes_no", "number", "multi_select"]  # multi_select: every key that applies
Loc = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    key: Any  # the value an answer holds: a player id, a character id, True/False, a number
    label: str


@dataclass(frozen=True)
class Solution:
    """A scenario resolved by its engine: the game-specific outcome and its trace."""

    outcome: Any
    steps: tuple[Step, ...]
    illegal: IllegalPlay | None = None

    @property
    def is_legal(self) -> bool:
        return self.illegal is None


@dataclass(frozen=True)
class Ask:
    """A named query the engine answers.

    ``answer(solution, of)`` computes the value; ``choices(scenario, of)`` lists the
    options drawn from the board; ``legal_only`` asks are answered "the play is
    illegal" when the plays are illegal.
    """

    name: str
    kind: AnswerKind
    label: str
    answer: Callable[[Any, Solution, str | None], Any]
    choices: Callable[[Any, str | None], list[Choice]] | None = None
    needs_of: bool = False
    legal_only: bool = True
    description: str = ""


@dataclass
class GamePlugin:
    id: str
    name: str
    scenario_model: type[ScenarioBase]
    glossary: Glossary
    asks: dict[str, Ask]
    solve: Callable[[Any], Solution]
    caption: Callable[[Any], str]
    references: Callable[[Any], list[tuple[Loc, str]]]
    of_choices: Callable[[Any, str], list[str]] = field(default=lambda scn, ask: [])
    step_names: Sequence[str] = ()  # the step indicator, e.g. the five steps of an attack
    step_descriptions: Sequence[str] = ()
    blurb: str = ""


class BoardRenderer(Protocol):  # implemented in ui/boards
    def __call__(self, scenario: Any, solution: Solution | None = None) -> str: ...
