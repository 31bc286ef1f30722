"""``rules-tutor why``: the chain of steps that changed a quantity, from the start of a line to a question's moment.

A quantity is a key ``(thing, quantity)`` of the game's vocabulary (``engine/<game>/quantities.py``); each
step of a resolution says which quantities it changed (``Step.effects``), read from the table by the engine.
Until the asks declare what they read (issue 23, item 2), a question's keys are: the verdict on the play
where its line stops at an illegal play, else those given with ``--key``; without either, the command lists
the quantities the line changed up to the moment, each with how many steps changed it.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.core.effects import Key, Value
from engine.core.trace import Step

QUANTITIES = {"regicide": "engine.regicide.quantities", "dungeon_mayhem": "engine.dungeon_mayhem.quantities",
              "marvel_champions": "engine.marvel_champions.quantities"}
"""The games whose engines record effects (all three)."""


def chain(steps: Sequence[Step], key: Key) -> list[tuple[Step, Value, Value]]:
    """The steps with an effect on ``key``, in order, each with the value before and after it.

    >>> from engine.regicide.glossary import TRACER
    >>> s = TRACER.step("REG.suit.spades", "♠ shields 4.")
    >>> from dataclasses import replace
    >>> steps = [replace(s, effects=((("enemy", "shield"), 0, 4),)), TRACER.step("REG.damage.deal", "4 damage.")]
    >>> [(st.rule, a, b) for st, a, b in chain(steps, ("enemy", "shield"))]
    [('REG.suit.spades', 0, 4)]
    """
    out = []
    for step in steps:
        for k, before, after in step.effects:
            if k == key:
                out.append((step, before, after))
    return out


def changed(steps: Sequence[Step]) -> dict[Key, int]:
    """Every key the steps change, with how many steps change it, in the order first changed."""
    out: dict[Key, int] = {}
    for step in steps:
        for key, _b, _a in step.effects:
            out[key] = out.get(key, 0) + 1
    return out


def _value(v: Value) -> str:
    return "none" if v is None or v == "" else str(v)


def state_at(game: str, outcome: Any) -> Any:
    """The engine's position in a game's outcome at the question's moment."""
    return outcome.after if game == "dungeon_mayhem" else outcome.state


def render_chain(steps: Sequence[Step], key: Key, known: bool, now: Value = None,
                 cite: Callable[[str], str] = str) -> list[str]:
    """The lines ``why`` prints for one key (``now``: its value at the question's moment, if a position holds it;
    ``cite``: a step's source as a learner can follow it, e.g. the game's documents by title)."""
    head = f"{key[0]} {key[1]}"
    if not known:
        return [f"{head}: not a quantity of this game (see its vocabulary, engine/<game>/quantities.py)"]
    links = chain(steps, key)
    if not links:
        value = "" if now is None else f" {_value(now)};"
        return [f"{head}:{value} no step up to this moment changes it (its value comes from the position the line "
                "starts from: the set-up or a printed value)"]
    lines = [f"{head}: {_value(links[0][1])} at the start"]
    for n, (step, before, after) in enumerate(links, start=1):
        lines.append(f"  {n}. {step.rule}: {step.text}")
        lines.append(f"     {_value(before)} → {_value(after)}   [{cite(step.source)}]")
    lines.append(f"  so {_value(links[-1][2])} at the question's moment")
    return lines
