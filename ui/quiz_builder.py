"""The teacher page's "1 · Build a quiz": one list of questions, mixed from every source, in the teacher's order.

Sources: questions picked from the library (typing filters; Enter adds the highlighted one), a random draw,
generated practice items (``ui/teacher_generated.py``), the questions of a shared ruling link, and positions of a
replayed game added from the Play page (``ui/play_quiz.py``). Each source
*adds* to the list (``tutor.quiz.draft``); the list is shown with Up, Down and Remove, and it is what the Save
button counts and saves. Switching source never empties it, and every add says how many were added, already
held or left out, so nothing is dropped silently.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from tutor import share
from tutor.games import plugin, plugins
from tutor.library import Library
from tutor.quiz import draft, service
from tutor.quiz.draft import Draft
from tutor.quiz.spec import FEEDBACK, InvalidItem, QuizSpec, catalogue, draw, inline_items, parse_inline, search
from ui import html as h
from ui.html import md_escape
from ui.i18n import _, current, ngettext
from ui.state import QuizKeys

SOURCES = ("pick", "draw", "generated", "ruling")


def current_draft() -> Draft:
    return st.session_state.get(QuizKeys.DRAFT) or ()


def add(entries: list[draft.Entry]) -> None:
    """Append to the quiz being built and say what happened (added, already in it, left out)."""
    ss = st.session_state
    res = draft.add(current_draft(), entries)
    ss[QuizKeys.DRAFT] = res.draft
    said = [ngettext("Added {n} question to the quiz.", "Added {n} questions to the quiz.", res.added)
            .format(n=res.added)]
    if res.already:
        said.append(ngettext("{n} was in it already.", "{n} were in it already.", res.already).format(n=res.already))
    if res.too_many:
        said.append(ngettext("{n} was not added: a quiz holds at most {max} questions.",
                             "{n} were not added: a quiz holds at most {max} questions.", res.too_many)
                    .format(n=res.too_many, max=draft.MAX_ITEMS))
    ss[QuizKeys.SAVED_MSG] = ("error" if res.too_many else "ok", " ".join(said))


def _matching(lib: Library) -> list[Any]:
    """The library's questions that pass the filters and the search words."""
    ss = st.session_state
    entries = catalogue(lib, ss.get(QuizKeys.GAMES) or (), ss.get(QuizKeys.LESSONS) or (), ss.get(QuizKeys.TAGS) or ())
    return search(entries, ss.get(QuizKeys.SEARCH) or "")


def _library(entries: list[Any]) -> list[draft.Entry]:
    return [draft.Entry(e.item, "library", e.label) for e in entries]


# -- the sources ------------------------------------------------------------------------------------
def _on_pick(lib: Library) -> None:
    by_label = {e.label: e for e in catalogue(lib)}
    picked = [by_label[x] for x in st.session_state.get(QuizKeys.PICKED) or [] if x in by_label]
    st.session_state[QuizKeys.PICKED] = []  # the box only adds: the list below is the quiz
    add(_library(picked))


def _picker(lib: Library, entries: list[Any]) -> None:
    """Pick questions one by one (typing filters the list; Enter adds the one highlighted, never all of the
    matches: the multiselect's "Select N matches" is off), or add every match with an explicit button."""
    held = {e.item for e in current_draft()}
    new = [e for e in entries if e.item not in held]
    st.multiselect(h.label_escape(_("Pick questions")), [e.label for e in new], key=QuizKeys.PICKED,
                   select_all=False, on_change=_on_pick, args=(lib,),
                   placeholder=_("type to search, Enter adds the highlighted question"))
    add_all = ngettext("Add the {n} question that matches", "Add all {n} questions that match", len(new))
    st.button(h.label_escape(add_all.format(n=len(new)) if new else _("Every matching question is in the quiz")),
              key=QuizKeys.ADD_ALL, on_click=add, args=(_library(new),), disabled=not new,
              icon=":material/playlist_add:")


def _drawer(entries: list[Any]) -> None:
    c1, c2 = st.columns(2)
    c1.number_input(h.label_escape(_("How many")), min_value=1, max_value=50, value=5, key=QuizKeys.DRAW_N)
    c2.number_input(h.label_escape(_("Random seed (same seed, same draw)")), min_value=0, value=1, key=QuizKeys.SEED)
    ss = st.session_state
    drawn = draw(entries, int(ss.get(QuizKeys.DRAW_N) or 0), int(ss.get(QuizKeys.SEED) or 0))
    st.html('<ol data-testid="rt-drawn-items">' + "".join(f"<li>{h.esc(e.label)}</li>" for e in drawn) + "</ol>")
    st.button(h.label_escape(ngettext("Add this {n} question", "Add these {n} questions", len(drawn))
                             .format(n=len(drawn))), key=QuizKeys.ADD_DRAWN, on_click=add, args=(_library(drawn),),
              disabled=not drawn, icon=":material/playlist_add:")


