"""A Marvel Champions attack that never happens (a stunned enemy, a quickstrike on an alter-ego) draws no
"attacked player" tag and no "target" badge (issue 26) once the answer is known; an attack that happens still
draws both. Before the answer, a board at the start shows the roles as declared whether or not the attack will
happen (their absence would give the answer to "does the attack happen?" away)."""

from __future__ import annotations

import pytest

from engine.marvel_champions.quantities import attack
from tutor.library import default_library
from tutor.boards import question_view
from ui.boards import board_html

NEVER = [("mc.d3.stunned", "happens"), ("mc.d3.stunned", "hp"), ("mc.d4.steady_two", "happens"),
         ("mc.d4.steady_two", "left"), ("mc.d4.quickstrike_alter_ego", "happens"), ("mc.m.statuses", "stun")]


def _roles(html: str) -> bool:
    return "attacked player" in html or "rt-badge target" in html


@pytest.mark.parametrize("sid,qid", NEVER)
def test_no_attack_no_attack_badges(sid: str, qid: str) -> None:
    lib = default_library()
    asked = lib.asked(sid, qid)
    assert not asked.timeline.frames[-1].outcome.state.happened  # the engine says: the attack never happens
    assert not _roles(board_html(asked.scenario, question_view(asked, masked=False)))
    before = board_html(asked.scenario, question_view(asked, masked=True))
    assert _roles(before) is (asked.frame.point == "start")  # before the answer: as declared, at the start only


def test_an_attack_that_happens_keeps_its_badges() -> None:
    lib = default_library()
    scn = lib.scenarios["mc.def.minion_nobody"]
    for q in scn.questions:
        asked = lib.asked(scn.id, q.id)
        assert asked.timeline.frames[-1].outcome.state.happened
        for masked in (True, False):
            view = question_view(asked, masked=masked)
            if not ({attack(1, "attacked_player"), attack(1, "target_player"), attack(1, "target")} & view.mask):
                assert _roles(board_html(scn, view)), (q.id, masked)
