"""Marvel Champions card catalogue: the stats of every card our scenarios use, and what the engine does
with each of their abilities.

Source for every row: MarvelCDB card data (``zzorba/marvelsdb-json-data``, commit ``8dbe3ab4``), as
digested in ``shared/rules/marvel_champions.md`` §9. A scenario names cards by their ``key`` (the
printed name, or the name with the printing where two share one) and may override a stat.

Every ability of every card says what the engine does with it (:class:`Ability`): it is **modelled**
(``rule``: the glossary rule whose function resolves it), **refused** (``refused``: a scenario that puts
the card where the ability would resolve is refused at load, by name), or it can **never** resolve in
what a scenario describes (``never``: why — an Action taken in the player's turn, a When Revealed of a
card already in play). Nothing is approximated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

CardType = Literal["villain", "minion", "hero", "ally", "event", "upgrade", "attachment", "treachery", "resource"]
Placement = Literal["attacker", "enemy", "boost", "attachment", "identity", "ally", "hand", "upgrade"]
"""Where a scenario can put a card: the attacking enemy, another enemy in play, a boost card, an
attachment on an enemy, a player's identity or ally, a card in hand, an upgrade in play."""


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card and what the engine does with it (exactly one of ``rule``, ``refused``, ``never``)."""

    name: str
    text: str  # paraphrase of the printed text
    rule: str = ""  # modelled: the glossary rule that resolves it
    refused: str = ""  # not modelled: the refusal after "<card>: ", e.g. "his attack against … is not modelled"
    where: tuple[Placement, ...] = ()  # for a refused ability: the placements where it would resolve
    never: str = ""  # not modelled because it cannot resolve in what a scenario describes: why

    def __post_init__(self) -> None:
        if sum(map(bool, (self.rule, self.refused, self.never))) != 1:
            raise ValueError(f"{self.name}: give exactly one of rule, refused, never")
        if bool(self.refused) != bool(self.where):
            raise ValueError(f"{self.name}: a refused ability names where it would resolve, and only it does")

    @property
    def modelled(self) -> bool:
        return bool(self.rule)


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
    traits: frozenset[str] = field(default_factory=frozenset)  # "X-Men", "Defense", "Attack", ...
    atk_cons: int = 0  # an ally's consequential damage for attacking
    attaches_to: str = ""  # an attachment's host ("Attach to Rhino.")
    abilities: tuple[Ability, ...] = ()
    cost: int | None = None  # a player card's printed cost (None: no cost, an identity or an encounter card)
    resources: int = 0  # the resource icons at its bottom-left corner (each generates one when discarded to pay)

    @property
    def is_character(self) -> bool:
        return self.type in ("villain", "minion", "hero", "ally")

    @property
    def is_enemy(self) -> bool:
        return self.type in ("villain", "minion")


def _kw(*words: str) -> frozenset[str]:
    return frozenset(words)


def _a(name: str, text: str, rule: str) -> Ability:
    return Ability(name, text, rule=rule)


def _never(name: str, text: str, why: str) -> Ability:
    return Ability(name, text, never=why)


def _refused(name: str, text: str, refusal: str, *where: Placement) -> Ability:
    return Ability(name, text, refused=refusal, where=where)


_REVEALED = "a When Revealed ability resolves when the card is revealed from the encounter deck, never during an attack"
_REVEALED_BOOST = ("a When Revealed ability is not active on a boost card, and a scenario uses this card only as a "
                   "boost card (MC.atk.boost_ability)")
_ACTION = "an Action is taken in its player's turn, never during an attack; a scenario cannot make it"
_ENTERS = ("it resolves when the card enters play; no scenario brings this card into play (playing it from the "
           "hand is refused by name, enters_play_refusal)")
_NO_ATTACK = "it changes nothing an attack uses (thwart, hand size, scheming)"
_SURGING = _a("Surging Sands", "If your identity takes any damage from that attack, resolve City Streets' Surging "
                               "Sands (a sand counter; discard encounter cards).", "MC.villain.surging_sands")
_TOUGHNESS = _a("Toughness", "Enters play with a tough status card.", "MC.status.tough")
_TOUGHNESS_ENEMY = _a("Toughness", "Enters play with a tough status card (it prevents the next damage to the enemy).",
                      "MC.patk.damage")
_GUARD = _a("Guard", "While it is engaged with you, you cannot attack the villain.", "MC.kw.guard")
_HERO_ACTION_DISCARD = _a("Hero Action", "Spend [energy][mental][physical] resources → discard this card.",
                          "MC.cost.resource_types")

CARDS: tuple[Card, ...] = (
    # §9.1 — cards named in the Danger Room walkthrough (seed 003)
    Card("Rhino", "Rhino", "01094", "villain", atk=2, hp=14, text="Rhino (I)."),
    Card("Rhino (II)", "Rhino", "01095", "villain", atk=3, hp=15, abilities=(
        _never("When Revealed", "Reveal the Breakin' & Takin' side scheme.", _REVEALED),)),
    Card("Rhino (III)", "Rhino", "01096", "villain", atk=4, hp=16, keywords=_kw("toughness"), abilities=(
        _TOUGHNESS_ENEMY, _a("When Revealed", "Stun each hero.", "MC.enc.stun_each_hero"))),
    Card("Klaw", "Klaw", "01113", "villain", atk=0, atk_star=True, hp=12,
         keywords=_kw("extra boost"), text="Forced Interrupt: when Klaw attacks, he gets 1 extra boost card.",
         abilities=(_a("Extra boost card", "Forced Interrupt: when Klaw attacks, give him 1 additional boost card.",
                       "MC.atk.boost_dealt"),)),
    Card("Klaw (II)", "Klaw", "01114", "villain", atk=1, atk_star=True, hp=18, keywords=_kw("extra boost"), abilities=(
        _a("Extra boost card", "Forced Interrupt: when Klaw attacks, give him 1 additional boost card.",
           "MC.atk.boost_dealt"),
        _never("When Revealed", "Reveal The \"Immortal\" Klaw side scheme.", _REVEALED))),
    Card("Klaw (III)", "Klaw", "01115", "villain", atk=2, atk_star=True, hp=22,
         keywords=_kw("toughness", "extra boost"), abilities=(
             _TOUGHNESS_ENEMY, _a("Extra boost card", "Forced Interrupt: when Klaw attacks, give him 1 additional "
                                                      "boost card.", "MC.atk.boost_dealt"))),
    Card("Sandman", "Sandman", "27061", "villain", atk=2, atk_star=True, hp=16, keywords=_kw("sand blast"),
         text="Sand Blast: his attack on you deals indirect damage.", abilities=(
             _a("Sand Blast", "Forced Interrupt: when Sandman attacks you, that attack deals indirect damage.",
                "MC.villain.sand_blast"), _SURGING)),
    Card("Sandman (II)", "Sandman", "27062", "villain", atk=3, atk_star=True, hp=18, keywords=_kw("sand blast"),
         text="Sand Blast: his attack on you deals indirect damage.", abilities=(
             _never("When Revealed", "Resolve City Streets' Surging Sands.", _REVEALED),
             _a("Sand Blast", "Forced Interrupt: when Sandman attacks you, that attack deals indirect damage.",
                "MC.villain.sand_blast"), _SURGING)),
    Card("Sandman (III)", "Sandman", "27063", "villain", atk=3, atk_star=True, hp=19, keywords=_kw("sand wave"),
         text="Sand Wave: his attack on you gains overkill.", abilities=(
             _never("When Revealed", "Place 1 sand counter on City Streets; resolve its Surging Sands.", _REVEALED),
             _a("Sand Wave", "Forced Interrupt: when Sandman attacks you, that attack gains overkill.",
                "MC.villain.sand_wave"), _SURGING)),
    Card("Sandman (minion)", "Sandman", "01102", "minion", atk=3, hp=4, boost=2, keywords=_kw("toughness"),
         abilities=(_TOUGHNESS_ENEMY,)),
    Card("Shocker", "Shocker", "01103", "minion", atk=2, hp=3, boost=2,
         text="When Revealed: 1 damage to each hero (ignored when used as a boost).", abilities=(
             _a("When Revealed", "Deal 1 damage to each hero (not active on a boost card).",
                "MC.enc.when_revealed"),)),
    Card("Shocker (Sinister Syndicate)", "Shocker", "24045", "minion", atk=2, hp=5, boost=0, boost_star=True,
         keywords=_kw("stuns attacker"), abilities=(
             _a("Stun the attacker", "Forced Response: after Shocker is attacked, stun the attacking character.",
                "MC.minion.shocker_stun"),
             _a("Boost", "Stun the character you control with the highest ATK.", "MC.atk.boost_ability"))),
    Card("Under Fire", "Under Fire", "01193", "treachery", boost=3, keywords=_kw("surge"),
         text="Surge (ignored when used as a boost).",
         abilities=(_a("Surge; When Revealed", "Reveal the top card of the encounter deck; then, surge, reveal "
                                               "another (neither is active on a boost card).", "MC.enc.reveal_top"),)),
    Card("Spider-Man", "Spider-Man", "01001a", "hero", alter_ego="Peter Parker", atk=2, defense=3, thw=1, hp=10,
         keywords=_kw("spider-sense"), traits=_kw("Avenger"),
         text="Spider-Sense: when the villain initiates an attack against you, draw 1 card.", abilities=(
             _a("Spider-Sense", "Interrupt: when the villain initiates an attack against you, draw 1 card.",
                "MC.hero.spider_sense"),)),
    Card("Black Panther", "Black Panther", "01040a", "hero", alter_ego="T'Challa", atk=2, defense=2, thw=2, hp=11,
         keywords=_kw("retaliate 1"), traits=_kw("Avenger", "Wakanda"),
         abilities=(_a("Retaliate 1", "After this character is attacked, deal 1 damage to the attacking character.",
                       "MC.kw.retaliate"),)),
    Card("Ms. Marvel", "Ms. Marvel", "05001a", "hero", alter_ego="Kamala Khan", atk=1, defense=1, thw=1, hp=10,
         keywords=_kw("morphogenetics"), abilities=(
             _a("Morphogenetics", "Response: after you play an Attack, Thwart or Defense event, exhaust Ms. Marvel "
                                  "→ return that event to your hand.", "MC.hero.morphogenetics"),)),
    Card("Spider-Woman", "Spider-Woman", "01011", "ally", atk=2, thw=2, hp=2, atk_cons=1, traits=_kw("Avenger", "Spy"),
         abilities=(_never("Confuse the villain", "Response: after Spider-Woman enters play, confuse the villain.",
                           _ENTERS),), cost=3, resources=1),
    Card("Preemptive Strike", "Preemptive Strike", "05014", "event", defense_label=True, traits=_kw("Defense"),
         text="Hero Interrupt (defense): when a boost card is turned face up during a villain attack, "
              "cancel its boost icons; deal 1 damage to the villain for each icon cancelled.",
         abilities=(_a("Preemptive Strike", "Hero Interrupt (defense): when a boost card is turned face up while "
                                            "the villain attacks, cancel its boost icons; deal the villain 1 damage "
                                            "per icon cancelled.", "MC.card.preemptive_strike"),), cost=1, resources=1),
    Card("Expert Defense", "Expert Defense", "03033", "event", defense_label=True, traits=_kw("Defense"),
         text="Hero Interrupt (defense): when your hero defends, it gets +3 DEF for this attack.",
         abilities=(_a("Expert Defense", "Hero Interrupt (defense): when your hero defends against an attack, it "
                                         "gets +3 DEF for that attack.", "MC.card.expert_defense"),),
         cost=0, resources=1),
    # §9.2 — extra cards for scenarios
    Card("Captain Marvel", "Captain Marvel", "01010a", "hero", alter_ego="Carol Danvers", atk=2, defense=1, thw=2,
         hp=12,
         traits=_kw("Avenger"), abilities=(_never("Rechannel", "Action: spend [energy] and heal 1 → draw 1 card.",
                                                  _ACTION),)),
    Card("She-Hulk", "She-Hulk", "01019a", "hero", alter_ego="Jennifer Walters", atk=3, defense=2, thw=1, hp=15,
         traits=_kw("Avenger"), abilities=(_never("Do You Even Lift?", "Response: after you change to this form, "
                                                  "deal 2 damage to an enemy.", "changing form is done in the "
                                                  "player's turn, never during an attack"),)),
    Card("Iron Man", "Iron Man", "01029a", "hero", alter_ego="Tony Stark", atk=1, defense=1, thw=2, hp=9,
         traits=_kw("Avenger"), abilities=(_never("Hand size", "+1 hand size per Tech upgrade you control.",
                                                  _NO_ATTACK),)),
    Card("Captain America", "Captain America", "03001a", "hero", alter_ego="Steve Rogers", atk=2, defense=2, thw=2,
         hp=11, traits=_kw("Avenger"), abilities=(
             _never("I Can Do This All Day!", "Action: discard 1 card → ready Captain America (once per round).",
                    _ACTION),)),
    Card("Cyclops", "Cyclops", "33001a", "hero", alter_ego="Scott Summers", atk=1, defense=2, thw=2, hp=10,
         traits=_kw("X-Men"), abilities=(
             _never("Optic Blast", "Action (attack): spend a resource → deal 3 damage to an enemy with an upgrade "
                                   "attached.", _ACTION),)),
    Card("Hellcat", "Hellcat", "01020", "ally", atk=1, thw=2, hp=3, atk_cons=1, traits=_kw("Avenger"),
         abilities=(_never("Return", "Action: return Hellcat to your hand.", _ACTION),), cost=3, resources=1),
    Card("Jessica Jones", "Jessica Jones", "01059", "ally", atk=2, thw=1, hp=3, atk_cons=1, traits=_kw("Defender"),
         abilities=(_never("Investigator", "+1 THW for each side scheme in play.", _NO_ATTACK),), cost=3, resources=1),
    Card("Mockingbird", "Mockingbird", "01083", "ally", atk=1, thw=1, hp=3, atk_cons=1,
         traits=_kw("S.H.I.E.L.D.", "Spy"),
         abilities=(_never("Stun an enemy", "Response: after Mockingbird enters play, stun an enemy.", _ENTERS),),
         cost=3, resources=1),
    Card("Nick Fury", "Nick Fury", "01084", "ally", atk=2, thw=2, hp=3, atk_cons=1, traits=_kw("S.H.I.E.L.D.", "Spy"),
         abilities=(_never("Enters play", "Forced Response: after Nick Fury enters play, choose one effect; discard "
                                          "him at the end of the round.", _ENTERS),), cost=4, resources=1),
    Card("Colossus", "Colossus", "32048", "ally", atk=3, thw=1, hp=3, atk_cons=2, keywords=_kw("toughness"),
         traits=_kw("X-Men"), abilities=(
             _TOUGHNESS, _a("Cost", "Reduce the cost to play Colossus by 1 if your identity has the Mutant or X-Men "
                                    "trait.", "MC.cost.reduce")),
         cost=4, resources=1),
    # Mutant Genesis (pack mut_gen, MarvelCDB data at the digest's commit 8dbe3ab4): X-Men heroes and allies
    Card("Colossus (hero)", "Colossus", "32001a", "hero", alter_ego="Piotr Rasputin", atk=2, defense=2, thw=1, hp=14,
         traits=_kw("X-Men"), abilities=(
             _never("Extra tough card", "Colossus can have 1 additional tough status card.",
                    "it only matters when he gains a tough card, and nothing in an attack here gives him one (a "
                    "scenario may give him two)"),
             _never("Steel Skin", "Response: after you change to this form, give Colossus a tough status card.",
                    "changing form is done in the player's turn, never during an attack"),
             _never("Aspiring Artist", "Alter-ego response: after you change to this form, shuffle a Colossus card "
                                       "from your discard pile into your deck.", _NO_ATTACK))),
    Card("Shadowcat (hero)", "Shadowcat", "32030a", "hero", alter_ego="Kitty Pryde", atk=2, defense=2, thw=2, hp=9,
         traits=_kw("X-Men"), abilities=(
             _refused("Mass forms and Phase Control", "Setup: put your mass form upgrade into play, Solid side "
                      "faceup (Phased: she cannot take damage while defending and ignores guard; Solid: a resource). "
                      "Phase Control, Alter-ego Action: flip it (once per round).",
                      "her mass forms (Solid and Phased) are not modelled", "identity"),)),
    Card("Shadowcat", "Shadowcat", "32002", "ally", atk=2, thw=2, hp=3, atk_cons=1, traits=_kw("X-Men"), abilities=(
        _refused("Intangible", "Shadowcat ignores the guard and patrol keywords, and any crisis icons in play.",
                 "her ignoring guard is not modelled", "ally"),), cost=3, resources=1),
    Card("Polaris", "Polaris", "32012", "ally", atk=2, thw=1, hp=3, atk_cons=1, traits=_kw("X-Men"), abilities=(
        _refused("Magnetic shield", "Response: after Polaris enters play, give an X-Men character a tough status "
                                    "card.", "her response when she enters play (Mutant Protectors can put her into "
                                             "play) is not modelled", "hand"),), cost=3, resources=1),
    Card("Nightcrawler", "Nightcrawler", "32011", "ally", atk=2, thw=2, hp=2, atk_cons=1, traits=_kw("X-Men"),
         abilities=(_refused("Bamf", "Interrupt: when an X-Men character would take damage from an enemy attack, "
                                    "spend an energy resource and return Nightcrawler to your hand → prevent all of "
                                    "that damage.", "his interrupt that prevents damage is not modelled", "ally",
                             "hand"),), cost=3, resources=1),
    # Archangel (the Angel hero pack, 42001c-42004) and Wolverine (the Wolverine hero pack, 35001a-35006; the ally
    # Wolverine from Mutant Genesis, 32041), MarvelCDB data at the digest's commit 8dbe3ab4
    Card("Archangel", "Archangel", "42001c", "hero", alter_ego="Warren Worthington III", atk=2, defense=3, thw=0,
         hp=12, traits=_kw("Aerial", "X-Force"), abilities=(
             _a("Angel of Death", "Response: after you play an Aerial event, deal damage to an enemy equal to that "
                                  "event's printed cost (once per phase).", "MC.hero.angel_of_death"),)),
    Card("Aerial Agility", "Aerial Agility", "42004", "event", defense_label=True, traits=_kw("Aerial", "Defense"),
         abilities=(_a("Aerial Agility", "Hero Interrupt (defense): when an enemy attacks, if you are Archangel, give "
                                         "your hero a tough status card and gain retaliate 1 for this attack (if you "
                                         "are Angel: ignore the attack's boost icons and Boost abilities; refused by "
                                         "name when played).", "MC.card.aerial_agility"),), cost=1, resources=1),
    Card("Wolverine (hero)", "Wolverine", "35001a", "hero", alter_ego="Logan", atk=2, defense=2, thw=2, hp=10,
         traits=_kw("X-Men"), abilities=(
             _never("Healing Factor", "Response: after the player phase begins, heal 2 damage.",
                    "it resolves as the player phase begins, before any play a scenario describes"),
             _never("Snikt!", "Alter-ego Setup: put Wolverine's Claws into play.", "a Setup ability resolves when the "
                                                                                  "game is set up"))),
    Card("Wolverine", "Wolverine", "32041", "ally", atk=3, thw=1, hp=4, atk_cons=2, keywords=_kw("piercing"),
         traits=_kw("X-Men"), abilities=(
             _a("Piercing", "Wolverine's attacks gain piercing.", "MC.patk.piercing"),
             _never("Heal", "Response: after your turn begins, heal 1 damage from Wolverine.",
                    "it resolves as your turn begins, before any play a scenario describes")), cost=4, resources=1),
    Card("Berserker Frenzy", "Berserker Frenzy", "35005", "upgrade", traits=_kw("Condition"), abilities=(
        _a("Berserker Frenzy", "Hero Response: after Wolverine takes any amount of damage from an enemy attack, draw 1 "
                               "card.", "MC.card.berserker_frenzy"),
        _never("Discard", "Forced Response: after you flip to alter-ego form, discard this card.",
               "changing form is done in the player's turn, never during an attack")), cost=2, resources=1),
    Card("\"I Got Better\"", "\"I Got Better\"", "35006", "upgrade", traits=_kw("Superpower"), abilities=(
        _refused("\"I Got Better\"", "Interrupt: when you would be defeated by an enemy attack, instead set your hit "
                                     "points to 5, ready your identity and discard this card.",
                 "its interrupt when you would be defeated is not modelled", "upgrade"),), cost=4, resources=1),
    Card("Adamantium Skeleton", "Adamantium Skeleton", "35004", "upgrade", abilities=(
        _refused("Adamantium Skeleton", "You get +4 hit points; Wolverine gets +1 ATK and his basic attacks gain "
                                        "piercing.", "its +4 hit points, +1 ATK and piercing are not modelled",
                 "upgrade"),), cost=2, resources=1),
    Card("Jubilee", "Jubilee", "35003", "ally", atk=1, thw=1, hp=2, atk_cons=1, traits=_kw("X-Men"), abilities=(
        _refused("Fireworks", "Response: after Jubilee enters play, choose an enemy; until the end of the phase, "
                              "Wolverine's and Jubilee's basic attacks against it get +2 ATK.",
                 "her response when she enters play (Mutant Protectors can put her into play) is not modelled",
                 "hand"),), cost=2, resources=1),
    Card("Armored Vest", "Armored Vest", "01081", "upgrade", defense=1, text="Attached hero gets +1 DEF.",
         abilities=(_a("+1 DEF", "Your hero gets +1 DEF. Max 1 per player.", "MC.dmg.calc"),), cost=1, resources=1),
    Card("Indomitable", "Indomitable", "01082", "upgrade", traits=_kw("Condition"), abilities=(
        _a("Indomitable", "Response: after your hero defends, discard Indomitable → ready your hero.",
           "MC.card.indomitable"),), cost=1, resources=1),
    Card("Counter-Punch", "Counter-Punch", "01077", "event", traits=_kw("Attack"), abilities=(
        _a("Counter-Punch", "Response (attack): after your hero defends against an enemy attack, deal damage to that "
                            "enemy equal to your hero's ATK.", "MC.card.counter_punch"),), cost=0, resources=1),
    Card("Backflip", "Backflip", "01003", "event", defense_label=True, traits=_kw("Defense", "Skill"),
         text="Interrupt (defense): prevent all damage you would take from an attack.",
         abilities=(_a("Backflip", "Interrupt (defense): when you would take any damage from an attack, prevent all "
                                   "of it.", "MC.prevent.interrupt"),), cost=0, resources=1),
    Card("Wiggle Room", "Wiggle Room", "05005", "event", defense_label=True, traits=_kw("Defense", "Superpower"),
         text="Hero Interrupt (defense): prevent 3 of the damage you would take; draw 1 card.",
         abilities=(_a("Wiggle Room", "Hero Interrupt (defense): when you would take any damage, prevent 3 of it; "
                                      "draw 1 card.", "MC.prevent.interrupt"),), cost=0, resources=1),
    Card("Jump Flip", "Jump Flip", "27014", "event", defense_label=True, traits=_kw("Defense"),
         text="Prevent 2 damage.",
         abilities=(_a("Jump Flip", "Hero Interrupt (defense): when you would take any damage, prevent 2 of it.",
                       "MC.prevent.interrupt"),
                    _never("Energy bonus", "If you paid for it with an [energy] resource, remove 2 threat from the "
                                           "main scheme.", _NO_ATTACK)), cost=1, resources=1),
    Card("Desperate Defense", "Desperate Defense", "09015", "event", defense_label=True, traits=_kw("Defense"),
         abilities=(_a("Desperate Defense", "Hero Interrupt (defense): when your hero defends against an attack, it "
                                            "gets +2 DEF for that attack; if you take no damage from it, ready your "
                                            "hero.", "MC.card.desperate_defense"),), cost=1, resources=1),
    Card("Never Back Down", "Never Back Down", "14014", "event", defense_label=True, traits=_kw("Defense"),
         abilities=(_a("Never Back Down", "Hero Interrupt (defense): when you defend against an attack, you get +2 DEF "
                                          "for this attack; if you take no damage from it, stun the attacking enemy.",
                       "MC.card.never_back_down"),), cost=1, resources=1),
    Card("\"I Can Do This All Day\"", "\"I Can Do This All Day\"", "56047", "event", defense_label=True,
         traits=_kw("Defense"), abilities=(
             _a("\"I Can Do This All Day\"", "Hero Interrupt (defense): when an enemy attacks, declare your hero as "
                                            "the defender without exhausting them.", "MC.card.all_day"),),
         cost=1, resources=1),
    Card("Cuts Both Ways", "Cuts Both Ways", "56050", "event", defense_label=True, traits=_kw("Defense"), abilities=(
        _a("Cuts Both Ways", "Hero Interrupt (defense): when an enemy attacks, you gain retaliate 1 until the end of "
                             "the phase.", "MC.card.cuts_both_ways"),), cost=0, resources=1),
    Card("Mutant Protectors", "Mutant Protectors", "32017", "event", defense_label=True, traits=_kw("Defense"),
         abilities=(_a("Mutant Protectors", "Play only if your identity has the X-Men trait. Hero Interrupt (defense): "
                                            "when an enemy attacks, put an X-Men ally into play from your hand; "
                                            "exhaust it and declare it the defender for this attack.",
                       "MC.card.mutant_protectors"),), cost=1, resources=1),
    Card("Charge", "Charge", "01099", "attachment", atk=3, boost=2, attaches_to="Rhino",
         text="When Rhino attacks, that attack gains overkill.", abilities=(
             _a("+3 ATK", "Rhino gets +3 ATK.", "MC.dmg.calc"),
             _a("Charge", "Forced Interrupt: when Rhino attacks, the attack gains overkill; at the end of this attack, "
                          "discard Charge.", "MC.card.charge"), _HERO_ACTION_DISCARD)),
    Card("Sonic Converter", "Sonic Converter", "01118", "attachment", atk=1, boost=3, attaches_to="Klaw", abilities=(
        _a("+1 ATK", "Klaw gets +1 ATK.", "MC.dmg.calc"),
        _a("Stun", "Forced Response: after Klaw attacks and damages a character, stun that character.",
           "MC.card.sonic_converter"), _HERO_ACTION_DISCARD)),
    Card("Solid-Sound Body", "Solid-Sound Body", "01119", "attachment", boost=3, attaches_to="Klaw", abilities=(
        _a("Retaliate 1", "Klaw gains retaliate 1.", "MC.kw.retaliate"), _HERO_ACTION_DISCARD)),
    Card("Armored Guard", "Armored Guard", "01120", "minion", atk=1, hp=3, boost=1, keywords=_kw("guard", "toughness"),
         abilities=(_GUARD, _TOUGHNESS_ENEMY)),
    Card("Hydra Mercenary", "Hydra Mercenary", "01101", "minion", atk=1, hp=3, boost=1, keywords=_kw("guard"),
         abilities=(_GUARD,)),
    Card("Vulture", "Vulture", "01167", "minion", atk=3, hp=4, boost=2, keywords=_kw("quickstrike"), abilities=(
        _a("Quickstrike", "After this minion engages your hero, it attacks.", "MC.kw.quickstrike"),)),
    Card("Tiger Shark", "Tiger Shark", "01131", "minion", atk=3, atk_star=True, hp=6, boost=0, boost_star=True,
         keywords=_kw("tough after attack"), abilities=(
             _a("Tough after attacking", "Forced Response: after Tiger Shark attacks, give him a tough status card.",
                "MC.minion.tiger_shark"),
             _a("Boost", "Give the villain a tough status card.", "MC.atk.boost_ability"))),
    Card("Whirlwind", "Whirlwind", "01130", "minion", atk=2, atk_star=True, hp=6, boost=0, boost_star=True, abilities=(
        _refused("Whirling attack", "Forced Interrupt: when Whirlwind attacks you, also resolve his attack against "
                                    "each other hero.", "his attack against each other hero is not modelled",
                 "attacker"),
        _a("Boost", "Deal 1 damage to each hero.", "MC.atk.boost_ability"))),
    Card("Melter", "Melter", "01132", "minion", atk=3, atk_star=True, hp=5, boost=0, boost_star=True, abilities=(
        _refused("Ally defense", "The engaged player must defend against Melter's attacks with an ally they control, "
                                 "if able.", "the rule that his attacks must be defended by an ally is not modelled",
                 "attacker"),
        _a("Boost", "Exhaust each ally you control.", "MC.atk.boost_ability"))),
    Card("Concussive Blast", "Concussive Blast", "01154", "treachery", boost=0, boost_star=True,
         text="Boost: deal 1 damage to each character you control.", abilities=(
             _never("When Revealed", "Deal 1 damage to each friendly character.", _REVEALED_BOOST),
             _a("Boost", "Deal 1 damage to each character you control.", "MC.atk.boost_ability"))),
    Card("Assault", "Assault", "01187", "treachery", boost=0, abilities=(
        _never("When Revealed", "(Hero) The villain attacks you; (Alter-Ego) surge.", _REVEALED_BOOST),)),
    Card("Gang-Up", "Gang-Up", "01189", "treachery", boost=1, abilities=(
        _never("When Revealed", "(Hero) The villain and each minion engaged with you attacks you; (Alter-Ego) surge.",
               _REVEALED_BOOST),)),
    Card("Stampede", "Stampede", "01106", "treachery", boost=1, abilities=(
        _never("When Revealed", "(Hero) Rhino attacks you; a character damaged by that attack is stunned. "
                                "(Alter-Ego) surge.", _REVEALED_BOOST),)),
    Card("Rhino (City in Chaos)", "Rhino", "27128", "minion", atk=3, atk_star=True, hp=8, boost=3,
         keywords=_kw("steady", "overkill", "piercing"), abilities=(
             _a("Steady", "Stunned or confused only with two status cards of that type.",
                "MC.status.stun_replaces_attack"),
             _a("Overkill and piercing", "Rhino's attacks gain overkill and piercing.", "MC.kw.piercing"))),
    Card("Scientist Supreme", "Scientist Supreme", "50125", "minion", atk=1, atk_star=True, hp=6, boost=3,
         keywords=_kw("villainous", "piercing", "ranged", "vulnerable"), abilities=(
             _a("Villainous", "Gets a boost card when it activates.", "MC.atk.boost_dealt"),
             _a("Piercing and ranged", "Scientist Supreme's attacks gain piercing and ranged.", "MC.kw.ranged"),
             _a("Vulnerable", "Discard this character if it is stunned or confused.", "MC.kw.vulnerable"),
             _never("Victory -1", "Add it to the victory display when defeated.", _NO_ATTACK))),
    # Costs (issue 27): resource cards, resource abilities and cost changes (core set and hero packs; MarvelCDB
    # data at the digest's commit 8dbe3ab4). What they generate or change is computed in
    # engine/marvel_champions/cost.py.
    Card("Energy", "Energy", "01088", "resource", abilities=(
        _a("Resource", "Max 1 per deck. Discarded from your hand, it generates [energy][energy].", "MC.cost.pay"),),
        resources=2),
    Card("Genius", "Genius", "01089", "resource", abilities=(
        _a("Resource", "Max 1 per deck. Discarded from your hand, it generates [mental][mental].", "MC.cost.pay"),),
        resources=2),
    Card("Strength", "Strength", "01090", "resource", abilities=(
        _a("Resource", "Max 1 per deck. Discarded from your hand, it generates [physical][physical].",
           "MC.cost.pay"),), resources=2),
    Card("The Power of Protection", "The Power of Protection", "01079", "resource", abilities=(
        _a("Double", "Max 2 per deck. Double the number of resources this card generates while paying for a "
                     "Protection (green) card.", "MC.cost.generate"),), resources=1),
    Card("Biokinetic Polymer Suit", "Biokinetic Polymer Suit", "05009", "upgrade", traits=_kw("Armor"), abilities=(
        _a("Hero Resource", "Exhaust Biokinetic Polymer Suit → generate a [wild] resource for an event.",
           "MC.cost.generate"),), cost=1, resources=1),
    Card("Super-Soldier Serum", "Super-Soldier Serum", "03010", "upgrade", traits=_kw("Item"), abilities=(
        _a("Resource", "Exhaust Super-Soldier Serum → generate a [physical] resource.", "MC.cost.generate"),),
        cost=2, resources=1),
    Card("Ms. Marvel (ally)", "Ms. Marvel", "28002", "ally", atk=1, thw=1, hp=3, atk_cons=1,
         traits=_kw("Champion", "Inhuman"), abilities=(
             _a("Return an event", "Hero Response: after you play an event, exhaust Ms. Marvel and deal 1 damage to "
                                   "her → return that event to your hand from your discard pile.",
                "MC.ally.ms_marvel"),), cost=3, resources=1),
    Card("Angel", "Angel", "33019", "ally", atk=2, thw=1, hp=3, atk_cons=1, traits=_kw("Aerial", "X-Men"), abilities=(
        _a("Cost", "Reduce the cost to play Angel by 1 if your identity has the Mutant or X-Men trait.",
           "MC.cost.reduce"),), cost=3, resources=1),
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


def enters_play_refusal(key: str) -> str:
    """Why an ally cannot be played here (its ability resolves when it enters play, and is not modelled), or "".

    >>> enters_play_refusal("Mockingbird")
    'Mockingbird: her response when she enters play (stun an enemy) is not modelled'
    >>> enters_play_refusal("Colossus")
    ''
    """
    return _ENTERS_REFUSED.get(key, "")


_ENTERS_REFUSED = {
    "Spider-Woman": "Spider-Woman: her response when she enters play (confuse the villain) is not modelled",
    "Mockingbird": "Mockingbird: her response when she enters play (stun an enemy) is not modelled",
    "Nick Fury": "Nick Fury: his forced response when he enters play (choose one effect) is not modelled",
}
"""Allies a scenario may hold, whose ability on entering play is not modelled: playing one is refused by name."""


def keys_of_type(*types: str) -> list[str]:
    return [c.key for c in CARDS if c.type in types]


def refusals(key: str, placement: Placement) -> list[str]:
    """What a scenario cannot use this card for here: "<card>: <refusal>" for each refused ability.

    >>> refusals("Whirlwind", "attacker")
    ['Whirlwind: his attack against each other hero is not modelled']
    >>> refusals("Whirlwind", "boost")
    []
    """
    card = lookup(key)
    if card is None:
        return []
    return [f"{card.name}: {a.refused}" for a in card.abilities if a.refused and placement in a.where]
