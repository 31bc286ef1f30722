"""The plays a scenario can make during an enemy attack."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BasicDefend:
    """``player`` exhausts their hero to defend (basic defense)."""

    player: str


@dataclass(frozen=True, slots=True)
class AllyDefend:
    """``player`` exhausts their ally ``ally`` (a character id) to defend."""

    player: str
    ally: str


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``player`` plays ``card`` (a card name) from their hand."""

    player: str
    card: str


Action = BasicDefend | AllyDefend | PlayCard
