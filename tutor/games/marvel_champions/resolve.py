"""Resolving a line of play: the attack's timeline, with the position at every moment.

In a phase of several attacks each moment is also named with its attack (``attack2.step4``);
the plain name (``step4``) is the last attack's, as a question without an attack number means
"by then".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from engine import marvel_champions as mc
from engine.core.effects import legal
from engine.core.message import N_, Message, msg
from engine.core.trace import Mark
from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import action_attacks, build_actions, build_state
from tutor.moments import PLAY, START, Builder, Timeline

MAX_ATTACKS = 4
_POINTS = (
    ("initiation", N_("when the attack is initiated, before step 1")),
    ("step1", N_("after step 1 (Give boost card)")),
    ("step2", N_("after step 2 (Determine target)")),
    ("step3", N_("after step 3 (Reveal boost)")),
    ("step4", N_("after step 4 (Calculate damage)")),
    ("step5", N_("after step 5 (Take damage)")),
    ("after_attack", N_("after the attack")),
)
# The moments of a phase's later attacks ("after step 4 (Calculate damage), in attack 2") are messages.
POINTS: tuple[tuple[str, str | Message], ...] = (("start", N_("before the plays")),) + _POINTS + (
    ("after_reveal", N_("after the revealed card's When Revealed ability resolves")),
    ("after_surge", N_("after the cards its surge reveals resolve")),) + tuple(
    (f"attack{n}.{point}", msg("{moment}, in attack {n}", moment=msg(text), n=n))
    for n in range(1, MAX_ATTACKS + 1) for point, text in _POINTS)


@dataclass(frozen=True)
class View:
    """What the asks and the board read at a moment: the position then, and at the start."""

    state: mc.AttackState
    start: mc.AttackState


def _numbered(step: Any, play: int) -> Any:
    """``step`` with its verdict (``legal()``) as the verdict on the ``play``-th play of the line."""
    return replace(step, effects=tuple((legal(play) if k == legal() else k, x, y) for k, x, y in step.effects))


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    """Resolve the position with these plays; one frame per moment the engine marks."""
    start = build_state(scn)
    out = mc.resolve(start, build_actions(scn, actions))
    attack_of = action_attacks(scn, actions)
    several = start.attacks > 1
    b = Builder()
    n, done, started = len(actions), 0, False
    for e in out.events:
        if not isinstance(e, Mark):  # the verdict on the play being made is the verdict on that play of the line
            b.steps.append(_numbered(e, done + 1) if any(k == legal() for k, _b, _a in e.effects) else e)
            continue
        if e.point == START:
            started = True
        if e.point == PLAY:
            done += 1
        # a step's mark before the next play's own mark happened while that play resolved, unless it belongs to
        # an earlier attack than that play's, or begins that play's attack (both happen before the play)
        play = done if e.point == PLAY or not started or done == n else done + 1
        if play == done + 1 and e.state.is_enemy_attack and (
                e.state.attack_no < attack_of[done] or (e.point in ("initiation", "step1") and e.state.attack_no > 1)):
            play = done  # the attack ended, or the next one began, before the play itself
        episode = e.state.attack_no if e.state.is_enemy_attack else 0
        b.frame(e.point, play, View(e.state, start), episode)
        if several and e.point not in (START, PLAY):
            b.frame(f"attack{e.state.attack_no}.{e.point}", play, View(e.state, start), episode)
    return b.build(n, out.illegal, out.illegal_index, out.unresolved)
