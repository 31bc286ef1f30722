"""One named function per Regicide rule, on plain ints and lists; none of them changes anything.

These are the only places the rules are written down; both the reference API
(``game.py``) and the simulator reach them through ``resolve.py``. Each function
quotes its rule id. A check (``can_*``) returns a :data:`~engine.core.errors.Verdict`:
``None`` when the rule allows the action, else the rule id and why not, so the rule that
forbids a play is named where the rule is written. Piles passed as lists have their top
card *last*. What changes the table lives in ``resolve.py``; enumeration in ``menus.py``.
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.core.errors import Verdict
from engine.core.message import Listing, msg, plural

from engine.regicide.cards import (
    ACE,
    CLUBS,
    JACK,
    JESTERS_IN_TAVERN,
    JOKER,
    KING,
    MAX_HAND,
    NUMBER_CARDS,
    QUEEN,
    SPADES,
    SUIT_BIT,
    VALUE,
    Card,
    card_symbol,
    cards_arg,
)
from engine.regicide.settings import Settings
from engine.regicide.state import Phase

# ---------------------------------------------------------------------------- setup


def max_hand_size(players: int) -> int:
    """REG.setup.hand_size: 8/7/6/5 cards for 1/2/3/4 players."""
    return MAX_HAND[players]


def jesters_in_tavern(players: int) -> int:
    """REG.setup.jesters: 0, 0, 1, 2 Jesters for 1, 2, 3, 4 players."""
    return JESTERS_IN_TAVERN[players]


def build_castle(rng: random.Random) -> list[Card]:
    """REG.setup.castle: shuffled Jacks on top of shuffled Queens on top of shuffled Kings (top first)."""
    castle: list[Card] = []
    for r in (JACK, QUEEN, KING):
        group = [r * 4 + s for s in range(4)]
        rng.shuffle(group)
        castle.extend(group)
    return castle


def build_tavern(players: int, rng: random.Random) -> list[Card]:
    """REG.setup.tavern: the 40 Ace-10 cards plus the Jesters, shuffled (top first)."""
    tavern = list(NUMBER_CARDS) + [JOKER] * jesters_in_tavern(players)
    rng.shuffle(tavern)
    return tavern


# ------------------------------------------------------------------------ step 1: plays


def play_value(cards: Sequence[Card]) -> int:
    """REG.play.attack_value: X is the sum of the played cards' values (REG.play.royal_value)."""
    return sum([VALUE[c] for c in cards])


def is_companion_pair(cards: Sequence[Card]) -> bool:
    """REG.play.companion: an Ace plus exactly one other card that is not the Jester."""
    return (len(cards) == 2 and JOKER not in cards
            and (cards[0] >> 2 == ACE or cards[1] >> 2 == ACE))


def is_combo(cards: Sequence[Card]) -> bool:
    """REG.play.combo: 2-4 number cards (2-10) of one rank totalling 10 or less."""
    if not 2 <= len(cards) <= 4:
        return False
    r = cards[0] >> 2
    return 2 <= r <= 10 and all(c >> 2 == r for c in cards) and r * len(cards) <= 10


def can_play(cards: Sequence[Card]) -> Verdict:
    """REG.play.single, REG.play.companion, REG.play.combo, REG.jester.alone: whether these cards
    may be played together; the refusal is written in card symbols.

    >>> from engine.regicide.cards import parse_cards
    >>> can_play(parse_cards("5S 5H".split())) is None
    True
    >>> rule, why = can_play(parse_cards("4S 5H".split()))
    >>> rule, str(why)
    ('REG.play.combo', '4♠ and 5♥ are different ranks; a combo is 2 to 4 cards of one rank totalling 10 or less')
    """
    if len(cards) <= 1:
        return None
    shown = cards_arg(cards)
    if JOKER in cards:
        return ("REG.jester.alone", msg("{cards}: the Jester is always played on its own, never with other cards",
                                        cards=shown))
    aces = [c for c in cards if c >> 2 == ACE]
    if aces:
        if is_companion_pair(cards):
            return None
        return ("REG.play.companion", msg("{cards}: an animal companion (Ace) pairs with exactly one other card "
                                          "(or is played alone), not {others}", cards=shown, others=len(cards) - 1))
    if is_combo(cards):
        return None
    ranks = sorted({c >> 2 for c in cards})
    if len(ranks) > 1:
        named = Listing((card_symbol(cards[0]), card_symbol(cards[1]))) if len(cards) == 2 else shown
        return ("REG.play.combo", msg("{cards} are different ranks; a combo is 2 to 4 cards of one rank totalling "
                                      "10 or less", cards=named))
    if ranks[0] > 10:
        return ("REG.play.combo", msg("{cards} are royals; royals are played one at a time, and a combo is 2 to 4 "
                                      "cards of one rank totalling 10 or less (2-10)", cards=shown))
    if len(cards) > 4:
        return ("REG.play.combo", plural("{cards} is {count} card; a combo is 2 to 4 cards of one rank totalling "
                                         "10 or less",
                                         "{cards} is {count} cards; a combo is 2 to 4 cards of one rank totalling "
                                         "10 or less", "count", cards=shown, count=len(cards)))
    total = sum(VALUE[c] for c in cards)
    return ("REG.play.combo", msg("{cards} total {total}, more than 10; a combo is 2 to 4 cards of one rank "
                                  "totalling 10 or less", cards=shown, total=total))


