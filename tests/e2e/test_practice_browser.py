"""Practice in Chromium: an item on one rule answered right, feedback with the deciding rule, Space for the
next item, and the progress picture; screenshots of both. Answers come from the engine (the item the page
serves is read from the server's database by its id)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import click_choice, open_page, wait_idle
from tests.ids import uid
from tutor.practice import store
from tutor.practice.core import ask
from tutor.questions import part_views

pytestmark = pytest.mark.browser
RULE = "REG.damage.deal"


def _answer_item(page: Page, server: Server) -> str:
    item_id = page.locator("#rt-prompt").get_attribute("data-item")
    assert item_id
    row = store.item(item_id, f"sqlite:///{server.data_dir / 'rules_tutor.sqlite'}")
    assert row is not None and row.rule == RULE
    asked = ask(row.game, row.data)
    view = part_views(asked.scenario, asked.question, asked.solution)[0]
    if view.kind == "number":
        box = page.get_by_label(view.label)
        box.fill(str(asked.answer))
        box.press("Enter")
    else:
        label = next(c.label for c in view.choices if c.key == asked.answer and type(c.key) is type(asked.answer)) \
            if view.kind == "choice" else ("Yes" if asked.answer else "No")
        click_choice(page, view.label, label)
    wait_idle(page)
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_role("status")).to_contain_text("Right!")
    wait_idle(page)
    return item_id


def test_practise_one_rule_then_see_progress(page: Page, server: Server) -> None:
    open_page(page, f"{server.url}/practice?game=regicide&rule={RULE}&u={uid('pwpractice01')}")
    expect(page.get_by_role("heading", name="Rule: Deal damage")).to_be_visible()
    expect(page.locator("#rt-prompt")).to_be_visible()
    first = _answer_item(page, server)
    expect(page.locator(f'.rt-decides[data-rule="{RULE}"]')).to_be_visible()  # the deciding rule leads the why
    shot(page, "practice-feedback")
    page.keyboard.press("Space")
    wait_idle(page)
    expect(page.locator("#rt-prompt")).to_be_visible()
    assert page.locator("#rt-prompt").get_attribute("data-item") != first
    second = _answer_item(page, server)
    assert second != first
    expect(page.get_by_test_id("rt-streak")).to_contain_text("Streak: 1 day")
    page.get_by_test_id("stButtonGroup").get_by_text("Progress", exact=True).click()
    wait_idle(page)
    row = page.locator(f'table.rt-mastery tr[data-rule="{RULE}"]')
    expect(row).to_be_visible()
    assert int(row.get_attribute("data-mastery") or 0) > 0
    shot(page, "practice-progress")
