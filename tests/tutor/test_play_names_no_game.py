"""The Play page's code (``tutor/play``, ``ui/play*.py``, ``ui/pages/play.py``) names no game: what is one game's own
(its deal, moves, bots' scoring, board, guided first games) comes from its plugin through the registry. Docstrings
may give examples; code may not import a game's package or hold its id or name in a string."""

from __future__ import annotations

import ast
from pathlib import Path

from tutor.games import GAMES, plugins

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*(ROOT / "tutor" / "play").glob("*.py"), *(ROOT / "ui").glob("play*.py"), ROOT / "ui/pages/play.py"])


def _names_of_games(source: str, words: tuple[str, ...]) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        elif isinstance(node, ast.ImportFrom):
            text = " ".join([node.module or "", *(a.name for a in node.names)])
        elif isinstance(node, ast.Import):
            text = " ".join(a.name for a in node.names)
        elif isinstance(node, (ast.Name, ast.Attribute)):
            text = node.id if isinstance(node, ast.Name) else node.attr
        else:
            continue
        found += [(node.lineno, text) for w in words if w in text.lower()]
    return found


def test_the_play_code_names_no_game() -> None:
    words = tuple(dict.fromkeys([*GAMES, *(p.name.lower() for p in plugins().values())]))
    assert FILES and "regicide" in words and "dungeon mayhem" in words
    found = {str(f.relative_to(ROOT)): hits for f in FILES if (hits := _names_of_games(f.read_text(encoding="utf-8"),
                                                                                       words))}
    assert found == {}


def test_the_scan_finds_a_game_named_in_code() -> None:
    words = ("regicide", "dungeon mayhem")
    assert _names_of_games('"""Regicide, in a docstring."""\nx = 1\n', words) == []
    assert _names_of_games("from engine.regicide.actions import Play\n", words) != []
    assert _names_of_games('key = "play.tutorial" if game == "regicide" else "dm"\n', words) == [(1, "regicide")]
    assert _names_of_games('label = _("A guided first game of Dungeon Mayhem")\n', words) != []
