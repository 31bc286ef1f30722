"""A player's attack on an enemy (MC.patk.*): a basic attack or an ally's in the player phase, and Counter-Punch.

The enemy's tough card prevents the damage (MC.patk.damage); guard keeps the villain out of reach
(MC.kw.guard); after it is attacked, a surviving enemy with retaliate deals damage to the attacking
character (MC.kw.retaliate) and Shocker stuns it (MC.minion.shocker_stun); an ally then takes its
consequential damage (MC.patk.consequential). A stunned attacker discards its stun card instead of
attacking (MC.status.stun).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import NotModelled
from engine.core.trace import Event, Mark
from engine.marvel_champions import damage, rules, status
from engine.marvel_champions.actions import PlayerAttack
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState
from engine.marvel_champions.steps import require

T = TRACER


def damage_enemy(state: AttackState, name: str, amount: int, *, phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.patk.damage: place damage on an enemy (its tough card is the caller's to check); defeat it at 0 hit points."""
    enemy = state.enemy(name)
    if amount <= 0:
        return state, []
    enemy = replace(enemy, damage=enemy.damage + amount)
    state = replace(state.with_enemy(enemy), taken=state.taken + ((name, amount),))
    if enemy.hp and enemy.hp_left <= 0:
        state = replace(state.with_enemy(replace(enemy, gone=True)), defeated=state.defeated + (name,))
        return state, [T.step("MC.patk.damage", f"{name} has no hit points left and is defeated.", phase=phase)]
    return state, []


def hit(state: AttackState, enemy_name: str, amount: int, source: str, *,
        phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.patk.damage: an attack's damage to an enemy; a tough card prevents all of it and is discarded."""
    enemy = state.enemy(enemy_name)
    if amount > 0 and enemy.tough:
        state = state.with_enemy(replace(enemy, tough=enemy.tough - 1))
        state = replace(state, tough_used=state.tough_used + (enemy.name,))
        return state, [T.step("MC.patk.damage", f"{enemy.name} has a tough card: it prevents all {amount} damage of "
                                                f"{source} and is discarded.", phase=phase)]
    before = enemy.hp_left
    events: list[Event] = [T.step("MC.patk.damage", f"{source} deals {amount} damage to {enemy.name}: {before} → "
                                                    f"{max(0, before - amount)} hit points.", phase=phase)]
    state, more = damage_enemy(state, enemy_name, amount, phase=phase)
    return state, events + more


def attack_with(state: AttackState, char_id: str, enemy_name: str, amount: int, source: str, *,
                phase: int | None) -> tuple[AttackState, list[Event]]:
    """A character attacks an enemy: stun first (MC.status.stun), then the damage, then what answers an attack."""
    char = state.character(char_id)
    if char.stunned:
        state = state.with_character(replace(char, stunned=char.stunned - 1))
        return state, [T.step("MC.status.stun", f"{char.name} is stunned: instead of attacking, {char.name} discards "
                                                "the stun card, and the attack does not happen.", phase=phase)]
    state, events = hit(state, enemy_name, amount, source, phase=phase)
    enemy = state.enemy(enemy_name)
    if enemy.gone:
        return state, events
    x = rules.retaliate_of_enemy(enemy)
    if x:
        state = state.with_trigger(f"Retaliate {x} ({enemy.name})")
        via = " (Solid-Sound Body)" if "Solid-Sound Body" in enemy.attachments else ""
        events.append(T.step("MC.kw.retaliate", f"Retaliate {x}{via}: the attacked enemy is still in play, so the "
                                                f"attacking character, {char.name}, takes {x} damage.", phase=phase))
        state, more = damage.damage_character(state, char_id, x, phase=phase, from_attack=False)
        events += more
    if "stuns attacker" in enemy.keywords and state.has_character(char_id):
        state = state.with_trigger(f"{enemy.name}: stun the attacker")
        events.append(T.step("MC.minion.shocker_stun", f"{enemy.name} was attacked: his Forced Response stuns the "
                                                       f"attacking character, {char.name}.", phase=phase))
        state, more = status.stun_character(state, char_id, enemy.name, phase=phase)
        events += more
    return state, events


def basic_attack(state: AttackState, action: PlayerAttack) -> tuple[AttackState, list[Event]]:
    """MC.patk.basic: exhaust the hero (or an ally) and deal its ATK in damage to an enemy; MC.patk.consequential."""
    require(rules.can_attack_now(state), action, state)
    player = state.player(action.player)
    char = state.character(action.character) if action.character else state.identity_of(action.player)
    require(rules.can_character_attack(state, char, action.player), action, state)
    enemy = state.enemy(action.enemy)
    require(rules.can_attack_enemy(state, action.player, enemy), action, state)
    if char.kind == "ally" and char.stunned:
        raise NotModelled(f"{char.name} is a stunned ally: whether consequential damage is still taken when the stun "
                          "replaces the attack is not modelled", state=state.summary())
    state = state.with_character(replace(char, exhausted=True))
    how = "a basic attack" if char.is_identity else "an ally's attack"
    events: list[Event] = [T.step("MC.patk.basic", f"{player.name} exhausts {char.name} to attack {enemy.name} "
                                                   f"({how}) for {char.atk} damage.", phase=None)]
    state, more = attack_with(state, char.id, enemy.name, char.atk, char.name, phase=None)
    events += more
    if char.kind == "ally" and char.atk_cons and state.has_character(char.id):
        events.append(T.step("MC.patk.consequential", f"{char.name} attacked, so it takes its consequential damage, "
                                                      f"{char.atk_cons}.", phase=None))
        state, more = damage.damage_character(state, char.id, char.atk_cons, phase=None,
                                              from_attack=False)
        events += more
    return state, events + [Mark("after_attack", state)]
