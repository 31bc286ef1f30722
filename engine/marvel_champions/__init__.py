"""Marvel Champions: enemy attacks, defense and damage, and players' attacks on enemies (pure engine)."""

from engine.core.trace import Mark
from engine.marvel_champions.actions import (Action, AllyDefend, AssignIndirect, BasicDefend, DiscardAttachment,
                                             PlayCard, PlayerAttack, UseAbility)
from engine.marvel_champions.cards import CATALOGUE, Ability, Card, lookup
from engine.marvel_champions.game import GAME, MarvelChampionsGame, Pass
from engine.marvel_champions.glossary import GLOSSARY
from engine.marvel_champions.resolve import POINTS, Resolution, apply, candidate_plays, is_legal, legal_actions, resolve
from engine.marvel_champions.rules import STEP_NAMES
from engine.marvel_champions.settings import DEFAULT, Settings
from engine.marvel_champions.state import AttackState, BoostCard, Character, Enemy, Pending, Player

__all__ = [
    "Ability", "Action", "AllyDefend", "apply", "AssignIndirect", "AttackState", "BasicDefend", "BoostCard",
    "candidate_plays", "Card", "DiscardAttachment", "CATALOGUE", "Character", "DEFAULT", "Enemy", "GAME", "GLOSSARY", "is_legal",
    "legal_actions", "lookup", "Mark", "MarvelChampionsGame", "Pass", "Pending", "PlayCard", "Player",
    "PlayerAttack", "POINTS", "Resolution", "resolve", "Settings", "STEP_NAMES", "UseAbility",
]
