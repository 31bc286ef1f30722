"""Resolving a line of play: the attack's timeline, with the position at every moment."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine import marvel_champions as mc
from engine.core.trace import Mark
from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import build_actions, build_state
from tutor.moments import PLAY, START, Builder, Timeline

POINTS = (
    ("start", "before the plays"),
    ("initiation", "when the attack is initiated, before step 1"),
    ("step1", "after step 1 (Give boost card)"),
    ("step2", "after step 2 (Determine target)"),
    ("step3", "after step 3 (Reveal boost)"),
    ("step4", "after step 4 (Calculate damage)"),
    ("step5", "after step 5 (Take damage)"),
    ("after_attack", "after the attack"),
)


@dataclass(frozen=True)
class View:
    """What the asks and the board read at a moment: the attack's state then, and at the start."""

    state: mc.AttackState
    start: mc.AttackState


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    """Resolve the attack with these plays; one frame per moment the engine marks."""
    start = build_state(scn)
    out = mc.resolve(start, build_actions(scn, actions))
    b = Builder()
    n, done, started = len(actions), 0, False
    for e in out.events:
        if not isinstance(e, Mark):
            b.steps.append(e)
            continue
        if e.point == START:
            started = True
        if e.point == PLAY:
            done += 1
        # a step's mark before the next play's own mark happened while that play resolved
        play = done if e.point == PLAY or not started or done == n else done + 1
        b.frame(e.point, play, View(e.state, start))
    return b.build(n, out.illegal, out.illegal_index, out.unresolved)
