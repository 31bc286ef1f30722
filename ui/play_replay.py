"""A kept game replayed move by move (issue 24, item 8): from "Your games" on the Play page, a finished or
abandoned game opens read-only; First / Previous / Next / Last step through it, the board (as the learner's seats
saw it) and the log at each move. Nothing can be played here: the record is only read."""

from __future__ import annotations

import streamlit as st

from tutor.play import store
from tutor.play.live import at_move
from tutor.play.whatif import choice_points
from ui import html as h
from ui import play_quiz, play_whatif
from ui.i18n import _
from ui.play_board import board, move_text, seat_label
from ui.play_log import log_html, result_text

GAME = "play.replay"  # (game id, the whole game replayed)
AT = "play.replay.at"  # moves shown
ERROR = "play.replay.error"  # why the record chosen does not replay


def open_(learner: str, gid: str) -> None:
    """Open one of the learner's kept games at its deal (a record that no longer replays says so)."""
    try:
        played = store.load(learner, gid)
    except (KeyError, ValueError) as err:
        st.session_state[GAME] = None
        st.session_state[ERROR] = str(err)[:300]
        return
    st.session_state[GAME] = (gid, played)
    st.session_state[AT] = 0
    st.session_state.pop(ERROR, None)


def close() -> None:
    st.session_state.pop(GAME, None)
    st.session_state.pop(ERROR, None)
    st.session_state.pop(AT, None)


def _go(n: int) -> None:
    st.session_state[AT] = n


def shown() -> bool:
    """A replay is open (or the record chosen did not replay, which it says)."""
    return st.session_state.get(GAME) is not None or bool(st.session_state.get(ERROR))


def view() -> None:
    """The replay: where it stands, the four steps, the board and the log at that move."""
    held = st.session_state.get(GAME)
    if held is None:
        why = str(st.session_state.get(ERROR, ""))
        st.html(f'<p class="rt-caption" role="status">'
                f'{h.esc(_("That game cannot be replayed: {why}").format(why=why))}</p>')
        st.button(h.label_escape(_("Close the replay")), key="play.replay.close", on_click=close)
        return
    _gid, played = held
    total = len(played.entries)
    n = max(0, min(int(st.session_state.get(AT, 0)), total))
    now = at_move(played, n)
    st.html(f'<h2 class="rt-h2">{h.esc(_("Replay of a kept game"))}</h2>')
    if n == 0:
        where = _("The deal, before move 1 of {total}").format(total=total)
    else:
        e = played.entries[n - 1]
        where = _("Move {n} of {total}: {seat}, {move}").format(
            n=n, total=total, seat=seat_label(played, e.seat), move=move_text(played, e.before, e.action))
    st.html(f'<p class="rt-play-turn" role="status" aria-live="polite" data-testid="rt-replay-at">{h.esc(where)}</p>')
    with st.container(horizontal=True, key="rt-replay-steps"):
        st.button(h.label_escape(_("First")), key="play.replay.first", on_click=_go, args=(0,), disabled=n == 0,
                  icon=":material/first_page:")
        st.button(h.label_escape(_("Previous")), key="play.replay.prev", on_click=_go, args=(n - 1,),
                  disabled=n == 0, icon=":material/chevron_left:")
        st.button(h.label_escape(_("Next")), key="play.replay.next", on_click=_go, args=(n + 1,),
                  disabled=n == total, icon=":material/chevron_right:")
        st.button(h.label_escape(_("Last")), key="play.replay.last", on_click=_go, args=(total,),
                  disabled=n == total, icon=":material/last_page:")
        st.button(h.label_escape(_("Close the replay")), key="play.replay.close", on_click=close)
    if n == total and now.outcome is not None:
        st.html(f'<p class="rt-play-result" data-testid="rt-replay-result">{h.esc(result_text(now))}</p>')
    board_col, log_col = st.columns([3, 2], gap="medium")
    with board_col:
        st.html(f'<figure class="rt-figure" data-testid="rt-replay-board"><figcaption class="rt-sr">'
                f'{h.esc(_("The board"))}</figcaption>{board(now)}</figure>')
    with log_col:
        st.html(log_html(now, []))
    play_quiz.offer(played, n)
    if not played.setup.tutorial:
        where = f"replay:{_gid}"
        with st.expander(h.label_escape(_("What if I had played another move here?")),
                         expanded=play_whatif.shown(where)):
            play_whatif.panel(played, where, [n] if n in choice_points(played) else [])


def replayable(status: str) -> bool:
    """A record can be replayed once it is no longer being played."""
    return status != "playing"

