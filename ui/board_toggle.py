"""The board behind a "Board" toggle on phones (issue 26).

On a phone (≤ 480 px) the question and its inputs come first and the board below them (ui/theme.css); a
"Board" toggle above the board folds it away for a learner who wants the question alone, and the choice
holds from one question to the next. On a wider screen the toggle is hidden and the board always shown.
The board is drawn either way (folded is CSS, for phones only), so its text alternative stays in the page.
"""

from __future__ import annotations

from typing import Callable

import streamlit as st

from ui import html as h
from ui.i18n import _

TOGGLE = "rt-board-toggle"  # the widget (its container is hidden on wide screens)
SHOWN = "ui.board_shown"  # session state: the learner's choice, kept while the widget is not drawn


def _keep() -> None:
    st.session_state[SHOWN] = bool(st.session_state.get(TOGGLE, True))


def board(draw: Callable[[], object]) -> None:
    """Draw the board under a "Board" toggle (shown by default; folded only on phones when switched off)."""
    shown = bool(st.session_state.get(SHOWN, True))
    st.session_state[TOGGLE] = shown
    st.toggle(h.label_escape(_("Board")), key=TOGGLE, on_change=_keep)
    with st.container(key="rt-board-open" if shown else "rt-board-folded"):
        draw()
