"""Captions: the attack and each play, as the learner reads them."""

from __future__ import annotations

from typing import Sequence

from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import build_state


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str:
    state = build_state(scn)
    attacked = state.player(state.attacked_player).name
    parts = [f"{state.attacker.name} attacks {attacked}."]
    if state.attacker.stunned:
        parts = [f"{state.attacker.name}, with {state.attacker.stunned} stun card"
                 f"{'s' if state.attacker.stunned != 1 else ''}, would attack {attacked}."]
    plays: list[str] = []
    for act in actions:
        name = state.player(act.player).name
        if act.play:
            plays.append(f"{name} plays {act.play}")
        elif act.defend == state.player(act.player).identity:
            plays.append(f"{name} basic defends")
        elif state.has_character(act.defend or ""):
            plays.append(f"{name} defends with {state.character(act.defend or '').name}")
        else:
            plays.append(f"{name} defends with {act.defend}")
    if plays:
        parts.append(_sentence(plays))
    elif not state.attacker.stunned:
        parts.append("Nobody defends.")
    return " ".join(parts)


def _sentence(items: list[str]) -> str:
    return (items[0] if len(items) == 1 else ", ".join(items[:-1]) + ", then " + items[-1]) + "."
