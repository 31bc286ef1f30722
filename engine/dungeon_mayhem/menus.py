"""Enumeration: every legal action for the pending choice, in a stable order.

Which choices are legal is decided by the target lists and checks in ``rules.py``; this module
only lists them (``game.legal_actions`` is its public face, the simulators call it directly).
"""

from __future__ import annotations

from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.actions import Action
from engine.dungeon_mayhem.rules import (
    Position, attack_targets, charmable, copyable, destroyable, ghost_targets, is_form_card, is_regular, opponents,
    pick_pocket_victims, trap_players,
)
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, FREE_PLAY, GHOST, MIND_BLAST, MIND_GAMES, MIRROR, OPTIONS, PICK_POCKET, PIERCE, PLAY,
    RECOVER, SOAK, SWAP, TARGET, TRAP, TRAP_TO,
)


def damage_choices(s: Position, seats: list[int], hits_defense: bool = True) -> list[Action]:
    """ChooseTarget actions for damage to ``seats``: one per Defense card, or the player if none."""
    out: list[Action] = []
    for i in seats:
        d = s.players[i].defense if hits_defense else ()
        if d:
            out.extend(A.target(i, k) for k in range(len(d)))
        else:
            out.append(A.target(i, None))
    return out


def legal_actions(s: Position) -> list[Action]:
    """Every legal action, in a stable order (empty when the game is over)."""
    pend = s.pending
    if s.over or pend is None:
        return []
    kind = pend.kind
    actor = s.active if pend.by < 0 else pend.by
    if kind == PLAY:
        return [A.play(i) for i in range(len(s.players[actor].hand))]
    if kind == TARGET:
        seats = attack_targets(s, actor, is_regular(pend.card))
        if pend.exclude >= 0:
            seats = [i for i in seats if i != pend.exclude]
        return damage_choices(s, seats, not pend.flags & PIERCE)
    if kind == SOAK:
        return [A.target(pend.victim, k) for k in range(len(s.players[pend.victim].defense))]
    if kind == GHOST:
        return damage_choices(s, ghost_targets(s, actor), s.settings.ghost_hits_defense)
    if kind == DESTROY:
        return [A.defense(i, k) for i, k in destroyable(s, actor)]
    if kind == CHARM:
        return [A.defense(i, k) for i, k in charmable(s, actor)]
    if kind == SWAP:
        return [A.player(i) for i in opponents(s, actor)]
    if kind == PICK_POCKET:
        return [A.player(i) for i in pick_pocket_victims(s, actor)]
    if kind == RECOVER:
        return [A.discard(i) for i in range(len(s.players[actor].discard))]
    if kind == FREE_PLAY:
        hand = s.players[actor].hand
        forms: list[Action] = [A.play(i) for i in range(len(hand)) if is_form_card(hand[i])]
        return forms + [A.option("pass")]
    if kind in OPTIONS:
        return [A.option(o) for o in OPTIONS[kind]]
    if kind == MIRROR:
        return [A.defense(i, k) for i, k in copyable(s, actor)]
    if kind == TRAP:
        return [A.player(i) for i in trap_players(s, actor)]
    if kind == TRAP_TO:
        return [A.player(i) for i in trap_players(s, actor) if i != pend.victim]
    if kind in (MIND_GAMES, MIND_BLAST):
        return [A.player(i) for i in opponents(s, actor)]
    raise AssertionError(f"unknown pending kind {kind!r}")
