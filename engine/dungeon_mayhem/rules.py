"""Read-only rule predicates, target lists and checks.

Every function takes a :class:`~state.State` or a :class:`~state.Board` (same
attribute names) and never mutates it. Each docstring opens with the rule ids it reads.
A check (``can_*``) returns a :data:`~engine.core.errors.Verdict`: ``None`` when the rules
allow the choice, else the most specific rule that forbids it and why. What changes the
table lives in ``resolve.py``/``turns.py``; enumeration of the legal actions in ``menus.py``.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.core.errors import Verdict
from engine.core.message import msg
from engine.dungeon_mayhem.cards import IS_FORM_CARD, IS_MIGHTY, POWER_OF, SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.state import CHARM, DESTROY, GHOST, PIERCE, PLAY, SOAK, SWAP, TARGET

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
    return bool(alive > st.zone_off_at_or_below)


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


def is_choosing_play(s: Position) -> bool:
    """DM.turn.play: the active player is choosing a card to play."""
    return s.pending is not None and s.pending.kind == PLAY


# ---------------------------------------------------------------- checks (Verdicts)

def _not_choosable(s: Position, seat: int, rule: str) -> Verdict:
    """DM.ko.knockout, DM.power.clever_disguise, else ``rule``: why ``seat`` cannot be chosen."""
    if s.players[seat].out:
        return ("DM.ko.knockout", msg("{player} is knocked out and cannot be chosen", player=s.names[seat]))
    if is_shielded_by_disguise(s, s.active, seat):
        return ("DM.power.clever_disguise", msg("{player} is disguised", player=s.names[seat]))
    return (rule, msg("{player} cannot be chosen here", player=s.names[seat]))


def can_target(s: Position, seat: int) -> Verdict:
    """DM.attack.target, DM.attack.single_target, DM.ghost.target, DM.zone.regular, DM.power.hostile_takeover,
    DM.ko.knockout, DM.power.clever_disguise: whether the pending damage (an attack, its overflow, a ghost's
    damage) may go to ``seat``."""
    pend = s.pending
    kind = pend.kind
    if kind == SOAK:
        if seat != pend.victim:
            return ("DM.attack.single_target", msg("the overflow stays with {player}", player=s.names[pend.victim]))
        return None
    if kind == GHOST:
        if seat in ghost_targets(s, s.active):
            return None
        target = s.players[seat]
        if target.disguised and s.settings.disguise_blocks_ghost:
            return ("DM.power.clever_disguise", msg("{player} is disguised", player=s.names[seat]))
        if not target.out and seat != s.active:
            return ("DM.ghost.target", msg("a ghost may only choose a player with at least {hp} HP",
                                           hp=s.settings.ghost_min_target_hp))
        return _not_choosable(s, seat, "DM.ghost.target")
    by = acting(s)
    if seat == by:
        return ("DM.attack.target", msg("an attack must target an opponent, not yourself"))
    if seat == pend.exclude:
        return ("DM.power.hostile_takeover", msg("the last damage goes to a different opponent than {player}",
                                                 player=s.names[seat]))
    regular = is_regular(pend.card)
    if seat in attack_targets(s, by, regular):
        return None
    if regular and is_zone_active(s) and seat not in neighbours(s, by) and seat in opponents(s, by):
        return ("DM.zone.regular", msg("{player} is outside the Zone of Influence of {attacker}", player=s.names[seat],
                                       attacker=s.names[by]))
    return _not_choosable(s, seat, "DM.attack.target")


def is_defense_hit(s: Position, seat: int) -> bool:
    """DM.defense.protects (DM.power.here_i_come, DM.ghost.turn): the pending damage to ``seat`` goes to one
    of their Defense cards, not to them."""
    pend = s.pending
    if pend.kind == SOAK:
        return True
    if pend.kind == GHOST:
        hits = s.settings.ghost_hits_defense
    else:
        hits = not pend.flags & PIERCE
    return bool(hits and s.players[seat].defense)


def can_hit(s: Position, seat: int, defense: int | None) -> Verdict:
    """DM.defense.protects, DM.power.here_i_come: damage takes a Defense card in play before its player
    (``defense``: the card's index, ``None`` for the player)."""
    pend = s.pending
    if defense is None and is_defense_hit(s, seat):
        if pend.kind == SOAK:
            return ("DM.defense.protects", msg("overflow must go to one of the remaining Defense cards"))
        return ("DM.defense.protects", msg("{player} has a Defense card in play; target a Defense card",
                                           player=s.names[seat]))
    if defense is not None and pend.kind == TARGET and pend.flags & PIERCE:
        return ("DM.power.here_i_come", msg("this attack ignores Defense cards: it targets the player"))
    return None


def choosing_rule(s: Position) -> str:
    """The rule the pending choice of a Defense card or a player comes from (DM.power.*)."""
    kind = s.pending.kind
    if kind == CHARM:
        return "DM.power.charm"
    if kind == SWAP:
        return "DM.power.vampiric_touch"
    if kind == DESTROY:
        return f"DM.power.{POWER_OF[s.pending.card & TYPE_MASK]}"
    return "DM.power.pick_pocket"


def can_choose_defense(s: Position, seat: int, defense: int) -> Verdict:
    """DM.power.mighty_toss, DM.power.sneak_attack (destroy), DM.power.charm (take): whether the pending
    power may choose ``seat``'s Defense card at index ``defense``."""
    actor = s.active
    kind = s.pending.kind
    rule = choosing_rule(s)
    if (seat, defense) in (charmable(s, actor) if kind == CHARM else destroyable(s, actor)):
        return None
    if seat == actor and kind == DESTROY:
        return (rule, msg("the settings forbid destroying your own Defense card"))
    if seat == actor:
        return (rule, msg("Charm takes an opponent's Defense card"))
    return _not_choosable(s, seat, rule)


def can_choose_player(s: Position, seat: int) -> Verdict:
    """DM.power.vampiric_touch (swap hit points), DM.power.pick_pocket: whether the pending power may
    choose ``seat``."""
    actor = s.active
    rule = choosing_rule(s)
    if seat == actor:
        return (rule, msg("choose another player"))
    if seat in (opponents(s, actor) if s.pending.kind == SWAP else pick_pocket_victims(s, actor)):
        return None
    return _not_choosable(s, seat, rule)
