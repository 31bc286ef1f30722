"""The classroom in Chromium (issue 25): a learner takes their progress to another browser with their code; a
learner joins a class; the teacher's class page shows them; the quiz builder's mixed list. Each new page or
state is scanned with axe at both widths (tests/e2e/test_accessibility.py's Scan)."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, wait_idle
from tests.e2e.test_accessibility import Scan, new_page
from tutor import classes, store

pytestmark = pytest.mark.browser
PASSCODE = "e2e-classroom-heron"


@pytest.fixture(scope="module")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("room"), env={"RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv
    srv.stop()


def _url(srv: Server) -> str:
    return f"sqlite:///{srv.data_dir / 'rules_tutor.sqlite'}"


def test_a_learner_moves_to_another_browser_joins_a_class_and_the_teacher_sees_them(
        browser: Browser, room_server: Server) -> None:
    scan = Scan()
    info = classes.create_class("Class 4B", _url(room_server))
    a = new_page(browser)
    open_page(a, f"{room_server.url}/")
    expect(a.get_by_role("heading", level=1)).to_be_visible()
    me = a.evaluate("() => new URLSearchParams(location.search).get('u')")
    store.save_progress(me, store.Progress(lesson_id="mc.defense_1", slide=3), url=_url(room_server))
    a.get_by_text("Keep your progress on another device").click()
    a.get_by_role("button", name="Get my code").click()
    code = a.get_by_test_id("rt-learner-code").inner_text().strip()
    assert len(code.split("-")) == 6
    expect(a.get_by_role("img", name="QR code: scan it with your phone to bring your progress there")).to_be_visible()
    wait_idle(a)
    scan(a, "home, a learner code shown")
    a.get_by_text("Join your teacher's class").click()
    a.get_by_label("Class code").fill(info.code.lower())
    a.get_by_label("Your name").fill("Dana")
    a.get_by_role("button", name="Join the class").click()
    expect(a.get_by_text("You joined “Class 4B”")).to_be_visible()
    wait_idle(a)
    scan(a, "home, joined a class")
    shot(a, "classroom-home-code")

    b = new_page(browser)  # another browser: no cookie, no address in common
    open_page(b, f"{room_server.url}/")
    expect(b.get_by_role("heading", name="Continue where you left off")).to_have_count(0)
    b.get_by_text("Keep your progress on another device").click()
    b.get_by_label("I have a code").fill(code.replace("-", " ").upper())
    b.get_by_label("I have a code").press("Enter")
    expect(b.get_by_text("Welcome back")).to_be_visible()
    expect(b.get_by_role("heading", name="Continue where you left off")).to_be_visible()  # their lesson is here
    assert b.evaluate("() => new URLSearchParams(location.search).get('u')") == me
    b.get_by_text("Join your teacher's class").click()
    expect(b.get_by_text("Class 4B, as Dana")).to_be_visible()  # the class link came along
    wait_idle(b)
    shot(b, "classroom-restored-other-browser")
    b.context.close()

    a.get_by_role("button", name="Revoke my code").click()
    expect(a.get_by_text("Your code is revoked")).to_be_visible()
    a.context.close()

    t = new_page(browser)
    open_page(t, f"{room_server.url}/teacher?class={info.code}")
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_label("Teacher passcode").press("Enter")
    expect(t.get_by_role("heading", name="Class 4B")).to_be_visible()
    expect(t.get_by_test_id("rt-class-idle")).to_contain_text("Dana")  # no practice this week
    wait_idle(t)
    scan(t, "class page")
    shot(t, "classroom-class-page")
    t.context.close()
    scan.check()


def test_the_builder_lists_what_it_saves_and_passes_axe(browser: Browser, room_server: Server) -> None:
    scan, t = Scan(), new_page(browser)
    open_page(t, f"{room_server.url}/teacher")
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_label("Teacher passcode").press("Enter")
    wait_idle(t)
    if not t.get_by_label("Quiz title").is_visible():
        t.get_by_text("1 · Build a quiz").click()
    t.get_by_label("Quiz title").fill("Mixed")
    t.get_by_label("Quiz title").press("Enter")
    t.get_by_label("Search questions").fill("tough")
    t.get_by_label("Search questions").press("Enter")
    wait_idle(t)
    expect(t.get_by_label("Quiz title")).to_be_visible()  # the builder stays open while the teacher types
    t.get_by_role("button", name="that match").click()
    wait_idle(t)
    t.get_by_text("Draw some at random").click()
    wait_idle(t)
    t.get_by_role("button", name="Add these").click()
    wait_idle(t)
    rows = t.locator(".rt-draft-row").count()
    expect(t.get_by_role("button", name=f"Save the quiz ({rows} questions)")).to_be_visible()
    t.get_by_text("Pick them").click()  # back to the picker: nothing lost
    wait_idle(t)
    assert t.locator(".rt-draft-row").count() == rows
    scan(t, "teacher, a mixed quiz being built")
    t.get_by_role("button", name=f"Save the quiz ({rows} questions)").click()
    expect(t.get_by_text(f"with {rows} questions")).to_be_visible()
    t.context.close()
    scan.check()
