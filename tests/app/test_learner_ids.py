"""Learner ids (``?u=``) carry 128 random bits; an id from before that already holds progress keeps working;
an unknown short id (``aaaaaaaa``) or a malformed one is refused and the learner gets a new strong id."""

from __future__ import annotations

import base64

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, html_of
from tests.ids import uid
from tutor import learners, store
from tutor.practice import store as practice_store
from ui.state import Keys


def test_new_ids_have_128_random_bits_and_are_all_different() -> None:
    ids = {learners.new_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(learners.is_strong(i) and len(base64.urlsafe_b64decode(i + "==")) == 16 for i in ids)


@pytest.mark.parametrize("weak", ["aaaaaaaa", "0123456789ab", "a" * 32, "A" * 21, "A" * 23, "A" * 21 + "B",
                                  "A" * 21 + "=", "AAAAAAAAAAAAAAAAAAAA+/", "ÅAAAAAAAAAAAAAAAAAAAAA", "", None])
def test_only_the_strict_form_is_strong(weak: str | None) -> None:
    assert not learners.is_strong(weak)


def test_an_old_id_is_accepted_only_if_it_already_holds_something() -> None:
    assert not learners.accepted("aaaaaaaa") and not learners.accepted("3f2a9c1b7d4e")
    store.save_progress("3f2a9c1b7d4e", store.Progress("mc.defense_1", slide=3))  # made by the app before
    store.save_language("5e6f7a8b9c0d", "vi")
    practice_store.record("0a1b2c3d4e5f", "regicide", "item-1", "REG.damage.deal", True)
    assert all(learners.accepted(i) for i in ("3f2a9c1b7d4e", "5e6f7a8b9c0d", "0a1b2c3d4e5f"))
    assert not learners.accepted("aaaaaaaa") and not learners.accepted("AAAA'--AAAA")  # unknown; not an id at all
    assert learners.accepted(learners.new_id())  # a strong id needs nothing stored


def home(u: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["u"] = u
    return at.switch_page("ui/pages/home.py").run()


def test_an_unknown_short_id_gets_a_new_strong_one() -> None:
    at = home("aaaaaaaa")
    assert not at.exception
    given = at.query_params["u"]
    given = given[0] if isinstance(given, list) else given
    assert given != "aaaaaaaa" and learners.is_strong(given) and at.session_state[Keys.LEARNER] == given
    assert not learners.known("aaaaaaaa")  # nothing was saved under it


def test_an_old_id_holding_progress_keeps_its_progress_after_the_upgrade() -> None:
    store.save_progress("3f2a9c1b7d4e", store.Progress("mc.defense_1", slide=3))
    at = home("3f2a9c1b7d4e")
    assert not at.exception and at.session_state[Keys.LEARNER] == "3f2a9c1b7d4e"
    assert "Continue where you left off" in html_of(at)


def test_a_strong_id_is_kept() -> None:
    learner = uid("kept")
    at = home(learner)
    assert not at.exception and at.session_state[Keys.LEARNER] == learner


def test_when_storage_fails_an_old_id_is_not_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    def down(value: str, url: str | None = None) -> bool:
        raise OSError("disk gone")

    monkeypatch.setattr(learners, "known", down)
    at = home("3f2a9c1b7d4e")
    assert at.query_params["u"] in ("3f2a9c1b7d4e", ["3f2a9c1b7d4e"])  # the learner's address keeps their id
    assert not at.exception and Keys.LEARNER not in list(at.session_state)  # the page's fault shown, no new id
