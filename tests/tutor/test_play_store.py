"""tutor.play.store: a learner's game survives a restart exactly (set-up and moves in the database)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from tutor import store
from tutor.play import store as play_store
from tutor.play.live import Played, Setup, attempt, start


def test_a_game_resumes_exactly_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    setup = Setup("dungeon_mayhem", 2, mine=(0,), level="heuristic", seed=42, characters=("Azzan", "Lia"))
    p = start(setup)
    gid = play_store.new_game("ana", p, url)
    nxt = attempt(p, p.legal()[0])
    assert isinstance(nxt, Played)
    play_store.save("ana", gid, nxt, url)
    store._engines.clear()  # a new process: the engine is made again from the URL
    found = play_store.current("ana", url)
    assert found is not None
    assert found[0] == gid and found[1].state == nxt.state and found[1].records() == nxt.records()
    assert play_store.current("bo", url) is None  # per learner
    listed = play_store.games("ana", url)
    assert [(r.id, r.moves, r.status) for r in listed] == [(gid, len(nxt.entries), "playing")]


def test_a_new_game_abandons_the_current_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    first = play_store.new_game("ana", start(Setup("regicide", 1, seed=1)), url)
    second = play_store.new_game("ana", start(Setup("regicide", 1, seed=2)), url)
    statuses = {r.id: r.status for r in play_store.games("ana", url)}
    assert statuses == {first: "abandoned", second: "playing"}
    found = play_store.current("ana", url)
    assert found is not None and found[0] == second


def test_a_record_that_no_longer_replays_is_set_aside_not_served(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    gid = play_store.new_game("ana", start(Setup("regicide", 1, seed=1)), url)
    with store.engine(url).begin() as conn:
        conn.execute(text("UPDATE play_game SET moves = :m WHERE id = :i"),
                     {"m": '[{"a": {"type": "Yield"}, "bot": false}]', "i": gid})
    assert play_store.current("ana", url) is None
    assert play_store.games("ana", url)[0].status == "abandoned"


def test_a_refused_move_makes_its_rule_due_in_practice(tmp_path: Path) -> None:
    from datetime import datetime, timezone

    from tutor.practice import store as practice_store

    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    now = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
    play_store.feed_practice("ana", "regicide", "REG.solo.no_yield", url, now)
    mem = practice_store.memories("ana", "regicide", url)["REG.solo.no_yield"]
    assert mem.lapses == 1 and mem.due <= now.replace(hour=19)  # due again within the hour
    assert practice_store.counts("ana", "regicide", url) == (0, 0)  # no practice answer recorded
