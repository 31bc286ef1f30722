"""The Regicide scenario file models: ``setup`` (an exact position) and ``actions`` (the moves)."""

from typing import Literal, Union

from pydantic import ConfigDict, Field, model_validator

from tutor.models import GameQuestion, GameScenario, Strict


# The models keep the package's public path as their module: the JSON schema names colliding
# models after it (``tutor__games__regicide__Setup``), and editors' schemas must not change.
# (No ``from __future__ import annotations`` here: pydantic would look the annotations up in
# the module named by ``__module__``, which is still importing this one.)
_PUBLIC = "tutor.games.regicide"

Pile = Union[list[str], int]


class Deal(Strict):
    """A fresh game dealt as the rules deal it, shuffled from a seed: the same seed always deals the same game."""

    __module__ = _PUBLIC

    players: int = Field(ge=1, le=4, description="number of players, 1 (solo) to 4")
    seed: int = Field(ge=0, le=2**31 - 1, description="the shuffle's seed (0 to 2147483647): the Castle's three "
                                                     "layers, the Tavern and the hands dealt from it")


_POSITION = ("enemy", "damage", "shield", "immunity_cancelled", "blocked_spades", "table", "hands", "castle", "tavern",
             "discard", "yielded", "solo_jesters", "phase", "need")
"""The fields that place cards or flags: a dealt game has none of them (the deal places everything)."""


class Setup(Strict):
    """An exact Regicide position (every card not listed anywhere is dealt into the piles left open), or a fresh game
    dealt from a seed (``deal``)."""

    __module__ = _PUBLIC

    deal: Deal | None = Field(default=None, description="a fresh game dealt as the rules deal it, e.g. {players: 3, "
                                                        "seed: 7}: the Castle by rank layers (Jacks on top of Queens "
                                                        "on top of Kings, each layer shuffled), the first Jack "
                                                        "revealed, the Jesters for the player count shuffled into the "
                                                        "Tavern, each hand dealt to its maximum; instead of "
                                                        "players, enemy, hands and the piles")
    players: int = Field(default=0, ge=1, le=4, description="number of players, 1 (solo) to 4; seats are numbered from 1 (1, 2, ... up to players) clockwise; with deal, give it there")
    names: list[str] | None = Field(default=None, description="optional display names, one per seat in seat order, seat 1 first (e.g. [Ana, Ben])")
    current: int = Field(default=1, ge=1, le=4, description="the seat whose turn it is, numbered from 1 (1 = the first seat; default 1)")
    enemy: str | None = Field(default=None, description="the current enemy, a royal such as 'JS', 'QH' or 'KD' (required "
                                                        "unless the game is dealt)")
    damage: int = Field(default=0, ge=0, description="damage the enemy has already taken")
    shield: int = Field(default=0, ge=0, description="the enemy's active shield (Spades played against it)")
    immunity_cancelled: bool = Field(default=False, description="a Jester has cancelled this enemy's immunity")
    blocked_spades: int = Field(default=0, ge=0, description="Spades amounts immunity blocked earlier (a Jester turns them on, G3)")
    table: list[str] = Field(default_factory=list, description="cards already played against this enemy")
    hands: list[Union[list[str], int]] | None = Field(
        default=None,
        description="one entry per seat, in seat order (seat 1 first): a list of cards, or a number of unknown cards "
                    "dealt from the Tavern (required unless the game is dealt)")
    castle: Pile | None = Field(default=None, description="the Castle below the enemy, top first: a card list or a "
                                                          "size; omitted = every royal ranking at least the enemy")
    tavern: Pile | None = Field(default=None, description="the Tavern, top first: a card list or a size; omitted = all remaining cards")
    discard: Pile | None = Field(default=None, description="the discard pile, top first: a card list or a size; omitted = "
                                                           "empty (or all remaining if the Tavern is given)")
    yielded: list[bool] | None = Field(default=None, description="per seat, in seat order (seat 1 first): its most recent turn was a yield (G2)")
    solo_jesters: int | None = Field(default=None, ge=0, le=2, description="solo only: set-aside Jesters left (default 2)")
    phase: Literal["play", "discard", "jester_choice"] = Field(
        default="play", description="'play' (Step 1), 'discard' (Step 4) or 'jester_choice' (after a Jester)")
    need: int | None = Field(default=None, ge=1, description="in the 'discard' phase: the value to discard (default: attack minus shield)")
    open_hands: bool = Field(default=False, description="show every hand face up on the board (default: only the current player's)")
    settings: dict[str, bool] = Field(default_factory=dict, description="engine switches by name, e.g. "
                                                                        "{yield_flags_cleared_by_any_play: true}")

    @model_validator(mode="before")
    @classmethod
    def _players_from_deal(cls, data: object) -> object:
        """A dealt game gives its player count inside ``deal``; the rest of the tutor reads ``players``."""
        if isinstance(data, dict) and isinstance(data.get("deal"), dict):
            if "players" in data:
                raise ValueError("a dealt game gives its player count in 'deal' only: remove 'players'")
            players = data["deal"].get("players")
            # an invalid count is reported once, at deal.players (the copy keeps the default, never validated)
            return {**data, "players": players} if type(players) is int and 1 <= players <= 4 else data
        return data

    @model_validator(mode="after")
    def _position_or_deal(self) -> "Setup":
        if self.deal is not None:
            return self  # a field placing cards beside 'deal' is reported at that field (references)
        # 'enemy:' written with no value is null: as missing as a field left out
        missing = [f for f in ("players", "enemy", "hands") if f not in self.model_fields_set or getattr(self, f) is None]
        if missing:
            raise ValueError(f"a position needs {', '.join(missing)} (or 'deal: {{players: N, seed: S}}' for a "
                             "fresh game)")
        return self


class ActionSpec(Strict):
    """One move: exactly one of ``play``, ``yield``, ``discard``, ``next`` or ``solo_jester``."""

    __module__ = _PUBLIC

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    seat: int | None = Field(default=None, ge=1, le=4, description="the seat that acts, numbered from 1 "
                                                                  "(checked against whose turn it is)")
    play: list[str] | None = Field(default=None, min_length=1, description="Step 1: play these cards (one card, an Ace "
                                                                           "pair, a combo or the Jester)")
    yield_: bool | None = Field(default=None, alias="yield", description="Step 1: yield (write 'yield: true')")
    discard: list[str] | None = Field(default=None, min_length=1, description="Step 4: discard these cards to suffer damage")
    next: int | None = Field(default=None, ge=1, le=4, description="after a Jester: the seat that takes the next "
                                                                  "turn, numbered from 1")
    solo_jester: bool | None = Field(default=None, description="solo: flip a set-aside Jester to refill the hand to 8")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        given = [k for k in ("play", "yield_", "discard", "next", "solo_jester") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("an action needs exactly one of 'play', 'yield', 'discard', 'next' or 'solo_jester'")
        if self.yield_ is False or self.solo_jester is False:
            raise ValueError("write 'yield: true' or 'solo_jester: true' (or leave the action out)")
        return self


class Question(GameQuestion[ActionSpec]):
    __module__ = _PUBLIC


class Scenario(GameScenario[Setup, ActionSpec, Question]):
    __module__ = _PUBLIC

    game: Literal["regicide"]
