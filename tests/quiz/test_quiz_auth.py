"""The teacher's "stay unlocked" cookie: signed, expiring, tamper-evident, and holding no secret."""

from __future__ import annotations

import os
import stat
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tutor.quiz import auth

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=timezone.utc)
KEY = auth.signing_key("owl-42", b"server secret")


def test_a_fresh_cookie_is_valid_until_it_expires() -> None:
    value = auth.issue(KEY, T0)
    assert auth.valid(value, KEY, T0)
    assert auth.expires_at(value, KEY, T0) == T0 + auth.TTL
    assert auth.valid(value, KEY, T0 + auth.TTL - timedelta(seconds=1))
    assert not auth.valid(value, KEY, T0 + auth.TTL)  # expired
    assert not auth.valid(value, KEY, T0 + timedelta(days=3))


def test_the_cookie_holds_no_secret() -> None:
    value = auth.issue(KEY, T0)
    version, expires, sig = value.split(".")
    assert (version, int(expires)) == ("v1", int((T0 + auth.TTL).timestamp()))
    for secret in ("owl-42", "server secret", KEY.hex()):
        assert secret not in value
    assert set(value) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")  # cookie-safe


def test_a_tampered_cookie_is_refused() -> None:
    value = auth.issue(KEY, T0)
    version, expires, sig = value.split(".")
    later = str(int(expires) + 3600)
    flipped = sig[:-1] + ("A" if sig[-1] != "A" else "B")
    for bad in (f"{version}.{later}.{sig}",  # a later expiry with the old signature
                f"{version}.{expires}.{flipped}",  # a changed signature
                f"v2.{expires}.{sig}", f"{expires}.{sig}", value + ".x", "", None, "v1.12ab.xyz",
                f"v1.{expires}.{sig}é", f"v1.{'9' * 40}.{sig}"):
        assert not auth.valid(bad, KEY, T0), bad


def test_a_cookie_signed_for_too_long_is_refused() -> None:
    """A signature over a far-off expiry proves a leaked key, not a login."""
    assert not auth.valid(auth.issue(KEY, T0, ttl=timedelta(days=30)), KEY, T0)


def test_a_new_passcode_or_server_secret_locks_every_browser_again() -> None:
    value = auth.issue(KEY, T0)
    assert not auth.valid(value, auth.signing_key("owl-43", b"server secret"), T0)
    assert not auth.valid(value, auth.signing_key("owl-42", b"another secret"), T0)


def test_the_server_secret_is_configured_or_made_once_in_the_data_folder(tmp_path: Path) -> None:
    assert auth.server_secret(tmp_path, {}, {auth.ENV: "from-env"}) == b"from-env"
    assert auth.server_secret(tmp_path, {auth.SECRET: "from-secrets"}, {}) == b"from-secrets"
    assert not (tmp_path / auth.KEY_FILE).exists()
    made = auth.server_secret(tmp_path, {}, {})
    assert len(made) == 32 and auth.server_secret(tmp_path, {}, {}) == made  # kept
    mode = stat.S_IMODE(os.stat(tmp_path / auth.KEY_FILE).st_mode)
    assert mode & 0o077 == 0  # readable by its owner only
    assert [p.name for p in tmp_path.iterdir()] == [auth.KEY_FILE]  # no temporary file left behind


def test_processes_starting_together_share_one_key(tmp_path: Path) -> None:
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: auth.server_secret(tmp_path / "data", {}, {}), range(16)))
    assert len(keys) == 1
