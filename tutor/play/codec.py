"""A move as plain JSON data and back: ``{"type": "Play", "cards": [27, 9]}`` (the action's class and fields).

Moves are stored per learner (:mod:`tutor.play.store`) and read back bounded: an unknown type, an unknown field or
a value of the wrong kind is a :class:`ValueError` saying which, never a move the engine was not given.

>>> from engine.regicide.actions import Play
>>> encode(Play.of("7H", "7S"))
{'type': 'Play', 'cards': ['7H', '7S']}
>>> decode("regicide", {"type": "Play", "cards": ["7H", "7S"]})
Play(cards=('7H', '7S'))
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.errors import RulesError
from tutor.games import play_hook, playable
from tutor.games.play import encode as encode_with


def _types(game: str) -> dict[str, type] | None:
    """Every action type of a playable game, by class name (its play hook's codec); None for no such game."""
    hook = play_hook(game) if game in playable() else None
    return dict(hook.actions) if hook is not None else None


def _game_of(action: Any) -> str:
    for game in playable():
        if type(action) in (_types(game) or {}).values():
            return game
    raise ValueError(f"{type(action).__name__} is no playable game's move")


def encode(action: Any, game: str | None = None) -> dict[str, Any]:
    """The action as JSON-ready data (its fields as the game's play hook writes them: Regicide's cards by name)."""
    hook = play_hook(game or _game_of(action))
    assert hook is not None
    return encode_with(hook, action)


def _field(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, str)):
        if isinstance(value, str) and len(value) > 40:
            raise ValueError("a move's text field is longer than 40 characters")
        return value
    if isinstance(value, list) and len(value) <= 60 and all(isinstance(v, (int, str)) and not isinstance(v, bool)
                                                            for v in value):
        return tuple(value)
    raise ValueError(f"a move's field holds {type(value).__name__}, not a number, a name or a list of cards")


def decode(game: str, data: Any) -> Any:
    """The action ``data`` describes. Raises ValueError naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a move is a mapping, not {type(data).__name__}")
    types = _types(game)
    if types is None:
        raise ValueError(f"no game {game!r}")
    cls = types.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"{data.get('type')!r} is not a {game} move")
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise ValueError(f"unknown fields {sorted(extra)} in a {cls.__name__} move")
    try:
        return cls(**{k: _field(v) for k, v in data.items() if k != "type"})
    except (TypeError, ValueError, RulesError) as err:  # a card name the engine does not know, ...
        raise ValueError(f"bad {cls.__name__} move: {err}") from None
