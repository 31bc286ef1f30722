"""Status cards given during an attack: stunning a character or an enemy (MC.status.stun, MC.kw.vulnerable)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.message import Message, msg
from engine.core.trace import Event
from engine.marvel_champions import quantities as Q
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.rules import stun_limit
from engine.marvel_champions.state import AttackState

T = TRACER


def stun_character(state: AttackState, char_id: str, source: str | Message, *,
                   phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.status.stun: a player's character gets a stun card, unless it already holds as many as it can.
    ``source``: what stuns it (a card's name, or a phrase such as "Shocker's Boost")."""
    char = state.character(char_id)
    if char.stunned >= stun_limit(char.keywords):
        return state, [T.step("MC.status.stun", msg("{source} would stun {character}, who is already stunned (a "
                                                    "character holds one stun card).", source=source,
                                                    character=char.name), phase=phase, at=state)]
    state = state.with_character(replace(char, stunned=char.stunned + 1))
    return state, [T.step("MC.status.stun", msg("{source} stuns {character}: the next time {character} would attack, "
                                                "the stun card is discarded instead.", source=source,
                                                character=char.name), phase=phase, at=state)]


def stun_enemy(state: AttackState, name: str, source: str | Message, *,
               phase: int | None) -> tuple[AttackState, list[Event]]:
    """MC.status.stun and MC.kw.vulnerable: an enemy gets a stun card (two at most if steady); a vulnerable one
    is discarded instead."""
    enemy = state.enemy(name)
    if "vulnerable" in enemy.keywords:
        state = state.with_enemy(replace(enemy, gone=True))
        return state, [T.step("MC.kw.vulnerable", msg("{source} stuns {enemy}, who is vulnerable: {enemy} is discarded "
                                                      "(not defeated).", source=source, enemy=enemy.name),
                              phase=phase, at=state, keep=(Q.enemy(enemy.name, "stunned"),))]
    if enemy.stunned >= stun_limit(enemy.keywords):
        return state, [T.step("MC.status.stun", msg("{source} would stun {enemy}, who already holds as many stun cards "
                                                    "as it can.", source=source, enemy=enemy.name), phase=phase,
                              at=state)]
    state = state.with_enemy(replace(enemy, stunned=enemy.stunned + 1))
    if "steady" in enemy.keywords:
        text = msg("{source} gives {enemy} a stun card (steady: it needs two to be stunned): its next attack is "
                   "replaced by discarding it.", source=source, enemy=enemy.name)
    else:
        text = msg("{source} gives {enemy} a stun card: its next attack is replaced by discarding it.", source=source,
                   enemy=enemy.name)
    return state, [T.step("MC.status.stun", text, phase=phase, at=state)]


def give_tough(state: AttackState, name: str, rule: str, *, phase: int, gives: Message,
               has_one: Message) -> tuple[AttackState, list[Event]]:
    """An enemy gets a tough status card, unless it holds one already (a character holds one; RR Tough).
    ``gives`` says it gets one, ``has_one`` that it already had one (each names what gives it)."""
    enemy = state.enemy(name)
    if enemy.tough:
        return state, [T.step(rule, has_one, phase=phase, at=state)]
    state = state.with_enemy(replace(enemy, tough=1))
    return state, [T.step(rule, gives, phase=phase, at=state)]
