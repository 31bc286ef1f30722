"""The moments inside a turn are positions the engine holds (issue 23 item 6): after a play's cards are chosen and
before their damage, part-way through a discard, or while the shield covers the attack before the turn passes, the
position says so (``State.step``), no choice is open there (``legal_actions`` is empty), and every action is refused
by the rule that says why."""

from __future__ import annotations

from engine import regicide as rg
from engine.core.errors import IllegalPlay
from engine.core.trace import Mark, Recorder
from engine.regicide.glossary import TRACER
from engine.regicide.game import validate
from engine.regicide.quantities import CHOICE, snapshot


def _moments(state: rg.State, action: rg.Action) -> tuple[rg.State, dict[str, rg.State]]:
    rec = Recorder(TRACER)
    after = rg.apply(state, action, None, rec)
    return after, {e.point: e.state for e in rec.events if isinstance(e, Mark)}


def _refusal(state: rg.State, action: rg.Action) -> str:
    try:
        validate(state, action)
    except IllegalPlay as err:
        return err.rule or ""
    return ""


def test_inside_a_play_no_choice_is_open_and_every_action_is_refused() -> None:
    start = rg.from_position(1, enemy="JS", hands=[["2C", "3D", "4H", "5C", "6D"]], castle=["QS"], tavern=["7C"])
    after, marks = _moments(start, rg.Play.of("5C"))
    for point, step in (("step1", 1), ("step2", 2), ("step3", 3)):
        inside = marks[point]
        assert inside.step == step and inside.phase == rg.Phase.PLAY
        assert rg.legal_actions(inside) == []
        assert snapshot(inside)[CHOICE] == ""  # the open choice the board and the asks read: none
        assert _refusal(inside, rg.Play.of("2C")) == "REG.turn.steps"
        assert _refusal(inside, rg.Yield()) == "REG.turn.steps"
        assert _refusal(inside, rg.SoloJester()) == "REG.solo.timing"  # only at the start of Step 1 or 4
        assert not rg.is_legal(inside, rg.SoloJester())
    assert marks["step4"].step == 0 and marks["step4"].phase == rg.Phase.DISCARD  # Step 4 opens a choice
    assert rg.SoloJester() in rg.legal_actions(marks["step4"])
    assert after.step == 0 and rg.legal_actions(after)
    assert rg.apply(start, rg.Play.of("5C")) == after  # the moments cost nothing on the plain path


def test_part_way_through_a_discard_the_rest_is_still_resolving() -> None:
    start = rg.from_position(2, enemy="JC", hands=[["2C", "3D", "9H"], ["4S"]], castle=["QS"], tavern=["7C"],
                             phase="discard", need=10)
    after, marks = _moments(start, rg.Discard.of("2C", "9H"))
    part = marks["discard1"]
    assert part.step == 4 and part.need == 8 and rg.legal_actions(part) == []
    assert _refusal(part, rg.Discard.of("9H")) == "REG.turn.steps"
    assert after.step == 0 and after.current == 1 and rg.legal_actions(after)


def test_while_the_shield_covers_the_attack_the_turn_has_not_passed_yet() -> None:
    start = rg.from_position(2, enemy="JC", hands=[["2C", "3D"], ["4S"]], shield=10, castle=["QS"], tavern=["7C"])
    after, marks = _moments(start, rg.Yield())
    covered = marks["step4"]
    assert covered.step == 4 and covered.current == 0 and rg.legal_actions(covered) == []
    assert after.step == 0 and after.current == 1
    assert [type(a) for a in rg.legal_actions(after)] == [rg.Play]  # seat 2's Step 1 (it may not yield: seat 1 did)
