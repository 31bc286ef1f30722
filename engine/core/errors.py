"""Error types that say what kind of wrong.

- :class:`InvalidAction`: the request is malformed or refers to nothing on the board
  (a card the player does not hold, a player who is not seated).
- :class:`IllegalPlay`: the request is well formed but the rules forbid it now; it
  names the rule it breaks.

Messages include the offending input and a one-line summary of the state.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base class for every error the engines raise about actions."""


class InvalidAction(RulesError):
    """A malformed action, or one that refers to something not on the board."""

    def __init__(self, message: str, *, action: object = None, state: str = "") -> None:
        self.action = action
        self.state_summary = state
        full = message
        if action is not None:
            full += f" (action: {action!r})"
        if state:
            full += f" [state: {state}]"
        super().__init__(full)
        self.reason = message


class IllegalPlay(RulesError):
    """A well-formed action that the rules forbid; ``rule`` is the rule id it breaks."""

    def __init__(self, rule: str, message: str, *, action: object = None, state: str = "") -> None:
        self.rule = rule
        self.action = action
        self.state_summary = state
        self.reason = message
        full = f"{rule}: {message}"
        if action is not None:
            full += f" (action: {action!r})"
        if state:
            full += f" [state: {state}]"
        super().__init__(full)


class NotModelled(RulesError):
    """The engine cannot rule here: it does not model what the position needs, or the position
    leaves out something the ruling depends on (a boost card nobody named). Never approximated:
    the tutor refuses the question by name instead."""

    def __init__(self, message: str, *, state: str = "") -> None:
        self.reason = message
        self.state_summary = state
        super().__init__(message + (f" [state: {state}]" if state else ""))


# A widely used alias (OpenSpiel / boardgame.io vocabulary).
IllegalAction = IllegalPlay
