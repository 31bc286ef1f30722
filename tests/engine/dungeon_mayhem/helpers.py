"""Shared helpers for the Dungeon Mayhem engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalPlay
from engine.dungeon_mayhem import GLOSSARY, State, apply_explained, from_position
from engine.dungeon_mayhem.actions import Action


DEFAULT_HAND = {"Azzan": ["Burning Hands"], "Sutha": ["Open the Armory"], "Lia": ["High Charisma"], "Oriax": ["Two Thrown Daggers"],
                "Minsc": ["Twice the Smiting!"], "Jaheira": ["Call Lightning"], "Blorp": ["D6 of Doom"],
                "Delilah": ["Double Trouble"], "Tentaculous": ["Ego Whip"], "Hoots": ["Look Out Below!"],
                "Cinderpuff": ["Wing Buffet"], "Mimi": ["Definitely Not a Trap"]}


def P(character: str, **kw: Any) -> dict[str, Any]:
    """A seat; without a ``hand`` it holds one card, so its turn waits for a play."""
    return {"character": character, "hand": DEFAULT_HAND[character], **kw}


def pos(*players: dict[str, Any], **kw: Any) -> State:
    return from_position(list(players), **kw)


def run(state: State, *actions: Action) -> tuple[State, list[str], list[str]]:
    """Apply actions in order; return the final state, the rule ids and the texts of all steps."""
    rules: list[str] = []
    texts: list[str] = []
    for a in actions:
        state, steps = apply_explained(state, a)
        rules += [s.rule for s in steps]
        texts += [s.text for s in steps]
    return state, rules, texts


def illegal(state: State, action: Action, rule: str) -> None:
    with pytest.raises(IllegalPlay) as e:
        apply_explained(state, action)
    assert e.value.rule == rule, e.value
    assert e.value.rule in GLOSSARY


def names(cards: tuple[int, ...]) -> list[str]:
    from engine.dungeon_mayhem import card_name
    return [card_name(c) for c in cards]
