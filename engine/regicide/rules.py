"""One named function per Regicide rule, on plain ints and lists.

These are the only places the rules are written down; both the reference API
(``game.py``) and the simulator reach them through ``resolve.py``. Each function
quotes its rule id. Piles passed as lists have their top card *last*.
"""

from __future__ import annotations

import random
from bisect import insort
from itertools import combinations
from typing import Sequence

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
    cards_symbols,
)
from engine.regicide.settings import Settings

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


def illegal_play_rule(cards: Sequence[Card]) -> str | None:
    """The rule id a set of played cards breaks, or ``None`` if it is a legal play shape."""
    verdict = illegal_play(cards)
    return verdict[0] if verdict else None


def illegal_play(cards: Sequence[Card]) -> tuple[str, str] | None:
    """``(rule id, why)`` for a set of cards that is not a legal play, written in card symbols; else ``None``.

    >>> from engine.regicide.cards import parse_cards
    >>> illegal_play(parse_cards("4S 5H".split()))
    ('REG.play.combo', '4♠ and 5♥ are different ranks; a combo is 2 to 4 cards of one rank totalling 10 or less')
    """
    if len(cards) <= 1:
        return None
    shown = cards_symbols(cards)
    if JOKER in cards:
        return ("REG.jester.alone", f"{shown}: the Jester is always played on its own, never with other cards")
    aces = [c for c in cards if c >> 2 == ACE]
    if aces:
        if is_companion_pair(cards):
            return None
        return ("REG.play.companion", f"{shown}: an animal companion (Ace) pairs with exactly one other card "
                                      f"(or is played alone), not {len(cards) - 1}")
    if is_combo(cards):
        return None
    ranks = sorted({c >> 2 for c in cards})
    why = "a combo is 2 to 4 cards of one rank totalling 10 or less"
    if len(ranks) > 1:
        names = " and ".join(card_symbol(c) for c in cards[:2]) if len(cards) == 2 else shown
        return ("REG.play.combo", f"{names} are different ranks; {why}")
    if ranks[0] > 10:
        return ("REG.play.combo", f"{shown} are royals; royals are played one at a time, and {why} (2-10)")
    if len(cards) > 4:
        return ("REG.play.combo", f"{shown} is {len(cards)} cards; {why}")
    total = sum(VALUE[c] for c in cards)
    return ("REG.play.combo", f"{shown} total {total}, more than 10; {why}")


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


def hearts_heal(discard: list[Card], tavern: list[Card], x: int,
                rng: random.Random | None, settings: Settings) -> int:
    """REG.suit.hearts: shuffle the discard, move X of it under the Tavern; return how many moved.

    With fewer than X cards, all move (G5; setting ``hearts_takes_all_when_short``).
    ``rng=None`` is the deterministic scenario mode: no shuffle, the top X cards move.
    """
    n = len(discard)
    if n < x and not settings.hearts_takes_all_when_short:
        return 0
    k = x if x < n else n
    if k == 0:
        return 0
    if rng is not None:
        rng.shuffle(discard)
    moved = discard[n - k:]
    del discard[n - k:]
    moved.reverse()  # the first card taken ends up deepest
    tavern[0:0] = moved
    return k


def diamonds_draw(hands: list[list[Card]], current: int, x: int, tavern: list[Card],
                  max_hand: int) -> list[int]:
    """REG.suit.diamonds: draw X cards in total, one each clockwise from the current seat.

    Full hands are skipped; drawing stops when the Tavern is empty or every hand is
    full. Returns the number of cards each seat drew.
    """
    players = len(hands)
    drawn = [0] * players
    seat = current
    total = 0
    skipped = 0
    while total < x and tavern:
        h = hands[seat]
        if len(h) < max_hand:
            insort(h, tavern.pop())
            drawn[seat] += 1
            total += 1
            skipped = 0
        else:
            skipped += 1
            if skipped >= players:
                break
        seat += 1
        if seat == players:
            seat = 0
    return drawn


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


def can_yield(yielded: Sequence[bool], seat: int, settings: Settings) -> bool:
    """REG.yield.restriction: some *other* seat's latest turn was not a yield (G2).

    Solo (REG.solo.no_yield, G6): never, unless ``settings.solo_may_yield``.
    """
    n = len(yielded)
    if n == 1:
        return settings.solo_may_yield
    for s in range(n):
        if s != seat and not yielded[s]:
            return True
    return False


# ----------------------------------------------------------------------------- solo


def can_use_solo_jester(players: int, solo_jesters: int) -> bool:
    """REG.solo.jester_refill: solo with a set-aside Jester left (timing: REG.solo.timing)."""
    return players == 1 and solo_jesters > 0


