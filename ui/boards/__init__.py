"""Board pictures (HTML) per game; ``board_html(scenario, solution)`` dispatches."""

from __future__ import annotations

import importlib
from typing import Any

from tutor.games.base import Solution


def board_html(scenario: Any, solution: Solution | None = None) -> str:
    module = importlib.import_module(f"ui.boards.{scenario.game}")
    return module.render(scenario, solution)  # type: ignore[no-any-return]


def cards_html(game: str, names: list[str]) -> str:
    """Cards named on a rule slide, drawn as the game draws its cards (``slide_cards`` in the board module)."""
    module = importlib.import_module(f"ui.boards.{game}")
    render = getattr(module, "slide_cards", None)
    return render(names) if render else ""
