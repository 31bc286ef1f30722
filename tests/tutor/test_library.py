"""The whole library: every file loads, every question is solved, every expect matches the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import library, translations
from tutor.games import plugins
from tutor.games.base import ILLEGAL
from tutor.library import default_library
from tutor.questions import label_of, part_views

LIB = default_library()


def test_library_has_no_problems() -> None:
    assert [str(p) for p in LIB.problems] == []
    assert library.check_next_links(LIB) == []


def test_every_expect_matches_the_engine() -> None:
    problems, compared = library.check_expectations(LIB)
    assert [str(p) for p in problems] == []
    assert compared == LIB.question_count  # every question carries an expect


@pytest.mark.parametrize("scenario_id", sorted(LIB.scenarios))
def test_every_scenario_is_solved_and_explained(scenario_id: str) -> None:
    scn = LIB.scenarios[scenario_id]
    glossary = plugins()[scn.game].glossary
    for q in scn.questions:
        asked = LIB.asked(scenario_id, q.id)
        sol, answer = asked.solution, asked.answer
        assert sol.steps, "an explanation needs at least one step"
        for step in sol.steps:
            assert step.rule in glossary and step.text and step.source
        assert asked.explanation.deciding is not None, "an explanation leads with the step that decides it"
        if answer == ILLEGAL:
            assert sol.illegal is not None and sol.steps[-1].rule == sol.illegal.rule
            continue
        # the computed answer is one of the choices offered on screen
        for view in part_views(scn, q, sol):
            if view.choices:
                value = answer[view.key] if isinstance(answer, dict) else answer
                keys = [c.key for c in view.choices]
                if view.kind == "multi_select":
                    assert set(value) <= set(keys)
                else:
                    assert value in keys
        assert label_of(scn, q, answer, sol)


def test_every_lesson_question_points_at_a_real_question() -> None:
    for lesson in LIB.lessons.values():
        for _, slide in lesson.question_slides:
            scn = LIB.scenarios[slide.scenario]
            assert slide.question is None or slide.question in {q.id for q in scn.questions}


def test_defense_1_matches_the_walkthrough() -> None:
    lesson = LIB.lessons["mc.defense_1"]
    titles = [LIB.scenarios[s.scenario].title for _, s in lesson.question_slides]
    assert titles == ["Whose turn to suffer", "Lend a hand", "Free stance", "Taking turns", "Crowded field",
                      "Brace yourself"]
    assert sum(1 for s in LIB.scenarios.values() if s.game == "marvel_champions") >= 12


GAMES = sorted(plugins())


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_thirty_scenarios_with_their_own_prefix(game: str) -> None:
    scenarios = LIB.scenarios_for(game)
    assert len(scenarios) >= 30
    prefix = {"marvel_champions": "mc.", "dungeon_mayhem": "dm.", "regicide": "rg."}[game]
    assert all(s.id.startswith(prefix) for s in scenarios)


@pytest.mark.parametrize("game", GAMES)
def test_each_ask_of_each_game_is_used_by_a_scenario(game: str) -> None:
    used = {q.ask for s in LIB.scenarios_for(game) for q in s.questions}
    used |= {p.ask for s in LIB.scenarios_for(game) for q in s.questions for p in (q.parts or [])}
    assert set(plugins()[game].asks) - used == set()


@pytest.mark.parametrize("kind", ["scenarios", "lessons"])
def test_every_file_names_its_json_schema(kind: str) -> None:
    schema = "scenario" if kind == "scenarios" else "lesson"
    for path in (library.ROOT / kind).rglob("*.yaml"):
        if translations.is_translation(path):  # a translation file holds only texts, no schema
            continue
        assert f"# yaml-language-server: $schema=../../schema/{schema}.schema.json" in \
            path.read_text(encoding="utf-8").splitlines()[0:2], path


@pytest.mark.parametrize("game", GAMES)
def test_each_game_board_renders_every_scenario_before_and_after(game: str) -> None:
    from tutor.boards import question_view
    from ui.boards import board_html

    for scn in LIB.scenarios_for(game):
        for q in scn.questions:
            asked = LIB.asked(scn.id, q.id)
            for masked in (True, False):
                assert 'class="rt-board' in board_html(scn, question_view(asked, masked=masked))


def test_a_question_naming_an_unknown_character_or_card_is_a_positioned_problem(tmp_path: Path) -> None:
    """Found by fuzzing: a look-alike letter in a catalogue ask's `of` (Cyrillic А) crashed the check."""
    from tutor.library import load

    text = (library.ROOT / "scenarios" / "dungeon_mayhem" / "m_catalogue.yaml").read_text(encoding="utf-8")
    first = text.index("of: ", text.index("questions:"))
    end = text.index("\n", first)
    bad = text[:first] + "of: \u0410na" + text[end:]
    (tmp_path / "m_catalogue.yaml").write_text(bad, encoding="utf-8")
    problems = [str(p) for p in load([tmp_path / "m_catalogue.yaml"]).problems]
    assert problems and all(":" in p.split(" ")[0] for p in problems)
    assert any("questions[0].of" in p and "\u0410na" in p for p in problems)
