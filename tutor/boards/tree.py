"""A board as a tree of typed elements: what it shows, with the quantity keys of each value, and no markup.

The game boards (``tutor/games/<game>/board.py``) build this tree; ``ui.boards`` draws it as HTML, and
``tutor.boards.text`` reads it as text (``rules-tutor show``, the screen reader's list), ``tutor.boards.keys`` by
key (the mask tests, practice generation). An element is one of:

- :class:`Text`: words (every renderer escapes them); :class:`Break`: a line break inside a card's corner;
- :class:`Box`: a group laid out together (a row, a seat's head): no quantity of its own; a :class:`Zone` is a
  part of the table with a heading and a name (the enemy, the piles, a seat, the plays);
- :class:`Card`: a card's picture, named for a screen reader (``name``), its face drawn from its children;
- :class:`Label`: a fixed word (a zone's heading, a seat's name): it shows no quantity of the position;
- :class:`Keyed`: a part showing quantities (``keys``) that is never hidden by itself (a card, a zone);
- :class:`Field`: a value showing quantities, ``masked`` when the question reads one of them: a masked field
  keeps only its ``placeholder`` ("?", or "what it read before → ?"), never the value;
- :class:`Was`: a masked picture: what the question starts from (a card), then "→ ?".

``tag`` and ``style`` say how an element is laid out (a block or inline, the look's class names in
``ui/theme.css``); they carry no quantity. :func:`walk` visits a tree in order; the readers build on it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Union, cast

Key = tuple[str, str]
Keys = tuple[Key, ...]


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Break:
    pass


@dataclass(frozen=True)
class Box:
    children: tuple["Node", ...] = ()
    tag: str = "div"
    style: str = ""  # the look: class names (ui/theme.css)
    name: str = ""  # the accessible name (a zone's)
    title: str = ""  # the hover text
    decorative: bool = False  # hidden from a screen reader (a bar that repeats a number)
    line: bool = False  # a card's own line in the text board


@dataclass(frozen=True)
class Zone(Box):
    """A part of the table with its heading (the enemy, the piles, a seat, the plays): ``name`` is what a screen
    reader announces."""


@dataclass(frozen=True)
class Card(Box):
    """A card's picture: ``name`` is what it shows, for a screen reader and the text board."""


@dataclass(frozen=True)
class Label:
    children: tuple["Node", ...] = ()
    tag: str = "span"
    style: str = ""
    decorative: bool = False


@dataclass(frozen=True)
class Keyed:
    keys: Keys
    children: tuple["Node", ...] = ()
    tag: str = "span"
    style: str = ""
    decorative: bool = False


@dataclass(frozen=True)
class Field:
    keys: Keys
    children: tuple["Node", ...] = ()  # empty when masked: the value is not in the tree
    tag: str = "span"
    style: str = ""
    masked: bool = False
    placeholder: str = "?"


@dataclass(frozen=True)
class Was:
    keys: Keys
    children: tuple["Node", ...] = ()  # the picture the question starts from


Node = Union[Text, Break, Box, Zone, Card, Label, Keyed, Field, Was]
Part = Union[Node, str, None, Iterable["Part"]]
"""What the builders accept as children: nodes, strings (as :class:`Text`), nothing (``None``, ``""``) and nested
lists of them."""


def nodes(*parts: Part) -> tuple[Node, ...]:
    """``parts`` flattened into a tuple of nodes: a string becomes a :class:`Text`, ``None`` and ``""`` nothing.

    >>> nodes("a", None, ["b", Break()], "")
    (Text(text='a'), Text(text='b'), Break())
    """
    out: list[Node] = []
    for p in parts:
        if p is None or p == "":
            continue
        if isinstance(p, str):
            out.append(Text(p))
        elif isinstance(p, (Text, Break, Box, Label, Keyed, Field, Was)):
            out.append(p)
        else:
            out.extend(nodes(*p))
    return tuple(out)


