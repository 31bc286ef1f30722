"""Classes: a teacher's class (a title and a class code) and the learners who joined it, and how the class
stands on each rule.

A learner joins a class once, with the teacher's class code and the name the teacher should see; that links
their learner id (``?u=``, :mod:`tutor.learners`) to the class, so the class page reads their progress where it
already is. Wrong class codes are capped like wrong join codes (:mod:`tutor.quiz.ratelimit`, counters of their
own).

**Mastery per rule** (:func:`report`) is a plain right/seen ratio, per learner and per (game, rule), over:

- lessons: each question slide the learner has answered (its latest answer), under the rule that decides it;
- practice: every practice answer (each is recorded under its deciding rule);
- quizzes: every answer given in a class quiz the learner joined with their learner id (``?u=``), or with the
  class code and the name they joined the class under (:func:`quiz_learner`: a phone that scanned the quiz's
  QR code has no learner id).

The deciding rule of a lesson or quiz question is the engine's (:func:`tutor.quiz.paced.deciding_rule`), never
a guess. FSRS's retrievability is not used: it exists only for practised rules, and a ratio reads the same
for the three sources.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Iterable

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from engine.core.message import Message, msg
from tutor import store
from tutor.quiz import codes, names, ratelimit
from tutor.quiz.joining import clean_name
from tutor.quiz.tables import now, utc
from tutor.store import Base

WEEK = timedelta(days=7)


class SchoolClass(Base):
    __tablename__ = "school_class"
    __table_args__ = (UniqueConstraint("code", name="uq_school_class_code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(8))
    title: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ClassMember(Base):
    __tablename__ = "class_member"
    __table_args__ = (UniqueConstraint("class_id", "name", name="uq_class_member_name"),)

    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id"), primary_key=True)
    learner_id: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


@dataclass(frozen=True)
class ClassInfo:
    id: int
    code: str
    title: str


def create_class(title: str, url: str | None = None) -> ClassInfo:
    title = (title or "").strip()[:80]
    if not title:
        raise ValueError("a class needs a title")
    with store.writing(url) as s:
        taken = set(s.scalars(select(SchoolClass.code)))
        code = codes.new_code(secrets.SystemRandom())
        while code in taken:
            code = codes.new_code(secrets.SystemRandom())
        row = SchoolClass(code=code, title=title, created_at=now())
        s.add(row)
        s.flush()
        return ClassInfo(row.id, row.code, row.title)


def classes(url: str | None = None) -> list[ClassInfo]:
    with Session(store.engine(url)) as s:
        return [ClassInfo(r.id, r.code, r.title) for r in s.scalars(select(SchoolClass).order_by(SchoolClass.id.desc()))]


def memberships(learner: str, url: str | None = None) -> list[tuple[str, str]]:
    """(class title, the name the learner joined it under) of each class the learner is in."""
    with Session(store.engine(url)) as s:
        return [(t, n) for t, n in s.execute(select(SchoolClass.title, ClassMember.name).join(
            ClassMember, ClassMember.class_id == SchoolClass.id).where(ClassMember.learner_id == learner))]


@dataclass(frozen=True)
class Joined:
    title: str | None = None
    already: bool = False  # the learner was in this class already (nothing changed)
    why: Message | None = None


def clients(session: str, address: str) -> list[str]:
    return [f"sid:class:{session}"[:80], f"ip:class:{address}"[:80]]


def _the_class(s: Session, code: str, who: list[str]) -> SchoolClass | Message:
    """The class of a (normalized) code, or why not: too many wrong codes from these clients (shared with the join
    code's limit), or no such class (a wrong code counts toward that limit)."""
    refused = ratelimit.too_many(s, who)
    if refused is not None:
        return refused
    row = s.scalar(select(SchoolClass).where(SchoolClass.code == code)) if codes.is_well_formed(code) else None
    if row is None:
        ratelimit.record_failure(s, who)
        return msg("No class has this code. Check it with your teacher.")
    return row


def join_class(code: str, learner: str, name: str, who: Iterable[str], url: str | None = None) -> Joined:
    """Link ``learner`` to the class of ``code`` under ``name``, once (a second join changes nothing)."""
    who = list(who)
    code, name = codes.normalize(code), clean_name(name)
    if not name:
        return Joined(why=msg("Type your name (as your teacher should see it)."))
    with store.writing(url) as s:
        row = _the_class(s, code, who)
        if isinstance(row, Message):
            return Joined(why=row)
        if s.get(ClassMember, (row.id, learner)) is not None:
            return Joined(title=row.title, already=True)
        looks = names.skeleton(name)
        if any(names.skeleton(n) == looks for n in s.scalars(select(ClassMember.name).where(ClassMember.class_id == row.id))):
            return Joined(why=msg("This name is already taken (or one that looks the same): add a letter or a number."))
        s.add(ClassMember(class_id=row.id, learner_id=learner, name=name, joined_at=now()))
        return Joined(title=row.title)


@dataclass(frozen=True)
class QuizLink:
    """Whose class-quiz answers these are on the class page (None: nobody's), or why the join is refused."""

    learner: str | None = None
    why: Message | None = None


def quiz_learner(code: str, name: str, learner: str | None, who: Iterable[str], url: str | None = None) -> QuizLink:
    """The learner a student joining a class quiz with their class code ``code`` answers as, whatever link they
    used: the learner of the page (``?u=``), linked to the class once (:func:`join_class`); on a page with no
    learner (a phone that scanned the quiz's QR code), the member of the class who joined it under ``name``.
    No class code: the page's learner, if any, as before. A wrong class code counts against the caps.

    The class code is shared by the class, so a student could type a classmate's name: their answers would count
    for the classmate on the class page, and nothing of the classmate's is shown to them (the page never takes
    that learner id); the quiz takes one student per name, so the classmate, joining after, is refused and tells
    the teacher, who sees every name in the lobby."""
    if not codes.normalize(code or ""):
        return QuizLink(learner)
    if learner is not None:
        joined = join_class(code, learner, name, who, url)
        return QuizLink(learner) if joined.why is None else QuizLink(why=joined.why)
    who, code, name = list(who), codes.normalize(code), clean_name(name)
    if not name:
        return QuizLink(why=msg("Type your name (as your teacher should see it)."))
    with store.writing(url) as s:
        row = _the_class(s, code, who)
        if isinstance(row, Message):
            return QuizLink(why=row)
        looks = names.skeleton(name)
        found = [m.learner_id for m in s.scalars(select(ClassMember).where(ClassMember.class_id == row.id))
                 if names.skeleton(m.name) == looks]
    if not found:
        return QuizLink(why=msg("Nobody joined this class under this name: type the name you joined it with."))
    return QuizLink(found[0])


# -- how the class stands ----------------------------------------------------------------------------
@dataclass
class Report:
    members: list[tuple[str, str]]  # (learner id, name), by name
    seen: dict[str, dict[tuple[str, str], list[int]]] = field(default_factory=dict)  # learner -> (game, rule) -> [right, seen]
    practised: dict[str, datetime | None] = field(default_factory=dict)  # learner -> their latest practice answer

    def rules(self) -> list[tuple[str, str]]:
        return sorted({r for per in self.seen.values() for r in per})

    def ratio(self, learner: str, rule: tuple[str, str]) -> float | None:
        got = self.seen.get(learner, {}).get(rule)
        return got[0] / got[1] if got and got[1] else None

    def most_missed(self, n: int = 5) -> list[tuple[tuple[str, str], int, int]]:
        """The rules the class misses most: ((game, rule), wrong answers, answers), most wrong first."""
        total: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        for per in self.seen.values():
            for rule, (right, seen) in per.items():
                total[rule][0] += seen - right
                total[rule][1] += seen
        rows = [(rule, wrong, seen) for rule, (wrong, seen) in total.items() if wrong]
        return sorted(rows, key=lambda r: (-r[1], -r[1] / r[2], r[0]))[:n]

    def not_practised(self, at: datetime, within: timedelta = WEEK) -> list[str]:
        """Names of the members with no practice answer in the last ``within``."""
        return [name for learner, name in self.members
                if (last := self.practised.get(learner)) is None or utc(last) < at - within]


def _rule_of(lib: Any, scenario: str, question: str, cache: dict[tuple[str, str], str | None]) -> str | None:
    from tutor.quiz.paced import deciding_rule
    from tutor.quiz.spec import Item

    key = (scenario, question)
    if key not in cache:
        try:
            cache[key] = deciding_rule(lib, Item(scenario=scenario, question=question))
        except KeyError:
            cache[key] = None
    return cache[key]


def report(lib: Any, class_id: int, url: str | None = None) -> Report:
    """Each member's right/seen per (game, rule) from lessons, practice and quizzes (see the module's doc)."""
    from tutor.practice.store import PracticeAnswer
    from tutor.quiz import spec as S
    from tutor.quiz.tables import Answer, QuizSession, Student
    from tutor.store import LessonProgress

    cache: dict[tuple[str, str], str | None] = {}
    with Session(store.engine(url)) as s:
        members = [(m.learner_id, m.name) for m in s.scalars(
            select(ClassMember).where(ClassMember.class_id == class_id).order_by(ClassMember.name))]
        rep = Report(members, {m: defaultdict(lambda: [0, 0]) for m, _ in members}, {m: None for m, _ in members})
        ids = [m for m, _ in members]
        if not ids:
            return rep

        def count(learner: str, game: str, rule: str | None, correct: bool) -> None:
            if rule is not None:
                cell = rep.seen[learner][(game, rule)]
                cell[0] += int(bool(correct))
                cell[1] += 1

        for p in s.scalars(select(LessonProgress).where(LessonProgress.learner_id.in_(ids))):
            lesson = lib.lessons.get(p.lesson_id)
            if lesson is None:
                continue
            slides = dict(lesson.question_slides)
            for index, a in (p.answers or {}).items():
                slide = slides.get(int(index)) if str(index).isdigit() else None
                scn = lib.scenarios.get(slide.scenario) if slide is not None else None
                if slide is None or scn is None or not isinstance(a, dict):
                    continue
                qid = slide.question or scn.questions[0].id
                count(p.learner_id, scn.game, _rule_of(lib, scn.id, qid, cache), bool(a.get("correct")))
        for a in s.scalars(select(PracticeAnswer).where(PracticeAnswer.learner_id.in_(ids))):
            count(a.learner_id, a.game, a.rule, a.correct)
            last = rep.practised.get(a.learner_id)
            if last is None or utc(a.answered_at) > utc(last):
                rep.practised[a.learner_id] = a.answered_at
        rows = s.execute(select(Student.learner_id, Answer.item, Answer.correct, QuizSession.spec)
                         .join(Answer, Answer.student_id == Student.id)
                         .join(QuizSession, QuizSession.id == Student.session_id)
                         .where(Student.learner_id.in_(ids)))
        for learner, item, correct, spec in rows:
            try:
                it = S.QuizSpec.model_validate(spec).items[item]  # the session's own copy of the quiz
                scn, _q = S.resolve(lib, it)
            except (KeyError, IndexError, ValueError):
                continue
            from tutor.quiz.paced import deciding_rule

            count(learner, scn.game, deciding_rule(lib, it), correct)
    return rep
