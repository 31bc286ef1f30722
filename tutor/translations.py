"""Translations of lessons and scenarios: a file beside the original holding only the translated texts.

``lessons/regicide/1_setup_turn.pa.yaml`` translates ``lessons/regicide/1_setup_turn.yaml`` into Punjabi::

    lang: pa
    of: 1_setup_turn.yaml
    texts:
      title:                      # where the text sits in the original
        en: Setup and the turn    # the original text, as it was translated (a change makes it stale)
        tr: ਸੈੱਟਅੱਪ ਅਤੇ ਵਾਰੀ
      slides.0.sections.1.bullets.2:
        en: Deal everyone up to the maximum hand size, 7, 6 or 5 cards for 2, 3 or 4 players
        tr: ...
        review: not sure players say "ਹੱਥ" for a hand of cards   # for a native reader

A text's key is its path in the original: mapping keys, list indexes, and for a list of items that have an
``id`` (questions), that id. The texts that are translated are the learner-facing ones (:data:`TEXT_KEYS`):
ids, card names, rule ids and answers never are. :func:`check` reports, each at ``path:line:col``, a
translation whose original changed since (stale), one whose place no longer exists, and, when asked for a
language, every text still missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from tutor.yamlio import Located, Problem, load

TEXT_KEYS = frozenset({"title", "subtitle", "kicker", "heading", "bullets", "intro", "prompt", "caption", "hint",
                       "label", "next_label"})
"""Keys whose text a learner reads (a string, or a list of strings)."""
SKIP = frozenset({"setup", "actions", "expect", "source", "rules", "cards", "tags", "choices"})
"""Parts of a file that hold no learner-facing prose (positions, plays, answers, citations)."""


@dataclass(frozen=True, slots=True)
class Text:
    """One translatable text of an original file."""

    key: str
    text: str
    line: int
    col: int
    at: tuple[Any, ...] = ()  # the path in the data (list indexes, not ids)


def _key(parts: list[str]) -> str:
    return ".".join(parts)


def texts(located: Located) -> dict[str, Text]:
    """Every learner-facing text of a parsed original, by key."""
    out: dict[str, Text] = {}

    def walk(value: Any, at: tuple[Any, ...], parts: list[str], in_text: bool) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k in SKIP:
                    continue
                walk(v, at + (k,), parts + [str(k)], k in TEXT_KEYS)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                name = str(item["id"]) if isinstance(item, dict) and isinstance(item.get("id"), str) else str(i)
                walk(item, at + (i,), parts + [name], in_text)
        elif isinstance(value, str) and in_text and value.strip():
            line, col = located.position(at)
            out[_key(parts)] = Text(_key(parts), value, line, col, at)

    walk(located.data, (), [], False)
    return out


def translation_path(original: Path, lang: str) -> Path:
    return original.with_name(f"{original.stem}.{lang}.yaml")


def is_translation(path: Path) -> bool:
    """``x.vi.yaml`` (a language the app ships) is a translation; ``x.yaml`` an original.

    >>> is_translation(Path("1_cards.vi.yaml")), is_translation(Path("1_cards.yaml"))
    (True, False)
    """
    from tutor.i18n import LANGUAGES

    parts = path.name.split(".")
    return len(parts) == 3 and parts[2] in ("yaml", "yml") and parts[1] in LANGUAGES


@dataclass
class Translation:
    """A parsed translation file: per key, the original it was made from, the text, a review note."""

    path: Path
    lang: str
    texts: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # key -> (en, tr, review)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)

    def get(self, key: str, original: str) -> str | None:
        """The translation of ``key`` if it was made from this ``original`` text (else None: stale or missing)."""
        found = self.texts.get(key)
        if found is None or found[0] != original or not found[1].strip():
            return None
        return found[1]


MAX_TRANSLATION_BYTES = 2_000_000


def read(path: Path) -> tuple[Translation | None, list[Problem]]:
    """Parse a translation file strictly; every problem at its line and column."""
    try:
        raw = path.read_bytes()
    except OSError as err:
        return None, [Problem(str(path), 1, 1, f"cannot read the file: {err.strerror}")]
    if len(raw) > MAX_TRANSLATION_BYTES:
        return None, [Problem(str(path), 1, 1, f"the file is larger than {MAX_TRANSLATION_BYTES} bytes")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, [Problem(str(path), 1, 1, f"the file is not UTF-8 text ({err.reason})")]
    located, problems = load(text, str(path))
    if located is None:
        return None, problems
    data = located.data
    where = str(path)
    lang = path.name.split(".")[1]
    if not isinstance(data, dict):
        return None, [Problem(where, 1, 1, "a translation file is a mapping with lang, of and texts")]
    for extra in sorted(set(data) - {"lang", "of", "texts"}):
        problems.append(Problem(where, *located.position((extra,), prefer_key=True), f"unknown key {extra!r}"))
    if data.get("lang") != lang:
        problems.append(Problem(where, *located.position(("lang",)), f"lang must be {lang!r} (the file's name says so)"))
    original = path.name.split(".")[0] + ".yaml"
    if data.get("of") != original:
        problems.append(Problem(where, *located.position(("of",)), f"of must be {original!r}"))
    out = Translation(path, lang)
    entries = data.get("texts")
    if not isinstance(entries, dict):
        problems.append(Problem(where, *located.position(("texts",)), "texts must be a mapping of key: {en, tr}"))
        return out, problems
    for key, entry in entries.items():
        pos = located.position(("texts", key), prefer_key=True)
        if not isinstance(entry, dict) or not isinstance(entry.get("en"), str) or not isinstance(entry.get("tr"), str):
            problems.append(Problem(where, *pos, f"{key}: give en (the original text) and tr (its translation)"))
            continue
        unknown = set(entry) - {"en", "tr", "review"}
        if unknown:
            problems.append(Problem(where, *pos, f"{key}: unknown keys {sorted(unknown)} (en, tr, review)"))
        out.texts[str(key)] = (entry["en"], entry["tr"], str(entry.get("review") or ""))
        out.positions[str(key)] = pos
    return out, problems


def check(original: Path, located: Located, lang: str | None = None,
          languages: tuple[str, ...] | None = None) -> list[Problem]:
    """Problems of ``original``'s translation files: stale or orphaned entries in every existing one, and with
    ``lang``, every text not yet translated into it (at the original text's position)."""
    problems: list[Problem] = []
    mine = texts(located)
    from tutor.i18n import translated

    for code in (translated() if languages is None else languages):
        path = translation_path(original, code)
        if not path.exists():
            if lang == code and mine:
                first = min(mine.values(), key=lambda t: (t.line, t.col))
                problems.append(Problem(str(original), first.line, first.col,
                                        f"no {code} translation ({path.name} is missing; {len(mine)} texts)"))
            continue
        tr, found = read(path)
        problems += found
        if tr is None:
            continue
        for key, (en, _, _) in tr.texts.items():
            line, col = tr.positions[key]
            if key not in mine:
                problems.append(Problem(str(path), line, col, f"{key}: there is no such text in {original.name} "
                                                              "any more"))
            elif mine[key].text != en:
                problems.append(Problem(str(path), line, col, f"{key}: stale: the original changed since it was "
                                                              f"translated (now: {mine[key].text[:80]!r})"))
        if lang == code:
            for key, t in mine.items():
                if key not in tr.texts or not tr.texts[key][1].strip():
                    problems.append(Problem(str(original), t.line, t.col, f"{key}: not translated into {code}"))
    return problems


def localise(located: Located, tr: Translation | None) -> tuple[Any, int, int]:
    """A copy of the original data with every current translation put in place of its text; also how many
    texts were translated and how many there are (the rest stay in the original language)."""
    import copy

    data = copy.deepcopy(located.data)
    mine = texts(located)
    done = 0
    for key, t in mine.items():
        found = tr.get(key, t.text) if tr is not None else None
        if found is None:
            continue
        cur = data
        for part in t.at[:-1]:
            cur = cur[part]
        cur[t.at[-1]] = found
        done += 1
    return data, done, len(mine)


def scaffold(original: Path, located: Located, lang: str) -> tuple[Path, int]:
    """Write (or extend) ``original``'s translation file for ``lang``: every text not in it yet is added with
    its original and an empty ``tr`` for a translator to fill; entries already there are kept as they are.
    Returns the file and how many texts were added."""
    import yaml

    path = translation_path(original, lang)
    existing: dict[str, dict[str, str]] = {}
    if path.exists():
        tr, _ = read(path)
        if tr is not None:
            for key, (en, text, review) in tr.texts.items():
                existing[key] = {"en": en, "tr": text, **({"review": review} if review else {})}
    added = 0
    entries: dict[str, dict[str, str]] = {}
    for key, t in texts(located).items():
        if key in existing:
            entries[key] = existing.pop(key)
        else:
            entries[key] = {"en": t.text, "tr": ""}
            added += 1
    entries.update(existing)  # entries for texts that are gone stay, for `check` to report
    body = yaml.safe_dump({"lang": lang, "of": original.name, "texts": entries}, allow_unicode=True,
                          sort_keys=False, width=110)
    path.write_text(f"# {original.name} in {lang}: only the learner-facing texts, keyed by where they sit in the "
                    f"original.\n# en: the original as translated (a change makes the entry stale); tr: the "
                    f"translation;\n# review: a note for a native reader.\n" + body, encoding="utf-8")
    return path, added


def iter_originals(folders: list[Path]) -> Iterator[Path]:
    for folder in folders:
        for path in sorted(folder.rglob("*.yaml")):
            if not is_translation(path):
                yield path
