"""A quiz being built: one ordered list of questions, whatever they came from (picked from the library, drawn
at random, generated practice items, a shared ruling, a position of a replayed game), in the order the teacher sets.

The list is the quiz: the builder shows it, counts it and saves it, so the count on the Save button, the list
on screen and the saved quiz cannot disagree. Adding never drops a question silently: :func:`add` returns how
many were added, how many were in the quiz already and how many did not fit (a quiz holds ``MAX_ITEMS``).
Pure functions on immutable tuples: the page keeps the current tuple in its session state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

from tutor.quiz.spec import Item

MAX_ITEMS = 100  # QuizSpec's limit
Kind = Literal["library", "generated", "ruling", "game"]  # "game": a position of a game (the Play page)


@dataclass(frozen=True)
class Entry:
    """One question of the draft: the quiz item, where it came from, and the text the list shows."""

    item: Item
    kind: Kind
    label: str


Draft = tuple[Entry, ...]


@dataclass(frozen=True)
class Added:
    """What :func:`add` did: the new draft, and how many questions were added, already held, left out."""

    draft: Draft
    added: int
    already: int
    too_many: int


def add(draft: Draft, entries: Iterable[Entry]) -> Added:
    """``entries`` appended in their order; one the draft holds already (the same item) is skipped and
    counted, and those past ``MAX_ITEMS`` are counted as left out."""
    out, held = list(draft), {e.item for e in draft}
    already = too_many = 0
    for e in entries:
        if e.item in held:
            already += 1
        elif len(out) >= MAX_ITEMS:
            too_many += 1
        else:
            out.append(e)
            held.add(e.item)
    return Added(tuple(out), len(out) - len(draft), already, too_many)


def move(draft: Draft, index: int, by: int) -> Draft:
    """The question at ``index`` moved ``by`` places (−1: up, +1: down), kept within the list."""
    if not 0 <= index < len(draft):
        return draft
    to = max(0, min(len(draft) - 1, index + by))
    out = list(draft)
    out.insert(to, out.pop(index))
    return tuple(out)


def remove(draft: Draft, index: int) -> Draft:
    """The draft without the question at ``index``."""
    return draft[:index] + draft[index + 1:] if 0 <= index < len(draft) else draft


def items(draft: Draft) -> list[Item]:
    """The quiz's items, in the draft's order: exactly what is listed and counted."""
    return [e.item for e in draft]
