"""Builders of a board's elements (``tutor.boards.tree``): every value carries the quantity keys it shows, or is
masked, or is a fixed word; every element says what it is (its :class:`~tutor.boards.tree.Role`), never how it
looks. The game boards (``tutor/games/<game>/board.py``) build with these; ``tutor.boards.keys`` reads the keys
back, ``tutor.boards.text`` the text, and ``ui.boards`` draws the tree.
"""

from __future__ import annotations

from typing import Any

from tutor.boards.tree import Box, Card, Field, Keyed, Label, Mark, Part, Role, Zone, fill, key_list, nodes

Mask = frozenset[tuple[str, str]]


def is_masked(keys: object, mask: Mask) -> bool:
    return any(k in mask for k in key_list(keys))


def shown(keys: object, mask: Mask, body: Part, *, placeholder: str = "?", role: Role = Role.WORDS,
          before: str | None = None) -> Field:
    """A board field showing the quantities ``keys``, or a "?" if one of them is masked (the question reads it:
    showing it would give the answer away); a masked field keeps no trace of the value.

    ``before`` is what the field read before the plays, for a question asked after them: a masked field
    then reads "before → ?", so the learner still sees the input (Spider-Man had 10 hit points) and not
    the answer."""
    ks = key_list(keys)
    if is_masked(ks, mask):
        return Field(ks, (), role, masked=True, placeholder=f"{before} → ?" if before is not None else placeholder)
    return Field(ks, nodes(body), role)


def keyed(keys: object, body: Part, role: Role = Role.WORDS, decorative: bool = False) -> Keyed:
    """A part of the board that is never hidden by itself (a card's face, a zone) marked with the quantities it
    shows; a field inside it is masked on its own."""
    return Keyed(key_list(keys), nodes(body), role, decorative)


def label(text: str, role: Role = Role.WORDS) -> Label:
    """A fixed word on a board (a zone's heading, a seat's name): it shows no quantity of the position."""
    return Label(nodes(text), role)


def label_with(template: str, role: Role = Role.WORDS, **parts: Part) -> Label:
    """A fixed word with fields in its slots ("Tavern {n}", the number a keyed field)."""
    return Label(fill(template, **parts), role)


def box(role: Role, *body: Part, name: str = "", title: str = "", line: bool = False, decorative: bool = False,
        mark: Mark | None = None, kind: str = "") -> Box:
    """A group laid out together (``role``: what it is), showing what its children show."""
    return Box(nodes(*body), role, name, title, decorative, line, mark, kind)


def zone(role: Role, *body: Part, name: str, seat: int | None = None, out: bool = False) -> Zone:
    """A part of the table (``role``: which) named ``name`` for a screen reader, its heading among ``body``."""
    return Zone(nodes(*body), role, name, seat=seat, out=out)


def card(game: str, name: str, *body: Part, line: bool = False, title: str = "", role: Role = Role.CARD,
         **what: Any) -> Card:
    """A card of ``game`` named ``name`` for a screen reader; ``what``: the :class:`~tutor.boards.tree.Card` fields
    saying which card it is and its state (``card``, ``face_up``, ``size``, ``played`` …); ``body``: its printed
    words and numbers."""
    return Card(nodes(*body), role, name, title, False, line, game=game, **what)


__all__ = ["box", "card", "zone", "is_masked", "keyed", "label", "label_with", "shown"]
