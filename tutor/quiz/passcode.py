"""The teacher passcode: from ``RULES_TUTOR_TEACHER_PASSCODE`` or ``teacher_passcode`` in
``.streamlit/secrets.toml``. There is no default: with none configured the teacher area stays shut.
"""

from __future__ import annotations

import hmac
import os
from typing import Any, Mapping

ENV = "RULES_TUTOR_TEACHER_PASSCODE"
SECRET = "teacher_passcode"


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
