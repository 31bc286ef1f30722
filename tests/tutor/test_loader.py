"""Malformed files: every problem is reported as path:line:col: field: message, all at once,
and the rest of the library is still served."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.tutor.files import load_text
from tutor import library, yamlio

GOOD = """\
id: t.good
game: marvel_champions
title: Good
source: test
setup:
  players:
    - id: p1
      name: Player 1
      identity: Spider-Man
  attack:
    attacker: Rhino
    against: p1
questions:
  - id: q
    prompt: Who is the target?
    ask: target
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems_for(tmp_path: Path, text: str) -> list[yamlio.Problem]:
    return load_text(tmp_path, text).problems


def test_good_file_loads(tmp_path: Path) -> None:
    lib = library.load([write(tmp_path, "good.yaml", GOOD)])
    assert lib.problems == [] and list(lib.scenarios) == ["t.good"]


def test_yaml_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    text = GOOD.replace("    attacker: Rhino", "    attacker: [Rhino")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 12 and "YAML syntax error" in p.message
    assert str(p).startswith(f"{p.path}:12:")


def test_duplicate_key_is_rejected_with_both_lines(tmp_path: Path) -> None:
    text = GOOD.replace("title: Good\n", "title: Good\ntitle: Again\n")
    (p,) = problems_for(tmp_path, text)
    assert (p.line, p.col) == (4, 1)
    assert p.message == "duplicate key 'title' (first defined at line 3)"


def test_wrong_type_reports_the_field(tmp_path: Path) -> None:
    text = GOOD.replace("      name: Player 1", "      name: Player 1\n      hand: 3")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 9 and p.col == 13
    assert p.field == "setup.players[0].hand" and "valid list" in p.message


def test_unknown_key_points_at_the_key(tmp_path: Path) -> None:
    text = GOOD.replace("title: Good\n", "title: Good\ncolour: red\n")
    (p,) = problems_for(tmp_path, text)
    assert (p.line, p.col, p.message) == (4, 1, "unknown key 'colour'")


def test_unknown_card_is_reported_at_its_line(tmp_path: Path) -> None:
    text = GOOD.replace("identity: Spider-Man", "identity: Spider-Pig")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 9 and p.col == 17
    assert p.message == "unknown card 'Spider-Pig' (not in the Marvel Champions catalogue)"


def test_unknown_player_is_reported_at_its_line(tmp_path: Path) -> None:
    text = GOOD.replace("against: p1", "against: p7")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 12 and p.message == "unknown player 'p7' (players: p1)"


def test_unknown_character_in_an_action(tmp_path: Path) -> None:
    text = GOOD.replace("questions:", "actions:\n  - {player: p1, defend: Hulk}\nquestions:")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 14 and "controls no character 'Hulk'" in p.message


def test_unknown_ask(tmp_path: Path) -> None:
    text = GOOD.replace("ask: target", "ask: colour")
    (p,) = problems_for(tmp_path, text)
    assert p.line == 16 and p.message.startswith("unknown ask 'colour'")


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    text = GOOD.replace("title: Good\n", "title: Good\ncolour: red\n").replace("against: p1", "against: 5")
    problems = problems_for(tmp_path, text)
    assert [p.line for p in problems] == [4, 13]


def test_yes_no_on_off_stay_strings() -> None:
    located, problems = yamlio.load("a: yes\nb: no\nc: on\nd: off\ne: true\n", "x.yaml")
    assert problems == [] and located is not None
    assert located.data == {"a": "yes", "b": "no", "c": "on", "d": "off", "e": True}


def test_a_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    write(tmp_path, "a_bad.yaml", GOOD.replace("title: Good\n", "title: [\n"))
    write(tmp_path, "b_good.yaml", GOOD)
    lib = library.load([tmp_path])
    assert list(lib.scenarios) == ["t.good"]
    assert len(lib.problems) == 1 and lib.problems[0].path.endswith("a_bad.yaml")


def test_duplicate_scenario_ids_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", GOOD)
    lib = library.load([tmp_path])
    assert len(lib.problems) == 1 and "duplicate scenario id 't.good'" in lib.problems[0].message


def test_lesson_with_unknown_scenario_and_rule(tmp_path: Path) -> None:
    write(tmp_path, "s.yaml", GOOD)
    write(tmp_path, "l.yaml", """\
        id: t.lesson
        game: marvel_champions
        title: L
        order: 1
        source: test
        slides:
          - type: rule
            title: R
            rules: [MC.nope]
          - type: question
            scenario: t.missing
        takeaways: {title: T, bullets: [b]}
        """)
    lib = library.load([tmp_path])
    msgs = sorted((p.line, p.message) for p in lib.problems)
    assert msgs == [(9, "unknown rule id 'MC.nope'"), (11, "unknown scenario 't.missing'")]


def test_expect_mismatch_is_reported(tmp_path: Path) -> None:
    write(tmp_path, "s.yaml", GOOD + "    expect: Black Panther\n")
    lib = library.load([tmp_path])
    problems, compared = library.check_expectations(lib)
    assert compared == 1 and len(problems) == 1
    assert problems[0].line == 17 and "the engine computes 'Spider-Man'" in problems[0].message