def ruling_entries(link: str) -> list[draft.Entry]:
    """The questions of a shared ruling (a link of the "Check a ruling" page, or its ``?s=`` payload alone),
    kept inline. :class:`share.ShareError` or :class:`InvalidItem` say why one cannot be used."""
    link = (link or "").strip()[: share.MAX_PAYLOAD + 2000]
    payload = parse_qs(urlsplit(link).query).get("s", [""])[0] if "?" in link else link
    items = inline_items(share.decode(payload))
    scn, _problems = parse_inline(items[0].text or "")  # loads: inline_items checked it
    prompts = {q.id: q.prompt for q in scn.questions} if scn is not None else {}
    title = scn.title if scn is not None else items[0].scenario
    return [draft.Entry(it, "ruling", f"{title}: {prompts.get(it.question, it.question)}") for it in items]


def _on_add_ruling() -> None:
    ss = st.session_state
    try:
        entries = ruling_entries(ss.get(QuizKeys.RULING_LINK) or "")
    except share.ShareError as err:
        ss[QuizKeys.SAVED_MSG] = ("error", _("This shared link cannot be opened: {why}.").format(why=err))
        return
    except InvalidItem as err:
        ss[QuizKeys.SAVED_MSG] = ("error", _("The situation cannot be saved as a question:") + " "
                                  + "; ".join(str(p) for p in err.problems))
        return
    ss[QuizKeys.RULING_LINK] = ""
    add(entries)


def _ruling() -> None:
    st.text_input(h.label_escape(_("A shared ruling link (from the Check a ruling page)")), key=QuizKeys.RULING_LINK,
                  placeholder="…/ruling?s=…")
    st.button(h.label_escape(_("Add its questions")), key=QuizKeys.ADD_RULING, on_click=_on_add_ruling,
              icon=":material/playlist_add:")


# -- the list: the quiz as it will be saved -----------------------------------------------------------
def _on_move(index: int, by: int) -> None:
    st.session_state[QuizKeys.DRAFT] = draft.move(current_draft(), index, by)


def _on_remove(index: int) -> None:
    st.session_state[QuizKeys.DRAFT] = draft.remove(current_draft(), index)
    st.session_state[QuizKeys.SAVED_MSG] = None


def _on_clear() -> None:
    st.session_state[QuizKeys.DRAFT] = ()
    st.session_state[QuizKeys.SAVED_MSG] = None


def _listing() -> None:
    d = current_draft()
    st.header(h.md_escape(ngettext("The quiz ({n} question)", "The quiz ({n} questions)", len(d)).format(n=len(d))),
              anchor=False)  # h2 under the page's h1 (the expander above is no heading)
    if not d:
        st.caption(h.md_escape(_("Add questions from any of the sources above; they are listed here in the order "
                                 "students will meet them.")))
        return
    kinds = {"library": _("library"), "generated": _("generated"), "ruling": _("shared ruling"),
             "game": _("game position")}
    with st.container(key="rt-draft", border=True):
        for i, e in enumerate(d):
            text, up, down, rm = st.columns([9, 1.3, 1.3, 1.6], vertical_alignment="center", gap="small")
            text.html(f'<div class="rt-draft-row"><strong>{i + 1}.</strong> {h.esc(e.label)} '
                      f'<small class="rt-kind">· {h.esc(kinds[e.kind])}</small></div>')
            up.button(h.label_escape(_("Up")), key=f"{QuizKeys.DRAFT}::up::{i}", disabled=i == 0,
                      on_click=_on_move, args=(i, -1), width="stretch")
            down.button(h.label_escape(_("Down")), key=f"{QuizKeys.DRAFT}::down::{i}", disabled=i == len(d) - 1,
                        on_click=_on_move, args=(i, 1), width="stretch")
            rm.button(h.label_escape(_("Remove")), key=f"{QuizKeys.DRAFT}::remove::{i}", on_click=_on_remove,
                      args=(i,), width="stretch")
    st.button(h.label_escape(_("Clear the list")), key=QuizKeys.CLEAR_PICKED, on_click=_on_clear)


