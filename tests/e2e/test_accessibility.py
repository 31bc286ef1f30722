"""Accessibility in Chromium (issue 16, item 14), at 1280×900 and 390×844.

* axe-core (the copy bundled in the `axe-playwright-python` package, injected into the page: nothing is
  fetched at run time) scans every page and state — home (new and with progress), a lesson of each game
  (a rule slide, each kind of question before Check, after a wrong and a right Check, the result screen),
  the ruling checker, the sources and rulings page, the teacher page locked and unlocked and with live
  results, the student join page and a class quiz (a question, its verdict, the score) — and the test fails on any critical, serious (or moderate: heading order) violation, listing each one
  readably (rule, impact, page and width, the element, what is wrong). Minor findings are printed.
* A lesson is taken from start to finish with the keyboard alone (Tab, Space, Enter, and the arrow keys
  inside a radio group as every radio group works): after Check the focus is on the verdict, after Continue
  on the new slide, a few Tabs reach Continue, and the focused element always shows a strong outline; on
  every page, the first fifteen controls Tab reaches each show an outline as they take the focus.
  Screenshots of the focus states at both widths go to test-results/screenshots (a11y-focus-*).
* The board's text alternative (what a screen reader reads) holds the caption and each zone's contents.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import SHOTS, Server
from tests.e2e.lesson_driver import answer, engine_answer, open_page, wait_idle
from tests.e2e.test_practice_browser import RULE as PRACTICE_RULE
from tests.e2e.test_practice_browser import _answer_item as answer_practice_item
from tests.e2e.test_quiz_browser import choice_items, pick_label
from tests.ids import uid
from tutor import store
from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.lessons import slide_question
from tutor.library import default_library
from tutor.models import Lesson, QuestionSlide
from tutor.questions import part_views
from tutor.quiz import service
from tutor.quiz.spec import QuizSpec

pytestmark = pytest.mark.browser
LIB = default_library()
PASSCODE = "e2e-a11y-heron"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
#: the issue asks for no critical or serious violation; moderate ones (heading order, landmarks) are fixed too,
#: so they fail the test as well. Minor ones are printed: the one left is Streamlit's own file-upload drop zone
#: (role="presentation" with an aria-label), which the app cannot change.
FAIL_ON = {"critical", "serious", "moderate"}
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
                if v["impact"] in FAIL_ON:
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
    open_page(page, f"{url}/home?u={uid('a11yhome0001')}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    scan(page, "home, new learner")
    store.save_progress(uid("a11yhome0002"), store.Progress(lesson_id="mc.defense_1", slide=3),
                        url=f"sqlite:///{a11y_server.data_dir / 'rules_tutor.sqlite'}")
    open_page(page, f"{url}/home?u={uid('a11yhome0002')}")
    expect(page.get_by_role("heading", name="Continue where you left off")).to_be_visible()
    scan(page, "home, a lesson in progress")

    open_page(page, f"{url}/practice?game=regicide&rule={PRACTICE_RULE}&u={uid('a11ypractice01')}")
    expect(page.locator("#rt-prompt")).to_be_visible()
    scan(page, "practice, an item")
    answer_practice_item(page, a11y_server)
    scan(page, "practice, after Check")

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


def test_class_quiz_passes_axe(browser: Browser, a11y_server: Server) -> None:
    """A class quiz: the student's join form with the code filled in, a question, its verdict, the final
    score; the teacher's live results with an answer in."""
    url = f"sqlite:///{a11y_server.data_dir / 'rules_tutor.sqlite'}"
    items = choice_items(2)
    quiz = service.save_quiz(QuizSpec(title="Accessible quiz", items=items, time_limit=3600), url=url)  # a timer too
    code = service.start_session(quiz, url=url).code
    scan, s = Scan(), new_page(browser)
    open_page(s, f"{a11y_server.url}/join?code={code}")
    scan(s, "student join page, code filled in")
    s.get_by_label("Your name").fill("Ada")
    s.get_by_label("Your name").press("Enter")
    wait_idle(s)
    s.get_by_role("button", name="Join").click()
    expect(s.get_by_text("Question 1 of 2")).to_be_visible()
    wait_idle(s)
    scan(s, "student, a question")
    for n, item in enumerate(items):
        focus_on(s, "rt-quiz-question")
        group, label = pick_label(item, right=n == 0)
        s.get_by_role("radiogroup", name=group).get_by_text(label, exact=True).click()
        wait_idle(s)
        s.get_by_role("button", name="Submit").click()
        expect(s.get_by_role("status")).to_contain_text("Right!" if n == 0 else "Not quite.")
        wait_idle(s)
        focus_on(s, "rt-quiz-verdict")
        scan(s, f"student, after a {'right' if n == 0 else 'wrong'} answer")
        s.get_by_role("button", name="Next question" if n == 0 else "See my score").click()
        wait_idle(s)
    expect(s.get_by_test_id("rt-quiz-score")).to_have_text("1 / 2")
    focus_on(s, "rt-quiz-result")
    scan(s, "student, the score")
    s.context.close()

    t = new_page(browser)
    open_page(t, f"{a11y_server.url}/teacher")
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_label("Teacher passcode").press("Enter")
    expect(t.get_by_test_id("rt-join-code")).to_have_text(code)
    wait_idle(t)
    scan(t, "teacher, live results")
    t.context.close()
    scan.check()


