"""Play in Chromium: a whole seeded Regicide solo game played to its end through the page by clicks (select the
cards, then Play or Discard; flip a Jester when the rules of thumb say so), with one refused move showing its rule,
one take-back, and a reload that resumes the game; screenshots at 1280 and 390 px. The moves are chosen by the
heuristic bot from the position the server keeps (read from its database), and made by clicking."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from engine import regicide as rg
from tests.e2e.conftest import Server, shot
from tests.e2e.lesson_driver import open_page, reload_page, wait_idle
from tests.ids import uid
from tutor.games.regicide.play import cards_text as rg_cards
from tutor.play import store
from tutor.play.bots import HeuristicBot
from tutor.play.live import Played

pytestmark = pytest.mark.browser
SEED = 7


def _played(server: Server, learner: str) -> Played:
    found = store.current(learner, f"sqlite:///{server.data_dir / 'rules_tutor.sqlite'}")
    assert found is not None
    return found[1]


def _make(page: Page, action: object) -> None:
    if isinstance(action, rg.SoloJester):
        page.get_by_role("button", name="Flip a set-aside Jester").click()
        return
    assert isinstance(action, (rg.Play, rg.Discard))
    for card in action.cards:
        page.get_by_role("button", name=rg_cards([card]), exact=True).click()
        expect(page.get_by_role("button", name=f"{rg_cards([card])}, selected", exact=True)).to_be_visible()
    verb = "Play the selected cards" if isinstance(action, rg.Play) else "Discard the selected cards"
    page.get_by_role("button", name=verb).click()


def test_a_whole_regicide_solo_game_by_clicks(page: Page, server: Server) -> None:
    learner = uid("pwplay-regicide")
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{server.url}/play?u={learner}&seed={SEED}&game=regicide&players=1")
    page.get_by_role("button", name="Start the game").click()
    wait_idle(page)
    expect(page.get_by_test_id("rt-play-turn")).to_contain_text("Your move")

    page.get_by_role("button", name="Yield", exact=True).click()  # a refused move names its rule
    refusal = page.get_by_test_id("rt-play-refusal")
    expect(refusal).to_have_attribute("data-rule", "REG.solo.no_yield")
    expect(refusal).to_contain_text("never yield")

    bot = HeuristicBot("regicide")
    undone = reloaded = False
    for _ in range(200):
        played = _played(server, learner)
        if played.outcome is not None:
            break
        n = len(played.entries)
        action, _reason = bot.choose(played.state, random.Random(n))
        _make(page, action)
        expect(page.locator(f'[data-move="{n + 1}"]')).to_be_attached(timeout=60_000)
        wait_idle(page)
        if not undone:  # take the first move back, then make it again
            page.get_by_role("button", name="Take back my last move").click()
            expect(page.locator('[data-move="1"]')).to_have_count(0)
            wait_idle(page)
            _make(page, action)
            expect(page.locator('[data-move="1"]')).to_be_attached(timeout=60_000)
            wait_idle(page)
            undone = True
            shot(page, "play-regicide-1280")
        elif not reloaded and n >= 3:  # a reload resumes the same game
            reload_page(page)
            expect(page.locator(f'[data-move="{n + 1}"]')).to_be_attached(timeout=60_000)
            reloaded = True
    played = _played(server, learner)
    assert played.outcome is not None, "the game did not end in 200 moves"
    expect(page.get_by_test_id("rt-play-result")).to_be_visible()
    expect(page.get_by_test_id("rt-play-result")).to_contain_text("won" if played.outcome.won else "lost")
    assert reloaded and undone
    shot(page, "play-regicide-end-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    reload_page(page)
    expect(page.get_by_test_id("rt-play-result")).to_be_visible()
    shot(page, "play-regicide-end-390")


def test_play_page_passes_axe_and_plays_by_keyboard(page: Page, server: Server) -> None:
    """The form, a Dungeon Mayhem duel with a refused target and the legal moves shown pass axe (no critical,
    serious or moderate finding) at 1280 and 390 px; a card and its target are chosen with the keyboard alone."""
    from tests.e2e.test_accessibility import AXE, FAIL_ON, describe

    failures: list[str] = []

    def scan(where: str) -> None:
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            wait_idle(page)
            failures.extend(describe(v, f"{where} at {width}") for v in AXE.run(page).response["violations"]
                            if v["impact"] in FAIL_ON)
        page.set_viewport_size({"width": 1280, "height": 900})
        wait_idle(page)

    learner = uid("pwplay-dm-a11y")
    open_page(page, f"{server.url}/play?u={learner}&seed=3&game=dungeon_mayhem&players=2&chars=Azzan,Lia")
    scan("the new-game form")
    page.get_by_role("button", name="Start the game").focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    expect(page.get_by_test_id("rt-play-turn")).to_contain_text("Play a card")
    card = page.get_by_role("button", name="Lightning Bolt")
    card.focus()
    page.keyboard.press("Enter")  # a card, by keyboard
    expect(page.get_by_test_id("rt-play-turn")).to_contain_text("Choose the target")
    wait_idle(page)
    page.get_by_role("button", name="Azzan", exact=True).focus()
    page.keyboard.press("Space")  # Azzan at himself: refused by its rule
    expect(page.get_by_test_id("rt-play-refusal")).to_contain_text("an attack must target an opponent")
    wait_idle(page)
    page.get_by_role("switch", name="Show the legal moves").focus()
    page.keyboard.press("Space")
    expect(page.get_by_test_id("rt-play-legal")).to_contain_text("chooses Lia")
    wait_idle(page)
    scan("a duel with a refused target and the legal moves")
    page.get_by_role("button", name="Lia", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-move="2"]')).to_be_attached(timeout=60_000)
    wait_idle(page)
    shot(page, "play-dm-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    wait_idle(page)
    shot(page, "play-dm-390")
    assert not failures, "\n".join(failures)


def _dm_button(page: Page, action: object) -> None:
    """Click the button that makes a Dungeon Mayhem move (the page's keys name each choice)."""
    from engine.dungeon_mayhem import actions as A

    if isinstance(action, A.PlayCard):
        key = f"play-card-{action.index}"
    elif isinstance(action, A.ChooseTarget):
        key = f"play-seat-{action.player}" if action.defense is None else f"play-def-{action.player}-{action.defense}"
    elif isinstance(action, A.ChooseDefense):
        key = f"play-def-{action.player}-{action.defense}"
    elif isinstance(action, A.ChoosePlayer):
        key = f"play-seat-{action.player}"
    elif isinstance(action, A.ChooseDiscard):
        key = f"play-disc-{action.index}"
    else:
        assert isinstance(action, A.ChooseOption)
        key = f"play-opt-{action.option}"
    page.locator(f".st-key-{key} button:visible").first.click()  # on a phone Streamlit keeps a hidden twin of a button with help


def test_a_whole_dungeon_mayhem_duel_by_clicks(page: Page, server: Server) -> None:
    learner = uid("pwplay-dm-duel")
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{server.url}/play?u={learner}&seed=11&game=dungeon_mayhem&players=2&chars=Sutha,Oriax"
                    "&level=random")
    page.get_by_role("button", name="Start the game").click()
    wait_idle(page)
    bot = HeuristicBot("dungeon_mayhem")
    for _ in range(300):
        played = _played(server, learner)
        if played.outcome is not None:
            break
        n = len(played.entries)
        action, _reason = bot.choose(played.state, random.Random(n))
        _dm_button(page, action)
        expect(page.locator(f'[data-move="{n + 1}"]')).to_be_attached(timeout=60_000)
        wait_idle(page)
    played = _played(server, learner)
    assert played.outcome is not None, "the duel did not end in 300 moves"
    expect(page.get_by_test_id("rt-play-result")).to_contain_text("wins the game")
    shot(page, "play-dm-end-1280")


