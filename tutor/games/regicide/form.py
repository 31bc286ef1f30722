"""Regicide's situation form on the ruling checker (:mod:`tutor.games.form`): the player count and whose turn, the
enemy, its damage and shield, each seat's hand and the cards played against the enemy, as the file writes cards
(``9H 10S AS KD JOKER``)."""

from __future__ import annotations

from typing import Any

from engine.core.message import N_, Message, msg
from tutor.games.form import Cards, Ctx, Form, Number, Row, Rows, Text

SETUP = ("setup",)


def set_seats(ctx: Ctx, n: int) -> None:
    """``n`` players: the hands (and names) grow or shrink to match, and the turn stays on a seat that exists."""
    s = ctx.data["setup"]
    s["players"] = n
    s["hands"] = (list(s.get("hands", [])) + [[] for _ in range(n)])[:n]
    if s.get("names"):
        s["names"] = (s["names"] + [f"Seat {k + 1}" for k in range(len(s["names"]), n)])[:n]
    s["current"] = min(s.get("current", 1), n)  # seats are numbered 1..n in the file


def _hands(ctx: Ctx) -> Any:
    return ctx.get(("setup", "hands"), [])


FORM = Form(items=(
    Row((Number(key="players", label=msg("Players"), at=SETUP + ("players",), least=1, most=4, default=1,
                write=set_seats),
         Number(key="current", label=msg("Whose turn (seat)"), at=SETUP + ("current",), least=1, most=4, default=1),
         Text(key="enemy", label=msg("Enemy"), at=SETUP + ("enemy",), longest=20),
         Number(key="damage", label=msg("Damage taken"), at=SETUP + ("damage",), least=0, most=99),
         Number(key="shield", label=msg("Shield"), at=SETUP + ("shield",), least=0, most=99))),
    Rows(SETUP + ("hands",), (
        Cards(key="hand.{i}", label=Message(N_("Seat {n}'s hand (cards like 9H 10S AS KD JOKER, or a number)")), at=()),
    ), boxed=False),
    Cards(key="table", label=msg("Played against this enemy (table)"), at=SETUP + ("table",), count=False),
))
