"""Live results of a class session: progress, the student × question grid, percent correct per question,
the most common wrong answer (the misconception to address), the leaderboard, and the CSV export.

Pure over what :func:`load` reads, so the teacher page only draws. The live page polls :func:`summary`: one
summary per session and process, shared by every page that shows it and loaded again only when an answer,
a student or the session's status has changed, so watching a class costs its students nothing.
"""

from __future__ import annotations

import csv
import io
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tutor import store
from tutor.i18n import DEFAULT as DEFAULT_LANGUAGE
from tutor.library import Library
from tutor.questions import label_of
from tutor.quiz.service import AnswerRow, SessionInfo, _answer, _info
from tutor.quiz.spec import asked, available, resolve
from tutor.quiz.tables import Answer, QuizSession, Student, utc


@dataclass(frozen=True)
class StudentRow:
    id: int
    name: str
    joined_at: datetime
    answers: dict[int, AnswerRow] = field(default_factory=dict)
    language: str | None = None  # the language the student joined in (None: not recorded)

    def language_of(self, item: int) -> str:
        """The language the student met question ``item`` in: their answer's, else the one they joined in
        (English for rows from before languages were recorded)."""
        a = self.answers.get(item)
        return (a.language if a is not None and a.language else None) or self.language or DEFAULT_LANGUAGE

    @property
    def right(self) -> int:
        return sum(1 for a in self.answers.values() if a.correct)

    @property
    def last_at(self) -> datetime:
        return max((a.answered_at for a in self.answers.values()), default=self.joined_at)


@dataclass(frozen=True)
class ItemSummary:
    index: int
    short: str  # "Q1"
    title: str
    prompt: str
    answer_label: str
    answered: int
    right: int
    misconception: str | None  # the most common wrong answer
    misconception_count: int
    languages: tuple[tuple[str, int], ...] = ()  # (language, answers in it), most first
    misconception_given: Any = None  # the most common wrong answer as given (keys: a page labels it in its language)

    @property
    def percent(self) -> float | None:
        return round(100 * self.right / self.answered, 1) if self.answered else None


@dataclass(frozen=True)
class Results:
    session: SessionInfo
    students: list[StudentRow]
    items: list[ItemSummary]

    @property
    def total(self) -> int:
        return len(self.session.spec.items)

    def finished(self, row: StudentRow) -> bool:
        return len(row.answers) >= self.total


def load(lib: Library, session_id: int, url: str | None = None) -> Results:
    with Session(store.engine(url)) as s:
        info = _info(s.get_one(QuizSession, session_id))
        studs = s.scalars(select(Student).where(Student.session_id == session_id).order_by(Student.id)).all()
        rows = {st.id: StudentRow(st.id, st.name, utc(st.joined_at), language=st.language) for st in studs}
        for a in s.scalars(select(Answer).where(Answer.session_id == session_id)):
            if a.student_id in rows:
                rows[a.student_id].answers[a.item] = _answer(a)
    return Results(info, list(rows.values()), summarize(lib, info, list(rows.values())))


@dataclass(frozen=True)
class Live:
    """A session's results as last loaded, and a stamp that changes when (and only when) they do."""

    results: Results
    stamp: tuple[str, int, int]  # (database, session id, version)
    checked: float  # time.monotonic() of the last look at the database
    seen: tuple[str, int, int]  # (status, students, answers) when loaded: rows are only ever added


_live: dict[tuple[str, int], Live] = {}
_looking: dict[tuple[str, int], threading.Lock] = {}


def summary(lib: Library, session_id: int, url: str | None = None, max_age: float = 1.0) -> Live:
    """The session's results, shared by every viewer in this process: younger than ``max_age`` seconds, they
    are returned as they are; older, one cheap query (the status and two counts) says whether anything
    changed, and only then are they loaded again. One viewer looks at a time; the others get what it found."""
    key = (str(store.engine(url).url), session_id)
    with _looking.setdefault(key, threading.Lock()):
        got = _live.get(key)
        if got is not None and time.monotonic() - got.checked < max_age:
            return got
        with Session(store.engine(url)) as s:
            row = s.execute(select(
                QuizSession.status,
                select(func.count()).select_from(Student).where(Student.session_id == session_id).scalar_subquery(),
                select(func.count()).select_from(Answer).where(Answer.session_id == session_id).scalar_subquery(),
            ).where(QuizSession.id == session_id)).one()
        seen = (row[0], int(row[1]), int(row[2]))
        if got is not None and got.seen == seen:
            got = Live(got.results, got.stamp, time.monotonic(), seen)
        else:
            version = got.stamp[2] + 1 if got is not None else 0
            got = Live(load(lib, session_id, url), (*key, version), time.monotonic(), seen)
        if len(_live) > 200:
            _live.clear()
        _live[key] = got
        return got