def test_the_guided_first_game_of_regicide_at_390_px(page: Page, server: Server) -> None:
    """A new learner on a phone takes the guided first game to its win by clicks, the tutorial's words leading each
    step; a legal move it does not ask for gets its reason; the end lists the rules met."""
    from tutor.play.codec import decode
    from tutor.play.tutorial import tutorial

    t = tutorial("regicide")
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server.url}/play?u={uid('pwplay-tutorial')}")
    page.get_by_role("button", name="A guided first game of Regicide").click()
    expect(page.get_by_test_id("rt-play-tutorial")).to_contain_text("Regicide is a cooperative card game")
    wait_idle(page)
    _make(page, rg.Play.of("AS"))  # legal, but not the 5 of Spades it asks for
    expect(page.get_by_test_id("rt-play-refusal")).to_contain_text(t.steps[0].why.en)
    wait_idle(page)
    page.get_by_role("button", name="A♠, selected", exact=True).click()  # unselect it
    expect(page.get_by_role("button", name="A♠", exact=True)).to_be_visible()
    wait_idle(page)
    for n, step in enumerate(t.steps, start=1):
        expect(page.get_by_test_id("rt-play-tutorial")).to_contain_text(f"step {n} of {len(t.steps)}")
        _make(page, decode("regicide", step.want))
        expect(page.locator(f'[data-move="{n}"]')).to_be_attached(timeout=60_000)
        wait_idle(page)
        if n == 1:
            shot(page, "play-tutorial-390")
    expect(page.get_by_test_id("rt-play-result")).to_contain_text("You won the game")
    expect(page.get_by_test_id("rt-play-tutorial-done")).to_contain_text("Spades")
    shot(page, "play-tutorial-end-390")
