"""Hostile input and faults in Chromium (issue 12): the alias-bomb share link leaves the server's memory flat;
Markdown and HTML in a link, a file or a student's name stay text; one browser's wrong join codes block that
browser, not its classmates, and the address's cap (the 201st wrong code from 127.0.0.1) holds, directly and
through HAProxy, whatever X-Forwarded-For the browser sends; a student sees a plain message with the real
reason, and /health says so, when the class database is read-only from the start or turns read-only while the
server runs. Issue 29: every page, at a desktop's and a phone's width, with hostile names in every field that
can hold them, shows no link, no image and makes no request to the injected host."""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page as open_first_render
from tests.e2e.lesson_driver import wait_idle
from tests.hostile import DM, HOSTILE, MC, RG, STUDENTS, TITLE
from tests.tutor.test_hostile_files import billion_laughs
from tests.tutor.test_loader import GOOD
from tutor import faults, health, share, store
from tutor.library import default_library
from tutor.quiz import ratelimit, service
from tutor.quiz.address import TRUSTED_PROXIES
from tutor.quiz.spec import Item, QuizSpec, catalogue
from ui.html import WORD_JOINER

pytestmark = pytest.mark.browser
PASSCODE = "e2e-hostile-owl"
EVIL = "ev.il"  # the host every injected link and image points at: the browser must never ask it for anything


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in KB; its CPU seconds (user + system)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    out["cpu"] = (int(fields[11]) + int(fields[12])) // os.sysconf("SC_CLK_TCK")
    return out


