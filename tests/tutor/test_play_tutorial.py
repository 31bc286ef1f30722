"""tutor.play.tutorial: the guided first games load strictly, replay to a win, and say what is wrong where."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.play.tutorial import ROOT, check, check_all, parse, tutorial


def test_every_shipped_tutorial_loads_and_is_won_by_its_moves() -> None:
    assert list(ROOT.glob("*/*.yaml"))
    assert check_all() == []


def test_a_step_asking_for_an_illegal_move_is_named() -> None:
    text = (ROOT / "regicide" / "first_game.yaml").read_text(encoding="utf-8").replace("cards: [6C]", "cards: [7C]")
    t, problems = parse(text, "first_game.yaml")
    assert t is not None and not problems
    found = check(t, "first_game.yaml")
    assert len(found) == 1 and found[0].field == "steps[1].want" and "refused" in found[0].message


def test_a_tutorial_that_does_not_win_is_refused() -> None:
    t = tutorial("regicide")
    short = t.model_copy(update={"steps": t.steps[:-1]})
    assert [p.message for p in check(short, "x.yaml")] == ["the last step does not win the game"]


def test_unknown_fields_missing_english_and_duplicate_keys_are_positioned(tmp_path: Path) -> None:
    _t, problems = parse("game: regicide\ngame: regicide\n", "x.yaml")
    assert [str(p) for p in problems] == ["x.yaml:2:1: game: duplicate key 'game' (first defined at line 1)"]
    _t, problems = parse("game: regicide\ntitle: {vi: a}\nbogus: 1\n", "x.yaml")
    text = [str(p) for p in problems]
    assert "x.yaml:2:8: title.en: Field required" in text and "x.yaml:3:8: bogus: Extra inputs are not permitted" in text


def test_rules_tutor_check_reports_a_tutorial_problem(monkeypatch, capsys) -> None:  # noqa: ANN001
    """``rules-tutor check`` (the whole library) runs the tutorials' check; here on a one-scenario library, with
    the shipped tutorial broken."""
    from tutor import library as libmod
    from tutor.cli import main
    from tutor.play import tutorial as tut
    from tutor.yamlio import Problem

    real_load = libmod.load
    small = sorted((ROOT.parent / "scenarios" / "regicide").glob("combo_four_twos.yaml"))
    monkeypatch.setattr(libmod, "load", lambda paths=None: real_load(small))
    monkeypatch.setattr(tut, "check_all", lambda: [Problem("tutorials/regicide/first_game.yaml", 1, 1, "broken")])
    assert main(["check"]) == 1
    assert "tutorials/regicide/first_game.yaml:1:1: broken" in capsys.readouterr().out


def test_the_dungeon_mayhem_guided_game_scripts_the_bot_and_is_won_by_the_learner() -> None:
    from tutor.play.live import Played, Setup, attempt, start, tutorial_step
    from tutor.play.tutorial import wanted

    t = tutorial("dungeon_mayhem")
    assert t.mine == (0,) and t.characters == ("Sutha", "Azzan") and any(s.bot for s in t.steps)
    played = start(Setup("dungeon_mayhem", 2, (0,), "random", 0, t.characters, "first_game"))
    while (step := tutorial_step(played)) is not None:
        after = attempt(played, wanted("dungeon_mayhem", played.state, step.want))
        assert isinstance(after, Played), after
        played = after
    assert played.outcome is not None and played.outcome.winner == 0
    bots = [e for e in played.entries if e.bot]
    assert [e.reason for e in bots] == [s.say for s in t.steps if s.bot]  # the script, not the bot's own choice
    assert {s.rule for e in played.entries for s in e.steps} >= {"DM.power.mighty_toss", "DM.heal.heal",
                                                                 "DM.turn.play_again", "DM.defense.absorb"}


def test_a_step_given_to_the_wrong_seat_or_without_its_why_is_named() -> None:
    text = (ROOT / "dungeon_mayhem" / "first_game.yaml").read_text(encoding="utf-8")
    t, problems = parse(text.replace("  - bot: true\n", "  - bot: false\n", 1), "x.yaml")
    assert t is None and any("needs a 'why'" in p.message for p in problems)
    t, _problems = parse(text, "x.yaml")
    assert t is not None
    moved = t.model_copy(update={"steps": [t.steps[0].model_copy(update={"bot": True, "why": None})] + t.steps[1:]})
    found = check(moved, "x.yaml")
    assert len(found) == 1 and found[0].field == "steps[0].bot" and "the learner's" in found[0].message


def test_a_card_the_hand_does_not_hold_is_named() -> None:
    t = tutorial("dungeon_mayhem")
    step = t.steps[0].model_copy(update={"want": {"type": "PlayCard", "card": "Whirling Axes"}})
    found = check(t.model_copy(update={"steps": [step] + t.steps[1:]}), "x.yaml")
    assert len(found) == 1 and "'Whirling Axes' is not in Sutha's hand" in found[0].message


def test_a_tutorial_gives_the_deal_of_its_own_game() -> None:
    _t, problems = parse("game: dungeon_mayhem\ntitle: {en: a, vi: b, pa: c}\nposition: {players: 1, enemy: JC, "
                         "hands: [[AS]]}\nsteps: [{say: {en: a, vi: b, pa: c}, want: {type: Yield}, "
                         "why: {en: a, vi: b, pa: c}}]\n", "x.yaml")
    assert any("gives its deal as 'table'" in p.message for p in problems)


def _with_title(title: str) -> str:
    """The shipped Regicide tutorial with its title replaced by ``title`` (YAML lines, indented by two)."""
    text = (ROOT / "regicide" / "first_game.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith(" "))
    return "\n".join([*lines[:start], "title:", *title.splitlines(), *lines[end:]]) + "\n"


def test_a_text_may_give_any_known_languages_and_english_alone() -> None:
    found, problems = parse(_with_title("  en: First game"), "t.yaml")
    assert problems == [] and found is not None
    assert found.title.in_("vi") == "First game"  # no Vietnamese given: English
    found, problems = parse(_with_title("  en: First game\n  vi: Ván đầu"), "t.yaml")
    assert found is not None and found.title.in_("vi") == "Ván đầu" and found.title.in_("pa") == "First game"


def test_an_unknown_language_code_is_a_load_error_at_its_text() -> None:
    text = _with_title("  en: First game\n  xx: ???")
    found, problems = parse(text, "t.yaml")
    line = text.splitlines().index("title:") + 1
    assert found is None and len(problems) == 1
    assert (problems[0].path, problems[0].line, problems[0].col) == ("t.yaml", line + 1, 3)  # the text's mapping
    assert "no language 'xx'" in problems[0].message and problems[0].field == "title"


def test_english_is_required() -> None:
    found, problems = parse(_with_title("  vi: Ván đầu"), "t.yaml")
    assert found is None and any("title" in str(p) for p in problems)


def test_a_language_added_to_the_table_is_accepted_with_no_code_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor import i18n

    text = _with_title("  en: First game\n  en-XA: Fîŕšţ ĝàɱé")
    assert parse(text, "t.yaml")[0] is None  # not a language of the app yet
    monkeypatch.setitem(i18n.LANGUAGES, "en-XA", i18n.LanguageInfo("en-XA", "X", "X", ()))
    found, problems = parse(text, "t.yaml")
    assert problems == [] and found is not None and found.title.in_("en-XA") == "Fîŕšţ ĝàɱé"
