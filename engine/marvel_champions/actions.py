"""The plays a scenario can make: during an enemy attack, or in a player phase.

``during`` (on every play) is the number of the enemy attack of the phase the play is made in
(1 = the first); None means the attack the previous play was made in. A play for a later attack
first finishes the attacks before it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BasicDefend:
    """``player`` exhausts their hero to defend (basic defense)."""

    player: str
    during: int | None = None


@dataclass(frozen=True, slots=True)
class AllyDefend:
    """``player`` exhausts their ally ``ally`` (a character id) to defend."""

    player: str
    ally: str
    during: int | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``player`` plays ``card`` (a card name) from their hand; ``ally`` names the ally it puts into play
    (Mutant Protectors), if the card does that. ``pay``: the cards discarded from the hand to pay its cost (each
    generates the resources printed on it); None: the payment is not part of the position (not checked)."""

    player: str
    card: str
    during: int | None = None
    ally: str | None = None
    pay: tuple[str, ...] | None = None
    before_forced: bool = False  # a response played before the forced "after" abilities (MC.atk.forced_first)


@dataclass(frozen=True, slots=True)
class UseAbility:
    """``player`` uses the response ``ability`` of a card they have in play (Indomitable, Morphogenetics)."""

    player: str
    ability: str
    during: int | None = None
    before_forced: bool = False  # used before the forced "after" abilities resolve (MC.atk.forced_first)


@dataclass(frozen=True, slots=True)
class AssignIndirect:
    """``player`` assigns the attack's indirect damage: ``shares`` is (character id, damage) per character."""

    player: str
    shares: tuple[tuple[str, int], ...]
    during: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerAttack:
    """In a player phase, ``player`` attacks the enemy ``enemy`` with their hero (``character`` None: a basic
    attack) or with one of their allies."""

    player: str
    enemy: str
    character: str | None = None
    during: int | None = None


Action = BasicDefend | AllyDefend | PlayCard | UseAbility | AssignIndirect | PlayerAttack

ACTION_TYPES = (BasicDefend, AllyDefend, PlayCard, UseAbility, AssignIndirect, PlayerAttack)
"""Every kind of play, for ``isinstance`` checks of input."""
