"""Issue 26: every page rendered in Punjabi draws every character with a font its text node names (no empty
boxes). The checker (tests/e2e/glyphs.py) reads each visible text node's computed font-family and the cmap of
the fonts the page serves (fontTools); its own tests show it fails on a glyph no font of the node has."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ROOT, Server, shot
from tests.e2e.glyphs import Fonts, page_uncovered, uncovered
from tests.e2e.lesson_driver import answer, open_page, wait_idle, words
from tests.ids import uid
from tutor.library import default_library

LOHIT = (ROOT / "static" / "fonts" / "Lohit-Gurmukhi.ttf").as_uri()
GURMUKHI = "ਪੰਜਾਬੀ"
TAMIL = "தமிழ்"  # a script neither the app's fonts nor this machine's default fonts draw


def _served_lohit() -> Fonts:
    return Fonts.of([["\"Lohit Gurmukhi\"", LOHIT, "U+0964-0965, U+0A00-0A7F, U+200C-200D, U+25CC"]])


# -- the checker itself (no browser) ------------------------------------------------------------------
def test_the_checker_flags_gurmukhi_in_a_font_list_without_a_gurmukhi_font() -> None:
    """The bug of issue 26: rule chips set in monospace alone showed Punjabi as empty boxes."""
    missing = uncovered([["ui-monospace, monospace", GURMUKHI, "span.rt-rule"]], _served_lohit())
    assert {m.char for m in missing} >= {"ਪ", "ਜ", "ਬ"}
    assert all(m.where == "span.rt-rule" for m in missing)


def test_the_checker_accepts_gurmukhi_once_the_served_font_is_in_the_list() -> None:
    fonts = _served_lohit()
    assert uncovered([["ui-monospace, monospace, \"Lohit Gurmukhi\"", GURMUKHI + " REG.immunity 10♣", "x"]],
                     fonts) == []


def test_the_served_fonts_unicode_range_limits_what_it_covers() -> None:
    """Lohit Gurmukhi also has Latin letters, but the page serves it for Gurmukhi only: outside its range it
    draws nothing, so a family list of that font alone does not cover Latin."""
    missing = uncovered([["\"Lohit Gurmukhi\"", "ab", "x"]], _served_lohit())
    assert [m.char for m in missing] == ["a", "b"]


def test_the_checker_flags_a_script_no_font_has() -> None:
    missing = uncovered([["sans-serif, \"Lohit Gurmukhi\"", f"ok {TAMIL}", "p"]], _served_lohit())
    assert missing and {m.char for m in missing} <= set(TAMIL) and "o" not in {m.char for m in missing}


# -- every page in Punjabi (Chromium) ------------------------------------------------------------------
LIB = default_library()
LESSON = "rg.1_setup_turn"


def _clean(page: Page, what: str) -> None:
    missing = page_uncovered(page)
    if missing:
        shot(page, f"glyphs-pa-{what}")
    assert not missing, f"{what}: characters no font of their node can draw:\n" + "\n".join(map(str, missing))


@pytest.fixture()
def pa_page(browser: Browser) -> Page:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pa-IN")
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    yield page  # type: ignore[misc]
    ctx.close()


@pytest.mark.browser
def test_the_checker_fails_on_a_page_with_an_uncovered_glyph(pa_page: Page, server: Server) -> None:
    """In the browser: a node set in monospace alone (the old rule chip) is flagged; the chip's real font list
    is not."""
    open_page(pa_page, f"{server.url}/home?lang=pa&u={uid('glyphself01')}")
    assert page_uncovered(pa_page) == []
    pa_page.evaluate("""(t) => { const s = document.createElement('span'); s.textContent = t;
        s.style.fontFamily = 'ui-monospace, monospace'; s.dataset.testid = 'glyph-probe';
        document.querySelector('[data-testid=stMain]').prepend(s); }""", GURMUKHI)
    missing = page_uncovered(pa_page)
    assert missing and all("glyph-probe" in m.where for m in missing)


@pytest.mark.browser
def test_every_page_in_punjabi_has_a_font_for_every_character(pa_page: Page, server: Server) -> None:
    page, url = pa_page, server.url
    open_page(page, f"{url}/home?lang=pa&u={uid('glyphhome01')}")
    expect(page.locator("html")).to_have_attribute("lang", "pa")
    _clean(page, "home")

    lesson = LIB.lessons[LESSON]
    open_page(page, f"{url}/lesson?lesson={LESSON}&lang=pa&u={uid('glyphlesson1')}")
    while not page.get_by_role("button", name=words("pa", "Check")).is_visible():
        page.get_by_role("button", name=words("pa", "Continue")).click()
        wait_idle(page)
    _clean(page, "lesson question")
    answer(page, LIB, lesson.question_slides[0][1], right=False, lang="pa")
    _clean(page, "lesson explanation")

    open_page(page, f"{url}/practice?game=regicide&lang=pa&u={uid('glyphpract01')}")
    expect(page.locator("#rt-prompt")).to_be_visible()
    _clean(page, "practice item")
    number = page.locator("input[type=number]")
    if number.count():
        number.first.fill("99")
        number.first.press("Enter")
    elif page.locator('[role="radiogroup"] label').count():  # a choice or yes/no: click its first label
        page.locator('[role="radiogroup"] label').first.click()
    else:  # a multi-select item: tick its first box
        page.locator('[data-testid="stCheckbox"] label').first.click()
    wait_idle(page)
    expect(page.get_by_role("button", name=words("pa", "Check"))).to_be_enabled()
    page.get_by_role("button", name=words("pa", "Check")).click()
    expect(page.get_by_role("status")).to_be_visible()
    wait_idle(page)
    _clean(page, "practice feedback")

    for path, what in (("/ruling", "ruling"), ("/play", "play"), ("/teacher", "teacher"), ("/join", "quiz join"),
                       ("/rulings", "sources and rulings")):
        open_page(page, f"{url}{path}?lang=pa")
        _clean(page, what)


def test_the_probe_font_file_exists() -> None:
    assert Path(LOHIT.removeprefix("file://")).is_file()
