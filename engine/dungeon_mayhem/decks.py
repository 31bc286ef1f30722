"""The deck lists: the four base decks (digest §11) and the eight expansion decks (digest §12).

Pure data. Symbols are written in printed order: ``A`` attack (swords), ``H`` heal, ``D`` draw,
``P`` play again, ``S`` shields (a Defense card), ``F`` Jaheira's form symbol (a heart in Bear
Form, a sword in Wolf Form), ``SHIFT:<form>`` "enter that form", ``MP:<power id>`` a Mighty Power.

Every deck carries its confidence and sources (the digest's tags, §0): the base decks are
confirmed (✅), the expansion decks rest on implementations and reviews only (🟡 "no official
list seen"). Where the sources print a card differently, the difference is a :class:`Variant`
chosen by a setting (``engine/dungeon_mayhem/settings.py``); a card whose text we cannot
resolve faithfully is :data:`REFUSED` by name, never approximated.
"""

from __future__ import annotations

from dataclasses import dataclass

CONFIRMED = "confirmed"
"""✅ a rules text or card texts reproduced consistently across independent sources."""
LOWER = "lower"
"""🟡 implementations and reviews only; no official card list was seen (digest §12)."""


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """One character's deck: names, box, how sure we are of its list, and from where."""

    short: str
    full: str
    kind: str
    """The character's class or creature ("wizard", "owlbear"), also accepted as a name."""
    box: str
    confidence: str
    sources: str
    """The digest's source tags that give this list."""
    cards: tuple[tuple[int, str, str], ...]
    """(copies, name, symbols) in the digest's order."""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Variant:
    """A card printed differently by another source, used when ``setting`` has ``value``."""

    character: str
    card: str
    setting: str
    value: object
    symbols: str


BASE = "Dungeon Mayhem"
BALDURS_GATE = "Battle for Baldur's Gate"
MONSTER_MADNESS = "Monster Madness"

_BASE_SOURCES = "ZOMIS; FIX; KU; MAS; C4451; MAT; RUBY; NIK"

