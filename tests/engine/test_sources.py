"""Every rule cites sources a learner can follow: each part of a glossary rule's source is a known document
or one of our rulings, and every ruling names a real engine setting (or says it has none yet)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.game import GAMES as REGISTERED
from engine.registry import load_all
from engine.dungeon_mayhem.sources import SOURCES as DM_SOURCES
from engine.marvel_champions.sources import SOURCES as MC_SOURCES

load_all()
GAMES = {name: (g.glossary, g.sources, None if g.settings is None else type(g.settings)) for name, g in REGISTERED.items()}
"""Every registered game: its glossary, sources registry and settings class (None: a game with no settings)."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_cites_only_known_sources_and_rulings(game: str) -> None:
    glossary, sources, _ = GAMES[game]
    assert sources.unknown(r.source for r in glossary) == []
    for rule in glossary:
        cites = sources.cite(rule.source)
        assert cites and all(c.label and c.label != c.text or c.ruling for c in cites), rule.id


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ruling_names_a_real_setting(game: str) -> None:
    _, sources, settings = GAMES[game]
    names = {f.name for f in dataclasses.fields(settings)} if settings else set()
    for ruling in sources.rulings:
        assert ruling.reason and ruling.text and ruling.anchor.startswith("ruling-")
        for part in filter(None, (p.strip() for p in ruling.setting.split(";"))):
            assert part.split(" = ")[0] in names, (ruling.id, part)


def test_a_citation_reads_as_a_document_with_its_page() -> None:
    (cite,) = MC_SOURCES.cite("RR v1.8 p. 15, Defend 2")
    assert cite.label == "Rules Reference v1.8, p. 15, Defend 2" and cite.url.startswith("https://")
    (ruling,) = DM_SOURCES.cite("project default D4")
    assert ruling.label == "Our ruling D4: Played cards reach the discard pile at the end of the turn"
    assert ruling.ruling is not None and ruling.ruling.setting == "discard_timing = end_of_turn"
