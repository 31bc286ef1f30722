"""Take "Defense 4: before and after the attack" in Chromium as a learner would: all right -> 15 / 15, one wrong with
the engine's answer and deciding step, and the boards of indirect damage and stun masked until answered, at desktop
(1280x900) and phone (390x844) sizes. Answers come from the engine (tests/e2e/lesson_driver.py)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SHOTS, Server, shot
from tests.e2e.lesson_driver import answer, expect_wrong_feedback, take_lesson, wait_idle, walk_to
from tests.ids import uid
from tutor.library import default_library

pytestmark = pytest.mark.browser

LESSON = "mc.defense_4"


@contextmanager
def _lesson(browser: Any, server: Server, size: tuple[int, int], learner: str) -> Iterator[tuple[Any, Any, Page]]:
    """The lesson open in a fresh browser context of this size, as a new learner: (library, lesson, page)."""
    lib = default_library()
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{server.url}/lesson?lesson={LESSON}&u={uid(learner)}")
        expect(page.get_by_role("heading", name="Defense 4: before and after the attack")).to_be_visible()
        wait_idle(page)
        yield lib, lib.lessons[LESSON], page
    finally:
        context.close()

# the quantity keys a board field carries (ui/html.py key_attr): Hellcat's hit points, Spider-Man's statuses
HELLCAT_HP = "character:Hellcat|hp;character:Hellcat|damage"
SPIDER_MAN_STATUS = ";".join(f"character:Spider-Man|{q}" for q in ("tough", "stunned", "confused"))


def _board_shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".rt-board").first.screenshot(path=str(SHOTS / f"{name}.png"))


def test_all_right_scores_fifteen(browser: Any, server: Server) -> None:
    with _lesson(browser, server, (1280, 900), "d4allright01") as (lib, lesson, page):
        n = len(lesson.question_slides)
        assert n == 15
        shot(page, "defense4-1280-rule-initiation")
        take_lesson(page, lib, lesson, shots=lambda name: shot(page, f"defense4-1280-{name.split('-')[-1]}"))
        expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
        expect(page.get_by_text(lesson.takeaways.title).first).to_be_visible()
        shot(page, "defense4-1280-result")


def test_a_wrong_indirect_answer_shows_the_engine_answer_and_the_deciding_step(browser: Any, server: Server) -> None:
    with _lesson(browser, server, (1280, 900), "d4wrong0001") as (lib, lesson, page):
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "mc.d4.sand_blast" and s.question == "hellcat")
        board = page.locator(".rt-board").first
        # before the answer: Hellcat's hit points read "HP 3/3 → ?", the assignment (a given play) is shown
        expect(board.locator(f"[data-masked='{HELLCAT_HP}']")).to_have_text("HP 3/3 → ?")
        # (the drawing is hidden from screen readers, which read the board's text alternative: by label, not role)
        expect(board.locator("[role=img][aria-label='Hellcat, Ally']").get_by_text("assigned 2")).to_be_visible()
        _board_shot(page, "defense4-1280-indirect-before")
        answer(page, lib, slide, right=False)
        expect_wrong_feedback(page, lib, slide)
        expect(board.locator(f"[data-key='{HELLCAT_HP}']")).to_have_text("HP 1/3")
        shot(page, "defense4-1280-indirect-wrong-feedback")
        _board_shot(page, "defense4-1280-indirect-after")


def test_phone_boards_of_initiation_and_stun(browser: Any, server: Server) -> None:
    with _lesson(browser, server, (390, 844), "d4phone0001") as (lib, lesson, page):
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "mc.d4.all_day" and s.question == "kind")
        expect(page.locator("[role=img][aria-label='Black Panther, Hero']")).to_be_visible()  # not exhausted: a card says so
        shot(page, "defense4-390-all-day-kind-before")
        answer(page, lib, slide, right=True)
        expect(page.locator(".rt-board").first.get_by_text("basic defense")).to_be_visible()
        shot(page, "defense4-390-all-day-kind-after")
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
        slide = walk_to_next(page, lib, lesson, ("mc.d4.all_day", "kind"), ("mc.d4.sonic_converter", "stun"))
        expect(page.locator(f"[data-masked='{SPIDER_MAN_STATUS}']")).to_be_visible()
        shot(page, "defense4-390-stun-before")
        answer(page, lib, slide, right=True)
        expect(page.locator(f"[data-key='{SPIDER_MAN_STATUS}']")).to_have_text("stunned")
        shot(page, "defense4-390-stun-after")
        _board_shot(page, "defense4-390-stun-board")


def walk_to_next(page: Page, lib: Any, lesson: Any, after: tuple[str, str], which: tuple[str, str]) -> Any:
    """The slide on screen follows the question ``after``: answer rightly and continue until the question ``which``."""
    from tutor.models import QuestionSlide

    keys = [(s.scenario, s.question) if isinstance(s, QuestionSlide) else None for s in lesson.slides]
    for s in lesson.slides[keys.index(after) + 1:]:
        if isinstance(s, QuestionSlide):
            if (s.scenario, s.question) == which:
                return s
            answer(page, lib, s, right=True)
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    raise AssertionError(f"no question {which} after {after}")
