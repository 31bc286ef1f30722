"""Tic-tac-toe's board: nine keyed squares (a masked one reads "?") and whose move it is."""

from __future__ import annotations

from typing import Any

from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.boards import BoardView
from tutor.boards.markup import box, keyed, label, shown, zone
from tutor.boards.tree import Node, Role
from tutor.speaking import in_game

_, ngettext = in_game("tic_tac_toe")


def render(scn: Any, view: BoardView) -> Node:
    from tests.fourth_game.tutor_tic_tac_toe import build_state

    state = view.outcome.state if view.outcome is not None else build_state(scn)
    rows = []
    for r in range(3):
        cells: list[Any] = []
        for n in range(3 * r + 1, 3 * r + 4):
            cells += [" " if cells else None, shown(ttt.square(n), view.mask, state.marks[n - 1] or "·")]
        rows.append(box(Role.ROW, cells))
    turn = shown(ttt.TO_MOVE, view.mask, state.to_move)
    result = shown(ttt.RESULT, view.mask, state.result or _("no one yet"))
    return zone(Role.ZONE, label(_("Board"), Role.HEADING),
                keyed([ttt.square(n) for n in range(1, 10)], rows, Role.GROUP),
                box(Role.PARAGRAPH, label(_("To move")), " ", turn),
                box(Role.PARAGRAPH, label(_("Result")), " ", result),
                name=_("Board"))
