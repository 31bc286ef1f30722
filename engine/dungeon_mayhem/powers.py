"""The Mighty Powers of the four base characters (digest §6), one function each.

Each function takes the board, the card being resolved and the log, and either resolves
the power at once or sets the pending choice its card asks for (answered in :mod:`turns`).
"""

from __future__ import annotations

from typing import Callable

from engine.core.message import N_, Listing, msg, plural
from engine.core.trace import keep
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem import cards as C
from engine.dungeon_mayhem.cards import card_term
from engine.dungeon_mayhem.resolve import POWERS, Log, area_damage, destroy, draw, heal
from engine.dungeon_mayhem.rules import charmable, destroyable, opponents, pick_pocket_victims
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, MIND_BLAST, MIND_GAMES, PICK_POCKET, RECOVER, SWAP, Board, Pending,
)


def _fireball(b: Board, cid: int, log: Log) -> None:
    actor, n = b.active, b.n
    seats = [(actor + i) % n for i in range(n)]
    victims = tuple(s for s in seats if not b.players[s].out and (s == actor or not b.players[s].disguised))
    if log:
        log("DM.power.fireball", msg("Fireball: {players} each take 3 damage.",
                                     players=Listing(tuple(b.names[s] for s in victims), "comma")))
        keep(log, *(Q.hp(s + 1) for s in seats if s not in victims and not b.players[s].out))  # disguised: untouched
        if b.settings.area_damage_hits_defense:
            log("DM.power.area_defense", msg("Defense cards absorb Fireball damage before HP."))
    area_damage(b, victims, 3, cid, log)


def _whirling_axes(b: Board, cid: int, log: Log) -> None:
    actor = b.active
    targets = tuple(opponents(b, actor))
    if b.settings.disguise_counts_for_axes_heal:
        count = sum(1 for i, p in enumerate(b.players) if i != actor and not p.out)
    else:
        count = len(targets)
    if log and targets:
        log("DM.power.whirling_axes", plural("Whirling Axes: {player} heals 1 for each of {count} opponent, then deals "
                                             "1 damage to {targets}.",
                                             "Whirling Axes: {player} heals 1 for each of {count} opponents, then "
                                             "deals 1 damage to {targets}.", "count", player=b.names[actor],
                                             count=count, targets=Listing(tuple(b.names[i] for i in targets))))
        keep(log, *(Q.hp(i + 1) for i, p in enumerate(b.players) if i != actor and not p.out and i not in targets))
    elif log:  # every opponent disguised, and the disguised still count for the heal (a setting)
        log("DM.power.whirling_axes", plural("Whirling Axes: {player} heals 1 for each of {count} opponent; no "
                                             "opponent can be hit.",
                                             "Whirling Axes: {player} heals 1 for each of {count} opponents; no "
                                             "opponent can be hit.", "count", player=b.names[actor], count=count))
        keep(log, *(Q.hp(i + 1) for i, p in enumerate(b.players) if i != actor and not p.out))
    heal(b, actor, count, log)
    area_damage(b, targets, 1, cid, log)


def _battle_roar(b: Board, cid: int, log: Log) -> None:
    actor, n = b.active, b.n
    if log:
        log("DM.power.battle_roar", msg("Battle Roar: every player discards their hand and draws 3."))
    for s in [(actor + i) % n for i in range(n)]:
        p = b.players[s]
        if p.out:
            continue
        if s != actor and p.disguised and b.settings.disguise_blocks_battle_roar:
            if log:
                log("DM.power.clever_disguise", msg("{player} is disguised and is not affected by Battle Roar.",
                                                    player=b.names[s]))
                keep(log, Q.hand_cards(s + 1), Q.hand_size(s + 1))
            continue
        for c in p.hand:
            b.players[c >> C.OWNER_SHIFT].discard.append(c)
        p.hand = []
        draw(b, s, 3, log)


