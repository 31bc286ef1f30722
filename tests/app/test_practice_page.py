"""AppTest of the Practice page, tried as a new learner would: thirty items in a row on one rule, with no
repeat and no give-away, feedback that leads with the deciding rule, and the mastery of the rule moving on
the progress view; the streak counts the day; a reload keeps the progress."""

from __future__ import annotations

import html
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutor.practice.core import ask
from tutor.practice.generate import give_away
from tutor.questions import part_views
from ui.state import PracticeKeys as K
from tests.app.conftest import ROOT, html_of
from tests.ids import uid

RULE = "REG.damage.deal"


def practice_app(learner: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["u"] = uid(learner)
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page("ui/pages/practice.py").run()
    assert not at.exception
    return at


def answer(at: AppTest, item: dict[str, Any], right: bool) -> str | None:
    """Answer the item right or wrong; a wrong answer is a misreading's where the item has one (its feedback
    is returned)."""
    from tutor.practice.misreadings import misreading_of, wrong_answers

    asked = ask(item["game"], item["data"])
    view = part_views(asked.scenario, asked.question, asked.solution)[0]
    key = K.answer(item["id"], view.key)
    value = asked.answer
    rules = [s.rule for s in asked.explanation.steps]
    misread = [] if right else wrong_answers(item["game"], item["data"], rules, value)
    if misread and view.kind in ("number", "choice"):
        w = misread[0]
        if view.kind == "number":
            at.number_input(key=key).set_value(w.answer).run()
        else:
            at.radio(key=key).set_value(w.answer).run()
        at.button(key=K.CHECK).click().run()
        named = misreading_of(item["game"], item["data"], w.answer)
        return named.feedback if named is not None else None
    if view.kind == "number":
        at.number_input(key=key).set_value(value if right else value + 1).run()
    elif view.kind == "yes_no":
        at.radio(key=key).set_value(value if right else not value).run()
    else:
        other = next(c.key for c in view.choices if c.key != value)
        at.radio(key=key).set_value(value if right else other).run()
    at.button(key=K.CHECK).click().run()
    return None


def mastery_of(at: AppTest, rule: str) -> int:
    at.segmented_control(key=K.VIEW).set_value("progress").run()
    body = html_of(at)
    start = body.index(f'data-rule="{rule}"')
    pct = int(body[body.index('data-mastery="', start) + 14: body.index('"', body.index('data-mastery="', start) + 14)])
    at.segmented_control(key=K.VIEW).set_value("practise").run()
    return pct


def test_thirty_items_on_one_rule_no_repeat_no_give_away_and_mastery_moves() -> None:
    at = practice_app("apptestpr01", game="regicide", rule=RULE)
    assert "Rule: Deal damage" in html_of(at)
    assert mastery_of(at, RULE) == 0
    seen: list[str] = []
    masteries = []
    names_seen: list[str] = []
    for n in range(30):
        item = at.session_state[K.ITEM]
        assert item["rule"] == RULE and item["id"] not in seen
        seen.append(item["id"])
        asked = ask(item["game"], item["data"])
        assert asked.explanation.deciding_step.rule == RULE
        assert give_away(asked) == []  # the board before the answer hides it
        assert 'id="rt-verdict"' not in html_of(at)
        right = n % 4 != 3
        named = answer(at, item, right)
        body = html_of(at)
        if named is not None:  # the feedback names the misreading the wrong answer comes from
            names_seen.append(named)
            assert 'data-testid="rt-misreading"' in body and html.escape(named) in body
        assert ("Right!" if right else "Not quite.") in body
        assert f'data-rule="{RULE}"' in body  # the feedback leads with the deciding rule
        if n in (0, 2, 3, 29):
            masteries.append(mastery_of(at, RULE))
        at.button(key=K.NEXT).click().run()
        assert not at.exception
    assert len(set(seen)) == 30
    # the first answer moves the rule from new (0) to learnt; a miss lowers it (right answers crammed into
    # one sitting add little: FSRS builds stability from answers spaced over days)
    assert masteries[0] > 0 and masteries[1] >= masteries[0] and masteries[2] < masteries[1]
    assert "Streak: 1 day" in html_of(at) and "30 items answered" in html_of(at)
    again = practice_app("apptestpr01", game="regicide", rule=RULE)  # a later visit from the same link
    assert "30 items answered" in html_of(again) and mastery_of(again, RULE) == masteries[-1]


def test_the_lesson_result_offers_practise_what_i_missed() -> None:
    from tutor import store as base_store
    from tutor.library import default_library

    lib = default_library()
    lesson = lib.lessons_for("regicide")[1]
    qs = [i for i, _ in lesson.question_slides]
    answers = {str(i): {"given": None, "correct": i != qs[0]} for i in qs}  # the first question missed
    learner = uid("apptestpr02")
    base_store.save_progress(learner, base_store.Progress(lesson.id, slide=len(lesson.slides), phase="ask",
                                                          answers=answers, finished=True))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["u"] = learner
    at.query_params["lesson"] = lesson.id
    at.switch_page("ui/pages/lesson.py").run()
    assert not at.exception
    links = {link.proto.label: link.proto for link in at.get("page_link")}
    link = links["Practise what I missed"]
    assert link.page == "practice"
    slide = lesson.slides[qs[0]]
    missed_rule = lib.asked(slide.scenario, slide.question).explanation.deciding_step.rule
    assert f"rules={missed_rule}" in link.query_string and f"lesson={lesson.id}" in link.query_string
    practice = practice_app("apptestpr02", game="regicide", lesson=lesson.id, rules=missed_rule)
    body = html_of(practice)
    assert f"What you missed in {lesson.title}" in body
    item = practice.session_state[K.ITEM]
    assert item is not None and (item["rule"] == missed_rule or missed_rule not in
                                 __import__("tutor.practice.service", fromlist=["x"]).practisable("regicide"))


def test_the_next_day_the_page_offers_the_due_rule_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Day one: a miss on the first rule, a right answer on the next. The next day (the page's clock moved)
    the missed rule comes back first, marked due for review, before any new rule."""
    from datetime import datetime, timedelta, timezone

    import ui.practice_view as view

    day1 = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
    monkeypatch.setattr(view, "_now", lambda: day1)
    at = practice_app("apptestpr03", game="regicide")
    first = at.session_state[K.ITEM]
    answer(at, first, right=False)
    at.button(key=K.NEXT).click().run()
    second = at.session_state[K.ITEM]
    assert second["rule"] != first["rule"] and second["new"]
    answer(at, second, right=True)
    monkeypatch.setattr(view, "_now", lambda: day1 + timedelta(days=1))
    later = practice_app("apptestpr03", game="regicide")
    item = later.session_state[K.ITEM]
    assert item["rule"] == first["rule"] and item["due"] and item["id"] != first["id"]
    assert "Due for review" in html_of(later)
