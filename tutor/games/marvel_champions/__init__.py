"""Marvel Champions scenarios: one enemy attack, its defenders and plays, asked about at any of its moments."""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.marvel_champions.sources import SOURCES
from tutor.games.base import ILLEGAL, GamePlugin
from tutor.games.marvel_champions.asks import ASKS
from tutor.games.marvel_champions.captions import caption
from tutor.games.marvel_champions.models import (  # noqa: F401
    ActionSpec, AttackSpec, BoostSpec, CharacterSpec, EnemySpec, PlayerSpec, Question, Scenario, Setup)
from tutor.games.marvel_champions.position import build_actions, build_state, character_specs  # noqa: F401
from tutor.games.marvel_champions.references import references
from tutor.games.marvel_champions.resolve import POINTS, View, timeline  # noqa: F401

PLUGIN = GamePlugin(
    id="marvel_champions",
    name="Marvel Champions",
    scenario_model=Scenario,
    glossary=mc.GLOSSARY,
    asks=ASKS,
    timeline=timeline,
    caption=caption,
    references=references,
    sources=SOURCES,
    points=POINTS,
    routine=frozenset({"MC.atk.initiate"}),
    step_names=mc.STEP_NAMES,
    step_descriptions=("a boost card is dealt facedown, if needed", "a defender can be declared",
                       "boost cards are revealed and resolved", "the damage to be dealt is computed",
                       "the target takes the damage dealt"),
    blurb="Enemy attacks: boost cards, defenders, (defense) labels and damage.",
)

__all__ = ["PLUGIN", "Scenario", "build_state", "build_actions", "character_specs", "ILLEGAL"]
