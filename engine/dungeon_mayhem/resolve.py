"""Effect resolution on a mutable :class:`~state.Board`: symbols, damage, the Mighty Power registry.

The Mighty Powers themselves are in :mod:`powers` (base game) and :mod:`expansion`.

Functions here mutate the board. ``log`` is ``None`` on the fast path; when given, it
is called as ``log(rule_id, sentence)`` and every sentence is built only then: a language-free
message (``msg``/``plural`` from :mod:`engine.core.message`; a card's name is ``card_term``).
"""

from __future__ import annotations

import random
from typing import Callable, Optional

from engine.dungeon_mayhem import cards as C
from engine.core.message import Listing, Message, msg, plural
from engine.core.trace import credit, keep, mark, settle
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem.cards import (
    AGAIN, ATTACK, DRAW, END, FORM, HAS_ATTACK, HEAL, POWER, SHIELDS, SHIFT, TYPE_MASK, card_term, form_message,
    leaves_play,
)
from engine.dungeon_mayhem.quantities import hp
from engine.dungeon_mayhem.rules import attack_targets, is_regular, is_zone_active, neighbours
from engine.dungeon_mayhem.state import PIERCE, SOAK, TARGET, Board, Pending

Log = Optional[Callable[[str, "str | Message"], None]]
MAX_HP = 10

# Queue entries per card type, reversed (the queue is a stack), without END.
_PUSH: tuple[tuple[tuple[int, int | str], ...], ...] = tuple(tuple(reversed(c.effects)) for c in C.CARD_TYPES)
_PUSH_SPLIT: tuple[tuple[tuple[int, int | str], ...], ...] = tuple(
    tuple(e for code, v in reversed(c.effects) for e in ([(ATTACK, 1)] * int(v) if code == ATTACK else [(code, v)]))
    for c in C.CARD_TYPES
)
POWERS: dict[str, Callable[[Board, int, "Log"], None]] = {}
"""Mighty Power id -> its function(board, cid, log); filled by :mod:`powers` (base game) and :mod:`expansion`."""
STEPS: dict[int, Callable[[Board, int, int, "Log"], None]] = {}
"""Internal queue steps of the expansion powers (code -> handler(board, value, cid, log)); see :mod:`expansion`."""


def _shields(cid: int, dmg: int) -> Message:
    """A Defense card and its shields still unmarked: 'Fluffy (2 shields)'."""
    return plural("{card} ({count} shield)", "{card} ({count} shields)", "count", card=card_term(cid),
                  count=SHIELDS[cid & TYPE_MASK] - dmg)


# ---------------------------------------------------------------- cards and draws

def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place (Fisher-Yates, one ``rng.random()`` per card): setup and every reshuffle."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def push_card(b: Board, cid: int, top: bool, end: bool = True) -> None:
    """DM.card.order: queue the card's symbols in printed order, then its END.

    DM.power.favored_frienemies: an attack card played this turn after Favored Frienemies
    deals ``b.bonus`` more damage, added to its first sword.
    """
    q = b.queue
    if end:
        q.append((END, 1 if top else 0, cid))
    t = cid & TYPE_MASK
    table = _PUSH_SPLIT if b.settings.attack_split_per_sword else _PUSH
    if b.bonus and HAS_ATTACK[t]:
        entries = list(table[t])
        k = max(i for i, (code, _v) in enumerate(entries) if code == ATTACK)  # the first sword (stack order)
        entries[k] = (ATTACK, int(entries[k][1]) + b.bonus)
        q.extend([(code, v, cid) for code, v in entries])
        return
    q.extend([(code, v, cid) for code, v in table[t]])


def reshuffle(b: Board, seat: int, log: Log) -> None:
    """DM.deck.reshuffle: the discard pile becomes the new deck."""
    p = b.players[seat]
    new = p.discard
    p.discard = []
    shuffle(b.random(), new)
    p.deck = new + p.deck
    if log:
        log("DM.deck.reshuffle", plural("{player}'s deck is empty: {count} card from the discard pile is shuffled "
                                        "into a new deck.",
                                        "{player}'s deck is empty: {count} cards from the discard pile are shuffled "
                                        "into a new deck.", "count", player=b.names[seat], count=len(new)))


