"""Card data for the four base Dungeon Mayhem decks (digest §11).

Each card type has its symbols in printed order (digest §4: resolve top to bottom).
A *card instance* in a game is a small int ``cid = owner_seat * 64 + type_id``: cards
of the same type and owner are interchangeable, and the owner (whose discard pile
the card returns to, digest §1) is always ``cid >> 6``.
"""

from __future__ import annotations

from dataclasses import dataclass

# Effect codes, in the order they appear on a card.
ATTACK = 0
HEAL = 1
DRAW = 2
AGAIN = 3
POWER = 4
END = 5  # internal: the card has finished resolving

OWNER_SHIFT = 6
TYPE_MASK = 63

# Mighty Power ids.
FIREBALL = "fireball"
CHARM = "charm"
VAMPIRIC_TOUCH = "vampiric_touch"
WHIRLING_AXES = "whirling_axes"
BATTLE_ROAR = "battle_roar"
MIGHTY_TOSS = "mighty_toss"
DIVINE_INSPIRATION = "divine_inspiration"
BANISHING_SMITE = "banishing_smite"
CLEVER_DISGUISE = "clever_disguise"
SNEAK_ATTACK = "sneak_attack"
PICK_POCKET = "pick_pocket"
POWERS: tuple[str, ...] = (
    FIREBALL, CHARM, VAMPIRIC_TOUCH, WHIRLING_AXES, BATTLE_ROAR, MIGHTY_TOSS,
    DIVINE_INSPIRATION, BANISHING_SMITE, CLEVER_DISGUISE, SNEAK_ATTACK, PICK_POCKET,
)


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card: its name, deck and symbols."""

    id: int
    name: str
    character: str
    count: int
    """Copies in the 28-card deck."""
    effects: tuple[tuple[int, int | str], ...]
    """Symbols in printed order: (ATTACK, n), (HEAL, n), (DRAW, n), (AGAIN, n), (POWER, id)."""
    shields: int = 0
    """Printed shields; a card with shields is a Defense card and stays in play."""

    @property
    def power(self) -> str | None:
        for code, value in self.effects:
            if code == POWER:
                return str(value)
        return None

    @property
    def is_defense(self) -> bool:
        return self.shields > 0

    @property
    def is_mighty(self) -> bool:
        return self.power is not None

    def symbols(self) -> str:
        """Short symbol string, e.g. ``'A3 H1'`` or ``'S1 D1'`` or ``'MP P1'``."""
        letters = {ATTACK: "A", HEAL: "H", DRAW: "D", AGAIN: "P"}
        parts = [f"S{self.shields}"] if self.shields else []
        for code, value in self.effects:
            parts.append("MP" if code == POWER else f"{letters[code]}{value}")
        return " ".join(parts)


def _c(qty: int, name: str, sym: str) -> tuple[int, str, str]:
    return qty, name, sym


# Symbols as in digest §11 (S = shields, A attack, H heal, D draw, P play again, MP:<id>).
_DECKS_RAW: dict[str, list[tuple[int, str, str]]] = {
    "Azzan": [
        _c(4, "Lightning Bolt", "A3"), _c(3, "Burning Hands", "A2"), _c(3, "Magic Missile", "A1 P1"),
        _c(3, "Speed of Thought", "P2"), _c(3, "Knowledge Is Power", "D3"),
        _c(2, "Evil Sneer", "H1 P1"), _c(2, "Shield", "S1 D1"), _c(1, "Mirror Image", "S3"),
        _c(1, "Stoneskin", "S2"), _c(2, "Fireball", "MP:fireball"), _c(2, "Charm", "MP:charm"),
        _c(2, "Vampiric Touch", "MP:vampiric_touch"),
    ],
    "Sutha": [
        _c(5, "Big Axe Is Best Axe", "A3"), _c(2, "RAGE!", "A4"), _c(2, "Brutal Punch", "A2"),
        _c(2, "Head Butt", "A1 P1"), _c(2, "Two Axes Are Better Than One", "P2"),
        _c(2, "Open the Armory", "D2"), _c(2, "Flex!", "H1 D1"), _c(1, "Snack Time", "D2 H1"),
        _c(1, "Riff", "S3"), _c(1, "Raff", "S3"), _c(1, "Spiked Shield", "S2"),
        _c(1, "Bag of Rats", "S1 D1"), _c(2, "Whirling Axes", "MP:whirling_axes"),
        _c(2, "Battle Roar", "MP:battle_roar P1"), _c(2, "Mighty Toss", "MP:mighty_toss D1"),
    ],
    "Lia": [
        _c(4, "For Even More Justice!", "A2"), _c(3, "Divine Smite", "A3 H1"),
        _c(3, "Fighting Words", "A2 H1"), _c(3, "For Justice!", "A1 P1"),
        _c(2, "For the Most Justice!", "A3"), _c(2, "Finger-Wag of Judgment", "P2"),
        _c(2, "High Charisma", "D2"), _c(1, "Cure Wounds", "D2 H1"), _c(2, "Divine Shield", "S3"),
        _c(2, "Spinning Parry", "S1 D1"), _c(1, "Fluffy", "S2"),
        _c(2, "Divine Inspiration", "MP:divine_inspiration H2"),
        _c(1, "Banishing Smite", "MP:banishing_smite P1"),
    ],
    "Oriax": [
        _c(5, "One Thrown Dagger", "A1 P1"), _c(4, "Two Thrown Daggers", "A2"),
        _c(3, "All the Thrown Daggers", "A3"), _c(2, "Cunning Action", "P2"),
        _c(2, "Stolen Potion", "H1 P1"), _c(1, "Even More Daggers", "D2 H1"),
        _c(2, "Winged Serpent", "S1 D1"), _c(2, "The Goon Squad", "S2"),
        _c(1, "My Little Friend", "S3"), _c(2, "Clever Disguise", "MP:clever_disguise"),
        _c(2, "Sneak Attack!", "MP:sneak_attack P1"), _c(2, "Pick Pocket", "MP:pick_pocket"),
    ],
}

CHARACTERS: tuple[str, ...] = ("Azzan", "Sutha", "Lia", "Oriax")
FULL_NAMES: dict[str, str] = {
    "Azzan": "Azzan the Mystic", "Sutha": "Sutha the Skullcrusher",
    "Lia": "Lia the Radiant", "Oriax": "Oriax the Clever",
}
_ALIASES: dict[str, str] = {
    "wizard": "Azzan", "barbarian": "Sutha", "paladin": "Lia", "rogue": "Oriax",
    **{full.lower(): short for short, full in FULL_NAMES.items()},
    **{short.lower(): short for short in FULL_NAMES},
}


def _parse(type_id: int, character: str, qty: int, name: str, sym: str) -> CardType:
    shields = 0
    effects: list[tuple[int, int | str]] = []
    for part in sym.split():
        if part.startswith("MP:"):
            effects.append((POWER, part[3:]))
            continue
        letter, n = part[0], int(part[1:])
        if letter == "S":
            shields = n
        else:
            effects.append(({"A": ATTACK, "H": HEAL, "D": DRAW, "P": AGAIN}[letter], n))
    return CardType(type_id, name, character, qty, tuple(effects), shields)


def _build() -> tuple[tuple[CardType, ...], dict[str, tuple[int, ...]]]:
    types: list[CardType] = []
    decks: dict[str, tuple[int, ...]] = {}
    for character, rows in _DECKS_RAW.items():
        deck: list[int] = []
        for qty, name, sym in rows:
            card = _parse(len(types), character, qty, name, sym)
            types.append(card)
            deck.extend([card.id] * qty)
        assert len(deck) == 28, (character, len(deck))
        decks[character] = tuple(deck)
    assert len(types) <= TYPE_MASK + 1
    return tuple(types), decks


CARD_TYPES, DECKS = _build()
"""All card types, indexed by type id; each character's 28 type ids (digest §11)."""

