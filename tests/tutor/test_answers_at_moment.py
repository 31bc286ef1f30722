"""Answers read from the engine's position at the question's own moment (issue 23, "confident wrong answers").

Each defect has a scenario of its own under ``tests/tutor/fixtures/answers/``; each test loads it as the library
does and asserts the right answer, or the refusal by name where the engine cannot answer at that moment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import library
from tutor.games.base import Unaskable

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "answers"


def _load(name: str) -> library.Library:
    return library.load([FIXTURES / name])


def _answer(lib: library.Library, qid: str) -> object:
    (sid,) = lib.scenarios
    return lib.asked(sid, qid).answer


def _refusal(lib: library.Library, qid: str) -> str:
    (sid,) = lib.scenarios
    with pytest.raises(Unaskable) as err:
        lib.asked(sid, qid)
    return str(err.value)


# 1. Marvel Champions: a phase of several attacks ------------------------------------------------------------
def test_boost_cards_asked_at_the_first_attack_are_that_attacks() -> None:
    lib = _load("mc_phase_first_attack.yaml")
    assert not lib.problems
    assert _answer(lib, "boost1") == 2  # Klaw (II) and his extra boost card, not the minion's none
    assert _answer(lib, "boost2") == 0
    (sid,) = lib.scenarios
    expl = lib.asked(sid, "boost1").explanation
    assert expl.deciding_step is not None and expl.deciding_step.rule == "MC.atk.boost_dealt"
    assert "Klaw" in expl.deciding_step.text  # the step cited is Klaw's, not the other enemy's
    # the minion's attack is not cited; the phase's order, which lists every activation, may name it
    assert all("Hydra Mercenary" not in s.text for s in expl.steps if s.rule != "MC.atk.phase_order")


def test_attack_happens_asked_at_the_first_attack_reads_that_attack() -> None:
    lib = _load("mc_phase_stunned_second.yaml")
    assert not lib.problems
    assert _answer(lib, "happens1") is True  # Rhino's attack happens; only the stunned minion's does not
    assert _answer(lib, "happens_start") is True
    assert _answer(lib, "minion") is False
    (sid,) = lib.scenarios
    assert all("Hydra Mercenary" not in s.text for s in lib.asked(sid, "happens1").explanation.steps
               if s.rule != "MC.atk.phase_order")  # the phase's order lists every activation


# 2. Regicide: a Step 4 position that starts already lost ----------------------------------------------------
def test_the_value_still_to_discard_is_given_when_the_hand_cannot_pay_it() -> None:
    lib = _load("rg_lost_need.yaml")
    assert not lib.problems
    assert _answer(lib, "left") == 11  # 15 − shield 4, which the hand (worth 9) cannot pay
    assert _answer(lib, "needed") == 11
    assert _answer(lib, "result") == "lost"
    (sid,) = lib.scenarios
    step = lib.asked(sid, "left").explanation.deciding_step
    assert step is not None and "= 11" in step.text  # the explanation and the answer now say the same


# 3. Regicide: a moment inside a play ----------------------------------------------------------------------
@pytest.mark.parametrize("qid", ["open_inside", "plays_inside", "count_inside", "yield_inside"])
def test_asks_about_the_open_choice_are_refused_inside_a_play(qid: str) -> None:
    lib = _load("rg_inside_play.yaml")
    assert "no choice is open at this moment, because seat 1's turn is still resolving (after Step 1)" in _refusal(lib, qid)


def test_what_the_position_inside_a_play_holds_is_still_answered() -> None:
    lib = _load("rg_inside_play.yaml")
    assert _answer(lib, "hand_inside") == 15  # 2 + 3 + 4 + 6: 5♣ is on the table
    assert _answer(lib, "table_inside") == 1
    assert _answer(lib, "open_after") == "discard"  # right after the play: a real position, Step 4 open
    assert _refusal(lib, "enough_before") == "no discard is open at this moment: the seat is not in Step 4"
    refused = [p for p in lib.problems if "is refused" in p.message]
    assert len(refused) == 5 and len(lib.problems) == 5  # each refuses itself alone


# 4. Dungeon Mayhem: no choice pending -------------------------------------------------------------------
def test_target_asks_are_refused_where_no_choice_is_open() -> None:
    lib = _load("dm_no_choice_open.yaml")
    for qid in ("count_end", "who_end", "ann_end"):  # the turn is over: nothing to choose
        assert _refusal(lib, qid) == "no choice is open at this moment"
    assert _refusal(lib, "before").startswith("no choice of a player is open at this moment")  # a card to play
    assert _answer(lib, "count_open") == 2  # where the attack's target is open, it is answered


# 5. Dungeon Mayhem: who goes first ------------------------------------------------------------------------
def test_who_goes_first_and_whose_turn_agree_on_the_youngest() -> None:
    lib = _load("dm_first_player.yaml")
    assert not lib.problems
    assert _answer(lib, "first") == "Lia"
    assert _answer(lib, "turn") == "Lia"
    (sid,) = lib.scenarios
    assert lib.line(sid).frames[0].outcome.after.active == 1  # the engine's first turn is Lia's too


def test_a_turn_that_is_not_the_youngest_is_refused_when_every_age_is_given(tmp_path: Path) -> None:
    text = (FIXTURES / "dm_first_player.yaml").read_text(encoding="utf-8").replace(
        "    - {character: Sutha, age: 12, hand: 3}\n", "    - {character: Sutha, age: 12, hand: 3}\n  turn: Azzan\n")
    path = tmp_path / "turn.yaml"
    path.write_text(text, encoding="utf-8")
    lib = library.load([path])
    assert [p.field for p in lib.problems] == ["setup.turn"]
    assert "the youngest, Lia, takes the first turn" in lib.problems[0].message


# 6. Dungeon Mayhem: "can be targeted?" at its own moment and line ---------------------------------------------
def test_can_target_is_read_at_an_earlier_moment_and_on_an_instead_line() -> None:
    lib = _load("dm_target_earlier.yaml")
    assert not lib.problems
    assert _answer(lib, "ann_earlier") is True
    assert _answer(lib, "eve_earlier") is False  # outside Ben's Zone of Influence
    assert _answer(lib, "eve_instead") is False
    assert _answer(lib, "cat_instead") is True


def test_every_fixture_question_with_an_expect_matches_the_engine() -> None:
    lib = library.load([FIXTURES])
    problems, compared = library.check_expectations(lib)
    expects = sum(q.expect is not None for scn in lib.scenarios.values() for q in scn.questions)
    assert not problems and compared == expects > 0