def solo_refill(hand: list[Card], tavern: list[Card], discard: list[Card], max_hand: int) -> int:
    """REG.solo.jester_refill: discard the whole hand, draw up to the maximum; return cards drawn."""
    discard.extend(hand)
    hand.clear()
    k = min(max_hand, len(tavern))
    if k:
        hand.extend(tavern[-k:])
        del tavern[-k:]
        hand.sort()
    return k


def medal(solo_jesters_used: int) -> str:
    """REG.solo.medal: gold, silver or bronze for 0, 1 or 2 solo Jesters used."""
    return ("gold", "silver", "bronze")[solo_jesters_used]


# ---------------------------------------------------------------------- enumeration

#: Play-shape class of each card int: 0 Jester, 1 Ace, 2-5 combo ranks, 6 anything else.
#: Legal play shapes depend only on these classes, so they make a compact cache key.
PLAY_CLASS: tuple[int, ...] = tuple(min(c >> 2, 6) if c >> 2 <= 5 else 6 for c in range(56))


def play_menu(hand: Sequence[Card]) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every legal play in a sorted hand (see :func:`play_options`)."""
    return play_options(tuple([PLAY_CLASS[c] for c in hand]))


def discard_menu(hand: Sequence[Card], need: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every minimal sufficient discard from a sorted hand.

    Values are capped at ``need`` for the cache key: a card worth at least ``need``
    can only ever be a minimal discard on its own, whatever its exact value.
    """
    return discard_options(tuple([v if v < need else need for v in [VALUE[c] for c in hand]]), need)


_PLAY_CACHE: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_DISCARD_CACHE: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
_CACHE_LIMIT = 200_000


def play_options(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every legal play in a hand sorted by rank (ranks or play classes, ascending).

    Order: singles (one Jester only), companion pairs (an Ace+Ace pair once), combos.
    Cached by the rank tuple, so the hot path pays only for a dict lookup.
    """
    opts = _PLAY_CACHE.get(ranks)
    if opts is not None:
        return opts
    n = len(ranks)
    out: list[tuple[int, ...]] = []
    for i in range(n):  # REG.play.single (two Jesters give one action)
        if ranks[i] == 0 and i > 0 and ranks[i - 1] == 0:
            continue
        out.append((i,))
    for i in range(n):  # REG.play.companion
        if ranks[i] != ACE:
            continue
        for j in range(n):
            if j == i or ranks[j] == 0 or (ranks[j] == ACE and j < i):
                continue
            out.append((i, j) if i < j else (j, i))
    for r in range(2, 6):  # REG.play.combo
        idx = [i for i in range(n) if ranks[i] == r]
        for size in range(2, min(4, len(idx)) + 1):
            if r * size <= 10:
                out.extend(combinations(idx, size))
    opts = tuple(out)
    if len(_PLAY_CACHE) > _CACHE_LIMIT:
        _PLAY_CACHE.clear()
    _PLAY_CACHE[ranks] = opts
    return opts


def discard_options(values: tuple[int, ...], need: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every *minimal* sufficient discard from a hand (values ascending).

    A discard is minimal when it covers ``need`` but would not without its smallest
    card, so no card in it is wasted. Any sufficient discard is legal
    (REG.suffer.discard allows overpaying) and ``apply`` accepts it; this list is
    the small canonical menu offered by ``legal_actions``. Empty if the hand cannot pay.
    """
    key = (values, need)
    opts = _DISCARD_CACHE.get(key)
    if opts is not None:
        return opts
    n = len(values)
    out: list[tuple[int, ...]] = []
    if need <= 0:
        out.append(())
    else:
        # Pick the smallest member i, then a subset T of later cards with
        # need - v[i] <= sum(T) < need.
        def extend(start: int, chosen: list[int], total: int, low: int) -> None:
            if low <= total:
                out.append(tuple(chosen))
            for j in range(start, n):
                t = total + values[j]
                if t >= need:
                    continue
                chosen.append(j)
                extend(j + 1, chosen, t, low)
                chosen.pop()

        for i in range(n):
            v = values[i]
            if v == 0:
                continue
            low = need - v
            if low <= 0:
                out.append((i,))
                continue
            chosen = [i]
            for j in range(i + 1, n):
                t = values[j]
                if t >= need:
                    continue
                chosen.append(j)
                extend(j + 1, chosen, t, low)
                chosen.pop()
    opts = tuple(out)
    if len(_DISCARD_CACHE) > _CACHE_LIMIT:
        _DISCARD_CACHE.clear()
    _DISCARD_CACHE[key] = opts
    return opts
