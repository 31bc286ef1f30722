"""Turn resolution on a mutable :class:`Board`: the single implementation of a turn.

Each ``do_*`` function applies one already-validated action and advances the board
to the next decision (or to the end of the game). ``log`` is ``None`` on the fast
path; when given, it receives ``(rule_id, sentence, step)`` for every rule applied,
and no text is built otherwise. A sentence is a language-free message (``msg``/``plural``
from :mod:`engine.core.message`); it numbers seats as people do: seat index 0 is "seat 1"
(``seat=s + 1``). A log that collects moments (a ``Recorder``) also gets the position at
``step1`` (the cards are on the table), ``step2`` (suit powers resolved), ``step3`` (damage
dealt and the defeat checked), ``step4`` (the enemy's attack: what must be discarded) and
``discard1``, ``discard2`` … (part-way through a Step 4 discard).

Action codes (shared with the simulator): ``(PLAY, cards)``, ``(YIELD, None)``,
``(DISCARD, cards)``, ``(CHOOSE, seat)``, ``(SOLO_JESTER, None)``.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Callable

from engine.core.effects import Key

from engine.regicide.cards import (
    rank,
    suit,
    CLUBS,
    DIAMONDS,
    ENEMY_ATTACK,
    ENEMY_HEALTH,
    HEARTS,
    JOKER,
    SPADES,
    SUIT_BIT,
    SUIT_SYMBOLS,
    VALUE,
    Card,
    card_arg,
    cards_arg,
    enemy_message,
    suit_term,
)
from engine.regicide.rules import (
    active_suits,
    blocked_spade_amount,
    can_use_solo_jester,
    can_yield,
    discard_requirement,
    has_enough_to_suffer,
    is_companion_pair,
)
from engine.core.message import Listing, msg, plural
from engine.core.trace import Log, LogFn, keep, mark, note
from engine.regicide import quantities as Q
from engine.regicide.settings import Settings
from engine.regicide.state import Board

PLAY, YIELD, DISCARD, CHOOSE, SOLO_JESTER = 0, 1, 2, 3, 4
P_PLAY, P_DISCARD, P_CHOICE, P_WON, P_LOST = 0, 1, 2, 3, 4

ATTACK: tuple[int, ...] = tuple(ENEMY_ATTACK.get(rank(c), 0) for c in range(56))
HEALTH: tuple[int, ...] = tuple(ENEMY_HEALTH.get(rank(c), 0) for c in range(56))
_H, _D, _C, _S = 1 << HEARTS, 1 << DIAMONDS, 1 << CLUBS, 1 << SPADES


# ------------------------------------------------------------- what the suits do

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


# ------------------------------------------------------------------------ turn entry


def _inside(b: Board, log: Log, point: str, step: int) -> None:
    """A moment inside the turn's resolution, after Step ``step``: no choice is open there (``State.step``; the
    explained path only: the fast path never sets it)."""
    b.step = step
    mark(log, point, b.freeze)


def start_turn(b: Board, seat: int, log: Log) -> None:
    """Step 1 begins for ``seat``; the team loses if that seat can neither play nor yield."""
    b.current = seat
    b.phase = P_PLAY
    b.need = 0
    if log is not None:
        b.step = 0  # the seat decides: the turn's moments are over
    if (not b.hands[seat] and can_yield(b.yielded, seat, b.settings) is not None
            and can_use_solo_jester(b.players, b.solo) is not None):
        b.phase = P_LOST
        b.end_rule = "REG.end.loss_no_play"
        if log is not None:
            if b.players == 1:
                text = msg("Seat {seat} has no cards and cannot yield in solo and has no Jester left: everyone "
                           "loses.", seat=seat + 1)
            else:
                text = msg("Seat {seat} has no cards and cannot yield because every other player yielded last: "
                           "everyone loses.", seat=seat + 1)
            log("REG.end.loss_no_play", text, 1)


def _suffer(b: Board, log: Log) -> None:
    """Step 4 begins: work out the requirement, skip it if the shield covers it."""
    attack = ATTACK[b.enemy]
    need = discard_requirement(attack, b.shield)
    if need == 0:
        if log is not None:
            log("REG.suffer.shield_covers",
                msg("{enemy} attacks for {attack}, but the shield of {shield} covers it: nothing to discard.",
                    enemy=enemy_message(b.enemy), attack=attack, shield=b.shield), 4)
            keep(log, Q.NEED)
            _inside(b, log, "step4", 4)  # nothing to discard: the turn passes next
        _pass_clockwise(b, log)
        return
    b.phase = P_DISCARD
    b.need = need
    if log is not None:
        b.step = 0  # the seat decides what to discard
        if b.shield:
            text = msg("{enemy} attacks for {attack} − {shield} shield = {need}: seat {seat} must discard cards "
                       "worth at least {need}.", enemy=enemy_message(b.enemy), attack=attack, shield=b.shield,
                       need=need, seat=b.current + 1)
        else:
            text = msg("{enemy} attacks for {attack}: seat {seat} must discard cards worth at least {need}.",
                       enemy=enemy_message(b.enemy), attack=attack, need=need, seat=b.current + 1)
        log("REG.suffer.discard", text, 4)
    check_can_suffer(b, log)
    if log is not None:
        mark(log, "step4", b.freeze)


def check_can_suffer(b: Board, log: Log) -> None:
    hand = b.hands[b.current]
    if has_enough_to_suffer(hand, b.need) or can_use_solo_jester(b.players, b.solo) is None:
        return
    b.phase = P_LOST
    b.end_rule = "REG.end.loss_damage"
    if log is not None:
        total = sum([VALUE[c] for c in hand])
        log("REG.end.loss_damage",
            msg("Seat {seat}'s hand is worth only {total}, less than {need}: everyone loses.",
                seat=b.current + 1, total=total, need=b.need), 4)


def _pass_clockwise(b: Board, log: Log) -> None:
    nxt = b.current + 1
    if nxt == b.players:
        nxt = 0
    if log is not None and b.players > 1:
        b.current, b.phase, b.need = nxt, P_PLAY, 0  # the turn passes before its step (start_turn does the same)
        log("REG.turn.clockwise", msg("Play passes clockwise to seat {seat}.", seat=nxt + 1), 4)
    start_turn(b, nxt, log)


# --------------------------------------------------------------------------- actions


def do_play(b: Board, cards: tuple[Card, ...], rng: random.Random | None, log: Log) -> None:
    """Step 1 play, then Steps 2-4 (or the Jester's effect)."""
    seat = b.current
    hand = b.hands[seat]
    for c in cards:
        hand.remove(c)
    b.table.extend(cards)
    if b.settings.yield_flags_cleared_by_any_play:
        b.yielded = [False] * b.players
    else:
        b.yielded[seat] = False
    enemy = b.enemy
    if cards[0] == JOKER:
        _play_jester(b, log)
        return
    x = 0
    bits = 0
    for c in cards:
        x += VALUE[c]
        bits |= SUIT_BIT[c]
    if log is not None:
        _log_play(b, cards, x, log)
        _inside(b, log, "step1", 1)
    # Step 2: suit powers (REG.immunity blocks the enemy's suit).
    immune = b.immune
    ebit = SUIT_BIT[enemy]
    if immune and bits & ebit:
        if ebit == _S:
            b.blocked += blocked_spade_amount(cards, x, b.settings)
        if log is not None:
            log("REG.immunity", msg("{enemy} is immune to {suit}: the {symbol} power does nothing.",
                                    enemy=enemy_message(enemy), suit=suit_term(enemy),
                                    symbol=SUIT_SYMBOLS[suit(enemy)]), 2)
            keep(log, Q.ENEMY_IMMUNE, *_IMMUNE_KEEPS[suit(enemy)](b))
            if ebit == _H:
                note(log, (Q.PLAY_HEALED, None, 0))
            elif ebit == _C:  # the damage is not doubled: the play deals its value
                note(log, (Q.PLAY_DAMAGE, None, x))
    elif bits & ebit and log is not None:  # an earlier Jester cancelled the immunity: the power works
        log("REG.jester.cancel_immunity", msg(
            "The Jester played earlier cancelled the immunity of {enemy}: the {symbol} power works.",
            enemy=enemy_message(enemy), symbol=SUIT_SYMBOLS[suit(enemy)]), 2)
        keep(log, Q.ENEMY_IMMUNE)
    suits = active_suits(cards, enemy, immune)
    if suits & _H:
        moved = hearts_heal(b.discard, b.tavern, x, rng, b.settings)
        if log is not None:
            log("REG.suit.hearts", plural("♥ heals {amount}: {count} card from the discard pile goes face down "
                                          "under the Tavern.",
                                          "♥ heals {amount}: {count} cards from the discard pile go face down "
                                          "under the Tavern.", "count", amount=x, count=moved), 2)
            note(log, (Q.PLAY_HEALED, None, moved))
    if suits & _D:
        if log is not None and suits & _H:
            log("REG.suit.order", msg("Hearts resolves before Diamonds."), 2)
        drawn = diamonds_draw(b.hands, seat, x, b.tavern, b.max_hand)
        if log is not None:
            draws = tuple(msg("seat {seat} draws {count}", seat=s + 1, count=n) for s, n in enumerate(drawn) if n)
            if draws:
                text = msg("♦ draws {amount}: {draws} ({total} in total).", amount=x,
                           draws=Listing(draws, "comma"), total=sum(drawn))
            else:
                text = msg("♦ draws {amount}: nobody can draw (0 in total).", amount=x)
            log("REG.suit.diamonds", text, 2)
    if suits & _S:
        b.shield += x
        if log is not None:
            log("REG.suit.spades", msg("♠ shields {amount}: the attack of {enemy} is now {attack} − {shield} = "
                                       "{left}.", amount=x, enemy=enemy_message(enemy), attack=ATTACK[enemy],
                                       shield=b.shield, left=max(0, ATTACK[enemy] - b.shield)), 2)
    if log is not None:
        _inside(b, log, "step2", 2)
    # Step 3: damage (REG.suit.clubs doubles it).
    dmg = x + x if suits & _C else x
    b.damage += dmg
    health = HEALTH[enemy]
    if log is not None:
        _log_damage(b, cards, x, dmg, bool(suits & _C), log)
    if b.damage >= health:
        _defeat(b, log)
        return
    if log is not None:
        _inside(b, log, "step3", 3)
    _suffer(b, log)


def _immune_keeps() -> tuple[Callable[[Board], tuple[Key, ...]], ...]:
    """Per suit (engine order), what its power would have changed, kept by the enemy's immunity."""
    by_suit: dict[int, Callable[[Board], tuple[Key, ...]]] = {
        HEARTS: lambda b: (Q.pile("discard"), Q.pile("tavern")),
        DIAMONDS: lambda b: (*(Q.hand_size(s + 1) for s in range(b.players)), Q.pile("tavern")),
        CLUBS: lambda b: (),  # the damage is still dealt, not doubled: the damage step says so
        SPADES: lambda b: (Q.ENEMY_SHIELD,),
    }
    return tuple(by_suit[i] for i in range(4))


_IMMUNE_KEEPS = _immune_keeps()


def _log_damage(b: Board, cards: tuple[Card, ...], x: int, dmg: int, clubs: bool, log: LogFn) -> None:
    """Step 3's sentence: one card deals, several deal; with Clubs the doubling is written out."""
    enemy, health, taken = enemy_message(b.enemy), HEALTH[b.enemy], b.damage
    if clubs and len(cards) == 1:
        text = msg("{card} deals {amount} × 2 = {damage} damage to {enemy} ({health} health): {taken} taken.",
                   card=card_arg(cards[0]), amount=x, damage=dmg, enemy=enemy, health=health, taken=taken)
    elif clubs:
        text = msg("{cards} deal {amount} × 2 = {damage} damage to {enemy} ({health} health): {taken} taken.",
                   cards=cards_arg(cards), amount=x, damage=dmg, enemy=enemy, health=health, taken=taken)
    elif len(cards) == 1:
        text = msg("{card} deals {damage} damage to {enemy} ({health} health): {taken} taken.",
                   card=card_arg(cards[0]), damage=dmg, enemy=enemy, health=health, taken=taken)
    else:
        text = msg("{cards} deal {damage} damage to {enemy} ({health} health): {taken} taken.",
                   cards=cards_arg(cards), damage=dmg, enemy=enemy, health=health, taken=taken)
    log("REG.suit.clubs" if clubs else "REG.damage.deal", text, 3)
    note(log, (Q.PLAY_DAMAGE, None, dmg))


def _log_play(b: Board, cards: tuple[Card, ...], x: int, log: LogFn) -> None:
    """Step 1's sentence: the kind of play and its attack value (the play's value and cards are its effects)."""
    seat = b.current + 1
    if len(cards) == 1:
        rule = "REG.play.royal_value" if cards[0] >> 2 >= 11 else "REG.play.single"
        log(rule, msg("Seat {seat} plays {card} (attack value {value}).", seat=seat, card=card_arg(cards[0]),
                      value=x), 1)
    else:
        values = " + ".join(str(VALUE[c]) for c in cards)
        if is_companion_pair(cards):
            # TRANSLATORS: {values} is the sum written out in numbers, e.g. "1 + 7"
            log("REG.play.companion", msg("Seat {seat} plays the animal companion pair {cards}: {values} = {value}.",
                                          seat=seat, cards=cards_arg(cards), values=values, value=x), 1)
        else:
            # TRANSLATORS: {values} is the sum written out in numbers, e.g. "2 + 2 + 2"
            log("REG.play.combo", msg("Seat {seat} plays the combo {cards}: {values} = {value}.",
                                      seat=seat, cards=cards_arg(cards), values=values, value=x), 1)
    note(log, (Q.PLAY_VALUE, None, x), (Q.PLAY_CARDS, None, tuple(cards)))
    if len({SUIT_BIT[c] for c in cards}) > 1:
        log("REG.suit.total_value", msg("Each suit's power works once, at the total value {value}.", value=x), 2)


def _play_jester(b: Board, log: Log) -> None:
    enemy = b.enemy
    if log is not None:
        log("REG.jester.alone", msg("Seat {seat} plays the Jester (attack value 0).", seat=b.current + 1), 1)
        note(log, (Q.PLAY_VALUE, None, 0), (Q.PLAY_CARDS, None, (JOKER,)))
        _inside(b, log, "step1", 1)
    b.immune = False
    if log is not None:
        log("REG.jester.cancel_immunity",
            msg("The Jester cancels the immunity of {enemy}.", enemy=enemy_message(enemy)), 2)
    if SUIT_BIT[enemy] == _S and b.blocked:
        b.shield += b.blocked
        if log is not None:
            log("REG.jester.retro_spades", plural("The {count} point of Spades blocked earlier now counts: "
                                                  "shield {shield}.",
                                                  "The {count} points of Spades blocked earlier now count: "
                                                  "shield {shield}.", "count", count=b.blocked, shield=b.shield), 2)
        b.blocked = 0
    if log is None:
        b.phase = P_CHOICE
    else:
        _inside(b, log, "step2", 2)
        log("REG.jester.no_damage", msg("No damage is dealt and the enemy does not attack this turn."), 3)
        note(log, (Q.PLAY_DAMAGE, None, 0))
        keep(log, Q.ENEMY_DAMAGE, Q.NEED)
        _inside(b, log, "step3", 3)
        b.phase = P_CHOICE
        b.step = 0  # the Jester's player decides who goes next
        log("REG.jester.choose_next", msg("Seat {seat} chooses who takes the next turn.", seat=b.current + 1), 4)
        mark(log, "step4", b.freeze)


def _defeat(b: Board, log: Log) -> None:
    enemy = b.enemy
    health = HEALTH[enemy]
    exact = b.damage == health
    if not b.castle:
        b.defeated += 1
        b.discard.extend(b.table)
        b.table.clear()
        b.phase = P_WON
        b.end_rule = "REG.end.win"
        if log is not None:
            b.step = 0  # the game is over
            log("REG.end.win", msg("{enemy} was the last King: the players win.", enemy=enemy_message(enemy)), 3)
            note(log, (Q.PLAY_DESTINATION, None, "in_play"))
            mark(log, "step3", b.freeze)
        return
    if exact:
        b.tavern.append(enemy)
        if log is not None:
            log("REG.damage.exact_kill", msg("{enemy} took exactly {health}: it goes face down on top of the Tavern.",
                                             enemy=enemy_message(enemy), health=health), 3)
            note(log, (Q.PLAY_DESTINATION, None, "tavern"))
    else:
        b.discard.append(enemy)
    b.defeated += 1
    b.discard.extend(b.table)
    b.table.clear()
    b.enemy = b.castle.pop()
    b.damage = b.shield = b.blocked = 0
    b.immune = True
    if log is not None:
        log("REG.damage.defeat", msg("{enemy} is defeated; the played cards go to the discard pile, {next_enemy} is "
                                     "revealed and seat {seat} starts a new turn without suffering damage.",
                                     enemy=enemy_message(enemy), next_enemy=enemy_message(b.enemy),
                                     seat=b.current + 1), 3)
        keep(log, Q.TURN, Q.NEED)
        if not exact:
            note(log, (Q.PLAY_DESTINATION, None, "discard"))
        _inside(b, log, "step3", 3)  # the seat's new turn is still to begin
    start_turn(b, b.current, log)


def do_yield(b: Board, log: Log) -> None:
    """Step 1 yield: straight to Step 4."""
    b.yielded[b.current] = True
    if log is not None:
        log("REG.yield.skip", msg("Seat {seat} yields: no suit power, no damage.", seat=b.current + 1), 1)
        note(log, (Q.PLAY_DAMAGE, None, 0))
        keep(log, Q.ENEMY_DAMAGE)
        _inside(b, log, "step1", 1)
    _suffer(b, log)


def do_discard(b: Board, cards: tuple[Card, ...], log: Log) -> None:
    """Step 4 discard, then play passes clockwise."""
    hand = b.hands[b.current]
    need, done = b.need, 0
    if log is not None and len(cards) > 1:  # the moments part-way through the discard, card by card
        _partial_discard(b, cards, log)
        done = len(cards) - 1
    for c in cards[done:]:
        hand.remove(c)
    b.discard.extend(cards[done:])
    b.need = 0
    if log is not None:
        total = sum([VALUE[c] for c in cards])
        log("REG.suffer.discard", msg("Seat {seat} discards {cards} worth {total} (at least {need} needed).",
                                      seat=b.current + 1, cards=cards_arg(cards), total=total, need=need), 4)
    _pass_clockwise(b, log)


def _partial_discard(b: Board, cards: tuple[Card, ...], log: LogFn) -> None:
    """The discard card by card but the last, each with its step and mark ``discard1`` … (what is still owed)."""
    hand, need, paid = b.hands[b.current], b.need, 0
    for k, c in enumerate(cards[:-1], start=1):
        hand.remove(c)
        b.discard.append(c)
        paid += VALUE[c]
        b.need = max(0, need - paid)
        log("REG.suffer.discard", msg("Seat {seat} discards {card} ({paid} so far): {left} of the {need} still owed.",
                                      seat=b.current + 1, card=card_arg(c), paid=paid, left=b.need, need=need), 4)
        _inside(b, log, f"discard{k}", 4)


def do_choose(b: Board, seat: int, log: Log) -> None:
    """After a Jester: the named seat starts a turn."""
    if log is not None:
        chooser = b.current
        b.current, b.phase = seat, P_PLAY  # the named seat's turn begins with this step (start_turn does the same)
        log("REG.jester.choose_next", msg("Seat {seat} names seat {next_seat} to take the next turn.",
                                          seat=chooser + 1, next_seat=seat + 1), 4)
    start_turn(b, seat, log)


def do_solo_jester(b: Board, log: Log) -> None:
    """Solo: flip a set-aside Jester at the start of Step 1 or Step 4; refill to 8."""
    b.solo -= 1
    drawn = solo_refill(b.hands[0], b.tavern, b.discard, b.max_hand)
    if log is not None:
        left = plural("{count} Jester left", "{count} Jesters left", "count", count=b.solo)
        log("REG.solo.jester_refill",
            plural("The solo Jester is flipped: the hand is discarded and {count} card is drawn ({jesters_left}).",
                   "The solo Jester is flipped: the hand is discarded and {count} cards are drawn ({jesters_left}).",
                   "count", count=drawn, jesters_left=left), 1 if b.phase == P_PLAY else 4)
        keep(log, Q.RESULT)  # the flip keeps the game going
    if b.phase == P_PLAY:
        start_turn(b, 0, log)
    else:
        check_can_suffer(b, log)
