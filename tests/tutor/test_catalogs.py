"""The completed translation catalogs stay complete, and every message template renders in every language.

Every language the app ships (``tutor.i18n.LANGUAGES``, from ``locale/<code>/language.yaml``) must have every
catalog it needs complete: every message of its template translated, none fuzzy, none with other
``{placeholders}`` than the original (what ``rules-tutor i18n status`` reports). A new message in the code then
fails here until the catalogs are re-extracted and the message translated. The plural forms a catalog declares
are the language's own in CLDR (Babel).

Every template (of every domain) is then rendered in every language through :func:`tutor.i18n.render`, with a
sample value for each placeholder and plural messages at n = 1, 2 and 5: a translation must never break the
rendering (a stray brace, a placeholder the English does not give).
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from engine.core.message import Message, placeholders
from tutor import i18n
from tutor.i18n_catalogs import domains_for, missing, template

COMPLETE: dict[str, tuple[str, ...]] = {lang: domains_for(lang) for lang in i18n.translated()}
NPLURALS = {lang: get_plural(i18n.LANGUAGES[lang].cldr).num_plurals for lang in i18n.translated()}
PLURAL_COUNTS = (1, 2, 5)


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    i18n.reload()  # another test may have loaded catalogs from a temporary locale folder
    yield
    i18n.reload()


@lru_cache(maxsize=None)
def _missing(lang: str) -> tuple[tuple[str, str, str], ...]:
    return tuple(missing(lang))


@lru_cache(maxsize=None)
def _template(domain: str) -> tuple[tuple[str, str], ...]:
    """(singular, plural or "") for every message of the domain's template."""
    out = []
    for m in template(domain):
        if m.id:
            out.append((m.id, "") if isinstance(m.id, str) else (m.id[0], m.id[1]))
    return tuple(out)


COMPLETED = [(lang, domain) for lang, domains in COMPLETE.items() for domain in domains]


@pytest.mark.parametrize("lang,domain", COMPLETED)
def test_a_completed_catalog_has_nothing_missing_fuzzy_or_broken(lang: str, domain: str) -> None:
    assert domain in domains_for(lang)
    gaps = [(mid, why) for d, mid, why in _missing(lang) if d == domain]
    assert not gaps, f"{lang}/{domain}: {len(gaps)} message(s) missing or broken, e.g. {gaps[:5]}"


@pytest.mark.parametrize("lang,domain", COMPLETED)
def test_a_completed_catalog_declares_the_language_plural_forms_and_no_fuzzy_entry(lang: str, domain: str) -> None:
    with i18n.po_path(lang, domain).open("rb") as fp:
        cat = read_po(fp, locale=i18n.LANGUAGES[lang].cldr, domain=domain)
    assert cat.num_plurals == NPLURALS[lang]
    assert f"nplurals={NPLURALS[lang]};" in cat.plural_forms
    assert not [m.id for m in cat if m.id and m.fuzzy]
    for m in cat:
        if m.id and isinstance(m.id, tuple):
            assert isinstance(m.string, tuple) and len(m.string) == NPLURALS[lang], m.id


def _sample(name: str) -> str:
    return f"<{name}>"


def _messages(singular: str, many: str) -> list[tuple[Message, set[str]]]:
    """The template as messages with sample arguments, and the sample values its rendering must show."""
    names = placeholders(singular) | (placeholders(many) if many else frozenset())
    args = {name: _sample(name) for name in names}
    if not many:
        return [(Message(singular, tuple(sorted(args.items()))), set(args.values()))]
    count = "count" if "count" in names else "n" if "n" in names else "count"  # some plurals name no count
    out = []
    for n in PLURAL_COUNTS:
        given = {**args, count: n}
        # a translation may leave out the count ("one card" for n = 1); every other value must show
        out.append((Message(singular, tuple(sorted(given.items())), many, count),
                    {v for k, v in given.items() if k != count}))
    return out


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_template_renders_in_every_language(lang: str, domain: str) -> None:
    game = domain if domain in i18n.GAME_DOMAINS else None
    failures = []
    for singular, many in _template(domain):
        for message, shown in _messages(singular, many):
            try:
                text = i18n.render(message, lang, game)
            except Exception as err:  # noqa: BLE001 - report every template that fails, not only the first
                failures.append((singular, f"{type(err).__name__}: {err}"))
                continue
            lost = [v for v in shown if v not in text]
            if not text or lost:
                failures.append((singular, f"rendered {text!r}, without {lost}"))
    assert not failures, f"{lang}/{domain}: {len(failures)} template(s) do not render, e.g. {failures[:5]}"

