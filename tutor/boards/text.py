"""A board as plain text: what ``rules-tutor show`` prints, read off the same element tree the app draws
(``tutor.boards.tree``).

Zone labels become headings, each card a line, masked fields stay "?"; so the terminal and the
browser can never show different boards. The board's text alternative in the browser (``ui.boards.board_figure``,
what a screen reader reads) is the same text as a list, each masked field followed by a note.
"""

from __future__ import annotations

import re
from typing import Iterable

from tutor.boards.tree import Box, Card, Close, Field, Node, Open, Was, walk


class _Text:
    """Cards (a :class:`~tutor.boards.tree.Card` with a name and nothing maskable inside) read as their name; other
    cards and blocks read as their text."""

    def __init__(self, masked_note: str = "") -> None:
        self.masked_note = masked_note
        self.masked: list[tuple[int, int]] = []  # the masked fields open: (depth, len(cur) at the start)
        self.lines: list[str] = []
        self.cur: list[str] = []
        self.depth_card = 0
        self.stack: list[tuple[Node, bool]] = []  # the elements open (a line break, never closed, among them)
        self.labels: list[tuple[int, str, int, bool]] = []  # (depth, aria-label, len(cur) at start, has fields)

    def _flush(self, indent: str = "") -> None:
        text = re.sub(r"\s+", " ", " ".join(self.cur)).strip()
        if text:
            self.lines.append(indent + text)
        self.cur = []

    def enter(self, block: bool, node: Node) -> None:
        hidden = isinstance(node, Was) or isinstance(node, Field) and node.masked
        if hidden and self.masked_note:
            self.masked.append((len(self.stack), len(self.cur)))
        if isinstance(node, (Field, Was)):
            self.labels = [(d, lab, n, True) for d, lab, n, _ in self.labels]
        if isinstance(node, Card) and node.name:
            self.labels.append((len(self.stack), node.name, len(self.cur), False))
        card = isinstance(node, Box) and node.line
        if block and not self.depth_card:
            self._flush()
        if card:
            if not self.depth_card:
                self._flush()
            self.depth_card += 1
        self.stack.append((node, card))

    def leave(self, block: bool, node: Node) -> None:
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
            if t is node:
                break
        if block and not self.depth_card:
            self._flush()

    def words(self, data: str) -> None:
        if data.strip():
            self.cur.append(data.strip())


def board_text(tree: Node | Iterable[Node], masked_note: str = "") -> str:
    """The board (its element tree) as indented lines of text (a card's line starts with "  - ").

    With ``masked_note``, the text a screen reader reads (``ui.boards.board_figure``): each masked field reads
    "? (note)" (an empty one, drawn as nothing, reads as nothing), and a card with numbers on it reads as its
    picture's label, then its text ("Spider-Woman, Ally, exhausted: Ally Spider-Woman ATK 2 HP 2/2")."""
    parser = _Text(masked_note)
    for ev in walk(tree):
        if isinstance(ev, Open):
            parser.enter(ev.block, ev.node)
        elif isinstance(ev, Close):
            parser.leave(ev.block, ev.node)
        else:
            parser.words(ev.text)
    parser._flush()
    return "\n".join(parser.lines)
