"""The test suite's fourth game in Chromium: a server started with tic-tac-toe registered (``RULES_TUTOR_GAMES``)
plays its lesson end to end, graded by its engine: 3 / 3, the board masked before each answer; and a whole game on
the Play page against the random bot, from its play hook alone (a marked square refused by its rule)."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import click_choice, open_page, wait_idle
from tests.fourth_game.test_fourth_game import ENV_VALUE
from tests.ids import uid

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def ttt_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("ttt-data"), env={"RULES_TUTOR_GAMES": ENV_VALUE}).start()
    yield srv
    srv.stop()


def _answer(page: Page, group: str, label: str, hidden: str | None = None) -> None:
    if hidden is not None:  # before the answer, the board hides what the question reads
        expect(page.locator(f'[data-masked="{hidden}"]')).to_be_attached()
    click_choice(page, group, label)
    wait_idle(page)
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_role("status")).to_contain_text("Right!")
    wait_idle(page)


def _continue(page: Page) -> None:
    page.get_by_role("button", name="Continue").click()
    wait_idle(page)


def test_its_lesson_in_the_browser_scores_three_of_three(page: Page, ttt_server: Server) -> None:
    open_page(page, f"{ttt_server.url}/lesson?lesson=ttt.1_three_in_a_row&u={uid('tictactoe01')}")
    expect(page.get_by_role("heading", name="Three in a row")).to_be_visible()
    _continue(page)  # the rule slide: marking squares
    _answer(page, "Whose move is it?", "O", hidden="game|to_move")
    shot(page, "ttt-lesson-q1")
    _continue(page)
    _answer(page, "Is the move legal?", "No")  # a verdict: nothing on the board to hide
    _continue(page)
    _continue(page)  # the rule slide: winning
    _answer(page, "Who has won?", "X", hidden="game|result")
    expect(page.locator(".rt-why .rt-decides")).to_contain_text("Three X in a row: X wins.")
    _continue(page)
    expect(page.get_by_test_id("rt-score")).to_have_text("3 / 3")
    shot(page, "ttt-lesson-result")


def test_a_whole_game_on_the_play_page_against_the_random_bot(page: Page, ttt_server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{ttt_server.url}/play?game=tic_tac_toe&seed=4&u={uid('tictactoe-play01')}")
    expect(page.get_by_role("radio", name="Random moves")).to_be_checked()
    expect(page.get_by_role("radio", name="Rules of thumb")).to_have_count(0)  # its hook scores no move
    page.get_by_role("button", name="Start the game").click()
    wait_idle(page)
    expect(page.get_by_test_id("rt-play-turn")).to_contain_text("Choose an empty square to mark.")
    shot(page, "ttt-play-start-1280")
    page.get_by_role("button", name="Square 5: empty").click()
    expect(page.locator('[data-move="2"]')).to_be_attached(timeout=60_000)  # the bot answered
    wait_idle(page)
    page.get_by_role("button", name="Square 5: X").click()  # a marked square: refused, its rule named
    refusal = page.get_by_test_id("rt-play-refusal")
    expect(refusal).to_have_attribute("data-rule", "TTT.place.empty")
    expect(refusal).to_contain_text("square 5 is already marked")
    wait_idle(page)
    for _ in range(4):
        if page.get_by_test_id("rt-play-result").count():
            break
        page.get_by_role("button", name=re.compile(r"^Square \d: empty$")).first.click()
        expect(page.get_by_test_id("rt-play-refusal")).to_have_count(0, timeout=60_000)
        wait_idle(page)
    expect(page.get_by_test_id("rt-play-result")).to_contain_text(re.compile(r"wins|draw"))
    shot(page, "ttt-play-end-1280")
