"""Dungeon Mayhem's situation form on the ruling checker (:mod:`tutor.games.form`): each player's row (character,
hit points, hand, Defense cards in play; card names separated by commas) and whose turn it is."""

from __future__ import annotations

from typing import Any

from engine.core.message import msg
from engine.dungeon_mayhem import CHARACTERS
from tutor.games.dungeon_mayhem.position import player_names
from tutor.games.form import Cards, Choice, Ctx, Form, Number, Row, Rows

PLAYERS = ("setup", "players")


def _names(ctx: Ctx) -> list[str]:
    return player_names(ctx.scenario)


def _first(ctx: Ctx) -> Any:
    return next(iter(_names(ctx)), None)


FORM = Form(items=(
    Rows(PLAYERS, (Row((
        Choice(key="{i}.character", label=msg("Character"), at=("character",), options=lambda ctx: list(CHARACTERS)),
        Number(key="{i}.hp", label=msg("HP"), at=("hp",), least=0, most=10, default=10),
        Cards(key="{i}.hand", label=msg("Hand (card names, commas; or a number)"), at=("hand",), sep=","),
        Cards(key="{i}.defense", label=msg("Defense cards in play (commas)"), at=("defense",), sep=",", count=False),
    ), widths=(2, 1, 3, 3)),), boxed=False),
    Choice(key="turn", label=msg("Whose turn"), at=("setup", "turn"), options=_names, default_of=_first),
))
