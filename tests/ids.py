"""Learner ids for tests: ``?u=`` accepts only strong ids (:mod:`tutor.learners`), so a test that wants a learner
of its own, the same every run, derives one from a tag."""

from __future__ import annotations

import base64
import hashlib


def uid(tag: str) -> str:
    """A strong learner id (``tutor.learners.is_strong``) for ``tag``: the same tag, the same id."""
    raw = hashlib.sha256(f"rules-tutor test learner|{tag}".encode("utf-8")).digest()[:16]
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
