"""mypy --strict covers engine/, tutor/ and ui/ with no module excused: not in pyproject.toml, not in a module's own
``# mypy:`` line. Issue 28 item 4 started with 7 excused modules; the last were fixed and the list removed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tutor", "ui")

RELAXED = {("engine.dungeon_mayhem.compiled", "disallow_untyped_calls")}
"""The one strict check an override turns off for our own code: the compiled Dungeon Mayhem fast path calls
functions of a C extension without type information. This set may only shrink."""


def _mypy() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        conf: dict[str, Any] = tomllib.load(f)["tool"]["mypy"]
    return conf


def _ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


def test_mypy_checks_the_whole_app_strictly() -> None:
    conf = _mypy()
    assert conf["strict"] is True
    assert set(conf["files"]) >= set(PACKAGES)
    assert conf.get("exclude", []) == ["engine/dungeon_mayhem_c/"]  # a build copy of engine/dungeon_mayhem
    assert not {"ignore_errors", "disable_error_code"} & set(conf)


def test_no_module_is_excused() -> None:
    """No override ignores a module's errors or turns a strict check off beyond :data:`RELAXED` (a missing stub of
    a third-party or compiled module is not our code's errors)."""
    excused, relaxed = [], set()
    for override in _mypy().get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        for module in modules:
            if override.get("ignore_errors"):
                excused.append(module)
            if _ours(module):
                relaxed |= {(module, k) for k in override
                            if k not in ("module", "ignore_missing_imports") and override[k] is not True}
    assert excused == []
    assert relaxed <= RELAXED


def test_no_module_excuses_itself() -> None:
    """A module-level ``# mypy: ignore-errors`` (or any other ``# mypy:`` setting) would excuse a file unseen here."""
    inline = re.compile(r"^#\s*mypy:", re.MULTILINE)
    found = [str(p.relative_to(ROOT)) for d in PACKAGES for p in (ROOT / d).rglob("*.py")
             if "dungeon_mayhem_c" not in p.parts and inline.search(p.read_text(encoding="utf-8"))]
    assert found == []
