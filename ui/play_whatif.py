""""What if I had played X?" on the Play page: pick a past position where you chose and another legal move; the
side line (the bots answering it, seeded as in the game) is compared with the line the game took, side by side
with the ruling page's comparison view (``ui/whatif_view.py``). From the game in progress the side line can
become the game; a replayed record is only read."""

from __future__ import annotations

import streamlit as st

from tutor.play import store
from tutor.play.live import Entry, Played, Refusal
from tutor.play.whatif import Fork, choice_points, choices, fork
from tutor.whatif import AnswerDiff
from ui import html as h
from ui.i18n import _
from ui.play_board import board, move_text, seat_label
from ui.play_log import refusal_html, result_text
from ui.whatif_view import Side, compare

FORK = "play.whatif"  # (where from: "live:<gid>" | "replay:<gid>", moves in the game then, Fork)
REFUSAL = "play.whatif.refusal"  # (where from, Refusal) of the last side line refused
FROM = "play.whatif.from"  # + moves in the game: selectbox of the position (moves made before it); a new move
# makes a new key, so the latest position is offered first again
MOVE = "play.whatif.move"  # + position: selectbox of the other move (its index in the legal moves)
GO = "play.whatif.go"
ADOPT = "play.whatif.adopt"
CLOSE = "play.whatif.close"


def _on_fork(where: str, played: Played, n: int) -> None:
    moves = choices(played, n)
    k = st.session_state.get(f"{MOVE}.{n}")
    if not isinstance(k, int) or not 0 <= k < len(moves):
        return
    got = fork(played, n, moves[k])
    if isinstance(got, Refusal):
        st.session_state[REFUSAL] = (where, got)
        st.session_state.pop(FORK, None)
    else:
        st.session_state[FORK] = (where, len(played.entries), got)
        st.session_state.pop(REFUSAL, None)


def from_key(played: Played) -> str:
    """The position picker's key for the game as it stands (its latest position first)."""
    return f"{FROM}.{len(played.entries)}"


def close() -> None:
    st.session_state.pop(FORK, None)
    st.session_state.pop(REFUSAL, None)


def _on_adopt(learner: str, gid: str, key: str, refused_key: str) -> None:
    """The side line becomes the game (kept, as an undo would keep it; refusals after the fork are dropped)."""
    held = st.session_state.get(FORK)
    if held is None:
        return
    f = held[2]
    store.save(learner, gid, f.side)
    st.session_state[key] = (gid, f.side)
    st.session_state[refused_key] = [r for r in st.session_state.get(refused_key, []) if r[0] <= f.n]
    close()


def shown(where: str) -> bool:
    """A side line from ``where`` is on the page."""
    held = st.session_state.get(FORK)
    return held is not None and held[0] == where


def _line_html(played: Played, line: tuple[Entry, ...]) -> str:
    items = "".join(f'<li><span class="n">{e.n}</span> <strong>{h.esc(seat_label(played, e.seat, e.before))}'
                    f'</strong> {h.esc(move_text(played, e.before, e.action))}</li>' for e in line)
    return f'<ol class="rt-play-entries rt-play-move">{items}</ol>'


def _stop(played: Played) -> str:
    """Where a line stops: the game's result, or whose choice comes next."""
    if played.outcome is not None:
        return result_text(played)
    seat = played.deciding
    return _("{seat} chooses next.").format(seat=seat_label(played, seat)) if seat is not None else ""


def _side(title: str, played: Played, line: tuple[Entry, ...]) -> Side:
    figure = (f'<figure class="rt-figure"><figcaption class="rt-sr">{h.esc(_("The board"))}</figcaption>'
              f'{board(played)}</figure>')
    return Side(title, _stop(played), _line_html(played, line), figure)


def comparison(f: Fork) -> None:
    """The two lines side by side: the moves of each, where each stops, the steps aligned, the boards."""
    stop = AnswerDiff("stop", _("Where the line stops"), _stop(f.actual), _stop(f.side))
    compare(f.side.setup.game, f.steps(), (stop,), _side(_("As played"), f.actual, f.actual_line),
            _side(_("What if"), f.side, f.side_line), testid="rt-play-whatif")


def panel(played: Played, where: str, points: list[int] | None = None, adopt: tuple[str, str, str, str] | None = None) -> None:
    """The what-if controls for ``played`` (positions ``points``: default, every one where you chose), then the
    side line compared, if one was played from here. ``adopt``: (learner, game id, the game's and the refusals' session keys) to let
    the side line become the game in progress."""
    points = choice_points(played) if points is None else points
    if not points:
        st.caption(h.md_escape(_("A side line starts where you chose a move: step to one of your moves.")))
        return
    labels = {n: _("Before move {n}: {seat}, {move}").format(
        n=n + 1, seat=seat_label(played, played.entries[n].seat, played.entries[n].before),
        move=move_text(played, played.entries[n].before, played.entries[n].action)) for n in points}
    if st.session_state.get(from_key(played)) not in labels:  # a replay stepped on: its own position
        st.session_state[from_key(played)] = points[-1]
    n = st.selectbox(h.label_escape(_("From the position")), list(reversed(points)), key=from_key(played),
                     format_func=lambda k: labels.get(k, str(k)))
    base = played.entries[n].before
    moves = choices(played, n)
    played_k = next((k for k, a in enumerate(moves) if a == played.entries[n].action), None)
    key = f"{MOVE}.{n}"
    if st.session_state.get(key) not in range(len(moves)):
        st.session_state[key] = next((k for k in range(len(moves)) if k != played_k), 0)

    def label(k: int) -> str:
        text = move_text(played, base, moves[k])
        return _("{move} (the move played)").format(move=text) if k == played_k else text

    st.selectbox(h.label_escape(_("Instead, play")), list(range(len(moves))), key=key, format_func=label)
    st.button(h.label_escape(_("Play it on a side line")), key=GO, on_click=_on_fork, args=(where, played, n),
              type="primary", icon=":material/alt_route:")
    refused = st.session_state.get(REFUSAL)
    if refused is not None and refused[0] == where:
        st.html(refusal_html(played.setup.game, refused[1]))
    held = st.session_state.get(FORK)
    if held is None or held[0] != where or held[1] != len(played.entries) or held[2].n not in points:
        return
    comparison(held[2])
    cols = st.columns(2)
    if adopt is not None:
        cols[0].button(h.label_escape(_("Play on from the side line")), key=ADOPT, on_click=_on_adopt, args=adopt,
                       width="stretch", help=h.label_escape(_("The side line becomes your game; the moves after the fork are taken back.")))
    cols[1].button(h.label_escape(_("Close the side line")), key=CLOSE, on_click=close, width="stretch")
