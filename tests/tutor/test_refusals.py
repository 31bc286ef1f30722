"""A refused question refuses itself alone (issue 23, item 7), and ``check`` warns where a question without ``at``
depends on that choice.

The engine refuses a question it cannot answer at its moment (indirect damage the plays do not split, boost cards
of a stunned enemy whose attack never happens): ``check`` prints that question's ``path:line:col: reason``,
``solve`` still answers the rest of the file, and the ruling page lists the refusal in its place.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tutor import library, ruling
from tutor.cli import main
from tutor.games.base import Unaskable

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "answers"
ALONE = FIXTURES / "mc_refused_alone.yaml"
STUNNED = FIXTURES / "mc_refused_stunned.yaml"


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line)


def test_solve_json_answers_the_rest_and_reports_the_refused_question(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(ALONE), "--json"]) == 1  # something was refused: exit 1, the answers still printed
    out, err = capsys.readouterr()
    data = json.loads(out)
    by_id = {q["id"]: q for q in data["questions"]}
    assert list(by_id) == ["who", "split", "keywords"]
    assert by_id["who"]["answer"] == "p1" and by_id["keywords"]["answer"] == ["indirect"]
    assert "answer" not in by_id["split"]
    assert "do not say how Player 1 assigns it" in by_id["split"]["refused"]
    line = _line_of(ALONE, "- id: split")
    assert f"mc_refused_alone.yaml:{line}:5: question 'split' is refused: " in err


def test_show_shows_the_other_questions_and_names_the_refused_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(ALONE)]) == 1
    out = capsys.readouterr().out
    assert "· who · asked when the attack is initiated" in out and "· keywords · asked before the plays" in out
    assert ("· split · refused: the question is asked after the attack, but the engine cannot get there: the attack "
            "deals 5 indirect damage") in out  # the moment its ask waits for, not "after the plays"


def test_solve_text_answers_the_rest_of_a_stunned_enemys_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(STUNNED)]) == 1
    out = capsys.readouterr().out
    assert "happens (asked before the plays)" in out and "answer: No" in out
    assert "refused: the plays never reach the moment 'when the attack is initiated, before step 1'" in out


def test_check_prints_the_refusal_at_the_questions_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(STUNNED)]) == 1
    out = capsys.readouterr().out.splitlines()
    line = _line_of(STUNNED, "- id: boost")
    assert out == [f"{Path(library._display(STUNNED))}:{line}:5: question 'boost' is refused: the plays never "
                   "reach the moment 'when the attack is initiated, before step 1'"]


def test_the_library_keeps_the_scenario_and_refuses_the_same_question_each_time() -> None:
    lib = library.load([ALONE])
    assert list(lib.scenarios) == ["fx.mc.refused_alone"]
    assert lib.answerable("fx.mc.refused_alone", "who") and not lib.answerable("fx.mc.refused_alone", "split")
    assert lib.asked("fx.mc.refused_alone", "who").answer == "p1"
    with pytest.raises(Unaskable) as first:
        lib.asked("fx.mc.refused_alone", "split")
    with pytest.raises(Unaskable) as again:
        lib.asked("fx.mc.refused_alone", "split")
    assert first.value is again.value
    lib.warm()  # warming the library skips the refused question


def test_a_lesson_never_shows_a_refused_question(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.yaml"
    lesson.write_text(textwrap.dedent("""\
        id: t.refused
        game: marvel_champions
        title: Refused
        order: 1
        source: test
        slides:
          - type: question
            scenario: fx.mc.refused_alone
            question: who
          - type: question
            scenario: fx.mc.refused_alone
            question: split
        takeaways:
          title: Done
          bullets: [done]
        """), encoding="utf-8")
    lib = library.load([ALONE, lesson])
    assert "t.refused" not in lib.lessons
    lesson_problems = [p for p in lib.problems if p.path.endswith("lesson.yaml")]
    assert [p.field for p in lesson_problems] == ["slides[1].question"]
    assert "question 'split' of scenario 'fx.mc.refused_alone' is refused" in lesson_problems[0].message


def test_the_ruling_page_lists_the_refusal_in_its_place() -> None:
    got = ruling.check(ALONE.read_text(encoding="utf-8"))
    assert got.ok
    assert [a.qid for a in got.answers] == ["who", "split", "keywords"]
    split = got.answers[1]
    assert split.refused is not None and split.asked is None and split.value is None
    assert "indirect damage" in str(split.refused)
    assert any("question 'split' is refused" in p.message for p in got.problems)


def test_a_class_quiz_never_offers_a_refused_question() -> None:
    from tutor.quiz.spec import catalogue

    lib = library.load([ALONE])
    assert [e.question for e in catalogue(lib)] == ["who", "keywords"]


# -- check warns where a question without `at:` depends on it ----------------------------------------------------
LEGAL = """\
id: t.mc.legal_default
game: marvel_champions
title: Legal plays by default
source: test
setup:
  players:
    - {id: p1, name: Player 1, identity: {card: Spider-Man, exhausted: true}}
    - {id: p2, name: Player 2, identity: Black Panther}
  attack: {attacker: Rhino, against: p1, boost: [Shocker]}
questions:
  - id: legal
    prompt: Which plays are allowed?
    ask: legal_plays
  - id: hp
    prompt: How many hit points does Spider-Man have?
    ask: hp_after
    of: Spider-Man
"""


def test_check_warns_where_the_default_moment_and_the_end_of_the_plays_disagree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "legal.yaml"
    path.write_text(LEGAL, encoding="utf-8")
    assert main(["check", str(path)]) == 0  # a warning, not an error
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[1].startswith("ok: ") and "1 warning(s)" in out[1]
    assert out[0].startswith(f"{library._display(path)}:11:5: warning: question 'legal' has no 'at': asked at its "
                             "default moment (before the plays) the answer is Player 2 basic defends with Black Panther")
    assert "at the end of its plays (after the attack) it would be None of them; add 'at: start'" in out[0]


def test_naming_the_moment_silences_the_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "legal.yaml"
    path.write_text(LEGAL.replace("    ask: legal_plays\n", "    at: start\n    ask: legal_plays\n"), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "warning" not in out[0]


def test_the_library_has_no_moment_warning() -> None:
    assert library.default_library().warnings == []
