"""The teacher passcode: from ``RULES_TUTOR_TEACHER_PASSCODE`` or ``teacher_passcode`` in
``.streamlit/secrets.toml``. There is no default: with none configured the teacher area stays shut.

A weak passcode is refused (:func:`weakness`): shorter than :data:`MIN_LENGTH` (12) characters, fewer than 5
different characters, a run along the alphabet, the digits or a keyboard row, or one of the few hundred common
passwords in ``common_passcodes.txt`` (ignoring case, separators, leet digits such as ``p@ssw0rd`` and digits or
symbols around it: ``Password2024!``). ``python -m ui.serve`` (``make run``, ``make run-scaled``) stops at
start-up with one line that says why and offers a strong one (:func:`suggestion`); a server started another
way keeps its teacher area locked and says so on the page. Even a strong passcode only gets the guesses the
caps of :mod:`tutor.quiz.ratelimit` allow (600 an hour at most).
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

ENV = "RULES_TUTOR_TEACHER_PASSCODE"
SECRET = "teacher_passcode"
MIN_LENGTH = 12
COMMON_FILE = Path(__file__).with_name("common_passcodes.txt")
_SUGGEST_ALPHABET = "23456789abcdefghjkmnpqrstwxyz"  # nothing to mistake: no 0 o 1 i l u v
_RUNS = ("abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiop", "asdfghjkl", "zxcvbnm", "1qaz2wsx3edc4rfv")
_LEET = str.maketrans("@4310$57!", "aaeiosstl")


def configured(secrets: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None) -> str | None:
    """The passcode in force (the environment wins over secrets.toml), or None.

    >>> configured({"teacher_passcode": "owl"}, {}), configured({}, {ENV: "hawk"}), configured({}, {})
    ('owl', 'hawk', None)
    """
    env = os.environ if env is None else env
    value = env.get(ENV) or (secrets or {}).get(SECRET)
    value = str(value).strip() if value is not None else ""
    return value or None


def matches(entered: str | None, expected: str | None) -> bool:
    """Constant-time comparison; never true when no passcode is configured.

    >>> matches("owl", "owl"), matches("ow", "owl"), matches("", None)
    (True, False, False)
    """
    if not expected or entered is None:
        return False
    return hmac.compare_digest(entered.strip().encode("utf-8"), expected.encode("utf-8"))


@lru_cache(maxsize=1)
def common() -> frozenset[str]:
    """The common passwords of ``common_passcodes.txt``."""
    lines = COMMON_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def _forms(value: str) -> set[str]:
    """The passcode as compared with the list: lower case, without separators, without leet digits, without
    the digits and symbols around it."""
    low = value.lower()
    plain = re.sub(r"[\s\-_.]+", "", low)
    forms = {low, plain, plain.translate(_LEET)}
    forms |= {re.sub(r"^[\W\d_]+|[\W\d_]+$", "", f) for f in set(forms)}
    return forms


def _is_run(text: str) -> bool:
    """Along the alphabet, the digits or a keyboard row, forwards or backwards, repeated or not."""
    if len(text) < 4:
        return False
    runs = [r * 3 for r in _RUNS] + [r[::-1] * 3 for r in _RUNS]
    return any(text in r for r in runs)


def weakness(value: str) -> str | None:
    """Why a passcode is too weak to protect the teacher area (English, for the start-up line), or None.

    >>> weakness("owl-42")
    'it has 6 characters; at least 12 are needed'
    >>> weakness("Password2024!"), weakness("correct-horse-battery-staple"), weakness("P@ssw0rd-1234")
    ('it is a common password', 'it is a common password', 'it is a common password')
    >>> weakness("aaaaaaaaaaaaaaa"), weakness("abcdefghijklmnop"), weakness("123456789012")
    ('it has fewer than 5 different characters', 'it is a run of letters, digits or keys', 'it is a run of letters, digits or keys')
    >>> weakness("e2e-hostile-owl"), weakness(suggestion())
    (None, None)
    """
    if len(value) < MIN_LENGTH:
        return f"it has {len(value)} characters; at least {MIN_LENGTH} are needed"
    forms = _forms(value)
    if forms & common():
        return "it is a common password"
    if len(set(value.lower())) < 5:
        return "it has fewer than 5 different characters"
    if any(_is_run(f) for f in forms if len(f) >= MIN_LENGTH - 2):
        return "it is a run of letters, digits or keys"
    return None


def suggestion() -> str:
    """A strong random passcode, easy to type: four groups of four (77 random bits), e.g. ``k7qx-3mfp-w9zt-h2nb``."""
    return "-".join("".join(secrets.choice(_SUGGEST_ALPHABET) for _ in range(4)) for _ in range(4))


def refusal(value: str) -> str | None:
    """The one line the app stops with when ``value`` is too weak; None when it will do."""
    why = weakness(value)
    if why is None:
        return None
    return (f"rules-tutor: the teacher passcode ({ENV} or {SECRET} in .streamlit/secrets.toml) is too weak: {why}. "
            f"Choose a strong one, e.g. {suggestion()}")


def file_secrets(folder: Path | None = None) -> dict[str, Any]:
    """``teacher_passcode`` as Streamlit will read it: ``~/.streamlit/secrets.toml``, then (winning)
    ``.streamlit/secrets.toml`` in ``folder`` (the working folder), for a check before Streamlit starts."""
    found: dict[str, Any] = {}
    for path in (Path.home() / ".streamlit" / "secrets.toml", (folder or Path.cwd()) / ".streamlit" / "secrets.toml"):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # none, unreadable or not TOML: Streamlit says so itself
        if SECRET in data:
            found[SECRET] = data[SECRET]
    return found


def startup_refusal(folder: Path | None = None, env: Mapping[str, str] | None = None) -> str | None:
    """The line to stop with when the passcode in force is too weak (None: no passcode, or a strong one)."""
    value = configured(file_secrets(folder), env)
    return None if value is None else refusal(value)
