"""The glossary is complete and cited; the engine stays UI-free; the card lists are exact."""

from __future__ import annotations

import pathlib
import re

from engine.dungeon_mayhem import CARD_TYPES, CHARACTERS, DECKS, GLOSSARY

ENGINE = pathlib.Path(__file__).resolve().parents[3] / "engine" / "dungeon_mayhem"
TESTS = pathlib.Path(__file__).resolve().parent


def test_every_rule_id_is_used_in_engine_or_tests() -> None:
    text = "".join(p.read_text() for p in list(ENGINE.glob("*.py")) + list(TESTS.glob("test_*.py")) if p.name != "glossary.py")
    missing = [r for r in GLOSSARY.ids() if f'"{r}"' not in text and f"# {r}" not in text and f", {r}" not in text]
    assert not missing


def test_every_rule_id_is_exercised_by_a_test() -> None:
    text = "".join(p.read_text() for p in TESTS.glob("test_*.py") if p.name != "test_dm_glossary.py")
    missing = [r for r in GLOSSARY.ids() if r not in text]
    assert not missing


def test_rules_have_text_and_source() -> None:
    for r in GLOSSARY:
        assert re.fullmatch(r"DM\.[a-z]+\.[a-z_]+", r.id) and r.text.endswith(".") and r.source


def test_engine_rule_ids_exist() -> None:
    for p in ENGINE.glob("*.py"):
        for rid in re.findall(r'"(DM\.[a-z_]+\.[a-z_]+)"', p.read_text()):
            assert rid in GLOSSARY, (p.name, rid)


def test_engine_imports_no_ui_or_boundary_libraries() -> None:
    for p in ENGINE.glob("*.py"):
        src = p.read_text()
        for lib in ("streamlit", "pydantic", "yaml"):
            assert not re.search(rf"^\s*(import|from)\s+{lib}\b", src, re.M), (p.name, lib)


def test_decks_exact() -> None:
    assert set(CHARACTERS) == set(DECKS) and all(len(d) == 28 for d in DECKS.values())
    mighty = {c: sum(CARD_TYPES[t].is_mighty for t in DECKS[c]) for c in CHARACTERS}
    defense = {c: sum(CARD_TYPES[t].is_defense for t in DECKS[c]) for c in CHARACTERS}
    assert mighty == {"Azzan": 6, "Sutha": 6, "Lia": 3, "Oriax": 6}
    assert defense == {"Azzan": 4, "Sutha": 4, "Lia": 5, "Oriax": 5}
    by_name = {(c.character, c.name): (c.count, c.symbols()) for c in CARD_TYPES}
    assert by_name[("Lia", "Divine Smite")] == (3, "A3 H1") and by_name[("Lia", "Banishing Smite")] == (1, "MP P1")
    assert by_name[("Lia", "Fluffy")] == (1, "S2") and by_name[("Oriax", "Cunning Action")] == (2, "P2")
    assert by_name[("Oriax", "Two Thrown Daggers")] == (4, "A2") and by_name[("Sutha", "Snack Time")] == (1, "D2 H1")
