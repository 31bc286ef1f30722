"""Shared by the page tests (AppTest): each test gets its own data folder, and reads the HTML a page drew."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh data folder (the embedded SQLite file) per test, whatever the environment says."""
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)


def html_of(at: AppTest) -> str:
    """Every st.html body the run drew, in order."""
    return "\n".join(e.proto.body for e in at.get("html"))
