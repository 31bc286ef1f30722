"""AppTest of the "Check a ruling" page (a shared link, the YAML editor) with the situations that used to reach its
generic error page: a position the engine refuses (a Regicide card placed twice, the enemy in a hand), a Dungeon
Mayhem question about an unknown player's hand. Each opens with its problems listed as positioned lines, never an
exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.tutor.semantic_mutants import semantic_mutants
from tutor import share
from ui.state import RulingKeys as K

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


# the mutants that crashed the loader before, one of each kind (tests/tutor/semantic_mutants.py names them)
CASES = ["m_hand_cards.yaml:unknown_of:questions[1].of", "m_legal_plays.yaml:duplicate_card:setup.hands[0][5]",
         "m_legal_plays.yaml:foreign_card:setup.hands[0][5]", "m_legal_plays.yaml:enemy_in_hand:setup.hands[0][5]"]


@pytest.mark.parametrize("name", CASES)
def test_a_shared_situation_the_engine_refuses_lists_its_problems(name: str) -> None:
    mutant = next(m for m in semantic_mutants() if m.name == name)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["s"] = share.encode(mutant.text)
    at.switch_page("ui/pages/ruling.py")
    at.run().run()
    assert not at.exception
    assert any(c.value.startswith("shared link:") and f": {mutant.field}" in c.value for c in at.code), \
        [c.value for c in at.code]
    assert "game: marvel_champions" in at.session_state[K.YAML]  # the empty board stays, the link is not loaded


@pytest.mark.parametrize("name", CASES[:2])
def test_a_refused_situation_pasted_into_the_editor_lists_its_problems(name: str) -> None:
    mutant = next(m for m in semantic_mutants() if m.name == name)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("ui/pages/ruling.py")
    at.run().run()
    at.text_area(key=K.YAML).set_value(mutant.text).run()
    assert not at.exception
    assert at.session_state[K.YAML] == mutant.text
    assert any(c.value.startswith("situation.yaml:") and f": {mutant.field}" in c.value for c in at.code), \
        [c.value for c in at.code]
