"""tutor/ sits below the UI: it never imports ``ui`` or Streamlit (at module level or inside a function), so the
CLI draws boards and writes practice items without Streamlit and prints only its output.

What a board shows is decided in ``tutor/boards`` and each game's ``tutor/games/<game>/board.py``; ``ui/`` only puts
it on a page.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.games import GAMES
from tutor.translations import is_translation

ROOT = Path(__file__).resolve().parents[2]
ABOVE = {"ui", "streamlit", "app"}


def imports_above(path: Path, root: Path = ROOT) -> list[str]:
    """Every import of a module above ``tutor/`` in ``path``: ``import``/``from`` statements anywhere in the file
    (a function's body included), and ``importlib.import_module("…")``/``__import__("…")`` of a literal name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name) and node.func.id in {"import_module", "__import__"}))):
            names = [node.args[0].value]
        found += [f"{path.relative_to(root)}:{node.lineno} {n}" for n in names if n.split(".")[0] in ABOVE]
    return found


def test_the_walk_finds_an_import_inside_a_function(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import json\ndef f():\n    from ui.boards import board_figure\n    import importlib\n"
                     "    importlib.import_module('streamlit')\n", encoding="utf-8")
    assert imports_above(probe, tmp_path) == ["probe.py:3 ui.boards", "probe.py:5 streamlit"]


def test_tutor_never_imports_the_ui_or_streamlit() -> None:
    offenders = [hit for p in sorted((ROOT / "tutor").rglob("*.py")) for hit in imports_above(p)]
    assert offenders == []


SHOW_ALL = """
import contextlib, io, json, sys
from tutor.cli import main
codes = {}
for path in sys.argv[1:]:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        codes[path] = main(["show", path])
    assert out.getvalue().strip(), path
sys.__stdout__.write(json.dumps({"codes": codes, "streamlit": sorted(m for m in sys.modules
                                 if m.split(".")[0] in ("streamlit", "ui"))}))
"""


def _library_files() -> list[str]:
    return [str(p.relative_to(ROOT)) for p in sorted((ROOT / "scenarios").rglob("*.yaml")) if not is_translation(p)]


def test_show_on_every_library_file_prints_no_streamlit_warning() -> None:
    """``rules-tutor show`` on each scenario of the library, in one fresh interpreter: every file shows, nothing on
    stderr mentions Streamlit's missing ScriptRunContext, and Streamlit (and ``ui``) were never imported."""
    import json

    files = _library_files()
    assert len(files) > 100
    res = subprocess.run([sys.executable, "-c", SHOW_ALL, *files], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "ScriptRunContext" not in res.stderr
    out = json.loads(res.stdout)
    assert out["streamlit"] == []
    assert [f for f, code in out["codes"].items() if code] == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_cli_prints_only_its_output(game: str, lang: str) -> None:
    """The real command (``python -m tutor.cli show``), one file per game: stdout holds the board, stderr is empty."""
    path = next(f for f in _library_files() if f.startswith(f"scenarios/{game}/"))
    res = subprocess.run([sys.executable, "-m", "tutor.cli", "show", path, "--lang", lang], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip()
    assert res.stderr == ""
