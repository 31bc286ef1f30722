"""Card data for the Dungeon Mayhem decks: the four base decks (digest §11) and the eight
expansion decks (digest §12); the lists themselves are in :mod:`decks`.

Each card type has its symbols in printed order (digest §4: resolve top to bottom).
A *card instance* in a game is a small int ``cid = owner_seat << 8 | type_id``: cards
of the same type and owner are interchangeable, and the owner (whose discard pile
the card returns to, digest §1) is always ``cid >> 8``.

A played Definitely Just a Mirror becomes a copy of another Defense card: in play it is a
*copy type* (same name, the copied card's shields and symbols) that turns back into the
Mirror when it leaves play (:data:`BASE_TYPE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import NotModelled
from engine.core.message import Message, Term, msg
from engine.dungeon_mayhem.decks import DECK_INFO, REFUSED, VARIANTS, DeckInfo
from engine.dungeon_mayhem.settings import DEFAULT, Settings

# Effect codes, in the order they appear on a card.
ATTACK = 0
HEAL = 1
DRAW = 2
AGAIN = 3
POWER = 4
END = 5  # internal: the card has finished resolving
FORM = 6  # Jaheira's form symbol: a heart in Bear Form, a sword in Wolf Form
SHIFT = 7  # "enter Wolf/Bear Form"

OWNER_SHIFT = 8
TYPE_MASK = 255

# Mighty Power ids (base game).
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
MIRROR = "definitely_just_a_mirror"


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card: its name, deck and symbols."""

    id: int
    name: str
    character: str
    count: int
    """Copies in the 28-card deck."""
    effects: tuple[tuple[int, Any], ...]
    """Symbols in printed order: (ATTACK, n), (HEAL, n), (DRAW, n), (AGAIN, n), (FORM, n),
    (SHIFT, form), (POWER, id)."""
    shields: int = 0
    """Printed shields; a card with shields is a Defense card and stays in play."""
    variant: tuple[str, object] | None = None
    """(setting, value) for a card another source prints differently; None for the main reading."""
    copy_of: int = -1
    """For a Mirror's copy type: the type id it copies."""

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

    @property
    def has_attack(self) -> bool:
        """A printed sword: an "attack card" for Favored Frienemies (DM.card.attack_card)."""
        return any(code == ATTACK for code, _ in self.effects)

    @property
    def unmodelled(self) -> str:
        """The ability the engine does not model (refused at load), or ''."""
        return REFUSED.get(self.power or "", "")

    def symbols(self) -> str:
        """Short symbol string, e.g. ``'A3 H1'`` or ``'S1 D1'`` or ``'MP P1'``."""
        letters = {ATTACK: "A", HEAL: "H", DRAW: "D", AGAIN: "P", FORM: "F"}
        parts = [f"S{self.shields}"] if self.shields else []
        for code, value in self.effects:
            if code == POWER:
                parts.append("MP")
            elif code == SHIFT:
                parts.append(f"{str(value).capitalize()} Form")
            else:
                parts.append(f"{letters[code]}{value}")
        return " ".join(parts)


_CODES = {"A": ATTACK, "H": HEAL, "D": DRAW, "P": AGAIN, "F": FORM}


def _parse(type_id: int, character: str, qty: int, name: str, sym: str, **kw: Any) -> CardType:
    shields = 0
    effects: list[tuple[int, Any]] = []
    for part in sym.split():
        if part.startswith("MP:"):
            effects.append((POWER, part[3:]))
        elif part.startswith("SHIFT:"):
            effects.append((SHIFT, part[6:]))
        elif part[0] == "S":
            shields = int(part[1:])
        else:
            effects.append((_CODES[part[0]], int(part[1:])))
    return CardType(type_id, name, character, qty, tuple(effects), shields, **kw)


