"""The Dungeon Mayhem scenario file models: ``setup`` (the table mid-game) and ``actions`` (the plays)."""

from typing import Literal, Union

from pydantic import Field, model_validator

from tutor.models import GameQuestion, GameScenario, Strict

# The models keep the package's public path as their module: the JSON schema names colliding
# models after it (``tutor__games__dungeon_mayhem__Setup``), and editors' schemas must not change.
# (No ``from __future__ import annotations`` here: pydantic would look the annotations up in
# the module named by ``__module__``, which is still importing this one.)
_PUBLIC = "tutor.games.dungeon_mayhem"

class CardSpec(Strict):
    """A card with details: its owner (when it comes from another player's deck) and its damage."""

    __module__ = _PUBLIC

    card: str = Field(description="card name as printed, e.g. 'Divine Shield'")
    owner: str | None = Field(default=None, description="the player whose deck it comes from (default: the player it sits with)")
    damage: int = Field(default=0, ge=0, description="damage already marked on a Defense card in play")


CardRef = Union[str, CardSpec]
Pile = Union[list[CardRef], int]


class DeckTop(Strict):
    """A deck whose top cards are known and whose other cards are not: ``{top: [Fluffy], rest: 12}``."""

    __module__ = _PUBLIC

    top: list[CardRef] = Field(min_length=1, description="the known cards on top of the deck, top card first")
    rest: int = Field(ge=0, description="how many unlisted cards lie below them")


class PlayerSpec(Strict):
    """One seat at the table."""

    __module__ = _PUBLIC

    character: str = Field(description="Azzan, Sutha, Lia, Oriax, Minsc, Jaheira, Blorp, Delilah, Tentaculous, Hoots, "
                                       "Cinderpuff or Mimi (also 'wizard', 'Lia the Radiant', 'owlbear', ...)")
    name: str | None = Field(default=None, min_length=1, description="how actions and questions name this player (default: the character); needed when a character repeats")
    hp: int = Field(default=10, ge=0, le=10, description="hit points")
    hand: Pile | None = Field(default=None, description="cards in hand, or how many (unlisted cards); required for a "
                                                        "player who is still in (0 for an empty hand)")
    deck: Pile | DeckTop | None = Field(default=None, description="the deck, top card first, or how many cards "
                                                                  "(unlisted), or known top cards and how many "
                                                                  "below them ({top: [Fluffy], rest: 12}); omitted = "
                                                                  "every card of the character's 28 not placed "
                                                                  "elsewhere, face down")
    discard: Pile = Field(default_factory=list, description="the discard pile, or how many cards (unlisted)")
    defense: list[CardRef] = Field(default_factory=list, description="Defense cards in play, in the order they were played")
    out: bool = Field(default=False, description="knocked out (a Vengeful Ghost in a game of 5-6); implied by hp 0")
    age: int | None = Field(default=None, ge=0, le=150, description="the player's age (the youngest goes first)")
    disguised: bool = Field(default=False, description="Oriax's Clever Disguise is active")
    form: Literal["", "wolf", "bear"] = Field(default="", description="Jaheira's form (Wolf Form or Bear Form; '' for none yet)")
    next_trick: bool = Field(default=False, description="For My Next Trick... is active: this player's attacks hit every opponent until their next turn")
    charm_ray: bool = Field(default=False, description="Charm Ray is active: this player chooses the target of every attack card until their next turn")


class Setup(Strict):
    __module__ = _PUBLIC

    players: list[PlayerSpec] = Field(min_length=2, max_length=6, description="seat order, clockwise")
    turn: str | None = Field(default=None, description="whose turn it is (a player's name; default: the first player)")
    plays_owed: int = Field(default=1, ge=0, description="cards the player whose turn it is must still play")
    played: list[CardRef] = Field(default_factory=list, description="cards already played this turn (they reach the discard at the end of the turn)")
    start_turn: bool = Field(default=False, description="begin the turn here: the disguise ends and the player draws 1")
    seed: int = Field(default=0, description="seeds reshuffles")
    bonus: int = Field(default=0, ge=0, description="Favored Frienemies played this turn: extra damage each attack card deals this turn")
    pierce: bool = Field(default=False, description="Here I Come! played this turn: the attack cards of the player whose turn it is ignore Defense cards")
    settings: dict[str, Union[bool, int, str]] = Field(default_factory=dict, description="engine rulings by name, see engine/dungeon_mayhem/settings.py")


_VERBS = ("play", "target", "destroy", "charm", "choose", "recover", "option", "mirror")
_VERB_KINDS = {"play": ("play", "free_play"), "target": ("target", "soak", "ghost"), "destroy": ("destroy",),
               "charm": ("charm",), "choose": ("swap", "pick_pocket", "trap", "trap_to", "mind_games", "mind_blast"),
               "recover": ("recover",), "option": ("praise", "dance", "noise", "murder", "free_play"),
               "mirror": ("mirror",)}
_KIND_VERB = {k: v for v, ks in reversed(_VERB_KINDS.items()) for k in ks}  # free_play: 'play'
_DEFENSE_VERBS = ("target", "destroy", "charm", "mirror")


class ActionSpec(Strict):
    """One play or choice: ``{play: Brutal Punch}``, ``{target: Lia, defense: Fluffy}``, ``{choose: Azzan}``."""

    __module__ = _PUBLIC

    play: str | None = Field(default=None, description="play this card from the hand of the player whose turn it is "
                                                       "(also Commune with Nature's free Form card)")
    target: str | None = Field(default=None, description="damage target (attack, overflow, ghost): a player; add 'defense' to hit one of their Defense cards")
    destroy: str | None = Field(default=None, description="Mighty Toss / Sneak Attack! / Hugs! / To the Face!: the player whose Defense card ('defense') is destroyed")
    charm: str | None = Field(default=None, description="Charm: the player whose Defense card ('defense') is taken")
    choose: str | None = Field(default=None, description="Vampiric Touch / Pick Pocket / Mind Games / Mind Blast / It's Not a Trap: the chosen player")
    recover: str | None = Field(default=None, description="Divine Inspiration: the card taken back from the discard pile")
    option: Literal["praise", "refuse", "dance", "noise", "pass", "attack", "heal", "draw"] | None = Field(
        default=None, description="a named choice: Praise Me (praise/refuse), Owlbear Boogie (dance/pass), Primal Strike "
                                  "(noise/pass), Murders and Acquisitions (attack/heal/draw), Commune with Nature (pass)")
    mirror: str | None = Field(default=None, description="Definitely Just a Mirror: the player whose Defense card ('defense') it copies")
    defense: str | None = Field(default=None, description="the Defense card (name) chosen with target, destroy, charm or mirror")
    nth: int = Field(default=1, ge=1, description="which of several same-named Defense cards (in play order)")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        given = [v for v in _VERBS if getattr(self, v) is not None]
        if len(given) != 1:
            raise ValueError(f"an action needs exactly one of {', '.join(_VERBS)}")
        if self.defense is not None and given[0] not in _DEFENSE_VERBS:
            raise ValueError("'defense' goes with target, destroy, charm or mirror")
        if self.defense is None and given[0] in ("destroy", "charm", "mirror"):
            raise ValueError(f"'{given[0]}' needs 'defense': which Defense card")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in _VERBS if getattr(self, v) is not None)

    @property
    def value(self) -> str:
        return str(getattr(self, self.verb))


class Question(GameQuestion[ActionSpec]):
    __module__ = _PUBLIC


class Scenario(GameScenario[Setup, ActionSpec, Question]):
    __module__ = _PUBLIC

    game: Literal["dungeon_mayhem"]