def fill(template: str, **parts: Part) -> tuple[Node, ...]:
    """A translated template with elements in its slots: ``fill("{player} plays", player=Box(...))``. Text
    around the slots stays text (escaped when drawn), so a name holding ``<`` or ``{`` is only a name.

    >>> fill("Tavern {n}", n="26")
    (Text(text='Tavern '), Text(text='26'))
    """
    out: list[Node] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        if literal:
            out.append(Text(literal))
        if name is not None:
            out.extend(nodes(parts[name]))
    return tuple(out)


def key_list(keys: object) -> Keys:
    """``keys`` as a tuple of keys: one quantity key ``(thing, quantity)`` (``engine.core.effects``) or several."""
    if isinstance(keys, tuple) and len(keys) == 2 and all(isinstance(k, str) for k in keys):
        return (keys,)
    return tuple(cast(Iterable[Key], keys))


def hide(node: Node, mask: frozenset[Key]) -> Node:
    """``node`` with every field that shows a key of ``mask`` masked (its value dropped, "?" in its place): the
    board's own builder masks its fields as it builds them (with "before → ?" where the question starts earlier);
    this pass, run on every board (``tutor.boards.board``), makes sure no value the question reads is left in the
    tree, whatever a builder forgot.

    >>> field = hide(Box((Field((("enemy", "damage"),), (Text("12"),)),)), frozenset({("enemy", "damage")})).children[0]
    >>> field.masked, field.children, field.placeholder
    (True, (), '?')
    """
    if not mask or isinstance(node, (Text, Break)):
        return node
    if isinstance(node, Field) and not node.masked and any(k in mask for k in node.keys):
        return replace(node, children=(), masked=True, placeholder="?")
    if isinstance(node, Field) and node.masked:
        return node
    children = tuple(hide(c, mask) for c in node.children)
    return node if children == node.children else replace(node, children=children)


@dataclass(frozen=True)
class Open:
    """:func:`walk` entering an element (``node``), with its ``tag``; :class:`Close` leaving it."""

    node: Node
    tag: str


@dataclass(frozen=True)
class Close:
    node: Node
    tag: str


Event = Union[Open, Close, Text]
VOID = {"br"}


def tag_of(node: Node) -> str:
    if isinstance(node, Break):
        return "br"
    if isinstance(node, Was):
        return "div"
    return "" if isinstance(node, Text) else node.tag


def walk(node: Node | Iterable[Node]) -> Iterator[Event]:
    """The elements of a tree in document order: :class:`Open` and :class:`Close` around each element's children
    (a :class:`Break` only opens), runs of text merged into one :class:`Text` (as a browser reads them); a masked
    field's placeholder and a :class:`Was`'s "→ ?" are its text."""
    pending: list[str] = []
    for ev in _walk(node):
        if isinstance(ev, Text):
            pending.append(ev.text)
            continue
        if pending:
            yield Text("".join(pending))
            pending = []
        yield ev
    if pending:
        yield Text("".join(pending))


def _walk(node: Node | Iterable[Node]) -> Iterator[Event]:
    if not isinstance(node, (Text, Break, Box, Label, Keyed, Field, Was)):
        for n in node:
            yield from _walk(n)
        return
    if isinstance(node, Text):
        yield node
        return
    tag = tag_of(node)
    yield Open(node, tag)
    if isinstance(node, Break):
        return
    if isinstance(node, Field) and node.masked:
        if node.placeholder:
            yield Text(node.placeholder)
    else:
        for child in node.children:
            yield from _walk(child)
        if isinstance(node, Was):
            yield Open(Box(tag="span"), "span")
            yield Text("→ ?")
            yield Close(Box(tag="span"), "span")
    yield Close(node, tag)


__all__ = ["Box", "Break", "Card", "Zone", "Close", "Event", "Field", "Key", "Keyed", "Keys", "Label", "Node", "Open", "Part",
           "Text", "Was", "fill", "hide", "key_list", "nodes", "walk"]
