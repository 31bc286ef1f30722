"""Boards on a page: what a board shows is decided below the UI (``tutor.boards``, each game's
``tutor/games/<game>/board.py``); here it is only put in a figure a screen reader can read."""

from __future__ import annotations

from typing import Any

from tutor.boards import BoardView, board_html
from tutor.boards.text import board_text, text_list
from ui.html import esc
from ui.i18n import _


def board_figure(scenario: Any, view: BoardView, caption: str) -> str:
    """The board with a text alternative a screen reader reads: a figure named by the caption whose content
    is the board as text (each zone with its cards, read off the same HTML by ``board_text``; a masked field
    reads "? (hidden until you answer)"). The drawing itself is hidden from assistive technology, so nothing
    is read twice and the card pictures' layout does not get in the way."""
    html = board_html(scenario, view)
    text = board_text(html, masked_note=_("hidden until you answer"))
    return (f'<figure class="rt-figure"><figcaption class="rt-sr">{esc(_("The board"))}: {esc(caption)}</figcaption>'
            f'<div class="rt-sr">{text_list(text)}</div><div class="rt-figure-board" aria-hidden="true">{html}</div>'
            '</figure>')


__all__ = ["board_figure"]
