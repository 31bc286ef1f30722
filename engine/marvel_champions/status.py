"""Status cards given during an attack: stunning a character or an enemy (MC.status.stun, MC.kw.vulnerable)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.trace import Event
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.rules import stun_limit
from engine.marvel_champions.state import AttackState

T = TRACER


def stun_character(state: AttackState, char_id: str, source: str, *,
                   phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.status.stun: a player's character gets a stun card, unless it already holds as many as it can."""
    char = state.character(char_id)
    if char.stunned >= stun_limit(char.keywords):
        return state, [T.step("MC.status.stun", f"{source} would stun {char.name}, who is already stunned (a character "
                                                "holds one stun card).", phase=phase)]
    state = state.with_character(replace(char, stunned=char.stunned + 1))
    return state, [T.step("MC.status.stun", f"{source} stuns {char.name}: the next time {char.name} would attack, "
                                            "the stun card is discarded instead.", phase=phase)]


def stun_enemy(state: AttackState, name: str, source: str, *, phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.status.stun and MC.kw.vulnerable: an enemy gets a stun card (two at most if steady); a vulnerable one
    is discarded instead."""
    enemy = state.enemy(name)
    if "vulnerable" in enemy.keywords:
        state = state.with_enemy(replace(enemy, gone=True))
        return state, [T.step("MC.kw.vulnerable", f"{source} stuns {enemy.name}, who is vulnerable: {enemy.name} is "
                                                  "discarded (not defeated).", phase=phase)]
    if enemy.stunned >= stun_limit(enemy.keywords):
        return state, [T.step("MC.status.stun", f"{source} would stun {enemy.name}, who already holds as many stun "
                                                "cards as it can.", phase=phase)]
    state = state.with_enemy(replace(enemy, stunned=enemy.stunned + 1))
    steady = " (steady: it needs two to be stunned)" if "steady" in enemy.keywords else ""
    return state, [T.step("MC.status.stun", f"{source} gives {enemy.name} a stun card{steady}: its next attack "
                                            "is replaced by discarding it.", phase=phase)]


def give_tough(state: AttackState, name: str, rule: str, source: str, *, phase: int) -> tuple[AttackState, list[Event]]:
    """An enemy gets a tough status card, unless it holds one already (a character holds one; RR Tough)."""
    enemy = state.enemy(name)
    if enemy.tough:
        return state, [T.step(rule, f"{source} would give {name} a tough card, but he already has one.", phase=phase)]
    state = state.with_enemy(replace(enemy, tough=1))
    return state, [T.step(rule, f"{source} gives {name} a tough status card.", phase=phase)]
