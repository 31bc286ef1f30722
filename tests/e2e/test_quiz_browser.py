"""A class quiz in Chromium: one teacher and two students in separate browser contexts, on SQLite and on
PostgreSQL; and a server restart in the middle of a session. Answers come from the engine, never the test."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import CONNECTED, FIRST_RENDER, open_page, reload_page, wait_idle
from tests.quiz import pgcluster
from tutor import store
from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.library import default_library
from tutor.questions import part_views
from tutor.quiz import service
from tutor.quiz.spec import Item, QuizSpec, catalogue, resolve
from tutor.quiz.tables import Answer

pytestmark = pytest.mark.browser
LIB = default_library()
PASSCODE = "e2e-passcode-owl"


def choice_items(n: int) -> list[Item]:
    """Single-answer choice questions of the Defense lessons (a wrong choice exists on the board)."""
    out = []
    for e in catalogue(LIB, games=["marvel_champions"]):
        scn, q = resolve(LIB, e.item)
        if q.parts is None and len(part_views(scn, q)[0].choices) >= 2:
            out.append(e.item)
    return out[:n]


def pick_label(item: Item, right: bool) -> tuple[str, str]:
    """(radio group label, the label to click): the engine's answer, or another offered choice."""
    scn, q = resolve(LIB, item)
    view = part_views(scn, q)[0]
    answer = LIB.asked(scn.id, q.id).answer
    labels = {repr(c.key): c.label for c in view.choices} | {repr(ILLEGAL): ILLEGAL_LABEL}
    keys = [c.key for c in view.choices] + [ILLEGAL]
    if right:
        return view.label, labels[repr(answer)]
    return view.label, labels[repr(next(k for k in keys if not (k == answer and type(k) is type(answer))))]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('quizdb') / 'quiz.sqlite'}"
        return
    try:
        admin, cluster = pgcluster.admin_url()
    except Exception as err:  # never a silent skip
        pytest.fail(f"PostgreSQL is needed for this test: {err}")
    url = pgcluster.create_database(admin)
    yield url
    eng = store._engines.pop(url, None)
    if eng is not None:
        eng.dispose()
    pgcluster.drop_database(admin, url)
    if cluster is not None:
        cluster.stop()


@pytest.fixture()
def quiz_server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": db_url, "RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv
    srv.stop()


def new_page(browser: Browser, width: int = 1100) -> Page:
    pg = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True).new_page()
    pg.set_default_timeout(20_000)
    return pg


def answers_in_db(url: str, session_id: int) -> int:
    with Session(store.engine(url)) as s:
        return int(s.scalar(select(func.count()).select_from(Answer).where(Answer.session_id == session_id)) or 0)


def join(browser: Browser, server: Server, code: str, name: str,
         first: Callable[[Page], Locator] = lambda s: s.get_by_text("Question 1 of")) -> Page:
    """A student joins under ``name`` and sees the ``first`` thing the session shows (a self-paced quiz's first
    question; a teacher-paced one's lobby)."""
    s = new_page(browser, 800)
    open_page(s, f"{server.url}/join?code={code}")
    s.get_by_label("Your name").fill(name)
    s.get_by_label("Your name").press("Enter")
    wait_idle(s)
    s.get_by_role("button", name="Join").click()
    expect(first(s)).to_be_visible()
    wait_idle(s)
    return s


def answer(s: Page, item: Item, right: bool, *, double: bool = False) -> None:
    group, label = pick_label(item, right)
    s.get_by_role("radiogroup", name=group).get_by_text(label, exact=True).click()
    wait_idle(s)
    button = s.get_by_role("button", name="Submit")
    button.dblclick() if double else button.click()
    expect(s.get_by_role("status")).to_contain_text("Right!" if right else "Not quite.")
    wait_idle(s)


