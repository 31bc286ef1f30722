"""Take Regicide lesson 1 in Chromium, all right -> N / N; screenshots of the Regicide board.

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SHOTS, Server, shot
from tests.e2e.lesson_driver import answer, open_page, take_lesson, walk_to
from tests.ids import uid
from tutor.library import default_library

pytestmark = pytest.mark.browser

LESSON = "rg.1_setup_turn"


def test_lesson_one_all_right(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    n = len(lesson.question_slides)
    open_page(page, f"{server.url}/lesson?lesson={LESSON}&u={uid('rgallright01')}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    take_lesson(page, lib, lesson, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
    expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
    shot(page, "regicide-lesson1-result")


def _board_shot(page: Page, name: str) -> None:
    """The board element alone (Streamlit scrolls inside its own container, so full-page shots clip it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".rt-board").first.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("width", [1100, 380])
def test_board_screenshots(browser: Any, server: Server, width: int) -> None:
    """The busiest board (retroactive spades) before and after the answer, at desktop and phone width."""
    lib = default_library()
    lesson = lib.lessons["rg.3_immunity_jester"]
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid(f'rgshots{width}')}")
        expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "rg.jester.retro_spades")
        expect(page.locator(".rt-board").first).to_be_visible()
        shot(page, f"regicide-board-before-{width}")
        _board_shot(page, f"regicide-board-only-before-{width}")
        answer(page, lib, slide, right=True)
        shot(page, f"regicide-board-after-{width}")
        _board_shot(page, f"regicide-board-only-after-{width}")
    finally:
        context.close()
