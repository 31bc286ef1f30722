"""Marvel Champions: enemy attacks, defense and damage (pure engine)."""

from engine.marvel_champions.actions import Action, AllyDefend, BasicDefend, PlayCard
from engine.marvel_champions.cards import CATALOGUE, Card, lookup
from engine.marvel_champions.glossary import GLOSSARY
from engine.core.trace import Mark
from engine.marvel_champions.resolve import POINTS, Outcome, apply, is_legal, legal_actions, resolve
from engine.marvel_champions.rules import STEP_NAMES
from engine.marvel_champions.state import AttackState, BoostCard, Character, Enemy, Player

__all__ = [
    "Action", "AllyDefend", "AttackState", "BasicDefend", "BoostCard", "CATALOGUE", "Card", "Character",
    "Enemy", "GLOSSARY", "Mark", "Outcome", "POINTS", "PlayCard", "Player", "STEP_NAMES", "apply", "is_legal",
    "legal_actions", "lookup", "resolve",
]