def draw(b: Board, seat: int, n: int, log: Log) -> int:
    """Draw ``n`` cards (DM.draw.draw); reshuffle when the deck runs out; return how many."""
    p = b.players[seat]
    got = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                if log:
                    log("DM.deck.empty", msg("{player} has no cards left in deck or discard pile; the draw yields nothing.",
                                             player=b.names[seat]))
                break
            if log:
                settle(log)  # the cards drawn so far are the draw's
            reshuffle(b, seat, log)
        p.hand.append(p.deck.pop())
        got += 1
    if log:
        settle(log)  # the draw is logged before it is made: its cards are that step's
    return got


def put_away(b: Board, cid: int, log: Log) -> None:
    """DM.turn.discard: a resolved non-Defense card waits in the played zone or goes to its owner's discard."""
    cid = leaves_play(cid)
    if b.settings.discard_timing == "end_of_turn":
        b.played.append(cid)
    else:
        b.players[cid >> C.OWNER_SHIFT].discard.append(cid)
        if log:
            log("DM.turn.discard", msg("{card} goes to {player}'s discard pile.", card=card_term(cid),
                                       player=b.names[cid >> C.OWNER_SHIFT]))


def empty_hand_draw(b: Board, log: Log) -> None:
    """DM.turn.empty_hand: an empty hand draws 2 at once."""
    if log:
        log("DM.turn.empty_hand", msg("{player}'s hand is empty, so they draw 2 cards.", player=b.names[b.active]))
    draw(b, b.active, 2, log)


def finish_card(b: Board, cid: int, top: int, log: Log) -> None:
    """END of a card: Defense cards stay in play (DM.defense.play), others are put away."""
    actor = b.active
    t = cid & TYPE_MASK
    owner = cid >> C.OWNER_SHIFT
    top, marked = top & 1, top >> 1  # a Mirror's copy may come in with damage marked (E12's alternative)
    if SHIELDS[t] and (owner == actor or top or b.settings.stolen_defense_protects_oriax):
        b.players[actor].defense.append((cid, marked))
        if log:
            log("DM.defense.play", plural("{card} ({count} shield) stays in play in front of {player}.",
                                          "{card} ({count} shields) stays in play in front of {player}.", "count",
                                          card=card_term(t), count=SHIELDS[t] - marked, player=b.names[actor]))
        credit(log, "DM.power.mirror_shields")  # a Mirror's copy: its shields are ruling E12's (the step just before)
    else:
        put_away(b, cid, log)
    if log:
        mark(log, "card", b.freeze)  # the card has resolved every symbol (before an empty-hand draw)
    if top and not b.players[actor].hand and not b.players[actor].out:
        empty_hand_draw(b, log)


def drop_queue(b: Board, log: Log) -> None:
    """DM.ko.turn_ends: effects still queued are lost; cards being resolved are put away."""
    items = b.queue[:]
    del b.queue[:]
    for code, _v, cid in items:
        if code == END:
            put_away(b, cid, None)


# ---------------------------------------------------------------- HP and damage

def heal(b: Board, seat: int, n: int, log: Log) -> None:
    """DM.heal.heal, capped at 10 by DM.heal.cap."""
    p = b.players[seat]
    before = p.hp
    p.hp = min(MAX_HP, before + n)
    if log:
        log("DM.heal.heal", msg("{player} heals {amount}: {before} → {after} HP.", player=b.names[seat], amount=n,
                                before=before, after=p.hp))
        if before + n > MAX_HP:
            log("DM.heal.cap", msg("HP cannot go above {max}; {lost} healing is lost.", max=MAX_HP,
                                   lost=before + n - MAX_HP))
            keep(log, hp(seat + 1))


def hit_hp(b: Board, seat: int, amount: int, log: Log) -> None:
    """DM.hp.damage: damage reaching a player lowers HP, never below 0."""
    p = b.players[seat]
    before = p.hp
    p.hp = before - amount if before > amount else 0
    if log:
        log("DM.hp.damage", msg("{amount} damage reaches {player}: {before} → {after} HP.", amount=amount,
                                player=b.names[seat], before=before, after=p.hp))


