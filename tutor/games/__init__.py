"""The registry of games: the one place the app, the CLI, the bench and the tests learn which games exist.

A game is its engine package and one plugin package whose module defines ``PLUGIN`` (a
:class:`tutor.games.base.GamePlugin`: its file models, asks, captions, board, practice sources, misreadings, lesson
and scenario folders, catalog domain, ...). The three games of the app are :data:`BUILT_IN`; more are registered with
the environment variable :data:`ENV` (``id=module`` pairs, comma-separated), which is how the test suite adds its
fourth game (``tests/fourth_game``) without an edit here.

The ids are known without importing anything (not even pydantic), and :func:`plugin` imports only the game it is asked
for, so a command about one Marvel Champions file never loads the other games' engines and models. A plugin is checked
when it is first loaded (:func:`check`): a hook that names a module that does not exist, or a folder that is not there,
stops it with :class:`RegistrationError`, never a silent fallback to another game's.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Union

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from engine.core.game import Game
    from tutor.games.base import GamePlugin
    from tutor.games.form import Form
    from tutor.games.play import PlayHook

ENV = "RULES_TUTOR_GAMES"
"""More games, after the built-in ones: ``id=module`` pairs separated by commas (the module defines ``PLUGIN``)."""

BUILT_IN = {
    "marvel_champions": "tutor.games.marvel_champions",
    "dungeon_mayhem": "tutor.games.dungeon_mayhem",
    "regicide": "tutor.games.regicide",
}


class RegistrationError(Exception):
    """A game cannot be registered: its entry or one of its plugin's hooks is wrong (the message says which)."""


def registered(extra: str | None = None) -> dict[str, str]:
    """Game id -> plugin module: :data:`BUILT_IN`, then the games :data:`ENV` (or ``extra``) adds.

    >>> registered("tic_tac_toe=tests.fourth_game.tutor_tic_tac_toe")["tic_tac_toe"]
    'tests.fourth_game.tutor_tic_tac_toe'
    >>> registered("tic tac toe")
    Traceback (most recent call last):
    ...
    tutor.games.RegistrationError: RULES_TUTOR_GAMES: 'tic tac toe' is not id=module (an id is a Python name)
    """
    found = dict(BUILT_IN)
    for item in filter(None, (x.strip() for x in (os.environ.get(ENV, "") if extra is None else extra).split(","))):
        game, sep, module = (x.strip() for x in item.partition("="))
        if not sep or not game.isidentifier() or not module:
            raise RegistrationError(f"{ENV}: {item!r} is not id=module (an id is a Python name)")
        if game in found:
            raise RegistrationError(f"{ENV}: the game {game!r} is registered twice")
        found[game] = module
    return found


_MODULES = registered()
GAMES: tuple[str, ...] = tuple(_MODULES)
"""Every game id, in menu order (no game module is imported to list them)."""


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def check(found: GamePlugin, game: str, module: str) -> GamePlugin:
    """``found`` if it is a whole plugin for ``game``; else :class:`RegistrationError` naming the hook that is wrong.
    Hooks that name a module (``board``, ``quantities``, ``practice``; ``misreadings``, ``decisions``,
    ``variations``, ``play`` and ``form`` as ``module:name``) are found without importing them; folders must exist."""
    where = f"{module}.PLUGIN"
    if found.id != game:
        raise RegistrationError(f"{where} registers {found.id!r}, not {game!r}")
    for hook in ("board", "quantities", "practice"):
        if not _module_exists(getattr(found, hook)):
            raise RegistrationError(f"{where}.{hook}: no module {getattr(found, hook)!r}")
    for hook in ("misreadings", "decisions", "variations", "play", "form"):
        ref = getattr(found, hook)
        if ref is not None and (":" not in ref or not _module_exists(ref.partition(":")[0])):
            raise RegistrationError(f"{where}.{hook}: {ref!r} is not module:name of an existing module")
    for hook in ("lessons", "scenarios"):
        if not Path(getattr(found, hook)).is_dir():
            raise RegistrationError(f"{where}.{hook}: no folder {getattr(found, hook)}")
    if found.catalogs is not None and not Path(found.catalogs).is_dir():
        raise RegistrationError(f"{where}.catalogs: no folder {found.catalogs}")
    return found


