"""A teacher's class (issue 25, item 4): learners join once with the class code under the name they choose;
the class page shows each one's right/seen ratio per rule over lessons, practice and class quizzes, the rules
the class misses most and who has not practised this week. On SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor import classes, learners, store
from tutor.library import default_library
from tutor.practice import store as pstore
from tutor.quiz import passcode, service
from tutor.quiz.paced import deciding_rule
from tutor.quiz.spec import Item, QuizSpec, asked
from tutor.quiz.tables import now

ROOT = Path(__file__).resolve().parents[2]
LIB = default_library()
LESSON = LIB.lessons["mc.defense_1"]


def _lesson_answers(right: bool) -> tuple[dict[str, dict], list[str]]:
    """Answers to the lesson's question slides (all right or all wrong) and their deciding rules."""
    answers, rules = {}, []
    for index, slide in LESSON.question_slides:
        scn = LIB.scenarios[slide.scenario]
        qid = slide.question or scn.questions[0].id
        answers[str(index)] = {"given": None, "correct": right}
        rules.append(deciding_rule(LIB, Item(scenario=scn.id, question=qid)))
    return answers, rules


def _setup(url: str | None) -> tuple[classes.ClassInfo, str, str, str]:
    info = classes.create_class("4B <b>", url)
    ana, ben, cid = learners.new_id(), learners.new_id(), learners.new_id()
    who = classes.clients("s", "10.0.0.1")
    assert classes.join_class(info.code.lower(), ana, "Ana", who, url).title == "4B <b>"
    assert classes.join_class(info.code, ana, "Someone else", who, url).already  # once: nothing changes
    assert classes.join_class(info.code, ben, "ANA", who, url).why is not None  # a name that looks the same
    assert classes.join_class(info.code, ben, "<i>Ben</i>", who, url).title
    assert classes.join_class(info.code, cid, "Cid", who, url).title
    right, _ = _lesson_answers(True)
    wrong, _ = _lesson_answers(False)
    store.save_progress(ana, store.Progress(LESSON.id, answers=right, finished=True), url)
    store.save_progress(ben, store.Progress(LESSON.id, answers=wrong), url)
    pstore.record(ana, "regicide", "it-1", "REG.suffer.discard", False, url)
    pstore.record(ben, "regicide", "it-2", "REG.suffer.discard", True, url, now=now() - timedelta(days=10))
    return info, ana, ben, cid


def test_join_once_and_mastery_from_lessons_practice_and_quizzes(db_url: str) -> None:
    info, ana, ben, cid = _setup(db_url)
    # Cid takes a class quiz from the app (with his learner id) and misses its question
    item = Item(scenario=LESSON.question_slides[0][1].scenario,
                question=LESSON.question_slides[0][1].question or LIB.scenarios[LESSON.question_slides[0][1].scenario].questions[0].id)
    sess = service.start_session(service.save_quiz(QuizSpec(title="Q", items=[item]), db_url), db_url)
    tok = service.join(sess.code, "Cid", ["sid:x"], db_url, learner=cid).token
    assert tok
    service.submit(LIB, tok, 0, "surely-not-" + str(asked(LIB, item).answer), db_url)

    rep = classes.report(LIB, info.id, db_url)
    assert sorted(n for _, n in rep.members) == sorted(["Ana", "<i>Ben</i>", "Cid"])  # the names they chose
    _, rules = _lesson_answers(True)
    rule = ("marvel_champions", rules[0])
    assert rep.ratio(ana, rule) == 1.0 and rep.ratio(ben, rule) == 0.0 and rep.ratio(cid, rule) == 0.0
    assert rep.ratio(ana, ("regicide", "REG.suffer.discard")) == 0.0
    assert rep.ratio(ben, ("regicide", "REG.suffer.discard")) == 1.0
    assert rep.ratio(cid, ("regicide", "REG.suffer.discard")) is None  # never met
    top = rep.most_missed()
    assert top[0][0] == rule and top[0][1] >= 2  # Ben's lesson and Cid's quiz
    assert rep.not_practised(now()) == [n for lrn, n in rep.members if lrn != ana]  # Ben: 10 days ago; Cid: never
    assert ("4B <b>", "Ana") in classes.memberships(ana, db_url)


def test_a_wrong_class_code_counts_against_the_caps(db_url: str) -> None:
    me = learners.new_id()
    who = classes.clients("g", "10.1.1.1")
    for _ in range(5):
        assert classes.join_class("ZZZZZ", me, "X", who, db_url).why is not None
    info = classes.create_class("C", db_url)
    assert "Too many" in str(classes.join_class(info.code, me, "X", who, db_url).why)


