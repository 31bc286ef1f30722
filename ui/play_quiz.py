"""A replayed position into a quiz (issue 24, item 8): for a teacher, "Add this position to the quiz" turns the move
on screen into a question at that moment (the position it was made from and the move, through
``tutor/play/scenario.py``, kept inline like a shared ruling) and appends it to the quiz being built on the
Teacher page (``ui/quiz_builder.py``), as one of that list's sources."""

from __future__ import annotations

import streamlit as st

from tutor.play.live import Played
from tutor.play.scenario import line_to, scenario_text
from tutor.quiz import draft
from tutor.quiz.spec import InvalidItem, inline_items, parse_inline
from ui import html as h
from ui.i18n import _, tr
from ui.play_board import move_text
from ui.state import QuizKeys

ADD = "play.quiz.add"
MSG = "play.quiz.msg"  # ("ok" | "error", text)


def position_text(played: Played, n: int) -> str:
    """Move ``n`` as a scenario: the position it was made from, the move, and the questions at that moment (is
    it legal? and those the game's play hook adds for the move, e.g. a Regicide play's damage)."""
    line = line_to(played, n)
    game = played.setup.game
    extra = [{"id": qid, "prompt": tr(prompt, game), "ask": ask}
             for qid, prompt, ask in played.setup.hook.questions(line[-1][1])]
    return scenario_text(line, played.setup.game, _("A position from a game on the Play page"),
                         _("Is this move legal?"), questions=extra)


def entries(played: Played, n: int) -> list[draft.Entry]:
    """The quiz list's entries for move ``n`` (one per question), labelled with the move."""
    e = played.entries[n - 1]
    label = _("Move {n} of a game: {move}").format(n=n, move=move_text(played, e.before, e.action))
    items = inline_items(position_text(played, n))
    scn, _problems = parse_inline(items[0].text or "")  # loads: inline_items checked it
    prompts = {q.id: q.prompt for q in scn.questions} if scn is not None else {}
    return [draft.Entry(it, "game", f"{label} · {prompts.get(it.question, it.question)}") for it in items]


def _on_add(played: Played, n: int) -> None:
    from ui import quiz_builder

    try:
        found = entries(played, n)
    except InvalidItem as err:
        st.session_state[MSG] = ("error", _("The situation cannot be saved as a question:") + " "
                                 + "; ".join(str(p) for p in err.problems))
        return
    quiz_builder.add(found)
    said = st.session_state.get(QuizKeys.SAVED_MSG) or ("ok", "")
    st.session_state[MSG] = (said[0], said[1] + " " + _("It is in the list of “1 · Build a quiz” on the Teacher page."))


def _unlocked() -> bool:
    if st.session_state.get(QuizKeys.TEACHER_OK):
        return True
    from ui.teacher_view import configured_passcode, teacher_unlocked

    expected = configured_passcode()
    return expected is not None and teacher_unlocked(expected)


def offer(played: Played, n: int) -> None:
    """The teacher's button for the move on screen (none before the first move, nor for a game whose play hook
    writes no scenario)."""
    if n < 1 or played.setup.hook.scenario is None:
        return
    if not _unlocked():
        st.caption(h.md_escape(_("Teachers: unlock the Teacher page to add this position to a quiz.")))
        return
    st.button(h.label_escape(_("Add this position to the quiz being built")), key=ADD, on_click=_on_add,
              args=(played, n), icon=":material/playlist_add:")
    said = st.session_state.pop(MSG, None)
    if said is not None:
        (st.success if said[0] == "ok" else st.error)(h.md_escape(said[1]))
