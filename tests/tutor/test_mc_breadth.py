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


def test_under_fire_leads_with_the_card_it_reveals() -> None:
    asked = _asked("d5_under_fire_reveals", "which")
    assert Q.reveal("card") in asked.mask  # the board hides which card's ability resolves until the answer
    step = asked.explanation.deciding_step
    assert step is not None and step.rule == "MC.enc.reveal_top"
    assert (Q.reveal("card"), "Under Fire", "Shocker") in step.effects


def test_a_rhino_stun_is_decided_by_its_own_step() -> None:
    step = _asked("d5_rhino_stuns", "panther").explanation.deciding_step
    assert step is not None and step.rule == "MC.enc.stun_each_hero"
    kept = _asked("d5_rhino_stun_kept", "colossus").explanation.deciding_step
    assert kept is not None and kept.rule == "MC.status.stun"


def _load(tmp_path: Path, reveal: str) -> list[str]:
    text = f"""id: t.reveal
game: marvel_champions
title: Reveal
source: a test of our own
setup:
  players:
    - {{id: p1, name: Player 1, identity: Spider-Man}}
  reveal: {reveal}
questions:
  - {{id: hp, prompt: Hit points?, at: after_reveal, ask: hp_after, of: Spider-Man, expect: 9}}
"""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in library.load([path]).problems]


def test_a_deck_card_the_engine_does_not_model_is_refused_by_name(tmp_path: Path) -> None:
    assert any("Assault: its When Revealed ability is not modelled" in p
               for p in _load(tmp_path, "{card: Under Fire, by: p1, deck: [Assault]}"))
    assert any("name it in 'deck'" in p for p in _load(tmp_path, "{card: Under Fire, by: p1}"))
    assert any("Rhino (II): its When Revealed ability is not modelled" in p
               for p in _load(tmp_path, "{card: Rhino (II), by: p1}"))
    assert _load(tmp_path, "{card: Under Fire, by: p1, deck: [Shocker]}") == []


def test_a_surge_card_the_file_does_not_name_refuses_what_comes_after_it(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text((MC / "d5_under_fire_reveals.yaml").read_text(encoding="utf-8").replace(
        "    at: after_reveal\n    ask: hp_after", "    at: after_surge\n    ask: hp_after", 1), encoding="utf-8")
    lib = library.load([path])
    assert any("surge reveals another encounter card" in str(p) for p in lib.problems), lib.problems


def test_forced_abilities_are_decided_by_the_forced_first_step() -> None:
    asked = _asked("d5_forced_sonic", "forced")
    step = asked.explanation.deciding_step
    assert step is not None and step.rule == "MC.atk.forced_first"
    early = _asked("d5_forced_first", "early").explanation.deciding_step
    assert early is not None and early.rule == "MC.atk.forced_first" and "illegal" in early.text
