"""AppTest of the ruling page's Form tab for each game (issue 28): the form the game's plugin declares is drawn,
a widget's change writes the situation and the ruling follows, and a value the field refuses is said by name while
the situation stays as it was."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests import pseudo_locale
from tutor import i18n, ruling as rl, share, templates
from ui.state import RulingKeys as K

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


@pytest.fixture
def en_xa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test-only pseudo-locale (``tests/pseudo_locale.py``), offered for the test's length."""
    monkeypatch.setitem(i18n.LANGUAGES, pseudo_locale.CODE, pseudo_locale.build(tmp_path / "locale"))
    i18n.reload()
    yield pseudo_locale.CODE
    i18n.reload()


def ruling_page(game: str) -> AppTest:
    """The ruling page on ``game``'s starting situation, forms drawn."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("ui/pages/ruling.py")
    at.run().run()
    if game != "marvel_champions":
        at.selectbox(key=K.game_pick("marvel_champions")).set_value(game).run()
    assert not at.exception and f"game: {game}" in at.session_state[K.YAML]
    return at


def asking_only_legality(at: AppTest) -> None:
    """Keep only the situation's "is every play legal?" question (typed in the YAML editor): the starting situation's
    other questions are about its own seats and hands, which the test changes."""
    data = rl.data_of(at.session_state[K.YAML])
    assert data is not None
    data["questions"] = [q for q in data["questions"] if q.get("ask") == "is_legal"]
    at.text_area(key=K.YAML).set_value(share.to_yaml(data)).run()
    assert not at.exception and "Who" not in at.session_state[K.YAML]


def ruling(at: AppTest) -> str:
    return next(re.sub(r"<[^>]*>", " ", e.proto.body) for e in at.get("html")
                if 'data-testid="rr-ruling"' in e.proto.body)


def setup(at: AppTest) -> dict[str, Any]:
    data = rl.data_of(at.session_state[K.YAML])
    assert data is not None and isinstance(data["setup"], dict)
    return data["setup"]


def errors(at: AppTest) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]  # Markdown escapes taken out


def test_marvel_champions_the_attack_and_a_players_status_change_the_ruling() -> None:
    at = ruling_page("marvel_champions")
    before = ruling(at)
    assert "Rhino" in before
    at.selectbox(key=K.FORM + "attacker").set_value("Klaw").run()
    assert setup(at)["attack"]["attacker"] == "Klaw" and "Klaw" in ruling(at) and "Rhino" not in ruling(at)
    at.number_input(key=K.FORM + "stunned").set_value(1).run()  # a stunned enemy's attack does not happen
    assert setup(at)["attack"]["attacker"] == {"card": "Klaw", "stunned": 1}
    assert ruling(at) != before and not at.exception
    at.button(key=K.ADD_PLAYER).click().run()
    assert [p["id"] for p in setup(at)["players"]] == ["p1", "p2", "p3"]
    at.button(key=K.FORM + "0.remove").click().run()
    assert [p["id"] for p in setup(at)["players"]] == ["p2", "p3"] and setup(at)["attack"]["against"] == "p2"
    assert not at.exception


def test_regicide_the_enemy_and_a_hand_change_the_ruling() -> None:
    at = ruling_page("regicide")
    asking_only_legality(at)
    before = ruling(at)
    at.text_input(key=K.FORM + "hand.0").set_value("KH 6C 5D AS").run()
    assert setup(at)["hands"][0] == ["KH", "6C", "5D", "AS"]
    at.number_input(key=K.FORM + "players").set_value(3).run()
    assert setup(at)["players"] == 3 and len(setup(at)["hands"]) == 3
    assert at.text_input(key=K.FORM + "hand.2").value == ""  # the new seat's hand, drawn from the data
    at.number_input(key=K.FORM + "damage").set_value(5).run()
    assert setup(at)["damage"] == 5 and ruling(at) != before and not at.exception
    at.text_input(key=K.FORM + "table").set_value("4").run()  # a count is refused here: said, nothing written
    assert "table" not in setup(at)
    assert any(e.startswith("Played against this enemy (table): name the cards") for e in errors(at)), errors(at)
    at.text_input(key=K.FORM + "table").set_value("7H").run()
    assert setup(at)["table"] == ["7H"] and errors(at) == []  # a good value clears the message


def test_dungeon_mayhem_hit_points_and_whose_turn_change_the_ruling() -> None:
    at = ruling_page("dungeon_mayhem")
    asking_only_legality(at)
    before = ruling(at)
    at.number_input(key=K.FORM + "1.hp").set_value(2).run()
    assert setup(at)["players"][1]["hp"] == 2 and ruling(at) != before
    at.selectbox(key=K.FORM + "turn").set_value("Lia").run()
    assert setup(at)["turn"] == "Lia"
    at.text_input(key=K.FORM + "1.defense").set_value("").run()
    assert setup(at)["players"][1]["defense"] == [] and not at.exception


@pytest.mark.parametrize("game", ["marvel_champions", "regicide", "dungeon_mayhem"])
def test_each_form_speaks_the_pseudo_locale(game: str, en_xa: str) -> None:
    """Every label of a game's form, its notes and the options that are words (a hero's form, a verb) go through
    the catalogs (the game's, then the interface's): in the test-only pseudo-locale each is accented."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = en_xa
    at.query_params["s"] = share.encode(templates.template(game))
    at.switch_page("ui/pages/ruling.py")
    at.session_state[K.PAINTED] = True  # the whole page in one run (AppTest cannot send back a translated option)
    at.run()
    assert not at.exception and f"game: {game}" in at.session_state[K.YAML]
    widgets = [w for kind in ("selectbox", "text_input", "number_input", "multiselect", "checkbox", "button",
                              "expander") for w in at.get(kind) if str(getattr(w, "key", "") or "").startswith(K.FORM)]
    labels = [str(getattr(w, "label", "")) for w in widgets if getattr(w, "label", "") != "✕"]
    assert len(labels) >= 4 and all("⟦" in label for label in labels), labels
    words = {"hero", "alter_ego", "plays a card", "defends with"}  # the options shown as words, not names
    shown = [str(o) for w in widgets if hasattr(w, "options") and set(w.options) & {"⟦ĥéŕö⟧", "⟦þļàýš à çàŕđ⟧"}
             for o in w.options]
    assert not words & set(shown), shown
    assert ("⟦þļàýš à çàŕđ⟧" in shown) == (game == "marvel_champions")
