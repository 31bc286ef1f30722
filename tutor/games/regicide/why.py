"""Regicide's "why?" questions: one message per quantity a learner asks about (``engine/regicide/quantities.py``),
seats named as the scenario's captions name them. Card lists (their sizes are asked instead), the open choice and
the blocked Spades have no question.

>>> from tutor.library import SCENARIOS, load
>>> (scn,) = load([SCENARIOS / "regicide" / "suit_spades_cover.yaml"]).scenarios.values()
>>> str(question(scn, ("enemy", "damage"), 14)), str(question(scn, ("hand:2", "size"), 1))
('Why has the enemy taken 14 damage?', 'Why does seat 2 hold 1 card?')
>>> question(scn, ("pile:castle", "cards"), ()) is None, things(scn, "seat2")
(True, ('hand:2', 'seat:2'))
"""

from __future__ import annotations

from typing import Any

from engine.core.effects import Key, Value
from engine.core.message import Message, msg, plural
from engine.regicide.cards import card_symbol
from tutor.games.base import WhyPhrases, count_of
from tutor.games.regicide.position import parse_seat, seat_index, seat_phrase


def things(scn: Any, of: str) -> tuple[str, ...]:
    """The things of the seat ``of`` names: its hand and whether it yielded (a card names no thing)."""
    seat = parse_seat(scn, of)
    if seat is None:
        return ()
    return (f"hand:{seat + 1}", f"seat:{seat + 1}")


def _seat(scn: Any, n: object) -> Message | None:
    return seat_phrase(scn, seat_index(n)) if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else None


_PILES = {  # literal calls, so that the catalogs find every template
    "castle": lambda n: plural("Why is there {n} card in the castle deck?",
                               "Why are there {n} cards in the castle deck?", "n", n=n),
    "tavern": lambda n: plural("Why is there {n} card in the tavern deck?",
                               "Why are there {n} cards in the tavern deck?", "n", n=n),
    "discard": lambda n: plural("Why is there {n} card in the discard pile?",
                                "Why are there {n} cards in the discard pile?", "n", n=n),
    "table": lambda n: plural("Why is there {n} card played against this enemy?",
                              "Why are there {n} cards played against this enemy?", "n", n=n),
    "aside": lambda n: plural("Why is there {n} card set aside?", "Why are there {n} cards set aside?", "n", n=n),
}


def question(scn: Any, key: Key, value: Value) -> Message | None:
    """"Why has the enemy taken 14 damage?" for ``key`` at ``value``; None for a quantity not asked about."""
    thing, quantity = key
    head, _, rest = thing.partition(":")
    n = count_of(value)
    if head == "pile" and quantity == "size" and rest in _PILES and n is not None:
        return _PILES[rest](n)
    if (head, quantity) == ("hand", "size") and n is not None and rest.isdigit():
        return plural("Why does {seat} hold {n} card?", "Why does {seat} hold {n} cards?", "n",
                      seat=_seat(scn, int(rest)) or rest, n=n)
    if (head, quantity) == ("seat", "yielded") and rest.isdigit():
        seat = _seat(scn, int(rest)) or rest
        return msg("Why has {seat} yielded?", seat=seat) if value else msg("Why has {seat} not yielded?", seat=seat)
    if key == ("turn", "player") and (whose := _seat(scn, value)) is not None:
        return msg("Why is it {seat}'s turn?", seat=whose)
    if key == ("enemy", "card") and isinstance(value, int):
        return msg("Why is {card} the enemy in play?", card=card_symbol(value))
    return _table(key, value, n)


def _table(key: Key, value: Value, n: int | None) -> Message | None:
    if key == ("enemy", "damage") and n is not None:
        return plural("Why has the enemy taken {n} damage?", "Why has the enemy taken {n} damage?", "n", n=n)
    if key == ("enemy", "shield") and n is not None:
        return msg("Why is the shield against the enemy's attack {n}?", n=n)
    if key == ("enemy", "immune"):
        return msg("Why does the enemy's immunity still work?") if value else msg(
            "Why does the enemy's immunity no longer work?")
    if key == ("turn", "need") and n:  # nothing left to discard: no question (the game may simply be over)
        return msg("Why must cards worth {n} still be discarded?", n=n)
    if key == ("solo", "jesters") and n is not None:
        return plural("Why is {n} solo Jester left?", "Why are {n} solo Jesters left?", "n", n=n)
    if key == ("game", "defeated") and n is not None:
        return plural("Why has {n} enemy been defeated?", "Why have {n} enemies been defeated?", "n", n=n)
    if key == ("game", "result") and value in ("won", "lost"):
        return msg("Why do the players win?") if value == "won" else msg("Why do the players lose?")
    return None


def value(scn: Any, key: Key, v: Value) -> Any:
    """A value as the chain shows it: a seat by its phrase, the enemy by its card, yes/no, a number as it is."""
    if key == ("turn", "player"):
        return _seat(scn, v) or msg("nobody")
    if key == ("enemy", "card"):
        return card_symbol(v) if isinstance(v, int) else msg("none")
    if key == ("game", "result"):
        return msg("won") if v == "won" else msg("lost") if v == "lost" else msg("not yet decided")
    from tutor.why import words

    return words(v)  # by its type: yes/no, a number or a name as it is, a sequence as a list, nothing as "none"


PHRASES = WhyPhrases(things=things, question=question, value=value)
