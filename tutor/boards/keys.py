"""What a drawn board shows, read back by key: each element's quantity keys, whether it is masked, its text.

Every board element carries the keys of the quantities it shows (``data-key``, or ``data-masked`` once hidden;
``tutor.boards.markup.shown``/``keyed``), or is a fixed word (``data-label``: a zone's heading, a seat's name). Read back
here, so that tests and practice generation check a board by the same keys the questions read:

- :func:`unkeyed`: text or card pictures drawn under no key and no label (a test fails on any);
- :func:`shown_keys` / :func:`masked_keys`: the keys a board shows, and the ones it hides;
- :func:`give_aways` / :func:`hidden_inputs`: a question's board before the answer, checked both ways (the
  library test and practice generation use them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any, Iterable

from tutor.boards.markup import parse_keys

Key = tuple[str, str]
_VOID = {"br", "img", "hr", "input", "meta", "link", "wbr"}


@dataclass
class Element:
    """One keyed (or masked, or label) element of a board: its keys and its text (nested elements included)."""

    keys: tuple[Key, ...]
    masked: bool = False
    label: bool = False
    text: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[Element | None] = []
        self.elements: list[Element] = []
        self.loose: list[str] = []  # text (or a card picture's label) under no key and no label

    def _open(self) -> list[Element]:
        return [e for e in self.stack if e is not None]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        el: Element | None = None
        if a.get("data-masked") is not None:
            el = Element(parse_keys(a["data-masked"] or ""), masked=True)
        elif a.get("data-key") is not None:
            el = Element(parse_keys(a["data-key"] or ""))
        elif "data-label" in a:
            el = Element((), label=True)
        if el is not None:
            self.elements.append(el)
        if a.get("role") == "img" and a.get("aria-label") and not self._open() and el is None:
            self.loose.append(a["aria-label"] or "")
        if tag not in _VOID:
            self.stack.append(el)

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not data.strip():
            return
        open_ = self._open()
        if not open_:
            self.loose.append(data.strip())
        for e in open_:
            e.text.append(data.strip())


def read(html: str) -> _Reader:
    r = _Reader()
    r.feed(html)
    r.close()
    return r


def unkeyed(html: str) -> list[str]:
    """The text (and card pictures' labels) a board draws outside every keyed, masked or label element."""
    return read(html).loose


def all_keys(html: str) -> set[Key]:
    """Every key a board's elements carry, shown or masked."""
    return {k for e in read(html).elements for k in e.keys}


def shown_keys(html: str) -> set[Key]:
    """The keys of the elements a board shows (not inside a masked element)."""
    r = read(html)
    return {k for e in r.elements if not e.masked and not e.label for k in e.keys}


def masked_keys(html: str) -> set[Key]:
    """The keys of the elements a board hides until the learner answers."""
    return {k for e in read(html).elements if e.masked for k in e.keys}


def _before_answer(asked: Any) -> _Reader:
    from tutor.boards import board_html, question_view

    return read(board_html(asked.scenario, question_view(asked, masked=True)))


def give_aways(asked: Any) -> list[Key]:
    """The keys the board shows before the answer although the question reads them and does not need them in
    sight (none, for a fair board; read from the question's asks, not from the mask the board was drawn with)."""
    from tutor.questions import mask_of

    r = _before_answer(asked)
    hide = mask_of(asked.scenario, asked.question, asked.solution)
    return sorted({k for e in r.elements if not e.masked and not e.label for k in e.keys} & hide)


def hidden_inputs(asked: Any, needs: Iterable[Key]) -> list[Key]:
    """The inputs the question needs (``needs``) that the board does not show before the answer: neither in a
    shown element nor as "what it was → ?" in a hidden one. An input with nothing to show at the moment or the
    question's start (no attachment, no boost icon) needs no element."""
    from tutor import masks

    r = _before_answer(asked)
    shown = {k for e in r.elements if not e.masked and not e.label for k in e.keys}
    was = {k for e in r.elements if e.masked and "→ ?" in " ".join(e.text) for k in e.keys}
    game = asked.scenario.game
    now = masks.snapshot(game, asked.solution.outcome)
    tl = asked.timeline
    start = masks.snapshot(game, tl.frames[0].outcome) if tl is not None and tl.frames else now
    return sorted(k for k in needs if k not in shown | was and (now.get(k) or start.get(k)))


__all__ = ["Element", "all_keys", "give_aways", "hidden_inputs", "masked_keys", "read", "shown_keys", "unkeyed"]
