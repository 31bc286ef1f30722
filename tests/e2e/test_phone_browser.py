"""A learner's day on a phone (issue 26): at 390 × 844 on a touch screen, every question of one lesson per game
shows its prompt and Check on the first screen (the question before the board, Check pinned at the bottom), no
visible text is under 12 px, and the keyboard hint on Continue is hidden. At 1280 px, the main block's left edge is
the same on every slide (one layout setting for the whole app); each page has its own browser title."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, open_page, wait_idle, words
from tests.ids import uid
from tutor.i18n import LANGUAGES
from tutor.library import default_library
from tutor.models import QuestionSlide

pytestmark = pytest.mark.browser

LESSONS = ["mc.defense_1", "dm.1_cards", "rg.1_setup_turn"]
PHONE = {"width": 390, "height": 844}

#: every visible text under 12 px: [size, class of its element, its first words]
SMALL_TEXT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (r.width <= 1 || r.height <= 1 || cs.visibility === 'hidden' || !el.checkVisibility()) continue;
    const px = parseFloat(cs.fontSize);
    if (px < 12) out.push([px, String(el.className).slice(0, 40), el.textContent.trim().slice(0, 30)]);
  }
  return out;
}"""


@pytest.fixture()
def phone(browser: object) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    context.close()


def _on_first_screen(page: Page, selector: str, what: str) -> None:
    target = page.locator(f"{selector} >> visible=true").first  # Streamlit keeps a hidden copy of a shortcut button
    expect(target).to_be_visible()
    box = target.bounding_box()
    assert box is not None, f"{what}: not drawn"
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], f"{what}: {box} outside the first screen"


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_phone_question_and_check_on_the_first_screen(phone: Page, server: Server, lesson_id: str) -> None:
    page, lib = phone, default_library()
    lesson = lib.lessons[lesson_id]
    open_page(page, f"{server.url}/lesson?lesson={lesson_id}&u={uid('phone' + lesson_id[:2])}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    k = 0
    for slide in lesson.slides:
        if isinstance(slide, QuestionSlide):
            k += 1
            expect(page.locator("#rt-prompt")).to_be_visible()
            _on_first_screen(page, "#rt-prompt", f"{lesson_id} q{k}: the prompt")
            _on_first_screen(page, ".st-key-check [data-testid^=stBaseButton]", f"{lesson_id} q{k}: Check")
            assert page.evaluate(SMALL_TEXT) == [], f"{lesson_id} q{k}: text under 12 px"
            if k == 1:
                shot(page, f"phone-{lesson_id}-q1")
            answer(page, lib, slide, right=True)
            _on_first_screen(page, ".st-key-rt-nav .st-key-continue [data-testid^=stBaseButton]", f"{lesson_id} q{k}: Continue")
            assert page.evaluate(SMALL_TEXT) == [], f"{lesson_id} q{k} answered: text under 12 px"
        cont = page.get_by_role("button", name="Continue")
        expect(cont).to_be_visible()
        expect(page.locator("kbd >> visible=true")).to_have_count(0)  # no "Space" hint on a touch screen
        cont.click()
        wait_idle(page)
    expect(page.get_by_test_id("rt-score")).to_be_visible()


def test_one_layout_left_edge_stays_put(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    lib = default_library()
    lesson = lib.lessons["mc.defense_1"]
    open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid('layoutedge')}")
    edges = []
    for slide in lesson.slides:
        if isinstance(slide, QuestionSlide):
            expect(page.locator("#rt-prompt")).to_be_visible()
            edges.append(page.locator("[data-testid='stMainBlockContainer']").bounding_box()["x"])
            answer(page, lib, slide, right=True)
            edges.append(page.locator("[data-testid='stMainBlockContainer']").bounding_box()["x"])
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    assert len(set(edges)) == 1, f"the main block's left edge moves: {edges}"
    open_page(page, f"{server.url}/home?u={uid('layoutedge')}")
    assert page.locator("[data-testid='stMainBlockContainer']").bounding_box()["x"] == edges[0]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_page_has_its_own_title(page: Page, server: Server, lang: str) -> None:
    titles = {}
    for path, name in [("home", "Lessons"), ("practice", "Practice"), ("ruling", "Check a ruling"),
                       ("rulings", "Sources and rulings"), ("teacher", "Teachers"), ("join", "Join a class quiz"),
                       ("lesson?lesson=mc.defense_1", None)]:
        sep = "&" if "?" in path else "?"
        open_page(page, f"{server.url}/{path}{sep}lang={lang}&u={uid('titles' + lang)}")
        # the lesson page: the lesson's own title, in the learner's language
        title = words(lang, name) if name else default_library().lesson_in("mc.defense_1", lang).title
        expect(page).to_have_title(f"{title} · Rules Tutor")
        titles[path] = page.title()
    assert len(set(titles.values())) == len(titles)


def test_tab_from_a_number_field_reaches_check(page: Page, server: Server) -> None:
    """Typing a number then Tab: the field's value commits (a rerun enables Check) and the focus lands on Check,
    not on the page's body."""
    page.set_viewport_size({"width": 1280, "height": 900})
    lib = default_library()
    lesson = lib.lessons["dm.1_cards"]
    open_page(page, f"{server.url}/lesson?lesson={lesson.id}&u={uid('tabnumber')}")
    slide = next(s for s in lesson.slides if isinstance(s, QuestionSlide))
    for s in lesson.slides:
        if s is slide:
            break
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    box = page.get_by_label("Hit points", exact=True)
    box.click()
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    illegal = page.get_by_role("checkbox", name="The play is illegal")
    if illegal.count():  # the question offers "The play is illegal" beside the number: the next stop
        expect(illegal).to_be_focused()
        expect(page.get_by_role("button", name="Check")).to_be_enabled()  # the number's rerun has enabled it
        page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Check")).to_be_focused()


def test_a_ruling_anchor_scrolls_to_its_ruling(page: Page, server: Server) -> None:
    """/rulings?game=…#ruling-… opens at that ruling (Streamlit draws it after the browser looked for the anchor)."""
    from tutor.games import plugin

    last = plugin("marvel_champions").sources.rulings[-1]
    page.set_viewport_size({"width": 1280, "height": 700})
    open_page(page, f"{server.url}/rulings?game=marvel_champions&u={uid('anchorscroll')}#{last.anchor}")
    ruling = page.locator(f"section#{last.anchor}")
    expect(ruling).to_be_focused()
    expect(ruling).to_be_in_viewport()
    top = page.locator("h1.rt-title")
    expect(top).not_to_be_in_viewport()  # scrolled there, not the page's top with the ruling by chance in view


def test_the_board_folds_behind_a_toggle_on_a_phone(phone: Page, server: Server, page: Page) -> None:
    """On a phone a "Board" toggle sits above the board (below the question): off, the board is folded away and
    the question stays; the choice holds on the next item. At 1280 px there is no toggle and the board shows."""
    url = f"{server.url}/practice?game=regicide&rule=REG.damage.deal&u={uid('phoneboard01')}"
    open_page(phone, url)
    expect(phone.locator("#rt-prompt")).to_be_visible()
    board = phone.locator("figure.rt-figure").first
    expect(board).to_be_visible()
    toggle = phone.locator(".st-key-rt-board-toggle")
    expect(toggle).to_be_visible()
    toggle.locator("label").first.click()
    wait_idle(phone)
    expect(phone.locator(".st-key-rt-board-folded")).to_be_hidden()
    expect(phone.locator("#rt-prompt")).to_be_visible()
    shot(phone, "phone-board-folded")
    toggle.locator("label").first.click()
    wait_idle(phone)
    expect(phone.locator(".st-key-rt-board-open figure").first).to_be_visible()
    open_page(page, url)
    expect(page.locator("#rt-prompt")).to_be_visible()
    expect(page.locator(".st-key-rt-board-toggle")).to_be_hidden()
    expect(page.locator("[class*='st-key-rt-board-'] figure").first).to_be_visible()
