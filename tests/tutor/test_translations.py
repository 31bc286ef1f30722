"""Translations of lessons and scenarios (tutor/translations.py) and the language machinery (tutor/i18n.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from engine.core.message import Term, msg, plural
from tutor import i18n, translations
from tutor.library import load
from tutor.yamlio import load as load_yaml

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = ROOT / "scenarios" / "dungeon_mayhem" / "again_chain.yaml"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "again_chain.yaml"
    shutil.copy(ORIGINAL, target)
    return target


def _write(path: Path, body: str) -> None:
    path.write_text(body, encoding="utf-8")


def test_the_texts_of_a_file_are_keyed_by_place_and_question_id() -> None:
    located, problems = load_yaml(ORIGINAL.read_text(encoding="utf-8"), str(ORIGINAL))
    assert located is not None and not problems
    found = translations.texts(located)
    assert set(found) == {"title", "questions.left.prompt", "questions.sutha.prompt"}
    assert found["title"].text == "A justice chain" and found["title"].line == 4
    assert not any("setup" in k or "source" in k for k in found)  # positions and citations are not prose


def test_a_translation_replaces_only_current_texts(tmp_path: Path) -> None:
    original = _copy(tmp_path)
    _write(tmp_path / "again_chain.vi.yaml", """lang: vi
of: again_chain.yaml
texts:
  title:
    en: A justice chain
    tr: Chuỗi công lý
  questions.left.prompt:
    en: How many more cards must Lia still play this turn? (an older wording)
    tr: Lượt này Lia còn phải chơi thêm bao nhiêu lá?
""")
    lib = load([original])
    scn = lib.in_language("dm.again.chain", "vi")
    assert scn.title == "Chuỗi công lý"
    assert scn.questions[0].prompt == lib.scenarios["dm.again.chain"].questions[0].prompt  # stale: English kept
    assert lib.coverage("dm.again.chain", "vi") == (1, 3)
    assert lib.in_language("dm.again.chain", "en") is lib.scenarios["dm.again.chain"]
    problems = [str(p) for p in lib.translation_problems()]
    assert len(problems) == 1 and "again_chain.vi.yaml:7:3: questions.left.prompt: stale" in problems[0]
    missing = [str(p) for p in lib.translation_problems("vi")]
    assert any("again_chain.yaml:" in p and "questions.sutha.prompt: not translated into vi" in p for p in missing)
    assert not any("not translated into pa" in p for p in missing)


def test_a_missing_file_orphaned_entry_and_malformed_file_are_reported_with_positions(tmp_path: Path) -> None:
    original = _copy(tmp_path)
    lib = load([original])
    (only,) = [str(p) for p in lib.translation_problems("pa")]
    assert "/again_chain.yaml:4:8: no pa translation (again_chain.pa.yaml is missing; 3 texts)" in only
    _write(tmp_path / "again_chain.pa.yaml", """lang: vi
of: other.yaml
colour: red
texts:
  questions.gone.prompt:
    en: Old
    tr: ਪੁਰਾਣਾ
  title: just a string
