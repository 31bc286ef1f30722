"""Write scenario text to a temporary file and load it as the library does."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tutor import library


def load_text(tmp_path: Path, text: str, name: str = "bad.yaml") -> library.Library:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return library.load([path])