# -- saving -----------------------------------------------------------------------------------------
def _on_save() -> None:
    ss = st.session_state
    items = draft.items(current_draft())
    title = (ss.get(QuizKeys.TITLE) or "").strip()
    if not title or not items:
        ss[QuizKeys.SAVED_MSG] = ("error", _("Give the quiz a title and at least one question."))
        return
    limit = int(ss.get(QuizKeys.TIME_LIMIT) or 0)
    spec = QuizSpec(title=title[:80], items=items, shuffle_questions=bool(ss.get(QuizKeys.SHUFFLE_Q)),
                    shuffle_choices=bool(ss.get(QuizKeys.SHUFFLE_C)), feedback=ss.get(QuizKeys.FEEDBACK) or "each",
                    time_limit=max(5, limit) if limit else None)
    try:
        quiz_id = service.save_quiz(spec)
    except InvalidItem as err:
        ss[QuizKeys.SAVED_MSG] = ("error", _("The situation cannot be saved as a question:") + " "
                                  + "; ".join(str(p) for p in err.problems))
        return
    ss[QuizKeys.QUIZ] = quiz_id
    ss[QuizKeys.DRAFT] = ()
    n = len(spec.items)
    ss[QuizKeys.SAVED_MSG] = ("ok", ngettext("Saved “{title}” with {n} question. Start it below.",
                                             "Saved “{title}” with {n} questions. Start it below.", n)
                              .format(title=title, n=n))


def builder(lib: Library, expanded: bool) -> None:
    from tutor.practice import pool

    pool.warm()  # generated items are made ahead, while the teacher sets the quiz up
    with st.expander(h.label_escape(_("1 · Build a quiz")), expanded=expanded):
        st.text_input(h.label_escape(_("Quiz title")), key=QuizKeys.TITLE, max_chars=80,
                      placeholder=_("e.g. Defense check, class 4B"))
        source = st.radio(h.label_escape(_("Add questions")), SOURCES, key=QuizKeys.MODE, horizontal=True,
                          format_func=lambda m: h.label_escape({
                              "pick": _("Pick them"), "draw": _("Draw some at random"),
                              "generated": _("Draw generated practice items"),
                              "ruling": _("From a shared ruling")}[m]))
        if source in ("pick", "draw"):
            _filters(lib)
            entries = _matching(lib)
            st.caption(h.md_escape(ngettext("{n} question matches these filters.",
                                            "{n} questions match these filters.", len(entries)).format(n=len(entries))))
            _picker(lib, entries) if source == "pick" else _drawer(entries)
        elif source == "generated":
            from ui.teacher_generated import form

            form(add)
        else:
            _ruling()
        msg = st.session_state.get(QuizKeys.SAVED_MSG)
        if msg:
            (st.success if msg[0] == "ok" else st.error)(md_escape(msg[1]))  # kept as plain text: escaped here
        _listing()
        c1, c2 = st.columns(2)
        c1.checkbox(h.label_escape(_("Shuffle the questions for each student")), key=QuizKeys.SHUFFLE_Q)
        c2.checkbox(h.label_escape(_("Shuffle the choices")), key=QuizKeys.SHUFFLE_C)
        st.radio(h.label_escape(_("Students see right/wrong and the explanations")), list(FEEDBACK),
                 key=QuizKeys.FEEDBACK, horizontal=True, format_func=lambda f: h.label_escape(_(FEEDBACK[f])))
        st.number_input(h.label_escape(_("Time limit per question, in seconds (0: none)")), min_value=0,
                        max_value=3600, value=0, step=5, key=QuizKeys.TIME_LIMIT)
        n = len(current_draft())
        st.button(h.label_escape(ngettext("Save the quiz ({n} question)", "Save the quiz ({n} questions)", n).format(n=n)),
                  key=QuizKeys.SAVE, type="primary", on_click=_on_save)


def _filters(lib: Library) -> None:
    games = plugins()
    cols = st.columns(3)
    with cols[0]:
        chosen_games = st.multiselect(h.label_escape(_("Games")), list(games), key=QuizKeys.GAMES,
                                      format_func=lambda g: plugin(g).name, placeholder=_("all games"))
    in_games = [g for g in games if not chosen_games or g in chosen_games]
    with cols[1]:
        lessons = [l.id for g in in_games for l in lib.lessons_for(g)]
        lang = current()
        st.multiselect(h.label_escape(_("Lessons")), lessons, key=QuizKeys.LESSONS, placeholder=_("any lesson"),
                       format_func=lambda l: lib.in_language(l, lang).title)
    with cols[2]:
        tags = sorted({t for g in in_games for s in lib.scenarios_for(g) for t in s.tags})
        st.multiselect(h.label_escape(_("Tags")), tags, key=QuizKeys.TAGS, placeholder=_("any tag"))
    st.text_input(h.label_escape(_("Search questions")), key=QuizKeys.SEARCH,
                  placeholder=_("words in the title or the question"))