DECK_INFO: tuple[DeckInfo, ...] = (
    DeckInfo("Azzan", "Azzan the Mystic", "wizard", BASE, CONFIRMED, _BASE_SOURCES, (
        (4, "Lightning Bolt", "A3"), (3, "Burning Hands", "A2"), (3, "Magic Missile", "A1 P1"),
        (3, "Speed of Thought", "P2"), (3, "Knowledge Is Power", "D3"), (2, "Evil Sneer", "H1 P1"),
        (2, "Shield", "S1 D1"), (1, "Mirror Image", "S3"), (1, "Stoneskin", "S2"),
        (2, "Fireball", "MP:fireball"), (2, "Charm", "MP:charm"), (2, "Vampiric Touch", "MP:vampiric_touch"),
    ), "NIK's Stoneskin S3 is an outlier."),
    DeckInfo("Sutha", "Sutha the Skullcrusher", "barbarian", BASE, CONFIRMED, _BASE_SOURCES, (
        (5, "Big Axe Is Best Axe", "A3"), (2, "RAGE!", "A4"), (2, "Brutal Punch", "A2"), (2, "Head Butt", "A1 P1"),
        (2, "Two Axes Are Better Than One", "P2"), (2, "Open the Armory", "D2"), (2, "Flex!", "H1 D1"),
        (1, "Snack Time", "D2 H1"), (1, "Riff", "S3"), (1, "Raff", "S3"), (1, "Spiked Shield", "S2"),
        (1, "Bag of Rats", "S1 D1"), (2, "Whirling Axes", "MP:whirling_axes"),
        (2, "Battle Roar", "MP:battle_roar P1"), (2, "Mighty Toss", "MP:mighty_toss D1"),
    )),
    DeckInfo("Lia", "Lia the Radiant", "paladin", BASE, CONFIRMED, _BASE_SOURCES, (
        (4, "For Even More Justice!", "A2"), (3, "Divine Smite", "A3 H1"), (3, "Fighting Words", "A2 H1"),
        (3, "For Justice!", "A1 P1"), (2, "For the Most Justice!", "A3"), (2, "Finger-Wag of Judgment", "P2"),
        (2, "High Charisma", "D2"), (1, "Cure Wounds", "D2 H1"), (2, "Divine Shield", "S3"),
        (2, "Spinning Parry", "S1 D1"), (1, "Fluffy", "S2"),
        (2, "Divine Inspiration", "MP:divine_inspiration H2"), (1, "Banishing Smite", "MP:banishing_smite P1"),
    ), "ZOMIS has Divine Smite x1 and Banishing Smite x3; KU gives Fluffy S3. Majority readings used."),
    DeckInfo("Oriax", "Oriax the Clever", "rogue", BASE, CONFIRMED, _BASE_SOURCES, (
        (5, "One Thrown Dagger", "A1 P1"), (4, "Two Thrown Daggers", "A2"), (3, "All the Thrown Daggers", "A3"),
        (2, "Cunning Action", "P2"), (2, "Stolen Potion", "H1 P1"), (1, "Even More Daggers", "D2 H1"),
        (2, "Winged Serpent", "S1 D1"), (2, "The Goon Squad", "S2"), (1, "My Little Friend", "S3"),
        (2, "Clever Disguise", "MP:clever_disguise"), (2, "Sneak Attack!", "MP:sneak_attack P1"),
        (2, "Pick Pocket", "MP:pick_pocket"),
    ), "FIX has Two Thrown Daggers x3 and KU Cunning Action x1 (27-card decks); the 28-card list is used."),
    # Battle for Baldur's Gate (digest §12)
    DeckInfo("Minsc", "Minsc & Boo", "ranger", BALDURS_GATE, LOWER, "C4451; NIK; FIX", (
        (3, "Go for the Eyes, Boo!!!", "A3"), (3, "Twice the Smiting!", "A2"), (3, "Squeaky Wheel Gets the Kick", "A1 P1"),
        (2, "Someone Hold My Rodent", "A2 H1"), (1, "Time to Punch Evil!", "A2 P1"), (2, "Justice Waits for No One", "P2"),
        (2, "Boo, What Do We Do?", "D2"), (1, "Wrap It Up", "H1 D1"), (2, "Pale Priestess Nerys", "S1 H1"),
        (2, "Minsc's Mighty Mount", "S2"), (1, "Krydle and Shandie", "S3"), (2, "Swapportunity", "MP:swapportunity"),
        (2, "Scouting Outing", "MP:scouting_outing"), (2, "Favored Frienemies", "MP:favored_frienemies P1"),
    ), "FIX has naming duplicates and prints one Swapportunity as A3 (rejected)."),
    DeckInfo("Jaheira", "Jaheira", "druid", BALDURS_GATE, LOWER, "FIX; C4451; NIK", (
        (3, "Call Lightning", "A3"), (3, "Thorn Whip", "A1 P1"), (3, "Shapeshift: Wolf Form", "A2 SHIFT:wolf"),
        (2, "Shapeshift: Bear Form", "H2 SHIFT:bear"), (2, "Gift of Silvanus", "A2 F1"), (2, "Wild Rush", "D2 F1"),
        (2, "Bearnard", "S2 F1"), (2, "Druidic Balance", "H1 D1 A1"), (2, "Poochie", "S1 A1"),
        (2, "Quick as a Fox", "P2"), (1, "The Eldest Elk", "S3"), (2, "Primal Strike", "MP:primal_strike P1"),
        (2, "Commune with Nature", "D2 MP:commune_with_nature"),
    ), "NIK prints Wild Rush as A2 + form symbol (rejected: NIK is flagged as unreliable)."),
    # Monster Madness (digest §12)
    DeckInfo("Blorp", "Blorp", "gelatinous cube", MONSTER_MADNESS, LOWER, "FIX; KU; C4451", (
        (3, "Combat Cubed", "A3"), (3, "Fastest Cube Alive", "A1 D1 H1"), (2, "D6 of Doom", "A2"),
        (2, "Arcane Appetizer", "A2 D1"), (2, "Cleric à la Slime", "A2 H1"), (2, "Acid Burp", "A1 P1"),
        (2, "Slime Time", "P2"), (2, "Cubes Have Feelings Too", "H1 P1"), (1, "Open Wide!", "D2 P1"),
        (2, "Sugar Rush", "D2"), (1, "Former Friends", "S2"), (2, "Hugs!", "MP:hugs"),
        (2, "Here I Come!", "MP:here_i_come A3"), (2, "Burped-Up Bones", "S3 MP:burped_up_bones"),
    ), "MAS has D6 of Doom x1 (a 27-card slip)."),
    DeckInfo("Delilah", "Delilah Deathray", "beholder", MONSTER_MADNESS, LOWER, "FIX; KU", (
        (3, "Beauty Barrage", "A3"), (3, "Laser Show", "A1 P1"), (2, "Double Trouble", "A2"), (2, "Multitask", "A2 H1"),
        (1, "Tyranny of Beauty", "A1 H1 P1"), (2, "Rays for Days", "P2"), (2, "Make It Work!", "H2 D1"),
        (1, "Me, Myself and Eye", "H1 D1"), (1, "Cuter Than You", "D2"), (2, "Fashion Police", "S3"),
        (2, "Mirror, Mirror", "S2"), (3, "Death Ray", "MP:death_ray"), (2, "Charm Ray", "MP:charm_ray"),
        (2, "Praise Me", "D3 MP:praise_me"),
    )),
    DeckInfo("Tentaculous", "Dr. Tentaculous", "mind flayer", MONSTER_MADNESS, LOWER, "FIX; C4451; KU", (
        (2, "Superego Whip", "A3"), (2, "Ego Whip", "A2"), (3, "Diagnosis: Evil!", "D1 A2"), (3, "Id Insinuation", "A1 P1"),
        (3, "Puppet Therapy", "S1 A2"), (1, "Receptionist", "S1 A1"), (2, "Enthralled Thrall", "S2"),
        (2, "Sip Tea", "H2 D1"), (1, "Just a Nibble", "D1 H1 P1"), (2, "PhD in Psychology", "P2"),
        (1, "Relax After Work", "D3"), (2, "Mind Games", "MP:mind_games"),
        (2, "Tell Me About Your Mother", "MP:tell_me_about_your_mother"), (2, "Mind Blast", "MP:mind_blast"),
    ), "KU has Superego Whip x3, Ego Whip x1 and Mind Games x3, a 29-card deck (rejected)."),
    DeckInfo("Hoots", "Hoots McGoots", "owlbear", MONSTER_MADNESS, LOWER, "FIX; KU", (
        (4, "Very Very Fast", "A1 P1"), (2, "Grand Finale", "A3"), (2, "Look Out Below!", "A2"),
        (2, "Strong as a Bear", "A2 H1"), (2, "Crushing Hug", "A2 H2"), (3, "Send in the Clowns", "S1 P1"),
        (2, "The Hoots Fan Club", "S2 H1"), (2, "Talk to My Agent", "S3"), (1, "Made You Look", "D2 P1"),
        (1, "Wise as an Owl", "D3"), (1, "Intermission", "D2"), (2, "For My Next Trick...", "MP:for_my_next_trick A1 P1"),
        (2, "To the Face!", "MP:to_the_face"), (2, "Owlbear Boogie", "MP:owlbear_boogie"),
    )),
    DeckInfo("Cinderpuff", "Lord Cinderpuff", "dragon", MONSTER_MADNESS, LOWER, "FIX; KU", (
        (2, "Tooth and Claw", "A3"), (2, "Wing Buffet", "A2"), (3, "Ancient Anger", "A1 P1"), (2, "Kobold Maid", "S1 A1"),
        (2, "Wall of Money", "S2"), (1, "Mob of Lawyers", "S3"), (2, "Bull Market", "P2"), (2, "Eviler Sneer", "H1 P1"),
        (2, "Investment Opportunity", "H1 D1"), (2, "Wisdom of Ages", "D2"), (1, "Peaceful Nap", "D3"),
        (3, "Hostile Takeover", "MP:hostile_takeover"), (2, "Liquidate Assets", "MP:liquidate_assets"),
        (2, "Murders and Acquisitions", "MP:murders_and_acquisitions"),
    ), "KU leaves all three Mighty Powers unimplemented; their texts come from FIX and KU."),
    DeckInfo("Mimi", "Mimi LeChaise", "mimic", MONSTER_MADNESS, LOWER, "FIX; MAS", (
        (3, "Definitely Not a Trap", "A2"), (1, "Harmless Pile of Rocks", "A2 P1"), (2, "A Well-Fitted Hat", "A1 P1"),
        (2, "A Potted Plant (Honest!)", "S1 A1"), (2, "Non-Carnivorous Couch", "A2 H1"), (2, "A Delicious Pie!", "A2 D1"),
        (2, "Actually an Empty Chest", "S1 D1"), (1, "Not a Mimic (Really)", "S2"), (2, "Just Another Coat Rack", "H2"),
        (2, "Completely Safe Door", "P2"), (2, "Probably Just Dirty Socks", "D3"),
        (3, "A Book (Cannot Bite)", "MP:a_book_cannot_bite"), (2, "It's Not a Trap", "MP:its_not_a_trap"),
        (2, "Definitely Just a Mirror", "MP:definitely_just_a_mirror"),
    ), "MAS has A Potted Plant x1 (a 27-card slip). Only FIX and MAS list this deck."),
)

VARIANTS: tuple[Variant, ...] = (
    Variant("Minsc", "Favored Frienemies", "favored_frienemies_play_again", False, "MP:favored_frienemies"),
    Variant("Jaheira", "Bearnard", "bearnard_shields", 1, "S1 F1"),
    Variant("Blorp", "Cubes Have Feelings Too", "cubes_play_again", 2, "H1 P2"),
    Variant("Blorp", "Burped-Up Bones", "burped_up_bones", "attack_on_play", "S3 MP:burped_up_bones A2"),
)
"""Cards another source prints differently (the setting's docstring gives the sources)."""

REFUSED: dict[str, str] = {
    "a_book_cannot_bite": "use of the first-listed Mighty Power of a neighbour",
}
"""Mighty Powers the engine does not model, with the ability named in the refusal.

A Book (Cannot Bite) "uses the first-listed Mighty Power of the player on your left or
right" (FIX); no source gives the order in which each character's Mighty Powers are
listed (FIX's own order differs from KU's), so any choice would be a guess.
"""
