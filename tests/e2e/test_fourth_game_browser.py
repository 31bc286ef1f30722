"""The test suite's fourth game in Chromium: a server started with tic-tac-toe registered (``RULES_TUTOR_GAMES``)
plays its lesson end to end, graded by its engine: 3 / 3, the board masked before each answer."""

from __future__ import annotations

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
