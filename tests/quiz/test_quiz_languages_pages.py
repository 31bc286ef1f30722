"""AppTest: one student takes a class quiz in Vietnamese, another in English; the teacher's live results count
both answers under the same question, and the CSV says who answered in which language."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.library import default_library
from tutor.models import ScenarioBase
from tutor.questions import part_views
from tutor.quiz import passcode, results, service
from tutor.quiz.spec import Item, QuizSpec, catalogue, resolve
from ui.state import QuizKeys

ROOT = Path(__file__).resolve().parents[2]
LIB = default_library()


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.delenv(passcode.ENV, raising=False)


def _translated_item() -> tuple[Item, str, str]:
    """A one-part choice question whose scenario has a current Vietnamese translation of its prompt."""
    for e in catalogue(LIB, lessons=["mc.defense_1", "mc.defense_2"]):
        scn, q = resolve(LIB, e.item)
        shown = LIB.in_language(scn.id, "vi")
        assert isinstance(shown, ScenarioBase)
        if q.parts is None and part_views(scn, q)[0].choices and shown.question(q.id).prompt != q.prompt:
            return e.item, q.prompt, shown.question(q.id).prompt
    raise AssertionError("no translated choice question in the Defense lessons")


def _student(code: str, name: str, lang: str | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    if lang:
        at.query_params["lang"] = lang
    at.switch_page("ui/pages/join.py")
    at.run()
    at.text_input(key=QuizKeys.CODE).input(code)
    at.text_input(key=QuizKeys.NAME).input(name)
    at.button(key=QuizKeys.JOIN).click().run()
    assert not at.exception and at.query_params.get("s")
    return at


def _html(at: AppTest) -> str:
    return "\n".join(e.proto.body for e in at.get("html"))


def test_students_in_two_languages_are_counted_under_one_question(monkeypatch: pytest.MonkeyPatch) -> None:
    item, english, vietnamese = _translated_item()
    sess = service.start_session(service.save_quiz(QuizSpec(title="Mixed class", items=[item])))
    right = LIB.asked(item.scenario, item.question).answer

    part = part_views(*resolve(LIB, item))[0]
    wrong = next(c.key for c in part.choices if not (c.key == right and type(c.key) is type(right)))

    ana = _student(sess.code, "Ana", "vi")
    assert ana.header[0].value.replace("\\", "") == vietnamese  # the prompt in Vietnamese (Markdown-escaped)
    ana.radio(key=QuizKeys.answer(0, part.key)).set_value(right).run()
    ana.button(key=QuizKeys.SUBMIT).click().run()
    assert not ana.exception and "rt-feedback right" in _html(ana)

    ben = _student(sess.code, "Ben", None)
    assert ben.header[0].value.replace("\\", "") == english
    ben.radio(key=QuizKeys.answer(0, part.key)).set_value(wrong).run()
    ben.button(key=QuizKeys.SUBMIT).click().run()
    assert not ben.exception and "Not quite." in _html(ben)

    res = results.load(LIB, sess.id)
    assert [(it.answered, it.right, dict(it.languages)) for it in res.items] == [(2, 1, {"vi": 1, "en": 1})]
    rows = {r["student"]: r for r in csv.DictReader(io.StringIO(results.to_csv(LIB, res)))}
    assert (rows["Ana"]["language"], rows["Ben"]["language"]) == ("vi", "en")
    assert rows["Ana"]["question_id"] == rows["Ben"]["question_id"] and rows["Ana"]["prompt"] == english

    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")
    for lang, prompt in ((None, english), ("vi", vietnamese)):  # the teacher's own language: the same counts
        summary = _summary(_teacher(lang))
        assert summary.count("<li>") == 1 and "50 %" in summary and prompt in summary.replace("&#x27;", "'")
        assert "Tiếng Việt 1" in summary and "English 1" in summary  # how many answered in each language
    assert "2 answers so far" in _summary(_teacher(None))


def _teacher(lang: str | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    if lang:
        at.query_params["lang"] = lang
    at.switch_page("ui/pages/teacher.py")
    at.run()
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")
    at.button(key=QuizKeys.UNLOCK).click().run()
    assert not at.exception
    return at


def _summary(at: AppTest) -> str:
    return [e.proto.body for e in at.get("html") if "rt-question-summary" in e.proto.body][0]


def test_every_label_of_the_student_page_goes_through_the_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pseudo-translation of Vietnamese («…» around every interface string): the join form, the question page
    and the feedback show no interface string that skipped the catalogs."""
    from tutor import i18n

    def fake(code: str | None, text: str, game: str | None = None) -> str:
        return f"«{text}»" if code == "vi" else text

    def fake_n(code: str | None, one: str, many: str, n: int, game: str | None = None) -> str:
        return f"«{one if n == 1 else many}»" if code == "vi" else (one if n == 1 else many)

    monkeypatch.setattr(i18n, "gettext_in", fake)
    monkeypatch.setattr(i18n, "ngettext_in", fake_n)
    from ui import student_view
    monkeypatch.setattr(student_view, "_html", {})  # boards and verdicts drawn with the real catalogs are cached
    item, _english, _vietnamese = _translated_item()
    sess = service.start_session(service.save_quiz(QuizSpec(title="T", items=[item])))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = "vi"
    at.switch_page("ui/pages/join.py")
    at.run()
    assert at.button(key=QuizKeys.JOIN).label == "«Join»"
    assert at.text_input(key=QuizKeys.NAME).label == "«Your name»" and "«Join your class»" in _html(at)
    at.text_input(key=QuizKeys.CODE).input(sess.code)
    at.text_input(key=QuizKeys.NAME).input("Ana")
    at.button(key=QuizKeys.JOIN).click().run()
    assert at.button(key=QuizKeys.SUBMIT).label == "«Submit»" and "«Question 1 of 1»" in _html(at)
    part = part_views(*resolve(LIB, item))[0]
    radio = at.radio(key=QuizKeys.answer(0, part.key))
    assert radio.label.startswith("«") and all(o.startswith("«") for o in radio.options)  # fixed phrases, pseudo-translated
    radio.set_value(LIB.asked(item.scenario, item.question).answer).run()
    at.button(key=QuizKeys.SUBMIT).click().run()
    page = _html(at)
    assert "«Right!»" in page and "«Correct answer: {answer}»" not in page and "«Correct answer: " in page
    assert at.button(key=QuizKeys.NEXT).label == "«See my score»"
