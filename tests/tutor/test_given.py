"""A question's own table (``given:``): merged into the scenario's setup for that question only, validated by the
game's model, and every problem reported at its line inside ``given``."""

from __future__ import annotations

from pathlib import Path

from tests.tutor.files import load_text
from tutor import library

REGICIDE = """\
id: t.given
game: regicide
title: Given
source: test
setup:
  players: 2
  enemy: JH
  hands:
    - [5S, 5C]
    - [2D]
  tavern: 20
actions:
  - {seat: 1, play: [5S]}
questions:
  - {id: base, prompt: Tavern?, ask: tavern_size}
  - {id: small, prompt: Tavern?, ask: tavern_size, given: {tavern: 3}}
  - {id: flags, prompt: Yield?, ask: can_yield, of: seat1, given: {yielded: [false, true]}}
  - {id: plain, prompt: Yield?, ask: can_yield, of: seat1}
  - id: setting
    prompt: Yield?
    ask: can_yield
    of: seat1
    given: {yielded: [false, true], settings: {yield_flags_cleared_by_any_play: true}}
"""

DUNGEON = """\
id: t.given.dm
game: dungeon_mayhem
title: Given
source: test
setup:
  players:
    - character: Azzan
      hand: [Fireball, Shield]
    - character: Lia
      hand: 3
    - character: Sutha
      hand: 3
      hp: 2
actions:
  - play: Fireball
questions:
  - {id: winner, prompt: Winner?, ask: winner}
  - {id: lia_low, prompt: Winner?, ask: winner, given: {players: {Lia: {hp: 3}}}}
  - {id: lia, prompt: HP?, ask: hp_after, of: Lia}
"""


def _answers(tmp_path: Path, text: str) -> dict[str, object]:
    lib = load_text(tmp_path, text, "given.yaml")
    assert lib.problems == []
    scn = next(iter(lib.scenarios.values()))
    return {q.id: lib.asked(scn.id, q.id).answer for q in scn.questions}


def test_a_given_changes_the_table_for_its_question_only(tmp_path: Path) -> None:
    got = _answers(tmp_path, REGICIDE)
    assert (got["base"], got["small"]) == (20, 3)
    assert (got["plain"], got["flags"], got["setting"]) == (True, False, True)  # the flags, then G2's other reading
    got = _answers(tmp_path, DUNGEON)
    assert got["winner"] == "none" and got["lia_low"] == "Azzan" and got["lia"] == 7


def _problems(tmp_path: Path, text: str) -> list:
    return load_text(tmp_path, text, "bad.yaml").problems


def test_a_bad_given_is_reported_inside_it(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, DUNGEON.replace("{Lia: {hp: 3}}", "{Lia: {hp: 30}}"))
    assert (p.line, p.field) == (18, "questions[1].given.players.Lia.hp") and "less than or equal to 10" in p.message
    (p,) = _problems(tmp_path, DUNGEON.replace("{Lia: {hp: 3}}", "{Bob: {hp: 3}}"))
    assert p.field == "questions[1].given.players.Bob" and "no single player called 'Bob'" in p.message
    (p,) = _problems(tmp_path, REGICIDE.replace("given: {tavern: 3}", "given: {tavern: 3, enemy: 7H}"))
    assert p.line == 16 and p.field == "questions[1].given.enemy" and "7H is not a Jack, Queen or King" in p.message


def test_a_given_that_breaks_the_scenarios_plays_says_so(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, REGICIDE.replace("given: {tavern: 3}", "given: {hands: [[5C], [2D]]}"))
    assert p.field == "questions[1].given" and "the scenario's play 1" in p.message and "does not hold 5S" in p.message


def test_the_library_example_files_use_given(tmp_path: Path) -> None:
    lib = library.default_library()
    assert lib.asked("rg.table.jester_flags", "small_tavern").answer == 1
    assert lib.asked("dm.ruling.next_trick_own", "other_reading").answer == "target"