def kinds(slide: QuestionSlide) -> str:
    scn, q = slide_question(LIB, slide)
    return "+".join(v.kind for v in part_views(scn, q, LIB.asked(scn.id, q.id).solution))


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_passes_axe(browser: Browser, a11y_server: Server, lesson_id: str) -> None:
    """A rule slide, each kind of question before Check, the first question after a wrong Check, the second
    after a right one, and the result screen (with the missed question's board under review)."""
    scan, page, lesson = Scan(), new_page(browser), LIB.lessons[lesson_id]
    open_page(page, f"{a11y_server.url}/lesson?lesson={lesson_id}&u={uid('a11y' + lesson_id)}")
    seen: set[str] = set()
    k = 0
    for i, slide in enumerate(lesson.slides):
        name = f"{lesson_id} slide {i + 1}"
        if isinstance(slide, QuestionSlide):
            k += 1
            if kinds(slide) not in seen:
                seen.add(kinds(slide))
                scan(page, f"{name} ({kinds(slide)}), before Check")
            answer(page, LIB, slide, right=k != 1, give_up=False)
            if k == 1 and lesson.retry:  # a second try offered; taken, with the hint, and wrong again
                scan(page, f"{name}, after a wrong first Check (a second try offered)")
                page.get_by_role("button", name="Try again").click()
                wait_idle(page)
                if page.get_by_role("button", name="Hint").count():
                    page.get_by_role("button", name="Hint").click()
                    expect(page.get_by_test_id("rt-hint")).to_be_visible()
                    wait_idle(page)
                scan(page, f"{name}, a second try with the hint")
                answer(page, LIB, slide, right=False)
            if k == 2 and page.get_by_test_id("rt-why-ask").count():  # "Why?" open, with its first chain
                page.get_by_test_id("rt-why-ask").locator("summary").first.click()
                page.locator(".rt-why-item > summary").first.click()
                expect(page.locator(".rt-why-chain").first).to_be_visible()
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


# -- the keyboard alone ----------------------------------------------------------------------------------------
ACTIVE = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const label = e.closest('label'); return {tag: e.tagName.toLowerCase(), id: e.id, type: e.type || '',
  text: (e.innerText || '').trim().slice(0, 80), aria: e.getAttribute('aria-label') || '',
  label: label ? label.innerText.trim() : '', checked: !!e.checked}; }"""

#: the outline a learner sees on the focused element: its own, or for a radio or a checkbox (whose input is
#: visually hidden) the whole option, circle and words (ui/theme.css)
RING = """() => { let e = document.activeElement; if (!e) return null;
  if (e.type === 'radio' || e.type === 'checkbox') e = e.closest('label');
  const s = getComputedStyle(e); return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor}; }"""


def active(page: Page) -> dict[str, Any]:
    return page.evaluate(ACTIVE) or {}


def ring_is_strong(page: Page) -> None:
    ring = page.evaluate(RING)
    assert ring and ring["style"] != "none" and ring["width"] >= 2, f"no visible focus on {active(page)}: {ring}"


def tab_to(page: Page, wanted: Callable[[dict[str, Any]], bool], what: str, limit: int = 30) -> int:
    """Press Tab until the focused element is ``wanted``; return how many Tabs it took."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if wanted(active(page)):
            ring_is_strong(page)
            return n
    raise AssertionError(f"{limit} Tabs did not reach {what}; focus is on {active(page)}")


def focus_on(page: Page, element_id: str) -> None:
    """The focus is on the element (moved there by the page's script, ui/focus.py), and it is on screen."""
    page.wait_for_function(f"() => document.activeElement && document.activeElement.id === {element_id!r}")
    expect(page.locator(f"#{element_id}")).to_be_in_viewport()
    top, under = page.evaluate("""() => { const h = document.querySelector('[data-testid=stHeader]');
      return [document.activeElement.getBoundingClientRect().top, h ? h.getBoundingClientRect().bottom : 0]; }""")
    assert top >= under - 1, f"#{element_id} is scrolled under Streamlit's header bar ({top} < {under})"


