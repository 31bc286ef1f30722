"""Tic-tac-toe's board: nine keyed squares (a masked one reads "?") and whose move it is."""

from __future__ import annotations

from typing import Any

from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.boards import BoardView
from tutor.boards.markup import esc, keyed, label, shown
from tutor.speaking import in_game

_, ngettext = in_game("tic_tac_toe")


def render(scn: Any, view: BoardView) -> str:
    from tests.fourth_game.tutor_tic_tac_toe import build_state

    state = view.outcome.state if view.outcome is not None else build_state(scn)
    rows = []
    for r in range(3):
        cells = " ".join(shown(ttt.square(n), view.mask, esc(state.marks[n - 1] or "·"))
                        for n in range(3 * r + 1, 3 * r + 4))
        rows.append(f'<div class="ttt-row" style="display:flex;gap:.5em">{cells}</div>')
    turn = shown(ttt.TO_MOVE, view.mask, esc(state.to_move))
    result = shown(ttt.RESULT, view.mask, esc(state.result or _("no one yet")))
    return (f'<section class="ttt-board">{label(_("Board"), "h4")}'
            f'{keyed([ttt.square(n) for n in range(1, 10)], "".join(rows), tag="div")}'
            f'<p>{label(_("To move"))} {turn}</p><p>{label(_("Result"))} {result}</p></section>')
