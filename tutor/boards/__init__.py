"""What a board shows at a question's moment, per game, below the UI: a tree of keyed elements
(``tutor.boards.tree``); ``ui.boards`` only draws it, ``tutor.boards.text`` reads it as text.

``board(scenario, view)`` dispatches to the board the game's plugin declares (``tutor/games/<game>/board.py``,
its ``render``). A :class:`BoardView` is
the position at the moment (the game's view, what its asks read), the plays made up to then, and
the mask: the quantity keys (``engine/<game>/quantities.py``) the question reads, hidden until the
learner has answered (``tutor.questions.mask_of``). Every element of a board carries the keys of
what it shows (``tutor.boards.markup.shown``/``keyed``) or is a fixed word (``label``); a masked field keeps only
its "?" (``tutor.boards.keys`` reads them back).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Sequence

from engine.core.errors import IllegalPlay
from tutor.boards.tree import Node, hide


@dataclass(frozen=True)
class BoardView:
    outcome: Any  # the game's view at the moment (tutor.games.<game> View/Outcome)
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


def board_module(game: str) -> ModuleType:
    """The module that draws ``game``'s boards (its plugin's ``board``), imported on first use."""
    from tutor.games import plugin

    return importlib.import_module(plugin(game).board)


def board(scenario: Any, view: BoardView) -> Node:
    """What ``scenario``'s board shows at ``view``'s moment, as an element tree; every field showing a key of the
    view's mask is masked (:func:`tutor.boards.tree.hide`)."""
    tree: Node = board_module(scenario.game).render(scenario, view)
    return hide(tree, view.mask)


def slide_cards(game: str, names: list[str]) -> Node | None:
    """Cards named on a rule slide, as the game shows its cards (``slide_cards`` in the board module)."""
    render = getattr(board_module(game), "slide_cards", None)
    return render(names) if render else None


def slide_symbols(game: str, names: list[str]) -> Node | None:
    """Symbols a rule slide teaches, as the game shows them (``slide_symbols`` in the board module)."""
    render = getattr(board_module(game), "slide_symbols", None)
    return render(names) if render else None


__all__ = ["BoardView", "board", "board_module", "line_view", "question_view", "slide_cards", "slide_symbols"]
