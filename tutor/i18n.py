"""Languages: which ones the app speaks, how a learner's language is chosen, and how text is rendered in it.

Interface strings and the engines' message templates live in gettext catalogs, managed with Babel:
``locale/<lang>/LC_MESSAGES/<domain>.po`` in the repo (``rules-tutor i18n extract`` refreshes them from the
code), compiled to ``.mo`` at install (``make``), and compiled in memory from the ``.po`` when no current
``.mo`` is there, so a catalog is never stale. Domains: ``messages`` (the interface and the tutor) and one per
game (its engine's sentences, glossary titles, asks and captions). Game words a translation names in its own
way (suits, ranks, the Jester, card names) are in ``locale/<lang>/terms*.yaml``, built from our source texts.

The engines stay language-free: they record :class:`~engine.core.message.Message` objects, and
:func:`render` turns one into the learner's language.
"""

from __future__ import annotations

import gettext
import io
import string
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from engine.core.message import Listing, Message, Term, english_listing
from engine.core.message import render as render_message
from tutor.games import BUILT_IN, GAMES

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"


@dataclass(frozen=True, slots=True)
class LanguageInfo:
    """A language the app ships: its code, its own name, and the games whose lessons and scenarios it covers."""

    code: str
    name: str  # in the language itself, as the picker shows it
    english: str
    games: tuple[str, ...]
    script: str = "Latn"
    folder: Path | None = None  # where its catalogs and terms are, when not in locale/<code>/ (a test's locale)
    babel: str = ""  # the CLDR locale for plural rules and lists, when it differs from the code (a pseudo-locale)

    @property
    def cldr(self) -> str:
        return self.babel or self.code.replace("-", "_")


META = "language.yaml"  # in locale/<code>/: the language's own name, its English name, script, games covered


def read_language(folder: Path, elsewhere: bool = True) -> LanguageInfo:
    """The language kept in ``folder`` (``locale/<code>/``, or ``elsewhere``): its code is the folder's name,
    the rest is in ``language.yaml`` (``name``, ``english``, ``games``, optional ``script`` and ``babel``)."""
    data = yaml.safe_load((folder / META).read_text(encoding="utf-8")) or {}
    return LanguageInfo(folder.name, str(data["name"]), str(data["english"]),
                        tuple(str(g) for g in data.get("games") or ()), str(data.get("script") or "Latn"),
                        folder if elsewhere else None, str(data.get("babel") or ""))


def discover(root: Path) -> dict[str, LanguageInfo]:
    """English (the language of the code, with no catalogs), then every ``root/<code>/`` holding a
    ``language.yaml``, by code: adding a language is adding its folder."""
    found = {DEFAULT: LanguageInfo(DEFAULT, "English", "English", GAME_DOMAINS)}
    for meta in sorted(root.glob(f"*/{META}")):
        found[meta.parent.name] = read_language(meta.parent, elsewhere=root != LOCALE)
    return found


DEFAULT = "en"
GAME_DOMAINS = GAMES  # one catalog domain per registered game, named by its id (tutor.games)
DOMAINS = ("messages", *GAME_DOMAINS)
LANGUAGES: dict[str, LanguageInfo] = discover(LOCALE)


def translated() -> tuple[str, ...]:
    """The codes of the languages with catalogs (every one but English), for the translators' commands."""
    return tuple(code for code in LANGUAGES if code != DEFAULT)


def folder(lang: str) -> Path:
    info = LANGUAGES.get(lang)
    return info.folder if info is not None and info.folder is not None else LOCALE / lang


def po_path(lang: str, domain: str) -> Path:
    own = _own_catalogs(domain)
    return (own / lang if own is not None else folder(lang)) / "LC_MESSAGES" / f"{domain}.po"


def _own_catalogs(domain: str) -> Path | None:
    """The folder of a registered game's own catalogs (its plugin's ``catalogs``), for a game kept outside the app."""
    if domain in BUILT_IN or domain not in GAMES:
        return None
    from tutor.games import plugin

    return plugin(domain).catalogs


