"""The home page's view of a learner's progress: per lesson, per game, and what comes first."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tutor.library import default_library
from tutor.overview import game_progress, lesson_status, to_continue
from tutor.store import Progress

LIB = default_library()
D1, D2, D3 = (LIB.lessons[i] for i in ("mc.defense_1", "mc.defense_2", "mc.defense_3"))
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def right_answers(lesson, n: int) -> dict[str, dict[str, object]]:
    """The first ``n`` questions of ``lesson`` answered right, the rest wrong."""
    return {str(i): {"given": None, "correct": k < n} for k, (i, _) in enumerate(lesson.question_slides)}


def test_a_lesson_not_started_in_progress_and_done() -> None:
    new = lesson_status(D1, None)
    assert (new.state, new.action, str(new.text), new.percent, new.right, new.questions) == (
        "new", "Start", "Not started", 0, 0, 6)
    going = lesson_status(D1, Progress(D1.id, slide=3, answers=right_answers(D1, 1), updated_at=T0))
    assert (going.state, going.action, going.right) == ("started", "Continue", 1)
    assert str(going.text) == f"In progress · slide 4 of {len(D1.slides)}" and going.percent == round(300 / len(D1.slides))
    done = lesson_status(D1, Progress(D1.id, slide=len(D1.slides), answers=right_answers(D1, 4), finished=True,
                                      best_score=5))
    assert (done.state, done.action, str(done.text), done.percent, done.right) == ("done", "Review", "Done · best 5 / 6",
                                                                              100, 5)


def test_a_game_adds_up_its_lessons() -> None:
    rows = [lesson_status(D1, Progress(D1.id, slide=len(D1.slides), finished=True, best_score=6)),
            lesson_status(D2, Progress(D2.id, slide=0, answers={})), lesson_status(D3, None)]
    summary = game_progress(rows)
    assert (summary.lessons, summary.done, summary.questions, summary.right) == (3, 1, 27, 6)
    assert summary.percent == round(100 / 3) and summary.text == "1 of 3 lessons done · 6 of 27 questions right"
    assert game_progress([]).percent == 0


def test_continue_offers_the_lessons_in_progress_most_recent_first() -> None:
    older = lesson_status(D1, Progress(D1.id, slide=2, updated_at=T0))
    newer = lesson_status(D3, Progress(D3.id, slide=1, updated_at=T0 + timedelta(minutes=5)))
    done = lesson_status(D2, Progress(D2.id, slide=len(D2.slides), finished=True, updated_at=T0 + timedelta(hours=1)))
    assert [s.lesson.id for s in to_continue([older, done, newer])] == [D3.id, D1.id]


def test_with_nothing_in_progress_the_next_lesson_comes_first() -> None:
    done = lesson_status(D1, Progress(D1.id, slide=len(D1.slides), finished=True, updated_at=T0))
    assert D1.next == D2.id
    assert [s.lesson.id for s in to_continue([done, lesson_status(D2, None), lesson_status(D3, None)])] == [D2.id]
    assert to_continue([lesson_status(D1, None), lesson_status(D2, None)]) == []  # a newcomer: nothing to continue
