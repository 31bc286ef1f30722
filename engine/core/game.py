"""One game API for every game: the :class:`Game` protocol, the :class:`GameEnd` value and the registry.

After OpenSpiel (``pyspiel.register_game`` and ``games_sim_test.py``) and python-chess
(``Outcome(termination, winner)``): a game is a frozen state plus small pure functions,
and every registered game is driven, and tested, the same way
(``tests/engine/test_games_sim.py`` plays random games of each one).

Randomness is a seeded ``random.Random`` passed in at set-up (and to ``apply_explained``
only where the rules shuffle mid-game); the same seed and actions always give the same game.

The games register themselves on import; :func:`engine.registry.load_all` imports them all (kept out of this
module, which every game imports).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar

from engine.core.glossary import Glossary
from engine.core.message import Message, msg
from engine.core.sources import Sources
from engine.core.trace import Step

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended: the rule that ended it and who, if anyone, won.

    ``winner`` is a seat for competitive games (``None``: a draw); ``won`` is the table's
    result in a cooperative game (``None`` in a competitive one). ``detail`` is a
    game-specific grade (Regicide's solo medal).

    >>> GameEnd("DM.ko.win", winner=1).result
    'seat 2 wins'
    >>> GameEnd("REG.end.loss_damage", won=False).result
    'lost'
    """

    rule: str
    winner: int | None = None
    won: bool | None = None
    detail: str | None = None

    @property
    def result(self) -> str:
        """``won``/``lost`` (cooperative), ``draw`` or ``seat N wins`` (competitive, 1-based)."""
        return str(self.result_message)

    @property
    def result_message(self) -> Message:
        """:attr:`result` as a language-free message."""
        if self.won is not None:
            return msg("won") if self.won else msg("lost")
        return msg("draw") if self.winner is None else msg("seat {seat} wins", seat=self.winner + 1)


class Game(Protocol, Generic[S, A]):
    """What every game implements (the full games and the Marvel Champions attack alike).

    ``setup`` is game-specific plain data (Regicide: a player count; Dungeon Mayhem: the
    characters in seat order; Marvel Champions: an attack position).
    """

    name: str
    glossary: Glossary
    sources: Sources
    settings: Any
    """The game's settings (a frozen dataclass: one field per disputed ruling, the project's ruling as default)."""

    def initial_state(self, setup: Any, rng: random.Random) -> S:
        """The state at the start, shuffled with ``rng``. Raises PositionError for a bad set-up."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal action now, in a canonical order; empty exactly when :meth:`outcome` is not None."""
        ...

    def apply_explained(self, state: S, action: A, rng: random.Random | None = None) -> tuple[S, tuple[Step, ...]]:
        """The state after ``action`` and the steps that got there (each with its rule id and source).

        Raises IllegalPlay naming the rule (GameOver once the game has ended), or InvalidAction.
        """
        ...

    def is_legal(self, state: S, action: A) -> bool:
        """Whether :meth:`apply_explained` would accept ``action``."""
        ...

    def outcome(self, state: S) -> GameEnd | None:
        """``None`` while the game goes on; otherwise how it ended."""
        ...

    def random_setup(self, rng: random.Random) -> Any:
        """A set-up drawn at random (for the shared random-play harness and the practice generator)."""
        ...


GAMES: dict[str, Game[Any, Any]] = {}
"""Every registered game by name; each game package registers itself on import."""


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to :data:`GAMES` (idempotent for the same name and class)."""
    known = GAMES.get(game.name)
    if known is not None and type(known) is not type(game):
        raise ValueError(f"two games named {game.name!r}")
    GAMES[game.name] = game
    return game

