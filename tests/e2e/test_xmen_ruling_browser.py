"""The ruling page in Chromium with a minion revealed by a surge (MC.enc.minion_engages): a person opens the
library file, reads whom each minion is engaged with, sees each minion once on the board, and the step that
decides it; then Archangel's Aerial Agility and Angel of Death."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shot
from tests.e2e.test_ruling_browser import choose, open_ruling

pytestmark = pytest.mark.browser


def test_a_surge_brings_minions_that_engage_the_revealing_player(page: Page, server: Server) -> None:
    open_ruling(page, server)
    choose(page, "ruling.source", "Under Fire brings a minion")
    ruling = page.get_by_test_id("rr-ruling")
    expect(ruling).to_contain_text("Whom is the Hydra Mercenary engaged with?")
    expect(ruling).to_contain_text("MC.enc.minion_engages")
    expect(ruling).to_contain_text("it enters play engaged with Player 1, with a tough card (toughness)")
    expect(ruling.get_by_text("engaged with Player 1", exact=True)).to_have_count(2)  # each minion drawn once
    shot(page, "ruling-xmen-surge-minion")


def test_archangel_answers_an_attack_with_aerial_agility_and_angel_of_death(page: Page, server: Server) -> None:
    open_ruling(page, server)
    choose(page, "ruling.source", "Archangel spreads his wings")
    ruling = page.get_by_test_id("rr-ruling")
    expect(ruling).to_contain_text("MC.card.aerial_agility")
    expect(ruling).to_contain_text("Angel of Death deals 1 damage (its printed cost) to Rhino: 14 → 13 hit points")
    shot(page, "ruling-xmen-archangel")
