"""Take "Defense 5: the villain phase, and damage from outside an attack" in Chromium as a learner would: every
answer right -> 27 / 27, and the board of a When Revealed question shows the revealed card with Ms. Marvel's hit
points masked until answered, then the engine's answer and its deciding step after a wrong one; Under Fire's
question hides which card it revealed until answered; a cost question shows the card's cost changed by the
identity's trait as its deciding step once answered. Answers come from
the engine (tests/e2e/lesson_driver.py)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, expect_wrong_feedback, take_lesson, wait_idle, walk_to
from tests.ids import uid
from tutor.library import default_library

pytestmark = pytest.mark.browser

LESSON = "mc.defense_5"
KAMALA_HP = "character:Ms. Marvel|hp;character:Ms. Marvel|damage"


@contextmanager
def _lesson(browser: Any, server: Server, learner: str) -> Iterator[tuple[Any, Any, Page]]:
    lib = default_library()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{server.url}/lesson?lesson={LESSON}&u={uid(learner)}")
        expect(page.get_by_role("heading", name=lib.lessons[LESSON].title)).to_be_visible()
        wait_idle(page)
        yield lib, lib.lessons[LESSON], page
    finally:
        context.close()


def test_all_right_scores_every_question(browser: Any, server: Server) -> None:
    with _lesson(browser, server, "d5allright01") as (lib, lesson, page):
        n = len(lesson.question_slides)
        assert n == 27
        shot(page, "defense5-1280-rule-order")
        take_lesson(page, lib, lesson, shots=lambda name: shot(page, f"defense5-1280-{name.split('-')[-1]}"))
        expect(page.get_by_test_id("rt-score")).to_have_text(f"{n} / {n}")
        shot(page, "defense5-1280-result")


def test_a_wrong_reveal_answer_shows_the_engine_answer_and_the_deciding_step(browser: Any, server: Server) -> None:
    with _lesson(browser, server, "d5wrong0001") as (lib, lesson, page):
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "mc.d5.shocker_reveal" and s.question == "mm")
        board = page.locator(".rt-board").first
        expect(board.locator("[role=img][aria-label^='Shocker']").first).to_be_visible()  # the revealed card
        expect(board.locator(f"[data-masked='{KAMALA_HP}']")).to_contain_text("?")
        shot(page, "defense5-1280-reveal-before")
        answer(page, lib, slide, right=False)
        expect_wrong_feedback(page, lib, slide)
        shot(page, "defense5-1280-reveal-wrong-feedback")


def test_under_fire_hides_the_card_it_reveals_until_answered(browser: Any, server: Server) -> None:
    with _lesson(browser, server, "d5underfire1") as (lib, lesson, page):
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "mc.d5.under_fire_reveals" and s.question == "which")
        board = page.locator(".rt-board").first
        expect(board.locator("[data-masked='reveal|card']")).to_contain_text("?")
        shot(page, "defense5-1280-under-fire-before")
        answer(page, lib, slide, right=False)
        expect_wrong_feedback(page, lib, slide)
        expect(board.locator("[data-masked='reveal|card']")).to_have_count(0)
        shot(page, "defense5-1280-under-fire-wrong-feedback")


def test_a_changed_cost_question_is_answered_with_the_cost_change_as_its_reason(browser: Any, server: Server) -> None:
    with _lesson(browser, server, "d5costs0001") as (lib, lesson, page):
        slide = walk_to(page, lib, lesson, lambda s: s.scenario == "mc.d5.cost_colossus" and s.question == "cost")
        expect(page.get_by_text("Reduce the cost to play Colossus by 1", exact=False).first).to_be_visible()
        shot(page, "defense5-1280-cost-before")
        answer(page, lib, slide, right=True)
        expect(page.get_by_text("reduced by 1 because Cyclops has the X-Men trait", exact=False).first).to_be_visible()
        shot(page, "defense5-1280-cost-right")
