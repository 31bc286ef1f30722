"""Issue 15 in Chromium: a Dungeon Mayhem lesson taken in Vietnamese and a Regicide lesson in Punjabi (Gurmukhi),
start to finish, at 1280 and 390 px (screenshots in test-results/screenshots); the browser's Accept-Language
picks Vietnamese; the picker's choice is saved for the learner and opens their next visit in it; ``<html lang>``
follows the language.

Every expected text is computed from the catalogs and translation files (tests/e2e/lesson_driver.py ``words``),
and every answer from the engine; the test never holds a translation of its own.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, open_page, reload_page, take_lesson, wait_idle, words
from tests.ids import uid
from tutor import i18n
from tutor.library import default_library

pytestmark = pytest.mark.browser
LIB = default_library()
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def _page(browser: Browser, width: str, **context: Any) -> Iterator[Page]:
    w, h = WIDTHS[width]
    ctx = browser.new_context(viewport={"width": w, "height": h}, **context)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        ctx.close()


def _translated(lang: str, item_id: str) -> Any:
    item = LIB.in_language(item_id, lang)
    done, total = LIB.coverage(item_id, lang)
    assert total and done == total, f"{item_id} is not fully translated into {lang}"
    return item


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize(("lang", "lesson_id"), [("vi", "dm.1_cards"), ("pa", "rg.1_setup_turn")])
def test_a_whole_lesson_in_the_learners_language(browser: Browser, server: Server, lang: str, lesson_id: str,
                                                 width: str) -> None:
    lesson = LIB.lessons[lesson_id]
    shown = _translated(lang, lesson_id)
    for page in _page(browser, width):
        open_page(page, f"{server.url}/lesson?lesson={lesson_id}&lang={lang}&u={uid(f'lang{lang}{width}01')}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_role("heading", name=shown.title, exact=True)).to_be_visible()
        assert shown.title != lesson.title  # the heading is the translation, not the English
        expect(page.get_by_role("button", name=words(lang, "Continue"))).to_be_visible()
        take_lesson(page, LIB, lesson, wrong={1}, lang=lang,
                    shots=lambda name: shot(page, f"lang-{lang}-{width}-{name.split('-')[-1]}"))
        n = len(lesson.question_slides)
        expect(page.get_by_test_id("rt-score")).to_have_text(f"{n - 1} / {n}")
        expect(page.get_by_text(shown.takeaways.title).first).to_be_visible()
        shot(page, f"lang-{lang}-{width}-result")


def test_the_explanation_reads_in_vietnamese(browser: Browser, server: Server) -> None:
    """After a wrong answer to the first question, the verdict and the deciding rule read in Vietnamese."""
    lesson = LIB.lessons["dm.1_cards"]
    first = lesson.question_slides[0][1]
    scn = LIB.scenarios[first.scenario]
    q = scn.question(first.question) if first.question else scn.questions[0]
    deciding = LIB.asked(scn.id, q.id).explanation.deciding_step
    assert deciding is not None and deciding.message is not None
    for page in _page(browser, "desktop"):
        open_page(page, f"{server.url}/lesson?lesson=dm.1_cards&lang=vi&u={uid('langexplain01')}")
        while not page.get_by_role("button", name=words("vi", "Check")).is_visible():
            page.get_by_role("button", name=words("vi", "Continue")).click()
            wait_idle(page)
        answer(page, LIB, first, right=False, lang="vi")
        status = page.get_by_role("status")
        expect(status).to_contain_text(words("vi", "Not quite."))
        why = page.locator(".rt-why .rt-decides")
        expect(why).to_contain_text(i18n.render(deciding.message, "vi", "dungeon_mayhem"))
        expect(why).to_contain_text(words("vi", "The rule that decides it"))
        shot(page, "lang-vi-desktop-explanation")


def test_the_browser_language_and_a_saved_choice(browser: Browser, server: Server) -> None:
    learner = uid("langsaved0001")
    for page in _page(browser, "desktop", locale="vi-VN", extra_http_headers={"Accept-Language": "vi-VN,vi;q=0.9"}):
        open_page(page, f"{server.url}/home?u={learner}")
        expect(page.locator("html")).to_have_attribute("lang", "vi")
        expect(page.get_by_role("heading", name=words("vi", "Learn the rules, one ruling at a time"))).to_be_visible()
        # the learner picks Punjabi: saved against their id, so a later visit opens in it (no ?lang=)
        page.locator(".st-key-rt-lang").get_by_role("combobox").click()
        page.get_by_role("option", name=i18n.LANGUAGES["pa"].name).click()
        wait_idle(page)
        expect(page.locator("html")).to_have_attribute("lang", "pa")
        shot(page, "lang-pa-home")
    for page in _page(browser, "desktop"):  # a new browser session, English Accept-Language, same link
        open_page(page, f"{server.url}/home?u={learner}")
        expect(page.locator("html")).to_have_attribute("lang", "pa")
        expect(page.get_by_role("heading", name=words("pa", "Learn the rules, one ruling at a time"))).to_be_visible()
        reload_page(page)
        expect(page.locator("html")).to_have_attribute("lang", "pa")
