"""Board pictures (HTML) per game; ``board_html(scenario, solution)`` dispatches."""

from __future__ import annotations

import importlib
from typing import Any

from tutor.games.base import Solution


def board_html(scenario: Any, solution: Solution | None = None) -> str:
    module = importlib.import_module(f"ui.boards.{scenario.game}")
    return module.render(scenario, solution)  # type: ignore[no-any-return]
