"""Wrong choices that teach (filled in later)."""
from __future__ import annotations

from typing import Any


def wrong_choices(item: Any) -> list[Any]:
    return []


def misreading_of(game: str, data: dict[str, Any], given: Any) -> Any:
    return None
