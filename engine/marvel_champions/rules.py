"""One function per rule of an enemy attack's steps 1-2 and the (defense) label.

Predicates (``is_*``/``can_*``/``has_*``) return a ``Verdict``: ``None`` when the
play is allowed, or ``(rule_id, reason)`` naming the rule that forbids it. The
resolver turns a verdict into :class:`engine.core.errors.IllegalPlay`.
"""

from __future__ import annotations

from engine.marvel_champions.cards import lookup
from engine.marvel_champions.state import AttackState, Character, Enemy

Verdict = tuple[str, str] | None

STEP_NAMES = ("Give boost card", "Determine target", "Reveal boost", "Calculate damage", "Take damage")


def is_defense_labelled(card_name: str) -> bool:
    """MC.def.label: does this card's ability carry the (defense) label?"""
    card = lookup(card_name)
    return bool(card and card.defense_label)


def can_declare_defender(state: AttackState) -> Verdict:
    """MC.atk.sequence + MC.def.one_defender: a defender is declared at step 2, once."""
    if state.step > 2:
        return ("MC.atk.sequence",
                f"defenders are declared at step 2 (Determine target), but the attack is already at step {state.step}")
    if state.defender is not None:
        who = state.character(state.defender)
        return ("MC.def.one_defender",
                f"{who.name} is already defending this attack; only one character can be its defender")
    return None


def can_exhaust_to_defend(char: Character) -> Verdict:
    """MC.def.ready: defending exhausts the character, so it must be ready."""
    if char.exhausted:
        return ("MC.def.ready", f"{char.name} is exhausted and cannot exhaust again to defend")
    return None


def can_basic_defend(state: AttackState, player_id: str) -> Verdict:
    """MC.def.basic: the player's ready hero (not alter-ego) exhausts to defend."""
    verdict = can_declare_defender(state)
    if verdict:
        return verdict
    hero = state.identity_of(player_id)
    if hero.kind == "alter_ego":
        return ("MC.def.alter_ego", f"{hero.name} is in alter-ego form and cannot basic defend")
    return can_exhaust_to_defend(hero)


def can_ally_defend(state: AttackState, player_id: str, ally: Character) -> Verdict:
    """MC.def.ally: any player may exhaust a ready ally they control to defend."""
    verdict = can_declare_defender(state)
    if verdict:
        return verdict
    if ally.kind != "ally":
        return ("MC.def.ally", f"{ally.name} is not an ally")
    if ally.controller != player_id:
        return ("MC.def.ally", f"{ally.name} is not controlled by {player_id}")
    return can_exhaust_to_defend(ally)


def can_resolve_defense_label(state: AttackState, player_id: str) -> Verdict:
    """MC.def.label_one_player: only one player may resolve (defense) labels on an attack."""
    first = state.defense_label_player
    if first is not None and first != player_id:
        name = state.player(first).name
        return ("MC.def.label_one_player",
                f"{name} has already resolved a (defense) labelled ability on this attack; "
                "only one player can play (defense) labelled cards on an attack")
    return None


def has_hero_defending(state: AttackState, player_id: str) -> bool:
    """MC.def.when_hero_defends: is this player's identity the defender?"""
    return state.defender is not None and state.defender == state.player(player_id).identity


def can_play_expert_defense(state: AttackState, player_id: str) -> Verdict:
    """MC.def.when_hero_defends (ruling e): Expert Defense needs your hero to be the defender."""
    if not has_hero_defending(state, player_id):
        hero = state.identity_of(player_id)
        if state.defender is None:
            why = f"{hero.name} is not the defender (nobody has defended)"
        else:
            why = f"the defender is {state.character(state.defender).name}, not {hero.name}"
        return ("MC.def.when_hero_defends",
                f"Expert Defense triggers when your hero defends, so {hero.name} must be the defender first; {why}")
    return None


def can_play_preemptive_strike(state: AttackState) -> Verdict:
    """MC.card.preemptive_strike: it interrupts a boost card being turned face up."""
    if state.step > 3:
        return ("MC.atk.sequence", "Preemptive Strike interrupts a boost card being turned face up at step 3, "
                                   f"but the attack is already at step {state.step}")
    if next_facedown_boost(state) is None:
        return ("MC.card.preemptive_strike",
                "Preemptive Strike needs a boost card being turned face up, and no facedown boost card is left")
    return None


def next_facedown_boost(state: AttackState) -> int | None:
    """Index of the next boost card to turn face up (MC.atk.flip: in the order dealt)."""
    for i, b in enumerate(state.boost):
        if not b.face_up:
            return i
    return None


def is_villain_attack(state: AttackState) -> bool:
    """Whether the attacker is the villain (not a minion): "when the villain initiates an attack"."""
    return state.attacker.kind == "villain"


def boost_cards_due(enemy: Enemy) -> int:
    """MC.atk.boost_dealt: 1 for a villain or a villainous minion, 0 for other minions, +1 per extra-boost effect."""
    base = 1 if enemy.kind == "villain" or "villainous" in enemy.keywords else 0
    return base + (1 if "extra boost" in enemy.keywords else 0)


def is_stunned(enemy: Enemy) -> bool:
    """MC.status.stun_replaces_attack: one stun card, or two for a steady enemy."""
    return enemy.stunned >= (2 if "steady" in enemy.keywords else 1)


def can_prevent(state: AttackState, player_id: str, card: str, left: int) -> Verdict:
    """MC.prevent.interrupt: it interrupts damage *your identity* would take from this attack."""
    ident = state.identity_of(player_id)
    if state.target != ident.id:
        return ("MC.prevent.interrupt", f"{card} prevents damage you would take, but the attack's damage goes to "
                                        f"{state.character(state.target).name}, not {ident.name}")
    if left <= 0:
        return ("MC.prevent.interrupt", f"{ident.name} would take no damage from this attack, so there is nothing "
                                        f"for {card} to prevent")
    return None
