"""Regicide (Badgers From Mars, 2020): a pure, deterministic rules engine.

Public API (plain functions):

- :func:`new_game` / :func:`from_position` build a :class:`State`;
- :func:`legal_actions`, :func:`apply`, :func:`apply_explained` move it on;
- :func:`is_terminal`, :func:`outcome` read the result (a :class:`~engine.core.game.GameEnd`);
- :data:`GAME` is all of it as the shared :class:`~engine.core.game.Game`.

Actions are :class:`Play`, :class:`Yield`, :class:`Discard`, :class:`ChooseNext`
and :class:`SoloJester`. Disputed readings are switches on :class:`Settings`.
Rule ids live in :data:`GLOSSARY`.
"""

from engine.regicide.actions import Action, ChooseNext, Discard, Play, SoloJester, Yield
from engine.regicide.cards import Card, card_str, card_symbol, parse_card, parse_cards
from engine.regicide.game import (
    GAME,
    RegicideGame,
    Setup,
    apply,
    apply_explained,
    is_legal,
    is_terminal,
    legal_actions,
    new_game,
    new_game_explained,
    outcome,
)
from engine.regicide.glossary import GLOSSARY
from engine.regicide.position import from_position
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.state import Phase, State
from engine.core.errors import PositionError

__all__ = [
    "Action", "Card", "ChooseNext", "DEFAULT", "Discard", "GAME", "GLOSSARY", "Phase", "Play",
    "PositionError", "RegicideGame", "Settings", "Setup", "SoloJester", "State", "Yield", "apply",
    "apply_explained", "card_str", "card_symbol", "from_position", "is_legal", "is_terminal",
    "legal_actions", "new_game", "new_game_explained", "outcome", "parse_card", "parse_cards",
]
