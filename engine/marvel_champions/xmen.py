"""Archangel's and Wolverine's cards in an enemy attack (the Angel and Wolverine hero packs, MarvelCDB 42001c-42004,
35001a-35006; the Mutant Genesis ally Wolverine is in player_attack.py, his piercing).

- Aerial Agility (MC.card.aerial_agility): when an enemy attacks, Archangel gets a tough card and retaliate 1 for
  this attack (its (defense) label works as any other's). Its Angel half is not modelled: refused by name.
- Angel of Death (MC.hero.angel_of_death): after Archangel's player plays an Aerial event, deal damage equal to its
  printed cost to an enemy, once per phase. It is not an attack: a tough card prevents it, retaliate does not answer.
- Berserker Frenzy (MC.card.berserker_frenzy): after Wolverine takes damage from an enemy attack, draw 1 card.

Every function returns the new state and the events it produced.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import NotModelled, Verdict
from engine.core.message import msg
from engine.core.trace import Event
from engine.marvel_champions import quantities as Q, rules
from engine.marvel_champions.actions import PlayCard, UseAbility
from engine.marvel_champions.after import check_not_before_forced, to_after
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.defense import resolve_defense_label
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.player_attack import damage_enemy, hit
from engine.marvel_champions.state import AttackState, Character
from engine.marvel_champions.steps import require

T = TRACER
AERIAL_AGILITY_FOR = "Archangel"
"""The identity whose part of Aerial Agility the engine resolves (its Angel part is refused by name)."""


def _is(ident: Character, hero: str) -> bool:
    return ident.kind == "hero" and ident.name == hero


# -- Aerial Agility ---------------------------------------------------------------------------------------------
def play_aerial_agility(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.aerial_agility: when an enemy attacks, if you are Archangel, your hero gets a tough status card
    (a hero holds one) and retaliate 1 for this attack; the (defense) label resolves first."""
    require(rules.can_interrupt_initiation(state, action.card), action, state)
    ident = state.identity_of(action.player)
    if not _is(ident, AERIAL_AGILITY_FOR):
        raise NotModelled(msg("Aerial Agility played by {identity}: only its Archangel part (a tough card and "
                              "retaliate 1) is modelled", identity=ident.name), state=state.summary())
    state, steps = resolve_defense_label(state, action.player, action.card)
    ident = state.identity_of(action.player)
    if ident.tough:
        tough = msg("Aerial Agility: {hero} already has a tough card and holds only one, so {hero} gets no other.",
                    hero=ident.name)
    else:
        ident = replace(ident, tough=1)
        tough = msg("Aerial Agility: {hero} gets a tough status card.", hero=ident.name)
    state = state.with_character(ident)
    steps.append(T.step("MC.card.aerial_agility", tough, phase=0, at=state,
                        keep=(Q.character(ident.id, "retaliate"),)))
    ident = replace(ident, gained=ident.gained + ("retaliate 1",))
    state = replace(state.with_character(ident), attack_gained=state.attack_gained + ((ident.id, "retaliate 1"),))
    steps.append(T.step("MC.card.aerial_agility", msg(
        "Aerial Agility: {hero} gains retaliate 1 for this attack (retaliate {total} in all).", hero=ident.name,
        total=rules.retaliate_value(ident)), phase=0, at=state))
    return state, steps


# -- Angel of Death --------------------------------------------------------------------------------------------
def can_use_angel_of_death(state: AttackState, player_id: str, target: str | None) -> Verdict:
    """MC.hero.angel_of_death: Archangel, right after their player played an Aerial event, once per phase, at an
    enemy in play."""
    ident = state.identity_of(player_id)
    if not _is(ident, "Archangel"):
        return ("MC.hero.angel_of_death", msg("{identity} has no Angel of Death (it is Archangel's hero ability)",
                                              identity=ident.name))
    last = state.last_event
    card = lookup(last[1]) if last is not None else None
    if last is None or last[0] != player_id or card is None or card.type != "event" or "Aerial" not in card.traits:
        return ("MC.hero.angel_of_death", msg("Angel of Death responds right after you play an Aerial event, and "
                                              "the last play was not one"))
    if any(name == "Angel of Death" for name, _ in state.used):
        return ("MC.hero.angel_of_death", msg("Angel of Death is limited to once per phase, and it was used in this "
                                              "phase already"))
    if target is None or not state.has_enemy(target) or state.enemy(target).gone:
        return ("MC.hero.angel_of_death", msg("Angel of Death deals its damage to an enemy in play, and {target} is "
                                              "not one", target=target or "-"))
    return None


