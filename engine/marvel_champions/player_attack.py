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
from engine.core.message import Message, msg
from engine.core.trace import Event, Mark
from engine.marvel_champions import damage, quantities as Q, rules, status
from engine.marvel_champions.actions import PlayerAttack
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState
from engine.marvel_champions.steps import require

T = TRACER


def damage_enemy(state: AttackState, name: str, amount: int, *, phase: int | None,
                 said: tuple[str, Message] | None = None) -> tuple[AttackState, list[Event]]:
    """MC.patk.damage: place damage on an enemy (its tough card is the caller's to check); defeat it at 0 hit points.
    ``said``: the caller's step (rule, sentence) that deals the damage, logged once it is placed."""
    enemy = state.enemy(name)
    if amount <= 0:
        return state, [T.step(said[0], said[1], phase=phase, at=state)] if said else []
    enemy = replace(enemy, damage=enemy.damage + amount)
    state = replace(state.with_enemy(enemy), taken=state.taken + ((name, amount),))
    events: list[Event] = [T.step(said[0], said[1], phase=phase, at=state)] if said else []
    if enemy.hp and enemy.hp_left <= 0:
        state = replace(state.with_enemy(replace(enemy, gone=True)), defeated=state.defeated + (name,))
        events.append(T.step("MC.patk.damage", msg("{enemy} has no hit points left and is defeated.", enemy=name),
                             phase=phase, at=state))
    return state, events


def hit(state: AttackState, enemy_name: str, amount: int, source: str, *,
        phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.patk.damage: an attack's damage to an enemy; a tough card prevents all of it and is discarded."""
    enemy = state.enemy(enemy_name)
    if amount > 0 and enemy.tough:
        state = state.with_enemy(replace(enemy, tough=enemy.tough - 1))
        state = replace(state, tough_used=state.tough_used + (enemy.name,))
        return state, [T.step("MC.patk.damage", msg("{enemy} has a tough card: it prevents all {damage} damage of "
                                                    "{source} and is discarded.", enemy=enemy.name, damage=amount,
                                                    source=source), phase=phase, at=state,
                              keep=(Q.enemy(enemy.name, "damage"),))]
    before = enemy.hp_left
    deals = msg("{source} deals {damage} damage to {enemy}: {before} → {after} hit points.", source=source,
                damage=amount, enemy=enemy.name, before=before, after=max(0, before - amount))
    return damage_enemy(state, enemy_name, amount, phase=phase, said=("MC.patk.damage", deals))


def attack_with(state: AttackState, char_id: str, enemy_name: str, amount: int, source: str, *,
                phase: int | None) -> tuple[AttackState, list[Event]]:
    """A character attacks an enemy: stun first (MC.status.stun), then the damage, then what answers an attack."""
    char = state.character(char_id)
    if char.stunned:
        state = state.with_character(replace(char, stunned=char.stunned - 1))
        return state, [T.step("MC.status.stun", msg("{character} is stunned: instead of attacking, {character} "
                                                    "discards the stun card, and the attack does not happen.",
                                                    character=char.name), phase=phase, at=state,
                              keep=(Q.enemy(enemy_name, "damage"),))]
    state, events = hit(state, enemy_name, amount, source, phase=phase)
    enemy = state.enemy(enemy_name)
    x = rules.retaliate_of_enemy(enemy)
    if enemy.gone:
        if x and state.has_character(char_id):
            events.append(T.step("MC.kw.retaliate", msg("{enemy} is defeated by the attack, so its retaliate {amount} "
                                                        "does not trigger: {character} takes no damage.",
                                                        enemy=enemy.name, amount=x, character=char.name),
                                 phase=phase, at=state, keep=(Q.character(char_id, "damage"),)))
        return state, events
    if x:
        state = state.with_trigger(f"Retaliate {x} ({enemy.name})")
        if "Solid-Sound Body" in enemy.attachments:
            text = msg("Retaliate {amount} (Solid-Sound Body): the attacked enemy is still in play, so the attacking "
                       "character, {character}, takes {amount} damage.", amount=x, character=char.name)
        else:
            text = msg("Retaliate {amount}: the attacked enemy is still in play, so the attacking character, "
                       "{character}, takes {amount} damage.", amount=x, character=char.name)
        events.append(T.step("MC.kw.retaliate", text, phase=phase, at=state))
        state, more = damage.damage_character(state, char_id, x, phase=phase, from_attack=False)
        events += more
    if "stuns attacker" in enemy.keywords and state.has_character(char_id):
        state = state.with_trigger(f"{enemy.name}: stun the attacker")
        events.append(T.step("MC.minion.shocker_stun", msg("{enemy} was attacked: his Forced Response stuns the "
                                                           "attacking character, {character}.", enemy=enemy.name,
                                                           character=char.name), phase=phase, at=state))
        state, more = status.stun_character(state, char_id, enemy.name, phase=phase)
        events += more
    return state, events


def pierce(state: AttackState, char_id: str, enemy_name: str,
           events: list[Event]) -> tuple[AttackState, list[Event]]:
    """MC.patk.piercing: a character whose attacks gain piercing discards the enemy's tough card before the damage
    (a stunned one does not attack, so nothing is discarded)."""
    char, enemy = state.character(char_id), state.enemy(enemy_name)
    if "piercing" not in char.keywords or not enemy.tough or char.stunned:
        return state, events
    state = replace(state.with_enemy(replace(enemy, tough=0)), tough_used=state.tough_used + (enemy.name,))
    return state, events + [T.step("MC.patk.piercing", msg(
        "{character}'s attacks gain piercing: {enemy}'s tough card is discarded before the damage.",
        character=char.name, enemy=enemy.name), phase=None, at=state)]


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
    if char.is_identity:
        text = msg("{player} exhausts {character} to attack {enemy} (a basic attack) for {damage} damage.",
                   player=player.name, character=char.name, enemy=enemy.name, damage=char.atk)
    else:
        text = msg("{player} exhausts {character} to attack {enemy} (an ally's attack) for {damage} damage.",
                   player=player.name, character=char.name, enemy=enemy.name, damage=char.atk)
    events: list[Event] = [T.step("MC.patk.basic", text, phase=None, at=state)]
    state, events = pierce(state, char.id, enemy.name, events)
    state, more = attack_with(state, char.id, enemy.name, char.atk, char.name, phase=None)
    events += more
    if char.kind == "ally" and char.atk_cons and state.has_character(char.id):
        events.append(T.step("MC.patk.consequential", msg("{character} attacked, so it takes its consequential "
                                                          "damage, {damage}.", character=char.name,
                                                          damage=char.atk_cons), phase=None, at=state))
        state, more = damage.damage_character(state, char.id, char.atk_cons, phase=None,
                                              from_attack=False)
        events += more
    return state, events + [Mark("after_attack", state)]
