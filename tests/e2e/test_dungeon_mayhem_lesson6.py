"""Take Dungeon Mayhem lesson 6 (the new heroes' Mighty Powers) in Chromium as a new learner would:
from lesson 5's last slide, one wrong answer, then all right; screenshots of the new decks on the board.

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, take_lesson, wait_idle, walk_to
from tutor.library import default_library

pytestmark = pytest.mark.browser

LESSON = "dm.6_expansion_powers"


def test_lesson_six_from_the_first_slide_to_the_result(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    n = len(lesson.question_slides)
    assert n >= 8
    page.goto(f"{server.url}/lesson?lesson={LESSON}&u=dmlesson6new")
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


@pytest.mark.parametrize("width", [1100, 380])
@pytest.mark.parametrize("scenario", ["dm.power.burped_up_bones", "dm.power.death_ray", "dm.power.for_my_next_trick"])
def test_new_decks_on_the_board(browser: Any, server: Server, width: int, scenario: str) -> None:
    """The new characters' cards and seats before and after the answer, at desktop and phone width."""
    lib = default_library()
    lesson = lib.lessons[LESSON]
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    tag = scenario.split(".")[-1]
    try:
        page.goto(f"{server.url}/lesson?lesson={LESSON}&u=dm6shots{width}{tag.replace('_', '')}")
        expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
        wait_idle(page)
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == scenario)
        board = page.locator(".rt-board").first
        expect(board).to_be_visible()
        expect(board.locator(".dm-card").first).to_be_visible()
        shot(page, f"dungeon-mayhem-6-{tag}-before-{width}")
        answer(page, lib, slide, right=True)
        expect(page.get_by_role("status")).to_contain_text("Right!")
        shot(page, f"dungeon-mayhem-6-{tag}-after-{width}")
    finally:
        context.close()
