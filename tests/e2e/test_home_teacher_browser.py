"""Issue 16 in Chromium, at 1280×900 and 390×844 (screenshots of each screen in test-results/screenshots):
the home page (/home, Tab, continue first, per-game progress, the whole tile is the link, named navigation
on phones), a lesson that does not exist, and the teacher's page (Enter unlocks, a signed cookie keeps the
teacher unlocked across a reload and refuses tampering and expiry, the picker adds nothing silently, live
results before and after answers, a closed session tells the student it has ended)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, wait_first_render, wait_idle
from tests.ids import uid
from tutor.games import plugins
from tutor.library import default_library
from tutor.overview import game_progress, lesson_status
from tutor.questions import correct_answer
from tutor.quiz import auth, service
from tutor.quiz.spec import catalogue, resolve, search

pytestmark = pytest.mark.browser
LIB = default_library()
PASSCODE = "e2e-teacher-owl"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def first_game_progress(right: int) -> str:
    """The first game's progress line for a learner with `right` questions right and no lesson done
    (counted from the library, so a new lesson does not break the test)."""
    new = game_progress(lesson_status(lesson, None) for lesson in LIB.lessons_for(next(g for g in plugins() if LIB.lessons_for(g))))
    assert new.done == 0 and new.right == 0 and new.lessons >= 1
    return f"0 of {new.lessons} lessons done · {right} of {new.questions} questions right"


def open_page(browser: Browser, width: str) -> Page:
    w, h = WIDTHS[width]
    pg = browser.new_context(viewport={"width": w, "height": h}).new_page()
    pg.set_default_timeout(20_000)
    return pg


def shots(page: Page, name: str) -> None:
    """The screen as seen (the viewport), and the whole page (a viewport as tall as the page)."""
    shot(page, name)
    size = page.viewport_size or {"width": 1280, "height": 900}
    tall = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(tall) + 40)})
    page.wait_for_timeout(300)
    shot(page, f"{name}-full")
    page.set_viewport_size(size)


def no_overflow(page: Page, test_id: str) -> None:
    """Nothing of the element is cut off sideways."""
    el = page.get_by_test_id(test_id)
    expect(el).to_be_visible()
    box, main = el.bounding_box(), page.get_by_test_id("stMain").bounding_box()
    assert box and main and box["x"] >= 0 and box["x"] + box["width"] <= main["x"] + main["width"] + 1
    assert el.evaluate("e => e.scrollWidth <= e.clientWidth + 1")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_home(browser: Browser, server: Server, width: str) -> None:
    page = open_page(browser, width)
    learner = uid(f"home{width}0001")
    page.goto(f"{server.url}/home?u={learner}")
    expect(page.get_by_role("heading", name="Learn the rules, one ruling at a time")).to_be_visible(timeout=30_000)
    wait_idle(page)
    expect(page.get_by_text("Page not found")).to_have_count(0)
    focused = []
    for _ in range(4):  # Tab goes through the page, not round one dialog's Close button
        page.keyboard.press("Tab")
        focused.append(page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))
    assert len(set(focused)) == 4 and not any('aria-label="Close"' in f for f in focused)
    nav = page.get_by_test_id("stTopNav") if width == "desktop" else page.locator(".st-key-rt-phone-nav")
    for name in ("Lessons", "Check a ruling", "Teachers", "Join a class quiz"):  # named, at both widths
        expect(nav.get_by_role("link", name=name)).to_be_visible()
    if width == "phone":
        expect(page.get_by_test_id("stExpandSidebarButton")).to_be_hidden()  # no unlabelled "»"
    expect(page.get_by_test_id("rt-game-progress").first).to_have_text(first_game_progress(0))
    # tiles read in lesson order at both widths (a phone stacks the columns: rows of three keep the order)
    tops = [page.locator(f".st-key-rt-tile-game-{lesson.id.replace('.', '-')}").bounding_box()["y"]  # type: ignore[index]
            for lesson in LIB.lessons_for("dungeon_mayhem")]
    assert tops == sorted(tops) and (width == "desktop" or len(set(tops)) == len(tops))
    shots(page, f"home-new-{width}")

    # take two slides and one question of Defense 1 by clicking anywhere on its tile
    tile = page.locator(".st-key-rt-tile-game-mc-defense_1")
    box = tile.get_by_text("Not started").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 5, box["y"] + box["height"] / 2)  # the status line, not the title link
    expect(page.get_by_role("heading", name="Defense 1")).to_be_visible()
    assert "/lesson?lesson=mc.defense_1" in page.url and f"u={learner}" in page.url
    wait_idle(page)
    lesson = LIB.lessons["mc.defense_1"]
    for _ in range(2):
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    answer(page, LIB, lesson.question_slides[0][1], right=True)
    page.goto(f"{server.url}/?u={learner}")  # "/" opens /home, the learner kept
    expect(page.get_by_role("heading", name="Continue where you left off")).to_be_visible()
    assert page.url.endswith(f"/home?u={learner}")
    first = page.locator("[class*='st-key-rt-tile-']").first
    expect(first).to_contain_text("Defense 1")
    expect(first).to_contain_text("In progress · slide 3 of")
    expect(page.get_by_test_id("rt-game-progress").first).to_have_text(first_game_progress(1))
    shots(page, f"home-continue-{width}")
    first.get_by_role("link", name="Defense 1").click()
    expect(page.get_by_text("Question 1 of 6", exact=False)).to_be_visible()

    page.goto(f"{server.url}/lesson?lesson=mc.nope&u={learner}")
    expect(page.get_by_text("The lesson “mc.nope” was not found. Choose a lesson on the home page.")).to_be_visible()
    shot(page, f"lesson-not-found-{width}")
    page.context.close()


@pytest.fixture()
def teacher_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path, env={"RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv
    srv.stop()


def cookie_of(page: Page, wait: bool = True) -> dict | None:
    """The teacher cookie of this browser (waiting a few seconds for the page's script to write it)."""
    for _ in range(40 if wait else 1):
        found = next((c for c in page.context.cookies() if c["name"] == auth.COOKIE), None)
        if found is not None:
            return found
        page.wait_for_timeout(250)
    return None


def set_cookie(page: Page, server: Server, value: str) -> None:
    page.context.clear_cookies()
    page.context.add_cookies([{"name": auth.COOKIE, "value": value, "url": server.url}])


def expect_locked(page: Page, locked: bool) -> None:
    if locked:
        expect(page.get_by_label("Teacher passcode")).to_be_visible()
        expect(page.get_by_text("1 · Build a quiz")).to_have_count(0)
    else:
        expect(page.get_by_text("1 · Build a quiz")).to_be_visible()
        expect(page.get_by_label("Teacher passcode")).to_have_count(0)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_teacher(browser: Browser, teacher_server: Server, width: str) -> None:
    srv = teacher_server
    t = open_page(browser, width)
    t.goto(f"{srv.url}/teacher")
    expect(t.get_by_label("Teacher passcode")).to_be_visible(timeout=30_000)  # a cold start
    expect_locked(t, True)
    shot(t, f"teacher-locked-{width}")
    box = t.get_by_label("Teacher passcode")
    box.fill("not-it")
    box.press("Enter")  # Enter submits the passcode form
    expect(t.get_by_text("That is not the passcode.")).to_be_visible()
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_label("Teacher passcode").press("Enter")
    expect_locked(t, False)
    wait_idle(t)

    # the cookie: signed, expiring, no secret in it; a reload stays unlocked
    cookie = cookie_of(t)
    assert cookie is not None and PASSCODE not in cookie["value"] and cookie["sameSite"] == "Strict"
    assert 11.9 * 3600 < cookie["expires"] - datetime.now(timezone.utc).timestamp() <= 12 * 3600 + 5
    key = auth.signing_key(PASSCODE, auth.server_secret(srv.data_dir, {}, {}))  # the server's key file
    assert auth.valid(cookie["value"], key)
    t.reload()
    expect_locked(t, False)
    # tampered (a later expiry under the old signature) or expired (signed by the server's own key): locked
    v, expires, sig = cookie["value"].split(".")
    for bad in (f"{v}.{int(expires) + 3600}.{sig}", auth.issue(key, datetime.now(timezone.utc) - timedelta(hours=13))):
        set_cookie(t, srv, bad)
        t.reload()
        expect_locked(t, True)
    set_cookie(t, srv, cookie["value"])
    t.reload()
    expect_locked(t, False)
    wait_idle(t)
    shots(t, f"teacher-unlocked-{width}")

    # the picker: Enter after a search adds the one highlighted question, never every match
    t.get_by_label("Quiz title").fill("Tough calls")
    t.get_by_label("Quiz title").press("Enter")
    wait_idle(t)
    combo = t.get_by_role("combobox", name="Pick questions")
    combo.click()
    combo.fill("tough")
    expect(t.get_by_role("option").first).to_be_visible()
    expect(t.get_by_role("option", name="Select", exact=False)).to_have_count(0)  # no "Select N matches"
    t.keyboard.press("Enter")
    wait_idle(t)
    t.keyboard.press("Escape")
    expect(t.get_by_text("The quiz (1 question)", exact=True)).to_be_visible()
    expect(t.get_by_role("button", name="Save the quiz (1 question)")).to_be_visible()
    # adding many takes the button that says how many
    t.get_by_label("Search questions").fill("tough")
    t.get_by_label("Search questions").press("Enter")
    wait_idle(t)
    n = len(search(catalogue(LIB), "tough"))
    t.get_by_role("button", name=f"Add all {n - 1} questions that match").click()
    wait_idle(t)
    expect(t.get_by_text(f"The quiz ({n} questions)", exact=True)).to_be_visible()
    shots(t, f"teacher-builder-{width}")
    t.get_by_role("button", name=f"Save the quiz ({n} questions)").click()
    expect(t.get_by_text(f"with {n} questions")).to_be_visible()
    t.get_by_role("button", name="Start a class session").click()
    wait_idle(t)
    code = t.get_by_test_id("rt-join-code").inner_text().strip()
    expect(t.get_by_text(f"“Tough calls” · {n} questions")).to_be_visible()

    # live results before anyone answers: "—", never 0 % or a 0.000000 axis
    s = open_page(browser, width)
    s.goto(f"{srv.url}/join?code={code}")
    s.get_by_label("Your name").fill("Ana")
    s.get_by_label("Your name").press("Enter")
    wait_idle(s)
    s.get_by_role("button", name="Join").click()
    expect(s.get_by_text(f"Question 1 of {n}")).to_be_visible()
    summary = t.get_by_test_id("rt-question-summary")
    expect(summary).to_contain_text("—", timeout=15_000)
    expect(summary).not_to_contain_text("0 %")
    expect(t.get_by_text("No answers yet")).to_be_visible()
    expect(t.get_by_test_id("stVegaLiteChart")).to_have_count(0)
    shots(t, f"teacher-live-waiting-{width}")

    # one answer: a coloured mark with its legend; the question list is never cut at phone width
    token = s.url.split("s=")[1].split("&")[0]
    url = f"sqlite:///{srv.data_dir / 'rules_tutor.sqlite'}"
    view = service.student_view(token, url)
    assert view is not None and view.current_item is not None
    scn, q = resolve(LIB, view.session.spec.items[view.current_item])
    service.submit(LIB, token, view.current_item, correct_answer(scn, q, LIB.solution(scn.id)), url)  # the engine's
    grid = t.get_by_test_id("rt-grid")
    expect(grid.locator("td.rt-mark.ok")).to_have_count(1, timeout=15_000)
    expect(t.get_by_text("not answered yet").first).to_be_visible()
    colour = grid.locator("td.rt-mark.ok").evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
    expect(t.get_by_test_id("stVegaLiteChart")).to_be_visible()
    no_overflow(t, "rt-question-summary")
    shots(t, f"teacher-live-results-{width}")

    # a closed session: "This quiz has ended"
    t.get_by_role("button", name="Close the session").click()
    wait_idle(t)
    late = open_page(browser, width)
    late.goto(f"{srv.url}/join?code={code}")
    late.get_by_label("Your name").fill("Cy")
    late.get_by_label("Your name").press("Enter")
    wait_idle(late)
    late.get_by_role("button", name="Join").click()
    expect(late.get_by_text("This quiz has ended")).to_be_visible()
    shot(late, f"join-ended-{width}")

    # Lock: locked again, and the cookie is gone
    t.get_by_role("button", name="Lock").click()
    expect_locked(t, True)
    wait_idle(t)
    for _ in range(40):  # the page's script deletes it
        if cookie_of(t, wait=False) is None:
            break
        t.wait_for_timeout(250)
    assert cookie_of(t, wait=False) is None
    t.reload()
    expect_locked(t, True)
    for pg in (t, s, late):
        pg.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_ruling_page_passcode_unlocks_with_enter(browser: Browser, teacher_server: Server, width: str) -> None:
    """The "Save as a quiz question" block of Check a ruling: Enter in its passcode box unlocks too, and the
    teacher page then opens unlocked, after a reload as well (the cookie)."""
    srv = teacher_server
    page = open_page(browser, width)
    page.goto(f"{srv.url}/ruling")
    wait_first_render(page)  # a cold start
    expect(page.get_by_text("Settle it with the rules engine")).to_be_visible()
    page.get_by_role("button", name="Player 1: Spider-Man defends (basic defense)").click()
    wait_idle(page)
    box = page.get_by_label("Teacher passcode")
    box.scroll_into_view_if_needed()
    shot(page, f"ruling-passcode-{width}")
    box.fill(PASSCODE)
    box.press("Enter")
    expect(page.get_by_role("button", name="Save as a quiz question")).to_be_visible()
    expect(page.get_by_label("Teacher passcode")).to_have_count(0)
    wait_idle(page)
    page.get_by_role("button", name="Save as a quiz question").scroll_into_view_if_needed()
    shot(page, f"ruling-unlocked-{width}")
    assert cookie_of(page) is not None
    page.goto(f"{srv.url}/teacher")
    expect_locked(page, False)
    page.context.close()