# Flat lookup tables indexed by type id (hot path).
SHIELDS: tuple[int, ...] = tuple(c.shields for c in CARD_TYPES)
IS_MIGHTY: tuple[bool, ...] = tuple(c.is_mighty for c in CARD_TYPES)
NAMES: tuple[str, ...] = tuple(c.name for c in CARD_TYPES)
_BY_NAME: dict[tuple[str, str], int] = {(c.character, c.name.lower()): c.id for c in CARD_TYPES}


def character_name(name: str) -> str:
    """Canonical short character name: ``'azzan'``, ``'wizard'``, ``'Azzan the Mystic'`` -> ``'Azzan'``.

    >>> character_name("Oriax the Clever")
    'Oriax'
    """
    try:
        return _ALIASES[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown character {name!r}; base characters are {', '.join(CHARACTERS)}") from None


def card_type(character: str, name: str) -> CardType:
    """The card type called ``name`` in ``character``'s deck (case-insensitive)."""
    key = (character_name(character), name.strip().lower())
    if key not in _BY_NAME:
        raise ValueError(f"{key[0]}'s deck has no card called {name!r}")
    return CARD_TYPES[_BY_NAME[key]]


def make_cid(owner: int, type_id: int) -> int:
    """Card instance id for a card of ``type_id`` owned by seat ``owner``."""
    return (owner << OWNER_SHIFT) | type_id


def owner_of(cid: int) -> int:
    return cid >> OWNER_SHIFT


def type_of(cid: int) -> CardType:
    return CARD_TYPES[cid & TYPE_MASK]


def card_name(cid: int) -> str:
    return NAMES[cid & TYPE_MASK]
