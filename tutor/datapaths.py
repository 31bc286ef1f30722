"""A situation's parsed data and the paths into it: the ruling page's forms and its one-click variations edit the
parsed mapping, then write the YAML again (:func:`tutor.share.to_yaml`)."""

from __future__ import annotations

from typing import Any

from tutor import yamlio

PATH = "situation.yaml"
"""The name a situation typed or pasted on the ruling page goes by in its problems."""


def data_of(text: str) -> dict[str, Any] | None:
    """The parsed mapping of a YAML text (no schema check), or None if it does not parse to one."""
    located, problems = yamlio.load(text, PATH)
    if located is None or problems or not isinstance(located.data, dict):
        return None
    return located.data


def get_path(data: Any, loc: tuple[Any, ...]) -> Any:
    for part in loc:
        data = data[part]
    return data


def set_path(data: Any, loc: tuple[Any, ...], value: Any) -> None:
    get_path(data, loc[:-1])[loc[-1]] = value
