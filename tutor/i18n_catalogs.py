"""Keeping the translation catalogs in step with the code: extraction, update, compilation, completeness.

``rules-tutor i18n extract`` collects every message id into ``locale/<domain>.pot`` and merges it into each
language's ``locale/<lang>/LC_MESSAGES/<domain>.po`` (new messages arrive untranslated; a message the code
no longer uses is kept as obsolete, so no translator's work is lost). Message ids come from:

- string literals passed to ``_``, ``N_``, ``ngettext``, ``msg`` and ``plural`` in the Python code (Babel's
  extractor; the engine's ``msg(template, ...)`` is how every trace sentence is written), including calls inside
  an f-string's ``{...}`` (read from the syntax tree: Babel's tokenizer sees an f-string as one token before
  Python 3.12, so ``f'<h1>{esc(_("Join your class"))}</h1>'`` would otherwise never reach a catalog);
- each game's glossary: every rule's title and text; its sources: every document's title and every ruling's
  title, text, reason and dissent;
- each game plugin's asks: their labels.

``make`` compiles the ``.po`` files to ``.mo`` (``rules-tutor i18n compile``); ``tutor/i18n.py`` also compiles
a ``.po`` in memory when its ``.mo`` is missing or older.
"""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tutor.i18n import DOMAINS, GAME_DOMAINS, LANGUAGES, LOCALE, ROOT, po_path, template_problem, translated

if TYPE_CHECKING:
    from tutor.yamlio import Problem

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "plural": (1, 2)}


def _sources(domain: str) -> list[Path]:
    """The Python files whose messages belong to ``domain``."""
    from tutor.games import package_folders

    if domain in GAME_DOMAINS:  # the game's two packages (tutor.games): its engine's and its plugin's modules
        return sorted({p for folder in package_folders(domain) for p in folder.rglob("*.py")})
    shared = [*(ROOT / "engine" / "core").rglob("*.py"), *(ROOT / "ui").rglob("*.py"), *(ROOT / "tutor").rglob("*.py"),
              ROOT / "app.py"]
    game_dirs = [package_folders(g)[1] for g in GAME_DOMAINS]
    return sorted(p for p in shared if not any(d in p.parents for d in game_dirs))


def _code_messages(domain: str) -> Iterator[tuple[str | tuple[str, str], str, int, list[str]]]:
    for path in _sources(domain):
        if "__pycache__" in path.parts:
            continue
        rel = str(path.relative_to(ROOT))
        for lineno, found, comments, _ in extract_from_file("python", str(path), keywords=KEYWORDS,
                                                           comment_tags=("TRANSLATORS:",)):
            parts = tuple(m for m in (found if isinstance(found, tuple) else (found,)) if m)
            if len(parts) == 1:
                yield parts[0], rel, lineno, list(comments)
            elif len(parts) == 2:
                yield (parts[0], parts[1]), rel, lineno, list(comments)
        for message, lineno in fstring_messages(path.read_text(encoding="utf-8")):
            yield message, rel, lineno, []


