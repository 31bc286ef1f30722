"""Every game's glossary, checked the same way: each rule id is well formed, has a sentence and a source,
is used by its engine or tutor, and is exercised by that game's tests; every rule id the engine quotes exists.

One parametrised file over the registered games (the module-size and layering checks live in
``test_layering.py``): a fourth game is checked here as soon as it registers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.game import GAMES
from engine.registry import load_all

load_all()
ROOT = Path(__file__).resolve().parents[2]
PREFIX = {"marvel_champions": "MC", "regicide": "REG", "dungeon_mayhem": "DM"}


def _text(paths: list[Path]) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in paths)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_is_well_formed_with_a_sentence_and_a_source(name: str) -> None:
    glossary = GAMES[name].glossary
    pattern = re.compile(rf"{PREFIX[name]}\.[a-z_]+(\.[a-z_]+)?")
    for rule in glossary:
        assert pattern.fullmatch(rule.id), rule.id
        assert rule.title and rule.text.rstrip().endswith((".", ".)", '."')) and rule.source, rule.id


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_id_the_engine_quotes_is_in_the_glossary(name: str) -> None:
    glossary = GAMES[name].glossary
    code = _text([p for p in (ROOT / "engine" / name).glob("*.py") if p.name != "glossary.py"])
    quoted = set(re.findall(rf'"({PREFIX[name]}\.[a-z_]+(?:\.[a-z_]+)?)"', code))
    assert quoted and quoted <= set(glossary.ids()), sorted(quoted - set(glossary.ids()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_id_is_exercised_by_a_test_of_its_game(name: str) -> None:
    glossary = GAMES[name].glossary
    tests = _text(sorted((ROOT / "tests" / "engine" / name).glob("test_*.py")))
    missing = [r for r in glossary.ids() if r not in tests]
    assert not missing, f"rules without a test in tests/engine/{name}/: {missing}"