def _build() -> tuple[tuple[CardType, ...], dict[str, tuple[int, ...]], dict[tuple[str, str], list[int]]]:
    types: list[CardType] = []
    decks: dict[str, tuple[int, ...]] = {}
    variants: dict[tuple[str, str], list[int]] = {}
    for info in DECK_INFO:
        deck: list[int] = []
        for qty, name, sym in info.cards:
            card = _parse(len(types), info.short, qty, name, sym)
            types.append(card)
            deck.extend([card.id] * qty)
        assert len(deck) == 28, (info.short, len(deck))
        decks[info.short] = tuple(deck)
    by_name = {(t.character, t.name): t for t in types}
    for v in VARIANTS:
        main = by_name[(v.character, v.card)]
        types.append(_parse(len(types), v.character, main.count, v.card, v.symbols, variant=(v.setting, v.value)))
        variants.setdefault((v.character, v.card.lower()), []).append(len(types) - 1)
    mirror = [t for t in types if t.power == MIRROR]
    for m in mirror:
        for d in [t for t in types if t.is_defense]:
            types.append(CardType(len(types), m.name, m.character, 0, d.effects, d.shields, copy_of=d.id))
    assert len(types) <= TYPE_MASK + 1, len(types)
    return tuple(types), decks, variants


CARD_TYPES, DECKS, _VARIANT_IDS = _build()
"""All card types, indexed by type id; each character's 28 type ids (main readings)."""

INFO: dict[str, DeckInfo] = {d.short: d for d in DECK_INFO}
CHARACTERS: tuple[str, ...] = tuple(d.short for d in DECK_INFO)
"""Every character, base game first."""
BASE_CHARACTERS: tuple[str, ...] = tuple(d.short for d in DECK_INFO if d.box == "Dungeon Mayhem")
PLAYABLE: tuple[str, ...] = tuple(c for c in CHARACTERS if not any(CARD_TYPES[t].unmodelled for t in DECKS[c]))
"""Characters whose whole deck is modelled: they can be dealt a full game (``new_game``)."""
FULL_NAMES: dict[str, str] = {d.short: d.full for d in DECK_INFO}


def _norm(name: str) -> str:
    return " ".join(name.strip().lower().replace(".", "").replace("&", "and").split())


_ALIASES: dict[str, str] = {_norm(alias): d.short for d in DECK_INFO for alias in (d.kind, d.full, d.short)}
_ALIASES_EXACT: dict[str, str] = {d.short: d.short for d in DECK_INFO}

# Flat lookup tables indexed by type id (hot path).
SHIELDS: tuple[int, ...] = tuple(c.shields for c in CARD_TYPES)
IS_MIGHTY: tuple[bool, ...] = tuple(c.is_mighty for c in CARD_TYPES)
NAMES: tuple[str, ...] = tuple(c.name for c in CARD_TYPES)
IS_FORM_CARD: tuple[bool, ...] = tuple(any(code == SHIFT for code, _ in c.effects) for c in CARD_TYPES)
"""A Shapeshift card: the "Form card" Commune with Nature may play for free."""
HAS_ATTACK: tuple[bool, ...] = tuple(c.has_attack for c in CARD_TYPES)
BASE_TYPE: tuple[int, ...] = tuple(
    next(m.id for m in CARD_TYPES if m.power == MIRROR and m.character == c.character and m.copy_of < 0)
    if c.copy_of >= 0 else c.id for c in CARD_TYPES)
"""The card a type is when it leaves play (a Mirror's copy turns back into the Mirror)."""
COPY_TYPE: dict[tuple[int, int], int] = {(BASE_TYPE[c.id], c.copy_of): c.id for c in CARD_TYPES if c.copy_of >= 0}
"""(Mirror type id, copied type id) -> the copy type a played Mirror becomes."""
POWER_OF: tuple[str, ...] = tuple(
    (CARD_TYPES[c.copy_of].power if c.copy_of >= 0 else c.power) or "" for c in CARD_TYPES)
"""The Mighty Power id a type carries ('' for none); a Mirror's copy carries the copied card's."""
_BY_NAME: dict[tuple[str, str], int] = {
    (c.character, c.name.lower()): c.id for c in CARD_TYPES if c.variant is None and c.copy_of < 0}


def character_name(name: str) -> str:
    """Canonical short character name: ``'azzan'``, ``'wizard'``, ``'Azzan the Mystic'`` -> ``'Azzan'``.

    >>> character_name("Oriax the Clever"), character_name("owlbear")
    ('Oriax', 'Hoots')
    """
    if name in _ALIASES_EXACT:
        return _ALIASES_EXACT[name]
    try:
        return _ALIASES[_norm(name)]
    except KeyError:
        raise ValueError(f"unknown character {name!r}; characters are {', '.join(CHARACTERS)}") from None


