"""The teacher passcode's caps, on SQLite and PostgreSQL: a browser waits after its own wrong passcodes; an
address past its cap, or everyone past the global cap, is refused outright (right passcode included, unchecked)
until the window passes; reconnecting does not escape an address's cap; parallel tries cannot overshoot a cap."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tutor import store
from tutor.quiz import ratelimit
from tutor.quiz.tables import FailedJoin, now

RIGHT = "correct-horse-battery"


def check(entered: str, session: str, address: str, db_url: str, at: datetime | None = None) -> ratelimit.PasscodeCheck:
    return ratelimit.check_passcode(entered, RIGHT, session, address, db_url, at=at)


def test_the_figures_in_the_module_doc_follow_from_the_constants() -> None:
    assert ratelimit.PASSCODE_GUESSES_PER_HOUR_PER_ADDRESS == 40
    assert ratelimit.PASSCODE_GUESSES_PER_HOUR == 600
    assert ratelimit.JOIN_GUESSES_PER_HOUR_PER_ADDRESS == 2400
    doc = " ".join((ratelimit.__doc__ or "").split())
    assert "**40 guesses an hour from one address**" in doc and "**600 guesses an hour in all**" in doc
    assert "**2,400 an hour**" in doc


def test_a_browser_waits_longer_after_each_of_its_own_wrong_passcodes(db_url: str) -> None:
    t0 = now()
    first = check("guess-1", "sid-a", "10.0.0.1", db_url, at=t0)
    assert not first.ok and first.message == "That is not the passcode."
    assert not check("guess-2", "sid-a", "10.0.0.1", db_url, at=t0).ok  # one typo is free: checked at once
    refused = check(RIGHT, "sid-a", "10.0.0.1", db_url, at=t0)  # after two: not even checked for 1 s
    assert not refused.ok and refused.message == "Wrong passcode: wait 1 s before the next try."
    assert not check("guess-3", "sid-a", "10.0.0.1", db_url, at=t0 + timedelta(seconds=1.5)).ok
    fourth = check(RIGHT, "sid-a", "10.0.0.1", db_url, at=t0 + timedelta(seconds=2))
    assert fourth.message == "Wrong passcode: wait 2 s before the next try."  # three wrong: 2 s after the last
    assert check(RIGHT, "sid-a", "10.0.0.1", db_url, at=t0 + timedelta(seconds=3.6)).ok


def test_an_address_past_its_cap_is_refused_even_the_right_passcode_until_the_window_passes(db_url: str) -> None:
    t0 = now()
    for i in range(ratelimit.PER_ADDRESS_PASSCODES):  # one a minute (under the global cap), each from a new session
        at = t0 + timedelta(seconds=61 * i)
        assert check(f"guess-{i}", f"guesser-{i}", "10.0.0.2", db_url, at=at).message == "That is not the passcode."
    refused = check(RIGHT, "teacher", "10.0.0.2", db_url, at=t0 + timedelta(minutes=10))
    assert not refused.ok and refused.wait == 5 * 60  # until the first guess is 15 minutes old
    assert refused.message is not None and refused.message.startswith(
        "Too many wrong passcodes from your network: every try from it is refused for 5 minutes.")
    assert "a browser you unlocked in the last 12 hours stays unlocked" in refused.message
    assert not check("guess-x", "guesser-x", "10.0.0.2", db_url, at=t0 + timedelta(minutes=14)).ok
    with Session(store.engine(db_url)) as s:  # refused tries are not checked, so not counted either
        assert ratelimit.failures(s, "passcode-ip:10.0.0.2") == ratelimit.PER_ADDRESS_PASSCODES
    assert check(RIGHT, "elsewhere", "10.0.0.3", db_url, at=t0 + timedelta(minutes=10)).ok  # another network
    with Session(store.engine(db_url)) as s:  # the right passcode is not counted
        assert ratelimit.failures(s, "passcode-ip:10.0.0.3") == 0 and ratelimit.failures(s, "passcode-sid:elsewhere") == 0
    assert check(RIGHT, "teacher", "10.0.0.2", db_url, at=t0 + ratelimit.PASSCODE_WINDOW).ok  # the first left


def test_the_global_cap_refuses_every_try_for_the_rest_of_the_minute(db_url: str) -> None:
    t0 = now()
    for i in range(ratelimit.GLOBAL_PASSCODES - 1):  # wrong guesses from many addresses, one each (distributed)
        assert not check("guess", f"sid-{i}", f"10.1.0.{i}", db_url, at=t0).ok
    last = check("guess", "sid-x", "10.2.0.1", db_url, at=t0 + timedelta(seconds=20))  # the 10th: still checked
    assert last.message == "That is not the passcode."
    refused = check(RIGHT, "teacher", "10.2.0.3", db_url, at=t0 + timedelta(seconds=30))
    assert not refused.ok and refused.wait == 30 and refused.message == (
        "Too many wrong passcodes were typed in the last minute: every try is refused for 30 s. If you are the "
        "teacher, try again then; a browser you unlocked in the last 12 hours stays unlocked.")
    assert check(RIGHT, "teacher", "10.2.0.3", db_url, at=t0 + timedelta(seconds=61)).ok  # the minute passed


def test_an_hour_of_guessing_gets_no_more_than_the_figures(db_url: str) -> None:
    """A guesser trying every 5 s for an hour from one address, then from 1,000 addresses."""
    t0 = now()
    one = sum(not check("guess", f"s{i}", "10.3.0.1", db_url, at=t0 + timedelta(seconds=5 * i)).wait
              for i in range(720))
    assert one == ratelimit.PASSCODE_GUESSES_PER_HOUR_PER_ADDRESS
    t1 = t0 + 2 * ratelimit.HOUR
    many = sum(not check("guess", f"m{i}", f"10.4.{i % 250}.{i // 250}", db_url,
                         at=t1 + timedelta(seconds=i * 3.6)).wait for i in range(1000))
    assert ratelimit.PASSCODE_GUESSES_PER_HOUR - ratelimit.GLOBAL_PASSCODES <= many <= ratelimit.PASSCODE_GUESSES_PER_HOUR


def test_parallel_tries_cannot_overshoot_the_global_cap(db_url: str) -> None:
    t0 = now()
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda i: check("guess", f"p{i}", f"10.5.0.{i}", db_url, at=t0), range(40)))
    checked = [r for r in results if r.message == "That is not the passcode."]
    assert len(checked) == ratelimit.GLOBAL_PASSCODES and all(not r.ok for r in results)
    with Session(store.engine(db_url)) as s:
        assert s.scalar(select(func.count()).select_from(FailedJoin).where(
            FailedJoin.client.startswith("passcode-ip:"))) == ratelimit.GLOBAL_PASSCODES


def test_no_passcode_is_checked_while_the_database_cannot_be_written(tmp_path: Path) -> None:
    """A try that could not be counted is not checked (else a read-only database would let guesses through
    uncapped); the page explains the fault (tutor.faults)."""
    import pytest
    from sqlalchemy.exc import OperationalError

    from tutor import faults

    path = tmp_path / "quiz.sqlite"
    store.engine(f"sqlite:///{path}")  # migrated, then opened read-only
    with pytest.raises(OperationalError) as err:
        ratelimit.check_passcode(RIGHT, RIGHT, "teacher", "10.6.0.1", f"sqlite:///file:{path}?mode=ro&uri=true")
    assert faults.explain(err.value) is faults.READ_ONLY
