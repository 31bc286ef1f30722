"""Error types that say what kind of wrong, built in one place.

- :class:`InvalidAction`: the request is malformed or refers to nothing on the board
  (a card the player does not hold, a player who is not seated).
- :class:`IllegalPlay`: the request is well formed but the rules forbid it now; it
  names the rule it breaks. :class:`GameOver` is the one illegal play every game shares:
  the game has ended, and the rule it names is the rule that ended it.
- :class:`PositionError`: the values given for a position do not describe one the rules
  allow; it lists every problem found, not just the first.
- :class:`NotModelled`: the engine cannot rule here, and says so instead of guessing.

Every message carries the offending input and a one-line summary of the state, set when
the error is made (python-chess: ``illegal san: 'Nf9' in <fen>``):

>>> str(IllegalPlay("REG.yield.restriction", "every other player yielded", action="Yield()", state="turn 3"))
"REG.yield.restriction: every other player yielded (action: 'Yield()') [state: turn 3]"

A rule's check returns a :data:`Verdict` (``None``: allowed; else the rule id and why not),
and :func:`check` turns a refusal into the error:

>>> check(None, "Yield()", "turn 3")
>>> check(("REG.solo.no_yield", "the solo player can never yield"), "Yield()", "turn 3")
Traceback (most recent call last):
...
engine.core.errors.IllegalPlay: REG.solo.no_yield: the solo player can never yield (action: 'Yield()') [state: turn 3]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine.core.message import Message, msg

if TYPE_CHECKING:
    from engine.core.game import GameEnd
    from engine.core.trace import Event

Verdict = tuple[str, "str | Message"] | None
"""What a rule's check returns: ``None`` when the rule allows it, else ``(rule id, why not)``."""


class RulesError(Exception):
    """Base class for every error the engines raise. ``reason`` is the bare sentence; ``str()``
    adds the rule id (if any), the input and the state summary."""

    rule: str | None = None

    def __init__(self, reason: str | Message, *, action: object = None, state: str = "") -> None:
        self.message = reason if isinstance(reason, Message) else None
        """The reason as a language-free message (``None`` for a plain English reason)."""
        self.reason = str(reason)
        self.action = action
        self.state_summary = state
        self.events: list[Event] = []
        """The moments the play went through before it stopped (the board then shows where it stopped)."""
        super().__init__(self._message())

    def _message(self) -> str:
        full = f"{self.rule}: {self.reason}" if self.rule else self.reason
        if self.action is not None:
            full += f" (action: {self.action!r})"
        if self.state_summary:
            full += f" [state: {self.state_summary}]"
        return full


class InvalidAction(RulesError):
    """A malformed action, or one that refers to something not on the board."""


class IllegalPlay(RulesError):
    """A well-formed action that the rules forbid; ``rule`` is the rule id it breaks."""

    rule: str

    def __init__(self, rule: str, reason: str | Message, *, action: object = None, state: str = "") -> None:
        self.rule = rule
        super().__init__(reason, action=action, state=state)


class GameOver(IllegalPlay):
    """Any action once the game has ended; ``rule`` is the rule that ended it, ``end`` the ending."""

    def __init__(self, end: GameEnd, *, action: object = None, state: str = "") -> None:
        self.end = end
        super().__init__(end.rule, msg("the game is over ({result})", result=end.result_message), action=action,
                         state=state)


class PositionError(RulesError, ValueError):
    """The values given for a position do not describe one the rules allow.

    >>> str(PositionError(["seat 1: HP must be 0..10, not 12", "seat 2: unknown keys ['hq']"], game="Dungeon Mayhem"))
    "invalid Dungeon Mayhem position: seat 1: HP must be 0..10, not 12; seat 2: unknown keys ['hq']"
    """

    def __init__(self, problems: Iterable[str], *, game: str = "") -> None:
        self.problems = list(problems)
        where = f"invalid {game} position" if game else "invalid position"
        super().__init__(f"{where}: " + "; ".join(self.problems))


class NotModelled(RulesError):
    """The engine cannot rule here: it does not model what the position needs, or the position
    leaves out something the ruling depends on (a boost card nobody named). Never approximated:
    the tutor refuses the question by name instead."""

    def __init__(self, reason: str | Message, *, action: object = None, state: str = "") -> None:
        super().__init__(reason, action=action, state=state)
        self.at_play: int | None = None
        """The index of the play it stopped in, when a list of plays was being resolved."""


def check(verdict: Verdict, action: object, state: str) -> None:
    """Raise :class:`IllegalPlay` for a refusing ``verdict``; do nothing when it allows."""
    if verdict is not None:
        rule, reason = verdict
        raise IllegalPlay(rule, reason, action=action, state=state)


# A widely used alias (OpenSpiel / boardgame.io vocabulary).
IllegalAction = IllegalPlay
