"""The teacher's page (/teacher): behind a passcode, build a quiz, start a class session, watch live results.
Also the teacher's "Save as a quiz question" block of the "Check a ruling" page (:func:`save_to_quiz`),
behind the same passcode and the same unlocked-in-this-browser-session state.

The live results are a fragment that refreshes itself every few seconds without rerunning the page.
Student names are user text: they only reach the page through tables and charts (which render text,
never HTML) or through ``ui.html.esc``.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlsplit

import pandas as pd
import streamlit as st

from tutor.games import plugin, plugins
from tutor.library import Library
from tutor.quiz import passcode, ratelimit, results, service
from tutor.quiz.spec import FEEDBACK, InvalidItem, QuizSpec, available, catalogue, draw, inline_items, resolve
from tutor import store
from ui import html as h
from ui import quiz_manage
from ui.html import md_escape
from ui.session import library
from ui.state import QuizKeys, RulingKeys, init_state
from ui.student_view import clients

REFRESH_SECONDS = 2

HOW_TO = """The teacher area is locked until you choose a passcode. Set one, then restart the app:

- in `.streamlit/secrets.toml` (next to `app.py`'s folder): `teacher_passcode = "choose-a-long-one"`
- or in the environment: `RULES_TUTOR_TEACHER_PASSCODE=choose-a-long-one make run`

There is no default passcode."""


# -- the passcode -----------------------------------------------------------------------------------
def configured_passcode() -> str | None:
    try:
        secrets = {passcode.SECRET: st.secrets.get(passcode.SECRET)} if passcode.SECRET in st.secrets else {}
    except Exception:  # no secrets.toml at all
        secrets = {}
    return passcode.configured(secrets)


def unlock(expected: str, field: str = QuizKeys.PASSCODE, error: str = QuizKeys.JOIN_ERROR) -> None:
    """Check the passcode typed in ``field``; on success the teacher is unlocked for this browser session
    (here and on the ruling page), else ``error`` says why. Failures are rate-limited."""
    who = [f"teacher-{c}" for c in clients()]  # "teacher-sid:..." and "teacher-ip:...": 5 tries each
    with store.writing() as s:
        if ratelimit.wait_seconds(s, who):
            st.session_state[error] = "Too many wrong passcodes. Wait a few minutes."
            return
        if passcode.matches(st.session_state.get(field), expected):
            st.session_state[QuizKeys.TEACHER_OK] = True
            st.session_state[error] = None
        else:
            ratelimit.record_failure(s, who)
            st.session_state[error] = "That is not the passcode."
    st.session_state[field] = ""


def _gate() -> bool:
    expected = configured_passcode()
    st.html('<p class="rt-kicker">Teachers</p><h1 class="rt-title">Run a rules quiz for your class</h1>')
    if expected is None:
        st.info(HOW_TO)
        return False
    if st.session_state.get(QuizKeys.TEACHER_OK):
        return True
    st.text_input("Teacher passcode", type="password", key=QuizKeys.PASSCODE)
    st.button("Unlock", key=QuizKeys.UNLOCK, type="primary", on_click=unlock, args=(expected,))
    if st.session_state.get(QuizKeys.JOIN_ERROR):
        st.error(st.session_state[QuizKeys.JOIN_ERROR])
    return False


# -- 1. build a quiz --------------------------------------------------------------------------------
def _on_save(lib: Library) -> None:
    ss = st.session_state
    entries = catalogue(lib, ss.get(QuizKeys.GAMES) or (), ss.get(QuizKeys.LESSONS) or (), ss.get(QuizKeys.TAGS) or ())
    if ss.get(QuizKeys.MODE) == "draw":
        chosen = draw(entries, int(ss.get(QuizKeys.DRAW_N) or 0), int(ss.get(QuizKeys.SEED) or 0))
    else:
        by_label = {e.label: e for e in catalogue(lib)}
        chosen = [by_label[x] for x in ss.get(QuizKeys.PICKED) or [] if x in by_label]
    title = (ss.get(QuizKeys.TITLE) or "").strip()
    if not title or not chosen:
        ss[QuizKeys.SAVED_MSG] = ("error", "Give the quiz a title and at least one question.")
        return
    limit = int(ss.get(QuizKeys.TIME_LIMIT) or 0)
    spec = QuizSpec(title=title[:80], items=[e.item for e in chosen][:100], shuffle_questions=bool(ss.get(QuizKeys.SHUFFLE_Q)),
                    shuffle_choices=bool(ss.get(QuizKeys.SHUFFLE_C)), feedback=ss.get(QuizKeys.FEEDBACK) or "each",
                    time_limit=max(5, limit) if limit else None)
    quiz_id = service.save_quiz(spec)
    ss[QuizKeys.QUIZ] = quiz_id
    ss[QuizKeys.SAVED_MSG] = ("ok", f"Saved “{title}” with {len(spec.items)} questions. Start it below.")


def _builder(lib: Library, expanded: bool) -> None:
    with st.expander("1 · Build a quiz", expanded=expanded):
        st.text_input("Quiz title", key=QuizKeys.TITLE, max_chars=80, placeholder="e.g. Defense check, class 4B")
        games = plugins()
        cols = st.columns(3)
        with cols[0]:
            chosen_games = st.multiselect("Games", list(games), key=QuizKeys.GAMES, format_func=lambda g: plugin(g).name,
                                          placeholder="all games")
        in_games = [g for g in games if not chosen_games or g in chosen_games]
        with cols[1]:
            lessons = [l.id for g in in_games for l in lib.lessons_for(g)]
            st.multiselect("Lessons", lessons, key=QuizKeys.LESSONS, placeholder="any lesson",
                           format_func=lambda l: lib.lessons[l].title)
        with cols[2]:
            tags = sorted({t for g in in_games for s in lib.scenarios_for(g) for t in s.tags})
            st.multiselect("Tags", tags, key=QuizKeys.TAGS, placeholder="any tag")
        ss = st.session_state
        entries = catalogue(lib, chosen_games, ss.get(QuizKeys.LESSONS) or (), ss.get(QuizKeys.TAGS) or ())
        st.caption(f"{len(entries)} questions match these filters.")
        mode = st.radio("Questions", ["pick", "draw"], key=QuizKeys.MODE, horizontal=True,
                        format_func={"pick": "Pick them", "draw": "Draw some at random"}.get)
        if mode == "pick":
            picked = [x for x in ss.get(QuizKeys.PICKED) or []]
            options = list(dict.fromkeys(picked + [e.label for e in entries]))
            st.multiselect("Pick questions", options, key=QuizKeys.PICKED, placeholder="type to search")
        else:
            c1, c2 = st.columns(2)
            c1.number_input("How many", min_value=1, max_value=50, value=5, key=QuizKeys.DRAW_N)
            c2.number_input("Random seed (same seed, same draw)", min_value=0, value=1, key=QuizKeys.SEED)
        c1, c2 = st.columns(2)
        c1.checkbox("Shuffle the questions for each student", key=QuizKeys.SHUFFLE_Q)
        c2.checkbox("Shuffle the choices", key=QuizKeys.SHUFFLE_C)
        st.radio("Students see right/wrong and the explanations", list(FEEDBACK), key=QuizKeys.FEEDBACK,
                 horizontal=True, format_func=FEEDBACK.get)
        st.number_input("Time limit per question, in seconds (0: none)", min_value=0, max_value=3600, value=0, step=5,
                        key=QuizKeys.TIME_LIMIT)
        st.button("Save the quiz", key=QuizKeys.SAVE, type="primary", on_click=_on_save, args=(lib,))
        msg = ss.get(QuizKeys.SAVED_MSG)
        if msg:
            (st.success if msg[0] == "ok" else st.error)(msg[1])


# -- 2. start a session -----------------------------------------------------------------------------
def _on_start() -> None:
    quiz_id = st.session_state.get(QuizKeys.QUIZ)
    if quiz_id is not None:
        try:
            st.session_state[QuizKeys.SESSION] = service.start_session(int(quiz_id)).id
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
            scn, q = resolve(lib, it)
            where = " <em>(from Check a ruling)</em>" if it.inline else ""
            rows.append(f"<li>{h.esc(scn.title)}: {h.esc(q.prompt)}{where}</li>")
        else:
            gone += 1
            rows.append(f"<li><s>{h.esc(it.scenario)}/{h.esc(it.question)}</s> <strong>no longer available</strong></li>")
    with st.expander(f"The questions of this quiz ({len(spec.items)})"):
        st.html(f'<ol data-testid="rt-quiz-items">{"".join(rows)}</ol>')
    if gone:
        st.warning(f"{gone} question(s) of this quiz are no longer available; a session of it would stop there.")
    return spec


def _starter(lib: Library) -> None:
    st.subheader("2 · Start a class session", anchor=False)
    quizzes = {qid: f"{title} ({n} questions)" for qid, title, n in service.list_quizzes()}
    if not quizzes:
        st.caption("Save a quiz first; saved quizzes can be run again with other classes.")
        quiz_manage.message()  # e.g. "Deleted …" of the last quiz
        return
    if st.session_state.get(QuizKeys.QUIZ) not in quizzes:
        st.session_state[QuizKeys.QUIZ] = next(iter(quizzes))
    st.selectbox("Saved quizzes", list(quizzes), key=QuizKeys.QUIZ, format_func=quizzes.get)
    quiz_id = int(st.session_state[QuizKeys.QUIZ])
    spec = _quiz_items(lib, quiz_id)
    st.button("Start a class session", key=QuizKeys.START, type="primary", on_click=_on_start)
    if spec is not None:
        quiz_manage.manage(lib, quiz_id, spec)  # rename, remove a question, delete


# -- 3. live results ------------------------------------------------------------------------------
def join_link(code: str) -> str:
    """The student's link: this app's /join page with the code filled in."""
    url = st.context.url or "http://localhost:8501/teacher"
    parts = urlsplit(url)
    base = parts.path.rsplit("/", 1)[0] if parts.path not in ("", "/") else ""
    return f"{parts.scheme}://{parts.netloc}{base}/join?code={code}"


def _plain(rows: list[dict[str, object]]) -> pd.DataFrame:
    return pd.DataFrame([{k: md_escape(v) if isinstance(v, str) else v for k, v in r.items()} for r in rows])


@st.fragment(run_every=REFRESH_SECONDS)
def _live(lib: Library, session_id: int) -> None:
    res = results.load(lib, session_id)
    done = sum(1 for r in res.students if res.finished(r))
    c = st.columns(3)
    c[0].metric("Joined", len(res.students))
    c[1].metric("Finished", done)
    c[2].metric("Answers", sum(len(r.answers) for r in res.students))
    if not res.students:
        st.caption("Waiting for students to join…")
        return
    st.markdown("**Who answered what** (✓ right · ✗ wrong · · not yet)")
    st.table(_plain(results.grid(res)))
    per_q = results.per_question(res)
    st.markdown("**Percent correct per question**")
    st.bar_chart(pd.DataFrame(per_q), x="Question", y="% correct", height=220, y_label="% correct")
    st.markdown("**The most common wrong answer** (the misconception to go over)")
    shown = [{**r, "% correct": f"{r['% correct']:.0f} %"} for r in per_q]
    st.table(_plain(shown))
    final = not res.session.is_open or done == len(res.students)
    st.markdown("**Final leaderboard**" if final else "**Leaderboard so far**")
    st.table(_plain(results.leaderboard(res)))


def _session_panel(lib: Library) -> None:
    st.subheader("3 · Class session and live results", anchor=False)
    sess = {s.id: s for s in service.sessions()}
    if not sess:
        st.caption("No session yet.")
        return
    if st.session_state.get(QuizKeys.SESSION) not in sess:
        st.session_state[QuizKeys.SESSION] = next(iter(sess))
    st.selectbox("Session", list(sess), key=QuizKeys.SESSION,
                 format_func=lambda i: f"{sess[i].code} · {sess[i].spec.title} · {'open' if sess[i].is_open else 'closed'}")
    info = sess[st.session_state[QuizKeys.SESSION]]
    link = join_link(info.code)
    state = "open: students can join" if info.is_open else "closed"
    st.html(f'<div class="rt-slide" style="text-align:center"><p class="rt-kicker">Join code · {h.esc(state)}</p>'
            f'<div data-testid="rt-join-code" style="font-size:3rem;font-weight:900;letter-spacing:.3em">'
            f'{h.esc(info.code)}</div><p>Students open <strong>{h.esc(link)}</strong></p></div>')
    st.code(link, language=None)
    _live(lib, info.id)
    c1, c2 = st.columns(2)
    with c1:
        if info.is_open:
            st.button("Close the session", key=QuizKeys.CLOSE, on_click=service.close_session, args=(info.id,))
    with c2:
        st.download_button("Export results (CSV)", data=lambda: results.to_csv(lib, results.load(lib, info.id)),
                           file_name=f"quiz-{info.code}.csv", mime="text/csv", key=QuizKeys.CSV, on_click="ignore")


def main() -> None:
    init_state()
    if not _gate():
        return
    lib = library()  # loaded, solved and frozen once per process (ui.session)
    _builder(lib, expanded=not service.list_quizzes())
    _starter(lib)
    _session_panel(lib)


# -- the ruling page: save the situation as a quiz question ------------------------------------------
NEW_QUIZ = -1  # the target "a new quiz"


def _signature(qids: list[str]) -> str:
    return hashlib.sha256("\x00".join(qids).encode("utf-8")).hexdigest()[:12]


def _on_save_situation(qids: list[str]) -> None:
    ss = st.session_state
    if not ss.get(QuizKeys.TEACHER_OK):
        ss[RulingKeys.QUIZ_MSG] = ("error", "Unlock with the teacher passcode first.", [])
        return
    picked = [q for q in ss.get(RulingKeys.quiz_questions(_signature(qids))) or [] if q in qids]
    if not picked:
        ss[RulingKeys.QUIZ_MSG] = ("error", "Pick at least one question to save.", [])
        return
    try:
        items = inline_items(ss[RulingKeys.YAML], picked)
        target = int(ss.get(RulingKeys.QUIZ_TARGET, NEW_QUIZ))
        if target == NEW_QUIZ:
            title = (ss.get(RulingKeys.QUIZ_TITLE) or "").strip()[:80]
            if not title:
                ss[RulingKeys.QUIZ_MSG] = ("error", "Name the new quiz.", [])
                return
            quiz_id = service.save_quiz(QuizSpec(title=title, items=items))
            msg = f"Saved the new quiz “{md_escape(title)}” with {len(items)} question(s)."
            ss[RulingKeys.QUIZ_TITLE] = ""
        else:
            added = service.add_items(target, items)
            quiz_id = added.quiz_id
            msg = f"Added {added.added} question(s) to “{md_escape(added.title)}”: it has {added.total} now."
            if added.already:
                msg += f" {added.already} question(s) were in it already."
    except InvalidItem as err:
        ss[RulingKeys.QUIZ_MSG] = ("error", "The situation cannot be saved as a question:",
                                   [str(p) for p in err.problems])
        return
    except service.QuizError as err:
        ss[RulingKeys.QUIZ_MSG] = ("error", md_escape(f"Not saved: {err}."), [])
        return
    ss[RulingKeys.QUIZ_TARGET] = quiz_id
    ss[QuizKeys.QUIZ] = quiz_id  # the teacher page opens on this quiz
    ss[RulingKeys.QUIZ_MSG] = ("ok", msg + " Start a class session of it on the Teacher page; sessions already "
                               "running keep the questions they started with.", [])


def save_to_quiz(scenario: Any) -> None:
    """The ruling page's "Save as a quiz question" block for the situation on screen (a valid scenario).

    The situation is kept inline in the quiz (its YAML, never an answer); students are graded by the engine."""
    ss = st.session_state
    st.markdown("**Save as a quiz question** — for teachers: add this situation's questions to a class quiz.")
    expected = configured_passcode()
    if expected is None:
        st.info(HOW_TO.replace("The teacher area is locked", "Saving to a quiz is for teachers, and it is locked"))
        return
    if not ss.get(QuizKeys.TEACHER_OK):
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.text_input("Teacher passcode", type="password", key=RulingKeys.QUIZ_PASSCODE)
        c2.button("Unlock", key=RulingKeys.QUIZ_UNLOCK, on_click=unlock,
                  args=(expected, RulingKeys.QUIZ_PASSCODE, RulingKeys.QUIZ_ERROR))
        if ss.get(RulingKeys.QUIZ_ERROR):
            st.error(ss[RulingKeys.QUIZ_ERROR])
        return
    qids = [q.id for q in scenario.questions]
    prompts = {q.id: q.prompt for q in scenario.questions}
    key = RulingKeys.quiz_questions(_signature(qids))
    if key not in ss:
        ss[key] = list(qids)
    st.multiselect("Questions to save (all, or some)", qids, key=key, format_func=lambda q: prompts.get(q, q))
    quizzes = {NEW_QUIZ: "A new quiz…", **{qid: f"{title} ({n} questions)" for qid, title, n in service.list_quizzes()}}
    if ss.get(RulingKeys.QUIZ_TARGET) not in quizzes:
        ss[RulingKeys.QUIZ_TARGET] = NEW_QUIZ
    c1, c2 = st.columns(2)
    c1.selectbox("Into the quiz", list(quizzes), key=RulingKeys.QUIZ_TARGET, format_func=quizzes.get)
    if ss[RulingKeys.QUIZ_TARGET] == NEW_QUIZ:
        c2.text_input("New quiz title", key=RulingKeys.QUIZ_TITLE, max_chars=80, placeholder="e.g. Game night rulings")
    st.button("Save as a quiz question", key=RulingKeys.QUIZ_SAVE, type="primary", on_click=_on_save_situation,
              args=(qids,))
    msg = ss.get(RulingKeys.QUIZ_MSG)
    if msg:
        (st.success if msg[0] == "ok" else st.error)(msg[1])
        if msg[2]:
            st.code("\n".join(msg[2]), language=None, wrap_lines=True)
