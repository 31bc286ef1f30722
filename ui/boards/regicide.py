"""How Regicide's boards look: its playing cards drawn from their rank and suit (the rank in two corners, the suit
symbol in the middle, a royal card's letter beside it; the Jester as a jester card; a pile's back with its count),
its zones' and stats' class names (``rg-*`` in ``ui/theme.css``)."""

from __future__ import annotations

from engine.regicide.cards import DIAMONDS, HEARTS, RANK_LETTERS, SUIT_SYMBOLS, is_royal, rank, suit
from tutor.boards.tree import Bar, Card, Role
from ui.boards.look import Look, size_class
from ui.html import esc


def _card(node: Card, inner: str) -> tuple[str, str]:
    """A card's class names and its face, from the card's number (``node.card``) and state."""
    size = size_class(node.size)
    if not node.face_up:
        return f"rg-card back {size}", f'<span class="rg-p">{esc(node.count)}</span>'
    if node.empty:
        return " ".join(c for c in ("rg-card", size, "empty") if c), ""
    c = int(node.card or 0)
    cls = ["rg-card"] + ([size] if size else []) + (["played"] if node.played else [])
    if c == 0:
        return (" ".join(cls + ["jester"]), '<span class="rg-i">★</span>'
                f'<span class="rg-p">{esc(node.name.upper())}</span><span class="rg-i b">★</span>')
    letter, symbol = RANK_LETTERS[rank(c)], SUIT_SYMBOLS[suit(c)]
    cls += (["red"] if suit(c) in (DIAMONDS, HEARTS) else []) + (["royal"] if is_royal(c) else [])
    pip = f"{letter}{symbol}" if is_royal(c) else symbol
    corner = f"{esc(letter)}<br>{esc(symbol)}"
    return (" ".join(cls), f'<span class="rg-i">{corner}</span><span class="rg-p">{esc(pip)}</span>'
                           f'<span class="rg-i b">{corner}</span>')


def _bar(node: Bar) -> str:
    """The enemy's damage out of its health, in steps of 5%."""
    pct = min(100, round(100 * node.left / node.total)) // 5 * 5 if node.total else 0
    title = f' title="{esc(node.title)}"' if node.title else ""
    return f'<div class="rg-bar"{title}><span class="w{pct}"></span></div>'


LOOK = Look(
    roles={Role.BOARD: ("div", "rt-board rg"), Role.SLIDE_CARDS: ("div", "rg-hand rt-slide-cards"),
           Role.HAND: ("div", "rg-hand"), Role.PILE: ("div", "rg-pile"), Role.PILES: ("div", "rg-piles"),
           Role.PLAYED: ("div", "rg-table"), Role.TABLE_AND_PILES: ("div", "rt-row rg-table-row"),
           Role.ENEMY: ("div", "rg-enemy"), Role.STATS: ("div", "rg-stats"), Role.NAME: ("div", "rg-name"),
           Role.STAT_LINE: ("div", "rg-stat"), Role.STAT: ("span", "rg-pill"), Role.BADGE: ("span", "rg-pill"),
           Role.NOTE: ("span", "rg-note"), Role.NOTE_LINE: ("div", "rg-note"), Role.SUBHEADING: ("div", "rg-note"),
           Role.MOVES: ("ol", "rg-moves")},
    card=_card, bar=_bar)
