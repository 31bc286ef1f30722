"""AppTest: a second try and a hint in a lesson, scored half; and "Why?" after Check (issues 26 item 2, 23 item 5).

The lesson is Dungeon Mayhem's first ("Cards"); its first question asks Lia's hit points after Sutha's attack,
answered by the engine (``lib.asked``), never by the test.
"""

from __future__ import annotations

import html

import re

from streamlit.testing.v1 import AppTest

from tutor.games import plugin
from tutor.lessons import points, record, slide_question
from tutor.library import default_library
from tutor.questions import part_views
from tutor.why import whys
from ui.state import Keys
from tests.app.conftest import ROOT, html_of
from tests.ids import uid

LESSON = "dm.1_cards"
LIB = default_library()


def _first_question() -> tuple[int, str, int]:
    """(slide index, the answer widget's key, the engine's answer) of the lesson's first question."""
    index, slide = LIB.lessons[LESSON].question_slides[0]
    scn, q = slide_question(LIB, slide)
    asked = LIB.asked(scn.id, q.id)
    (view,) = part_views(scn, q, asked.solution)
    assert view.kind == "number"
    return index, Keys.answer(LESSON, index, view.key), asked.answer


def _at_first_question(learner: str) -> tuple[AppTest, int, str, int]:
    index, key, right = _first_question()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lesson"] = LESSON
    at.query_params["u"] = uid(learner)
    at.switch_page("ui/pages/lesson.py")
    at.run()
    at.session_state[Keys.SLIDE] = index
    return at.run(), index, key, right


def _answer(at: AppTest, key: str, value: int) -> None:
    at.number_input(key=key).set_value(value).run()
    at.button(key=Keys.CHECK).click().run()
    assert not at.exception


def test_a_wrong_answer_is_tried_again_without_the_answer_shown_and_a_right_second_try_counts_half() -> None:
    at, index, key, right = _at_first_question("retryhint01")
    _answer(at, key, right + 1)
    assert at.session_state[Keys.PHASE] == "retry"
    body = html_of(at)
    assert "Not quite." in body and "You may try once more" in body
    assert 'class="rt-answer-review' not in body and 'class="rt-decides' not in body  # no solution, no explanation
    assert 'data-masked' in body  # the board still hides what the question asks
    at.button(key=Keys.TRY_AGAIN).click().run()
    assert at.session_state[Keys.PHASE] == "ask" and 'data-testid="rt-second-try"' in html_of(at)
    _answer(at, key, right)
    entry = at.session_state[Keys.ANSWERS][str(index)]
    assert entry == {"given": right, "correct": True, "tries": 2, "hinted": False}
    assert "Right, with help: half a point." in html_of(at)
    assert points(LIB.lessons[LESSON], at.session_state[Keys.ANSWERS]) == 0.5


def test_the_hint_names_the_deciding_rule_and_never_the_answer_and_counts_half() -> None:
    at, index, key, right = _at_first_question("retryhint02")
    _, slide = LIB.lessons[LESSON].question_slides[0]
    scn, q = slide_question(LIB, slide)
    rule = LIB.asked(scn.id, q.id).explanation.deciding_step.rule
    at.button(key=Keys.HINT).click().run()
    hint = next(h.proto.body for h in at.get("html") if 'data-testid="rt-hint"' in h.proto.body)
    assert f'data-rule="{rule}"' in hint
    glossary_title = plugin("dungeon_mayhem").glossary[rule].title
    assert f"Look at this rule: {glossary_title}" in hint
    assert not re.search(rf"\b{right}\b", re.sub(r"<[^>]+>", " ", hint)), "the hint gives the number away"
    assert Keys.HINT not in [b.key for b in at.button]  # asked once: the hint stays, the button goes
    _answer(at, key, right)  # right at the first try, but with a hint
    assert at.session_state[Keys.ANSWERS][str(index)] == {"given": right, "correct": True, "tries": 1,
                                                          "hinted": True}
    assert points(LIB.lessons[LESSON], at.session_state[Keys.ANSWERS]) == 0.5


def test_show_the_answer_settles_it_wrong_and_a_lesson_without_retry_shows_the_solution_at_once() -> None:
    at, index, key, right = _at_first_question("retryhint03")
    _answer(at, key, right + 1)
    at.button(key=Keys.GIVE_UP).click().run()
    assert at.session_state[Keys.ANSWERS][str(index)] == {"given": right + 1, "correct": False, "tries": 1,
                                                          "hinted": False}
    assert 'class="rt-answer-review' in html_of(at)
    lesson = LIB.lessons[LESSON]
    assert lesson.retry and not lesson.model_copy(update={"retry": False}).retry
    answers: dict = {}
    assert record(answers, index, right + 1, False, retry=False) == "feedback"
    assert answers[str(index)]["correct"] is False


def test_the_result_counts_a_helped_answer_half_and_reviews_it() -> None:
    at, index, key, right = _at_first_question("retryhint04")
    _answer(at, key, right + 1)
    at.button(key=Keys.TRY_AGAIN).click().run()
    _answer(at, key, right)
    lesson = LIB.lessons[LESSON]
    at.session_state[Keys.SLIDE] = len(lesson.slides)
    at.run()
    body = html_of(at)
    total = len(lesson.question_slides)
    assert f'data-testid="rt-score">½ / {total}<' in body
    assert "1 right with help (a second try or a hint): half a point" in body
    assert any("Right with help (half a point)" in e.label.replace("\\", "") for e in at.expander)


def test_why_after_check_offers_the_questions_own_quantity_first_with_its_chain() -> None:
    at, index, key, right = _at_first_question("whyapp0001")
    _answer(at, key, right)
    _, slide = LIB.lessons[LESSON].question_slides[0]
    scn, q = slide_question(LIB, slide)
    found = whys(LIB.asked(scn.id, q.id))
    first = found[0]
    assert first.key[1] == "hp" and str(first.question) == f"Why does {q.of} have {right} hit points?"
    body = html_of(at)
    why = body[body.index('data-testid="rt-why-ask"'):]
    assert why.index(f"Why does {q.of} have {right} hit points?") < why.index("Why does", why.index("</details>"))
    for step, before, after in first.links:  # the chain: every step that changed it, before → after
        assert f"{before} → {after}" in why and html.escape(step.text) in why
    assert f"At the question&#x27;s moment: {right}" in why


def test_why_is_not_drawn_where_the_engine_records_no_effects() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lesson"] = "mc.defense_1"
    at.query_params["u"] = uid("whyapp0002")
    at.switch_page("ui/pages/lesson.py")
    at.run()
    index, slide = LIB.lessons["mc.defense_1"].question_slides[0]
    scn, q = slide_question(LIB, slide)
    asked = LIB.asked(scn.id, q.id)
    at.session_state[Keys.SLIDE] = index
    at.session_state[Keys.PHASE] = "feedback"
    at.session_state[Keys.ANSWERS] = {str(index): {"given": asked.answer, "correct": True}}
    at.run()
    assert not at.exception and 'class="rt-decides' in html_of(at)
    assert ('data-testid="rt-why-ask"' in html_of(at)) == bool(whys(asked))
