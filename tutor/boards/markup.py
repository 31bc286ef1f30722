"""Builders of a board's elements (``tutor.boards.tree``): every value carries the quantity keys it shows, or is
masked, or is a fixed word. The game boards (``tutor/games/<game>/board.py``) build with these;
``tutor.boards.keys`` reads the keys back, ``tutor.boards.text`` the text, and ``ui.boards`` draws the tree.
"""

from __future__ import annotations

from tutor.boards.tree import Box, Card, Field, Keyed, Label, Part, Zone, fill, key_list, nodes

Mask = frozenset[tuple[str, str]]


def is_masked(keys: object, mask: Mask) -> bool:
    return any(k in mask for k in key_list(keys))


def shown(keys: object, mask: Mask, body: Part, *, placeholder: str = "?", tag: str = "span",
          before: str | None = None, style: str = "") -> Field:
    """A board field showing the quantities ``keys``, or a "?" if one of them is masked (the question reads it:
    showing it would give the answer away); a masked field keeps no trace of the value.

    ``before`` is what the field read before the plays, for a question asked after them: a masked field
    then reads "before → ?", so the learner still sees the input (Spider-Man had 10 hit points) and not
    the answer."""
    ks = key_list(keys)
    if is_masked(ks, mask):
        return Field(ks, (), tag, style, masked=True,
                     placeholder=f"{before} → ?" if before is not None else placeholder)
    return Field(ks, nodes(body), tag, style)


def keyed(keys: object, body: Part, tag: str = "span", cls: str = "", decorative: bool = False) -> Keyed:
    """A part of the board that is never hidden by itself (a card's face, a zone) marked with the quantities it
    shows; a field inside it is masked on its own."""
    return Keyed(key_list(keys), nodes(body), tag, cls, decorative)


def label(text: str, tag: str = "span", cls: str = "") -> Label:
    """A fixed word on a board (a zone's heading, a seat's name): it shows no quantity of the position."""
    return Label(nodes(text), tag, cls)


def label_with(template: str, tag: str = "span", cls: str = "", **parts: Part) -> Label:
    """A fixed word with fields in its slots ("Tavern {n}", the number a keyed field)."""
    return Label(fill(template, **parts), tag, cls)


def box(tag: str, cls: str, *body: Part, name: str = "", title: str = "", line: bool = False,
        decorative: bool = False) -> Box:
    """A group laid out together (``cls``: its look), showing what its children show."""
    return Box(nodes(*body), tag, cls, name, title, decorative, line)


def zone(cls: str, *body: Part, name: str) -> Zone:
    """A part of the table (``cls``: its look) named ``name`` for a screen reader, its heading among ``body``."""
    return Zone(nodes(*body), "section", cls, name)


def card_box(tag: str, cls: str, name: str, *body: Part, title: str = "", line: bool = False) -> Card:
    """A card's picture named ``name`` for a screen reader (its face: ``body``)."""
    return Card(nodes(*body), tag, cls, name, title, False, line)


__all__ = ["box", "card_box", "zone", "is_masked", "keyed", "label", "label_with", "shown"]
