"""The loader never crashes on a file that parses and fits the schema but names what is not there: the semantic
sweep over the whole library (every question's ``of:`` unknown; every Regicide position with a card placed twice,
a foreign card or the enemy in a hand; Dungeon Mayhem and Marvel Champions plays and hands naming unknown players
and cards; lesson slides naming unknown questions and scenarios), and the loader's boundary for every game's
position refusals."""

from __future__ import annotations

import io
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from engine.core.errors import PositionError
from tests.tutor.mutants import LINE
from tests.tutor.semantic_mutants import run, semantic_mutants
from tutor import ruling
from tutor.cli import main
from tutor.games import plugin

ROOT = Path(__file__).resolve().parents[2]


def _check(path: Path) -> tuple[int, list[str], str]:
    """``rules-tutor check PATH``: the exit code, the problem lines (from the file's name on) and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["check", str(path)])
    lines = [x[x.index(path.name):] if path.name in x else x for x in out.getvalue().splitlines()]
    return code, lines, err.getvalue()


def test_every_semantic_mutant_of_the_library_gives_positioned_problems_at_its_field(tmp_path: Path) -> None:
    kinds: Counter[str] = Counter()
    failures = []
    for m in semantic_mutants():
        outcome = run(m, tmp_path)
        kinds[m.kind] += 1
        if outcome.kind != "positioned":
            failures.append(f"{m.name}: {outcome.detail}")
    assert not failures, f"{len(failures)} of {sum(kinds.values())}:\n" + "\n".join(failures[:10])
    # every kind ran over the library (a library change that empties one would make the sweep vacuous)
    assert kinds["unknown_of"] >= 200 and kinds["unknown_player"] >= 50 and kinds["unknown_card"] >= 100, kinds
    assert min(kinds[k] for k in ("duplicate_card", "foreign_card", "enemy_in_hand", "unknown_target")) >= 40, kinds
    assert kinds["unknown_slide"] >= 100, kinds


@pytest.mark.parametrize(("qid", "line"), [("end", 21), ("next", 27)])
def test_dungeon_mayhem_hand_and_defense_cards_of_an_unknown_player(tmp_path: Path, qid: str, line: int) -> None:
    text = (ROOT / "scenarios/dungeon_mayhem/m_hand_cards.yaml").read_text(encoding="utf-8")
    who = {"end": "Lia", "next": "Sutha"}[qid]
    lines = text.split("\n")
    assert lines[line - 1].strip() == f"of: {who}"
    lines[line - 1] = lines[line - 1].replace(who, "Nobody")
    f = tmp_path / "s.yaml"
    f.write_text("\n".join(lines), encoding="utf-8")
    code, out, _ = _check(f)
    assert code == 1
    index = 0 if qid == "end" else 1
    assert out == [f"s.yaml:{line}:9: questions[{index}].of: unknown player 'Nobody' (players: Lia, Sutha)"]


_REGICIDE = """game: regicide
id: t.r
title: t
source: a test
setup:
  players: 2
  enemy: JH
  hands:
    - [AH, 3S, {extra}]
    - 5
questions:
  - id: which
    prompt: Which?
    ask: legal_plays
    choices: ["3♠", "A♥"]
"""


@pytest.mark.parametrize(("extra", "message"), [
    ("AH", "AH is placed more than once"),
    ("JOKER", "JOKER is not in a game for this player count"),
    ("JH", "JH is the enemy: it cannot be placed here too"),
])
def test_regicide_card_placed_twice_foreign_or_the_enemy_in_a_hand(tmp_path: Path, extra: str, message: str) -> None:
    """With a hand of unknown cards and 'choices' to check (the choices needed the position built: this raised
    PositionError past the loader)."""
    text = _REGICIDE.format(extra=extra)
    f = tmp_path / "r.yaml"
    f.write_text(text, encoding="utf-8")
    code, out, err = _check(f)
    assert (code, out) == (1, [f"r.yaml:9:16: setup.hands[0][2]: {message}"]), err
    checked = ruling.check(text)
    assert checked.scenario is None and [str(p) for p in checked.problems] == [
        f"situation.yaml:9:16: setup.hands[0][2]: {message}"]


def test_regicide_one_jester_too_many(tmp_path: Path) -> None:
    text = _REGICIDE.format(extra="JOKER").replace("players: 2", "players: 3").replace("    - 5\n",
                                                                                        "    - [JOKER]\n    - 4\n")
    f = tmp_path / "r.yaml"
    f.write_text(text, encoding="utf-8")
    code, out, _ = _check(f)
    assert (code, out) == (1, ["r.yaml:10:8: setup.hands[1][0]: JOKER is placed too often: a 3-player game has 1 Jester"])


_GOOD = {"regicide": "scenarios/regicide/m_legal_plays.yaml",
         "dungeon_mayhem": "scenarios/dungeon_mayhem/m_hand_cards.yaml",
         "marvel_champions": "scenarios/marvel_champions/d1_brace_yourself.yaml"}


@pytest.mark.parametrize("game", sorted(_GOOD))
def test_a_position_refusal_anywhere_in_loading_becomes_positioned_problems(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """The loader's boundary: whatever raises the engine's PositionError (here the reference check itself), the
    file gets positioned problems, never an internal error; the first Dungeon Mayhem player is 'seat 0'."""

    def refuse(scn: object) -> list[object]:
        raise PositionError(["seat 0: HP must be 0..10, not 12", "cards placed too often or not in this game: 9Z"],
                            game="Test")

    monkeypatch.setattr(plugin(game), "references", refuse)
    f = tmp_path / "g.yaml"
    f.write_text((ROOT / _GOOD[game]).read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = _check(f)
    assert code == 1 and len(out) == 2 and all(LINE.match(x) for x in out), (out, err)
    assert any(": setup" in x and "HP must be 0..10, not 12" in x for x in out), out
    if game == "dungeon_mayhem":
        assert ": setup.players[0]: seat 0: HP" in out[0] or ": setup.players[0]: seat 0: HP" in out[1], out
    checked = ruling.check(f.read_text(encoding="utf-8"))
    assert checked.scenario is None and len(checked.problems) == 2