ON_DESTROY: dict[int, Callable[[Board, int, int, "Log"], None]] = {}
"""Type id -> what happens when a Defense card of that type is destroyed (Burped-Up Bones; see :mod:`expansion`)."""


def destroy(b: Board, seat: int, k: int, log: Log, rule: str = "DM.defense.destroyed") -> None:
    """Remove Defense card ``k`` of ``seat`` to its owner's discard (DM.card.owner)."""
    cid, dmg = b.players[seat].defense.pop(k)
    owner = cid >> C.OWNER_SHIFT
    b.players[owner].discard.append(leaves_play(cid))
    if log:
        if owner == seat:
            text = msg("{player}'s {card} is destroyed and goes to {owner}'s discard pile.", player=b.names[seat],
                       card=card_term(cid), owner=b.names[owner])
        else:
            text = msg("{player}'s {card} is destroyed and goes to {owner}'s discard pile (it goes back to its owner "
                       "{owner}).", player=b.names[seat], card=card_term(cid), owner=b.names[owner])
        log(rule, text)
    trigger = ON_DESTROY.get(cid & TYPE_MASK)
    if trigger is not None:
        trigger(b, seat, cid, log)


def soak(b: Board, seat: int, k: int, amount: int, log: Log, ruling: str = "") -> int:
    """DM.defense.absorb: Defense card ``k`` of ``seat`` takes damage; return the overflow. ``ruling``: the rule of an
    earlier step that made this damage meet Defense cards (E13): the hit points it keeps are that step's reason."""
    p = b.players[seat]
    cid, dmg = p.defense[k]
    left = SHIELDS[cid & TYPE_MASK] - dmg
    if amount < left:
        p.defense[k] = (cid, dmg + amount)
        if log:
            log("DM.defense.absorb", plural("{player}'s {card} takes {amount}; {count} shield left.",
                                            "{player}'s {card} takes {amount}; {count} shields left.", "count",
                                            player=b.names[seat], card=_shields(cid, dmg), amount=amount,
                                            count=left - amount))
            keep(log, hp(seat + 1))  # the whole attack is absorbed: the player's hit points stay
            if ruling:
                credit(log, ruling, (hp(seat + 1),))
        return 0
    if log:
        p.defense[k] = (cid, dmg + left)  # its last shields are marked (its step), then it is destroyed (the next)
        log("DM.defense.absorb", msg("{player}'s {card} takes {amount}.", player=b.names[seat],
                                     card=_shields(cid, dmg), amount=left))
        if amount == left:
            keep(log, hp(seat + 1))  # exactly absorbed: the player's hit points stay
            if ruling:
                credit(log, ruling, (hp(seat + 1),))
    destroy(b, seat, k, log)
    over = amount - left
    if over and log:
        if p.defense:
            log("DM.defense.overflow", msg("{amount} damage flows through to another Defense card.", amount=over))
        else:
            log("DM.defense.overflow", msg("{amount} damage flows through to {player}.", amount=over,
                                           player=b.names[seat]))
    return over


def flow(b: Board, seat: int, amount: int, cid: int, rest: tuple[int, ...], area: int, log: Log, by: int = -1,
         soaked: bool = False, cause: str = "", ruling: str = "") -> None:
    """DM.defense.overflow: ``amount`` goes to ``seat``'s Defense cards, then HP; then ``rest`` of an area effect.

    ``by`` is the attacker (-1: the active player), who orders the overflow (D2); ``soaked``: a Defense card took
    part of it already (what reaches the hit points then is the overflow's); ``cause``: the rule of the step just
    logged that deals the damage (what reaches the hit points untouched by a Defense card is that step's);
    ``ruling``: a ruling's rule, logged earlier, that decides where this damage goes (see :func:`area_damage`).
    """
    p = b.players[seat]
    order = b.settings.overflow_order
    while amount > 0:
        d = p.defense
        if not d:
            hit_hp(b, seat, amount, log)
            if soaked:  # what reaches the hit points is what the overflow rule let through: that step decides them
                credit(log, "DM.defense.overflow")
            elif cause:
                credit(log, cause)
            break
        if len(d) == 1:
            k = 0
        elif order == "attacker":
            b.pending = Pending(SOAK, amount, seat, cid, rest, area, by)
            if log:
                who = b.names[b.active if by < 0 else by]
                log("DM.defense.overflow_order", msg("{chooser} chooses which of {player}'s Defense cards takes the "
                                                     "next {amount} damage.", chooser=who, player=b.names[seat],
                                                     amount=amount))
            return
        else:
            k = 0 if order == "played_order" else len(d) - 1
        amount = soak(b, seat, k, amount, log, ruling)
        soaked = True
    if rest:
        area_damage(b, rest, area, cid, log, by, ruling=ruling)  # (E14 passes no Defense card: no hits to credit)


