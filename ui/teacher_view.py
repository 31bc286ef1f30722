"""The teacher's page (/teacher): behind a passcode, build a quiz, start a class session, watch live results.
Also the teacher's "Save as a quiz question" block of the "Check a ruling" page (:func:`save_to_quiz`),
behind the same passcode and the same unlocked-in-this-browser-session state.

The live results are ``ui/quiz_live.py``; the "stay unlocked" cookie is ``tutor/quiz/auth.py``. Quiz titles and
student names are user text: they reach the page only through widget options, ``ui.html.esc`` or
``ui.html.md_escape``. Every label and message goes through the catalogs (``ui.i18n``): the page is in the
teacher's language, whatever languages the students take the quiz in.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.core.message import N_
from tutor.library import Library
from tutor import store
from tutor.quiz import auth, passcode, ratelimit, results, service
from tutor.quiz.spec import QuizSpec, available
from ui import connection
from ui import html as h
from ui import presenter, quiz_builder, quiz_manage, quiz_text
from ui.quiz_live import live, questions
from ui.i18n import _, current, ngettext, tr
from ui.session import library
from ui.state import QuizKeys, init_state


HOW_TO = N_("""The teacher area is locked until you choose a passcode. Set one, then restart the app:

- in `.streamlit/secrets.toml` (next to `app.py`'s folder): `teacher_passcode = "choose-a-long-one"`
- or in the environment: `RULES_TUTOR_TEACHER_PASSCODE=choose-a-long-one make run`

There is no default passcode, and a weak one (shorter than 12 characters, or a common one) is refused.""")
HOW_TO_SAVE = N_("""Saving to a quiz is for teachers, and it is locked until you choose a passcode. Set one, then restart the app:

- in `.streamlit/secrets.toml` (next to `app.py`'s folder): `teacher_passcode = "choose-a-long-one"`
- or in the environment: `RULES_TUTOR_TEACHER_PASSCODE=choose-a-long-one make run`

There is no default passcode, and a weak one (shorter than 12 characters, or a common one) is refused.""")
WEAK = N_("The teacher passcode set for this app is too weak (shorter than 12 characters, or a common one), so the "
          "teacher area stays locked. Set a strong one, e.g. {example}, and restart the app.")


# -- the passcode -----------------------------------------------------------------------------------
def _secrets() -> dict[str, Any]:
    """``teacher_passcode`` and ``teacher_cookie_secret`` from ``.streamlit/secrets.toml``, when set."""
    try:
        return {k: st.secrets.get(k) for k in (passcode.SECRET, auth.SECRET) if k in st.secrets}
    except Exception:  # no secrets.toml at all
        return {}


def configured_passcode() -> str | None:
    """The passcode in force, if it is strong enough (:func:`passcode.weakness`); a weak one unlocks nothing."""
    value = passcode.configured(_secrets())
    return value if value is not None and passcode.weakness(value) is None else None


def _still_locked(how_to: str) -> None:
    """Why the teacher area cannot be unlocked: no passcode configured (how to set one), or a weak one."""
    if passcode.configured(_secrets()) is None:
        st.info(h.md_template(_(how_to)))
    else:
        st.error(h.md_template(_(WEAK), example=passcode.suggestion()))


def unlock(expected: str, field: str = QuizKeys.PASSCODE, error: str = QuizKeys.PASSCODE_ERROR) -> None:
    """Check the passcode typed in ``field``; on success the teacher is unlocked for this browser session
    (here and on the ruling page), else ``error`` says why. Rate-limited (:func:`ratelimit.check_passcode`)."""
    res = ratelimit.check_passcode(st.session_state.get(field), expected, connection.session_id(), connection.address())
    if res.ok:
        st.session_state[QuizKeys.TEACHER_OK] = True
    st.session_state[error] = tr(res.why) if res.why is not None else None
    st.session_state[field] = ""


# Staying unlocked across a reload: a signed, expiring cookie (tutor/quiz/auth.py). Streamlit reads cookies
# once, when the browser connects (st.context.cookies), and cannot set them: the page writes it with a line
# of JavaScript after an unlock, and deletes it when the teacher locks the area again.
def _cookie_key(expected: str) -> bytes:
    return auth.signing_key(expected, auth.server_secret(store.data_dir(), _secrets()))


def teacher_unlocked(expected: str) -> bool:
    """Unlocked in this browser session, or by a valid cookie the browser connected with."""
    ss = st.session_state
    if ss.get(QuizKeys.TEACHER_OK):
        return True
    if ss.get(QuizKeys.COOKIE_IGNORED):  # locked again in this session: its old cookie no longer counts
        return False
    if auth.valid(st.context.cookies.get(auth.COOKIE), _cookie_key(expected)):
        ss[QuizKeys.TEACHER_OK] = True
        ss[QuizKeys.REMEMBER] = False  # the browser has its cookie already (its expiry is not extended)
        return True
    return False


def _script(js: str) -> None:
    """Run a line of JavaScript in the page (its element takes no room: theme.css hides ``.rt-js``)."""
    st.html(f'<div class="rt-js"><script>{js}</script></div>', unsafe_allow_javascript=True, width="content")


def _remember(expected: str) -> None:
    """After a passcode unlock, give this browser its cookie (once)."""
    ss = st.session_state
    if ss.get(QuizKeys.TEACHER_OK) and ss.get(QuizKeys.REMEMBER, True):
        value = auth.issue(_cookie_key(expected))  # [A-Za-z0-9._-]: nothing to escape
        _script(f'document.cookie = "{auth.COOKIE}={value}; Max-Age={int(auth.TTL.total_seconds())}; Path=/; '
                f'SameSite=Strict" + (location.protocol === "https:" ? "; Secure" : "");')
        ss[QuizKeys.REMEMBER] = False


def _on_lock() -> None:
    ss = st.session_state
    ss[QuizKeys.TEACHER_OK] = False
    ss[QuizKeys.COOKIE_IGNORED] = True
    ss[QuizKeys.REMEMBER] = True  # the next unlock writes a new cookie
    ss[QuizKeys.FORGET] = True


def _forget() -> None:
    if st.session_state.pop(QuizKeys.FORGET, False):
        _script(f'document.cookie = "{auth.COOKIE}=; Max-Age=0; Path=/; SameSite=Strict";')


def passcode_form(expected: str, form: str, field: str, button: str, error: str, inline: bool = False) -> None:
    """The passcode box and its Unlock button, in a form: pressing Enter in the box unlocks."""
    with st.form(form, border=False, enter_to_submit=True):
        if inline:
            c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        else:
            c1 = c2 = st.container()
        c1.text_input(h.label_escape(_("Teacher passcode")), type="password", key=field)
        c2.form_submit_button(h.label_escape(_("Unlock")), key=button, type="primary", on_click=unlock,
                              args=(expected, field, error))
    if st.session_state.get(error):
        st.error(h.md_escape(st.session_state[error]))


def _gate(heading: bool = True) -> bool:
    """The passcode gate; True when the teacher area is unlocked. ``heading``: the teacher page's title above
    it; without (the class page draws its own), a plain "Class page" title only while it is locked (one h1)."""
    expected = configured_passcode()
    locked = expected is None or not teacher_unlocked(expected)
    if heading or locked:
        st.html(f'<p class="rt-kicker">{h.esc(_("Teachers"))}</p><h1 class="rt-title">'
                f'{h.esc(_("Run a rules quiz for your class") if heading else _("Class page"))}</h1>')
    if expected is None:
        _still_locked(HOW_TO)
        return False
    js = st.container()  # the cookie scripts' one place: when they come and go, what follows keeps its place
    with js:  # (else the builder's expander moved up a slot on the next rerun, and Streamlit folded it)
        _forget()
    if teacher_unlocked(expected):
        with js:
            _remember(expected)
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            hours = round(auth.TTL.total_seconds() / 3600)
            st.caption(h.md_escape(ngettext("Unlocked in this browser for up to {n} hour, even after a reload.",
                                "Unlocked in this browser for up to {n} hours, even after a reload.", hours).format(n=hours)),
                       width="stretch")
            st.button(h.label_escape(_("Lock")), key=QuizKeys.LOCK, on_click=_on_lock, icon=":material/lock:",
                      help=h.label_escape(_("Lock the teacher area in this browser (a shared computer, the end of the lesson).")))
        return True
    passcode_form(expected, QuizKeys.UNLOCK_FORM, QuizKeys.PASSCODE, QuizKeys.UNLOCK, QuizKeys.PASSCODE_ERROR)
    return False


# -- 2. start a session -----------------------------------------------------------------------------
def titled(title: str, n: int) -> str:
    """A saved quiz as the lists show it: its title and how many questions (plain text, for widget options)."""
    return ngettext("{title} ({n} question)", "{title} ({n} questions)", n).format(title=title, n=n)


def _on_start() -> None:
    quiz_id = st.session_state.get(QuizKeys.QUIZ)
    if quiz_id is not None:
        try:
            st.session_state[QuizKeys.SESSION] = presenter.start(int(quiz_id)).id  # self- or teacher-paced
        except service.QuizError:  # deleted in another tab meanwhile: the page lists the others
            st.session_state[QuizKeys.QUIZ] = None


def _quiz_items(lib: Library, quiz_id: int) -> QuizSpec | None:
    """The questions of a saved quiz, as its students will meet them (those no longer available flagged)."""
    try:
        spec = service.load_quiz(quiz_id)
    except service.QuizError:
        return None
    rows, gone = [], 0
    for n, it in enumerate(spec.items, start=1):
        if available(lib, it):
            scn, q = quiz_text.localised(lib, it, current())  # in the teacher's language where translated
            where = f' <em>{h.esc(_("(from Check a ruling)"))}</em>' if it.inline else ""
            rows.append(f"<li>{h.esc(scn.title)}: {h.esc(q.prompt)}{where}</li>")
        else:
            gone += 1
            rows.append(f"<li><s>{h.esc(it.scenario)}/{h.esc(it.question)}</s> "
                        f"<strong>{h.esc(_('no longer available'))}</strong></li>")
    n = len(spec.items)
    with st.expander(h.label_escape(ngettext("The questions of this quiz ({n} question)", "The questions of this quiz ({n} questions)",
                              n).format(n=n))):
        st.html(f'<ol data-testid="rt-quiz-items">{"".join(rows)}</ol>')
    if gone:
        st.warning(h.md_escape(ngettext("{n} question of this quiz is no longer available; a session of it would stop there.",
                            "{n} questions of this quiz are no longer available; a session of it would stop there.",
                            gone).format(n=gone)))
    return spec


def _starter(lib: Library) -> None:
    st.header(h.md_escape(_("2 · Start a class session")), anchor=False)  # h2 under the h1
    quizzes = {qid: titled(title, n) for qid, title, n in service.list_quizzes()}
    if not quizzes:
        st.caption(h.md_escape(_("Save a quiz first; saved quizzes can be run again with other classes.")))
        quiz_manage.message()  # e.g. "Deleted …" of the last quiz
        return
    if st.session_state.get(QuizKeys.QUIZ) not in quizzes:
        st.session_state[QuizKeys.QUIZ] = next(iter(quizzes))
    st.selectbox(h.label_escape(_("Saved quizzes")), list(quizzes), key=QuizKeys.QUIZ, format_func=quizzes.__getitem__)
    quiz_id = int(st.session_state[QuizKeys.QUIZ])
    spec = _quiz_items(lib, quiz_id)
    presenter.options()  # self-paced (the default) or teacher-paced, with its countdown
    st.button(h.label_escape(_("Start a class session")), key=QuizKeys.START, type="primary", on_click=_on_start)
    if spec is not None:
        quiz_manage.manage(lib, quiz_id, spec)  # rename, remove a question, delete


# -- 3. live results ------------------------------------------------------------------------------
def _session_panel(lib: Library) -> None:
    st.header(h.md_escape(_("3 · Class session and live results")), anchor=False)
    sess = {s.id: s for s in service.sessions()}
    if not sess:
        st.caption(h.md_escape(_("No session yet.")))
        return
    if st.session_state.get(QuizKeys.SESSION) not in sess:
        st.session_state[QuizKeys.SESSION] = next(iter(sess))
    st.selectbox(h.label_escape(_("Session")), list(sess), key=QuizKeys.SESSION,
                 format_func=lambda i: f"{sess[i].code} · {sess[i].spec.title} · {questions(len(sess[i].spec.items))} · "
                                       f"{_('open') if sess[i].is_open else _('closed')}")
    info = sess[st.session_state[QuizKeys.SESSION]]
    link = presenter.join_link(info.code)
    state = _("Join code · open: students can join") if info.is_open else _("Join code · closed")
    opens = h.esc(_("Students open {link}").format(link="\x00")).replace("\x00", f"<strong>{h.esc(link)}</strong>")
    st.html(f'<div class="rt-slide" style="text-align:center"><p class="rt-kicker">{h.esc(state)}</p>'
            f'<div data-testid="rt-join-code" style="font-size:3rem;font-weight:900;letter-spacing:.3em">'
            f'{h.esc(info.code)}</div><p>“{h.esc(info.spec.title)}” · {h.esc(questions(len(info.spec.items)))}</p>'
            f'<p>{opens}</p></div>')
    st.code(link, language=None)
    presenter.link(info)  # the projector view: big code, QR, lobby (and the teacher-paced questions)
    live(lib, info.id)
    c1, c2 = st.columns(2)
    with c1:
        if info.is_open:
            st.button(h.label_escape(_("Close the session")), key=QuizKeys.CLOSE, on_click=service.close_session,
                      args=(info.id,))
    with c2:
        st.download_button(h.label_escape(_("Export results (CSV)")),
                           data=lambda: results.to_csv(lib, results.load(lib, info.id)),
                           file_name=f"quiz-{info.code}.csv", mime="text/csv", key=QuizKeys.CSV, on_click="ignore")


def _present() -> None:
    """The projector view (:func:`ui.presenter.main`) behind the teacher's passcode."""
    expected = configured_passcode()
    if expected is None:
        _still_locked(HOW_TO)
        return
    if not teacher_unlocked(expected):
        st.html(f'<h1 class="rt-title">{h.esc(_("Presenter view"))}</h1>')
        passcode_form(expected, QuizKeys.UNLOCK_FORM, QuizKeys.PASSCODE, QuizKeys.UNLOCK, QuizKeys.PASSCODE_ERROR)
        return
    presenter.main()


def main() -> None:
    init_state()
    if st.query_params.get("present"):
        return _present()  # /teacher?present=CODE: the projector view, behind the same passcode
    if not _gate(heading=not st.query_params.get("class")):  # the class page has its own title
        return
    from ui import class_view

    if st.query_params.get("class"):
        return class_view.main()  # /teacher?class=CODE: the class page, behind the same passcode
    lib = library()  # loaded, solved and frozen once per process (ui.session)
    # open until the first quiz is saved; the same for the rest of the browser session, so saving does not
    # fold the builder away over its own "Saved …" message
    expanded = st.session_state.setdefault(QuizKeys.BUILDER_OPEN, not service.list_quizzes())
    quiz_builder.builder(lib, expanded=expanded)
    _starter(lib)
    _session_panel(lib)
    class_view.section()  # 4 · Classes
