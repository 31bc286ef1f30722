"""Shared engine vocabulary: rule glossary, resolution trace, errors, outcomes."""

from engine.core.errors import IllegalPlay, InvalidAction, RulesError
from engine.core.glossary import Glossary, Rule
from engine.core.trace import Step, Trace

__all__ = [
    "Glossary",
    "IllegalPlay",
    "InvalidAction",
    "Rule",
    "RulesError",
    "Step",
    "Trace",
]