def is_button(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda a: a.get("tag") == "button" and a.get("text", "").startswith(name)


def pick_radio(page: Page, label: str) -> None:
    """Tab into the radio group, then Space and the arrow keys until ``label`` is chosen."""
    tab_to(page, lambda a: a.get("type") == "radio", f"the radio group of {label!r}")
    for _ in range(30):
        if active(page).get("label") == label and active(page).get("checked"):
            return
        page.keyboard.press("Space" if active(page).get("label") == label else "ArrowRight")
        wait_idle(page)
    raise AssertionError(f"the arrow keys did not reach {label!r}")


def keyboard_answer(page: Page, slide: QuestionSlide) -> None:
    """The engine's answer, typed and chosen with the keyboard; then Check with Enter."""
    scn, q = slide_question(LIB, slide)
    views = part_views(scn, q, LIB.asked(scn.id, q.id).solution)
    correct = engine_answer(LIB, slide)
    for v in views:
        want = correct.get(v.key) if isinstance(correct, dict) else correct
        if correct == ILLEGAL:
            pick_radio(page, ILLEGAL_LABEL)
            break
        if v.kind == "number":
            tab_to(page, lambda a: a.get("tag") == "input" and a.get("aria") == v.label, f"the box {v.label!r}")
            page.keyboard.type(str(want))
            page.keyboard.press("Enter")
            wait_idle(page)
        else:
            assert v.kind in ("choice", "yes_no"), v.kind
            pick_radio(page, next(c.label for c in v.choices if c.key == want and type(c.key) is type(want)))
    tab_to(page, is_button("Check"), "Check")
    page.keyboard.press("Enter")


def focus_shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"a11y-focus-{name}.png"))  # the viewport, as the learner sees it


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_lesson_with_the_keyboard_alone(browser: Browser, a11y_server: Server, width: str) -> None:
    lesson: Lesson = LIB.lessons["rg.1_setup_turn"]  # numbers to type, yes/no and choices to pick
    page = new_page(browser, width)
    open_page(page, f"{a11y_server.url}/lesson?lesson={lesson.id}&u={uid(f'a11ykeys{width}')}")
    k = 0
    for i, slide in enumerate(lesson.slides):
        if isinstance(slide, QuestionSlide):
            k += 1
            focus_on(page, "rt-question")  # the new slide has focus: reading starts at its caption and board
            if k == 1:
                ring_is_strong(page)
                focus_shot(page, f"{width}-question")
            keyboard_answer(page, slide)
            focus_on(page, "rt-verdict")  # after Check: the verdict, announced (role=status) and focused
            expect(page.get_by_role("status")).to_contain_text("Right!")
            ring_is_strong(page)
            if k <= 2:
                focus_shot(page, f"{width}-verdict-{k}")
        else:
            focus_on(page, "rt-slide-title")
            if i == 0:
                ring_is_strong(page)
                focus_shot(page, f"{width}-rule-slide")
            elif k == 3:  # Space presses the focused button: Back goes back, Continue goes one slide on
                tab_to(page, is_button("Back"), "Back")
                page.keyboard.press("Space")
                wait_idle(page)
                focus_on(page, "rt-verdict")  # the question before, answered: its verdict
                expect(page.locator("#rt-prompt")).to_have_text(slide_question(LIB, lesson.slides[i - 1])[1].prompt)
                tab_to(page, is_button("Continue"), "Continue")
                page.keyboard.press("Space")
                wait_idle(page)
                focus_on(page, "rt-slide-title")
                expect(page.locator("#rt-slide-title")).to_have_text(slide.title)
        tabs = tab_to(page, is_button("Continue"), "Continue")
        # from the verdict: Back, Continue; from a rule slide's title: its "rules behind this slide", Back, Continue
        most = 2 if isinstance(slide, QuestionSlide) else 3
        assert tabs <= most, f"{tabs} Tabs from the {'verdict' if most == 2 else 'slide'} to Continue"
        if k == 1 and isinstance(slide, QuestionSlide):
            focus_shot(page, f"{width}-continue")
        page.keyboard.press("Enter")
        wait_idle(page)
    focus_on(page, "rt-result")
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{k} / {k}")
    focus_shot(page, f"{width}-result")
    page.context.close()


