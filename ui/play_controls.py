"""The Play page's controls: buttons for every choice the learner's seat can try now, legal or not.

The game's play hook (``tutor/games/<game>/play.py``) says which buttons there are (a move each, or a card to select
before a move made with the selected cards); this module draws them. A button that is not a legal move now still
makes the attempt: the engine refuses it and the page names the rule it breaks ("why can't I?"). With "Show the
legal moves" on, the legal ones carry a check mark (and say so in their help), and the legal moves are listed in
words under the buttons.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from tutor.games.play import Button
from tutor.play.live import Played
from ui import html as h
from ui.i18n import _
from ui.play_board import move_text

SELECTED = "play.selected"
LEGAL_ICON = ":material/check_circle:"
Move = Callable[[Any], None]
"""What a button does with its move (the play page tries it for the learner)."""


def _toggle(index: int) -> None:
    chosen = list(st.session_state.get(SELECTED) or [])
    st.session_state[SELECTED] = [i for i in chosen if i != index] if index in chosen else chosen + [index]


def _draw(b: Button, move: Move) -> None:
    if b.select is not None:  # a card to select: its help already says whether it is part of a legal move
        st.button(h.label_escape(b.label), key=b.key, on_click=_toggle, args=(b.select,),
                  type="primary" if b.primary else "secondary", icon=LEGAL_ICON if b.legal else None,
                  help=h.label_escape(b.help) if b.help else None)
        return
    helps = " ".join(t for t in (b.help, _("A legal move now.") if b.legal else "") if t)
    st.button(h.label_escape(b.label), key=b.key, on_click=move, args=(b.action,), icon=LEGAL_ICON if b.legal else None,
              help=h.label_escape(helps) if helps else None, type="primary" if b.primary else "secondary")


def _legal_list(played: Played, legal: list[Any]) -> None:
    words = [move_text(played, played.state, a) for a in legal[:16]]
    more = _(" … and {n} more").format(n=len(legal) - 16) if len(legal) > 16 else ""
    st.html(f'<p class="rt-caption" data-testid="rt-play-legal">{h.esc(_("Legal now: {moves}").format(moves="; ".join(words)) + more)}</p>')


def controls(move: Move, played: Played, highlight: bool) -> None:
    """Every choice the learner's seat can try now; ``move(action)`` makes the one pressed (ui.play_view)."""
    legal = played.legal() if highlight else None
    seat = played.deciding
    assert seat is not None
    selected = list(st.session_state.get(SELECTED) or [])
    for group in played.setup.hook.controls(played.state, seat, selected, legal):
        if group.caption:
            st.html(f'<p class="rt-caption">{h.esc(group.caption)}</p>')
        with st.container(horizontal=True, key=group.key):
            for b in group.buttons:
                _draw(b, move)
    if legal is not None:
        _legal_list(played, legal)
