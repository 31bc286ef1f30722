"""How Dungeon Mayhem's boards look: each character's colours on its cards and chips (``dmc-<character>``), the
seats (out of the game, their place around a table of five or six), the symbols and shields (``dm-*`` in
``ui/theme.css``)."""

from __future__ import annotations

import re

from tutor.boards.tree import Bar, Box, Card, Mark, Role, Zone
from ui.boards.look import Look


def colour(character: str) -> str:
    """The class of a character's colours (``ui/theme.css``: ``.dmc-azzan`` …, one per character)."""
    return "dmc-" + re.sub(r"[^a-z0-9]+", "-", character.lower()).strip("-")


def _card(node: Card, inner: str) -> tuple[str, str]:
    if node.role == Role.SYMBOL_TILE:
        return "dm-symbol", inner
    cls = ["rt-card", "dm-card"] + (["rt-played"] if node.played else []) + (["dm-gone"] if node.gone else [])
    return f'{" ".join(cls)} {colour(node.kind)}', inner


def _classes(node: Box, cls: str) -> str:
    if isinstance(node, Zone) and node.role == Role.SEAT:
        return f'{cls} dm-seat{" dm-zone-out" if node.out else ""} seat-{node.seat}'
    if node.role == Role.RING:  # its class says how many seats sit around the table
        return f"{cls} dm-ring dm-ring-{sum(1 for c in node.children if isinstance(c, Zone))}"
    if node.role == Role.CHIP:
        return f"{cls} {colour(node.kind)}"
    return cls


def _bar(node: Bar) -> str:
    return f'<span class="w{round(100 * node.left / node.total) if node.total else 0}"></span>'


LOOK = Look(
    roles={Role.BOARD: ("div", "rt-board dm"), Role.SLIDE_CARDS: ("div", "rt-board dm rt-slide-cards"),
           Role.SYMBOL_ROW: ("div", "rt-row dm-symbols"), Role.SYMBOL_GLYPH: ("div", "dm-sym dm-symbol-glyph"),
           Role.SYMBOL_NAME: ("div", "dm-symbol-name"), Role.TAG: ("span", "dm-tag"),
           Role.SUBHEADING: ("div", "dm-sub"),
           Role.SEAT_HEAD: ("div", "dm-head"), Role.SEAT_NAME: ("span", "dm-who"), Role.CHARACTER: ("div", "dm-char"),
           Role.NEIGHBOURS: ("div", "dm-near"), Role.HP: ("span", "dm-hp"), Role.HP_ICON: ("span", "heart"),
           Role.DELTA: ("span", "dm-delta"), Role.COUNTS: ("div", "dm-counts"), Role.HAND: ("div", "dm-hand"),
           Role.RESULT: ("div", "dm-result"), Role.TABLE_CENTRE: ("div", "dm-table-centre"),
           Role.MOVES: ("ol", "dm-steps"), Role.POWER: ("div", "dm-power"), Role.BAR: ("div", "dm-bar"),
           Role.TABLE: ("div", "dm-table"), Role.SHIELDS: ("div", "dm-sym"), Role.SYMBOLS: ("div", "dm-sym"),
           Role.SHIELD: ("span", "dm-sh"), Role.CHIP: ("span", "dm-chip")},
    within={(Role.CHIP, Role.SHIELDS): ("span", "s"), (Role.CHIP, Role.SYMBOLS): ("span", "s dm-sym")},
    marks={Mark.DISGUISED: "disg", Mark.WINNER: "win", (Role.SYMBOL, Mark.ATTACK): "a", (Role.SYMBOL, Mark.HEAL): "h",
           (Role.SYMBOL, Mark.DRAW): "d", (Role.SYMBOL, Mark.PLAY_AGAIN): "p", (Role.SYMBOL, Mark.FORM): "f",
           (Role.SYMBOL, Mark.POWER): "m", (Role.SYMBOL, Mark.SHIFT): "sh", (Role.SYMBOL, Mark.SHIELD): "dm-sh big"},
    card=_card, classes=_classes, bar=_bar)
