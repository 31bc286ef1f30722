"""Scenario templates: an "empty board" per game to start a ruling from (``rules-tutor new GAME``), each in its
game's plugin package (``template.yaml``).

Each template is a valid scenario (``rules-tutor check`` accepts it) with no plays yet and
the questions players usually bring to the table. A game without a hand-written template
starts from its first library scenario, so every registered game has one.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tutor.games import plugins

TEMPLATE = "template.yaml"
"""A game's hand-written template: this file in its plugin package (``tutor/games/<game>/template.yaml``)."""


def hand_written(game: str) -> str | None:
    """``game``'s hand-written template (its plugin package's ``template.yaml``), or None: it has none."""
    from tutor.games import package_folders

    path = package_folders(game)[1] / TEMPLATE
    return path.read_text(encoding="utf-8") if path.is_file() else None


def templates() -> dict[str, str]:
    """Every registered game's hand-written template, by game."""
    return {game: text for game in plugins() if (text := hand_written(game)) is not None}


def games() -> list[str]:
    """Every registered game (each has a template)."""
    return list(plugins())


_PROMPT = re.compile(r"^(?P<lead>\s*(?:- )?prompt: )(?P<text>.*?)(?P<note>\s+# .*)?$", re.M)


def prompts(game: str) -> list[str]:
    """The questions of a hand-written template, as the catalogs translate them (``i18n extract``)."""
    return [m["text"] for m in _PROMPT.finditer(hand_written(game) or "")] if game in plugins() else []


def template(game: str, lang: str | None = None) -> str:
    """The empty-board scenario text for ``game``, its questions in ``lang`` (the ruling page's learner's; None or
    English: as written); KeyError for an unknown game."""
    if game not in plugins():
        raise KeyError(f"unknown game {game!r} (games: {', '.join(plugins())})")
    if (own := hand_written(game)) is not None:
        return own if lang is None else _PROMPT.sub(lambda m: _translated(m, game, lang), own)
    from tutor.library import ROOT, default_library  # a game that has landed without a template

    lib = default_library()
    first = lib.scenarios_for(game)
    if not first:
        raise KeyError(f"no template and no library scenario for {game!r}")
    path = Path(lib.paths[first[0].id])
    return (path if path.exists() else ROOT / path).read_text(encoding="utf-8")


def _translated(m: re.Match[str], game: str, lang: str) -> str:
    from tutor import i18n

    said = i18n.gettext_in(lang, m["text"], game)
    if said == m["text"]:
        return m[0]
    return m["lead"] + json.dumps(said, ensure_ascii=False) + (m["note"] or "")  # a JSON string is a YAML scalar


def file_text(game: str, out: Path | None = None) -> str:
    """The template as a file for ``rules-tutor new``, pointing editors at the scenario JSON Schema."""
    from tutor.library import ROOT

    schema = ROOT / "schema" / "scenario.schema.json"
    where = os.path.relpath(schema, out.resolve().parent) if out is not None else str(schema)
    text = template(game)
    if text.startswith("# yaml-language-server"):
        text = text.split("\n", 1)[1]
    return f"# yaml-language-server: $schema={where}\n" + text
