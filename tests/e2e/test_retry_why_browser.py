"""A second try with a hint, and "Why?" after Check, in Chromium (issues 26 item 2 and 23 item 5).

Dungeon Mayhem lesson 1, question 1 (Lia's hit points after Sutha's attack): a wrong number, "Try again", "Hint"
(the deciding rule, never the number), the right number → half a point; then "Why?" on Lia's hit points opens
the chain of steps that changed them. At 1280 px and on a 390 px phone. Answers come from the engine.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, engine_answer, open_page, wait_idle, walk_to
from tests.ids import uid
from tutor.games import plugin
from tutor.lessons import slide_question
from tutor.library import default_library
from tutor.models import QuestionSlide
from tutor.why import whys

pytestmark = pytest.mark.browser

LESSON = "dm.1_cards"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_wrong_then_try_again_with_a_hint_then_right_then_why(browser: object, server: Server, width: str) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    phone = width == "phone"
    context = browser.new_context(viewport=WIDTHS[width], is_mobile=phone, has_touch=phone)  # type: ignore[attr-defined]
    page: Page = context.new_page()
    page.set_default_timeout(15_000)
    open_page(page, f"{server.url}/lesson?lesson={LESSON}&u={uid('retrywhy' + width)}")
    slide = walk_to(page, lib, lesson, lambda s: True)
    scn, q = slide_question(lib, slide)
    asked = lib.asked(scn.id, q.id)
    right = engine_answer(lib, slide)

    answer(page, lib, slide, right=False, give_up=False)
    status = page.get_by_role("status")
    expect(status).to_contain_text("Not quite.")
    expect(status).to_contain_text("You may try once more")
    expect(page.locator(".rt-answer-review")).to_have_count(0)  # the answer is not shown yet
    shot(page, f"retry-{width}-offer")
    page.get_by_role("button", name="Try again").click()
    wait_idle(page)
    expect(page.get_by_test_id("rt-second-try")).to_be_visible()

    page.get_by_role("button", name="Hint").click()
    wait_idle(page)
    hint = page.get_by_test_id("rt-hint")
    rule = asked.explanation.deciding_step.rule
    expect(hint).to_have_attribute("data-rule", rule)
    expect(hint).to_contain_text(f"Look at this rule: {plugin(scn.game).glossary[rule].title}")
    hint.scroll_into_view_if_needed()
    shot(page, f"retry-{width}-hint")

    answer(page, lib, slide, right=True)
    expect(status).to_contain_text("Right, with help: half a point.")

    first = whys(asked)[0]
    question = f"Why does {q.of} have {right} hit points?"
    assert str(first.question) == question
    page.get_by_text("Why? Ask about anything that changed", exact=True).click()
    page.get_by_text(question, exact=True).click()
    item = page.locator(f"details.rt-why-item[data-key='{' '.join(first.key)}']")
    expect(item).to_have_attribute("open", "")
    for step, before, after in first.links:
        expect(item).to_contain_text(f"{before} → {after}")
        expect(item).to_contain_text(step.text)
    expect(item).to_contain_text(f"At the question's moment: {right}")
    item.scroll_into_view_if_needed()
    shot(page, f"why-{width}-chain")

    start = next(i for i, s in enumerate(lesson.slides) if s is slide)
    for later in lesson.slides[start + 1:]:  # the rest right, to the result
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
        if isinstance(later, QuestionSlide):
            answer(page, lib, later, right=True)
    page.get_by_role("button", name="Continue").click()
    wait_idle(page)
    n = len(lesson.question_slides)
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n - 1}½ / {n}")
    expect(page.get_by_test_id("rt-helped")).to_contain_text("1 right with help")
    shot(page, f"retry-{width}-result")
    context.close()