def watch_requests(page: Page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    return seen


def assert_nothing_live(page: Page, requests: list[str]) -> None:
    """No link to the injected host; no image, and no request, to any host but the app's (a hostile text may
    sit in the app's own URL, as a query parameter: that is not a request to another host)."""
    app = urlsplit(page.url).netloc
    links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    assert not [u for u in links if EVIL in urlsplit(u).netloc.lower()], links
    srcs = page.eval_on_selector_all("img, image, source, video, audio, iframe, embed, object",
                                     "els => els.map(e => e.currentSrc || e.src || e.data || e.href?.baseVal || '')")
    assert not [u for u in srcs if u and urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != app], srcs
    assert not [u for u in requests if urlsplit(u).scheme in ("http", "https", "ws", "wss") and urlsplit(u).netloc != app]


def shown(page: Page, selector: str = "body") -> str:
    """The text of the page as a person reads it (the invisible word joiners that keep URLs unlinked taken out)."""
    return "\n".join(e.inner_text() for e in page.locator(selector).all()).replace(WORD_JOINER, "")


def no_traceback(page: Page) -> None:
    text = page.locator("body").inner_text()
    for sign in ("Traceback", "RecursionError", 'File "', "site-packages", "INSERT", "sqlite3", "OperationalError"):
        assert sign not in text, sign


def open_page(page: Page, url: str) -> None:
    """Go to ``url`` and wait for the app to connect and finish its first run (lesson_driver.open_page), so a
    busy machine never fails the page's first render on a short budget."""
    open_first_render(page, url)


# -- the share link ---------------------------------------------------------------------------------
def test_the_alias_link_is_refused_with_positions_and_server_memory_stays_flat(page: Page, server: Server) -> None:
    assert server.proc is not None
    open_page(page, f"{server.url}/ruling")  # warm: the library loaded and solved, a session made
    expect(page.get_by_test_id("rr-ruling")).to_be_visible()
    before = proc_status(server.proc.pid)
    bomb = share.encode(billion_laughs(7))  # 392 bytes of YAML: 9**7 = 4.8 million strings if expanded
    for payload, line in ((bomb, "shared link:2:10: aliases (*a0) are not allowed: write out the value (&a0, line 1)"),
                          ("eNpLtFJQS1SI1kqM5QIAEIcCsA", "shared link:1:8: aliases (*a) are not allowed")):
        open_page(page, f"{server.url}/ruling?s={payload}")
        expect(page.get_by_text("This shared link holds a situation that does not load").first).to_be_visible()
        expect(page.locator("code").filter(has_text=line).first).to_be_visible()
        no_traceback(page)
        if payload == bomb:
            shot(page, "alias-link-refused")
    after = proc_status(server.proc.pid)
    grew = (after["VmHWM"] - before["VmHWM"]) / 1024
    print(f"alias link: server peak memory {before['VmHWM'] / 1024:.0f} -> {after['VmHWM'] / 1024:.0f} MB "
          f"(+{grew:.1f} MB), RSS {before['VmRSS'] / 1024:.0f} -> {after['VmRSS'] / 1024:.0f} MB, "
          f"CPU +{after['cpu'] - before['cpu']} s")
    assert grew < 40  # MB; the unbounded loader went from 377 MB to 3.2 GB on this link
    assert after["cpu"] - before["cpu"] < 20  # seconds, for two page loads; it took 78 s of CPU


def test_markdown_in_a_link_and_in_a_situation_stays_text(page: Page, server: Server) -> None:
    requests = watch_requests(page)
    link, image = f"[prize](https://{EVIL}/win)", f"![x](https://{EVIL}/x.png)"
    bad = GOOD.replace("title: Good\n", f"title: Good\n'{link}': 1\n'{image}': 2\n")
    open_page(page, f"{server.url}/ruling?s={share.encode(bad)}")
    expect(page.locator("code").filter(has_text=f"unknown key '{link}'").first).to_be_visible()
    assert_nothing_live(page, requests)
    # a situation that loads, with Markdown as a player's name: the decisions, the what-if labels and captions
    named = GOOD.replace("name: Player 1", f"name: '{link} {image}'")
    open_page(page, f"{server.url}/ruling?s={share.encode(named)}")
    expect(page.get_by_test_id("rr-ruling")).to_be_visible()
    page.locator(".st-key-ruling-var-0").get_by_role("button").click()
    wait_idle(page)
    expect(page.get_by_test_id("rr-diff-summary")).to_be_visible()
    assert f"What if — Rhino attacks {link} {image}. Nobody defends." in shown(page)  # the characters as typed
    assert f"{link} {image} · p1" in shown(page)  # the player's form
    assert_nothing_live(page, requests)
    no_traceback(page)


# -- the teacher's tables -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def teacher_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """One server with a teacher passcode and its own class database, for this file's teacher and student
    pages (each test starts its own session; the teacher page shows the newest)."""
    tmp_path = tmp_path_factory.mktemp("hostile")
    url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": url, "RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    yield srv, url
    srv.stop()


def test_student_names_with_markdown_stay_text_in_the_teachers_tables(page: Page,
                                                                      teacher_server: tuple[Server, str]) -> None:
    srv, url = teacher_server
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:2]
    sess = service.start_session(service.save_quiz(QuizSpec(title="Injection check", items=items), url), url)
    names = [f"[win](https://{EVIL})", f"![x](https://{EVIL}/x)", f"https://{EVIL}", "<b>bold</b>", f"a@{EVIL}"]
    for i, name in enumerate(names):
        assert service.join(sess.code, name, [f"sid:{i}"], url).token
    requests = watch_requests(page)
    open_page(page, f"{srv.url}/teacher")
    page.get_by_label("Teacher passcode").fill(PASSCODE)
    page.get_by_role("button", name="Unlock").click()
    wait_idle(page)
    expect(page.get_by_text("Who answered what")).to_be_visible()
    page.wait_for_function("""names => {  // the live tables are a fragment: wait until they hold every name
        const text = [...document.querySelectorAll("[data-testid='stTable']")].map(e => e.innerText).join("\\n");
        return names.every(n => text.replaceAll("\\u2060", "").includes(n));
    }""", arg=names)
    tables = shown(page, "[data-testid='stTable']")
    assert all(name in tables for name in names), tables
    assert page.locator("b", has_text="bold").count() == 0
    assert_nothing_live(page, requests)


# -- every page, both widths (issue 29) -------------------------------------------------------------------
STUDENT = f"![s](https://{EVIL}/s)"  # the student who joins in the browser
WIDTHS = (1280, 390)  # a desktop, and a phone (Streamlit's narrow layout and the phone navigation)


def unlock(page: Page, url: str) -> None:
    """Unlock the teacher's page in a new browser context (it stays unlocked in that browser)."""
    open_page(page, f"{url}/teacher")
    page.get_by_label("Teacher passcode").fill(PASSCODE)
    page.get_by_role("button", name="Unlock").click()
    wait_idle(page)
    expect(page.get_by_text("Who answered what")).to_be_visible()


def visit(page: Page, requests: list[str], url: str, ready: str | None = None) -> None:
    """Open ``url``, wait for ``ready`` (a test id) if given, and check the page holds nothing live."""
    open_page(page, url)
    if ready:
        expect(page.get_by_test_id(ready)).to_be_visible()
    assert_nothing_live(page, requests)
    no_traceback(page)


def open_every_fold(page: Page) -> None:
    """Open every expander, nested ones too (a fold inside a closed fold cannot be clicked: it is inert)."""
    for _ in range(60):  # one fold at a time: opening one may reveal folds inside it
        closed = page.locator("[data-testid='stExpander'] details:not([open]) > summary")
        if not closed.count():
            return
        closed.first.click()
        wait_idle(page)


def test_hostile_names_stay_text_on_every_page_at_both_widths(browser: Browser,
                                                              teacher_server: tuple[Server, str]) -> None:
    """Lessons, practice, the ruling page (with its form tab and a what-if) in all three games, the rulings
    page, the teacher's page (a quiz title, its inline situation, student names in the live tables) and the
    student's join, question and result pages: links, images, ``:red[…]``, ``$…$`` and HTML in every field
    that can hold them stay characters, at 1280 and 390 px."""
    assert EVIL in HOSTILE
    srv, url = teacher_server
    quiz = service.save_quiz(QuizSpec(title=TITLE, items=[Item(scenario="hostile.mc", question="who", text=MC)]), url)
    for width in WIDTHS:
        sess = service.start_session(quiz, url)
        for i, name in enumerate(STUDENTS):
            assert service.join(sess.code, name, [f"sid:{width}:{i}"], url).token
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        try:
            page = ctx.new_page()
            page.set_default_timeout(20_000)
            requests = watch_requests(page)
            unlock(page, srv.url)  # the teacher, first: the ruling page then offers "Save as a quiz question" too
            assert_nothing_live(page, requests)

            student = ctx.new_page()
            student.set_default_timeout(20_000)
            student_requests = watch_requests(student)
            visit(student, student_requests, f"{srv.url}/join?code={quote(HOSTILE)}&s={quote(HOSTILE)}")
            visit(student, student_requests, f"{srv.url}/join?code={sess.code}")
            student.get_by_label("Your name").fill(STUDENT)
            student.get_by_label("Your name").press("Enter")
            wait_idle(student)
            student.get_by_role("button", name="Join").click()
            expect(student.get_by_text("Question 1 of 1")).to_be_visible()
            wait_idle(student)
            text = shown(student).lower()  # the kicker is in capitals (CSS)
            assert STUDENT.lower() in text and TITLE.lower() in text  # the characters as typed
            assert_nothing_live(student, student_requests)
            student.get_by_role("radiogroup").first.locator("label").first.click()
            wait_idle(student)
            student.get_by_role("button", name="Submit").click()
            expect(student.get_by_role("status").first).to_be_visible()
            wait_idle(student)
            assert_nothing_live(student, student_requests)
            student.get_by_role("button", name="See my score").click()
            expect(student.get_by_test_id("rt-quiz-score")).to_be_visible()
            wait_idle(student)
            open_every_fold(student)  # the result page's missed questions, and the steps folded inside each
            wait_idle(student)
            assert_nothing_live(student, student_requests)
            no_traceback(student)
            shot(student, f"hostile-student-{width}")

            visit(page, requests, f"{srv.url}/home?u={quote(HOSTILE)}&lang={quote(HOSTILE)}")
            visit(page, requests, f"{srv.url}/lesson?lesson={quote(HOSTILE)}")
            expect(page.get_by_text("was not found").first).to_be_visible()
            visit(page, requests, f"{srv.url}/practice?game={quote(HOSTILE)}&lesson={quote(HOSTILE)}"
                                  f"&rule={quote(HOSTILE)}")
            visit(page, requests, f"{srv.url}/rulings?game={quote(HOSTILE)}&ruling={quote(HOSTILE)}")
            for yaml in (MC, DM, RG):
                visit(page, requests, f"{srv.url}/ruling?s={share.encode(yaml)}", "rr-ruling")
                page.get_by_role("tab", name="Form").click()
                wait_idle(page)
                expect(page.get_by_text("The plays, in order")).to_be_visible()
                if yaml is not RG:  # a Regicide play names its seat by number
                    assert "Zed ![n](http://ev.il/n.png) [n](https://ev.il/n) :red[x] $x^2$" in shown(page)
                assert_nothing_live(page, requests)
                variation = page.locator(".st-key-ruling-var-0").get_by_role("button")  # each has a what-if
                expect(variation).to_be_visible()
                wait_idle(page)
                variation.click()  # the two rulings side by side, their captions and steps
                wait_idle(page)
                expect(page.get_by_test_id("rr-diff-summary")).to_be_visible()
                # (which situation the what-if compares is not asserted here: after a second shared link in a
                # browser, a what-if click sometimes compares the default board, with or without this test's
                # names — a race of its own, reported with issue 29)
                assert_nothing_live(page, requests)
                no_traceback(page)
            shot(page, f"hostile-ruling-whatif-{width}")

            open_page(page, f"{srv.url}/teacher")  # the live tables now hold every name, the browser's too
            expect(page.get_by_text("Who answered what")).to_be_visible()
            page.wait_for_function("""names => {
                const text = [...document.querySelectorAll("[data-testid='stTable']")].map(e => e.innerText).join("\\n");
                return names.every(n => text.replaceAll("\\u2060", "").includes(n));
            }""", arg=[*STUDENTS, STUDENT])
            for summary in page.locator("[data-testid='stExpander'] summary").all():
                summary.click()  # the quiz's questions (its inline situation's title and prompt), the builder
            wait_idle(page)
            assert TITLE in shown(page)
            bold_b = re.compile(r"^b$")  # "**b**" in a name would be a bold b
            assert page.locator("b, strong").filter(has_text=bold_b).count() == 0
            assert_nothing_live(page, requests)
            no_traceback(page)
            shot(page, f"hostile-teacher-{width}")
        finally:
            ctx.close()


# -- the join limit -----------------------------------------------------------------------------------
@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 800, "height": 900})
    yield ctx
    ctx.close()