def area_damage(b: Board, victims: tuple[int, ...], amount: int, cid: int, log: Log, by: int = -1,
                through: bool | None = None, ruling: str = "", hits: bool = False) -> None:
    """DM.power.area_defense: each victim in turn takes ``amount``, Defense cards first (D3).

    ``through`` False: the damage ignores Defense cards (Here I Come!); None: the D3 setting. ``ruling``: the rule of
    a step logged before, of a ruling that decides how this damage meets Defense cards (E13: the hit points a Defense
    card keeps are that step's reason, :func:`engine.core.trace.credit` by key); with ``hits``, it decides whom the
    damage reaches at all (E14), so the hit points it lowers are that step's reason too.
    """
    if through is None:
        through = b.settings.area_damage_hits_defense
    for i, v in enumerate(victims):
        if through and b.players[v].defense:
            flow(b, v, amount, cid, victims[i + 1:], amount, log, by, ruling=ruling)
            return
        hit_hp(b, v, amount, log)
        if ruling and hits:
            credit(log, ruling, (hp(v + 1),))


# ---------------------------------------------------------------- symbols and powers

def charm_ray_holder(b: Board, attacker: int) -> int:
    """DM.power.charm_ray: the other player who chooses ``attacker``'s targets now, or -1."""
    if b.players[attacker].disguised:
        return -1  # DM.power.clever_disguise: an opponent's Charm Ray does not affect Oriax
    n = b.n
    for i in range(1, n):
        j = (attacker + i) % n
        p = b.players[j]
        if p.charm_ray and not p.out:
            return j
    return -1


def attack(b: Board, amount: int, cid: int, log: Log) -> None:
    """DM.attack.target: a sword symbol of card ``cid`` played by the active player.

    The attack card's turn effects apply here (DM.card.attack_card): For My Next Trick...
    (every opponent it can reach), Here I Come! (Defense cards ignored), another player's
    Charm Ray (that player chooses the target).
    """
    actor = b.active
    seats = attack_targets(b, actor, is_regular(cid))
    if not seats:
        if log:
            log("DM.attack.no_target", msg("{card} has no opponent it can target, so its attack does nothing.",
                                           card=card_term(cid)))
        return
    if b.players[actor].next_trick:
        victims = seats if b.settings.next_trick_respects_zone else attack_targets(b, actor, False)
        # E14: For My Next Trick...'s own sword hits every opponent because its effect starts at once
        own = b.settings.next_trick_own_attack and C.type_of(cid).power == "for_my_next_trick"
        if log:
            log("DM.power.for_my_next_trick", msg("{card} hits every opponent for {amount}: {players}.",
                                                  card=card_term(cid), amount=amount,
                                                  players=Listing(tuple(b.names[i] for i in victims), "comma")))
        area_damage(b, tuple(victims), amount, cid, log, -1, not b.pierce,
                    ruling="DM.power.next_trick_own" if own else "", hits=True)
        return
    chooser = charm_ray_holder(b, actor)
    b.pending = Pending(TARGET, amount, -1, cid, chooser=chooser, flags=PIERCE if b.pierce else 0)
    if log:
        who = b.names[chooser] if chooser >= 0 else b.names[actor]
        log("DM.attack.target", msg("{card} attacks for {amount}: {player} chooses a target.", card=card_term(cid),
                                    amount=amount, player=who))
        if chooser >= 0:
            log("DM.power.charm_ray", msg("{chooser}'s Charm Ray: {chooser} chooses the target of {player}'s attack.",
                                          chooser=b.names[chooser], player=b.names[actor]))
        if b.pierce:
            log("DM.power.here_i_come", msg("Here I Come!: this attack ignores Defense cards and hits a player "
                                            "directly."))
        narrowed(b, actor, cid, log)