def _load_catalog(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog: the ``.mo`` when it is newer than its ``.po``, else the ``.po`` compiled in memory."""
    po = po_path(lang, domain)
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    if not po.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fp:
        catalog = read_po(fp, locale=LANGUAGES[lang].cldr if lang in LANGUAGES else lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def _load_terms(lang: str) -> dict[str, dict[str, str]]:
    """The language's words for game terms: every ``locale/<lang>/terms*.yaml`` (one file per game, say),
    ``kind: {English word: translation}``; a ``review`` key holds notes for a native reader and is skipped."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(folder(lang).glob("terms*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for kind, words in data.items():
            if kind == "review" or not isinstance(words, dict):
                continue
            out.setdefault(str(kind), {}).update({str(k): str(v) for k, v in words.items() if v})
    return out


@dataclass
class Language:
    """A language's translator: catalogs (a game's domain first, then ``messages``) and its terms.

    Implements :class:`engine.core.message.Translator`. English has no catalogs: every message id is English.
    """

    code: str
    domains: tuple[str, ...]
    _catalogs: list[gettext.NullTranslations] = field(default_factory=list)
    terms: dict[str, dict[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code != DEFAULT:
            self._catalogs = [_load_catalog(self.code, d) for d in self.domains]
            self.terms = _load_terms(self.code)

    def gettext(self, template: str) -> str:
        for cat in self._catalogs:
            found = cat.gettext(template)
            if found != template:
                return found if _safe(template, found) else template
        return template

    def ngettext(self, singular: str, many: str, n: int) -> str:
        for cat in self._catalogs:
            found = cat.ngettext(singular, many, n)
            if found not in (singular, many):
                return found if _safe((singular, many), found) else (singular if n == 1 else many)
        return singular if n == 1 else many

    def term(self, term: Term) -> str:
        return self.terms.get(term.kind, {}).get(term.name, term.name)

    def listing(self, items: list[str], style: str) -> str:
        """A list the language's way (Babel's CLDR list patterns: "A, B và C", "A, B ਅਤੇ C")."""
        if self.code == DEFAULT or len(items) < 2:
            return english_listing(items, style)
        from babel.lists import format_list

        if style == "comma":
            return ", ".join(items)  # a plain enumeration: the comma is the same in Vietnamese and Punjabi
        cldr = LANGUAGES[self.code].cldr if self.code in LANGUAGES else self.code
        return format_list(items, style="or" if style == "or" else "standard", locale=cldr)

    def has(self, template: str) -> bool:
        """Whether a catalog translates ``template`` (English always does)."""
        return self.code == DEFAULT or any(cat.gettext(template) != template for cat in self._catalogs)


def _fields(template: str) -> set[tuple[str, str, str]]:
    """The ``(name, format spec, conversion)`` of every placeholder; ValueError for a broken template."""
    return {(name, spec or "", conv or "") for _, name, spec, conv in string.Formatter().parse(template)
            if name is not None}


def template_problem(source: str | tuple[str, str], translated: str) -> str | None:
    """Why ``translated`` cannot stand in for the source template (or plural pair) when it is formatted, or
    None: a broken template; a placeholder with a format spec, width, precision or conversion the source does not
    have (``{n:>50000000}`` renders as 50 MB, ``{n!r}`` shows a Python repr); a placeholder the source does not
    have (``{x}``, ``{n.__class__}``, ``{0}``: a crash or a leak when formatted). Leaving one out is safe.

    >>> template_problem("{n} cards", "{n} lá bài"), template_problem("{n} cards", "{n:>9} lá")
    (None, 'placeholder {n:>9} carries a format spec or conversion; write {n}')
    >>> template_problem(("{n} card", "{n} cards"), "{count} lá")
    'placeholder {count} is not in the original (it has {n})'
    """
    sources = (source,) if isinstance(source, str) else source
    allowed = set().union(*(_fields(s) for s in sources))
    names = sorted({name for name, _, _ in allowed})
    try:
        got = _fields(translated)
    except ValueError as err:
        return f"broken template: {err}"
    for name, spec, conv in sorted(got - allowed):
        shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
        if name in names:
            return f"placeholder {shown} carries a format spec or conversion; write {{{name}}}"
        return (f"placeholder {shown} is not in the original (it has "
                f"{', '.join('{' + n + '}' for n in names) or 'none'})")
    return None


@lru_cache(maxsize=8192)
def _safe(source: str | tuple[str, str], translated: str) -> bool:
    """Whether a catalog entry may be used (else the English template is: see :func:`template_problem`)."""
    return template_problem(source, translated) is None


_LOCK = threading.Lock()


@lru_cache(maxsize=32)
def _language(code: str, game: str | None) -> Language:
    domains = ((game,) if game in GAME_DOMAINS else ()) + ("messages",)
    with _LOCK:
        return Language(code, domains)


def language(code: str | None, game: str | None = None) -> Language:
    """The translator for ``code`` (unknown codes: English), with ``game``'s catalog first if given."""
    return _language(code if code in LANGUAGES else DEFAULT, game)


def reload() -> None:
    """Forget loaded catalogs (after ``rules-tutor i18n`` rewrote them)."""
    _language.cache_clear()


def render(text: Message | Listing | str | None, code: str | None, game: str | None = None,
           capitalise: bool = True) -> str:
    """A message or a list of values (or a plain string, returned as it is) in the language ``code``."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if isinstance(text, Listing):  # a value in words that is a list (tutor.why.words): written the language's way
        lang = language(code, game)
        return lang.listing([render(x, code, game, False) if isinstance(x, (Message, Listing))
                             else lang.term(x) if isinstance(x, Term) else str(x) for x in text.items], text.style)
    return render_message(text, language(code, game), capitalise)


def gettext_in(code: str | None, text: str, game: str | None = None) -> str:
    """An interface string in the language ``code`` (the string itself when it has no translation)."""
    return language(code, game).gettext(text)


def ngettext_in(code: str | None, singular: str, many: str, n: int, game: str | None = None) -> str:
    return language(code, game).ngettext(singular, many, n)


def covers(code: str | None, game: str) -> bool:
    """Whether the language's translations cover ``game``'s lessons and scenarios."""
    info = LANGUAGES.get(code or DEFAULT)
    return info is not None and game in info.games


# ------------------------------------------------------------------------------ choosing the language


def parse_accept_language(header: str | None) -> list[str]:
    """Language codes from an ``Accept-Language`` header, best first (bounded: at most 20 entries).

    >>> parse_accept_language("pa-IN,pa;q=0.9,en-US;q=0.8,en;q=0.7")
    ['pa', 'pa', 'en', 'en']
    >>> parse_accept_language("vi;q=0.5, fr")
    ['fr', 'vi']
    """
    if not header:
        return []
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header[:500].split(",")[:20]):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower()
        if not tag or tag == "*":
            continue
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, i, tag.split("-")[0]))
    return [tag for _, _, tag in sorted(ranked)]


def choose(query: str | None, saved: str | None, accept_language: str | None) -> str:
    """The language to use: ``?lang=``, else the learner's saved choice, else the browser's
    ``Accept-Language``, else English. Unknown codes are skipped.

    >>> choose(None, None, "vi-VN,vi;q=0.9,en;q=0.8")
    'vi'
    >>> choose("pa", "vi", "en")
    'pa'
    >>> choose("xx", None, None)
    'en'
    """
    known = {code.lower(): code for code in LANGUAGES}  # codes are case-blind: ?lang=VI, ?lang=en-xa
    for code in (query, saved):
        if code and code.lower() in known:
            return known[code.lower()]
    for code in parse_accept_language(accept_language):
        if code in known:
            return known[code]
    return DEFAULT


def names() -> dict[str, str]:
    """Code → the language's own name, for the picker."""
    return {code: info.name for code, info in LANGUAGES.items()}
