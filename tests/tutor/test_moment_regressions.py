"""Regressions found by the moment-position property test (tests/tutor/test_moment_positions.py), each with a
scenario of its own under ``tests/tutor/fixtures/answers/``, loaded as the library loads it."""

from __future__ import annotations

from pathlib import Path

from tutor import library
from tutor.questions import Asked

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "answers"


def _load(name: str) -> library.Library:
    lib = library.load([FIXTURES / name])
    assert not lib.problems, lib.problems
    return lib


def _asked(lib: library.Library, qid: str) -> Asked:
    (sid,) = lib.scenarios
    return lib.asked(sid, qid)


def test_regicide_solo_jester_inside_a_play_is_refused_by_its_timing_rule() -> None:
    lib = _load("rg_solo_inside.yaml")  # its expects: yes before the play, no inside it, yes at Step 4
    inside = _asked(lib, "solo_inside")
    assert inside.answer is False
    assert inside.explanation.deciding_step is not None
    assert inside.explanation.deciding_step.rule == "REG.solo.timing"
    assert _asked(lib, "solo_before").answer is True and _asked(lib, "solo_step4").answer is True


def test_dungeon_mayhem_legal_choices_of_a_named_option_are_listed() -> None:
    lib = _load("dm_option_choice.yaml")
    assert _asked(lib, "first").answer == ["choose praise", "choose refuse"]  # Sutha's choice
    assert _asked(lib, "options").answer == ["choose praise", "choose refuse"]  # then Azzan's


def test_marvel_champions_legal_plays_after_the_defending_ally_left_play() -> None:
    lib = _load("mc_departed_defender.yaml")
    assert _asked(lib, "gone").answer is True
    asked = _asked(lib, "plays_step5")
    assert asked.answer == []  # nothing is legal at step 5 any more, and the reasons name the defender that left
    texts = [str(s.message) for s in asked.explanation.steps]
    assert any("the defender is Mockingbird" in t for t in texts)


def test_regicide_part_way_through_a_discard_is_refused_with_the_engines_reason() -> None:
    path = FIXTURES / "rg_discard_partway.yaml"
    lib = library.load([path])
    (sid,) = lib.scenarios
    assert set(lib.refused) == {(sid, "open_partway")}  # refused alone; the rest of the file is answered
    assert "seat 1's turn is still resolving (after Step 4)" in str(lib.refused[(sid, "open_partway")])
    assert "inside a play" not in str(lib.refused[(sid, "open_partway")])
    assert lib.asked(sid, "owed_partway").answer == 8
    assert lib.asked(sid, "open_after").answer == "play"


def test_regicide_board_inside_a_play_shows_no_open_choice() -> None:
    from tutor.boards import question_view
    from ui.boards import board_html

    lib = _load("rg_solo_inside.yaml")
    (sid,) = lib.scenarios
    scn = lib.scenarios[sid]
    inside = board_html(scn, question_view(lib.asked(sid, "solo_inside"), masked=False))
    before = board_html(scn, question_view(lib.asked(sid, "solo_before"), masked=False))
    assert "to play" in before  # seat 1 decides what to play
    assert "to play" not in inside  # 5♣ is chosen and resolving: nobody decides