def narrowed(b: Board, actor: int, cid: int, log: Callable[[str, "str | Message"], None]) -> None:
    """DM.power.clever_disguise, DM.zone.regular: the opponents still in that the attack may not target, each rule
    keeping the choice's targets (what did not happen: :func:`engine.core.trace.keep`)."""
    others = [i for i, p in enumerate(b.players) if i != actor and not p.out]
    disguised = [i for i in others if b.players[i].disguised]
    if disguised:
        log("DM.power.clever_disguise", plural(
            "{players} is disguised: {card} cannot target them.", "{players} are disguised: {card} cannot target them.",
            "n", players=Listing(tuple(b.names[i] for i in disguised)), card=card_term(cid), n=len(disguised)))
        keep(log, Q.CHOICE_TARGETS)
    if is_regular(cid) and is_zone_active(b):
        near = neighbours(b, actor)
        outside = [i for i in others if i not in disguised and i not in near]
        if outside:
            log("DM.zone.regular", plural(
                "{players} is outside the Zone of Influence of {attacker}: {card} is a regular card, so it can target "
                "only a neighbour.", "{players} are outside the Zone of Influence of {attacker}: {card} is a regular "
                "card, so it can target only a neighbour.", "n", players=Listing(tuple(b.names[i] for i in outside)),
                attacker=b.names[actor], card=card_term(cid), n=len(outside)))
            keep(log, Q.CHOICE_TARGETS)


def resolve_effect(b: Board, code: int, v: int | str, cid: int, log: Log) -> None:
    """Resolve one symbol of card ``cid`` for the active player."""
    actor = b.active
    if code == ATTACK:
        attack(b, int(v), cid, log)
    elif code == END:
        finish_card(b, cid, int(v), log)
    elif code == AGAIN:
        b.plays_owed += int(v)
        if log:
            log("DM.turn.play_again", plural("Play Again: {player} must play {count} more card.",
                                             "Play Again: {player} must play {count} more cards.", "count",
                                             player=b.names[actor], count=int(v)))
    elif code == DRAW:
        if log:
            log("DM.draw.draw", msg("{player} draws {count}.", player=b.names[actor], count=int(v)))
        draw(b, actor, int(v), log)
    elif code == HEAL:
        heal(b, actor, int(v), log)
    elif code == POWER:
        POWERS[str(v)](b, cid, log)
    elif code == FORM:
        form_symbol(b, int(v), cid, log)
    elif code == SHIFT:
        b.players[actor].form = str(v)
        if log:
            log("DM.form.shift", msg("{player} enters {form}.", player=b.names[actor], form=form_message(str(v))))
    else:
        STEPS[code](b, int(v), cid, log)


def form_symbol(b: Board, n: int, cid: int, log: Log) -> None:
    """DM.form.symbol: a heart in Bear Form, a sword in Wolf Form, nothing in no form."""
    actor = b.active
    form = b.players[actor].form
    if log:
        if form == "bear":
            text = msg("{player} is in Bear Form: the form symbol on {card} counts as a heart.",
                       player=b.names[actor], card=card_term(cid))
        elif form == "wolf":
            text = msg("{player} is in Wolf Form: the form symbol on {card} counts as a sword.",
                       player=b.names[actor], card=card_term(cid))
        else:
            text = msg("{player} is in no form: the form symbol on {card} counts as nothing.",
                       player=b.names[actor], card=card_term(cid))
        log("DM.form.symbol", text)
    if form == "bear":
        heal(b, actor, n, log)
    elif form == "wolf":
        attack(b, n, cid, log)

