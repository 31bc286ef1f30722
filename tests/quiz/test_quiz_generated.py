"""Teachers draw generated items into a quiz, per rule and difficulty; the items are stored with the quiz, so
a session replays exactly what the students saw (on SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.library import default_library
from tutor.practice.quizzes import BANDS, draw_generated, drawing
from tutor.quiz import service
from tutor.quiz.spec import QuizSpec, asked, resolve

RULE = "REG.suffer.discard"


def test_a_warm_pool_draws_20_items_within_2_seconds() -> None:
    import time

    from tutor.practice import pool

    draw_generated("regicide", None, None, 20, seed=1)  # the pool filled (in the background on a server)
    before = pool.size("regicide")
    start = time.perf_counter()
    drawn, growing = drawing("regicide", None, None, 20, seed=7, wait=1.5)
    assert time.perf_counter() - start <= 2 and len(drawn) == 20 and len({d.item.scenario for d in drawn}) == 20
    assert pool.size("regicide") >= before  # drawn items stay in the pool: the next draw may take them again


def test_a_cold_pool_answers_within_its_wait_and_grows_in_the_background() -> None:
    import time

    from tutor.practice import pool

    rule = "REG.suit.clubs"
    start = time.perf_counter()
    drawn, growing = drawing("regicide", rule, "hard", 20, seed=1, wait=0.2)
    assert time.perf_counter() - start < 1.5  # what the page waits, whatever the pool holds
    if len(drawn) < 20:
        assert growing
    full = draw_generated("regicide", rule, "hard", 20, seed=1)  # wait until the pool has them or cannot grow
    assert pool.size("regicide", rule) >= len(full) and all(d.rule == rule for d in full)


def test_draw_per_rule_and_difficulty_is_reproducible() -> None:
    drawn = draw_generated("regicide", RULE, "medium", 4, seed=2)
    assert len(drawn) == 4
    lo, hi = BANDS["medium"]
    assert all(d.rule == RULE and lo <= d.rating < hi for d in drawn)
    assert [d.item for d in draw_generated("regicide", RULE, "medium", 4, seed=2)] == [d.item for d in drawn]
    assert [d.item for d in draw_generated("regicide", RULE, "medium", 4, seed=3)] != [d.item for d in drawn]


def test_generated_items_are_stored_with_the_quiz_and_replayed(db_url: str) -> None:
    lib = default_library()
    drawn = draw_generated("regicide", RULE, None, 3, seed=5)
    spec = QuizSpec(title="Suffering", items=[d.item for d in drawn])
    quiz_id = service.save_quiz(spec, db_url)
    session = service.start_session(quiz_id, db_url)
    stored = service.load_quiz(quiz_id, db_url)
    assert [it.text for it in stored.items] == [d.item.text for d in drawn]  # the positions themselves
    for it, d in zip(stored.items, drawn):
        scn, q = resolve(lib, it)  # not from the library: the quiz's own copy
        assert scn.id == it.scenario and scn.id not in lib.scenarios and q.expect is None  # no answer stored
        assert asked(lib, it).answer == d.answer  # the engine answers it as when it was drawn
    assert session.id


def test_the_teacher_page_saves_generated_items_drawn_per_rule_and_difficulty(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    from tutor.quiz import passcode
    from ui.state import QuizKeys

    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")
    draw_generated("regicide", RULE, "medium", 3, seed=1)  # the pool holds enough (a page waits 1.5 s at most)
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=120)
    at.switch_page("ui/pages/teacher.py").run()
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")
    at.button(key=QuizKeys.UNLOCK).click().run()
    at.text_input(key=QuizKeys.TITLE).input("Generated").run()
    at.radio(key=QuizKeys.MODE).set_value("generated").run()
    at.selectbox(key=QuizKeys.GEN_GAME).set_value("regicide").run()
    at.selectbox(key=QuizKeys.GEN_RULE).set_value(RULE).run()
    at.selectbox(key=QuizKeys.GEN_LEVEL).set_value("medium").run()
    at.number_input(key=QuizKeys.DRAW_N).set_value(3).run()
    assert not at.exception
    at.button(key=QuizKeys.ADD_GENERATED).click().run()
    at.button(key=QuizKeys.SAVE).click().run()
    assert not at.exception and at.success, [e.value for e in at.error]
    (quiz_id, title, n), = service.list_quizzes()
    spec = service.load_quiz(quiz_id)
    assert title == "Generated" and n == 3 and all(it.inline for it in spec.items)
    drawn = draw_generated("regicide", RULE, "medium", 3, seed=1)
    assert [it.text for it in spec.items] == [d.item.text for d in drawn]
