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
``praise``                :class:`ChooseOption` - Praise Me: ``praise``/``refuse``
``dance``                 :class:`ChooseOption` - Owlbear Boogie: ``dance``/``pass``
``noise``                 :class:`ChooseOption` - Primal Strike: ``noise``/``pass``
``murder``                :class:`ChooseOption` - Murders and Acquisitions:
                          ``attack``/``heal``/``draw``
``free_play``             :class:`PlayCard` (a Form card) or ``ChooseOption("pass")``
                          - Commune with Nature
``mirror``                :class:`ChooseDefense` - Definitely Just a Mirror
``trap``, ``trap_to``     :class:`ChoosePlayer` - It's Not a Trap (whose HP, then
                          whose HP it becomes)
``mind_games``            :class:`ChoosePlayer` - Mind Games
``mind_blast``            :class:`ChoosePlayer` - Mind Blast
========================  =====================================================

The player making a choice is ``state.pending.by`` (``-1``: the active player); for
Charm Ray another player (``pending.chooser``) decides on the attacker's behalf.
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


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """A named option: ``praise``, ``refuse``, ``dance``, ``noise``, ``pass``, ``attack``, ``heal``, ``draw``."""

    option: str


Action = PlayCard | ChooseTarget | ChooseDefense | ChoosePlayer | ChooseDiscard | ChooseOption


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


@lru_cache(maxsize=None)
def option(name: str) -> ChooseOption:
    return ChooseOption(name)
