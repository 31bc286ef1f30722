"""A translation is a template that gets formatted: one whose placeholders carry a format spec, width, precision
or conversion (``{n:>50000000}`` renders as 50 MB, ``{n!r}`` as a Python repr), or name what the original does not
(``{x}`` crashes, ``{n.__class__}`` leaks), is refused by ``i18n status`` and ``check --lang``; one that slipped
into a catalog anyway renders as the English template, never as a huge string or a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from engine.core.message import msg, plural
from tutor import i18n, i18n_catalogs
from tutor.cli import main
from tutor.i18n import template_problem

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("source", "translated", "why"), [
    ("{n} cards", "{n:>50000000} lá", "placeholder {n:>50000000} carries a format spec or conversion; write {n}"),
    ("{n} cards", "{n:.3} lá", "placeholder {n:.3} carries a format spec or conversion; write {n}"),
    ("{n} cards", "{n!r} lá", "placeholder {n!r} carries a format spec or conversion; write {n}"),
    ("{n} cards", "{n!s:^9} lá", "placeholder {n!s:^9} carries a format spec or conversion; write {n}"),
    ("{n} cards", "{n:{n}} lá", "placeholder {n:{n}} carries a format spec or conversion; write {n}"),
    ("{n} cards", "{x} lá", "placeholder {x} is not in the original (it has {n})"),
    ("{n} cards", "{n.__class__} lá", "placeholder {n.__class__} is not in the original (it has {n})"),
    ("{n} cards", "{n[0]} lá", "placeholder {n[0]} is not in the original (it has {n})"),
    ("{n} cards", "{0} lá", "placeholder {0} is not in the original (it has {n})"),
    ("{n} cards", "{} lá", "placeholder {} is not in the original (it has {n})"),
    ("Cards", "{n} lá", "placeholder {n} is not in the original (it has none)"),
    (("{n} card", "{n} cards"), "{n:>9} lá", "placeholder {n:>9} carries a format spec or conversion; write {n}"),
])
def test_unsafe_translations_are_named(source: str | tuple[str, str], translated: str, why: str) -> None:
    assert template_problem(source, translated) == why


def test_broken_and_safe_translations() -> None:
    assert (template_problem("{n} cards", "{n lá") or "").startswith("broken template: ")
    assert template_problem("{n} cards", "}{ lá") is not None
    assert template_problem("{a} and {b}", "{b} và {a}") is None  # reordered
    assert template_problem(("{n} card", "{n} cards"), "một lá") is None  # a plural form may leave {n} out
    assert template_problem("{n} cards", "{{n:>9}} lá {n}") is None  # escaped braces are text


# -- at run time: a catalog entry that slipped through renders as the English template ---------------------
def _patched_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, domain: str,
                     strings: dict[str, str | tuple[str, ...]]) -> Path:
    """A copy of ``lang``'s ``domain`` catalog with ``strings`` (msgid -> msgstr) put in, used by tutor.i18n."""
    real = i18n.po_path(lang, domain)
    with real.open("rb") as fp:
        cat = read_po(fp, locale=lang, domain=domain)
    for mid, new in strings.items():
        found = next(m for m in cat if m.id == mid or (isinstance(m.id, tuple) and m.id[0] == mid))
        found.string = new
    copy = tmp_path / lang / "LC_MESSAGES" / f"{domain}.po"
    copy.parent.mkdir(parents=True, exist_ok=True)
    with copy.open("wb") as fp:
        write_po(fp, cat, width=120)
    original = i18n.po_path
    monkeypatch.setattr(i18n, "po_path", lambda l, d: copy if (l, d) == (lang, domain) else original(l, d))
    monkeypatch.setattr(i18n_catalogs, "po_path", i18n.po_path)
    i18n.reload()
    return copy


@pytest.fixture(autouse=True)
def _fresh_catalogs() -> Iterator[None]:
    i18n.reload()
    yield
    i18n.reload()


