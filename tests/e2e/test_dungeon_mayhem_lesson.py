"""Take Dungeon Mayhem lesson 1 in Chromium, all right -> N / N; screenshots of the Dungeon Mayhem board.

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, engine_answer, open_page, take_lesson, walk_to
from tests.ids import uid
from tutor.lessons import slide_question
from tutor.library import default_library
from tutor.models import QuestionSlide
from tutor.questions import part_views

pytestmark = pytest.mark.browser

LESSON = "dm.1_cards"
def test_lesson_one_all_right(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    n = len(lesson.question_slides)
    open_page(page, f"{server.url}/lesson?lesson={LESSON}&u={uid('dmallright01')}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    take_lesson(page, lib, lesson, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
    expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
    shot(page, "dungeon-mayhem-lesson1-result")


@pytest.mark.parametrize("width", [1100, 380])
@pytest.mark.parametrize(("lesson_id", "scenario"), [("dm.2_defense", "dm.defense.overflow_choice"),
                                                     ("dm.5_five_six", "dm.ghost.haunt"),
                                                     ("dm.6_expansion_powers", "dm.power.burped_up_bones"),
                                                     ("dm.6_expansion_powers", "dm.power.death_ray"),
                                                     ("dm.6_expansion_powers", "dm.power.for_my_next_trick")])
def test_board_screenshots(browser: Any, server: Server, width: int, lesson_id: str, scenario: str) -> None:
    """A busy board before and after the answer, at desktop and phone width."""
    lib = default_library()
    lesson = lib.lessons[lesson_id]
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    tag = scenario.split(".")[-1]
    try:
        open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid(f'dmshots{width}{tag}')}")
        expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == scenario)
        expect(page.locator(".rt-board").first).to_be_visible()
        shot(page, f"dungeon-mayhem-{tag}-before-{width}")
        answer(page, lib, slide, right=True)
        expect(page.get_by_role("status")).to_contain_text("Right!")
        shot(page, f"dungeon-mayhem-{tag}-after-{width}")
    finally:
        context.close()


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
