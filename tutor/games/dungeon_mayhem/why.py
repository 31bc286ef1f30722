"""Dungeon Mayhem's "why?" questions: one message per quantity a learner asks about (``engine/dungeon_mayhem/
quantities.py``), with the player named as the scenario names them. Quantities a learner does not count (the
open choice's internals, card lists: their sizes are asked instead) have no question.

>>> from tutor.library import SCENARIOS, load
>>> (scn,) = load([SCENARIOS / "dungeon_mayhem" / "again_exhausted.yaml"]).scenarios.values()
>>> str(question(scn, ("player:2", "hp"), 5)), str(question(scn, ("hand:1", "size"), 1))
('Why does Sutha have 5 hit points?', 'Why does Azzan hold 1 card?')
>>> question(scn, ("choice", "by"), 1) is None, things(scn, "Sutha")
(True, ('player:2', 'hand:2', 'pile:2.deck', 'pile:2.discard', 'defense:2'))
"""

from __future__ import annotations

from typing import Any

from engine.core.effects import Key, Value
from engine.core.message import Message, msg, plural
from tutor.games.base import WhyPhrases, count_of
from tutor.games.dungeon_mayhem.position import _seat_of, player_names


def things(scn: Any, of: str) -> tuple[str, ...]:
    """The things of the player ``of`` names: their hit points and statuses, hand, piles and Defense cards."""
    seat = _seat_of(scn, of)
    if seat is None:
        return ()
    n = seat + 1
    return (f"player:{n}", f"hand:{n}", f"pile:{n}.deck", f"pile:{n}.discard", f"defense:{n}")


def _name(scn: Any, seat: object) -> str | None:
    names = player_names(scn)
    return names[seat - 1] if isinstance(seat, int) and 1 <= seat <= len(names) else None


def question(scn: Any, key: Key, value: Value) -> Message | None:
    """"Why does Sutha have 5 hit points?" for ``key`` at ``value``; None for a quantity not asked about."""
    thing, quantity = key
    head, _, seat = thing.partition(":")
    if (head, quantity) == ("turn", "player"):
        who = _name(scn, value)
        return msg("Why is it {player}'s turn?", player=who) if who else None
    if (head, quantity) == ("turn", "plays_owed") and (n := count_of(value)) is not None:
        return plural("Why is {n} play still owed this turn?", "Why are {n} plays still owed this turn?", "n", n=n)
    if (head, quantity) == ("game", "winner"):
        who = _name(scn, value)
        return msg("Why does {player} win?", player=who) if who else None
    if (head, quantity) == ("game", "over"):
        return msg("Why is the game over?") if value else msg("Why does the game go on?")
    owner = seat.split(".")[0]
    who = _name(scn, int(owner)) if owner.isdigit() else None
    if who is None:
        return None
    kind = head + ("." + seat.split(".")[1] if "." in seat else "")
    n = count_of(value)
    if (kind, quantity) == ("player", "hp") and n is not None:
        return plural("Why does {player} have {n} hit point?", "Why does {player} have {n} hit points?", "n",
                      player=who, n=n)
    if (kind, quantity) == ("player", "out"):
        return msg("Why is {player} knocked out?", player=who) if value else msg(
            "Why is {player} still in the game?", player=who)
    if (kind, quantity) == ("player", "disguised"):
        return msg("Why is {player} protected by Clever Disguise?", player=who) if value else msg(
            "Why is {player} no longer protected by Clever Disguise?", player=who)
    if (kind, quantity) == ("hand", "size") and n is not None:
        return plural("Why does {player} hold {n} card?", "Why does {player} hold {n} cards?", "n", player=who, n=n)
    if (kind, quantity) == ("pile.deck", "size") and n is not None:
        return plural("Why is there {n} card in {player}'s deck?", "Why are there {n} cards in {player}'s deck?",
                      "n", player=who, n=n)
    if (kind, quantity) == ("pile.discard", "size") and n is not None:
        return plural("Why is there {n} card in {player}'s discard pile?",
                      "Why are there {n} cards in {player}'s discard pile?", "n", player=who, n=n)
    if (kind, quantity) == ("defense", "shields") and n is not None:
        return plural("Why do {player}'s Defense cards have {n} shield left?",
                      "Why do {player}'s Defense cards have {n} shields left?", "n", player=who, n=n)
    return None


def value(scn: Any, key: Key, v: Value) -> Any:
    """A value as the chain shows it: a seat by its player's name, yes/no for a status, a number as it is."""
    if key in (("turn", "player"), ("game", "winner")):
        return _name(scn, v) or msg("nobody")
    from tutor.why import words

    return words(v)  # by its type: yes/no, a number or a name as it is, a sequence as a list, nothing as "none"


PHRASES = WhyPhrases(things=things, question=question, value=value)
