"""Take Dungeon Mayhem lesson 1 in Chromium, all right -> N / N; screenshots of the Dungeon Mayhem board.

The shared driver (tests/e2e/lesson_driver.py) answers choice and yes/no questions only, so this
module swaps in an ``answer`` that also types number answers; the answers still come from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import lesson_driver
from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import engine_answer, take_lesson, wait_idle
from tutor.lessons import slide_question
from tutor.library import Library, default_library
from tutor.models import QuestionSlide
from tutor.questions import part_views

pytestmark = pytest.mark.browser

LESSON = "dm.1_cards"
_shared_answer = lesson_driver.answer


def answer(page: Page, lib: Library, slide: QuestionSlide, *, right: bool) -> None:
    scn, q = slide_question(lib, slide)
    views = part_views(scn, q)
    if q.parts is not None or views[0].kind != "number":
        _shared_answer(page, lib, slide, right=right)
        return
    correct: Any = engine_answer(lib, slide)
    box = page.get_by_label(views[0].label, exact=True)
    box.fill(str(correct if right else correct + 1))
    box.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_role("status")).to_be_visible()
    wait_idle(page)


@pytest.fixture()
def number_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lesson_driver, "answer", answer)


def test_lesson_one_all_right(page: Page, server: Server, number_answers: None) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    n = len(lesson.question_slides)
    page.goto(f"{server.url}/lesson?lesson={LESSON}&u=dmallright01")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    take_lesson(page, lib, lesson, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
    expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
    shot(page, "dungeon-mayhem-lesson1-result")


@pytest.mark.parametrize("width", [1100, 380])
@pytest.mark.parametrize(("lesson_id", "scenario"), [("dm.2_defense", "dm.defense.overflow_choice"),
                                                     ("dm.5_five_six", "dm.ghost.haunt")])
def test_board_screenshots(browser: Any, server: Server, width: int, lesson_id: str, scenario: str) -> None:
    """A busy board before and after the answer, at desktop and phone width."""
    lib = default_library()
    lesson = lib.lessons[lesson_id]
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    tag = scenario.split(".")[-1]
    try:
        page.goto(f"{server.url}/lesson?lesson={lesson.id}&u=dmshots{width}{tag.replace('_', '')}")
        expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
        wait_idle(page)
        for slide in lesson.slides:
            if isinstance(slide, QuestionSlide):
                if slide.scenario == scenario:
                    expect(page.locator(".rt-board").first).to_be_visible()
                    shot(page, f"dungeon-mayhem-{tag}-before-{width}")
                    answer(page, lib, slide, right=True)
                    expect(page.get_by_role("status")).to_contain_text("Right!")
                    shot(page, f"dungeon-mayhem-{tag}-after-{width}")
                    return
                answer(page, lib, slide, right=True)
            page.get_by_role("button", name="Continue").click()
            wait_idle(page)
        raise AssertionError(f"{scenario} is not in {lesson_id}")
    finally:
        context.close()
