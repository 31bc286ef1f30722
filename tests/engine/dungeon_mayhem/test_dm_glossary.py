"""The card lists are exact and cited, and every card is modelled or refused by name (the glossary is checked
with the other games' in tests/engine/test_glossaries.py)."""

from __future__ import annotations

import pathlib
import re

import pytest

from engine.dungeon_mayhem import CARD_TYPES, CHARACTERS, DECKS, GLOSSARY, PLAYABLE, Unmodelled, from_position
from engine.dungeon_mayhem.cards import INFO
from engine.dungeon_mayhem.decks import CONFIRMED, LOWER
from engine.dungeon_mayhem.resolve import POWERS

ENGINE = pathlib.Path(__file__).resolve().parents[3] / "engine" / "dungeon_mayhem"
TESTS = pathlib.Path(__file__).resolve().parent
SOURCE_TAGS = {"ZOMIS", "FIX", "KU", "MAS", "MAT", "C4451", "NIK", "RUBY", "ILI"}  # digest §0


def test_decks_exact() -> None:
    assert set(CHARACTERS) == set(DECKS) and all(len(d) == 28 for d in DECKS.values())
    mighty = {c: sum(CARD_TYPES[t].is_mighty for t in DECKS[c]) for c in CHARACTERS}
    defense = {c: sum(CARD_TYPES[t].is_defense for t in DECKS[c]) for c in CHARACTERS}
    assert mighty == {"Azzan": 6, "Sutha": 6, "Lia": 3, "Oriax": 6, "Minsc": 6, "Jaheira": 4, "Blorp": 6, "Delilah": 7,
                      "Tentaculous": 6, "Hoots": 6, "Cinderpuff": 7, "Mimi": 7}
    assert defense == {"Azzan": 4, "Sutha": 4, "Lia": 5, "Oriax": 5, "Minsc": 5, "Jaheira": 5, "Blorp": 3, "Delilah": 4,
                       "Tentaculous": 6, "Hoots": 7, "Cinderpuff": 5, "Mimi": 5}
    by_name = {(c.character, c.name): (c.count, c.symbols()) for c in CARD_TYPES if c.variant is None and c.copy_of < 0}
    assert by_name[("Lia", "Divine Smite")] == (3, "A3 H1") and by_name[("Lia", "Banishing Smite")] == (1, "MP P1")
    assert by_name[("Lia", "Fluffy")] == (1, "S2") and by_name[("Oriax", "Cunning Action")] == (2, "P2")
    assert by_name[("Oriax", "Two Thrown Daggers")] == (4, "A2") and by_name[("Sutha", "Snack Time")] == (1, "D2 H1")
    # digest §12 spot checks, one per expansion deck
    assert by_name[("Minsc", "Time to Punch Evil!")] == (1, "A2 P1") and by_name[("Jaheira", "Bearnard")] == (2, "S2 F1")
    assert by_name[("Jaheira", "Shapeshift: Wolf Form")] == (3, "A2 Wolf Form")
    assert by_name[("Blorp", "Burped-Up Bones")] == (2, "S3 MP") and by_name[("Delilah", "Death Ray")] == (3, "MP")
    assert by_name[("Tentaculous", "Diagnosis: Evil!")] == (3, "D1 A2") and by_name[("Hoots", "Very Very Fast")] == (4, "A1 P1")
    assert by_name[("Cinderpuff", "Hostile Takeover")] == (3, "MP") and by_name[("Mimi", "A Book (Cannot Bite)")] == (3, "MP")


def test_expansion_decks_are_marked_lower_confidence_and_cited() -> None:
    for c in CHARACTERS:
        info = INFO[c]
        assert info.sources and all(tag.strip() in SOURCE_TAGS for tag in info.sources.split(";")), c
        assert info.confidence == (CONFIRMED if info.box == "Dungeon Mayhem" else LOWER), c


def test_every_card_is_modelled_or_refused_by_name() -> None:  # DM.card.unmodelled
    """Walk the catalogue: every Mighty Power has a function, a glossary rule and a test; or it is refused."""
    tests = "".join(p.read_text() for p in TESTS.glob("test_*.py"))
    refused = []
    for t in CARD_TYPES:
        power = t.power
        if power is None:
            continue
        assert f"DM.power.{power}" in GLOSSARY, power
        if t.unmodelled:
            refused.append(t.name)
            with pytest.raises(Unmodelled, match=rf"^{re.escape(t.name)}: its .+ is not modelled$"):
                from_position([{"character": t.character, "hand": [t.name]}, {"character": "Azzan"}])
            continue
        assert power in POWERS, power
        assert f"# DM.power.{power}" in tests or f", DM.power.{power}" in tests, f"no unit test names DM.power.{power}"
    assert refused == ["A Book (Cannot Bite)"]
    assert set(PLAYABLE) == set(CHARACTERS) - {"Mimi"}
