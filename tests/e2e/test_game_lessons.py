"""What every game's lessons get in Chromium, one table a game: its first lesson taken all right -> N / N, and its
busiest boards before and after the answer at desktop and phone width (screenshots in test-results/screenshots).

Answers come from the engine through the shared driver (tests/e2e/lesson_driver.py). A game's own browser checks
(Dungeon Mayhem's pick-every-one question, its lesson 6) stay in its own module.
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

FIRST_LESSONS = {  # game -> (its first lesson, the prefix of its screenshots)
    "dungeon_mayhem": ("dm.1_cards", "dungeon-mayhem"),
    "regicide": ("rg.1_setup_turn", "regicide"),
}

BUSY_BOARDS = {  # lesson -> the scenarios of its busiest boards
    "dm.2_defense": ("dm.defense.overflow_choice",),
    "dm.5_five_six": ("dm.ghost.haunt",),
    "dm.6_expansion_powers": ("dm.power.burped_up_bones", "dm.power.death_ray", "dm.power.for_my_next_trick"),
    "rg.3_immunity_jester": ("rg.jester.retro_spades",),
}
BOARDS = [(lesson, scenario) for lesson, scenarios in BUSY_BOARDS.items() for scenario in scenarios]


@pytest.mark.parametrize("game", sorted(FIRST_LESSONS))
def test_lesson_one_all_right(page: Page, server: Server, game: str) -> None:
    lib = default_library()
    lesson_id, prefix = FIRST_LESSONS[game]
    lesson = lib.lessons[lesson_id]
    assert lesson.game == game and lesson.order == 1
    n = len(lesson.question_slides)
    open_page(page, f"{server.url}/lesson?lesson={lesson_id}&u={uid(f'allright-{lesson_id}')}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    take_lesson(page, lib, lesson, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
    expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
    shot(page, f"{prefix}-lesson1-result")


def _board_shot(page: Page, name: str) -> None:
    """The board element alone (Streamlit scrolls inside its own container, so full-page shots clip it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".rt-board").first.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("width", [1100, 380])
@pytest.mark.parametrize(("lesson_id", "scenario"), BOARDS, ids=[s for _, s in BOARDS])
def test_board_screenshots(browser: Any, server: Server, width: int, lesson_id: str, scenario: str) -> None:
    """A busy board before and after the right answer, at desktop and phone width."""
    lib = default_library()
    lesson = lib.lessons[lesson_id]
    name = f"{FIRST_LESSONS[lesson.game][1]}-{scenario.split('.')[-1]}"
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid(f'shots{width}{scenario}')}")
        expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == scenario)
        expect(page.locator(".rt-board").first).to_be_visible()
        shot(page, f"{name}-before-{width}")
        _board_shot(page, f"{name}-only-before-{width}")
        answer(page, lib, slide, right=True)
        expect(page.get_by_role("status")).to_contain_text("Right!")
        shot(page, f"{name}-after-{width}")
        _board_shot(page, f"{name}-only-after-{width}")
    finally:
        context.close()
