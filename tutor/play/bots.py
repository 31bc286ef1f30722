"""Bots: for each game one that plays any legal move at random and one that plays by rules of thumb (where the
game's play hook scores moves: ``tutor/games/<game>/bots.py``; a game whose hook scores none has random bots only).

Every bot is a pure function of the position and a seeded ``random.Random``: the same position and seed give
the same move. Each move comes with a one-line reason (a :class:`~engine.core.message.Message`, shown in the
learner's language). The heuristic bots judge a move by what the engine says it does: they apply it to a copy of
the position (``apply`` without a log) and score what comes out; they never guess a rule.

Regicide, the heuristic bot's rules of thumb (one sentence each):

1. Defeat the enemy when a play can, with exact damage if possible (the enemy then goes on top of the Tavern),
   spending the least card value.
2. Never make a play that leaves your hand unable to pay the enemy's attack when one that can is available.
3. Among the safe plays, deal the most damage and keep the most card value in hand once the attack is paid
   (a shield that lowers the attack counts, and so do the cards Diamonds draw).
4. Flip a solo Jester only when no play or discard would keep you in the game.
5. When you must discard, pay the attack with the least card value, keeping your high cards.
6. After a Jester, hand the turn to the player with the most cards.

Dungeon Mayhem, the heuristic bot's rules of thumb:

1. Win when you can: a move that knocks out the last opponent is taken at once.
2. Knock out an opponent when you can, else hurt the weakest one (fewest hit points left).
3. Keep your own hit points and shields up: a hit point of yours counts for more than one of an opponent's.
4. Play again when a card lets you, and keep cards in hand.
5. Of the choices a card opens (its target, a Defense card to destroy), take the one that leaves the table best
   for you by the same measure, looking ahead through your own choices of that card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.message import Message, msg


class Bot(Protocol):
    @property
    def level(self) -> str:
        """``random`` or ``heuristic``."""
        ...

    def choose(self, state: Any, rng: random.Random) -> tuple[Any, Message]:
        """The move to make now and the reason, in one line."""
        ...


@dataclass(frozen=True)
class RandomBot:
    """Any legal move, drawn at random (the engine's list, the seeded draw)."""

    game: str
    level: str = "random"

    def choose(self, state: Any, rng: random.Random) -> tuple[Any, Message]:
        from tutor.games import engine_game

        legal = list(engine_game(self.game).legal_actions(state))
        if not legal:
            raise ValueError("no legal move: the game is over")
        return rng.choice(legal), msg("a move drawn at random from the {n} legal ones", n=len(legal))


@dataclass(frozen=True)
class HeuristicBot:
    """Plays by the rules of thumb of this module's docstring; ties are broken by the seeded draw."""

    game: str
    level: str = "heuristic"

    def choose(self, state: Any, rng: random.Random) -> tuple[Any, Message]:
        from tutor.games import engine_game

        legal = list(engine_game(self.game).legal_actions(state))
        if not legal:
            raise ValueError("no legal move: the game is over")
        from tutor.games import play_hook

        hook = play_hook(self.game)
        if hook is None or hook.score is None:
            raise ValueError(f"{self.game} has no heuristic bot (its play hook scores no move)")
        score = hook.score(state)
        scored = [(score(a), rng.random(), k) for k, a in enumerate(legal)]
        (value, reason), _tie, k = max(scored, key=lambda t: (t[0][0], t[1]))
        return legal[k], reason


def levels(game: str) -> tuple[str, ...]:
    """The bots' levels ``game`` offers: random, and the heuristic one where its play hook scores moves."""
    from tutor.games import play_hook

    hook = play_hook(game)
    return ("random", "heuristic") if hook is not None and hook.score is not None else ("random",)


def bot(game: str, level: str) -> Bot:
    """The bot of ``level`` (``random`` or ``heuristic``) for ``game``."""
    if level == "random":
        return RandomBot(game)
    if level == "heuristic":
        return HeuristicBot(game)
    raise ValueError(f"no bot level {level!r}")
