"""The guided first game of Dungeon Mayhem in Chromium at 390 px: a new learner on a phone starts it, reads each
step's words, tries a legal move it does not ask for (and gets the tutorial's reason), makes each move it asks for
by clicking the card or the target, sees the bot's scripted moves with their reasons in the log, and wins; then
replays the won game from "Your games" move by move (First / Previous / Next / Last), partly by keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, wait_idle
from tests.e2e.test_play_browser import _dm_button, _played
from tests.ids import uid

pytestmark = pytest.mark.browser


def test_the_guided_first_game_of_dungeon_mayhem_at_390_px(page: Page, server: Server) -> None:
    from engine.dungeon_mayhem import actions as A
    from tutor.play.live import tutorial_step
    from tutor.play.tutorial import tutorial, wanted

    t = tutorial("dungeon_mayhem")
    total = sum(1 for s in t.steps if not s.bot)
    learner = uid("pwplay-tutorial-dm")
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server.url}/play?u={learner}")
    page.get_by_role("button", name="A guided first game of Dungeon Mayhem").click()
    box = page.get_by_test_id("rt-play-tutorial")
    expect(box).to_contain_text("Dungeon Mayhem is a fast card duel")
    expect(box).to_contain_text(f"step 1 of {total}")
    wait_idle(page)
    shot(page, "play-tutorial-dm-390")
    why = t.steps[0].why
    assert why is not None
    _dm_button(page, A.PlayCard(1))  # Head Butt: legal, but not the Big Axe it asks for
    expect(page.get_by_test_id("rt-play-refusal")).to_contain_text(why.en)
    wait_idle(page)
    for n in range(1, total + 1):
        expect(box).to_contain_text(f"step {n} of {total}")
        played = _played(server, learner)
        step = tutorial_step(played)
        assert step is not None and not step.bot
        _dm_button(page, wanted("dungeon_mayhem", played.state, step.want))
        after = len(played.entries) + 1
        while after < len(t.steps) and t.steps[after].bot:  # the bot's scripted replies follow at once
            after += 1
        expect(page.locator(f'[data-move="{after}"]')).to_be_attached(timeout=60_000)
        wait_idle(page)
        if n == 5:  # Azzan's Lightning Bolt broke the Spiked Shield: the Mighty Power step is next
            shot(page, "play-tutorial-dm-mighty-390")
    expect(page.get_by_test_id("rt-play-result")).to_contain_text("Sutha (you) wins the game")
    expect(page.get_by_test_id("rt-play-tutorial-done")).to_contain_text("Mighty Toss")
    expect(page.get_by_text(t.steps[2].say.en)).to_be_attached()  # a bot's scripted move, its reason in the log
    shot(page, "play-tutorial-dm-end-390")

    # the won game, replayed from "Your games": read-only, step by step, by keyboard
    page.get_by_text("Your games").click()
    page.get_by_role("button", name="Replay the game of").first.click()
    at = page.get_by_test_id("rt-replay-at")
    expect(at).to_contain_text(f"The deal, before move 1 of {len(t.steps)}")
    wait_idle(page)
    nxt = page.get_by_role("button", name="Next")
    nxt.focus()
    page.keyboard.press("Enter")
    expect(at).to_contain_text(f"Move 1 of {len(t.steps)}: Sutha (you)")
    wait_idle(page)
    page.get_by_role("button", name="Next").press("Enter")
    expect(at).to_contain_text(f"Move 2 of {len(t.steps)}")
    expect(page.get_by_test_id("rt-replay-board")).to_contain_text("7/10")  # Azzan after the Big Axe
    wait_idle(page)
    shot(page, "play-replay-dm-390")
    page.get_by_role("button", name="Last").click()
    expect(page.get_by_test_id("rt-replay-result")).to_contain_text("wins the game")