def test_a_huge_width_or_a_conversion_in_a_catalog_renders_the_english_template(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert i18n.render(msg("Seat {seat}", seat=1), "vi", "regicide") == "Ghế 1"  # the real entry, before
    _patched_catalog(tmp_path, monkeypatch, "vi", "regicide",
                     {"Seat {seat}": "Ghế {seat:>50000000}", "seat {seat}": "ghế {seat!r}"})
    shown = i18n.render(msg("Seat {seat}", seat=1), "vi", "regicide")
    assert shown == "Seat 1"
    assert i18n.render(msg("seat {seat}", seat=2), "vi", "regicide", capitalise=False) == "seat 2"
    assert i18n.gettext_in("vi", "Seat {seat}", "regicide") == "Seat {seat}"  # the interface's _() path too


def test_a_placeholder_not_in_the_original_does_not_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _patched_catalog(tmp_path, monkeypatch, "vi", "regicide", {"Seat {seat}": "Ghế {seat.__class__.__mro__}"})
    assert i18n.render(msg("Seat {seat}", seat=3), "vi", "regicide") == "Seat 3"
    _patched_catalog(tmp_path, monkeypatch, "vi", "dungeon_mayhem",
                     {"{n} shield": ("{count} khiên",)})
    assert i18n.ngettext_in("vi", "{n} shield", "{n} shields", 2, "dungeon_mayhem") == "{n} shields"
    assert i18n.render(plural("{n} shield", "{n} shields", "n", n=1), "vi", "dungeon_mayhem") == "1 shield"


# -- refused by `i18n status` and `check --lang` ----------------------------------------------------------
def test_i18n_status_refuses_a_format_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    copy = _patched_catalog(tmp_path, monkeypatch, "vi", "regicide", {"Seat {seat}": "Ghế {seat:>50000000}"})
    small = Catalog(domain="regicide")  # the template: extracting every domain from the code takes seconds
    small.add("Seat {seat}")
    small.add("seat {seat}")
    monkeypatch.setattr(i18n_catalogs, "template", lambda domain: small if domain == "regicide" else Catalog())
    monkeypatch.setattr(i18n_catalogs, "domains_for", lambda lang: ("regicide",))
    assert copy.exists()
    assert main(["i18n", "status"]) == 1
    out = capsys.readouterr().out.splitlines()
    at = out.index("vi: 1 message(s) missing or broken")  # the languages in LANGUAGES' order (by code)
    assert out[at + 1] == ("  [regicide] 'Seat {seat}': placeholder {seat:>50000000} carries a format spec or "
                           "conversion; write {seat}")
    assert "pa: 0 message(s) missing or broken" in out


def test_check_lang_refuses_unsafe_catalog_entries_at_their_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    scenario = ROOT / "scenarios" / "regicide" / "m_legal_plays.yaml"
    assert main(["check", str(scenario), "--lang", "vi"]) == 0  # the shipped catalogs are safe
    capsys.readouterr()
    copy = _patched_catalog(tmp_path, monkeypatch, "vi", "regicide",
                            {"Seat {seat}": "Ghế {seat!r}", "seat {seat}": "ghế {x}"})
    assert main(["check", str(scenario), "--lang", "vi"]) == 1
    out = capsys.readouterr().out.splitlines()
    lines = copy.read_text(encoding="utf-8").split("\n")
    seat = lines.index('msgid "Seat {seat}"') + 1
    small = lines.index('msgid "seat {seat}"') + 1
    assert out == [f"{copy}:{seat}:1: the vi translation of 'Seat {{seat}}': placeholder {{seat!r}} carries a format "
                   "spec or conversion; write {seat}",
                   f"{copy}:{small}:1: the vi translation of 'seat {{seat}}': placeholder {{x}} is not in the original "
                   "(it has {seat})"]
    assert main(["check", str(scenario), "--lang", "pa"]) == 0  # another language's catalogs are not affected
