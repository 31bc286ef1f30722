"""A board as plain text: what ``rules-tutor show`` prints, read off the same HTML the app draws.

Zone labels become headings, each card a line, masked fields stay "?"; so the terminal and the
browser can never show different boards. The board's text alternative in the browser (``ui.boards.board_figure``,
what a screen reader reads) is the same text as a list, each masked field followed by a note.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

_BLOCK = {"section", "div", "li", "p", "ol", "ul", "table", "tr", "details", "summary"}


class _Text(HTMLParser):
    """Cards (``role="img"`` with a label and nothing maskable inside) read as their label; other cards and
    blocks read as their text."""

    def __init__(self, masked_note: str = "") -> None:
        super().__init__(convert_charrefs=True)
        self.masked_note = masked_note
        self.masked: list[tuple[int, int]] = []  # the masked fields open: (depth, len(cur) at the start)
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
        if "data-masked" in a and self.masked_note:
            self.masked.append((len(self.stack), len(self.cur)))
        if "data-masked" in a or "rt-field" in cls.split():
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
            if self.masked and self.masked[-1][0] == len(self.stack) - 1:
                if len(self.cur) > self.masked.pop()[1]:  # an empty one (a badge left out) is not drawn: not read
                    self.cur.append(f"({self.masked_note})")
            if self.labels and self.labels[-1][0] == len(self.stack) - 1:
                _, label, n, fields = self.labels.pop()
                if not fields:
                    self.cur[n:] = [label]
                elif self.masked_note:  # for a reader: what the picture shows (exhausted, ...), then its numbers
                    self.cur[n:n] = [label + ":"]
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


def board_text(html: str, masked_note: str = "") -> str:
    """The board's HTML as indented lines of text (a card's line starts with "  - ").

    With ``masked_note``, the text a screen reader reads (``ui.boards.board_figure``): each masked field reads
    "? (note)" (an empty one, drawn as nothing, reads as nothing), and a card with numbers on it reads as its
    picture's label, then its text ("Spider-Woman, Ally, exhausted: Ally Spider-Woman ATK 2 HP 2/2")."""
    parser = _Text(masked_note)
    parser.feed(html)
    parser.close()
    parser._flush()
    return "\n".join(parser.lines)


def text_list(text: str) -> str:
    r""":func:`board_text`'s lines as an HTML list: each line an item, a card's line in a list under the line
    before it (its zone or its heading).

    >>> text_list("In play\n  - Rhino\n  - a facedown boost card\nPlayer 1")
    '<ul><li>In play<ul><li>Rhino</li><li>a facedown boost card</li></ul></li><li>Player 1</li></ul>'
    """
    out: list[str] = []
    cards: list[str] = []

    def close_cards() -> None:
        if cards:
            item = "".join(f"<li>{escape(c)}</li>" for c in cards)
            if out and out[-1].endswith("</li>"):
                out[-1] = out[-1][: -len("</li>")] + f"<ul>{item}</ul></li>"
            else:
                out.append(f"<li><ul>{item}</ul></li>")
            cards.clear()

    for line in text.splitlines():
        if line.startswith("  - "):
            cards.append(line[4:])
            continue
        close_cards()
        out.append(f"<li>{escape(line)}</li>")
    close_cards()
    return f"<ul>{''.join(out)}</ul>"
