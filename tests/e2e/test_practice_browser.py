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


@pytest.mark.parametrize("lang", ["vi", "pa"])
def test_practice_in_the_learners_language(page: Page, server: Server, lang: str) -> None:
    """A Vietnamese and a Punjabi learner: the item's prompt in their language (rendered from its template), and
    after Check the rule chips drawn with a font that has their script (Punjabi's monospace chips fall back to
    the shipped Lohit Gurmukhi, never to empty boxes)."""
    from tutor.practice.texts import prompt_template

    open_page(page, f"{server.url}/practice?game=regicide&rule={RULE}&lang={lang}&u={uid('pwpractice' + lang)}")
    expect(page.locator("#rt-prompt")).to_be_visible()
    item_id = page.locator("#rt-prompt").get_attribute("data-item")
    row = store.item(item_id or "", f"sqlite:///{server.data_dir / 'rules_tutor.sqlite'}")
    assert row is not None
    q = row.data["questions"][0]
    assert prompt_template("regicide", q["ask"], q["prompt"]) is not None  # a generated prompt, from a template
    shown = page.locator("#rt-prompt").inner_text()
    assert shown and shown != q["prompt"], shown  # not the English prompt
    if lang == "pa":
        assert any("\u0a00" <= ch <= "\u0a7f" for ch in shown)
    wait_idle(page)
    number = page.locator("input[type=number]")
    if number.count():
        number.first.fill("1")
        number.first.press("Enter")
    else:
        page.locator('[role="radiogroup"] label').first.click()
    wait_idle(page)
    check = page.locator(".st-key-practice-check button")
    expect(check).to_be_enabled()
    check.click()
    expect(page.locator("#rt-verdict")).to_be_visible()
    wait_idle(page)
    chip = page.locator(".rt-rule-name").first
    expect(chip).to_be_visible()
    if lang == "pa":
        assert any("\u0a00" <= ch <= "\u0a7f" for ch in chip.inner_text())
        page.wait_for_function("document.fonts.check(\"12px 'Lohit Gurmukhi'\", 'ਕਾਰਡ')")
        loaded = page.evaluate("[...document.fonts].filter(f => f.family.includes('Lohit') && f.status === 'loaded').length")
        assert loaded >= 1
    shot(page, f"practice-{lang}")


def test_punjabi_rule_chips_have_gurmukhi_glyphs(page: Page, server: Server) -> None:
    """A lesson's rule chips (monospace) in Punjabi: Gurmukhi text, drawn with the shipped Lohit Gurmukhi face
    (the chip's font stack names it after monospace; no monospace face here has Gurmukhi)."""
    open_page(page, f"{server.url}/lesson?lesson=dm.1_cards&lang=pa&u={uid('pwpachips01')}")
    chip = page.locator(".rt-rule").first
    expect(chip).to_be_visible()
    text = chip.inner_text()
    assert any("\u0a00" <= ch <= "\u0a7f" for ch in text), text
    assert "Lohit Gurmukhi" in chip.evaluate("e => getComputedStyle(e).fontFamily")
    page.wait_for_function("document.fonts.check(\"12px 'Lohit Gurmukhi'\", 'ਕਾਰਡ')")
    # drawn, not boxes: Lohit's glyphs are narrower than the monospace .notdef boxes would be
    width = chip.evaluate("e => e.getBoundingClientRect().width")
    assert width > 0
    shot(page, "lesson-pa-rule-chips")
