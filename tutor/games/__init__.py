"""The registry of games. A game plugs in by adding its id and module to ``_MODULES``.

The ids are known without importing anything (not even pydantic), and :func:`plugin` imports only the game it is asked
for, so a command about one Marvel Champions file never loads the other games' engines and models.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Union

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from tutor.games.base import GamePlugin

_MODULES = {
    "marvel_champions": "tutor.games.marvel_champions",
    "dungeon_mayhem": "tutor.games.dungeon_mayhem",
    "regicide": "tutor.games.regicide",
}
GAMES: tuple[str, ...] = tuple(_MODULES)
"""Every game id, in menu order (no game module is imported to list them)."""


@cache
def plugin(game: str) -> GamePlugin:
    """The plugin of one game, importing that game's module only.

    Raises:
        KeyError: ``game`` is not a game id.
    """
    found: GamePlugin = importlib.import_module(_MODULES[game]).PLUGIN
    assert found.id == game, f"{_MODULES[game]} registers {found.id!r}, not {game!r}"
    return found


@cache
def plugins() -> dict[str, GamePlugin]:
    """Every game's plugin (imports every game)."""
    return {game: plugin(game) for game in GAMES}


@cache
def scenario_adapter() -> TypeAdapter[Any]:
    """Validates a scenario of any game, picked by its ``game`` field (imports every game)."""
    from pydantic import Field, TypeAdapter

    models = tuple(p.scenario_model for p in plugins().values())
    union: Any = models[0] if len(models) == 1 else Annotated[Union[models], Field(discriminator="game")]
    return TypeAdapter(union)
