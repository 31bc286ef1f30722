"""Frozen state of a Marvel Champions position: the board, and the enemy attack resolving on it (§2 of the digest).

A position is either an enemy attack (``attacker_name`` names the attacking enemy; ``pending`` holds the
attacks still to come in the same phase, e.g. the engaged minions after the villain) or a player phase
(``attacker_name`` is None; the plays are the players' attacks on enemies).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from engine.marvel_champions.settings import DEFAULT, Settings

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
    gained: tuple[str, ...] = ()  # keywords gained until the end of the phase (Cuts Both Ways: "retaliate 1")
    traits: frozenset[str] = field(default_factory=frozenset)
    atk_cons: int = 0  # an ally's consequential damage for attacking

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
    discarded: tuple[str, ...] = ()  # cards in play discarded by their own ability (Indomitable)
    paid: tuple[tuple[str, int], ...] = ()  # (card played, resources generated to pay for it), in order
    costs: tuple[tuple[str, int], ...] = ()  # (card, its cost once a modifier changed it: MC.cost.reduce), in order
    exhausted: tuple[str, ...] = ()  # upgrades in play that are exhausted (a resource ability used: MC.cost.generate)
    generated: tuple[tuple[str, int], ...] = ()  # (source, resources) an ability or a doubling generated, in order


@dataclass(frozen=True, slots=True)
class BoostCard:
    """A boost card; ``known`` is False when the scenario does not say which card it is."""

    name: str
    icons: int
    star: bool = False
    known: bool = True
    key: str = ""  # the catalogue key (two printings may share a name: Shocker)
    face_up: bool = False
    cancelled: int = 0  # icons cancelled (Preemptive Strike)


@dataclass(frozen=True, slots=True)
class Enemy:
    name: str  # printed name; unique among the enemies of a position
    kind: Literal["villain", "minion"]
    atk: int
    hp: int = 0
    damage: int = 0
    keywords: frozenset[str] = field(default_factory=frozenset)
    tough: int = 0
    stunned: int = 0
    confused: int = 0
    engaged_with: str | None = None  # a minion's engaged player
    attachments: tuple[str, ...] = ()
    gone: bool = False  # defeated or discarded (Vulnerable)

    @property
    def hp_left(self) -> int:
        return max(0, self.hp - self.damage)


@dataclass(frozen=True, slots=True)
class Pending:
    """An enemy attack still to come in this phase: who attacks whom, with which boost cards."""

    attacker: str  # an enemy's name
    against: str  # a player id
    encounter: tuple[BoostCard, ...] = ()
    atk_mods: tuple[tuple[str, int], ...] = ()  # "+X ATK for this attack" from effects
    keywords: frozenset[str] = field(default_factory=frozenset)  # keywords the attack gains
    cause: str = ""  # "quickstrike": the minion has just engaged the player
    amplify: int = 0  # amplify icons in play


@dataclass(frozen=True, slots=True)
class AttackState:
    """Everything the rules need: the board and the enemy attack resolving on it.

    ``step`` is the current attack step (0 initiation, 1 give boost … 5 take damage, 6 after the attack) as
    the learner sees it; ``attacked_player`` is the player the enemy attacked, ``target_player``/``target``
    change when a defender is declared.
    """

    enemies: tuple[Enemy, ...]
    players: tuple[Player, ...]
    characters: tuple[Character, ...]
    attacker_name: str | None = None  # the attacking enemy; None in a player phase
    attacked_player: str = ""
    target_player: str = ""
    target: str = ""
    boost: tuple[BoostCard, ...] = ()  # the boost cards dealt (step 1)
    encounter: tuple[BoostCard, ...] = ()  # the top of the encounter deck, dealt from at step 1
    defender: str | None = None
    defense_kind: DefenseKind | None = None
    defense_label_player: str | None = None
    step: int = 1
    hero_defended: tuple[tuple[str, str], ...] = ()  # (player, how: basic | label) whose hero has defended
    def_mods: tuple[tuple[str, int], ...] = ()  # DEF modifiers for this attack (Expert Defense +3)
    settings: Settings = DEFAULT
    # -- steps 3 to 6 --------------------------------------------------------------------------
    atk_mods: tuple[tuple[str, int], ...] = ()  # (source, +ATK) from attachments and effects
    attack_keywords: frozenset[str] = field(default_factory=frozenset)  # overkill, piercing, ranged, indirect
    amplify: int = 0  # amplify icons in play
    atk_total: int | None = None  # set at step 4
    damage: int | None = None  # the attack's damage to the target, set at step 4
    prevented: int = 0  # prevented by interrupts at step 5
    assigned: tuple[tuple[str, int], ...] | None = None  # indirect damage as its player assigned it
    tough_used: tuple[str, ...] = ()  # characters and enemies whose tough card was discarded
    taken: tuple[tuple[str, int], ...] = ()  # (character or enemy name, damage taken) in order
    attack_damaged: tuple[str, ...] = ()  # characters damaged by this attack's own damage (Sonic Converter)
    defeated: tuple[str, ...] = ()
    retaliate: int = 0
    forced_done: tuple[str, ...] = ()  # the forced "after" abilities that resolved at step 6, in order
    replaced_by_stun: bool = False
    skipped: str = ""  # why an attack did not happen, other than a stun ("alter_ego": quickstrike on an alter-ego)
    finished: bool = False
    left_play: tuple[Character, ...] = ()  # defeated allies, as they were when they left play
    triggered: tuple[str, ...] = ()  # abilities that triggered, e.g. "Spider-Sense (Spider-Man)"
    delayed: tuple[tuple[str, str], ...] = ()  # (player, card): "if you take no damage from this attack, …"
    last_event: tuple[str, str] | None = None  # (player, card) when the last play was an event (Morphogenetics)
    sands_for: str | None = None  # the player Sand Blast / Sand Wave named ("your identity"), for Surging Sands
    # -- a phase of several attacks ---------------------------------------------------------------
    pending: tuple[Pending, ...] = ()  # enemy attacks still to come, in order
    attack_no: int = 1  # which attack of the phase is resolving (1 = the first)
    cause: str = ""  # what made this attack happen ("quickstrike"), if not the activation itself
    over: bool = False  # the players passed and the phase ran to its end (the Game API's terminal state)
    order: tuple[tuple[str, str], ...] = ()  # the phase's activations (enemy, player id), once MC.atk.phase_order kept them
    # -- an encounter card revealed outside an attack (engine/marvel_champions/reveal.py) -----------------------
    revealed: str | None = None  # the catalogue key of the card whose When Revealed ability resolves
    revealed_by: str = ""  # the player who revealed it ("you" in its text)
    incoming: tuple[tuple[str, int], ...] = ()  # (character id, damage it would take) from the ability, still to come
    reveal_prevented: tuple[tuple[str, int], ...] = ()  # (character id, damage prevented by interrupts)
    surge: int = 0  # encounter cards still to reveal for surge, once the revealed card has resolved
    reveals: tuple[str, ...] = ()  # the encounter cards revealed before the one resolving, in order
    # -- responses limited in use, and keywords gained for one attack (engine/marvel_champions/xmen.py) ---------
    used: tuple[tuple[str, int], ...] = ()  # (ability, attack number) each time a limited response was used
    attack_gained: tuple[tuple[str, str], ...] = ()  # (character id, keyword) gained "for this attack" only

    # -- lookups -----------------------------------------------------------------
    @property
    def attacker(self) -> Enemy:
        """The attacking enemy (KeyError in a player phase)."""
        return self.enemy(self.attacker_name or "")

    @property
    def is_enemy_attack(self) -> bool:
        return self.attacker_name is not None

    @property
    def attacks(self) -> int:
        """How many enemy attacks the phase has (this one, the ones before and the ones to come)."""
        return self.attack_no + len(self.pending) if self.is_enemy_attack else 0

    def enemy(self, name: str) -> Enemy:
        for e in self.enemies:
            if e.name == name:
                return e
        raise KeyError(name)

    def has_enemy(self, name: str) -> bool:
        return any(e.name == name for e in self.enemies)

    @property
    def villain(self) -> Enemy | None:
        return next((e for e in self.enemies if e.kind == "villain" and not e.gone), None)

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

    def name_of(self, char_id: str) -> str:
        """A character's name; one that has left play since (an ally defeated while defending) is named by its id,
        which is its printed name."""
        return next((c.name for c in self.characters if c.id == char_id), char_id)

    def has_player(self, player_id: str) -> bool:
        return any(p.id == player_id for p in self.players)

    def has_character(self, char_id: str) -> bool:
        return any(c.id == char_id for c in self.characters)

    def identity_of(self, player_id: str) -> Character:
        return self.character(self.player(player_id).identity)

    @property
    def is_defended(self) -> bool:
        return self.defender is not None

    @property
    def happened(self) -> bool:
        """Whether the attack takes place (a stunned enemy's attack is replaced; ruling (d))."""
        return not (self.replaced_by_stun or self.skipped)

    def engaged_minions(self, player_id: str) -> list[Enemy]:
        return [e for e in self.enemies if e.kind == "minion" and e.engaged_with == player_id and not e.gone]

    # -- functional updates --------------------------------------------------------
    def with_character(self, char: Character) -> "AttackState":
        return replace(self, characters=tuple(char if c.id == char.id else c for c in self.characters))

    def with_enemy(self, enemy: Enemy) -> "AttackState":
        return replace(self, enemies=tuple(enemy if e.name == enemy.name else e for e in self.enemies))

    def with_attacker(self, enemy: Enemy) -> "AttackState":
        """Replace the attacking enemy (by position, so a test may swap in another enemy)."""
        old = self.attacker_name
        return replace(self, enemies=tuple(enemy if e.name == old else e for e in self.enemies),
                       attacker_name=enemy.name)

    def with_trigger(self, ability: str) -> "AttackState":
        return replace(self, triggered=self.triggered + (ability,))

    def with_player(self, player: Player) -> "AttackState":
        return replace(self, players=tuple(player if p.id == player.id else p for p in self.players))

    def taken_by(self, who: str) -> int:
        return sum(n for name, n in self.taken if name == who)

    @property
    def is_reveal(self) -> bool:
        """An encounter card's When Revealed ability resolves (no enemy attacks)."""
        return self.revealed is not None

    def incoming_to(self, char_id: str) -> int:
        return sum(n for c, n in self.incoming if c == char_id)

    def summary(self) -> str:
        """One line for error messages."""
        if self.revealed is not None:
            return f"{self.revealed_by} reveals {self.revealed}; incoming damage: {dict(self.incoming)}"
        if not self.is_enemy_attack:
            return "player phase; enemies: " + ", ".join(e.name for e in self.enemies)
        d = f"defender {self.defender} ({self.defense_kind})" if self.defender else "no defender"
        lab = f", labels by {self.defense_label_player}" if self.defense_label_player else ""
        return (f"{self.attacker.name} attacks {self.attacked_player}; step {self.step}; "
                f"target {self.target} of {self.target_player}; {d}{lab}")
