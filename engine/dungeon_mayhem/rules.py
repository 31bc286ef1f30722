"""Read-only rule predicates and target lists.

Every function takes a :class:`~state.State` or a :class:`~state.Board` (same
attribute names) and never mutates it. Rule ids in comments refer to the glossary.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.actions import Action
from engine.dungeon_mayhem.cards import IS_FORM_CARD, IS_MIGHTY, SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, FREE_PLAY, GHOST, MIND_BLAST, MIND_GAMES, MIRROR, OPTIONS, PICK_POCKET, PIERCE, PLAY,
    RECOVER, SOAK, SWAP, TARGET, TRAP, TRAP_TO,
)

Position = Any  # State | Board: both expose players, active, pending, settings, ...


def first_seat(ages: Sequence[int | None]) -> int:
    """DM.setup.order: the youngest player goes first (seats listed in turn order; without ages, the first listed).

    >>> first_seat([31, 9, 12])
    1
    >>> first_seat([None, None])
    0
    """
    known = [(a, i) for i, a in enumerate(ages) if a is not None]
    return min(known)[1] if len(known) == len(ages) and known else 0


def acting(s: Position) -> int:
    """The seat the pending choice is made for: an attack's attacker, the asked player (default: the active player)."""
    by = s.pending.by if s.pending is not None else -1
    return s.active if by < 0 else int(by)


def deciding(s: Position) -> int:
    """The seat that makes the pending choice (Charm Ray: Delilah for another player's attack)."""
    who = s.pending.chooser if s.pending is not None else -1
    return acting(s) if who < 0 else int(who)


def living(s: Position) -> list[int]:
    """Seats of the players still in the game (DM.ko.knockout)."""
    return [i for i, p in enumerate(s.players) if not p.out]


def is_five_six_game(s: Position) -> bool:
    """The game started with 5-6 players (digest §8)."""
    return bool(s.start_players >= 5)


def is_zone_active(s: Position) -> bool:
    """DM.zone.regular / DM.zone.off: the Zone of Influence applies right now."""
    st = s.settings
    if not st.zone_of_influence or s.start_players < 5:
        return False
    alive = sum(1 for p in s.players if not p.out)
    return alive > st.zone_off_at_or_below


def neighbours(s: Position, seat: int) -> tuple[int, ...]:
    """DM.zone.neighbours: the seats ``seat`` may target with a regular card under the Zone."""
    players = s.players
    n = len(players)
    if s.settings.neighbours == "seated":
        return tuple(j for j in {(seat + 1) % n, (seat - 1) % n} if j != seat and not players[j].out)
    found: list[int] = []
    for step in (1, -1):
        j = (seat + step) % n
        while j != seat and players[j].out:
            j = (j + step) % n
        if j != seat and j not in found:
            found.append(j)
    return tuple(found)


def is_shielded_by_disguise(s: Position, actor: int, seat: int) -> bool:
    """DM.power.clever_disguise: ``seat`` is disguised and ``actor`` is an opponent."""
    return seat != actor and s.players[seat].disguised


def has_defense(s: Position, seat: int) -> bool:
    """DM.defense.protects: the player has a Defense card in play."""
    return bool(s.players[seat].defense)


def is_regular(cid: int) -> bool:
    """A card without a Mighty Power (DM.zone.regular applies to it)."""
    return not IS_MIGHTY[cid & TYPE_MASK]


def is_defense_card(cid: int) -> bool:
    return SHIELDS[cid & TYPE_MASK] > 0


def opponents(s: Position, actor: int) -> list[int]:
    """Opponents still in the game that ``actor``'s cards may affect (not disguised)."""
    return [i for i, p in enumerate(s.players) if i != actor and not p.out and not p.disguised]


def attack_targets(s: Position, actor: int, regular: bool) -> list[int]:
    """DM.attack.target, DM.zone.regular: seats an attack from ``actor`` may target."""
    seats = opponents(s, actor)
    if regular and is_zone_active(s):
        near = neighbours(s, actor)
        seats = [i for i in seats if i in near]
    return seats


def ghost_targets(s: Position, ghost: int) -> list[int]:
    """DM.ghost.target: living players a ghost may choose (HP >= the minimum)."""
    st = s.settings
    low = st.ghost_min_target_hp
    return [
        i for i, p in enumerate(s.players)
        if i != ghost and not p.out and p.hp >= low and not (st.disguise_blocks_ghost and p.disguised)
    ]


def destroyable(s: Position, actor: int) -> list[tuple[int, int]]:
    """DM.power.mighty_toss / DM.power.sneak_attack: Defense cards ``actor`` may destroy."""
    own = s.settings.destroy_own_defense
    out: list[tuple[int, int]] = []
    for i, p in enumerate(s.players):
        if p.out or (i == actor and not own) or (i != actor and p.disguised):
            continue
        out.extend((i, k) for k in range(len(p.defense)))
    return out


def charmable(s: Position, actor: int) -> list[tuple[int, int]]:
    """DM.power.charm: opponents' Defense cards ``actor`` may take."""
    return [(i, k) for i in opponents(s, actor) for k in range(len(s.players[i].defense))]


def copyable(s: Position, actor: int) -> list[tuple[int, int]]:
    """DM.power.definitely_just_a_mirror: Defense cards in play a Mirror may copy (not a disguised opponent's)."""
    return [(i, k) for i, p in enumerate(s.players)
            if not p.out and not is_shielded_by_disguise(s, actor, i) for k in range(len(p.defense))]


def trap_players(s: Position, actor: int) -> list[int]:
    """DM.power.its_not_a_trap: players still in whose HP may change or be copied (not a disguised opponent)."""
    return [i for i, p in enumerate(s.players) if not p.out and not is_shielded_by_disguise(s, actor, i)]


def is_form_card(cid: int) -> bool:
    """DM.power.commune_with_nature: a Shapeshift card (a "Form card")."""
    return IS_FORM_CARD[cid & TYPE_MASK]


def pick_pocket_victims(s: Position, actor: int) -> list[int]:
    """DM.power.pick_pocket: other players whose top card can be taken."""
    reshuffle = s.settings.pick_pocket_reshuffles
    return [
        i for i in opponents(s, actor)
        if s.players[i].deck or (reshuffle and s.players[i].discard)
    ]


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


def can_play(s: Position) -> bool:
    """DM.turn.play: the active player is choosing a card to play."""
    return s.pending is not None and s.pending.kind == PLAY


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
        return [A.play(i) for i in range(len(hand)) if is_form_card(hand[i])] + [A.option("pass")]
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
