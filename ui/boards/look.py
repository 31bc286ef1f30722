"""How a board's elements look: each :class:`~tutor.boards.tree.Role` drawn as an HTML tag with the class names of
``ui/theme.css``, a badge's or a token's :class:`~tutor.boards.tree.Mark` as one more class, a card's picture and a
gauge. :data:`LOOK` is the look every game shares; a game whose look differs has its own in
``ui/boards/<game>.py`` (a :class:`Look` with its own table, card faces and gauges), found by the game's id."""

from __future__ import annotations

import importlib
import importlib.util
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Callable, Mapping

from tutor.boards.tree import Bar, Box, Card, Keyed, Field, Label, Mark, Role, Size
from ui.html import esc

Tag = tuple[str, str]  # (HTML tag, class names)

ROLES: dict[Role, Tag] = {
    Role.BOARD: ("div", "rt-board"), Role.SLIDE_CARDS: ("div", "rt-row rt-slide-cards"),
    Role.ZONE: ("section", "rt-zone"), Role.CENTRE_ZONE: ("section", "rt-zone enemy"),
    Role.SEAT: ("section", "rt-zone"), Role.HEADING: ("div", "rt-zone-label"), Role.SUBHEADING: ("div", ""),
    Role.TAG: ("span", "tag"), Role.PLAYERS: ("div", "rt-players"), Role.RING: ("div", "rt-players"),
    Role.TABLE: ("div", ""), Role.TABLE_CENTRE: ("div", ""), Role.ROW: ("div", "rt-row"), Role.HAND: ("div", "rt-row"),
    Role.PILE: ("div", ""), Role.PILES: ("div", ""), Role.PLAYED: ("div", ""), Role.TABLE_AND_PILES: ("div", "rt-row"),
    Role.ENEMY: ("div", ""), Role.STATS: ("div", "stats"), Role.NAME: ("div", "name"), Role.STAT_LINE: ("div", ""),
    Role.STAT: ("span", "stat"), Role.BADGE: ("span", "rt-badge"), Role.TOKEN: ("span", "tag"),
    Role.TOKENS: ("div", ""), Role.NOTE: ("span", ""), Role.NOTE_LINE: ("div", ""), Role.FOOTNOTE: ("p", "rt-note"),
    Role.PARAGRAPH: ("p", ""), Role.RESULT: ("div", ""), Role.MOVES: ("ol", ""), Role.MOVE: ("li", ""),
    Role.WHO: ("strong", ""), Role.WORDS: ("span", ""), Role.GROUP: ("div", ""), Role.SEAT_HEAD: ("div", ""),
    Role.SEAT_NAME: ("span", ""), Role.CHARACTER: ("div", ""), Role.NEIGHBOURS: ("div", ""), Role.HP: ("span", ""),
    Role.HP_ICON: ("span", ""), Role.DELTA: ("span", ""), Role.COUNTS: ("div", ""), Role.BAR: ("div", ""),
    Role.CARD: ("div", "rt-card"), Role.SLOT: ("div", "rt-slot"), Role.PLACE: ("div", "rt-keyed"),
    Role.CHIP: ("span", ""), Role.BAND: ("div", "band"), Role.CARD_NAME: ("div", "name"),
    Role.CARD_LABEL: ("div", "label"), Role.CARD_STATS: ("div", "stats"), Role.ICONS: ("div", "icons"),
    Role.BADGES: ("div", "rt-badges"), Role.POWER: ("div", ""), Role.SHIELDS: ("div", ""), Role.SHIELD: ("span", ""),
    Role.SYMBOLS: ("div", ""), Role.SYMBOL: ("span", ""), Role.SYMBOL_ROW: ("div", "rt-row"),
    Role.SYMBOL_TILE: ("div", ""), Role.SYMBOL_GLYPH: ("div", ""), Role.SYMBOL_NAME: ("div", ""),
    Role.GRID: ("table", ""), Role.GRID_ROW: ("tr", ""), Role.GRID_CELL: ("td", ""),
}
"""Every role's tag and look (class names), as every game draws it unless its own look says otherwise."""

BLOCK_TAGS = frozenset({"section", "div", "li", "p", "ol", "ul", "table", "tr", "details", "summary"})
"""The tags a browser (and the text board, by :data:`tutor.boards.tree.BLOCKS`) puts on a line of their own."""

MARKS: dict[Mark, str] = {m: m.value for m in Mark}
"""A mark's class, added to its element's (``rt-badge gone``)."""


@dataclass(frozen=True)
class Look:
    """How one game's boards look: ``roles`` and ``marks`` over the shared tables; ``within``: a role's look inside
    another's (a Dungeon Mayhem chip's symbols); ``card``: a card's class names and face from its fields;
    ``bar``: a gauge."""

    roles: Mapping[Role, Tag] = field(default_factory=dict)
    marks: Mapping[Mark | tuple[Role, Mark], str] = field(default_factory=dict)  # by mark, or by role and mark
    within: Mapping[tuple[Role, Role], Tag] = field(default_factory=dict)
    card: Callable[[Card, str], tuple[str, str]] | None = None
    bar: Callable[[Bar], str] | None = None
    classes: Callable[[Box, str], str] | None = None  # an element's class names, from its own fields too
    _table: dict[Role, Tag] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", {**ROLES, **self.roles})  # every role's look, this game's first

    def tag(self, node: Box | Label | Keyed | Field, parent: Role | None = None) -> Tag:
        """The tag and class names of ``node`` (inside an element of role ``parent``)."""
        found = self.within.get((parent, node.role)) if self.within and parent is not None else None
        tag, cls = found or self._table[node.role]
        mark = getattr(node, "mark", None)
        if mark is not None:
            word = self.marks.get((node.role, mark)) or self.marks.get(mark) or MARKS[mark]
            cls = f"{cls} {word}".strip()
        if self.classes is not None and isinstance(node, Box):
            cls = self.classes(node, cls)
        return tag, cls

    def card_html(self, node: Card, inner: str) -> tuple[str, str]:
        """A card's class names and what is drawn inside it (its children, ``inner``, unless the game draws a
        picture from the card's fields)."""
        if self.card is not None:
            return self.card(node, inner)
        return "rt-card" + ("" if node.face_up else " facedown"), inner

    def bar_html(self, node: Bar) -> str:
        if self.bar is not None:
            return self.bar(node)
        pct = 0 if node.total <= 0 else round(100 * node.left / node.total)
        title = f' title="{esc(node.title)}"' if node.title else ""
        return f'<div class="rt-hp"{title}><span class="w{pct // 5 * 5}"></span></div>'


LOOK = Look()


def size_class(size: Size) -> str:
    return "" if size == Size.NORMAL else size.value


@lru_cache(maxsize=None)
def look_of(game: str | None) -> Look:
    """The look of ``game``'s boards: ``ui/boards/<game>.py``'s ``LOOK`` when there is one, else the shared one (a
    game added without a look of its own, like the test game, draws with the shared classes)."""
    if not game or not game.isidentifier():
        return LOOK
    name = f"ui.boards.{game}"
    if importlib.util.find_spec(name) is None:
        return LOOK
    found = getattr(importlib.import_module(name), "LOOK", None)
    return found if isinstance(found, Look) else LOOK


__all__ = ["BLOCK_TAGS", "LOOK", "Look", "MARKS", "ROLES", "look_of", "size_class"]
