"""Take Defense 1 in Chromium: all right -> 6 / 6; one wrong -> 5 / 6 with the correct answer and
the explanation; the space key continues; progress survives a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import answer, engine_answer, open_page, reload_page, take_lesson, wait_idle
from tests.ids import uid
from tutor.library import default_library
from tutor.models import QuestionSlide

pytestmark = pytest.mark.browser

LESSON = "mc.defense_1"


def _open(page: Page, server: Server, learner: str) -> None:
    open_page(page, f"{server.url}/lesson?lesson={LESSON}&u={uid(learner)}")
    expect(page.get_by_role("heading", name="Defense 1")).to_be_visible()


def test_all_right_scores_six_of_six(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    _open(page, server, "allright001")
    take_lesson(page, lib, lesson, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text("6 / 6")
    expect(page.get_by_text("Who gets attacked")).to_be_visible()
    shot(page, "defense1-result-6of6")


def test_one_wrong_scores_five_and_shows_answer_and_explanation(page: Page, server: Server) -> None:
    lib = default_library()
    lesson = lib.lessons[LESSON]
    _open(page, server, "onewrong001")
    # Answer question 2 ("Lend a hand") wrongly; check the feedback there.
    k = 0
    for i, slide in enumerate(lesson.slides):
        if isinstance(slide, QuestionSlide):
            k += 1
            answer(page, lib, slide, right=k != 2)
            if k == 2:
                scn = lib.scenarios[slide.scenario]
                q = scn.questions[0]
                status = page.get_by_role("status")
                expect(status).to_contain_text("Not quite.")
                correct = engine_answer(lib, slide)  # {'attacked_player': 'p2', 'target': 'Spider-Woman'}
                assert correct == {"attacked_player": "p2", "target": "Spider-Woman"}
                # the learner's own answer in sight, each pick marked, the correct choice beside it
                expect(status.locator("li.rt-pick.picked.wrong")).to_contain_text("Player 1")
                expect(status.locator("li.rt-pick.right:not(.picked)")).to_contain_text("Player 2")
                expect(status.locator("li.rt-pick.picked.right")).to_contain_text("Spider-Woman")
                status = page.locator(".rt-why")
                expl = lib.asked(scn.id, q.id).explanation  # the engine's explanation, deciding rule first
                deciding = expl.deciding_step
                assert deciding is not None and deciding.rule == "MC.def.retarget"
                expect(status.locator(".rt-decides")).to_contain_text("The defender becomes the target")
                expect(status.locator(".rt-decides")).to_contain_text(deciding.text)
                expect(status.locator(".rt-decides")).to_contain_text("Rules Reference v1.8, p. 15, Defend 5")
                for step in expl.steps:  # every step is there, each with its rule's name (the id on hover)
                    expect(status).to_contain_text(step.text)
                # the board at the question's moment: Spider-Woman is still in play, defending
                # (the drawing is aria-hidden: a screen reader reads the board's text alternative, which says so too)
                expect(page.locator("[role=img][aria-label='Spider-Woman, Ally, exhausted']")).to_be_visible()
                expect(page.get_by_role("figure")).to_contain_text("Spider-Woman, Ally, exhausted:")
                shot(page, "defense1-wrong-feedback")
        page.get_by_role("button", name="Continue").click()
        wait_idle(page)
    expect(page.get_by_test_id("rt-score")).to_have_text("5 / 6")
    expect(page.get_by_text("Review what you missed")).to_be_visible()
    shot(page, "defense1-result-5of6")


def test_space_key_continues_and_progress_survives_reload(page: Page, server: Server) -> None:
    _open(page, server, "spacekey001")
    expect(page.get_by_text("An attack, step by step")).to_be_visible()
    wait_idle(page)
    page.keyboard.press("Space")
    expect(page.get_by_text("Who is attacked, and who is the target?")).to_be_visible()
    wait_idle(page)
    page.keyboard.press("Space")
    expect(page.get_by_text("Question 1 of 6", exact=False)).to_be_visible()
    reload_page(page)
    expect(page.get_by_text("Question 1 of 6", exact=False)).to_be_visible()


@pytest.mark.parametrize("lesson_id", ["mc.defense_2", "mc.defense_3"])
def test_damage_lessons_end_to_end(page: Page, server: Server, lesson_id: str) -> None:
    lib = default_library()
    lesson = lib.lessons[lesson_id]
    n = len(lesson.question_slides)
    assert n >= 6
    open_page(page, f"{server.url}/lesson?lesson={lesson_id}&u={uid('dmg' + lesson_id)}")
    expect(page.get_by_role("heading", name=lesson.title)).to_be_visible()
    take_lesson(page, lib, lesson, wrong={2}, shots=lambda name: shot(page, name))
    expect(page.get_by_test_id("rt-score")).to_have_text(f"{n - 1} / {n}")
    shot(page, f"{lesson_id}-result")
