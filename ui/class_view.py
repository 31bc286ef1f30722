"""Classes for teachers: the teacher page's "4 · Classes" (make a class, its class code, open its page) and the
class page itself (``/teacher?class=CODE``, behind the same passcode): each student's mastery per rule, the
rules the class misses most, who has not practised this week, and a CSV of the grid.

Mastery is a plain right/seen ratio per rule over lessons, practice and quizzes (``tutor/classes.py`` says
exactly what counts). Students appear under the names they chose when they joined the class; every name and
title reaches the page escaped (``ui.html``).
"""

from __future__ import annotations

import csv
import io

import streamlit as st

from tutor import classes
from tutor.games import plugin
from tutor.quiz.tables import now
from ui import html as h
from ui.i18n import _, ngettext

TITLE = "class_new_title"
CREATE = "class_create"
CSV = "class_csv"


def _on_create() -> None:
    title = (st.session_state.get(TITLE) or "").strip()
    if title:
        classes.create_class(title)
        st.session_state[TITLE] = ""


def section() -> None:
    """The teacher page's list of classes, with a form to make one."""
    st.header(h.md_escape(_("4 · Classes")), anchor=False)
    st.caption(h.md_escape(_("Students join a class once, on the home page, with its class code; the class page "
                             "then shows how each of them stands on every rule.")))
    with st.form("class_form", border=False, enter_to_submit=True):
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        a.text_input(h.label_escape(_("New class")), key=TITLE, max_chars=80, placeholder=_("e.g. Class 4B"))
        b.form_submit_button(h.label_escape(_("Make the class")), key=CREATE, on_click=_on_create)
    for c in classes.classes()[:30]:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.html(f'<div>{h.esc(c.title)} · {h.esc(_("class code"))} <strong data-testid="rt-class-code">'
                    f'{h.esc(c.code)}</strong></div>', width="stretch")
            st.link_button(h.label_escape(_("Open the class page")), f"?class={c.code}", icon=":material/groups:")


def _rule_title(game: str, rule: str) -> str:
    glossary = plugin(game).glossary
    return glossary[rule].title if rule in glossary else rule


def _percent(x: float | None) -> str:
    return "—" if x is None else f"{round(100 * x)} %"


def to_csv(rep: classes.Report) -> str:
    rules = rep.rules()
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["Student", *(f"{plugin(g).name}: {_rule_title(g, r)} ({r})" for g, r in rules)])
    for learner, name in rep.members:
        w.writerow([name, *("" if (x := rep.ratio(learner, rule)) is None else f"{x:.2f}" for rule in rules)])
    return out.getvalue()


def main() -> None:
    """The class page (``?class=CODE``); the caller has checked the passcode."""
    from ui.session import library

    code = (st.query_params.get("class") or "").strip().upper()[:8]
    found = next((c for c in classes.classes() if c.code == code), None)
    if found is None:
        st.error(h.md_escape(_("No class has this code.")))
        st.page_link("ui/pages/teacher.py", label=h.label_escape(_("Back to the teacher page")))
        return
    lib = library()
    rep = classes.report(lib, found.id)
    st.html(f'<p class="rt-kicker">{h.esc(_("Class page"))} · {h.esc(_("class code"))} {h.esc(found.code)}</p>'
            f'<h1 class="rt-title">{h.esc(found.title)}</h1>')
    n = len(rep.members)
    st.caption(h.md_escape(ngettext("{n} student. Mastery is the share of right answers on each rule, over their "
                                    "lessons, practice and class quizzes.",
                                    "{n} students. Mastery is the share of right answers on each rule, over their "
                                    "lessons, practice and class quizzes.", n).format(n=n)))
    if not rep.members:
        st.info(h.md_escape(_("Nobody has joined yet: students type the class code on the home page.")))
        return
    st.header(h.md_escape(_("The rules the class misses most")), anchor=False)
    missed = rep.most_missed()
    if missed:
        st.html('<ol data-testid="rt-class-missed">' + "".join(
            f"<li>{h.esc(_rule_title(g, r))} <small>({h.esc(plugin(g).name)})</small>: "
            f"{h.esc(ngettext('{wrong} wrong of {n} answer', '{wrong} wrong of {n} answers', seen).format(wrong=wrong, n=seen))}</li>"
            for (g, r), wrong, seen in missed) + "</ol>")
    else:
        st.caption(h.md_escape(_("No wrong answer yet.")))
    st.header(h.md_escape(_("Who has not practised this week")), anchor=False)
    idle = rep.not_practised(now())
    st.html('<p data-testid="rt-class-idle">' + (h.esc(", ".join(idle)) if idle else
                                                 h.esc(_("Everyone has practised this week."))) + "</p>")
    st.header(h.md_escape(_("Mastery per rule")), anchor=False)
    rules = rep.rules()
    head = "".join(f'<th scope="col" title="{h.esc(r)}">{h.esc(_rule_title(g, r))}</th>' for g, r in rules)
    body = "".join(
        f'<tr><th scope="row">{h.esc(name)}</th>'
        + "".join(f"<td>{_percent(rep.ratio(learner, rule))}</td>" for rule in rules) + "</tr>"
        for learner, name in rep.members)
    st.html(f'<div class="rt-gridwrap rt-class-grid" role="region" aria-label="{h.esc(_("Mastery per rule"))}" '
            f'tabindex="0"><table class="rt-grid" data-testid="rt-class-mastery">'
            f'<caption class="rt-sub" style="text-align:left;padding:.4rem .55rem;margin:0">{h.esc(_("Right answers per rule (— : not met yet)"))}</caption>'
            f'<thead><tr><th scope="col">{h.esc(_("Student"))}</th>{head}</tr></thead><tbody>{body}</tbody></table></div>')
    st.download_button(h.label_escape(_("Export the class (CSV)")), data=to_csv(rep),
                       file_name=f"class-{found.code}.csv", mime="text/csv", key=CSV, on_click="ignore")
    st.page_link("ui/pages/teacher.py", label=h.label_escape(_("Back to the teacher page")))
