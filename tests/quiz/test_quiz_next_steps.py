"""A student's result page ends with what to do next: the missed questions with their explanations, a link
to practise their deciding rules, and the next lesson (computed from the quiz, the answers and the engine)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from tutor.library import default_library
from tutor.quiz import service
from tutor.quiz.next_steps import next_steps
from tutor.quiz.paced import deciding_rule
from tutor.quiz.spec import QuizSpec, asked, catalogue
from ui.state import QuizKeys

ROOT = Path(__file__).resolve().parents[2]
LIB = default_library()


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


def _items() -> list:
    """Three questions of the second Defense lesson whose deciding rules differ where they can."""
    return [e.item for e in catalogue(LIB, lessons=["mc.defense_2"])][:3]


def _finished(items: list, right: list[bool]) -> str:
    sess = service.start_session(service.save_quiz(QuizSpec(title="Check", items=items)))
    res = service.join(sess.code, "Ana", ["sid:test"])
    assert res.token
    view = service.student_view(res.token)
    for pos, item in enumerate(view.order):
        answer = asked(LIB, items[item]).answer
        service.submit(LIB, res.token, item, answer if right[pos] else "nothing-like-it")
        service.advance(res.token, pos)
    return res.token


class _A:
    def __init__(self, correct: bool) -> None:
        self.correct = correct


def test_missed_questions_give_their_deciding_rules_and_the_lesson_that_teaches_them() -> None:
    items = _items()
    spec = QuizSpec(title="t", items=items)
    steps = next_steps(LIB, spec, [0, 1, 2], {0: _A(True), 1: _A(False)})  # 2: not answered
    assert steps.missed == (1, 2) and steps.game == "marvel_champions"
    want = list(dict.fromkeys(r for r in (deciding_rule(LIB, items[1]), deciding_rule(LIB, items[2])) if r))
    assert list(steps.rules) == want and want
    assert steps.lesson == "mc.defense_2"  # where the first missed question is taught
    all_right = next_steps(LIB, spec, [0, 1, 2], {i: _A(True) for i in range(3)})
    assert all_right.missed == () and all_right.rules == ()
    assert all_right.lesson == LIB.lessons["mc.defense_2"].next  # the lesson after the one the quiz drew from


def test_the_result_page_ends_with_review_practice_and_the_next_lesson() -> None:
    items = _items()
    token = _finished(items, [True, False, False])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("ui/pages/join.py")
    at.query_params["s"] = token
    at.run()
    assert not at.exception
    body = "".join(e.proto.body for e in at.get("html"))
    assert 'data-testid="rt-quiz-score">1 / 3<' in body
    heads = [x.value for x in at.subheader]
    assert any("Review the 2 questions you missed" in x for x in heads)
    assert [x.value for x in at.header][-1] == "What to do next"
    missed = [x for x in at.expander if x.label.startswith("✗")]
    assert len(missed) == 2 and all("rt-feedback wrong" in "".join(e.proto.body for e in x.get("html"))
                                    for x in missed)  # each with its verdict and explanation
    links = {x.proto.label: x.proto.page for x in at.get("page_link")}
    practise = next(x for x in at.get("page_link") if x.proto.label == "Practise what I missed")
    assert "practice" in practise.proto.page
    query = parse_qs(practise.proto.query_string)
    rules = [r for r in (deciding_rule(LIB, items[i]) for i in range(3)) if r]
    assert query["game"] == ["marvel_champions"] and set(query["rules"][0].split(",")) <= set(rules)
    lesson = LIB.lessons["mc.defense_2"]
    assert lesson.title in links and "lesson" in links[lesson.title]
