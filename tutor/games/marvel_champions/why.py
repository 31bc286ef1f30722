"""Marvel Champions' "why?" questions: one message per quantity a learner asks about
(``engine/marvel_champions/quantities.py``). Characters and enemies are named by their ids on the board (the names the
scenario gives them), players by their names. Card lists (a hand, the boost cards), the attack's inner bookkeeping
(its step, the defense kind) and the open choice have no question.

>>> from tutor.library import SCENARIOS, load
>>> (scn,) = load([SCENARIOS / "marvel_champions" / "d3_steady.yaml"]).scenarios.values()
>>> str(question(scn, ("character:She-Hulk", "damage"), 3)), str(question(scn, ("attack:1", "happens"), True))
('Why has She-Hulk taken 3 damage?', 'Why does the attack happen?')
>>> str(question(scn, ("player:p1", "drawn"), 1)), question(scn, ("player:p1", "hand"), ()) is None
('Why has Player 1 drawn 1 card?', True)
>>> things(scn, "She-Hulk")
('character:She-Hulk', 'enemy:She-Hulk')
"""

from __future__ import annotations

from typing import Any

from engine.core.effects import Key, Value
from engine.core.message import Message, msg, plural
from tutor.games.base import WhyPhrases


def things(scn: Any, of: str) -> tuple[str, ...]:
    """The things a question's ``of:`` names: the character or the enemy of that name."""
    return (f"character:{of}", f"enemy:{of}")


def _count(value: Value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _player(scn: Any, pid: str) -> str:
    for p in getattr(getattr(scn, "setup", None), "players", None) or ():
        if getattr(p, "id", None) == pid:
            return str(getattr(p, "name", None) or pid)
    return pid


def question(scn: Any, key: Key, value: Value) -> Message | None:
    """"Why has She-Hulk taken 3 damage?" for ``key`` at ``value``; None for a quantity not asked about."""
    thing, quantity = key
    head, _, name = thing.partition(":")
    n = _count(value)
    if head in ("character", "enemy"):
        return _of_thing(head, name, quantity, value, n)
    if head == "player" and quantity == "drawn" and n is not None:
        return plural("Why has {player} drawn {n} card?", "Why has {player} drawn {n} cards?", "n",
                      player=_player(scn, name), n=n)
    if head == "attack":
        return _of_attack(quantity, value, n)
    if key == ("phase", "over") and value:
        return msg("Why is the villain phase over?")
    return None


def _of_thing(head: str, name: str, quantity: str, value: Value, n: int | None) -> Message | None:
    if quantity == "damage" and n is not None:
        return plural("Why has {name} taken {n} damage?", "Why has {name} taken {n} damage?", "n", name=name, n=n)
    if quantity == "exhausted" and isinstance(value, bool):
        return msg("Why is {name} exhausted?", name=name) if value else msg("Why is {name} ready?", name=name)
    if quantity == "stunned" and n is not None:
        return plural("Why does {name} have {n} stun card?", "Why does {name} have {n} stun cards?", "n",
                      name=name, n=n)
    if quantity == "confused" and n is not None:
        return plural("Why does {name} have {n} confused card?", "Why does {name} have {n} confused cards?", "n",
                      name=name, n=n)
    if quantity == "tough" and n is not None:
        return plural("Why does {name} have {n} tough card?", "Why does {name} have {n} tough cards?", "n",
                      name=name, n=n)
    if head == "character" and quantity == "in_play" and value is False:
        return msg("Why has {name} left play?", name=name)
    if head == "enemy" and quantity == "gone" and value:
        return msg("Why is {name} defeated?", name=name)
    return None


def _of_attack(quantity: str, value: Value, n: int | None) -> Message | None:
    if quantity == "damage" and n is not None:
        return plural("Why does the attack deal {n} damage?", "Why does the attack deal {n} damage?", "n", n=n)
    if quantity == "atk" and n is not None:
        return msg("Why is the attack's ATK {n}?", n=n)
    if quantity == "boost_icons" and n is not None:
        return plural("Why do the boost cards add {n} icon?", "Why do the boost cards add {n} icons?", "n", n=n)
    if quantity == "prevented" and n:
        return plural("Why is {n} damage prevented?", "Why is {n} damage prevented?", "n", n=n)
    if quantity == "retaliate" and n:
        return plural("Why does retaliate deal {n} damage?", "Why does retaliate deal {n} damage?", "n", n=n)
    if quantity == "target" and isinstance(value, str) and value:
        return msg("Why is {name} the target of the attack?", name=value)
    if quantity == "defender" and isinstance(value, str) and value:
        return msg("Why does {name} defend?", name=value)
    if quantity == "happens" and isinstance(value, bool):
        return msg("Why does the attack happen?") if value else msg("Why does the attack not happen?")
    return None


def _players(scn: Any) -> frozenset[str]:
    return frozenset(str(getattr(p, "id", "")) for p in getattr(getattr(scn, "setup", None), "players", None) or ())


def value(scn: Any, key: Key, v: Value) -> Any:
    """A value as the chain shows it, by its type (:func:`tutor.why.words`): yes/no, a number or a name as it is,
    a sequence as a list (the villain phase's order, the forced abilities that resolved), an enemy's activation
    against a player (a pair of a name and a player's id) as "Rhino against Player 1", nothing as "none"."""
    from tutor.why import words

    players = _players(scn)

    def activation(item: Any) -> Message | None:
        if isinstance(item, tuple) and len(item) == 2 and all(isinstance(x, str) for x in item) \
                and item[1] in players:
            return msg("{enemy} against {player}", enemy=item[0], player=_player(scn, item[1]))
        return None

    return words(v, activation)


PHRASES = WhyPhrases(things=things, question=question, value=value)
