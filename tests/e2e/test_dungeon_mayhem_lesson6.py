"""Take Dungeon Mayhem lesson 6 (the new heroes' Mighty Powers) in Chromium as a new learner would: from
its first slide, one wrong answer, the result. Its boards at desktop and phone width are photographed by
test_board_screenshots in test_game_lessons.py.

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import take_lesson, wait_idle
from tests.ids import uid
from tutor.library import default_library

pytestmark = pytest.mark.browser

LESSON = "dm.6_expansion_powers"


def test_lesson_six_from_the_first_slide_to_the_result(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    n = len(lesson.question_slides)
    assert n >= 8
    page.goto(f"{server.url}/lesson?lesson={LESSON}&u={uid('dmlesson6new')}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    wait_idle(page)
    shot(page, "dungeon-mayhem-lesson6-first-slide")
    take_lesson(page, lib, lesson, wrong={3}, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n - 1} / {n}")
    expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
    shot(page, "dungeon-mayhem-lesson6-result")


def test_lesson_five_leads_to_lesson_six() -> None:
    lib = default_library()
    assert lib.lessons["dm.5_five_six"].next == LESSON
