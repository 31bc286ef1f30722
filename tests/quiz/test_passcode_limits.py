"""The teacher passcode's limits, on SQLite and PostgreSQL: a browser waits after its own wrong passcodes;
other people's wrong guesses (from the same address, or from anywhere) slow a try down but never refuse the
right passcode; reconnecting does not escape an address's delay."""

from __future__ import annotations

from datetime import timedelta

from tutor import store
from tutor.quiz import ratelimit
from tutor.quiz.tables import now

RIGHT = "correct-horse-battery"


class Sleeps(list[float]):
    """Stands in for time.sleep: records each delay instead of waiting it out."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def check(entered: str, session: str, address: str, db_url: str, sleeps: Sleeps | None = None,
          at=None) -> ratelimit.PasscodeCheck:  # type: ignore[no-untyped-def]
    return ratelimit.check_passcode(entered, RIGHT, session, address, db_url, sleep=Sleeps() if sleeps is None else sleeps, at=at)


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


def test_others_at_the_same_address_slow_the_teacher_but_never_refuse_the_right_passcode(db_url: str) -> None:
    sleeps = Sleeps()
    for i in range(ratelimit.FREE_PER_ADDRESS + 4):  # a new browser session for each guess: a reconnecting guesser
        assert not check(f"guess-{i}", f"guesser-{i}", "10.0.0.2", db_url, sleeps).ok
    assert sleeps == [0.5, 1.0, 2.0, 4.0]  # the address's delays grow with its wrong guesses
    teacher = Sleeps()
    res = check(RIGHT, "teacher", "10.0.0.2", db_url, teacher)
    assert res.ok and res.message is None and teacher == [ratelimit.MAX_DELAY]
    assert check(RIGHT, "elsewhere", "10.0.0.3", db_url).delayed == 0  # another address is not slowed


def test_the_global_ceiling_slows_every_try_and_still_lets_the_right_passcode_in(db_url: str) -> None:
    with store.writing(db_url) as s:  # wrong guesses from many addresses, one each (a distributed guesser)
        for i in range(ratelimit.GLOBAL_CEILING - 1):
            ratelimit.record_failure(s, [f"passcode-ip:10.1.{i // 250}.{i % 250}"])
    below = Sleeps()
    assert not check("guess", "sid-x", "10.2.0.1", db_url, below).ok and below == []  # the 100th wrong guess
    above = Sleeps()
    assert not check("guess", "sid-y", "10.2.0.2", db_url, above).ok and above == [ratelimit.MAX_DELAY]
    teacher = Sleeps()
    assert check(RIGHT, "teacher", "10.2.0.3", db_url, teacher).ok and teacher == [ratelimit.MAX_DELAY]
    later = Sleeps()
    assert check(RIGHT, "teacher-2", "10.2.0.3", db_url, later, at=now() + ratelimit.GLOBAL_WINDOW).ok
    assert later == []  # the hour has passed
