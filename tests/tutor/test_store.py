from __future__ import annotations

from pathlib import Path

from tutor import store


def test_progress_round_trip_and_best_score(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite'}"
    assert store.load_progress("u1", "l1", url) is None
    store.save_progress("u1", store.Progress("l1", slide=3, answers={"2": {"given": {"a": "p1"}, "correct": True}}), url)
    p = store.load_progress("u1", "l1", url)
    assert p is not None and p.slide == 3 and p.answers == {"2": {"given": {"a": "p1"}, "correct": True}}
    store.save_progress("u1", store.Progress("l1", slide=9, finished=True, best_score=5), url)
    store.save_progress("u1", store.Progress("l1", slide=9, finished=True, best_score=4), url)
    assert store.load_progress("u1", "l1", url).best_score == 5  # type: ignore[union-attr]
    assert set(store.all_progress("u1", url)) == {"l1"} and store.all_progress("u2", url) == {}


def test_progress_survives_a_new_engine(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite'}"
    store.save_progress("u1", store.Progress("l1", slide=2), url)
    store._engines.clear()  # as after a server restart
    assert store.load_progress("u1", "l1", url).slide == 2  # type: ignore[union-attr]


def test_all_progress_says_when_each_lesson_was_last_saved(tmp_path: Path) -> None:
    from datetime import datetime, timezone

    url = f"sqlite:///{tmp_path / 'w.sqlite'}"
    before = datetime.now(timezone.utc)
    store.save_progress("u1", store.Progress("l1", slide=1), url)
    at = store.all_progress("u1", url)["l1"].updated_at
    assert at is not None and at.tzinfo is not None and before <= at <= datetime.now(timezone.utc)


def test_a_learners_language_is_saved_and_read_back_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lang.sqlite'}"
    assert store.load_language("u1", url) is None
    store.save_language("u1", "vi", url)
    store.save_language("u1", "pa", url)  # the latest choice wins
    store._engines.clear()  # as after a server restart
    assert store.load_language("u1", url) == "pa" and store.load_language("u2", url) is None
