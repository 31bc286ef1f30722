"""The protocol every full game (Dungeon Mayhem, Regicide) follows.

After OpenSpiel: a frozen state plus small pure functions. Randomness is a seeded
``random.Random`` passed in at setup (and to ``apply`` only where the rules shuffle
mid-game); the same seed and actions always give the same game.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Protocol, Sequence, TypeVar

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


class Game(Protocol[S, A]):
    name: str

    def initial_state(self, num_players: int, rng: random.Random, **settings: Any) -> S: ...

    def legal_actions(self, state: S) -> Sequence[A]: ...

    def apply(self, state: S, action: A, rng: random.Random | None = None) -> S:
        """Return the state after ``action``; raise IllegalPlay naming the rule if it is not legal."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Any: ...
