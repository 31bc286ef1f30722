"""AppTest of the "Check a ruling" page: forms write the YAML, decisions add plays, links load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor import share
from tutor.library import default_library
from ui.state import RulingKeys as K

ROOT = Path(__file__).resolve().parents[2]


def shown(label: str) -> str:
    """A widget label as the browser shows it: its Markdown escapes (``ui.html.md_escape``) taken out."""
    return re.sub(r"\\(.)", r"\1", label)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


def ruling_app(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page("ui/pages/ruling.py")
    return at.run().run()  # the first run paints the ruling; the second, which the browser asks for, the rest


def test_the_page_opens_on_an_empty_board_and_asks_who_defends() -> None:
    at = ruling_app()
    assert not at.exception
    assert "game: marvel_champions" in at.session_state[K.YAML]
    assert shown(at.button(key=K.decision(0, 0)).label).startswith("Player 1: Spider-Man defends")
    assert at.query_params["s"]  # the URL always holds the current situation


def test_the_first_run_draws_the_ruling_and_the_next_one_the_rest() -> None:
    """A session's first run of the page is its first paint: the heading, the pickers and the ruling, with the
    decisions it leaves open; the forms, the YAML editor, the what-if and the share sections come with the
    next run, which the one-shot fragment asks for once the browser has drawn the first."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("ui/pages/ruling.py")
    at.run()
    assert not at.exception
    assert at.session_state[K.PAINTED]
    assert shown(at.button(key=K.decision(0, 0)).label).startswith("Player 1: Spider-Man defends")  # the ruling
    assert not at.text_area  # no YAML editor yet, nor forms, what-if or share
    assert not [b for b in at.button if b.key in (K.COPY, K.variation(0))]
    assert any("Loading the forms" in h.proto.body for h in at.get("html"))
    at.run()
    assert at.text_area(key=K.YAML).value == at.session_state[K.YAML]
    assert at.button(key=K.COPY) and at.button(key=K.variation(0))
    assert not any("Loading the forms" in h.proto.body for h in at.get("html"))
    assert at.query_params["s"]


def test_a_decision_and_a_form_edit_write_the_yaml() -> None:
    at = ruling_app()
    at.button(key=K.decision(0, 0)).click().run()
    assert "{player: p1, defend: Spider-Man}" in at.session_state[K.YAML]
    at.selectbox(key=K.FORM + "attacker").set_value("Klaw").run()
    assert "attacker: Klaw" in at.session_state[K.YAML]
    at.text_input(key=K.FORM + "1.name").set_value("Ana").run()
    assert "name: Ana" in at.session_state[K.YAML]
    at.button(key=K.ADD_PLAY).click().run()  # Player 2 (Ana) plays Preemptive Strike, put into her hand
    assert not at.exception
    yaml = at.session_state[K.YAML]
    assert "hand: [Preemptive Strike]" in yaml and "{player: p2, play: Preemptive Strike}" in yaml


def test_switching_game_and_source_loads_the_situation() -> None:
    at = ruling_app()
    at.selectbox(key=K.game_pick("marvel_champions")).set_value("regicide").run()
    assert "game: regicide" in at.session_state[K.YAML]
    at.selectbox(key=K.SOURCE).set_value("rg.turn.basic_attack").run()
    assert "id: rg.turn.basic_attack" in at.session_state[K.YAML]
    assert not at.exception


def test_a_shared_link_loads_its_situation() -> None:
    lib = default_library()
    text = (ROOT / lib.paths["dm.attack.basic"]).read_text(encoding="utf-8") if not Path(
        lib.paths["dm.attack.basic"]).exists() else Path(lib.paths["dm.attack.basic"]).read_text(encoding="utf-8")
    at = ruling_app(s=share.encode(text))
    assert not at.exception
    assert at.session_state[K.YAML] == text and at.session_state[K.GAME] == "dungeon_mayhem"
    # "Start from" says the situation was opened, not "An empty board"; picking it again keeps the situation
    start = at.selectbox(key=K.SOURCE)
    assert start.format_func(start.value) == "The situation you opened (a link or a file)"
    start.set_value(start.value).run()
    assert at.session_state[K.YAML] == text
    at.selectbox(key=K.SOURCE).set_value("__empty__").run()  # an empty board: the opened situation is left
    assert at.session_state[K.YAML] != text
    assert [o for o in at.selectbox(key=K.SOURCE).options if "opened" in o] == []


def test_a_bad_link_is_refused_and_the_empty_board_stays() -> None:
    at = ruling_app(s="%%%")
    assert any("cannot be opened" in e.value for e in at.error)
    assert "game: marvel_champions" in at.session_state[K.YAML]


def test_a_link_to_an_invalid_situation_lists_its_problems() -> None:
    at = ruling_app(s=share.encode("id: x\ngame: marvel_champions\nid: y\n"))
    assert any("shared link:3:1: id: duplicate key" in c.value for c in at.code)  # the lines, as text


def test_a_refused_question_is_listed_in_its_place_with_its_reason() -> None:
    text = (ROOT / "tests" / "tutor" / "fixtures" / "answers" / "mc_refused_alone.yaml").read_text(encoding="utf-8")
    at = ruling_app(s=share.encode(text))
    assert not at.exception
    page = " ".join(h.proto.body for h in at.get("html"))
    assert "Who is the attacked player?" in page and "How many hit points does Colossus have left" in page
    assert "The engine refuses this question: the question is asked" in page
    assert any("question &#x27;split&#x27; is refused" in c.value or "question 'split' is refused" in c.value
               for c in at.code)  # and among the problems, at its line
