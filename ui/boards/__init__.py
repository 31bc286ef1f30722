"""Board pictures (HTML) per game, drawn at a question's moment.

``board_html(scenario, view)`` dispatches to ``ui.boards.<game>.render``. A :class:`BoardView` is
the position at the moment (the game's view, what its asks read), the plays made up to then, and
the mask: the quantity keys (``engine/<game>/quantities.py``) the question reads, hidden until the
learner has answered (``tutor.questions.mask_of``). Every element a board draws carries the keys of
what it shows (``data-key``, ``ui.html.shown``/``keyed``) or is a fixed word (``data-label``); a
masked one is drawn as a "?" carrying ``data-masked`` (``ui.boards.keys`` reads them back).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Sequence

from engine.core.errors import IllegalPlay


@dataclass(frozen=True)
class BoardView:
    outcome: Any  # the game's view at the moment (tutor.games.<game> View)
    plays: tuple[Any, ...] = ()  # the plays made up to the moment, as the file writes them
    mask: frozenset[tuple[str, str]] = frozenset()  # the keys hidden until the learner answers
    illegal: IllegalPlay | None = None
    point: str = ""  # the moment's point ('start', 'play', 'step3', ...)
    defeated_shown: bool = True  # draw characters that left play, marked
    start: Any = None  # the game's view before the plays, when the moment is later (masked fields show it)
    revealed: bool = True  # the answer is known (after Check, or no question): what is still to come may show


def question_view(asked: Any, *, masked: bool) -> BoardView:
    """The board of a question (a :class:`tutor.questions.Asked`), masked before the learner answers."""
    frame = asked.frame
    line = asked.question.line(list(getattr(asked.scenario, "actions", [])))
    if frame is not None:
        plays = tuple(line[: frame.play])
    else:  # the line stopped at an illegal play: the plays up to it, the illegal one last
        bad = asked.timeline.illegal_index if asked.timeline is not None else None
        plays = tuple(line if bad is None else line[: bad + 1])
    tl = asked.timeline
    start = tl.frames[0].outcome if tl is not None and tl.frames and frame is not tl.frames[0] else None
    return BoardView(asked.solution.outcome, plays, asked.mask if masked else frozenset(), asked.solution.illegal,
                     frame.point if frame is not None else "", start=start if masked else None, revealed=not masked)


def line_view(outcome: Any, plays: Sequence[Any], illegal: IllegalPlay | None = None,
              illegal_index: int | None = None) -> BoardView:
    """The board at the end of a line of play (the ruling page)."""
    shown = tuple(plays) if illegal_index is None else tuple(plays)[: illegal_index + 1]
    return BoardView(outcome, shown, frozenset(), illegal, "end")


def board_html(scenario: Any, view: BoardView) -> str:
    module = importlib.import_module(f"ui.boards.{scenario.game}")
    return module.render(scenario, view)  # type: ignore[no-any-return]


def board_figure(scenario: Any, view: BoardView, caption: str) -> str:
    """The board with a text alternative a screen reader reads: a figure named by the caption whose content
    is the board as text (each zone with its cards, read off the same HTML by ``board_text``; a masked field
    reads "? (hidden until you answer)"). The drawing itself is hidden from assistive technology, so nothing
    is read twice and the card pictures' layout does not get in the way."""
    from ui.boards.text import board_text, text_list
    from ui.html import esc
    from ui.i18n import _  # here, not at the top: the CLI draws boards without Streamlit's session

    html = board_html(scenario, view)
    text = board_text(html, masked_note=_("hidden until you answer"))
    return (f'<figure class="rt-figure"><figcaption class="rt-sr">{esc(_("The board"))}: {esc(caption)}</figcaption>'
            f'<div class="rt-sr">{text_list(text)}</div><div class="rt-figure-board" aria-hidden="true">{html}</div>'
            '</figure>')


def cards_html(game: str, names: list[str]) -> str:
    """Cards named on a rule slide, drawn as the game draws its cards (``slide_cards`` in the board module)."""
    module = importlib.import_module(f"ui.boards.{game}")
    render = getattr(module, "slide_cards", None)
    return render(names) if render else ""


def symbols_html(game: str, names: list[str]) -> str:
    """Symbols a rule slide teaches, as the game draws them (``slide_symbols`` in the board module)."""
    module = importlib.import_module(f"ui.boards.{game}")
    render = getattr(module, "slide_symbols", None)
    return render(names) if render else ""


__all__ = ["symbols_html", "BoardView", "board_figure", "board_html", "cards_html", "line_view", "question_view"]
