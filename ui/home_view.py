"""The home page: every game and its lessons, with this learner's progress."""

from __future__ import annotations

import streamlit as st

from tutor import store
from tutor.games import plugins
from tutor.lessons import score
from ui import html as h
from ui.session import learner_id, library
from ui.state import init_state


def main() -> None:
    init_state()
    lib = library()
    learner = learner_id()
    progress = store.all_progress(learner)
    st.html('<p class="rt-kicker">Rules Tutor</p><h1 class="rt-title">Learn the rules, one ruling at a time</h1>'
            '<p class="rt-sub">Short lessons with real board positions. Every answer is checked by the rules engine, '
            'and every ruling is explained step by step with its rule references.</p>')
    for game in plugins().values():
        lessons = lib.lessons_for(game.id)
        n_scn = len(lib.scenarios_for(game.id))
        st.markdown(f"### {game.name}")
        st.caption(f"{game.blurb} · {len(lessons)} lesson{'s' if len(lessons) != 1 else ''} · {n_scn} scenarios")
        if not lessons:
            st.caption("Lessons for this game are on their way.")
            continue
        cols = st.columns(min(3, len(lessons)))
        for i, lesson in enumerate(lessons):
            p = progress.get(lesson.id)
            _, total = score(lesson, {})
            if p is None:
                status, pct, action = "Not started", 0, "Start"
            elif p.finished:
                right, _ = score(lesson, p.answers or {})
                best = p.best_score if p.best_score is not None else right
                status, pct, action = f"Done · best {best} / {total}", 100, "Review"
            else:
                status = f"In progress · slide {p.slide + 1} of {len(lesson.slides)}"
                pct, action = round(100 * p.slide / len(lesson.slides)), "Continue"
            with cols[i % len(cols)]:
                st.html(f'<div class="rt-tile"><p class="rt-kicker">Lesson {lesson.order}</p>'
                        f'<h3>{h.esc(lesson.title)}</h3><div class="rt-sub">{h.esc(lesson.subtitle or "")}</div>'
                        f'<div class="rt-progress"><span style="width:{pct}%"></span></div>'
                        f'<div class="rt-sub">{h.esc(status)} · {total} questions</div></div>')
                st.page_link("ui/pages/lesson.py", label=f"{action} lesson {lesson.order}", icon=":material/play_arrow:",
                             query_params={"lesson": lesson.id, "u": learner})
    if lib.problems:
        with st.expander(f"{len(lib.problems)} library file problem(s) — those files are left out"):
            st.code("\n".join(str(p) for p in lib.problems), language=None)
