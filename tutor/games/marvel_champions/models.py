"""The Marvel Champions scenario file models: ``setup`` (the players and the attack) and ``actions`` (the plays)."""

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from tutor.models import ID, GameQuestion, GameScenario, Strict

# The models keep the package's public path as their module: the JSON schema names colliding
# models after it, and editors' schemas must not change. (No ``from __future__ import annotations``
# here: pydantic would look the annotations up in the module named by ``__module__``.)
_PUBLIC = "tutor.games.marvel_champions"


class CharacterSpec(Strict):
    """A character in play; a bare card name is shorthand for ``{card: NAME}``."""

    __module__ = _PUBLIC

    card: str = Field(description="catalogue card name, e.g. 'Spider-Man'")
    id: ID | None = Field(default=None, description="needed only when two characters share a name")
    exhausted: bool = False
    form: Literal["hero", "alter_ego"] = "hero"
    damage: int = Field(default=0, ge=0)
    tough: int | None = Field(default=None, ge=0, description="tough status cards (default: 1 for a character with "
                                                              "toughness, which enters play with one; else 0)")
    stunned: int = Field(default=0, ge=0)
    confused: int = Field(default=0, ge=0)
    atk: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)


CharacterRef = Union[str, CharacterSpec]


class EnemySpec(Strict):
    """An enemy in play; a bare card name is shorthand for ``{card: NAME}``."""

    __module__ = _PUBLIC

    card: str
    atk: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)
    damage: int = Field(default=0, ge=0)
    tough: int | None = Field(default=None, ge=0, description="tough status cards (default: 1 for an enemy with "
                                                              "toughness, which enters play with one; else 0)")
    stunned: int = Field(default=0, ge=0)
    confused: int = Field(default=0, ge=0)
    attachments: list[str] = Field(default_factory=list,
                                   description="attachments on this enemy (e.g. Solid-Sound Body)")


class BoostSpec(Strict):
    __module__ = _PUBLIC

    card: str
    icons: int | None = Field(default=None, ge=0, le=5, description="override the printed boost icons")


EnemyRef = Union[str, EnemySpec]


class PlayerSpec(Strict):
    __module__ = _PUBLIC

    id: ID
    name: str = Field(min_length=1)
    identity: CharacterRef
    allies: list[CharacterRef] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list, description="card names")
    upgrades: list[str] = Field(default_factory=list)
    engaged: list[EnemyRef] = Field(default_factory=list, description="minions engaged with this player")


class AttackSpec(Strict):
    """One enemy attack: ``{attacker: Rhino, against: p1, boost: [Shocker]}``."""

    __module__ = _PUBLIC

    attacker: EnemyRef = Field(description="the attacking enemy: a catalogue card name, or {card: ..., damage: ..., "
                                           "stunned: ...}; an enemy already given under 'villain' or 'engaged' is "
                                           "named by its card alone")
    against: ID = Field(description="the id of the attacked player")
    boost: list[Union[str, BoostSpec]] = Field(
        default_factory=list, description="the boost cards the attacker is dealt at step 1, in the order dealt "
                                          "(the engine checks how many it gets: 1 for a villain or a villainous "
                                          "minion, 0 for other minions, +1 for Klaw)")
    attachments: list[str] = Field(default_factory=list, description="attachments on the attacker (ATK modifiers, e.g. Charge)")
    keywords: list[Literal["overkill", "piercing", "ranged"]] = Field(
        default_factory=list, description="keywords the attack gains for this attack")
    atk_modifier: int = Field(default=0, description="any other '+X ATK for this attack'")
    amplify: int = Field(default=0, ge=0, description="amplify icons in play")
    cause: Literal["quickstrike"] | None = Field(
        default=None, description="what makes the enemy attack, if not its activation: 'quickstrike' (the minion has "
                                  "just engaged the player)")


class RevealSpec(Strict):
    """An encounter card revealed outside an attack: ``{card: Shocker, by: p1}`` (its When Revealed ability
    resolves; the plays are the interrupts to its damage)."""

    __module__ = _PUBLIC

    card: str = Field(description="the encounter card revealed, e.g. 'Shocker' (When Revealed: 1 damage to each "
                                  "hero), 'Rhino (III)' (stun each hero), 'Under Fire' (reveal the top card; surge); "
                                  "a card whose When Revealed ability the engine does not model is refused")
    by: ID = Field(description="the id of the player who reveals it")
    deck: list[str] = Field(default_factory=list, max_length=4, description=(
        "the top cards of the encounter deck, in order, for a card that reveals more (Under Fire's When Revealed "
        "ability and its surge); each must be a card whose When Revealed ability the engine models"))


