"""Who chooses next in a game being played (the live game and the guided games' checks both ask it)."""

from __future__ import annotations

from typing import Any

from engine.registry import load_all


def deciding(game: str, state: Any) -> int | None:
    """Who chooses next: Regicide's current seat; in Dungeon Mayhem the seat the pending choice is for (a Charm
    Ray's holder, the player Praise Me asks, ...)."""
    if load_all()[game].outcome(state) is not None:
        return None
    if game == "regicide":
        return int(state.current)
    from engine.dungeon_mayhem.rules import deciding as dm_deciding

    return dm_deciding(state)
