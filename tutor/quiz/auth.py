"""The teacher's "stay unlocked" cookie: signed, expiring, and holding no secret.

After the teacher passcode is entered, the browser keeps a cookie so that a reload (or a new tab) does not
ask again until it expires. The cookie holds only its expiry time and a signature::

    v1.<expires: unix seconds>.<base64url HMAC-SHA256 of "rules-tutor teacher v1|<expires>">

The signing key is derived from a random **server secret** and a hash of the **passcode in force**:

- changing the passcode signs everything anew, so every browser that was unlocked is locked again;
- the passcode cannot be guessed offline from a stolen cookie: without the server secret, no guess can be
  checked against the signature (guesses must go through the rate-limited passcode box).

The server secret is ``RULES_TUTOR_COOKIE_SECRET`` in the environment, or ``teacher_cookie_secret`` in
``.streamlit/secrets.toml`` (beside ``teacher_passcode``), or else a random key made once and kept in the
data folder, ``teacher_cookie.key`` (readable by its owner only), which every app process of
``make run-scaled`` shares. A cookie is accepted while unexpired, and never for longer than :data:`TTL`
ahead (a signature over a far-off expiry proves a leaked key, not a login).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets as _secrets
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Mapping

COOKIE = "rules_tutor_teacher"
TTL = timedelta(hours=12)  # a school day; then the passcode is asked again
ENV = "RULES_TUTOR_COOKIE_SECRET"
SECRET = "teacher_cookie_secret"
KEY_FILE = "teacher_cookie.key"
_VERSION = "v1"


def _now(now: datetime | None) -> datetime:
    return now or datetime.now(timezone.utc)


def _sig(key: bytes, expires: int) -> str:
    mac = hmac.new(key, f"rules-tutor teacher {_VERSION}|{expires}".encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def signing_key(passcode: str, server_secret: bytes) -> bytes:
    """The key the cookie is signed with: changes whenever the passcode or the server secret does."""
    digest = hashlib.sha256(passcode.encode("utf-8")).hexdigest()
    return hmac.new(server_secret, f"teacher-cookie|{digest}".encode("ascii"), hashlib.sha256).digest()


def issue(key: bytes, now: datetime | None = None, ttl: timedelta = TTL) -> str:
    """A cookie value that is valid until ``now + ttl``.

    >>> issue(b"k", datetime(2026, 1, 1, tzinfo=timezone.utc)).split(".")[:2]
    ['v1', '1767268800']
    """
    expires = int((_now(now) + ttl).timestamp())
    return f"{_VERSION}.{expires}.{_sig(key, expires)}"


def expires_at(value: str | None, key: bytes, now: datetime | None = None, ttl: timedelta = TTL) -> datetime | None:
    """When a cookie value expires, if it is one this server signed and it is still valid; else None."""
    parts = (value or "").split(".")
    if len(parts) != 3 or parts[0] != _VERSION or not parts[1].isdigit() or len(parts[1]) > 11:
        return None
    expires = int(parts[1])
    if not hmac.compare_digest(parts[2].encode("ascii", "replace"), _sig(key, expires).encode("ascii")):
        return None
    at, moment = datetime.fromtimestamp(expires, timezone.utc), _now(now)
    if at <= moment or at > moment + ttl + timedelta(minutes=1):
        return None
    return at


def valid(value: str | None, key: bytes, now: datetime | None = None, ttl: timedelta = TTL) -> bool:
    return expires_at(value, key, now, ttl) is not None


def server_secret(data_dir: Path, secrets: Mapping[str, Any] | None = None,
                  env: Mapping[str, str] | None = None) -> bytes:
    """The configured server secret, or the data folder's random key (made on first use)."""
    env = os.environ if env is None else env
    configured = env.get(ENV) or (secrets or {}).get(SECRET)
    if configured and str(configured).strip():
        return str(configured).strip().encode("utf-8")
    return _key_file(data_dir / KEY_FILE)


def _key_file(path: Path) -> bytes:
    """Read the key file, or make it atomically (two processes starting together end up with one key)."""
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{_secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(_secrets.token_hex(32) + "\n")
    try:
        os.link(tmp, path)  # fails if another process made it first: then theirs is the key
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    return bytes.fromhex(path.read_text(encoding="ascii").strip())
