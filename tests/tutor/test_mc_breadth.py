"""Marvel Champions beyond one attack, the rest (issue 27 item 1): what decides a question on the villain phase's
order, a card revealed outside an attack, the forced responses after an attack; read from the library's own files."""

from __future__ import annotations

from pathlib import Path

from engine.marvel_champions import quantities as Q
from tutor import library
from tutor.questions import Asked, is_unchanged_note, reads_of

MC = Path(__file__).resolve().parents[2] / "scenarios" / "marvel_champions"


def _asked(name: str, qid: str) -> Asked:
    lib = library.load([MC / f"{name}.yaml"])
    assert not lib.problems, lib.problems
    (sid,) = lib.scenarios
    asked = lib.asked(sid, qid)
    assert asked.answer == lib.scenarios[sid].question(qid).expect
    return asked


def test_a_legal_order_is_decided_by_the_order_rule_not_by_nothing_changed() -> None:
    asked = _asked("d5_order_each_player", "order")
    assert Q.phase("order") in reads_of(asked.scenario, asked.question, asked.solution)
    step = asked.explanation.deciding_step
    assert step is not None and step.rule == "MC.atk.phase_order" and not is_unchanged_note(step)
    assert any(k == Q.phase("order") and b == () for k, b, _a in step.effects)


def test_an_order_out_of_place_is_decided_by_the_verdict() -> None:
    asked = _asked("d5_order_each_player", "guard_now")
    step = asked.explanation.deciding_step
    assert step is not None and step.rule == "MC.atk.phase_order" and "Armored Guard" in step.text


def test_one_attack_reads_no_order() -> None:
    asked = _asked("d5_quickstrike_first", "order")  # quickstrike's attack is not an activation: one activation
    assert Q.phase("order") not in reads_of(asked.scenario, asked.question, asked.solution)
