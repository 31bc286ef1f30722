"""The teacher's live results of a class session (``ui/teacher_view.py``, section 3): who answered what, percent
correct per question, the question-by-question list with the most common wrong answer, the leaderboard.

A fragment that refreshes itself every few seconds without rerunning the page. It polls a cached summary
(:func:`tutor.quiz.results.summary`, shared by every teacher page of the process and loaded again only when
something changed), and what it draws from a summary is drawn once: a class answering is not slowed down by
the pages that watch it. Student names are user text: they reach the page only through ``ui.html.esc`` (the
grid, the list) or Markdown-escaped table cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from tutor.library import Library
from tutor.quiz import results
from ui import html as h
from ui.html import md_escape

if TYPE_CHECKING:
    import altair as alt

REFRESH_SECONDS = 2


def questions(n: int) -> str:
    """'1 question', '7 questions'.

    >>> questions(1), questions(0)
    ('1 question', '0 questions')
    """
    return f"{n} question{'' if n == 1 else 's'}"


def _plain(rows: list[dict[str, object]]) -> pd.DataFrame:
    return pd.DataFrame([{k: md_escape(v) if isinstance(v, str) else v for k, v in r.items()} for r in rows])


MARKS = {"✓": ("ok", "✓", "right"), "✗": ("bad", "✗", "wrong"), "time": ("time", "◷", "out of time"),
         "·": ("none", "·", "not answered yet")}
LEGEND = ('<p class="rt-legend">' + "".join(f'<span><span class="rt-mark {c}" aria-hidden="true">{m}</span> {w}</span>'
                                           for c, m, w in MARKS.values()) + "</p>")


def grid_html(rows: list[dict[str, Any]]) -> str:
    """The student × question grid: a coloured mark per answer (its word for screen readers), in a box that
    scrolls sideways when a quiz has many questions; names stay in the first column."""
    if not rows:
        return ""
    cols = list(rows[0])
    head = "".join(f'<th scope="col">{h.esc(c)}</th>' for c in cols)
    body = []
    for r in rows:
        cells = [f'<th scope="row">{h.esc(r[cols[0]])}</th>']
        for c in cols[1:-1]:
            cls, mark, word = MARKS[r[c]]
            cells.append(f'<td class="rt-mark {cls}" title="{c}: {word}">{mark}<span class="rt-sr"> {word}</span></td>')
        cells.append(f'<td class="rt-score">{h.esc(r[cols[-1]])}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<div class="rt-gridwrap" role="region" aria-label="Who answered what" tabindex="0">'
            f'<table class="rt-grid" data-testid="rt-grid"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>{LEGEND}')


def percent(value: float | None) -> str:
    """'50 %', or '—' before anyone has answered.

    >>> percent(None), percent(66.7), percent(0.0)
    ('—', '67 %', '0 %')
    """
    return "—" if value is None else f"{value:.0f} %"


def questions_html(rows: list[dict[str, Any]]) -> str:
    """Question by question: percent correct, the most common wrong answer, the correct one. A list that
    wraps at any width (a table of six columns was cut off on a phone)."""
    items = []
    for r in rows:
        answered = r["Answered"]
        items.append(
            f'<li><div class="q"><strong class="n">{h.esc(r["Question"])}</strong><span>{h.esc(r["Scenario"])}: '
            f'{h.esc(r["Prompt"])}</span><span class="pct">{percent(r["% correct"])}</span></div>'
            f'<div class="rt-sub">{h.esc(questions(answered).replace("question", "answer"))} so far · '
            f'most common wrong answer: <strong>{h.esc(r["Most common wrong answer"])}</strong> · '
            f'correct: {h.esc(r["Correct answer"])}</div></li>')
    return f'<ol class="rt-qsum" data-testid="rt-question-summary">{"".join(items)}</ol>'


def _chart(rows: list[dict[str, Any]]) -> alt.Chart:
    """Percent correct per question on a fixed 0–100 axis; a question nobody answered has no bar."""
    import altair as alt  # here: importing it takes over a second, and only a running session draws charts

    order = [r["Question"] for r in rows]
    data = pd.DataFrame([r for r in rows if r["% correct"] is not None])
    return (alt.Chart(data, height=220).mark_bar(color="#1f3b4d")
            .encode(x=alt.X("Question:N", sort=order, scale=alt.Scale(domain=order), title=None,
                            axis=alt.Axis(labelAngle=0)),
                    y=alt.Y("% correct:Q", scale=alt.Scale(domain=[0, 100]), title="% correct",
                            axis=alt.Axis(format="d")),
                    tooltip=["Question", "Scenario", "Answered", "% correct"]))


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


_drawn: dict[tuple[str, int, int], Drawn] = {}


def drawn(live: results.Live) -> Drawn:
    got = _drawn.get(live.stamp)
    if got is None:
        res = live.results
        done = sum(1 for r in res.students if res.finished(r))
        per_q = results.per_question(res)
        chart = _chart(per_q).to_dict() if any(r["Answered"] for r in per_q) else None
        got = Drawn(len(res.students), done, sum(len(r.answers) for r in res.students), grid_html(results.grid(res)),
                    chart, questions_html(per_q), not res.session.is_open or done == len(res.students),
                    _plain(results.leaderboard(res)))
        if len(_drawn) > 50:
            _drawn.clear()
        _drawn[live.stamp] = got
    return got


@st.fragment(run_every=REFRESH_SECONDS)
def live(lib: Library, session_id: int) -> None:
    d = drawn(results.summary(lib, session_id, max_age=REFRESH_SECONDS / 2))
    c = st.columns(3)
    c[0].metric("Joined", d.joined)
    c[1].metric("Finished", d.finished)
    c[2].metric("Answers", d.answers)
    if not d.joined:
        st.caption("Waiting for students to join…")
        return
    st.markdown("**Who answered what**")
    st.html(d.grid)
    st.markdown("**Percent correct per question**")
    if d.chart is not None:
        st.vega_lite_chart(d.chart, width="stretch")
    else:
        st.caption("— No answers yet: the chart starts with the first answer.")
    st.markdown("**Question by question** (the most common wrong answer is the misconception to go over)")
    st.html(d.questions)
    st.markdown("**Final leaderboard**" if d.final else "**Leaderboard so far**")
    st.table(d.leaderboard)