def choose_power(kind: str, rule: str, chooses: str, nothing: str) -> Callable[[Board, int, Log], None]:
    """A Mighty Power that asks its player to choose (``kind``): the pending choice, or nothing if there is no option.

    ``chooses`` and ``nothing`` are the two sentences it logs, message templates marked ``N_`` (``{card}``: the
    card, ``{player}``: who chooses)."""
    finder = {DESTROY: destroyable, CHARM: charmable, SWAP: opponents, PICK_POCKET: pick_pocket_victims,
              MIND_GAMES: opponents, MIND_BLAST: opponents}[kind]

    def power(b: Board, cid: int, log: Log) -> None:
        if finder(b, b.active):
            b.pending = Pending(kind, 0, -1, cid)
            if log:
                log(rule, msg(chooses, card=card_term(cid), player=b.names[b.active]))
        elif log:
            log(rule, msg(nothing, card=card_term(cid)))
    return power


def _divine_inspiration(b: Board, cid: int, log: Log) -> None:
    if b.players[b.active].discard:
        b.pending = Pending(RECOVER, 0, -1, cid)
        if log:
            log("DM.power.divine_inspiration", msg("Divine Inspiration: {player} chooses a card from their discard "
                                                   "pile.", player=b.names[b.active]))
    elif log:
        log("DM.power.divine_inspiration", msg("Divine Inspiration: {player}'s discard pile is empty.",
                                               player=b.names[b.active]))


def _banishing_smite(b: Board, cid: int, log: Log) -> None:
    actor = b.active
    if log:
        log("DM.power.banishing_smite", msg("Banishing Smite destroys every Defense card in play."))
    for s, p in enumerate(b.players):
        if p.out or (s != actor and p.disguised):
            if log and p.disguised and p.defense and s != actor:
                log("DM.power.clever_disguise", msg("{player} is disguised: their Defense cards are not affected.",
                                                    player=b.names[s]))
                keep(log, Q.defense(s + 1))
            continue
        while p.defense:
            destroy(b, s, len(p.defense) - 1, log)


def _clever_disguise(b: Board, cid: int, log: Log) -> None:
    b.players[b.active].disguised = True
    if log:
        log("DM.power.clever_disguise", msg("{player} is disguised until their next turn: opponents' cards cannot "
                                            "affect them.", player=b.names[b.active]))


DESTROY_CHOOSES = N_("{card}: {player} chooses a Defense card to destroy.")
DESTROY_NOTHING = N_("{card}: there is nothing to choose (a Defense card to destroy), so it does nothing.")

POWERS.update({
    C.FIREBALL: _fireball,
    C.CHARM: choose_power(CHARM, "DM.power.charm", N_("{card}: {player} chooses an opponent's Defense card to take."),
                          N_("{card}: there is nothing to choose (an opponent's Defense card to take), so it does "
                             "nothing.")),
    C.VAMPIRIC_TOUCH: choose_power(SWAP, "DM.power.vampiric_touch",
                                   N_("{card}: {player} chooses an opponent to swap HP with."),
                                   N_("{card}: there is nothing to choose (an opponent to swap HP with), so it does "
                                      "nothing.")),
    C.WHIRLING_AXES: _whirling_axes,
    C.BATTLE_ROAR: _battle_roar,
    C.MIGHTY_TOSS: choose_power(DESTROY, "DM.power.mighty_toss", DESTROY_CHOOSES, DESTROY_NOTHING),
    C.DIVINE_INSPIRATION: _divine_inspiration,
    C.BANISHING_SMITE: _banishing_smite,
    C.CLEVER_DISGUISE: _clever_disguise,
    C.SNEAK_ATTACK: choose_power(DESTROY, "DM.power.sneak_attack", DESTROY_CHOOSES, DESTROY_NOTHING),
    C.PICK_POCKET: choose_power(PICK_POCKET, "DM.power.pick_pocket", N_("{card}: {player} chooses a player to steal "
                                                                        "from."),
                                N_("{card}: there is nothing to choose (a player to steal from), so it does nothing.")),
})
