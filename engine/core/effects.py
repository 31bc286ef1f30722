"""What a step changed: quantities as keys, effects as ``(key, before, after)``.

A **key** names one quantity of one thing on the table, language-free and the same in every layer:
``(thing, quantity)``, both plain strings, e.g. ``("player:1", "hp")`` or ``("pile:tavern", "size")``.
A thing that exists once per seat carries the seat, numbered as people do (seat index 0 is ``1``).

An **effect** is ``(key, before, after)``: the quantity ``key`` went from ``before`` to ``after``; where ``before``
equals ``after`` the step's rule *kept* the quantity as it was (:func:`engine.core.trace.keep`: what did not happen).
Values are hashable and comparable: ints, strings, bools, ``None`` and tuples of them (cards are their
engine ids).

Each game declares its keys once, in a :class:`Vocabulary` (``engine/<game>/quantities.py``), with
helper constructors so that no layer spells a key by hand, and a ``snapshot(state)`` that reads every
quantity of a position; ``read(state, key)`` is one entry of it.

Engines do not write effects by hand: a :class:`~engine.core.trace.Recorder` that watches the working
board (:func:`~engine.core.trace.watch`) reads the quantities at every step the engine logs and gives
the step the ones that changed since the step before. So an effect cannot disagree with the state, and
no change can be forgotten; the engine only has to log a step after the change it explains.

>>> diff({("turn", "player"): 1, ("enemy", "damage"): 0}, {("turn", "player"): 1, ("enemy", "damage"): 7})
((('enemy', 'damage'), 0, 7),)
>>> V = Vocabulary("demo", {("player:N", "hp"): "hit points"})
>>> V.knows(("player:3", "hp")), V.knows(("player:3", "mp"))
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Union

Value = Union[int, str, bool, None, tuple[object, ...]]
"""A quantity's value: hashable and comparable."""
Key = tuple[str, str]
"""``(thing, quantity)``."""
Effect = tuple[Key, Value, Value]
"""``(key, before, after)``."""
Snapshot = dict[Key, Value]
"""Every quantity of a position, by key."""

_SEAT = re.compile(r"(?<=[:.])\d+")


def kind(thing: str) -> str:
    """A thing's kind: its seat numbers replaced by ``N`` (``pile:2.deck`` -> ``pile:N.deck``).

    >>> kind("pile:2.deck"), kind("enemy"), kind("play:12")
    ('pile:N.deck', 'enemy', 'play:N')
    """
    return _SEAT.sub("N", thing)


@dataclass(frozen=True)
class Vocabulary:
    """One game's keys: ``(kind of thing, quantity) -> what it means`` (kinds as :func:`kind` gives them)."""

    game: str
    entries: Mapping[tuple[str, str], str]

    def knows(self, key: Key) -> bool:
        """Whether ``key`` is one of this game's quantities (a thing named by id matches ``prefix:*``).

        >>> Vocabulary("demo", {("character:*", "hp"): "hit points"}).knows(("character:spider-man", "hp"))
        True
        """
        thing, quantity = key
        if (kind(thing), quantity) in self.entries:
            return True
        head, _, name = thing.partition(":")
        return bool(name) and (f"{head}:*", quantity) in self.entries


def diff(before: Mapping[Key, Value], after: Mapping[Key, Value]) -> tuple[Effect, ...]:
    """The effects that take ``before`` to ``after``, in ``after``'s key order (then keys that vanished)."""
    if before.keys() == after.keys():  # the usual case: the same things on the table
        return tuple([(key, before[key], value) for key, value in after.items() if before[key] != value])
    out: list[Effect] = []
    for key, value in after.items():
        old = before.get(key)
        if old != value or (key not in before and value is not None):
            out.append((key, old, value))
    for key, old in before.items():
        if key not in after and old is not None:
            out.append((key, old, None))
    return tuple(out)


def merge(first: tuple[Effect, ...], then: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """``first`` followed by ``then`` as one change per key (``first``'s before, ``then``'s after); a key a rule
    kept, ``(key, v, v)`` (:func:`engine.core.trace.keep`), and not changed stays kept.

    >>> merge(((("enemy", "damage"), 0, 4),), ((("enemy", "damage"), 4, 8), (("turn", "player"), 1, 2)))
    ((('enemy', 'damage'), 0, 8), (('turn', 'player'), 1, 2))
    >>> merge(((("enemy", "shield"), 3, 3),), ((("turn", "player"), 1, 2),))
    ((('enemy', 'shield'), 3, 3), (('turn', 'player'), 1, 2))
    """
    out = {key: (key, before, after) for key, before, after in first}
    kept = {key for key, before, after in first if before == after}  # a rule kept it (trace.note, trace.keep)
    for key, before, after in then:
        old = out.get(key)
        if before == after:
            kept.add(key)
            if old is not None:
                continue
        out[key] = (key, old[1] if old else before, after)
    return tuple(e for e in out.values() if e[1] != e[2] or e[0] in kept)


def is_held(effect: Effect) -> bool:
    """Whether ``effect`` records a quantity a rule kept as it was, ``(key, v, v)`` (what did not happen,
    :func:`engine.core.trace.keep`) rather than a change; :func:`diff` never makes one."""
    return effect[1] == effect[2]


# -- keys every game shares -------------------------------------------------------------------------------------


def of_play(quantity: str) -> Key:
    """A quantity of the play being resolved (``value``, ``cards``, ``damage``): not a quantity of a position; only the
    step that settles it has an effect on it (``None -> value``, :func:`engine.core.trace.note`)."""
    return ("play", quantity)


def is_of_play(key: Key) -> bool:
    """Whether ``key`` is a quantity of a play (its verdict, its value...), not of a position.

    >>> is_of_play(legal(2)), is_of_play(of_play("damage")), is_of_play(turn_player())
    (True, True, False)
    """
    thing = key[0]
    return thing == "play" or thing.startswith("play:")


def turn_player() -> Key:
    """Whose turn it is (a seat, from 1)."""
    return ("turn", "player")


def choice_open() -> Key:
    """What choice is open (a game's name for it; ``""`` when none, e.g. after the end)."""
    return ("choice", "open")


def move(play: int) -> Key:
    """The N-th play of a line as made (a board's list of moves shows it)."""
    return (f"play:{play}", "move")


def legal(play: int | None = None) -> Key:
    """The verdict on a play (``play:N``, the N-th play of a line; ``play`` alone: the play being checked).

    Not a quantity of a position: only the step that refuses a play has an effect on it (``True -> False``).
    """
    return ("play" if play is None else f"play:{play}", "legal")


COMMON: dict[tuple[str, str], str] = {
    ("turn", "player"): "whose turn it is (seat, from 1)",
    ("choice", "open"): "the choice the game waits for ('' when none)",
    ("play", "legal"): "the verdict on the play being checked (a refusal only)",
    ("play:N", "legal"): "the verdict on the N-th play of a line (a refusal only)",
    ("play:N", "move"): "the N-th play of a line, as made (what a board lists among the moves)",
}
"""The keys every game has; each game's vocabulary includes them."""
