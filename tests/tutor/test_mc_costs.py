"""The cost asks with generated resources and cost changes (issue 27 item 1): card_cost reports the changed cost at
the moment after the change, resources_paid counts what resource abilities and resource cards generate, and each is
decided by the rule that changed it; read from the library's own files."""

from __future__ import annotations

from pathlib import Path

from engine.marvel_champions import quantities as Q
from tutor import library
from tutor.questions import Asked, reads_of

MC = Path(__file__).resolve().parents[2] / "scenarios" / "marvel_champions"


def _asked(name: str, qid: str, path: Path | None = None) -> Asked:
    lib = library.load([path or MC / f"{name}.yaml"])
    assert not lib.problems, lib.problems
    (sid,) = lib.scenarios
    asked = lib.asked(sid, qid)
    expect = lib.scenarios[sid].question(qid).expect
    if expect is not None:
        assert asked.answer == expect
    return asked


def test_card_cost_is_the_changed_cost_decided_by_the_cost_change() -> None:
    asked = _asked("d5_cost_colossus", "cost")
    assert asked.answer == 3 and Q.player("p1", "costs") in reads_of(asked.scenario, asked.question, asked.solution)
    step = asked.explanation.deciding_step
    assert step is not None and step.rule == "MC.cost.reduce" and "reduced by 1" in step.text
    unchanged = _asked("d5_cost_angel", "cost").explanation.deciding_step
    assert unchanged is not None and unchanged.rule == "MC.cost.reduce" and "does not apply" in unchanged.text


def test_card_cost_before_the_play_is_computed_for_the_player_who_holds_it(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text((MC / "d5_cost_colossus.yaml").read_text(encoding="utf-8").replace(
        "    ask: card_cost\n    of: Colossus\n    expect: 3", "    at: start\n    ask: card_cost\n    of: Colossus\n"
        "    expect: 3", 1), encoding="utf-8")
    assert _asked("", "cost", path).answer == 3  # not the printed 4: Cyclops is an X-Man


def test_resources_paid_counts_generated_resources_and_leads_with_the_generating_rule() -> None:
    serum = _asked("d5_cost_serum", "paid")
    assert serum.answer == 3
    step = serum.explanation.deciding_step
    assert step is not None and step.rule == "MC.cost.generate" and "Super-Soldier Serum (exhausted: 1)" in step.text
    doubled = _asked("d5_cost_protection", "paid")
    assert doubled.answer == 2 and doubled.explanation.deciding_step is not None
    assert doubled.explanation.deciding_step.rule == "MC.cost.generate"
    plain = _asked("d5_cost_colossus", "paid").explanation.deciding_step
    assert plain is not None and plain.rule == "MC.cost.pay" and "Energy (discarded: 2)" in plain.text


def test_an_ally_whose_entering_play_is_not_modelled_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text((MC / "d5_cost_serum.yaml").read_text(encoding="utf-8").replace("Jessica Jones", "Mockingbird"),
                    encoding="utf-8")
    lib = library.load([path])
    assert any("Mockingbird: her response when she enters play" in str(p) for p in lib.problems), lib.problems