def join_wrong_code(context: BrowserContext, url: str, n: int) -> Page:
    """One wrong join code from a new page (a new Streamlit session each time: the per-browser limit never
    applies), which sends an X-Forwarded-For of its own choosing."""
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.set_extra_http_headers({"X-Forwarded-For": f"10.77.{n}.1"})
    page.goto(f"{url}/join?code=ZZZZZ")
    page.get_by_label("Your name").fill("Eve")
    page.get_by_role("button", name="Join").click()  # the name is sent as the field loses focus
    return page


def expect_join_refused(page: Page, blocked: bool) -> None:
    expect(page.get_by_text("Too many wrong codes" if blocked else "No open quiz has this code")).to_be_visible()
    page.close()


def test_one_device_cannot_lock_out_the_class_but_the_address_cap_holds(context: BrowserContext, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """One browser's 6th wrong code is refused; a classmate at the same address still joins; the address's
    cap is reached only after PER_IP wrong codes, whatever X-Forwarded-For each page claims."""
    monkeypatch.delenv(TRUSTED_PROXIES, raising=False)  # Streamlit's server as it comes: it believes loopback
    url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:1]
    sess = service.start_session(service.save_quiz(QuizSpec(title="Join cap", items=items), url), url)
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": url}).start()
    try:
        eve = join_wrong_code(context, srv.url, 1)
        expect(eve.get_by_text("No open quiz has this code")).to_be_visible()
        for _ in range(ratelimit.PER_SESSION - 1):  # the same browser session, again and again
            eve.get_by_role("button", name="Join").click()
            wait_idle(eve)
        eve.get_by_role("button", name="Join").click()
        expect(eve.get_by_text("Too many wrong codes")).to_be_visible()
        shot(eve, "join-6th-wrong-code-from-one-browser-blocked")
        ana = context.new_page()  # a classmate behind the same router
        ana.set_default_timeout(20_000)
        ana.goto(f"{srv.url}/join?code={sess.code}")
        ana.get_by_label("Your name").fill("Ana")
        ana.get_by_label("Your name").press("Enter")
        wait_idle(ana)
        ana.get_by_role("button", name="Join").click()
        expect(ana.get_by_text("Question 1 of")).to_be_visible()
        ana.close()
        with store.writing(url) as s:  # the address's cap, less one: a script opening a session per try
            for _ in range(ratelimit.PER_IP - 1 - ratelimit.failures(s, "ip:127.0.0.1")):
                ratelimit.record_failure(s, ["ip:127.0.0.1"])
        expect_join_refused(join_wrong_code(context, srv.url, 2), blocked=False)  # the 200th
        expect_join_refused(join_wrong_code(context, srv.url, 3), blocked=True)  # the 201st, whatever it claims
    finally:
        srv.stop()


