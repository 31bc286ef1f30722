"""A board as plain text: what ``rules-tutor show`` prints, read off the same HTML the app draws.

Zone labels become headings, each card a line, masked fields stay "?"; so the terminal and the
browser can never show different boards.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = {"section", "div", "li", "p", "ol", "ul", "table", "tr", "details", "summary"}


class _Text(HTMLParser):
    """Cards (``role="img"`` with a label and nothing maskable inside) read as their label; other cards and
    blocks read as their text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.cur: list[str] = []
        self.depth_card = 0
        self.stack: list[tuple[str, bool]] = []
        self.labels: list[tuple[int, str, int, bool]] = []  # (depth, aria-label, len(cur) at start, has fields)

    def _flush(self, indent: str = "") -> None:
        text = re.sub(r"\s+", " ", " ".join(self.cur)).strip()
        if text:
            self.lines.append(indent + text)
        self.cur = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        cls = a.get("class") or ""
        if "data-masked" in a or "data-field" in a:
            self.labels = [(d, lab, n, True) for d, lab, n, _ in self.labels]
        if a.get("role") == "img" and a.get("aria-label"):
            self.labels.append((len(self.stack), a["aria-label"] or "", len(self.cur), False))
        card = "rt-slot" in cls.split() or "rg-card" in cls.split() or "dm-chip" in cls.split()
        if tag in _BLOCK and not self.depth_card:
            self._flush()
        if card:
            if not self.depth_card:
                self._flush()
            self.depth_card += 1
        self.stack.append((tag, card))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.labels and self.labels[-1][0] == len(self.stack) - 1:
                _, label, n, fields = self.labels.pop()
                if not fields:
                    self.cur[n:] = [label]
            t, card = self.stack.pop()
            if card:
                self.depth_card -= 1
                if not self.depth_card:
                    self._flush("  - ")
            if t == tag:
                break
        if tag in _BLOCK and not self.depth_card:
            self._flush()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.cur.append(data.strip())


def board_text(html: str) -> str:
    """The board's HTML as indented lines of text."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    parser._flush()
    return "\n".join(parser.lines)
