"""Managing a saved quiz on the teacher page (behind its passcode): rename it, remove a question, delete it.

The quiz managed is the one picked in "Start a class session" (``QuizKeys.QUIZ``). Every change goes
through :mod:`tutor.quiz.service` in one transaction; sessions already started keep their own copy of the
quiz, so their students and results never change. Quiz titles and question texts are user text: they
reach the page through widget options (plain text) or messages kept as plain text and Markdown-escaped where
they are shown (``message``). Labels and messages go through the catalogs (``ui.i18n``).
"""

from __future__ import annotations

import streamlit as st

from tutor.library import Library
from tutor.quiz import service
from tutor.quiz.spec import Item, QuizSpec, available
from ui.state import QuizKeys
from ui.html import label_escape, md_escape, md_template
from ui import quiz_text
from ui.i18n import _, current, ngettext, tr


def _label(lib: Library, n: int, item: Item) -> str:
    """One question as the remove list shows it (plain text: selectbox options are not Markdown)."""
    if not available(lib, item):
        return _("{n}. {scenario}/{question} (no longer available)").format(n=n, scenario=item.scenario,
                                                                           question=item.question)
    scn, q = quiz_text.localised(lib, item, current())  # in the teacher's language where translated
    return f"{n}. {scn.title}: {q.prompt}"


def _say(kind: str, text: str) -> None:
    """Keep the outcome of a change for ``message`` (plain text: it is escaped where it is shown)."""
    st.session_state[QuizKeys.MANAGE_MSG] = (kind, text)


def _refused(template: str, err: service.QuizError) -> None:
    """``template`` ("Not renamed: {why}.") with the service's reason, in the page's language."""
    _say("error", template.format(why=tr(err.message, capitalise=False)))


def _on_rename(quiz_id: int) -> None:
    try:
        title = service.rename_quiz(quiz_id, st.session_state.get(QuizKeys.RENAME_TITLE) or "")
    except service.QuizError as err:
        _refused(_("Not renamed: {why}."), err)
        return
    st.session_state[QuizKeys.RENAME_TITLE] = title
    _say("ok", _("Renamed to “{title}”. Sessions already started keep their old title.").format(title=title))


def _on_remove(quiz_id: int, items: list[Item]) -> None:
    index = st.session_state.get(QuizKeys.REMOVE_PICK)
    if index is None or not 0 <= int(index) < len(items):
        _say("error", _("Pick the question to remove."))
        return
    try:
        spec = service.remove_item(quiz_id, int(index), items[int(index)])
    except service.QuizError as err:
        _refused(_("Not removed: {why}."), err)
        return
    st.session_state[QuizKeys.REMOVE_PICK] = None
    n = len(spec.items)
    _say("ok", ngettext("Removed question {k}: “{title}” has {n} question now.",
                        "Removed question {k}: “{title}” has {n} questions now.", n)
         .format(k=int(index) + 1, title=spec.title, n=n))


def _on_delete(quiz_id: int) -> None:
    st.session_state[QuizKeys.DELETE_ARMED] = quiz_id
    st.session_state[QuizKeys.MANAGE_MSG] = None


def _on_cancel() -> None:
    st.session_state[QuizKeys.DELETE_ARMED] = None


def _on_confirm(quiz_id: int) -> None:
    ss = st.session_state
    if ss.get(QuizKeys.DELETE_ARMED) != quiz_id:  # confirmation was for another quiz, or cancelled
        return
    ss[QuizKeys.DELETE_ARMED] = None
    try:
        gone = service.delete_quiz(quiz_id)
    except service.QuizError as err:
        _refused(_("Not deleted: {why}."), err)
        return
    ss[QuizKeys.QUIZ] = None  # the page picks another saved quiz
    said = [_("Deleted “{title}”.").format(title=gone.title)]
    if gone.sessions:
        said.append(ngettext("Its {n} session and its results are kept (section 3).",
                             "Its {n} sessions and their results are kept (section 3).", gone.sessions)
                    .format(n=gone.sessions))
    _say("ok", " ".join(said))


def message() -> None:
    """The outcome of the last change (shown even once the quiz is gone)."""
    kind, text = st.session_state.get(QuizKeys.MANAGE_MSG) or (None, "")
    if kind == "ok":
        st.success(md_escape(text))  # kept as plain text (``_say``): escaped here
    elif kind:
        st.error(md_escape(text))


def manage(lib: Library, quiz_id: int, spec: QuizSpec) -> None:
    """The management controls of the saved quiz ``quiz_id`` (its spec as just loaded)."""
    ss = st.session_state
    if ss.get(QuizKeys.RENAME_FOR) != quiz_id:  # another quiz was picked: start from its title
        ss[QuizKeys.RENAME_FOR] = quiz_id
        ss[QuizKeys.RENAME_TITLE] = spec.title
        ss[QuizKeys.REMOVE_PICK] = None
    if ss.get(QuizKeys.REMOVE_PICK) is not None and not 0 <= int(ss[QuizKeys.REMOVE_PICK]) < len(spec.items):
        ss[QuizKeys.REMOVE_PICK] = None
    with st.container(border=True):
        st.markdown(md_template(_("**{title}** — {what}"), title=_("Manage this quiz"),
                                what=_("sessions already started keep the quiz as it was.")))
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.text_input(label_escape(_("New title")), key=QuizKeys.RENAME_TITLE, max_chars=80)
        c2.button(label_escape(_("Rename")), key=QuizKeys.RENAME, on_click=_on_rename, args=(quiz_id,),
                  use_container_width=True)
        items = list(spec.items)
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.selectbox(label_escape(_("Question to remove")), list(range(len(items))), key=QuizKeys.REMOVE_PICK,
                     index=None,
                     placeholder=_("pick a question"), format_func=lambda i: _label(lib, i + 1, items[i]))
        c2.button(label_escape(_("Remove question")), key=QuizKeys.REMOVE, on_click=_on_remove, args=(quiz_id, items),
                  disabled=len(items) <= 1, use_container_width=True,
                  help=label_escape(_("A quiz keeps at least one question.")) if len(items) <= 1 else None)
        if ss.get(QuizKeys.DELETE_ARMED) == quiz_id:
            st.warning(md_template(_("Delete the quiz “{title}”? It can no longer be started or extended; the sessions "
                                     "already run from it keep their results and their CSV export."), title=spec.title))
            c1, c2, _rest = st.columns([1, 1, 2])
            c1.button(label_escape(_("Yes, delete it")), key=QuizKeys.DELETE_CONFIRM, type="primary",
                      on_click=_on_confirm,
                      args=(quiz_id,), use_container_width=True)
            c2.button(label_escape(_("Cancel")), key=QuizKeys.DELETE_CANCEL, on_click=_on_cancel,
                      use_container_width=True)
        else:
            st.button(label_escape(_("Delete this quiz…")), key=QuizKeys.DELETE, on_click=_on_delete, args=(quiz_id,))
    message()
