"""Effect resolution on a mutable :class:`~state.Board`: symbols, damage, Mighty Powers.

Functions here mutate the board. ``log`` is ``None`` on the fast path; when given, it
is called as ``log(rule_id, sentence)`` and every sentence is built only then.
"""

from __future__ import annotations

from typing import Callable, Optional

from engine.dungeon_mayhem import cards as C
from engine.core.trace import mark
from engine.dungeon_mayhem.cards import AGAIN, ATTACK, DRAW, END, HEAL, NAMES, POWER, SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.rules import (
    attack_targets, charmable, destroyable, is_regular, opponents, pick_pocket_victims,
)
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, PICK_POCKET, RECOVER, SOAK, SWAP, TARGET, Board, Pending,
)

Log = Optional[Callable[[str, str], None]]
MAX_HP = 10

# Queue entries per card type, reversed (the queue is a stack), without END.
_PUSH: tuple[tuple[tuple[int, int | str], ...], ...] = tuple(tuple(reversed(c.effects)) for c in C.CARD_TYPES)
_PUSH_SPLIT: tuple[tuple[tuple[int, int | str], ...], ...] = tuple(
    tuple(e for code, v in reversed(c.effects) for e in ([(ATTACK, 1)] * int(v) if code == ATTACK else [(code, v)]))
    for c in C.CARD_TYPES
)


def _shields(cid: int, dmg: int) -> str:
    left = SHIELDS[cid & TYPE_MASK] - dmg
    return f"{NAMES[cid & TYPE_MASK]} ({left} shield{'s' if left != 1 else ''})"


# ---------------------------------------------------------------- cards and draws

def push_card(b: Board, cid: int, top: bool) -> None:
    """DM.card.order: queue the card's symbols in printed order, then its END."""
    q = b.queue
    q.append((END, 1 if top else 0, cid))
    table = _PUSH_SPLIT if b.settings.attack_split_per_sword else _PUSH
    q.extend([(code, v, cid) for code, v in table[cid & TYPE_MASK]])


def reshuffle(b: Board, seat: int, log: Log) -> None:
    """DM.deck.reshuffle: the discard pile becomes the new deck."""
    p = b.players[seat]
    new = p.discard
    p.discard = []
    b.random().shuffle(new)
    p.deck = new + p.deck
    if log:
        n = len(new)
        log("DM.deck.reshuffle", f"{b.names[seat]}'s deck is empty: {n} card{'s' if n != 1 else ''} from the discard pile "
                                 f"{'are' if n != 1 else 'is'} shuffled into a new deck.")


def draw(b: Board, seat: int, n: int, log: Log) -> int:
    """Draw ``n`` cards (DM.draw.draw); reshuffle when the deck runs out; return how many."""
    p = b.players[seat]
    got = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                if log:
                    log("DM.deck.empty", f"{b.names[seat]} has no cards left in deck or discard pile; the draw yields nothing.")
                break
            reshuffle(b, seat, log)
        p.hand.append(p.deck.pop())
        got += 1
    return got


def put_away(b: Board, cid: int, log: Log) -> None:
    """DM.turn.discard: a resolved non-Defense card waits in the played zone or goes to its owner's discard."""
    if b.settings.discard_timing == "end_of_turn":
        b.played.append(cid)
    else:
        b.players[cid >> C.OWNER_SHIFT].discard.append(cid)
        if log:
            log("DM.turn.discard", f"{NAMES[cid & TYPE_MASK]} goes to {b.names[cid >> C.OWNER_SHIFT]}'s discard pile.")


def empty_hand_draw(b: Board, log: Log) -> None:
    """DM.turn.empty_hand: an empty hand draws 2 at once."""
    if log:
        log("DM.turn.empty_hand", f"{b.names[b.active]}'s hand is empty, so they draw 2 cards.")
    draw(b, b.active, 2, log)


def finish_card(b: Board, cid: int, top: int, log: Log) -> None:
    """END of a card: Defense cards stay in play (DM.defense.play), others are put away."""
    actor = b.active
    t = cid & TYPE_MASK
    owner = cid >> C.OWNER_SHIFT
    if SHIELDS[t] and (owner == actor or b.settings.stolen_defense_protects_oriax):
        b.players[actor].defense.append((cid, 0))
        if log:
            log("DM.defense.play", f"{NAMES[t]} ({SHIELDS[t]} shields) stays in play in front of {b.names[actor]}.")
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
        log("DM.heal.heal", f"{b.names[seat]} heals {n}: {before} → {p.hp} HP.")
        if before + n > MAX_HP:
            log("DM.heal.cap", f"HP cannot go above {MAX_HP}; {before + n - MAX_HP} healing is lost.")


