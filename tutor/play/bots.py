"""Bots: for each game one that plays any legal move at random and one that plays by rules of thumb.

Every bot is a pure function of the position and a seeded ``random.Random``: the same position and seed give
the same move. Each move comes with a one-line reason (a :class:`~engine.core.message.Message`, shown in the
learner's language). The heuristic bots judge a move by what the engine says it does: they apply it to a copy of
the position (``apply`` without a log) and score what comes out; they never guess a rule.

Regicide, the heuristic bot's rules of thumb (one sentence each; ``tutor/games/regicide/bots.py`` plays them, the
weights are its ``Weights``):

1. Look ahead over the whole turn: each legal move is played on a copy of the board by the engine's own turn code,
   with the enemy's attack that follows paid by each discard the engine lists, and the line that leaves the best
   position is kept (a line that loses is taken only when every line loses).
2. Enemies defeated count most, then the health taken from them; an enemy that an exact kill put on top of the
   Tavern counts as the free card it is.
3. A hand that can defeat the current enemy on its own (a quick plan: the cheapest killing play if there is one,
   else the most damage and shield, each attack paid with the least value) is worth a bonus and the cards it
   keeps; the health it falls short of counts against it, fully in solo and a fifth with 2-4 players, whose
   partners fight the same enemy.
4. Cards in hand count by number and by value, each card more where the hand limit is smaller (with more
   players), a Jester in hand (3-4 players) much more, an Ace a little more (it pairs with anything).
5. A Diamond in hand counts for the cards it could draw for the table (its value, the room left in the hands
   and the cards left in the Tavern), and every card left in the Tavern counts: Diamonds and Hearts keep cards
   flowing.
6. Keep the solo Jesters: an unflipped one counts about as much as a fresh hand, a flip at the start of Step 4
   is made only when no discard pays the attack, and a flip at the start of Step 1 only when the fresh hand is
   worth more than the Jester.
7. Play on what the seat may know: the Tavern's order is hidden, so a move that draws is tried on eight seeded
   shuffles of it and scored by the average, and the other hands count by their size and the average unseen
   card.
8. After a Jester, name the player whose hand meets the enemy best (the rules let players say, in general terms,
   who has a good play); yielding, Spades, Clubs and Hearts are chosen by the look-ahead when the position
   they leave is worth most (a yield behind a shield that covers the attack costs no card).

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
        if hook is not None and hook.choose is not None:  # a bot that searches (Regicide): its own whole choice
            return hook.choose(state, legal, rng)
        if hook is None or hook.score is None:
            raise ValueError(f"{self.game} has no heuristic bot (its play hook scores no move)")
        score = hook.score(state)
        scored = [(score(a), rng.random(), k) for k, a in enumerate(legal)]
        (value, reason), _tie, k = max(scored, key=lambda t: (t[0][0], t[1]))
        return legal[k], reason


def levels(game: str) -> tuple[str, ...]:
    """The bots' levels ``game`` offers: random, and the heuristic one where its play hook scores moves."""
    from tutor.games import play_hook
    from tutor.games.play import has_heuristic

    hook = play_hook(game)
    return ("random", "heuristic") if hook is not None and has_heuristic(hook) else ("random",)


def bot(game: str, level: str) -> Bot:
    """The bot of ``level`` (``random`` or ``heuristic``) for ``game``."""
    if level == "random":
        return RandomBot(game)
    if level == "heuristic":
        return HeuristicBot(game)
    raise ValueError(f"no bot level {level!r}")
