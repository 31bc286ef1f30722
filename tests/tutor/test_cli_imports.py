"""The CLI path stays small: one scenario file loads its own game only, and never Streamlit or SQLAlchemy.

Each case runs the real command in a fresh interpreter and reads ``sys.modules`` at exit, so a module-level
import added anywhere on the path (``tutor/library.py``, a game plugin, ``tutor/questions.py``) shows up.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from tutor import library
from tutor.games import GAMES, plugin, scenario_adapter
from tutor.translations import is_translation

ROOT = Path(__file__).resolve().parents[2]
NEVER_ON_THE_CLI = ("streamlit", "sqlalchemy", "alembic", "psycopg", "ui", "tutor.quiz", "tutor.store")
FILES = {
    "marvel_champions": "scenarios/marvel_champions/d1_lend_a_hand.yaml",
    "dungeon_mayhem": next(p for p in sorted((ROOT / "scenarios" / "dungeon_mayhem").glob("*.yaml"))
                 if not is_translation(p)).relative_to(ROOT),
    "regicide": next(p for p in sorted((ROOT / "scenarios" / "regicide").glob("*.yaml"))
                 if not is_translation(p)).relative_to(ROOT),
}

PROBE = """
import atexit, json, sys
from tutor.cli import main
atexit.register(lambda: sys.__stderr__.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.exit(main(sys.argv[1:]))
"""


def modules_after(*argv: str) -> set[str]:
    """The modules imported by ``rules-tutor ARGV`` in a fresh interpreter (which must succeed)."""
    res = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    line = next(x for x in res.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line[len("MODULES "):]))


def loaded(mods: set[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in mods)


@pytest.mark.parametrize("command", ["check", "solve"])
@pytest.mark.parametrize("game", GAMES)
def test_one_file_imports_its_own_game_only(command: str, game: str) -> None:
    mods = modules_after(command, str(FILES[game]))
    assert not [p for p in NEVER_ON_THE_CLI if loaded(mods, p)]
    assert loaded(mods, f"engine.{game}") and loaded(mods, f"tutor.games.{game}")
    others = [g for g in GAMES if g != game and (loaded(mods, f"engine.{g}") or loaded(mods, f"tutor.games.{g}"))]
    assert others == []


def test_whole_check_and_simulate_stay_off_the_web_and_storage_stack() -> None:
    assert not [p for p in NEVER_ON_THE_CLI if loaded(modules_after("check"), p)]
    mods = modules_after("simulate", "regicide", "--games", "3")
    assert not [p for p in (*NEVER_ON_THE_CLI, "pydantic", "yaml") if loaded(mods, p)]


def _mutated(data: dict, rng: random.Random) -> dict:
    """``data`` with one to three random breakages: a key dropped, a value of the wrong type, an unknown key."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        node = data
        for _ in range(rng.randint(0, 4)):
            inner = [v for v in (node.values() if isinstance(node, dict) else node) if isinstance(v, (dict, list)) and v]
            if inner:
                node = rng.choice(inner)
        if isinstance(node, list):
            node[rng.randrange(len(node))] = rng.choice([3, "x", [1], {"a": 1}, None, True])
            continue
        key = rng.choice([k for k in node if k != "game"] or ["bogus"])
        op = rng.randrange(4)
        if op == 0:
            node.pop(key, None)
        elif op == 1:
            node[key] = rng.choice([3, "x", [1], {"a": 1}, None, True])
        elif op == 2:
            node["bogus"] = 1
        else:
            node[key] = [node.get(key)]
    return data


def test_a_games_own_model_reports_what_the_scenario_union_reports() -> None:
    """The loader validates a file of a known game with that game's model (so it imports that game only);
    over seeded breakages of every library scenario, the problems are the same as through the union."""
    lib = library.default_library()
    rng = random.Random(13)
    broken = 0
    for sid, scn in lib.scenarios.items():
        located = lib.located[lib.paths[sid]]
        for _ in range(4):
            case = copy.copy(located)
            case.data = _mutated(located.data, rng)
            via = []
            for validate in (scenario_adapter().validate_python, plugin(scn.game).scenario_model.model_validate):
                try:
                    validate(case.data)
                    via.append([])
                except ValidationError as err:
                    via.append(library._pydantic_problems(lib.paths[sid], case, err))
            assert via[0] == via[1], case.data
            broken += bool(via[0])
    assert broken > len(lib.scenarios) * 3  # the breakages are real