def hit_hp(b: Board, seat: int, amount: int, log: Log) -> None:
    """DM.hp.damage: damage reaching a player lowers HP, never below 0."""
    p = b.players[seat]
    before = p.hp
    p.hp = before - amount if before > amount else 0
    if log:
        log("DM.hp.damage", f"{amount} damage reaches {b.names[seat]}: {before} → {p.hp} HP.")


def destroy(b: Board, seat: int, k: int, log: Log, rule: str = "DM.defense.destroyed") -> None:
    """Remove Defense card ``k`` of ``seat`` to its owner's discard (DM.card.owner)."""
    cid, dmg = b.players[seat].defense.pop(k)
    owner = cid >> C.OWNER_SHIFT
    b.players[owner].discard.append(cid)
    if log:
        whose = "" if owner == seat else f" (it goes back to its owner {b.names[owner]})"
        log(rule, f"{b.names[seat]}'s {NAMES[cid & TYPE_MASK]} is destroyed and goes to {b.names[owner]}'s discard pile{whose}.")


def soak(b: Board, seat: int, k: int, amount: int, log: Log) -> int:
    """DM.defense.absorb: Defense card ``k`` of ``seat`` takes damage; return the overflow."""
    p = b.players[seat]
    cid, dmg = p.defense[k]
    left = SHIELDS[cid & TYPE_MASK] - dmg
    if amount < left:
        p.defense[k] = (cid, dmg + amount)
        if log:
            log("DM.defense.absorb", f"{b.names[seat]}'s {_shields(cid, dmg)} takes {amount}; {left - amount} shield{'s' if left - amount != 1 else ''} left.")
        return 0
    if log:
        log("DM.defense.absorb", f"{b.names[seat]}'s {_shields(cid, dmg)} takes {left}.")
    destroy(b, seat, k, log)
    over = amount - left
    if over and log:
        where = "another Defense card" if p.defense else b.names[seat]
        log("DM.defense.overflow", f"{over} damage flows through to {where}.")
    return over


def flow(b: Board, seat: int, amount: int, cid: int, rest: tuple[int, ...], area: int, log: Log) -> None:
    """DM.defense.overflow: ``amount`` goes to ``seat``'s Defense cards, then HP; then ``rest`` of an area effect."""
    p = b.players[seat]
    order = b.settings.overflow_order
    while amount > 0:
        d = p.defense
        if not d:
            hit_hp(b, seat, amount, log)
            break
        if len(d) == 1:
            k = 0
        elif order == "attacker":
            b.pending = Pending(SOAK, amount, seat, cid, rest, area)
            if log:
                log("DM.defense.overflow_order", f"{b.names[b.active]} chooses which of {b.names[seat]}'s Defense cards takes the next {amount} damage.")
            return
        else:
            k = 0 if order == "played_order" else len(d) - 1
        amount = soak(b, seat, k, amount, log)
    if rest:
        area_damage(b, rest, area, cid, log)


def area_damage(b: Board, victims: tuple[int, ...], amount: int, cid: int, log: Log) -> None:
    """DM.power.area_defense: each victim in turn takes ``amount``, Defense cards first (D3)."""
    through = b.settings.area_damage_hits_defense
    for i, v in enumerate(victims):
        if through and b.players[v].defense:
            flow(b, v, amount, cid, victims[i + 1:], amount, log)
            return
        hit_hp(b, v, amount, log)


# ---------------------------------------------------------------- symbols and powers

def resolve_effect(b: Board, code: int, v: int | str, cid: int, log: Log) -> None:
    """Resolve one symbol of card ``cid`` for the active player."""
    actor = b.active
    if code == ATTACK:
        if attack_targets(b, actor, is_regular(cid)):
            b.pending = Pending(TARGET, int(v), -1, cid)
            if log:
                log("DM.attack.target", f"{NAMES[cid & TYPE_MASK]} attacks for {v}: {b.names[actor]} chooses a target.")
        elif log:
            log("DM.attack.no_target", f"{NAMES[cid & TYPE_MASK]} has no opponent it can target, so its attack does nothing.")
    elif code == END:
        finish_card(b, cid, int(v), log)
    elif code == AGAIN:
        b.plays_owed += int(v)
        if log:
            log("DM.turn.play_again", f"Play Again: {b.names[actor]} must play {v} more card{'s' if v != 1 else ''}.")
    elif code == DRAW:
        if log:
            log("DM.draw.draw", f"{b.names[actor]} draws {v}.")
        draw(b, actor, int(v), log)
    elif code == HEAL:
        heal(b, actor, int(v), log)
    elif code == POWER:
        POWERS[str(v)](b, cid, log)


