"""Captions: the plays and choices of a scenario as sentences."""

from __future__ import annotations

from typing import Sequence

from engine.dungeon_mayhem.rules import deciding
from tutor.games.dungeon_mayhem.models import ActionSpec, Scenario
from tutor.games.dungeon_mayhem.position import SetupError
from tutor.games.dungeon_mayhem.resolve import run


_OPTION_PHRASES = {"praise": "praising", "refuse": "refusing to praise", "dance": "dancing", "noise": "making an animal noise",
                   "pass": "passing", "attack": "choosing to attack", "heal": "choosing to heal", "draw": "choosing to draw"}


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str:
    try:
        out, _, illegal = run(scn, actions)
    except SetupError:
        return ""
    names = out.names
    active = names[out.start_active]
    if not actions:
        return f"It is {active}'s turn."
    sentences: list[str] = []
    cur = ""
    for k, act in enumerate(actions):
        st = out.states[k] if k < len(out.states) else out.after
        actor = names[st.active]
        kind = st.pending.kind if st.pending else ""
        decider = names[deciding(st)] if st.pending else actor
        tries = out.illegal_index == k
        card = f"{act.defense}" if act.defense else ""
        whose = f"{act.value}'s {card}" if card else act.value
        if act.verb == "play":
            if cur:
                sentences.append(cur)
            cur = f"{actor} {'tries to play' if tries else 'plays'} {act.value}"
            continue
        if kind == "ghost":
            if cur:
                sentences.append(cur)
            cur = f"The ghost of {actor} {'tries to haunt' if tries else 'haunts'} {whose}"
            continue
        phrase = {"target": f"at {whose}" if kind != "soak" else f"with the overflow into {whose}",
                  "destroy": f"destroying {whose}", "charm": f"taking {whose}",
                  "choose": f"choosing {act.value}", "recover": f"taking back {act.value}",
                  "option": _OPTION_PHRASES.get(act.value, f"choosing {act.value}"), "mirror": f"copying {whose}"}[act.verb]
        if tries:
            phrase = "trying " + ("to hit " + phrase[3:] if phrase.startswith("at ") else phrase)
        if decider != actor:  # another player decides (an asked opponent, Charm Ray, Burped-Up Bones)
            if cur:
                sentences.append(cur)
            cur = f"{decider} {'aims the attack at ' + whose if act.verb == 'target' and kind != 'soak' else phrase}"
            continue
        cur = f"{cur} {phrase}" if cur else f"{actor} {phrase[0].lower()}{phrase[1:]}"
    sentences.append(cur)
    text = "; ".join(s.replace(" with the overflow", ", with the overflow") for s in sentences)
    return text + "."
