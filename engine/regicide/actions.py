"""Regicide actions: small frozen values, hashable, printable.

Cards may be given as ints or as strings ("7H", "AS", "JOKER"); they are stored
as card ints in the order given.

>>> Play.of("3D", "3S", "3C")
Play(cards=('3D', '3S', '3C'))
>>> str(Discard.of("KH"))
'discard K♥'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Union

from engine.core.errors import InvalidAction
from engine.regicide.cards import Card, card_str, cards_symbols, parse_card


def _norm(cards: Iterable[str | int]) -> tuple[Card, ...]:
    if isinstance(cards, (str, int)):
        raise InvalidAction(f"cards must be a sequence of cards, got {cards!r}")
    return tuple(parse_card(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Play:
    """Step 1: play one card, a companion pair, a combo or the Jester."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _norm(self.cards))

    @classmethod
    def of(cls, *cards: str | int) -> "Play":
        return cls(tuple(parse_card(c) for c in cards))

    def __repr__(self) -> str:
        return f"Play(cards={tuple(card_str(c) for c in self.cards)!r})"

    def __str__(self) -> str:
        return f"play {cards_symbols(self.cards)}"


@dataclass(frozen=True, slots=True)
class Yield:
    """Step 1: yield (skip to Step 4), if REG.yield.restriction allows."""

    def __str__(self) -> str:
        return "yield"


@dataclass(frozen=True, slots=True)
class Discard:
    """Step 4: discard these cards to suffer damage (any sufficient set; overpaying is allowed)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _norm(self.cards))

    @classmethod
    def of(cls, *cards: str | int) -> "Discard":
        return cls(tuple(parse_card(c) for c in cards))

    def __repr__(self) -> str:
        return f"Discard(cards={tuple(card_str(c) for c in self.cards)!r})"

    def __str__(self) -> str:
        return f"discard {cards_symbols(self.cards)}"


@dataclass(frozen=True, slots=True)
class ChooseNext:
    """After a Jester: the Jester's player names the seat that takes the next turn."""

    seat: int

    def __str__(self) -> str:
        return f"choose seat {self.seat + 1}"  # people count seats from 1


@dataclass(frozen=True, slots=True)
class SoloJester:
    """Solo: flip a set-aside Jester (start of Step 1 or Step 4) to refill the hand to 8."""

    def __str__(self) -> str:
        return "flip a solo Jester"


Action = Union[Play, Yield, Discard, ChooseNext, SoloJester]
ACTION_TYPES = (Play, Yield, Discard, ChooseNext, SoloJester)