def test_the_join_limit_counts_the_real_address_through_haproxy(context: BrowserContext, tmp_path: Path) -> None:
    from tutor.quiz.scaled import Cluster

    url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
    with store.writing(url) as s:  # 199 wrong codes already came from this machine
        for _ in range(ratelimit.PER_IP - 1):
            ratelimit.record_failure(s, ["ip:127.0.0.1"])
    cluster = Cluster(tmp_path, processes=2, env={"RULES_TUTOR_DB": url}).start()
    try:
        expect_join_refused(join_wrong_code(context, cluster.url, 1), blocked=False)  # the 200th
        expect_join_refused(join_wrong_code(context, cluster.url, 2), blocked=True)  # the 201st, whatever it claims
    finally:
        cluster.stop()


# -- a read-only database -------------------------------------------------------------------------------
@pytest.mark.parametrize("when", ["at-start", "while-running"])
def test_a_student_sees_a_plain_message_when_the_class_database_is_read_only(page: Page, tmp_path: Path,
                                                                              when: str) -> None:
    """Read-only from the start (opened ``?mode=ro``, as a read-only data folder is for anyone but root), or
    turned read-only while the server runs (``chattr +i`` on the file and its WAL: it stops root too): /health
    says 503 and why, and a student is told the class database cannot be written and the real reason."""
    path = tmp_path / "quiz.sqlite"
    url = f"sqlite:///{path}"
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:1]
    sess = service.start_session(service.save_quiz(QuizSpec(title="Read-only check", items=items), url), url)
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    srv = Server(tmp_path, env={"RULES_TUTOR_DB": read_only if when == "at-start" else url}).start()
    frozen: list[str] = []
    try:
        if when == "while-running":
            with urllib.request.urlopen(f"{srv.url}/health", timeout=30) as r:
                assert r.status == 200 and r.read() == b"ok"
            frozen = [str(path), f"{path}-wal"]
            done = subprocess.run(["chattr", "+i", *frozen], capture_output=True, text=True)
            if done.returncode:
                pytest.skip(f"chattr +i is refused here: {done.stderr.strip()}")
            reason = faults.R_NOT_PERMITTED
        else:
            reason = faults.R_READ_ONLY
        said = f"The class database cannot be written: {reason}."
        deadline = time.monotonic() + health.MAX_AGE + 30  # the previous answer is reused for MAX_AGE seconds
        while True:
            try:
                urllib.request.urlopen(f"{srv.url}/health", timeout=30).close()
            except urllib.error.HTTPError as err:
                assert err.code == 503 and err.read().decode() == f"read-only: {said}"
                break
            assert time.monotonic() < deadline, "/health still says ok"
            time.sleep(0.5)
        open_page(page, f"{srv.url}/join?code={sess.code}")
        page.get_by_label("Your name").fill("Ana")
        page.get_by_label("Your name").press("Enter")
        wait_idle(page)
        page.get_by_role("button", name="Join").click()
        wait_idle(page)
        fault = page.get_by_test_id("rt-fault")
        expect(fault).to_contain_text(said)
        expect(fault).not_to_contain_text("damaged")
        expect(fault).to_contain_text("Ask the teacher")
        no_traceback(page)
        shot(page, f"student-read-only-database-{when}")
        ref = re.search(r"Reference (\w+)", fault.inner_text()).group(1)  # type: ignore[union-attr]
        srv.log.flush()
        log = Path(srv.log.name).read_text(encoding="utf-8", errors="replace")
        details = "attempt to write a readonly database" if when == "at-start" else "disk I/O error"
        assert f"fault {ref} (read-only)" in log and details in log  # the details
    finally:
        srv.stop()
        if frozen:
            subprocess.run(["chattr", "-i", *frozen], check=False)
