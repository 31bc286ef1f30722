"""The rules documentation (docs/rules/<game>.md) lives in the project and keeps up with the engines: every
rule id the engine can show, every adopted ruling under a stable anchor, every engine setting named."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine.dungeon_mayhem.glossary import GLOSSARY as DM_GLOSSARY
from engine.dungeon_mayhem.settings import Settings as DMSettings
from engine.dungeon_mayhem.sources import SOURCES as DM_SOURCES
from engine.marvel_champions.glossary import GLOSSARY as MC_GLOSSARY
from engine.marvel_champions.settings import Settings as MCSettings
from engine.marvel_champions.sources import SOURCES as MC_SOURCES
from engine.regicide.glossary import GLOSSARY as RG_GLOSSARY
from engine.regicide.settings import Settings as RGSettings
from engine.regicide.sources import SOURCES as RG_SOURCES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
GAMES = {  # the anchors are those of the in-app Sources and rulings page (engine.core.sources.Ruling.anchor)
    "marvel_champions": (MC_GLOSSARY, MCSettings, [r.anchor for r in MC_SOURCES.rulings]),
    "dungeon_mayhem": (DM_GLOSSARY, DMSettings, [r.anchor for r in DM_SOURCES.rulings]),
    "regicide": (RG_GLOSSARY, RGSettings, [r.anchor for r in RG_SOURCES.rulings]),
}


def doc(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rule_id_the_engine_shows_is_documented(game: str) -> None:
    glossary, _, _ = GAMES[game]
    ids = glossary.ids()
    assert len(ids) > 20
    missing = [r for r in ids if f"`{r}`" not in doc(game)]
    assert not missing, f"docs/rules/{game}.md does not mention {missing}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_ruling_has_a_stable_anchor_a_reason_and_its_setting(game: str) -> None:
    text = doc(game)
    _, settings, anchors = GAMES[game]
    found = re.findall(r'<a id="(ruling-[a-z0-9-]+)"></a>', text)
    assert found == anchors and len(anchors) == {"marvel_champions": 9, "dungeon_mayhem": 27, "regicide": 6}[game]
    for anchor, body in zip(anchors, re.split(r'<a id="ruling-[a-z0-9-]+"></a>', text)[1:]):
        assert body.lstrip().startswith("### "), anchor  # the anchor sits right before the ruling's heading
        for part in ("**Ruling.**", "**Why.**", "**Sources that disagree.**", "**Engine setting.**"):
            assert part in body.split("\n## ")[0], f"{anchor} lacks {part}"
    if settings is not None:
        for f in dataclasses.fields(settings):
            assert f"`{f.name}" in text, f"the setting {f.name} is not documented in docs/rules/{game}.md"


@pytest.mark.parametrize("game", list(GAMES))
def test_links_inside_each_page_land_somewhere(game: str) -> None:
    text = doc(game)
    targets = set(re.findall(r'<a id="([^"]+)"></a>', text))
    targets |= {slug(h) for h in re.findall(r"^#{2,3} (.+)$", text, flags=re.M)}
    for link in re.findall(r"\]\(#([^)]+)\)", text):
        assert link in targets, f"#{link} in docs/rules/{game}.md points nowhere"


def test_the_readme_points_at_the_projects_own_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "shared/rules" not in readme
    for game in GAMES:
        assert f"(docs/rules/{game}.md)" in readme
