"""``from_position``: build an exact mid-game :class:`State` from plain Python values.

Cards are strings ("7H", "10S", "AS", "KD", "JOKER") or card ints. Piles are
ordered top first. A pile given as an ``int`` is filled with that many of the cards
not placed anywhere else; a pile given as ``None`` takes all that are left.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence, Union

from engine.core.errors import PositionError
from engine.regicide.cards import (
    rank,
    FULL_DECK,
    JOKER,
    MAX_HAND,
    SOLO_JESTERS,
    SPADES,
    Card,
    card_str,
    enemy_attack,
    enemy_health,
    is_royal,
    parse_card,
    suit,
)
from engine.regicide.resolve import check_can_suffer, start_turn
from engine.regicide.rules import discard_requirement, jesters_in_tavern
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.state import Board, Phase, State

CardLike = Union[str, int]
Pile = Union[Sequence[CardLike], int, None]

_PHASES = {"play": Phase.PLAY, "discard": Phase.DISCARD, "jester_choice": Phase.JESTER_CHOICE,
           "choose": Phase.JESTER_CHOICE}


def _cards(values: Sequence[CardLike] | str, what: str, problems: list[str]) -> list[Card]:
    out: list[Card] = []
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    for v in values:
        try:
            out.append(parse_card(v))
        except Exception as exc:  # InvalidAction from parse_card
            problems.append(f"{what}: {exc}")
    return out


def from_position(
    players: int,
    *,
    enemy: CardLike,
    hands: Sequence[Sequence[CardLike]],
    damage: int = 0,
    shield: int = 0,
    immunity_cancelled: bool = False,
    blocked_spades: int = 0,
    table: Sequence[CardLike] = (),
    castle: Pile = None,
    tavern: Pile = None,
    discard: Pile = None,
    current: int = 0,
    phase: str | Phase = "play",
    need: int | None = None,
    yielded: Sequence[bool] | None = None,
    solo_jesters: int | None = None,
    defeated: int | None = None,
    settings: Settings = DEFAULT,
    rng: random.Random | None = None,
) -> State:
    """Build a position; every unlisted card is dealt into the piles left open.

    Args:
        players: 1-4.
        enemy: the current enemy card, e.g. "JS".
        hands: one card list per seat (seat order is clockwise).
        damage, shield: damage the enemy has taken and its active shield.
        immunity_cancelled: a Jester was played against this enemy.
        blocked_spades: spade amounts immunity blocked earlier (a Jester turns them on, G3).
        table: the cards played against this enemy so far.
        castle: the Castle below the enemy, top first; an int takes that many of the
            highest unplaced royals in rank order; ``None`` takes every unplaced royal
            that ranks at least the enemy.
        tavern, discard: top first; an int takes that many unplaced cards (shuffled
            by ``rng``, else in card order); ``None`` takes all that remain (the
            Tavern, if both are ``None``).
        current: whose turn it is.
        phase: "play" (Step 1), "discard" (Step 4) or "jester_choice".
        need: the Step 4 requirement (default: enemy attack minus shield).
        yielded: per seat, whether its most recent turn was a yield (G2).
        solo_jesters: solo only, set-aside Jesters left (default 2).
        defeated: enemies defeated so far (default 11 minus the Castle's size).
        rng: shuffles the cards dealt into int-sized piles and within castle ranks.

    Raises:
        PositionError: listing every inconsistency (duplicate or missing cards, a
            hand over its maximum, a Castle out of rank order, ...).
    """
    problems: list[str] = []
    if players not in (1, 2, 3, 4):
        raise PositionError([f"players must be 1-4, not {players!r}"], game="Regicide")
    max_hand = MAX_HAND[players]
    in_play = Counter(FULL_DECK)
    in_play[JOKER] = jesters_in_tavern(players)
    aside = (JOKER,) * (2 - in_play[JOKER])

    en = _cards([enemy], "enemy", problems)
    enemy_card = en[0] if en else 44
    if en and not is_royal(enemy_card):
        problems.append(f"enemy {card_str(enemy_card)} is not a Jack, Queen or King")
    if len(hands) != players:
        problems.append(f"{len(hands)} hands given for {players} players")
    hand_cards = [sorted(_cards(h, f"seat {i + 1}'s hand", problems)) for i, h in enumerate(hands)]
    for i, h in enumerate(hand_cards):
        if len(h) > max_hand:
            problems.append(f"seat {i + 1}'s hand holds {len(h)} cards, more than the maximum {max_hand}")
    table_cards = _cards(table, "table", problems)
    piles: dict[str, list[Card] | None] = {}
    sizes: dict[str, int] = {}
    for name, pile in (("castle", castle), ("tavern", tavern), ("discard", discard)):
        if pile is None:
            piles[name] = None
        elif isinstance(pile, int) and not isinstance(pile, bool):
            piles[name] = None
            sizes[name] = pile
            if pile < 0:
                problems.append(f"{name} size {pile} is negative")
        elif not isinstance(pile, bool):
            piles[name] = _cards(pile, name, problems)
        else:
            piles[name] = []
            problems.append(f"{name} must be a list of cards or a number of cards, not {pile!r}")

    placed = Counter([enemy_card, *table_cards] + [c for h in hand_cards for c in h])
    for name, lst in piles.items():
        if lst is not None:
            placed.update(lst)
    over = placed - in_play
    if over:
        problems.append("cards placed too often or not in this game: "
                        + " ".join(card_str(c) for c in sorted(over.elements())))
    unplaced = sorted((in_play - placed).elements())

    def take(pool: list[Card], k: int, name: str) -> list[Card]:
        if k > len(pool):
            problems.append(f"{name} needs {k} cards but only {len(pool)} are unplaced")
            k = len(pool)
        chosen = pool[:k]
        del pool[:k]
        return chosen

    # Castle: highest unplaced royals, in rank order (REG.setup.castle).
    erank = rank(enemy_card)
    if piles["castle"] is None:
        royals = [c for c in unplaced if is_royal(c)]
        k = sizes.get("castle", len([c for c in royals if rank(c) >= erank]))
        chosen = royals[len(royals) - k:] if k <= len(royals) else take(royals, k, "castle")
        if rng is not None:
            by_rank: dict[int, list[Card]] = {}
            for c in chosen:
                by_rank.setdefault(rank(c), []).append(c)
            chosen = []
            for r in sorted(by_rank):
                rng.shuffle(by_rank[r])
                chosen.extend(by_rank[r])
        piles["castle"] = chosen
        for c in chosen:
            unplaced.remove(c)
    castle_cards: list[Card] = piles["castle"] or []
    ranks = [rank(c) for c in castle_cards]
    if ranks != sorted(ranks) or any(r < erank for r in ranks) or not all(is_royal(c) for c in castle_cards):
        problems.append("the castle must hold royals in rank order (Jacks, then Queens, then Kings) "
                        "ranking at least the enemy")
    # Tavern and discard.
    if rng is not None:
        rng.shuffle(unplaced)
    for name in ("discard", "tavern"):
        if piles[name] is None and name in sizes:
            piles[name] = take(unplaced, sizes[name], name)
    for name in ("tavern", "discard"):
        if piles[name] is None:
            piles[name] = unplaced
            unplaced = []
    if unplaced:
        problems.append(f"{len(unplaced)} cards are not placed anywhere: "
                        + " ".join(card_str(c) for c in sorted(unplaced)))

    # Counters and flags.
    health = enemy_health(enemy_card) if en and is_royal(enemy_card) else 20
    if not 0 <= damage < health:
        problems.append(f"damage {damage} must be at least 0 and below the enemy's health {health}")
    if shield < 0 or blocked_spades < 0:
        problems.append("shield and blocked_spades must not be negative")
    if shield > 0 and en and suit(enemy_card) == SPADES and not immunity_cancelled:
        problems.append(f"a shield of {shield} against {card_str(enemy_card)}: a spade enemy is immune to spades, so "
                        "a shield needs a Jester to have cancelled its immunity (immunity_cancelled)")
    if not 0 <= current < players:
        problems.append(f"current seat {current} is not one of the {players} seats")
    flags = list(yielded) if yielded is not None else [False] * players
    if len(flags) != players:
        problems.append(f"{len(flags)} yield flags given for {players} players")
    solo = (SOLO_JESTERS if solo_jesters is None else solo_jesters) if players == 1 else (solo_jesters or 0)
    if players == 1 and not 0 <= solo <= SOLO_JESTERS:
        problems.append(f"solo_jesters must be 0-2, not {solo}")
    if players > 1 and solo:
        problems.append("solo_jesters only exist in solo play")
    ph = _PHASES.get(phase, None) if isinstance(phase, str) else phase
    if ph not in (Phase.PLAY, Phase.DISCARD, Phase.JESTER_CHOICE):
        problems.append(f"phase must be 'play', 'discard' or 'jester_choice', not {phase!r}")
    if problems:
        raise PositionError(problems, game="Regicide")

    b = Board.empty(players, settings)
    b.enemy, b.damage, b.shield, b.blocked = enemy_card, damage, shield, blocked_spades
    b.immune = not immunity_cancelled
    b.table = table_cards
    b.castle = list(reversed(castle_cards))
    b.tavern = list(reversed(piles["tavern"] or []))
    b.discard = list(reversed(piles["discard"] or []))
    b.hands = hand_cards
    b.yielded = [bool(f) for f in flags]
    b.solo, b.aside = solo, aside
    b.defeated = 11 - len(castle_cards) if defeated is None else defeated
    b.current = current
    if ph == Phase.PLAY:
        start_turn(b, current, None)
    elif ph == Phase.DISCARD:
        b.phase = Phase.DISCARD
        b.need = discard_requirement(enemy_attack(enemy_card), shield) if need is None else need
        if b.need <= 0:
            raise PositionError([f"a discard phase needs a positive requirement, not {b.need}"], game="Regicide")
        check_can_suffer(b, None)
    else:
        b.phase = Phase.JESTER_CHOICE
    return b.freeze()
