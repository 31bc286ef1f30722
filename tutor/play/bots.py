"""Bots: for each game one that plays any legal move at random and one that plays by rules of thumb.

Every bot is a pure function of the position and a seeded ``random.Random``: the same position and seed give
the same move. Each move comes with a one-line reason (a :class:`~engine.core.message.Message`, shown in the
learner's language). The heuristic bots judge a move by what the engine says it does: they apply it to a copy of
the position (``apply`` without a log) and score what comes out; they never guess a rule.

Regicide, the heuristic bot's rules of thumb (one sentence each; :mod:`tutor.play.rg_bot` plays them, the
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

from engine.core.errors import IllegalPlay, InvalidAction
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
        from engine.registry import load_all

        legal = list(load_all()[self.game].legal_actions(state))
        if not legal:
            raise ValueError("no legal move: the game is over")
        return rng.choice(legal), msg("a move drawn at random from the {n} legal ones", n=len(legal))


# ------------------------------------------------------------------------------------- Dungeon Mayhem


def _dm_shields(p: Any) -> int:
    from engine.dungeon_mayhem.cards import shields_left

    return sum(shields_left(cid, dmg) for cid, dmg in p.defense)


def _dm_value(state: Any, me: int) -> float:
    """The table measured for seat ``me`` (rules of thumb 1-4)."""
    if state.over:
        return 1e9 if state.winner == me else (0.0 if state.winner is None else -1e9)
    mine = state.players[me]
    if mine.out:
        return -1e8
    rivals = [p for i, p in enumerate(state.players) if i != me and not p.out]
    low = min((p.hp for p in rivals), default=0)
    value: float = 3.0 * mine.hp + _dm_shields(mine) + 0.5 * len(mine.hand)  # rules 3 and 4
    value -= sum(2.0 * p.hp + 0.7 * _dm_shields(p) for p in rivals) + 3.0 * low + 40.0 * len(rivals)  # rules 1, 2
    if state.active == me and state.pending is not None:
        value += state.plays_owed  # rule 4
    return value


def _dm_deciding(state: Any) -> int:
    from engine.dungeon_mayhem.rules import deciding

    return deciding(state)


def _dm_look(state: Any, me: int, depth: int) -> tuple[float, Any]:
    """The best value ``me`` can reach through its own choices of the card being resolved (rule 5), and the
    position it reaches."""
    from engine.dungeon_mayhem import game as dm

    if depth <= 0 or state.over or state.pending is None or state.pending.kind == "play" \
            or _dm_deciding(state) != me:
        return _dm_value(state, me), state
    best: tuple[float, Any] | None = None
    for action in dm.legal_actions(state)[:12]:
        try:
            found = _dm_look(dm.apply(state, action), me, depth - 1)
        except (IllegalPlay, InvalidAction):
            continue
        if best is None or found[0] > best[0]:
            best = found
    return best if best is not None else (_dm_value(state, me), state)


def _dm_reason(before: Any, after: Any, me: int) -> Message:
    """What a move changed that the rules of thumb care about, most important first."""
    if after.over and after.winner == me:
        return msg("knocks out the last opponent and wins")
    names = before.names
    for i, (b, a) in enumerate(zip(before.players, after.players)):
        if i != me and a.out and not b.out:
            return msg("knocks out {player}", player=names[i])
    hits = [(b.hp - a.hp, i) for i, (b, a) in enumerate(zip(before.players, after.players)) if i != me and a.hp < b.hp]
    if hits:
        n, i = max(hits)
        return msg("deals {n} damage to {player}", n=n, player=names[i])
    mine_b, mine_a = before.players[me], after.players[me]
    if mine_a.hp > mine_b.hp:
        return msg("heals {n}", n=mine_a.hp - mine_b.hp)
    if _dm_shields(mine_a) > _dm_shields(mine_b):
        return msg("raises its shields to {n}", n=_dm_shields(mine_a))
    shields = [i for i, (b, a) in enumerate(zip(before.players, after.players)) if i != me and
               _dm_shields(a) < _dm_shields(b)]
    if shields:
        return msg("breaks down {player}'s shields", player=names[shields[0]])
    if after.active == me and after.plays_owed > before.plays_owed:
        return msg("plays again")
    return msg("the choice that leaves the table best for it")


@dataclass(frozen=True)
class HeuristicBot:
    """Plays by the rules of thumb of this module's docstring; ties are broken by the seeded draw."""

    game: str
    level: str = "heuristic"

    def choose(self, state: Any, rng: random.Random) -> tuple[Any, Message]:
        from engine.registry import load_all

        legal = list(load_all()[self.game].legal_actions(state))
        if not legal:
            raise ValueError("no legal move: the game is over")
        if self.game == "regicide":
            from tutor.play import rg_bot

            return rg_bot.choose(state, legal, rng)
        from engine.dungeon_mayhem import game as dm

        me = _dm_deciding(state)

        def score(a: Any) -> tuple[float, Message]:
            value, reached = _dm_look(dm.apply(state, a), me, 3)
            return value, _dm_reason(state, reached, me)

        scored = [(score(a), rng.random(), k) for k, a in enumerate(legal)]
        (value, reason), _tie, k = max(scored, key=lambda t: (t[0][0], t[1]))
        return legal[k], reason


def bot(game: str, level: str) -> Bot:
    """The bot of ``level`` (``random`` or ``heuristic``) for ``game``."""
    if level == "random":
        return RandomBot(game)
    if level == "heuristic":
        return HeuristicBot(game)
    raise ValueError(f"no bot level {level!r}")
