"""Every game of the engine, registered: :func:`load_all` imports each game package (each registers itself in
:data:`engine.core.game.GAMES` on import). A module of its own, above the games, so that the games' common
module :mod:`engine.core.game` imports none of them (no import cycle).

>>> from engine.registry import load_all
>>> sorted(load_all())
['dungeon_mayhem', 'marvel_champions', 'regicide']
"""

from __future__ import annotations

from typing import Any

from engine.core.game import GAMES, Game


def load_all() -> dict[str, Game[Any, Any]]:
    """Import every game package so that each registers itself, and return :data:`engine.core.game.GAMES`."""
    import engine.dungeon_mayhem  # noqa: F401
    import engine.marvel_champions  # noqa: F401
    import engine.regicide  # noqa: F401
    return GAMES
