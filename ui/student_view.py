"""The student's page (/join): join with a code and a name, answer one question at a time, see the score.

The student's token sits in the URL (``?s=``), so a reload or a reconnect resumes. The question part is a
fragment: answering reruns only it, not the whole app. The page holds no correct answer before the
student submits: the board is drawn without the solution and the answer is computed on submission.

The least work per answer, for a class that presses Submit together: a page render reads the student's
place once (``VIEW``); then a choice reads nothing, a Submit writes the answer in one statement and reads
nothing back (the view is updated with what the write returned), and Next is one guarded update. A write
that is refused (the session closed, another tab of the same student ahead) reads the place again.
Boards, verdicts and the questions' inputs are drawn once per process and language, from the shared solved library.

Each student takes the quiz in their own language (``ui.i18n.current()``: ``?lang=``, their saved choice, the
browser's, English; the picker on every page): the scenario's texts, the choices, the feedback and the
explanations are shown in it (``ui/quiz_text.py``), and the language is stored with their join and with each
answer. Answers hold choice keys, never labels, so the teacher's results count every language under one question.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Callable, TypeVar

import streamlit as st

from tutor.library import Library
from tutor.questions import PartView, offers_illegal, part_views
from tutor.quiz import service
from tutor.quiz.spec import Item, asked, choice_order, grade_item, resolve
from ui import answers, connection, focus
from ui import html as h
from ui import quiz_text
from ui.i18n import _, current, ngettext, tr
from tutor.boards import question_view
from ui.boards import board_figure
from ui.state import QuizKeys

T = TypeVar("T")

DEADLINE = "quiz_deadline"  # (token, item, deadline) of the question on screen, for the timer
VIEW = "quiz_view"  # the student's place (service.StudentView) as of the last read or write of this page
_html: dict[tuple[Any, ...], Any] = {}  # boards, verdicts, inputs: pure functions of the library, per process


def _cached(key: tuple[Any, ...], make: Callable[[], T]) -> T:
    """A class answers the same questions at the same moment: draw each board, verdict and input once."""
    out = _html.get(key)
    if out is None:
        if len(_html) > 5000:
            _html.clear()
        out = _html[key] = make()
    return out


def _view(token: str, fresh: bool = False) -> service.StudentView | None:
    """The student's place: read from the database on a page render (``fresh``) or after a refused write,
    else as this page last wrote it."""
    view = st.session_state.get(VIEW)
    if fresh or view is None or view.token != token:
        view = st.session_state[VIEW] = service.student_view(token)
    return view


def clients() -> list[str]:
    """Who is trying to join, for the failed-join rate limit: this browser session and its address."""
    return [f"sid:{connection.session_id()}", f"ip:{connection.address()}"]


# -- joining ----------------------------------------------------------------------------------------
def _on_join() -> None:
    from tutor import classes
    from ui.session import learner_in_url

    name = st.session_state.get(QuizKeys.NAME, "")
    # whose answers these are on the class page: the page's learner, or with the class code, the class's member
    link = classes.quiz_learner(st.session_state.get(QuizKeys.CLASS) or "", name, learner_in_url(),
                                classes.clients(connection.session_id(), connection.address()))
    if link.why is not None:
        st.session_state[QuizKeys.JOIN_ERROR] = tr(link.why)
        return
    res = service.join(st.session_state.get(QuizKeys.CODE, ""), name, clients(), language=current(),
                       learner=link.learner)
    st.session_state[QuizKeys.JOIN_ERROR] = tr(res.why) if res.why is not None else None
    if res.token:
        st.session_state[QuizKeys.TOKEN] = res.token
        st.query_params["s"] = res.token


def _join_form() -> None:
    if QuizKeys.CODE not in st.session_state:
        st.session_state[QuizKeys.CODE] = (st.query_params.get("code") or "").upper()[:8]
    st.html(f'<p class="rt-kicker">{h.esc(_("Class quiz"))}</p><h1 class="rt-title">{h.esc(_("Join your class"))}</h1>'
            f'<p>{h.esc(_("Type the code your teacher shows and your name. No account needed."))}</p>')
    st.text_input(h.label_escape(_("Join code")), key=QuizKeys.CODE, max_chars=8, placeholder=_("e.g. K7QX3"))
    st.text_input(h.label_escape(_("Your name")), key=QuizKeys.NAME, max_chars=service.NAME_MAX,
                  placeholder=_("as your teacher knows you"))
    if QuizKeys.CLASS not in st.session_state:
        st.session_state[QuizKeys.CLASS] = (st.query_params.get("class") or "").upper()[:8]
    st.text_input(h.label_escape(_("Class code (optional)")), key=QuizKeys.CLASS, max_chars=8,
                  help=h.md_escape(_("If you joined your teacher's class, its code and the name you joined it with "
                                     "count this quiz on the class page.")))
    st.button(h.label_escape(_("Join")), key=QuizKeys.JOIN, type="primary", on_click=_on_join)
    if st.session_state.get(QuizKeys.JOIN_ERROR):
        st.error(h.md_escape(st.session_state[QuizKeys.JOIN_ERROR]))


# -- answering --------------------------------------------------------------------------------------
def _on_submit(lib: Library, token: str, item: int, views: list[PartView], multi: bool) -> None:
    given = answers.given_answer(views, multi=multi, key=lambda part: QuizKeys.answer(item, part),
                                 illegal_key=QuizKeys.illegal(item))
    _store(lib, token, item, given)


def _store(lib: Library, token: str, item: int, given: Any) -> None:
    """Submit (``given`` None: the time ran out); the view becomes what the write returned, read nothing."""
    view = st.session_state.get(VIEW)
    try:
        row = service.submit(lib, token, item, given, language=current())
        st.session_state[QuizKeys.NOTICE] = None
        if isinstance(view, service.StudentView) and view.token == token:
            st.session_state[VIEW] = view.answered(row)
    except service.QuizError as err:
        st.session_state[QuizKeys.NOTICE] = _("Not saved: {why}.").format(why=tr(err.message, capitalise=False))
        st.session_state.pop(VIEW, None)  # the place changed under this page: read it again


def _on_next(token: str, position: int) -> None:
    at = datetime.now(timezone.utc)
    view = st.session_state.get(VIEW)
    if service.advance(token, position, at=at) and isinstance(view, service.StudentView) and view.position == position:
        st.session_state[VIEW] = view.advanced(at)
    else:
        st.session_state.pop(VIEW, None)  # already moved on (another tab, a double click): read it again


def _widgets(view: service.StudentView, item: int, views: list[PartView], multi: bool, illegal: bool,
             game: str | None = None) -> bool:
    """The answer inputs (in the student's language), choices in this student's order; whether an answer is complete."""
    spec, seed = view.session.spec, view.session.seed
    return answers.inputs(views, multi=multi, illegal=illegal, key=lambda part: QuizKeys.answer(item, part),
                          illegal_key=QuizKeys.illegal(item),
                          order=lambda v: choice_order(spec, seed, view.id, item, v.key, len(v.choices)), game=game)


def _kicker(view: service.StudentView, scn: Any, focus_id: str = "") -> str:
    at = f' id="{focus_id}" tabindex="-1"' if focus_id else ""
    return (f'<p class="rt-kicker"{at}>{h.esc(_("Question {n} of {total}").format(n=view.position + 1, total=len(view.order)))}'
            f' · {h.esc(scn.title)}</p>')


def _views(lib: Library, it: Item, lang: str) -> tuple[list[PartView], bool]:
    """The question's parts in ``lang`` (labels and choices; the keys unchanged), and whether "illegal" is offered."""
    def make() -> tuple[list[PartView], bool]:
        scn, q = quiz_text.localised(lib, it, lang)
        return quiz_text.views(part_views(scn, q, asked(lib, it).solution), scn.game), offers_illegal(scn, q)
    return _cached(("inputs", it.key, lang), make)


BAR = "quiz_bar"  # (token, position, item, the countdown bar's HTML) of the question on screen


def _bar(view: service.StudentView, item: int, deadline: datetime) -> str:
    """The countdown bar, made once per question on screen: a rerun (a choice, a teacher-paced page's poll)
    draws the same HTML, so the bar runs on instead of starting again from full."""
    kept = st.session_state.get(BAR)
    if kept and kept[:3] == (view.token, view.position, item):
        return str(kept[3])
    left = max(0.0, (deadline - datetime.now(timezone.utc)).total_seconds())
    # a bar for the eye; for a screen reader, a timer named with the seconds left when the question was drawn
    name = _("Time left: {seconds} seconds").format(seconds=round(left))
    bar = (f'<div role="timer" aria-label="{h.esc(name)}" style="height:6px;background:#ebe5d9;border-radius:3px;overflow:hidden">'
           f'<div style="height:100%;background:#c8102e;width:100%;transform-origin:left;'
           f'animation:rtq-t {left:.1f}s linear forwards"></div></div>'
           '<style>@keyframes rtq-t{from{transform:scaleX(1)}to{transform:scaleX(0)}}</style>')
    st.session_state[BAR] = (view.token, view.position, item, bar)
    return bar


def _question(lib: Library, view: service.StudentView, item: int) -> None:
    it = view.session.spec.items[item]
    lang = current()
    scn, q = quiz_text.localised(lib, it, lang)

    def draw() -> str:
        caption = quiz_text.caption(asked(lib, it), scn, q)
        return (f'<p class="rt-caption">{h.esc(caption)}</p>'
                + board_figure(scn, question_view(asked(lib, it), masked=True), caption))
    st.html(_kicker(view, scn, "rt-quiz-question") + _cached(("ask", it.key, lang), draw))
    deadline = view.deadline()
    if deadline is not None:
        st.session_state[DEADLINE] = (view.token, item, deadline)
        st.html(_bar(view, item, deadline))
    st.header(h.md_escape(q.prompt), anchor=False)
    views, illegal = _views(lib, it, lang)
    multi = q.parts is not None
    complete = _widgets(view, item, views, multi, illegal, scn.game)
    st.button(h.label_escape(_("Submit")), key=QuizKeys.SUBMIT, type="primary", disabled=not complete,
              on_click=_on_submit,
              args=(lib, view.token, item, views, multi))
    focus.on_change("#rt-quiz-question", f"qask:{view.position}:{item}")  # a new question: read from its start


def _verdict(lib: Library, view: service.StudentView, item: int, answer: service.AnswerRow) -> str:
    it = view.session.spec.items[item]
    lang = current()
    key = ("verdict", it.key, lang, answer.timed_out, json.dumps(answer.given, sort_keys=True))
    return _cached(key, lambda: _verdict_html(lib, it, answer, lang))


def _correct(label: str) -> str:
    return h.esc(_("Correct answer: {answer}").format(answer="\x00")).replace("\x00", f"<strong>{h.esc(label)}</strong>")


def _verdict_html(lib: Library, it: Item, answer: service.AnswerRow, lang: str) -> str:
    """Right or wrong, the answers and the explanation, in ``lang`` (the grade is the engine's, on the keys)."""
    game = _game(lib, it)
    views = _views(lib, it, lang)[0]
    if answer.timed_out:
        fb = grade_item(lib, it, None)
        up = _("Time's up.")
        return (f'<div class="rt-feedback wrong" role="status" id="rt-quiz-verdict" tabindex="-1"><div class="verdict">{h.esc(up)}</div>'
                f'<div>{_correct(quiz_text.label(views, fb.asked.answer if fb.asked else None, game))}</div>'
                f'{h.explanation(game, fb.explanation)}</div>')
    fb = grade_item(lib, it, answer.given)
    cls, verdict = ("right", _("Right!")) if fb.correct else ("wrong", _("Not quite."))
    mine = "" if fb.correct else (
        f'<div>{h.esc(_("Your answer: {answer}").format(answer=quiz_text.label(views, answer.given, game)))}</div>')
    return (f'<div class="rt-feedback {cls}" role="status" id="rt-quiz-verdict" tabindex="-1"><div class="verdict">{h.esc(verdict)}</div>{mine}'
            f'<div>{_correct(quiz_text.label(views, fb.asked.answer if fb.asked else None, game))}</div>'
            f'{h.explanation(game, fb.explanation)}</div>')


def _game(lib: Library, it: Item) -> str:
    return resolve(lib, it)[0].game


def _feedback(lib: Library, view: service.StudentView, item: int, answer: service.AnswerRow) -> None:
    st.session_state[DEADLINE] = None
    if view.session.spec.feedback == "each":
        it = view.session.spec.items[item]
        lang = current()
        scn, q = quiz_text.localised(lib, it, lang)
        st.html(_kicker(view, scn)
                + _cached(("solved", it.key, lang), lambda: board_figure(
                    scn, question_view(asked(lib, it), masked=False), quiz_text.caption(asked(lib, it), scn, q))))
        st.header(h.md_escape(q.prompt), anchor=False)
        st.html(_verdict(lib, view, item, answer))
    else:
        st.success(h.md_escape(_("Answer saved.")))
    last = view.position + 1 >= len(view.order)
    st.button(h.label_escape(_("See my score") if last else _("Next question")), key=QuizKeys.NEXT, type="primary",
              on_click=_on_next,
              args=(view.token, view.position))
    # after Submit: the verdict (or, with no feedback, the Next button), so the keyboard goes on from there
    focus.on_change("#rt-quiz-verdict" if view.session.spec.feedback == "each" else ".st-key-quiz_next button",
                    f"qfb:{view.position}:{item}", block="center")


def _result(lib: Library, view: service.StudentView) -> None:
    st.session_state[DEADLINE] = None
    right, total = view.score
    st.html(f'<div class="rt-result rt-slide" id="rt-quiz-result" tabindex="-1"><p class="rt-kicker">'
            f'{h.esc(_("Your result"))}</p><div class="score" data-testid="rt-quiz-score">{right} / {total}</div></div>')
    focus.on_change("#rt-quiz-result", f"qres:{right}:{total}")
    if view.session.spec.feedback == "never":
        st.info(h.md_escape(_("Your teacher will go through the answers with the class.")))
    from ui.quiz_next import result_tail

    result_tail(lib, view, _verdict)  # the right answers, then what to do next (missed, practice, next lesson)


@st.fragment
def _quiz(lib: Library, token: str) -> None:
    view = _view(token)
    if view is None:
        st.rerun()
    assert view is not None
    st.html(f'<p class="rt-kicker">{h.esc(view.session.spec.title)} · {h.esc(view.name)}</p>')
    notice = st.session_state.pop(QuizKeys.NOTICE, None)
    if notice:  # only a refused answer leaves a notice
        st.warning(h.md_escape(notice))
    if view.finished:
        _result(lib, view)
    elif not view.session.is_open:
        st.session_state[DEADLINE] = None
        right, total = view.score
        st.info(h.md_escape(ngettext("Your teacher has closed this quiz. You answered {n} of {total} question.",
                         "Your teacher has closed this quiz. You answered {n} of {total} questions.", total)
                .format(n=len(view.answers), total=total)))
        st.html(f'<div class="rt-result"><div class="score" data-testid="rt-quiz-score">{right} / {total}</div></div>')
    else:
        item = view.current_item
        assert item is not None
        answer = view.answers.get(item)
        if answer is None:
            _question(lib, view, item)
        else:
            _feedback(lib, view, item, answer)


@st.fragment(run_every=1)
def _timer(lib: Library) -> None:
    """Seconds left on a timed question; when they run out, record it and move on."""
    current = st.session_state.get(DEADLINE)
    if not current:
        return
    token, item, deadline = current
    left = (deadline - datetime.now(timezone.utc)).total_seconds()
    if left > 0:
        st.caption(h.md_escape(_("⏱ {n} s left").format(n=int(left) + 1)))
        return
    st.session_state[DEADLINE] = None
    _store(lib, token, item, None)
    st.session_state.pop(QuizKeys.NOTICE, None)  # the page itself says the time is up
    st.rerun()
