"""Dungeon Mayhem's own lesson checks in Chromium (its first lesson and busy boards are in test_game_lessons.py,
with every game's).

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, engine_answer, open_page, walk_to
from tests.ids import uid
from tutor.lessons import slide_question
from tutor.library import default_library
from tutor.models import QuestionSlide
from tutor.questions import part_views

pytestmark = pytest.mark.browser


def test_pick_every_one_that_applies(page: Page, server: Server) -> None:
    """A multi-select question: a wrong pick is marked wrong with the engine's full list; then right."""
    lib = default_library()
    lesson = lib.lessons["dm.2_defense"]
    open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid('dmpickall01')}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()

    def is_multi_select(s: QuestionSlide) -> bool:
        scn, q = slide_question(lib, s)
        return part_views(scn, q)[0].kind == "multi_select"

    slide = walk_to(page, lib, lesson, is_multi_select)
    answer(page, lib, slide, right=False)
    status = page.get_by_role("status")
    expect(status).to_contain_text("Not quite.")
    for key in engine_answer(lib, slide):  # each correct card is marked, picked or not
        expect(status.locator("li.rt-pick.right", has_text=key)).to_have_count(1)
    shot(page, "dungeon-mayhem-multi-select-wrong")
