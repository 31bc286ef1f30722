"""``rules-tutor new GAME`` writes a template that ``rules-tutor check`` accepts, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import cli
from tutor.games import plugins
from tutor.library import parse_scenario_text
from tutor.ruling import check, open_decisions
from tutor.templates import template


@pytest.mark.parametrize("game", list(plugins()))
def test_new_writes_a_template_that_check_accepts(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sub" / f"{game}.yaml"
    assert cli.main(["new", game, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    assert cli.main(["check", str(out)]) == 0
    assert "ok: 1 files, 1 scenarios" in capsys.readouterr().out
    assert cli.main(["solve", str(out)]) == 0


@pytest.mark.parametrize("game", list(plugins()))
def test_template_is_an_empty_board_of_that_game(game: str) -> None:
    scn, problems = parse_scenario_text(template(game))
    assert scn is not None and not problems and scn.game == game
    assert not scn.actions  # type: ignore[attr-defined]


def test_new_prints_without_out_and_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new", "marvel_champions"]) == 0
    assert "game: marvel_champions" in capsys.readouterr().out
    out = tmp_path / "x.yaml"
    out.write_text("keep me", encoding="utf-8")
    assert cli.main(["new", "regicide", "--out", str(out)]) == 1
    assert out.read_text(encoding="utf-8") == "keep me"
    assert cli.main(["new", "regicide", "--out", str(out), "--force"]) == 0


def test_the_marvel_champions_empty_board_asks_who_defends() -> None:
    (decision,) = open_decisions(check(template("marvel_champions")))
    assert str(decision.question) == "Does anyone defend?" and decision.required


@pytest.mark.parametrize("lang", ["vi", "pa"])
@pytest.mark.parametrize("game", list(plugins()))
def test_a_template_asks_its_questions_in_the_learners_language(game: str, lang: str) -> None:
    """The ruling page starts a Vietnamese or Punjabi learner on the same board, its questions in their language:
    the same scenario (ids, asks, plays), only the prompts translated, and still a file `check` accepts."""
    from tutor import i18n
    from tutor.templates import prompts

    english, _ = parse_scenario_text(template(game))
    theirs, problems = parse_scenario_text(template(game, lang))
    assert english is not None and theirs is not None and not problems
    assert [(q.id, q.ask) for q in theirs.questions] == [(q.id, q.ask) for q in english.questions]
    assert template(game, "en") == template(game)
    for q in theirs.questions:
        if q.prompt in prompts(game) or not prompts(game):
            assert not prompts(game), f"{q.id}: still in English: {q.prompt}"
        else:
            assert q.prompt == i18n.gettext_in(lang, next(e.prompt for e in english.questions if e.id == q.id), game)


def test_each_template_lives_in_its_games_plugin_package_and_the_module_names_no_game() -> None:
    """One place per game: a hand-written template is its plugin package's ``template.yaml``; tutor/templates.py
    keeps no table of the games."""
    from tutor import templates as tm
    from tutor.games import BUILT_IN, package_folders

    source = Path(tm.__file__).read_text(encoding="utf-8")
    for game in BUILT_IN:
        own = package_folders(game)[1] / tm.TEMPLATE
        assert own.is_file() and tm.template(game) == own.read_text(encoding="utf-8")
        assert f'"{game}"' not in source
    assert set(tm.templates()) >= set(BUILT_IN)
