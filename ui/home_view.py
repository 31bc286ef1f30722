"""The home page: "Continue where you left off" first, then every game with its overall progress and its
lessons. Each lesson tile is one link (the tile's page link is stretched over the whole tile by the
theme CSS, ``[class*="st-key-rt-tile-"]``), so a click anywhere on the tile opens the lesson."""

from __future__ import annotations

import re
from typing import Any, Iterator

import streamlit as st

from tutor import store
from tutor.games import plugins
from tutor.overview import GameProgress, LessonStatus, game_progress, lesson_status, to_continue
from ui import learner_code_view
from ui import html as h
from ui.i18n import _, current, ngettext, tr
from ui.session import learner_id, library
from ui.state import init_state

TILE = "rt-tile-"  # container key prefix: CSS class ``st-key-rt-tile-...``


def tile_key(where: str, lesson_id: str) -> str:
    """A container key that is a valid CSS class name.

    >>> tile_key("game", "mc.defense_1")
    'rt-tile-game-mc-defense_1'
    """
    return TILE + where + "-" + re.sub(r"[^A-Za-z0-9_-]", "-", lesson_id)


def progress_bar(percent: int, label: str) -> str:
    return (f'<div class="rt-progress" role="progressbar" aria-label="{h.esc(label)}" aria-valuemin="0" '
            f'aria-valuemax="100" aria-valuenow="{percent}"><span class="w{percent // 5 * 5}"></span></div>')


def _tile(s: LessonStatus, where: str, learner: str, kicker: str) -> None:
    """One lesson: its title is the link (named by the title), stretched over the whole tile; its texts in
    the learner's language where the lesson is translated."""
    lesson = library().in_language(s.lesson.id, current())
    through = _("{title}: {percent} % through").format(title=lesson.title, percent=s.percent)
    status = ngettext("{status} · {n} question", "{status} · {n} questions", s.questions).format(
        status=tr(s.text), n=s.questions)
    with st.container(key=tile_key(where, lesson.id)):
        st.html(f'<p class="rt-kicker">{h.esc(kicker)}</p>')
        st.page_link("ui/pages/lesson.py", label=h.label_escape(lesson.title),
                     query_params={"lesson": lesson.id, "u": learner})
        st.html(f'<div class="rt-tile"><div class="rt-sub">{h.esc(getattr(lesson, "subtitle", "") or "")}</div>'
                + progress_bar(s.percent, through)
                + f'<div class="rt-sub">{h.esc(status)}</div>'
                f'<div class="rt-cta" aria-hidden="true">{h.esc(_(s.action))} ›</div></div>')


def _grid(items: list[LessonStatus], per_row: int = 3) -> Iterator[tuple[Any, LessonStatus]]:
    """Tiles in rows of three, so that a phone, which stacks the columns, still lists them in order."""
    for start in range(0, len(items), per_row):
        row = items[start:start + per_row]
        yield from zip(st.columns(min(per_row, len(items))), row)


def _game_header(name: str, caption: str, summary: GameProgress | None) -> None:
    bar = ""
    if summary is not None:
        through = _("{title}: {percent} % through").format(title=name, percent=summary.percent)
        bar = (progress_bar(summary.percent, through)
               + f'<p class="rt-sub" data-testid="rt-game-progress">{h.esc(tr(summary.message))}</p>')
    st.html(f'<h2 class="rt-game">{h.esc(name)}</h2><p class="rt-sub rt-small">{h.esc(caption)}</p>{bar}')


def main() -> None:
    init_state()
    lib = library()
    learner_code_view.from_link()  # a scanned learner code (?code=) takes this browser to its learner
    learner = learner_id()
    progress = store.all_progress(learner)
    title = _("Learn the rules, one ruling at a time")
    intro = _("Short lessons with real board positions. Every answer is checked by the rules engine, and every "
              "ruling is explained step by step with its rule references.")
    st.html(f'<p class="rt-kicker">Rules Tutor</p><h1 class="rt-title">{h.esc(title)}</h1>'
            f'<p class="rt-sub">{h.esc(intro)}</p>')
    games = list(plugins().values())
    statuses = {g.id: [lesson_status(lesson, progress.get(lesson.id)) for lesson in lib.lessons_for(g.id)]
                for g in games}
    names = {g.id: g.name for g in games}
    again = to_continue(s for rows in statuses.values() for s in rows)
    if again:
        started = again[0].state == "started"
        heading = _("Continue where you left off") if started else _("Up next")
        st.html(f'<h2 class="rt-game">{h.esc(heading)}</h2>')
        for col, s in _grid(again):
            with col:
                _tile(s, "continue", learner,
                      _("{game} · Lesson {n}").format(game=names[s.lesson.game], n=s.lesson.order))
    for game in games:
        rows = statuses[game.id]
        n_scn = len(lib.scenarios_for(game.id))
        caption = ngettext("{blurb} · {n} lesson · {scenarios} scenarios", "{blurb} · {n} lessons · {scenarios} scenarios",
                           len(rows)).format(blurb=tr(game.blurb, game.id), n=len(rows), scenarios=n_scn)
        _game_header(game.name, caption, game_progress(rows) if rows else None)
        if not rows:
            st.caption(h.md_escape(_("Lessons for this game are on their way.")))
            continue
        for col, s in _grid(rows):
            with col:
                _tile(s, "game", learner, _("Lesson {n}").format(n=s.lesson.order))
    learner_code_view.section(learner)
    learner_code_view.class_section(learner)
    if lib.problems:
        with st.expander(h.label_escape(ngettext("{n} library file problem — that file is left out",
                                  "{n} library file problems — those files are left out",
                                  len(lib.problems)).format(n=len(lib.problems)))):
            st.code("\n".join(str(p) for p in lib.problems), language=None)
