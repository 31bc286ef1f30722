"""The "Check a ruling" page in Chromium: change a play and see the ruling change, bad YAML with its line,
a shared link that reproduces the board and ruling, and the issue's done-when walk-through."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import key, open_page, wait_idle
from tutor import share
from tutor.library import default_library
from tutor.questions import part_views
from tutor.quiz import service
from tutor.quiz.spec import asked, resolve
from tutor.ruling import check

pytestmark = pytest.mark.browser
PASSCODE = "e2e-ruling-owl"


def open_ruling(page: Page, server: Server, query: str = "") -> None:
    page.set_viewport_size({"width": 1280, "height": 2200})  # tall, so each screenshot shows the whole page
    open_page(page, f"{server.url}/ruling{query}")
    expect(page.get_by_text("Settle it with the rules engine")).to_be_visible()


def choose(page: Page, widget_key: str, text: str) -> None:
    """Pick an option of a Streamlit selectbox by typing it."""
    box = page.locator(key(widget_key)).get_by_role("combobox")
    if box.input_value() == text:
        return
    box.click()
    box.fill(text)
    page.get_by_role("option", name=text).first.click()
    wait_idle(page)


def ruling_text(page: Page) -> str:
    return page.get_by_test_id("rr-ruling").inner_text()


def shared_payload(page: Page) -> str:
    return parse_qs(urlsplit(page.url).query)["s"][0]


def test_open_a_library_scenario_change_one_play_and_the_ruling_changes(page: Page, server: Server) -> None:
    open_ruling(page, server)
    choose(page, "ruling.source", "Lend a hand")
    ruling = page.get_by_test_id("rr-ruling")
    expect(ruling).to_contain_text("Attacked player: Player 2 · Target: Spider-Woman")
    expect(ruling).to_contain_text("MC.def.ally")
    shot(page, "ruling-library-lend-a-hand")
    # change the one play: Player 2's Spider-Woman no longer defends; Player 1 basic-defends instead
    page.locator(key("ruling.f.remove_play.0")).get_by_role("button").click()
    wait_idle(page)
    choose(page, "ruling.f.play_player", "Player 1")
    choose(page, "ruling.f.play_verb", "defends with")
    page.get_by_role("button", name="Add the play").click()
    wait_idle(page)
    expect(ruling).to_contain_text("Attacked player: Player 1 · Target: Spider-Man")
    expect(ruling).to_contain_text("MC.def.basic")
    expect(ruling).not_to_contain_text("MC.def.ally")
    shot(page, "ruling-library-changed-play")


def test_bad_yaml_shows_the_error_with_its_line(page: Page, server: Server) -> None:
    open_ruling(page, server)
    page.get_by_role("tab", name="YAML editor").click()
    editor = page.locator(key("ruling.yaml")).locator("textarea")
    editor.fill("id: my.ruling\ngame: marvel_champions\nid: again\n")
    editor.press("Control+Enter")
    wait_idle(page)
    expect(page.get_by_text("situation.yaml:3:1: id: duplicate key 'id' (first defined at line 1)").first).to_be_visible()
    shot(page, "ruling-bad-yaml")
    editor.fill("id: my.ruling\ngame: marvel_champions\ntitle: T\nsource: S\nsetup:\n  players:\n"
                "    - {id: p1, name: P1, identity: Spider-Mann}\n  attack: {attacker: Rhino, against: p1}\n"
                "questions:\n  - {id: q, prompt: Who?, ask: target}\n")
    editor.press("Control+Enter")
    wait_idle(page)
    expect(page.get_by_text("situation.yaml:7:36: setup.players[0].identity: unknown card 'Spider-Mann'").first
           ).to_be_visible()


def test_a_shared_link_reproduces_the_board_and_the_ruling(page: Page, server: Server, browser: object) -> None:
    open_ruling(page, server)
    choose(page, "ruling.source", "Taking turns")
    expect(page.get_by_test_id("rr-ruling")).to_contain_text("MC.def.label_one_player")
    mine = ruling_text(page)
    link = page.locator(key("ruling.link")).inner_text().strip()
    assert link.startswith(server.url + "/ruling?s=")
    assert check(share.decode(shared_payload(page))).scenario.id == "mc.d1.taking_turns"  # type: ignore[union-attr]
    other = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()  # type: ignore[attr-defined]
    try:
        open_page(other, link)
        expect(other.get_by_test_id("rr-ruling")).to_contain_text("MC.def.label_one_player")
        assert ruling_text(other) == mine
        shot(other, "ruling-shared-link")
    finally:
        other.context.close()


def test_a_damaged_shared_link_is_refused_with_a_clear_error(page: Page, server: Server) -> None:
    open_ruling(page, server, "?s=not*base64")
    expect(page.get_by_text("This shared link cannot be opened").first).to_be_visible()
    expect(page.get_by_test_id("rr-ruling")).to_be_visible()  # the empty board is still there


def test_done_when_preemptive_strike_after_a_basic_defense(page: Page, server: Server, browser: object) -> None:
    """Issue 7: 'Player 2 plays Preemptive Strike after Player 1 basic-defends: who is the target?'."""
    open_ruling(page, server)
    shot(page, "ruling-done-when-1-empty-board")
    expect(page.get_by_text("Does anyone defend?").first).to_be_visible()
    page.get_by_role("button", name="Player 1: Spider-Man defends (basic defense)").click()
    wait_idle(page)
    shot(page, "ruling-done-when-2-basic-defense")
    # the add-a-play row starts on the last player playing a card; pick Preemptive Strike anyway
    choose(page, "ruling.f.play_player", "Player 2")
    choose(page, "ruling.f.play_what", "Preemptive Strike")
    page.get_by_role("button", name="Add the play").click()
    wait_idle(page)
    ruling = page.get_by_test_id("rr-ruling")
    expect(ruling).to_contain_text("Attacked player: Player 1 · Target: Spider-Man")
    expect(ruling).to_contain_text("MC.def.label_no_change")
    shot(page, "ruling-done-when-3-ruling")
    link = page.locator(key("ruling.link")).inner_text().strip()
    mine = ruling_text(page)
    other = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()  # type: ignore[attr-defined]
    try:
        open_page(other, link)
        expect(other.get_by_test_id("rr-ruling")).to_contain_text("Target: Spider-Man")
        assert ruling_text(other) == mine
        expect(other.get_by_text("Does anyone defend?")).to_have_count(0)
        shot(other, "ruling-done-when-4-shared")
    finally:
        other.context.close()
    # what-if: without the basic defense, Preemptive Strike's (defense) label makes Black Panther the target
    page.get_by_role("button", name="Without play 1 (Player 1 defends with Spider-Man)").click()
    wait_idle(page)
    expect(page.get_by_test_id("rr-diff-summary")).to_contain_text("The ruling changes")
    shot(page, "ruling-done-when-5-what-if")


def test_save_the_situation_as_a_quiz_question_then_teach_it(browser: object, tmp_path: Path) -> None:
    """Issue 7, Share: a teacher saves the situation as a question in a new quiz (the passcode typed inline),
    the teacher page lists it, and a student of a class session answers it, graded by the engine."""
    srv = Server(tmp_path, env={"RULES_TUTOR_TEACHER_PASSCODE": PASSCODE}).start()
    page = browser.new_context(viewport={"width": 1280, "height": 2200}).new_page()  # type: ignore[attr-defined]
    page.set_default_timeout(20_000)
    student = None
    try:
        open_ruling(page, srv)
        page.get_by_role("button", name="Player 1: Spider-Man defends (basic defense)").click()
        wait_idle(page)
        expect(page.get_by_text("Save as a quiz question").first).to_be_visible()
        page.get_by_label("Teacher passcode").fill("not-it")
        page.get_by_role("button", name="Unlock").click()
        wait_idle(page)
        expect(page.get_by_text("That is not the passcode.")).to_be_visible()
        page.get_by_label("Teacher passcode").fill(PASSCODE)
        page.get_by_role("button", name="Unlock").click()
        wait_idle(page)
        # keep only "Who is the defender?" of the situation's questions
        for prompt in ("Who is the attacked player, and who is the target?", "How much damage does the attack deal?",
                       "And if Player 2 had played Preemptive Strike instead?", "Is every play legal?"):
            page.locator("[class*='st-key-ruling-quiz_questions']").get_by_role("button", name=f"Remove {prompt}").click()
            wait_idle(page)
        page.get_by_label("New quiz title").fill("Game night <rulings>")
        page.get_by_label("New quiz title").press("Enter")
        wait_idle(page)
        page.get_by_role("button", name="Save as a quiz question").click()
        wait_idle(page)
        expect(page.get_by_text("Saved the new quiz “Game night <rulings>” with 1 question.")).to_be_visible()
        shot(page, "ruling-saved-as-quiz-question")

        url = f"sqlite:///{tmp_path / 'rules_tutor.sqlite'}"
        ((qid, title, n),) = service.list_quizzes(url)
        (item,) = service.load_quiz(qid, url).items
        assert (title, n, item.question, item.inline) == ("Game night <rulings>", 1, "defender", True)

        # the same browser session: the teacher page is unlocked and lists the question
        page.get_by_role("link", name="Teachers").click()
        wait_idle(page)
        expect(page.get_by_label("Teacher passcode")).to_have_count(0)
        page.get_by_text("The questions of this quiz (1 question)").click()
        items = page.get_by_test_id("rt-quiz-items")
        expect(items).to_contain_text("My ruling: Who is the defender? (from Check a ruling)")
        page.get_by_role("button", name="Start a class session").click()
        wait_idle(page)
        code = page.get_by_test_id("rt-join-code").inner_text().strip()

        lib = default_library()
        scn, q = resolve(lib, item)
        view = part_views(scn, q)[0]
        answer = asked(lib, item).answer
        label = next(c.label for c in view.choices if c.key == answer)
        student = browser.new_context(viewport={"width": 800, "height": 900}).new_page()  # type: ignore[attr-defined]
        student.set_default_timeout(20_000)
        open_page(student, f"{srv.url}/join?code={code}")
        student.get_by_label("Your name").fill("Ana")
        student.get_by_label("Your name").press("Enter")
        wait_idle(student)
        student.get_by_role("button", name="Join").click()
        expect(student.get_by_text("Question 1 of 1")).to_be_visible()
        wait_idle(student)
        student.get_by_role("radiogroup", name=view.label).get_by_text(label, exact=True).click()
        wait_idle(student)
        student.get_by_role("button", name="Submit").click()
        expect(student.get_by_role("status")).to_contain_text("Right!")
        shot(student, "ruling-quiz-question-answered")
    finally:
        if student is not None:
            student.context.close()
        page.context.close()
        srv.stop()
