"""A test-only pseudo-locale, ``en-XA``: accented English in ⟦brackets⟧, built from the ``.pot`` templates at
test time (never a language offered to users: it lives in a temporary folder).

Every catalog message becomes ``⟦Ŝéàţ {seat}⟧`` (placeholders, HTML tags and Markdown marks kept), every game
term of the shipped terms files accented the same way, so a page or a CLI line in ``en-XA`` shows at a glance
what did not go through the catalogs: plain ASCII English. :func:`leaks` finds those words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Collection

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tutor import i18n

CODE = "en-XA"
_ACCENTS = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"))
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-z]+;|`[^`]*`|%\([a-z_]+\)s|%s|%d)")  # placeholders, tags, code


def pseudo(text: str) -> str:
    """``text`` accented outside its placeholders, tags and code spans, in ⟦brackets⟧ (empty stays empty).

    >>> pseudo("Seat {seat} plays <b>{card}</b>")
    '⟦Šéàţ {seat} þļàýš <b>{card}</b>⟧'
    """
    if not text:
        return text
    parts = _KEEP.split(text)
    return "⟦" + "".join(p if i % 2 else "".join(_ACCENTS.get(c, c) for c in p) for i, p in enumerate(parts)) + "⟧"


def build(root: Path) -> i18n.LanguageInfo:
    """Write ``root/en-XA/`` (its language.yaml, a catalog per domain, its terms) and return its entry."""
    folder = root / CODE
    (folder / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    (folder / i18n.META).write_text(yaml.safe_dump({
        "name": pseudo("Pseudo-English"), "english": "Pseudo-English (a test locale)",
        "games": list(i18n.GAME_DOMAINS), "babel": "en"}, allow_unicode=True), encoding="utf-8")
    for domain in i18n.DOMAINS:
        with (i18n.LOCALE / f"{domain}.pot").open("rb") as fp:
            tmpl = read_po(fp, domain=domain)
        cat = Catalog(locale="en", domain=domain, charset="utf-8")
        for m in tmpl:
            if not m.id:
                continue
            string = tuple(pseudo(s) for s in m.id) if isinstance(m.id, tuple) else pseudo(m.id)
            cat.add(m.id, string)
        with (folder / "LC_MESSAGES" / f"{domain}.po").open("wb") as fp:
            write_po(fp, cat, width=120)
    terms: dict[str, dict[str, str]] = {}
    for path in sorted(i18n.LOCALE.glob("*/terms*.yaml")):
        for kind, words in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            if kind != "review" and isinstance(words, dict):
                terms.setdefault(str(kind), {}).update({str(k): pseudo(str(k)) for k in words})
    (folder / "terms.yaml").write_text(yaml.safe_dump(terms, allow_unicode=True), encoding="utf-8")
    return i18n.read_language(folder)


_WORD = re.compile(r"(?<![\w{])[A-Za-z]{3,}(?![\w}])")


def leaks(text: str, allowed: Collection[str] = frozenset()) -> list[str]:
    """The plain English words (three ASCII letters or more) in ``text`` outside ``allowed``: what reached the
    reader without a catalog."""
    return [w for w in _WORD.findall(text) if w not in allowed]
