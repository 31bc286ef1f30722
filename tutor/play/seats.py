"""Who chooses next in a game being played (the live game and the guided games' checks both ask it)."""

from __future__ import annotations

from typing import Any

from tutor.games import engine_game, play_hook


def deciding(game: str, state: Any) -> int | None:
    """Who chooses next (the game's play hook: Regicide's current seat; in Dungeon Mayhem the seat the pending
    choice is for, a Charm Ray's holder, the player Praise Me asks, ...); None once the game is over."""
    if engine_game(game).outcome(state) is not None:
        return None
    hook = play_hook(game)
    assert hook is not None, game
    return hook.deciding(state)
