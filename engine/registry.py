"""Every game of the engine, registered: :func:`load_all` imports each game package (each registers itself in
:data:`engine.core.game.GAMES` on import). A module of its own, above the games, so that the games' common
module :mod:`engine.core.game` imports none of them (no import cycle).

>>> from engine.registry import load_all
>>> sorted(name for name in load_all() if name in BUILT_IN)
['dungeon_mayhem', 'marvel_champions', 'regicide']
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any, Callable

from engine.core.game import GAMES, Game


BUILT_IN = ("dungeon_mayhem", "marvel_champions", "regicide")
"""The games of ``engine/`` (each the package ``engine.<name>``); more register themselves when their package is
imported (the test suite's fourth game: ``tutor.games.engine_game`` imports it from its plugin)."""


def load(name: str) -> Game[Any, Any]:
    """One registered game, importing only its package when it is one of :data:`BUILT_IN` (``KeyError``: no such
    game registered).

    >>> load("regicide").name
    'regicide'
    """
    if name in BUILT_IN:
        importlib.import_module(f"engine.{name}")
    return GAMES[name]


def load_all() -> dict[str, Game[Any, Any]]:
    """Import every game package of :data:`BUILT_IN` so that each registers itself, and return
    :data:`engine.core.game.GAMES` (with any other game already registered)."""
    for name in BUILT_IN:
        load(name)
    return GAMES


def package_of(game: Game[Any, Any]) -> str:
    """The package a registered game's class is defined in (``engine.regicide``), its engine package."""
    module = type(game).__module__
    spec = getattr(sys.modules.get(module), "__spec__", None)
    return module if spec is not None and spec.submodule_search_locations is not None else module.rpartition(".")[0]


def simulator(game: Game[Any, Any]) -> Callable[..., dict[str, Any]] | None:
    """The ``simulate`` function of a registered game's ``simulate`` module (``engine/<game>/simulate.py``: seeded
    random self-play, its figures by name), or None where the game declares none (Marvel Champions).

    >>> simulator(load_all()["regicide"]).__module__
    'engine.regicide.simulate'
    >>> simulator(load_all()["marvel_champions"]) is None
    True
    """
    name = f"{package_of(game)}.simulate"
    if importlib.util.find_spec(name) is None:
        return None
    found: Callable[..., dict[str, Any]] | None = getattr(importlib.import_module(name), "simulate", None)
    return found