def _chosen(character: str, name: str, settings: Settings) -> int:
    """The type id of ``name`` under ``settings`` (a variant when its setting is chosen)."""
    for tid in _VARIANT_IDS.get((character, name.lower()), ()):
        setting, value = CARD_TYPES[tid].variant  # type: ignore[misc]
        if getattr(settings, setting) == value:
            return tid
    return _BY_NAME[(character, name.lower())]


def card_type(character: str, name: str, settings: Settings = DEFAULT) -> CardType:
    """The card type called ``name`` in ``character``'s deck (case-insensitive), as ``settings`` print it."""
    short = character_name(character)
    if (short, name.strip().lower()) not in _BY_NAME:
        raise ValueError(f"{short}'s deck has no card called {name!r}")
    return CARD_TYPES[_chosen(short, name.strip(), settings)]


def deck_of(character: str, settings: Settings = DEFAULT) -> tuple[int, ...]:
    """``character``'s 28 type ids as ``settings`` print them."""
    main = DECKS[character]
    if not any(c == character for c, _ in _VARIANT_IDS):
        return main
    return tuple(_chosen(character, NAMES[t], settings) for t in main)


def make_cid(owner: int, type_id: int) -> int:
    """Card instance id for a card of ``type_id`` owned by seat ``owner``."""
    return (owner << OWNER_SHIFT) | type_id


def owner_of(cid: int) -> int:
    return cid >> OWNER_SHIFT


def type_of(cid: int) -> CardType:
    return CARD_TYPES[cid & TYPE_MASK]


def shields_left(cid: int, damage: int) -> int:
    """The shields a Defense card ``cid`` still has after taking ``damage``."""
    return SHIELDS[cid & TYPE_MASK] - damage


def card_name(cid: int) -> str:
    return NAMES[cid & TYPE_MASK]


def card_term(cid: int) -> Term:
    """A card's name as a message parameter: ``Term("card", "Fluffy")`` (a translation may name a card its own
    way; card instance ids and type ids both work: only the type bits are read)."""
    return Term("card", NAMES[cid & TYPE_MASK])


def form_message(form: str) -> Message:
    """Jaheira's form as a phrase: 'Wolf Form', 'Bear Form'."""
    return msg("Bear Form") if form == "bear" else msg("Wolf Form")


def _symbol(code: int, value: Any) -> Message:
    # TRANSLATORS: the short symbol notation of a card, as in "A3 H1": A attack, H heal, D draw, P play again,
    # F the form symbol, S shields, MP a Mighty Power
    if code == ATTACK:
        return msg("A{count}", count=int(value))
    if code == HEAL:
        return msg("H{count}", count=int(value))
    if code == DRAW:
        return msg("D{count}", count=int(value))
    if code == AGAIN:
        return msg("P{count}", count=int(value))
    if code == FORM:
        return msg("F{count}", count=int(value))
    if code == SHIFT:
        return form_message(str(value))
    return msg("MP")


def symbols_message(t: CardType) -> Message:
    """:meth:`CardType.symbols` as a language-free message.

    >>> str(symbols_message(CARD_TYPES[DECKS["Azzan"][-1]])), CARD_TYPES[DECKS["Azzan"][-1]].symbols()
    ('MP', 'MP')
    >>> [str(symbols_message(t)) == t.symbols() for t in CARD_TYPES] == [True] * len(CARD_TYPES)
    True
    """
    parts = ([msg("S{count}", count=t.shields)] if t.shields else []) + [_symbol(c, v) for c, v in t.effects]
    out = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: a card's symbols one after the other, as in "A3 H1"
        out = msg("{symbols} {symbol}", symbols=out, symbol=part)
    return out


def leaves_play(cid: int) -> int:
    """The card instance that goes to a discard pile: a Mirror's copy turns back into the Mirror."""
    return (cid & ~TYPE_MASK) | BASE_TYPE[cid & TYPE_MASK]


class Unmodelled(NotModelled, ValueError):
    """A card whose ability the engine does not model (``decks.REFUSED``): refused, never approximated."""

    def __init__(self, card: str, ability: str) -> None:
        super().__init__(f"{card}: its {ability} is not modelled")
        self.card = card
        self.ability = ability


def check_modelled(type_id: int) -> None:
    """DM.card.unmodelled: raise :class:`Unmodelled` for a card type the engine refuses."""
    t = CARD_TYPES[type_id]
    if t.unmodelled:
        raise Unmodelled(t.name, t.unmodelled)