# ------------------------------------------------------------------ step 2: suit powers


def is_immune(enemy: Card, suit_bit: int, immunity_active: bool) -> bool:
    """REG.immunity: the enemy ignores powers of its own suit unless a Jester cancelled it."""
    return immunity_active and SUIT_BIT[enemy] == suit_bit


def active_suits(cards: Sequence[Card], enemy: Card, immunity_active: bool) -> int:
    """REG.suit.total_value + REG.immunity: bitmask of suits whose power applies, once each."""
    bits = 0
    for c in cards:
        bits |= SUIT_BIT[c]
    if immunity_active:
        bits &= ~SUIT_BIT[enemy]
    return bits


def blocked_spade_amount(cards: Sequence[Card], x: int, settings: Settings) -> int:
    """REG.jester.retro_spades: what a spade play blocked by immunity stores for a later Jester (G3)."""
    if settings.retro_shield_uses_play_total:
        return x
    return sum([VALUE[c] for c in cards if c >= 4 and c & 3 == SPADES])


def is_clubs_active(suits: int) -> bool:
    """REG.suit.clubs: whether the play's damage is doubled."""
    return bool(suits & (1 << CLUBS))


# ----------------------------------------------------------------------- step 3: damage


def damage_dealt(x: int, clubs_active: bool) -> int:
    """REG.damage.deal + REG.suit.clubs: X, or 2X with Clubs active."""
    return x + x if clubs_active else x


def is_defeated(damage: int, health: int) -> bool:
    """REG.damage.defeat: damage taken reaches the enemy's health."""
    return damage >= health


def is_exact_kill(damage: int, health: int) -> bool:
    """REG.damage.exact_kill: damage taken equals health exactly."""
    return damage == health


# ---------------------------------------------------------------------- step 4: suffer


def discard_requirement(attack: int, shield: int) -> int:
    """REG.suffer.discard: attack minus shield, floored at 0 (REG.suffer.shield_covers)."""
    return attack - shield if attack > shield else 0


def has_enough_to_suffer(hand: Sequence[Card], need: int) -> bool:
    """REG.end.loss_damage: whether the hand's whole value covers the requirement."""
    return sum([VALUE[c] for c in hand]) >= need


# ---------------------------------------------------------------------------- yield


def can_yield(yielded: Sequence[bool], seat: int, settings: Settings) -> Verdict:
    """REG.yield.restriction: some *other* seat's latest turn was not a yield (G2).

    Solo (REG.solo.no_yield, G6): never, unless ``settings.solo_may_yield``.
    """
    n = len(yielded)
    if n == 1:
        return None if settings.solo_may_yield else ("REG.solo.no_yield", msg("the solo player can never yield"))
    for s in range(n):
        if s != seat and not yielded[s]:
            return None
    return ("REG.yield.restriction", msg("every other player yielded on their last turn"))


# ----------------------------------------------------------------------------- solo


def can_use_solo_jester(players: int, solo_jesters: int) -> Verdict:
    """REG.solo.jester_refill: solo with a set-aside Jester left (timing: :func:`can_flip_solo_jester_now`)."""
    if players != 1:
        return ("REG.solo.jester_refill", msg("set-aside Jesters exist only in solo play"))
    if solo_jesters <= 0:
        return ("REG.solo.jester_refill", msg("both solo Jesters have been used"))
    return None


def can_flip_solo_jester_now(phase: Phase, step: int = 0) -> Verdict:
    """REG.solo.timing: a solo Jester is flipped at the start of Step 1 or of Step 4, not while the
    Jester's player names who goes next, nor inside a turn's resolution (``step``: see ``State.step``)."""
    if phase in (Phase.PLAY, Phase.DISCARD) and not step:
        return None
    return ("REG.solo.timing", msg("a solo Jester may be flipped only at the start of Step 1 or 4"))


def can_decide_now(step: int, current: int) -> Verdict:
    """REG.turn.steps: a turn's steps resolve in order; inside them (``step``: see ``State.step``, a play's cards
    chosen before their damage, a discard part-way) nobody decides until they end."""
    if not step:
        return None
    return ("REG.turn.steps", msg("seat {seat}'s turn is still resolving (after Step {step}): nobody decides until "
                                 "it ends", seat=current + 1, step=step))


def can_choose_next(players: int, current: int, seat: int, settings: Settings) -> Verdict:
    """REG.jester.choose_next: after a Jester, its player names another player to go next
    (themselves too only with ``settings.jester_may_choose_self``)."""
    if seat == current and not settings.jester_may_choose_self:
        return ("REG.jester.choose_next", msg("the Jester's player must name another player"))
    return None


def can_discard(cards: Sequence[Card], need: int) -> Verdict:
    """REG.suffer.discard: the discarded cards are worth at least the requirement (overpaying is allowed)."""
    total = sum([VALUE[c] for c in cards])
    if total < need:
        return ("REG.suffer.discard", msg("the discard is worth {total}, less than the {need} needed", total=total,
                                          need=need))
    return None


def medal(solo_jesters_used: int) -> str:
    """REG.solo.medal: gold, silver or bronze for 0, 1 or 2 solo Jesters used."""
    return ("gold", "silver", "bronze")[solo_jesters_used]
