"""Hostile files: the loader is bounded by construction and every failure is one positioned line.

Each case here was found by probing the app as an attacker would (issue 12): an alias "billion laughs" that took
the server to 3 GB, a recursive alias, 600-deep nesting and a 5,000-digit integer that raised tracebacks, control
characters and tags that gave an unpositioned second line, a wrong type in a "text or mapping" field that was
silently dropped, a file without ``game:``, a missing path reported as "ok", and ``solve | head``.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tutor.test_loader import GOOD
from tutor import library, yamlio
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^[^\n]+:\d+:\d+: [^\n]+$")


def billion_laughs(levels: int) -> str:
    """Each level is a list of nine aliases to the level before: 9**levels strings once expanded."""
    lines = ['a0: &a0 "lol"']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def problems_of(text: str) -> list[yamlio.Problem]:
    located, problems = yamlio.load(text, "f.yaml")
    assert located is None or problems, "expected the loader to refuse this text"
    return problems


def only(text: str) -> yamlio.Problem:
    (p,) = problems_of(text)
    return p


def test_alias_bomb_is_refused_at_once_without_expanding() -> None:
    text = billion_laughs(9)  # 387 million strings if expanded; 330 bytes for 7 levels in the probe
    cpu = time.process_time()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    problems = problems_of(text)
    assert time.process_time() - cpu < 0.5  # the expansion took 78 CPU-seconds at 7 levels
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 20_000  # KB: nothing was built
    assert str(problems[0]) == "f.yaml:2:10: aliases (*a0) are not allowed: write out the value (&a0, line 1) here"
    assert len(problems) == 10  # each alias once, at its first use, and the last anchor, which nothing uses


def test_recursive_alias_is_refused() -> None:
    problems = problems_of("a: &a [*a]\n")
    assert [str(p) for p in problems] == ["f.yaml:1:8: aliases (*a) are not allowed: write out the value (&a, line 1) here"]
    assert [str(p) for p in problems_of("a: &x 1\nb: 2\n")] == ["f.yaml:1:4: anchors (&x) are not allowed: remove it"]


def test_deep_nesting_is_refused_at_the_first_level_too_deep() -> None:
    p = only("a: " + "[" * 600 + "]" * 600 + "\n")
    assert (p.line, p.col) == (1, 4 + yamlio.MAX_DEPTH - 1)  # the mapping is level 1
    assert p.message == f"nested too deeply (more than {yamlio.MAX_DEPTH} levels)"
    located, problems = yamlio.load("a: " + "[" * (yamlio.MAX_DEPTH - 1) + "]" * (yamlio.MAX_DEPTH - 1), "f.yaml")
    assert problems == [] and located is not None  # the limit itself is allowed


def test_huge_integer_is_refused_before_python_converts_it() -> None:
    p = only("a: 1\nb: " + "9" * 5000 + "\n")
    assert str(p) == f"f.yaml:2:4: a number of 5,000 digits is too long (at most {yamlio.MAX_INT_DIGITS})"
    located, problems = yamlio.load("a: " + "9" * yamlio.MAX_INT_DIGITS, "f.yaml")
    assert not problems and located is not None and located.data["a"] == int("9" * yamlio.MAX_INT_DIGITS)
    located, problems = yamlio.load('a: "' + "9" * 5000 + '"', "f.yaml")  # quoted: text, not a number
    assert not problems and located is not None


def test_long_scalar_and_big_file_are_refused() -> None:
    p = only("a: ok\nb: " + "x" * (yamlio.MAX_SCALAR + 1) + "\n")
    assert (p.line, p.col) == (2, 4) and "is too long" in p.message
    p = only("a: b\n" * (yamlio.MAX_CHARS // 5 + 1))
    assert (p.line, p.col) == (1, 1) and p.message.startswith("the file is too big")


def test_control_character_is_one_line_at_its_position() -> None:
    p = only("id: x\ntitle: a\x01b\n")
    assert str(p) == ("f.yaml:2:9: character U+0001 is not allowed in a YAML file "
                      "(control characters are not allowed)")


def test_tags_are_refused_at_their_position() -> None:
    assert str(only("a: 1\nb: !foo x\n")) == "f.yaml:2:4: tags (!foo) are not allowed: write the plain value"
    assert str(only("b: !!python/object:os.system {}\n")).startswith("f.yaml:1:4: tags (")


def test_impossible_date_and_complex_key_are_positioned() -> None:
    assert str(only("a: 1\nb: 2001-13-45\n")) == "f.yaml:2:4: bad value '2001-13-45': month must be in 1..12"
    assert str(only("? [a]\n: 1\n")) == "f.yaml:1:3: a key must be text, not a list"


def test_every_problem_prints_as_one_line() -> None:
    p = yamlio.Problem("f.yaml", 3, 4, "first\nsecond\r\nthird", "a.b")
    assert str(p) == "f.yaml:3:4: a.b: first second third"


# -- the library: union fields, missing game, missing paths -----------------------------------------
def load_one(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    lib = library.load([path])
    assert not lib.scenarios
    return [str(p).replace(library._display(path), "s.yaml") for p in lib.problems]


def test_a_wrong_type_in_a_text_or_mapping_field_says_why_each_form_failed(tmp_path: Path) -> None:
    (line,) = load_one(tmp_path, GOOD.replace("    against: p1", "    against: p1\n    boost: [5]"))
    assert line.startswith("s.yaml:13:13: setup.attack.boost[0]: 5 fits none of the accepted forms (")
    assert "as text: Input should be a valid string" in line and "as BoostSpec: " in line


def test_a_mapping_in_a_text_or_mapping_field_is_checked_as_the_mapping(tmp_path: Path) -> None:
    lines = load_one(tmp_path, GOOD.replace("attacker: Rhino", "attacker: {name: Rhino}"))
    assert lines == ["s.yaml:11:5: setup.attack.attacker.card: required field is missing",
                     "s.yaml:11:16: setup.attack.attacker.name: unknown key 'name'"]


def test_missing_game_names_the_games(tmp_path: Path) -> None:
    lines = load_one(tmp_path, GOOD.replace("game: marvel_champions\n", ""))
    assert lines == ["s.yaml:1:1: missing `game:` (one of marvel_champions, dungeon_mayhem, regicide)"]
    lines = load_one(tmp_path, GOOD.replace("game: marvel_champions\n", "game: [chess]\n"))
    assert lines == ["s.yaml:2:1: game: must be one of marvel_champions, dungeon_mayhem, regicide"]


def test_check_of_a_missing_path_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "does-not-exist.yaml"
    assert main(["check", str(missing)]) == 1
    out = capsys.readouterr().out
    assert f"{library._display(missing)}:1:1: no such file or folder" in out


def test_check_and_solve_of_hostile_files_print_positions_never_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {"bomb": billion_laughs(7), "loop": "a: &a [*a]\n", "deep": "a: " + "[" * 600 + "]" * 600,
             "digits": "a: " + "9" * 4400, "boost": GOOD.replace("    against: p1", "    against: p1\n    boost: [5]"),
             "lesson": "id: l\ngame: regicide\ntitle: t\nslides: []\n"}
    for name, text in cases.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        for argv in (["check", str(path)], ["solve", str(path)]):
            assert main(argv) == 1, (name, argv)
            cap = capsys.readouterr()
            lines = (cap.out + cap.err).strip().splitlines()
            if argv[0] == "check":
                assert lines[-1].endswith("problem(s) in 1 file(s)")
                lines = lines[:-1]
            assert lines and all(LINE.match(x) for x in lines), (name, argv, lines)


def test_solve_into_a_closed_pipe_exits_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader (`head`) is gone before anything is written
    path = ROOT / "scenarios" / "marvel_champions" / "d1_lend_a_hand.yaml"
    try:
        res = subprocess.run([sys.executable, "-m", "tutor.cli", "solve", str(path)], stdout=write,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    finally:
        os.close(write)
    assert res.stderr == "" and res.returncode == 141
