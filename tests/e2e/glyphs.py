"""Which characters of a rendered page no font of their text node can draw (they would show as empty boxes).

For every visible text node the browser reports its computed ``font-family`` list; a character is drawn if
some family of that list has a glyph for it:

- a web font (an ``@font-face`` rule of the page: the app's own, such as Lohit Gurmukhi, and Streamlit's):
  the cmap of the font file the page serves, read with fontTools, limited to the rule's ``unicode-range``;
- any other name (``sans-serif``, ``monospace``, ``Georgia``): the font this machine's fontconfig gives
  Chromium for it (``fc-match``; a named family that is not installed counts for nothing), read the same way.

The check is stricter than Chromium's last-resort fallback to any installed font on purpose: a learner's
machine has only what the page names, and the app ships what Gurmukhi needs.
"""

from __future__ import annotations

import io
import subprocess
import urllib.request
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "math", "emoji", "fangsong"}
# CSS keywords Chromium does not map to a font on Linux (only on macOS): they draw nothing here
UNSUPPORTED = {"ui-monospace", "ui-sans-serif", "ui-serif", "ui-rounded", "-apple-system", "blinkmacsystemfont"}
# characters that are never drawn as a glyph of their own
INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD}

TEXTS_JS = """
() => {
  const out = [];
  const walk = (doc, where) => {
    const w = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = w.nextNode())) {
      const t = n.nodeValue;
      const el = n.parentElement;
      if (!t || !t.trim() || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE'].includes(el.tagName)) continue;
      const cs = doc.defaultView.getComputedStyle(el);
      if (cs.visibility === 'hidden' || !el.getClientRects().length) continue;
      const id = el.closest('[data-testid]');
      out.push([cs.fontFamily, t, where + el.tagName.toLowerCase() + (id ? '[' + id.dataset.testid + ']' : '')]);
    }
  };
  walk(document, '');
  document.querySelectorAll('iframe').forEach((f, i) => {
    try { if (f.contentDocument && f.contentDocument.body) walk(f.contentDocument, 'iframe' + i + ' '); } catch (e) {}
  });
  return out;
}
"""

FACES_JS = """
() => {
  const faces = [];
  const visit = (rules, base) => {
    for (const r of rules) {
      if (r.constructor.name === 'CSSFontFaceRule') {
        const src = r.style.getPropertyValue('src');
        const m = src.match(/url\\(["']?([^"')]+)["']?\\)/);
        if (m) faces.push([r.style.getPropertyValue('font-family'), new URL(m[1], base).href,
                           r.style.getPropertyValue('unicode-range')]);
      } else if (r.cssRules) visit(r.cssRules, base);
    }
  };
  for (const s of document.styleSheets) {
    try { visit(s.cssRules, s.href || document.baseURI); } catch (e) {}
  }
  return faces;
}
"""


def families(css: str) -> list[str]:
    """The family names of a computed ``font-family`` value, unquoted and in order."""
    return [f.strip().strip("\"'") for f in css.split(",") if f.strip()]


def parse_range(css: str) -> set[int] | None:
    """The code points of a ``unicode-range`` value (None: no range, every code point)."""
    if not css.strip():
        return None
    out: set[int] = set()
    for part in css.replace("u+", "U+").split(","):
        part = part.strip().removeprefix("U+")
        if "?" in part:
            lo, hi = int(part.replace("?", "0"), 16), int(part.replace("?", "F"), 16)
        elif "-" in part:
            a, b = part.split("-")
            lo, hi = int(a, 16), int(b.strip().removeprefix("U+"), 16)
        else:
            lo = hi = int(part, 16)
        out.update(range(lo, hi + 1))
    return out


def cmap_of(data: bytes) -> frozenset[int]:
    """The code points a font file (ttf, otf, woff, woff2) maps to a glyph."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0)
    best = font.getBestCmap() or {}
    return frozenset(cp for cp, glyph in best.items() if glyph != ".notdef")


@lru_cache(maxsize=None)
def url_cmap(url: str) -> frozenset[int]:
    with urllib.request.urlopen(url, timeout=30) as r:
        return cmap_of(r.read())


@lru_cache(maxsize=None)
def system_cmap(family: str) -> frozenset[int]:
    """The code points of the font fontconfig gives for ``family`` (nothing for a named family that is not
    installed, or a keyword Chromium does not map on Linux)."""
    name = family.lower()
    if name in UNSUPPORTED:
        return frozenset()
    out = subprocess.run(["fc-match", "-f", "%{family}\n%{file}", family], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    got, path = out[0], out[1] if len(out) > 1 else ""
    if name not in GENERIC and name not in {f.strip().lower() for f in got.split(",")}:
        return frozenset()
    with open(path, "rb") as fh:
        return cmap_of(fh.read())


@dataclass
class Fonts:
    """The page's web fonts: family (lower case) -> [(file URL, unicode range or None)]."""

    faces: dict[str, list[tuple[str, set[int] | None]]] = field(default_factory=dict)

    @classmethod
    def of(cls, rows: Iterable[list[str]]) -> "Fonts":
        fonts = cls()
        for family, url, urange in rows:
            fonts.faces.setdefault(family.strip().strip("\"'").lower(), []).append((url, parse_range(urange)))
        return fonts

    def covers(self, family: str, cp: int) -> bool:
        faces = self.faces.get(family.lower())
        if faces is None:
            return cp in system_cmap(family)
        return any((rng is None or cp in rng) and cp in url_cmap(url) for url, rng in faces)


@dataclass(frozen=True)
class Missing:
    char: str
    where: str
    font_family: str
    text: str

    def __str__(self) -> str:
        return (f"U+{ord(self.char):04X} {self.char!r} in {self.where} ({self.text.strip()[:60]!r}): "
                f"no glyph in {self.font_family}")


def uncovered(texts: Iterable[list[str]], fonts: Fonts) -> list[Missing]:
    """Each character (once per font list and place) that no family of its node's font list can draw."""
    out: list[Missing] = []
    seen: set[tuple[str, str]] = set()
    for css, text, where in texts:
        names = families(css)
        for ch in text:
            cp = ord(ch)
            if ch.isspace() or cp in INVISIBLE or cp < 0x20 or (css, ch) in seen:
                continue
            seen.add((css, ch))
            if not any(fonts.covers(f, cp) for f in names):
                out.append(Missing(ch, where, css, text))
    return out


def page_uncovered(page: Any) -> list[Missing]:
    """The characters of the page in ``page`` (a Playwright page) that its fonts cannot draw."""
    page.evaluate("document.fonts.ready.then(() => true)")
    return uncovered(page.evaluate(TEXTS_JS), Fonts.of(page.evaluate(FACES_JS)))


__all__ = ["Fonts", "Missing", "families", "page_uncovered", "parse_range", "uncovered"]
