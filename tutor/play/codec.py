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
from engine.dungeon_mayhem import actions as dm
from engine.regicide import actions as rg
from engine.regicide.cards import card_str

ACTIONS: dict[str, dict[str, type]] = {
    "regicide": {t.__name__: t for t in rg.ACTION_TYPES},
    "dungeon_mayhem": {t.__name__: t for t in (dm.PlayCard, dm.ChooseTarget, dm.ChooseDefense, dm.ChoosePlayer,
                                               dm.ChooseDiscard, dm.ChooseOption)},
}
"""Every action type of each game, by class name."""


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def encode(action: Any) -> dict[str, Any]:
    """The action as JSON-ready data."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        out[f.name] = [card_str(c) for c in value] if f.name == "cards" else _plain(value)  # Regicide's cards by name
    return out


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
    types = ACTIONS.get(game)
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
