"""``rules-tutor solve`` and ``show`` in the reader's language (``--lang``, issue 28 item 3): every sentence they
print is a message template rendered in it; in English, what they printed before (the golden text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import i18n
from tutor.cli import main
from tutor.golden import as_text, solved
from tutor.library import default_library, load
from tutor.questions import part_views

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "scenarios" / "dungeon_mayhem" / "again_chain.yaml",
         ROOT / "scenarios" / "regicide" / "combo_four_twos.yaml",
         ROOT / "scenarios" / "regicide" / "combo_mixed_ranks.yaml",  # an illegal play
         ROOT / "scenarios" / "marvel_champions" / "d1_lend_a_hand.yaml"]  # two parts, each with its label
REFUSED = ROOT / "tests" / "tutor" / "fixtures" / "answers" / "mc_refused_alone.yaml"
# The CLI's own words in English: none of them may be left in another language's output.
ENGLISH_WORDS = ("  answer: ", ". decides: ", ". (routine) ", " (asked ", " · asked ", "(a number)",
                 "(pick every one that applies)", "  or: ", "refused: ")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("path", [*FILES, REFUSED], ids=lambda p: p.stem)
def test_solve_in_english_prints_the_golden_text(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = load([path])
    (sid, _), = lib.scenarios.items()
    want = as_text(solved(lib, sid))
    code, out = _run(capsys, "solve", str(path))
    assert code == (1 if path == REFUSED else 0)
    assert out == want
    assert _run(capsys, "solve", str(path), "--lang", "en")[1] == want


def _games_of(lang: str) -> list[Path]:
    return [p for p in FILES if i18n.covers(lang, load([p]).scenarios[next(iter(load([p]).scenarios))].game)]


@pytest.mark.parametrize("lang", i18n.translated())
def test_solve_speaks_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    lib = default_library()
    for path in _games_of(lang):
        (sid, scn), = load([path]).scenarios.items()
        code, out = _run(capsys, "solve", str(path), "--lang", lang)
        assert code == 0
        assert not [w for w in ENGLISH_WORDS if w in out], out
        local = lib.scenario_in(sid, lang)
        for q in scn.questions:
            asked = lib.asked(sid, q.id)
            assert local.question(q.id).prompt in out and local.question(q.id).prompt != q.prompt
            assert i18n.render(asked.at, lang, scn.game, False) in out  # the moment
            for step in asked.explanation.steps:  # every step, in the language (not its English text)
                shown = i18n.render(step.message, lang, scn.game)
                assert shown in out and (shown == step.text or step.text not in out)
            answer = i18n.gettext_in(lang, "answer: {answer}").split("{answer}")[0]
            assert out.count("  " + answer) == len(scn.questions)
        for view in part_views(scn, scn.questions[0], lib.asked(sid, scn.questions[0].id).solution):
            for c in view.choices:
                if c.key == lib.asked(sid, scn.questions[0].id).answer:  # the answer by its translated label
                    assert i18n.gettext_in(lang, c.message or c.label, scn.game) in out


@pytest.mark.parametrize("lang", i18n.translated())
def test_a_refusal_is_given_in_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    lib = load([REFUSED])
    (sid, scn), = lib.scenarios.items()
    code, out = _run(capsys, "solve", str(REFUSED), "--lang", lang)
    assert code == 1
    refused = [lib.refused[(sid, q.id)] for q in scn.questions if not lib.answerable(sid, q.id)]
    assert refused and all(err.message is not None for err in refused)
    for err in refused:
        assert i18n.gettext_in(lang, "refused: {reason}").format(
            reason=i18n.render(err.message, lang, scn.game, False)) in out
    if i18n.covers(lang, scn.game):
        assert "refused: " not in out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_show_in_english_is_unchanged_by_lang_en(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = _run(capsys, "show", str(path))
    assert plain == _run(capsys, "show", str(path), "--lang", "en") and plain[0] == 0
    assert " · asked " in plain[1]


@pytest.mark.parametrize("lang", i18n.translated())
def test_show_speaks_the_language_board_included(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    lib = default_library()
    for path in _games_of(lang):
        (sid, scn), = load([path]).scenarios.items()
        code, out = _run(capsys, "show", str(path), "--lang", lang)
        assert code == 0
        assert not [w for w in ENGLISH_WORDS if w in out], out
        local = lib.scenario_in(sid, lang)
        assert out.startswith(i18n.gettext_in(lang, "{title} · {question} · asked {moment}").format(
            title=local.title, question=scn.questions[0].id,
            moment=i18n.render(lib.asked(sid, scn.questions[0].id).at, lang, scn.game, False)))
        english = _run(capsys, "show", str(path))[1]
        board_en = english.split("\n\n")[1]  # the board, between the caption and the prompt
        board = out.split("\n\n")[1]
        assert board.count("\n") == board_en.count("\n") and board != board_en  # the same board, in its words
