"""Learner codes (issue 25, item 3): six words, 66 bits, stored only as a hash; restoring is rate-limited like
join codes and a revoked code restores nothing; the home page hands the learner's id to another browser;
migration 0009_learner_codes adds the table and keeps every row. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from tutor import learner_codes as lc
from tutor import learners, store
from tutor.quiz import migrate, ratelimit
from tutor.quiz.tables import now

ROOT = Path(__file__).resolve().parents[2]


def test_a_code_is_six_list_words_and_66_random_bits() -> None:
    assert lc.BITS == 66 and len(lc.wordlist()) == 2 ** 11
    codes = {lc.new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c.split("-")) == 6 for c in codes)
    code = "ocean-ladder-zebra-abandon-act-winter"
    assert lc.normalise("  OCEAN ladd zebr. abandon, act winter ") == code  # any case, separators, 4 letters
    assert lc.normalise("ocean ladder zebra abandon act") is None  # five words
    assert lc.normalise("ocean ladder zebra abandon act wintery") is None  # not a list word
    assert lc.normalise("oc ladder zebra abandon act winter") is None  # too short to tell
    assert lc.normalise("x" * 10_000) is None


def test_restore_revoke_and_a_new_code_replacing_the_old(db_url: str) -> None:
    me = learners.new_id()
    code = lc.issue(me, db_url)
    who = lc.clients("s1", "10.0.0.1")
    assert lc.restore(code.replace("-", " ").upper(), who, db_url).learner == me
    with store.writing(db_url) as s:  # nothing but a hash is stored
        assert code not in json.dumps([list(r) for r in s.execute(sa.text("SELECT * FROM learner_code")).all()],
                                      default=str)
    newer = lc.issue(me, db_url)
    assert lc.restore(code, who, db_url).learner is None  # the old one stops working
    assert "revoked" in str(lc.restore(code, lc.clients("s2", "10.0.0.2"), db_url).why)
    assert lc.has_code(me, db_url) and lc.revoke(me, db_url) == 1 and not lc.has_code(me, db_url)
    assert lc.restore(newer, lc.clients("s3", "10.0.0.3"), db_url).learner is None


def test_wrong_codes_are_capped_like_join_codes_on_their_own_counters(db_url: str) -> None:
    me = learners.new_id()
    code = lc.issue(me, db_url)
    who = lc.clients("guesser", "10.9.9.9")
    at = now()
    for i in range(ratelimit.PER_SESSION):
        assert lc.restore(lc.new_code(), who, db_url, at=at).why is not None
    refused = lc.restore(code, who, db_url, at=at)  # even the right code, while the cap holds
    assert refused.learner is None and "Too many wrong codes" in str(refused.why)
    assert lc.restore(code, who, db_url, at=at + ratelimit.WINDOW + timedelta(seconds=1)).learner == me
    with store.writing(db_url) as s:  # the join code's counters are untouched
        assert ratelimit.wait_seconds(s, ["sid:guesser", "ip:10.9.9.9"], at) == 0


def test_migration_0009_adds_the_tables_and_keeps_every_row(db_url: str) -> None:
    from alembic import command

    eng = sa.create_engine(db_url)
    try:
        migrate.upgrade(eng, "0008_play")
        with eng.begin() as c:
            c.execute(sa.text("INSERT INTO lesson_progress (learner_id, lesson_id, slide, phase, answers, finished, "
                              "updated_at) VALUES ('abc', 'mc.defense_1', 2, 'ask', '{}', false, :at)"), dict(at=now()))
        migrate.upgrade(eng, "0009_learner_codes")
        assert {"learner_code", "school_class", "class_member"} <= set(sa.inspect(eng).get_table_names())
        assert "learner_id" in {col["name"] for col in sa.inspect(eng).get_columns("quiz_student")}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT learner_id, slide FROM lesson_progress")).all() == [("abc", 2)]
        with migrate.locked_connection(eng) as conn:
            cfg = migrate.config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0008_play")
        assert not {"learner_code", "school_class", "class_member"} & set(sa.inspect(eng).get_table_names())
        assert "learner_id" not in {col["name"] for col in sa.inspect(eng).get_columns("quiz_student")}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT count(*) FROM lesson_progress")).scalar_one() == 1
    finally:
        eng.dispose()
        store._engines.pop(db_url, None)


def test_another_browser_restores_the_learner_with_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import learner_code_view as v

    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    first = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    me = first.query_params["u"][0] if isinstance(first.query_params["u"], list) else first.query_params["u"]
    first.button(key=v.GET).click().run()
    code = first.session_state[v.SHOWN]
    shown = "".join(e.proto.body for e in first.get("html") if "rt-learner-code" in e.proto.body)
    assert code in shown and "data:image/svg+xml" in shown  # the words and the QR code

    other = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert other.query_params["u"] != first.query_params["u"]  # a new browser: a new learner
    other.text_input(key=v.TYPED).input("not a code at all")
    other.button(key=v.RESTORE).click().run()
    assert other.error and "not a learner code" in other.error[0].value
    other.text_input(key=v.TYPED).input(code.replace("-", " "))
    other.button(key=v.RESTORE).click().run()
    assert not other.exception and other.session_state["learner_id"] == me
    assert "Welcome back" in other.success[0].value

    first.button(key=v.REVOKE).click().run()
    third = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    third.query_params["code"] = code  # a scanned QR code, after the learner revoked it
    third.run()
    assert third.session_state["learner_id"] != me and "revoked" in third.error[0].value