def summarize(lib: Library, info: SessionInfo, students: list[StudentRow]) -> list[ItemSummary]:
    """Per question of the spec (by its index, never by any text): every student's answer counts under it,
    whatever language they answered in (an answer holds choice keys, not labels)."""
    out = []
    for i, item in enumerate(info.spec.items):
        given = [r.answers[i] for r in students if i in r.answers]
        languages = tuple(Counter(r.language_of(i) for r in students if i in r.answers).most_common())
        wrong = Counter(json.dumps(a.given, sort_keys=True) for a in given if not a.correct and a.given is not None)
        title, prompt, answer_label, mis, mis_given = item.scenario, item.question, "?", None, None
        if available(lib, item):
            scn, q = resolve(lib, item)
            title, prompt = scn.title, q.prompt
            got = asked(lib, item)
            answer_label = label_of(scn, q, got.answer, got.solution)
            if wrong:
                mis_given = json.loads(wrong.most_common(1)[0][0])
                mis = label_of(scn, q, mis_given, got.solution)
        out.append(ItemSummary(i, f"Q{i + 1}", title, prompt, answer_label, len(given),
                               sum(1 for a in given if a.correct), mis, wrong.most_common(1)[0][1] if wrong else 0,
                               languages, mis_given))
    return out


def cell(a: AnswerRow | None) -> str:
    if a is None:
        return "·"
    return "time" if a.timed_out else ("✓" if a.correct else "✗")


def grid(res: Results) -> list[dict[str, Any]]:
    """One row per student: name, a mark per question, score."""
    return [{"Student": r.name, **{it.short: cell(r.answers.get(it.index)) for it in res.items},
             "Score": f"{r.right} / {res.total}"} for r in res.students]


def progress(res: Results) -> list[dict[str, Any]]:
    return [{"Student": r.name, "Answered": len(r.answers), "Of": res.total,
             "Status": "finished" if res.finished(r) else "answering"} for r in res.students]


def leaderboard(res: Results) -> list[dict[str, Any]]:
    """Most right first; among equals, who finished their last answer first."""
    ranked = sorted(res.students, key=lambda r: (-r.right, r.last_at, r.name))
    return [{"Rank": n, "Student": r.name, "Right": r.right, "Of": res.total,
             "Finished": "yes" if res.finished(r) else "no"} for n, r in enumerate(ranked, start=1)]


def per_question(res: Results) -> list[dict[str, Any]]:
    """One row per question; "% correct" is None until someone has answered it (shown as "—", never 0 %)."""
    return [{"Question": it.short, "Scenario": it.title, "Prompt": it.prompt, "Answered": it.answered,
             "% correct": it.percent,
             "Most common wrong answer": f"{it.misconception} ({it.misconception_count})" if it.misconception else "—",
             "Correct answer": it.answer_label} for it in res.items]


def _safe(value: object) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(lib: Library, res: Results) -> str:
    """One row per student and question (unanswered ones too); ``language`` is the one the student met the
    question in. Texts (prompt, answer) are in English, so the rows of one question read alike whatever
    language each student answered in; ``question_id`` identifies it."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["session", "quiz", "student", "language", "question", "scenario", "question_id", "prompt", "answer",
                "correct", "timed_out", "answered_at", "score"])
    for r in res.students:
        for it, item in zip(res.items, res.session.spec.items):
            a = r.answers.get(it.index)
            shown = ""
            if a is not None and a.given is not None and available(lib, item):
                scn, q = resolve(lib, item)
                shown = label_of(scn, q, a.given)
            w.writerow([_safe(x) for x in (
                res.session.code, res.session.spec.title, r.name, r.language_of(it.index), it.short, item.scenario,
                item.question, it.prompt,
                shown, "" if a is None else ("yes" if a.correct else "no"),
                "" if a is None else ("yes" if a.timed_out else "no"),
                "" if a is None else a.answered_at.isoformat(timespec="seconds"), f"{r.right}/{res.total}")])
    return buf.getvalue()
