"""A whole Dungeon Mayhem duel played with the keyboard alone (issue 24, item 10): the learner reaches every
control with Tab and presses Enter or Space, from "Start the game" to the last move; no click, no focus set by
the test. The moves are the heuristic bot's choices for the learner's seat, read from the position the server
keeps."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, wait_idle
from tests.e2e.test_play_browser import _played
from tests.ids import uid
from tutor.play.bots import HeuristicBot

pytestmark = pytest.mark.browser
MAX_TABS = 80
"""More Tab presses than the page has controls before the hand (navigation, language, the turn's choices)."""


def _tab_to(page: Page, target: Locator) -> None:
    """Press Tab (or Shift+Tab, when the focus is past it) until ``target`` has the keyboard focus."""
    where = ("e => e === document.activeElement ? 0 : "
             "(e.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)")
    for _ in range(MAX_TABS):
        step = target.evaluate(where)
        if step == 0:
            return
        page.keyboard.press("Tab" if step > 0 else "Shift+Tab")
    raise AssertionError(f"Tab never reached {target}")


def _key(action: object) -> str:
    from engine.dungeon_mayhem import actions as A

    if isinstance(action, A.PlayCard):
        return f"play-card-{action.index}"
    if isinstance(action, (A.ChooseTarget, A.ChooseDefense)) and action.defense is not None:
        return f"play-def-{action.player}-{action.defense}"
    if isinstance(action, (A.ChooseTarget, A.ChoosePlayer)):
        return f"play-seat-{action.player}"
    if isinstance(action, A.ChooseDiscard):
        return f"play-disc-{action.index}"
    assert isinstance(action, A.ChooseOption)
    return f"play-opt-{action.option}"


def test_a_whole_dungeon_mayhem_duel_by_keyboard_only(page: Page, server: Server) -> None:
    learner = uid("pwplay-dm-keys")
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{server.url}/play?u={learner}&seed=4&game=dungeon_mayhem&players=2&chars=Lia,Sutha"
                    "&level=random")
    start = page.get_by_role("button", name="Start the game")
    _tab_to(page, start)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rt-play-turn")).to_contain_text("Your move")
    wait_idle(page)
    bot = HeuristicBot("dungeon_mayhem")
    keys = ("Enter", "Space")
    for k in range(300):
        played = _played(server, learner)
        if played.outcome is not None:
            break
        n = len(played.entries)
        action, _reason = bot.choose(played.state, random.Random(n))
        _tab_to(page, page.locator(f".st-key-{_key(action)} button:visible").first)
        page.keyboard.press(keys[k % 2])  # a button answers Enter and Space alike
        expect(page.locator(f'[data-move="{n + 1}"]')).to_be_attached(timeout=60_000)
        wait_idle(page)
    played = _played(server, learner)
    assert played.outcome is not None, "the duel did not end in 300 moves"
    assert all(not e.bot for e in played.entries if e.seat == 0)  # every move of the learner's seat was a key press
    expect(page.get_by_test_id("rt-play-result")).to_contain_text("wins the game")
    shot(page, "play-dm-keyboard-end-1280")
