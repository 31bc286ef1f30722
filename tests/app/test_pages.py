"""AppTest for each page: the home page lists lessons; the lesson player grades with the engine."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tutor.overview import lesson_status
from tutor.library import default_library
from ui.html import md_escape
from ui.state import Keys
from tests.app.conftest import ROOT, html_of
from tests.ids import uid


def test_home_lists_games_and_lessons() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()  # "/" opens the Lessons page
    assert not at.exception
    body = html_of(at)
    assert '<h2 class="rt-game">Marvel Champions</h2>' in body and "Continue where you left off" not in body
    mc = default_library().lessons_for("marvel_champions")
    assert f"0 of {len(mc)} lessons done" in body  # each game's overall progress
    assert at.session_state[Keys.LEARNER]
    # each lesson tile is one link, named by the lesson's title (CSS stretches it over the tile)
    links = {link.proto.label: link.proto.page for link in at.get("page_link")}
    assert links["Defense 1"] == "lesson" and "Cards and symbols" in links


def test_home_puts_the_lesson_in_progress_first_and_counts_progress() -> None:
    at = lesson_app("apptest0005")
    for _ in range(2):  # the two rule slides, then question 1: answered right
        at.button(key=Keys.CONTINUE).click().run()
    lib = default_library()
    answer = lib.asked("mc.d1.whose_turn_to_suffer").answer
    for part, value in answer.items():
        at.radio(key=Keys.answer("mc.defense_1", 2, part)).set_value(value).run()
    at.button(key=Keys.CHECK).click().run()
    home = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    home.query_params["u"] = uid("apptest0005")
    home.switch_page("ui/pages/home.py").run()
    body = html_of(home)
    assert body.index("Continue where you left off") < body.index("Marvel Champions")
    mc = lib.lessons_for("marvel_champions")
    questions = sum(lesson_status(lesson, None).questions for lesson in mc)
    assert "In progress · slide 3 of" in body
    assert f"0 of {len(mc)} lessons done · 1 of {questions} questions right" in body


def lesson_app(learner: str = "apptest0001") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lesson"] = "mc.defense_1"
    at.query_params["u"] = uid(learner)
    at.switch_page("ui/pages/lesson.py")
    return at.run()


def test_lesson_starts_on_the_first_rule_slide() -> None:
    at = lesson_app()
    assert not at.exception
    assert at.button(key=Keys.CONTINUE).disabled is False
    assert at.session_state[Keys.SLIDE] == 0


def test_answering_right_and_wrong_is_graded_by_the_engine() -> None:
    lib = default_library()
    at = lesson_app("apptest0002")
    at.button(key=Keys.CONTINUE).click().run()
    at.button(key=Keys.CONTINUE).click().run()
    assert at.session_state[Keys.SLIDE] == 2  # question 1: Whose turn to suffer
    scn = lib.scenarios["mc.d1.whose_turn_to_suffer"]
    answer = lib.asked(scn.id).answer
    at.radio(key=Keys.answer("mc.defense_1", 2, "attacked_player")).set_value(answer["attacked_player"]).run()
    at.radio(key=Keys.answer("mc.defense_1", 2, "target")).set_value(answer["target"]).run()
    at.button(key=Keys.CHECK).click().run()
    assert not at.exception
    assert at.session_state[Keys.ANSWERS]["2"]["correct"] is True
    at.button(key=Keys.CONTINUE).click().run()
    # question 2 (Lend a hand): answer Player 1 / Spider-Woman, which the engine says is wrong
    at.radio(key=Keys.answer("mc.defense_1", 3, "attacked_player")).set_value("p1").run()
    at.radio(key=Keys.answer("mc.defense_1", 3, "target")).set_value("Spider-Woman").run()
    at.button(key=Keys.CHECK).click().run()
    assert at.session_state[Keys.PHASE] == "retry" and "3" not in at.session_state[Keys.ANSWERS]
    at.button(key=Keys.GIVE_UP).click().run()  # a second try is offered (tests/app/test_retry_hint.py); not taken
    assert at.session_state[Keys.ANSWERS]["3"]["correct"] is False
    assert lib.asked("mc.d1.lend_a_hand").answer == {"attacked_player": "p2", "target": "Spider-Woman"}
    review = next(h.proto.body for h in at.get("html") if "rt-answer-review" in h.proto.body)
    # the learner's own answer in sight: each pick marked right or wrong, the correct choice beside it
    assert '<li class="rt-pick picked wrong">✗ Player 1' in review
    assert '<li class="rt-pick right">Player 2<span class="rt-pick-note">correct answer' in review
    assert '<li class="rt-pick picked right">✓ Spider-Woman' in review


def test_check_is_disabled_until_the_answer_is_complete() -> None:
    at = lesson_app("apptest0003")
    at.session_state[Keys.SLIDE] = 2
    at.run()
    assert at.button(key=Keys.CHECK).disabled
    at.radio(key=Keys.answer("mc.defense_1", 2, "attacked_player")).set_value("p1").run()
    assert at.button(key=Keys.CHECK).disabled
    # no play in this question's line: "The play is illegal" is not offered (issue 26), every part must be answered
    assert not [c for c in at.checkbox if c.key == Keys.illegal("mc.defense_1", 2)]
    at.radio(key=Keys.answer("mc.defense_1", 2, "target")).set_value("Black Panther").run()
    assert not at.button(key=Keys.CHECK).disabled


def test_progress_is_restored_for_the_same_learner() -> None:
    at = lesson_app("apptest0004")
    at.button(key=Keys.CONTINUE).click().run()
    again = lesson_app("apptest0004")  # a new session, as after a reload
    assert again.session_state[Keys.SLIDE] == 1


def test_unknown_lesson_says_it_was_not_found() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lesson"] = "[nope](http://x)"
    at.switch_page("ui/pages/lesson.py").run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning]
    assert warning == md_escape("The lesson “[nope](http://x)” was not found. Choose a lesson on the home page.")
    assert "](" not in warning  # shown as typed, never a link
    assert [link.proto.label for link in at.get("page_link")][-1] == "All lessons"


def test_no_lesson_chosen_points_home() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("ui/pages/lesson.py").run()
    assert not at.exception and not at.warning
    assert any("Choose a lesson" in i.value for i in at.info)
