"""A teacher-paced class quiz in Chromium: the teacher starts it, opens the presenter view, three students join
on phones (390 px; one by the link the QR code holds) with their class code, the lobby shows them, the teacher
reveals each question from the keyboard, every student's page follows without a reload, the presenter shows
how the class answered, the podium ends it, and the class page shows the three students' mastery per rule
from that quiz. The presenter view is read from the back of a room: every text on it is at least 32 px, and
axe (contrast AA among its rules) passes on each of its states and on the students' phone pages."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, wait_idle
from tests.e2e.test_accessibility import Scan
from tests.e2e.test_quiz_browser import PASSCODE, answer, choice_items, join, new_page
from tutor import classes, learners
from tutor.quiz import service
from tutor.quiz.spec import QuizSpec
from ui.presenter import qr_uri

pytestmark = pytest.mark.browser


@pytest.fixture()
def paced_server(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": url, "RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv, url
    srv.stop()


def join_lobby(browser: Browser, server: Server, code: str, name: str) -> Page:
    return join(browser, server, code, name, first=lambda s: s.get_by_test_id("rt-paced-wait"))


PHONE = 390

SMALLEST_TEXT_JS = """() => {
  let small = [];
  for (const el of document.querySelectorAll('.rt-present *, .st-key-present_next button p')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 32) small.push(el.tagName + ' ' + px + 'px: ' + el.textContent.trim().slice(0, 40));
  }
  return small;
}"""


def readable(p: Page) -> None:
    """Every text of the presenter view is at least 32 px (read from the back of a room)."""
    assert p.locator(".rt-present").count(), "no presenter text on screen"
    assert p.evaluate(SMALLEST_TEXT_JS) == []


def phone_join(browser: Browser, link: str, name: str, class_code: str) -> Page:
    """A student on a phone opens the join link, types their name and their class code, and waits in the lobby."""
    s = new_page(browser, PHONE)
    open_page(s, link)
    s.get_by_label("Your name").fill(name)
    s.get_by_role("textbox", name="Class code (optional)").fill(class_code)
    s.get_by_role("textbox", name="Class code (optional)").press("Enter")
    wait_idle(s)
    if name == "Ana":
        shot(s, "presenter-student-join-390")
    s.get_by_role("button", name="Join").click()
    expect(s.get_by_test_id("rt-paced-wait")).to_be_visible()
    wait_idle(s)
    return s


def test_a_teacher_paced_quiz_from_the_presenter_view(browser: Browser, paced_server: tuple[Server, str]) -> None:
    server, url = paced_server
    scan = Scan()
    items = choice_items(2)
    service.save_quiz(QuizSpec(title="Defense check", items=items), url)
    room = classes.create_class("Class 4B", url)
    for name in ("Ana", "Bo", "Cy"):  # they joined the class on their own devices earlier (the home page)
        assert classes.join_class(room.code, learners.new_id(), name, [f"sid:{name}"], url).why is None
    t = new_page(browser)
    open_page(t, f"{server.url}/teacher")
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_role("button", name="Unlock").click()
    wait_idle(t)
    t.get_by_text("Teacher-paced: I reveal each question").click()
    wait_idle(t)
    expect(t.get_by_text("Seconds per question")).to_be_visible()
    t.get_by_role("slider", name="Seconds per question").press("End")  # 120 s: time for the axe scans
    wait_idle(t)
    t.get_by_role("button", name="Start a class session").click()
    wait_idle(t)
    code = t.get_by_test_id("rt-join-code").inner_text().strip()
    with t.context.expect_page() as opened:  # the projector: a new tab of the same browser, unlocked by its cookie
        t.get_by_role("link", name="Present on the projector").click()
    p = opened.value
    p.set_viewport_size({"width": 1280, "height": 900})
    p.set_default_timeout(20_000)
    p.wait_for_load_state()
    assert p.url.endswith(f"/teacher?present={code}")
    wait_idle(p)
    expect(p.get_by_test_id("rt-present-code")).to_contain_text(code)
    qr = p.get_by_role("img", name="QR code of the join link")
    expect(qr).to_be_visible()
    expect(p.get_by_test_id("rt-present-lobby")).to_contain_text("Waiting for students")
    link = p.locator(".rt-link").inner_text().strip()
    assert link.endswith(f"/join?code={code}") and qr.get_attribute("src") == qr_uri(link)  # the QR holds the link
    readable(p)
    scan(p, "presenter, empty lobby")

    students = [phone_join(browser, link, "Ana", room.code)]  # scanned the QR code: its link
    scan(students[0], "student phone, lobby")
    shot(students[0], "presenter-student-lobby-390")
    students += [phone_join(browser, f"{server.url}/join?code={code}", name, room.code.lower())
                 for name in ("Bo", "Cy")]
    lobby = p.get_by_test_id("rt-present-lobby")
    for name in ("Ana", "Bo", "Cy"):
        expect(lobby).to_contain_text(name)
    expect(lobby).to_contain_text("3 students have joined")
    wait_idle(p)
    readable(p)
    scan(p, "presenter, lobby")
    shot(p, "presenter-lobby")

    for n, item in enumerate(items, start=1):
        wait_idle(p)
        p.keyboard.press("Space" if n == 1 else "ArrowRight")  # the reveal, from the keyboard
        expect(p.get_by_test_id("rt-present-question")).to_contain_text(f"Question {n} of 2")
        for s in students:  # no reload, no click: the page follows
            expect(s.get_by_text(f"Question {n} of 2")).to_be_visible()
            wait_idle(s)
        if n == 1:
            wait_idle(p)
            readable(p)
            scan(p, "presenter, a question")
            shot(p, "presenter-question")
            scan(students[1], "student phone, a question")
            shot(students[1], "presenter-student-question-390")
        answer(students[0], item, right=True)
        answer(students[1], item, right=False)
        answer(students[2], item, right=n == 1)
        dist = p.get_by_test_id("rt-present-distribution")
        expect(dist).to_be_visible()
        expect(dist.locator('tr[data-correct="true"] td').last).to_have_text("2" if n == 1 else "1")
        expect(dist.locator('tr[data-correct="false"] td').last).to_have_text("1" if n == 1 else "2")
        expect(p.get_by_test_id("rt-present-rule")).to_contain_text("The rule that decides it")
        for s in students:
            expect(s.get_by_test_id("rt-paced-saved")).to_be_visible()
        if n == 1:
            wait_idle(p)
            readable(p)
            scan(p, "presenter, how the class answered")
            shot(p, "presenter-distribution")
            scan(students[1], "student phone, answer saved")
            shot(students[1], "presenter-student-saved-390")

    wait_idle(p)
    p.get_by_role("button", name="Show the podium").click()
    podium = p.get_by_test_id("rt-present-podium")
    expect(podium).to_contain_text("Ana")
    expect(podium.locator("li").first).to_contain_text("Ana · 2 right")
    expect(p.get_by_role("button", name="Show the podium")).to_have_count(0)
    expect(p.get_by_test_id("rt-present-missed")).to_be_visible()
    wait_idle(p)
    readable(p)
    scan(p, "presenter, podium")
    shot(p, "presenter-podium")
    for s in students:
        expect(s.get_by_test_id("rt-quiz-score")).to_be_visible()
    wait_idle(students[0])
    scan(students[0], "student phone, the score")
    shot(students[0], "presenter-student-score-390")

    # the class page: the quiz counted for the three members (one joined by the QR code's link, with no learner id)
    open_page(t, f"{server.url}/teacher?class={room.code}")
    expect(t.get_by_role("heading", name="Class 4B")).to_be_visible()
    expect(t.get_by_role("heading", level=1)).to_have_count(1)
    grid = t.get_by_test_id("rt-class-mastery")
    expect(grid.locator("tbody tr")).to_have_count(3)
    rows = {r.locator("th").inner_text(): r.locator("td").all_inner_texts() for r in grid.locator("tbody tr").all()}
    # the two questions are decided by two rules: Ana right on both, Bo wrong on both, Cy right then wrong
    assert rows == {"Ana": ["100 %", "100 %"], "Bo": ["0 %", "0 %"], "Cy": ["100 %", "0 %"]}, rows
    wait_idle(t)
    scan(t, "class page, after the quiz")
    shot(t, "presenter-class-page")
    scan.check()
