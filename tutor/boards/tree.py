"""A board as a tree of typed elements: what it shows, with the quantity keys of each value, and no markup.

The game boards (``tutor/games/<game>/board.py``) build this tree; ``ui.boards`` draws it as HTML, and
``tutor.boards.text`` reads it as text (``rules-tutor show``, the screen reader's list), ``tutor.boards.keys`` by
key (the mask tests, practice generation). An element is one of:

- :class:`Text`: words (every renderer escapes them); :class:`Break`: a line break;
- :class:`Box`: a group laid out together (a row, a seat's head): no quantity of its own; a :class:`Zone` is a
  part of the table with a heading and a name (the enemy, the piles, a seat, the plays);
- :class:`Card`: a card, named for a screen reader (``name``): which card it is (``game``, ``card``), whether it
  lies face up, its size and state (played, exhausted, gone); its printed words and numbers among its children;
- :class:`Bar`: a gauge (hit points left, damage dealt) drawn from its two numbers;
- :class:`Label`: a fixed word (a zone's heading, a seat's name): it shows no quantity of the position;
- :class:`Keyed`: a part showing quantities (``keys``) that is never hidden by itself (a card, a zone);
- :class:`Field`: a value showing quantities, ``masked`` when the question reads one of them: a masked field
  keeps only its ``placeholder`` ("?", or "what it read before → ?"), never the value;
- :class:`Was`: a masked picture: what the question starts from (a card), then "→ ?".

Each element says what it *is* (its :class:`Role`: a zone's heading, a stat, a badge, a hand, a pile …, and for a
badge or a token its :class:`Mark`: a status, a warning); how it looks (the HTML tag, the class names of
``ui/theme.css``, a card's picture) is decided in ``ui/boards`` alone. A role is a block (on its own line) or a
run inside a line (:data:`BLOCKS`): the text board breaks its lines there. :func:`walk` visits a tree in order;
the readers build on it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable, Iterator, Union, cast

Key = tuple[str, str]
Keys = tuple[Key, ...]


class Role(str, Enum):
    """What an element is on a board (``ui.boards`` draws each role in each game's look)."""

    # the board and its parts of the table
    BOARD = "board"  # a whole board
    SLIDE_CARDS = "slide_cards"  # cards (or symbols) shown beside a rule slide
    ZONE = "zone"  # a part of the table (a seat's, the piles, the moves)
    CENTRE_ZONE = "centre_zone"  # the middle of the table: the enemy, what is being played
    SEAT = "seat"  # one player's seat (its number and whether the player is out: the zone's fields)
    HEADING = "heading"  # a zone's heading line
    SUBHEADING = "subheading"  # a heading inside a zone ("Defense cards", "Table")
    TAG = "tag"  # a word beside a heading or a seat's name ("to move", "attack 2 of 3")
    PLAYERS = "players"  # the players' zones side by side
    RING = "ring"  # the seats drawn around a table (five players or more)
    TABLE = "live_table"  # the seats of a live game
    TABLE_CENTRE = "table_centre"  # the middle of a ring of seats
    ROW = "row"  # cards in a row
    HAND = "hand"  # a hand of cards (or cards played together)
    PILE = "pile"  # a pile: its top card and its name
    PILES = "piles"  # the piles side by side
    PLAYED = "played"  # the cards played against the current enemy, with their heading
    TABLE_AND_PILES = "table_and_piles"  # the played cards and the piles, in one row
    ENEMY = "enemy"  # the enemy: its card, its numbers, what is left of the deck it comes from
    STATS = "stats"  # a list of numbers (the enemy's)
    NAME = "name"  # whose numbers they are
    STAT_LINE = "stat_line"  # a line of numbers
    STAT = "stat"  # one number ("ATK 2", "Health 20")
    BADGE = "badge"  # what is true of a card or an enemy now ("defender", "defeated")
    TOKEN = "token"  # a status or keyword token on a character
    TOKENS = "tokens"  # a card's tokens
    NOTE = "note"  # a remark inside a line ("Empty hand")
    NOTE_LINE = "note_line"  # a remark on its own line
    FOOTNOTE = "footnote"  # a note under the board (what a symbol means)
    PARAGRAPH = "paragraph"  # a sentence on its own line
    RESULT = "result"  # how the game ended
    MOVES = "moves"  # the moves (plays, choices) made so far, in order
    MOVE = "move"  # one of them
    WHO = "who"  # the player who made a move
    WORDS = "words"  # words within a line
    GROUP = "group"  # a block with nothing of its own to say
    # a seat's parts
    SEAT_HEAD = "seat_head"  # the player's name, hit points and tags
    SEAT_NAME = "seat_name"
    CHARACTER = "character"  # who the player plays
    NEIGHBOURS = "neighbours"  # who sits on either side
    HP = "hp"  # hit points
    HP_ICON = "hp_icon"  # the sign before them
    DELTA = "delta"  # how they changed
    COUNTS = "counts"  # the sizes of the hand and the piles
    BAR = "bar"  # a gauge's place
    # a card's parts
    CARD = "card"
    SLOT = "slot"  # a card's place, with the badges beside it
    PLACE = "place"  # a card's place, keyed by the quantities it shows
    CHIP = "chip"  # a card in hand, drawn small (its name, shields and symbols)
    BAND = "band"  # the band at the top of a card (its type, its owner)
    CARD_NAME = "card_name"
    CARD_LABEL = "card_label"  # a line under the name ("on Rhino", "discarded")
    CARD_STATS = "card_stats"  # the numbers printed on the card
    ICONS = "icons"  # a boost card's icons
    BADGES = "badges"  # a card's badges
    POWER = "power"  # a card's special power
    SHIELDS = "shields"  # a card's shields
    SHIELD = "shield"  # one of them (marked HIT once damaged)
    SYMBOLS = "symbols"  # a card's symbols
    SYMBOL = "symbol"  # one (its Mark says which)
    SYMBOL_ROW = "symbol_row"  # symbols a rule slide teaches
    SYMBOL_TILE = "symbol_tile"  # one of them, named
    SYMBOL_GLYPH = "symbol_glyph"
    SYMBOL_NAME = "symbol_name"
    # a grid (a small game's board)
    GRID = "grid"
    GRID_ROW = "grid_row"
    GRID_CELL = "grid_cell"


BLOCKS = frozenset({
    Role.BOARD, Role.SLIDE_CARDS, Role.ZONE, Role.CENTRE_ZONE, Role.SEAT, Role.HEADING, Role.SUBHEADING,
    Role.PLAYERS, Role.RING, Role.TABLE, Role.TABLE_CENTRE, Role.ROW, Role.HAND, Role.PILE, Role.PILES, Role.PLAYED,
    Role.TABLE_AND_PILES, Role.ENEMY, Role.STATS, Role.NAME, Role.STAT_LINE, Role.TOKENS, Role.NOTE_LINE,
    Role.FOOTNOTE, Role.PARAGRAPH, Role.RESULT, Role.MOVES, Role.MOVE, Role.GROUP, Role.SEAT_HEAD, Role.CHARACTER,
    Role.NEIGHBOURS, Role.COUNTS, Role.BAR, Role.CARD, Role.SLOT, Role.PLACE, Role.BAND, Role.CARD_NAME,
    Role.CARD_LABEL, Role.CARD_STATS, Role.ICONS, Role.BADGES, Role.POWER, Role.SHIELDS, Role.SYMBOLS,
    Role.SYMBOL_ROW, Role.SYMBOL_TILE, Role.SYMBOL_GLYPH, Role.SYMBOL_NAME, Role.GRID, Role.GRID_ROW})
"""The roles that stand on their own line (the rest run inside a line): where the text board breaks its lines."""


class Mark(str, Enum):
    """What a badge, a tag, a token or a symbol says, where its look depends on it."""

    WARN = "warn"  # something that goes against the players (immunity cancelled, the players lose)
    GONE = "gone"  # defeated, left play
    TARGET = "target"
    TURN = "turn"  # whose turn it is, who is choosing
    GHOST = "ghost"
    OUT = "out"  # knocked out
    DISGUISED = "disguised"
    FORM = "form"  # a shape a character has taken; on a card, the form symbol
    EFFECT = "effect"  # an effect lasting this turn
    WINNER = "winner"
    TOUGH = "tough"
    STUNNED = "stunned"
    CONFUSED = "confused"
    KEYWORD = "keyword"
    DEFENSE = "defense"  # how a character defends
    EXHAUSTED = "exhausted"
    ASSIGNED = "assigned"  # damage assigned to it
    HIT = "hit"  # a shield marked by damage
    ATTACK = "attack"
    HEAL = "heal"
    DRAW = "draw"
    PLAY_AGAIN = "play_again"
    POWER = "power"
    SHIFT = "shift"  # a form change
    SHIELD = "shield"


class Size(str, Enum):
    NORMAL = "normal"
    SMALL = "small"
    BIG = "big"


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Break:
    pass


@dataclass(frozen=True)
class Box:
    children: tuple["Node", ...] = ()
    role: Role = Role.GROUP
    name: str = ""  # the accessible name (a zone's, a card's)
    title: str = ""  # the hover text
    decorative: bool = False  # hidden from a screen reader (a bar that repeats a number)
    line: bool = False  # a card's own line in the text board
    mark: Mark | None = None  # what a badge, a tag, a token or a symbol says
    kind: str = ""  # whose it is, where the look follows it (a board's game, a Dungeon Mayhem character's colours)


@dataclass(frozen=True)
class Zone(Box):
    """A part of the table with its heading (the enemy, the piles, a seat, the plays): ``name`` is what a screen
    reader announces; a seat's zone has its number (from 0) and whether its player is out."""

    seat: int | None = None
    out: bool = False


@dataclass(frozen=True)
class Card(Box):
    """A card: ``name`` is what it shows, for a screen reader and the text board; ``game`` and ``card`` which card
    it is (Regicide's card number, a Marvel Champions card's name, a Dungeon Mayhem card type's index), ``kind`` its
    type or owner (hero, ally, event …; a Dungeon Mayhem character); its printed words among ``children``."""

    game: str = ""
    card: int | str | None = None
    face_up: bool = True
    empty: bool = False  # the place of a card, with none there (an empty pile)
    count: str = ""  # what a face-down pile's back shows (how many cards)
    size: Size = Size.NORMAL
    played: bool = False
    exhausted: bool = False
    gone: bool = False
    target: bool = False


@dataclass(frozen=True)
class Bar:
    """A gauge of ``left`` out of ``total`` (hit points, damage): it repeats a number shown beside it."""

    left: int
    total: int
    title: str = ""


@dataclass(frozen=True)
class Label:
    children: tuple["Node", ...] = ()
    role: Role = Role.WORDS
    decorative: bool = False


@dataclass(frozen=True)
class Keyed:
    keys: Keys
    children: tuple["Node", ...] = ()
    role: Role = Role.WORDS
    decorative: bool = False


@dataclass(frozen=True)
class Field:
    keys: Keys
    children: tuple["Node", ...] = ()  # empty when masked: the value is not in the tree
    role: Role = Role.WORDS
    masked: bool = False
    placeholder: str = "?"


@dataclass(frozen=True)
class Was:
    keys: Keys
    children: tuple["Node", ...] = ()  # the picture the question starts from


Node = Union[Text, Break, Box, Zone, Card, Bar, Label, Keyed, Field, Was]
ELEMENTS = (Text, Break, Box, Bar, Label, Keyed, Field, Was)
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
        elif isinstance(p, ELEMENTS):
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
    if not mask or isinstance(node, (Text, Break, Bar)):
        return node
    if isinstance(node, Field) and not node.masked and any(k in mask for k in node.keys):
        return replace(node, children=(), masked=True, placeholder="?")
    if isinstance(node, Field) and node.masked:
        return node
    children = tuple(hide(c, mask) for c in node.children)
    return node if children == node.children else replace(node, children=children)


def is_block(node: Node) -> bool:
    """Whether ``node`` stands on its own line (its role is one of :data:`BLOCKS`; a :class:`Was` is a card's place,
    a :class:`Bar` a gauge's line), or runs inside one."""
    if isinstance(node, (Was, Bar)):
        return True
    if isinstance(node, (Text, Break)):
        return False
    return node.role in BLOCKS


@dataclass(frozen=True)
class Open:
    """:func:`walk` entering an element (``node``), with whether it is a block (:func:`is_block`); :class:`Close`
    leaving it. A :class:`Break` only opens (``void``)."""

    node: Node
    block: bool
    void: bool = False


@dataclass(frozen=True)
class Close:
    node: Node
    block: bool


Event = Union[Open, Close, Text]


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
    if not isinstance(node, ELEMENTS):
        for n in node:
            yield from _walk(n)
        return
    if isinstance(node, Text):
        yield node
        return
    if isinstance(node, Break):
        yield Open(node, False, void=True)
        return
    block = is_block(node)
    yield Open(node, block)
    if isinstance(node, Field) and node.masked:
        if node.placeholder:
            yield Text(node.placeholder)
    elif not isinstance(node, Bar):
        for child in node.children:
            yield from _walk(child)
        if isinstance(node, Was):
            mark = Box((Text("→ ?"),), Role.WORDS)
            yield Open(mark, False)
            yield Text("→ ?")
            yield Close(mark, False)
    yield Close(node, block)


__all__ = ["BLOCKS", "Bar", "Box", "Break", "Card", "Close", "Event", "Field", "Key", "Keyed", "Keys", "Label", "Mark",
           "Node", "Open", "Part", "Role", "Size", "Text", "Was", "Zone", "fill", "hide", "is_block", "key_list",
           "nodes", "walk"]
