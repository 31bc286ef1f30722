"""Every string the code marks for translation reaches a catalog template.

Babel reads ``_("…")``, ``N_("…")``, ``ngettext(…)``, ``msg(…)`` and ``plural(…)`` calls from the source, but
not a call written inside an f-string (the whole f-string is one token to it): such a string would never be
translated, silently. This test finds every marked literal with Python's own parser (which does see inside
f-strings) and checks it is in the template of its domain, so a call hidden from the extractor fails here with
its file and line.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

from tutor.i18n import DOMAINS, GAME_DOMAINS, ROOT
from tutor.i18n_catalogs import _sources, template

MARKERS = frozenset({"_", "N_", "msg", "ngettext", "plural"})


@lru_cache(maxsize=None)
def _ids(domain: str) -> frozenset[str]:
    out: set[str] = set()
    for m in template(domain):
        if not m.id:
            continue
        out.update(m.id if isinstance(m.id, tuple) else (m.id,))
    return frozenset(out)


def _marked(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every literal a marker call takes first (and second, for plural forms)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
            n = 2 if node.func.id in ("ngettext", "plural") else 1
            found += [(node.lineno, a.value) for a in node.args[:n]
                      if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_marked_string_is_in_its_template(domain: str) -> None:
    ids = _ids(domain)
    lost = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path in _sources(domain) if "__pycache__" not in path.parts
            for line, text in _marked(path) if text and text not in ids]
    assert not lost, ("marked for translation but not extracted (a call inside an f-string? write the string "
                      "into a variable first):\n" + "\n".join(lost))


def test_the_check_finds_a_call_inside_an_f_string(tmp_path: Path) -> None:
    src = tmp_path / "page.py"
    src.write_text('x = f"<b>{_(\'Hidden in an f-string\')}</b>"\ny = _("Seen")\n', encoding="utf-8")
    assert sorted(_marked(src)) == [(1, "Hidden in an f-string"), (2, "Seen")]
    assert GAME_DOMAINS  # the game domains are checked like the interface
