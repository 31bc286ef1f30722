"""Tic-tac-toe's situation form on the ruling checker (:mod:`tutor.games.form`): the board's three rows as text and
who moves. Declared here, in the game's own package: the ruling page draws it with no edit of its own."""

from __future__ import annotations

from engine.core.message import N_, Message, msg
from tutor.games.form import Choice, Form, Rows, Text

FORM = Form(items=(
    Rows(("setup", "board"), (Text(key="row.{i}", label=Message(N_("Row {n} (X, O, and . for an empty square)")),
                                   at=(), longest=3),), boxed=False),
    Choice(key="to_move", label=msg("Who moves"), at=("setup", "to_move"), default="X",
           options=lambda ctx: ["X", "O"]),
))
