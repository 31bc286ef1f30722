"""What the board hides before the learner answers: the quantities the question reads, by key.

A board draws every element with the keys of the quantities it shows (``tutor/games/<game>/board.py``); the mask is a set of keys,
so no element can escape it (there is no table of where a board shows an answer). A question hides what it
reads (:attr:`tutor.games.base.Ask.reads`), except the inputs it *needs* in sight
(:attr:`~tutor.games.base.Ask.needs`: the hand a play is made from, a player under Clever Disguise). A hidden field
the question's plays changed reads "what it was → ?", so the input (the damage already taken) stays in sight.
"""

from __future__ import annotations

import importlib
from typing import Any, Iterable

from engine.core.effects import Key, Snapshot


def position(game: str, outcome: Any) -> Any:
    """The engine's position in a game's view at a moment (what ``engine/<game>/quantities.snapshot`` reads)."""
    from tutor.games import plugin

    return plugin(game).position(outcome)


def snapshot(game: str, outcome: Any) -> Snapshot:
    """Every quantity of the view's position, by key."""
    from tutor.games import plugin

    quantities = importlib.import_module(plugin(game).quantities)
    out: Snapshot = quantities.snapshot(position(game, outcome))
    return out


def mask(reads: Iterable[Key], needs: Iterable[Key]) -> frozenset[Key]:
    """The keys to hide: what the question reads, less the inputs it needs in sight."""
    return frozenset(reads) - frozenset(needs)


__all__ = ["mask", "position", "snapshot"]