def test_teacher_and_two_students(browser: Browser, quiz_server: Server, db_url: str) -> None:
    items = choice_items(2)
    t = new_page(browser)
    open_page(t, f"{quiz_server.url}/teacher")
    expect(t.get_by_label("Teacher passcode")).to_be_visible()
    expect(t.get_by_text("1 · Build a quiz")).to_have_count(0)  # locked
    t.get_by_label("Teacher passcode").fill("not-it")
    t.get_by_role("button", name="Unlock").click()
    expect(t.get_by_text("That is not the passcode.")).to_be_visible()
    t.get_by_label("Teacher passcode").fill(PASSCODE)
    t.get_by_role("button", name="Unlock").click()
    wait_idle(t)

    t.get_by_label("Quiz title").fill("Defense check")
    t.get_by_label("Quiz title").press("Enter")
    wait_idle(t)
    for it in items:
        box = t.get_by_role("combobox", name="Pick questions")
        box.click()
        box.fill(f"[{it.scenario}/{it.question}]")
        t.get_by_role("option").filter(has_text=f"[{it.scenario}/{it.question}]").first.click()
        wait_idle(t)
    t.keyboard.press("Escape")
    t.get_by_role("button", name="Save the quiz").click()
    expect(t.get_by_text("with 2 questions")).to_be_visible()
    t.get_by_role("button", name="Start a class session").click()
    wait_idle(t)
    code = t.get_by_test_id("rt-join-code").inner_text().strip()
    assert len(code) == 5
    shot(t, f"quiz-teacher-started-{db_url.split(':')[0]}")

    ana, ben = join(browser, quiz_server, code, "Ana"), join(browser, quiz_server, code, "<b>Ben</b>")
    answer(ana, items[0], True, double=True)  # a double click records one answer
    answer(ben, items[0], False)
    shot(ben, "quiz-student-feedback")
    for s in (ana, ben):
        s.get_by_role("button", name="Next question").click()
        expect(s.get_by_text("Question 2 of 2")).to_be_visible()
        wait_idle(s)
    answer(ana, items[1], True)
    answer(ben, items[1], False)
    for s, score in ((ana, "2 / 2"), (ben, "0 / 2")):
        s.get_by_role("button", name="See my score").click()
        expect(s.get_by_test_id("rt-quiz-score")).to_have_text(score)
    expect(ben.get_by_text("<b>Ben</b>", exact=False).first).to_be_visible()  # shown as text, not HTML
    assert ben.locator("b", has_text="Ben").count() == 0
    assert answers_in_db(db_url, service.sessions(db_url)[0].id) == 4

    grid = t.get_by_test_id("rt-grid")
    expect(grid).to_contain_text("Ana", timeout=15_000)
    expect(grid).to_contain_text("<b>Ben</b>")
    expect(grid).to_contain_text("2 / 2")
    expect(grid).to_contain_text("0 / 2")
    expect(t.get_by_test_id("stVegaLiteChart").first).to_be_visible()
    expect(t.get_by_text("Final leaderboard")).to_be_visible()
    shot(t, f"quiz-teacher-results-{db_url.split(':')[0]}")

    with t.expect_download() as dl:
        t.get_by_role("button", name="Export results (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8"))))
    assert [(r["student"], r["question"], r["correct"]) for r in rows] == [
        ("Ana", "Q1", "yes"), ("Ana", "Q2", "yes"), ("<b>Ben</b>", "Q1", "no"), ("<b>Ben</b>", "Q2", "no")]
    assert rows[0]["answer"] == pick_label(items[0], True)[1] and rows[2]["answer"] == pick_label(items[0], False)[1]
    assert {r["session"] for r in rows} == {code}

    t.get_by_role("button", name="Close the session").click()
    wait_idle(t)
    late = new_page(browser, 800)
    open_page(late, f"{quiz_server.url}/join?code={code}")
    late.get_by_label("Your name").fill("Cy")
    late.get_by_label("Your name").press("Enter")
    wait_idle(late)
    late.get_by_role("button", name="Join").click()
    expect(late.get_by_text("This quiz has ended")).to_be_visible()


def test_restart_mid_session_loses_nothing(browser: Browser, quiz_server: Server, db_url: str) -> None:
    items = choice_items(3)
    sess = service.start_session(service.save_quiz(QuizSpec(title="Restart", items=items), db_url), db_url)
    ana, ben = join(browser, quiz_server, sess.code, "Ana"), join(browser, quiz_server, sess.code, "Ben")
    answer(ana, items[0], True)  # Ana stays on the feedback of question 1
    answer(ben, items[0], False)
    ben.get_by_role("button", name="Next question").click()
    expect(ben.get_by_text("Question 2 of 3")).to_be_visible()
    before = answers_in_db(db_url, sess.id)

    quiz_server.stop()
    quiz_server.start()
    assert answers_in_db(db_url, sess.id) == before == 2
    # the open pages reconnect by themselves (a render after a restart: no short budget); a reload resumes too
    for s in (ana, ben):
        s.wait_for_selector(CONNECTED, state="attached", timeout=FIRST_RENDER)
        wait_idle(s, FIRST_RENDER)
    expect(ana.get_by_role("status")).to_contain_text("Right!", timeout=FIRST_RENDER)
    expect(ben.get_by_text("Question 2 of 3")).to_be_visible(timeout=FIRST_RENDER)
    reload_page(ben)
    expect(ben.get_by_text("Question 2 of 3")).to_be_visible()
    wait_idle(ben)
    ana.get_by_role("button", name="Next question").click()
    expect(ana.get_by_text("Question 2 of 3")).to_be_visible()
    wait_idle(ana)
    answer(ana, items[1], True)
    answer(ben, items[1], True)
    assert answers_in_db(db_url, sess.id) == 4
    shot(ana, "quiz-student-after-restart")
