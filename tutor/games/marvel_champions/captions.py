"""Captions: the attacks and each play, as the learner reads them."""

from __future__ import annotations

from typing import Sequence

from engine import marvel_champions as mc
from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import action_attacks, build_state, enemy_name, enemy_ref


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str:
    state = build_state(scn)
    attacks = scn.setup.all_attacks
    names = {p.id: p.name for p in scn.setup.players}
    parts: list[str] = []
    if not attacks:
        parts.append("The players' turn.")
    for n, a in enumerate(attacks, start=1):
        enemy = state.enemy(enemy_name(enemy_ref(a.attacker).card))
        who = names.get(a.against, a.against)
        if a.cause == "quickstrike":
            head = f"{enemy.name} engages {who} (quickstrike)."
        elif enemy.stunned and n == 1:
            cards = f"{enemy.stunned} stun card{'s' if enemy.stunned != 1 else ''}"
            head = f"{enemy.name}, with {cards}, would attack {who}."
        else:
            head = f"{'Then ' if n > 1 else ''}{enemy.name} attacks {who}."
        plays = [_play(state, act) for act, k in zip(actions, action_attacks(scn, actions)) if k == n]
        parts.append(head)
        if plays:
            parts.append(_sentence(plays))
        elif len(attacks) == 1 and not scn.actions and not enemy.stunned and a.cause is None:
            parts.append("Nobody defends.")
    if not attacks and actions:
        parts.append(_sentence([_play(state, act) for act in actions]))
    return " ".join(parts)


def _play(state: mc.AttackState, act: ActionSpec) -> str:
    name = state.player(act.player).name
    if act.play:
        return f"{name} plays {act.play}" + (f" ({act.ally})" if act.ally else "")
    if act.use:
        return f"{name} uses {act.use}"
    if act.assign is not None:
        shares = ", ".join(f"{n} to {state.character(c).name if state.has_character(c) else c}"
                           for c, n in act.assign.items())
        return f"{name} assigns the indirect damage: {shares}"
    if act.attack:
        who = act.with_ or state.player(act.player).identity
        with_ = state.character(who).name if state.has_character(who) else who
        return f"{name} attacks {enemy_name(act.attack)} with {with_}"
    if act.defend == state.player(act.player).identity:
        return f"{name} basic defends"
    if state.has_character(act.defend or ""):
        return f"{name} defends with {state.character(act.defend or '').name}"
    return f"{name} defends with {act.defend}"


def _sentence(items: list[str]) -> str:
    return (items[0] if len(items) == 1 else ", ".join(items[:-1]) + ", then " + items[-1]) + "."
