"""Marvel Champions card catalogue: the stats of every card our scenarios use.

Source for every row: MarvelCDB card data (``zzorba/marvelsdb-json-data``), as
digested in ``shared/rules/marvel_champions.md`` §9. A scenario names cards by
their ``name`` (or by ``key`` where two printings share a name) and may override
a stat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

CardType = Literal["villain", "minion", "hero", "ally", "event", "upgrade", "attachment", "treachery"]


@dataclass(frozen=True, slots=True)
class Card:
    key: str  # unique catalogue key, e.g. "Sandman (minion)"
    name: str  # printed name
    code: str
    type: CardType
    atk: int = 0
    defense: int = 0
    thw: int = 0
    hp: int = 0
    boost: int = 0  # printed boost icons
    boost_star: bool = False  # has a "Boost:" ability
    atk_star: bool = False
    keywords: frozenset[str] = field(default_factory=frozenset)  # "toughness", "retaliate 1", "overkill", "villainous", ...
    defense_label: bool = False  # the card's ability carries the (defense) label
    text: str = ""
    alter_ego: str = ""  # an identity's alter-ego side (its "b" card)

    @property
    def is_character(self) -> bool:
        return self.type in ("villain", "minion", "hero", "ally")

    @property
    def is_enemy(self) -> bool:
        return self.type in ("villain", "minion")


def _kw(*words: str) -> frozenset[str]:
    return frozenset(words)


CARDS: tuple[Card, ...] = (
    # §9.1 — cards named in the Danger Room walkthrough (seed 003)
    Card("Rhino", "Rhino", "01094", "villain", atk=2, hp=14, text="Rhino (I)."),
    Card("Rhino (II)", "Rhino", "01095", "villain", atk=3, hp=15),
    Card("Rhino (III)", "Rhino", "01096", "villain", atk=4, hp=16, keywords=_kw("toughness")),
    Card("Klaw", "Klaw", "01113", "villain", atk=0, atk_star=True, hp=12,
         keywords=_kw("extra boost"), text="Forced Interrupt: when Klaw attacks, he gets 1 extra boost card."),
    Card("Klaw (II)", "Klaw", "01114", "villain", atk=1, atk_star=True, hp=18, keywords=_kw("extra boost")),
    Card("Klaw (III)", "Klaw", "01115", "villain", atk=2, atk_star=True, hp=22, keywords=_kw("toughness", "extra boost")),
    Card("Sandman", "Sandman", "27061", "villain", atk=2, atk_star=True, hp=16,
         text="Sand Blast: his attack on you deals indirect damage."),
    Card("Sandman (minion)", "Sandman", "01102", "minion", atk=3, hp=4, boost=2, keywords=_kw("toughness")),
    Card("Shocker", "Shocker", "01103", "minion", atk=2, hp=3, boost=2,
         text="When Revealed: 1 damage to each hero (ignored when used as a boost)."),
    Card("Shocker (Sinister Syndicate)", "Shocker", "24045", "minion", atk=2, hp=5, boost=0, boost_star=True),
    Card("Under Fire", "Under Fire", "01193", "treachery", boost=3, text="Surge (ignored when used as a boost)."),
    Card("Spider-Man", "Spider-Man", "01001a", "hero", alter_ego="Peter Parker", atk=2, defense=3, thw=1, hp=10,
         keywords=_kw("spider-sense"), text="Spider-Sense: when the villain initiates an attack against you, draw 1 card."),
    Card("Black Panther", "Black Panther", "01040a", "hero", alter_ego="T'Challa", atk=2, defense=2, thw=2, hp=11, keywords=_kw("retaliate 1")),
    Card("Ms. Marvel", "Ms. Marvel", "05001a", "hero", alter_ego="Kamala Khan", atk=1, defense=1, thw=1, hp=10),
    Card("Spider-Woman", "Spider-Woman", "01011", "ally", atk=2, thw=2, hp=2),
    Card("Preemptive Strike", "Preemptive Strike", "05014", "event", defense_label=True,
         text="Hero Interrupt (defense): when a boost card is turned face up during a villain attack, "
              "cancel its boost icons; deal 1 damage to the villain for each icon cancelled."),
    Card("Expert Defense", "Expert Defense", "03033", "event", defense_label=True,
         text="Hero Interrupt (defense): when your hero defends, it gets +3 DEF for this attack."),
    # §9.2 — extra cards for scenarios
    Card("Captain Marvel", "Captain Marvel", "01010a", "hero", alter_ego="Carol Danvers", atk=2, defense=1, thw=2, hp=12),
    Card("She-Hulk", "She-Hulk", "01019a", "hero", alter_ego="Jennifer Walters", atk=3, defense=2, thw=1, hp=15),
    Card("Iron Man", "Iron Man", "01029a", "hero", alter_ego="Tony Stark", atk=1, defense=1, thw=2, hp=9),
    Card("Captain America", "Captain America", "03001a", "hero", alter_ego="Steve Rogers", atk=2, defense=2, thw=2, hp=11),
    Card("Hellcat", "Hellcat", "01020", "ally", atk=1, thw=2, hp=3),
    Card("Jessica Jones", "Jessica Jones", "01059", "ally", atk=2, thw=1, hp=3),
    Card("Mockingbird", "Mockingbird", "01083", "ally", atk=1, thw=1, hp=3),
    Card("Nick Fury", "Nick Fury", "01084", "ally", atk=2, thw=2, hp=3),
    Card("Armored Vest", "Armored Vest", "01081", "upgrade", defense=1, text="Attached hero gets +1 DEF."),
    Card("Backflip", "Backflip", "01003", "event", defense_label=True,
         text="Interrupt (defense): prevent all damage you would take from an attack."),
    Card("Wiggle Room", "Wiggle Room", "05005", "event", defense_label=True,
         text="Hero Interrupt (defense): prevent 3 of the damage you would take; draw 1 card."),
    Card("Jump Flip", "Jump Flip", "27014", "event", defense_label=True, text="Prevent 2 damage."),
    Card("Charge", "Charge", "01099", "attachment", atk=3, boost=2, text="When Rhino attacks, that attack gains overkill."),
    Card("Sonic Converter", "Sonic Converter", "01118", "attachment", atk=1, boost=3),
    Card("Armored Guard", "Armored Guard", "01120", "minion", atk=1, hp=3, boost=1, keywords=_kw("guard", "toughness")),
    Card("Hydra Mercenary", "Hydra Mercenary", "01101", "minion", atk=1, hp=3, boost=1, keywords=_kw("guard")),
    Card("Vulture", "Vulture", "01167", "minion", atk=3, hp=4, boost=2, keywords=_kw("quickstrike")),
    Card("Tiger Shark", "Tiger Shark", "01131", "minion", atk=3, atk_star=True, hp=6, boost=0, boost_star=True),
    Card("Whirlwind", "Whirlwind", "01130", "minion", atk=2, atk_star=True, hp=6, boost=0, boost_star=True),
    Card("Concussive Blast", "Concussive Blast", "01154", "treachery", boost=0, boost_star=True,
         text="Boost: deal 1 damage to each character you control."),
    Card("Assault", "Assault", "01187", "treachery", boost=0),
    Card("Gang-Up", "Gang-Up", "01189", "treachery", boost=1),
    Card("Stampede", "Stampede", "01106", "treachery", boost=1),
    Card("Rhino (City in Chaos)", "Rhino", "27128", "minion", atk=3, atk_star=True, hp=8, boost=3,
         keywords=_kw("steady", "overkill", "piercing")),
    Card("Scientist Supreme", "Scientist Supreme", "50125", "minion", atk=1, atk_star=True, hp=6, boost=3,
         keywords=_kw("villainous", "piercing", "ranged")),
)

CATALOGUE: dict[str, Card] = {c.key: c for c in CARDS}


def lookup(key: str) -> Card | None:
    """The card with this catalogue key, or None.

    >>> lookup("Spider-Man").defense
    3
    >>> lookup("Nobody") is None
    True
    """
    return CATALOGUE.get(key)


def keys_of_type(*types: str) -> list[str]:
    return [c.key for c in CARDS if c.type in types]
