"""The JSON Schemas in schema/ are current (run `rules-tutor schema` after changing a model)."""

from __future__ import annotations

from tutor.schema import SCHEMA_DIR, render, schemas


def test_schemas_are_current() -> None:
    for name, schema in schemas().items():
        on_disk = (SCHEMA_DIR / name).read_text(encoding="utf-8")
        assert on_disk == render(schema), f"schema/{name} is stale: run `rules-tutor schema`"


def test_scenario_schema_knows_every_game() -> None:
    text = render(schemas()["scenario.schema.json"])
    assert '"marvel_champions"' in text
