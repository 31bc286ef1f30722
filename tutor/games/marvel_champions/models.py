"""The Marvel Champions scenario file models: ``setup`` (the players and the attack) and ``actions`` (the plays)."""

from typing import Literal, Union

from pydantic import Field, model_validator

from tutor.models import ID, Question as QuestionBase, ScenarioBase, Strict

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
    tough: int = Field(default=0, ge=0)
    stunned: int = Field(default=0, ge=0)
    confused: int = Field(default=0, ge=0)
    atk: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)


CharacterRef = Union[str, CharacterSpec]


class PlayerSpec(Strict):
    __module__ = _PUBLIC

    id: ID
    name: str = Field(min_length=1)
    identity: CharacterRef
    allies: list[CharacterRef] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list, description="card names")
    upgrades: list[str] = Field(default_factory=list)


class EnemySpec(Strict):
    __module__ = _PUBLIC

    card: str
    atk: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)
    damage: int = Field(default=0, ge=0)
    tough: int | None = Field(default=None, ge=0, description="tough status cards (default: 1 for an enemy with "
                                                              "toughness, which enters play with one; else 0)")
    stunned: int = Field(default=0, ge=0)
    confused: int = Field(default=0, ge=0)


class BoostSpec(Strict):
    __module__ = _PUBLIC

    card: str
    icons: int | None = Field(default=None, ge=0, le=5, description="override the printed boost icons")


class AttackSpec(Strict):
    __module__ = _PUBLIC

    attacker: Union[str, EnemySpec]
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


class Setup(Strict):
    __module__ = _PUBLIC

    players: list[PlayerSpec] = Field(min_length=1, max_length=4)
    attack: AttackSpec
    in_play: list[str] = Field(default_factory=list, description="other encounter cards shown on the board")


class ActionSpec(Strict):
    """One play: ``{player: p2, defend: Spider-Woman}`` or ``{player: p2, play: Preemptive Strike}``."""

    __module__ = _PUBLIC

    player: ID
    defend: str | None = Field(default=None, description="defend with this character (your hero: basic defense; an ally)")
    play: str | None = Field(default=None, description="play this card from your hand")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        if (self.defend is None) == (self.play is None):
            raise ValueError("an action needs exactly one of 'defend' or 'play'")
        return self


class Question(QuestionBase):
    __module__ = _PUBLIC

    then: list[ActionSpec] | None = Field(default=None, description="plays added after the scenario's, for this "
                                                                    "question only")
    instead: list[ActionSpec] | None = Field(default=None, description="plays that replace the scenario's, for "
                                                                       "this question only (\"and if ... instead?\")")


class Scenario(ScenarioBase):
    __module__ = _PUBLIC

    game: Literal["marvel_champions"]
    setup: Setup
    actions: list[ActionSpec] = Field(default_factory=list)
    questions: list[Question] = Field(min_length=1)  # type: ignore[assignment]
