"""Frozen state of one enemy attack (Marvel Champions §2 of the rules digest)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

CharacterKind = Literal["hero", "alter_ego", "ally"]
DefenseKind = Literal["basic", "ally", "label"]


@dataclass(frozen=True, slots=True)
class Character:
    """A hero/alter-ego identity or an ally on a player's side."""

    id: str  # unique on the board; the card name unless the scenario gives an id
    name: str
    kind: CharacterKind
    controller: str  # player id
    atk: int = 0
    defense: int = 0
    hp: int = 0
    damage: int = 0
    exhausted: bool = False
    tough: int = 0
    stunned: int = 0
    confused: int = 0
    keywords: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_identity(self) -> bool:
        return self.kind in ("hero", "alter_ego")

    @property
    def hp_left(self) -> int:
        return max(0, self.hp - self.damage)


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    identity: str  # Character id
    hand: tuple[str, ...] = ()  # card names
    played: tuple[str, ...] = ()  # cards played during this attack
    upgrades: tuple[str, ...] = ()
    drawn: int = 0  # cards drawn during this attack (Spider-Sense, Wiggle Room)


@dataclass(frozen=True, slots=True)
class BoostCard:
    """A boost card; ``known`` is False when the scenario does not say which card it is."""

    name: str
    icons: int
    star: bool = False
    known: bool = True
    face_up: bool = False
    cancelled: int = 0  # icons cancelled (Preemptive Strike)


@dataclass(frozen=True, slots=True)
class Enemy:
    name: str
    kind: Literal["villain", "minion"]
    atk: int
    hp: int = 0
    damage: int = 0
    keywords: frozenset[str] = field(default_factory=frozenset)
    tough: int = 0
    stunned: int = 0
    confused: int = 0


@dataclass(frozen=True, slots=True)
class AttackState:
    """Everything the rules need to resolve one enemy attack.

    ``step`` is the current attack step (1 give boost … 5 take damage) as the
    learner sees it; ``attacked_player`` is the player the enemy attacked,
    ``target_player``/``target`` change when a defender is declared.
    """

    attacker: Enemy
    players: tuple[Player, ...]
    characters: tuple[Character, ...]
    attacked_player: str
    target_player: str
    target: str
    boost: tuple[BoostCard, ...] = ()  # the boost cards dealt (step 1)
    encounter: tuple[BoostCard, ...] = ()  # the top of the encounter deck, dealt from at step 1
    defender: str | None = None
    defense_kind: DefenseKind | None = None
    defense_label_player: str | None = None
    step: int = 1
    hero_defended: tuple[str, ...] = ()  # players whose hero is the defender (for "when your hero defends")
    def_bonus: int = 0  # DEF modifiers for this attack (Expert Defense)
    # -- steps 3 to 6 --------------------------------------------------------------------------
    atk_mods: tuple[tuple[str, int], ...] = ()  # (source, +ATK) from attachments and effects
    attack_keywords: frozenset[str] = field(default_factory=frozenset)  # overkill, piercing, ranged
    amplify: int = 0  # amplify icons in play
    atk_total: int | None = None  # set at step 4
    damage: int | None = None  # the attack's damage to the target, set at step 4
    prevented: int = 0  # prevented by interrupts at step 5
    tough_used: tuple[str, ...] = ()  # characters whose tough card was discarded
    taken: tuple[tuple[str, int], ...] = ()  # (character or enemy name, damage taken) in order
    defeated: tuple[str, ...] = ()
    retaliate: int = 0
    replaced_by_stun: bool = False
    finished: bool = False
    left_play: tuple[Character, ...] = ()  # defeated allies, as they were when they left play
    triggered: tuple[str, ...] = ()  # abilities that triggered, e.g. "Spider-Sense (Spider-Man)"

    # -- lookups -----------------------------------------------------------------
    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def character(self, char_id: str) -> Character:
        for c in self.characters:
            if c.id == char_id:
                return c
        raise KeyError(char_id)

    def has_player(self, player_id: str) -> bool:
        return any(p.id == player_id for p in self.players)

    def has_character(self, char_id: str) -> bool:
        return any(c.id == char_id for c in self.characters)

    def identity_of(self, player_id: str) -> Character:
        return self.character(self.player(player_id).identity)

    @property
    def is_defended(self) -> bool:
        return self.defender is not None

    # -- functional updates --------------------------------------------------------
    def with_character(self, char: Character) -> "AttackState":
        return replace(self, characters=tuple(char if c.id == char.id else c for c in self.characters))

    def with_trigger(self, ability: str) -> "AttackState":
        return replace(self, triggered=self.triggered + (ability,))

    def with_player(self, player: Player) -> "AttackState":
        return replace(self, players=tuple(player if p.id == player.id else p for p in self.players))

    def taken_by(self, who: str) -> int:
        return sum(n for name, n in self.taken if name == who)

    def summary(self) -> str:
        """One line for error messages."""
        d = f"defender {self.defender} ({self.defense_kind})" if self.defender else "no defender"
        lab = f", labels by {self.defense_label_player}" if self.defense_label_player else ""
        return (f"{self.attacker.name} attacks {self.attacked_player}; step {self.step}; "
                f"target {self.target} of {self.target_player}; {d}{lab}")
