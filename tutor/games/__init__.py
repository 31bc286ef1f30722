"""The registry of games. A game plugs in by adding its module to ``_MODULES``."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from tutor.games.base import GamePlugin

_MODULES = ("tutor.games.marvel_champions", "tutor.games.dungeon_mayhem", "tutor.games.regicide")


@cache
def plugins() -> dict[str, GamePlugin]:
    out: dict[str, GamePlugin] = {}
    for name in _MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name == name:  # that game has not landed yet
                continue
            raise
        plugin: GamePlugin = module.PLUGIN
        out[plugin.id] = plugin
    return out


def plugin(game: str) -> GamePlugin:
    return plugins()[game]


@cache
def scenario_adapter() -> TypeAdapter[Any]:
    models = tuple(p.scenario_model for p in plugins().values())
    union: Any = models[0] if len(models) == 1 else Annotated[Union[models], Field(discriminator="game")]  # type: ignore[valid-type]
    return TypeAdapter(union)
