"""The teacher's live results of a class session (``ui/teacher_view.py``, section 3): who answered what, percent
correct per question, the question-by-question list with the most common wrong answer, the leaderboard.

A fragment that refreshes itself every few seconds without rerunning the page. It polls a cached summary
(:func:`tutor.quiz.results.summary`, shared by every teacher page of the process and loaded again only when
something changed), and what it draws from a summary is drawn once: a class answering is not slowed down by
the pages that watch it. Student names are user text: they reach the page only through ``ui.html.esc`` (the
grid, the list) or Markdown-escaped table cells.

The page is in the teacher's language (``ui.i18n``), whatever languages the students answer in: results are
keyed by question (its index in the session's spec) and answers hold choice keys, so every student's answer
counts under its question; where a class answers in several languages, each question says how many in each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from tutor import i18n
from tutor.library import Library
from tutor.questions import part_views
from tutor.quiz import results
from tutor.quiz.spec import asked, available
from ui import html as h
from ui import quiz_text
from ui.html import label_escape, md_escape, md_template
from ui.i18n import _, current, ngettext

if TYPE_CHECKING:
    import altair as alt

REFRESH_SECONDS = 2


def questions(n: int) -> str:
    """'1 question', '7 questions' (in the page's language).

    >>> questions(1), questions(0)
    ('1 question', '0 questions')
    """
    return ngettext("{n} question", "{n} questions", n).format(n=n)


def _column(name: str) -> str:
    """A results table's column (``tutor.quiz.results`` names them in English) as the page's language says it."""
    return {"Rank": _("Rank"), "Student": _("Student"), "Right": _("Right"), "Of": _("Of"), "Finished": _("Finished"),
            "Score": _("Score")}.get(name, name)


def _plain(rows: list[dict[str, object]]) -> pd.DataFrame:
    words = {"yes": _("yes"), "no": _("no")}
    # st.table renders every cell and column header as Markdown: names, words and headers are escaped here
    return pd.DataFrame([{md_escape(_column(k)): md_escape(words.get(v, v)) if isinstance(v, str) else v
                          for k, v in r.items()}
                         for r in rows])


MARKS = {"✓": ("ok", "✓", "right"), "✗": ("bad", "✗", "wrong"), "time": ("time", "◷", "out of time"),
         "·": ("none", "·", "not answered yet")}


def _word(mark: str) -> str:
    """What a grid mark means, in the page's language."""
    return {"right": _("right"), "wrong": _("wrong"), "out of time": _("out of time"),
            "not answered yet": _("not answered yet")}[MARKS[mark][2]]


def legend() -> str:
    return ('<p class="rt-legend">' + "".join(f'<span><span class="rt-mark {c}" aria-hidden="true">{m}</span> '
                                              f'{h.esc(_word(k))}</span>' for k, (c, m, _w) in MARKS.items()) + "</p>")


def grid_html(rows: list[dict[str, Any]]) -> str:
    """The student × question grid: a coloured mark per answer (its word for screen readers), in a box that
    scrolls sideways when a quiz has many questions; names stay in the first column."""
    if not rows:
        return ""
    cols = list(rows[0])
    head = "".join(f'<th scope="col">{h.esc(_column(c))}</th>' for c in cols)
    body = []
    for r in rows:
        cells = [f'<th scope="row">{h.esc(r[cols[0]])}</th>']
        for c in cols[1:-1]:
            cls, mark, _w = MARKS[r[c]]
            word = h.esc(_word(r[c]))
            title = h.esc(_("{question}: {mark}").format(question=c, mark=_word(r[c])))
            cells.append(f'<td class="rt-mark {cls}" title="{title}">{mark}<span class="rt-sr"> {word}</span></td>')
        cells.append(f'<td class="rt-score">{h.esc(r[cols[-1]])}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<div class="rt-gridwrap" role="region" aria-label="{h.esc(_("Who answered what"))}" tabindex="0">'
            f'<table class="rt-grid" data-testid="rt-grid"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>{legend()}')


def percent(value: float | None) -> str:
    """'50 %', or '—' before anyone has answered.

    >>> percent(None), percent(66.7), percent(0.0)
    ('—', '67 %', '0 %')
    """
    return "—" if value is None else f"{value:.0f} %"


def _strong(template: str, value: str) -> str:
    """``template`` (a whole sentence with one ``{answer}``) escaped, with ``value`` in bold."""
    return h.esc(template.format(answer="\x00")).replace("\x00", f"<strong>{h.esc(value)}</strong>")


def _languages(counts: tuple[tuple[str, int], ...]) -> str:
    """' (in English 1, Tiếng Việt 1)' when the answers came in several languages, or in one that is not English."""
    if not counts or [c for c, _n in counts] == [i18n.DEFAULT]:
        return ""
    names = i18n.names()
    return " " + _("(in {languages})").format(languages=", ".join(f"{names.get(c, c)} {n}" for c, n in counts))


def questions_html(rows: list[dict[str, Any]]) -> str:
    """Question by question: percent correct (every language counted under its question), the most common
    wrong answer, the correct one. A list that wraps at any width (a table of six columns was cut off on a phone)."""
    items = []
    for r in rows:
        answered = r["Answered"]
        so_far = ngettext("{n} answer so far", "{n} answers so far", answered).format(n=answered)
        items.append(
            f'<li><div class="q"><strong class="n">{h.esc(r["Question"])}</strong><span>{h.esc(r["Scenario"])}: '
            f'{h.esc(r["Prompt"])}</span><span class="pct">{percent(r["% correct"])}</span></div>'
            f'<div class="rt-sub">{h.esc(so_far + _languages(r.get("languages", ())))} · '
            f'{_strong(_("most common wrong answer: {answer}"), r["Most common wrong answer"])} · '
            f'{h.esc(_("correct: {answer}").format(answer=r["Correct answer"]))}</div></li>')
    return f'<ol class="rt-qsum" data-testid="rt-question-summary">{"".join(items)}</ol>'


def localised_rows(lib: Library, res: results.Results, lang: str) -> list[dict[str, Any]]:
    """``results.per_question`` with the scenario titles, prompts and answers in the page's language."""
    rows = results.per_question(res)
    for row, it, item in zip(rows, res.items, res.session.spec.items):
        row["languages"] = it.languages
        if not available(lib, item):
            continue
        scn, q = quiz_text.localised(lib, item, lang)
        got = asked(lib, item)
        views = quiz_text.views(part_views(scn, q, got.solution), scn.game)
        row["Scenario"], row["Prompt"] = scn.title, q.prompt
        row["Correct answer"] = quiz_text.label(views, got.answer, scn.game)
        if it.misconception is not None:
            wrong = quiz_text.label(views, it.misconception_given, scn.game)
            row["Most common wrong answer"] = _("{answer} ({n})").format(answer=wrong, n=it.misconception_count)
        else:
            row["Most common wrong answer"] = "—"
    return rows


def _chart(rows: list[dict[str, Any]]) -> alt.Chart:
    """Percent correct per question on a fixed 0–100 axis; a question nobody answered has no bar."""
    import altair as alt  # here: importing it takes over a second, and only a running session draws charts

    order = [r["Question"] for r in rows]
    keep = ("Question", "Scenario", "Answered", "% correct")
    data = pd.DataFrame([{k: r[k] for k in keep} for r in rows if r["% correct"] is not None])
    chart: alt.Chart = (alt.Chart(data, height=220).mark_bar(color="#1f3b4d")
            .encode(x=alt.X("Question:N", sort=order, scale=alt.Scale(domain=order), title=None,
                            axis=alt.Axis(labelAngle=0)),
                    y=alt.Y("% correct:Q", scale=alt.Scale(domain=[0, 100]), title=_("% correct"),
                            axis=alt.Axis(format="d")),
                    tooltip=[alt.Tooltip("Question:N", title=_("Question")),
                             alt.Tooltip("Scenario:N", title=_("Scenario")),
                             alt.Tooltip("Answered:Q", title=_("Answered")),
                             alt.Tooltip("% correct:Q", title=_("% correct"))]))
    return chart


@dataclass(frozen=True)
class Drawn:
    """What the live fragment shows of one summary, drawn once per summary."""

    joined: int
    finished: int
    answers: int
    grid: str
    chart: dict[str, Any] | None  # the Vega-Lite spec, None before the first answer
    questions: str
    final: bool
    leaderboard: pd.DataFrame


_drawn: dict[tuple[tuple[str, int, int], str], Drawn] = {}


def drawn(live: results.Live, lib: Library | None = None) -> Drawn:
    """What the fragment shows of ``live``, in the page's language (drawn once per summary and language)."""
    lang = current()
    key = (live.stamp, lang)
    got = _drawn.get(key)
    if got is None:
        res = live.results
        done = sum(1 for r in res.students if res.finished(r))
        per_q = localised_rows(lib, res, lang) if lib is not None else results.per_question(res)
        chart = _chart(per_q).to_dict() if any(r["Answered"] for r in per_q) else None
        got = Drawn(len(res.students), done, sum(len(r.answers) for r in res.students), grid_html(results.grid(res)),
                    chart, questions_html(per_q), not res.session.is_open or done == len(res.students),
                    _plain(results.leaderboard(res)))
        if len(_drawn) > 50:
            _drawn.clear()
        _drawn[key] = got
    return got


@st.fragment(run_every=REFRESH_SECONDS)
def live(lib: Library, session_id: int) -> None:
    d = drawn(results.summary(lib, session_id, max_age=REFRESH_SECONDS / 2), lib)
    c = st.columns(3)
    c[0].metric(h.label_escape(_("Joined")), d.joined)
    c[1].metric(h.label_escape(_("Finished")), d.finished)
    c[2].metric(h.label_escape(_("Answers")), d.answers)
    if not d.joined:
        st.caption(h.md_escape(_("Waiting for students to join…")))
        return
    st.markdown(f'**{md_escape(_("Who answered what"))}**')
    st.html(d.grid)
    st.markdown(f'**{md_escape(_("Percent correct per question"))}**')
    if d.chart is not None:
        st.vega_lite_chart(d.chart, width="stretch")
    else:
        st.caption(h.md_escape(_("— No answers yet: the chart starts with the first answer.")))
    st.markdown(md_template(_("**{title}** ({note})"), title=_("Question by question"),
                            note=_("the most common wrong answer is the misconception to go over")))
    st.html(d.questions)
    st.markdown(f'**{md_escape(_("Final leaderboard") if d.final else _("Leaderboard so far"))}**')
    st.table(d.leaderboard)
