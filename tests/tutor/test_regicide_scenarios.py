"""Regicide scenarios and lessons: every file loads, every expect matches the engine, every ask is
used, and malformed files are reported at the right line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tutor.files import load_text
from tutor import library
from tutor.questions import caption_of
from tutor.boards import BoardView, line_view
from tutor.games.regicide import board as game_board
from ui.boards import draw


def render(scn: object, view: BoardView) -> str:
    """The game's board drawn, as the page draws it."""
    return draw(game_board.render(scn, view))  # type: ignore[arg-type]


def slide_cards(names: list[str]) -> str:
    return draw(game_board.slide_cards(names))

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios" / "regicide"
LESSONS = ROOT / "lessons" / "regicide"

GOOD = """\
id: t.rg.good
game: regicide
title: Good
source: test
setup:
  players: 2
  enemy: JH
  hands:
    - [5S, 5C]
    - [2D]
actions:
  - {seat: 1, play: [5S, 5C]}
questions:
  - id: q
    prompt: How much damage?
    ask: damage_dealt
    expect: 20
"""


@pytest.fixture(scope="module")
def lib() -> library.Library:
    return library.load([SCENARIOS, LESSONS])










def test_six_lessons_in_order_with_five_questions_each(lib: library.Library) -> None:
    lessons = lib.lessons_for("regicide")
    assert [l.order for l in lessons] == [1, 2, 3, 4, 5, 6]
    assert lessons[0].id == "rg.1_setup_turn"
    for a, b in zip(lessons, lessons[1:]):
        assert a.next == b.id
    for lesson in lessons:
        assert len(lesson.question_slides) >= 5, lesson.id


def test_illegal_plays_carry_the_rule_in_the_last_step(lib: library.Library) -> None:
    sol = lib.solution("rg.combo.too_big")
    assert sol.illegal is not None and sol.illegal.rule == "REG.play.combo"
    assert sol.steps[-1].rule == "REG.play.combo" and sol.steps[-1].text.startswith("The play is illegal")
    assert lib.solution("rg.jester.with_ace").illegal.rule == "REG.jester.alone"  # type: ignore[union-attr]
    assert lib.solution("rg.solo.no_yield").illegal.rule == "REG.solo.no_yield"  # type: ignore[union-attr]


def test_explanations_come_from_the_engine_trace(lib: library.Library) -> None:
    rules = [s.rule for s in lib.solution("rg.suit.hearts_before_diamonds").steps]
    assert rules.index("REG.suit.hearts") < rules.index("REG.suit.diamonds")


def test_captions_are_derived_from_the_plays(lib: library.Library) -> None:
    assert caption_of(lib.scenarios["rg.combo.overkill"]) == "Seat 1 plays 5♠ and 5♣ against the Jack of Hearts."
    assert "names seat 2 to go next" in caption_of(lib.scenarios["rg.jester.yield_flags"])


def _end(lib: library.Library, sid: str) -> BoardView:
    sol = lib.solution(sid)
    return line_view(sol.outcome, lib.scenarios[sid].actions, sol.illegal, lib.line(sid).illegal_index)


def test_boards_render_before_and_after(lib: library.Library) -> None:
    for sid, scn in lib.scenarios.items():
        before = render(scn, BoardView(None))
        after = render(scn, _end(lib, sid))
        assert 'class="rt-board rg"' in before and 'class="rt-board rg"' in after
    assert "JESTER" in slide_cards(["JOKER", "AS"])


def test_board_escapes_names(tmp_path: Path) -> None:
    text = GOOD.replace("  players: 2\n", "  players: 2\n  names: ['<b>Ana</b>', Ben]\n")
    path = tmp_path / "n.yaml"
    path.write_text(text, encoding="utf-8")
    lib = library.load([path])
    html = render(lib.scenarios["t.rg.good"], BoardView(None))
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html


def _problems(tmp_path: Path, text: str) -> list:
    return load_text(tmp_path, text).problems


def test_good_file_loads(tmp_path: Path) -> None:
    lib = load_text(tmp_path, GOOD, "good.yaml")
    assert lib.problems == []
    scn = lib.scenarios["t.rg.good"]
    assert lib.asked(scn.id).answer == 20


def test_unknown_card_in_a_hand_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("    - [2D]", "    - [2D, 11Z]"))
    assert (p.line, p.col) == (10, 12)
    assert p.field == "setup.hands[1][1]" and p.message.startswith("unknown card '11Z'")


def test_unknown_card_in_a_play_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("play: [5S, 5C]", "play: [5S, 5X]"))
    assert p.line == 12 and p.field == "actions[0].play[1]" and "unknown card '5X'" in p.message


def test_bad_seat_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("{seat: 1, play", "{seat: 3, play"))
    assert p.line == 12 and p.field == "actions[0].seat" and p.message == "unknown seat 3 (seats: 1-2)"


def test_seats_are_numbered_from_one(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("{seat: 1, play", "{seat: 0, play"))
    assert p.line == 12 and p.field == "actions[0].seat"


def test_wrong_seat_for_the_turn(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("{seat: 1, play", "{seat: 2, play"))
    assert p.line == 12 and "it is seat 1's turn here, not seat 2's" in p.message


def test_card_not_held(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("play: [5S, 5C]", "play: [5S, 5H]"))
    assert p.line == 12 and p.field == "actions[0].play" and "does not hold 5H" in p.message


def test_duplicate_card_is_a_position_problem(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("    - [2D]", "    - [5S]"))
    assert (p.line, p.field) == (10, "setup.hands[1][0]") and p.message == "5S is placed more than once"


def test_hand_over_the_maximum(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("    - [2D]", "    - [2D, 3D, 4D, 5D, 6D, 7D, 8D, 9D]"))
    assert p.line == 10 and p.field == "setup.hands[1]" and "more than the maximum 7" in p.message


def test_two_verbs_in_one_action(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("{seat: 1, play: [5S, 5C]}", "{seat: 1, play: [5S], yield: true}"))
    assert p.line == 12 and "exactly one of" in p.message


def test_expect_mismatch_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GOOD.replace("expect: 20", "expect: 10"), encoding="utf-8")
    problems, compared = library.check_expectations(library.load([path]))
    assert compared == 1 and problems[0].line == 17 and "the engine computes 20" in problems[0].message