def angel_target(state: AttackState, action: UseAbility) -> str | None:
    """The enemy Angel of Death damages: the one the play names, else the attacking enemy, else the villain."""
    if action.target is not None:
        return action.target
    if state.is_enemy_attack:
        return state.attacker_name
    return state.villain.name if state.villain is not None else None


def use_angel_of_death(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    """MC.hero.angel_of_death: deal damage equal to the Aerial event's printed cost to an enemy (not an attack)."""
    target = angel_target(state, action)
    require(can_use_angel_of_death(state, action.player, target), action, state)
    assert state.last_event is not None and target is not None
    event = state.last_event[1]
    card = lookup(event)
    amount = (card.cost or 0) if card is not None else 0
    hero = state.identity_of(action.player)
    state = replace(state, used=state.used + (("Angel of Death", state.attack_no),))
    state = state.with_trigger(f"Angel of Death ({hero.name})")
    phase = state.step if state.is_enemy_attack else None
    before = state.enemy(target).hp_left
    said = msg("{player} played {card}, an Aerial event: Angel of Death deals {damage} damage (its printed cost) to "
               "{enemy}: {before} → {after} hit points. It is not an attack, so retaliate does not answer it.",
               player=state.player(action.player).name, card=event, damage=amount, enemy=target, before=before,
               after=max(0, before - amount))
    if state.enemy(target).tough:  # MC.patk.damage: the tough card prevents it all
        events: list[Event] = [T.step("MC.hero.angel_of_death", msg(
            "{player} played {card}, an Aerial event: Angel of Death deals {damage} damage (its printed cost) to "
            "{enemy}. It is not an attack, so retaliate does not answer it.", player=state.player(action.player).name,
            card=event, damage=amount, enemy=target), phase=phase, at=state, keep=(Q.enemy(target, "damage"),))]
        state, more = hit(state, target, amount, "Angel of Death", phase=phase)
        events += more
    else:
        state, events = damage_enemy(state, target, amount, phase=phase, said=("MC.hero.angel_of_death", said))
    return replace(state, last_event=None), events


# -- Berserker Frenzy ------------------------------------------------------------------------------------------
def can_use_berserker_frenzy(state: AttackState, player_id: str) -> Verdict:
    """MC.card.berserker_frenzy: Wolverine in hero form, with the upgrade, took damage from this enemy attack;
    once for it."""
    player = state.player(player_id)
    ident = state.identity_of(player_id)
    if "Berserker Frenzy" not in player.upgrades:
        return ("MC.card.berserker_frenzy", msg("{player} has no Berserker Frenzy in play", player=player.name))
    if not _is(ident, "Wolverine"):
        return ("MC.card.berserker_frenzy", msg("Berserker Frenzy is a Hero Response of Wolverine, and {identity} is "
                                                "not Wolverine in hero form", identity=ident.name))
    if ident.id not in state.attack_damaged:
        return ("MC.card.berserker_frenzy", msg("Wolverine took no damage from this attack (damage a tough card or a "
                                                "card prevented is not taken), so Berserker Frenzy does not trigger"))
    if ("Berserker Frenzy", state.attack_no) in state.used:
        return ("MC.card.berserker_frenzy", msg("Berserker Frenzy has already answered the damage of this attack"))
    return None


def use_berserker_frenzy(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    """MC.card.berserker_frenzy: after the attack's damage, its player draws 1 card."""
    check_not_before_forced(state, action, "Berserker Frenzy")
    state, events = to_after(state)
    require(can_use_berserker_frenzy(state, action.player), action, state, events)
    player = state.player(action.player)
    hero = state.identity_of(action.player)
    state = state.with_player(replace(player, drawn=player.drawn + 1))
    state = replace(state, used=state.used + (("Berserker Frenzy", state.attack_no),))
    state = state.with_trigger(f"Berserker Frenzy ({hero.name})")
    events.append(T.step("MC.card.berserker_frenzy", msg(
        "{hero} took damage from {enemy}'s attack: Berserker Frenzy lets {player} draw 1 card.",
        hero=hero.name, enemy=state.attacker.name, player=player.name),
        phase=6, at=state))
    return state, events
