"""Engine settings: one switch per disputed reading of the rules.

Every default is the project's ruling (``shared/rules/regicide.md``, "Rulings this
project adopts"); the other value reproduces the reading named in its docstring.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Settings:
    """Frozen engine settings; ``DEFAULT`` holds the project rulings G2-G6."""

    yield_flags_cleared_by_any_play: bool = False
    """G2 (rulings #28, #29). Default ``False``: each seat keeps its own flag "my most
    recent turn was a yield"; only that seat's own next turn changes it, and neither an
    enemy's defeat nor a Jester's reordering resets it. ``True``: the RegicideRL
    reading, where any play (Jester included) clears every seat's flag, so the
    restriction only counts the current run of consecutive yields."""

    retro_shield_uses_play_total: bool = True
    """G3 (ruling #30). Default ``True``: when a Jester cancels a spade enemy's
    immunity, each earlier blocked play containing a spade adds its whole attack
    value X (4♠4♥ adds 8). ``False``: only the spade cards' own values count (4♠4♥
    adds 4), as in Kautiontape's parked multiplayer code."""

    jester_may_choose_self: bool = True
    """G4 (ruling #15). Default ``True``: the Jester's player may name themselves to
    take the next turn. ``False``: they must name another player."""

    solo_may_yield: bool = False
    """G6 (rulings #27). Default ``False``: the solo player can never yield (the
    condition "every other player yielded" is vacuously true). ``True``: the solo
    player may yield on any turn."""

    hearts_takes_all_when_short: bool = True
    """G5 (ruling #7). Default ``True``: Hearts for X with fewer than X cards in the
    discard pile moves all of them under the Tavern. ``False``: a Hearts heal that
    cannot be paid in full moves nothing (a reading no source supports; kept only
    so the tutor can show why the ruling matters)."""


DEFAULT = Settings()