def test_the_class_page_shows_names_escaped_and_the_grid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import class_view
    from ui.state import QuizKeys

    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")
    info, ana, ben, cid = _setup(None)  # the default database of RULES_TUTOR_DATA
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("ui/pages/teacher.py")
    at.query_params["class"] = info.code
    at.run()
    assert not at.get("table")  # locked: the passcode first
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")
    at.button(key=QuizKeys.UNLOCK).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]  # (the app's guard shows faults as errors)
    body = "".join(e.proto.body for e in at.get("html"))
    assert "4B &lt;b&gt;" in body and "&lt;i&gt;Ben&lt;/i&gt;" in body and "<i>Ben" not in body
    assert 'data-testid="rt-class-mastery"' in body and "100 %" in body and "0 %" in body
    idle = [e.proto.body for e in at.get("html") if "rt-class-idle" in e.proto.body][0]
    assert "Cid" in idle and "Ana" not in idle
    csv_text = class_view.to_csv(classes.report(LIB, info.id))
    assert csv_text.splitlines()[0].startswith("Student,") and len(csv_text.splitlines()) == 4


def _one_question_quiz(url: str | None) -> tuple[service.SessionInfo, Item]:
    slide = LESSON.question_slides[0][1]
    item = Item(scenario=slide.scenario, question=slide.question or LIB.scenarios[slide.scenario].questions[0].id)
    return service.start_session(service.save_quiz(QuizSpec(title="Q", items=[item]), url), url), item


def test_a_quiz_joined_with_the_class_code_counts_on_the_class_page_whatever_the_link(db_url: str) -> None:
    """Issue 25: a phone that scanned the quiz's QR code has no learner id; with the class code and the name
    they joined the class under, the student's answers count for them. With a learner id, the class code
    links that learner to the class, once."""
    info, ana, _ben, _cid = _setup(db_url)
    sess, item = _one_question_quiz(db_url)
    who = classes.clients("phone", "10.0.0.9")
    assert classes.quiz_learner("", "Ana", None, who, db_url) == classes.QuizLink(None)  # no class code: nobody
    link = classes.quiz_learner(info.code.lower(), " ana ", None, who, db_url)  # no ?u=: the member of that name
    assert link.learner == ana and link.why is None
    decides = deciding_rule(LIB, item)
    assert decides is not None
    rule = ("marvel_champions", decides)
    right, seen = classes.report(LIB, info.id, db_url).seen[ana].get(rule, [0, 0])
    tok = service.join(sess.code, "Ana", ["sid:phone"], db_url, learner=link.learner).token
    assert tok
    service.submit(LIB, tok, 0, "surely-not-" + str(asked(LIB, item).answer), db_url)
    assert classes.report(LIB, info.id, db_url).seen[ana][rule] == [right, seen + 1]  # her missed quiz answer
    # a name nobody joined the class under is refused (nothing counted for anyone), and so is a wrong class code
    assert "Nobody joined this class" in str(classes.quiz_learner(info.code, "Zed", None, who, db_url).why)
    assert "No class has this code" in str(classes.quiz_learner("QQQQQ", "Ana", None, who, db_url).why)
    # a learner id in the link and the class code: that learner joins the class (once) under the quiz name
    dee = learners.new_id()
    assert classes.quiz_learner(info.code, "Dee", dee, who, db_url).learner == dee
    assert classes.quiz_learner(info.code, "Dee again", dee, who, db_url).learner == dee
    assert classes.memberships(dee, db_url) == [("4B <b>", "Dee")]


def test_the_join_page_takes_a_class_code_and_links_the_student(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The join page opened from the quiz's QR code (no ``?u=``): with the class code, the student's quiz counts
    for the member of that name; a name not in the class is refused on the page, and no student is made."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from tutor.quiz.tables import Student
    from ui.state import QuizKeys

    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    info, ana, _ben, _cid = _setup(None)
    sess, _item = _one_question_quiz(None)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("ui/pages/join.py")
    at.query_params["code"] = sess.code
    at.run()
    at.text_input(key=QuizKeys.NAME).input("Zed")
    at.text_input(key=QuizKeys.CLASS).input(info.code)
    at.button(key=QuizKeys.JOIN).click().run()
    assert any("Nobody joined this class" in e.value for e in at.error)
    at.text_input(key=QuizKeys.NAME).input("Ana")
    at.button(key=QuizKeys.JOIN).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    with Session(store.engine()) as s:
        assert [(r.name, r.learner_id) for r in s.scalars(select(Student).where(Student.session_id == sess.id))] == [
            ("Ana", ana)]
    assert "u" not in at.query_params  # the page does not become Ana's learner page: only her quiz counts for her
