"""A replayed position into a quiz (issue 24 item 8): a teacher adds the move on screen (a question at that moment)
to the quiz builder's ordered list, among its other sources; a learner who has not unlocked the Teacher page is told
how, and gets no button."""

from __future__ import annotations

import random

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, html_of
from tests.ids import uid
from tutor import ruling as rl
from tutor.play import store
from tutor.play.bots import bot
from tutor.play.live import Played, Refusal, Setup, attempt, start
from tutor.quiz import passcode
from ui import play_quiz
from ui.state import QuizKeys

PASS = "owl-42-heron-7"


@pytest.fixture(autouse=True)
def _passcode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, PASS)


def _kept(learner: str) -> str:
    played: Played = start(Setup("regicide", 1, seed=21))
    for k in range(3):
        action, _ = bot("regicide", "heuristic").choose(played.state, random.Random(k))
        got = attempt(played, action)
        assert not isinstance(got, Refusal)
        played = got
    gid = store.new_game(learner, played)
    store.new_game(learner, start(Setup("regicide", 1, seed=1)))  # the first game is abandoned: replayable
    return gid


def test_a_teacher_adds_a_replayed_position_to_the_quiz_being_built() -> None:
    gid = _kept(uid("play-quiz"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["u"] = uid("play-quiz")
    at.switch_page("ui/pages/play.py").run()
    at.button(key=f"play.replay.open.{gid}").click().run()
    at.button(key="play.replay.next").click().run()
    assert any("unlock the Teacher page" in c.value for c in at.caption)
    assert not [b for b in at.button if b.key == play_quiz.ADD]
    at.switch_page("ui/pages/teacher.py").run()
    at.text_input(key=QuizKeys.PASSCODE).input(PASS)
    at.button(key=QuizKeys.UNLOCK).click().run()
    at.switch_page("ui/pages/play.py").run()
    at.button(key=f"play.replay.open.{gid}").click().run()
    at.button(key="play.replay.next").click().run()
    at.button(key="play.replay.next").click().run()  # move 2 on screen
    at.button(key=play_quiz.ADD).click().run()
    assert not at.exception
    assert any("Added 2 questions to the quiz" in s.value for s in at.success)
    entries = at.session_state[QuizKeys.DRAFT]
    assert [e.kind for e in entries] == ["game", "game"] and entries[0].label.startswith("Move 2 of a game")
    got = rl.check(entries[1].item.text or "")  # the position, kept inline: the engine answers it
    assert got.ok and [a.prompt for a in got.answers] == ["Is this move legal?", "How much damage does this play deal?"]
    at.button(key=play_quiz.ADD).click().run()  # twice: already in it, said so
    assert any("were in it already" in s.value for s in at.success)
    at.switch_page("ui/pages/teacher.py").run()
    rows = [b for b in html_of(at).split("rt-draft-row")[1:]]
    assert len(rows) == 2 and all("game position" in r for r in rows)
