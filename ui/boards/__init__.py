"""Boards on a page: what a board shows is decided below the UI (``tutor.boards``, each game's
``tutor/games/<game>/board.py``, as an element tree: ``tutor.boards.tree``); here it is only drawn as HTML, each
element's role in its game's look (``ui/boards/look.py``, and ``ui/boards/<game>.py`` where a game's look differs:
its card faces, its class names), and put in a figure a screen reader can read."""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from tutor.boards import BoardView, board, slide_cards, slide_symbols
from tutor.boards.text import board_text
from tutor.boards.tree import ELEMENTS, Bar, Box, Break, Card, Field, Keyed, Label, Node, Role, Text, Was, key_list
from ui.boards.look import Look, look_of
from ui.html import esc
from ui.i18n import _


def key_attr(keys: object) -> str:
    """Keys as one attribute value (``data-key``, ``data-masked``): ``thing|quantity``, separated by ``;``
    (``player:2|hp;enemy|card``: a thing's id may hold spaces, "character:Black Panther")."""
    return ";".join(f"{t}|{q}" for t, q in key_list(keys))


def parse_keys(attr: str) -> tuple[tuple[str, str], ...]:
    """The keys of a ``data-key`` (or ``data-masked``) value, as :func:`key_attr` writes them.

    >>> parse_keys(key_attr((("character:Black Panther", "hp"), ("enemy", "card"))))
    (('character:Black Panther', 'hp'), ('enemy', 'card'))
    """
    return tuple((t, q) for t, _sep, q in (k.partition("|") for k in attr.split(";") if k))


def _cls(style: str) -> str:
    return f' class="{esc(style)}"' if style else ""


def _game_of(tree: Node | Iterable[Node]) -> str:
    """Whose board (or rule slide's cards) ``tree`` is, when it says (its root's ``kind``; a card's ``game``): the
    look to draw it in when none is named."""
    if isinstance(tree, Card):
        return tree.game
    if isinstance(tree, Box) and tree.role in (Role.BOARD, Role.SLIDE_CARDS):
        return tree.kind
    return ""


def draw(tree: Node | Iterable[Node] | None, game: str | None = None) -> str:
    """The tree as HTML in ``game``'s look (``ui/boards/look.py``; unnamed, the game its root names): every
    text escaped, each element carrying its keys (``data-key``, ``data-masked`` once hidden; ``data-label`` on a
    fixed word) so that a page and the browser tests read the same keys."""
    if tree is None:
        return ""
    return _draw(tree, look_of(game or _game_of(tree)), None)


def _draw(tree: Node | Iterable[Node], look: Look, parent: Role | None) -> str:
    if not isinstance(tree, ELEMENTS):
        return "".join(_draw(n, look, parent) for n in tree)
    if isinstance(tree, Text):
        return esc(tree.text)
    if isinstance(tree, Break):
        return "<br>"
    if isinstance(tree, Bar):
        return look.bar_html(tree)
    if isinstance(tree, Was):
        return (f'<div class="rt-masked-card" data-masked="{esc(key_attr(tree.keys))}">'
                f'{_draw(tree.children, look, parent)}<span>→ ?</span></div>')
    inner = _draw(tree.children, look, tree.role)
    hidden = ' aria-hidden="true"' if getattr(tree, "decorative", False) else ""
    if isinstance(tree, Card):
        cls, face = look.card_html(tree, inner)
        name = f' aria-label="{esc(tree.name)}"' if tree.name else ""
        return f'<div{_cls(cls)} role="img"{_title(tree.title)}{name}{hidden}>{face}</div>'

    tag, style = look.tag(tree, parent)
    if isinstance(tree, Label):
        return f"<{tag}{_cls(style)}{hidden} data-label>{inner}</{tag}>"
    if isinstance(tree, Keyed):
        return f'<{tag}{hidden}{_cls(style)} data-key="{esc(key_attr(tree.keys))}">{inner}</{tag}>'
    if isinstance(tree, Field):
        style = f" {style}" if style else ""
        if tree.masked:
            return (f'<{tag} class="rt-masked{esc(style)}" data-masked="{esc(key_attr(tree.keys))}" '
                    f'title="{esc(_("Hidden until you answer"))}" aria-label="{esc(_("hidden until you answer"))}">'
                    f'{esc(tree.placeholder)}</{tag}>')
        return f'<{tag} class="rt-field{esc(style)}" data-key="{esc(key_attr(tree.keys))}">{inner}</{tag}>'
    name = f' aria-label="{esc(tree.name)}"' if tree.name else ""
    return f"<{tag}{_cls(style)}{_title(tree.title)}{name}{hidden}>{inner}</{tag}>"


def _title(title: str) -> str:
    return f' title="{esc(title)}"' if title else ""


def board_html(scenario: Any, view: BoardView) -> str:
    """The board of ``scenario`` at ``view``'s moment, drawn."""
    return draw(board(scenario, view), scenario.game)


def cards_html(game: str, names: list[str]) -> str:
    """Cards named on a rule slide, drawn as the game draws its cards."""
    return draw(slide_cards(game, names), game)


def symbols_html(game: str, names: list[str]) -> str:
    """Symbols a rule slide teaches, drawn as the game draws them."""
    return draw(slide_symbols(game, names), game)


def text_list(text: str) -> str:
    r""":func:`~tutor.boards.text.board_text`'s lines as an HTML list: each line an item, a card's line in a list
    under the line before it (its zone or its heading).

    >>> text_list("In play\n  - Rhino\n  - a facedown boost card\nPlayer 1")
    '<ul><li>In play<ul><li>Rhino</li><li>a facedown boost card</li></ul></li><li>Player 1</li></ul>'
    """
    out: list[str] = []
    cards: list[str] = []

    def close_cards() -> None:
        if cards:
            item = "".join(f"<li>{escape(c)}</li>" for c in cards)
            if out and out[-1].endswith("</li>"):
                out[-1] = out[-1][: -len("</li>")] + f"<ul>{item}</ul></li>"
            else:
                out.append(f"<li><ul>{item}</ul></li>")
            cards.clear()

    for line in text.splitlines():
        if line.startswith("  - "):
            cards.append(line[4:])
            continue
        close_cards()
        out.append(f"<li>{escape(line)}</li>")
    close_cards()
    return f"<ul>{''.join(out)}</ul>"


def board_figure(scenario: Any, view: BoardView, caption: str) -> str:
    """The board with a text alternative a screen reader reads: a figure named by the caption whose content
    is the board as text (each zone with its cards, read off the same tree by ``board_text``; a masked field
    reads "? (hidden until you answer)"). The drawing itself is hidden from assistive technology, so nothing
    is read twice and the card pictures' layout does not get in the way."""
    tree = board(scenario, view)
    text = board_text(tree, masked_note=_("hidden until you answer"))
    return (f'<figure class="rt-figure"><figcaption class="rt-sr">{esc(_("The board"))}: {esc(caption)}</figcaption>'
            f'<div class="rt-sr">{text_list(text)}</div><div class="rt-figure-board" aria-hidden="true">'
            f'{draw(tree, scenario.game)}'
            '</div></figure>')


__all__ = ["board_figure", "board_html", "cards_html", "draw", "key_attr", "parse_keys", "symbols_html",
           "text_list"]