""")
    problems = [str(p) for p in load([original]).translation_problems()]
    assert any(":1:7: lang must be 'pa'" in p for p in problems)
    assert any(":2:5: of must be 'again_chain.yaml'" in p for p in problems)
    assert any(":3:1: unknown key 'colour'" in p for p in problems)
    assert any(":5:3: questions.gone.prompt: there is no such text" in p for p in problems)
    assert any(":8:3: title: give en (the original text) and tr (its translation)" in p for p in problems)


def test_translation_files_are_not_loaded_as_scenarios(tmp_path: Path) -> None:
    original = _copy(tmp_path)
    _write(tmp_path / "again_chain.vi.yaml", "lang: vi\nof: again_chain.yaml\ntexts: {}\n")
    lib = load([tmp_path])
    assert lib.files == 1 and not lib.problems and list(lib.scenarios) == ["dm.again.chain"]
    assert translations.is_translation(tmp_path / "again_chain.vi.yaml") and not translations.is_translation(original)


def _catalog(tmp_path: Path, lang: str, domain: str, entries: dict[object, object]) -> None:
    cat = Catalog(locale=lang, domain=domain)
    for mid, string in entries.items():
        cat.add(mid, string)
    path = tmp_path / lang / "LC_MESSAGES" / f"{domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, cat)


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.reload()
    yield tmp_path
    i18n.reload()


def test_a_message_renders_in_the_language_with_its_own_word_order_plurals_and_terms(locale_dir: Path) -> None:
    _catalog(locale_dir, "pa", "regicide", {
        "{enemy} attacks for {attack}.": "{attack} ਦਾ ਹਮਲਾ {enemy} ਕਰਦਾ ਹੈ।",
        "the {rank} of {suit}": "{suit} ਦਾ {rank}",
        ("{player} draws {n} card.", "{player} draws {n} cards."): ("{player} {n} ਪੱਤਾ ਲੈਂਦਾ ਹੈ।",
                                                                    "{player} {n} ਪੱਤੇ ਲੈਂਦਾ ਹੈ।"),
    })
    (locale_dir / "pa" / "terms.yaml").write_text("suit:\n  Spades: ਹੁਕਮ\nrank:\n  King: ਬਾਦਸ਼ਾਹ\n", encoding="utf-8")
    enemy = msg("the {rank} of {suit}", rank=Term("rank", "King"), suit=Term("suit", "Spades"))
    attack = msg("{enemy} attacks for {attack}.", enemy=enemy, attack=20)
    assert i18n.render(attack, "pa", "regicide") == "20 ਦਾ ਹਮਲਾ ਹੁਕਮ ਦਾ ਬਾਦਸ਼ਾਹ ਕਰਦਾ ਹੈ।"
    assert i18n.render(attack, "en", "regicide") == "The King of Spades attacks for 20."
    assert i18n.render(attack, "vi", "regicide") == "The King of Spades attacks for 20."  # no catalog: English
    draws = plural("{player} draws {n} card.", "{player} draws {n} cards.", "n", player="Seat 1", n=1)
    assert i18n.render(draws, "pa", "regicide") == "Seat 1 1 ਪੱਤਾ ਲੈਂਦਾ ਹੈ।"
    many = plural("{player} draws {n} card.", "{player} draws {n} cards.", "n", player="Seat 1", n=3)
    assert i18n.render(many, "pa", "regicide") == "Seat 1 3 ਪੱਤੇ ਲੈਂਦਾ ਹੈ।"
    assert i18n.render(many, "xx", "regicide") == "Seat 1 draws 3 cards."  # an unknown language: English


def test_a_message_must_name_every_placeholder() -> None:
    with pytest.raises(KeyError, match="needs \\['n'\\]"):
        msg("{player} draws {n} cards.", player="Seat 1")
    with pytest.raises(TypeError):
        plural("{n} card", "{n} cards", "n", n="three")


@pytest.mark.parametrize("query,saved,header,want", [
    (None, None, None, "en"),
    (None, None, "vi-VN,vi;q=0.9,en;q=0.8", "vi"),
    (None, None, "fr-FR,pa;q=0.5", "pa"),
    (None, "pa", "vi", "pa"),
    ("vi", "pa", "pa", "vi"),
    ("VI", None, None, "vi"),
    ("<script>", None, "x" * 10_000, "en"),
    (None, None, "en;q=abc, vi;q=0", "en"),
])
def test_the_language_comes_from_the_query_then_the_saved_choice_then_the_browser(
        query: str | None, saved: str | None, header: str | None, want: str) -> None:
    assert i18n.choose(query, saved, header) == want


def test_a_translation_file_given_by_name_is_checked_against_its_original(tmp_path: Path) -> None:
    original = _copy(tmp_path)
    vi = tmp_path / "again_chain.vi.yaml"
    _write(vi, "lang: vi\nof: again_chain.yaml\ntexts:\n  title:\n    en: An old title\n    tr: Tiêu đề cũ\n")
    problems = [str(p) for p in load([vi]).problems]
    assert len(problems) == 1 and "again_chain.vi.yaml:4:3: title: stale" in problems[0]
    lonely = tmp_path / "nothing.vi.yaml"
    _write(lonely, "lang: vi\n")
    (only,) = [str(p) for p in load([lonely]).problems]
    assert only.endswith("nothing.vi.yaml:1:1: a vi translation of nothing.yaml, which is not beside it")
    assert original.exists()


@pytest.mark.parametrize("lang", i18n.translated())
def test_every_lesson_and_scenario_of_the_games_a_language_covers_is_translated_and_current(lang: str) -> None:
    """The completeness check of ``rules-tutor check --lang``: no text missing, stale or orphaned."""
    from tutor.i18n import LANGUAGES
    from tutor.library import default_library

    lib = default_library()
    problems = lib.translation_problems(lang)
    assert not problems, f"{len(problems)} translation problem(s) in {lang}:\n" + "\n".join(map(str, problems[:20]))
    covered = [s for s in lib.scenarios.values() if s.game in LANGUAGES[lang].games]
    assert covered and all(lib.coverage(s.id, lang)[0] == lib.coverage(s.id, lang)[1] for s in covered)
