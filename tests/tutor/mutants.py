"""A seeded mutation fuzzer for scenario and lesson files, shared by the fuzz test and ``bench/fuzz_loader.py``.

Each mutant is a library file with one to three mutations: lines deleted, duplicated, swapped or re-indented;
a value or key replaced by a hostile one (an alias bomb, a recursive alias, deep nesting, a 5,000-digit
number, a long string, a tag, control characters, Markdown and HTML, a wrong type); characters inserted or
deleted; the text cut short; lines spliced in from another file. It is run through what a user can reach:
``rules-tutor check`` on the file and the ``?s=`` share link (encoded, decoded, checked as the ruling page
does), and a damaged share link.

Our own mutator rather than hypothesis: the bench needs plain, reproducible counts over thousands of mutants,
and the mutations are structural edits of real files that a generic strategy would not make on its own.
"""

from __future__ import annotations

import io
import random
import re
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^[^\n]*:\d+:\d+: [^\n]+$")  # path:line:col: [field: ]message


def library_files() -> list[Path]:
    """The original lesson and scenario files (translation files beside them, ``x.vi.yaml``, are not ones)."""
    from tutor.translations import is_translation

    found = [*(ROOT / "scenarios").rglob("*.yaml"), *(ROOT / "lessons").rglob("*.yaml")]
    return sorted(p for p in found if not is_translation(p))


HOSTILE = [
    "5", "-1", "0", "[5]", "{a: 1}", "''", "null", "~", "true", "yes", "no", "1.5", "1e999", ".nan", "-.inf",
    "9" * 5000, "0x" + "f" * 40, "x" * 6000, "&a x", "*a", "&a [*a]", "!foo x", "!!python/object:os.system {}",
    '"\\u0001"', '"\\ud800"', "\x01", "\x00", "\t", "\u202e", "[" * 100, "{" * 50, "2001-13-45", "12:30:00",
    "'[prize](https://evil.example)'", "'![x](https://evil.example/x.png)'", "<img src=x onerror=alert(1)>",
    "'<script>alert(1)</script>'", "Аna", "\ufeff", "- a", "a: b", "|\n  block", ">-\n  folded", "?", "%", "@",
    "`", "{{ x }}", "$(id)", "Spider-Man", "p1", "p2", "Rhino", "target", "marvel_champions", "regicide",
    "dungeon_mayhem",
]
INSERTS = list(":-[]{}\"'#&*!|>%@,?\t\n \\") + ["\x00", "\x01", "\x7f", "\u0085", "\u2028", "\ufffe", "é", "😀"]


