"""One registry of games (issue 28 item 1): every list of games comes from ``tutor.games``; a plugin missing a hook
stops at registration; a question's trip through ``ask_question`` looks its game up once."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from tutor import games, i18n, questions
from tutor.games import GAMES, RegistrationError, check, library_folders, plugin, registered
from tutor.library import default_library

ROOT = Path(__file__).resolve().parents[2]


def test_the_registered_games_are_the_built_in_ones_then_the_environments() -> None:
    assert registered("") == games.BUILT_IN
    assert list(registered("x=some.module, y = other.module")) == [*games.BUILT_IN, "x", "y"]
    for bad in ("x", "x=", "=m", "regicide=m", "a b=m"):
        with pytest.raises(RegistrationError):
            registered(bad)


@pytest.mark.parametrize("hook, value, says", [
    ("board", "tutor.games.regicide.no_board", "board: no module 'tutor.games.regicide.no_board'"),
    ("quantities", "engine.nowhere", "quantities: no module"),
    ("practice", "nowhere.at_all", "practice: no module"),
    ("misreadings", "tutor.practice.misreadings", "misreadings: 'tutor.practice.misreadings' is not module:name"),
    ("decisions", "nowhere:decide", "decisions: 'nowhere:decide' is not module:name"),
    ("form", "tutor.games.regicide.form", "form: 'tutor.games.regicide.form' is not module:name"),
    ("form", "nowhere:FORM", "form: 'nowhere:FORM' is not module:name"),
    ("lessons", Path("/no/such/folder"), "lessons: no folder /no/such/folder"),
    ("scenarios", Path("/no/such/folder"), "scenarios: no folder"),
    ("id", "chess", "registers 'chess', not 'regicide'"),
])
def test_a_wrong_hook_stops_the_game_at_registration(hook: str, value: object, says: str) -> None:
    broken = dataclasses.replace(plugin("regicide"), **{hook: value})
    with pytest.raises(RegistrationError, match=says.replace("(", r"\(").replace(".", r"\.")):
        check(broken, "regicide", "tutor.games.regicide")


def test_a_missing_hook_stops_the_plugin_being_built() -> None:
    fields = {f.name: getattr(plugin("regicide"), f.name) for f in dataclasses.fields(plugin("regicide"))}
    for required in ("board", "quantities", "practice", "misreadings", "lessons", "scenarios"):
        with pytest.raises(TypeError, match=required):
            type(plugin("regicide"))(**{k: v for k, v in fields.items() if k != required})


def test_every_built_in_plugin_passes_its_registration_check() -> None:
    for game in GAMES:
        assert check(plugin(game), game, games._MODULES[game]) is plugin(game)


def test_the_library_catalogs_and_practice_derive_from_the_registry() -> None:
    assert i18n.GAME_DOMAINS == GAMES
    assert {f.parent.name for f in library_folders()} == {"scenarios", "lessons"}
    assert {f.name for f in library_folders()} == set(GAMES)
    lib = default_library()
    assert {s.game for s in lib.scenarios.values()} == set(GAMES) == {l.game for l in lib.lessons.values()}


GAME_LISTS = ("tutor", "ui", "app.py", "bench/generate.py", "tests/tutor/test_practice_generate.py",
              "tests/tutor/test_why_questions.py", "tests/practice/test_mixing.py")


EXCUSED = {
    "tests/practice/test_mixing.py": "the misreading shares measured per built-in game (floors), not a list of games",
}
"""Literals keyed by every game id that are data about those games, each with a named way for any other game."""


def test_no_list_of_all_the_game_ids_is_written_out() -> None:
    """No tuple, list, set or dict literal names every built-in game (a list kept by hand would miss a new one),
    but the :data:`EXCUSED` data."""
    everyone = set(games.BUILT_IN)
    found = []
    for place in GAME_LISTS:
        paths = [ROOT / place] if place.endswith(".py") else sorted((ROOT / place).rglob("*.py"))
        for path in paths:
            if path == ROOT / "tutor" / "games" / "__init__.py" or str(path.relative_to(ROOT)) in EXCUSED:
                continue  # the registry itself, and data about the built-in games
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                items = (node.keys if isinstance(node, ast.Dict) else node.elts
                         if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [])
                named = {n.value for n in items if isinstance(n, ast.Constant) and isinstance(n.value, str)}
                if everyone <= named:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_a_question_looks_its_game_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = default_library()
    calls: list[str] = []

    def counting(game: str):  # type: ignore[no-untyped-def]
        calls.append(game)
        return plugin(game)

    monkeypatch.setattr(questions, "plugin", counting)
    for game in GAMES:
        scn = next(s for s in lib.scenarios.values() if s.game == game)
        calls.clear()
        questions.ask_question(scn, scn.questions[0])
        assert calls == [game]
