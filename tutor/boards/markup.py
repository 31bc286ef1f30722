"""A board's keyed elements, as markup: every field carries the quantity keys it shows, or is masked, or is a fixed
word. The game boards (``tutor/games/<game>/board.py``) build with these; ``tutor.boards.keys`` reads them back, and
``ui`` only puts the result on a page. Every piece of text goes through :func:`esc`.
"""

from __future__ import annotations

import html
from typing import Any

from tutor.speaking import _


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def key_list(keys: Any) -> tuple[tuple[str, str], ...]:
    """``keys`` as a tuple of keys: one quantity key ``(thing, quantity)`` (``engine.core.effects``) or several."""
    if isinstance(keys, tuple) and len(keys) == 2 and all(isinstance(k, str) for k in keys):
        return (keys,)
    return tuple(keys)


def key_attr(keys: Any) -> str:
    """Keys as a ``data-key`` value: ``thing|quantity``, separated by ``;`` (``player:2|hp;enemy|card``: a thing's
    id may hold spaces, "character:Black Panther")."""
    return ";".join(f"{t}|{q}" for t, q in key_list(keys))


def parse_keys(attr: str) -> tuple[tuple[str, str], ...]:
    """The keys of a ``data-key`` (or ``data-masked``) value, as :func:`key_attr` writes them."""
    return tuple((t, q) for t, _sep, q in (k.partition("|") for k in attr.split(";") if k))


def shown(keys: Any, mask: frozenset[tuple[str, str]], html: str, *, placeholder: str = "?", tag: str = "span",
          before: str | None = None) -> str:
    """``html`` for a board field showing the quantities ``keys``, or a "?" if one of them is masked (the
    question reads it: showing it would give the answer away).

    ``before`` is what the field read before the plays, for a question asked after them: a masked field
    then reads "before → ?", so the learner still sees the input (Spider-Man had 10 hit points) and not
    the answer. Shown fields carry ``data-key``, masked ones ``data-masked`` (both the keys, as
    :func:`key_attr` writes them): the mask tests read both."""
    attr = esc(key_attr(keys))
    if any(k in mask for k in key_list(keys)):
        if before is not None:
            placeholder = f"{before} → ?"
        hidden, aria = _("Hidden until you answer"), _("hidden until you answer")
        return (f'<{tag} class="rt-masked" data-masked="{attr}" title="{esc(hidden)}" '
                f'aria-label="{esc(aria)}">{esc(placeholder)}</{tag}>')
    return f'<{tag} class="rt-field" data-key="{attr}">{html}</{tag}>'


def keyed(keys: Any, html: str, tag: str = "span", cls: str = "") -> str:
    """``html`` (part of the board that is never hidden by itself: a card's face, a zone) marked with the
    quantities it shows; a field inside it is masked on its own."""
    extra = f' class="{cls}"' if cls else ""
    return f'<{tag}{extra} data-key="{esc(key_attr(keys))}">{html}</{tag}>'


def label(text: str, tag: str = "span", cls: str = "") -> str:
    """A fixed word on a board (a zone's heading, a seat's name): it shows no quantity of the position."""
    extra = f' class="{cls}"' if cls else ""
    return f"<{tag}{extra} data-label>{esc(text)}</{tag}>"
