"""Actions: small frozen values, one per kind of choice a player makes.

Which kind is expected is given by ``state.pending.kind`` (see :mod:`state`):

========================  =====================================================
pending kind              action
========================  =====================================================
``play``                  :class:`PlayCard` (by hand index, or by card name)
``target``                :class:`ChooseTarget` - attack target: a player with no
                          Defense card, or one Defense card (``defense`` index)
``soak``                  :class:`ChooseTarget` - which of ``victim``'s Defense cards
                          takes the damage next (overflow, area damage; D2)
``ghost``                 :class:`ChooseTarget` - the ghost's victim (and Defense card)
``destroy``               :class:`ChooseDefense` - Mighty Toss / Sneak Attack!
``charm``                 :class:`ChooseDefense` - Charm
``swap``                  :class:`ChoosePlayer` - Vampiric Touch
``pick_pocket``           :class:`ChoosePlayer` - Pick Pocket
``recover``               :class:`ChooseDiscard` - Divine Inspiration
========================  =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from the active player's hand: by ``index`` or by ``card`` name."""

    index: int | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Damage target: seat ``player``, and ``defense`` (index into their Defense cards) or None for the player."""

    player: int
    defense: int | None = None


@dataclass(frozen=True, slots=True)
class ChooseDefense:
    """A Defense card in play: seat ``player`` and ``defense`` index into their Defense cards."""

    player: int
    defense: int


@dataclass(frozen=True, slots=True)
class ChoosePlayer:
    """A player (seat index)."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseDiscard:
    """A card in the active player's discard pile: by ``index`` or by ``card`` name."""

    index: int | None = None
    card: str | None = None


Action = PlayCard | ChooseTarget | ChooseDefense | ChoosePlayer | ChooseDiscard


# Interned instances for the hot path (legal_actions builds many).
@lru_cache(maxsize=None)
def play(index: int) -> PlayCard:
    return PlayCard(index)


@lru_cache(maxsize=None)
def target(player: int, defense: int | None = None) -> ChooseTarget:
    return ChooseTarget(player, defense)


@lru_cache(maxsize=None)
def defense(player: int, index: int) -> ChooseDefense:
    return ChooseDefense(player, index)


@lru_cache(maxsize=None)
def player(seat: int) -> ChoosePlayer:
    return ChoosePlayer(seat)


@lru_cache(maxsize=None)
def discard(index: int) -> ChooseDiscard:
    return ChooseDiscard(index)
