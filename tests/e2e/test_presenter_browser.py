"""A teacher-paced class quiz in Chromium: the teacher starts it, opens the presenter view, two students join
(one page each), the lobby shows them, the teacher reveals each question from the keyboard, both students'
pages follow without a reload, the presenter shows how the class answered, and the podium ends it."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, wait_idle
from tests.e2e.test_quiz_browser import PASSCODE, answer, choice_items, join, new_page
from tutor.quiz import service
from tutor.quiz.spec import QuizSpec

pytestmark = pytest.mark.browser


@pytest.fixture()
def paced_server(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": url, "RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv, url
    srv.stop()


def join_lobby(browser: Browser, server: Server, code: str, name: str) -> Page:
    return join(browser, server, code, name, first=lambda s: s.get_by_test_id("rt-paced-wait"))


def test_a_teacher_paced_quiz_from_the_presenter_view(browser: Browser, paced_server: tuple[Server, str]) -> None:
    server, url = paced_server
    items = choice_items(2)
    service.save_quiz(QuizSpec(title="Defense check", items=items), url)
    t = new_page(browser)
    open_page(t, f"{server.url}/teacher")
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_role("button", name="Unlock").click()
    wait_idle(t)
    t.get_by_text("Teacher-paced: I reveal each question").click()
    wait_idle(t)
    expect(t.get_by_text("Seconds per question")).to_be_visible()
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
    expect(p.get_by_role("img", name="QR code of the join link")).to_be_visible()
    expect(p.get_by_test_id("rt-present-lobby")).to_contain_text("Waiting for students")

    students = [join_lobby(browser, server, code, name) for name in ("Ana", "Bo")]
    lobby = p.get_by_test_id("rt-present-lobby")
    expect(lobby).to_contain_text("Ana")
    expect(lobby).to_contain_text("Bo")
    expect(lobby).to_contain_text("2 students have joined")
    shot(p, "presenter-lobby")

    for n, item in enumerate(items, start=1):
        wait_idle(p)
        p.keyboard.press("Space" if n == 1 else "ArrowRight")  # the reveal, from the keyboard
        expect(p.get_by_test_id("rt-present-question")).to_contain_text(f"Question {n} of 2")
        for s in students:  # no reload, no click: the page follows
            expect(s.get_by_text(f"Question {n} of 2")).to_be_visible()
            wait_idle(s)
        answer(students[0], item, right=True)
        answer(students[1], item, right=False)
        dist = p.get_by_test_id("rt-present-distribution")
        expect(dist).to_be_visible()
        expect(dist.locator('tr[data-correct="true"] td').last).to_have_text("1")
        expect(dist.locator('tr[data-correct="false"] td').last).to_have_text("1")
        expect(p.get_by_test_id("rt-present-rule")).to_contain_text("The rule that decides it")
        if n == 1:
            shot(p, "presenter-distribution")
        for s in students:
            expect(s.get_by_test_id("rt-paced-saved")).to_be_visible()

    wait_idle(p)
    p.get_by_role("button", name="Show the podium").click()
    podium = p.get_by_test_id("rt-present-podium")
    expect(podium).to_contain_text("Ana")
    expect(podium.locator("li").first).to_contain_text("Ana · 2 right")
    expect(p.get_by_role("button", name="Show the podium")).to_have_count(0)
    expect(p.get_by_test_id("rt-present-missed")).to_be_visible()
    shot(p, "presenter-podium")
    for s in students:
        expect(s.get_by_test_id("rt-quiz-score")).to_be_visible()