@cache
def plugin(game: str) -> GamePlugin:
    """The plugin of one game, importing that game's module only (checked: :func:`check`).

    Raises:
        KeyError: ``game`` is not a game id.
        RegistrationError: the game's plugin is incomplete.
    """
    module = _MODULES[game]
    found: GamePlugin | None = getattr(importlib.import_module(module), "PLUGIN", None)
    if found is None:
        raise RegistrationError(f"{module} defines no PLUGIN")
    return check(found, game, module)


def hook(game: str, name: str) -> Any:
    """The object a plugin's ``module:name`` hook (``misreadings``, ``decisions``, ``variations``, ``play``,
    ``form``) names, imported on first use; None where the game declares none."""
    ref = getattr(plugin(game), name)
    if ref is None:
        return None
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def engine_package(game: str) -> str:
    """The engine package of ``game``: its ``quantities`` module if that is the package, else the package holding it
    (``engine.regicide.quantities`` -> ``engine.regicide``)."""
    module = plugin(game).quantities
    spec = importlib.util.find_spec(module)
    return module if spec is not None and spec.submodule_search_locations is not None else module.rpartition(".")[0]


@cache
def engine_game(game: str) -> Game[Any, Any]:
    """``game``'s engine as :data:`engine.core.game.GAMES` holds it: importing its engine package registers it
    there (``register`` on import), the built-in games and a game :data:`ENV` adds alike.

    Raises:
        RegistrationError: the engine package registers no game of that id.
    """
    from engine.core.game import GAMES as ENGINES
    from engine.registry import BUILT_IN as ENGINE_BUILT_IN, load

    if game in ENGINE_BUILT_IN and game in BUILT_IN:  # an engine of the app: no plugin (nor pydantic) imported
        return load(game)
    package = engine_package(game)
    importlib.import_module(package)
    found = ENGINES.get(game)
    if found is None:
        raise RegistrationError(f"{package} registers no game {game!r} with engine.core.game.register")
    return found


def play_hook(game: str) -> PlayHook | None:
    """How ``game`` is played on the Play page (its plugin's ``play`` hook), or None: not playable there."""
    found: PlayHook | None = hook(game, "play")
    return found


def form_hook(game: str) -> Form | None:
    """``game``'s situation form on the ruling checker (its plugin's ``form`` hook), or None: the YAML editor only."""
    found: Form | None = hook(game, "form")
    return found


def playable() -> tuple[str, ...]:
    """The games the Play page offers: every registered game whose plugin declares a play hook, in the order the hooks
    ask for (then the registry's)."""
    found = [(g, play_hook(g)) for g in GAMES]
    return tuple(g for g, h in sorted(((g, h) for g, h in found if h is not None), key=lambda gh: gh[1].order))


@cache
def plugins() -> dict[str, GamePlugin]:
    """Every game's plugin (imports every game)."""
    return {game: plugin(game) for game in GAMES}


def package_folders(game: str) -> tuple[Path, Path]:
    """The folders of ``game``'s two packages: its engine (where its ``quantities`` module is) and its plugin."""
    engine = importlib.util.find_spec(plugin(game).quantities)
    own = importlib.util.find_spec(_MODULES[game])
    assert engine is not None and engine.origin and own is not None and own.origin, game
    return Path(engine.origin).parent, Path(own.origin).parent


def library_folders() -> list[Path]:
    """The library's folders: every registered game's scenarios, then their lessons (its plugin's ``scenarios`` and
    ``lessons``), each in path order (as ``scenarios/`` then ``lessons/`` read whole)."""
    games = plugins().values()
    return [*sorted(p.scenarios for p in games), *sorted(p.lessons for p in games)]


@cache
def scenario_adapter() -> TypeAdapter[Any]:
    """Validates a scenario of any game, picked by its ``game`` field (imports every game)."""
    from pydantic import Field, TypeAdapter

    models = tuple(p.scenario_model for p in plugins().values())
    union: Any = models[0] if len(models) == 1 else Annotated[Union[models], Field(discriminator="game")]
    return TypeAdapter(union)