class Setup(Strict):
    __module__ = _PUBLIC

    players: list[PlayerSpec] = Field(min_length=1, max_length=4)
    attack: AttackSpec | None = Field(default=None, description="one enemy attack")
    attacks: list[AttackSpec] | None = Field(
        default=None, min_length=1, max_length=4, description="several enemy attacks of one phase, in order (the "
                                                              "villain, then the minions engaged with the player); "
                                                              "a play says which it is made in with 'during'")
    reveal: RevealSpec | None = Field(default=None, description="an encounter card revealed outside an attack: "
                                                                "its When Revealed damage, instead of an attack")
    villain: EnemyRef | None = Field(default=None, description="the villain in play, when it is not the attacker (a "
                                                               "minion attacks, or the players attack)")
    in_play: list[str] = Field(default_factory=list, description="other encounter cards shown on the board")
    settings: dict[str, Union[bool, str]] = Field(
        default_factory=dict, description="engine rulings by name, see engine/marvel_champions/settings.py (e.g. "
                                          "indirect_damage_def: reduces)")

    @model_validator(mode="after")
    def _one_attack_form(self) -> "Setup":
        if self.attack is not None and self.attacks is not None:
            raise ValueError("give either 'attack' (one attack) or 'attacks' (several), not both")
        if self.reveal is not None and (self.attack is not None or self.attacks is not None):
            raise ValueError("give either 'reveal' (a card revealed outside an attack) or an attack, not both")
        return self

    @property
    def all_attacks(self) -> list[AttackSpec]:
        """The enemy attacks in order (none in a player phase: the plays are then the players' attacks)."""
        return [self.attack] if self.attack is not None else list(self.attacks or [])


class ActionSpec(Strict):
    """One play: ``{player: p2, defend: Spider-Woman}``, ``{player: p2, play: Preemptive Strike}``,
    ``{player: p1, use: Indomitable}``, ``{player: p1, assign: {Spider-Man: 2, Hellcat: 1}}`` or, in a player
    phase, ``{player: p1, attack: Klaw}`` (``with: Hellcat`` to attack with an ally)."""

    __module__ = _PUBLIC

    player: ID
    defend: str | None = Field(default=None, description="defend with this character (your hero: basic defense; an ally)")
    play: str | None = Field(default=None, description="play this card from your hand (in a player phase: an ally, "
                                                       "paid for with 'pay')")
    ally: str | None = Field(default=None, description="with 'play': the ally the card puts into play (Mutant "
                                                       "Protectors), if your hand holds more than one")
    pay: list[str] | None = Field(default=None, max_length=8, description=(
        "with 'play': what pays its cost, after any cost change (MC.cost.reduce): cards discarded from your hand "
        "(each generates the resources printed on it; Energy two) and upgrades in play whose resource ability you "
        "use (Biokinetic Polymer Suit, Super-Soldier Serum: exhausted, one resource each, MC.cost.generate); a "
        "payment short of the cost is an illegal play, MC.cost.pay; [] for a card that costs 0; leave it out and the "
        "payment is not part of the position. With 'discard': the cards whose resources (of the types printed on "
        "them) pay the Hero Action (MC.cost.resource_types)"))
    discard: str | None = Field(default=None, description=(
        "in a player phase: take an attachment's Hero Action 'spend [energy][mental][physical] resources -> "
        "discard this card' (Charge, Sonic Converter, Solid-Sound Body), paid with 'pay'"))
    use: Literal["Indomitable", "Morphogenetics", "Ms. Marvel (ally)", "Angel of Death", "Berserker Frenzy"] | None = Field(
        default=None, description="use a response of a card you have in play (Indomitable, Ms. Marvel's "
                                  "Morphogenetics, the ally Ms. Marvel's 'after you play an event', Archangel's "
                                  "Angel of Death, Berserker Frenzy)")
    target: str | None = Field(default=None, description="with 'use: Angel of Death': the enemy it deals its damage "
                                                         "to (default: the attacking enemy)")
    assign: dict[str, Annotated[int, Field(ge=0)]] | None = Field(
        default=None, description="assign the attack's indirect damage: character -> damage (RR v1.8 p. 24)")
    before_forced: bool = Field(default=False, description=(
        "with 'play' or 'use': a response made before the attack's forced \"after\" abilities (retaliate, Sonic "
        "Converter ...) resolve; the engine refuses it while one is still to resolve (MC.atk.forced_first)"))
    attack: str | None = Field(default=None, description="in a player phase: attack this enemy (a basic attack)")
    with_: str | None = Field(default=None, alias="with", description="with 'attack': the ally that attacks (default: "
                                                                      "your hero)")
    during: int | None = Field(default=None, ge=1, le=4, description="the enemy attack of the phase this play is made "
                                                                     "in (1 = the first); default: the previous play's")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        verbs = [v for v in ("defend", "play", "use", "assign", "attack", "discard") if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise ValueError("an action needs exactly one of 'defend', 'play', 'use', 'assign', 'attack' or "
                             "'discard'")
        if self.ally is not None and self.play is None:
            raise ValueError("'ally' goes with 'play'")
        if self.pay is not None and self.play is None and self.discard is None:
            raise ValueError("'pay' goes with 'play' or 'discard'")
        if self.before_forced and self.play is None and self.use is None:
            raise ValueError("'before_forced' goes with 'play' or 'use'")
        if self.target is not None and self.use != "Angel of Death":
            raise ValueError("'target' goes with 'use: Angel of Death'")
        if self.with_ is not None and self.attack is None:
            raise ValueError("'with' goes with 'attack'")
        return self


class Question(GameQuestion[ActionSpec]):
    __module__ = _PUBLIC


class Scenario(GameScenario[Setup, ActionSpec, Question]):
    __module__ = _PUBLIC

    game: Literal["marvel_champions"]
