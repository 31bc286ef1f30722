"""Regicide cards as small ints: ranks, suits, values, enemy statistics.

A card is an ``int``. The two jokers (Jesters) are both ``JOKER == 0``; every other
card is ``rank * 4 + suit`` with rank 1 (Ace) to 13 (King) and suit 0..3 in the
order Clubs, Diamonds, Hearts, Spades, so sorting cards sorts them by rank.

>>> parse_card("7H"), card_str(parse_card("7H")), card_symbol(parse_card("KS"))
(30, '7H', 'K♠')
>>> card_value(parse_card("QD")), card_value(JOKER), card_value(parse_card("AC"))
(15, 0, 1)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from engine.core.errors import InvalidAction
from engine.core.message import Arg, Message, Term, msg

Card = int

JOKER: Card = 0
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_LETTERS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = ("Jester", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10",
              "Jack", "Queen", "King")

# REG.play.royal_value: royals in hand are worth 10/15/20; Aces 1; the Jester 0.
RANK_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 15, 20)
# REG.damage.enemy_stats: attack and health by enemy rank.
ENEMY_ATTACK = {JACK: 10, QUEEN: 15, KING: 20}
ENEMY_HEALTH = {JACK: 20, QUEEN: 30, KING: 40}

#: Value of every card int (index = card), for the hot path.
VALUE: tuple[int, ...] = tuple(RANK_VALUE[c >> 2] for c in range(56))
#: Suit bit (1 << suit) of every card int; 0 for the Jester.
SUIT_BIT: tuple[int, ...] = tuple(0 if c < 4 else 1 << (c & 3) for c in range(56))

ROYALS: tuple[Card, ...] = tuple(r * 4 + s for r in (JACK, QUEEN, KING) for s in range(4))
NUMBER_CARDS: tuple[Card, ...] = tuple(r * 4 + s for r in range(ACE, 11) for s in range(4))
#: The 54 cards: two jokers, forty Ace-10 cards, twelve royals.
FULL_DECK: tuple[Card, ...] = (JOKER, JOKER) + NUMBER_CARDS + ROYALS

# REG.setup.hand_size and REG.setup.jesters, indexed by player count.
MAX_HAND = {1: 8, 2: 7, 3: 6, 4: 5}
JESTERS_IN_TAVERN = {1: 0, 2: 0, 3: 1, 4: 2}
SOLO_JESTERS = 2


def rank(card: Card) -> int:
    """Rank 0 (Jester), 1 (Ace) .. 13 (King)."""
    return card >> 2


def suit(card: Card) -> int:
    """Suit index 0..3 (Clubs, Diamonds, Hearts, Spades); -1 for the Jester."""
    return -1 if card == JOKER else card & 3


def card_value(card: Card) -> int:
    """Attack and defence value of a card (REG.play.royal_value)."""
    return VALUE[card]


def is_jester(card: Card) -> bool:
    return card == JOKER


def is_ace(card: Card) -> bool:
    return card >> 2 == ACE


def is_royal(card: Card) -> bool:
    return card >> 2 >= JACK


def is_valid_card(card: object) -> bool:
    return type(card) is int and (card == JOKER or 4 <= card < 56)


def parse_card(text: str | int) -> Card:
    """Parse "7H", "10S", "AS", "KD" or "JOKER" (ints pass through if valid).

    Raises:
        InvalidAction: if the text names no card.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if is_valid_card(text):
            return text
        raise InvalidAction(f"no card has the code {text!r}")
    if not isinstance(text, str):
        raise InvalidAction(f"a card must be a string like '7H', got {text!r}")
    t = text.strip().upper()
    if t in ("JOKER", "JESTER", "X", "JK"):
        return JOKER
    if len(t) >= 2 and t[-1] in SUIT_LETTERS and t[:-1] in RANK_LETTERS[1:]:
        return RANK_LETTERS.index(t[:-1]) * 4 + SUIT_LETTERS.index(t[-1])
    if len(t) >= 2 and t[-1] in SUIT_SYMBOLS and t[:-1] in RANK_LETTERS[1:]:
        return RANK_LETTERS.index(t[:-1]) * 4 + SUIT_SYMBOLS.index(t[-1])
    raise InvalidAction(f"cannot read {text!r} as a card (use e.g. '7H', '10S', 'AS', 'KD', 'JOKER')")


def parse_cards(texts: Iterable[str | int]) -> tuple[Card, ...]:
    """Parse several cards (see :func:`parse_card`)."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(parse_card(t) for t in texts)


def card_str(card: Card) -> str:
    """ASCII code: '7H', '10S', 'AS', 'KD', 'JOKER'."""
    if card == JOKER:
        return "JOKER"
    return RANK_LETTERS[card >> 2] + SUIT_LETTERS[card & 3]


def card_symbol(card: Card) -> str:
    """Display form: '7♥', 'K♠', 'Jester'."""
    if card == JOKER:
        return "Jester"
    return RANK_LETTERS[card >> 2] + SUIT_SYMBOLS[card & 3]


def cards_symbols(cards: Sequence[Card]) -> str:
    return " ".join(card_symbol(c) for c in cards) if cards else "nothing"


def rank_term(card: Card) -> Term:
    """The card's rank as a term a translation names its own way: ``Term("rank", "Jack")``; the Jester's
    is ``Term("rank", "Jester")``."""
    return Term("rank", RANK_NAMES[card >> 2])


def suit_term(card: Card) -> Term:
    """The card's suit as a term: ``Term("suit", "Spades")`` (not for the Jester)."""
    return Term("suit", SUIT_NAMES[card & 3])


def enemy_message(card: Card) -> Message:
    """An enemy's name as a phrase for sentences: 'the Jack of Spades' (:func:`enemy_name` is the plain text).

    >>> str(enemy_message(parse_card("JS")))
    'the Jack of Spades'
    """
    return msg("the {rank} of {suit}", rank=rank_term(card), suit=suit_term(card))


def enemy_name(card: Card) -> str:
    """'the Jack of Spades', in English (for code that needs a str; sentences use :func:`enemy_message`)."""
    return str(enemy_message(card))


def card_arg(card: Card) -> Arg:
    """A card as a message parameter: its symbol ('7♥', no words), or the Jester as a term."""
    return rank_term(card) if card == JOKER else card_symbol(card)


def cards_arg(cards: Sequence[Card]) -> Arg:
    """Cards as a message parameter, as the table shows them: '5♠ 5♣' (symbols, no words); a Jester among
    them is a term ('Jester 5♠'), and no cards at all is 'nothing'.

    >>> str(cards_arg(parse_cards("5S 5C"))), str(cards_arg(parse_cards("JOKER AS"))), str(cards_arg(()))
    ('5♠ 5♣', 'Jester A♠', 'nothing')
    """
    if not cards:
        return msg("nothing")
    if JOKER not in cards:
        return cards_symbols(cards)
    out = card_arg(cards[0])
    for c in cards[1:]:
        # TRANSLATORS: a list of cards as the table shows them, one after the other ("Jester 5♠"); no words
        out = msg("{cards} {card}", cards=out, card=card_arg(c))
    return out


def enemy_attack(card: Card) -> int:
    return ENEMY_ATTACK[card >> 2]


def enemy_health(card: Card) -> int:
    return ENEMY_HEALTH[card >> 2]


def suits_of(cards: Iterable[Card]) -> int:
    """Bitmask of the suits present (1 << suit); Jesters contribute nothing."""
    bits = 0
    for c in cards:
        bits |= SUIT_BIT[c]
    return bits
