"""Hostile input and faults in Chromium (issue 12): the alias-bomb share link leaves the server's memory flat;
"""Hostile input and faults in Chromium (issue 12): the alias-bomb share link leaves the server's memory flat;
Markdown and HTML in a link, a file or a student's name stay text; one browser's wrong join codes block that
browser, not its classmates, and the address's cap (the 201st wrong code from 127.0.0.1) holds, directly and
through HAProxy, whatever X-Forwarded-For the browser sends; a student sees a plain message with the real
reason, and /health says so, when the class database is read-only from the start or turns read-only while the
server runs."""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page as open_first_render
from tests.e2e.lesson_driver import wait_idle
from tests.tutor.test_hostile_files import billion_laughs
from tests.tutor.test_loader import GOOD
from tutor import faults, health, share, store
from tutor.library import default_library
from tutor.quiz import ratelimit, service
from tutor.quiz.address import TRUSTED_PROXIES
from tutor.quiz.spec import QuizSpec, catalogue
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
    """No link to, no image from, and no request to the injected host."""
    assert page.locator(f"a[href*='{EVIL}']").count() == 0
    assert page.locator(f"img[src*='{EVIL}']").count() == 0
    assert not [u for u in requests if EVIL in u]


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
@pytest.fixture()
def teacher_server(tmp_path: Path) -> Iterator[tuple[Server, str]]:
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