def fstring_messages(source: str) -> Iterator[tuple[str | tuple[str, str], int]]:
    """Messages of the translation calls written inside f-strings (``f"{_('Submit')}"``), with their lines.

    >>> list(fstring_messages("x = f'<b>{esc(_(\\"Join\\"))}</b> {ngettext(\\"{n} cat\\", \\"{n} cats\\", n)}'"))
    [('Join', 1), (('{n} cat', '{n} cats'), 1)]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # pragma: no cover - Babel's extractor reports what it can of a broken file
        return
    calls = {(c.lineno, c.col_offset): c for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for c in ast.walk(node)
             if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in KEYWORDS}
    for _, call in sorted(calls.items()):
        assert isinstance(call.func, ast.Name)  # the calls kept above are by name
        texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in call.args[:2]]
        if KEYWORDS[call.func.id] is None and texts and texts[0]:
            yield texts[0], call.lineno
        elif KEYWORDS[call.func.id] is not None and len(texts) == 2 and texts[0] and texts[1]:
            yield (texts[0], texts[1]), call.lineno


def _data_messages(domain: str) -> Iterator[tuple[str, str, str]]:
    """(message, where, comment) from the glossaries and asks."""
    if domain not in GAME_DOMAINS:
        return
    from tutor.games import plugin

    where = f"engine/{domain}/glossary.py"
    for rule in plugin(domain).glossary:
        yield rule.title, where, f"the title of rule {rule.id}"
        yield rule.text, where, f"the text of rule {rule.id} (source: {rule.source})"
    sources = plugin(domain).sources
    for r in sources.rulings:
        yield r.title, f"engine/{domain}/sources.py", f"the title of our ruling {r.id}"
        yield r.text, f"engine/{domain}/sources.py", f"what our ruling {r.id} rules"
        yield r.reason, f"engine/{domain}/sources.py", f"why we adopt our ruling {r.id}"
        if r.disagree:
            yield r.disagree, f"engine/{domain}/sources.py", f"who reads our ruling {r.id} otherwise"
    for doc in sources.sources:
        for text, what in ((doc.title, "title"), (doc.edition, "edition"), (doc.where, "place"), (doc.note, "note")):
            if text and any(ch.isalpha() for ch in text):
                yield text, f"engine/{domain}/sources.py", f"the {what} of the document {doc.key}"
    from tutor.templates import prompts

    for text in prompts(domain):
        yield text, f"tutor/games/{domain}/template.yaml", "a question of the ruling checker's starting situation"
    for name, ask in plugin(domain).asks.items():
        if ask.label:
            yield ask.label, f"tutor/games/{domain}/asks.py", f"the label of the ask {name!r}"


def template(domain: str) -> Catalog:
    """Every message id of ``domain``, with where it comes from."""
    cat = Catalog(domain=domain, project="Rules Tutor", version="2", copyright_holder="the Rules Tutor authors",
                  charset="utf-8")
    for message, rel, lineno, comments in _code_messages(domain):
        cat.add(message, locations=[(rel, lineno)], auto_comments=comments)
    for message, where, comment in _data_messages(domain):
        cat.add(message, locations=[(where, 0)], auto_comments=[comment])
    return cat


def domains_for(lang: str) -> tuple[str, ...]:
    """The catalogs a language must complete: the interface, and the games it covers."""
    info = LANGUAGES[lang]
    return ("messages", *[g for g in GAME_DOMAINS if g in info.games])


def extract(languages: Iterable[str] | None = None) -> dict[str, int]:
    """Rewrite the templates and merge them into every language's catalogs (default: every language in
    ``LANGUAGES`` but English); per domain, the message count."""
    languages = translated() if languages is None else tuple(languages)
    counts: dict[str, int] = {}
    for domain in DOMAINS:
        tmpl = template(domain)
        counts[domain] = len(tmpl)
        LOCALE.mkdir(exist_ok=True)
        with (LOCALE / f"{domain}.pot").open("wb") as fp:
            write_po(fp, tmpl, width=120, omit_header=False, sort_output=False)
        for lang in languages:
            if domain not in domains_for(lang):
                continue
            path = po_path(lang, domain)
            if path.exists():
                with path.open("rb") as fp:
                    cat = read_po(fp, locale=LANGUAGES[lang].cldr, domain=domain)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                cat = Catalog(locale=LANGUAGES[lang].cldr, domain=domain, project="Rules Tutor", charset="utf-8")
            cat.update(tmpl, no_fuzzy_matching=True)
            with path.open("wb") as fp:
                write_po(fp, cat, width=120, include_previous=False)
    return counts


def compile_all() -> int:
    """Compile every ``.po`` to its ``.mo`` (``make`` runs this); the number compiled."""
    n = 0
    for po in sorted(po_path(lang, domain) for lang in translated() for domain in DOMAINS):
        if not po.exists():
            continue
        with po.open("rb") as fp:
            cat = read_po(fp, locale=LANGUAGES[po.parts[-3]].cldr, domain=po.stem)
        buf = io.BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        po.with_suffix(".mo").write_bytes(buf.getvalue())
        n += 1
    return n


def missing(lang: str) -> list[tuple[str, str, str]]:
    """(domain, message id, why) for every message of the template that ``lang`` lacks or has broken:
    untranslated, fuzzy, with other ``{placeholders}`` than the original, or unsafe to format
    (:func:`tutor.i18n.template_problem`: ``{n:>50000000}``, ``{n!r}``, ``{n.__class__}``)."""
    from engine.core.message import placeholders

    out: list[tuple[str, str, str]] = []
    for domain in domains_for(lang):
        tmpl = template(domain)
        path = po_path(lang, domain)
        cat = None
        if path.exists():
            with path.open("rb") as fp:
                cat = read_po(fp, locale=LANGUAGES[lang].cldr, domain=domain)
        for m in tmpl:
            if not m.id:
                continue
            found = cat.get(m.id) if cat is not None else None
            key = m.id if isinstance(m.id, str) else m.id[0]
            if found is None or not found.string or (isinstance(found.string, tuple) and not all(found.string)):
                out.append((domain, key, "not translated"))
                continue
            if found.fuzzy:
                out.append((domain, key, "marked fuzzy (to be checked)"))
                continue
            want = placeholders(key) | (placeholders(m.id[1]) if isinstance(m.id, tuple) else frozenset())
            strings = tuple(found.string) if isinstance(found.string, (tuple, list)) else (found.string,)
            source = m.id if isinstance(m.id, str) else (m.id[0], m.id[1])
            for s in strings:
                unsafe = template_problem(source, s)  # a format spec, a conversion, a placeholder not in the original
                if unsafe is not None:
                    out.append((domain, key, unsafe))
                    break
                got = placeholders(s)
                if got != want and not (isinstance(m.id, tuple) and got <= want):
                    out.append((domain, key, f"placeholders {sorted(got)} differ from {sorted(want)}"))
                    break
    return out


def unsafe_entries(lang: str) -> list[Problem]:
    """Every entry of ``lang``'s catalogs that is unsafe to format (:func:`tutor.i18n.template_problem`), at its
    line in the ``.po`` file: read from the catalogs alone, without extracting the templates (``check --lang``)."""
    from tutor.yamlio import Problem

    out: list[Problem] = []
    for domain in domains_for(lang):
        path = po_path(lang, domain)
        if not path.exists():
            continue
        with path.open("rb") as fp:
            cat = read_po(fp, locale=LANGUAGES[lang].cldr, domain=domain)
        shown = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        for m in cat:
            if not m.id or not m.string:
                continue
            source = m.id if isinstance(m.id, str) else (m.id[0], m.id[1])
            for s in (tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)):
                why = template_problem(source, s) if s else None
                if why is not None:
                    what = f"the {lang} translation of {str(source)[:80]!r}"
                    out.append(Problem(shown, m.lineno or 1, 1, f"{what}: {why}"))
                    break
    return out
