"""The compiled build of the fast path (optional; ``make fast``).

``python -m engine.dungeon_mayhem.compiled`` copies this package's sources into
``engine/dungeon_mayhem_c`` (generated, git-ignored), its imports renamed, and compiles the
modules random self-play runs through with Cython. Nothing else uses that copy: the
pure-Python package stays the reference for the tutor and every rules test.

The copy records the hash of the sources it was built from. :func:`runner` returns its
game loop only while that hash matches the current sources, so a stale build is never
used: a change to the engine falls back to the pure-Python fast path until ``make fast``
runs again. ``tests/engine/dungeon_mayhem/test_dm_fast.py`` replays 10,000 seeded games
through the compiled build and the pure-Python reference and compares them.
"""

from __future__ import annotations

import hashlib
import importlib
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

SOURCES = Path(__file__).resolve().parent
TARGET = SOURCES.parent / "dungeon_mayhem_c"
PACKAGE = "engine.dungeon_mayhem_c"
COMPILED = ("fast", "resolve", "turns", "rules", "powers", "expansion", "choices", "game", "state", "actions")
"""The modules a random game runs through; the others (card lists, glossary, settings) stay Python."""

Runner = Callable[[list[str], random.Random, Any], tuple[int | None, int, bool]]
_runner: list[Runner | None] = []


def source_hash() -> str:
    """The hash of this package's sources (what a build must have been made from)."""
    h = hashlib.sha256()
    for path in sorted(SOURCES.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def module(name: str) -> Any:
    """A module of the compiled copy (``fast``, ``game``, ...), or None if it is missing or stale."""
    try:
        pkg = importlib.import_module(PACKAGE)
    except ImportError:
        return None
    if getattr(pkg, "BUILT_FROM", None) != source_hash():
        return None
    return importlib.import_module(f"{PACKAGE}.{name}")


def is_current() -> bool:
    """The compiled copy exists, matches the sources, and its hot modules are compiled (not .py)."""
    fast = module("fast")
    return fast is not None and not str(getattr(fast, "__file__", "")).endswith(".py")


def runner() -> Runner | None:
    """``run(characters, rng, settings) -> (winner, turns, finished)`` on the compiled copy, or None."""
    if not _runner:
        _runner.append(_make_runner() if is_current() else None)
    return _runner[0]


def _make_runner() -> Runner:
    deal, play = module("game").deal, module("fast").play

    def run(characters: list[str], rng: random.Random, settings: Any) -> tuple[int | None, int, bool]:
        b = deal(characters, rng, settings)
        play(b, rng)
        return b.winner, b.turn, True
    return run


def build() -> Path:
    """Write the renamed copy and compile it in place; raise if Cython or a C compiler is missing."""
    from Cython.Build import cythonize  # the optional 'fast' extra
    from setuptools import Distribution

    shutil.rmtree(TARGET, ignore_errors=True)
    TARGET.mkdir()
    digest = source_hash()
    for path in SOURCES.glob("*.py"):
        text = path.read_text(encoding="utf-8").replace("engine.dungeon_mayhem", PACKAGE)
        # the copy is a simulator, not a second game: it must not enter the registry beside the original
        text = text.replace("GAME = register(DungeonMayhemGame())", "GAME = DungeonMayhemGame()")
        if path.name == "__init__.py":
            text += f'\nBUILT_FROM = "{digest}"\n'
        (TARGET / path.name).write_text(text, encoding="utf-8")
    root = SOURCES.parents[1]
    files = [str((TARGET / f"{m}.py").relative_to(root)) for m in COMPILED]
    with tempfile.TemporaryDirectory() as tmp:
        old = Path.cwd()
        try:
            import os
            os.chdir(root)
            ext = cythonize(files, compiler_directives={"language_level": 3, "binding": False}, quiet=True,
                            build_dir=tmp)
            dist = Distribution({"ext_modules": ext, "script_name": "compiled",
                                 "script_args": ["build_ext", "--inplace", "--build-temp", tmp, "--build-lib", tmp, "-q"]})
            dist.parse_command_line()
            dist.run_commands()
        finally:
            os.chdir(old)
    return TARGET


def main() -> int:
    try:
        build()
    except Exception as err:  # no Cython, no compiler: the pure-Python fast path stays in use
        shutil.rmtree(TARGET, ignore_errors=True)
        print(f"compiled fast path not built ({type(err).__name__}: {err}); the pure-Python fast path is used",
              file=sys.stderr)
        return 1
    print(f"built {TARGET} ({', '.join(COMPILED)} compiled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
