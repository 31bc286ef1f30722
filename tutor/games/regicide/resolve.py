"""Solving: the engine's trace of the moves, or of a position no move has been made in."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from engine import regicide as rg
from engine.core.effects import Key, merge
from engine.core.errors import IllegalPlay
from engine.regicide import quantities as Q
from engine.core.trace import Mark, Recorder, Step
from engine.regicide import game as _rg_game  # noqa: F401  (the engine's tracer)
from engine.core.message import N_, Listing, Message, msg, plural
from engine.regicide.cards import VALUE, enemy_message
from engine.regicide.rules import can_yield as _rule_can_yield
from engine.regicide.state import Phase
from tutor.games.base import Solution
from tutor.games.regicide.asks import _jesters_in_play
from tutor.games.regicide.models import ActionSpec, Scenario
from tutor.games.regicide.position import View, build_state, deal, seat_number, to_action
from tutor.moments import PLAY, START, Builder, Timeline

_TRACER = rg.glossary.TRACER


def explain_position(scn: Scenario, state: rg.State) -> list[Step]:
    """Steps describing a position no move has been made in (setup questions, Step 4, yield flags, losses)."""
    now = Q.snapshot(state)

    def t(rule: str, text: Message, phase: int, *keeps: Key) -> Step:
        """A step stating the position: it keeps the quantities it states (what a question about them rests on)."""
        return replace(_TRACER.step(rule, text, phase), effects=tuple((k, now[k], now[k]) for k in keeps))

    n = state.players
    jesters = _jesters_in_play(scn, Solution(View(state, (), ()), ()), None)
    tavern = plural("{count} card", "{count} cards", "count", count=len(state.tavern))
    setup = [t("REG.setup.hand_size", plural("With {count} player the maximum hand size is {max_hand}; the Tavern "
                                             "holds {tavern}.",
                                             "With {count} players the maximum hand size is {max_hand}; the Tavern "
                                             "holds {tavern}.", "count", count=n, max_hand=state.max_hand,
                                             tavern=tavern), 1, Q.pile("tavern"))]
    if n == 1:
        setup.append(t("REG.solo.setup", plural("Solo: both jokers are set aside; {count} solo Jester left.",
                                                "Solo: both jokers are set aside; {count} solo Jesters left.", "count",
                                                count=state.solo_jesters), 1, Q.SOLO_JESTERS))
    else:
        setup.append(t("REG.setup.jesters", plural("With {players} players the game has {count} Jester among the "
                                                   "Tavern and the hands.",
                                                   "With {players} players the game has {count} Jesters among the "
                                                   "Tavern and the hands.", "count", players=n, count=jesters), 1))
    steps: list[Step] = []
    seat = seat_number(state.current)
    if state.phase == Phase.DISCARD:
        if state.shield:
            text = msg("{enemy} attacks for {attack} − {shield} shield: seat {seat} must discard cards worth at "
                       "least {need}.", enemy=enemy_message(state.enemy), attack=state.attack, shield=state.shield,
                       seat=seat, need=state.need)
        else:
            text = msg("{enemy} attacks for {attack}: seat {seat} must discard cards worth at least {need}.",
                       enemy=enemy_message(state.enemy), attack=state.attack, seat=seat, need=state.need)
        steps.append(t("REG.suffer.discard", text, 4, Q.NEED))
    if n > 1 and any(state.yielded):
        for s in range(n):
            if _rule_can_yield(state.yielded, s, state.settings) is None:
                others = tuple(seat_number(o) for o in range(n) if o != s and not state.yielded[o])
                text = plural("Seat {seat} may yield: seat {seats} did not yield last.",
                              "Seat {seat} may yield: seats {seats} did not yield last.", "count",
                              seat=seat_number(s), seats=Listing(others), count=len(others))
            else:
                text = msg("Seat {seat} may not yield: every other seat yielded on its most recent turn.",
                           seat=seat_number(s))
            steps.append(t("REG.yield.restriction", text, 1, Q.yielded(s + 1)))
    if state.phase == Phase.LOST and state.end_rule == "REG.end.loss_damage":
        total = sum(VALUE[c] for c in state.hands[state.current])
        if state.shield:
            text = msg("{enemy} attacks for {attack} − shield {shield} = {need}; seat {seat}'s hand is worth only "
                       "{total}, so it cannot suffer the damage: everyone loses.", enemy=enemy_message(state.enemy),
                       attack=state.attack, shield=state.shield, need=state.need, seat=seat, total=total)
        else:
            text = msg("{enemy} attacks for {attack}; seat {seat}'s hand is worth only {total}, so it cannot suffer "
                       "the damage: everyone loses.", enemy=enemy_message(state.enemy), attack=state.attack,
                       seat=seat, total=total)
        steps.append(t("REG.end.loss_damage", text, 4, Q.RESULT, Q.NEED, Q.hand_cards(state.current + 1)))
    elif state.phase == Phase.LOST:
        if n == 1:
            text = msg("Seat {seat} has no cards, cannot yield in solo and has no Jester left: everyone loses.",
                       seat=seat)
        else:
            text = msg("Seat {seat} has no cards and cannot yield: everyone loses.", seat=seat)
        steps.append(t(state.end_rule or "REG.end.loss_no_play", text, 1, Q.RESULT))
    elif n == 1 and not state.hands[0] and state.solo_jesters:
        steps.append(t("REG.solo.timing", msg("With an empty hand, the solo player may still flip a Jester at the "
                                              "start of Step 1."), 1, Q.RESULT))
    return setup + steps if "setup" in scn.tags or not steps else steps


POINTS: tuple[tuple[str, str | Message], ...] = (
    ("start", N_("before the plays")),
    ("step1", N_("at Step 1, once the cards are played")),
    ("step2", N_("at Step 2, once the suit powers have resolved")),
    ("step3", N_("at Step 3, once the damage is dealt and the defeat checked")),
    ("step4", N_("at Step 4, when the enemy attacks")),
) + tuple((f"discard{k}", plural("part-way through the Step 4 discard ({k} card discarded)",
                                 "part-way through the Step 4 discard ({k} cards discarded)", "k", k=k))
          for k in range(1, 8))


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    """Resolve the moves one by one; marks inside a play (Steps 1-4, a discard part-way) become frames."""
    if scn.setup.deal is not None:  # a fresh game: the engine's steps of the deal
        start, dealt = deal(scn)
        b = Builder()
        b.steps.extend(dealt)
    else:
        start = build_state(scn)
        b = Builder()
        b.steps.extend(explain_position(scn, start))  # the position the plays start from (routine steps fold away)
    b.frame(START, 0, View(start, (), ()))
    states: list[rg.State] = []
    done: list[rg.Action] = []
    for k, act in enumerate(actions, start=1):
        action = to_action(act)
        rec = Recorder(_TRACER)
        try:
            state = rg.apply(states[-1] if states else start, action, None, rec)
        except IllegalPlay as err:
            b.steps.append(_TRACER.illegal(err, phase=1, play=k))
            return b.build(len(actions), err, k - 1)
        for e in rec.events:  # the moments inside the play: the engine's position there (State.step: no choice open)
            if isinstance(e, Mark):
                b.frame(e.point, k, View(start, (*states, e.state), (*done, action)))
                if e.effects and b.steps:  # a change made after the moment by no step of its own: the step before's
                    b.steps[-1] = replace(b.steps[-1], effects=merge(b.steps[-1].effects, e.effects))
            else:
                b.steps.append(e)
        states.append(state)
        done.append(action)
        b.frame(PLAY, k, View(start, tuple(states), tuple(done)))
    return b.build(len(actions))
