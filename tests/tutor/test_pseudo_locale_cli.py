"""The test-only pseudo-locale ``en-XA`` (tests/pseudo_locale.py) through ``rules-tutor solve`` and ``show``:
registered by the test alone (no code edit), and no English sentence of the catalogs reaches its reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import pseudo_locale
from tutor import i18n
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "scenarios" / "dungeon_mayhem" / "again_chain.yaml",
         ROOT / "scenarios" / "regicide" / "combo_four_twos.yaml",
         ROOT / "scenarios" / "marvel_champions" / "d1_lend_a_hand.yaml"]
CLDR = {"and", "or"}  # Babel's list patterns for the pseudo-locale's CLDR locale (en), not a catalog's words


@pytest.fixture(scope="module")
def pseudo_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("locale")


@pytest.fixture
def en_xa(pseudo_root: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    info = pseudo_locale.build(pseudo_root) if not (pseudo_root / pseudo_locale.CODE).exists() \
        else i18n.read_language(pseudo_root / pseudo_locale.CODE)
    monkeypatch.setitem(i18n.LANGUAGES, pseudo_locale.CODE, info)
    i18n.reload()
    yield pseudo_locale.CODE
    i18n.reload()


def _vocabulary() -> set[str]:
    """Every word of the English templates: what a string that bypassed the catalogs would be made of."""
    words: set[str] = set()
    for pot in i18n.LOCALE.glob("*.pot"):
        words |= {w for line in pot.read_text(encoding="utf-8").splitlines() if line.startswith("msgid")
                  for w in re.findall(r"[A-Za-z]{3,}", line)}
    return words


def _allowed(path: Path, out: str) -> set[str]:
    """The file's own words (its names, title and prompts: content, which a translation file translates) and the
    cited documents' titles (``[RULE.id; titles]``): names, not sentences."""
    cited = " ".join(re.findall(r"\[[A-Z]+\.[\w.]+;([^\]]*)\]", out))
    return set(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8") + cited)) | CLDR


@pytest.mark.parametrize("command", ["solve", "show"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_pseudo_locale_shows_no_english_sentence(en_xa: str, command: str, path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, str(path), "--lang", en_xa]) == 0
    out = capsys.readouterr().out
    assert out.count("⟦") > 10  # it speaks the pseudo-locale
    vocabulary = _vocabulary()
    text = re.sub(r"\b(?:MC|DM|REG)\.[\w.]+", "", out)  # rule ids (DM.card.order) are ids, not words
    leaked = [w for w in pseudo_locale.leaks(text, _allowed(path, out)) if w in vocabulary]
    assert not leaked, f"English that skipped the catalogs: {sorted(set(leaked))}\n{out}"


def test_a_language_is_found_by_its_folder(en_xa: str, pseudo_root: Path) -> None:
    found = i18n.discover(pseudo_root)  # what LANGUAGES is: English, then every locale/<code>/language.yaml
    assert list(found) == ["en", en_xa] and found[en_xa].games == i18n.GAME_DOMAINS
    assert i18n.gettext_in(en_xa, "Language") == pseudo_locale.pseudo("Language")


def test_the_pseudo_locale_is_not_shipped() -> None:
    assert pseudo_locale.CODE not in i18n.LANGUAGES  # only a test registers it
    assert not (i18n.LOCALE / pseudo_locale.CODE).exists()
