"""A scenario file's engine settings by name, checked the way every game checks them.

A game's engine settings are a frozen dataclass whose defaults are the project's rulings; a file names the ones it
changes (``settings: {overflow_order: played_order}``). A name must be a field, a value must have the type of the
field's default (``True`` is not a number here, ``1`` not a switch), and the engine's own checks (its
``__post_init__``) have the last word.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules:
...     strict: bool = True
...     limit: int = 2
...     def __post_init__(self) -> None:
...         if self.limit < 0:
...             raise ValueError("limit must be >= 0")
>>> with_settings(Rules(), {"limit": 3})
Rules(strict=True, limit=3)
>>> for key, why in setting_problems(Rules(), {"strict": 1, "speed": 2, "limit": -1}):
...     print(f"{key}: {why}")
speed: unknown setting 'speed' (settings: strict, limit)
strict: setting 'strict' takes a bool, like True
limit: limit must be >= 0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

SettingValue = bool | int | str
"""What a file may give a setting (the YAML scalars the engines' settings take)."""

S = TypeVar("S", bound="DataclassInstance")


class SettingError(ValueError):
    """A setting the file gives that the engine does not take: ``key`` names it (None: settings each taken alone
    but not together)."""

    def __init__(self, key: str | None, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


def setting_names(defaults: DataclassInstance) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(defaults))


def setting_problems(defaults: DataclassInstance, given: Mapping[str, SettingValue]) -> list[tuple[str, str]]:
    """Every wrong setting as (its name, what is wrong): unknown names first, then values of the wrong type, then
    values the engine refuses (each alone, so each is reported at its own name)."""
    names = setting_names(defaults)
    unknown = [(k, f"unknown setting {k!r} (settings: {', '.join(names)})") for k in given if k not in names]
    typed = []
    for key, value in given.items():
        if key in names and type(value) is not type(default := getattr(defaults, key)):
            typed.append((key, f"setting {key!r} takes a {type(default).__name__}, like {default!r}"))
    refused = []
    for key, value in given.items():
        if key in names and type(value) is type(getattr(defaults, key)):
            try:
                dataclasses.replace(defaults, **{key: value})
            except ValueError as err:
                refused.append((key, str(err)))
    return unknown + typed + refused


def with_settings(defaults: S, given: Mapping[str, SettingValue]) -> S:
    """``defaults`` with the settings ``given``; :class:`SettingError` for the first one it does not take."""
    problems = setting_problems(defaults, given)
    if problems:
        raise SettingError(*problems[0])
    try:
        return dataclasses.replace(defaults, **given)
    except ValueError as err:  # settings each allowed alone but not together
        raise SettingError(None, str(err)) from None
