"""Solving: the engine's trace of the moves, or of a position no move has been made in."""

from __future__ import annotations

from typing import Sequence

from engine import regicide as rg
from engine.core.errors import IllegalPlay
from engine.core.trace import Recorder, Step
from engine.regicide import game as _rg_game  # noqa: F401  (the engine's tracer)
from engine.regicide.cards import VALUE, enemy_name
from engine.regicide.rules import can_yield as _rule_can_yield
from engine.regicide.state import Phase
from tutor.games.base import Solution
from tutor.games.regicide.asks import _jesters_in_play
from tutor.games.regicide.models import ActionSpec, Scenario
from tutor.games.regicide.position import Outcome, build_state, seat_number, to_action
from tutor.moments import PLAY, START, Builder, Timeline

_TRACER = rg.glossary.TRACER


def explain_position(scn: Scenario, state: rg.State) -> list[Step]:
    """Steps describing a position no move has been made in (setup questions, Step 4, yield flags, losses)."""
    t = _TRACER.step
    n = state.players
    jesters = _jesters_in_play(scn, Solution(Outcome(state, (), ()), ()), None)
    setup = [t("REG.setup.hand_size", f"With {n} player{'s' if n > 1 else ''} the maximum hand size is "
                                      f"{state.max_hand}; the Tavern holds {len(state.tavern)} cards.", 1)]
    if n == 1:
        setup.append(t("REG.solo.setup", f"Solo: both jokers are set aside; {state.solo_jesters} solo "
                                         f"Jester{'s' if state.solo_jesters != 1 else ''} left.", 1))
    else:
        setup.append(t("REG.setup.jesters", f"With {n} players the game has {jesters} "
                                            f"Jester{'s' if jesters != 1 else ''} among the Tavern and the hands.", 1))
    steps: list[Step] = []
    if state.phase == Phase.DISCARD:
        steps.append(t("REG.suffer.discard", f"{_cap(enemy_name(state.enemy))} attacks for {state.attack}"
                                             f"{f' − {state.shield} shield' if state.shield else ''}: seat "
                                             f"{seat_number(state.current)} must discard cards worth at least {state.need}.", 4))
    if n > 1 and any(state.yielded):
        for seat in range(n):
            may = _rule_can_yield(state.yielded, seat, state.settings) is None
            others = [str(seat_number(s)) for s in range(n) if s != seat and not state.yielded[s]]
            why = (f"seat {', '.join(others)} did not yield last" if may
                   else "every other seat yielded on its most recent turn")
            steps.append(t("REG.yield.restriction", f"Seat {seat_number(seat)} {'may' if may else 'may not'} yield: {why}.", 1))
    if state.phase == Phase.LOST and state.end_rule == "REG.end.loss_damage":
        total = sum(VALUE[c] for c in state.hands[state.current])
        shield = f" − shield {state.shield} = {state.need}" if state.shield else ""
        steps.append(t("REG.end.loss_damage", f"{_cap(enemy_name(state.enemy))} attacks for {state.attack}{shield}; "
                                              f"seat {seat_number(state.current)}'s hand is worth only {total}, so it "
                                              "cannot suffer the damage: everyone loses.", 4))
    elif state.phase == Phase.LOST:
        why = ("has no cards, cannot yield in solo and has no Jester left" if n == 1
               else "has no cards and cannot yield")
        steps.append(t(state.end_rule or "REG.end.loss_no_play", f"Seat {seat_number(state.current)} {why}: everyone loses.", 1))
    elif n == 1 and not state.hands[0] and state.solo_jesters:
        steps.append(t("REG.solo.timing", "With an empty hand, the solo player may still flip a Jester at the "
                                          "start of Step 1.", 1))
    return setup + steps if "setup" in scn.tags or not steps else steps


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


POINTS = (
    ("start", "before the plays"),
    ("step1", "at Step 1, once the cards are played"),
    ("step2", "at Step 2, once the suit powers have resolved"),
    ("step3", "at Step 3, once the damage is dealt and the defeat checked"),
    ("step4", "at Step 4, when the enemy attacks"),
) + tuple((f"discard{k}", f"part-way through the Step 4 discard ({k} card{'s' if k > 1 else ''} discarded)")
          for k in range(1, 8))


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    """Resolve the moves one by one; marks inside a play (Steps 1-4, a discard part-way) become frames."""
    start = build_state(scn)
    b = Builder()
    b.steps.extend(explain_position(scn, start))  # the position the plays start from (routine steps fold away)
    b.frame(START, 0, Outcome(start, (), ()))
    states: list[rg.State] = []
    done: list[rg.Action] = []
    for k, act in enumerate(actions, start=1):
        action = to_action(act)
        rec = Recorder(_TRACER)
        try:
            state = rg.apply(states[-1] if states else start, action, None, rec)
        except IllegalPlay as err:
            b.steps.append(_TRACER.illegal(err, phase=1))
            return b.build(len(actions), err, k - 1)
        b.add(rec.events, k, lambda st, action=action: Outcome(start, (*states, st), (*done, action)))
        states.append(state)
        done.append(action)
        b.frame(PLAY, k, Outcome(start, tuple(states), tuple(done)))
    return b.build(len(actions))
