"""What a board shows, read back by key from its element tree (``tutor.boards.tree``): each element's quantity keys,
whether it is masked, its text.

Every board element carries the keys of the quantities it shows (a :class:`~tutor.boards.tree.Keyed` or
:class:`~tutor.boards.tree.Field`, masked once hidden), or is a fixed word (a :class:`~tutor.boards.tree.Label`: a
zone's heading, a seat's name). Read back here, so that tests and practice generation check a board by the same keys
the questions read:

- :func:`unkeyed`: text or card pictures drawn under no key and no label (a test fails on any);
- :func:`shown_keys` / :func:`masked_keys`: the keys a board shows, and the ones it hides;
- :func:`give_aways` / :func:`hidden_inputs`: a question's board before the answer, checked both ways (the
  library test and practice generation use them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tutor.boards.tree import Card, Close, Field, Keyed, Label, Node, Open, Was, walk

Key = tuple[str, str]


@dataclass
class Element:
    """One keyed (or masked, or label) element of a board: its keys and its text (nested elements included)."""

    keys: tuple[Key, ...]
    masked: bool = False
    label: bool = False
    text: list[str] = field(default_factory=list)


class _Reader:
    def __init__(self) -> None:
        self.stack: list[Element | None] = []
        self.elements: list[Element] = []
        self.loose: list[str] = []  # text (or a card picture's label) under no key and no label

    def _open(self) -> list[Element]:
        return [e for e in self.stack if e is not None]

    def enter(self, void: bool, node: Node) -> None:
        el: Element | None = None
        if isinstance(node, Was) or isinstance(node, Field) and node.masked:
            el = Element(node.keys, masked=True)
        elif isinstance(node, (Field, Keyed)):
            el = Element(node.keys)
        elif isinstance(node, Label):
            el = Element((), label=True)
        if el is not None:
            self.elements.append(el)
        if isinstance(node, Card) and node.name and not self._open() and el is None:
            self.loose.append(node.name)
        if not void:
            self.stack.append(el)

    def leave(self) -> None:
        if self.stack:
            self.stack.pop()

    def words(self, data: str) -> None:
        if not data.strip():
            return
        open_ = self._open()
        if not open_:
            self.loose.append(data.strip())
        for e in open_:
            e.text.append(data.strip())


Tree = Node | Iterable[Node]


def read(tree: Tree) -> _Reader:
    r = _Reader()
    for ev in walk(tree):
        if isinstance(ev, Open):
            r.enter(ev.void, ev.node)
        elif isinstance(ev, Close):
            r.leave()
        else:
            r.words(ev.text)
    return r


def unkeyed(tree: Tree) -> list[str]:
    """The text (and card pictures' names) a board shows outside every keyed, masked or label element."""
    return read(tree).loose


def all_keys(tree: Tree) -> set[Key]:
    """Every key a board's elements carry, shown or masked."""
    return {k for e in read(tree).elements for k in e.keys}


def shown_keys(tree: Tree) -> set[Key]:
    """The keys of the elements a board shows (not inside a masked element)."""
    r = read(tree)
    return {k for e in r.elements if not e.masked and not e.label for k in e.keys}


def masked_keys(tree: Tree) -> set[Key]:
    """The keys of the elements a board hides until the learner answers."""
    return {k for e in read(tree).elements if e.masked for k in e.keys}


def _before_answer(asked: Any) -> _Reader:
    from tutor.boards import board, question_view

    return read(board(asked.scenario, question_view(asked, masked=True)))


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