def _bomb(levels: int) -> str:
    lines = ['b0: &b0 "lol"'] + [f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_line(rng: random.Random, text: str, other: str) -> str:
    ls = _lines(text)
    del ls[rng.randrange(len(ls))]
    return "\n".join(ls)


def _duplicate_line(rng: random.Random, text: str, other: str) -> str:
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls.insert(i, ls[i])
    return "\n".join(ls)


def _swap_lines(rng: random.Random, text: str, other: str) -> str:
    ls = _lines(text)
    i, j = rng.randrange(len(ls)), rng.randrange(len(ls))
    ls[i], ls[j] = ls[j], ls[i]
    return "\n".join(ls)


def _reindent(rng: random.Random, text: str, other: str) -> str:
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls[i] = (" " * rng.choice([1, 2, 4]) + ls[i]) if rng.random() < 0.5 else ls[i][rng.choice([1, 2]):]
    return "\n".join(ls)


def _replace_value(rng: random.Random, text: str, other: str) -> str:
    spots = [m for m in re.finditer(r"(?m)(:\s|^\s*-\s)([^\n#]*)", text)]
    if not spots:
        return text
    m = rng.choice(spots)
    return text[: m.start(2)] + rng.choice(HOSTILE) + text[m.end(2):]


def _replace_key(rng: random.Random, text: str, other: str) -> str:
    keys = list(re.finditer(r"(?m)^(\s*-?\s*)([A-Za-z_]+):", text))
    if not keys:
        return text
    m = rng.choice(keys)
    new = rng.choice([m.group(2) + "x", m.group(2)[:-1], "game", "id", "questions", "[a]", "? a", "<<",
                      "'[k](https://evil.example)'", "ask", "of", "parts", "slides", "type"])
    return text[: m.start(2)] + new + text[m.end(2):]


def _insert_char(rng: random.Random, text: str, other: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(INSERTS) + text[i:]


def _delete_chars(rng: random.Random, text: str, other: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + text[i + rng.randint(1, 40):]


def _truncate(rng: random.Random, text: str, other: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _splice(rng: random.Random, text: str, other: str) -> str:
    ls, os_ = _lines(text), _lines(other)
    i, j = rng.randrange(len(ls)), rng.randrange(len(os_))
    return "\n".join(ls[:i] + os_[j: j + rng.randint(1, 8)] + ls[i:])


def _bomb_in(rng: random.Random, text: str, other: str) -> str:
    extra = rng.choice([_bomb(rng.randint(3, 9)), "loop: &l [*l]\n", "deep: " + "[" * 600 + "]" * 600 + "\n",
                        "big: " + "9" * 4400 + "\n", "many: [" + ", ".join(["x"] * 5000) + "]\n"])
    return extra + text if rng.random() < 0.5 else text + "\n" + extra


def _grow(rng: random.Random, text: str, other: str) -> str:
    return text * rng.choice([2, 10, 100])


MUTATIONS: list[Callable[[random.Random, str, str], str]] = [
    _delete_line, _duplicate_line, _swap_lines, _reindent, _replace_value, _replace_value, _replace_value,
    _replace_key, _insert_char, _insert_char, _delete_chars, _truncate, _splice, _bomb_in, _grow,
]


def mutants(seed: int, n: int) -> Iterator[tuple[str, str]]:
    """``n`` (name, text) mutants of the library files, the same for the same seed."""
    rng = random.Random(seed)
    files = library_files()
    texts = {f: f.read_text(encoding="utf-8") for f in files}
    for i in range(n):
        base = rng.choice(files)
        text = texts[base]
        applied = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutate = rng.choice(MUTATIONS)
            text = mutate(rng, text, texts[rng.choice(files)])
            applied.append(mutate.__name__.strip("_"))
        yield f"{i}:{base.name}:{'+'.join(applied)}", text


# -- running one mutant through what a user can reach ----------------------------------------------
@dataclass
class Outcome:
    name: str
    kind: str  # "ok", "positioned" (only path:line:col lines), or "failure"
    cpu: float  # CPU seconds for this mutant (check + share link)
    detail: str = ""


def run(name: str, text: str, folder: Path, rng: random.Random | None = None) -> Outcome:
    """``rules-tutor check`` on the mutant, then the mutant as a share link, then a damaged share link."""
    from tutor import ruling, share
    from tutor.cli import main

    cpu = time.process_time()
    path = folder / "mutant.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["check", str(path)])
        lines = out.getvalue().splitlines()
        if code == 0:
            kind = "ok"
            bad = [x for x in lines if not x.startswith("ok: ")] + err.getvalue().splitlines()
        else:
            kind = "positioned"
            bad = [x for x in lines if not LINE.match(x)]
            bad += [x for x in err.getvalue().splitlines() if not x.endswith("problem(s) in 1 file(s)")]
            bad += [] if lines else ["exit 1 without a problem line"]
        if code not in (0, 1):
            bad.append(f"exit {code}")
        payload = share.encode(text)
        for link in (payload, _damage(payload, rng or random.Random(name))):
            try:
                shared = share.decode(link)
            except share.ShareError:
                continue
            checked = ruling.check(shared, "shared link")
            bad += [str(p) for p in checked.problems if not LINE.match(str(p))]
            if checked.scenario is None and not checked.problems:
                bad.append("a shared link that does not load and says nothing")
    except BaseException as e:  # noqa: BLE001 - a traceback is exactly what we count
        return Outcome(name, "failure", time.process_time() - cpu, f"{type(e).__name__}: {str(e)[:300]}")
    if bad:
        return Outcome(name, "failure", time.process_time() - cpu, " | ".join(bad)[:500])
    return Outcome(name, kind, time.process_time() - cpu)


def _damage(payload: str, rng: random.Random) -> str:
    """A share link cut short, or with one character changed or inserted."""
    i = rng.randrange(len(payload) + 1)
    how = rng.random()
    if how < 0.3:
        return payload[:i]
    char = rng.choice("AZaz09-_=+/%~ \n")
    return payload[:i] + char + payload[i + (1 if how < 0.7 else 0):]
