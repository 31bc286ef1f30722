"""Regicide's guided first games (its :class:`tutor.games.play.GuideHook`): a tutorial file gives its stacked deal
as ``position``, the arguments of the engine's ``from_position``; the cards not listed are dealt from ``deal_seed``.
A cooperative game: the learner plays every seat. A move is asked for by its cards' names (``cards: [5S]``), which
the codec already reads, so nothing is looked up."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from tutor.games.play import GuideHook

FOLDER = Path(__file__).resolve().parents[3] / "tutorials" / "regicide"
Card = Annotated[str, Field(min_length=1, max_length=12)]
"""A card by its name (``5S``, ``10C``), read by the engine."""


class Position(BaseModel):
    """Regicide's ``from_position`` arguments (a stacked deal); ``deal_seed`` deals the cards not listed."""

    model_config = ConfigDict(extra="forbid")
    players: int = Field(ge=1, le=4)
    enemy: Card
    hands: list[list[Card]] = Field(max_length=4)
    castle: list[Card] | None = Field(default=None, max_length=12)
    tavern: list[Card] | None = Field(default=None, max_length=54)
    discard: list[Card] | None = Field(default=None, max_length=54)
    solo_jesters: int | None = Field(default=None, ge=0, le=2)
    deal_seed: int = Field(default=0, ge=0, le=2**31 - 1)


class RegicideGuide:
    """Regicide's guide hook."""

    def __init__(self) -> None:
        self.field = "position"
        self.model: type[Any] = Position
        self.folder = FOLDER

    def players(self, deal: Any) -> int:
        return int(deal.players)

    def mine(self, deal: Any) -> tuple[int, ...]:
        return tuple(range(deal.players))

    def options(self, deal: Any) -> tuple[str, ...]:
        return ()

    def deal(self, deal: Any) -> Any:
        from engine import regicide as rg

        return rg.from_position(deal.players, enemy=deal.enemy, hands=deal.hands, castle=deal.castle,
                                tavern=deal.tavern, discard=deal.discard, solo_jesters=deal.solo_jesters,
                                rng=random.Random(deal.deal_seed))

    def resolve(self, state: Any, action: Any) -> Any:
        return action


GUIDE: GuideHook = RegicideGuide()  # mypy checks the class against the protocol