def _fireball(b: Board, cid: int, log: Log) -> None:
    actor, n = b.active, b.n
    seats = [(actor + i) % n for i in range(n)]
    victims = tuple(s for s in seats if not b.players[s].out and (s == actor or not b.players[s].disguised))
    if log:
        log("DM.power.fireball", f"Fireball: {', '.join(b.names[s] for s in victims)} each take 3 damage.")
        if b.settings.area_damage_hits_defense:
            log("DM.power.area_defense", "Defense cards absorb Fireball damage before HP.")
    area_damage(b, victims, 3, cid, log)


def _whirling_axes(b: Board, cid: int, log: Log) -> None:
    actor = b.active
    targets = tuple(opponents(b, actor))
    if b.settings.disguise_counts_for_axes_heal:
        count = sum(1 for i, p in enumerate(b.players) if i != actor and not p.out)
    else:
        count = len(targets)
    if log:
        log("DM.power.whirling_axes", f"Whirling Axes: {b.names[actor]} heals 1 for each of {count} opponents, then deals 1 damage to each of {len(targets)}.")
    heal(b, actor, count, log)
    area_damage(b, targets, 1, cid, log)


def _battle_roar(b: Board, cid: int, log: Log) -> None:
    actor, n = b.active, b.n
    if log:
        log("DM.power.battle_roar", "Battle Roar: every player discards their hand and draws 3.")
    for s in [(actor + i) % n for i in range(n)]:
        p = b.players[s]
        if p.out:
            continue
        if s != actor and p.disguised and b.settings.disguise_blocks_battle_roar:
            if log:
                log("DM.power.clever_disguise", f"{b.names[s]} is disguised and is not affected by Battle Roar.")
            continue
        for c in p.hand:
            b.players[c >> C.OWNER_SHIFT].discard.append(c)
        p.hand = []
        draw(b, s, 3, log)


def _choose(kind: str, rule: str, what: str) -> Callable[[Board, int, Log], None]:
    finder = {DESTROY: destroyable, CHARM: charmable, SWAP: opponents, PICK_POCKET: pick_pocket_victims}[kind]

    def power(b: Board, cid: int, log: Log) -> None:
        if finder(b, b.active):
            b.pending = Pending(kind, 0, -1, cid)
            if log:
                log(rule, f"{NAMES[cid & TYPE_MASK]}: {b.names[b.active]} chooses {what}.")
        elif log:
            log(rule, f"{NAMES[cid & TYPE_MASK]}: there is no {what} to choose, so it does nothing.")
    return power


def _divine_inspiration(b: Board, cid: int, log: Log) -> None:
    if b.players[b.active].discard:
        b.pending = Pending(RECOVER, 0, -1, cid)
        if log:
            log("DM.power.divine_inspiration", f"Divine Inspiration: {b.names[b.active]} chooses a card from their discard pile.")
    elif log:
        log("DM.power.divine_inspiration", f"Divine Inspiration: {b.names[b.active]}'s discard pile is empty.")


def _banishing_smite(b: Board, cid: int, log: Log) -> None:
    actor = b.active
    if log:
        log("DM.power.banishing_smite", "Banishing Smite destroys every Defense card in play.")
    for s, p in enumerate(b.players):
        if p.out or (s != actor and p.disguised):
            if log and p.disguised and p.defense and s != actor:
                log("DM.power.clever_disguise", f"{b.names[s]} is disguised: their Defense cards are not affected.")
            continue
        while p.defense:
            destroy(b, s, len(p.defense) - 1, log)


def _clever_disguise(b: Board, cid: int, log: Log) -> None:
    b.players[b.active].disguised = True
    if log:
        log("DM.power.clever_disguise", f"{b.names[b.active]} is disguised until their next turn: opponents' cards cannot affect them.")


POWERS: dict[str, Callable[[Board, int, Log], None]] = {
    C.FIREBALL: _fireball,
    C.CHARM: _choose(CHARM, "DM.power.charm", "an opponent's Defense card to take"),
    C.VAMPIRIC_TOUCH: _choose(SWAP, "DM.power.vampiric_touch", "an opponent to swap HP with"),
    C.WHIRLING_AXES: _whirling_axes,
    C.BATTLE_ROAR: _battle_roar,
    C.MIGHTY_TOSS: _choose(DESTROY, "DM.power.mighty_toss", "a Defense card to destroy"),
    C.DIVINE_INSPIRATION: _divine_inspiration,
    C.BANISHING_SMITE: _banishing_smite,
    C.CLEVER_DISGUISE: _clever_disguise,
    C.SNEAK_ATTACK: _choose(DESTROY, "DM.power.sneak_attack", "a Defense card to destroy"),
    C.PICK_POCKET: _choose(PICK_POCKET, "DM.power.pick_pocket", "a player to steal from"),
}
