"""JSON Schemas for scenario and lesson files, written to ``schema/`` for editor autocompletion."""

from __future__ import annotations

import json
from pathlib import Path

from tutor.games import scenario_adapter
from tutor.models import Lesson

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "schema"


def schemas() -> dict[str, dict[str, object]]:
    scenario = scenario_adapter().json_schema()
    scenario.update({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Rules Tutor scenario"})
    lesson = Lesson.model_json_schema()
    lesson.update({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Rules Tutor lesson"})
    return {"scenario.schema.json": scenario, "lesson.schema.json": lesson}


def render(schema: dict[str, object]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8")
        out.append(path)
    return out
