"""Dungeon Mayhem's guided first games (its :class:`tutor.games.play.GuideHook`): a tutorial file gives its stacked
deal as ``table``, the seats in order (each deck's top card first), seat 0 the learner's and first to play; the bot
plays the others. A step asks for a card by its name (``{type: PlayCard, card: Head Butt}``), looked up in the hand
(or the discard pile, for a card taken back) where it is asked, so it equals the move a click on that card makes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from tutor.games.play import GuideHook

FOLDER = Path(__file__).resolve().parents[3] / "tutorials" / "dungeon_mayhem"
Card = Annotated[str, Field(min_length=1, max_length=40)]
"""A card by its name (``Big Axe Is Best Axe``), read by the engine."""


class Seat(BaseModel):
    """A seat of the stacked deal (``from_position``'s mapping; the deck top first)."""

    model_config = ConfigDict(extra="forbid")
    character: str = Field(min_length=1, max_length=40)
    hp: int = Field(default=10, ge=1, le=10)
    hand: list[Card] = Field(default_factory=list, max_length=12)
    deck: list[Card] = Field(default_factory=list, max_length=40)
    discard: list[Card] = Field(default_factory=list, max_length=40)


class Table(BaseModel):
    """Dungeon Mayhem's stacked deal: the seats in order, seat 0 the learner's and first to play."""

    model_config = ConfigDict(extra="forbid")
    seats: list[Seat] = Field(min_length=2, max_length=6)
    deal_seed: int = Field(default=0, ge=0, le=2**31 - 1)


class DungeonMayhemGuide:
    """Dungeon Mayhem's guide hook."""

    def __init__(self) -> None:
        self.field = "table"
        self.model: type[Any] = Table
        self.folder = FOLDER

    def players(self, deal: Any) -> int:
        return len(deal.seats)

    def mine(self, deal: Any) -> tuple[int, ...]:
        return (0,)

    def options(self, deal: Any) -> tuple[str, ...]:
        return tuple(s.character for s in deal.seats)

    def deal(self, deal: Any) -> Any:
        from engine.dungeon_mayhem.game import from_position

        return from_position([s.model_dump() for s in deal.seats], seed=deal.deal_seed)

    def resolve(self, state: Any, action: Any) -> Any:
        from engine.dungeon_mayhem.actions import ChooseDiscard, PlayCard
        from engine.dungeon_mayhem.cards import card_name

        if not isinstance(action, (PlayCard, ChooseDiscard)) or action.card is None:
            return action
        me = state.players[state.active]
        zone = me.hand if isinstance(action, PlayCard) else me.discard
        names = [card_name(c) for c in zone]
        if action.card not in names:
            raise ValueError(f"{action.card!r} is not in {state.names[state.active]}'s "
                             f"{'hand' if isinstance(action, PlayCard) else 'discard pile'} ({', '.join(names)})")
        return type(action)(names.index(action.card))


GUIDE: GuideHook = DungeonMayhemGuide()  # mypy checks the class against the protocol