#: the outline drawn for the focused element: on it, or on the nearest of its ancestors that draws one (a home
#: tile outlines itself when its link has the focus; a radio or checkbox outlines its whole option)
ANY_RING = """() => { const a = document.activeElement; if (!a || a === document.body) return null;
  for (let e = a, n = 0; e && n < 8; e = e.parentElement, n++) { const s = getComputedStyle(e);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) return null; }
  return a.outerHTML.slice(0, 160); }"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_focus_is_always_visible(browser: Browser, a11y_server: Server, width: str) -> None:
    """Tab through the first controls of every page: each one, as it takes the focus, shows a 2 px outline or more."""
    page, unseen = new_page(browser, width), []
    ring = uid("a11yring0001")
    for path in (f"/home?u={ring}", f"/lesson?lesson=mc.defense_1&u={ring}", "/ruling", "/rulings",
                 "/teacher", "/join", f"/practice?game=regicide&u={ring}"):
        open_page(page, a11y_server.url + path)
        for _ in range(15):
            page.keyboard.press("Tab")
            missing = page.evaluate(ANY_RING)
            if missing:  # a rerun may be redrawing the page's style sheet this instant: wait for it, briefly
                try:
                    page.wait_for_function(f"() => ({ANY_RING})() === null", timeout=3000)
                except PlaywrightTimeout:
                    unseen.append(f"{path}: {missing}")
    page.context.close()
    assert not unseen, "focused with no visible outline:\n" + "\n".join(unseen)


def test_radio_focus_is_a_strong_outline(browser: Browser, a11y_server: Server) -> None:
    """A focused radio shows a 3 px outline in a colour that stands out (3:1 or more) from the page."""
    page = new_page(browser)
    lesson = LIB.lessons["mc.defense_1"]
    open_page(page, f"{a11y_server.url}/lesson?lesson={lesson.id}&u={uid('a11yradio01')}")
    for _ in range(2):
        tab_to(page, is_button("Continue"), "Continue")
        page.keyboard.press("Enter")
        wait_idle(page)
    focus_on(page, "rt-question")
    tab_to(page, lambda a: a.get("type") == "radio", "the first radio")
    ring = page.evaluate(RING)
    assert ring["width"] >= 3 and ring["style"] == "solid"
    rgb = [int(x) for x in re.findall(r"\d+", ring["color"])[:3]]
    assert contrast(rgb, [0xF7, 0xF4, 0xEE]) >= 3, ring
    for width in WIDTHS:
        page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width])))
        settle(page)
        page.evaluate("document.activeElement.scrollIntoView({block: 'center'})")
        focus_shot(page, f"{width}-radio")
    page.context.close()


def contrast(a: list[int], b: list[int]) -> float:
    def lum(c: list[int]) -> float:
        ch = [x / 255 for x in c]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# -- the board's text alternative --------------------------------------------------------------------------
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_board_reads_as_text(browser: Browser, a11y_server: Server, lesson_id: str) -> None:
    """What a screen reader reads of the board (the accessibility tree, not the HTML) holds the caption and
    every zone with its contents: each zone's name and each card's description."""
    page = new_page(browser)
    lesson = LIB.lessons[lesson_id]
    open_page(page, f"{a11y_server.url}/lesson?lesson={lesson_id}&u={uid('a11yboard' + lesson_id)}")
    i = next(i for i, s in enumerate(lesson.slides) if isinstance(s, QuestionSlide))
    for _ in range(i):
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    scn, q = slide_question(LIB, lesson.slides[i])  # type: ignore[arg-type]
    caption = LIB.asked(scn.id, q.id).caption
    figure = page.get_by_role("figure")
    expect(figure).to_have_count(1)
    read = figure.aria_snapshot().replace('\\"', '"')
    assert caption in read.splitlines()[0], read  # the figure is named by the caption
    assert "img" not in read, read  # the drawing is not read as well (aria-hidden): nothing twice
    zones = page.locator(".rt-board section[aria-label]")
    assert zones.count() >= 2
    for z in range(zones.count()):
        said = zones.nth(z).evaluate(ZONE_SAYS)
        assert said and all(piece in read for piece in said), ([p for p in said if p not in read], read)
    if page.locator(".rt-board [data-masked]:not(:empty)").count():  # a hidden number is not just "?"
        assert "? (hidden until you answer)" in read, read
    # a field left out (an empty masked badge, drawn as nothing) is not read either: no hint the eye lacks
    assert read.count("(hidden until you answer)") == page.locator(".rt-board [data-masked]:not(:empty)").count(), read
    page.context.close()


#: what a zone of the drawn board says: each card by its picture's label; every other piece of text (names,
#: numbers, "?" where a number is hidden), the text on a card with numbers included, as it is written
ZONE_SAYS = """zone => { const out = [];
  const walk = n => {
    if (n.nodeType === 3) { const t = n.textContent.replace(/\\s+/g, ' ').trim(); if (t) out.push(t); return; }
    if (n.nodeType !== 1) return;
    if (n.getAttribute('role') === 'img' && n.getAttribute('aria-label')) {
      out.push(n.getAttribute('aria-label'));  // what the picture shows (exhausted, the target, ...)
      if (!n.querySelector('[data-masked],.rt-field')) return; }  // and a card with numbers, its text
    n.childNodes.forEach(walk); };
  walk(zone); return out; }"""
