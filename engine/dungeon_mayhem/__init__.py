"""Dungeon Mayhem rules engine: the base game (Azzan, Sutha, Lia, Oriax) and the expansion decks
(Battle for Baldur's Gate, Monster Madness); 2-6 players.

Pure and deterministic: frozen :class:`State`, :func:`legal_actions`, :func:`apply`
(raises :class:`~engine.core.errors.IllegalPlay` naming a glossary rule id),
:func:`apply_explained` (plus the trace), :func:`outcome` (a :class:`~engine.core.game.GameEnd`);
:data:`GAME` is all of it as the shared :class:`~engine.core.game.Game`. Disputed rulings are
:class:`Settings` fields; rules are cited by id from :data:`GLOSSARY`. A card the engine
does not model is refused by name (:class:`Unmodelled`), never approximated.
"""

from engine.dungeon_mayhem.actions import (
    Action, ChooseDefense, ChooseDiscard, ChooseOption, ChoosePlayer, ChooseTarget, PlayCard,
)
from engine.dungeon_mayhem.cards import (
    CARD_TYPES, CHARACTERS, DECKS, PLAYABLE, CardType, Unmodelled, card_name, card_type, deck_of, owner_of,
)
# The Mighty Powers register themselves in resolve's POWERS, STEPS and ON_DESTROY when imported (resolve imports
# none of them: no import cycle); the game imports them through turns, named here as well.
from engine.dungeon_mayhem import choices, expansion, powers  # noqa: F401
from engine.dungeon_mayhem.game import (
    GAME, CardSpec, DungeonMayhemGame, apply, apply_explained, apply_traced, from_position, is_legal, is_terminal,
    legal_actions, new_game, outcome,
)
from engine.dungeon_mayhem.glossary import GLOSSARY
from engine.dungeon_mayhem.settings import DEFAULT, Settings
from engine.dungeon_mayhem.state import Pending, PlayerState, State

__all__ = [
    "Action", "apply", "apply_explained", "apply_traced", "card_name", "card_type", "CARD_TYPES", "CardSpec",
    "CardType", "CHARACTERS", "ChooseDefense", "ChooseDiscard", "ChooseOption", "ChoosePlayer", "ChooseTarget",
    "deck_of", "DECKS", "DEFAULT", "DungeonMayhemGame", "from_position", "GAME", "GLOSSARY", "is_legal",
    "is_terminal", "legal_actions", "new_game", "outcome", "owner_of", "Pending", "PLAYABLE", "PlayCard",
    "PlayerState", "Settings", "State", "Unmodelled",
]
